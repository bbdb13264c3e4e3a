import Foundation
import Testing
import TestSupport
import CellLayout
import CellRender
import SampleWidgets
import WidgetHost
@testable import WidgetKitUI
@testable import WidgetTermCLI
@testable import SpellingSuggestions
@testable import WidgetDocument
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Fixtures

extension DocumentFixtures {
    static let package = PackagePaths.root
    static let samples = SampleWidgetBundle().widgetDescriptors

    static func sample(_ kind: String) throws -> WidgetDescriptor { try #require(samples.first { $0.kind == kind }) }

    /// The appearances a round trip compares: light and dark full colour, tinted (accented), Lock Screen (vibrant).
    static var styles: [(String, PaintStyle)] {
        [
            ("light", PaintStyle(colorScheme: .light)), ("dark", PaintStyle(colorScheme: .dark)),
            ("tinted", Theme.builtIn(named: "tinted")!.paintStyle(mode: .accented)),
            ("lockscreen", Theme.builtIn(named: "lockscreen")!.paintStyle(mode: .vibrant)),
        ]
    }
}

extension DocumentFixtures {
    /// Renders the Swift sample `kind` and its twin `examples/twins/KIND.json` in every family, appearance
    /// (`styles`) and provider context, at each of `moments` (seconds after `FixedClock.reference`, with a label),
    /// and expects the same cells, tap regions, widget URLs, live regions and diagnostic codes. For a Live Activity
    /// (which has no families) it plays each scripted state from `FixedClock.reference` and compares every
    /// presentation in every appearance at each moment instead; its display name is not compared (iOS shows none for
    /// an activity, and ActivityKit's is the attributes type's name).
    /// - Parameters:
    ///   - tapAction: How to compare the tap regions' actions, for a twin whose action is another type doing the same
    ///     (a document intent for a Swift `AppIntent`); nil compares whole tap regions.
    /// - Returns: How many frames were compared.
    @discardableResult
    static func expectTwinRendersIdentically(
        _ kind: String, moments: [(label: String, offset: TimeInterval)] = [("", 0)], tapAction: ((TapAction) -> String)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Int {
        let sample = try sample(kind)
        let twin = try example("twins/\(kind).json")
        #expect(twin.kind == "\(kind)-document", sourceLocation: sourceLocation)
        #expect(twin.supportedFamilies == sample.supportedFamilies, sourceLocation: sourceLocation)
        if sample.activity == nil { #expect(twin.displayName == sample.displayName, sourceLocation: sourceLocation) }
        #expect(twin.routes == sample.routes, sourceLocation: sourceLocation)
        #expect((twin.activity == nil) == (sample.activity == nil), sourceLocation: sourceLocation)
        var compared = 0
        if let facet = sample.activity, let script = facet.preview {
            let started = FixedClock.reference
            let states = try FixedClock.run(at: started) { try script.contents(started).count }
            for (moment, offset) in moments {
                for state in 1...max(states, 1) {
                    for presentation in ActivityPresentation.allCases {
                        for (name, style) in styles {
                            let label = [kind, moment, "state \(state)", "\(presentation)", name].filter { !$0.isEmpty }.joined(
                                separator: " ")
                            let expected = try renderActivity(
                                sample, presentation, state: state, style: style, at: started.addingTimeInterval(offset))
                            let actual = try renderActivity(
                                twin, presentation, state: state, style: style, at: started.addingTimeInterval(offset))
                            expectSame(actual.frame, expected.frame, label, tapAction: tapAction, sourceLocation: sourceLocation)
                            compared += 1
                        }
                    }
                }
            }
            return compared
        }
        for (moment, offset) in moments {
            let date = FixedClock.reference.addingTimeInterval(offset)
            for family in sample.supportedFamilies {
                for (name, style) in styles {
                    for context in [ProviderContext.timeline, .placeholder, .snapshot] {
                        let expected = try render(sample, family: family, style: style, context: context, at: date)
                        let actual = try render(twin, family: family, style: style, context: context, at: date)
                        let label = [kind, moment, "\(family)", name, "\(context)"].filter { !$0.isEmpty }.joined(separator: " ")
                        expectSame(actual, expected, label, tapAction: tapAction, sourceLocation: sourceLocation)
                        #expect(
                            actual.diagnostics.map(\.code) == expected.diagnostics.map(\.code), "\(label): diagnostics",
                            sourceLocation: sourceLocation)
                        compared += 1
                    }
                }
            }
        }
        return compared
    }

    /// Expects the same cells, tap regions (whole, or their rectangles and `tapAction` of each), widget URLs and live
    /// regions.
    static func expectSame(
        _ actual: Frame, _ expected: Frame, _ label: String, tapAction: ((TapAction) -> String)?, sourceLocation: SourceLocation
    ) {
        #expect(FrameEncoder.golden(actual.buffer) == FrameEncoder.golden(expected.buffer), "\(label)", sourceLocation: sourceLocation)
        if let tapAction {
            #expect(
                actual.tapRegions.map(\.rect) == expected.tapRegions.map(\.rect), "\(label): tap regions", sourceLocation: sourceLocation)
            #expect(
                actual.tapRegions.map { tapAction($0.action) } == expected.tapRegions.map { tapAction($0.action) },
                "\(label): tap actions", sourceLocation: sourceLocation)
        } else {
            #expect(actual.tapRegions == expected.tapRegions, "\(label): tap regions", sourceLocation: sourceLocation)
        }
        #expect(actual.widgetURLs == expected.widgetURLs, "\(label): widgetURLs", sourceLocation: sourceLocation)
        #expect(
            actual.liveRegions.map(\.rect) == expected.liveRegions.map(\.rect), "\(label): live regions", sourceLocation: sourceLocation)
    }

    /// A Live Activity played from `started` through `state`, in `presentation` and `style`, at `at` (the process clock
    /// frozen there).
    static func renderActivity(
        _ descriptor: WidgetDescriptor, _ presentation: ActivityPresentation, state: Int, style: PaintStyle,
        started: Date = FixedClock.reference, at: Date
    ) throws -> IslandFrame {
        try FixedClock.run(at: at) {
            let clock = TestClock(started)
            let center = ActivityCenter(now: { clock.now })
            let id = try ActivityScript.start(descriptor, in: center, state: state, startingAt: started)
            clock.now = at
            let options = IslandRenderOptions(device: .default, style: style, date: at, format: FixedClock.utcFormat)
            return try ActivityRendering.render(
                try #require(center.snapshot(id: id)), with: try #require(descriptor.activity), kind: descriptor.kind,
                presentation: presentation, options: options)
        }
    }
}

// MARK: - Round trip: Swift samples and their document twins

@Suite("Widget documents: round trip with the Swift samples")
struct DocumentRoundTripTests {
    @Test(
        "a document twin renders the same frames as its Swift sample, cell for cell, in every family and appearance",
        arguments: ["orders", "memories", "departures", "countdown", "steps", "weather"])
    func twinRendersIdentically(_ kind: String) throws {
        let compared = try DocumentFixtures.expectTwinRendersIdentically(kind)
        #expect(compared == (try DocumentFixtures.sample(kind)).supportedFamilies.count * 12)
    }

    @Test("live text in a twin moves as the Swift sample's does (90 s later)")
    func liveTextMovesAlike() throws {
        for kind in ["departures", "countdown"] {
            let later = FixedClock.reference.addingTimeInterval(90)
            let sample = try DocumentFixtures.render(try DocumentFixtures.sample(kind), family: .systemSmall, at: later)
            let twin = try DocumentFixtures.render(try DocumentFixtures.example("twins/\(kind).json"), family: .systemSmall, at: later)
            #expect(FrameEncoder.golden(twin.buffer) == FrameEncoder.golden(sample.buffer))
        }
        let departures = try DocumentFixtures.render(try DocumentFixtures.example("twins/departures.json"), family: .systemSmall)
        #expect(DocumentFixtures.rows(departures)[3] == "  4:00", "the first departure is four minutes away")
    }

    @Test("the Live Activity twin renders every presentation of every state as the Swift `delivery` does, fresh and stale")
    func activityTwinRendersIdentically() throws {
        let sample = try DocumentFixtures.sample("delivery")
        let twin = try DocumentFixtures.example("twins/delivery.json")
        #expect(twin.isActivity)
        #expect(twin.supportedFamilies.isEmpty)
        #expect(twin.activity?.attributesType == "WidgetDocument(delivery-document)")
        let started = FixedClock.reference
        for state in 1...4 {
            for presentation in ActivityPresentation.allCases {
                // 11 minutes after the start: fresh; 60 minutes after: states 1-3 are past their stale dates.
                for minutes in [11.0, 60.0] {
                    let shown = started.addingTimeInterval(minutes * 60)
                    let expected = try Self.render(sample, presentation, state: state, started: started, at: shown)
                    let actual = try Self.render(twin, presentation, state: state, started: started, at: shown)
                    #expect(
                        FrameEncoder.golden(actual.frame.buffer) == FrameEncoder.golden(expected.frame.buffer),
                        "delivery \(presentation) state \(state) at +\(Int(minutes)) min")
                    #expect(actual.frame.tapRegions == expected.frame.tapRegions)
                    #expect(actual.frame.widgetURLs == expected.frame.widgetURLs)
                }
            }
        }
    }

    static func render(_ descriptor: WidgetDescriptor, _ presentation: ActivityPresentation, state: Int, started: Date, at shown: Date)
        throws -> IslandFrame
    {
        try FixedClock.run(at: shown) {
            final class Clock: @unchecked Sendable {
                var now: Date
                init(_ date: Date) { now = date }
            }
            let clock = Clock(started)
            let center = ActivityCenter(now: { clock.now })
            let id = try ActivityScript.start(descriptor, in: center, state: state, startingAt: started)
            clock.now = shown
            let options = IslandRenderOptions(
                device: .default, style: PaintStyle(colorScheme: .light), date: shown, format: FixedClock.utcFormat)
            return try ActivityRendering.render(
                try #require(center.snapshot(id: id)), with: try #require(descriptor.activity), kind: descriptor.kind,
                presentation: presentation, options: options)
        }
    }

    @Test(
        "every example document loads and renders every family it declares without a document diagnostic",
        arguments: ["water.json", "agenda.json", "accented-fills.json", "lockscreen.json", "status.json", "parking.json", "all-views.json"])
    func examplesLoadAndRender(_ name: String) throws {
        let descriptor = try DocumentFixtures.example(name)
        if descriptor.isActivity {
            for presentation in ActivityPresentation.allCases {
                let frame = try Self.render(descriptor, presentation, state: 1, started: FixedClock.reference, at: FixedClock.reference)
                #expect(!frame.frame.diagnostics.contains { $0.code == "invalid-widget-document" })
            }
            return
        }
        #expect(!descriptor.supportedFamilies.isEmpty)
        for family in descriptor.supportedFamilies {
            let frame = try DocumentFixtures.render(descriptor, family: family)
            #expect(
                !frame.diagnostics.contains { $0.code == "invalid-widget-document" || $0.code == "missing-container-background" },
                "\(name) \(family): \(frame.diagnostics.map(\.message))")
        }
    }
}

// MARK: - Examples: coverage and mode concerns

@Suite("Widget documents: the examples")
struct DocumentExampleTests {
    /// Every object key in a JSON document.
    static func keys(_ node: JSONNode) -> Set<String> {
        switch node.value {
        case .object(let members): return members.reduce(into: Set(members.map(\.key))) { $0.formUnion(keys($1.value)) }
        case .array(let items): return items.reduce(into: []) { $0.formUnion(keys($1)) }
        case .string(let text): return [text]
        default: return []
        }
    }

    @Test("the catalogue and the Live Activity example use every view and every modifier the decoder knows")
    func catalogueCoversEverything() throws {
        var used: Set<String> = []
        for name in ["all-views.json", "parking.json"] {
            let text = try String(contentsOf: DocumentFixtures.examples.appendingPathComponent(name), encoding: .utf8)
            used.formUnion(Self.keys(try JSONScanner.parse(text)))
        }
        #expect(Set(ViewCompiler.viewNames).subtracting(used).isEmpty, "views no example uses")
        #expect(Set(ModifierCompiler.labels.keys).subtracting(used).sorted() == [], "modifiers no example uses")
    }

    func check(_ path: String) -> (status: Int32, output: String, summary: String) {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: ["check", path], widgets: DocumentFixtures.samples, environment: [:], output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test(
        "the mode-concern examples pass every check on every surface iOS shows them on",
        arguments: ["accented-fills.json", "lockscreen.json", "status.json", "water.json", "agenda.json", "parking.json"])
    func modeConcernsAreClean(_ name: String) {
        let result = check(DocumentFixtures.examples.appendingPathComponent(name).path)
        #expect(result.status == 0)
        // Clean: nothing to fix; notes (the system's own styles) may follow.
        let verdict = result.output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(verdict.hasSuffix(": clean") || verdict.contains(": clean ("), "\(result.output)")
        #expect(!result.output.contains("to fix:"), "\(result.output)")
        #expect(result.summary.hasPrefix("widgetterm: check: 0 errors, 0 warnings"), "\(result.summary)")
    }

    @Test("every json block in docs/widget-document.md is a complete document that loads and renders each family or presentation")
    func documentationExamples() throws {
        let markdown = try String(contentsOf: DocumentFixtures.package.appendingPathComponent("docs/widget-document.md"), encoding: .utf8)
        let blocks = markdown.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 23)
        for (index, block) in blocks.enumerated() {
            if block.contains("\"control\":") {
                // A control document (ControlDocument) draws at every placement, with no check that fails.
                let control = try ControlDocument(text: block, file: "widget-document.md block \(index + 1)").descriptor
                #expect(ControlChecks.check(control.previewTemplate(), kind: control.kind).isEmpty, "block \(index + 1)")
                for placement in ControlPlacement.allCases {
                    #expect(ControlRenderer.render(control.previewTemplate(), placement: placement).size == placement.cells())
                }
                continue
            }
            let descriptor: WidgetDescriptor
            do {
                descriptor = try WidgetDocument(text: block, file: "widget-document.md block \(index + 1)").descriptor
            } catch {
                Issue.record("block \(index + 1): \(error)")
                continue
            }
            if descriptor.isActivity {
                for presentation in ActivityPresentation.allCases {
                    let frame = try DocumentRoundTripTests.render(
                        descriptor, presentation, state: 1, started: FixedClock.reference, at: FixedClock.reference)
                    #expect(
                        !frame.frame.diagnostics.contains { $0.code == "invalid-widget-document" }, "block \(index + 1) \(presentation)")
                }
                continue
            }
            for family in descriptor.supportedFamilies {
                let frame = try DocumentFixtures.render(descriptor, family: family)
                #expect(
                    !frame.diagnostics.contains { $0.code == "invalid-widget-document" || $0.code == "missing-container-background" },
                    "block \(index + 1) \(family): \(frame.diagnostics.map(\.message))")
            }
        }
    }

    @Test("the JSON Schema names exactly the views, modifiers and labels the decoder knows")
    func schemaMatchesTheDecoder() throws {
        let text = try String(
            contentsOf: DocumentFixtures.package.appendingPathComponent("docs/widget-document.schema.json"), encoding: .utf8)
        let schema = try JSONScanner.parse(text)
        let definitions = try #require(schema["$defs"]?.members)
        func labels(_ prefix: String) -> [String: Set<String>] {
            var result: [String: Set<String>] = [:]
            for member in definitions where member.key.hasPrefix(prefix) {
                let name = String(member.key.dropFirst(prefix.count))
                let properties = member.value["properties"]?.members?.map(\.key) ?? []
                result[name] = Set(properties).subtracting([name, "modifiers"])
            }
            return result
        }
        #expect(labels("view.") == ViewCompiler.labels.mapValues(Set.init))
        #expect(labels("modifier.") == ModifierCompiler.labels.mapValues(Set.init))
    }

    @Test("the same status list without its symbols and words is reported as hue-only in accented mode")
    func hueOnlyIsCaught() throws {
        var text = try String(contentsOf: DocumentFixtures.examples.appendingPathComponent("status.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"xmark.octagon\"", with: "\"checkmark.circle.fill\"")
            .replacingOccurrences(of: "\"Down\"", with: "\"Up\"")
            .replacingOccurrences(
                of: "{\"font\": {\"style\": \"caption\", \"weight\": \"bold\"}}, \"widgetAccentable\"", with: "{\"font\": \"caption\"}"
            )
            .replacingOccurrences(of: ", \"widgetAccentable\"]}}", with: "]}}")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetterm-hue-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("status-hue-only.json")
        try Data(text.utf8).write(to: file)
        let result = check(file.path)
        #expect(result.output.contains("    hue-only: 5 warnings\n"), "\(result.output)")
        #expect(result.output.contains("systemSmall/accented/tinted"), "\(result.output)")
    }
}

// MARK: - Errors: an unreadable file from the command line

@Suite("Widget documents: an unreadable file from the command line")
struct DocumentFileErrorTests {
    @Test("a missing file and a directory are errors with exit status 2 from render, named by path with what to do, no position")
    func unreadableFiles() throws {
        let missing = try #require(DocumentFixtures.catching { _ = try WidgetDocument(contentsOf: "/nonexistent/widget.json") })
        #expect(missing.kind == .file)
        let missingLine =
            "/nonexistent/widget.json: error: no such file; check the path, or give an existing widget document "
            + "(a .json file; docs/widget-document.md)"
        #expect(missing.description == missingLine)
        let output = StringStream(), errors = StringStream()
        let status = WidgetTermCommand.run(
            arguments: ["render", "/nonexistent/widget.json"], widgets: DocumentFixtures.samples,
            environment: [:], output: output, errors: errors)
        #expect(status == 2)
        #expect(errors.text == "widgetterm: \(missingLine)\n")

        let folder = FileManager.default.temporaryDirectory.path
        let directory = try #require(DocumentFixtures.catching { _ = try WidgetDocument(contentsOf: folder) })
        #expect(directory.description == "\(folder): error: a directory, not a file; give the path of a widget document file (.json)")
        let control = try #require(
            DocumentFixtures.catching { _ = try ControlDocument(contentsOf: "/nonexistent/control.json") })
        #expect(
            control.description
                == "/nonexistent/control.json: error: no such file; check the path, or give an existing control document "
                + "(a .json file; docs/widget-document.md)")
    }
}

// MARK: - Time, intents, commands

@Suite("Widget documents: time, intents and commands")
struct DocumentBehaviourTests {
    @Test("relative dates count from the host clock when the timeline is made; the policy too")
    func relativeDates() throws {
        let descriptor = try WidgetDocument(
            text: """
                {"kind": "times", "families": ["systemSmall"],
                 "timeline": {"entries": [{"date": "now", "data": {"due": "+1h30m"}}, {"date": "+15m", "data": {"due": "2026-03-14T12:00:00Z"}}],
                              "policy": {"after": "+2h"}},
                 "view": {"Text": "{{due|time}}", "modifiers": [{"containerBackground": "background"}]}}
                """
        ).descriptor
        let timeline = try FixedClock.run {
            try WidgetSession(descriptor: descriptor).fetchTimeline(family: .systemSmall, device: .default)
        }
        #expect(timeline.entries.map(\.date) == [FixedClock.reference, FixedClock.reference.addingTimeInterval(900)])
        #expect(timeline.policy == .after(FixedClock.reference.addingTimeInterval(7200)))
        let first = try DocumentFixtures.render(descriptor, family: .systemSmall)
        #expect(DocumentFixtures.rows(first).contains { $0.contains("11:11\u{202F}AM") }, "09:41 + 1 h 30 min")
        // 16 minutes on, the timeline fetched at 09:41 shows its second entry.
        let later = FixedClock.reference.addingTimeInterval(960)
        let second = FixedClock.run(at: later) { () -> Frame in
            let session = WidgetSession(descriptor: descriptor)
            let options = WidgetRenderOptions(
                family: .systemSmall, style: PaintStyle(colorScheme: .light), date: later, format: FixedClock.utcFormat)
            return session.render(session.select(in: timeline, at: later, family: .systemSmall, device: .default), options: options)
        }
        #expect(DocumentFixtures.rows(second).contains { $0.contains("12:00\u{202F}PM") })
        let before = try FixedClock.run(at: FixedClock.reference.addingTimeInterval(-60)) {
            try WidgetSession(descriptor: descriptor).fetchTimeline(family: .systemSmall, device: .default)
        }
        #expect(before.entries[0].date == FixedClock.reference.addingTimeInterval(-60), "a later fetch re-anchors")
    }

    @Test("a Button's intent increments an App Group key and the reloaded widget shows the new value; a Toggle flips a key")
    func storeIntents() throws {
        let suite = "group.test.documents.\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = try WidgetDocument(
            text: """
                {"kind": "counter", "families": ["systemSmall"],
                 "store": {"suite": "\(suite)", "defaults": {"glasses": 3, "done": false}},
                 "intents": {"add": {"title": "Add a glass", "increment": "glasses", "by": 2}, "finish": {"toggle": "done"},
                             "reset": {"set": "glasses", "to": 0}},
                 "view": {"VStack": [
                   {"Text": "Glasses: {{store.glasses}}"},
                   {"Button": "Add", "intent": "add"},
                   {"Toggle": "Done", "isOn": "{{store.done}}", "intent": "finish"},
                   {"Button": "Reset", "intent": "reset"}
                 ], "modifiers": [{"containerBackground": "background"}]}}
                """
        ).descriptor
        let before = try DocumentFixtures.render(descriptor, family: .systemSmall)
        #expect(DocumentFixtures.rows(before).contains { $0.contains("Glasses: 3") })
        let tester = HitTester(frame: before, widget: "counter", family: .systemSmall, osVersion: 26)
        #expect(tester.targets.map(\.label) == ["Add", "Done ○", "Reset"])
        let add = try #require(tester.targets.first { $0.label == "Add" })
        guard case .intent(let intent) = add.action else {
            Issue.record("Add is not an intent button")
            return
        }
        #expect(intent.typeName == "DocumentIntent")
        #expect(intent.description.contains("name=add"))
        #expect(IntentRunner(timeLimit: 10).run(intent, widget: "counter").outcome == .succeeded)
        #expect(DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall)).contains { $0.contains("Glasses: 5") })
        #expect(UserDefaults(suiteName: suite)?.integer(forKey: "glasses") == 5)

        let toggle = try #require(tester.targets.first { $0.label.hasPrefix("Done") })
        guard case .toggle(false, let toggleIntent) = toggle.action else {
            Issue.record("Done is not an off toggle")
            return
        }
        #expect(IntentRunner(timeLimit: 10).run(toggleIntent, widget: "counter").outcome == .succeeded)
        let toggled = try DocumentFixtures.render(descriptor, family: .systemSmall)
        #expect(DocumentFixtures.rows(toggled).contains { $0.contains("Done") && $0.hasSuffix("◉") })

        let reset = try #require(tester.targets.first { $0.label == "Reset" })
        guard case .intent(let resetIntent) = reset.action else {
            Issue.record("Reset is not an intent button: \(reset.action)")
            return
        }
        #expect(IntentRunner(timeLimit: 10).run(resetIntent, widget: "counter").outcome == .succeeded)
        #expect(DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall)).contains { $0.contains("Glasses: 0") })
    }

    @Test("text is resolved with the environment, as in Swift: a font set on a stack reaches the Text inside it")
    func environmentInheritance() throws {
        let descriptor = try WidgetDocument(
            text: DocumentFixtures.widget(
                #"""
                {"HStack": [{"Text": "a"}, {"Text": "b", "modifiers": [{"font": "caption"}]}], "modifiers": [{"font": "headline"}, {"foregroundStyle": "secondary"}]}
                """#)
        ).descriptor
        let (node, _) = FixedClock.run {
            ViewResolver.resolve(AnyView(erasing: DocumentProbe(descriptor: descriptor)), environment: EnvironmentValues())
        }
        var fonts: [Font] = [], paints: [Paint] = []
        func walk(_ node: ViewNode) {
            switch node {
            case .text(let text):
                fonts += text.runs.map(\.font)
                paints += text.runs.map(\.foreground)
            case .stack(let stack): stack.children.forEach(walk)
            case .group(let children): children.forEach(walk)
            case .modified(let inner, _): walk(inner)
            default: break
            }
        }
        walk(node)
        #expect(fonts == [.headline, .caption])
        #expect(paints == [.hierarchical(level: 1, base: nil), .hierarchical(level: 1, base: nil)])
    }

    /// A document's content resolved as a view, for looking at the tree.
    struct DocumentProbe: View {
        let descriptor: WidgetDescriptor
        var body: AnyView {
            let context = ResolveContext(environment: EnvironmentValues.current)
            let entry = descriptor.placeholder(TimelineProviderContext(family: .systemSmall, isPreview: false, displaySize: .zero))
            let node = descriptor.content(entry, context)
            return AnyView(ResolvedNode(node: node))
        }
    }

    struct ResolvedNode: PrimitiveView {
        let node: ViewNode
        func resolve(in context: ResolveContext) -> ViewNode { node }
    }

    @Test("render, check and timeline take a document file; an invalid one exits 2 with the positioned error")
    func commands() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetterm-documents-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("hello.json")
        try Data(DocumentFixtures.widget(#"{"Text": "Hello {{name}}"}"#, data: #"{"name": "doc"}"#).utf8).write(to: good)
        let bad = directory.appendingPathComponent("broken.json")
        try Data("{\"kind\": \"broken\",\n \"view\": {\"Txt\": \"x\"}}".utf8).write(to: bad)

        func run(_ arguments: [String]) -> (Int32, String, String) {
            let output = StringStream(), errors = StringStream()
            let status = FixedClock.run {
                WidgetTermCommand.run(
                    arguments: arguments, widgets: DocumentFixtures.samples, environment: [:], output: output, errors: errors)
            }
            return (status, output.text, errors.text)
        }
        let rendered = run(["render", good.path, "--format", "text"])
        #expect(rendered.0 == 0)
        #expect(rendered.1.contains("Hello doc"))

        let checked = run(["check", good.path])
        #expect(checked.0 == 0, "\(checked.1)")
        #expect(checked.2.hasPrefix("widgetterm: check: 0 errors"))

        let timeline = run(["timeline", good.path, "--hours", "1", "--timezone", "UTC"])
        #expect(timeline.0 == 0)
        #expect(timeline.1.hasPrefix("\(good.path) systemSmall: 1 h from 2026-03-14 09:41"))
        #expect(timeline.1.contains("09:46  reload   policy atEnd"), "policy atEnd: the next reload five minutes on (the minimum)")

        for command in ["render", "check", "timeline"] {
            let failed = run([command, bad.path])
            #expect(failed.0 == 2, "\(command)")
            #expect(
                failed.2
                    == "widgetterm: \(bad.path):2:11: error: $.view.Txt: expected a view name or if/switch; found \"Txt\". Did you mean \"Text\"?\n",
                "\(command)")
        }
        let missingJSON = run(["render", directory.appendingPathComponent("absent.json").path])
        #expect(missingJSON.0 == 2)
        #expect(missingJSON.2.contains("absent.json: error: no such file; check the path, or give an existing widget document"))
    }
}

// MARK: - Hot reload

@Suite("Widget documents: hot reload")
struct DocumentReloadTests {
    /// Waits (at most `seconds`) until `watcher` has queued a change, woken by its `wake` (which signals
    /// `woken`); nil when none came.
    static func nextChange(_ watcher: DocumentFileWatcher, woken: WakeSignal, seconds: Double = 60) -> DocumentFileWatcher.Change? {
        // Deadlines on the monotonic clock: other tests move the process's wall clock (FixedClock).
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while true {
            if let change = watcher.takeChanges().first { return change }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline, woken.wait(seconds: Double(deadline - now) / 1e9) else { return watcher.takeChanges().first }
        }
    }

    @Test("a file written in two steps is compiled once, whole; a broken save is a failure; a replaced file is seen")
    func watcherDebouncesAndRevalidates() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetterm-watch-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("live.json")
        try Data(DocumentFixtures.widget(#"{"Text": "one"}"#).utf8).write(to: file)
        // A second document in the folder: its save is the event that shows the watcher has looked at the folder
        // for longer than the debounce interval.
        let marker = directory.appendingPathComponent("marker.json")
        try Data(DocumentFixtures.widget(#"{"Text": "marker one"}"#).utf8).write(to: marker)
        let watcher = try DocumentFileWatcher(files: [file.path, marker.path], debounce: 0.4)
        let woken = WakeSignal()
        watcher.start(wake: { woken.signal() })
        defer { watcher.stop() }

        // Written in two steps: the first half alone is not JSON, and must never be compiled. It stays half
        // written until the watcher has compiled a save made after it (the marker's), a debounce interval later.
        let whole = Array(DocumentFixtures.widget(#"{"Text": "two"}"#).utf8)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        handle.write(Data(whole[..<(whole.count / 2)]))
        try Data(DocumentFixtures.widget(#"{"Text": "marker two"}"#).utf8).write(to: marker)
        let markerChange = try #require(Self.nextChange(watcher, woken: woken))
        #expect(markerChange.index == 1, "only the marker's save was compiled, not the half-written document")
        #expect(watcher.takeChanges().isEmpty)
        handle.write(Data(whole[(whole.count / 2)...]))
        try handle.close()
        let change = try #require(Self.nextChange(watcher, woken: woken))
        #expect(change.index == 0)
        let descriptor = try change.result.get()
        #expect(DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall)).contains { $0.contains("two") })
        #expect(watcher.takeChanges().isEmpty, "one change for one save")

        try Data("{\"kind\": \"probe\", \"view\": {\"Text\": }".utf8).write(to: file)
        let broken = try #require(Self.nextChange(watcher, woken: woken))
        guard case .failure(let error) = broken.result else {
            Issue.record("a broken save compiled")
            return
        }
        #expect(error.file == file.path)
        #expect((error.line, error.column) == (1, 36))

        // Saved the way editors do: a new file renamed over the old one.
        let temporary = directory.appendingPathComponent(".live.json.swp")
        try Data(DocumentFixtures.widget(#"{"Text": "three"}"#).utf8).write(to: temporary)
        #expect(rename(temporary.path, file.path) == 0)
        let replaced = try #require(Self.nextChange(watcher, woken: woken))
        #expect(
            DocumentFixtures.rows(try DocumentFixtures.render(try replaced.result.get(), family: .systemSmall)).contains {
                $0.contains("three")
            })
    }

    @Test(
        "in the real binary under tmux: a save re-renders, a broken save shows a banner over the old render, a fix recovers",
        .tmuxInstalled)
    func hotReloadInTmux() throws {
        let tmux = try TmuxSession()
        defer { tmux.close() }
        let file = tmux.directory.appendingPathComponent("live.json")
        func save(_ text: String) throws {
            // Written in place, in two steps, as a slow editor might.
            let bytes = Array(text.utf8)
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 0)
            handle.write(Data(bytes[..<(bytes.count / 2)]))
            handle.write(Data(bytes[(bytes.count / 2)...]))
            try handle.close()
        }
        try Data(DocumentFixtures.widget(#"{"Text": "Hello first"}"#).utf8).write(to: file)
        try tmux.launch(["preview", file.path])
        try tmux.wait(for: "Hello first")

        try save(DocumentFixtures.widget(#"{"Text": "Hello second"}"#))
        try tmux.wait(forAll: ["Hello second"], without: ["Hello first"])

        try save("{\"kind\": \"probe\", \"view\": {\"Txt\": \"x\"}}")
        // The banner, and the last good render still on screen.
        try tmux.wait(forAll: ["⚠ \(file.path):1:28: error: $.view.Txt", "Did you mean \"Text\"?", "Hello second"])

        try save(DocumentFixtures.widget(#"{"Text": "Hello third"}"#))
        try tmux.wait(forAll: ["Hello third"], without: ["⚠"])
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0")
    }
}

extension DocumentReloadTests {
    @Test(
        "in the real binary under tmux: a saved Live Activity document redraws the running activity; a broken save shows the banner",
        .tmuxInstalled)
    func activityHotReloadInTmux() throws {
        let tmux = try TmuxSession()
        defer { tmux.close() }
        let file = tmux.directory.appendingPathComponent("parking.json")
        let original = try String(contentsOf: DocumentFixtures.examples.appendingPathComponent("parking.json"), encoding: .utf8)
        try Data(original.utf8).write(to: file)
        try tmux.launch(["preview", file.path])
        try tmux.wait(for: "No activity running. s starts parking-document")
        try tmux.keys("s")
        try tmux.wait(for: "Zone 14")
        try Data(original.replacingOccurrences(of: "Zone {{attributes.zone}}", with: "Area {{attributes.zone}}").utf8).write(to: file)
        // The running activity is drawn with the new views, in every presentation.
        try tmux.wait(forAll: ["Area 14"], without: ["Zone 14"])
        try Data("{\"kind\": \"parking-document\", \"activity\": {\"lockScreen\": \"Spacer\"}}".utf8).write(to: file)
        // The banner, and the last good render still on screen.
        try tmux.wait(forAll: ["⚠ \(file.path):1:42: error: $.activity", "Area 14"])
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0")
    }
}
