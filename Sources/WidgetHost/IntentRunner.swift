import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Running intents off the render path

/// How an intent's `perform()` ended.
public enum IntentOutcome: Hashable, Sendable {
    /// `perform()` returned and what it wrote is saved: reload the tapped widget (an exempt reload, `ReloadReason.intentPerformed`).
    case succeeded
    /// `perform()` threw: the widget stays as it was.
    case threw(errorType: String, message: String)
    /// `perform()` did not return within the limit (seconds): treated as an extension the system ended; the
    /// widget stays as it was and a late answer is ignored.
    case timedOut(limit: TimeInterval)
    /// `perform()` returned (or threw) but what it wrote to the App Group store could not be saved (a suite
    /// name too long for a file name, a full disk): the changes are taken back, the widget stays as it was.
    case notSaved(reason: String)
}

/// The result of running one intent.
public struct IntentRunResult: Equatable, Sendable {
    /// The intent that ran.
    public let intent: IntentReference
    /// The widget kind whose control ran it.
    public let widget: String
    /// How its `perform()` ended: succeeded, threw, timed out, or not saved.
    public let outcome: IntentOutcome
    /// Real (monotonic) seconds from start to the outcome.
    public let duration: TimeInterval
    /// What went wrong saving the App Group store afterwards (`AppGroupStore.synchronizeUserDefaults()`):
    /// suites not saved, store files set aside.
    public let storeProblems: [UserDefaultsSaveProblem]

    /// The `UserDefaults` suites that were not saved (their changes were taken back).
    public var unsavedSuites: [String] {
        storeProblems.compactMap {
            if case .notSaved(let suite, _) = $0 { return suite }
            return nil
        }
    }

    /// True when the tapped widget should reload now. That reload is exempt from the daily budget
    /// ("Keeping a widget up to date": performing an app intent does not count); pass
    /// `ReloadReason.intentPerformed` to `TimelineScheduler.requestReload(at:reason:)`.
    public var reloadsWidget: Bool { outcome == .succeeded }

    /// The reload to request, when `reloadsWidget`.
    public var reloadReason: ReloadReason? { reloadsWidget ? .intentPerformed : nil }

    /// `intent-threw` or `intent-timed-out` (errors: the tap did nothing a person could see), nil on success.
    public var diagnostic: Diagnostic? {
        switch outcome {
        case .succeeded:
            return nil
        case .threw(let type, let message):
            return Diagnostic(
                severity: .error, code: "intent-threw",
                message: "\(intent.description).perform() threw \(type): \(message). The widget stays as it was and does not "
                    + "reload; on a device the tap would seem to do nothing. Handle the error inside perform() or show it in the widget.",
                widget: widget, values: ["seconds": Self.format(duration)])
        case .timedOut(let limit):
            return Diagnostic(
                severity: .error, code: "intent-timed-out",
                message: "\(intent.description).perform() did not finish within \(Self.format(limit)) s; the system would end the "
                    + "extension. The widget keeps its last render and does not reload, and a late answer is ignored. Threads cannot "
                    + "be stopped: if perform() is still running it keeps its thread, and a core busy if it spins. Keep perform() short "
                    + "and move long work to the app.",
                widget: widget, values: ["limit": Self.format(limit)])
        case .notSaved(let reason):
            return Diagnostic(
                severity: .error, code: "intent-not-saved",
                message: "\(intent.description).perform() ran but its App Group changes could not be saved: \(reason). The changes "
                    + "are taken back and the widget stays as it was; on a device the tap would seem to do nothing.",
                widget: widget, values: ["seconds": Self.format(duration)])
        }
    }

    /// One line for the event log (with any store file set aside).
    public var logLine: String {
        let setAside = storeProblems.filter { !$0.isNotSaved }.map { "; \($0)" }.joined()
        return outcomeLine + setAside
    }

    private var outcomeLine: String {
        switch outcome {
        case .succeeded:
            return "intent \(intent.description) succeeded in \(Self.format(duration)) s; reloading \(widget) (exempt from the budget)"
        case .threw(let type, let message): return "intent \(intent.description) threw \(type): \(message); \(widget) unchanged"
        case .timedOut(let limit): return "intent \(intent.description) timed out after \(Self.format(limit)) s; \(widget) unchanged"
        case .notSaved(let reason): return "intent \(intent.description) failed: not saved: \(reason); \(widget) unchanged"
        }
    }

    static func format(_ seconds: TimeInterval) -> String { String(format: "%.2f", seconds) }
}

/// One intent in flight. Thread-safe: the UI polls `result` (or waits) while `perform()` runs elsewhere.
public final class IntentRun: @unchecked Sendable {
    /// The intent being run.
    public let intent: IntentReference
    /// The widget kind whose control started it.
    public let widget: String
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private let lateAnswer = MonotonicSignal()
    /// Signalled when the first outcome is recorded: it ends the time limit's wait.
    let ended = MonotonicSignal()
    private var finalResult: IntentRunResult?
    private var lateOutcome: IntentOutcome?
    private var completion: (@Sendable (IntentRunResult) -> Void)?

    init(intent: IntentReference, widget: String, completion: (@Sendable (IntentRunResult) -> Void)?) {
        self.intent = intent
        self.widget = widget
        self.completion = completion
    }

    /// The result, or nil while `perform()` is running and the limit has not passed.
    public var result: IntentRunResult? { lock.withLock { finalResult } }

    /// The outcome that arrived after the result was already decided, if one has: how `perform()` finally
    /// ended after it had timed out. It is ignored. (A run that finishes in time ends its time limit's wait, so
    /// the limit never passes after it.)
    public var outcomeAfterTimeout: IntentOutcome? { lock.withLock { lateOutcome } }

    /// Waits up to `seconds` (monotonic) for the ignored second outcome (`outcomeAfterTimeout`); returns it,
    /// or nil when none arrived in that time.
    public func waitForLateOutcome(seconds: TimeInterval) -> IntentOutcome? {
        _ = lateAnswer.wait(seconds: seconds)
        return outcomeAfterTimeout
    }

    /// Blocks until the result is known and the completion handler has run (at most the time limit plus
    /// scheduling delay).
    public func wait() -> IntentRunResult {
        done.wait()
        done.signal()
        return result!
    }

    /// Records the first outcome; a later one is kept only as `outcomeAfterTimeout`.
    func finish(_ outcome: IntentOutcome, duration: TimeInterval, storeProblems: [UserDefaultsSaveProblem] = []) {
        let (handler, result): ((@Sendable (IntentRunResult) -> Void)?, IntentRunResult?) = lock.withLock {
            guard finalResult == nil else {
                if lateOutcome == nil {
                    lateOutcome = outcome
                    lateAnswer.signal()
                }
                return (nil, nil)
            }
            let result = IntentRunResult(intent: intent, widget: widget, outcome: outcome, duration: duration, storeProblems: storeProblems)
            finalResult = result
            defer { completion = nil }
            return (completion, result)
        }
        guard let result else { return }
        ended.signal()
        // The handler runs before waiters wake: whoever waits for the run then also sees what the handler did
        // (the preview's completion queue holds the result when `waitForIntents()` returns).
        handler?(result)
        done.signal()
    }
}

/// Runs `AppIntent.perform()` off the render path with a time limit (ARCHITECTURE.md "Taps"): each run gets
/// its own serial queue as task executor, so an intent that blocks or spins never holds up rendering or
/// the cooperative thread pool. Each run is a `UserDefaultsTransaction`: it holds the App Group store's
/// lock (shared with other processes) from before `perform()` until what the intent wrote is saved, so
/// concurrent taps add up; a save that fails makes the run `.notSaved` with the reason.
///
/// An intent that uses `@MainActor` code needs the main queue to be served (the interactive app's loop
/// must drain it), as on iOS.
public struct IntentRunner: Sendable {
    /// Seconds `perform()` may take (default 5).
    public var timeLimit: TimeInterval
    /// The host `perform()` runs in: where its `WidgetCenter`, ActivityKit and App Group calls go.
    public var host: HostContext

    /// A runner with a time limit, for intents of widgets in `host` (default: the one bound to the caller).
    public init(timeLimit: TimeInterval = 5, host: HostContext = .current) {
        self.timeLimit = timeLimit
        self.host = host
    }

    /// Starts `perform()` and returns at once.
    ///
    /// - Parameters:
    ///   - intent: From a tap outcome (`TapOutcome.intent`).
    ///   - widget: The widget kind, for the result's log line and diagnostic.
    ///   - completion: Called once, on a background thread, with the result (success, error or timeout).
    ///     Hop to the UI's own thread before touching UI state.
    /// - Returns: The run, to poll or wait on.
    @discardableResult
    public func start(_ intent: IntentReference, widget: String, completion: (@Sendable (IntentRunResult) -> Void)? = nil) -> IntentRun {
        let run = IntentRun(intent: intent, widget: widget, completion: completion)
        let started = DispatchTime.now()
        @Sendable func elapsed() -> TimeInterval {
            Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000_000
        }
        let executor = IntentExecutor(label: "widgetterm.intent.\(intent.typeName)")
        let host = host
        // An archived intent runs in a widget extension process, which saves its App Group changes under the
        // store's lock itself: holding the lock here would keep it waiting.
        let transaction: UserDefaultsTransaction? = intent.intent is ArchivedIntent ? nil : UserDefaultsTransaction()
        Task(executorPreference: executor) {
            // Problems found before perform() concern earlier changes, not this intent's: reported, not its outcome.
            let before = transaction?.begin() ?? []
            var outcome: IntentOutcome
            do {
                try await host.run { try await intent.perform() }
                outcome = .succeeded
            } catch {
                outcome = .threw(errorType: String(describing: type(of: error)), message: "\(error)")
            }
            let saved = transaction?.commit() ?? []
            let problems = before + saved
            let unsaved = saved.filter(\.isNotSaved)
            if !unsaved.isEmpty, outcome == .succeeded {
                outcome = .notSaved(reason: unsaved.map(\.description).joined(separator: "; "))
            }
            run.finish(outcome, duration: elapsed(), storeProblems: problems)
        }
        // The time limit is a wait that the run's end cancels: a finished run wakes it at once, so nothing it holds
        // (the run, the intent, the store transaction) stays alive until the deadline.
        let limit = timeLimit
        let watchdog = Thread {
            guard !run.ended.wait(seconds: limit) else { return }
            transaction?.releaseLock()
            run.finish(.timedOut(limit: limit), duration: elapsed())
        }
        watchdog.name = "widgetterm.intent-time-limit"
        watchdog.start()
        return run
    }

    /// Runs `perform()` and waits for the result (at most `timeLimit`). For the command line and tests;
    /// the interactive app uses `start(_:widget:completion:)`.
    public func run(_ intent: IntentReference, widget: String) -> IntentRunResult {
        start(intent, widget: widget).wait()
    }
}

/// A task executor on its own serial dispatch queue: the jobs of one intent run there, away from the
/// render path and from the cooperative pool.
private final class IntentExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

// MARK: - Toggles: optimistic state and snapping back

/// What a reload says about a toggled `Toggle`.
public enum ToggleReconciliation: Hashable, Sendable {
    /// The reloaded widget shows the state the person chose.
    case confirmed(isOn: Bool)
    /// The store disagrees: the reloaded widget shows `isOn` (the state before the tap); the switch snaps back.
    case snappedBack(isOn: Bool)
    /// The reloaded widget has no such toggle any more.
    case disappeared
}

/// A `Toggle(isOn:intent:)` tapped and not yet confirmed by a reload. iOS shows the new state at once and
/// snaps back if, after the intent and the reload, the widget says otherwise ("Adding interactivity to
/// widgets and Live Activities").
public struct PendingToggle: Equatable, Sendable {
    /// The toggle as tapped.
    public let target: TapTarget
    /// The toggle's intent, which runs with the new state.
    public let intent: IntentReference
    /// The state before the tap.
    public let previousIsOn: Bool
    /// Which toggle of this intent type it is, in paint order (to find it again after a reload).
    public let ordinal: Int

    /// The pending toggle of a tap, or nil when the tap did not hit a toggle.
    ///
    /// - Parameters:
    ///   - outcome: The tap (`HitTester.tap(...)`).
    ///   - frame: The frame that was tapped.
    public init?(outcome: TapOutcome, in frame: Frame) {
        guard let target = outcome.target, case .toggle(let isOn, let intent) = target.action else { return nil }
        self.target = target
        self.intent = intent
        previousIsOn = isOn
        ordinal = Self.toggles(of: intent.typeName, in: frame).firstIndex { $0.rect == target.rect } ?? 0
    }

    /// The state shown at once: the opposite of the state before the tap.
    public var optimisticIsOn: Bool { !previousIsOn }

    /// `frame` with this toggle's switch drawn in the optimistic state (its `◉`/`○` glyph flipped, colours
    /// kept), to show until the reload lands. Nothing else is re-rendered.
    public func optimisticFrame(_ frame: Frame) -> Frame {
        var frame = frame
        let on: Glyph = "◉", off: Glyph = "○"
        let rect = target.rect.intersection(CellRect(x: 0, y: 0, width: frame.buffer.width, height: frame.buffer.height))
        for row in (rect.y..<rect.maxY).reversed() {
            for column in (rect.x..<rect.maxX).reversed() where frame.buffer[column, row].glyph == (previousIsOn ? on : off) {
                frame.buffer[column, row].glyph = optimisticIsOn ? on : off
                return frame
            }
        }
        return frame
    }

    /// Compares the reloaded widget with the optimistic state.
    ///
    /// - Parameter reloaded: The frame rendered after the intent ran and the widget reloaded.
    public func reconcile(with reloaded: Frame) -> ToggleReconciliation {
        let candidates = Self.toggles(of: intent.typeName, in: reloaded)
        guard
            let match = candidates.first(where: { $0.rect == target.rect })
                ?? (ordinal < candidates.count ? candidates[ordinal] : nil),
            case .toggle(let isOn, _) = match.action
        else { return .disappeared }
        return isOn == optimisticIsOn ? .confirmed(isOn: isOn) : .snappedBack(isOn: isOn)
    }

    /// The toggle regions of an intent type, in paint order.
    static func toggles(of typeName: String, in frame: Frame) -> [TapRegion] {
        frame.tapRegions.filter {
            if case .toggle(_, let intent) = $0.action { return intent.typeName == typeName }
            return false
        }
    }
}
