import Foundation
import Testing
import TestSupport
import WidgetHost
import WidgetKitUI

/// The alert's presentation: the expanded island when unlocked, the Lock Screen view as a banner when locked, each
/// under a row naming the sound; held for `ActivityAlertDrawing.duration` seconds.
@Suite struct ActivityAlertBannerTests {
    static let update = PushTests.examples.appendingPathComponent("delivery-update.json").path

    @Test("unlocked: the expanded island under ♪ chime.caf · alert (golden)")
    func unlockedGolden() {
        let result = PushTests.run(["push", Self.update, "--to", "delivery", "--format", "ansi", "--colors", "truecolor"])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines[1] == "alert: “On the way” Ana is bringing order 1042 · sound chime.caf (shown in the expanded island)")
        #expect(lines[2] == "expanded, active:")
        #expect(lines[3].contains("♪ chime.caf · alert"))
        Golden.check(result.output, named: "push.delivery.alert.expanded")
    }

    @Test("locked: the Lock Screen lights up with the activity's view as a banner, under the sound row (golden)")
    func lockedGolden() {
        let text = PushTests.run(["push", Self.update, "--to", "delivery", "--format", "text", "--locked"])
        #expect(text.status == 0, "\(text.errors)")
        #expect(
            text.output.hasPrefix(
                "push 1 at 2026-03-14 09:41 (priority 10, update): applied\n"
                    + "alert: “On the way” Ana is bringing order 1042 · sound chime.caf (shown in a banner on the Lock Screen, "
                    + "which lights up)\n" + "lockscreen, active:\n" + "♪ chime.caf · alert\n"),
            "\(text.output)")
        #expect(text.output.contains("  On the way with Ana"))
        let ansi = PushTests.run(["push", Self.update, "--to", "delivery", "--format", "ansi", "--colors", "truecolor", "--locked"])
        Golden.check(ansi.output, named: "push.delivery.alert.locked")
    }

    @Test(
        "a phone without a Dynamic Island shows the alert as a banner: the Lock Screen view at its 353 pt width (golden)",
        arguments: ["iphone-se", "iphone-375"])
    func bannerWithoutAnIsland(device: String) {
        let text = PushTests.run(["push", Self.update, "--to", "delivery", "--format", "text", "--device", device])
        #expect(text.status == 0, "\(text.errors)")
        #expect(
            text.output
                == "push 1 at 2026-03-14 09:41 (priority 10, update): applied\n"
                + "alert: “On the way” Ana is bringing order 1042 · sound chime.caf (shown in a banner)\n"
                + "lockscreen, active:\n"
                + "♪ chime.caf · alert\n"
                + "▗                                          ▖\n"
                + "  👜 Sushi Go                        24:00\n"
                + "  On the way with Ana\n"
                + "\n"
                + "  Order #1042\n"
                + "▝                                          ▘\n")
        #expect(text.errors == "")
        let ansi = PushTests.run([
            "push", Self.update, "--to", "delivery", "--format", "ansi", "--colors", "truecolor", "--device", device,
        ])
        Golden.check(ansi.output, named: "push.delivery.alert.banner")
        // The island presentations stay where there is an island.
        let island = PushTests.run([
            "push", Self.update, "--to", "delivery", "--format", "text", "--device", device, "--presentation", "compact",
        ])
        #expect(
            island.output.hasSuffix(
                "compact: \(device) has no Dynamic Island: only the Lock Screen view (and the banner it makes) is drawn there; "
                    + "use iphone-430 or iphone-393 for the island\n"), "\(island.output)")
    }

    @Test("another presentation asked for, or an update without an alert, has no sound row")
    func noSoundRow() throws {
        let other = PushTests.run(["push", Self.update, "--to", "delivery", "--format", "text", "--presentation", "lockscreen"])
        #expect(!other.output.contains("♪"))
        let quiet = try PushTests.payload([
            "aps": ["event": "update", "timestamp": 1_773_481_260, "content-state": ["stage": 2, "eta": 795_175_500]]
        ])
        let result = PushTests.run(["push", quiet, "--to", "delivery", "--format", "text", "--locked"])
        #expect(result.output.hasPrefix("push 1 at 2026-03-14 09:41 (priority 10, update): applied\nlockscreen, active:\n"))
        #expect(!result.output.contains("♪"))
    }

    @Test("an alert is presented for 5 seconds from its date", arguments: [(-1.0, false), (0, true), (4.999, true), (5, false)])
    func duration(offset: Double, showing: Bool) {
        let date = Date(timeIntervalSince1970: 1_773_481_260)
        let alert = ActivityAlert(
            date: date, activityID: "activity-1",
            configuration: AlertConfiguration(title: "On the way", body: "Ana", sound: .named("chime.caf")))
        #expect(ActivityAlertDrawing.duration == 5)
        #expect(ActivityAlertDrawing.isShowing(alert, at: date.addingTimeInterval(offset)) == showing)
    }
}
