import Foundation
import CellRender
import WidgetKitUI

// MARK: - Simulating a day of reloads

/// Runs a widget's reload schedule over a period on a simulated clock: the initial fetch, policy reloads,
/// optional app requests at a fixed interval, the minimum interval and the budget. What `widgetterm
/// timeline` prints and what the budget checks measure.
public struct TimelineSimulation {
    /// One line of the schedule: a reload request and its outcome, or a change of the entry shown.
    public enum Step: Equatable, Sendable {
        case reload(ReloadEvent)
        /// From `date`, the entry at `index` (0-based) of a timeline of `count` entries, dated `entryDate`, is shown.
        case entryShown(date: Date, index: Int, count: Int, entryDate: Date)

        /// The moment of the step: the reload request's date, or the date the entry is shown from.
        public var date: Date {
            switch self {
            case .reload(let event): return event.date
            case .entryShown(let date, _, _, _): return date
            }
        }
    }

    /// Every reload request and change of the entry shown, in date order.
    public var steps: [Step] = []
    /// Reloads that went through, in order.
    public var reloads: [ReloadEvent] {
        steps.compactMap { if case .reload(let event) = $0, case .reloaded = event.outcome { return event } else { return nil } }
    }

    /// Simulates from `start` for `duration` seconds.
    ///
    /// - Parameters:
    ///   - requestInterval: when set, the app calls `reloadTimelines(ofKind:)` in the background every this
    ///     many seconds, starting one interval after `start`.
    ///   - setClock: moves the host clock for provider calls (tests may pass their own).
    public init(
        session: WidgetSession, family: WidgetFamily, device: DeviceProfile, budget: ReloadBudget, start: Date,
        duration: TimeInterval, requestInterval: TimeInterval? = nil, setClock: (Date) -> Void = HostClock.set
    ) {
        let scheduler = TimelineScheduler(session: session, family: family, device: device, budget: budget)
        let end = start.addingTimeInterval(duration)
        var timelines: [(Date, AnyTimeline)] = []

        func record(_ event: ReloadEvent) {
            steps.append(.reload(event))
            if case .reloaded = event.outcome, let timeline = scheduler.timeline { timelines.append((event.date, timeline)) }
        }

        setClock(start)
        record(scheduler.requestReload(at: start, reason: .initial))
        var nextRequest = requestInterval.map { start.addingTimeInterval($0) }
        var now = start
        var iterations = 0
        while iterations < 100_000 {
            iterations += 1
            let due = scheduler.nextDue(after: now)
            guard let next = [due, nextRequest].compactMap({ $0 }).min(), next <= end else { break }
            if let request = nextRequest, request == next {
                for event in scheduler.advance(to: request, setClock: setClock) { record(event) }
                setClock(request)
                record(scheduler.requestReload(at: request, reason: .requested))
                nextRequest = request.addingTimeInterval(requestInterval!)
            } else {
                let before = scheduler.events.count
                for event in scheduler.advance(to: next, setClock: setClock) { record(event) }
                if scheduler.events.count == before {
                    now = next.addingTimeInterval(1)
                    continue
                }
            }
            now = next
        }
        steps.append(contentsOf: Self.entryChanges(timelines, until: end))
        steps.sort { $0.date < $1.date }
    }

    /// The moments the shown entry changes, given each fetched timeline and when it was fetched.
    static func entryChanges(_ timelines: [(Date, AnyTimeline)], until end: Date) -> [Step] {
        var changes: [Step] = []
        var lastShown: Date?
        for (index, (fetchedAt, timeline)) in timelines.enumerated() {
            let validUntil = index + 1 < timelines.count ? timelines[index + 1].0 : end
            let sorted = timeline.entries.enumerated().sorted { $0.element.date < $1.element.date }
            for (position, (_, entry)) in sorted.enumerated() {
                let nextDate = position + 1 < sorted.count ? sorted[position + 1].element.date : Date.distantFuture
                let shownFrom = max(entry.date, fetchedAt)
                guard shownFrom < validUntil || (shownFrom == fetchedAt && shownFrom <= validUntil), nextDate > fetchedAt else { continue }
                if lastShown == entry.date && shownFrom == fetchedAt { continue }
                changes.append(.entryShown(date: shownFrom, index: position, count: sorted.count, entryDate: entry.date))
                lastShown = entry.date
            }
        }
        return changes
    }

    /// The schedule as text, one line per step.
    public func lines(timeZone: TimeZone) -> [String] {
        steps.map { step in
            switch step {
            case .reload(let event):
                guard event.reason == .policyAtEnd, case .reloaded = event.outcome else { return event.line(timeZone: timeZone) }
                return event.line(timeZone: timeZone)
                    + "  (.atEnd: WidgetKit asks \(Int(TimelineScheduler.atEndLatency / 60)) min after the last entry's date)"
            case .entryShown(let date, let index, let count, let entryDate):
                return
                    "\(ReloadEvent.clockTime(date, timeZone: timeZone))  entry    \(index + 1) of \(count), dated \(ReloadEvent.clockTime(entryDate, timeZone: timeZone))"
            }
        }
    }
}

// MARK: - Timeline diagnostics

/// WidgetKit anti-patterns found in a widget's timeline (ARCHITECTURE.md "Diagnostics"; issue 4 §4).
public enum TimelineChecks {
    /// Checks one fetched timeline and a day of policy-only reloads from `start`.
    public static func diagnostics(
        session: WidgetSession, family: WidgetFamily, device: DeviceProfile, budget: ReloadBudget,
        start: Date, timeZone: TimeZone, setClock: (Date) -> Void = HostClock.set
    ) -> [Diagnostic] {
        let kind = session.descriptor.kind
        setClock(start)
        let timeline: AnyTimeline
        do {
            timeline = try session.fetchTimeline(family: family, device: device)
        } catch {
            return [Diagnostic(severity: .error, code: "provider-failed", message: "\(error)", widget: kind, family: family)]
        }
        // The fetch moment is when the provider answered (an entry dated Date() inside it has arrived); a clock
        // the caller moves without the host clock leaves it at `start`.
        let answered = HostClock.now
        let fetchedAt = answered >= start && answered <= start.addingTimeInterval(session.callbackTimeLimit + 1) ? answered : start
        var found: [Diagnostic] = []
        let dates = timeline.entries.map(\.date).sorted()
        let arrived = dates.filter { $0 <= fetchedAt }
        if arrived.count > 1 {
            let shown = arrived.last!
            found.append(
                Diagnostic(
                    severity: .warning, code: "entries-before-fetch",
                    message: "\(arrived.count) entries are dated at or before the moment the timeline is fetched "
                        + "(\(fetchedAt.formatted(.iso8601))): only the last of them, dated \(shown.formatted(.iso8601)), is ever shown, "
                        + "however far apart they are; the other \(arrived.count - 1) never are. Date each entry at the moment it should "
                        + "appear (entries made with Date() in a loop are microseconds apart).",
                    widget: kind, family: family,
                    values: ["entries": "\(arrived.count)", "neverShown": "\(arrived.count - 1)"]))
        } else if dates.count > 1, dates.first == dates.last {
            found.append(
                Diagnostic(
                    severity: .warning, code: "entries-same-instant",
                    message: "All \(dates.count) entries are dated \(dates[0].formatted(.iso8601)): only the last is ever shown. "
                        + "Date each entry at the moment it should appear.",
                    widget: kind, family: family, values: ["entries": "\(dates.count)"]))
        }
        // Gaps between entries that will be shown (those never shown are reported above).
        let shownDates = arrived.suffix(1) + dates.filter { $0 > fetchedAt }
        let closest = zip(shownDates, shownDates.dropFirst()).map { $1.timeIntervalSince($0) }.filter { $0 > 0 }.min()
        if let closest, closest < budget.minimumInterval {
            found.append(
                Diagnostic(
                    severity: .warning, code: "entries-too-close",
                    message:
                        "Entries \(Int(closest)) s apart: WidgetKit may not show them on time; keep entries at least about 5 minutes apart "
                        + "and use Text(_:style: .timer/.relative) for anything that moves faster.",
                    widget: kind, family: family, values: ["seconds": "\(Int(closest))"]))
        }
        if timeline.policy == .atEnd, let last = dates.last, last < start {
            found.append(
                Diagnostic(
                    severity: .warning, code: "reload-loop",
                    message: "Policy .atEnd with the last entry already past (\(last.formatted(.iso8601))): a reload is due at once, "
                        + "every 5 minutes, until the budget is spent. Date the last entry in the future or use .after(date).",
                    widget: kind, family: family))
        }
        let day = TimelineSimulation(
            session: session, family: family, device: device, budget: budget, start: start,
            duration: 24 * 3600, setClock: setClock)
        if let refused = day.steps.first(where: {
            if case .reload(let event) = $0, case .refusedBudgetSpent = event.outcome { return true }
            return false
        }), let lastGood = day.reloads.last(where: { $0.date < refused.date }) {
            found.append(
                Diagnostic(
                    severity: .warning, code: "budget-exhausted",
                    message: "The timeline spends its \(budget.limit) daily reloads: the last goes through at "
                        + "\(ReloadEvent.clockTime(lastGood.date, timeZone: timeZone)) and later reloads are refused from "
                        + "\(ReloadEvent.clockTime(refused.date, timeZone: timeZone)); the widget looks frozen until the window frees one.",
                    widget: kind, family: family,
                    values: ["hour": ReloadEvent.clockTime(lastGood.date, timeZone: timeZone), "reloads": "\(day.reloads.count)"]))
        }
        return found
    }
}
