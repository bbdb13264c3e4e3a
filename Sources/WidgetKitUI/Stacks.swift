import Foundation

// MARK: - Stacks and spacing

/// Arranges children in a column, as `SwiftUI.VStack`; `spacing` in points (nil: system default).
public struct VStack<Content: View>: PrimitiveView {
    @usableFromInline let alignment: HorizontalAlignment
    @usableFromInline let spacing: Double?
    @usableFromInline let content: Content

    @inlinable
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        return .stack(
            StackNode(
                axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center),
                spacing: spacing, children: children))
    }
}

/// Arranges children in a row, as `SwiftUI.HStack`; `spacing` in points (nil: system default).
public struct HStack<Content: View>: PrimitiveView {
    @usableFromInline let alignment: VerticalAlignment
    @usableFromInline let spacing: Double?
    @usableFromInline let content: Content

    @inlinable
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        return .stack(
            StackNode(
                axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment),
                spacing: spacing, children: children))
    }
}

/// Overlays children, as `SwiftUI.ZStack`.
public struct ZStack<Content: View>: PrimitiveView {
    @usableFromInline let alignment: Alignment
    @usableFromInline let content: Content

    @inlinable
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        return .stack(StackNode(axis: .depth, alignment: alignment, spacing: nil, children: children))
    }
}

/// Flexible space, as `SwiftUI.Spacer`; `minLength` in points.
public struct Spacer: PrimitiveView {
    let minLength: Double?
    public init(minLength: Double? = nil) { self.minLength = minLength }
    public func resolve(in context: ResolveContext) -> ViewNode { .spacer(minLength: minLength) }
}

/// A separator line, as `SwiftUI.Divider`.
public struct Divider: PrimitiveView {
    public init() {}
    public func resolve(in context: ResolveContext) -> ViewNode {
        .divider(color: .hierarchical(level: 2, base: nil))
    }
}

/// Gives its content the size of the space offered, as `SwiftUI.GeometryReader`.
///
/// In WidgetTerm the proxy's size is the widget's content area (points); see docs/DECISIONS.md.
public struct GeometryReader<Content: View>: PrimitiveView {
    @usableFromInline let content: (GeometryProxy) -> Content
    @inlinable public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let proxy = GeometryProxy(size: context.environment.containerSize)
        var children: [ViewNode] = []
        content(proxy)._resolveList(in: context, into: &children)
        return .modified(
            .stack(StackNode(axis: .depth, alignment: .topLeading, spacing: nil, children: children)),
            .frame(FrameSpec(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading, isFixed: false)))
    }
}

/// The size a `GeometryReader` was given, in points.
public struct GeometryProxy: Sendable {
    public let size: CGSize
    @usableFromInline init(size: CGSize) { self.size = size }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// A title with an icon, as `SwiftUI.Label`.
public struct Label<Title: View, Icon: View>: PrimitiveView {
    @usableFromInline let title: Title
    @usableFromInline let icon: Icon

    @inlinable
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        icon._resolveList(in: context, into: &children)
        title._resolveList(in: context, into: &children)
        return .stack(StackNode(axis: .horizontal, alignment: .center, spacing: nil, children: children))
    }
}

extension Label where Title == Text, Icon == Image {
    @inlinable
    public init(_ title: LocalizedStringKey, systemImage name: String) {
        self.title = Text(title)
        self.icon = Image(systemName: name)
    }
    @inlinable
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.title = Text(title)
        self.icon = Image(systemName: name)
    }
    @inlinable
    public init(_ title: LocalizedStringKey, image name: String) {
        self.title = Text(title)
        self.icon = Image(name)
    }
}
