import Foundation
import CellRender
import WidgetKitUI

// MARK: - The reload budget

/// WidgetKit's per-widget reload budget: at most `limit` counted reloads in any rolling 24 hours, and
/// never two reloads closer than `minimumInterval` ("Keeping a widget up to date"; widgetkit-facts §5).
public struct ReloadBudget: Sendable, Equatable {
    /// Counted reloads allowed per rolling window (default 40, the low end of Apple's 40–70).
    public var limit: Int
    /// The rolling window, in seconds (24 h).
    public var window: TimeInterval
    /// The least time between two reloads, in seconds (about 5 minutes).
    public var minimumInterval: TimeInterval
    /// Times of the counted reloads still inside the window, oldest first.
    public private(set) var counted: [Date] = []
    /// Time of the last reload of any kind (exempt ones included).
    public private(set) var lastReload: Date?

    /// A budget of `limit` counted reloads per `window` seconds, at least `minimumInterval` seconds apart;
    /// by default 40 a day, 5 minutes apart.
    public init(limit: Int = 40, window: TimeInterval = 24 * 3600, minimumInterval: TimeInterval = 5 * 60) {
        self.limit = limit
        self.window = window
        self.minimumInterval = minimumInterval
    }

    /// Counted reloads left at `date`.
    public func remaining(at date: Date) -> Int {
        limit - counted.filter { date.timeIntervalSince($0) < window }.count
    }

    /// When the window next frees a reload, if none is left at `date`.
    public func nextAvailable(after date: Date) -> Date? {
        guard remaining(at: date) <= 0 else { return nil }
        let inside = counted.filter { date.timeIntervalSince($0) < window }
        return inside.first.map { $0.addingTimeInterval(window) }
    }

    /// The earliest moment at or after `date` that respects the minimum interval.
    public func earliestReload(onOrAfter date: Date) -> Date {
        guard let lastReload else { return date }
        return max(date, lastReload.addingTimeInterval(minimumInterval))
    }

    /// Records a reload at `date`; exempt reloads don't use the budget.
    public mutating func record(at date: Date, counted isCounted: Bool) {
        lastReload = date
        guard isCounted else { return }
        counted.removeAll { date.timeIntervalSince($0) >= window }
        counted.append(date)
    }
}

// MARK: - Reloads

/// Why a timeline is fetched.
public enum ReloadReason: Equatable, Sendable, CustomStringConvertible {
    /// The widget was added (or the preview started).
    case initial
    /// `.atEnd`: the last entry's date passed.
    case policyAtEnd
    /// `.after(date)`: that date came.
    case policyAfter(Date)
    /// `WidgetCenter.shared.reloadTimelines(ofKind:)` / `reloadAllTimelines()` from the app in the background.
    case requested
    /// The app asked while in the foreground (exempt from the budget).
    case appInForeground
    /// A `Button(intent:)` or `Toggle` performed its intent (exempt).
    case intentPerformed
    /// The person edited the widget's configuration (exempt).
    case configurationEdited
    /// A WidgetKit push (`"content-changed": true`) arrived: counted, as an app's own request is.
    case widgetPush

    /// Exempt reloads don't count against the budget (Apple's list in "Keeping a widget up to date").
    public var isExempt: Bool {
        switch self {
        case .appInForeground, .intentPerformed, .configurationEdited: return true
        default: return false
        }
    }

    /// The reason in words, as the `timeline` command prints it (`policy atEnd`, `... (exempt)`).
    public var description: String {
        switch self {
        case .initial: return "initial"
        case .policyAtEnd: return "policy atEnd"
        case .policyAfter: return "policy after"
        case .requested: return "app requested"
        case .appInForeground: return "app in foreground (exempt)"
        case .intentPerformed: return "intent performed (exempt)"
        case .configurationEdited: return "configuration edited (exempt)"
        case .widgetPush: return "widget push"
        }
    }
}

/// What happened to one reload request.
public struct ReloadEvent: Equatable, Sendable {
    /// How a reload request ended: reloaded, refused, deferred, or failed.
    public enum Outcome: Equatable, Sendable {
        /// The provider was asked and answered; the budget left afterwards.
        case reloaded(budgetLeft: Int)
        /// Refused: the budget is spent until `until`.
        case refusedBudgetSpent(until: Date?)
        /// Put off to respect the minimum interval between reloads.
        case deferred(until: Date)
        /// The provider failed (timed out, empty timeline); the widget keeps its last render.
        case failed(String)
    }

    /// When the reload was requested (the scheduler's date, not the wall clock).
    public var date: Date
    /// What asked for it: the timeline's policy, the app, an intent, a configuration edit...
    public var reason: ReloadReason
    /// What happened to it.
    public var outcome: Outcome

    /// One line for logs and the `timeline` command.
    public func line(timeZone: TimeZone) -> String {
        let time = ReloadEvent.clockTime(date, timeZone: timeZone)
        switch outcome {
        case .reloaded(let left): return "\(time)  reload   \(reason)  budget left \(left)"
        case .refusedBudgetSpent(let until):
            return "\(time)  refused  \(reason)  budget spent"
                + (until.map { " until \(ReloadEvent.clockTime($0, timeZone: timeZone))" } ?? "")
        case .deferred(let until):
            return "\(time)  deferred \(reason)  to \(ReloadEvent.clockTime(until, timeZone: timeZone)) (5-minute minimum)"
        case .failed(let message): return "\(time)  failed   \(reason)  \(message)"
        }
    }

    /// `yyyy-MM-dd HH:mm` (seconds added when not zero) in `timeZone`.
    public static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
            + (parts.second == 0 ? "" : ":\(two(parts.second))")
    }
}

// MARK: - The scheduler

/// Plays WidgetKit's part for one widget instance: fetches timelines when a policy, the app or an intent
/// asks, within the budget, and says which entry is shown at any moment. Driven by explicit dates, so
/// the interactive app, the `timeline` command and tests share it; provider calls read the host clock,
/// which the caller sets to the reload moment.
public final class TimelineScheduler: @unchecked Sendable {
    /// The widget kind's session, whose provider the scheduler calls.
    public let session: WidgetSession
    /// The family of the widget instance.
    public let family: WidgetFamily
    /// The simulated device whose size and metrics the provider is given.
    public let device: DeviceProfile
    /// The reload budget, with the reloads counted so far.
    public private(set) var budget: ReloadBudget
    /// The timeline in use and when it was fetched.
    public private(set) var timeline: AnyTimeline?
    /// The date the timeline in use was fetched; nil before the first fetch.
    public private(set) var fetchedAt: Date?
    /// Every reload request so far, in order.
    public private(set) var events: [ReloadEvent] = []
    /// A requested reload waiting for the minimum interval.
    public private(set) var deferredRequest: (date: Date, reason: ReloadReason)?
    /// The policy due moment whose reload was refused for lack of budget (it is retried when the window frees one).
    private var refusedPolicyDue: Date?
    /// Problems the provider caused (timeouts, backwards ranges...).
    public private(set) var providerDiagnostics: [ResolveDiagnostic] = []

    /// A scheduler for one instance of `session`'s widget in `family` on `device`; nothing is fetched until the
    /// first reload request.
    public init(session: WidgetSession, family: WidgetFamily, device: DeviceProfile, budget: ReloadBudget = ReloadBudget()) {
        self.session = session
        self.family = family
        self.device = device
        self.budget = budget
    }

    /// Seconds after the last entry's date at which WidgetKit asks for the next timeline under `.atEnd`: Apple
    /// documents the policy's date as the earliest, never the moment, so the last entry is seen for a while
    /// (DECISIONS.md "2026-12-02: .atEnd reloads 5 minutes after the last entry").
    public static let atEndLatency: TimeInterval = 5 * 60

    /// When the current timeline's policy asks for the next reload (before the minimum interval and budget):
    /// `.after(date)` at that date; `.atEnd` `atEndLatency` after the last entry's date, and at once when that
    /// moment had already passed at the fetch.
    public var policyDue: Date? {
        guard let timeline, let fetchedAt else { return nil }
        switch timeline.policy {
        case .never: return nil
        case .after(let date): return date
        case .atEnd:
            return max((timeline.entries.map(\.date).max() ?? fetchedAt).addingTimeInterval(Self.atEndLatency), fetchedAt)
        }
    }

    /// The entry shown at `date` (nil before the first entry or without a timeline).
    public func entry(at date: Date) -> AnyTimelineEntry? {
        timeline.flatMap { WidgetSession.entry(in: $0.entries, at: date) }
    }

    /// The date of the first entry after `date` in the current timeline (for "jump to the next entry").
    public func nextEntryDate(after date: Date) -> Date? {
        timeline?.entries.map(\.date).filter { $0 > date }.min()
    }

    /// Asks for a reload at `date` for `reason`, applying the minimum interval and the budget.
    @discardableResult
    public func requestReload(at date: Date, reason: ReloadReason) -> ReloadEvent {
        let event: ReloadEvent
        if !reason.isExempt && budget.remaining(at: date) <= 0 {
            event = ReloadEvent(date: date, reason: reason, outcome: .refusedBudgetSpent(until: budget.nextAvailable(after: date)))
        } else if !reason.isExempt, budget.earliestReload(onOrAfter: date) > date {
            let until = budget.earliestReload(onOrAfter: date)
            deferredRequest = (until, reason)
            event = ReloadEvent(date: date, reason: reason, outcome: .deferred(until: until))
        } else {
            event = fetch(at: date, reason: reason)
        }
        events.append(event)
        return event
    }

    private func fetch(at date: Date, reason: ReloadReason) -> ReloadEvent {
        budget.record(at: date, counted: !reason.isExempt)
        deferredRequest = nil
        do {
            _ = session.host.diagnostics.drain()
            let fetched = try session.fetchTimeline(family: family, device: device)
            timeline = fetched
            fetchedAt = date
            refusedPolicyDue = nil
            providerDiagnostics = session.host.diagnostics.drain()
            return ReloadEvent(date: date, reason: reason, outcome: .reloaded(budgetLeft: budget.remaining(at: date)))
        } catch {
            providerDiagnostics = [ResolveDiagnostic(code: "provider-failed", message: "\(error)")]
            return ReloadEvent(date: date, reason: reason, outcome: .failed("\(error)"))
        }
    }

    /// The next moment something is due at or after `date`: a deferred request, the policy reload (held
    /// to the minimum interval), or the budget freeing a reload the policy is waiting for.
    public func nextDue(after date: Date) -> Date? {
        var candidates: [Date] = []
        if let deferredRequest { candidates.append(deferredRequest.date) }
        if let due = policyDue {
            var when = budget.earliestReload(onOrAfter: due)
            if refusedPolicyDue == due, let free = budget.nextAvailable(after: when) { when = max(when, free) }
            candidates.append(when)
        }
        return candidates.filter { $0 >= date }.min() ?? candidates.min().map { max($0, date) }
    }

    /// Runs every reload that falls due up to and including `date` (policy, deferred requests), setting the
    /// host clock to each reload's moment for the provider. Returns the events, in order.
    @discardableResult
    public func advance(to date: Date, setClock: (Date) -> Void = HostClock.set) -> [ReloadEvent] {
        var produced: [ReloadEvent] = []
        var guardCount = 0
        while let due = nextDue(after: fetchedAt ?? date), due <= date, guardCount < 10_000 {
            guardCount += 1
            setClock(due)
            if let deferred = deferredRequest, deferred.date <= due {
                produced.append(requestReload(at: due, reason: deferred.reason))
                continue
            }
            let reason: ReloadReason
            switch timeline?.policy {
            case .after(let target): reason = .policyAfter(target)
            default: reason = .policyAtEnd
            }
            let policyMoment = policyDue
            let event = requestReload(at: due, reason: reason)
            produced.append(event)
            if case .refusedBudgetSpent = event.outcome {
                refusedPolicyDue = policyMoment
                break
            }
        }
        return produced
    }
}
