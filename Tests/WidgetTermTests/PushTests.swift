import Foundation
import Testing
import TestSupport
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

/// Sends the widget token to the "server" (reads it), as an app's handler would.
struct KeepingWidgetPushHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = pushInfo.token }
}

@Suite struct PushTests {
    /// The sample bundle with `water` configured for push (`.pushHandler(KeepingWidgetPushHandler.self)`): a widget push
    /// reaches only a widget with a `WidgetPushHandler`.
    static var pushableWidgets: [WidgetDescriptor] {
        SampleWidgetBundle().widgetDescriptors.map { widget in
            var widget = widget
            if widget.kind == "water" { widget.pushHandler = KeepingWidgetPushHandler.self }
            return widget
        }
    }

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/push")

    static func run(_ arguments: [String], widgets: [WidgetDescriptor] = SampleWidgetBundle().widgetDescriptors) -> (
        status: Int32, output: String, errors: String
    ) {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments + ["--at", "2026-03-14T09:41:00Z", "--timezone", "UTC"],
                widgets: widgets, environment: [:], output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    static func payload(_ object: Any, name: String = UUID().uuidString) throws -> String {
        let url = TestScratch.directory.appendingPathComponent("wt-push-\(name).json")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
        return url.path
    }

    @Test("an update with an alert: applied, the alert with its sound, the expanded island with the new stage")
    func updateWithAlert() {
        let result = Self.run(["push", Self.examples.appendingPathComponent("delivery-update.json").path, "--to", "delivery"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.hasPrefix(
                "push 1 at 2026-03-14 09:41 (priority 10, update): applied\n"
                    + "alert: “On the way” Ana is bringing order 1042 · sound chime.caf (shown in the expanded island)\n"
                    + "expanded, active:\n"))
        #expect(result.output.contains("On the way") && result.output.contains("24:00"))
        #expect(result.errors == "")
    }

    @Test("on a phone without a Dynamic Island the alert is a banner: the Lock Screen presentation, not the expanded island")
    func alertOnAPhoneWithoutAnIsland() {
        let result = Self.run([
            "push", Self.examples.appendingPathComponent("delivery-update.json").path, "--to", "delivery", "--device", "iphone-se",
        ])
        #expect(
            result.output.hasPrefix(
                "push 1 at 2026-03-14 09:41 (priority 10, update): applied\n"
                    + "alert: “On the way” Ana is bringing order 1042 · sound chime.caf (shown in a banner)\n"
                    + "lockscreen, active:\n♪ chime.caf · alert\n"), "\(result.output)")
    }

    @Test(
        "an end push keeps the card on the Lock Screen 4 h by default; dismissal-date sets the time, kept within those 4 h",
        arguments: [
            (nil, "13:41", "lockscreen, ended:\n"), (1_773_481_260 + 1800, "10:11", "lockscreen, ended:\n"),
            (1_773_481_260 + 6 * 3600, "13:41", "lockscreen, ended:\n"),
            (
                1_773_481_260, "09:41",
                "lockscreen: delivery was dismissed at 2026-03-14T09:41:00Z: nothing shows it any more. Use an earlier --at.\n"
            ),
        ] as [(Int?, String, String)])
    func endWithDismissalDate(dismissal: Int?, until: String, frame: String) throws {
        var aps: [String: Any] = ["event": "end", "timestamp": 1_773_481_260]
        if let dismissal { aps["dismissal-date"] = dismissal }
        let result = Self.run(["push", try Self.payload(["aps": aps]), "--to", "delivery"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.hasPrefix(
                "push 1 at 2026-03-14 09:41 (priority 10, end): applied; the Lock Screen keeps it until 2026-03-14 \(until)\n" + frame))
    }

    @Test("an update whose stale-date has passed draws the stale content: the state is stale, said once")
    func updateWithAPassedStaleDate() throws {
        let payload = try Self.payload([
            "aps": [
                "event": "update", "timestamp": 1_773_481_260, "stale-date": 1_773_481_260 - 60,
                "content-state": ["stage": 2, "eta": 795_175_500, "courier": "Ana"],
            ]
        ])
        let result = Self.run(["push", payload, "--to", "delivery"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.hasPrefix("push 1 at 2026-03-14 09:41 (priority 10, update): applied\nlockscreen, stale:\n"))
    }

    @Test("with Live Activities switched off the push reaches no activity: refused with ActivityKit's denied error")
    func activitiesOff() {
        let result = Self.run([
            "push", Self.examples.appendingPathComponent("delivery-update.json").path, "--to", "delivery", "--activities-off",
        ])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.errors
                == "error push-refused delivery: The user disabled Live Activities for the app. (--activities-off: "
                + "ActivityAuthorizationInfo().areActivitiesEnabled is false, so no activity runs for the push to reach)\n")
    }

    @Test("a content-state that does not decode names its key path: aps.content-state.stage")
    func contentStateMismatch() {
        let result = Self.run(["push", Self.examples.appendingPathComponent("delivery-bad-state.json").path, "--to", "delivery"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("error push-content-state-mismatch delivery: aps.content-state.stage: expected Int;"))
        #expect(result.errors.hasSuffix("{keyPath=content-state.stage}\n"))
    }

    @Test("a missing key is named too, and a payload over 4 KB or without aps is refused")
    func refusals() throws {
        let missing = try Self.payload(["aps": ["event": "update", "timestamp": 1, "content-state": ["stage": 1]]])
        let result = Self.run(["push", missing, "--to", "delivery"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("error push-content-state-mismatch delivery: aps.content-state.eta: no value for the key;"))

        let big = try Self.payload([
            "aps": ["event": "update", "timestamp": 1, "content-state": ["courier": String(repeating: "x", count: 4100)]]
        ])
        let tooLarge = Self.run(["push", big, "--to", "delivery"])
        #expect(tooLarge.status == 1)
        #expect(tooLarge.errors.hasPrefix("error push-payload-too-large delivery: "))
        #expect(tooLarge.errors.contains("{bytes=41"))

        let noAPS = try Self.payload(["event": "update"])
        let without = Self.run(["push", noAPS, "--to", "delivery"])
        #expect(without.status == 1)
        #expect(without.errors.hasPrefix("error push-missing-aps delivery: "))
    }

    @Test("priority 10: the 16th update within an hour is dropped; priority 5 is not budgeted")
    func budget() {
        let file = Self.examples.appendingPathComponent("delivery-update.json").path
        let high = Self.run(["push", file, "--to", "delivery", "--times", "16", "--every", "60"])
        #expect(high.status == 1)
        #expect(high.output.contains("push 15 at 2026-03-14 09:55 (priority 10, update): applied\n"))
        #expect(
            high.output.contains(
                "push 16 at 2026-03-14 09:56 (priority 10, update): dropped, the priority-10 budget of 15 per hour is spent\n"))
        #expect(high.errors.hasPrefix("error push-budget-exceeded delivery: push 16 is the 16th priority-10 update within an hour"))
        let low = Self.run(["push", file, "--to", "delivery", "--times", "16", "--priority", "5"])
        #expect(low.status == 0)
        #expect(low.output.contains("push 16 at 2026-03-14 09:56 (priority 5, update): applied\n"))
        let spaced = Self.run(["push", file, "--to", "delivery", "--times", "16", "--every", "240"])
        #expect(spaced.status == 0, "16 pushes four minutes apart span more than an hour")
    }

    @Test("a widget push needs content-changed and reloads a widget with a push handler, paid from its reload budget")
    func widgetPush() throws {
        let good = try Self.payload(["aps": ["content-changed": true]])
        let appGroup = TestScratch.path("wt-push")
        let result = Self.run(["push", good, "--to", "water", "--format", "text", "--app-group", appGroup], widgets: Self.pushableWidgets)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.hasPrefix(
                "widget push token \(ActivityPushService.token(seed: "widgets#1").hexadecimalString) (given to "
                    + "KeepingWidgetPushHandler.pushTokenDidChange(_:widgets:))\n"
                    + "widget push 1 at 2026-03-14 09:41: reloaded water, 38 reloads left in the day's budget\n"), "\(result.output)")
        #expect(result.output.contains("💧 Water"))
        let bad = try Self.payload(["aps": ["alert": "hi"]])
        let refused = Self.run(["push", bad, "--to", "water"], widgets: Self.pushableWidgets)
        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix("error push-widget-without-content-changed water: "))
    }

    @Test("a widget without a WidgetPushHandler is not reloaded by a push: push-widget-without-handler, and no frame")
    func widgetWithoutHandler() throws {
        let good = try Self.payload(["aps": ["content-changed": true]])
        let result = Self.run(["push", good, "--to", "water", "--format", "text"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(
            result.errors
                == "error push-widget-without-handler water: water has no WidgetPushHandler, so iOS gives it no push token and a "
                + "widget push does not reload it. Register one with .pushHandler(MyPushHandler.self) on its WidgetConfiguration "
                + "(iOS 26) and send its token to your server.\n", "\(result.errors)")
    }

    @Test("one widget push with the clock running, as on the command line: the frame is the new entry, not the placeholder")
    func widgetPushWithRunningClock() throws {
        let file = try Self.payload(["aps": ["content-changed": true]])
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            // The command line's clock runs, from a moment between whole seconds (without --at, the wall clock);
            // FixedClock.run resets it afterwards.
            HostClock.set(FixedClock.reference.addingTimeInterval(0.123_456_789))
            HostClock.isPaused = false
            return WidgetTermCommand.run(
                arguments: [
                    "push", file, "--to", "water", "--format", "text", "--timezone", "UTC",
                    "--app-group", TestScratch.path("wt-push"),
                ],
                widgets: Self.pushableWidgets, environment: [:], output: output, errors: errors)
        }
        #expect(status == 0, "\(errors.text)")
        #expect(output.text.contains("\nwidget push 1 at 2026-03-14 09:41: reloaded water, 38 reloads left in the day's budget\n"))
        #expect(output.text.contains("💧 Water"), "\(output.text)")
        #expect(output.text.contains("Goal 2000 ml"), "\(output.text)")
    }
}
