import Foundation
import Testing
import TestSupport
import SampleWidgets

/// A built-in sample passes its own `check`: the countdown's timer reads on white, and its reloads fit the budget.
@Suite struct SampleCheckTests {
    @Test("countdown and its twin check clean: the timer in accessible orange on white, 24 reloads a day")
    func countdownIsClean() {
        let twin = PushTests.examples.deletingLastPathComponent().appendingPathComponent("twins/countdown.json").path
        let result = PreviewCommandTests.run(["check", "countdown", twin, "--summary"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output
                == "countdown: clean (11 notes on what iOS does)\n" + "countdown-document: clean (11 notes on what iOS does)\n")
        #expect(result.errors == "widgetterm: check: 0 errors, 0 warnings, 22 notes on 14 surfaces; 2 of 2 widgets clean\n")
        let render = PreviewCommandTests.run(["render", "countdown", "--format", "text"])
        #expect(render.status == 0)
        #expect(render.errors == "")
    }
}

/// Every built-in sample, and its document twin in `examples/twins/` where one exists, passes its own `check` with no
/// error on any surface, family, mode, theme or entry.
@Suite struct EverySampleCheckTests {
    /// The kinds `widgetterm list` shows: the widgets and the Live Activities of the sample bundle.
    static let kinds = SampleWidgetBundle().widgetDescriptors.map(\.kind)

    /// The error findings of `check TARGET --format json`, each as "widget: code at family/mode/theme: message".
    static func errors(of target: String) -> (status: Int32, parsed: Bool, errors: [String], stderr: String) {
        let store = TestScratch.path("wt-sample-check")
        defer { try? FileManager.default.removeItem(atPath: store) }
        let result = PreviewCommandTests.run(["check", target, "--format", "json", "--app-group", store])
        let parsed = (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [[String: Any]]
        let findings = parsed ?? []
        let errors = findings.filter { $0["severity"] as? String == "error" }.map { finding in
            let place = ["family", "mode", "theme"].compactMap { finding[$0] as? String }.joined(separator: "/")
            return "\(finding["widget"] as? String ?? target): \(finding["code"] as? String ?? "?") at \(place): "
                + "\(finding["message"] as? String ?? "")"
        }
        return (result.status, parsed != nil, errors, result.errors)
    }

    @Test("a built-in sample and its document twin check with no error", arguments: kinds)
    func sampleChecksClean(_ kind: String) {
        var targets = [kind]
        let twin = PackagePaths.examples.appendingPathComponent("twins/\(kind).json").path
        if FileManager.default.fileExists(atPath: twin) { targets.append(twin) }
        for target in targets {
            let result = Self.errors(of: target)
            #expect(result.parsed, "\(kind) (\(target)): check --format json wrote no list of findings: \(result.stderr)")
            #expect(result.errors.isEmpty, "\(kind) (\(target)) has check errors:\n\(result.errors.joined(separator: "\n"))")
            #expect(result.status == 0, "\(kind) (\(target)): check exited \(result.status): \(result.stderr)")
        }
    }

    /// The control kinds of the sample bundle (`widgetterm control` without a kind).
    static let controlKinds = SampleWidgetBundle().controlDescriptors.map(\.kind)

    @Test("a built-in control and its document twin run in `control` with no error diagnostic", arguments: controlKinds)
    func controlChecksClean(_ kind: String) {
        var targets = [kind]
        let twin = PackagePaths.examples.appendingPathComponent("twins/\(kind).json").path
        if FileManager.default.fileExists(atPath: twin) { targets.append(twin) }
        // A configurable control (AppIntentControlConfiguration) has a twin too: control documents take `parameters`.
        #expect(targets.count == 2, "\(kind) has a document twin in examples/twins")
        for target in targets {
            let store = TestScratch.path("wt-sample-control")
            defer { try? FileManager.default.removeItem(atPath: store) }
            let result = ControlTests.run(["control", target, "--format", "text", "--app-group", store])
            let errors = result.errors.split(separator: "\n").filter { $0.hasPrefix("error ") }
            #expect(errors.isEmpty, "\(kind) (\(target)) has control errors:\n\(errors.joined(separator: "\n"))")
            #expect(result.status == 0, "\(kind) (\(target)): control exited \(result.status): \(result.errors)")
        }
    }

    @Test("the error list names the widget, the code and where: the catalogue example's low-contrast errors")
    func errorsAreNamed() {
        let result = Self.errors(of: PackagePaths.examples.appendingPathComponent("all-views.json").path)
        #expect(result.parsed)
        #expect(result.errors.count == 8)
        #expect(result.errors.first?.hasPrefix("catalogue-document: low-contrast at systemLarge/fullColor/light: ") == true)
    }

    @Test("the sample bundle's kinds are those the test walks: every widget and Live Activity of `widgetterm list`")
    func kindsAreTheList() {
        #expect(
            Self.kinds == [
                "water", "orders", "steps", "countdown", "weather", "agenda", "departures", "memories", "station-board", "now-playing",
                "delivery", "workout", "match",
            ])
        #expect(Self.controlKinds == ["focus", "add-water", "lights"])
    }
}
