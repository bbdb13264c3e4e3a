import Foundation
import Testing
import SampleWidgets
@testable import TerminalUI
import WidgetHost
import WidgetKitUI

/// Faults a new user and the preview's reviewers found, each driven in the real binary (tmux): CarPlay (`A`) of a Live
/// Activity document, the status bar without widgets, `P`'s state in the activity list, `e` without parameters, the
/// help overlay's count and the Smart Stack (`R`) at 80 × 24.
@Suite(.serialized, .tmuxInstalled)
struct PreviewReviewFaultTmuxTests {
    static let twin = PackagePaths.examples.appendingPathComponent("twins/delivery.json").path
    static let update = PackagePaths.examples.appendingPathComponent("push/delivery-update.json").path

    @Test("the delivery twin: the status bar names the activity, A shows it on CarPlay after s, P's state is the pushed one")
    func activityDocument() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.launch(["preview", "'\(Self.twin)'", "--push-file", "'\(Self.update)'", "--at", "2026-03-14T09:41:00Z"])
        // A document of one Live Activity opens on the island screen; the status bar says what is previewed, not `- │ -`.
        try session.wait(forAll: ["No activity running.", " delivery-document │ Live Activity │ fullColor"], without: ["- │ -"])
        try session.keys("A")
        try session.wait(
            forAll: ["CarPlay: nothing to show", "No Live Activity running: press i, then s to start delivery-document."],
            without: ["No widget with systemSmall"])
        // A closes back to the island screen it was opened from.
        try session.keys("A")
        try session.wait(forAll: ["No activity running.", " delivery-document │ Live Activity │"], without: ["- │ -"])
        // Leaving the island screen for the widgets keeps the activity in the status bar.
        try session.keys("i")
        try session.wait(forAll: ["no widgets to show", " delivery-document │ Live Activity │"], without: ["- │ -"])
        try session.keys("i")
        try session.wait(for: "No activity running.")
        try session.keys("s")
        try session.wait(for: "1. delivery-document · active · state 1/4")
        // CarPlay after s: the running activity's small family on the dashboard, as `widgetterm carplay` draws it.
        try session.keys("A")
        try session.wait(
            forAll: [
                "CarPlay: Live Activity delivery-document  · A: close",
                "delivery-document · state 1/4 · ActivityFamily.small", "👜 Sushi Go", "Order confirmed",
            ], without: ["No widget with systemSmall"])
        try session.keys("A")
        try session.wait(forAll: ["1. delivery-document · active · state 1/4", " delivery-document │ Live Activity │"], without: ["- │ -"])
        try session.keys("i")
        try session.wait(forAll: ["no widgets to show", " delivery-document │ Live Activity │"], without: ["- │ -"])
        // P: the payload's content-state (driver Ana) is none of the script's four states.
        try session.keys("P")
        try session.wait { screen in
            screen.contains("1. delivery-document · active · pushed state (not in the script of 4)") && !screen.contains("state 1/4")
                && PushKeyTmuxTests.eventLog(screen).contains("push: activity-1 updated with an alert")
        }
        // u goes back to the script.
        try session.keys("u")
        try session.wait(forAll: ["1. delivery-document · active · state 2/4"], without: ["pushed state"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }

    @Test("80 × 24: e on water says there is nothing to edit, the help counts keys, R keeps the widget's bottom edge")
    func smallTerminal() throws {
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        try session.launch(["preview", "--at", "2026-03-14T09:41:00Z"])
        try session.wait(for: "water│systemSmall│fullColor")
        try session.keys("e")
        try session.wait(
            forAll: ["Nothing to edit: this widget has no parameters (StaticConfiguration).", "Esc close"], without: ["↑↓ move"])
        try session.keys("Escape")
        try session.wait(forAll: ["water│systemSmall"], without: ["Esc close"])
        // The help's title counts keys (one per entry of the table), not the rows their wrapped descriptions take:
        // at 80 × 24 the first page ends with `S`, the 15th key, whose description wraps below the fold.
        let keys = KeyBindings.helpLines.count
        try session.keys("?")
        try session.wait(forAll: ["─ Keys 1–15 of \(keys) — ↑↓ PgUp PgDn scroll", "│ S          StandBy"])
        try session.keys("Escape")
        try session.wait(forAll: ["water│systemSmall"], without: ["─ Keys"])
        // R: the Smart Stack's widget, edges and all, above the App panel; the reason moves beside it.
        try session.keys("R")
        let screen = try session.wait(forAll: ["Smart Stack of water", "on top: countdown", "next rotations (6 h):"])
        let lines = screen.components(separatedBy: "\n")
        let top = try #require(lines.firstIndex { $0.hasPrefix("  ▗") && $0.contains("▖") }, "\(screen)")
        let bottom = try #require(lines.firstIndex { $0.hasPrefix("  ▝") && $0.contains("▘") }, "\(screen)")
        let app = try #require(lines.firstIndex { $0.hasPrefix(" App") }, "\(screen)")
        #expect(bottom - top == 9, "the 10 rows of a small widget, its corners on the first and last\n\(screen)")
        #expect(bottom < app)
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}

/// `P`'s effect on the island screen's state label (`IslandScreen.notePush`).
@Suite struct PushedStateLabelTests {
    @Test("a pushed content-state that is one of the script's reads `state N/M (pushed)`; another, `pushed state`; u clears it")
    func pushedStateLabel() throws {
        let delivery = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "delivery" && $0.isActivity })
        let start = Date(timeIntervalSince1970: 1_773_481_260)
        let screen = IslandScreen(activities: [delivery], center: ActivityCenter(now: { start }))
        screen.start(0, at: start) { _, _ in }
        let running = try #require(screen.focusedRunning)
        #expect(running.stateLabel == "state 1/\(running.contents.count)")
        #expect(running.contents.count >= 3)
        screen.notePush(running.contents[2])
        #expect(screen.focusedRunning?.stateLabel == "state 3/\(running.contents.count) (pushed)")
        let offScript = EncodedActivityContent(state: Data(#"{"stage":9}"#.utf8), staleDate: nil)
        screen.notePush(offScript)
        #expect(screen.focusedRunning?.stateLabel == "pushed state (not in the script of \(running.contents.count))")
        screen.pushNextState { _, _ in }
        #expect(screen.focusedRunning?.stateLabel == "state 4/\(running.contents.count)")
    }

    @Test("a pushed state is compared as typed JSON: true is not the scripted 1; 1.0 and another key order are")
    func pushedStateComparesTypedJSON() throws {
        let delivery = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "delivery" && $0.isActivity })
        let start = Date(timeIntervalSince1970: 1_773_481_260)
        let screen = IslandScreen(activities: [delivery], center: ActivityCenter(now: { start }))
        screen.adopt(
            "scripted", descriptor: delivery,
            content: EncodedActivityContent(state: Data(#"{"a":1,"b":[false,null]}"#.utf8), staleDate: nil))
        screen.notePush(EncodedActivityContent(state: Data(#"{"a":true,"b":[false,null]}"#.utf8), staleDate: nil))
        #expect(screen.focusedRunning?.stateLabel == "pushed state (not in the script of 1)")
        screen.notePush(EncodedActivityContent(state: Data(#"{"a":1,"b":[0,null]}"#.utf8), staleDate: nil))
        #expect(screen.focusedRunning?.stateLabel == "pushed state (not in the script of 1)")
        screen.notePush(EncodedActivityContent(state: Data(#"{ "b" : [false, null], "a" : 1.0 }"#.utf8), staleDate: nil))
        #expect(screen.focusedRunning?.stateLabel == "state 1/1 (pushed)")
        screen.notePush(EncodedActivityContent(state: Data("{not json".utf8), staleDate: nil))
        #expect(screen.focusedRunning?.stateLabel == "pushed state (not in the script of 1)")
    }
}
