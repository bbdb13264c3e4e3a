import Foundation
import WidgetKitUI

// MARK: - Placement

extension LayoutTree {
    /// Places node `index` in `rect` (the size it answered for `proposal`) and its children inside it,
    /// proposing to each child what it was proposed while measuring, as SwiftUI's placement does. `anchor` is how the
    /// node was placed across (`PlacedNode.anchor`), handed on to children that are not aligned by one of their own.
    mutating func place(_ index: Int, in rect: CellRect, proposal: ProposedCellSize, anchor: TextAnchor = .leading)
        -> PlacedNode
    {
        let child = nodes[index].firstChild
        switch nodes[index].kind {
        case .empty, .spacer:
            return PlacedNode(content: .none, kind: .none, frame: rect)
        case .text(let textIndex):
            let text = texts[textIndex].metrics
            let lines =
                text.isGreedy
                ? TextLines(TextLine(graphemes: graphemes(of: text.index), isTruncated: false))
                : textLines(text, proposal: proposal)
            let node = texts[text.index].node
            // A greedy timer offered a width takes all of it, on iOS too, and places its digits in it as its
            // `multilineTextAlignment` says: that is where its glyphs sit, whatever placed the text.
            let isGreedyFrame = text.isGreedy && (proposal.width ?? ProposedCellSize.unbounded) < ProposedCellSize.unbounded
            return PlacedNode(
                content: .text(node, lines: lines), kind: .text, frame: rect,
                anchor: isGreedyFrame ? TextAnchor(node.alignment.horizontalAlignment, free: 0) : anchor)
        case .image(let image):
            return PlacedNode(content: .image(images[image]), kind: .image, frame: rect)
        case .shape(let shape):
            return PlacedNode(content: .shape(shapes[shape]), kind: .shape, frame: rect)
        case .divider(let paint, let axis):
            return PlacedNode(content: .divider(paints[paint], axis: axis), kind: .divider, frame: rect)
        case .gauge(let gauge, _, _, _):
            return PlacedNode(content: .gauge(gauges[gauge]), kind: .gauge, frame: rect, children: placeGaugeLabels(of: index, in: rect))
        case .stack(let axis, let alignment):
            if nodes[index].stackChildrenProposal != proposal { _ = stackLayout(index, proposal: proposal) }
            let children = nodes[index].children
            var placed: [PlacedNode] = []
            placed.reserveCapacity(children.count)
            var cursor = axis == .horizontal ? rect.x : rect.y
            // A row's first and last spacer, which say on which side of it each group of its children was pushed.
            var spacers: ClosedRange<Int>?
            if axis == .horizontal {
                for child in children where nodes[child].isSpacer { spacers = (spacers?.lowerBound ?? child)...child }
            }
            for child in children {
                // Placing a child never changes its siblings' assignments: only this stack writes them.
                let size = nodes[child].assignedSize
                let gap = nodes[child].spacingAfter
                let origin: (x: Int, y: Int)
                let childAnchor: TextAnchor
                switch axis {
                case .horizontal:
                    origin = (cursor, rect.y + LayoutMath.offset(free: rect.height - size.height, alignment.vertical.fraction))
                    cursor += size.width + gap
                    childAnchor = rowAnchor(of: child, among: children, spacers: spacers, inherited: anchor)
                case .vertical:
                    origin = (rect.x + LayoutMath.offset(free: rect.width - size.width, alignment.horizontal.fraction), cursor)
                    cursor += size.height + gap
                    childAnchor = Self.alignedAnchor(alignment.horizontal, free: rect.width - size.width, inherited: anchor)
                case .depth:
                    origin = Self.aligned(size, in: rect, alignment)
                    childAnchor = Self.alignedAnchor(alignment.horizontal, free: rect.width - size.width, inherited: anchor)
                }
                placed.append(
                    place(child, in: CellRect(origin: origin, size: size), proposal: nodes[child].assignedProposal, anchor: childAnchor))
            }
            return PlacedNode(content: .none, kind: .none, frame: rect, children: placed)
        case .padding(let insets):
            let childProposal = Self.paddingChildProposal(insets, proposal)
            let size = size(of: child, for: childProposal)
            let origin = (x: rect.x + insets.leading, y: rect.y + insets.top)
            return PlacedNode(
                content: .none, kind: .none, frame: rect,
                children: [place(child, in: CellRect(origin: origin, size: size), proposal: childProposal, anchor: anchor)])
        case .frame(let frame, let alignment):
            let childProposal = Self.frameChildProposal(frames[frame], proposal: proposal)
            // A frame of its child's width (`.frame(height:)`, or a `minWidth:`/`idealWidth:` its child outgrows) aligns
            // nothing across: its child keeps the frame's anchor. A fixed `width:` is a frame of its own, narrower
            // glyphs or not.
            let cells = frames[frame]
            let setsWidth = cells.width != nil || cells.minWidth != nil || cells.idealWidth != nil || cells.maxWidth != nil
            return PlacedNode(
                content: .none, kind: .none, frame: rect,
                children: [
                    placeAligned(
                        child, in: rect, alignment, proposal: childProposal, anchor: setsWidth ? nil : anchor,
                        inherited: cells.width == nil ? anchor : nil)
                ])
        case .background(let alignment), .overlay(let alignment):
            let main = place(child, in: rect, proposal: proposal, anchor: anchor)
            let extra = placeAligned(child + 1, in: rect, alignment, proposal: ProposedCellSize(rect.size), anchor: nil)
            guard case .background = nodes[index].kind else {
                return PlacedNode(
                    content: .modifier(.overlay(.empty, alignment: alignment)), kind: .overlay, frame: rect, children: [main, extra])
            }
            return PlacedNode(
                content: .modifier(.background(.empty, alignment: alignment)), kind: .background, frame: rect, children: [main, extra])
        case .fixedSize(let horizontal, let vertical):
            let childProposal = ProposedCellSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
            return PlacedNode(
                content: .none, kind: .none, frame: rect,
                children: [placeAligned(child, in: rect, .center, proposal: childProposal, anchor: anchor)])
        case .aspectRatio(let ratio, let mode):
            let childProposal = aspectChildProposal(ratio: ratio, mode: mode, child: child, proposal: proposal)
            return PlacedNode(
                content: .none, kind: .none, frame: rect,
                children: [placeAligned(child, in: rect, .center, proposal: childProposal, anchor: anchor)])
        case .offset(let x, let y):
            let moved = CellRect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height)
            return PlacedNode(
                content: .none, kind: .none, frame: rect, children: [place(child, in: moved, proposal: proposal, anchor: anchor)])
        case .firstFitting(let horizontal, let vertical):
            let chosen = fittingChild(of: index, horizontal: horizontal, vertical: vertical, proposal: proposal)
            return PlacedNode(
                content: .none, kind: .none, frame: rect,
                children: [placeAligned(chosen, in: rect, .center, proposal: proposal, anchor: anchor)])
        case .decoration(let modifier):
            var placed = place(child, in: rect, proposal: proposal, anchor: anchor)
            if case .layoutDirection(.rightToLeft) = modifiers[modifier] { placed.mirror(within: rect) }
            return PlacedNode(
                content: .modifier(modifiers[modifier]), kind: .of(modifiers[modifier]), frame: rect, children: [placed])
        }
    }

    /// Measures node `index` for `proposal` and places it in `rect` at `alignment`, with `anchor` (`PlacedNode.anchor`),
    /// or when nil anchored at `alignment` (`alignedAnchor(_:free:inherited:)`: `inherited` when it is as wide as `rect`).
    private mutating func placeAligned(
        _ index: Int, in rect: CellRect, _ alignment: Alignment, proposal: ProposedCellSize, anchor: TextAnchor?,
        inherited: TextAnchor? = nil
    ) -> PlacedNode {
        let size = size(of: index, for: proposal)
        return place(
            index, in: CellRect(origin: Self.aligned(size, in: rect, alignment), size: size), proposal: proposal,
            anchor: anchor ?? Self.alignedAnchor(alignment.horizontal, free: rect.width - size.width, inherited: inherited))
    }

    /// The anchor of a child placed at `alignment` with `free` columns of its container left over: a child as wide as
    /// its container (none left over) was not moved by `alignment`, so it lies where the container does (`inherited`,
    /// when the container hands its own anchor on), as on iOS a stack as wide as its text sits where it was placed.
    static func alignedAnchor(_ alignment: HorizontalAlignment, free: Int, inherited: TextAnchor?) -> TextAnchor {
        if free == 0, let inherited { return inherited }
        return TextAnchor(alignment, free: free)
    }

    /// The anchor of `child`, one of a row's `children` (an `HStack`'s, whose first and last spacers are `spacers`),
    /// which places them one after another rather than aligning them across. Spacers split the row into groups; a
    /// group with a spacer after it (and none before) was pushed to the leading side, one with a spacer before it to
    /// the trailing side, one between spacers to the middle, one in a row without spacers lies where the row does
    /// (`inherited`). Its children's glyphs go to that side: in a centred group, the first keeps to the next child
    /// (trailing), the last to the one before (leading), a middle or only child is centred, so the spare cells go
    /// outside the glyphs rather than between them.
    private func rowAnchor(of child: Int, among children: Range<Int>, spacers: ClosedRange<Int>?, inherited: TextAnchor)
        -> TextAnchor
    {
        let group: TextAnchor
        if let spacers {
            switch (spacers.lowerBound < child, spacers.upperBound > child) {
            case (true, true):
                // The stack gives its first spacer the smaller half of an odd leftover (`stackLayout`): the group
                // then sits half a cell left of the middle, and its glyphs take the odd cell on their left.
                var before = child - 1, after = child + 1
                while !nodes[before].isSpacer { before -= 1 }
                while !nodes[after].isSpacer { after += 1 }
                group = .center(frameRoundedDown: nodes[before].assignedSize.width < nodes[after].assignedSize.width)
            case (true, false): group = .trailing
            default: group = .leading
            }
        } else {
            group = inherited
        }
        guard case .center = group else { return group }
        let isFirst = !children.contains(child - 1) || nodes[child - 1].isSpacer
        let isLast = !children.contains(child + 1) || nodes[child + 1].isSpacer
        switch (isFirst, isLast) {
        case (true, false): return .trailing
        case (false, true): return .leading
        case (false, false): return .center(frameRoundedDown: false)
        case (true, true): return group
        }
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
            proposal: labelProposal, anchor: TextAnchor(alignment, free: available.width - size.width))
    }
}
