import WidgetKitUI

// MARK: - Right-to-left layout

extension PlacedNode {
    /// Mirrors this placed subtree horizontally within `rect`, as SwiftUI lays out a right-to-left subtree: the
    /// first child of a row ends up at the trailing (right) edge, a leading alignment or padding on the right.
    /// Glyphs are not reversed (text keeps its own order, as it does in SwiftUI), and images are not flipped;
    /// multi-line text aligned to its leading edge aligns right, a node's `anchor` swaps leading and trailing (so a
    /// text's glyphs sit at its frame's right edge where they sat at its left), linear gauges fill from the right, and the
    /// directional SF Symbols point the other way, as on iOS.
    /// A nested subtree with a layout direction of its own was laid out in that direction already, so it moves
    /// to its mirrored place whole.
    mutating func mirror(within rect: CellRect) {
        let mirroredX = rect.x + rect.maxX - frame.maxX
        let shift = mirroredX - frame.x
        frame.x = mirroredX
        anchor = anchor.mirrored
        switch content {
        case .modifier(.layoutDirection):
            for index in children.indices { children[index].translate(by: shift) }
            return
        case .text(var text, let lines) where text.alignment != .center:
            // Lines of text start at their leading edge: the right one.
            text.alignment = text.alignment == .leading ? .trailing : .leading
            content = .text(text, lines: lines)
        case .gauge(var gauge):
            gauge.layoutDirection = .rightToLeft
            content = .gauge(gauge)
        case .image(var image):
            if case .systemSymbol(let name) = image.source, let flipped = Self.rightToLeftSymbol(name) {
                image.source = .systemSymbol(flipped)
                content = .image(image)
            }
        default:
            break
        }
        for index in children.indices { children[index].mirror(within: rect) }
    }

    /// The symbol iOS draws for `name` in a right-to-left layout: the directional symbols, those with `forward` or
    /// `backward` as a later part of their name (`chevron.forward`, `arrow.uturn.backward`, `arrow.up.forward`),
    /// point the other way. Symbols with an explicit side (`chevron.right`) and the media symbols whose name
    /// starts with `forward` or `backward` (playback keeps its direction) are kept: nil.
    ///
    /// Names with `leading` or `trailing` as a later part (`text.justify.leading`, `arrow.trailing`) are relative to
    /// the reading direction too: they turn into their counterpart. (A half-filled `star.leadinghalf.filled` keeps
    /// its name: iOS draws its own right-to-left variant, and its cell glyph is symmetric.)
    static func rightToLeftSymbol(_ name: String) -> String? {
        var parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var changed = false
        let swaps = [("forward", "backward"), ("leading", "trailing")]
        for index in parts.indices.dropFirst() {
            for (one, other) in swaps {
                if parts[index] == one || parts[index] == other {
                    parts[index] = parts[index] == one ? other : one
                    changed = true
                }
            }
        }
        return changed ? parts.joined(separator: ".") : nil
    }

    /// Moves this placed subtree `columns` to the right (left when negative).
    mutating func translate(by columns: Int) {
        guard columns != 0 else { return }
        frame.x += columns
        for index in children.indices { children[index].translate(by: columns) }
    }
}
