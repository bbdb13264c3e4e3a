import WidgetKitUI

// MARK: - Right-to-left layout

extension PlacedNode {
    /// Mirrors this placed subtree horizontally within `rect`, as SwiftUI lays out a right-to-left subtree: the
    /// first child of a row ends up at the trailing (right) edge, a leading alignment or padding on the right.
    /// Glyphs are not reversed (text keeps its own order, as it does in SwiftUI), and images are not flipped.
    /// A nested subtree with a layout direction of its own was laid out in that direction already, so it moves
    /// to its mirrored place whole.
    mutating func mirror(within rect: CellRect) {
        let mirroredX = rect.x + rect.maxX - frame.maxX
        let shift = mirroredX - frame.x
        frame.x = mirroredX
        if case .modifier(.layoutDirection) = content {
            for index in children.indices { children[index].translate(by: shift) }
            return
        }
        for index in children.indices { children[index].mirror(within: rect) }
    }

    /// Moves this placed subtree `columns` to the right (left when negative).
    mutating func translate(by columns: Int) {
        guard columns != 0 else { return }
        frame.x += columns
        for index in children.indices { children[index].translate(by: columns) }
    }
}
