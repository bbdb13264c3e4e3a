import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
import TerminalUI
import WidgetHost
import WidgetKitUI

/// The sample `match`: a Live Activity whose scripted updates carry `AlertConfiguration`s, as the app's
/// `Activity.update(_:alertConfiguration:)` does; the island screen's `u` plays them.
@Suite struct MatchAlertTests {
    static func match() throws -> WidgetDescriptor { try ActivityFixtures.sample("match") }

    @Test("the script's alerts: none on kick-off and half time, goal.caf, the default sound, whistle.caf")
    func scriptedAlerts() throws {
        let alerts = try ActivityScript.alertConfigurations(of: try Self.match(), startingAt: ActivityFixtures.start)
        #expect(alerts.map { $0?.sound.name } == [nil, "goal.caf", nil, "default", "whistle.caf"])
        #expect(alerts[1]?.title == "Goal! Lions 1 – 0")
        #expect(alerts[1]?.body == "Okafor scores at 23′")
        #expect(alerts[3]?.sound == .default)
        #expect(
            alerts[4]
                == AlertConfiguration(title: "Full time: Lions 2 – 1", body: "Lions win the City Cup final", sound: .named("whistle.caf")))
    }

    @Test("playing the script to state 4 shows the alert of each update that has one, in order, dated when it was applied")
    func playingRecordsAlerts() throws {
        let center = ActivityCenter(now: { ActivityFixtures.start })
        let id = try ActivityScript.start(try Self.match(), in: center, state: 4, startingAt: ActivityFixtures.start)
        #expect(
            center.alerts.map(\.description) == [
                "alert “Goal! Lions 1 – 0” Okafor scores at 23′ · sound goal.caf",
                "alert “Goal! Harbour 1 – 1” Reyes scores at 58′ · sound default",
            ])
        #expect(center.alerts.allSatisfy { $0.activityID == id && $0.date == ActivityFixtures.start })
        #expect(
            center.alerts.last?.description(on: .default)
                == "alert “Goal! Harbour 1 – 1” Reyes scores at 58′ · sound default, shown in the expanded island")
    }

    @Test("an alert on the first state is refused: Activity.request shows no alert")
    func alertOnTheRequestIsRefused() throws {
        let widget = ActivityConfiguration(for: MatchTestAttributes.self) { _ in
            Text("Lock")
        } dynamicIsland: { _ in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("x") }
            } compactLeading: {
                Text("a")
            } compactTrailing: {
                Text("b")
            } minimal: {
                Text("c")
            }
        }
        .widgetTermPreview { _ in
            MatchTestAttributes()
        } updates: { _ in
            [
                ActivityPreviewUpdate(
                    ActivityContent(state: MatchTestAttributes.ContentState(score: 0), staleDate: nil),
                    alertConfiguration: AlertConfiguration(title: "Kick-off", body: "", sound: .default))
            ]
        }
        .descriptor
        #expect {
            try ActivityScript.alertConfigurations(of: widget, startingAt: ActivityFixtures.start)
        } throws: { error in
            "\(error)"
                == "matchTest: state 1 starts the activity (Activity.request shows no alert), but it has the alert “Kick-off”: "
                + "put the alert on a later update"
        }
    }

    @Test("golden snapshots of every presentation after the first goal", arguments: ActivityPresentation.allCases)
    func goldens(presentation: ActivityPresentation) throws {
        let island = try ActivityFixtures.render(try Self.match(), presentation, state: 2)
        #expect(island.frame.diagnostics.isEmpty, "\(island.frame.diagnostics)")
        Golden.check(FrameEncoder.golden(island.frame.buffer), named: "match.\(presentation.argument)")
    }

    @Test("the island screen: u plays the goal, the island expands under ♪ goal.caf for 5 seconds, the log names the sound (golden)")
    func islandScreenPlaysTheAlert() throws {
        try FixedClock.run {
            let widgets = [try Self.match()]
            let terminal = MemoryTerminal(width: 120, height: 40)
            let configuration = PreviewConfiguration(
                widgets: widgets, theme: Theme.builtIn(.light), device: .iPhone430, format: FixedClock.utcFormat)
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · compact"), "\(terminal.text)")
            #expect(!terminal.text.contains("♪"))

            app.handle(.key(.character("u")))
            app.renderFrame()
            #expect(
                app.log.entries.contains { $0.text == "match alerted: alert “Goal! Lions 1 – 0” Okafor scores at 23′ · sound goal.caf" },
                "\(app.log.entries.map(\.text))")
            let header = "Dynamic Island · expanded by an alert · ♪ goal.caf · alert"
            let row = try #require(terminal.lines.firstIndex { $0.contains(header) }, "\(terminal.text)")
            var golden = CellBuffer(width: 60, height: 7)
            for line in 0..<7 {
                for column in 0..<60 { golden[column, line] = terminal.screen[column, row + line] }
            }
            Golden.check(FrameEncoder.golden(golden), named: "preview.islands.match.alert")

            // Half time: an update without an alert; the goal's five seconds have passed.
            HostClock.advance(by: 5)
            app.handle(.key(.character("u")))
            app.renderFrame()
            #expect(!terminal.text.contains("expanded by an alert"), "\(terminal.text)")
            #expect(terminal.text.contains("Dynamic Island · compact"))
            #expect(app.log.entries.filter { $0.text.contains("alerted") }.count == 1)
        }
    }
}

private struct MatchTestAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var score: Int }
}
