import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - push to a control

/// `widgetterm push FILE --to CONTROL`: a control push (`apns-push-type: controls`, `"content-changed": true`, sent to
/// the token the control's `ControlPushHandler` received) makes the system reload that control, asking its
/// `currentValue()` again (Apple, "Updating controls locally and remotely"). Apple publishes no budget for control
/// pushes; WidgetTerm pays them from a reload budget like a widget's (DECISIONS.md, "control pushes"): the control was
/// placed an hour before the first push, and push N arrives at `--at` + (N-1) × `--every`, reloaded (with the reloads
/// left), deferred by the 5-minute minimum interval (the reload happens then: the output says so), or refused when
/// the day's budget is spent. The control's handler gets its token first; the frame after the last push is printed.
enum ControlPushReplay {
    /// How long before the first push the control was placed, in seconds.
    static let placedBefore: TimeInterval = 3600

    /// The placement the frame is printed at: Control Center's medium size, which shows the symbol, title and value.
    static let placement = ControlPlacement.medium

    static func run(
        _ descriptor: ControlDescriptor, controls: [ControlDescriptor], timeZone: TimeZone, format: OutputFormat, times: Int,
        every: Int, start: Date, output: TextStream, errors: TextStream
    ) -> Int32 {
        // iOS hands every push control's handler its token when the control is added; the server sends to it.
        let tokens = WidgetPushTokenService(widgets: [], controls: controls)
        let handler = descriptor.pushHandlerName ?? "the handler"
        if let token = tokens.issueControlTokens()[descriptor.kind] {
            output.write(
                "control push token \(token.hexadecimalString) (given to \(handler).pushTokensDidChange(controls:))\n")
        }
        HostClock.set(start.addingTimeInterval(-placedBefore))
        let receiver = ControlPushReceiver(
            session: ControlSession(descriptor: descriptor), placedAt: start.addingTimeInterval(-placedBefore))
        let session = receiver.session
        func clock(_ date: Date) -> String { ReloadEvent.clockTime(date, timeZone: timeZone) }
        func line(_ outcome: ControlPushReceiver.Outcome) -> String {
            switch outcome {
            case .reloaded(let read, let left):
                let value = read ? ControlSession.describe(session.current) : "kept \(ControlSession.describe(session.current))"
                return "currentValue() → \(value), \(left) reloads left in the day's budget"
            case .deferred(let until): return "deferred to \(clock(until)) (5 minutes between reloads)"
            case .refusedBudgetSpent(let until):
                return "refused: the reload budget is spent" + (until.map { " until \(clock($0))" } ?? "")
            }
        }
        for index in 1...times {
            let now = start.addingTimeInterval(Double((index - 1) * every))
            // A deferred reload happens when its time comes, before the next push arrives.
            if let due = receiver.takeDueReload(at: now, setClock: HostClock.set) {
                output.write("deferred reload at \(clock(due.date)): \(line(due.outcome))\n")
            }
            HostClock.set(now)
            let outcome = receiver.receive(at: now)
            var text = line(outcome)
            if case .reloaded = outcome { text = "reloaded \(descriptor.kind), " + text }
            output.write("control push \(index) at \(clock(now)): \(text)\n")
        }
        if let until = receiver.deferredUntil, let due = receiver.takeDueReload(at: until, setClock: HostClock.set) {
            output.write("deferred reload at \(clock(due.date)): \(line(due.outcome))\n")
        }
        output.write("\n\(placement.title)\n")
        output.write(
            format.encode(ControlRenderer.render(session.current, placement: placement), widget: descriptor.kind, family: .systemSmall))
        let findings = tokens.diagnostics() + session.diagnostics
        errors.write(DiagnosticFormatter.text(findings))
        return findings.contains { $0.severity == .error } ? 1 : 0
    }
}
