import Foundation

// MARK: - View

/// A piece of user interface, as `SwiftUI.View`: a value whose `body` describes its content.
///
/// WidgetTerm evaluates `body` once per timeline entry, family and environment, as WidgetKit does,
/// and records the result as a `ViewNode` tree (`ViewResolver`).
public protocol View {
    /// The type of view this view's body returns.
    associatedtype Body: View
    /// The content of the view.
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view the resolver records directly instead of asking for its `body`. Every built-in view is one.
public protocol PrimitiveView: View where Body == Never {
    /// Records this view, with the environment of `context`, as resolved data.
    func resolve(in context: ResolveContext) -> ViewNode
}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

// MARK: - Resolving

/// What the resolver carries down the tree: the environment and where findings go.
public struct ResolveContext: Sendable {
    public var environment: EnvironmentValues
    public let sink: ResolveSink

    public init(environment: EnvironmentValues, sink: ResolveSink = ResolveSink()) {
        self.environment = environment
        self.sink = sink
    }

    /// A copy with the environment changed by `update`.
    public func with(_ update: (inout EnvironmentValues) -> Void) -> ResolveContext {
        var copy = self
        update(&copy.environment)
        return copy
    }

    /// Resolves a child view in this context.
    public func resolve<V: View>(_ view: V) -> ViewNode { ViewResolver.resolve(view, in: self) }
}

/// Collects what a resolution finds besides the tree: the container background, diagnostics.
public final class ResolveSink: @unchecked Sendable {
    private let lock = NSLock()
    private var _containerBackground: ViewNode?
    private var _diagnostics: [ResolveDiagnostic] = []
    private var _bodyEvaluations = 0

    public init() {}

    /// The view given to `.containerBackground(_:for: .widget)`, if any (the last one applied wins).
    public var containerBackground: ViewNode? { lock.withLock { _containerBackground } }
    /// Problems found while resolving (a backwards date range, an unknown symbol...).
    public var diagnostics: [ResolveDiagnostic] { lock.withLock { _diagnostics } }
    /// How many `body` properties were evaluated.
    public var bodyEvaluations: Int { lock.withLock { _bodyEvaluations } }

    func setContainerBackground(_ node: ViewNode) { lock.withLock { _containerBackground = node } }

    /// Names the view that received a backwards date range reported just before (the `...` operator
    /// cannot know which view it builds a range for).
    func attributeBackwardsRange(to view: String) {
        lock.withLock {
            guard let index = _diagnostics.lastIndex(where: { $0.code == "backwards-date-range" }),
                  !_diagnostics[index].message.hasPrefix("`") else { return }
            _diagnostics[index].message = "`\(view)` got a " + _diagnostics[index].message.prefix(1).lowercased()
                + _diagnostics[index].message.dropFirst()
        }
    }
    func countBody() { lock.withLock { _bodyEvaluations += 1 } }
    public func report(_ diagnostic: ResolveDiagnostic) { lock.withLock { _diagnostics.append(diagnostic) } }

    /// The sink of the resolution running on this task, if any.
    @TaskLocal public static var current: ResolveSink?
}

/// A problem found while resolving a body: a stable kebab-case code, a message a person can act on,
/// and whether the widget must show its error state instead of its content.
public struct ResolveDiagnostic: Equatable, Sendable {
    public var code: String
    public var message: String
    public var isFatalToRender: Bool

    public init(code: String, message: String, isFatalToRender: Bool = false) {
        self.code = code
        self.message = message
        self.isFatalToRender = isFatalToRender
    }
}

/// Turns views into `ViewNode` trees.
public enum ViewResolver {
    /// Resolves `view` with `environment`, returning the tree and the sink that saw the resolution.
    public static func resolve<V: View>(_ view: V, environment: EnvironmentValues) -> (ViewNode, ResolveSink) {
        let context = ResolveContext(environment: environment)
        let node = ResolveSink.$current.withValue(context.sink) { resolve(view, in: context) }
        return (node, context.sink)
    }

    /// Resolves `view` in `context`: primitives record themselves; other views evaluate `body` once
    /// with `context.environment` visible to `@Environment`.
    public static func resolve<V: View>(_ view: V, in context: ResolveContext) -> ViewNode {
        if let primitive = view as? any PrimitiveView {
            return primitive.resolve(in: context)
        }
        context.sink.countBody()
        let body = EnvironmentValues.$current.withValue(context.environment) { view.body }
        return resolve(body, in: context)
    }
}

// MARK: - Builder

/// Builds view content from statements, as `SwiftUI.ViewBuilder`.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> ConditionalContent<TrueContent, FalseContent> { .trueContent(first) }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> ConditionalContent<TrueContent, FalseContent> { .falseContent(second) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

/// Several views from one builder block.
public struct TupleView<each Content: View>: PrimitiveView {
    let content: (repeat each Content)
    public init(_ content: repeat each Content) { self.content = (repeat each content) }

    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        for child in repeat each content {
            children.append(context.resolve(child))
        }
        return .group(children)
    }
}

/// One of two views chosen by an `if`/`else` or `switch`, as SwiftUI's `_ConditionalContent`.
public enum ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    case trueContent(TrueContent)
    case falseContent(FalseContent)

    public func resolve(in context: ResolveContext) -> ViewNode {
        switch self {
        case .trueContent(let view): return context.resolve(view)
        case .falseContent(let view): return context.resolve(view)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    public func resolve(in context: ResolveContext) -> ViewNode {
        switch self {
        case .some(let view): return context.resolve(view)
        case .none: return .empty
        }
    }
}

/// No content, as `SwiftUI.EmptyView`.
public struct EmptyView: PrimitiveView {
    public init() {}
    public func resolve(in context: ResolveContext) -> ViewNode { .empty }
}

/// A type-erased view, as `SwiftUI.AnyView`.
public struct AnyView: PrimitiveView {
    private let resolveContent: (ResolveContext) -> ViewNode
    public init<V: View>(_ view: V) { resolveContent = { ViewResolver.resolve(view, in: $0) } }
    public init<V: View>(erasing view: V) { self.init(view) }
    public func resolve(in context: ResolveContext) -> ViewNode { resolveContent(context) }
}

/// Groups views without laying them out, as `SwiftUI.Group`; modifiers apply to each child.
public struct Group<Content: View>: PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public func resolve(in context: ResolveContext) -> ViewNode { .group(context.resolve(content).flattened) }
}

/// Views made from a collection, as `SwiftUI.ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    let data: Data
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    public func resolve(in context: ResolveContext) -> ViewNode {
        .group(data.flatMap { context.resolve(content($0)).flattened })
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}
