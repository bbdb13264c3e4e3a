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
        let root = LayoutNode.make(node, parentAxis: nil, environment: environment)
        let proposal = ProposedCellSize(size)
        let fitted = root.size(for: proposal)
        let x = (size.width - fitted.width) / 2, y = (size.height - fitted.height) / 2
        return root.place(in: CellRect(x: x, y: y, width: fitted.width, height: fitted.height), proposal: proposal)
    }

    /// The size `node` takes when offered `proposal`.
    public static func size(of node: ViewNode, for proposal: ProposedCellSize, environment: LayoutEnvironment) -> CellSize {
        LayoutNode.make(node, parentAxis: nil, environment: environment).size(for: proposal)
    }
}

/// One node of the layout tree, with a small cache of the sizes it answered.
final class LayoutNode {
    enum Kind {
        case empty
        case text(TextNode, TextShaper)
        case image(ImageNode)
        case shape(ShapeNode)
        case spacer(minimum: Int, axis: StackAxis?)
        case divider(Paint, axis: StackAxis)
        case stack(StackAxis, Alignment, spacings: [Int])
        case gauge(GaugeNode)
        case padding(CellInsets)
        case frame(FrameSpec, CellFrame)
        case background(Alignment)
        case overlay(Alignment)
        case fixedSize(horizontal: Bool, vertical: Bool)
        case aspectRatio(Double?, ContentMode)
        case offset(x: Int, y: Int)
        case decoration(NodeModifier)
    }

    /// A frame converted to cells.
    struct CellFrame {
        var width: Int?, height: Int?
        var minWidth: Int?, idealWidth: Int?, maxWidth: Int?
        var minHeight: Int?, idealHeight: Int?, maxHeight: Int?
    }

    let kind: Kind
    let children: [LayoutNode]
    let priority: Double
    let environment: LayoutEnvironment
    private var cachedProposals: [ProposedCellSize] = []
    private var cachedSizes: [CellSize] = []

    init(kind: Kind, children: [LayoutNode], priority: Double = 0, environment: LayoutEnvironment) {
        self.kind = kind
        self.children = children
        self.priority = priority
        self.environment = environment
    }

    // MARK: Building

    static func make(_ node: ViewNode, parentAxis: StackAxis?, environment: LayoutEnvironment) -> LayoutNode {
        let metric = environment.metric
        switch node {
        case .empty:
            return LayoutNode(kind: .empty, children: [], environment: environment)
        case .group(let children):
            // A group outside a stack lays its children out like a vertical stack would.
            let flat = children.flatMap(\.flattened)
            if flat.count == 1 { return make(flat[0], parentAxis: parentAxis, environment: environment) }
            return make(.stack(StackNode(axis: .vertical, alignment: .center, spacing: nil, children: flat)),
                        parentAxis: parentAxis, environment: environment)
        case .text(let text):
            return LayoutNode(kind: .text(text, TextShaper(node: text, date: environment.date, format: environment.format)),
                              children: [], environment: environment)
        case .image(let image):
            return LayoutNode(kind: .image(image), children: [], environment: environment)
        case .shape(let shape):
            return LayoutNode(kind: .shape(shape), children: [], environment: environment)
        case .spacer(let minLength):
            let minimum: Int
            switch parentAxis {
            case .horizontal: minimum = minLength.map(metric.explicitColumns) ?? metric.columns(8)
            case .vertical: minimum = minLength.map(metric.rows) ?? metric.rows(8)
            default: minimum = 0
            }
            return LayoutNode(kind: .spacer(minimum: minimum, axis: parentAxis), children: [], environment: environment)
        case .divider(let paint):
            return LayoutNode(kind: .divider(paint, axis: parentAxis == .horizontal ? .horizontal : .vertical),
                              children: [], environment: environment)
        case .stack(let stack):
            let children = stack.children.flatMap(\.flattened)
            let nodes = children.map { make($0, parentAxis: stack.axis, environment: environment) }
            var spacings: [Int] = []
            for index in children.indices.dropFirst() {
                spacings.append(spacing(stack, between: children[index - 1], and: children[index], metric: metric))
            }
            return LayoutNode(kind: .stack(stack.axis, stack.alignment, spacings: spacings), children: nodes, environment: environment)
        case .gauge(let gauge):
            let labels = [gauge.label, gauge.currentValueLabel, gauge.minimumValueLabel, gauge.maximumValueLabel]
                .map { make($0, parentAxis: nil, environment: environment) }
            return LayoutNode(kind: .gauge(gauge), children: labels, environment: environment)
        case .modified(let inner, let modifier):
            return make(modifier, over: inner, parentAxis: parentAxis, environment: environment)
        }
    }

    private static func make(_ modifier: NodeModifier, over inner: ViewNode, parentAxis: StackAxis?,
                             environment: LayoutEnvironment) -> LayoutNode {
        let metric = environment.metric
        let child = make(inner, parentAxis: parentAxis, environment: environment)
        let kind: Kind
        var children = [child]
        switch modifier {
        case .padding(let insets):
            kind = .padding(CellInsets(top: metric.signedRows(insets.top), leading: metric.explicitColumns(insets.leading),
                                       bottom: metric.signedRows(insets.bottom), trailing: metric.explicitColumns(insets.trailing)))
        case .frame(let spec):
            func columns(_ value: Double?) -> Int? { value.map { max(0, metric.columns($0)) } }
            func rows(_ value: Double?) -> Int? { value.map { max(0, metric.rows($0)) } }
            kind = .frame(spec, CellFrame(width: columns(spec.width), height: rows(spec.height),
                                          minWidth: columns(spec.minWidth), idealWidth: columns(spec.idealWidth),
                                          maxWidth: columns(spec.maxWidth), minHeight: rows(spec.minHeight),
                                          idealHeight: rows(spec.idealHeight), maxHeight: rows(spec.maxHeight)))
        case .background(let view, let alignment):
            kind = .background(alignment)
            children.append(make(view, parentAxis: nil, environment: environment))
        case .overlay(let view, let alignment):
            kind = .overlay(alignment)
            children.append(make(view, parentAxis: nil, environment: environment))
        case .fixedSize(let horizontal, let vertical):
            kind = .fixedSize(horizontal: horizontal, vertical: vertical)
        case .layoutPriority(let value):
            return LayoutNode(kind: .decoration(modifier), children: children, priority: value, environment: environment)
        case .aspectRatio(let ratio, let mode):
            kind = .aspectRatio(ratio, mode)
        case .offset(let x, let y):
            kind = .offset(x: metric.columns(abs(x)) * (x < 0 ? -1 : 1), y: metric.rows(abs(y)) * (y < 0 ? -1 : 1))
        default:
            kind = .decoration(modifier)
        }
        return LayoutNode(kind: kind, children: children, priority: child.priority, environment: environment)
    }

    /// Spacing between two stack children in cells: explicit spacing converted (a non-zero horizontal
    /// value is at least one column), else the system's 8 pt, and none next to a spacer.
    private static func spacing(_ stack: StackNode, between first: ViewNode, and second: ViewNode, metric: CellMetric) -> Int {
        if let spacing = stack.spacing {
            return stack.axis == .horizontal ? metric.explicitColumns(spacing) : metric.signedRows(spacing)
        }
        if case .spacer = first { return 0 }
        if case .spacer = second { return 0 }
        return stack.axis == .horizontal ? metric.columns(8) : metric.rows(8)
    }

    // MARK: Sizing

    /// The size this node takes for `proposal` (cached per proposal).
    func size(for proposal: ProposedCellSize) -> CellSize {
        if let index = cachedProposals.firstIndex(of: proposal) { return cachedSizes[index] }
        let size = computeSize(for: proposal)
        if cachedProposals.count >= 6 {
            cachedProposals.removeFirst()
            cachedSizes.removeFirst()
        }
        cachedProposals.append(proposal)
        cachedSizes.append(size)
        return size
    }

    var isSpacer: Bool {
        switch kind {
        case .spacer: return true
        case .decoration, .padding, .fixedSize, .offset: return children.first?.isSpacer ?? false
        default: return false
        }
    }

    private func computeSize(for proposal: ProposedCellSize) -> CellSize {
        let unbounded = ProposedCellSize.unbounded
        switch kind {
        case .empty:
            return .zero
        case .text(let text, let shaper):
            if text.isGreedy, let width = proposal.width, width < unbounded {
                return CellSize(width: width, height: max(1, min(proposal.height ?? 1, 1)))
            }
            let lines = textLines(text, shaper, proposal: proposal)
            var width = lines.map(\.width).max() ?? 0
            if text.isLive, lines.count == 1 {
                width = max(width, min(shaper.reservedWidth, proposal.width ?? shaper.reservedWidth))
            }
            return CellSize(width: width, height: lines.count)
        case .image(let image):
            return imageSize(image, proposal: proposal)
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
        case .stack(let axis, _, let spacings):
            return stackLayout(axis: axis, spacings: spacings, proposal: proposal).size
        case .gauge(let gauge):
            return gaugeSize(gauge, proposal: proposal)
        case .padding(let insets):
            let inner = ProposedCellSize(width: proposal.width.map { max(0, $0 - insets.horizontal) },
                                         height: proposal.height.map { max(0, $0 - insets.vertical) })
            let size = children[0].size(for: inner)
            return CellSize(width: max(0, size.width + insets.horizontal), height: max(0, size.height + insets.vertical))
        case .frame(_, let frame):
            return frameSize(frame, proposal: proposal)
        case .background, .overlay, .decoration, .offset:
            return children[0].size(for: proposal)
        case .fixedSize(let horizontal, let vertical):
            return children[0].size(for: ProposedCellSize(width: horizontal ? nil : proposal.width,
                                                          height: vertical ? nil : proposal.height))
        case .aspectRatio(let ratio, let mode):
            return aspectSize(ratio: ratio, mode: mode, proposal: proposal)
        }
    }

    private func textLines(_ text: TextNode, _ shaper: TextShaper, proposal: ProposedCellSize) -> [TextLine] {
        var maxLines = text.lineLimit
        if let height = proposal.height, height < ProposedCellSize.unbounded {
            maxLines = min(maxLines ?? Int.max, max(height, 1))
        }
        let width = proposal.width.flatMap { $0 >= ProposedCellSize.unbounded ? nil : $0 }
        return shaper.lines(width: width, maxLines: maxLines, truncationMode: text.truncationMode)
    }

    private func imageSize(_ image: ImageNode, proposal: ProposedCellSize) -> CellSize {
        if image.isResizable { return CellSize(width: proposal.width ?? 2, height: proposal.height ?? 1) }
        switch image.source {
        case .systemSymbol(let name): return CellSize(width: environment.symbolWidth(name), height: 1)
        case .asset, .bitmap: return CellSize(width: 4, height: 2)
        }
    }

    private func gaugeSize(_ gauge: GaugeNode, proposal: ProposedCellSize) -> CellSize {
        switch gauge.kind {
        case .accessoryCircular, .accessoryCircularCapacity, .progressCircular:
            // The ring of an accessoryCircular family: 76 pt square, at most what is offered.
            let side = environment.metric.cells(width: 76, height: 76)
            return CellSize(width: min(proposal.width ?? side.width, side.width),
                            height: min(proposal.height ?? side.height, side.height))
        case .accessoryLinear, .accessoryLinearCapacity, .linearCapacity, .progressLinear:
            let hasLabel = !children[0].isEmptyContent
            let hasValues = !children[1].isEmptyContent || !children[2].isEmptyContent || !children[3].isEmptyContent
            let width = proposal.width.map { min($0, ProposedCellSize.unbounded) } ?? 10
            return CellSize(width: width, height: 1 + (hasLabel ? 1 : 0) + (hasValues ? 1 : 0))
        }
    }

    var isEmptyContent: Bool {
        if case .empty = kind { return true }
        return false
    }

    private static func isFixed(_ frame: CellFrame) -> Bool {
        frame.minWidth == nil && frame.maxWidth == nil && frame.minHeight == nil && frame.maxHeight == nil
            && frame.idealWidth == nil && frame.idealHeight == nil
    }

    /// What a frame proposes to its child for `proposal`.
    private func frameChildProposal(_ frame: CellFrame, proposal: ProposedCellSize) -> ProposedCellSize {
        if Self.isFixed(frame) {
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

    private func frameSize(_ frame: CellFrame, proposal: ProposedCellSize) -> CellSize {
        let child = children[0]
        if Self.isFixed(frame) {
            let size = (frame.width != nil && frame.height != nil) ? CellSize.zero : child.size(for: frameChildProposal(frame, proposal: proposal))
            return CellSize(width: frame.width ?? size.width, height: frame.height ?? size.height)
        }
        func axis(_ proposed: Int?, minimum: Int?, ideal: Int?, maximum: Int?, childLength: (Int?) -> Int) -> Int {
            var offered = proposed ?? ideal
            if let value = offered {
                if let minimum { offered = max(value, minimum) }
                if let maximum { offered = min(offered ?? value, maximum) }
            }
            let length = childLength(offered)
            if minimum == nil && maximum == nil { return length }
            let reference = proposed ?? ideal ?? length
            let lower = minimum ?? min(length, maximum ?? length)
            let upper = maximum ?? max(length, minimum ?? length)
            return min(max(reference, lower), max(upper, lower))
        }
        let childSize = child.size(for: frameChildProposal(frame, proposal: proposal))
        let width = axis(proposal.width, minimum: frame.minWidth, ideal: frame.idealWidth, maximum: frame.maxWidth) { _ in childSize.width }
        let height = axis(proposal.height, minimum: frame.minHeight, ideal: frame.idealHeight, maximum: frame.maxHeight) { _ in childSize.height }
        return CellSize(width: width, height: height)
    }

    private func aspectSize(ratio: Double?, mode: ContentMode, proposal: ProposedCellSize) -> CellSize {
        children[0].size(for: aspectChildProposal(ratio: ratio, mode: mode, proposal: proposal))
    }

    /// What `.aspectRatio` proposes to its child: the largest (fit) or smallest (fill) size of the ratio.
    private func aspectChildProposal(ratio: Double?, mode: ContentMode, proposal: ProposedCellSize) -> ProposedCellSize {
        let child = children[0]
        let metric = environment.metric
        let ideal = child.size(for: .ideal)
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

    struct StackResult {
        var size: CellSize
        var childSizes: [CellSize]
        /// The proposal each child's size answered (placement proposes the same, as SwiftUI does).
        var childProposals: [ProposedCellSize]
    }

    private var stackCacheProposal: ProposedCellSize?
    private var stackCacheResult: StackResult?

    func stackLayout(axis: StackAxis, spacings: [Int], proposal: ProposedCellSize) -> StackResult {
        if let cached = stackCacheResult, stackCacheProposal == proposal { return cached }
        let result: StackResult
        switch axis {
        case .depth: result = depthStack(proposal: proposal)
        case .horizontal, .vertical: result = linearStack(axis: axis, spacings: spacings, proposal: proposal)
        }
        stackCacheProposal = proposal
        stackCacheResult = result
        return result
    }

    private func depthStack(proposal: ProposedCellSize) -> StackResult {
        let sizes = children.map { $0.size(for: proposal) }
        return StackResult(size: CellSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0),
                           childSizes: sizes, childProposals: Array(repeating: proposal, count: children.count))
    }

    private func linearStack(axis: StackAxis, spacings: [Int], proposal: ProposedCellSize) -> StackResult {
        let horizontal = axis == .horizontal
        let totalSpacing = spacings.reduce(0, +)
        let main = horizontal ? proposal.width : proposal.height
        let cross = horizontal ? proposal.height : proposal.width
        func offer(_ length: Int?) -> ProposedCellSize {
            horizontal ? ProposedCellSize(width: length, height: cross) : ProposedCellSize(width: cross, height: length)
        }
        func along(_ size: CellSize) -> Int { horizontal ? size.width : size.height }
        func across(_ size: CellSize) -> Int { horizontal ? size.height : size.width }

        var sizes = [CellSize](repeating: .zero, count: children.count)
        var proposals = [ProposedCellSize](repeating: offer(nil), count: children.count)
        if let main {
            // SwiftUI: by priority groups (highest first), then least flexible first, each child offered an
            // equal share of what remains after reserving the minimum of lower-priority children.
            let minimums = children.map { along($0.size(for: offer(0))) }
            let maximums = children.map { along($0.size(for: offer(ProposedCellSize.unbounded))) }
            var remaining = max(0, main - max(totalSpacing, 0))
            // Spacers come last and only share what the other children left: in points a text beside a
            // spacer almost always fits, and cells must not make it wrap (docs/DECISIONS.md).
            let spacerIndices = children.indices.filter { children[$0].isSpacer }
            let spacerMinimum = spacerIndices.reduce(0) { $0 + minimums[$1] }
            remaining = max(0, remaining - spacerMinimum)
            let priorities = Set(children.map(\.priority)).sorted(by: >)
            for priority in priorities {
                let members = children.indices.filter { children[$0].priority == priority && !children[$0].isSpacer }
                    .sorted { (maximums[$0] - minimums[$0], $0) < (maximums[$1] - minimums[$1], $1) }
                let reserved = children.indices.filter { children[$0].priority < priority && !children[$0].isSpacer }
                    .reduce(0) { $0 + minimums[$1] }
                var available = max(0, remaining - reserved)
                var count = members.count
                for index in members {
                    let share = count > 0 ? (available + count - 1) / count : 0
                    proposals[index] = offer(share)
                    let size = children[index].size(for: proposals[index])
                    sizes[index] = size
                    available = max(0, available - along(size))
                    count -= 1
                }
                remaining = max(0, remaining - members.reduce(0) { $0 + along(sizes[$1]) })
            }
            var available = remaining + spacerMinimum
            var count = spacerIndices.count
            for index in spacerIndices {
                let share = count > 0 ? available / count : 0
                proposals[index] = offer(share)
                sizes[index] = children[index].size(for: proposals[index])
                available = max(0, available - along(sizes[index]))
                count -= 1
            }
        } else {
            for index in children.indices { sizes[index] = children[index].size(for: offer(nil)) }
        }
        let length = max(0, min(sizes.reduce(totalSpacing) { $0 + along($1) }, ProposedCellSize.unbounded))
        let thickness = sizes.map(across).max() ?? 0
        let size = horizontal ? CellSize(width: length, height: thickness) : CellSize(width: thickness, height: length)
        return StackResult(size: size, childSizes: sizes, childProposals: proposals)
    }

    // MARK: Placement

    /// Places this node in `rect` (the size it answered for `proposal`) and its children inside it,
    /// proposing to each child what it was proposed while measuring, as SwiftUI's placement does.
    func place(in rect: CellRect, proposal: ProposedCellSize) -> PlacedNode {
        switch kind {
        case .empty, .spacer:
            return PlacedNode(content: .none, frame: rect)
        case .text(let text, let shaper):
            let lines = text.isGreedy ? [TextLine(graphemes: shaper.graphemes, isTruncated: false)] : textLines(text, shaper, proposal: proposal)
            return PlacedNode(content: .text(text, lines: lines), frame: rect)
        case .image(let image):
            return PlacedNode(content: .image(image), frame: rect)
        case .shape(let shape):
            return PlacedNode(content: .shape(shape), frame: rect)
        case .divider(let paint, let axis):
            return PlacedNode(content: .divider(paint, axis: axis), frame: rect)
        case .gauge(let gauge):
            return PlacedNode(content: .gauge(gauge), frame: rect, children: placeGaugeLabels(gauge, in: rect))
        case .stack(let axis, let alignment, let spacings):
            let result = stackLayout(axis: axis, spacings: spacings, proposal: proposal)
            var placed: [PlacedNode] = []
            var cursor = axis == .horizontal ? rect.x : rect.y
            for (index, child) in children.enumerated() {
                let size = result.childSizes[index]
                let origin: (x: Int, y: Int)
                switch axis {
                case .horizontal:
                    origin = (cursor, rect.y + Self.offset(free: rect.height - size.height, alignment.vertical.fraction))
                    cursor += size.width + (index < spacings.count ? spacings[index] : 0)
                case .vertical:
                    origin = (rect.x + Self.offset(free: rect.width - size.width, alignment.horizontal.fraction), cursor)
                    cursor += size.height + (index < spacings.count ? spacings[index] : 0)
                case .depth:
                    origin = Self.aligned(size, in: rect, alignment)
                }
                placed.append(child.place(in: CellRect(origin: origin, size: size), proposal: result.childProposals[index]))
            }
            return PlacedNode(content: .none, frame: rect, children: placed)
        case .padding(let insets):
            let childProposal = ProposedCellSize(width: proposal.width.map { max(0, $0 - insets.horizontal) },
                                                 height: proposal.height.map { max(0, $0 - insets.vertical) })
            let size = children[0].size(for: childProposal)
            let origin = (x: rect.x + insets.leading, y: rect.y + insets.top)
            return PlacedNode(content: .none, frame: rect,
                              children: [children[0].place(in: CellRect(origin: origin, size: size), proposal: childProposal)])
        case .frame(let spec, let frame):
            let childProposal = frameChildProposal(frame, proposal: proposal)
            let size = children[0].size(for: childProposal)
            return PlacedNode(content: .none, frame: rect,
                              children: [children[0].place(in: CellRect(origin: Self.aligned(size, in: rect, spec.alignment), size: size),
                                                           proposal: childProposal)])
        case .background(let alignment), .overlay(let alignment):
            let main = children[0].place(in: rect, proposal: proposal)
            let extraProposal = ProposedCellSize(rect.size)
            let extraSize = children[1].size(for: extraProposal)
            let extra = children[1].place(in: CellRect(origin: Self.aligned(extraSize, in: rect, alignment), size: extraSize),
                                          proposal: extraProposal)
            guard case .background = kind else {
                return PlacedNode(content: .modifier(.overlay(.empty, alignment: alignment)), frame: rect, children: [main, extra])
            }
            return PlacedNode(content: .modifier(.background(.empty, alignment: alignment)), frame: rect, children: [main, extra])
        case .fixedSize(let horizontal, let vertical):
            let childProposal = ProposedCellSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
            let size = children[0].size(for: childProposal)
            return PlacedNode(content: .none, frame: rect,
                              children: [children[0].place(in: CellRect(origin: Self.aligned(size, in: rect, .center), size: size),
                                                           proposal: childProposal)])
        case .aspectRatio(let ratio, let mode):
            let childProposal = aspectChildProposal(ratio: ratio, mode: mode, proposal: proposal)
            let size = children[0].size(for: childProposal)
            return PlacedNode(content: .none, frame: rect,
                              children: [children[0].place(in: CellRect(origin: Self.aligned(size, in: rect, .center), size: size),
                                                           proposal: childProposal)])
        case .offset(let x, let y):
            let moved = CellRect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height)
            return PlacedNode(content: .none, frame: rect, children: [children[0].place(in: moved, proposal: proposal)])
        case .decoration(let modifier):
            return PlacedNode(content: .modifier(modifier), frame: rect, children: [children[0].place(in: rect, proposal: proposal)])
        }
    }

    private func clamp(_ size: CellSize, _ limit: CellSize) -> CellSize {
        CellSize(width: min(size.width, max(limit.width, 0)), height: min(size.height, max(limit.height, 0)))
    }

    private func placeGaugeLabels(_ gauge: GaugeNode, in rect: CellRect) -> [PlacedNode] {
        let label = children[0], current = children[1], minimum = children[2], maximum = children[3]
        func put(_ node: LayoutNode, row: Int, alignment: HorizontalAlignment, width: Int? = nil, column: Int? = nil) -> PlacedNode {
            let available = CellRect(x: column ?? rect.x, y: row, width: width ?? rect.width, height: 1)
            let labelProposal = ProposedCellSize(width: available.width, height: 1)
            let size = clamp(node.size(for: labelProposal), available.size)
            return node.place(in: CellRect(origin: Self.aligned(size, in: available, Alignment(horizontal: alignment, vertical: .center)), size: size),
                              proposal: labelProposal)
        }
        switch gauge.kind {
        case .accessoryCircular, .accessoryCircularCapacity, .progressCircular:
            let middle = rect.y + rect.height / 2
            var placed = [put(current.isEmptyContent ? label : current, row: middle, alignment: .center,
                              width: max(rect.width - 2, 1), column: rect.x + 1)]
            if gauge.kind == .accessoryCircular, rect.height >= 3 {
                let bottom = rect.maxY - 1
                let half = max(rect.width / 2 - 1, 1)
                placed.append(put(minimum, row: bottom, alignment: .trailing, width: half, column: rect.x))
                placed.append(put(maximum, row: bottom, alignment: .leading, width: half, column: rect.maxX - half))
                if minimum.isEmptyContent && maximum.isEmptyContent && !current.isEmptyContent {
                    placed.append(put(label, row: bottom, alignment: .center, width: max(rect.width - 4, 1), column: rect.x + 2))
                }
            }
            return placed
        default:
            var row = rect.y
            var placed: [PlacedNode] = []
            if !label.isEmptyContent {
                placed.append(put(label, row: row, alignment: .leading))
                row += 1
            }
            row += 1 // the bar
            if row < rect.maxY {
                if !minimum.isEmptyContent || !maximum.isEmptyContent {
                    placed.append(put(minimum, row: row, alignment: .leading))
                    placed.append(put(maximum, row: row, alignment: .trailing))
                } else if !current.isEmptyContent {
                    placed.append(put(current, row: row, alignment: .leading))
                }
            }
            return placed
        }
    }

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
