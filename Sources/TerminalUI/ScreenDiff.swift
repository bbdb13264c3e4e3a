import Foundation
import CellLayout
import CellRender

// MARK: - One diff per frame

/// A horizontal run of cells to write: `cells[0]` goes to (`column`, `row`), the next to the column after,
/// and so on. A wide grapheme is followed by its continuation cell, which the grapheme covers.
public struct CellRun: Equatable, Sendable {
    /// The 0-based screen row the run is on.
    public var row: Int
    /// The 0-based screen column of `cells[0]`.
    public var column: Int
    /// The cells to write, left to right, continuation cells included.
    public var cells: [Cell]

    /// Creates a run whose first cell goes to (`column`, `row`), both 0-based.
    public init(row: Int, column: Int, cells: [Cell]) {
        self.row = row
        self.column = column
        self.cells = cells
    }

    /// Columns the run covers.
    public var width: Int { cells.count }
}

/// Compares two screens and yields only what changed (STYLE.md, ratatui's one diff): the runs of cells
/// whose grapheme, colours, attributes or wide-glyph role differ, widened where a terminal needs it:
///
/// - a wide grapheme replaced by a narrow one repaints the cell it used to cover (the terminal would
///   otherwise keep showing its right half, or blank it);
/// - writing over the right half of an old wide grapheme repaints its left half (terminals erase the
///   whole wide grapheme when half of it is overwritten);
/// - a run never starts on a continuation cell (its grapheme is written with it) and never ends between a
///   wide grapheme and its continuation.
public enum ScreenDiff {
    /// The runs that turn `old` into `new`, top to bottom, leading to trailing. With no `old`, or one of
    /// another size, every row is one run (the whole screen is drawn).
    public static func runs(from old: CellBuffer?, to new: CellBuffer) -> [CellRun] {
        guard let old, old.width == new.width, old.height == new.height else {
            return (0..<new.height).map { row in
                CellRun(row: row, column: 0, cells: (0..<new.width).map { new[$0, row] })
            }
        }
        var runs: [CellRun] = []
        let width = new.width
        var marked = [Bool](repeating: false, count: width)
        for row in 0..<new.height {
            // Most rows are unchanged: compared as words of memory first (`CellBuffer.rowEquals`), cell by cell below
            // only when they differ.
            if new.rowEquals(old, row: row) { continue }
            var any = false
            for column in 0..<width {
                marked[column] = old[column, row] != new[column, row]
                any = any || marked[column]
            }
            guard any else { continue }
            var changed = true
            while changed {
                changed = false
                for column in 0..<width where marked[column] {
                    func mark(_ other: Int) {
                        guard other >= 0, other < width, !marked[other] else { return }
                        marked[other] = true
                        changed = true
                    }
                    // A continuation cell is written by its grapheme, one to the left.
                    if new[column, row].isContinuation { mark(column - 1) }
                    // Overwriting the right half of an old wide grapheme erases its left half.
                    if old[column, row].isContinuation { mark(column - 1) }
                    // An old wide grapheme replaced here: repaint the cell it covered.
                    if column + 1 < width, old[column + 1, row].isContinuation { mark(column + 1) }
                    // A new wide grapheme covers the next cell: keep it in the same run.
                    if column + 1 < width, new[column + 1, row].isContinuation { mark(column + 1) }
                }
            }
            var column = 0
            while column < width {
                guard marked[column] else {
                    column += 1
                    continue
                }
                let start = column
                while column < width, marked[column] { column += 1 }
                runs.append(CellRun(row: row, column: start, cells: (start..<column).map { new[$0, row] }))
            }
        }
        return runs
    }

    /// The number of cells in `runs`.
    public static func cellCount(_ runs: [CellRun]) -> Int { runs.reduce(0) { $0 + $1.width } }
}
