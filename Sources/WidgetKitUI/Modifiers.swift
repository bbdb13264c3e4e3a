import Foundation

// MARK: - Modifier views

/// A view whose environment is changed for its content, as SwiftUI's environment-writing modifiers.
public struct EnvironmentModifiedView<Content: View>: PrimitiveView {
    let content: Content
    let update: (inout EnvironmentValues) -> Void

    public func resolve(in context: ResolveContext) -> ViewNode {
        context.with(update).resolve(content)
    }
}

/// A view with a recorded modifier, as SwiftUI's `ModifiedContent`.
public struct ModifiedView<Content: View>: PrimitiveView {
    let content: Content
    let makeModifier: (ResolveContext) -> NodeModifier?

    public func resolve(in context: ResolveContext) -> ViewNode {
        let node = context.resolve(content)
        guard let modifier = makeModifier(context) else { return node }
        return ModifiedView.apply(modifier, to: node)
    }

    /// Applies a modifier; on a group it applies to each child, as SwiftUI does.
    static func apply(_ modifier: NodeModifier, to node: ViewNode) -> ViewNode {
        switch node {
        case .group(let children) where children.count != 1: return .group(children.map { apply(modifier, to: $0) })
        case .group(let children): return .modified(children[0], modifier)
        case .empty: return .empty
        default: return .modified(node, modifier)
        }
    }
}

/// A view that records a side effect on the resolution (container background) and passes its content on.
struct ContainerBackgroundView<Content: View, Background: View>: PrimitiveView {
    let content: Content
    let background: Background

    func resolve(in context: ResolveContext) -> ViewNode {
        let backgroundNode = context.with { $0.foregroundStyle = .primary }.resolve(background)
        context.sink.setContainerBackground(backgroundNode)
        return context.resolve(content)
    }
}

/// Where a container background applies, as `ContainerBackgroundPlacement`.
public struct ContainerBackgroundPlacement: Sendable, Equatable {
    let name: String
    /// The widget's background (`.containerBackground(_:for: .widget)`, iOS 17+).
    public static let widget = ContainerBackgroundPlacement(name: "widget")
}

// MARK: - View modifiers

extension View {
    private func environment(_ update: @escaping (inout EnvironmentValues) -> Void) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, update: update)
    }

    private func modifier(_ make: @escaping (ResolveContext) -> NodeModifier?) -> ModifiedView<Self> {
        ModifiedView(content: self, makeModifier: make)
    }

    // MARK: Text and style, inherited by the views below

    /// Sets the font of text below, as `View.font(_:)`.
    public func font(_ font: Font?) -> EnvironmentModifiedView<Self> { environment { $0.font = font } }
    /// Sets the weight of text below, as `View.fontWeight(_:)`.
    public func fontWeight(_ weight: Font.Weight?) -> EnvironmentModifiedView<Self> { environment { $0.fontWeight = weight } }
    /// Makes text below bold, as `View.bold(_:)`.
    public func bold(_ isActive: Bool = true) -> EnvironmentModifiedView<Self> { environment { $0.isBold = isActive } }
    /// Makes text below italic, as `View.italic(_:)`.
    public func italic(_ isActive: Bool = true) -> EnvironmentModifiedView<Self> { environment { $0.isItalic = isActive } }
    /// Keeps digits one width, as `View.monospacedDigit()`.
    public func monospacedDigit() -> EnvironmentModifiedView<Self> { environment { $0.isMonospacedDigit = true } }

    /// Sets the foreground style of the views below, as `View.foregroundStyle(_:)`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> EnvironmentModifiedView<Self> {
        environment { $0.foregroundStyle = style.resolvePaint(inheriting: $0.foregroundStyle) }
    }
    /// Primary and secondary styles, as `View.foregroundStyle(_:_:)`; the secondary is not used in cells.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> EnvironmentModifiedView<Self> {
        foregroundStyle(primary)
    }
    /// Sets the foreground colour, as the deprecated `View.foregroundColor(_:)`.
    public func foregroundColor(_ color: Color?) -> EnvironmentModifiedView<Self> {
        environment { if let color { $0.foregroundStyle = .color(color) } }
    }
    /// Sets the tint of controls and gauges, as `View.tint(_:)`.
    public func tint(_ tint: Color?) -> EnvironmentModifiedView<Self> { environment { $0.tint = tint } }
    /// Sets the accent colour, as the deprecated `View.accentColor(_:)`.
    public func accentColor(_ color: Color?) -> EnvironmentModifiedView<Self> { tint(color) }

    /// Caps the number of lines, as `View.lineLimit(_:)`.
    public func lineLimit(_ number: Int?) -> EnvironmentModifiedView<Self> { environment { $0.lineLimit = number } }
    /// Caps the number of lines, as `View.lineLimit(_:reservesSpace:)`.
    public func lineLimit(_ number: Int, reservesSpace: Bool) -> EnvironmentModifiedView<Self> { lineLimit(number) }
    /// Aligns the lines of multiline text, as `View.multilineTextAlignment(_:)`.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> EnvironmentModifiedView<Self> {
        environment { $0.multilineTextAlignment = alignment }
    }
    /// Allows text to shrink, as `View.minimumScaleFactor(_:)`; cells cannot shrink text (docs/DECISIONS.md).
    public func minimumScaleFactor(_ factor: Double) -> EnvironmentModifiedView<Self> {
        environment { $0.minimumScaleFactor = factor }
    }
    /// Where text is cut, as `View.truncationMode(_:)`.
    public func truncationMode(_ mode: Text.TruncationMode) -> EnvironmentModifiedView<Self> {
        environment { $0.truncationMode = mode }
    }
    /// Accepted for source compatibility; case transforms are applied by the author's strings.
    public func textCase(_ textCase: Text.Case?) -> Self { self }

    /// Sets an environment value for the views below, as `View.environment(_:_:)`.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> EnvironmentModifiedView<Self> {
        nonisolated(unsafe) let keyPath = keyPath
        nonisolated(unsafe) let value = value
        return environment { $0[keyPath: keyPath] = value }
    }

    /// Chooses the look of gauges below, as `View.gaugeStyle(_:)`.
    public func gaugeStyle(_ style: GaugeStyleChoice) -> EnvironmentModifiedView<Self> {
        environment { $0.gaugeStyle = style.kind }
    }
    /// Chooses the look of progress views below, as `View.progressViewStyle(_:)`.
    public func progressViewStyle(_ style: ProgressViewStyleChoice) -> EnvironmentModifiedView<Self> {
        environment { $0.progressViewStyle = style.kind }
    }

    // MARK: Redaction

    /// Redacts the content below, as `View.redacted(reason:)`.
    public func redacted(reason: RedactionReasons) -> EnvironmentModifiedView<Self> {
        environment { $0.redactionReasons.formUnion(reason) }
    }
    /// Shows the content below even when redacted, as `View.unredacted()`.
    public func unredacted() -> EnvironmentModifiedView<Self> { environment { $0.isUnredacted = true } }
    /// Marks content hidden while the device is locked, as `View.privacySensitive(_:)`.
    public func privacySensitive(_ sensitive: Bool = true) -> EnvironmentModifiedView<Self> {
        environment { if sensitive && $0.redactionReasons.contains(.privacy) { $0.isUnredacted = false } }
    }

    // MARK: Layout

    /// Pads all edges by the system default (16 pt), as `View.padding(_:)` with no length.
    public func padding() -> ModifiedView<Self> { padding(.all, nil) }
    /// Pads all edges by `length` points.
    public func padding(_ length: Double) -> ModifiedView<Self> { padding(.all, length) }
    /// Pads the given edges by `length` points (nil: the system default, 16 pt).
    public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> ModifiedView<Self> {
        let amount = length ?? 16
        return modifier { _ in
            .padding(NodeInsets(top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
                                bottom: edges.contains(.bottom) ? amount : 0, trailing: edges.contains(.trailing) ? amount : 0))
        }
    }
    /// Pads each edge by its own inset in points.
    public func padding(_ insets: EdgeInsets) -> ModifiedView<Self> {
        modifier { _ in .padding(NodeInsets(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)) }
    }

    /// A fixed frame in points, as `View.frame(width:height:alignment:)`; nil keeps the content's size on that axis.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ModifiedView<Self> {
        modifier { _ in .frame(FrameSpec(width: width, height: height, alignment: alignment, isFixed: true)) }
    }

    /// A flexible frame in points, as `View.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    public func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
                      alignment: Alignment = .center) -> ModifiedView<Self> {
        modifier { _ in
            .frame(FrameSpec(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                             idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment, isFixed: false))
        }
    }

    /// Keeps the ideal size on the given axes, as `View.fixedSize(horizontal:vertical:)`.
    public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> ModifiedView<Self> {
        modifier { _ in .fixedSize(horizontal: horizontal, vertical: vertical) }
    }
    /// Orders how stacks share space, as `View.layoutPriority(_:)`.
    public func layoutPriority(_ value: Double) -> ModifiedView<Self> { modifier { _ in .layoutPriority(value) } }

    /// Constrains the aspect ratio (width / height, in points), as `View.aspectRatio(_:contentMode:)`.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> ModifiedView<Self> {
        modifier { _ in .aspectRatio(ratio, contentMode: contentMode) }
    }
    public func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> ModifiedView<Self> {
        aspectRatio(size.height > 0 ? size.width / size.height : nil, contentMode: contentMode)
    }
    /// As `View.scaledToFit()`.
    public func scaledToFit() -> ModifiedView<Self> { aspectRatio(nil, contentMode: .fit) }
    /// As `View.scaledToFill()`.
    public func scaledToFill() -> ModifiedView<Self> { aspectRatio(nil, contentMode: .fill) }
    /// Moves the drawing by points, as `View.offset(x:y:)`.
    public func offset(x: Double = 0, y: Double = 0) -> ModifiedView<Self> { modifier { _ in .offset(x: x, y: y) } }

    // MARK: Drawing

    /// Draws a view behind this one, sized like it, as `View.background(alignment:content:)`.
    public func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> ModifiedView<Self> {
        let background = content()
        return modifier { .background($0.resolve(background), alignment: alignment) }
    }
    /// Draws a view behind this one, as `View.background(_:alignment:)` (a colour goes to the style overload).
    @_disfavoredOverload
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> ModifiedView<Self> {
        modifier { .background($0.resolve(background), alignment: alignment) }
    }
    /// Fills the area behind this view with a style, as `View.background(_:ignoresSafeAreaEdges:)`.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> ModifiedView<Self> {
        modifier { .background(.shape(ShapeNode(kind: .rectangle, fill: style.resolvePaint(inheriting: $0.environment.foregroundStyle))),
                               alignment: .center) }
    }
    /// Fills a shape behind this view with a style, as `View.background(_:in:)`.
    public func background<S: ShapeStyle, Outline: Shape>(_ style: S, in shape: Outline) -> ModifiedView<Self> {
        let kind = shape.shapeKind
        return modifier { .background(.shape(ShapeNode(kind: kind, fill: style.resolvePaint(inheriting: $0.environment.foregroundStyle))),
                                      alignment: .center) }
    }
    /// Draws a view in front of this one, as `View.overlay(alignment:content:)`.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> ModifiedView<Self> {
        let overlay = content()
        return modifier { .overlay($0.resolve(overlay), alignment: alignment) }
    }
    /// Draws a view in front of this one, as `View.overlay(_:alignment:)`.
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> ModifiedView<Self> {
        modifier { .overlay($0.resolve(overlay), alignment: alignment) }
    }
    /// Multiplies the opacity of this view (0...1), as `View.opacity(_:)`.
    public func opacity(_ opacity: Double) -> ModifiedView<Self> { modifier { _ in .opacity(min(max(opacity, 0), 1)) } }
    /// Clips to a rounded rectangle (radius in points), as `View.cornerRadius(_:antialiased:)`.
    public func cornerRadius(_ radius: Double, antialiased: Bool = true) -> ModifiedView<Self> {
        modifier { _ in .clipShape(.roundedRectangle(cornerRadius: radius)) }
    }
    /// Clips to a shape, as `View.clipShape(_:style:)`.
    public func clipShape<Outline: Shape>(_ shape: Outline, style: FillStyle = FillStyle()) -> ModifiedView<Self> {
        let kind = shape.shapeKind
        return modifier { _ in .clipShape(kind) }
    }
    /// Clips to the frame, as `View.clipped(antialiased:)`.
    public func clipped(antialiased: Bool = false) -> ModifiedView<Self> { modifier { _ in .clipShape(.rectangle) } }
    /// Draws a border, as `View.border(_:width:)`; `width` in points.
    public func border<S: ShapeStyle>(_ content: S, width: Double = 1) -> ModifiedView<Self> {
        modifier { .overlay(.shape(ShapeNode(kind: .rectangle, fill: nil,
                                             stroke: content.resolvePaint(inheriting: $0.environment.foregroundStyle), lineWidth: width)),
                            alignment: .center) }
    }

    // MARK: WidgetKit

    /// Marks the widget's background, as `View.containerBackground(_:for:)` (iOS 17+): removable in
    /// StandBy and on the Lock Screen, replaced in accented mode.
    public func containerBackground<S: ShapeStyle>(_ style: S, for placement: ContainerBackgroundPlacement) -> some View {
        ContainerBackgroundView(content: self, background: StyleFill(style: AnyShapeStyle(style)))
    }
    /// Marks a view as the widget's background, as `View.containerBackground(for:alignment:content:)`.
    public func containerBackground<Background: View>(for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
                                                      @ViewBuilder content: () -> Background) -> some View {
        ContainerBackgroundView(content: self, background: content())
    }
    /// The URL the widget opens when tapped outside any `Link`, as `View.widgetURL(_:)`.
    public func widgetURL(_ url: URL?) -> ModifiedView<Self> { modifier { _ in url.map { .widgetURL($0) } } }
    /// Puts this view in the accent group for accented rendering, as `View.widgetAccentable(_:)`.
    public func widgetAccentable(_ accentable: Bool = true) -> ModifiedView<Self> { modifier { _ in .widgetAccentable(accentable) } }
    /// Shows this view as pending between an intent tap and the next render, as `View.invalidatableContent(_:)`.
    public func invalidatableContent(_ invalidatable: Bool = true) -> ModifiedView<Self> {
        modifier { _ in invalidatable ? .invalidatableContent : nil }
    }
    /// Sets how images below render in accented mode (iOS 18+).
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> EnvironmentModifiedView<Self> {
        environment { $0.accentedRenderingMode = mode }
    }
    /// Disables the default content margins; honoured on the widget configuration, accepted here.
    public func contentMarginsDisabled() -> Self { self }

    // MARK: Code that never runs in a widget

    /// Never runs in a widget: WidgetKit archives the view and runs nothing while it is shown.
    /// WidgetTerm records a diagnostic; do the work in the timeline provider instead.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { NeverRunsView(content: self, name: "onAppear") }
    /// Never runs in a widget (see `onAppear`).
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { NeverRunsView(content: self, name: "onDisappear") }
    /// Never runs in a widget (see `onAppear`).
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View {
        NeverRunsView(content: self, name: "task")
    }
    /// Gestures never run in a widget: only `Link`, `widgetURL`, `Button(intent:)` and `Toggle(isOn:intent:)` react.
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        NeverRunsView(content: self, name: "onTapGesture")
    }

    // MARK: Accepted with no effect in cells (motion, accessibility, interaction)

    /// Content transitions animate between renders; cells show the final state.
    public func contentTransition(_ transition: ContentTransition) -> Self { self }
    public func transition(_ transition: AnyTransition) -> Self { self }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }
    public func accessibilityLabel(_ label: Text) -> Self { self }
    public func accessibilityLabel(_ label: LocalizedStringKey) -> Self { self }
    public func accessibilityHidden(_ hidden: Bool) -> Self { self }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self { self }
    public func accessibilityValue(_ value: Text) -> Self { self }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { self }
    public func symbolVariant(_ variant: SymbolVariants) -> Self { self }
    public func imageScale(_ scale: Image.Scale) -> Self { self }
    public func buttonStyle(_ style: PlainButtonStyle) -> Self { self }
    public func labelsHidden() -> Self { self }
    public func disabled(_ disabled: Bool) -> Self { self }
    public func id<ID: Hashable>(_ id: ID) -> Self { self }
    public func shadow(color: Color = .black.opacity(0.33), radius: Double, x: Double = 0, y: Double = 0) -> Self { self }
    public func scaleEffect(_ scale: Double) -> Self { self }
    public func blur(radius: Double) -> Self { self }
}

/// A view whose modifier can never run in a widget: resolves its content and records why.
struct NeverRunsView<Content: View>: PrimitiveView {
    let content: Content
    let name: String

    func resolve(in context: ResolveContext) -> ViewNode {
        context.sink.report(ResolveDiagnostic(
            code: "code-never-runs-in-widget",
            message: ".\(name) never runs in a widget: WidgetKit renders the view ahead of time and archives it. "
                + "Compute the value in the timeline provider and put it in the entry (or use Text(_:style:) for moving time)."))
        return context.resolve(content)
    }
}

/// A shape style drawn as a full-frame view (used for `containerBackground(_:for:)`).
struct StyleFill: PrimitiveView {
    let style: AnyShapeStyle
    func resolve(in context: ResolveContext) -> ViewNode {
        .shape(ShapeNode(kind: .rectangle, fill: style.resolvePaint(inheriting: context.environment.foregroundStyle)))
    }
}

/// Motion and accessibility types accepted for source compatibility; cells show final states.
public struct ContentTransition: Sendable {
    public static let identity = ContentTransition(), opacity = ContentTransition(), interpolate = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
}
public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition(), identity = AnyTransition(), scale = AnyTransition()
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
}
public struct Animation: Sendable {
    public static let `default` = Animation(), easeInOut = Animation(), linear = Animation(), spring = Animation()
}
public enum AccessibilityChildBehavior: Sendable { case ignore, combine, contain }
public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode(), hierarchical = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode(), multicolor = SymbolRenderingMode()
}
public struct SymbolVariants: Sendable {
    public static let none = SymbolVariants(), fill = SymbolVariants(), circle = SymbolVariants(), square = SymbolVariants()
}
public struct PlainButtonStyle: Sendable {
    public init() {}
}
extension PlainButtonStyle {
    public static let plain = PlainButtonStyle()
    public static let borderless = PlainButtonStyle()
}
