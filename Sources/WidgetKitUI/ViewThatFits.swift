import Foundation

/// Shows the first of its children that fits, as `SwiftUI.ViewThatFits`: layout measures each child's ideal
/// size on the constrained `axes` and shows the first that fits the space offered, else the last.
public struct ViewThatFits<Content: View>: PrimitiveView {
    let axes: Axis.Set
    let content: Content

    /// Alternatives from `content`, most preferred first, measured on `axes`, as `ViewThatFits(in:content:)`.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    /// Resolves to the first child, carrying the others as alternatives for layout to try in order.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        guard let first = children.first else { return .empty }
        guard children.count > 1 else { return first }
        return .modified(
            first,
            .viewThatFits(
                alternatives: Array(children.dropFirst()), horizontal: axes.contains(.horizontal),
                vertical: axes.contains(.vertical)))
    }
}
