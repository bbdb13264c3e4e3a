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
        let handler = descriptor.pushHandler.map { "\(type(of: $0))" } ?? "the handler"
        if let token = tokens.issueControlTokens()[descriptor.kind] {
            output.write(
                "control push token \(token.hexadecimalString) (given to \(handler).pushTokensDidChange(controls:))\n")
        }
        HostClock.set(start.addingTimeInterval(-placedBefore))
        let session = ControlSession(descriptor: descriptor)
        var budget = ReloadBudget()
        budget.record(at: start.addingTimeInterval(-placedBefore), counted: false)
        var deferredUntil: Date?
        func clock(_ date: Date) -> String { ReloadEvent.clockTime(date, timeZone: timeZone) }
        func reload(at date: Date) -> String {
            HostClock.set(date)
            budget.record(at: date, counted: true)
            let value =
                session.receivePush() ? ControlSession.describe(session.current) : "kept \(ControlSession.describe(session.current))"
            return "currentValue() → \(value), \(budget.remaining(at: date)) reloads left in the day's budget"
        }
        for index in 1...times {
            let now = start.addingTimeInterval(Double((index - 1) * every))
            // A deferred reload happens when its time comes, before the next push arrives.
            if let until = deferredUntil, until <= now {
                deferredUntil = nil
                output.write("deferred reload at \(clock(until)): \(reload(at: until))\n")
            }
            let line: String
            if budget.remaining(at: now) <= 0 {
                line = "refused: the reload budget is spent" + (budget.nextAvailable(after: now).map { " until \(clock($0))" } ?? "")
            } else if budget.earliestReload(onOrAfter: now) > now {
                let until = budget.earliestReload(onOrAfter: now)
                deferredUntil = until
                line = "deferred to \(clock(until)) (5 minutes between reloads)"
            } else {
                line = "reloaded \(descriptor.kind), \(reload(at: now))"
            }
            output.write("control push \(index) at \(clock(now)): \(line)\n")
        }
        if let until = deferredUntil {
            output.write("deferred reload at \(clock(until)): \(reload(at: until))\n")
        }
        output.write("\n\(placement.title)\n")
        output.write(
            format.encode(ControlRenderer.render(session.current, placement: placement), widget: descriptor.kind, family: .systemSmall))
        let findings = tokens.diagnostics() + session.diagnostics
        errors.write(DiagnosticFormatter.text(findings))
        return findings.contains { $0.severity == .error } ? 1 : 0
    }
}
