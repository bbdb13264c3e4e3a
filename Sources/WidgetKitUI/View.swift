import Foundation
import Synchronization

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

    /// Records this view, with the environment of `context`, as resolved data.
    ///
    /// An implementation hook, as SwiftUI's `_makeView`: widget code neither calls nor implements it. The
    /// default evaluates `body` once (with `context.environment` visible to `@Environment`) and resolves the
    /// result; every `PrimitiveView` gets one that calls its `resolve(in:)`. Being a requirement, it is
    /// dispatched statically when the view's type is known, so resolving needs no dynamic cast.
    func _resolve(in context: ResolveContext) -> ViewNode

    /// Appends this view's resolved nodes to `list` as the siblings a stack lays out: the children of groups
    /// spliced in, empty nodes dropped (the same nodes as `_resolve(in:).flattened`).
    ///
    /// An implementation hook, as SwiftUI's `_makeViewList`: builder blocks, `Group`, `ForEach`, `if` and
    /// optionals append their children directly instead of building intermediate groups.
    func _resolveList(in context: ResolveContext, into list: inout [ViewNode])
}

extension View {
    /// Evaluates `body` once, with `context.environment` visible to `@Environment`, and resolves it.
    @inlinable
    public func _resolve(in context: ResolveContext) -> ViewNode {
        ViewResolver.evaluateBody(of: self, in: context)._resolve(in: context)
    }

    /// Evaluates `body` once, with `context.environment` visible to `@Environment`, and lists its nodes.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        ViewResolver.evaluateBody(of: self, in: context)._resolveList(in: context, into: &list)
    }
}

extension Never: View {
    /// `Never` is the body type of views that have none.
    public typealias Body = Never
    /// Never called: traps with "Never has no body".
    public var body: Never { fatalError("Never has no body") }
}

/// A view the resolver records directly instead of asking for its `body`. Every built-in view is one.
public protocol PrimitiveView: View where Body == Never {
    /// Records this view, with the environment of `context`, as resolved data.
    func resolve(in context: ResolveContext) -> ViewNode
}

extension PrimitiveView {
    /// Never called: the resolver records a primitive view through `resolve(in:)`, so this traps.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }

    /// Calls `resolve(in:)`: a primitive records itself instead of evaluating a body.
    @inlinable
    public func _resolve(in context: ResolveContext) -> ViewNode { resolve(in: context) }

    /// Appends the nodes of `resolve(in:)`, groups spliced and empty nodes dropped.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        resolve(in: context).appendFlattened(to: &list)
    }
}

// MARK: - Resolving

/// What the resolver carries down the tree: the environment and where findings go.
public struct ResolveContext: Sendable {
    /// The environment the view is resolved in, as `@Environment` reads it.
    public var environment: EnvironmentValues
    /// Where the resolution's diagnostics and container background go; shared by the whole tree.
    public let sink: ResolveSink

    /// A context of `environment`, reporting to `sink` (a new one unless given).
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
    @inlinable
    public func resolve<V: View>(_ view: V) -> ViewNode { view._resolve(in: self) }
}

/// Collects what a resolution finds besides the tree: the container background, diagnostics.
public final class ResolveSink: @unchecked Sendable {
    /// What the sink has collected, behind one lock.
    private struct State {
        var containerBackground: ViewNode?
        var diagnostics: [ResolveDiagnostic] = []
        var bodyEvaluations = 0
        /// The host's resources as noted when the resolution began (`.some(nil)`: the host has none); nil until noted.
        var resources: (any WidgetResourceProvider)??
    }

    /// A `Mutex` lives inside the sink: an `NSLock` was an object of its own, and on Linux three `malloc`s (its
    /// mutex, and the condition and mutex of `lock(before:)`), for every resolution.
    private let state = Mutex(State())

    /// An empty sink: no background, no diagnostics, no bodies counted.
    public init() {}

    /// The app's asset catalogs and string tables the views of this resolution read (`Text`'s string tables): the
    /// host's ``HostContext/resources``, noted once when the host binds this sink (`HostContext.resolving(into:_:)`)
    /// instead of looked up through the task's binding for every view; looked up each time for a sink no host bound.
    public var resources: (any WidgetResourceProvider)? {
        if case .some(let noted) = state.withLock({ $0.resources }) { return noted }
        return HostContext.current.resources
    }

    /// Notes the resources the views of this resolution read (the host's, as it binds this sink).
    func noteResources(_ resources: (any WidgetResourceProvider)?) { state.withLock { $0.resources = .some(resources) } }

    /// The view given to `.containerBackground(_:for: .widget)`, if any (the last one applied wins).
    public var containerBackground: ViewNode? { state.withLock { $0.containerBackground } }
    /// Problems found while resolving (a backwards date range, an unknown symbol...).
    public var diagnostics: [ResolveDiagnostic] { state.withLock { $0.diagnostics } }
    /// How many `body` properties were evaluated.
    public var bodyEvaluations: Int { state.withLock { $0.bodyEvaluations } }

    @usableFromInline
    func setContainerBackground(_ node: ViewNode) { state.withLock { $0.containerBackground = node } }

    /// Names the view that received a backwards date range reported just before (the `...` operator
    /// cannot know which view it builds a range for).
    func attributeBackwardsRange(to view: String) {
        state.withLock { state in
            guard let index = state.diagnostics.lastIndex(where: { $0.code == "backwards-date-range" }),
                !state.diagnostics[index].message.hasPrefix("`")
            else { return }
            state.diagnostics[index].message =
                "`\(view)` got a " + state.diagnostics[index].message.prefix(1).lowercased()
                + state.diagnostics[index].message.dropFirst()
        }
    }
    @usableFromInline
    func countBody() { state.withLock { $0.bodyEvaluations += 1 } }
    /// Records `diagnostic`, in the order found; safe from any thread.
    public func report(_ diagnostic: ResolveDiagnostic) { state.withLock { $0.diagnostics.append(diagnostic) } }
}

/// A problem found while resolving a body: a stable kebab-case code, a message a person can act on,
/// and whether the widget must show its error state instead of its content.
public struct ResolveDiagnostic: Equatable, Sendable, Codable {
    /// A stable kebab-case name for the problem, e.g. `backwards-date-range`.
    public var code: String
    /// What went wrong and what to do about it, in a sentence or two.
    public var message: String
    /// True when the widget must show its error state instead of its content.
    public var isFatalToRender: Bool

    /// A diagnostic `code` with `message`, not fatal unless `isFatalToRender`.
    public init(code: String, message: String, isFatalToRender: Bool = false) {
        self.code = code
        self.message = message
        self.isFatalToRender = isFatalToRender
    }
}

/// Turns views into `ViewNode` trees.
///
/// Resolution is generic code the compiler specialises for each widget's view types (the resolving
/// entry points and every generic view's `resolve(in:)` are `@inlinable`): a view is dispatched through
/// the `View` requirements `_resolve(in:)` and `_resolveList(in:into:)`, never by casting.
public enum ViewResolver {
    /// Resolves `view` with `environment`, returning the tree and the sink that saw the resolution.
    @inlinable
    public static func resolve<V: View>(_ view: V, environment: EnvironmentValues) -> (ViewNode, ResolveSink) {
        let context = ResolveContext(environment: environment)
        let node = HostContext.resolvingInCurrent(into: context.sink) { view._resolve(in: context) }
        return (node, context.sink)
    }

    /// Resolves `view` in `context`: primitives record themselves; other views evaluate `body` once
    /// with `context.environment` visible to `@Environment`.
    @inlinable
    public static func resolve<V: View>(_ view: V, in context: ResolveContext) -> ViewNode {
        view._resolve(in: context)
    }

    /// Evaluates `view.body` once, counting it, with `context.environment` as the current environment.
    @inlinable
    static func evaluateBody<V: View>(of view: V, in context: ResolveContext) -> V.Body {
        context.sink.countBody()
        return EnvironmentValues.withCurrent(context.environment) { view.body }
    }
}

// MARK: - Builder

/// Builds view content from statements, as `SwiftUI.ViewBuilder`.
///
/// A block of two to ten statements becomes a `TupleView` of `ViewStatements2`...`ViewStatements10`, types
/// the compiler specialises all the way down; longer blocks use a parameter pack (`PackedViewStatements`),
/// whose elements are reached through type metadata at run time.
@resultBuilder
public enum ViewBuilder {
    /// An empty block, as an `EmptyView`.
    @inlinable public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block of one statement: that statement's view itself.
    @inlinable public static func buildBlock<Content: View>(_ content: consuming Content) -> Content { content }
    /// A block of two statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View>(_ c0: consuming C0, _ c1: consuming C1)
        -> TupleView<ViewStatements2<C0, C1>>
    {
        TupleView(ViewStatements2(c0, c1))
    }
    /// A block of three statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2)
        -> TupleView<ViewStatements3<C0, C1, C2>>
    {
        TupleView(ViewStatements3(c0, c1, c2))
    }
    /// A block of four statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3
    )
        -> TupleView<ViewStatements4<C0, C1, C2, C3>>
    {
        TupleView(ViewStatements4(c0, c1, c2, c3))
    }
    /// A block of five statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4
    ) -> TupleView<ViewStatements5<C0, C1, C2, C3, C4>> {
        TupleView(ViewStatements5(c0, c1, c2, c3, c4))
    }
    /// A block of six statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5
    ) -> TupleView<ViewStatements6<C0, C1, C2, C3, C4, C5>> {
        TupleView(ViewStatements6(c0, c1, c2, c3, c4, c5))
    }
    /// A block of seven statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5,
        _ c6: consuming C6
    ) -> TupleView<ViewStatements7<C0, C1, C2, C3, C4, C5, C6>> {
        TupleView(ViewStatements7(c0, c1, c2, c3, c4, c5, c6))
    }
    /// A block of eight statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5,
        _ c6: consuming C6, _ c7: consuming C7
    ) -> TupleView<ViewStatements8<C0, C1, C2, C3, C4, C5, C6, C7>> {
        TupleView(ViewStatements8(c0, c1, c2, c3, c4, c5, c6, c7))
    }
    /// A block of nine statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5,
        _ c6: consuming C6, _ c7: consuming C7, _ c8: consuming C8
    ) -> TupleView<ViewStatements9<C0, C1, C2, C3, C4, C5, C6, C7, C8>> {
        TupleView(ViewStatements9(c0, c1, c2, c3, c4, c5, c6, c7, c8))
    }
    /// A block of ten statements, as a `TupleView`.
    @inlinable
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3, _ c4: consuming C4, _ c5: consuming C5,
        _ c6: consuming C6, _ c7: consuming C7, _ c8: consuming C8, _ c9: consuming C9
    ) -> TupleView<ViewStatements10<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9>> {
        TupleView(ViewStatements10(c0, c1, c2, c3, c4, c5, c6, c7, c8, c9))
    }
    /// A block of more than ten statements, as a `TupleView` of a parameter pack.
    @inlinable
    public static func buildBlock<each Content: View>(_ content: repeat each Content)
        -> TupleView<PackedViewStatements<repeat each Content>>
    {
        TupleView(PackedViewStatements(repeat each content))
    }
    /// An `if` without `else`: the view, or nil (no content) when the condition is false.
    @inlinable public static func buildOptional<Content: View>(_ content: consuming Content?) -> Content? { content }
    /// The first branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither<TrueContent: View, FalseContent: View>(first: consuming TrueContent)
        -> ConditionalContent<TrueContent, FalseContent>
    { .trueContent(first) }
    /// The second (or a later) branch of an `if`/`else` or `switch`.
    @inlinable
    public static func buildEither<TrueContent: View, FalseContent: View>(second: consuming FalseContent)
        -> ConditionalContent<TrueContent, FalseContent>
    { .falseContent(second) }
    /// The content of an `if #available` block, type-erased so the block compiles on older systems.
    @inlinable public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
    /// A statement's view, as written.
    @inlinable public static func buildExpression<Content: View>(_ content: consuming Content) -> Content { content }
}

/// Several views from one builder block, as `SwiftUI.TupleView`: resolves to a group with one node per
/// statement, and a stack lays out each statement's views in order.
public struct TupleView<Statements: ViewStatementList>: PrimitiveView {
    /// The block's statements, in order.
    public var value: Statements

    /// A view of the statements in `value`.
    @inlinable public init(_ value: Statements) { self.value = value }

    /// Resolves to a group with one node per statement, in order.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var nodes: [ViewNode] = []
        nodes.reserveCapacity(value.count)
        value._appendNodes(in: context, to: &nodes)
        return .group(nodes)
    }

    /// Appends each statement's nodes in order, without building the group.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        // A stack's children usually are one block: room for one node per statement saves regrowing the
        // array. Only into an empty list, so that many small blocks (a `ForEach`) keep the array's
        // geometric growth.
        if list.isEmpty { list.reserveCapacity(value.count) }
        value._appendLists(in: context, to: &list)
    }
}

/// The statements of a builder block, for `TupleView`: each one's view, in order.
public protocol ViewStatementList {
    /// How many statements there are.
    var count: Int { get }
    /// Appends each statement's resolved node (one per statement, as written: groups and empty nodes kept).
    func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode])
    /// Appends each statement's nodes as a stack's children (`View._resolveList(in:into:)`).
    func _appendLists(in context: ResolveContext, to list: inout [ViewNode])
}

/// The statements of a block longer than ten, as a parameter pack.
public struct PackedViewStatements<each Content: View>: ViewStatementList {
    /// The statements' views, in order.
    public var content: (repeat each Content)

    /// The statements `content`, in order.
    @inlinable public init(_ content: repeat each Content) { self.content = (repeat each content) }

    /// How many statements the pack holds.
    @inlinable
    public var count: Int {
        var count = 0
        for _ in repeat each content { count += 1 }
        return count
    }

    /// Appends each statement's resolved node, one per statement.
    @inlinable
    public func _appendNodes(in context: ResolveContext, to nodes: inout [ViewNode]) {
        for child in repeat each content { nodes.append(child._resolve(in: context)) }
    }

    /// Appends each statement's nodes as a stack's children, in order.
    @inlinable
    public func _appendLists(in context: ResolveContext, to list: inout [ViewNode]) {
        for child in repeat each content { child._resolveList(in: context, into: &list) }
    }
}

/// One of two views chosen by an `if`/`else` or `switch`, as SwiftUI's `_ConditionalContent`.
public enum ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    case trueContent(TrueContent)
    case falseContent(FalseContent)

    /// Resolves the chosen branch's view.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        switch self {
        case .trueContent(let view): return view._resolve(in: context)
        case .falseContent(let view): return view._resolve(in: context)
        }
    }

    /// Appends the nodes of the chosen view.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        switch self {
        case .trueContent(let view): view._resolveList(in: context, into: &list)
        case .falseContent(let view): view._resolveList(in: context, into: &list)
        }
    }
}

extension Optional: View where Wrapped: View {
    /// An optional view is a primitive view: it has no body.
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    /// Resolves the wrapped view, or to an empty node when nil.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        switch self {
        case .some(let view): return view._resolve(in: context)
        case .none: return .empty
        }
    }

    /// Appends the wrapped view's nodes, or nothing.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        if case .some(let view) = self { view._resolveList(in: context, into: &list) }
    }
}

/// No content, as `SwiftUI.EmptyView`.
public struct EmptyView: PrimitiveView {
    /// A view that shows nothing.
    @inlinable public init() {}
    /// Resolves to an empty node.
    @inlinable public func resolve(in context: ResolveContext) -> ViewNode { .empty }
    /// Appends nothing.
    @inlinable public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {}
}

/// A type-erased view, as `SwiftUI.AnyView`.
public struct AnyView: PrimitiveView {
    @usableFromInline let resolveContent: (ResolveContext) -> ViewNode
    /// `view`, its type erased, as `AnyView(_:)`.
    @inlinable public init<V: View>(_ view: V) { resolveContent = { view._resolve(in: $0) } }
    /// `view`, its type erased, as `AnyView(erasing:)`.
    @inlinable public init<V: View>(erasing view: V) { self.init(view) }
    /// Resolves the erased view.
    public func resolve(in context: ResolveContext) -> ViewNode { resolveContent(context) }
}

/// Groups views without laying them out, as `SwiftUI.Group`; modifiers apply to each child.
public struct Group<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    /// A group of `content`'s views.
    @inlinable public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// Resolves to a group of the content's nodes, which the parent stack lays out one by one.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        content._resolveList(in: context, into: &children)
        return .group(children)
    }

    /// Appends the content's nodes.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        content._resolveList(in: context, into: &list)
    }
}

/// Views made from a collection, as `SwiftUI.ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: PrimitiveView {
    @usableFromInline let data: Data
    @usableFromInline let content: (Data.Element) -> Content

    /// A view for each element of `data`, identified by `id`, as `ForEach(_:id:content:)`; the ids are not used.
    @inlinable
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    /// Resolves to a group of the views made for each element, in order.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        var children: [ViewNode] = []
        _resolveList(in: context, into: &children)
        return .group(children)
    }

    /// Appends the nodes of the view made for each element, in order.
    ///
    /// The content closure runs after the `body` that made the ForEach has returned, so `@Environment` properties it
    /// reads (such as `colorScheme` in a computed colour) would see the defaults; it runs with the environment of the
    /// ForEach's place in the tree current, as SwiftUI's closure sees the body's.
    @inlinable
    public func _resolveList(in context: ResolveContext, into list: inout [ViewNode]) {
        EnvironmentValues.withCurrent(context.environment) {
            for element in data {
                content(element)._resolveList(in: context, into: &list)
            }
        }
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// A view for each element of `data`, identified by its `id`, as `ForEach(_:content:)`.
    @inlinable
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A view for each integer of `data`, as `ForEach(_:content:)` with a range.
    @inlinable
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}
