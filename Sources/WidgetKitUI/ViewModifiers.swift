import Foundation

// MARK: - ViewModifier

/// A reusable modifier written by the developer, as `SwiftUI.ViewModifier`: `body(content:)` returns the
/// view made from `content`, the view the modifier is applied to with `.modifier(_:)`.
public protocol ViewModifier {
    /// The type of view `body(content:)` returns.
    associatedtype Body: View
    /// The view the modifier is applied to, as a placeholder `body(content:)` places.
    typealias Content = _ViewModifier_Content<Self>
    /// The modified view, made from `content`.
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` modifies, as SwiftUI's `_ViewModifier_Content`: it resolves to the original view,
/// in the environment where `body(content:)` places it.
public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {
    @usableFromInline let resolveContent: (ResolveContext) -> ViewNode
    @usableFromInline let resolveContentList: (ResolveContext, inout [ViewNode]) -> Void

    @inlinable
    init(resolveContent: @escaping (ResolveContext) -> ViewNode, resolveContentList: @escaping (ResolveContext, inout [ViewNode]) -> Void) {
        self.resolveContent = resolveContent
        self.resolveContentList = resolveContentList
    }

    /// Resolves the view the modifier was applied to, as it was.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode { resolveContent(context) }

    /// Appends the original view's nodes, so a modifier that returns `content` alone keeps a group's children.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) { resolveContentList(context, &list) }
}

/// A view with a `ViewModifier` applied, as `SwiftUI.ModifiedContent`: resolving it evaluates the modifier's
/// `body(content:)` once (with `@Environment` reading the environment there) and resolves what it returns.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: PrimitiveView {
    /// The view the modifier is applied to.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// A view of `content` with `modifier` applied, as `ModifiedContent(content:modifier:)`.
    @inlinable
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    @inlinable
    func body(in context: ResolveContext) -> Modifier.Body {
        let content = self.content
        let placeholder = _ViewModifier_Content<Modifier>(
            resolveContent: { content._resolve(in: $0) },
            resolveContentList: { content._resolveList(in: $0, into: &$1) })
        context.sink.countBody()
        return EnvironmentValues.withCurrent(context.environment) { modifier.body(content: placeholder) }
    }

    /// Resolves what the modifier's `body(content:)` returns, evaluated once in this environment.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode { body(in: context)._resolve(in: context) }

    /// Appends the nodes of what the modifier's `body(content:)` returns, so a group keeps its children.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        body(in: context)._resolveList(in: context, into: &list)
    }
}

extension View {
    /// Applies a `ViewModifier`, as `View.modifier(_:)`.
    @inlinable
    public func modifier<T: ViewModifier>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: - State

/// A value a view owns, as `SwiftUI.State`. A widget is rendered ahead of time and archived, so its body
/// only ever reads the initial value; a change (through the property or its binding) is kept for the rest
/// of that body and reported as `state-never-redraws`, since nothing redraws the widget from it.
@propertyWrapper
public struct State<Value>: @unchecked Sendable {
    @usableFromInline final class Box: @unchecked Sendable {
        @usableFromInline var value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline let box: Box

    /// A state with its initial value, as `State(wrappedValue:)` (what `@State var x = 1` calls).
    public init(wrappedValue value: Value) { box = Box(value) }
    /// A state with its initial value, as `State(initialValue:)`.
    public init(initialValue value: Value) { box = Box(value) }

    /// The current value: the initial one in a widget.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set {
            box.value = newValue
            State.reportChange()
        }
    }

    /// A binding to the value, as `$name`.
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(
            get: { box.value },
            set: {
                box.value = $0
                State.reportChange()
            })
    }

    static func reportChange() {
        ResolveSink.current?.report(
            ResolveDiagnostic(
                code: "state-never-redraws",
                message: "A @State value was changed while a widget body ran: WidgetKit archives the view, so nothing "
                    + "redraws it from state. Put the value in the timeline entry, or change it with an App Intent "
                    + "(Button(intent:)) that reloads the timeline."))
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state whose initial value is nil, as `State()`.
    public init() { self.init(wrappedValue: nil) }
}

/// A reference to a value read and written elsewhere, as `SwiftUI.Binding`.
@propertyWrapper
public struct Binding<Value>: @unchecked Sendable {
    let getValue: () -> Value
    let setValue: (Value) -> Void

    /// A binding from a getter and a setter, as `Binding(get:set:)`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }

    /// A binding to a value that never changes, as `Binding.constant(_:)`.
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }

    /// The value.
    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// The binding itself, as `$name` on a `@Binding` property.
    public var projectedValue: Binding<Value> { self }
}

// MARK: - Transitions

extension AnyTransition {
    /// Moves the view in from and out to an edge, as `AnyTransition.move(edge:)`. Accepted with no motion:
    /// a widget is archived and shows the state after the transition (docs/DECISIONS.md).
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    /// Slides the view in from the leading edge, as `AnyTransition.slide`; shown without motion.
    public static var slide: AnyTransition { AnyTransition() }
    /// Offsets the view, as `AnyTransition.offset(x:y:)`; shown without motion.
    public static func offset(x: Double = 0, y: Double = 0) -> AnyTransition { AnyTransition() }
    /// Different transitions in and out, as `AnyTransition.asymmetric(insertion:removal:)`; shown without motion.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
    /// Both transitions at once, as `AnyTransition.combined(with:)`; shown without motion.
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition() }
}

// MARK: - Angles

/// An angle, as `SwiftUI.Angle`.
public struct Angle: Hashable, Sendable, Comparable {
    /// The angle in radians.
    public var radians: Double
    /// The angle in degrees.
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    /// A zero angle.
    public init() { radians = 0 }
    /// An angle in radians, as `Angle(radians:)`.
    public init(radians: Double) { self.radians = radians }
    /// An angle in degrees, as `Angle(degrees:)`.
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    /// An angle in radians, as `Angle.radians(_:)`.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle in degrees, as `Angle.degrees(_:)`.
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    /// A zero angle, as `Angle.zero`.
    public static let zero = Angle()

    /// True when `lhs` is the smaller angle.
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

// MARK: - Layout direction and URLs

/// The direction of a layout, as `SwiftUI.LayoutDirection`.
public enum LayoutDirection: Hashable, Sendable, CaseIterable, Codable {
    case leftToRight, rightToLeft

    /// The direction of `locale`'s language: right to left for the languages written that way.
    public init(locale: Locale) {
        let rightToLeft: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi"]
        self = rightToLeft.contains(locale.language.languageCode?.identifier ?? "") ? .rightToLeft : .leftToRight
    }
}

extension EnvironmentValues {
    /// Opens a URL, as `EnvironmentValues.openURL`. A widget's code runs only while its body is built, where
    /// opening a URL does nothing: use `Link` or `widgetURL(_:)`, which WidgetTerm follows on a tap.
    /// A handler set with `.environment(\.openURL, …)` is accepted and never runs, as no code runs on a tap.
    public var openURL: OpenURLAction {
        get { OpenURLAction() }
        set {}
    }
}

/// An action that opens a URL, as `SwiftUI.OpenURLAction`. In a widget it never runs: calling it is reported
/// as `code-never-runs-in-widget` (docs/DECISIONS.md).
public struct OpenURLAction: Sendable {
    /// What a custom handler did with the URL, as `OpenURLAction.Result`.
    public enum Result: Sendable {
        case handled, discarded, systemAction
    }

    init() {}
    /// An action with a custom handler, as `OpenURLAction(handler:)`; the handler never runs in a widget.
    public init(handler: @escaping (URL) -> Result) {}

    /// Opens `url`; in a widget nothing opens, and the call is reported.
    public func callAsFunction(_ url: URL) {
        ResolveSink.current?.report(
            ResolveDiagnostic(
                code: "code-never-runs-in-widget",
                message: "openURL(\(url.absoluteString)) opens nothing in a widget: WidgetKit archives the view and runs no "
                    + "code on a tap. Use Link(destination:) or .widgetURL(_:), which WidgetTerm follows."))
    }
}
