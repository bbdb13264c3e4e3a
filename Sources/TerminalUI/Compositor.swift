import CellLayout
import CellRender

// MARK: - What the last screen drew, and where

/// The map from screen regions to what was drawn there, kept as the screen is composed: a click is a
/// lookup in this map, answered from the very frame the person saw, never from a second render (which
/// could differ if an entry's date arrived between the draw and the click).
///
/// Regions are kept in drawing order; where two overlap, the later one is on top.
struct Compositor<Content> {
    /// One drawn frame: where it sits on screen and what it was.
    struct Region {
        /// Screen cell of the drawn frame's top-leading cell (it may lie outside the screen when scrolled).
        var origin: CellPosition
        /// The part of the frame that is visible, in screen cells.
        var visible: CellRect
        /// What was drawn: the frame and what it belongs to.
        var content: Content

        /// A screen cell in the frame's own cells.
        func local(column: Int, row: Int) -> CellPosition {
            CellPosition(column: column - origin.column, row: row - origin.row)
        }
    }

    /// Every region of the last screen, in drawing order.
    private(set) var regions: [Region] = []

    /// Forgets the last screen (call when composing a new one).
    mutating func removeAll() { regions.removeAll(keepingCapacity: true) }

    /// Records a frame drawn at `origin`, of which `visible` shows; nothing is recorded when none of it shows.
    mutating func place(_ content: Content, origin: CellPosition, visible: CellRect) {
        guard !visible.isEmpty else { return }
        regions.append(Region(origin: origin, visible: visible, content: content))
    }

    /// The topmost region under a screen cell, if any.
    func region(atColumn column: Int, row: Int) -> Region? {
        regions.last { $0.visible.contains(column: column, row: row) }
    }
}
