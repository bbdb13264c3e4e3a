import Foundation

// MARK: - Grids

/// A column of a `LazyVGrid` or a row of a `LazyHGrid`, as `SwiftUI.GridItem`; sizes in points.
public struct GridItem: Sendable {
    /// How the item is sized, as `GridItem.Size`.
    public enum Size: Sendable {
        /// Exactly this many points.
        case fixed(Double)
        /// A share of the space left, between the bounds.
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many items of at least `minimum` points as fit.
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    /// How the item takes its length: fixed, flexible or adaptive.
    public var size: Size
    /// Points between this item and the next; nil uses 8.
    public var spacing: Double?
    /// How views sit inside this item's cells; nil uses the grid's alignment.
    public var alignment: Alignment?

    /// An item of `size`, as SwiftUI's `GridItem.init(_:spacing:alignment:)`.
    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// The children of `content`, laid out `count` to a line: each line a stack on `lineAxis`, the lines stacked
/// on the other axis. `size(i)` frames the child in slot `i` of its line.
private func gridLines(
    _ children: [ViewNode], count: Int, lineAxis: StackAxis, alignment: Alignment, spacing: Double?,
    lineSpacing: Double?, frame: (Int) -> FrameSpec
) -> ViewNode {
    let count = max(count, 1)
    var lines: [ViewNode] = []
    var start = 0
    while start < children.count {
        let slice = Array(children[start..<min(start + count, children.count)])
        var cells = slice.enumerated().map { ViewNode.modified($1, .frame(frame($0))) }
        // The last line keeps its cells in their columns: empty slots take their share too.
        for slot in slice.count..<count { cells.append(.modified(.shape(ShapeNode(kind: .rectangle, fill: nil)), .frame(frame(slot)))) }
        lines.append(.stack(StackNode(axis: lineAxis, alignment: alignment, spacing: spacing, children: cells)))
        start += count
    }
    return .stack(
        StackNode(axis: lineAxis == .horizontal ? .vertical : .horizontal, alignment: alignment, spacing: lineSpacing, children: lines))
}

/// How many items fit the grid's length: one per fixed or flexible item; for adaptive items, as many of their
/// minimum (plus spacing) as fit `length` points.
private func itemCount(_ items: [GridItem], length: Double, spacing: Double) -> (count: Int, isAdaptive: Bool) {
    guard let adaptive = items.first(where: { if case .adaptive = $0.size { return true } else { return false } }),
        case .adaptive(let minimum, _) = adaptive.size
    else { return (items.count, false) }
    return (max(1, Int((length + spacing) / max(minimum + spacing, 1))), true)
}

/// A frame for a grid cell: a fixed item's exact length, or an equal share of the line (flexible, adaptive).
private func cellFrame(_ item: GridItem?, horizontal: Bool, alignment: Alignment) -> FrameSpec {
    let cellAlignment = item?.alignment ?? alignment
    if case .fixed(let length)? = item?.size {
        return horizontal
            ? FrameSpec(width: length, alignment: cellAlignment, isFixed: true)
            : FrameSpec(height: length, alignment: cellAlignment, isFixed: true)
    }
    return horizontal
        ? FrameSpec(maxWidth: .infinity, alignment: cellAlignment, isFixed: false)
        : FrameSpec(maxHeight: .infinity, alignment: cellAlignment, isFixed: false)
}

/// The one core of `LazyVGrid` (`lineAxis` horizontal: rows of columns) and `LazyHGrid` (vertical: columns of
/// rows): counts the items that fit the grid's length on the line axis (the widget's content width or height),
/// says when adaptive items were counted approximately, and frames each child to its item's share.
private func lazyGrid(
    _ children: [ViewNode], items: [GridItem], lineAxis: StackAxis, alignment: Alignment, lineSpacing: Double?,
    in context: ResolveContext
) -> ViewNode {
    let isHorizontal = lineAxis == .horizontal
    let itemSpacing = items.first?.spacing ?? 8
    let container = context.environment.containerSize
    let (count, isAdaptive) = itemCount(
        items, length: isHorizontal ? container.width : container.height, spacing: itemSpacing)
    if isAdaptive {
        reportApproximateGrid(
            context,
            isHorizontal
                ? "adaptive columns are counted in the widget's content width"
                : "adaptive rows are counted in the widget's content height")
    }
    return gridLines(
        children, count: count, lineAxis: lineAxis, alignment: alignment, spacing: itemSpacing, lineSpacing: lineSpacing
    ) { slot in
        cellFrame(isAdaptive ? items.first : items[slot], horizontal: isHorizontal, alignment: alignment)
    }
}

/// A grid that fills rows of columns, as `SwiftUI.LazyVGrid`. Flexible columns share the width equally and
/// fixed ones keep their width, as in SwiftUI; adaptive columns fit as many as the widget's content width
/// holds, and `grid-drawn-approximately` says so when the grid may be narrower than that.
public struct LazyVGrid<Content: View>: PrimitiveView {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: Double?
    let content: Content

    /// A grid of `columns`, lines `spacing` points apart (nil: the default); `pinnedViews` is ignored, since widgets do not scroll.
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Resolves the children into rows of horizontal stacks, one child per column, each framed to its column's share.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        return lazyGrid(
            children, items: columns, lineAxis: .horizontal, alignment: Alignment(horizontal: alignment, vertical: .center),
            lineSpacing: spacing, in: context)
    }
}

/// A grid that fills columns of rows, as `SwiftUI.LazyHGrid` (see `LazyVGrid`).
public struct LazyHGrid<Content: View>: PrimitiveView {
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: Double?
    let content: Content

    /// A grid of `rows`, lines `spacing` points apart (nil: the default); `pinnedViews` is ignored, since widgets do not scroll.
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil,
        pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
    ) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Resolves the children into columns of vertical stacks, one child per row, each framed to its row's share.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        return lazyGrid(
            children, items: rows, lineAxis: .vertical, alignment: Alignment(horizontal: .center, vertical: alignment),
            lineSpacing: spacing, in: context)
    }
}

/// Views pinned while a lazy grid scrolls, as `SwiftUI.PinnedScrollableViews`; widgets do not scroll.
public struct PinnedScrollableViews: OptionSet, Sendable {
    /// The bits of the set: 1 for section headers, 2 for section footers.
    public let rawValue: UInt32
    /// The set with the bits of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers, as `PinnedScrollableViews.sectionHeaders`; nothing is pinned in cells.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers, as `PinnedScrollableViews.sectionFooters`; nothing is pinned in cells.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

private func reportApproximateGrid(_ context: ResolveContext, _ reason: String) {
    context.sink.report(
        ResolveDiagnostic(
            code: "grid-drawn-approximately",
            message: "Grid drawn approximately: \(reason); iOS measures the grid's own space."))
}

/// A row of a `Grid`, as `SwiftUI.GridRow`.
public struct GridRow<Content: View>: PrimitiveView {
    let alignment: VerticalAlignment
    let content: Content

    /// A row of `content`'s views, aligned vertically by `alignment` (nil: centred).
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment ?? .center
        self.content = content()
    }

    /// Resolves the row into a horizontal stack marked so that `Grid` frames its cells to columns.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        return .modified(
            .stack(
                StackNode(
                    axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment), spacing: nil, children: children)),
            .layoutPriority(GridRowMarker.priority))
    }
}

/// How `Grid` tells its rows from views that span the grid: a row carries this layout priority, which no
/// widget writes and which changes nothing in a vertical stack of rows.
enum GridRowMarker {
    static let priority = -0.000_123_456
}

/// A grid of `GridRow`s, as `SwiftUI.Grid`. Its columns share the width equally (each cell framed to its
/// share, aligned as the grid says); iOS sizes each column to its widest cell, so `grid-drawn-approximately`
/// says so. A view that is not a `GridRow` spans the grid, as in SwiftUI.
public struct Grid<Content: View>: PrimitiveView {
    let alignment: Alignment
    let horizontalSpacing: Double?
    let verticalSpacing: Double?
    let content: Content

    /// A grid of `content`'s rows; spacings in points between columns and rows (nil: the default).
    public init(
        alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    /// Resolves the grid into a vertical stack of its rows, each row's cells framed to equal shares of the width.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        let rows: [ViewNode] = children.map { child in
            guard case .modified(.stack(var row), .layoutPriority(GridRowMarker.priority)) = child else { return child }
            row.spacing = horizontalSpacing
            row.children = row.children.map {
                .modified($0, .frame(FrameSpec(maxWidth: .infinity, alignment: alignment, isFixed: false)))
            }
            return .stack(row)
        }
        let hasRows = children.contains {
            if case .modified(_, .layoutPriority(GridRowMarker.priority)) = $0 { return true }
            return false
        }
        if hasRows {
            reportApproximateGrid(context, "its columns share the width equally instead of fitting their widest cells")
        }
        return .stack(StackNode(axis: .vertical, alignment: alignment, spacing: verticalSpacing, children: rows))
    }
}

/// Column-spanning and alignment options for grid cells.
extension View {
    /// How many columns a grid cell spans, as `View.gridCellColumns(_:)`: in cells every cell takes one share.
    @inlinable
    public consuming func gridCellColumns(_ count: Int) -> Self { self }
    /// Keeps a cell from widening its column, as `View.gridCellUnsizedAxes(_:)`.
    @inlinable
    public consuming func gridCellUnsizedAxes(_ axes: Axis.Set) -> Self { self }
    /// The alignment of a grid column, as `View.gridColumnAlignment(_:)`.
    @inlinable
    public consuming func gridColumnAlignment(_ alignment: HorizontalAlignment) -> Self { self }
}

/// The horizontal or vertical dimension, as `SwiftUI.Axis`.
public enum Axis: Hashable, Sendable, CaseIterable {
    case horizontal, vertical

    /// A set of axes, as `Axis.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The bits of the set: 1 for horizontal, 2 for vertical.
        public let rawValue: Int8
        /// The set with the bits of `rawValue`.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The horizontal axis, as `Axis.Set.horizontal`.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis, as `Axis.Set.vertical`.
        public static let vertical = Set(rawValue: 2)
    }
}
