import Foundation
import Testing
import TestSupport
import SampleWidgets
import WidgetKitUI
import WidgetTermCLI

/// `widgetterm push FILE --to CONTROL`: a control push is a budgeted reload of the control (`currentValue()` again).
@Suite struct ControlPushTests {
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let appGroup = TestScratch.path("wt-control-push")
        let bundle = SampleWidgetBundle()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments + ["--at", "2026-03-14T09:41:00Z", "--timezone", "UTC", "--app-group", appGroup, "--format", "text"],
                widgets: bundle.widgetDescriptors, controls: bundle.controlDescriptors, environment: [:], output: output,
                errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test("the handler gets the token; each push reloads the control within the budget; the frame after the last is printed")
    func pushToAControl() throws {
        let file = try PushTests.payload(["aps": ["content-changed": true]])
        let result = Self.run(["push", file, "--to", "add-water", "--times", "3", "--every", "120"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output
                == "control push token 972b0892ea31eaa98541e4378ed9dcc96a76d30ee42cb269a178a344110ed9b9 "
                + "(given to WaterControlPushHandler.pushTokensDidChange(controls:))\n"
                + "control push 1 at 2026-03-14 09:41: reloaded add-water, currentValue() → button \"1250 ml\", "
                + "39 reloads left in the day's budget\n"
                + "control push 2 at 2026-03-14 09:43: deferred to 2026-03-14 09:46 (5 minutes between reloads)\n"
                + "control push 3 at 2026-03-14 09:45: deferred to 2026-03-14 09:46 (5 minutes between reloads)\n"
                + "deferred reload at 2026-03-14 09:46: currentValue() → button \"1250 ml\", 38 reloads left in the day's budget\n"
                + "\n"
                + "Control Center, medium (2×1)\n"
                + "▗                 ▖\n"
                + " 💧 Water\n"
                + "    1250 ml\n"
                + "▝                 ▘\n")
        #expect(result.errors == "")
    }

    @Test("with the day's budget spent, a control push is refused until the window frees a reload")
    func budgetSpent() throws {
        let file = try PushTests.payload(["aps": ["content-changed": true]])
        let result = Self.run(["push", file, "--to", "add-water", "--times", "41", "--every", "600"])
        #expect(result.status == 0)
        #expect(
            result.output.contains(
                "control push 40 at 2026-03-14 16:11: reloaded add-water, currentValue() → button \"1250 ml\", "
                    + "0 reloads left in the day's budget\n"), "\(result.output)")
        #expect(
            result.output.contains(
                "control push 41 at 2026-03-14 16:21: refused: the reload budget is spent until 2026-03-15 09:41\n"))
    }

    @Test(
        "refused as for widgets: no handler, no content-changed, over 4096 bytes, no aps",
        arguments: [
            (
                "focus", #"{"aps": {"content-changed": true}}"#,
                "error push-control-without-handler focus: focus has no ControlPushHandler, so iOS gives it no push token and no "
                    + "push can reach it. Register one with .pushHandler(MyPushHandler.self) on its ControlWidgetConfiguration (in a "
                    + "control document: \"pushHandler\": {\"storeToken\": KEY}) and send its token to your server.\n"
            ),
            (
                "add-water", #"{"aps": {"badge": 1}}"#,
                "error push-control-without-content-changed add-water: a control push needs \"aps\": {\"content-changed\": true} "
                    + "(apns-push-type controls); without it the system does not reload the control.\n"
            ),
            (
                "add-water", #"{"data": 1}"#,
                "error push-missing-aps add-water: FILE has no \"aps\" object: APNs delivers it, but ActivityKit and WidgetKit read "
                    + "only \"aps\" (event, content-state, timestamp…), so nothing changes.\n"
            ),
        ] as [(String, String, String)])
    func refused(kind: String, payload: String, error: String) throws {
        let file = TestScratch.path("wt-control-push") + ".json"
        try Data(payload.utf8).write(to: URL(fileURLWithPath: file))
        let result = Self.run(["push", file, "--to", kind])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors == error.replacingOccurrences(of: "FILE", with: file))
    }

    @Test("a payload over 4096 bytes is refused before anything reloads; an unknown kind lists the controls too")
    func tooLargeAndUnknown() throws {
        let file = try PushTests.payload(["aps": ["content-changed": true], "pad": String(repeating: "x", count: 4100)])
        let large = Self.run(["push", file, "--to", "add-water"])
        #expect(large.status == 1)
        #expect(large.errors.hasPrefix("error push-payload-too-large add-water: \(file) is 4141 bytes;"), "\(large.errors)")
        // A control document without "pushHandler" is refused as a Swift control without one is.
        let focus = PushTests.examples.deletingLastPathComponent().appendingPathComponent("twins/focus.json").path
        let document = Self.run(["push", PushTests.examples.appendingPathComponent("content-changed.json").path, "--to", focus])
        #expect(document.status == 1)
        #expect(
            document.errors.hasPrefix("error push-control-without-handler focus: focus has no ControlPushHandler"), "\(document.errors)")
        let unknown = Self.run(["push", file, "--to", "add-watr"])
        #expect(unknown.status == 2)
        #expect(unknown.errors.hasSuffix("; controls: focus, add-water, lights\n"), "\(unknown.errors)")
    }
}
