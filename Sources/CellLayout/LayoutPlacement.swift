import Foundation
import WidgetKitUI

// MARK: - Placement

extension LayoutTree {
    /// Places the tree in `rect` (the size the root answered for `proposal`) and returns the placed entries.
    ///
    /// The entries are initialised where they lie in one buffer, each once: filling the buffer with placeholders
    /// first and overwriting them cost a destroy and a copy of every entry (docs/DECISIONS.md, fourth pass).
    mutating func placeTree(in rect: CellRect, proposal: ProposedCellSize) -> [PlacedEntry] {
        let nodeCount = nodes.count
        // A gauge places at most its four labels, copied after the nodes.
        return [PlacedEntry](unsafeUninitializedCapacity: nodeCount + 4 * gauges.count) { buffer, count in
            placed = buffer
            placedCount = 0
            nextCopy = nodeCount
            place(Self.root, in: rect, proposal: proposal)
            // Nodes laid out but not placed get an empty entry, so that every slot is initialised.
            if placedCount < nodeCount {
                for index in 0..<nodeCount where !nodes[index].isPlaced { (buffer.baseAddress! + index).initialize(to: .unwritten) }
            }
            count = nextCopy
            placed = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
    }

    /// Places node `index` in `rect` (the size it answered for `proposal`) and its children inside it,
    /// proposing to each child what it was proposed while measuring, as SwiftUI's placement does. The placed node
    /// is written to `placed[index]`, its children to their own slots (a gauge's labels to slots appended).
    mutating func place(_ index: Int, in rect: CellRect, proposal: ProposedCellSize) {
        let child = nodes[index].firstChild
        switch nodes[index].kind {
        case .empty, .spacer:
            write(.none, rect, at: index)
        case .text(let text):
            let lines =
                text.isGreedy
                ? [TextLine(graphemes: shapers[text.index].graphemes, isTruncated: false)]
                : textLines(text, proposal: proposal)
            write(.text(textNodes[text.index], lines: lines), rect, at: index)
        case .image(let image, _, _):
            write(.image(images[image]), rect, at: index)
        case .shape(let shape):
            write(.shape(shapes[shape]), rect, at: index)
        case .divider(let paint, let axis):
            write(.divider(paints[paint], axis: axis), rect, at: index)
        case .gauge(let gauge, _, _, _):
            let labels = placeGaugeLabels(of: index, in: rect)
            // The labels placed, in drawing order, copied to consecutive slots (each was placed in its own).
            let first = nextCopy
            for label in labels {
                (placed.baseAddress! + nextCopy).initialize(to: placed[label])
                nextCopy += 1
            }
            write(.gauge(gauges[gauge]), rect, at: index, children: first, count: labels.count)
        case .stack(let axis, let alignment, let firstSpacing):
            if nodes[index].stackChildrenProposal != proposal { _ = stackLayout(index, proposal: proposal) }
            let children = nodes[index].children
            var cursor = axis == .horizontal ? rect.x : rect.y
            for child in children {
                // Placing a child never changes its siblings' assignments: only this stack writes them.
                let size = nodes[child].assignedSize
                let gap = child + 1 < children.upperBound ? spacings[firstSpacing + child - children.lowerBound] : 0
                let origin: (x: Int, y: Int)
                switch axis {
                case .horizontal:
                    origin = (cursor, rect.y + Self.offset(free: rect.height - size.height, alignment.vertical.fraction))
                    cursor += size.width + gap
                case .vertical:
                    origin = (rect.x + Self.offset(free: rect.width - size.width, alignment.horizontal.fraction), cursor)
                    cursor += size.height + gap
                case .depth:
                    origin = Self.aligned(size, in: rect, alignment)
                }
                place(child, in: CellRect(origin: origin, size: size), proposal: nodes[child].assignedProposal)
            }
            write(.none, rect, at: index, children: children.lowerBound, count: children.count)
        case .padding(let insets):
            let childProposal = Self.paddingChildProposal(insets, proposal)
            let size = size(of: child, for: childProposal)
            let origin = (x: rect.x + insets.leading, y: rect.y + insets.top)
            place(child, in: CellRect(origin: origin, size: size), proposal: childProposal)
            write(.none, rect, at: index, children: child, count: 1)
        case .frame(let frame, let alignment):
            let childProposal = Self.frameChildProposal(frames[frame], proposal: proposal)
            placeAligned(child, in: rect, alignment, proposal: childProposal)
            write(.none, rect, at: index, children: child, count: 1)
        case .background(let alignment), .overlay(let alignment):
            place(child, in: rect, proposal: proposal)
            placeAligned(child + 1, in: rect, alignment, proposal: ProposedCellSize(rect.size))
            let modifier: NodeModifier =
                if case .background = nodes[index].kind {
                    .background(.empty, alignment: alignment)
                } else {
                    .overlay(.empty, alignment: alignment)
                }
            write(.modifier(modifier), rect, at: index, children: child, count: 2)
        case .fixedSize(let horizontal, let vertical):
            let childProposal = ProposedCellSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
            placeAligned(child, in: rect, .center, proposal: childProposal)
            write(.none, rect, at: index, children: child, count: 1)
        case .aspectRatio(let ratio, let mode):
            let childProposal = aspectChildProposal(ratio: ratio, mode: mode, child: child, proposal: proposal)
            placeAligned(child, in: rect, .center, proposal: childProposal)
            write(.none, rect, at: index, children: child, count: 1)
        case .offset(let x, let y):
            let moved = CellRect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height)
            place(child, in: moved, proposal: proposal)
            write(.none, rect, at: index, children: child, count: 1)
        case .firstFitting(let horizontal, let vertical):
            let chosen = fittingChild(of: index, horizontal: horizontal, vertical: vertical, proposal: proposal)
            placeAligned(chosen, in: rect, .center, proposal: proposal)
            write(.none, rect, at: index, children: chosen, count: 1)
        case .decoration(let modifier):
            place(child, in: rect, proposal: proposal)
            if case .layoutDirection(.rightToLeft) = modifiers[modifier] { mirror(child, within: rect) }
            write(.modifier(modifiers[modifier]), rect, at: index, children: child, count: 1)
        }
    }

    /// Writes the placed node `index`: `content` in `rect`, its children the `count` slots from `first`. Each slot
    /// is initialised once (the slot holds no value before).
    private mutating func write(_ content: PlacedNode.Content, _ rect: CellRect, at index: Int, children first: Int = 0, count: Int = 0) {
        assert(!nodes[index].isPlaced, "placed node \(index) written twice")
        nodes[index].isPlaced = true
        placedCount += 1
        (placed.baseAddress! + index).initialize(to: PlacedEntry(content: content, frame: rect, firstChild: first, childCount: count))
    }

    /// Measures node `index` for `proposal` and places it in `rect` at `alignment`.
    private mutating func placeAligned(_ index: Int, in rect: CellRect, _ alignment: Alignment, proposal: ProposedCellSize) {
        let size = size(of: index, for: proposal)
        place(index, in: CellRect(origin: Self.aligned(size, in: rect, alignment), size: size), proposal: proposal)
    }

    /// Places the labels of gauge `index` on the rows around its bar or in its ring, and returns their nodes in
    /// drawing order.
    private mutating func placeGaugeLabels(of index: Int, in rect: CellRect) -> [Int] {
        guard case .gauge(_, let kind, _, _) = nodes[index].kind else { return [] }
        let label = nodes[index].firstChild, current = label + 1, minimum = label + 2, maximum = label + 3
        func isEmpty(_ node: Int) -> Bool { nodes[node].isEmptyContent }
        switch kind {
        case .accessoryCircular, .accessoryCircularCapacity, .progressCircular:
            let middle = rect.y + rect.height / 2
            var placed = [
                placeLabel(
                    isEmpty(current) ? label : current, row: middle, alignment: .center,
                    width: max(rect.width - 2, 1), column: rect.x + 1, in: rect)
            ]
            if kind == .accessoryCircular, rect.height >= 3 {
                let bottom = rect.maxY - 1
                let half = max(rect.width / 2 - 1, 1)
                placed.append(placeLabel(minimum, row: bottom, alignment: .trailing, width: half, column: rect.x, in: rect))
                placed.append(placeLabel(maximum, row: bottom, alignment: .leading, width: half, column: rect.maxX - half, in: rect))
                if isEmpty(minimum) && isEmpty(maximum) && !isEmpty(current) {
                    placed.append(
                        placeLabel(label, row: bottom, alignment: .center, width: max(rect.width - 4, 1), column: rect.x + 2, in: rect))
                }
            }
            return placed
        case .accessoryLinear, .accessoryLinearCapacity, .linearCapacity, .progressLinear:
            var row = rect.y
            var placed: [Int] = []
            if !isEmpty(label) {
                placed.append(placeLabel(label, row: row, alignment: .leading, in: rect))
                row += 1
            }
            row += 1 // the bar
            if row < rect.maxY {
                if !isEmpty(minimum) || !isEmpty(maximum) {
                    placed.append(placeLabel(minimum, row: row, alignment: .leading, in: rect))
                    placed.append(placeLabel(maximum, row: row, alignment: .trailing, in: rect))
                } else if !isEmpty(current) {
                    placed.append(placeLabel(current, row: row, alignment: .leading, in: rect))
                }
            }
            return placed
        }
    }

    /// One gauge label on one row: offered the row's width (`width` columns from `column`, else the
    /// gauge's), kept inside it and aligned.
    private mutating func placeLabel(
        _ node: Int, row: Int, alignment: HorizontalAlignment, width: Int? = nil, column: Int? = nil,
        in rect: CellRect
    ) -> Int {
        let available = CellRect(x: column ?? rect.x, y: row, width: width ?? rect.width, height: 1)
        let labelProposal = ProposedCellSize(width: available.width, height: 1)
        let measured = size(of: node, for: labelProposal)
        let size = CellSize(width: min(measured.width, max(available.width, 0)), height: min(measured.height, max(available.height, 0)))
        place(
            node, in: CellRect(origin: Self.aligned(size, in: available, Alignment(horizontal: alignment, vertical: .center)), size: size),
            proposal: labelProposal)
        return node
    }
}
