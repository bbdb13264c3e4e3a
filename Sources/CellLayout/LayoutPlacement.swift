import Foundation
import WidgetKitUI

// MARK: - Placement

extension LayoutTree {
    /// Places node `index` in `rect` (the size it answered for `proposal`) and its children inside it,
    /// proposing to each child what it was proposed while measuring, as SwiftUI's placement does.
    mutating func place(_ index: Int, in rect: CellRect, proposal: ProposedCellSize) -> PlacedNode {
        let child = nodes[index].firstChild
        switch nodes[index].kind {
        case .empty, .spacer:
            return PlacedNode(content: .none, frame: rect)
        case .text(let textIndex):
            let text = texts[textIndex].metrics
            let lines =
                text.isGreedy
                ? TextLines(TextLine(graphemes: texts[text.index].shaper.graphemes, isTruncated: false))
                : textLines(text, proposal: proposal)
            return PlacedNode(content: .text(texts[text.index].node, lines: lines), frame: rect)
        case .image(let image):
            return PlacedNode(content: .image(images[image]), frame: rect)
        case .shape(let shape):
            return PlacedNode(content: .shape(shapes[shape]), frame: rect)
        case .divider(let paint, let axis):
            return PlacedNode(content: .divider(paints[paint], axis: axis), frame: rect)
        case .gauge(let gauge, _, _, _):
            return PlacedNode(content: .gauge(gauges[gauge]), frame: rect, children: placeGaugeLabels(of: index, in: rect))
        case .stack(let axis, let alignment):
            if nodes[index].stackChildrenProposal != proposal { _ = stackLayout(index, proposal: proposal) }
            let children = nodes[index].children
            var placed: [PlacedNode] = []
            placed.reserveCapacity(children.count)
            var cursor = axis == .horizontal ? rect.x : rect.y
            for child in children {
                // Placing a child never changes its siblings' assignments: only this stack writes them.
                let size = nodes[child].assignedSize
                let gap = nodes[child].spacingAfter
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
                placed.append(place(child, in: CellRect(origin: origin, size: size), proposal: nodes[child].assignedProposal))
            }
            return PlacedNode(content: .none, frame: rect, children: placed)
        case .padding(let insets):
            let childProposal = Self.paddingChildProposal(insets, proposal)
            let size = size(of: child, for: childProposal)
            let origin = (x: rect.x + insets.leading, y: rect.y + insets.top)
            return PlacedNode(
                content: .none, frame: rect, children: [place(child, in: CellRect(origin: origin, size: size), proposal: childProposal)])
        case .frame(let frame, let alignment):
            let childProposal = Self.frameChildProposal(frames[frame], proposal: proposal)
            return PlacedNode(content: .none, frame: rect, children: [placeAligned(child, in: rect, alignment, proposal: childProposal)])
        case .background(let alignment), .overlay(let alignment):
            let main = place(child, in: rect, proposal: proposal)
            let extra = placeAligned(child + 1, in: rect, alignment, proposal: ProposedCellSize(rect.size))
            guard case .background = nodes[index].kind else {
                return PlacedNode(content: .modifier(.overlay(.empty, alignment: alignment)), frame: rect, children: [main, extra])
            }
            return PlacedNode(content: .modifier(.background(.empty, alignment: alignment)), frame: rect, children: [main, extra])
        case .fixedSize(let horizontal, let vertical):
            let childProposal = ProposedCellSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
            return PlacedNode(content: .none, frame: rect, children: [placeAligned(child, in: rect, .center, proposal: childProposal)])
        case .aspectRatio(let ratio, let mode):
            let childProposal = aspectChildProposal(ratio: ratio, mode: mode, child: child, proposal: proposal)
            return PlacedNode(content: .none, frame: rect, children: [placeAligned(child, in: rect, .center, proposal: childProposal)])
        case .offset(let x, let y):
            let moved = CellRect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height)
            return PlacedNode(content: .none, frame: rect, children: [place(child, in: moved, proposal: proposal)])
        case .firstFitting(let horizontal, let vertical):
            let chosen = fittingChild(of: index, horizontal: horizontal, vertical: vertical, proposal: proposal)
            return PlacedNode(content: .none, frame: rect, children: [placeAligned(chosen, in: rect, .center, proposal: proposal)])
        case .decoration(let modifier):
            var placed = place(child, in: rect, proposal: proposal)
            if case .layoutDirection(.rightToLeft) = modifiers[modifier] { placed.mirror(within: rect) }
            return PlacedNode(content: .modifier(modifiers[modifier]), frame: rect, children: [placed])
        }
    }

    /// Measures node `index` for `proposal` and places it in `rect` at `alignment`.
    private mutating func placeAligned(_ index: Int, in rect: CellRect, _ alignment: Alignment, proposal: ProposedCellSize) -> PlacedNode {
        let size = size(of: index, for: proposal)
        return place(index, in: CellRect(origin: Self.aligned(size, in: rect, alignment), size: size), proposal: proposal)
    }

    /// The labels of gauge `index` on the rows around its bar or in its ring.
    private mutating func placeGaugeLabels(of index: Int, in rect: CellRect) -> [PlacedNode] {
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
            var placed: [PlacedNode] = []
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
    ) -> PlacedNode {
        let available = CellRect(x: column ?? rect.x, y: row, width: width ?? rect.width, height: 1)
        let labelProposal = ProposedCellSize(width: available.width, height: 1)
        let measured = size(of: node, for: labelProposal)
        let size = CellSize(width: min(measured.width, max(available.width, 0)), height: min(measured.height, max(available.height, 0)))
        return place(
            node, in: CellRect(origin: Self.aligned(size, in: available, Alignment(horizontal: alignment, vertical: .center)), size: size),
            proposal: labelProposal)
    }
}
