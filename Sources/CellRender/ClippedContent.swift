import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Content cut off at the widget's edge

/// How far a widget's drawn content reaches past the widget on each side, in cells (0: not past that side).
///
/// iOS draws a widget's content inside the widget's shape and cuts off whatever does not fit, with no sign of
/// it. WidgetTerm measures the overflow from the placed tree so it can mark the cut edges and report them
/// (docs/DECISIONS.md "Content clipped at the widget's edge").
public struct ContentOverflow: Equatable, Sendable {
    /// Rows above the widget's top edge.
    public var top = 0
    /// Rows below the widget's bottom edge.
    public var bottom = 0
    /// Columns before the widget's leading edge.
    public var leading = 0
    /// Columns after the widget's trailing edge.
    public var trailing = 0

    /// No overflow.
    public init() {}

    /// True when some content reaches past an edge.
    public var isClipped: Bool { top > 0 || bottom > 0 || leading > 0 || trailing > 0 }

    /// The overflow of everything `node` draws (text, images, shapes, dividers, gauges) past `bounds`.
    /// Content inside a `clipShape` counts only up to the clip; hidden content and spacers do not count.
    public static func of(_ node: PlacedNode, within bounds: CellRect) -> ContentOverflow {
        var extent: CellRect?
        collectExtent(of: node, into: &extent)
        var overflow = ContentOverflow()
        guard let extent else { return overflow }
        overflow.top = max(0, bounds.y - extent.y)
        overflow.bottom = max(0, extent.maxY - bounds.maxY)
        overflow.leading = max(0, bounds.x - extent.x)
        overflow.trailing = max(0, extent.maxX - bounds.maxX)
        return overflow
    }

    private static func collectExtent(of node: PlacedNode, into extent: inout CellRect?) {
        switch node.content {
        case .text, .image, .shape, .divider, .gauge:
            guard !node.frame.isEmpty else { return }
            extent = extent.map { union($0, node.frame) } ?? node.frame
        case .modifier(.hidden):
            return
        case .modifier(.clipShape):
            guard !node.frame.isEmpty, let first = node.children.first else { return }
            var inner: CellRect?
            collectExtent(of: first, into: &inner)
            if let inner {
                let clipped = inner.intersection(node.frame)
                if !clipped.isEmpty { extent = extent.map { union($0, clipped) } ?? clipped }
            }
            return
        case .none, .modifier:
            break
        }
        for child in node.children { collectExtent(of: child, into: &extent) }
    }

    private static func union(_ lhs: CellRect, _ rhs: CellRect) -> CellRect {
        let x = min(lhs.x, rhs.x), y = min(lhs.y, rhs.y)
        return CellRect(x: x, y: y, width: max(lhs.maxX, rhs.maxX) - x, height: max(lhs.maxY, rhs.maxY) - y)
    }

    /// The `content-clipped` diagnostic for this overflow on a `family` widget of `size` cells.
    public func diagnostic(family: WidgetFamily, size: CellSize) -> ResolveDiagnostic {
        var sides: [String] = []
        if top > 0 { sides.append("\(top) \(top == 1 ? "row" : "rows") above the top (▴)") }
        if bottom > 0 { sides.append("\(bottom) \(bottom == 1 ? "row" : "rows") below the bottom (▾)") }
        if leading > 0 { sides.append("\(leading) \(leading == 1 ? "column" : "columns") before the leading edge (◂)") }
        if trailing > 0 { sides.append("\(trailing) \(trailing == 1 ? "column" : "columns") past the trailing edge (▸)") }
        return ResolveDiagnostic(
            code: "content-clipped",
            message: "Content does not fit the \(family.rawValue) widget (\(size.width)×\(size.height) cells): "
                + sides.joined(separator: ", ")
                + " are cut off, and iOS shows no sign of it. Show less, or let it shrink (.minimumScaleFactor, a smaller font).")
    }
}

extension Painter {
    /// Marks each edge of `rect` that `overflow` reaches past with a small arrow in the system's orange, so a
    /// clipped render does not look complete: ▴ and ▾ at the trailing end of the top and bottom rows, beside the
    /// corner; ◂ and ▸ at the top of the leading and trailing columns, below the corner (one row high: the end).
    mutating func markClippedEdges(of rect: CellRect, _ overflow: ContentOverflow) {
        guard overflow.isClipped, !rect.isEmpty else { return }
        let orange = PaintColor(RGBA(red: 1, green: 0.584, blue: 0, alpha: 1))
        let column = rect.width > 2 ? rect.maxX - 2 : rect.maxX - 1
        let row = rect.height > 2 ? rect.y + 1 : rect.y
        if overflow.top > 0 { put("▴", column, rect.y, foreground: orange, attributes: .bold) }
        if overflow.bottom > 0 { put("▾", column, rect.maxY - 1, foreground: orange, attributes: .bold) }
        if overflow.leading > 0 { put("◂", rect.x, row, foreground: orange, attributes: .bold) }
        if overflow.trailing > 0 { put("▸", rect.maxX - 1, rect.height > 1 ? row : rect.y, foreground: orange, attributes: .bold) }
    }
}
