import Foundation

/// Shows the first of its children that fits, as `SwiftUI.ViewThatFits`: layout measures each child's ideal
/// size on the constrained `axes` and shows the first that fits the space offered, else the last.
public struct ViewThatFits<Content: View>: PrimitiveView {
    let axes: Axis.Set
    let content: Content

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

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
