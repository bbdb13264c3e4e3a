import Foundation
import WidgetKitUI

// MARK: - Layout environment

/// What layout needs from outside the tree: the cell metric, the moment the entry is shown (to
/// measure system-formatted text), and the renderer's glyph widths for SF Symbols.
public struct LayoutEnvironment: Sendable {
    public var metric: CellMetric
    public var date: Date
    public var format: SystemTextFormat
    /// Columns an SF Symbol's glyph takes (supplied by the renderer, which owns the glyph table).
    public var symbolWidth: @Sendable (String) -> Int

    public init(metric: CellMetric = .standard, date: Date, format: SystemTextFormat = SystemTextFormat(),
                symbolWidth: @escaping @Sendable (String) -> Int = { _ in 1 }) {
        self.metric = metric
        self.date = date
        self.format = format
        self.symbolWidth = symbolWidth
    }
}

// MARK: - Placed tree

/// A laid-out node: what it draws and the frame it got, in cells, relative to the layout's origin.
public struct PlacedNode: Sendable {
    /// What a placed node draws or means.
    public enum Content: Sendable {
        case none
        case text(TextNode, lines: [TextLine])
        case image(ImageNode)
        case shape(ShapeNode)
        case divider(Paint, axis: StackAxis)
        case gauge(GaugeNode)
        /// A modifier over `children[0]`; for background and overlay, `children[1]` is the extra view.
        case modifier(NodeModifier)
    }

    public var content: Content
    public var frame: CellRect
    public var children: [PlacedNode]

    public init(content: Content, frame: CellRect, children: [PlacedNode] = []) {
        self.content = content
        self.frame = frame
        self.children = children
    }

    /// Visits this node and every descendant, parents first.
    public func forEach(_ body: (PlacedNode) -> Void) {
        body(self)
        for child in children { child.forEach(body) }
    }
}

// MARK: - Layout

/// SwiftUI's layout algorithm on an integer cell grid: a parent proposes a size, the child answers
/// with its size, the parent places it. Stacks share space by layout priority, then by flexibility.
public enum CellLayout {
    /// Lays out `node` in a rectangle of `size` cells placed at (0, 0).
    public static func layout(_ node: ViewNode, in size: CellSize, environment: LayoutEnvironment) -> PlacedNode {
        var tree = LayoutTree(environment: environment)
        tree.add(root: node)
        let proposal = ProposedCellSize(size)
        let fitted = tree.size(of: LayoutTree.root, for: proposal)
        let x = (size.width - fitted.width) / 2, y = (size.height - fitted.height) / 2
        return tree.place(LayoutTree.root, in: CellRect(x: x, y: y, width: fitted.width, height: fitted.height), proposal: proposal)
    }

    /// The size `node` takes when offered `proposal`.
    public static func size(of node: ViewNode, for proposal: ProposedCellSize, environment: LayoutEnvironment) -> CellSize {
        var tree = LayoutTree(environment: environment)
        tree.add(root: node)
        return tree.size(of: LayoutTree.root, for: proposal)
    }
}

/// One node of a `LayoutTree`: a view or a modifier, as plain data.
///
/// Its children are the consecutive nodes `firstChild ..< firstChild + childCount` of the tree; what it
/// draws (text, shape...) lives in the tree's side tables, so measuring a node copies no reference (only
/// text that has to wrap reads its shaper).
struct LayoutNode {
    enum Kind {
        case empty
        case text(TextMetrics)
        /// `size` is nil for a resizable image (it takes what it is offered).
        case image(index: Int, size: CellSize?)
        case shape(index: Int)
        case spacer(minimum: Int, axis: StackAxis?)
        case divider(index: Int, axis: StackAxis)
        /// `firstSpacing` indexes the tree's spacings: one per gap between consecutive children.
        case stack(StackAxis, Alignment, firstSpacing: Int)
        case gauge(index: Int, GaugeKind, hasLabel: Bool, hasValues: Bool)
        case padding(CellInsets)
        case frame(index: Int, Alignment)
        case background(Alignment)
        case overlay(Alignment)
        case fixedSize(horizontal: Bool, vertical: Bool)
        case aspectRatio(Double?, ContentMode)
        case offset(x: Int, y: Int)
        /// A modifier that does not change layout (opacity, tap target, layout priority...).
        case decoration(index: Int)
    }

    /// What measuring a text needs, copied out of its shaper so the common cases cost no retain.
    struct TextMetrics {
        /// Index into the tree's `textNodes` and `shapers`.
        var index: Int
        var naturalWidth: Int
        /// True when the text has graphemes and no explicit line break.
        var isSingleLine: Bool
        var isEmpty: Bool
        var isGreedy: Bool
        var isLive: Bool
        var reservedWidth: Int
        var lineLimit: Int?
        var truncationMode: Text.TruncationMode
    }

    /// A frame converted to cells.
    struct CellFrame {
        var width: Int?, height: Int?
        var minWidth: Int?, idealWidth: Int?, maxWidth: Int?
        var minHeight: Int?, idealHeight: Int?, maxHeight: Int?

        /// True for `.frame(width:height:)` (no minimum, ideal or maximum given).
        var isFixed: Bool {
            minWidth == nil && maxWidth == nil && minHeight == nil && maxHeight == nil && idealWidth == nil && idealHeight == nil
        }
    }

    var kind: Kind
    var firstChild = 0
    var childCount = 0
    var priority: Double = 0
    /// A spacer, or a spacer under modifiers that keep it one (padding, fixed size, offset, decoration).
    var isSpacer = false
    /// First of this node's slots in the tree's size cache (-1: the node does not cache).
    var cacheStart = -1
    var cacheCount = 0
    var cacheNext = 0
    /// What the parent stack proposed to this node and the size it answered, for the proposal the parent
    /// last distributed (the parent's `stackChildrenProposal`).
    var assignedProposal = ProposedCellSize.ideal
    var assignedSize = CellSize.zero
    /// For a stack: the proposal its children's `assignedProposal` and `assignedSize` were computed for.
    var stackChildrenProposal: ProposedCellSize?

    init(kind: Kind) {
        self.kind = kind
    }

    var children: Range<Int> { firstChild..<firstChild + childCount }

    var isEmptyContent: Bool {
        if case .empty = kind { return true }
        return false
    }

    /// Spacing between two stack children in cells: explicit spacing converted (a non-zero horizontal
    /// value is at least one column), else the system's 8 pt, and none next to a spacer.
    static func spacing(_ stack: StackNode, afterSpacer: Bool, beforeSpacer: Bool, metric: CellMetric) -> Int {
        if let spacing = stack.spacing {
            return stack.axis == .horizontal ? metric.explicitColumns(spacing) : metric.signedRows(spacing)
        }
        if afterSpacer || beforeSpacer { return 0 }
        return stack.axis == .horizontal ? metric.columns(8) : metric.rows(8)
    }
}

/// The main axis of a horizontal or vertical stack, and the length it was offered across it.
struct StackAxes {
    let horizontal: Bool
    let cross: Int?

    /// A proposal of `length` along the main axis and the stack's own offer across it.
    func offer(_ length: Int?) -> ProposedCellSize {
        horizontal ? ProposedCellSize(width: length, height: cross) : ProposedCellSize(width: cross, height: length)
    }

    func along(_ size: CellSize) -> Int { horizontal ? size.width : size.height }
    func across(_ size: CellSize) -> Int { horizontal ? size.height : size.width }
}

/// The layout tree of one `ViewNode`, built once per layout: a flat array of value-type nodes, each
/// node's children stored next to each other, with one shared environment and one size cache.
///
/// Every size is a pure function of the node and the proposal, so caching never changes a result; it
/// only spares stacks from measuring a subtree again for a proposal they already asked about.
struct LayoutTree {
    /// The index of the root node.
    static let root = 0
    /// Size cache slots per caching node (stacks and texts): a stack child typically sees its parent's
    /// three proposals (nothing, everything, its share), times those of an enclosing stack.
    static let cacheSlots = 8

    struct CachedSize {
        var proposal: ProposedCellSize
        var size: CellSize
    }

    var nodes: [LayoutNode] = []
    let environment: LayoutEnvironment
    // Side tables, indexed from node kinds.
    var textNodes: [TextNode] = []
    var shapers: [TextShaper] = []
    var images: [ImageNode] = []
    var shapes: [ShapeNode] = []
    var paints: [Paint] = []
    var gauges: [GaugeNode] = []
    var frames: [LayoutNode.CellFrame] = []
    var modifiers: [NodeModifier] = []
    var spacings: [Int] = []
    var sizeCache: [CachedSize] = []
    /// Nodes given slots in the size cache so far (the cache is allocated once the tree is built).
    private var cachingNodes = 0
    /// Scratch space for stacks ordering a priority group (a stack uses the top, nested stacks above it).
    var ordering: [(flexibility: Int, child: Int)] = []

    /// An empty tree; `add(root:)` fills it.
    init(environment: LayoutEnvironment) {
        self.environment = environment
    }

    /// Builds the tree of `root` (node 0) and allocates its size cache; called once, on an empty tree.
    mutating func add(root: ViewNode) {
        nodes.reserveCapacity(32)
        nodes.append(LayoutNode(kind: .empty))
        build(root, into: Self.root, parentAxis: nil)
        sizeCache = Array(repeating: CachedSize(proposal: .ideal, size: .zero), count: cachingNodes * Self.cacheSlots)
        ordering.reserveCapacity(nodes.count)
    }

    // MARK: Building

    /// Appends `count` placeholder nodes for the children of one node and returns the first index.
    private mutating func reserveChildren(_ count: Int) -> Int {
        let first = nodes.count
        for _ in 0..<count { nodes.append(LayoutNode(kind: .empty)) }
        return first
    }

    /// Gives node `index` its slots in the size cache.
    private mutating func enableCache(_ index: Int) {
        nodes[index].cacheStart = cachingNodes * Self.cacheSlots
        cachingNodes += 1
    }

    /// Fills node `index` (already reserved) from `node`, and appends its descendants.
    private mutating func build(_ node: ViewNode, into index: Int, parentAxis: StackAxis?) {
        let metric = environment.metric
        switch node {
        case .empty:
            nodes[index] = LayoutNode(kind: .empty)
        case .group(let children):
            // A group outside a stack lays its children out like a vertical stack would.
            let flat = children.flatMap(\.flattened)
            if flat.count == 1 { return build(flat[0], into: index, parentAxis: parentAxis) }
            buildStack(StackNode(axis: .vertical, alignment: .center, spacing: nil, children: flat), into: index)
        case .text(let text):
            let shaper = TextShaper(node: text, date: environment.date, format: environment.format)
            let metrics = LayoutNode.TextMetrics(
                index: shapers.count, naturalWidth: shaper.naturalWidth, isSingleLine: shaper.naturalLineCount == 1,
                isEmpty: shaper.graphemes.isEmpty, isGreedy: text.isGreedy, isLive: text.isLive,
                reservedWidth: shaper.reservedWidth, lineLimit: text.lineLimit, truncationMode: text.truncationMode)
            if shapers.isEmpty {
                shapers.reserveCapacity(8)
                textNodes.reserveCapacity(8)
            }
            shapers.append(shaper)
            textNodes.append(text)
            nodes[index] = LayoutNode(kind: .text(metrics))
            enableCache(index)
        case .image(let image):
            let size: CellSize?
            if image.isResizable {
                size = nil
            } else {
                switch image.source {
                case .systemSymbol(let name): size = CellSize(width: environment.symbolWidth(name), height: 1)
                case .asset, .bitmap: size = CellSize(width: 4, height: 2)
                }
            }
            nodes[index] = LayoutNode(kind: .image(index: images.count, size: size))
            images.append(image)
        case .shape(let shape):
            nodes[index] = LayoutNode(kind: .shape(index: shapes.count))
            shapes.append(shape)
        case .spacer(let minLength):
            let minimum: Int
            switch parentAxis {
            case .horizontal: minimum = minLength.map(metric.explicitColumns) ?? metric.columns(8)
            case .vertical: minimum = minLength.map(metric.rows) ?? metric.rows(8)
            default: minimum = 0
            }
            nodes[index] = LayoutNode(kind: .spacer(minimum: minimum, axis: parentAxis))
            nodes[index].isSpacer = true
        case .divider(let paint):
            nodes[index] = LayoutNode(kind: .divider(index: paints.count, axis: parentAxis == .horizontal ? .horizontal : .vertical))
            paints.append(paint)
        case .stack(let stack):
            if stack.children.contains(where: Self.needsFlattening) {
                var flat = stack
                flat.children = stack.children.flatMap(\.flattened)
                buildStack(flat, into: index)
            } else {
                buildStack(stack, into: index)
            }
        case .gauge(let gauge):
            let first = reserveChildren(4)
            build(gauge.label, into: first, parentAxis: nil)
            build(gauge.currentValueLabel, into: first + 1, parentAxis: nil)
            build(gauge.minimumValueLabel, into: first + 2, parentAxis: nil)
            build(gauge.maximumValueLabel, into: first + 3, parentAxis: nil)
            let hasLabel = !nodes[first].isEmptyContent
            let hasValues = !nodes[first + 1].isEmptyContent || !nodes[first + 2].isEmptyContent || !nodes[first + 3].isEmptyContent
            nodes[index] = LayoutNode(kind: .gauge(index: gauges.count, gauge.kind, hasLabel: hasLabel, hasValues: hasValues))
            nodes[index].firstChild = first
            nodes[index].childCount = 4
            gauges.append(gauge)
        case .modified(let inner, let modifier):
            buildModifier(modifier, over: inner, into: index, parentAxis: parentAxis)
        }
    }

    private static func isSpacer(_ node: ViewNode) -> Bool {
        if case .spacer = node { return true }
        return false
    }

    /// True for the children a stack replaces by their contents (`flattened`): groups and empty views.
    private static func needsFlattening(_ node: ViewNode) -> Bool {
        switch node {
        case .group, .empty: return true
        default: return false
        }
    }

    /// A stack whose children are already flattened.
    private mutating func buildStack(_ stack: StackNode, into index: Int) {
        let children = stack.children
        let firstSpacing = spacings.count
        if spacings.isEmpty { spacings.reserveCapacity(16) }
        // The stack's spacings are reserved first: its children append their own after them.
        for _ in children.indices.dropFirst() { spacings.append(0) }
        let first = reserveChildren(children.count)
        var previousIsSpacer = false
        for offset in children.indices {
            let child = children[offset]
            let isSpacer = Self.isSpacer(child)
            if offset > 0 {
                spacings[firstSpacing + offset - 1] = LayoutNode.spacing(stack, afterSpacer: previousIsSpacer, beforeSpacer: isSpacer,
                                                                         metric: environment.metric)
            }
            previousIsSpacer = isSpacer
            build(child, into: first + offset, parentAxis: stack.axis)
        }
        nodes[index] = LayoutNode(kind: .stack(stack.axis, stack.alignment, firstSpacing: firstSpacing))
        nodes[index].firstChild = first
        nodes[index].childCount = children.count
        enableCache(index)
    }

    private mutating func buildModifier(_ modifier: NodeModifier, over inner: ViewNode, into index: Int, parentAxis: StackAxis?) {
        let metric = environment.metric
        let kind: LayoutNode.Kind
        var extra: ViewNode?
        switch modifier {
        case .padding(let insets):
            kind = .padding(CellInsets(top: metric.signedRows(insets.top), leading: metric.explicitColumns(insets.leading),
                                       bottom: metric.signedRows(insets.bottom), trailing: metric.explicitColumns(insets.trailing)))
        case .frame(let spec):
            func columns(_ value: Double?) -> Int? { value.map { max(0, metric.columns($0)) } }
            func rows(_ value: Double?) -> Int? { value.map { max(0, metric.rows($0)) } }
            let cells = LayoutNode.CellFrame(width: columns(spec.width), height: rows(spec.height),
                                             minWidth: columns(spec.minWidth), idealWidth: columns(spec.idealWidth),
                                             maxWidth: columns(spec.maxWidth), minHeight: rows(spec.minHeight),
                                             idealHeight: rows(spec.idealHeight), maxHeight: rows(spec.maxHeight))
            kind = .frame(index: frames.count, spec.alignment)
            frames.append(cells)
        case .background(let view, let alignment):
            kind = .background(alignment)
            extra = view
        case .overlay(let view, let alignment):
            kind = .overlay(alignment)
            extra = view
        case .fixedSize(let horizontal, let vertical):
            kind = .fixedSize(horizontal: horizontal, vertical: vertical)
        case .aspectRatio(let ratio, let mode):
            kind = .aspectRatio(ratio, mode)
        case .offset(let x, let y):
            kind = .offset(x: metric.columns(abs(x)) * (x < 0 ? -1 : 1), y: metric.rows(abs(y)) * (y < 0 ? -1 : 1))
        default:
            kind = .decoration(index: modifiers.count)
            modifiers.append(modifier)
        }
        let first = reserveChildren(extra == nil ? 1 : 2)
        build(inner, into: first, parentAxis: parentAxis)
        if let extra { build(extra, into: first + 1, parentAxis: nil) }
        var node = LayoutNode(kind: kind)
        node.firstChild = first
        node.childCount = extra == nil ? 1 : 2
        node.priority = nodes[first].priority
        if case .layoutPriority(let value) = modifier { node.priority = value }
        switch kind {
        case .decoration, .padding, .fixedSize, .offset: node.isSpacer = nodes[first].isSpacer
        default: node.isSpacer = false
        }
        nodes[index] = node
    }

    // MARK: Sizing

    /// The size node `index` takes for `proposal`.
    mutating func size(of index: Int, for proposal: ProposedCellSize) -> CellSize {
        switch nodes[index].kind {
        case .empty:
            return .zero
        case .text(let text):
            return textSize(text, of: index, for: proposal)
        case .image(_, let size):
            return size ?? CellSize(width: proposal.width ?? 2, height: proposal.height ?? 1)
        case .shape:
            return CellSize(width: proposal.width ?? 1, height: proposal.height ?? 1)
        case .spacer(let minimum, let axis):
            switch axis {
            case .horizontal: return CellSize(width: max(minimum, proposal.width ?? minimum), height: 0)
            case .vertical: return CellSize(width: 0, height: max(minimum, proposal.height ?? minimum))
            default: return CellSize(width: proposal.width ?? 0, height: proposal.height ?? 0)
            }
        case .divider(_, let axis):
            return axis == .horizontal ? CellSize(width: 1, height: proposal.height ?? 1)
                                       : CellSize(width: proposal.width ?? 1, height: 1)
        case .stack:
            if let cached = cachedSize(of: index, for: proposal) { return cached }
            let size = stackLayout(index, proposal: proposal)
            remember(size, of: index, for: proposal)
            return size
        case .gauge(_, let kind, let hasLabel, let hasValues):
            switch kind {
            case .accessoryCircular, .accessoryCircularCapacity, .progressCircular:
                // The ring of an accessoryCircular family: 76 pt square, at most what is offered.
                let side = environment.metric.cells(width: 76, height: 76)
                return CellSize(width: min(proposal.width ?? side.width, side.width),
                                height: min(proposal.height ?? side.height, side.height))
            case .accessoryLinear, .accessoryLinearCapacity, .linearCapacity, .progressLinear:
                let width = proposal.width.map { min($0, ProposedCellSize.unbounded) } ?? 10
                return CellSize(width: width, height: 1 + (hasLabel ? 1 : 0) + (hasValues ? 1 : 0))
            }
        case .padding(let insets):
            let size = size(of: nodes[index].firstChild, for: Self.paddingChildProposal(insets, proposal))
            return CellSize(width: max(0, size.width + insets.horizontal), height: max(0, size.height + insets.vertical))
        case .frame(let frame, _):
            return frameSize(frames[frame], child: nodes[index].firstChild, proposal: proposal)
        case .background, .overlay, .decoration, .offset:
            return size(of: nodes[index].firstChild, for: proposal)
        case .fixedSize(let horizontal, let vertical):
            return size(of: nodes[index].firstChild, for: ProposedCellSize(width: horizontal ? nil : proposal.width,
                                                                           height: vertical ? nil : proposal.height))
        case .aspectRatio(let ratio, let mode):
            let child = nodes[index].firstChild
            return size(of: child, for: aspectChildProposal(ratio: ratio, mode: mode, child: child, proposal: proposal))
        }
    }

    /// A size node `index` answered before for `proposal`.
    private func cachedSize(of index: Int, for proposal: ProposedCellSize) -> CellSize? {
        let start = nodes[index].cacheStart
        for slot in start..<start + nodes[index].cacheCount where sizeCache[slot].proposal == proposal {
            return sizeCache[slot].size
        }
        return nil
    }

    /// Records an answer of node `index`, replacing the oldest when its slots are full.
    private mutating func remember(_ size: CellSize, of index: Int, for proposal: ProposedCellSize) {
        let start = nodes[index].cacheStart
        let slot: Int
        if nodes[index].cacheCount < Self.cacheSlots {
            slot = nodes[index].cacheCount
            nodes[index].cacheCount += 1
        } else {
            slot = nodes[index].cacheNext
            nodes[index].cacheNext = (slot + 1) % Self.cacheSlots
        }
        sizeCache[start + slot] = CachedSize(proposal: proposal, size: size)
    }

    /// A text's size: its widest line by its line count; a greedy timer takes the width offered, a live
    /// text on one line its reserved width (docs/DECISIONS.md). Only texts that wrap use the cache.
    private mutating func textSize(_ text: LayoutNode.TextMetrics, of index: Int, for proposal: ProposedCellSize) -> CellSize {
        if text.isGreedy, let width = proposal.width, width < ProposedCellSize.unbounded {
            return CellSize(width: width, height: 1)
        }
        var width: Int, lineCount: Int
        let limit = Self.textWidth(proposal) ?? Int.max
        if text.isEmpty {
            (width, lineCount) = (0, 0)
        } else if limit <= 0 {
            (width, lineCount) = (0, 1) // one empty, truncated line
        } else if text.isSingleLine && limit >= text.naturalWidth {
            (width, lineCount) = (text.naturalWidth, 1)
        } else if let cached = cachedSize(of: index, for: proposal) {
            (width, lineCount) = (cached.width, cached.height)
        } else {
            let lines = textLines(text, proposal: proposal)
            width = 0
            for line in lines { width = max(width, line.width) }
            lineCount = lines.count
            remember(CellSize(width: width, height: lineCount), of: index, for: proposal)
        }
        if text.isLive, lineCount == 1 {
            width = max(width, min(text.reservedWidth, proposal.width ?? text.reservedWidth))
        }
        return CellSize(width: width, height: lineCount)
    }

    /// The wrapping width a text gets for `proposal` (nil: no wrapping).
    private static func textWidth(_ proposal: ProposedCellSize) -> Int? {
        proposal.width.flatMap { $0 >= ProposedCellSize.unbounded ? nil : $0 }
    }

    /// The lines of a text for `proposal`: wrapped to its width, at most as many as its rows and line limit.
    func textLines(_ text: LayoutNode.TextMetrics, proposal: ProposedCellSize) -> [TextLine] {
        var maxLines = text.lineLimit
        if let height = proposal.height, height < ProposedCellSize.unbounded {
            maxLines = min(maxLines ?? Int.max, max(height, 1))
        }
        return shapers[text.index].lines(width: Self.textWidth(proposal), maxLines: maxLines, truncationMode: text.truncationMode)
    }

    static func paddingChildProposal(_ insets: CellInsets, _ proposal: ProposedCellSize) -> ProposedCellSize {
        ProposedCellSize(width: proposal.width.map { max(0, $0 - insets.horizontal) },
                         height: proposal.height.map { max(0, $0 - insets.vertical) })
    }

    /// What a frame proposes to its child for `proposal`.
    static func frameChildProposal(_ frame: LayoutNode.CellFrame, proposal: ProposedCellSize) -> ProposedCellSize {
        if frame.isFixed {
            return ProposedCellSize(width: frame.width ?? proposal.width, height: frame.height ?? proposal.height)
        }
        var childProposal = ProposedCellSize(width: proposal.width ?? frame.idealWidth, height: proposal.height ?? frame.idealHeight)
        if let width = childProposal.width {
            childProposal.width = min(max(width, frame.minWidth ?? width), frame.maxWidth ?? Int.max)
        }
        if let height = childProposal.height {
            childProposal.height = min(max(height, frame.minHeight ?? height), frame.maxHeight ?? Int.max)
        }
        return childProposal
    }

    private mutating func frameSize(_ frame: LayoutNode.CellFrame, child: Int, proposal: ProposedCellSize) -> CellSize {
        if frame.isFixed {
            if let width = frame.width, let height = frame.height { return CellSize(width: width, height: height) }
            let size = size(of: child, for: Self.frameChildProposal(frame, proposal: proposal))
            return CellSize(width: frame.width ?? size.width, height: frame.height ?? size.height)
        }
        /// One axis of a flexible frame: the child's length, or the proposal clamped to the frame's bounds.
        func axis(_ proposed: Int?, minimum: Int?, ideal: Int?, maximum: Int?, childLength: Int) -> Int {
            if minimum == nil && maximum == nil { return childLength }
            let reference = proposed ?? ideal ?? childLength
            let lower = minimum ?? min(childLength, maximum ?? childLength)
            let upper = maximum ?? max(childLength, minimum ?? childLength)
            return min(max(reference, lower), max(upper, lower))
        }
        let childSize = size(of: child, for: Self.frameChildProposal(frame, proposal: proposal))
        let width = axis(proposal.width, minimum: frame.minWidth, ideal: frame.idealWidth, maximum: frame.maxWidth, childLength: childSize.width)
        let height = axis(proposal.height, minimum: frame.minHeight, ideal: frame.idealHeight, maximum: frame.maxHeight,
                          childLength: childSize.height)
        return CellSize(width: width, height: height)
    }

    /// What `.aspectRatio` proposes to its child: the largest (fit) or smallest (fill) size of the ratio.
    mutating func aspectChildProposal(ratio: Double?, mode: ContentMode, child: Int, proposal: ProposedCellSize) -> ProposedCellSize {
        let metric = environment.metric
        let ideal = size(of: child, for: .ideal)
        // Ratio in points (width / height), converted to cells (columns per row).
        let pointRatio = ratio ?? (ideal.height > 0 ? Double(ideal.width) * metric.pointsPerColumn / (Double(ideal.height) * metric.pointsPerRow) : 1)
        let cellRatio = min(max(pointRatio * metric.pointsPerRow / metric.pointsPerColumn, 1e-6), 1e6)
        guard let width = proposal.width, let height = proposal.height,
              width < ProposedCellSize.unbounded, height < ProposedCellSize.unbounded else {
            if let width = proposal.width, width < ProposedCellSize.unbounded {
                return ProposedCellSize(width: width, height: Self.cellCount(Double(width) / cellRatio))
            }
            if let height = proposal.height, height < ProposedCellSize.unbounded {
                return ProposedCellSize(width: Self.cellCount(Double(height) * cellRatio), height: height)
            }
            return ProposedCellSize(ideal)
        }
        let fitsByWidth = Double(width) / cellRatio <= Double(height)
        let useWidth = mode == .fit ? fitsByWidth : !fitsByWidth
        return useWidth ? ProposedCellSize(width: width, height: Self.cellCount(Double(width) / cellRatio))
                        : ProposedCellSize(width: Self.cellCount(Double(height) * cellRatio), height: height)
    }

    // MARK: Stacks

    /// Distributes `proposal` among the children of stack `index`, records each child's proposal and size
    /// in the child (`assignedProposal`, `assignedSize`), and returns the stack's size.
    mutating func stackLayout(_ index: Int, proposal: ProposedCellSize) -> CellSize {
        guard case .stack(let axis, _, let firstSpacing) = nodes[index].kind else { return .zero }
        let size: CellSize
        switch axis {
        case .depth:
            var width = Int.min, height = Int.min
            for child in nodes[index].children {
                let childSize = self.size(of: child, for: proposal)
                nodes[child].assignedProposal = proposal
                nodes[child].assignedSize = childSize
                width = max(width, childSize.width)
                height = max(height, childSize.height)
            }
            size = nodes[index].childCount == 0 ? .zero : CellSize(width: width, height: height)
        case .horizontal, .vertical:
            size = linearStack(index, horizontal: axis == .horizontal, firstSpacing: firstSpacing, proposal: proposal)
        }
        nodes[index].stackChildrenProposal = proposal
        return size
    }

    private mutating func linearStack(_ index: Int, horizontal: Bool, firstSpacing: Int, proposal: ProposedCellSize) -> CellSize {
        let children = nodes[index].children
        var totalSpacing = 0
        for gap in 0..<max(children.count - 1, 0) { totalSpacing += spacings[firstSpacing + gap] }
        let main = horizontal ? proposal.width : proposal.height
        let axes = StackAxes(horizontal: horizontal, cross: horizontal ? proposal.height : proposal.width)

        if let main {
            // SwiftUI: by priority groups (highest first), then least flexible first, each child offered an
            // equal share of what remains after reserving the minimum of lower-priority children.
            for child in children {
                nodes[child].assignedProposal = axes.offer(nil)
                nodes[child].assignedSize = .zero
            }
            var remaining = max(0, main - max(totalSpacing, 0))
            // Spacers come last and only share what the other children left: in points a text beside a
            // spacer almost always fits, and cells must not make it wrap (docs/DECISIONS.md).
            var spacerMinimum = 0, spacerCount = 0
            var group: Double?
            for child in children {
                if nodes[child].isSpacer {
                    spacerMinimum += axes.along(size(of: child, for: axes.offer(0)))
                    spacerCount += 1
                } else {
                    let priority = nodes[child].priority
                    if !priority.isNaN, group.map({ priority > $0 }) ?? true { group = priority }
                }
            }
            remaining = max(0, remaining - spacerMinimum)
            while let priority = group {
                remaining = shareGroup(priority, of: children, remaining: remaining, axes: axes)
                // The next lower priority, if any.
                group = nil
                for child in children where !nodes[child].isSpacer {
                    let lower = nodes[child].priority
                    if lower < priority, group.map({ lower > $0 }) ?? true { group = lower }
                }
            }
            var available = remaining + spacerMinimum
            var count = spacerCount
            for child in children where nodes[child].isSpacer {
                let childProposal = axes.offer(available / count)
                let size = size(of: child, for: childProposal)
                nodes[child].assignedProposal = childProposal
                nodes[child].assignedSize = size
                available = max(0, available - axes.along(size))
                count -= 1
            }
        } else {
            for child in children {
                let childProposal = axes.offer(nil)
                nodes[child].assignedProposal = childProposal
                nodes[child].assignedSize = size(of: child, for: childProposal)
            }
        }
        var length = totalSpacing, thickness = children.isEmpty ? 0 : Int.min
        for child in children {
            length += axes.along(nodes[child].assignedSize)
            thickness = max(thickness, axes.across(nodes[child].assignedSize))
        }
        length = max(0, min(length, ProposedCellSize.unbounded))
        return horizontal ? CellSize(width: length, height: thickness) : CellSize(width: thickness, height: length)
    }

    /// Shares `remaining` among the non-spacer children of layout priority `priority`, least flexible
    /// first, after reserving the minimum length of lower-priority children; returns what is left.
    private mutating func shareGroup(_ priority: Double, of children: Range<Int>, remaining: Int, axes: StackAxes) -> Int {
        // The members go on top of the ordering scratch space; nested stacks use it above them and
        // leave it as they found it.
        let base = ordering.count
        for child in children where !nodes[child].isSpacer && nodes[child].priority == priority {
            ordering.append((flexibility: 0, child: child))
        }
        let members = base..<ordering.count
        if members.count > 1 {
            for member in members {
                let child = ordering[member].child
                let maximum = axes.along(size(of: child, for: axes.offer(ProposedCellSize.unbounded)))
                ordering[member].flexibility = maximum - axes.along(size(of: child, for: axes.offer(0)))
            }
            sortMembers(members)
        }
        var reserved = 0
        for child in children where !nodes[child].isSpacer && nodes[child].priority < priority {
            reserved += axes.along(size(of: child, for: axes.offer(0)))
        }
        var available = max(0, remaining - reserved)
        var count = members.count
        var used = 0
        for member in members {
            let child = ordering[member].child
            let childProposal = axes.offer((available + count - 1) / count)
            let size = size(of: child, for: childProposal)
            nodes[child].assignedProposal = childProposal
            nodes[child].assignedSize = size
            available = max(0, available - axes.along(size))
            count -= 1
            used += axes.along(size)
        }
        ordering.removeSubrange(members)
        return max(0, remaining - used)
    }

    /// Sorts `ordering[members]` by flexibility, then child order: in place by insertion for the few
    /// children stacks usually have (sorting a slice would copy it).
    private mutating func sortMembers(_ members: Range<Int>) {
        guard members.count <= 16 else { return ordering[members].sort { $0 < $1 } }
        for next in members.dropFirst() {
            let member = ordering[next]
            var slot = next
            while slot > members.lowerBound, member < ordering[slot - 1] {
                ordering[slot] = ordering[slot - 1]
                slot -= 1
            }
            ordering[slot] = member
        }
    }

    // MARK: Arithmetic

    /// A computed length in cells, clamped to 0...unbounded (an extreme aspect ratio must not overflow `Int`).
    static func cellCount(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? ProposedCellSize.unbounded : 0 }
        return Int(min(max(value.rounded(), 0), Double(ProposedCellSize.unbounded)))
    }

    static func offset(free: Int, _ fraction: Double) -> Int {
        guard free > 0 else { return 0 }
        return Int((Double(free) * fraction).rounded(.down))
    }

    static func aligned(_ size: CellSize, in rect: CellRect, _ alignment: Alignment) -> (x: Int, y: Int) {
        (rect.x + offset(free: rect.width - size.width, alignment.horizontal.fraction),
         rect.y + offset(free: rect.height - size.height, alignment.vertical.fraction))
    }
}
