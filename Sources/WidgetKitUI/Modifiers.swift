import Foundation

// MARK: - Modifier views

/// A view whose environment is changed for its content, as SwiftUI's environment-writing modifiers.
public struct EnvironmentModifiedView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let update: (inout EnvironmentValues) -> Void

    @inlinable
    init(content: Content, update: @escaping (inout EnvironmentValues) -> Void) {
        self.content = content
        self.update = update
    }

    /// Resolves the content in this environment, after `update` has changed it.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let changed = context.with(update)
        return ViewNode.markingLayoutDirection(content._resolve(in: changed), from: context, to: changed)
    }

    /// Appends the content's nodes, resolved in the changed environment.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        let changed = context.with(update)
        guard changed.environment.layoutDirection != context.environment.layoutDirection else {
            content._resolveList(in: changed, into: &list)
            return
        }
        var nodes: [ViewNode] = []
        content._resolveList(in: changed, into: &nodes)
        list += nodes.map { ViewNode.markingLayoutDirection($0, from: context, to: changed) }
    }
}

/// A view whose environment has one value written for its content, as SwiftUI's environment-writing modifiers
/// (`tint(_:)`, `font(_:)`, `lineLimit(_:)`...).
///
/// The value is stored in the view and `write` captures nothing, so building the view allocates nothing: the
/// closure of an `EnvironmentModifiedView` that captures its value is a heap context for every modifier a body
/// writes, on every evaluation.
public struct EnvironmentWritingView<Content: View, Value>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let value: Value
    @usableFromInline let write: (inout EnvironmentValues, Value) -> Void

    @inlinable
    init(content: Content, value: Value, write: @escaping (inout EnvironmentValues, Value) -> Void) {
        self.content = content
        self.value = value
        self.write = write
    }

    /// Resolves the content in this environment, after `write` has set the value in it.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let changed = context.with { write(&$0, value) }
        return ViewNode.markingLayoutDirection(content._resolve(in: changed), from: context, to: changed)
    }

    /// Appends the content's nodes, resolved in the changed environment.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        let changed = context.with { write(&$0, value) }
        guard changed.environment.layoutDirection != context.environment.layoutDirection else {
            content._resolveList(in: changed, into: &list)
            return
        }
        var nodes: [ViewNode] = []
        content._resolveList(in: changed, into: &nodes)
        list += nodes.map { ViewNode.markingLayoutDirection($0, from: context, to: changed) }
    }
}

/// A view with another view drawn behind or in front of it, as SwiftUI's `background(_:alignment:)` and
/// `overlay(_:alignment:)`: the decoration is resolved in the view's context after the view, and recorded on the
/// view's node as a `.background` or `.overlay` modifier. Holding the decoration itself (not a closure capturing
/// it) builds the view without a heap allocation.
public struct DecoratedView<Content: View, Decoration: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let decoration: Decoration
    @usableFromInline let alignment: Alignment
    @usableFromInline let isOverlay: Bool

    @inlinable
    init(content: Content, decoration: Decoration, alignment: Alignment, isOverlay: Bool) {
        self.content = content
        self.decoration = decoration
        self.alignment = alignment
        self.isOverlay = isOverlay
    }

    /// Resolves the content, then the decoration, and records the decoration on the content's node.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let node = content._resolve(in: context)
        let decorationNode = decoration._resolve(in: context)
        return node.applying(
            isOverlay ? .overlay(decorationNode, alignment: alignment) : .background(decorationNode, alignment: alignment))
    }
}

/// A view with a shape filled (or stroked) in a style behind or in front of it, as SwiftUI's
/// `background(_:ignoresSafeAreaEdges:)`, `background(_:in:)` and `border(_:width:)`: the style resolves against
/// the view's environment (its foreground style) and is recorded as a shape node in a `.background` or `.overlay`
/// modifier. Holding the style itself (not a closure capturing it) builds the view without a heap allocation.
public struct StyleDecoratedView<Content: View, Style: ShapeStyle>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let style: Style
    @usableFromInline let kind: ShapeKind
    /// The stroke width in points; nil fills the shape.
    @usableFromInline let strokeWidth: Double?
    @usableFromInline let isOverlay: Bool

    @inlinable
    init(content: Content, style: Style, kind: ShapeKind, strokeWidth: Double?, isOverlay: Bool) {
        self.content = content
        self.style = style
        self.kind = kind
        self.strokeWidth = strokeWidth
        self.isOverlay = isOverlay
    }

    /// Resolves the content, then records the styled shape on its node.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let node = content._resolve(in: context)
        let paint = style.resolvePaint(inheriting: context.environment.foregroundStyle, in: context.environment)
        let shape: ViewNode
        if let strokeWidth {
            shape = .shape(ShapeNode(kind: kind, fill: nil, stroke: paint, lineWidth: strokeWidth))
        } else {
            shape = .shape(ShapeNode(kind: kind, fill: paint))
        }
        return node.applying(isOverlay ? .overlay(shape, alignment: .center) : .background(shape, alignment: .center))
    }
}

/// A view with a recorded modifier, as SwiftUI's `ModifiedContent`.
public struct ModifiedView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let modifier: Modifier

    /// The modifier to record: known when the view is built (padding, frame...), or made from the
    /// context the view is resolved in (a background view, a style that inherits the foreground).
    @usableFromInline
    enum Modifier {
        case fixed(NodeModifier?)
        case resolving((ResolveContext) -> NodeModifier?)
    }

    @inlinable
    init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    /// Resolves the content, then records the modifier on its node (nothing when the modifier resolves to nil).
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        let node = content._resolve(in: context)
        let recorded: NodeModifier?
        switch modifier {
        case .fixed(let fixed): recorded = fixed
        case .resolving(let make): recorded = make(context)
        }
        guard let recorded else { return node }
        return node.applying(recorded)
    }
}

extension ViewNode {
    /// This node with `modifier` applied; on a group it applies to each child, as SwiftUI does. Takes the node and the
    /// modifier (`consuming`), so wrapping them moves them into the new node instead of copying them.
    @usableFromInline
    consuming func applying(_ modifier: consuming NodeModifier) -> ViewNode {
        switch self {
        case .group(let children) where children.count != 1:
            let each = copy modifier
            return .group(children.map { $0.applying(each) })
        case .group(let children): return .modified(children[0], modifier)
        case .empty: return .empty
        default: return .modified(self, modifier)
        }
    }
}

/// A view that records a side effect on the resolution (container background) and passes its content on.
@usableFromInline
struct ContainerBackgroundView<Content: View, Background: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let background: Background

    @inlinable
    init(content: Content, background: Background) {
        self.content = content
        self.background = background
    }

    @inlinable
    func resolve(in context: ResolveContext) -> ViewNode {
        let backgroundNode = background._resolve(in: context.with { $0.foregroundStyle = .primary })
        context.sink.setContainerBackground(backgroundNode)
        return content._resolve(in: context)
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
    /// This view with its content's environment changed by `update`.
    @inlinable
    consuming func environmentModified(_ update: @escaping (inout EnvironmentValues) -> Void) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, update: update)
    }

    /// This view with `value` written into its content's environment by `write`, which must capture nothing.
    @inlinable
    consuming func environmentWriting<Value>(_ value: Value, _ write: @escaping (inout EnvironmentValues, Value) -> Void)
        -> EnvironmentWritingView<Self, Value>
    {
        EnvironmentWritingView(content: self, value: value, write: write)
    }

    /// This view with `modifier` recorded on its node (nil: none), known when the view is built.
    @inlinable
    consuming func recordingModifier(_ modifier: NodeModifier?) -> ModifiedView<Self> {
        ModifiedView(content: self, modifier: .fixed(modifier))
    }

    /// This view with the modifier `make` builds from the resolve context recorded on its node (nil: none).
    @inlinable
    consuming func recordingModifier(_ make: @escaping (ResolveContext) -> NodeModifier?) -> ModifiedView<Self> {
        ModifiedView(content: self, modifier: .resolving(make))
    }

    // MARK: Text and style, inherited by the views below

    /// Sets the font of text below, as `View.font(_:)`.
    @inlinable
    public consuming func font(_ font: Font?) -> EnvironmentWritingView<Self, Font?> { environmentWriting(font) { $0.font = $1 } }
    /// Sets the weight of text below, as `View.fontWeight(_:)`.
    @inlinable
    public consuming func fontWeight(_ weight: Font.Weight?) -> EnvironmentWritingView<Self, Font.Weight?> {
        environmentWriting(weight) { $0.fontWeight = $1 }
    }
    /// Makes text below bold, as `View.bold(_:)`.
    @inlinable
    public consuming func bold(_ isActive: Bool = true) -> EnvironmentWritingView<Self, Bool> {
        environmentWriting(isActive) { $0.isBold = $1 }
    }
    /// Makes text below italic, as `View.italic(_:)`.
    @inlinable
    public consuming func italic(_ isActive: Bool = true) -> EnvironmentWritingView<Self, Bool> {
        environmentWriting(isActive) { $0.isItalic = $1 }
    }
    /// Keeps digits one width, as `View.monospacedDigit()`.
    @inlinable
    public consuming func monospacedDigit() -> EnvironmentModifiedView<Self> { environmentModified { $0.isMonospacedDigit = true } }

    /// Sets the foreground style of the views below, as `View.foregroundStyle(_:)`.
    @inlinable
    public consuming func foregroundStyle<S: ShapeStyle>(_ style: S) -> EnvironmentWritingView<Self, S> {
        environmentWriting(style) { $0.foregroundStyle = $1.resolvePaint(inheriting: $0.foregroundStyle, in: $0) }
    }
    /// Primary and secondary styles, as `View.foregroundStyle(_:_:)`; the secondary is not used in cells.
    @inlinable
    public consuming func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2)
        -> EnvironmentWritingView<Self, S1>
    {
        foregroundStyle(primary)
    }
    /// Sets the foreground colour, as the deprecated `View.foregroundColor(_:)`.
    @inlinable
    public consuming func foregroundColor(_ color: Color?) -> EnvironmentWritingView<Self, Color?> {
        environmentWriting(color) { if let color = $1 { $0.foregroundStyle = .color(color) } }
    }
    /// Sets the tint of controls and gauges, as `View.tint(_:)`.
    @inlinable
    public consuming func tint(_ tint: Color?) -> EnvironmentWritingView<Self, Color?> { environmentWriting(tint) { $0.tint = $1 } }
    /// Sets the accent colour, as the deprecated `View.accentColor(_:)`.
    @inlinable
    public consuming func accentColor(_ color: Color?) -> EnvironmentWritingView<Self, Color?> { tint(color) }

    /// Caps the number of lines, as `View.lineLimit(_:)`.
    @inlinable
    public consuming func lineLimit(_ number: Int?) -> EnvironmentWritingView<Self, Int?> {
        environmentWriting(number) { $0.lineLimit = $1 }
    }
    /// Caps the number of lines, as `View.lineLimit(_:reservesSpace:)`.
    @inlinable
    public consuming func lineLimit(_ number: Int, reservesSpace: Bool) -> EnvironmentWritingView<Self, Int?> { lineLimit(number) }
    /// Aligns the lines of multiline text, as `View.multilineTextAlignment(_:)`.
    @inlinable
    public consuming func multilineTextAlignment(_ alignment: TextAlignment) -> EnvironmentWritingView<Self, TextAlignment> {
        environmentWriting(alignment) { $0.multilineTextAlignment = $1 }
    }
    /// Allows text to shrink, as `View.minimumScaleFactor(_:)`; cells cannot shrink text (docs/DECISIONS.md).
    @inlinable
    public consuming func minimumScaleFactor(_ factor: Double) -> EnvironmentWritingView<Self, Double> {
        environmentWriting(factor) { $0.minimumScaleFactor = $1 }
    }
    /// Where text is cut, as `View.truncationMode(_:)`.
    @inlinable
    public consuming func truncationMode(_ mode: Text.TruncationMode) -> EnvironmentWritingView<Self, Text.TruncationMode> {
        environmentWriting(mode) { $0.truncationMode = $1 }
    }
    /// Upper- or lowercases the text below in the environment's locale, as `View.textCase(_:)`; nil leaves it
    /// as written. Dates and timers the system formats keep their own case.
    @inlinable
    public consuming func textCase(_ textCase: Text.Case?) -> EnvironmentWritingView<Self, Text.Case?> {
        environmentWriting(textCase) { $0.textCase = $1 }
    }

    /// Sets an environment value for the views below, as `View.environment(_:_:)`.
    @inlinable
    public consuming func environment<Value>(
        _ keyPath: WritableKeyPath<EnvironmentValues, Value>,
        _ value: Value
    ) -> EnvironmentModifiedView<Self> {
        nonisolated(unsafe) let keyPath = keyPath
        nonisolated(unsafe) let value = value
        return environmentModified { $0[keyPath: keyPath] = value }
    }

    /// Chooses the look of gauges below, as `View.gaugeStyle(_:)`.
    @inlinable
    public consuming func gaugeStyle(_ style: GaugeStyleChoice) -> EnvironmentModifiedView<Self> {
        environmentModified {
            $0.gaugeStyle = style.kind
            $0.customStyles.gauge = nil
        }
    }
    /// Chooses the look of progress views below, as `View.progressViewStyle(_:)`.
    @inlinable
    public consuming func progressViewStyle(_ style: ProgressViewStyleChoice) -> EnvironmentModifiedView<Self> {
        environmentModified {
            $0.progressViewStyle = style.kind
            $0.customStyles.progressView = nil
        }
    }

    // MARK: Redaction

    /// Redacts the content below, as `View.redacted(reason:)`.
    @inlinable
    public consuming func redacted(reason: RedactionReasons) -> EnvironmentModifiedView<Self> {
        environmentModified { $0.redactionReasons.formUnion(reason) }
    }
    /// Shows the content below even when redacted, as `View.unredacted()`.
    @inlinable
    public consuming func unredacted() -> EnvironmentModifiedView<Self> { environmentModified { $0.isUnredacted = true } }
    /// Marks content hidden while the device is locked, as `View.privacySensitive(_:)`.
    @inlinable
    public consuming func privacySensitive(_ sensitive: Bool = true) -> EnvironmentModifiedView<Self> {
        environmentModified { if sensitive && $0.redactionReasons.contains(.privacy) { $0.isUnredacted = false } }
    }

    // MARK: Layout

    /// Pads all edges by the system default (16 pt), as `View.padding(_:)` with no length.
    @inlinable
    public consuming func padding() -> ModifiedView<Self> { padding(.all, nil) }
    /// Pads all edges by `length` points.
    @inlinable
    public consuming func padding(_ length: Double) -> ModifiedView<Self> { padding(.all, length) }
    /// Pads the given edges by `length` points (nil: the system default, 16 pt).
    @inlinable
    public consuming func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> ModifiedView<Self> {
        let amount = length ?? 16
        return recordingModifier(
            .padding(
                NodeInsets(
                    top: edges.contains(.top) ? amount : 0, leading: edges.contains(.leading) ? amount : 0,
                    bottom: edges.contains(.bottom) ? amount : 0,
                    trailing: edges.contains(.trailing) ? amount : 0)))
    }
    /// Pads each edge by its own inset in points.
    @inlinable
    public consuming func padding(_ insets: EdgeInsets) -> ModifiedView<Self> {
        recordingModifier(.padding(NodeInsets(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)))
    }

    /// A fixed frame in points, as `View.frame(width:height:alignment:)`; nil keeps the content's size on that axis.
    @inlinable
    public consuming func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> ModifiedView<Self> {
        recordingModifier(.frame(FrameSpec(width: width, height: height, alignment: alignment, isFixed: true)))
    }

    /// A flexible frame in points, as `View.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    @inlinable
    public consuming func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> ModifiedView<Self> {
        recordingModifier(
            .frame(
                FrameSpec(
                    minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                    idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment, isFixed: false)))
    }

    /// Keeps the ideal size on the given axes, as `View.fixedSize(horizontal:vertical:)`.
    @inlinable
    public consuming func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> ModifiedView<Self> {
        recordingModifier(.fixedSize(horizontal: horizontal, vertical: vertical))
    }
    /// Orders how stacks share space, as `View.layoutPriority(_:)`.
    @inlinable
    public consuming func layoutPriority(_ value: Double) -> ModifiedView<Self> { recordingModifier(.layoutPriority(value)) }

    /// Constrains the aspect ratio (width / height, in points), as `View.aspectRatio(_:contentMode:)`.
    @inlinable
    public consuming func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> ModifiedView<Self> {
        recordingModifier(.aspectRatio(ratio, contentMode: contentMode))
    }
    /// Constrains the aspect ratio to `size.width / size.height`, as `View.aspectRatio(_:contentMode:)` with a size;
    /// a zero height leaves the ratio free.
    @inlinable
    public consuming func aspectRatio(_ size: CGSize, contentMode: ContentMode) -> ModifiedView<Self> {
        aspectRatio(size.height > 0 ? size.width / size.height : nil, contentMode: contentMode)
    }
    /// As `View.scaledToFit()`.
    @inlinable
    public consuming func scaledToFit() -> ModifiedView<Self> { aspectRatio(nil, contentMode: .fit) }
    /// As `View.scaledToFill()`.
    @inlinable
    public consuming func scaledToFill() -> ModifiedView<Self> { aspectRatio(nil, contentMode: .fill) }
    /// Moves the drawing by points, as `View.offset(x:y:)`.
    @inlinable
    public consuming func offset(x: Double = 0, y: Double = 0) -> ModifiedView<Self> { recordingModifier(.offset(x: x, y: y)) }

    // MARK: Drawing

    /// Draws a view behind this one, sized like it, as `View.background(alignment:content:)`.
    @inlinable
    public consuming func background<Background: View>(
        alignment: Alignment = .center,
        @ViewBuilder content: () -> Background
    ) -> DecoratedView<Self, Background> {
        DecoratedView(content: self, decoration: content(), alignment: alignment, isOverlay: false)
    }
    /// Draws a view behind this one, as `View.background(_:alignment:)` (a colour goes to the style overload).
    @_disfavoredOverload
    @inlinable
    public consuming func background<Background: View>(_ background: Background, alignment: Alignment = .center)
        -> DecoratedView<Self, Background>
    {
        DecoratedView(content: self, decoration: background, alignment: alignment, isOverlay: false)
    }
    /// Fills the area behind this view with a style, as `View.background(_:ignoresSafeAreaEdges:)`.
    @inlinable
    public consuming func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all)
        -> StyleDecoratedView<Self, S>
    {
        StyleDecoratedView(content: self, style: style, kind: .rectangle, strokeWidth: nil, isOverlay: false)
    }
    /// Fills a shape behind this view with a style, as `View.background(_:in:)`.
    @inlinable
    public consuming func background<S: ShapeStyle, Outline: Shape>(_ style: S, in shape: Outline) -> StyleDecoratedView<Self, S> {
        StyleDecoratedView(content: self, style: style, kind: shape.shapeKind, strokeWidth: nil, isOverlay: false)
    }
    /// Draws a view in front of this one, as `View.overlay(alignment:content:)`.
    @inlinable
    public consuming func overlay<Overlay: View>(
        alignment: Alignment = .center,
        @ViewBuilder content: () -> Overlay
    ) -> DecoratedView<Self, Overlay> {
        DecoratedView(content: self, decoration: content(), alignment: alignment, isOverlay: true)
    }
    /// Draws a view in front of this one, as `View.overlay(_:alignment:)`.
    @inlinable
    public consuming func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> DecoratedView<Self, Overlay> {
        DecoratedView(content: self, decoration: overlay, alignment: alignment, isOverlay: true)
    }
    /// Multiplies the opacity of this view (0...1), as `View.opacity(_:)`.
    @inlinable
    public consuming func opacity(_ opacity: Double) -> ModifiedView<Self> { recordingModifier(.opacity(min(max(opacity, 0), 1))) }
    /// Clips to a rounded rectangle (radius in points), as `View.cornerRadius(_:antialiased:)`.
    @inlinable
    public consuming func cornerRadius(_ radius: Double, antialiased: Bool = true) -> ModifiedView<Self> {
        recordingModifier(.clipShape(.roundedRectangle(cornerRadius: radius)))
    }
    /// Clips to a shape, as `View.clipShape(_:style:)`.
    @inlinable
    public consuming func clipShape<Outline: Shape>(_ shape: Outline, style: FillStyle = FillStyle()) -> ModifiedView<Self> {
        let kind = shape.shapeKind
        return recordingModifier(.clipShape(kind))
    }
    /// Clips to the frame, as `View.clipped(antialiased:)`.
    @inlinable
    public consuming func clipped(antialiased: Bool = false) -> ModifiedView<Self> { recordingModifier(.clipShape(.rectangle)) }
    /// Draws a border, as `View.border(_:width:)`; `width` in points.
    @inlinable
    public consuming func border<S: ShapeStyle>(_ content: S, width: Double = 1) -> StyleDecoratedView<Self, S> {
        StyleDecoratedView(content: self, style: content, kind: .rectangle, strokeWidth: width, isOverlay: true)
    }

    // MARK: WidgetKit

    /// Marks the widget's background, as `View.containerBackground(_:for:)` (iOS 17+): removable in
    /// StandBy and on the Lock Screen, replaced in accented mode.
    @inlinable
    public consuming func containerBackground<S: ShapeStyle>(_ style: S, for placement: ContainerBackgroundPlacement) -> some View {
        ContainerBackgroundView(content: self, background: StyleFill(style: AnyShapeStyle(style)))
    }
    /// Marks a view as the widget's background, as `View.containerBackground(for:alignment:content:)`.
    @inlinable
    public consuming func containerBackground<Background: View>(
        for placement: ContainerBackgroundPlacement, alignment: Alignment = .center,
        @ViewBuilder content: () -> Background
    ) -> some View {
        ContainerBackgroundView(content: self, background: content())
    }
    /// The URL the widget opens when tapped outside any `Link`, as `View.widgetURL(_:)`.
    @inlinable
    public consuming func widgetURL(_ url: URL?) -> ModifiedView<Self> { recordingModifier(url.map { .widgetURL($0) }) }
    /// Puts this view in the accent group for accented rendering, as `View.widgetAccentable(_:)`.
    @inlinable
    public consuming func widgetAccentable(_ accentable: Bool = true) -> ModifiedView<Self> {
        recordingModifier(.widgetAccentable(accentable))
    }
    /// Shows this view as pending between an intent tap and the next render, as `View.invalidatableContent(_:)`.
    @inlinable
    public consuming func invalidatableContent(_ invalidatable: Bool = true) -> ModifiedView<Self> {
        recordingModifier(invalidatable ? .invalidatableContent : nil)
    }
    /// Sets how images below render in accented mode (iOS 18+).
    @inlinable
    public consuming func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> EnvironmentModifiedView<Self> {
        environmentModified { $0.accentedRenderingMode = mode }
    }
    /// `contentMarginsDisabled()` belongs to the widget configuration (`StaticConfiguration { … }
    /// .contentMarginsDisabled()`); on a view it changes nothing, and `content-margins-on-view` says where
    /// it goes.
    public consuming func contentMarginsDisabled() -> some View { ContentMarginsOnView(content: self) }

    /// Keeps the view's space and draws nothing, as `View.hidden()`: its cells stay empty and its links and
    /// buttons do not react.
    @inlinable
    public consuming func hidden() -> ModifiedView<Self> { recordingModifier(.hidden) }

    /// Sets how buttons below are drawn, as `View.buttonStyle(_:)`: `.bordered` and `.borderedProminent` put the
    /// label on a capsule of the tint (docs/DECISIONS.md); `.plain`, `.borderless` draw the label alone.
    @inlinable
    public consuming func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> EnvironmentModifiedView<Self> {
        let look = style.cellButtonLook
        return environmentModified {
            $0.buttonLook = look
            $0.customStyles.button = nil
        }
    }

    /// Disables the buttons and toggles below, as `View.disabled(_:)`: they are drawn dimmed and a tap does
    /// nothing. `disabled(false)` does not re-enable what an enclosing view disabled, as in SwiftUI.
    @inlinable
    public consuming func disabled(_ disabled: Bool) -> EnvironmentModifiedView<Self> {
        environmentModified { $0.isEnabled = $0.isEnabled && !disabled }
    }

    // MARK: Code that never runs in a widget

    /// Never runs in a widget: WidgetKit archives the view and runs nothing while it is shown.
    /// WidgetTerm records a diagnostic; do the work in the timeline provider instead.
    @inlinable
    public consuming func onAppear(perform action: (() -> Void)? = nil) -> some View { NeverRunsView(content: self, name: "onAppear") }
    /// Never runs in a widget (see `onAppear`).
    @inlinable
    public consuming func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        NeverRunsView(content: self, name: "onDisappear")
    }
    /// Never runs in a widget (see `onAppear`).
    @inlinable
    public consuming func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View {
        NeverRunsView(content: self, name: "task")
    }
    /// Gestures never run in a widget: only `Link`, `widgetURL`, `Button(intent:)` and `Toggle(isOn:intent:)` react.
    @inlinable
    public consuming func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        NeverRunsView(content: self, name: "onTapGesture")
    }

    // MARK: Accepted with no effect in cells (motion, accessibility, interaction)

    /// Content transitions animate between renders; cells show the final state.
    @inlinable
    public consuming func contentTransition(_ transition: ContentTransition) -> Self { self }
    /// Transitions animate insertion and removal, as `View.transition(_:)`; cells show the final state.
    @inlinable
    public consuming func transition(_ transition: AnyTransition) -> Self { self }
    /// Animates changes of `value`, as `View.animation(_:value:)`; cells show the final state.
    @inlinable
    public consuming func animation<V: Equatable>(_ animation: Animation?, value: V) -> Self { self }
    /// The VoiceOver label, as `View.accessibilityLabel(_:)`; the terminal has no accessibility tree, so it is ignored.
    @inlinable
    public consuming func accessibilityLabel(_ label: Text) -> Self { self }
    /// The VoiceOver label from a localized key, as `View.accessibilityLabel(_:)`; ignored in cells.
    @inlinable
    public consuming func accessibilityLabel(_ label: LocalizedStringKey) -> Self { self }
    /// Hides the view from VoiceOver, as `View.accessibilityHidden(_:)`; ignored in cells.
    @inlinable
    public consuming func accessibilityHidden(_ hidden: Bool) -> Self { self }
    /// Groups children into one accessibility element, as `View.accessibilityElement(children:)`; ignored in cells.
    @inlinable
    public consuming func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> Self { self }
    /// The VoiceOver value, as `View.accessibilityValue(_:)`; ignored in cells.
    @inlinable
    public consuming func accessibilityValue(_ value: Text) -> Self { self }
    /// How SF Symbols are coloured in layers, as `View.symbolRenderingMode(_:)`; a symbol is one glyph in one colour in cells.
    @inlinable
    public consuming func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Self { self }
    /// Hides controls' labels, as `View.labelsHidden()`; ignored in cells.
    @inlinable
    public consuming func labelsHidden() -> Self { self }
    /// Gives the view an explicit identity, as `View.id(_:)`; identity only matters for animation, so it is ignored.
    @inlinable
    public consuming func id<ID: Hashable>(_ id: ID) -> Self { self }
}

extension View {
    /// Shows SF Symbols below in a variant, as `View.symbolVariant(_:)`: `Image(systemName: "heart")` under
    /// `.fill` draws `heart.fill` (the glyph table falls back to `heart` when it has no filled glyph).
    @inlinable
    public consuming func symbolVariant(_ variant: SymbolVariants) -> EnvironmentModifiedView<Self> {
        environmentModified { $0.symbolVariants = variant }
    }
    /// Sets the scale of SF Symbols below, as `View.imageScale(_:)`. A symbol is one glyph in cells at every
    /// scale (docs/DECISIONS.md); the value is kept in `\.imageScale` for code that reads it.
    @inlinable
    public consuming func imageScale(_ scale: Image.Scale) -> EnvironmentModifiedView<Self> {
        environmentModified { $0.imageScale = scale }
    }

    // MARK: Effects cells cannot draw

    /// A shadow, as `View.shadow(color:radius:x:y:)`. Cells cannot draw a blurred shadow: the view is drawn
    /// without one and the diagnostic `effect-not-drawn` says so (docs/DECISIONS.md).
    @inlinable
    public consuming func shadow(color: Color = .black.opacity(0.33), radius: Double, x: Double = 0, y: Double = 0) -> some View {
        EffectNotDrawnView(content: self, effect: "shadow", drawnAs: "without its shadow")
    }
    /// Scales how the view is drawn without changing its layout, as `View.scaleEffect(_:anchor:)`. A glyph cannot
    /// be drawn at another size: the view is drawn at scale 1 and `effect-not-drawn` says so; a scale of 0 or
    /// less draws nothing, as in SwiftUI.
    @inlinable
    public consuming func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View {
        ScaleEffectView(content: self, scale: scale)
    }
    /// Scales each axis, as `View.scaleEffect(x:y:anchor:)` (see `scaleEffect(_:anchor:)`).
    @inlinable
    public consuming func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
        ScaleEffectView(content: self, scale: x <= 0 || y <= 0 ? 0 : x != 1 ? x : y)
    }
    /// Rotates how the view is drawn without changing its layout, as `View.rotationEffect(_:anchor:)`. Cells cannot
    /// rotate glyphs: a whole turn (or none) draws the view as it is; a trimmed circle (a ring's progress arc)
    /// turns its part of the ring by the angle, which is exact; any other view is drawn unrotated and reports
    /// `effect-not-drawn`.
    @inlinable
    public consuming func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        RotationEffectView(content: self, degrees: angle.degrees)
    }
    /// A Gaussian blur, as `View.blur(radius:opaque:)`: drawn sharp, and `effect-not-drawn` says so.
    @inlinable
    public consuming func blur(radius: Double, opaque: Bool = false) -> some View {
        EffectNotDrawnView(content: self, effect: "blur", drawnAs: "sharp")
    }
}

/// A view with a visual effect cells cannot draw: resolves its content and records the diagnostic.
@usableFromInline
struct EffectNotDrawnView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let effect: String
    @usableFromInline let drawnAs: String
    /// True when the effect changes nothing in cells (a whole turn): nothing is reported.
    @usableFromInline let isDrawn: Bool

    @inlinable
    init(content: Content, effect: String, drawnAs: String, isDrawn: Bool = false) {
        self.content = content
        self.effect = effect
        self.drawnAs = drawnAs
        self.isDrawn = isDrawn
    }

    @inlinable
    func resolve(in context: ResolveContext) -> ViewNode {
        if !isDrawn { context.sink.reportEffectNotDrawn(effect, drawnAs: drawnAs) }
        return content._resolve(in: context)
    }
}

/// `.contentMarginsDisabled()` written on a view: the view, with a diagnostic naming where the modifier goes.
struct ContentMarginsOnView<Content: View>: PrimitiveView {
    let content: Content

    func resolve(in context: ResolveContext) -> ViewNode {
        context.sink.report(
            ResolveDiagnostic(
                code: "content-margins-on-view",
                message: ".contentMarginsDisabled() on a view changes nothing: WidgetKit reads it on the widget "
                    + "configuration. Write it after StaticConfiguration { … } (or AppIntentConfiguration) instead."))
        return content._resolve(in: context)
    }
}

/// `.rotationEffect`: a trimmed circle turns its part of the ring; a whole turn changes nothing; any other view
/// is drawn unrotated and reported.
@usableFromInline
struct RotationEffectView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let degrees: Double

    @inlinable
    init(content: Content, degrees: Double) {
        self.content = content
        self.degrees = degrees
    }

    @usableFromInline
    func resolve(in context: ResolveContext) -> ViewNode {
        let node = content._resolve(in: context)
        let turns = degrees / 360
        if turns == turns.rounded() { return node }
        if case .shape(var shape) = node, case .trimmed(.circle, let from, let to) = shape.kind {
            shape.kind = .trimmed(.circle, from: from + turns, to: to + turns)
            return .shape(shape)
        }
        context.sink.reportEffectNotDrawn("rotationEffect(.degrees(\(degrees)))", drawnAs: "unrotated")
        return node
    }
}

/// `.scaleEffect`: a scale of 0 or less hides the view (keeping its layout); 1 is the view; any other scale
/// is drawn at 1 and reported.
@usableFromInline
struct ScaleEffectView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let scale: Double

    @inlinable
    init(content: Content, scale: Double) {
        self.content = content
        self.scale = scale
    }

    @inlinable
    func resolve(in context: ResolveContext) -> ViewNode {
        let node = content._resolve(in: context)
        if scale <= 0 { return node.applying(.hidden) }
        if scale != 1 { context.sink.reportEffectNotDrawn("scaleEffect(\(scale))", drawnAs: "at its layout size") }
        return node
    }
}

extension ResolveSink {
    /// Records that `.effect` cannot be drawn in cells and how the view is drawn instead.
    @usableFromInline
    func reportEffectNotDrawn(_ effect: String, drawnAs: String) {
        report(
            ResolveDiagnostic(
                code: "effect-not-drawn",
                message: ".\(effect) cannot be drawn in terminal cells; the view is drawn \(drawnAs). iOS shows the effect."))
    }
}

/// A view whose modifier can never run in a widget: resolves its content and records why.
@usableFromInline
struct NeverRunsView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let name: String

    @inlinable
    init(content: Content, name: String) {
        self.content = content
        self.name = name
    }

    @inlinable
    func resolve(in context: ResolveContext) -> ViewNode {
        context.sink.reportCodeThatNeverRuns(name)
        return content._resolve(in: context)
    }
}

extension ResolveSink {
    /// Records that the modifier `.name` (`onAppear`, `task`...) never runs in a widget.
    @usableFromInline
    func reportCodeThatNeverRuns(_ name: String) {
        report(
            ResolveDiagnostic(
                code: "code-never-runs-in-widget",
                message: ".\(name) never runs in a widget: WidgetKit renders the view ahead of time and archives it. "
                    + "Compute the value in the timeline provider and put it in the entry (or use Text(_:style:) for moving time)."))
    }
}

/// A shape style drawn as a full-frame view (used for `containerBackground(_:for:)`).
@usableFromInline
struct StyleFill: PrimitiveView {
    let style: AnyShapeStyle
    @usableFromInline init(style: AnyShapeStyle) { self.style = style }
    @usableFromInline func resolve(in context: ResolveContext) -> ViewNode {
        .shape(
            ShapeNode(kind: .rectangle, fill: style.resolvePaint(inheriting: context.environment.foregroundStyle, in: context.environment)))
    }
}

/// Motion and accessibility types accepted for source compatibility; cells show final states.
public struct ContentTransition: Sendable {
    public static let identity = ContentTransition(), opacity = ContentTransition(), interpolate = ContentTransition()
    /// Digits that roll as they count, as `ContentTransition.numericText(countsDown:)`; cells show the final digits.
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    /// Digits that roll towards `value`, as `ContentTransition.numericText(value:)`; cells show the final digits.
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
}
/// A stand-in for SwiftUI's `AnyTransition`, accepted for source compatibility; cells show final states.
public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition(), identity = AnyTransition(), scale = AnyTransition()
    /// Slides in from `edge`, as `AnyTransition.push(from:)`; cells show the final state.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
}
/// A stand-in for SwiftUI's `Animation`, accepted for source compatibility; cells do not animate.
public struct Animation: Sendable {
    public static let `default` = Animation(), easeInOut = Animation(), linear = Animation(), spring = Animation()
    /// iOS 17's `smooth`, `snappy` and `bouncy` springs; cells do not animate.
    public static let smooth = Animation(), snappy = Animation(), bouncy = Animation()
    /// A smooth spring of `duration` seconds, as `Animation.smooth(duration:extraBounce:)`; cells do not animate.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation() }
    /// A snappy spring of `duration` seconds, as `Animation.snappy(duration:extraBounce:)`; cells do not animate.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation() }
    /// A bouncy spring of `duration` seconds, as `Animation.bouncy(duration:extraBounce:)`; cells do not animate.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { Animation() }
}
/// As SwiftUI's `AccessibilityChildBehavior`: how children join an accessibility element; ignored in cells.
public enum AccessibilityChildBehavior: Sendable { case ignore, combine, contain }
/// A stand-in for SwiftUI's `SymbolRenderingMode`; cells draw every mode as one glyph in the foreground style.
public struct SymbolRenderingMode: Sendable {
    public static let monochrome = SymbolRenderingMode(), hierarchical = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode(), multicolor = SymbolRenderingMode()
}
/// The variants of an SF Symbol, as `SwiftUI.SymbolVariants`: combine them as Apple does (`.circle.fill`).
public struct SymbolVariants: Hashable, Sendable {
    /// The name components the variant adds, in SF Symbols' order (`slash`, then a shape, then `fill`).
    var hasSlash = false, shape: String?, isFilled = false

    /// No variant: the symbol's name as written, as `SymbolVariants.none`.
    public static let none = SymbolVariants()
    /// The filled variant (`.fill` appended), as `SymbolVariants.fill`.
    public static let fill = SymbolVariants(isFilled: true)
    /// The variant in a circle (`.circle` appended), as `SymbolVariants.circle`.
    public static let circle = SymbolVariants(shape: "circle")
    /// The variant in a square (`.square` appended), as `SymbolVariants.square`.
    public static let square = SymbolVariants(shape: "square")
    /// The variant in a rectangle (`.rectangle` appended), as `SymbolVariants.rectangle`.
    public static let rectangle = SymbolVariants(shape: "rectangle")
    /// The slashed variant (`.slash` appended), as `SymbolVariants.slash`.
    public static let slash = SymbolVariants(hasSlash: true)

    /// This variant filled, as `SymbolVariants.fill` on a variant (`.circle.fill`).
    public var fill: SymbolVariants { SymbolVariants(hasSlash: hasSlash, shape: shape, isFilled: true) }
    /// This variant in a circle, as `SymbolVariants.circle`.
    public var circle: SymbolVariants { SymbolVariants(hasSlash: hasSlash, shape: "circle", isFilled: isFilled) }
    /// This variant in a square, as `SymbolVariants.square`.
    public var square: SymbolVariants { SymbolVariants(hasSlash: hasSlash, shape: "square", isFilled: isFilled) }
    /// This variant slashed, as `SymbolVariants.slash`.
    public var slash: SymbolVariants { SymbolVariants(hasSlash: true, shape: shape, isFilled: isFilled) }

    /// `name` in this variant: each component it lacks appended, in SF Symbols' order.
    func apply(to name: String) -> String {
        var components = name.split(separator: ".").map(String.init)
        if hasSlash && !components.contains("slash") { components.append("slash") }
        if let shape, !components.contains(shape) { components.append(shape) }
        if isFilled && components.last != "fill" { components.append("fill") }
        return components.joined(separator: ".")
    }
}
