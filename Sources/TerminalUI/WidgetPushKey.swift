import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - `U`: a content-changed push to a widget or a control

extension PreviewApp {
    /// The payload `U` sends without `--widget-push-file`.
    static let defaultWidgetPush = #"{"aps": {"content-changed": true}}"#

    /// `U`: sends the `--widget-push-file` payload (else `{"aps": {"content-changed": true}}`) as APNs delivers it: on the
    /// Control Center screen to the selected control (`apns-push-type: controls`), elsewhere to the focused widget in every
    /// family it is placed in (`apns-push-type: widgets`). The checks are `ContentChangedPush`'s, as `widgetterm push`
    /// makes them: a payload APNs refuses, or a receiver without a push handler (iOS gave it no token, so nothing
    /// reaches it), is logged and nothing reloads. Otherwise the push is a reload paid from the budget: reloaded,
    /// deferred by the 5-minute minimum, or refused with the budget spent, as the log says.
    func sendWidgetPush() {
        let now = HostClock.now
        let data: Data
        let source: String
        if let file = configuration.widgetPushFile {
            guard let contents = FileManager.default.contents(atPath: file) else {
                log.append(.diagnostic, "push: \(file) cannot be read", at: now)
                return
            }
            data = contents
            source = file
        } else {
            data = Data(Self.defaultWidgetPush.utf8)
            source = "the default payload"
        }
        if controlScreen.isShown {
            sendControlPush(data, source: source, at: now)
            return
        }
        guard let widget = currentWidget else {
            log.append(.info, "push: no widget to send a widget push to", at: now)
            return
        }
        guard widget.activity == nil else {
            log.append(.info, "push: \(widget.kind) is a Live Activity; P applies an ActivityKit push (--push-file) to it", at: now)
            return
        }
        do {
            _ = try ContentChangedPush(data: data, source: source, receiver: .widget)
        } catch {
            log.append(.diagnostic, "push to \(widget.kind) refused [\(error.code)]: \(error.message)", at: now)
            return
        }
        if let refusal = ContentChangedPush.handlerRefusal(widget) {
            log.append(.diagnostic, "push to \(widget.kind) not delivered, no reload [\(refusal.code)]: \(refusal.message)", at: now)
            return
        }
        log.append(.info, "widget push (content-changed) to \(widget.kind)", at: now)
        for family in families(of: widget) {
            let instance = instance(of: widget, family: family)
            logReload(instance.reload(at: now, reason: .widgetPush), instance: instance)
        }
    }

    /// `U` on the Control Center screen: a control push to the selected control.
    private func sendControlPush(_ data: Data, source: String, at now: Date) {
        guard let session = controlScreen.session(host: host, timeLimit: configuration.intentTimeLimit) else {
            log.append(.info, "push: no controls in this bundle", at: now)
            return
        }
        let kind = session.descriptor.kind
        do {
            _ = try ContentChangedPush(data: data, source: source, receiver: .control)
        } catch {
            log.append(.diagnostic, "push to \(kind) refused [\(error.code)]: \(error.message)", at: now)
            return
        }
        if let refusal = ContentChangedPush.handlerRefusal(session.descriptor) {
            log.append(.diagnostic, "push to \(kind) not delivered, no reload [\(refusal.code)]: \(refusal.message)", at: now)
            return
        }
        let receiver = controlScreen.receiver(for: session)
        logControlPush(receiver.receive(at: now), kind: kind, at: now)
        logControlLines(at: now)
    }

    /// Performs the control reloads deferred by the 5-minute minimum whose time has come.
    func takeDueControlPushes(at now: Date) {
        for receiver in controlScreen.waitingReceivers {
            guard let due = receiver.takeDueReload(at: now) else { continue }
            logControlPush(due.outcome, kind: receiver.session.descriptor.kind, at: due.date, deferred: true)
            if controlScreen.isShown { logControlLines(at: now) }
        }
    }

    private func logControlPush(_ outcome: ControlPushReceiver.Outcome, kind: String, at date: Date, deferred: Bool = false) {
        let what = deferred ? "deferred control push reload" : "control push (content-changed) to \(kind)"
        switch outcome {
        case .reloaded(_, let left):
            log.append(.reload, "\(what): \(kind) reloaded · budget left \(left)", at: date)
        case .deferred(let until):
            log.append(.reload, "\(what): reload deferred to \(clockFormatter.string(from: until)) (5-minute minimum)", at: date)
        case .refusedBudgetSpent(let until):
            log.append(
                .reload, "\(what): reload refused · budget spent" + (until.map { " until \(clockFormatter.string(from: $0))" } ?? ""),
                at: date)
        }
    }
}
