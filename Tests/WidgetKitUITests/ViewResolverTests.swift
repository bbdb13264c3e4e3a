import Dispatch
import Foundation
import Testing

@testable import WidgetKitUI

// ViewResolver unit tests: how a view becomes a `ViewNode` tree. Builder blocks keep one node per
// statement whatever their length (`ViewStatements2`...`ViewStatements10`, a parameter pack past ten), stacks
// see the statements' views flattened, and `@Environment` reads the environment of the body being
// evaluated on its own thread.

// MARK: - Harness

private enum ResolverProbe {
    /// The resolved tree of `view` in `environment`.
    static func node<V: View>(_ view: V, environment: EnvironmentValues = EnvironmentValues()) -> ViewNode {
        ViewResolver.resolve(view, environment: environment).0
    }

    /// The resolved node of `Text(verbatim: string)` in the default environment.
    static func text(_ string: String) -> ViewNode { node(Text(verbatim: string)) }

    /// The characters of every text node in `node`, in tree order.
    static func strings(in node: ViewNode) -> [String] { node.textStrings }

    static func environment(family: WidgetFamily) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        return environment
    }
}

/// Shows the family its `@Environment` reads.
private struct FamilyProbe: View {
    @Environment(\.widgetFamily) var family
    var body: some View { Text(verbatim: family.rawValue) }
}

/// Reads its family in the body and again in a ForEach's content closure, which the resolver runs later.
private struct ForEachEnvironmentProbe: View {
    @Environment(\.widgetFamily) var family
    var body: some View {
        VStack {
            Text(verbatim: family.rawValue)
            ForEach(0..<2) { index in Text(verbatim: "\(index) \(family.rawValue)") }
        }
    }
}

/// A node resolved beforehand, shown as a view (a primitive declared outside the authoring module).
private struct ResolvedNodeView: PrimitiveView {
    let node: ViewNode
    func resolve(in context: ResolveContext) -> ViewNode { node }
}

/// Resolves another view with its own environment inside its body, then reads its own `@Environment`.
private struct NestedResolutionProbe: View {
    @Environment(\.widgetFamily) var family
    var body: some View {
        let inner = ViewResolver.resolve(FamilyProbe(), environment: ResolverProbe.environment(family: .accessoryInline)).0
        return VStack {
            ResolvedNodeView(node: inner)
            Text(verbatim: family.rawValue)
        }
    }
}

@Suite("ViewResolver")
struct ViewResolverTests {
    // MARK: Builder blocks

    @Test("a block keeps one node per statement, empty and grouped statements included")
    func blockKeepsStatements() {
        let node = ResolverProbe.node(TupleViewProbe.mixed(showsB: false))
        #expect(
            node
                == .group([
                    ResolverProbe.text("a"), .empty,
                    .group([ResolverProbe.text("c"), ResolverProbe.text("d")]), ResolverProbe.text("e"),
                ]))
    }

    @Test("a stack lays out a block's views flattened: groups spliced, empty statements dropped")
    func stackFlattensBlock() {
        let node = ResolverProbe.node(VStack { TupleViewProbe.mixed(showsB: false) })
        guard case .stack(let stack) = node else {
            Issue.record("expected a stack, got \(node)")
            return
        }
        #expect(stack.children == ["a", "c", "d", "e"].map(ResolverProbe.text))
    }

    @Test("blocks of two, ten, eleven and twelve statements resolve alike", arguments: [2, 10, 11, 12])
    func blockLengths(count: Int) {
        let node = ResolverProbe.node(TupleViewProbe.block(of: count))
        #expect(node == .group((0..<count).map { ResolverProbe.text("\($0)") }))
        #expect(
            ResolverProbe.strings(in: ResolverProbe.node(HStack { TupleViewProbe.block(of: count) }))
                == (0..<count).map { "\($0)" })
    }

    @Test("a layout modifier on a block applies to each statement")
    func modifierOnBlock() {
        let node = ResolverProbe.node(
            Group {
                Text(verbatim: "a")
                Text(verbatim: "b")
            }.padding(2))
        let padding = NodeModifier.padding(NodeInsets(top: 2, leading: 2, bottom: 2, trailing: 2))
        #expect(node == .group([.modified(ResolverProbe.text("a"), padding), .modified(ResolverProbe.text("b"), padding)]))
    }

    // MARK: Bodies and @Environment

    @Test("@Environment reads the values set by the enclosing modifiers")
    func environmentFromModifiers() {
        let view = VStack {
            FamilyProbe()
            FamilyProbe().environment(\.widgetFamily, .systemLarge)
        }
        .environment(\.widgetFamily, .systemMedium)
        #expect(ResolverProbe.strings(in: ResolverProbe.node(view)) == ["systemMedium", "systemLarge"])
    }

    @Test("a ForEach's content closure reads the environment of its body: it runs after the body returned")
    func forEachContentReadsTheBodyEnvironment() {
        let node = ResolverProbe.node(ForEachEnvironmentProbe(), environment: ResolverProbe.environment(family: .systemLarge))
        #expect(ResolverProbe.strings(in: node) == ["systemLarge", "0 systemLarge", "1 systemLarge"])
        #expect(EnvironmentValues.current.widgetFamily == .systemSmall)
    }

    @Test("a body that resolves views itself reads its own environment again afterwards; outside any body, the defaults")
    func nestedResolutionRestoresEnvironment() {
        let node = ResolverProbe.node(NestedResolutionProbe(), environment: ResolverProbe.environment(family: .systemMedium))
        #expect(ResolverProbe.strings(in: node) == ["accessoryInline", "systemMedium"])
        #expect(EnvironmentValues.current.widgetFamily == .systemSmall)
    }

    @Test("each body is evaluated once and counted")
    func bodyEvaluations() {
        let (_, sink) = ViewResolver.resolve(
            HStack {
                NestedResolutionProbe()
                FamilyProbe()
            },
            environment: EnvironmentValues())
        // NestedResolutionProbe and FamilyProbe; the FamilyProbe inside is counted by its own resolution.
        #expect(sink.bodyEvaluations == 2)
    }

    @Test("resolutions running at once on several threads each see their own environment")
    func concurrentResolutions() {
        let families = WidgetFamily.allCases
        let results = ConcurrentResults()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let family = families[index % families.count]
            let view = VStack { ForEach(0..<20) { _ in FamilyProbe() } }
            results.set(
                ResolverProbe.strings(in: ResolverProbe.node(view, environment: ResolverProbe.environment(family: family))),
                at: index)
        }
        for index in 0..<64 {
            #expect(results[index] == Array(repeating: families[index % families.count].rawValue, count: 20))
        }
    }
}

/// What each concurrent resolution saw, by iteration.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var strings: [Int: [String]] = [:]

    func set(_ value: [String], at index: Int) { lock.withLock { strings[index] = value } }
    subscript(index: Int) -> [String]? { lock.withLock { strings[index] } }
}

/// Builder blocks of known shapes.
private enum TupleViewProbe {
    /// Four statements: a text, an `if` (false: an empty node), a group of two texts, a text.
    @ViewBuilder static func mixed(showsB: Bool) -> some View {
        Text(verbatim: "a")
        if showsB { Text(verbatim: "b") }
        Group {
            Text(verbatim: "c")
            Text(verbatim: "d")
        }
        Text(verbatim: "e")
    }

    /// A block of `count` texts "0", "1"..., written out so the builder sees that many statements.
    @ViewBuilder static func block(of count: Int) -> some View {
        switch count {
        case 2:
            Text(verbatim: "0")
            Text(verbatim: "1")
        case 10:
            Text(verbatim: "0")
            Text(verbatim: "1")
            Text(verbatim: "2")
            Text(verbatim: "3")
            Text(verbatim: "4")
            Text(verbatim: "5")
            Text(verbatim: "6")
            Text(verbatim: "7")
            Text(verbatim: "8")
            Text(verbatim: "9")
        case 11:
            Text(verbatim: "0")
            Text(verbatim: "1")
            Text(verbatim: "2")
            Text(verbatim: "3")
            Text(verbatim: "4")
            Text(verbatim: "5")
            Text(verbatim: "6")
            Text(verbatim: "7")
            Text(verbatim: "8")
            Text(verbatim: "9")
            Text(verbatim: "10")
        default:
            Text(verbatim: "0")
            Text(verbatim: "1")
            Text(verbatim: "2")
            Text(verbatim: "3")
            Text(verbatim: "4")
            Text(verbatim: "5")
            Text(verbatim: "6")
            Text(verbatim: "7")
            Text(verbatim: "8")
            Text(verbatim: "9")
            Text(verbatim: "10")
            Text(verbatim: "11")
        }
    }
}

// MARK: - Custom environment values

private enum ProbeCountKey: EnvironmentKey {
    static let defaultValue = 7
}

private enum ProbeNameKey: EnvironmentKey {
    static let defaultValue = "none"
}

@Suite("EnvironmentValues")
struct EnvironmentValuesTests {
    @Test("custom keys read their defaults until set, then their own values; the layout direction is a value of its own")
    func customKeys() {
        var environment = EnvironmentValues()
        #expect(environment[ProbeCountKey.self] == 7 && environment[ProbeNameKey.self] == "none")
        environment[ProbeCountKey.self] = 3
        #expect(environment[ProbeCountKey.self] == 3 && environment[ProbeNameKey.self] == "none")
        environment[ProbeNameKey.self] = "set"
        environment[ProbeCountKey.self] += 1
        #expect(environment[ProbeCountKey.self] == 4 && environment[ProbeNameKey.self] == "set")
        #expect(environment.layoutDirection == .leftToRight)
        environment.layoutDirection = .rightToLeft
        #expect(environment.layoutDirection == .rightToLeft && environment[ProbeCountKey.self] == 4)
    }
}
