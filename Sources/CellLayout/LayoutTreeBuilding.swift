import Foundation
import WidgetKitUI

extension LayoutTree {
    // MARK: Building

    /// Appends `count` placeholder nodes for the children of one node and returns the first index.
    mutating func reserveChildren(_ count: Int) -> Int {
        nodes.append(count: count)
    }

    /// `node` with slots of its own in the size cache.
    mutating func caching(_ node: LayoutNode) -> LayoutNode {
        var node = node
        node.cacheStart = cachingNodes * Self.cacheSlots
        cachingNodes += 1
        return node
    }

    /// Fills node `index` (already reserved) from `node`, and appends its descendants.
    mutating func build(_ node: ViewNode, into index: Int, parentAxis: StackAxis?) {
        withUnsafePointer(to: node) { build(at: $0, into: index, parentAxis: parentAxis) }
    }

    /// `build(_:into:parentAxis:)` for the view node at `node`, read where it lies: only the payload a case binds is
    /// copied, not the whole node (a stack's children are built from their array this way, none copied out of it).
    mutating func build(at node: UnsafePointer<ViewNode>, into index: Int, parentAxis: StackAxis?) {
        let metric = environment.metric
        switch node.pointee {
        case .empty:
            nodes[index] = LayoutNode(kind: .empty)
        case .group(let children):
            // A group outside a stack lays its children out like a vertical stack would.
            let flat = children.flatMap(\.flattened)
            if flat.count == 1 { return build(flat[0], into: index, parentAxis: parentAxis) }
            buildStack(StackNode(axis: .vertical, alignment: .center, spacing: nil, children: flat), into: index)
        case .text(let text):
            let shaper = TextShaper(
                node: text, date: environment.date, format: environment.format, appendingTo: &graphemes,
                initialCapacity: Self.initialGraphemeCapacity)
            let metrics = LayoutNode.TextMetrics(
                index: texts.count, naturalWidth: shaper.naturalWidth, naturalPointWidth: shaper.naturalPointWidth,
                naturalPointCells: pointsPerColumn.map { TextShaper.cells(forPoints: shaper.naturalPointWidth, pointsPerColumn: $0) } ?? 0,
                isSingleLine: shaper.naturalLineCount == 1,
                isEmpty: shaper.graphemeRange.isEmpty, isGreedy: shaper.isGreedy, isLive: shaper.isLive,
                reservedWidth: shaper.reservedWidth, lineLimit: text.lineLimit, truncationMode: text.truncationMode)
            nodes.append(LayoutNode.LaidText(metrics: metrics, node: text, shaper: shaper), to: { $0.texts }, growing: { $0.texts *= 2 })
            // Each node is written whole, once: every write to the array checks that it is unique.
            nodes[index] = caching(LayoutNode(kind: .text(index: metrics.index)))
        case .image(let image):
            var size: CellSize?
            var ideal: CellSize?
            switch image.source {
            case .systemSymbol(let name): size = CellSize(width: environment.symbolWidth(name), height: 1)
            case .asset, .bitmap: size = CellSize(width: 4, height: 2)
            case .catalog(let bitmap):
                // The image's point size in cells: a non-resizable image keeps it, a resizable one takes it
                // when offered nothing (so `.aspectRatio` without a ratio keeps the picture's proportions).
                let points = bitmap.pointSize
                size = CellSize(width: max(1, metric.columns(points.width)), height: max(1, metric.rows(points.height)))
                ideal = size
            }
            if image.isResizable { size = nil }
            nodes[index] = LayoutNode(kind: .image(index: images.count))
            // Images and their sizes share a capacity: the first append makes room for both.
            nodes.append(image, to: { $0.images }, growing: { $0.images *= 2 })
            nodes.append(LayoutNode.ImageSize(size: size, ideal: ideal), to: { $0.imageSizes }, growing: { $0.images *= 2 })
        case .shape(let shape):
            nodes[index] = LayoutNode(kind: .shape(index: shapes.count))
            nodes.append(shape, to: { $0.shapes }, growing: { $0.shapes *= 2 })
        case .spacer(let minLength):
            let minimum: Int
            switch parentAxis {
            case .horizontal: minimum = minLength.map(metric.explicitColumns) ?? metric.columns(8)
            case .vertical: minimum = minLength.map(metric.rows) ?? metric.rows(8)
            default: minimum = 0
            }
            var spacer = LayoutNode(kind: .spacer(minimum: minimum, axis: parentAxis))
            spacer.isSpacer = true
            nodes[index] = spacer
        case .divider(let paint):
            nodes[index] = LayoutNode(kind: .divider(index: paints.count, axis: parentAxis == .horizontal ? .horizontal : .vertical))
            nodes.append(paint, to: { $0.paints }, growing: { $0.paints *= 2 })
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
            var node = LayoutNode(kind: .gauge(index: gauges.count, gauge.kind, hasLabel: hasLabel, hasValues: hasValues))
            node.firstChild = first
            node.childCount = 4
            nodes[index] = node
            nodes.append(gauge, to: { $0.gauges }, growing: { $0.gauges *= 2 })
        case .modified(let inner, let modifier):
            buildModifier(modifier, over: inner, into: index, parentAxis: parentAxis)
        }
    }

    static func isSpacer(_ node: ViewNode) -> Bool {
        if case .spacer = node { return true }
        return false
    }

    /// True for the children a stack replaces by their contents (`flattened`): groups and empty views.
    static func needsFlattening(_ node: ViewNode) -> Bool {
        switch node {
        case .group, .empty: return true
        default: return false
        }
    }

    /// A stack whose children are already flattened.
    mutating func buildStack(_ stack: StackNode, into index: Int) {
        let children = stack.children
        let first = reserveChildren(children.count)
        children.withUnsafeBufferPointer { children in
            guard let base = children.baseAddress else { return }
            for offset in children.indices { build(at: base + offset, into: first + offset, parentAxis: stack.axis) }
        }
        // The gaps go into the built children (building a child writes its whole node).
        var previousIsSpacer = !children.isEmpty && Self.isSpacer(children[0])
        for offset in children.indices.dropFirst() {
            let isSpacer = Self.isSpacer(children[offset])
            nodes[first + offset - 1].spacingAfter = LayoutNode.spacing(
                stack, afterSpacer: previousIsSpacer, beforeSpacer: isSpacer, metric: environment.metric)
            previousIsSpacer = isSpacer
        }
        var node = LayoutNode(kind: .stack(stack.axis, stack.alignment))
        node.firstChild = first
        node.childCount = children.count
        nodes[index] = caching(node)
    }

    mutating func buildModifier(_ modifier: NodeModifier, over inner: ViewNode, into index: Int, parentAxis: StackAxis?) {
        let metric = environment.metric
        let kind: LayoutNode.Kind
        var extra: ViewNode?
        var alternatives: [ViewNode] = []
        switch modifier {
        case .padding(let insets):
            kind = .padding(
                CellInsets(
                    top: metric.signedRows(insets.top), leading: metric.explicitColumns(insets.leading),
                    bottom: metric.signedRows(insets.bottom), trailing: metric.explicitColumns(insets.trailing)))
        case .frame(let spec):
            func columns(_ value: Double?) -> Int? { value.map { max(0, metric.columns($0)) } }
            func rows(_ value: Double?) -> Int? { value.map { max(0, metric.rows($0)) } }
            let cells = LayoutNode.CellFrame(
                width: columns(spec.width), height: rows(spec.height),
                minWidth: columns(spec.minWidth), idealWidth: columns(spec.idealWidth),
                maxWidth: columns(spec.maxWidth), minHeight: rows(spec.minHeight),
                idealHeight: rows(spec.idealHeight), maxHeight: rows(spec.maxHeight))
            kind = .frame(index: frames.count, spec.alignment)
            nodes.append(cells, to: { $0.frames }, growing: { $0.frames *= 2 })
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
        case .viewThatFits(let others, let horizontal, let vertical):
            kind = .firstFitting(horizontal: horizontal, vertical: vertical)
            alternatives = others
        default:
            kind = .decoration(index: modifiers.count)
            nodes.append(modifier, to: { $0.modifiers }, growing: { $0.modifiers *= 2 })
        }
        // A background's or overlay's view is built as child 1 directly: wrapping it in an array of
        // alternatives would cost an allocation per background on every frame.
        let extraCount = extra == nil ? alternatives.count : 1
        let first = reserveChildren(1 + extraCount)
        build(inner, into: first, parentAxis: parentAxis)
        if let extra { build(extra, into: first + 1, parentAxis: nil) }
        for (offset, alternative) in alternatives.enumerated() { build(alternative, into: first + 1 + offset, parentAxis: nil) }
        var node = LayoutNode(kind: kind)
        node.firstChild = first
        node.childCount = 1 + extraCount
        node.priority = nodes[first].priority
        if case .layoutPriority(let value) = modifier { node.priority = value }
        switch kind {
        case .decoration, .padding, .fixedSize, .offset: node.isSpacer = nodes[first].isSpacer
        default: node.isSpacer = false
        }
        nodes[index] = node
    }
}
