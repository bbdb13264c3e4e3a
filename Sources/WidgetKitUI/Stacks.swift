import Foundation

// MARK: - Stacks and spacing

/// Arranges children in a column, as `SwiftUI.VStack`; `spacing` in points (nil: system default).
public struct VStack<Content: View>: PrimitiveView {
    @usableFromInline let alignment: HorizontalAlignment
    @usableFromInline let spacing: Double?
    @usableFromInline let content: Content

    /// A column of `content`'s views, aligned by `alignment`, `spacing` points apart (nil: the system default).
    @inlinable
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Resolves the content's views into a vertical stack.
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

    /// A row of `content`'s views, aligned by `alignment`, `spacing` points apart (nil: the system default).
    @inlinable
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Resolves the content's views into a horizontal stack.
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

    /// `content`'s views drawn over one another, later ones in front, aligned by `alignment`.
    @inlinable
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    /// Resolves the content's views into a depth stack.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        ViewNode.orderByZIndex(&children)
        return .stack(StackNode(axis: .depth, alignment: alignment, spacing: nil, children: children))
    }
}

/// Flexible space, as `SwiftUI.Spacer`; `minLength` in points.
public struct Spacer: PrimitiveView {
    let minLength: Double?
    /// Space of at least `minLength` points (nil: the system default) that grows along its stack's axis.
    public init(minLength: Double? = nil) { self.minLength = minLength }
    /// Resolves to a spacer node.
    public func resolve(in context: ResolveContext) -> ViewNode { .spacer(minLength: minLength) }
}

/// A separator line, as `SwiftUI.Divider`.
public struct Divider: PrimitiveView {
    /// A one-cell line across the stack, in the secondary label colour.
    public init() {}
    /// Resolves to a divider in the second hierarchical colour.
    public func resolve(in context: ResolveContext) -> ViewNode {
        .divider(color: .hierarchical(level: 2, base: nil))
    }
}

/// Gives its content the size of the space offered, as `SwiftUI.GeometryReader`.
///
/// In WidgetTerm the proxy's size is the widget's content area (points); see docs/DECISIONS.md.
public struct GeometryReader<Content: View>: PrimitiveView {
    @usableFromInline let content: (GeometryProxy) -> Content
    /// A reader whose content is built from a proxy holding the widget's content size.
    @inlinable public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    /// Resolves the content against a proxy of the widget's content size, top-leading in a frame that fills the space.
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
    /// The size given, in points: the widget's content area.
    public let size: CGSize
    @usableFromInline init(size: CGSize) { self.size = size }
    /// The safe-area insets, as `GeometryProxy.safeAreaInsets`: always zero in a widget.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// A title with an icon, as `SwiftUI.Label`.
public struct Label<Title: View, Icon: View>: PrimitiveView {
    @usableFromInline let title: Title
    @usableFromInline let icon: Icon

    /// A label of `title` and `icon`, drawn icon first in a row.
    @inlinable
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    /// Resolves to a row of the icon's views, then the title's.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        if let styled = context.resolveStyledLabel(title: title, icon: icon) { return styled }
        var children: [ViewNode] = []
        icon._resolveList(in: context, into: &children)
        title._resolveList(in: context, into: &children)
        return .stack(StackNode(axis: .horizontal, alignment: .center, spacing: nil, children: children))
    }
}

extension Label where Title == Text, Icon == Image {
    /// A localized title beside the SF Symbol `name`, as `Label(_:systemImage:)`.
    @inlinable
    public init(_ title: LocalizedStringKey, systemImage name: String) {
        self.title = Text(title)
        self.icon = Image(systemName: name)
    }
    /// A title string beside the SF Symbol `name`, as `Label(_:systemImage:)`.
    @inlinable
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.title = Text(title)
        self.icon = Image(systemName: name)
    }
    /// A localized title beside the asset image `name`, as `Label(_:image:)`.
    @inlinable
    public init(_ title: LocalizedStringKey, image name: String) {
        self.title = Text(title)
        self.icon = Image(name)
    }
}
