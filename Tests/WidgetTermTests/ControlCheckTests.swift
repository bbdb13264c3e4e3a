import Foundation
import Testing
import TestSupport
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

// MARK: - Controls with each pitfall, their values in memory (no App Group store: tests run in parallel)

private struct CheckedValueProvider: ControlValueProvider {
    var fails = false
    var previewValue: Int { 3 }
    func currentValue() async throws -> Int {
        if fails { throw CocoaError(.fileReadNoPermission) }
        return 7
    }
}

private struct CheckedIntent: AppIntent {
    static var title: LocalizedStringResource { "Ring" }
    func perform() async throws -> some IntentResult { .result() }
}

/// Hands its own control's token to the "server" (reads it). It is told about every push control, as on iOS, and reads
/// only `bell-clean`'s, as the sample `add-water`'s handler does.
private struct KeepingControlHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        for control in controls where control.kind == "bell-clean" { _ = control.pushInfo?.token }
    }
}

/// Never reads a token: the pitfall.
private struct DroppingControlHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {}
}

/// A button control of `kind`: a symbol and a title unless told otherwise, a value that may fail, a push handler.
private struct CheckedControl: ControlWidget {
    var kind = "bell"
    var symbol: String? = "bell.fill"
    var title = "Bell"
    var fails = false
    var handler: (any ControlPushHandler.Type)?

    init() {}

    init(
        kind: String, symbol: String? = "bell.fill", title: String = "Bell", fails: Bool = false,
        handler: (any ControlPushHandler.Type)? = nil
    ) {
        self.kind = kind
        self.symbol = symbol
        self.title = title
        self.fails = fails
        self.handler = handler
    }

    var body: some ControlWidgetConfiguration {
        let configuration = StaticControlConfiguration(kind: kind, provider: CheckedValueProvider(fails: fails)) { value in
            ControlWidgetButton(action: CheckedIntent()) {
                if let symbol {
                    Label(title, systemImage: symbol)
                } else {
                    Text(title)
                }
            } valueLabel: {
                Text("\(value) rings")
            }
        }
        .displayName("Bell")
        return handler.map { configuration.pushHandler(ofType: $0) } ?? configuration
    }
}

extension ModifiedControlConfiguration {
    /// `.pushHandler(_:)` with the handler type as a value, for the tests' table of controls.
    fileprivate func pushHandler(ofType type: any ControlPushHandler.Type) -> ModifiedControlConfiguration {
        func apply<Handler: ControlPushHandler>(_: Handler.Type) -> ModifiedControlConfiguration { pushHandler(Handler.self) }
        return apply(type)
    }
}

/// Builds each control's descriptor (`.controlDescriptor` of its body).
private func controls(_ list: [CheckedControl]) -> [ControlDescriptor] { list.map(\.body.controlDescriptor) }

// MARK: - Tests

@Suite struct ControlCheckTests {
    /// `widgetterm check ARGUMENTS --format json` on `controls` (and no widgets): status, findings as (kind, code,
    /// severity), standard error.
    static func check(_ arguments: [String], controls: [ControlDescriptor], widgets: [WidgetDescriptor] = []) -> (
        status: Int32, findings: [[String]], stderr: String
    ) {
        let output = StringStream()
        let errors = StringStream()
        let status = WidgetTermCommand.run(
            arguments: ["check"] + arguments + ["--format", "json"], widgets: widgets, controls: controls, environment: [:],
            output: output, errors: errors)
        let parsed = (try? JSONSerialization.jsonObject(with: Data(output.text.utf8))) as? [[String: Any]] ?? []
        let findings = parsed.map { [$0["widget"] as? String ?? "", $0["code"] as? String ?? "", $0["severity"] as? String ?? ""] }
        return (status, findings, errors.text)
    }

    @Test("each Swift pitfall is found on its own control; the control without one is clean, on 5 placements each")
    func swiftPitfalls() {
        let checked = controls([
            CheckedControl(kind: "bell-clean", handler: KeepingControlHandler.self),
            CheckedControl(kind: "bell-fails", fails: true),
            CheckedControl(kind: "bell-no-symbol", symbol: nil),
            CheckedControl(kind: "bell-no-title", title: ""),
            CheckedControl(kind: "bell-drops-token", handler: DroppingControlHandler.self),
        ])
        let result = Self.check([], controls: checked)
        #expect(result.status == 1)
        #expect(
            result.findings == [
                ["bell-fails", "control-value-failed", "error"],
                ["bell-no-symbol", "control-label-without-symbol", "warning"],
                ["bell-no-title", "control-label-without-title", "warning"],
                ["bell-drops-token", "push-token-not-stored", "warning"],
            ])
        #expect(
            result.stderr == "widgetterm: check: 1 error, 3 warnings, 0 notes on 25 surfaces; 1 of 5 controls clean\n", "\(result.stderr)")
    }

    @Test("control-value-failed says what currentValue() threw and what the control keeps showing (the previewValue's template)")
    func valueFailedMessage() {
        let result = ControlChecks.run(CheckedControl(kind: "bell-throws", fails: true).body.controlDescriptor)
        #expect(result.placements == 5)
        #expect(result.findings.map(\.code) == ["control-value-failed"])
        let message = result.findings.first?.message ?? ""
        #expect(message.hasPrefix("currentValue() of bell-throws threw CocoaError"), "\(message)")
        #expect(message.contains("the control keeps showing button \"3 rings\""), "\(message)")
    }

    @Test("named controls only: a kind of the bundle checks that control; an unknown kind lists the controls")
    func namedControls() {
        let checked = controls([CheckedControl(kind: "bell-one"), CheckedControl(kind: "bell-two", symbol: nil)])
        let one = Self.check(["bell-one"], controls: checked)
        #expect(one.status == 0)
        #expect(one.findings.isEmpty)
        #expect(one.stderr == "widgetterm: check: 0 errors, 0 warnings, 0 notes on 5 surfaces; 1 of 1 control clean\n", "\(one.stderr)")
        let unknown = Self.check(["bell-three"], controls: checked)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown widget kind bell-three"), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("controls: bell-one, bell-two"), "\(unknown.stderr)")
    }

    @Test("a control document: a toggle whose action is a named intent, a value without previewValue")
    func controlDocument() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("control-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("lamp.json")
        let document = """
            {"version": 1, "kind": "lamp-check", "store": {"suite": "group.example.lamp-check", "defaults": {"on": false}},
             "intents": {"flip": {"toggle": "on"}},
             "control": {"toggle": {"title": "Lamp", "systemImage": "lightbulb.fill"}, "value": "on", "action": "flip"}}
            """
        try Data(document.utf8).write(to: file)
        let result = Self.check([file.path], controls: [])
        #expect(result.status == 1)
        #expect(
            result.findings == [
                ["lamp-check", "control-without-preview-value", "warning"],
                ["lamp-check", "control-toggle-action-not-set-value", "error"],
            ])
    }

    @Test("the sample controls and their document twins check clean (add-water's handler keeps its token)")
    func samplesAreClean() {
        let bundle = SampleWidgetBundle()
        let result = Self.check(
            ["focus", "add-water", "examples/twins/focus.json", "examples/twins/add-water.json"].map {
                $0.hasSuffix(".json") ? PackagePaths.root.appendingPathComponent($0).path : $0
            }, controls: bundle.controlDescriptors, widgets: bundle.widgetDescriptors)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.findings.isEmpty)
        #expect(result.stderr.hasSuffix("on 20 surfaces; 2 of 2 controls clean\n"), "\(result.stderr)")
    }
}
