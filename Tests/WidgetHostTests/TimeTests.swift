import Foundation
import Testing
import CellLayout
import CellRender
import WidgetHost
@testable import WidgetKitUI

// MARK: - System-formatted text at its boundaries (widgetkit-facts §2)

@Suite struct SystemTextFormatTests {
    let format = FixedClock.utcFormat
    let now = FixedClock.reference

    func timer(_ offset: TimeInterval) -> String { format.timer(to: now.addingTimeInterval(offset), at: now) }

    @Test func timerCountsDownWithoutPaddingMinutes() {
        #expect(timer(59) == "0:59")
        #expect(timer(60) == "1:00")
        #expect(timer(15 * 60) == "15:00")
        #expect(timer(59 * 60 + 59) == "59:59")
    }

    @Test func timerShowsHoursFromOneHourAndDoesNotCapThem() {
        #expect(timer(3600) == "1:00:00")
        #expect(timer(25 * 3600) == "25:00:00")
        #expect(timer(36 * 3600 + 59 * 60 + 1) == "36:59:01")
    }

    @Test func timerCountsUpWithNoSignAfterItsDate() {
        #expect(timer(0) == "0:00")
        #expect(timer(-1) == "0:01")
        #expect(timer(-3 * 60) == "3:00")
        #expect(timer(-(3 * 60 + 1)) == "3:01")
    }

    @Test func timerRoundsACountdownUpAndACountUpDown() {
        #expect(timer(14.2) == "0:15")
        #expect(timer(-14.8) == "0:14")
    }

    @Test func relativeUsesTheTwoLargestUnitsAbbreviated() {
        #expect(format.relative(to: now.addingTimeInterval(11 * 60 + 14), at: now) == "11 min, 14 sec")
        #expect(format.relative(to: now.addingTimeInterval(-(2 * 3600 + 23 * 60)), at: now) == "2 hr, 23 min")
        #expect(format.relative(to: now.addingTimeInterval(59), at: now) == "59 sec")
        #expect(format.relative(to: now.addingTimeInterval(3600 + 5), at: now) == "1 hr")
        #expect(format.relative(to: now.addingTimeInterval(26 * 3600), at: now) == "1 day, 2 hr")
        #expect(format.relative(to: now, at: now) == "0 sec")
    }

    @Test func offsetIsMinusForTheFutureAndPlusForThePast() {
        #expect(format.offset(to: now.addingTimeInterval(11 * 60), at: now) == "-11 minutes")
        #expect(format.offset(to: now.addingTimeInterval(-2 * 3600), at: now) == "+2 hours")
        #expect(format.offset(to: now.addingTimeInterval(-1), at: now) == "+1 second")
    }

    @Test func timeAndDateAreFrozenFormsWithANarrowNoBreakSpace() {
        let nine = Date(timeIntervalSince1970: 1_773_478_800) // 2026-03-14 09:00 UTC
        #expect(format.time(nine) == "9:00\u{202F}AM")
        #expect(format.time(nine.addingTimeInterval(4 * 3600 + 41 * 60)) == "1:41\u{202F}PM")
        #expect(format.date(nine) == "March 14, 2026")
        #expect(
            format.dateRange(start: nine.addingTimeInterval(30 * 60), end: nine.addingTimeInterval(5 * 3600 + 45 * 60))
                == "9:30\u{202F}AM – 2:45\u{202F}PM")
    }

    @Test func timerIntervalIsBoundedAndStopsAtZero() {
        let start = now, end = now.addingTimeInterval(5 * 60)
        func shown(at offset: TimeInterval, pause: Date? = nil, countsDown: Bool = true) -> String {
            format.timerInterval(
                start: start, end: end, pauseTime: pause, countsDown: countsDown, showsHours: true,
                at: now.addingTimeInterval(offset))
        }
        #expect(shown(at: -60) == "5:00")
        #expect(shown(at: 0) == "5:00")
        #expect(shown(at: 60) == "4:00")
        #expect(shown(at: 4 * 60 + 30) == "0:30")
        #expect(shown(at: 5 * 60) == "0:00")
        #expect(shown(at: 3600) == "0:00")
        #expect(shown(at: 60, countsDown: false) == "1:00")
        #expect(shown(at: 3600, countsDown: false) == "5:00")
    }

    @Test func timerIntervalFreezesAtItsPauseTime() {
        // Apple's example: now...now+12 min paused at now+10 min counts down from 12:00 and stops at 10:00.
        let end = now.addingTimeInterval(12 * 60), pause = now.addingTimeInterval(10 * 60)
        let at = { (offset: TimeInterval) in
            format.timerInterval(
                start: now, end: end, pauseTime: pause, countsDown: true, showsHours: true, at: now.addingTimeInterval(offset))
        }
        #expect(at(0) == "12:00")
        #expect(at(60) == "11:00")
        #expect(at(10 * 60) == "2:00")
        #expect(at(11 * 60) == "2:00")
    }

    @Test func showsHoursFalseLetsMinutesAccumulate() {
        #expect(SystemTextFormat.clock(seconds: 75 * 60, showsHours: false) == "75:00")
        #expect(SystemTextFormat.clock(seconds: 75 * 60, showsHours: true) == "1:15:00")
    }
}

// MARK: - Test widgets

// TimeEntry, FixedProvider, EvaluationCounter, ClockFaceView and descriptor(kind:provider:) are in
// TestSupport (TimelineFixtures.swift): the check and host-context tests use them too.

// MARK: - Entries, archives and ticks

@Suite struct TimelineBehaviourTests {
    let nine = Date(timeIntervalSince1970: 1_773_478_800) // 2026-03-14 09:00 UTC

    @Test func theShownEntryIsTheLatestWhoseDateHasArrived() throws {
        let entries = [0, 900, 1800].map { AnyTimelineEntry(TimeEntry(date: nine.addingTimeInterval($0), label: "e\(Int($0))")) }
        #expect(WidgetSession.entry(in: entries, at: nine.addingTimeInterval(-1)) == nil)
        #expect((WidgetSession.entry(in: entries, at: nine)?.base as? TimeEntry)?.label == "e0")
        #expect((WidgetSession.entry(in: entries, at: nine.addingTimeInterval(899))?.base as? TimeEntry)?.label == "e0")
        #expect((WidgetSession.entry(in: entries, at: nine.addingTimeInterval(900))?.base as? TimeEntry)?.label == "e900")
        #expect((WidgetSession.entry(in: entries, at: nine.addingTimeInterval(99_999))?.base as? TimeEntry)?.label == "e1800")
    }

    @Test func beforeTheFirstEntryThePlaceholderIsShown() throws {
        let provider = FixedProvider(
            entries: { now in [TimeEntry(date: now.addingTimeInterval(600), label: "later")] }, policy: { _ in .atEnd })
        let frame = try renderWidget(descriptor(kind: "later", provider: provider), family: .systemMedium)
        // The placeholder is redacted: no glyph of its label is drawn.
        #expect(!FrameEncoder.text(frame.buffer).contains("placeholder"))
        #expect(!FrameEncoder.text(frame.buffer).contains("later"))
    }

    /// Field case 4: a timeline fetched at 09:00 (one entry, policy .never) viewed at 11:30 still says 9:00 AM;
    /// the .relative, .offset and .timer texts move.
    @Test func timeIsFrozenAtRenderWhileSystemTextMoves() throws {
        let provider = FixedProvider(entries: { [TimeEntry(date: $0, label: "now")] }, policy: { _ in .never })
        let widget = descriptor(kind: "frozen", provider: provider)
        try FixedClock.run(at: nine) {
            EvaluationCounter.shared.reset()
            let session = WidgetSession(descriptor: widget)
            let timeline = try session.fetchTimeline(family: .systemMedium, device: .default)
            let options = WidgetRenderOptions(
                family: .systemMedium, style: PaintStyle(colorScheme: .light), date: nine, format: FixedClock.utcFormat)
            let archive = EntryArchive(session: session, timeline: timeline, family: .systemMedium, device: .default, options: options)
            let later = try #require(archive.frame(at: nine.addingTimeInterval(2.5 * 3600)))
            let text = FrameEncoder.text(later.frame.buffer)
            #expect(text.contains("9:00\u{202F}AM"))
            #expect(text.contains("1:30:00")) // .timer: one hour after 09:00, seen at 11:30 → counting up 1:30:00
            #expect(text.contains("2 hr, 30 min")) // .relative
            #expect(text.contains("+2 hours")) // .offset
            // Ten more ticks: no body runs, only live cells change.
            for second in 1...10 { _ = archive.frame(at: nine.addingTimeInterval(2.5 * 3600 + Double(second))) }
            #expect(EvaluationCounter.shared.value == 1)
        }
    }

    @Test func aTickRepaintsOnlyTheCellsWhoseGlyphsChanged() throws {
        let provider = FixedProvider(entries: { [TimeEntry(date: $0, label: "tick")] }, policy: { _ in .never })
        let widget = descriptor(kind: "tick", provider: provider)
        try FixedClock.run(at: nine) {
            let session = WidgetSession(descriptor: widget)
            let timeline = try session.fetchTimeline(family: .systemMedium, device: .default)
            let options = WidgetRenderOptions(
                family: .systemMedium, style: PaintStyle(colorScheme: .light), date: nine, format: FixedClock.utcFormat)
            let archive = EntryArchive(session: session, timeline: timeline, family: .systemMedium, device: .default, options: options)
            let first = try #require(archive.frame(at: nine.addingTimeInterval(10)))
            let second = first.frame.repaintingLiveRegions(at: nine.addingTimeInterval(11), style: options.style, format: options.format)
            // .timer 59:50 → 59:49 (two digits), .relative "10 sec" → "11 sec" (one digit),
            // .offset "+10 seconds" → "+11 seconds" (one digit).
            let changedText = second.changed.map { second.frame.buffer[$0.column, $0.row].glyph }
            #expect(second.changed.count == 4, "\(second.changed)")
            #expect(changedText.map(\.description).joined().contains("1"))
        }
    }

    /// Field case 2: `.timer` three minutes after its date reads 3:00 and counts up; the bounded form stays at 0:00.
    @Test func aPastDepartureCountsUpUnlessTheTimerIsBounded() throws {
        struct DepartureView: View {
            let departure: Date
            var body: some View {
                VStack {
                    Text(departure, style: .timer)
                    Text(timerInterval: departure.addingTimeInterval(-600)...departure, countsDown: true)
                }
                .containerBackground(.background, for: .widget)
            }
        }
        let departure = FixedClock.reference.addingTimeInterval(-180)
        let (node, _) = ViewResolver.resolve(DepartureView(departure: departure), environment: EnvironmentValues())
        let environment = LayoutEnvironment(date: FixedClock.reference, format: FixedClock.utcFormat)
        var painter = Painter(
            size: CellSize(width: 10, height: 2), style: PaintStyle(colorScheme: .light), date: FixedClock.reference,
            format: FixedClock.utcFormat)
        painter.paint(CellLayout.layout(node, in: CellSize(width: 10, height: 2), environment: environment))
        #expect(FrameEncoder.text(painter.frame.buffer) == "3:00\n0:00\n")
        let oneSecondLater = painter.frame.repaintingLiveRegions(
            at: FixedClock.reference.addingTimeInterval(1), style: PaintStyle(colorScheme: .light),
            format: FixedClock.utcFormat)
        #expect(FrameEncoder.text(oneSecondLater.frame.buffer) == "3:01\n0:00\n")
    }

    /// Field case 3: `Text(timerInterval: now...end)` with `end` past is the widget's error state plus a
    /// diagnostic naming the range; the host keeps running.
    @Test func aBackwardsRangeIsAnErrorStateNotACrash() throws {
        struct BrokenView: View {
            let end: Date
            var body: some View {
                Text(timerInterval: Date()...end).containerBackground(.background, for: .widget)
            }
        }
        let provider = FixedProvider(entries: { [TimeEntry(date: $0, label: "x")] }, policy: { _ in .never })
        let widget = StaticConfiguration(kind: "broken", provider: provider) { _ in
            BrokenView(end: FixedClock.reference.addingTimeInterval(-60))
        }
        .supportedFamilies([.systemSmall]).descriptor
        let frame = try renderWidget(widget, family: .systemSmall)
        let diagnostic = try #require(frame.diagnostics.first { $0.code == "backwards-date-range" })
        #expect(diagnostic.isFatalToRender)
        #expect(diagnostic.message.hasPrefix("`Text(timerInterval:)` got a backwards date range"))
        #expect(FrameEncoder.text(frame.buffer).contains("Widget error"))
        // The other widgets keep rendering.
        let healthy = try renderWidget(descriptor(kind: "ok", provider: provider), family: .systemMedium)
        #expect(healthy.diagnostics.isEmpty)
    }

    @Test func aProviderThatHangsIsTreatedAsKilledAndItsLateAnswerIgnored() throws {
        /// The first call answers only after the host gave up on it (and signals once it has); later calls
        /// answer at once.
        final class HangingProvider: TimelineProvider, @unchecked Sendable {
            let lateAnswerDelivered = MonotonicSignal()
            private let lock = NSLock()
            private var calls = 0
            func placeholder(in context: Context) -> TimeEntry { TimeEntry(date: Date(), label: "p") }
            func getSnapshot(in context: Context, completion: @escaping (TimeEntry) -> Void) {}
            func getTimeline(in context: Context, completion: @escaping (Timeline<TimeEntry>) -> Void) {
                let call = lock.withLock {
                    calls += 1
                    return calls
                }
                guard call == 1 else {
                    completion(Timeline(entries: [TimeEntry(date: Date(), label: "fresh")], policy: .never))
                    return
                }
                nonisolated(unsafe) let completion = completion
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
                    completion(Timeline(entries: [TimeEntry(date: Date(), label: "late")], policy: .never))
                    self.lateAnswerDelivered.signal()
                }
            }
        }
        let provider = HangingProvider()
        let widget = StaticConfiguration(kind: "hangs", provider: provider) { ClockFaceView(entry: $0) }.descriptor
        let session = WidgetSession(descriptor: widget, callbackTimeLimit: 0.1)
        #expect(throws: ProviderError.timedOut(kind: "hangs", call: "getTimeline(in:completion:)", seconds: 0.1)) {
            try session.fetchTimeline(family: .systemSmall, device: .default)
        }
        // Once the late answer has arrived, the next fetch gets its own answer, never the late one.
        #expect(provider.lateAnswerDelivered.wait(seconds: 60))
        let next = try session.fetchTimeline(family: .systemSmall, device: .default)
        #expect(next.entries.compactMap { ($0.base as? TimeEntry)?.label } == ["fresh"])
    }
}

// MARK: - Reloads and the budget

@Suite struct ReloadBudgetTests {
    let seven = Date(timeIntervalSince1970: 1_773_471_600) // 2026-03-14 07:00 UTC
    let utc = TimeZone(identifier: "UTC")!

    @Test func theBudgetIsARollingWindow() {
        var budget = ReloadBudget(limit: 2)
        budget.record(at: seven, counted: true)
        budget.record(at: seven.addingTimeInterval(3600), counted: true)
        budget.record(at: seven.addingTimeInterval(7200), counted: false) // exempt
        #expect(budget.remaining(at: seven.addingTimeInterval(7200)) == 0)
        #expect(budget.nextAvailable(after: seven.addingTimeInterval(7200)) == seven.addingTimeInterval(24 * 3600))
        #expect(budget.remaining(at: seven.addingTimeInterval(24 * 3600)) == 1)
        #expect(budget.earliestReload(onOrAfter: seven.addingTimeInterval(7260)) == seven.addingTimeInterval(7500))
    }

    /// Field case 9: from 07:00 the app asks for a reload every 10 minutes in the background, policy
    /// .after(+2 h), default budget: the 40th and last reload is at 13:30; later requests and the policy
    /// reload are refused; nothing reloads until 07:00 the next day.
    @Test func requestsEveryTenMinutesSpendTheBudgetAt1330() throws {
        let provider = FixedProvider(entries: { [TimeEntry(date: $0, label: "x")] }, policy: { .after($0.addingTimeInterval(7200)) })
        let widget = descriptor(kind: "chatty", provider: provider)
        FixedClock.run(at: seven) {
            let simulation = TimelineSimulation(
                session: WidgetSession(descriptor: widget), family: .systemMedium, device: .default,
                budget: ReloadBudget(), start: seven, duration: 25 * 3600, requestInterval: 600)
            let reloads = simulation.reloads
            // 40 reloads from 07:00 to 13:30; from 07:00 the next day the window frees one every 10 minutes.
            #expect(reloads.count == 47)
            #expect(ReloadEvent.clockTime(reloads[39].date, timeZone: utc) == "2026-03-14 13:30")
            #expect(reloads[39].outcome == .reloaded(budgetLeft: 0))
            #expect(ReloadEvent.clockTime(reloads[40].date, timeZone: utc) == "2026-03-15 07:00")
            let refused = simulation.steps.compactMap { step -> ReloadEvent? in
                if case .reload(let event) = step, case .refusedBudgetSpent = event.outcome { return event }
                return nil
            }
            #expect(ReloadEvent.clockTime(refused.first!.date, timeZone: utc) == "2026-03-14 13:40")
            #expect(refused.contains { if case .policyAfter = $0.reason { return true } else { return false } })
            // Nothing reloads between 13:30 and 07:00 the next day: the widget looks frozen.
            #expect(!reloads.contains { $0.date > reloads[39].date && $0.date < seven.addingTimeInterval(24 * 3600) })
        }
    }

    /// `.atEnd` whose last entry is already past reloads every 5 minutes until the budget is spent.
    @Test func aPastAtEndTimelineBurnsTheBudgetEveryFiveMinutes() throws {
        let provider = FixedProvider(entries: { [TimeEntry(date: $0.addingTimeInterval(-3600), label: "stale")] }, policy: { _ in .atEnd })
        let widget = descriptor(kind: "loop", provider: provider)
        FixedClock.run(at: seven) {
            let simulation = TimelineSimulation(
                session: WidgetSession(descriptor: widget), family: .systemMedium, device: .default,
                budget: ReloadBudget(), start: seven, duration: 6 * 3600)
            let reloads = simulation.reloads
            #expect(reloads.count == 40)
            #expect(reloads[1].date == seven.addingTimeInterval(300))
            #expect(ReloadEvent.clockTime(reloads[39].date, timeZone: utc) == "2026-03-14 10:15")
            let diagnostics = TimelineChecks.diagnostics(
                session: WidgetSession(descriptor: widget), family: .systemMedium, device: .default,
                budget: ReloadBudget(), start: seven, timeZone: utc)
            #expect(diagnostics.map(\.code) == ["reload-loop", "budget-exhausted"])
            #expect(diagnostics.last?.values["hour"] == "2026-03-14 10:15")
        }
    }

    @Test func entriesAtOneInstantOrTooCloseAreReported() throws {
        let same = FixedProvider(entries: { now in (0..<3).map { TimeEntry(date: now, label: "\($0)") } }, policy: { _ in .never })
        let close = FixedProvider(
            entries: { now in (0..<3).map { TimeEntry(date: now.addingTimeInterval(Double($0) * 60), label: "\($0)") } },
            policy: { now in .after(now.addingTimeInterval(3600)) })
        FixedClock.run(at: seven) {
            let sameCodes = TimelineChecks.diagnostics(
                session: WidgetSession(descriptor: descriptor(kind: "same", provider: same)), family: .systemMedium,
                device: .default, budget: ReloadBudget(), start: seven, timeZone: utc
            ).map(\.code)
            // All at the fetch: only the last is ever shown (issue 14 item 15).
            #expect(sameCodes == ["entries-before-fetch"])
            let later = FixedProvider(
                entries: { now in (0..<3).map { TimeEntry(date: now.addingTimeInterval(3600), label: "\($0)") } }, policy: { _ in .never })
            let laterCodes = TimelineChecks.diagnostics(
                session: WidgetSession(descriptor: descriptor(kind: "later", provider: later)), family: .systemMedium,
                device: .default, budget: ReloadBudget(), start: seven, timeZone: utc
            ).map(\.code)
            #expect(laterCodes == ["entries-same-instant"])
            let closeDiagnostics = TimelineChecks.diagnostics(
                session: WidgetSession(descriptor: descriptor(kind: "close", provider: close)),
                family: .systemMedium, device: .default, budget: ReloadBudget(), start: seven, timeZone: utc)
            #expect(closeDiagnostics.map(\.code) == ["entries-too-close"])
            #expect(closeDiagnostics.first?.values["seconds"] == "60")
        }
    }

    @Test func requestsCloserThanFiveMinutesAreDeferred() throws {
        let provider = FixedProvider(entries: { [TimeEntry(date: $0, label: "x")] }, policy: { _ in .never })
        FixedClock.run(at: seven) {
            let scheduler = TimelineScheduler(
                session: WidgetSession(descriptor: descriptor(kind: "d", provider: provider)),
                family: .systemMedium, device: .default)
            #expect(scheduler.requestReload(at: seven, reason: .initial).outcome == .reloaded(budgetLeft: 39))
            #expect(
                scheduler.requestReload(at: seven.addingTimeInterval(60), reason: .requested).outcome
                    == .deferred(until: seven.addingTimeInterval(300)))
            let later = scheduler.advance(to: seven.addingTimeInterval(600)) { HostClock.set($0) }
            #expect(later.map(\.outcome) == [.reloaded(budgetLeft: 38)])
            #expect(later.first?.date == seven.addingTimeInterval(300))
            // An intent reload is exempt: immediate, even within 5 minutes, and free.
            #expect(
                scheduler.requestReload(at: seven.addingTimeInterval(330), reason: .intentPerformed).outcome == .reloaded(budgetLeft: 38))
        }
    }
}
