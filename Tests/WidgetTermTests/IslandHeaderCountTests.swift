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
