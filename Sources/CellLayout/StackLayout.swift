import Foundation
import WidgetKitUI

extension LayoutTree {
    // MARK: Stacks

    /// Distributes `proposal` among the children of stack `index`, records each child's proposal and size
    /// in the child (`assignedProposal`, `assignedSize`), and returns the stack's size.
    mutating func stackLayout(_ index: Int, proposal: ProposedCellSize) -> CellSize {
        guard case .stack(let axis, _) = nodes[index].kind else { return .zero }
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
            size = linearStack(index, horizontal: axis == .horizontal, proposal: proposal)
        }
        nodes[index].stackChildrenProposal = proposal
        return size
    }

    mutating func linearStack(_ index: Int, horizontal: Bool, proposal: ProposedCellSize) -> CellSize {
        let children = nodes[index].children
        var totalSpacing = 0
        for child in children { totalSpacing += nodes[child].spacingAfter }
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
        var memberCount = 0
        for child in children where !nodes[child].isSpacer && nodes[child].priority == priority { memberCount += 1 }
        // The members are ordered in scratch space on the stack (a few words for the usual few children), not in an
        // array of the tree's: no allocation, and no uniqueness check of an array on each write.
        return withUnsafeTemporaryAllocation(of: (flexibility: Int, child: Int).self, capacity: memberCount) { members in
            var next = 0
            for child in children where !nodes[child].isSpacer && nodes[child].priority == priority {
                members.initializeElement(at: next, to: (flexibility: 0, child: child))
                next += 1
            }
            if memberCount > 1 {
                for member in 0..<memberCount {
                    let child = members[member].child
                    let maximum = axes.along(size(of: child, for: axes.offer(ProposedCellSize.unbounded)))
                    members[member].flexibility = maximum - axes.along(size(of: child, for: axes.offer(0)))
                }
                Self.sortMembers(members)
            }
            var reserved = 0
            for child in children where !nodes[child].isSpacer && nodes[child].priority < priority {
                reserved += axes.along(size(of: child, for: axes.offer(0)))
            }
            var available = max(0, remaining - reserved)
            var count = memberCount
            var used = 0
            for member in 0..<memberCount {
                let child = members[member].child
                let childProposal = axes.offer((available + count - 1) / count)
                let size = size(of: child, for: childProposal)
                nodes[child].assign(childProposal, size: size)
                available = max(0, available - axes.along(size))
                count -= 1
                used += axes.along(size)
            }
            return max(0, remaining - used)
        }
    }

    /// Sorts `members` by flexibility, then child order: in place by insertion for the few children stacks usually
    /// have.
    static func sortMembers(_ members: UnsafeMutableBufferPointer<(flexibility: Int, child: Int)>) {
        guard members.count <= 16 else {
            var members = members
            return members.sort { $0 < $1 }
        }
        for next in members.indices.dropFirst() {
            let member = members[next]
            var slot = next
            while slot > 0, member < members[slot - 1] {
                members[slot] = members[slot - 1]
                slot -= 1
            }
            members[slot] = member
        }
    }
}
