import Foundation
import Testing

import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

@testable import TerminalUI

// Compact and minimal timers resize with their digits (docs/DECISIONS.md, 2026-12-02).

@Suite("Compact and minimal timers resize with their digits")
struct IslandTimerResizeTests {
    static let now = Date(timeIntervalSince1970: 1_000_000)

    static func interval(_ seconds: TimeInterval, countsDown: Bool, showsHours: Bool = true, startedAgo: TimeInterval = 0) -> TextContent {
        .timerInterval(
            start: now.addingTimeInterval(-startedAgo), end: now.addingTimeInterval(seconds - startedAgo), pauseTime: nil,
            countsDown: countsDown, showsHours: showsHours)
    }

    @Test("a count-up widens at 10:00 and 1:00:00, a countdown narrows at 59:59 and 9:59, and nothing else moves it")
    func resizeValues() {
        #expect(TimerFrameCheck.resizeValues(of: Self.interval(2 * 3600, countsDown: false), now: Self.now) == ["10:00", "1:00:00"])
        // Already past ten minutes: only the hour is ahead.
        #expect(
            TimerFrameCheck.resizeValues(of: Self.interval(2 * 3600, countsDown: false, startedAgo: 600), now: Self.now) == ["1:00:00"])
        #expect(TimerFrameCheck.resizeValues(of: Self.interval(2 * 3600, countsDown: true), now: Self.now) == ["59:59", "9:59"])
        // 9:59 down to 0:00 keeps one layout.
        #expect(TimerFrameCheck.resizeValues(of: Self.interval(599, countsDown: true), now: Self.now) == [])
        // Without hours the minutes grow: 10:00, then 100:00.
        #expect(
            TimerFrameCheck.resizeValues(of: Self.interval(2 * 3600, countsDown: false, showsHours: false), now: Self.now)
                == ["10:00", "100:00"])
        // A .timer date already past counts up for the 8 hours an activity lives.
        #expect(
            TimerFrameCheck.resizeValues(of: .date(Self.now.addingTimeInterval(-60), style: .timer), now: Self.now) == ["10:00", "1:00:00"])
        #expect(TimerFrameCheck.resizeValues(of: .verbatim("9:59"), now: Self.now) == nil)
    }

    /// A compact trailing view of a symbol and an elapsed timer sized to its value.
    static let sizedToValue = probeActivity(
        lockScreen: { _ in Text("Probe").padding() },
        compactTrailing: { context in
            HStack {
                Image(systemName: "timer")
                Text(timerInterval: context.state.start...context.state.start.addingTimeInterval(2 * 3600), countsDown: false)
                    .fixedSize()
            }
        },
        minimal: { _ in Image(systemName: "star.fill") })

    @Test("a compact timer sized to its value widens the island when it reaches 1:00:00")
    func compactIslandWidens() throws {
        let start = ActivityFixtures.start
        let before = try ActivityFixtures.render(Self.sizedToValue, .compact, at: start.addingTimeInterval(3599))
        let after = try ActivityFixtures.render(Self.sizedToValue, .compact, at: start.addingTimeInterval(3600))
        // `59:59` (5 glyphs whose points need 6 cells: a text takes the cells its points need) beside the symbol takes 9
        // columns; `1:00:00` needs 10, and the island grows by 1 a side.
        #expect(before.trailingColumns == 9)
        #expect(before.sideColumns == 9)
        #expect(before.islandRect.width == 33)
        #expect(after.trailingColumns == 10)
        #expect(after.sideColumns == 10)
        #expect(after.islandRect.width == 35)
        #expect(ActivityFixtures.cells(after.frame, row: 0, after.islandRect.x...after.islandRect.maxX - 1).contains("1:00:00"))
        // The layout is redone at the moment the value's columns change, not on other ticks.
        #expect(
            before.frame.liveTextWidthChanges(
                from: start.addingTimeInterval(3599), to: start.addingTimeInterval(3600), format: FixedClock.utcFormat))
        #expect(
            !before.frame.liveTextWidthChanges(
                from: start.addingTimeInterval(3598), to: start.addingTimeInterval(3599), format: FixedClock.utcFormat))
    }

    @Test("the preview's island screen lays the compact island out again when the timer reaches 1:00:00, not before")
    func previewLaysOutAgain() throws {
        let start = ActivityFixtures.start
        let clock = TestClock(start)
        let screen = IslandScreen(activities: [Self.sizedToValue], center: ActivityCenter(now: { clock.now }))
        screen.start(0, at: start) { _, _ in }
        let id = try #require(screen.focusedRunning?.id)
        func sideColumns(at seconds: TimeInterval) throws -> Int {
            clock.now = start.addingTimeInterval(seconds)
            let snapshot = try #require(screen.center.snapshot(id: id))
            let options = IslandRenderOptions(
                device: .default, style: PaintStyle(colorScheme: .dark), date: clock.now, format: FixedClock.utcFormat)
            let island = try #require(screen.frame(snapshot, .compact, detached: nil, options: options, styleKey: "test"))
            return island.sideColumns
        }
        #expect(try sideColumns(at: 3598) == 9) // laid out
        #expect(try sideColumns(at: 3599) == 9) // `59:59` repainted in the cells of `59:58`
        #expect(try sideColumns(at: 3600) == 10) // `1:00:00` takes one more column: laid out again, the island grows
    }

    @Test("render and check name the values at which the island resizes")
    func resizeIsReported() throws {
        let island = try ActivityFixtures.render(Self.sizedToValue, .compact)
        let expected =
            "A timer sized to its value (.fixedSize()) in the compact presentation changes width at \"10:00\" and \"1:00:00\": "
            + "where it outgrows its slot, the Dynamic Island resizes at each of those moments. To hold the island steady, give it "
            + ".frame(width: 59).monospacedDigit(), the width of the widest value it shows."
        #expect(island.frame.diagnostics.filter { $0.code == "island-timer-resizes" }.map(\.message) == [expected])
        let findings = ActivityFixtures.check(Self.sizedToValue).filter { $0.code == "island-timer-resizes" }
        #expect(findings.map(\.message) == [expected])
        #expect(findings.map(\.severity) == [.warning])
        // A fixed frame holds the island: no resize finding.
        let framed = probeActivity(
            lockScreen: { _ in Text("Probe").padding() },
            compactTrailing: { context in
                Text(timerInterval: context.state.start...context.state.start.addingTimeInterval(2 * 3600), countsDown: false)
                    .fixedSize().frame(width: 64)
            },
            minimal: { _ in Image(systemName: "star.fill") })
        #expect(ActivityFixtures.check(framed).filter { $0.code == "island-timer-resizes" }.isEmpty)
    }
}
