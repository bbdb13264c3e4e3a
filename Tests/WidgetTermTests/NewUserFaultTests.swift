import Foundation
import Testing
import SampleWidgets
import TestSupport
@testable import TerminalUI
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// Faults a new user met (docs/DECISIONS.md, 2026-12-03 "nufix"): check missing a timer finding render prints, a Live
// Activity's --output, Live Activities below iOS 16.1, the island screen's subject, and a banner cut at 80 × 24.

@Suite struct NewUserFaultTests {
    /// A compact trailing count-up timer in a frame too narrow for `1:00:00`.
    static let narrowTimer = probeActivity(
        lockScreen: { _ in Text("Probe").padding() },
        compactTrailing: { context in
            Text(context.state.start, style: .timer).monospacedDigit().frame(width: 40, alignment: .leading)
        },
        minimal: { _ in Image(systemName: "star.fill") })

    @Test("check reports the timer-frame-too-narrow finding render prints for the compact presentation, in its words")
    func checkSeesTheTimerFrameFinding() throws {
        let island = try ActivityFixtures.render(Self.narrowTimer, .compact)
        let rendered = island.frame.diagnostics.filter { $0.code == "timer-frame-too-narrow" }.map(\.message)
        #expect(rendered.count == 1)
        #expect(rendered.first?.hasPrefix("A timer in .frame(width: 40) will show \"10:00\"") == true, "\(rendered)")
        let checked = ActivityFixtures.check(Self.narrowTimer).filter { $0.code == "timer-frame-too-narrow" }
        #expect(checked.map(\.message) == rendered)
        #expect(checked.map(\.severity) == [.warning])
        #expect(checked.first?.values["presentation"] == "compact")
    }

    @Test("check measures framed timers in the expanded island and on the Lock Screen too, as render does")
    func checkSeesExpandedAndLockScreenTimers() throws {
        let framed = ActivityConfiguration(for: ProbeAttributes.self) { context in
            HStack {
                Text("Probe")
                Text(context.state.start, style: .timer).monospacedDigit().frame(width: 30)
            }
            .padding()
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.trailing) { Text(context.state.start, style: .timer).frame(width: 36) }
            } compactLeading: {
                Image(systemName: "star.fill")
            } compactTrailing: {
                Text("Go")
            } minimal: {
                Image(systemName: "star.fill")
            }
        }
        .widgetTermPreview(attributes: ProbeAttributes()) { start in [ActivityContent(state: .init(start: start), staleDate: nil)] }
        .descriptor
        for (presentation, width) in [(ActivityPresentation.expanded, 36), (.lockScreen, 30)] {
            let rendered = try ActivityFixtures.render(framed, presentation).frame.diagnostics.filter {
                $0.code == "timer-frame-too-narrow"
            }
            #expect(rendered.map { $0.message.hasPrefix("A timer in .frame(width: \(width)) will show") } == [true], "\(presentation)")
        }
        let checked = ActivityFixtures.check(framed).filter { $0.code == "timer-frame-too-narrow" }
        #expect(checked.compactMap { $0.values["presentation"] }.sorted() == ["expanded", "lockscreen"])
        #expect(checked.map(\.severity) == [.warning, .warning])
    }

    @Test("the delivery sample and its twin hold their countdown's 10:00 in every presentation (50 pt)")
    func deliveryTimersFit() throws {
        for descriptor in [try ActivityFixtures.sample("delivery"), try DocumentFixtures.example("twins/delivery.json")] {
            let findings = ActivityFixtures.check(descriptor)
            #expect(findings.filter { $0.code.contains("timer") }.isEmpty, "\(findings.map(\.line))")
        }
    }

    @Test("the workout sample and its twin check without a timer-frame finding in any presentation")
    func workoutTimersFit() throws {
        for descriptor in [try ActivityFixtures.sample("workout"), try WorkoutTwinTests.twin()] {
            let findings = ActivityFixtures.check(descriptor)
            #expect(findings.filter { $0.code.hasPrefix("timer-") || $0.code.contains("timer") }.isEmpty, "\(findings.map(\.line))")
        }
    }

    @Test("render and check of a Live Activity on iOS 15 or earlier give activity-needs-ios-16-1; iOS 16 is clean of it")
    func activityNeedsIOS16_1() {
        let at = ["--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"]
        let old = PreviewCommandTests.run(["render", "delivery", "--os", "14", "--presentation", "lockscreen"] + at)
        #expect(old.status == 1)
        #expect(
            old.errors.contains(
                "widgetterm: error: [activity-needs-ios-16-1] delivery is a Live Activity, and Live Activities need iOS 16.1"))
        #expect(!old.output.isEmpty, "the picture is still drawn")
        // In JSON the reason is on standard error too, not only the status.
        let json = PreviewCommandTests.run(["render", "delivery", "--os", "14", "--presentation", "lockscreen", "--format", "json"] + at)
        #expect(json.status == 1)
        #expect(json.errors.contains("widgetterm: error: [activity-needs-ios-16-1]"))
        let sixteen = PreviewCommandTests.run(["render", "delivery", "--os", "16", "--presentation", "lockscreen"] + at)
        #expect(!sixteen.errors.contains("activity-needs-ios-16-1"))
        let checked = PreviewCommandTests.run(["check", "delivery", "--os", "15", "--format", "json"] + at)
        #expect(checked.status == 1)
        #expect(
            checked.output.contains("\"code\" : \"activity-needs-ios-16-1\"")
                || checked.output.contains("\"code\":\"activity-needs-ios-16-1\""))
        let newer = PreviewCommandTests.run(["check", "delivery", "--os", "16", "--format", "json"] + at)
        #expect(!newer.output.contains("activity-needs-ios-16-1"))
    }

    @Test("the island screen refuses to start an activity below iOS 16.1 and logs why")
    func previewRefusesOldIOS() throws {
        let clock = TestClock(ActivityFixtures.start)
        let screen = IslandScreen(activities: [try ActivityFixtures.sample("delivery")], center: ActivityCenter(now: { clock.now }))
        var logged: [String] = []
        screen.start(0, at: ActivityFixtures.start, osVersion: 14) { _, text in logged.append(text) }
        #expect(screen.running.isEmpty)
        #expect(logged.count == 1)
        #expect(logged.first?.hasPrefix("not started: delivery is a Live Activity, and Live Activities need iOS 16.1 or later") == true)
        screen.start(0, at: ActivityFixtures.start, osVersion: 16) { _, text in logged.append(text) }
        #expect(screen.running.count == 1)
    }

    @Test("preview of a Live Activity kind: the status bar and w follow the activities on the island screen")
    func islandScreenSubject() {
        FixedClock.run {
            let widgets = SampleWidgetBundle().widgetDescriptors
            let configuration = PreviewConfiguration(
                widgets: widgets, initialKind: "delivery", theme: Theme.builtIn(named: "light")!, format: FixedClock.utcFormat)
            let preview = InMemoryPreview(configuration: configuration, width: 120, height: 40)
            let (app, terminal) = (preview.app, preview.terminal)
            app.renderFrame()
            #expect(app.islands.isShown)
            #expect(app.statusSubject == ("delivery", "Live Activity"))
            #expect(terminal.text.contains(" delivery │ Live Activity │"))
            #expect(!terminal.text.contains("Timeline ("), "the widget's timeline panel is not the island screen's")
            let before = app.widgetIndex
            app.handle(.key(.character("w")))
            #expect(app.widgetIndex == before, "w does not move the hidden widgets")
            let next = app.islands.activities[1 % app.islands.activities.count].kind
            #expect(app.statusSubject == (next, "Live Activity"))
            app.handle(.key(.character("i")))
            app.renderFrame()
            #expect(app.statusSubject.1 != "Live Activity", "the widgets screen shows the focused widget")
        }
    }

    @Test("the banner keeps a JSON error's fix at 80 × 24 and points to the log when a message is longer than 5 rows")
    func bannerLines() {
        let message =
            "/tmp/x/water.json:15:50: expected \",\" or \"}\" after the value of \"goal\" in timeline.entries[0].data, "
            + "found \"millilitresPerGlass\" at line 15, add a comma here, at line 15, column 51"
        let lines = PreviewApp.bannerLines(message, width: 80, height: 24)
        #expect(lines.count == 3)
        let joined = lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(joined.contains("add a comma here, at line 15, column 51"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 78 })
        let long = PreviewApp.bannerLines(String(repeating: "word ", count: 200), width: 80, height: 24)
        #expect(long.count == 5)
        #expect(long.last?.hasSuffix(" … (the whole error is in the event log)") == true)
        #expect(long.allSatisfy { DisplayWidth.of($0) <= 78 })
        #expect(PreviewApp.bannerLines(String(repeating: "word ", count: 200), width: 80, height: 12).count == 2)
    }
}

/// A broken widget document at 80 × 24 in the real binary: the banner and the event log keep the whole error.
@Suite(.serialized, .tmuxInstalled)
struct NewUserBannerTmuxTests {
    @Test("at 80 × 24 a missing comma's fix shows in the banner of a document broken at start")
    func fixIsVisibleAt80Columns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-banner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try String(contentsOf: PackagePaths.examples.appendingPathComponent("water.json"), encoding: .utf8)
        let broken = good.replacingOccurrences(of: "\"goal\": 8, \"millilitresPerGlass\"", with: "\"goal\": 8 \"millilitresPerGlass\"")
        #expect(broken != good)
        let file = directory.appendingPathComponent("water.json")
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        try session.launch(["preview", "'\(file.path)'", "--at", "2026-03-14T09:41:00Z"])
        // The banner's rows read as one text: the fix is in it.
        try session.wait { screen in
            let banner = screen.components(separatedBy: "\n").prefix(7).joined(separator: " ")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return banner.contains("add a comma here, at line 15, column 51")
        }
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}
