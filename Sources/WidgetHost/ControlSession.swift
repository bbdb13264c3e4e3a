import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Running a control as iOS does

/// One control (`ControlWidget`) shown by the system: its value comes from `currentValue()`, a tap runs the
/// action (a toggle's `SetValueIntent` with the new value) and then asks `currentValue()` again, and
/// `ControlCenter.shared.reloadControls(ofKind:)` asks it again too ("Creating controls to perform actions across
/// the system"). Not thread-safe: use it from one thread.
public final class ControlSession {
    /// The control shown, as its bundle declares it: kind, display name, value provider and template.
    public let descriptor: ControlDescriptor
    /// The template shown now: from `currentValue()`, or the last good one when a later call failed.
    public private(set) var current: ResolvedControl
    /// What happened, one line per event (value fetched, tap, intent result, reload), oldest first.
    public private(set) var log: [String] = []
    /// Problems found so far (a `currentValue()` that threw or timed out, a toggle that snapped back).
    public private(set) var diagnostics: [Diagnostic] = []
    let host: HostContext
    let timeLimit: TimeInterval

    /// Starts a control: calls `currentValue()` once (the add sheet's `previewValue` is `preview`).
    ///
    /// - Parameters:
    ///   - descriptor: the control, from a bundle's `controlDescriptors`.
    ///   - host: where its intents' App Group, `WidgetCenter` and `ControlCenter` calls go.
    ///   - timeLimit: seconds `currentValue()` and `perform()` may take each.
    public init(descriptor: ControlDescriptor, host: HostContext = .current, timeLimit: TimeInterval = 5) {
        self.descriptor = descriptor
        self.host = host
        self.timeLimit = timeLimit
        current = host.run { descriptor.previewTemplate() }
        refresh(reason: "shown")
    }

    /// The add sheet's template, from the provider's `previewValue`.
    public var preview: ResolvedControl { host.run { descriptor.previewTemplate() } }

    /// Calls `currentValue()` (through the descriptor's template) and keeps the result; on an error or a
    /// timeout the control keeps its last template and a diagnostic says why.
    @discardableResult
    public func refresh(reason: String) -> Bool {
        let descriptor = self.descriptor
        // What other processes saved in the App Group store since this process last looked, as a timeline reload
        // does: without it the first `currentValue()` read the suite's default (add-water showed 1250 ml, the
        // water widget 1750 ml, from one store).
        AppGroupStore.refreshUserDefaultsIfIdle()
        let outcome = Self.wait(limit: timeLimit, host: host) { try await descriptor.currentTemplate() }
        switch outcome {
        case .success(let control):
            current = control
            log.append("\(reason): currentValue() → \(Self.describe(control))")
            return true
        case .failure(let problem):
            log.append("\(reason): currentValue() failed: \(problem)")
            diagnostics.append(
                Diagnostic(
                    severity: .error, code: "control-value-failed",
                    message: "currentValue() of \(descriptor.kind) \(problem); the control keeps showing \(Self.describe(current)). "
                        + "Return a value quickly (read the App Group store) and throw only when there is truly nothing to show.",
                    widget: descriptor.kind))
            return false
        }
    }

    /// A tap: a button runs its action; a toggle sets its action's value to the opposite state and runs it.
    /// After the action, `currentValue()` is asked again. A toggle whose new value is not the state chosen
    /// snaps back, with the diagnostic `control-toggle-snapped-back`.
    ///
    /// - Returns: the intent's result.
    @discardableResult
    public func tap() -> IntentRunResult {
        let control = current
        var intent = control.action
        var chosen: Bool?
        if case .toggle(let isOn) = control.kind {
            chosen = !isOn
            if let setValue = control.setValue { intent = setValue(!isOn) }
        }
        log.append("tap: runs \(intent.description)")
        // The timeline reloads perform() asks for, for the log line: they still go where they went (the preview's
        // scheduler), through a recorder put in front of the host's center while the intent runs.
        let center = host.widgetCenter
        let recorder = TimelineReloadRecorder(forwardingTo: center)
        host.widgetCenter = recorder
        let result = IntentRunner(timeLimit: timeLimit, host: host).run(intent, widget: descriptor.kind)
        if host.widgetCenter === recorder { host.widgetCenter = center }
        log.append(result.logLine + recorder.logSuffix)
        if result.outcome == .succeeded {
            refresh(reason: "after tap")
            if let chosen, case .toggle(let isOn) = current.kind, isOn != chosen {
                diagnostics.append(
                    Diagnostic(
                        severity: .error, code: "control-toggle-snapped-back",
                        message: "\(descriptor.kind) was turned \(chosen ? "on" : "off") but currentValue() still says "
                            + "\(isOn ? "on" : "off") after \(intent.typeName).perform(), so the toggle snaps back. Store the value "
                            + "perform() receives where currentValue() reads it (an App Group suite).",
                        widget: descriptor.kind))
            }
        } else if let diagnostic = result.diagnostic {
            diagnostics.append(diagnostic)
        }
        reloadIfAsked()
        return result
    }

    /// Asks `currentValue()` again when `ControlCenter.shared.reloadControls(ofKind:)` named this kind (or
    /// `reloadAllControls()` was called) since the last look.
    ///
    /// - Returns: true when a reload was asked for.
    @discardableResult
    public func reloadIfAsked() -> Bool {
        guard host.controlReloads.take(kind: descriptor.kind) else { return false }
        refresh(reason: "ControlCenter reload")
        return true
    }

    /// `on "On"`, `off "Off"` or `button "1250 ml"`: a template's state and value text, for the log.
    public static func describe(_ control: ResolvedControl) -> String {
        let value = control.valueText.map { " \"\($0)\"" } ?? ""
        switch control.kind {
        case .button: return "button\(value)"
        case .toggle(let isOn): return "\(isOn ? "on" : "off")\(value)"
        }
    }

    /// Runs an async closure to its end or the time limit, from a thread that may block.
    static func wait<T: Sendable>(limit: TimeInterval, host: HostContext, _ body: @escaping @Sendable () async throws -> T) -> Result<
        T, ControlValueProblem
    > {
        let box = ResultBox<T>()
        // A monotonic wait: a semaphore's deadline is wall-clock time, which a simulated clock moves.
        let done = MonotonicSignal()
        // On a queue of its own, as intents run: a caller blocking a cooperative thread cannot starve it.
        Task(executorPreference: ControlValueExecutor()) {
            do {
                box.set(.success(try await host.run { try await body() }))
            } catch {
                box.set(.failure(.threw("threw \(type(of: error)): \(error)")))
            }
            done.signal()
        }
        guard done.wait(seconds: limit) else { return .failure(.threw("did not return within \(limit) s")) }
        return box.get() ?? .failure(.threw("returned nothing"))
    }
}

/// Why `currentValue()` gave no value.
public enum ControlValueProblem: Error, CustomStringConvertible, Sendable {
    case threw(String)
    /// The error `currentValue()` threw (or "returned nothing"), in words.
    public var description: String {
        switch self {
        case .threw(let text): return text
        }
    }
}

/// A task executor on a serial dispatch queue of its own, for one `currentValue()` call.
private final class ControlValueExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "widgetterm.control.value")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<T, ControlValueProblem>?
    func set(_ result: Result<T, ControlValueProblem>) { lock.withLock { value = result } }
    func get() -> Result<T, ControlValueProblem>? { lock.withLock { value } }
}

// MARK: - Checks

/// WidgetKit pitfalls of a control that show without running it.
public enum ControlChecks {
    /// `control-label-without-symbol`: Control Center's small size and the Lock Screen show only the symbol;
    /// `control-without-preview-value` (documents): the add sheet has nothing to show;
    /// `control-toggle-action-not-set-value` (documents): a toggle's action must take the new value.
    public static func check(_ control: ResolvedControl, kind: String, lacksPreviewValue: Bool = false) -> [Diagnostic] {
        var found: [Diagnostic] = []
        if lacksPreviewValue {
            found.append(
                Diagnostic(
                    severity: .warning, code: "control-without-preview-value",
                    message: "\(kind) reads a value but declares no previewValue: the add sheet cannot show the control as it will "
                        + "look, and shows it off (or with the store's default). Give \"previewValue\" (ControlValueProvider.previewValue).",
                    widget: kind))
        }
        if control.systemImage == nil {
            found.append(
                Diagnostic(
                    severity: .warning, code: "control-label-without-symbol",
                    message: "\(kind)'s label has no SF Symbol: the small Control Center size, the Lock Screen and the Action "
                        + "button show only the symbol. Use Label(\"…\", systemImage: \"…\").",
                    widget: kind))
        }
        if control.title.isEmpty {
            found.append(
                Diagnostic(
                    severity: .warning, code: "control-label-without-title",
                    message: "\(kind)'s label has no text: the medium and large sizes and VoiceOver have no name to show.",
                    widget: kind))
        }
        if case .toggle = control.kind, control.setValue == nil {
            found.append(
                Diagnostic(
                    severity: .error, code: "control-toggle-action-not-set-value",
                    message: "\(kind) is a toggle whose action is not a SetValueIntent: iOS cannot hand it the new state, "
                        + "and ControlWidgetToggle(isOn:action:) does not compile with such an action. Make the intent a "
                        + "SetValueIntent with a Bool value.",
                    widget: kind))
        }
        return found
    }
}

// MARK: - The timeline reloads an intent asks for

/// A `WidgetCenter` that notes `reloadTimelines(ofKind:)` and `reloadAllTimelines()` and passes each call on,
/// so a control's tap can say which timelines its intent reloaded.
final class TimelineReloadRecorder: WidgetHostInterface, @unchecked Sendable {
    private let lock = NSLock()
    private let center: (any WidgetHostInterface)?
    private var kinds: [String] = []
    private var all = false

    /// A recorder that passes every call on to `center` (nil: the calls are only noted, as iOS drops them for an
    /// app with no widgets).
    init(forwardingTo center: (any WidgetHostInterface)?) { self.center = center }

    func reloadTimelines(ofKind kind: String) {
        lock.withLock { if !kinds.contains(kind) { kinds.append(kind) } }
        center?.reloadTimelines(ofKind: kind)
    }

    func reloadAllTimelines() {
        lock.withLock { all = true }
        center?.reloadAllTimelines()
    }

    /// `; perform() called WidgetCenter.shared.reloadTimelines(ofKind: "water")` (each kind, in call order, and
    /// `reloadAllTimelines()`), or nothing when it called neither.
    var logSuffix: String {
        let (kinds, all) = lock.withLock { (self.kinds, self.all) }
        let calls = kinds.map { "reloadTimelines(ofKind: \"\($0)\")" } + (all ? ["reloadAllTimelines()"] : [])
        guard !calls.isEmpty else { return "" }
        return "; perform() called " + calls.map { "WidgetCenter.shared.\($0)" }.joined(separator: ", ")
    }
}
