import Foundation
import WidgetKitUI

// MARK: - A content-changed push to a widget or a control

/// A WidgetKit push to widgets (`apns-push-type: widgets`) or to a control (`apns-push-type: controls`): the payload
/// `{"aps": {"content-changed": true}}`, which asks the system to reload the widget's timeline or the control's value.
/// The checks APNs and the system make are here, shared by `widgetterm push` and the preview's `U`: at most 4096 bytes
/// (APNs), an `aps` object with `content-changed` set, and a push handler on the receiver (Apple, "Updating widgets
/// with WidgetKit push notifications": only a widget configured with `.pushHandler(_:)` is given a token, and a push
/// reaches only the widgets of that token; "Updating controls locally and remotely": the same for a control's
/// `ControlPushHandler`).
public struct ContentChangedPush: Sendable {
    /// The bytes APNs accepts in a widget, control or Live Activity push payload.
    public static let maximumBytes = 4096

    /// What receives the push.
    public enum Receiver: Sendable {
        /// A widget (`apns-push-type: widgets`).
        case widget
        /// A control (`apns-push-type: controls`).
        case control
    }

    /// The payload's size in bytes.
    public let byteCount: Int

    /// Reads and checks a payload as APNs and WidgetKit would.
    ///
    /// - Parameters:
    ///   - data: the payload's bytes (a JSON object).
    ///   - source: where the bytes came from (a file path), for the messages.
    ///   - receiver: a widget or a control, for the `content-changed` refusal's wording.
    /// - Throws: `PushRefusal`: `push-payload-too-large`, `push-not-json`, `push-missing-aps`,
    ///   `push-widget-without-content-changed` or `push-control-without-content-changed`.
    public init(data: Data, source: String, receiver: Receiver) throws(PushRefusal) {
        if data.count > Self.maximumBytes {
            throw PushRefusal(
                code: "push-payload-too-large",
                message: "\(source) is \(data.count) bytes; APNs refuses a Live Activity or widget payload over \(Self.maximumBytes) "
                    + "bytes. Send less content-state (identifiers, not text the app already has).",
                values: ["bytes": "\(data.count)", "limit": "\(Self.maximumBytes)"])
        }
        let object: [String: Any]
        do {
            guard let decoded = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw PushRefusal(code: "push-not-json", message: "\(source): a push payload is a JSON object with an \"aps\" member")
            }
            object = decoded
        } catch let refusal as PushRefusal {
            throw refusal
        } catch {
            throw PushRefusal(code: "push-not-json", message: "\(source): not JSON: \(error.localizedDescription)")
        }
        guard let aps = object["aps"] as? [String: Any] else {
            throw PushRefusal(
                code: "push-missing-aps",
                message: "\(source) has no \"aps\" object: APNs delivers it, but ActivityKit and WidgetKit read only \"aps\" "
                    + "(event, content-state, timestamp…), so nothing changes.")
        }
        if let refusal = Self.contentChangedRefusal(aps, receiver: receiver) { throw refusal }
        byteCount = data.count
    }

    /// The refusal when `aps` does not set `"content-changed": true`; nil when it does.
    public static func contentChangedRefusal(_ aps: [String: Any], receiver: Receiver) -> PushRefusal? {
        if (aps["content-changed"] as? NSNumber)?.intValue == 1 || aps["content-changed"] as? Bool == true { return nil }
        return refusal(.withoutContentChanged, receiver: receiver)
    }

    /// The refusal when `widget` has no `WidgetPushHandler`: iOS gives it no push token, so no push reaches it and its
    /// timeline is not reloaded; nil when it has one.
    public static func handlerRefusal(_ widget: WidgetDescriptor) -> PushRefusal? {
        widget.pushHandler == nil ? refusal(.withoutHandler(kind: widget.kind), receiver: .widget) : nil
    }

    /// The refusal when `control` has no `ControlPushHandler`: iOS gives it no push token, so no push reaches it; nil
    /// when it has one.
    public static func handlerRefusal(_ control: ControlDescriptor) -> PushRefusal? {
        control.pushHandler == nil ? refusal(.withoutHandler(kind: control.kind), receiver: .control) : nil
    }

    /// Why the system does not act on a content-changed push that APNs delivered.
    public enum RefusalReason: Equatable, Sendable {
        /// The payload's `aps` does not set `"content-changed": true`.
        case withoutContentChanged
        /// The receiver of this kind has no push handler, so iOS gave it no push token.
        case withoutHandler(kind: String)
    }

    /// The one builder of the refusals for `reason` to a widget or a control: `push-widget-…` or `push-control-…`,
    /// the same sentence for both with the receiver's own types (Apple: "Updating widgets with WidgetKit push
    /// notifications"; "Updating controls locally and remotely").
    public static func refusal(_ reason: RefusalReason, receiver: Receiver) -> PushRefusal {
        let name: String, handler: String, configuration: String, withoutContentChanged: String, unreachable: String
        switch receiver {
        case .widget:
            (name, handler, configuration) = ("widget", "WidgetPushHandler", "WidgetConfiguration (iOS 26)")
            withoutContentChanged = "WidgetKit ignores it"
            unreachable = "a widget push does not reload it"
        case .control:
            (name, handler) = ("control", "ControlPushHandler")
            configuration = "ControlWidgetConfiguration (in a control document: \"pushHandler\": {\"storeToken\": KEY})"
            withoutContentChanged = "the system does not reload the control"
            unreachable = "no push can reach it"
        }
        switch reason {
        case .withoutContentChanged:
            return PushRefusal(
                code: "push-\(name)-without-content-changed",
                message: "a \(name) push needs \"aps\": {\"content-changed\": true} (apns-push-type \(name)s); without it "
                    + "\(withoutContentChanged).")
        case .withoutHandler(let kind):
            return PushRefusal(
                code: "push-\(name)-without-handler",
                message: "\(kind) has no \(handler), so iOS gives it no push token and \(unreachable). Register one with "
                    + ".pushHandler(MyPushHandler.self) on its \(configuration) and send its token to your server.")
        }
    }
}

/// Why a push was refused (by APNs, or ignored by the system): a stable code, what happened and what to do.
public struct PushRefusal: Error, Sendable, CustomStringConvertible {
    /// Stable, kebab-case (`push-widget-without-handler`).
    public var code: String
    /// What was refused and how to fix it, in words.
    public var message: String
    /// Extra fields for `--format json` (the payload's size and the limit).
    public var values: [String: String]

    /// A refusal with `code` and `message`.
    public init(code: String, message: String, values: [String: String] = [:]) {
        self.code = code
        self.message = message
        self.values = values
    }

    /// `push-missing-aps: …`.
    public var description: String { "\(code): \(message)" }

    /// The refusal as an error diagnostic about `widget` (a widget or control kind).
    public func diagnostic(widget: String) -> Diagnostic {
        Diagnostic(severity: .error, code: code, message: message, widget: widget, values: values)
    }
}

// MARK: - A control receiving pushes

/// A control on the device receiving content-changed pushes: each is a reload (`currentValue()` asked again) paid from a
/// reload budget like a widget's (DECISIONS.md, "control pushes": Apple publishes no budget for control pushes), placed
/// at `placedAt` (a reload that does not count). A push within 5 minutes of the last reload is deferred to the end of
/// those 5 minutes (`takeDueReload(at:)` performs it); one with the day's budget spent is refused. Shared by
/// `widgetterm push --to CONTROL` and the preview's `U`. Not thread-safe: use it from one thread.
public final class ControlPushReceiver {
    /// What became of one push.
    public enum Outcome: Equatable, Sendable {
        /// `currentValue()` was asked again; `value` is false when it failed (the control keeps its value).
        case reloaded(value: Bool, left: Int)
        /// The reload waits until the date (5 minutes after the last reload).
        case deferred(until: Date)
        /// The day's budget is spent; reloads are possible again at the date, if known.
        case refusedBudgetSpent(until: Date?)
    }

    /// The control's session: its value, log and diagnostics.
    public let session: ControlSession
    /// The reloads paid so far.
    public private(set) var budget: ReloadBudget
    /// When a deferred reload happens, nil when none waits.
    public private(set) var deferredUntil: Date?

    /// A control placed at `placedAt` (its first value read then, not counted).
    public init(session: ControlSession, placedAt: Date, budget: ReloadBudget = ReloadBudget()) {
        self.session = session
        self.budget = budget
        self.budget.record(at: placedAt, counted: false)
    }

    /// A push arrives at `now`: reloaded, deferred or refused.
    public func receive(at now: Date) -> Outcome {
        if budget.remaining(at: now) <= 0 { return .refusedBudgetSpent(until: budget.nextAvailable(after: now)) }
        let earliest = budget.earliestReload(onOrAfter: now)
        if earliest > now {
            deferredUntil = earliest
            return .deferred(until: earliest)
        }
        return reload(at: now)
    }

    /// Performs the deferred reload when its time has come by `now`.
    /// - Parameter setClock: called with the reload's date before `currentValue()` runs (a replay moves the simulated
    ///   clock there; the live preview, whose clock is already past it, leaves it).
    /// - Returns: its date and outcome; nil when no reload was due.
    public func takeDueReload(at now: Date, setClock: (Date) -> Void = { _ in }) -> (date: Date, outcome: Outcome)? {
        guard let until = deferredUntil, until <= now else { return nil }
        deferredUntil = nil
        setClock(until)
        return (until, reload(at: until))
    }

    private func reload(at date: Date) -> Outcome {
        budget.record(at: date, counted: true)
        let read = session.receivePush()
        return .reloaded(value: read, left: budget.remaining(at: date))
    }
}
