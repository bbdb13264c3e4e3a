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

/// The Live Activity screen at 80 × 24, the smallest size every screen is usable from: its Lock Screen header
/// is whole.
@Suite struct IslandLockScreenHeaderTests {
    @Test("at 80 × 24 the Lock Screen header of a running delivery is shown whole, ending with when it leaves")
    func lockScreenHeaderFitsAt80Columns() throws {
        try FixedClock.run {
            let rows = try lockScreenRows(kind: nil)
            let header = try #require(rows.firstIndex { $0.hasPrefix("Lock Screen ·") }, "\(rows.joined(separator: "\n"))")
            #expect(rows[header] == "Lock Screen · delivery · state 1/4 · active · leaves 4 h after it ends")
        }
    }

    @Test("a header too long for the stage wraps onto a second line instead of being cut")
    func longHeaderWraps() throws {
        try FixedClock.run {
            let rows = try lockScreenRows(kind: "delivery-with-a-much-longer-kind-name")
            let header = try #require(rows.firstIndex { $0.hasPrefix("Lock Screen ·") }, "\(rows.joined(separator: "\n"))")
            // 78 columns inside the stage: "leaves" would end at column 81, so the second line starts with it.
            #expect(rows[header] == "Lock Screen · delivery-with-a-much-longer-kind-name · state 1/4 · active ·")
            #expect(rows[header + 1] == "leaves 4 h after it ends")
        }
    }

    /// The rows of the `i` screen at 80 × 24 after starting the delivery sample (renamed to `kind` if given) and
    /// paging down to its Lock Screen (the presentations take more than the 24 rows), trimmed of blanks.
    private func lockScreenRows(kind: String?) throws -> [String] {
        var delivery = try ActivityFixtures.sample("delivery")
        if let kind { delivery.kind = kind }
        let preview = InMemoryPreview([delivery], width: 80, height: 24)
        preview.app.renderFrame()
        preview.app.handle(.key(.character("i")))
        preview.app.handle(.key(.character("s")))
        preview.app.handle(.key(.pageDown))
        preview.app.renderFrame()
        let screen = preview.terminal.screen
        return (0..<screen.height).map { screen.text(ofRow: $0).trimmingCharacters(in: .whitespaces) }
    }
}
