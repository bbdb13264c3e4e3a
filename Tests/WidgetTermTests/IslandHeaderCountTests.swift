import Foundation
import Testing

import WidgetHost
import WidgetKitUI

@testable import TerminalUI

/// The Live Activity screen's header counts an ended activity, still on the Lock Screen, as ended, not running.
@Suite struct IslandHeaderCountTests {
    @Test("two started read '2 running'; one ended with the default policy reads '1 running, 1 ended'")
    func endedIsNotRunning() throws {
        let start = ActivityFixtures.start
        let clock = TestClock(start)
        let screen = IslandScreen(activities: [try ActivityFixtures.sample("delivery")], center: ActivityCenter(now: { clock.now }))
        #expect(screen.runningSummary == "0 running")
        var logged: [String] = []
        FixedClock.run(at: start) {
            screen.start(0, at: start) { _, text in logged.append(text) }
            screen.start(0, at: start) { _, text in logged.append(text) }
        }
        #expect(logged.isEmpty, "\(logged)")
        #expect(screen.runningSummary == "2 running")
        screen.end(.default) { _, text in logged.append(text) }
        #expect(logged.isEmpty, "\(logged)")
        #expect(screen.runningSummary == "1 running, 1 ended")
    }
}

/// The Live Activity screen's key row never cuts a key off silently: it tightens, then ends with `? help`.
@Suite struct IslandHintRowTests {
    @Test("all thirteen keys two spaces apart at 147 columns, one space apart at 135, a prefix and '? help' at 60")
    func hintRowFits() {
        let wide = IslandScreen.hintRow(width: 147)
        #expect(wide.count == 13)
        #expect(wide.map(\.column).prefix(3) == [0, 9, 17])
        #expect(wide.last?.key == "i" && wide.last?.column == 138)
        let tight = IslandScreen.hintRow(width: 135)
        #expect(tight.count == 13)
        #expect(tight.map(\.column).prefix(3) == [0, 8, 15])
        #expect(tight.last?.column == 126)
        let narrow = IslandScreen.hintRow(width: 60)
        #expect(narrow.map(\.key) == ["s", "k", "2", "u", "x", "?"])
        #expect(narrow.last?.meaning == "help" && narrow.last?.column == 50)
    }
}
