import Foundation
import Testing
import CellRender
import SampleWidgets
import TerminalUI
import TestSupport
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

/// Configuration parameters and controls across the extension protocol (issue 12 item 3 with issue 13 items 1 and
/// 6): the real `widgetterm-test-extension` describes its `tally` widget's parameters and its `lamp` control;
/// checks, choices, timelines with chosen values, intents and value providers all run in its processes.
@Suite struct ExtensionConfigurationTests {
    static func line(_ parameter: ArchivedParameter) -> String {
        let options = parameter.options.map { $0.map { "\($0.value)=\($0.title)" }.joined(separator: ",") } ?? "-"
        return "\(parameter.name)|\(parameter.title)|\(parameter.defaultValue)|\(parameter.typeName)|\(parameter.kind.rawValue)|\(options)"
    }

    @Test func describeListsEachParameterWithTheChoicesTheExtensionGives() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let tally = try #require(remote.widgets.first { $0.kind == "tally" })
        #expect(
            try #require(tally.parameters).map(Self.line) == [
                "label|Label|Cups|String|text|-",
                "step|Step|1|Int|integer|-",
                "loud|Loud|false|Bool|toggle|-",
                "shade|Shade|blue|Shade|enumeration|blue=Blue,red=Red",
                "room|Room||RoomEntity|entity|kitchen=Kitchen,hall=Hall",
                "size|Size||String|text|S=S,M=M,L=L",
            ])
        // A widget that is not configurable has none.
        #expect(remote.widgets.first { $0.kind == "count" }?.parameters == nil)
    }

    @Test func aTimelineIsFetchedWithTheChosenValuesAndAnIntentWritesTheStoreInTheExtension() async throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let widget = try #require(remote.descriptors.first { $0.kind == "tally" })
        let settings = try #require(widget.configuration)
        #expect(settings.parameters.map(\.name) == ["label", "step", "loud", "shade", "room", "size"])
        // Defaults the extension resolves: the entity query's and the options provider's defaultResult().
        #expect(settings.currentValue(of: "room") == IntentParameterOption(value: "kitchen", title: "Kitchen"))
        #expect(settings.currentValue(of: "size") == IntentParameterOption(value: "M", title: "M"))
        #expect(
            settings.options(for: "room") == [
                IntentParameterOption(value: "kitchen", title: "Kitchen"), IntentParameterOption(value: "hall", title: "Hall"),
            ])

        let session = WidgetSession(descriptor: widget, callbackTimeLimit: 20)
        func shown() throws -> [String] {
            let selection = try session.selectEntry(family: .systemMedium, device: .default, context: .timeline)
            return session.resolve(selection, options: ExtensionProcessTests.options(.systemMedium)).content.textStrings
        }
        #expect(try shown() == ["Cups 0 quiet blue Kitchen M", "Add"])

        // Refusals come from the extension, worded as in one process.
        #expect(throws: IntentParameterError.notAChoice("shade", "green", valid: ["blue", "red"])) {
            try settings.set("shade", to: "green")
        }
        #expect(throws: IntentParameterError.notAChoice("room", "cellar", valid: ["kitchen", "hall"])) {
            try settings.set("room", to: "cellar")
        }
        #expect(throws: IntentParameterError.invalidValue("step", "two", type: "Int")) { try settings.set("step", to: "two") }
        #expect(settings.values.isEmpty)

        for (name, value) in [("label", "Mugs"), ("step", "3"), ("loud", "true"), ("shade", "red"), ("room", "attic"), ("size", "L")] {
            try settings.set(name, to: value)
        }
        // `attic` is not suggested, but the query's entities(for:) finds it.
        #expect(settings.currentValue(of: "room") == IntentParameterOption(value: "attic", title: "Attic"))
        #expect(try shown() == ["Mugs 0 loud red Attic L", "Add"])

        // The button's intent runs in the extension and writes its App Group store there; the timeline reads it.
        let selection = try session.selectEntry(family: .systemMedium, device: .default, context: .timeline)
        let tree = session.resolve(selection, options: ExtensionProcessTests.options(.systemMedium)).content
        let add = try #require(ExtensionProcessTests.intents(in: tree).first)
        #expect(add.typeName == "AddTallyIntent")
        try await add.perform()
        #expect(try shown() == ["Mugs 3 loud red Attic L", "Add"])
        // It was saved to the App Group store from there: a new process reads it back.
        remote.stopAll()
        #expect(try shown() == ["Mugs 3 loud red Attic L", "Add"])
        #expect(remote.process(forKind: "tally").launchCount == 2)
        let child = try #require(remote.process(forKind: "tally").processID)
        #expect(child != getpid())
    }

    @Test func paramWithExtensionWidgetsIsCheckedThereAndRenders() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let environment = ["TZ": "UTC"]
        let output = StringStream(), errors = StringStream()
        let refused = WidgetTermCommand.run(
            arguments: ["render", "tally", "--param", "shade=green", "--timezone", "UTC"], widgets: remote.descriptors,
            environment: environment, output: output, errors: errors)
        #expect(refused == 2)
        #expect(errors.text == "widgetterm: tally: parameter shade has no value green; valid values: blue, red\n")

        let shown = StringStream(), problems = StringStream()
        let status = WidgetTermCommand.run(
            arguments: ["render", "tally", "--param", "room=hall", "--param", "size=S", "--format", "tree", "--timezone", "UTC"],
            widgets: remote.descriptors, environment: environment, output: shown, errors: problems)
        #expect(status == 0, "\(problems.text)")
        #expect(shown.text.contains("Cups 0 quiet blue Hall S"), "\(shown.text)")
    }

    @Test func aControlsValueAndTapRunInTheExtension() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        #expect(remote.controls.map(\.kind) == ["lamp", "roomlight", "chime", "doorbell", "porch-bell", "gate-bell"])
        let lamp = try #require(remote.controlDescriptors.first)
        #expect(lamp.displayName == "Lamp")
        #expect(lamp.hasValueProvider)
        let session = ControlSession(descriptor: lamp, timeLimit: 20)
        // previewValue is true, the store starts empty (false).
        #expect(session.preview.kind == .toggle(isOn: true))
        #expect(session.preview.valueText == "Lit")
        #expect(session.current.kind == .toggle(isOn: false))
        #expect(session.current.valueText == "Dark")
        #expect(session.current.title == "Lamp")
        #expect(session.current.systemImage == "lightbulb")
        #expect(ControlChecks.check(session.current, kind: "lamp").isEmpty)

        #expect(session.tap().outcome == .succeeded)
        #expect(session.current.kind == .toggle(isOn: true))
        #expect(session.current.valueText == "Lit")
        #expect(session.tap().outcome == .succeeded)
        #expect(session.current.kind == .toggle(isOn: false))
        #expect(session.diagnostics.isEmpty)
        #expect(session.log.first == "shown: currentValue() → off \"Dark\"")
        #expect(session.log.contains("after tap: currentValue() → on \"Lit\""))
        let child = try #require(remote.process(forKind: "control:lamp").processID)
        #expect(child != getpid())
    }
}

/// A save that adds a Live Activity to the extension (issue 12 item 4 with item 3): the rebuilt extension's
/// descriptors reach the preview through `ExtensionReloadQueue`, and the island screen gets the new activity.
@Suite struct ExtensionReloadActivityTests {
    @Test func aRebuiltExtensionWithANewLiveActivityReachesTheIslandScreen() throws {
        try FixedClock.run {
            let samples = SampleWidgetBundle().widgetDescriptors
            let terminal = MemoryTerminal(width: 120, height: 44)
            let configuration = PreviewConfiguration(
                widgets: samples.filter { !$0.isActivity }, initialKind: "station-board",
                theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            let queue = ExtensionReloadQueue()
            app.extensionReloads = queue
            app.renderFrame()
            #expect(app.configuration.activities.isEmpty)
            let board = try #require(app.configuration.widgets.first { $0.kind == "station-board" }?.configuration)
            try board.set("station", to: "belem")
            app.handle(.key(.character("i")))
            app.renderFrame()
            #expect(terminal.text.contains("No Live Activity in this bundle."))

            // The rebuilt program: the same widgets (new descriptors) and three Live Activities.
            let rebuilt = SampleWidgetBundle().widgetDescriptors
            queue.post(widgets: rebuilt)
            app.renderFrame()
            #expect(app.configuration.activities.map(\.kind) == ["delivery", "workout", "match"])
            #expect(!app.configuration.widgets.contains { $0.isActivity })
            #expect(
                app.log.entries.last { $0.text.hasPrefix("the rebuilt") }?.text
                    == "the rebuilt extension's widgets changed: added delivery, workout, match")
            // The chosen value stays with the new descriptor.
            let fresh = try #require(app.configuration.widgets.first { $0.kind == "station-board" }?.configuration)
            #expect(fresh !== board)
            #expect(fresh.values == ["station": "belem"])
            app.handle(.key(.character("s")))
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · compact"))
            #expect(terminal.text.contains("Lock Screen · delivery · state 1/4 · active"))
            // Back on the widgets, the selected one is still selected.
            app.handle(.key(.character("i")))
            app.renderFrame()
            #expect(terminal.text.contains("Station board (station-board)"))
        }
    }
}
