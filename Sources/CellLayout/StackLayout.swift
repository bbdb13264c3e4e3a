import Foundation
import WidgetKitUI

extension LayoutTree {
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
                nodes[child].assign(proposal, size: childSize)
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

    mutating func linearStack(_ index: Int, horizontal: Bool, firstSpacing: Int, proposal: ProposedCellSize) -> CellSize {
        let children = nodes[index].children
        var totalSpacing = 0
        for gap in 0..<max(children.count - 1, 0) { totalSpacing += spacings[firstSpacing + gap] }
        let main = horizontal ? proposal.width : proposal.height
        let axes = StackAxes(horizontal: horizontal, cross: horizontal ? proposal.height : proposal.width)

        if let main {
            // SwiftUI: by priority groups (highest first), then least flexible first, each child offered an
            // equal share of what remains after reserving the minimum of lower-priority children.
            for child in children {
                nodes[child].assign(axes.offer(nil), size: .zero)
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
                nodes[child].assign(childProposal, size: size)
                available = max(0, available - axes.along(size))
                count -= 1
            }
        } else {
            for child in children {
                let childProposal = axes.offer(nil)
                let size = size(of: child, for: childProposal)
                nodes[child].assign(childProposal, size: size)
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
    mutating func shareGroup(_ priority: Double, of children: Range<Int>, remaining: Int, axes: StackAxes) -> Int {
        // The members go on top of the ordering scratch space; nested stacks use it above them and
        // leave the top where they found it. Entries are written over, never appended or removed.
        let base = orderingTop
        for child in children where !nodes[child].isSpacer && nodes[child].priority == priority {
            ordering[orderingTop] = (flexibility: 0, child: child)
            orderingTop += 1
        }
        let members = base..<orderingTop
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
            nodes[child].assign(childProposal, size: size)
            available = max(0, available - axes.along(size))
            count -= 1
            used += axes.along(size)
        }
        orderingTop = base
        return max(0, remaining - used)
    }

    /// Sorts `ordering[members]` by flexibility, then child order: in place by insertion for the few
    /// children stacks usually have (sorting a slice would copy it).
    mutating func sortMembers(_ members: Range<Int>) {
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
}
