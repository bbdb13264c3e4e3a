import Foundation
import Testing
import TestSupport
import CellLayout
import CellRender
import SampleWidgets
import WidgetDocument
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

// MARK: - Controls of the tests' own, with values in memory (no App Group store: tests run in parallel)

/// A value shared by a test's intent and value provider, keyed by the test's control kind.
private final class ControlValues: @unchecked Sendable {
    static let shared = ControlValues()
    private let lock = NSLock()
    private var values: [String: Bool] = [:]
    private var reads: [String: Int] = [:]
    func get(_ kind: String) -> Bool {
        lock.withLock {
            reads[kind, default: 0] += 1
            return values[kind] ?? false
        }
    }
    func set(_ kind: String, _ value: Bool) { lock.withLock { values[kind] = value } }
    func readCount(_ kind: String) -> Int { lock.withLock { reads[kind] ?? 0 } }
}

private struct SetLampIntent: SetValueIntent {
    static var title: LocalizedStringResource { "Lamp" }
    @Parameter(title: "Kind", default: "") var kind: String
    @Parameter(title: "On") var value: Bool
    /// False: perform() forgets to store the value (the snap-back pitfall).
    @Parameter(title: "Stores", default: true) var stores: Bool
    init() {}
    init(kind: String, stores: Bool = true) {
        self.kind = kind
        self.stores = stores
    }
    func perform() async throws -> some IntentResult {
        if stores { ControlValues.shared.set(kind, value) }
        if kind == "lamp-reload" { ControlCenter.shared.reloadControls(ofKind: "lamp-other") }
        if kind == "lamp-timelines" { WidgetCenter.shared.reloadTimelines(ofKind: "lamp-clock") }
        return .result()
    }
}

private struct LampProvider: ControlValueProvider {
    let kind: String
    var fails = false
    var previewValue: Bool { true }
    func currentValue() async throws -> Bool {
        if fails { throw CocoaError(.fileReadNoPermission) }
        return ControlValues.shared.get(kind)
    }
}

private struct LampControl: ControlWidget {
    var kind = "lamp"
    var stores = true
    var fails = false
    init() {}
    init(kind: String, stores: Bool = true, fails: Bool = false) {
        self.kind = kind
        self.stores = stores
        self.fails = fails
    }
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: kind, provider: LampProvider(kind: kind, fails: fails)) { isOn in
            ControlWidgetToggle(isOn: isOn, action: SetLampIntent(kind: kind, stores: stores)) {
                Label("Desk Lamp", systemImage: "lightbulb.fill")
            }
        }
        .displayName("Lamp")
    }
}

private struct NoSymbolIntent: AppIntent {
    static var title: LocalizedStringResource { "Ring" }
    func perform() async throws -> some IntentResult { .result() }
}

@Suite struct ControlTests {
    @Test("a toggle's template: the label's text and symbol, On/Off by default, the action a SetValueIntent")
    func toggleTemplate() {
        let descriptor = LampControl(kind: "lamp-template").body.controlDescriptor
        let preview = descriptor.previewTemplate()
        #expect(descriptor.kind == "lamp-template")
        #expect(descriptor.displayName == "Lamp")
        #expect(descriptor.hasValueProvider)
        #expect(preview.kind == .toggle(isOn: true))
        #expect(preview.title == "Desk Lamp")
        #expect(preview.systemImage == "lightbulb.fill")
        #expect(preview.valueText == "On")
        #expect(preview.setValue?(false).parameters == ["kind=lamp-template", "value=false", "stores=true"])
        #expect(ControlChecks.check(preview, kind: "lamp-template").isEmpty)
    }

    @Test("shown: currentValue(), not previewValue; a tap sets value to the new state, runs perform(), asks currentValue() again")
    func tapRunsTheIntentAndRefreshes() {
        let kind = "lamp-tap"
        let session = ControlSession(descriptor: LampControl(kind: kind).body.controlDescriptor)
        #expect(session.preview.kind == .toggle(isOn: true))
        #expect(session.current.kind == .toggle(isOn: false))
        let result = session.tap()
        #expect(result.outcome == .succeeded)
        #expect(session.current.kind == .toggle(isOn: true))
        #expect(session.current.valueText == "On")
        session.tap()
        #expect(session.current.kind == .toggle(isOn: false))
        #expect(ControlValues.shared.readCount(kind) == 3)
        #expect(
            session.log.filter { !$0.hasPrefix("intent ") } == [
                "shown: currentValue() → off \"Off\"",
                "tap: runs SetLampIntent(kind=lamp-tap, value=true, stores=true)",
                "after tap: currentValue() → on \"On\"",
                "tap: runs SetLampIntent(kind=lamp-tap, value=false, stores=true)",
                "after tap: currentValue() → off \"Off\"",
            ])
        #expect(session.diagnostics.isEmpty)
    }

    @Test("a toggle whose perform() does not store the value snaps back: control-toggle-snapped-back")
    func snapBack() {
        let session = ControlSession(descriptor: LampControl(kind: "lamp-forgets", stores: false).body.controlDescriptor)
        session.tap()
        #expect(session.current.kind == .toggle(isOn: false))
        #expect(session.diagnostics.map(\.code) == ["control-toggle-snapped-back"])
        #expect(session.diagnostics.first?.severity == .error)
    }

    @Test("a currentValue() that throws keeps the last template and says why: control-value-failed")
    func valueThrows() {
        let session = ControlSession(descriptor: LampControl(kind: "lamp-throws", fails: true).body.controlDescriptor)
        #expect(session.current.kind == .toggle(isOn: true))
        #expect(session.diagnostics.map(\.code) == ["control-value-failed"])
        #expect(session.log.first?.hasPrefix("shown: currentValue() failed: threw CocoaError") == true)
    }

    @Test("ControlCenter.shared.reloadControls(ofKind:) from an intent makes that kind's control ask currentValue() again")
    func controlCenterReload() {
        let other = ControlSession(descriptor: LampControl(kind: "lamp-other").body.controlDescriptor)
        let tapped = ControlSession(descriptor: LampControl(kind: "lamp-reload").body.controlDescriptor)
        #expect(other.reloadIfAsked() == false)
        tapped.tap()
        #expect(other.reloadIfAsked() == true)
        #expect(other.log.last == "ControlCenter reload: currentValue() → off \"Off\"")
        #expect(other.reloadIfAsked() == false)
    }

    @Test("a tap whose intent reloads timelines names reloadTimelines(ofKind:) in its intent line, and the reload still goes on")
    func intentReloadingTimelinesIsLogged() throws {
        let requests = ReloadRequestCenter()
        let host = HostContext(widgetCenter: requests)
        let session = ControlSession(descriptor: LampControl(kind: "lamp-timelines").body.controlDescriptor, host: host)
        #expect(session.tap().outcome == .succeeded)
        let line = try #require(session.log.first { $0.hasPrefix("intent ") })
        #expect(line.hasPrefix("intent SetLampIntent(kind=lamp-timelines, value=true, stores=true) succeeded in "))
        #expect(line.hasSuffix("; perform() called WidgetCenter.shared.reloadTimelines(ofKind: \"lamp-clock\")"))
        #expect(host.widgetCenter === requests)
        #expect(requests.takeRequest(forKind: "lamp-clock"))
        // An intent that reloads nothing says nothing of it.
        let quiet = ControlSession(descriptor: LampControl(kind: "lamp-quiet").body.controlDescriptor, host: host)
        quiet.tap()
        #expect(quiet.log.first { $0.hasPrefix("intent ") }?.contains("WidgetCenter") == false)
    }

    @Test("a label without an SF Symbol is reported: control-label-without-symbol")
    func labelWithoutSymbol() {
        let control = ControlWidgetButton(action: NoSymbolIntent()) { Text("Ring") }.resolvedControl
        #expect(control.systemImage == nil)
        #expect(ControlChecks.check(control, kind: "ring").map(\.code) == ["control-label-without-symbol"])
    }

    @Test("the samples: two controls beside the widgets, whose list is unchanged")
    func sampleBundle() {
        let bundle = SampleWidgetBundle()
        #expect(bundle.controlDescriptors.map(\.kind) == ["focus", "add-water", "lights"])
        #expect(bundle.widgetDescriptors.count == 13)
        #expect(!bundle.widgetDescriptors.map(\.kind).contains("focus"))
    }

    @Test("placement sizes in cells: 9×4, 19×4, 19×9, 6×3, 31×3")
    func placementSizes() {
        #expect(
            ControlPlacement.allCases.map { $0.cells() } == [
                CellSize(width: 9, height: 4), CellSize(width: 19, height: 4), CellSize(width: 19, height: 9),
                CellSize(width: 6, height: 3), CellSize(width: 31, height: 3),
            ])
    }

    static let placements = ControlPlacement.allCases.flatMap { placement in [(placement, false), (placement, true)] }

    @Test("control golden: the focus sample off and on at every placement", arguments: placements)
    func golden(placement: ControlPlacement, isOn: Bool) throws {
        let descriptor = try #require(SampleWidgetBundle().controlDescriptors.first { $0.kind == "focus" })
        var control = descriptor.previewTemplate()
        control.kind = .toggle(isOn: isOn)
        control.valueText = isOn ? "On" : "Off"
        let frame = ControlRenderer.render(control, placement: placement)
        #expect(frame.size == placement.cells())
        #expect(frame.tapRegions.count == 1)
        #expect(frame.tapRegions.first?.action == .toggle(isOn: isOn, intent: control.action))
        Golden.check(FrameEncoder.golden(frame.buffer), named: "control.focus.\(placement).\(isOn ? "on" : "off")")
    }

    @Test("control golden: the add-water button sample at every placement", arguments: ControlPlacement.allCases)
    func buttonGolden(placement: ControlPlacement) throws {
        let descriptor = try #require(SampleWidgetBundle().controlDescriptors.first { $0.kind == "add-water" })
        let control = descriptor.previewTemplate()
        let frame = ControlRenderer.render(control, placement: placement)
        #expect(frame.size == placement.cells())
        #expect(frame.tapRegions.count == 1)
        Golden.check(FrameEncoder.golden(frame.buffer), named: "control.add-water.\(placement)")
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let bundle = SampleWidgetBundle()
        let status = WidgetTermCommand.run(
            arguments: arguments, widgets: bundle.widgetDescriptors, controls: bundle.controlDescriptors, environment: [:],
            output: output, errors: errors)
        return (status, output.text, errors.text)
    }

    @Test("widgetterm control lists the controls; a bad kind or placement is a usage error naming the valid ones")
    func commandLine() {
        let list = Self.run(["control"])
        #expect(list.status == 0)
        #expect(
            list.output
                == "focus\tFocus\tSilences notifications while you work.\nadd-water\tAdd Water\tLogs 250 ml and shows today's total.\n"
                + "lights\tLights\tSwitches the light of the room you choose.\n")
        let kind = Self.run(["control", "lamp"])
        #expect(kind.status == 2)
        #expect(kind.errors == "widgetterm: no control lamp; valid controls: focus, add-water, lights\n")
        let placement = Self.run(["control", "focus", "--placement", "huge"])
        #expect(placement.status == 2)
        #expect(placement.errors == "widgetterm: --placement huge: valid placements: small, medium, large, lockScreen, actionButton\n")
        let taps = Self.run(["control", "focus", "--tap", "0"])
        #expect(taps.status == 2)
        #expect(taps.errors == "widgetterm: --tap needs a whole number from 1 to 100, got 0\n")
    }

    @Test("widgetterm control focus --tap 2 in its own process and App Group store: on, then off, drawn each time")
    func commandTapsInAProcess() throws {
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build)")
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("wt-control-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: store) }
        let run = try ProgramRun(
            binary, ["control", "focus", "--tap", "2", "--placement", "medium", "--format", "text", "--app-group", store.path],
            environment: ["LANG": "C.UTF-8", "TZ": "UTC", "HOME": store.path, "PATH": "/usr/bin:/bin"])
        #expect(run.status == 0, "\(run.errors)")
        let lines = run.output.components(separatedBy: "\n").filter { !$0.hasPrefix("intent ") }
        let off = ["▗                 ▖", " 🌙 Focus", "    Off", "▝                 ▘"]
        let on = ["▗                 ▖", " 🌙 Focus", "    On", "▝                 ▘"]
        let medium = "Control Center, medium (2×1)"
        #expect(
            lines == [
                "focus: Focus — Silences notifications while you work.", "add sheet: previewValue → off \"Off\"",
                "shown: currentValue() → off \"Off\"", "", medium,
            ] + off + ["", "tap: runs SetFocusIntent(value=true)", "after tap: currentValue() → on \"On\"", "", medium] + on
                + ["", "tap: runs SetFocusIntent(value=false)", "after tap: currentValue() → off \"Off\"", "", medium] + off + [""])
    }

    static let twins = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/twins")

    @Test(
        "the document twins of focus and add-water draw the samples' frames, cell for cell, at every placement",
        arguments: ["focus", "add-water"])
    func twins(kind: String) throws {
        let sample = try #require(SampleWidgetBundle().controlDescriptors.first { $0.kind == kind })
        let twin = try ControlDocument(contentsOf: Self.twins.appendingPathComponent("\(kind).json").path).descriptor
        #expect(twin.kind == sample.kind)
        #expect(twin.displayName == sample.displayName)
        #expect(twin.description == sample.description)
        #expect(!twin.lacksPreviewValue)
        for placement in ControlPlacement.allCases {
            let samplePreview = ControlRenderer.render(sample.previewTemplate(), placement: placement)
            let twinPreview = ControlRenderer.render(twin.previewTemplate(), placement: placement)
            #expect(samplePreview.buffer == twinPreview.buffer, "\(kind) \(placement)")
        }
        var sampleOn = sample.previewTemplate()
        var twinOn = twin.previewTemplate()
        if case .toggle = sampleOn.kind {
            #expect(sampleOn.setValue != nil)
            sampleOn.kind = .toggle(isOn: true)
            sampleOn.valueText = "On"
            twinOn.kind = .toggle(isOn: true)
            twinOn.valueText = "On"
            #expect(twin.previewTemplate().setValue?(true).parameters == ["suite=group.example.focus", "key=focus.isOn", "value=true"])
        }
        for placement in ControlPlacement.allCases {
            #expect(
                ControlRenderer.render(sampleOn, placement: placement).buffer == ControlRenderer.render(twinOn, placement: placement).buffer
            )
        }
    }

    static func document(_ control: String, intents: String = "") -> String {
        """
        {"version": 1, "kind": "lamp-doc", "store": {"suite": "group.example.lamp-doc", "defaults": {"on": false, "count": 0}},
         "intents": {"flip": {"toggle": "on"}\(intents)}, "control": \(control)}
        """
    }

    @Test("document pitfalls: a toggle whose action is a named intent, a value without previewValue")
    func documentPitfalls() throws {
        let descriptor = try ControlDocument(
            text: Self.document(#"{"toggle": {"title": "Lamp", "systemImage": "lightbulb.fill"}, "value": "on", "action": "flip"}"#)
        ).descriptor
        #expect(descriptor.lacksPreviewValue)
        let codes = ControlChecks.check(descriptor.previewTemplate(), kind: "lamp-doc", lacksPreviewValue: descriptor.lacksPreviewValue)
            .map(\.code)
        #expect(codes == ["control-without-preview-value", "control-toggle-action-not-set-value"])
    }

    @Test("document errors name the place: a toggle without a value, an unknown intent with the nearest name")
    func documentErrors() {
        #expect(throws: DocumentError.self) {
            try ControlDocument(text: Self.document(#"{"toggle": {"title": "Lamp"}, "action": {"setValue": "on"}}"#))
        }
        do {
            _ = try ControlDocument(text: Self.document(#"{"button": {"title": "Lamp"}, "value": "count", "action": "flipp"}"#))
            Issue.record("an unknown intent was accepted")
        } catch let error as DocumentError {
            #expect(
                error.description
                    == "<input>:2:110: error: $.control.action: expected an intent declared in \"intents\" (flip); found \"flipp\". Did you mean \"flip\"?"
            )
        } catch {
            Issue.record("\(error)")
        }
    }

    static func configured(_ control: String) -> String {
        """
        {"version": 1, "kind": "lamp-doc", "parameters": {"room": {"type": "enum", "cases": ["hall", {"value": "den", "title": "Den"}]}},
         "store": {"suite": "group.example.lamp-doc", "defaults": {"lamp.hall": false, "lamp.den": true}}, "control": \(control)}
        """
    }

    @Test("a configured control document: its strings read {{configuration.NAME}} and .title; --param values reach them")
    func configuredDocument() throws {
        let descriptor = try ControlDocument(
            text: Self.configured(
                #"{"toggle": {"title": "{{configuration.room.title}} lamp"}, "value": "lamp.{{configuration.room}}", "previewValue": false, "#
                    + #""valueLabel": {"on": "{{configuration.room}} on", "off": "Off"}, "action": {"setValue": "lamp.{{configuration.room}}"}}"#
            )
        ).descriptor
        let configuration = try #require(descriptor.configuration)
        #expect(configuration.parameters.map(\.name) == ["room"])
        #expect(descriptor.previewTemplate().title == "hall lamp", "a case given as a string is its own title")
        #expect(descriptor.previewTemplate().setValue?(true).parameters == ["suite=group.example.lamp-doc", "key=lamp.hall", "value=true"])
        try configuration.set("room", to: "den")
        let den = descriptor.previewTemplate()
        #expect(den.title == "Den lamp")
        #expect(den.valueText == "Off", "the add sheet shows previewValue (false)")
        #expect(den.setValue?(false).parameters == ["suite=group.example.lamp-doc", "key=lamp.den", "value=false"])
    }

    @Test("configured control document errors: an unknown parameter (nearest name), a key missing for one case, no parameters")
    func configuredDocumentErrors() {
        func message(_ text: String) -> String {
            do {
                _ = try ControlDocument(text: text)
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            message(
                Self.configured(
                    #"{"toggle": {"title": "{{configuration.rooms}}"}, "value": "lamp.hall", "action": {"setValue": "lamp.hall"}}"#))
                == "<input>:2:132: error: $.control.toggle.title: expected a placeholder {{configuration.NAME}} or "
                + "{{configuration.NAME.title}} with NAME a declared parameter (room); found {{configuration.rooms}}. "
                + "Did you mean \"configuration.room\"?")
        let missing = Self.configured(
            #"{"toggle": {"title": "Lamp"}, "value": "lamp.{{configuration.room}}", "action": {"setValue": "lamp.hall"}}"#
        )
        .replacingOccurrences(of: #", "lamp.den": true"#, with: "")
        #expect(
            message(missing)
                == "<input>:2:132: error: $.control.value: expected a key declared in the store's defaults (lamp.hall); "
                + "found \"lamp.den\" (made with room=den)")
        #expect(
            message(Self.document(#"{"toggle": {"title": "{{configuration.room}}"}, "value": "on", "action": {"setValue": "on"}}"#))
                .hasSuffix(
                    "expected a placeholder {{configuration.NAME}} or {{configuration.NAME.title}} with NAME a declared parameter "
                        + "(the document declares no \"parameters\"); found {{configuration.room}}"))
    }
}

@Suite(.serialized, .tmuxInstalled)
struct ControlPreviewTests {
    @Test("C opens the controls screen; Enter taps focus on and the screen shows it on; w goes to add-water; C returns")
    func controlScreen() throws {
        let session = try TmuxSession()
        try session.launch([])
        try session.wait(for: "water │ systemSmall │ fullColor")
        try session.keys("C")
        try session.wait(forAll: [
            "Focus (focus) 1/3: off \"Off\"", "small      medium               large                Lock Screen",
            "Action button", "shown: currentValue()", "Control Center  Focus (focus)  1/3",
        ])
        try session.keys("Enter")
        let after = try session.wait(for: "Focus (focus) 1/3: on \"On\"")
        #expect(after.contains("    On"))
        try session.keys("w")
        try session.wait(forAll: ["Add Water (add-water) 2/3: button \"1250 ml\"", "💧 Water", "Control Center  Add Water (add-water)  2/3"])
        try session.keys("C")
        try session.wait(for: "▸ systemSmall")
        try session.keys("?")
        try session.wait(for: "Control Center controls (iOS 18+)")
        try session.keys("Escape", "q")
        try session.wait(for: "EXIT=0")
    }

    /// A widget document is previewed on its own: the controls screen showed the built-in samples' Focus and Add
    /// Water controls, which the document does not have.
    @Test("preview FILE.json: C shows no control of the built-in samples, and says how to add one")
    func documentPreviewHasNoSampleControls() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let file = DocumentFixtures.examples.appendingPathComponent("twins/station-board.json").path
        try session.launch(["preview", "'\(file)'", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"])
        try session.wait(for: "Station board (station-board-document)")
        try session.keys("C")
        try session.wait(
            forAll: ["No controls in this preview. Add a ControlWidget (iOS 18+)", "Controls: none in"],
            without: ["Focus (focus)", "Add Water (add-water)"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }

    /// At 80 × 24 the Action button was drawn below the large control, under the screen's last row: it now sits in
    /// the space under small and medium.
    @Test("C at 80 × 24: every placement is on screen, the Action button under small and medium")
    func controlScreenFitsEightyByTwentyFour() throws {
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        try session.launch([])
        try session.wait(for: "Mode matrix")
        try session.keys("C")
        let screen = try session.wait(forAll: ["Control Center  Focus (focus)  1/3", "Action button", "Lock Screen"])
        let lines = screen.components(separatedBy: "\n")
        let caption = try #require(lines.firstIndex { $0.contains("Action button") })
        #expect(lines.indices.contains(caption + 3), "\(screen)")
        #expect(lines[caption + 2].contains("🌙 Focus"), "the Action button's frame is drawn under its caption: \(screen)")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }

    /// A control document given to `preview` was read as a widget document and opened as a broken one
    /// ("expected an argument of a widget document"); it is the preview's control, beside the widget documents given.
    @Test("preview WIDGET.json CONTROL.json: the control document is the controls screen's control, not a broken widget")
    func controlDocumentIsPreviewed() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let widget = DocumentFixtures.examples.appendingPathComponent("twins/station-board.json").path
        let control = DocumentFixtures.examples.appendingPathComponent("twins/lights.json").path
        try session.launch(["preview", "'\(widget)'", "'\(control)'", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"])
        try session.wait(forAll: ["Station board (station-board-document)", "lights: press C for"], without: ["waiting for a fix"])
        try session.keys("C")
        try session.wait(forAll: ["(lights)"], without: ["No controls in this preview", "Focus (focus)"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}
