import CellLayout
import Foundation
import Testing
import TestSupport
@testable import CellRender
@testable import TerminalUI
@testable import WidgetHost
import SampleWidgets
import WidgetDocument

/// The event log's lines (words whole, at least 3 lines at 80 × 24) and small faults a new user met: the first log
/// line of a Live Activity document, `u` going round, the Smart Stack's wording and close hint.
@Suite struct PreviewReliabilityTests {
    // MARK: Wrapping

    @Test("a word longer than the line is cut after its last / or . that fits, not in the middle of a name")
    func longWordsBreakAtSlashesAndDots() {
        #expect(
            TextFitting.wrap("given to WaterControlPushHandler.pushTokensDidChange(controls:)", width: 36, indent: "  ") == [
                "given to", "  WaterControlPushHandler.", "  pushTokensDidChange(controls:)",
            ])
        #expect(
            TextFitting.wrap("App Group store: /root/.cache/widgetterm/app-group (the default)", width: 30, indent: "  ") == [
                "App Group store:", "  /root/.cache/widgetterm/", "  app-group (the default)",
            ])
        // Words that fit move whole to the next line; a break that would leave less than a quarter of the line is not taken;
        // a token with neither is cut where the line ends.
        #expect(TextFitting.wrap("reload water/accessoryCircular", width: 20) == ["reload", "water/", "accessoryCircular"])
        #expect(TextFitting.wrap("x.abcdefghijklmnop", width: 12) == ["x.abcdefghij", "klmnop"])
        #expect(TextFitting.wrap("972b0892ea31eaa98541", width: 8) == ["972b0892", "ea31eaa9", "8541"])
        // Wide glyphs are measured in cells and cut between graphemes: no line is wider than its width, nothing is lost.
        let wide = TextFitting.wrap("東京/大阪府大阪市北区", width: 7)
        #expect(wide == ["東京/", "大阪府", "大阪市", "北区"])
        #expect(wide.allSatisfy { DisplayWidth.of($0) <= 7 })
        #expect(TextFitting.wrap("abc", width: 0) == [""])
    }

    // MARK: The event log

    static let token = "972b0892ea31eaa98541e4378ed9dcc96a76d30ee42cb269a178a344110ed9b9"

    @Test("80 × 24: the event log shows 3 lines, each entry from its first line, words whole")
    func eventLogAt80x24() throws {
        try FixedClock.run {
            let (app, terminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: 80, height: 24)
            app.renderFrame()
            app.log.append(
                .info, "push token \(Self.token) for add-water given to WaterControlPushHandler.pushTokensDidChange(controls:)",
                at: HostClock.now)
            app.log.append(.reload, "water/accessoryCircular reload: initial · budget left 39", at: HostClock.now)
            app.renderFrame()
            let rows = terminal.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            let title = try #require(rows.firstIndex(of: " Event log"), "\(terminal.text)")
            // The App panel keeps its title and one line; no blank row above the log.
            #expect(rows[title - 2] == " App")
            #expect(rows[title - 1] == " nothing opened yet: Tab to a target and Enter, or click a widget")
            // Three lines: the token entry (three lines long) cut after its first two, its first line whole, then the
            // reload: no entry shows without its time and kind.
            #expect(
                Array(rows[(title + 1)...(title + 3)]) == [
                    " 09:41:00 info   push token",
                    "   \(Self.token) for …",
                    " 09:41:00 reload water/accessoryCircular reload: initial · budget left 39",
                ], "\(terminal.text)")
            #expect(rows[title + 4].hasPrefix(" water│systemSmall│"), "the status bar follows the log")
        }
    }

    @Test("70 × 20: the App panel on one row (its title and first line), then the log's title and 3 lines")
    func appPanelOnOneRow() throws {
        try FixedClock.run {
            let (app, terminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: 70, height: 20)
            app.renderFrame()
            app.appPanel = ["opened with no URL", "(water, systemSmall)"]
            for text in ["first", "second", "third", "fourth"] { app.log.append(.info, text, at: HostClock.now) }
            app.renderFrame()
            let rows = terminal.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            let title = try #require(rows.firstIndex(of: " Event log"), "\(terminal.text)")
            #expect(rows[title - 1] == " App  opened with no URL", "\(terminal.text)")
            #expect(
                Array(rows[(title + 1)...(title + 3)]) == [" 09:41:00 info   second", " 09:41:00 info   third", " 09:41:00 info   fourth"])
            #expect(rows[title + 4].hasPrefix(" water│systemSmall│"), "the status bar follows the log")
        }
    }

    // MARK: Small faults

    @Test("the first log line says what was loaded: 1 Live Activity for the match twin, counts of each kind")
    func firstLogLineSaysWhatWasLoaded() throws {
        #expect(PreviewApp.loadedSummary(widgets: 0, activities: 1, controls: 0) == "1 Live Activity")
        #expect(PreviewApp.loadedSummary(widgets: 2, activities: 3, controls: 1) == "2 widgets, 3 Live Activities, 1 control")
        #expect(PreviewApp.loadedSummary(widgets: 1, activities: 0, controls: 2) == "1 widget, 2 controls")
        #expect(PreviewApp.loadedSummary(widgets: 0, activities: 0, controls: 0) == "0 widgets")
        let match = try DocumentFixtures.example("twins/match.json")
        try FixedClock.run {
            let (app, terminal) = usabilityPreview([match])
            terminal.enqueueKeys(.character("q"))
            #expect(app.run() == .quit)
            let first = try #require(app.log.texts.first)
            #expect(first.hasPrefix("WidgetTerm preview: 1 Live Activity on "), "\(first)")
            #expect(!first.contains("0 widgets"))
        }
    }

    @Test("u after the last scripted state goes back to the first and says so")
    func nextStateWrapsWithALogLine() throws {
        try FixedClock.run {
            let delivery = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "delivery" })
            let (app, _) = usabilityPreview([delivery])
            app.renderFrame()
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            let item = try #require(app.islands.focusedRunning)
            #expect(item.contents.count == 4)
            for state in 2...4 {
                app.handle(.key(.character("u")))
                #expect(app.islands.focusedRunning?.stateLabel == "state \(state)/4")
                #expect(!app.log.texts.contains { $0.contains("starts over") })
            }
            app.handle(.key(.character("u")))
            #expect(app.islands.focusedRunning?.stateLabel == "state 1/4")
            #expect(app.log.texts.last == "delivery (\(item.id)): back to state 1/4 after the last, the script starts over")
        }
    }

    @Test("R: the title ends in `R: close`, cut with … before it when it must be")
    func smartStackCloseHint() throws {
        #expect(
            PreviewApp.titleLines("Smart Stack of a, b", hint: "  · R: close", width: 40, lines: 2) == [
                "Smart Stack of a, b  · R: close"
            ])
        #expect(
            PreviewApp.titleLines("Smart Stack of water, orders, steps, countdown", hint: "  · R: close", width: 30, lines: 1) == [
                "Smart Stack of …  · R: close"
            ])
        // Only the last line makes room for the hint: the first keeps the whole width.
        #expect(
            PreviewApp.titleLines("Smart Stack of water, orders, steps, countdown", hint: "  · R: close", width: 28, lines: 2) == [
                "Smart Stack of water,", "  orders, …  · R: close",
            ])
        #expect(
            PreviewApp.titleLines("Smart Stack of water, orders", hint: "  · R: close", width: 30, lines: 2) == [
                "Smart Stack of water, orders", "  · R: close",
            ])
        #expect(TextFitting.truncateAtWord("on top: water — relevant", to: 16) == "on top: water …")
        #expect(TextFitting.truncateAtWord("abcdefghijklmnop", to: 8) == "abcdefg…")
        try FixedClock.run {
            for (width, height) in [(120, 40), (80, 24)] {
                let (app, terminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: width, height: height)
                app.renderFrame()
                app.handle(.key(.character("R")))
                app.renderFrame()
                let rows = terminal.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                let title = try #require(rows.firstIndex { $0.hasPrefix("Smart Stack of water,") }, "\(terminal.text)")
                // The title's two lines: the hint ends the second, in the stage (the side pane may follow at 120 columns).
                #expect(rows[title + 1].hasPrefix("station-board, now-playing  · R: close"), "\(width)×\(height):\n\(terminal.text)")
                #expect(rows.filter { $0.contains("R: close") }.count == 1)
            }
        }
    }
}
