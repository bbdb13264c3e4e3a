import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Content under the widget's rounded corner

/// A text or symbol the widget's rounded corner cuts: iOS draws a widget inside its rounded shape and clips what
/// reaches a corner, with no sign of it (content margins keep content clear of the corners; `.contentMarginsDisabled()`
/// gives that room away). WidgetTerm rounds the corner cell over whatever the content drew there
/// (`Painter.roundCorners(of:kind:clippingContent:)`), and reports what it cut (docs/DECISIONS.md "Text under the
/// widget's rounded corner").
public struct CornerClippedContent: Equatable, Sendable {
    /// A corner of the widget, named as SwiftUI's `UnitPoint` names it (leading is the right side in a
    /// right-to-left layout).
    public enum Corner: String, Sendable, CaseIterable {
        case topLeading, topTrailing, bottomLeading, bottomTrailing
    }

    /// The corner that cuts the run.
    public var corner: Corner
    /// The text run or symbol as drawn.
    public var run: PaintedRun
    /// What the corner cell held: the character the rounded corner removes.
    public var character: Character

    /// The runs with ink in a corner cell of the widget `rect`, as `buffer` holds them before the corners are
    /// rounded; at most one per corner (the run drawn last there, whose ink is the cell's).
    ///
    /// - Parameters:
    ///   - runs: the frame's text runs and symbols (`Frame.textRuns`).
    ///   - buffer: the cells as painted, before `roundCorners`.
    ///   - rect: the widget's cells.
    ///   - rightToLeft: true when the layout runs right to left (the leading corners are then on the right).
    public static func find(runs: [PaintedRun], in buffer: CellBuffer, widget rect: CellRect, rightToLeft: Bool)
        -> [CornerClippedContent]
    {
        guard rect.width >= 3, rect.height >= 2 else { return [] }
        let left: (top: Corner, bottom: Corner) = rightToLeft ? (.topTrailing, .bottomTrailing) : (.topLeading, .bottomLeading)
        let right: (top: Corner, bottom: Corner) = rightToLeft ? (.topLeading, .bottomLeading) : (.topTrailing, .bottomTrailing)
        let corners: [(column: Int, row: Int, corner: Corner)] = [
            (rect.x, rect.y, left.top), (rect.maxX - 1, rect.y, right.top),
            (rect.x, rect.maxY - 1, left.bottom), (rect.maxX - 1, rect.maxY - 1, right.bottom),
        ]
        var found: [CornerClippedContent] = []
        for (column, row, corner) in corners where buffer.contains(column: column, row: row) {
            // The ink in the cell: its own glyph, or the wide glyph it continues.
            var inkColumn = column
            if buffer[column, row].isContinuation, column > 0 { inkColumn = column - 1 }
            let cell = buffer[inkColumn, row]
            guard !cell.glyph.isSpace, !cell.isContinuation else { continue }
            guard let run = runs.last(where: { $0.row == row && $0.column <= column && column < $0.column + $0.width }) else { continue }
            found.append(CornerClippedContent(corner: corner, run: run, character: cell.glyph.character))
        }
        return found
    }

    /// The view as widget code wrote it, as far as the drawing tells: `Text("…")`, or an SF Symbol by its glyph.
    public var viewDescription: String {
        run.isSymbol ? "An SF Symbol (drawn \(run.text))" : "Text(\"\(run.text)\")"
    }

    /// The `content-under-corner` diagnostic: which view, which corner, and what to do.
    public func diagnostic(family: WidgetFamily) -> ResolveDiagnostic {
        ResolveDiagnostic(
            code: "content-under-corner",
            message: "\(viewDescription) reaches the \(corner.rawValue) rounded corner of the \(family.rawValue) widget: iOS clips "
                + "the widget to its rounded shape, so \"\(character)\" there is cut off, and iOS shows no sign of it. Keep the "
                + "content margins (no .contentMarginsDisabled()), or pad the view away from the corner.")
    }
}
