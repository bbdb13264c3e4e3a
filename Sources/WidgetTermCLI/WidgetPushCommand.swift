import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - push to a widget

/// `widgetterm push FILE --to WIDGET`: a WidgetKit push (`apns-push-type: widgets`, `"content-changed": true`) is a
/// reload request the widget's reload budget pays for (DECISIONS.md, "push payloads" 4): the widget has been on the
/// Home Screen for an hour (its first timeline fetched then), and push N arrives at `--at` + (N-1) × `--every`. Each push
/// goes through the `TimelineScheduler` as `ReloadReason.widgetPush`: reloaded, deferred by the 5-minute minimum
/// interval, or refused when the day's budget is spent. The frame after the last push is printed. A widget with a
/// `WidgetPushHandler` gets its token first; a handler that does not read it is reported (`push-token-not-stored`).
enum WidgetPushReplay {
    /// How long before the first push the widget was placed (its initial reload), in seconds.
    static let placedBefore: TimeInterval = 3600

    static func run(
        _ descriptor: WidgetDescriptor, settings: RenderSettings, format: OutputFormat, times: Int, every: Int, start: Date,
        output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let family = try settings.family(for: descriptor)
        let session = try settings.session(for: descriptor)
        // A widget with a push handler is handed its token first, as iOS does when it configures the widget for push.
        var findings: [Diagnostic] = []
        if let handler = descriptor.pushHandlerName {
            let tokens = WidgetPushTokenService(widgets: [descriptor], host: session.host)
            if let token = tokens.issueWidgetToken() {
                output.write("widget push token \(token.hexadecimalString) (given to \(handler).pushTokenDidChange(_:widgets:))\n")
            }
            findings = tokens.diagnostics()
        }
        let scheduler = TimelineScheduler(session: session, family: family, device: settings.device)
        // Each reload runs with the clock at its own moment, as `timeline` does: a provider's `Date()` is when the
        // push arrived, so an entry dated `Date()` has arrived when the frame after it is drawn (with a running
        // clock it was a few milliseconds in the future, and one push printed the placeholder).
        HostClock.isPaused = true
        HostClock.set(start.addingTimeInterval(-placedBefore))
        scheduler.requestReload(at: start.addingTimeInterval(-placedBefore), reason: .initial)
        var last = start
        for index in 1...times {
            HostClock.set(start.addingTimeInterval(Double((index - 1) * every)))
            let now = HostClock.now // the clock's own reading: it keeps whole nanoseconds, so `Date()` equals it
            last = now
            let event = scheduler.requestReload(at: now, reason: .widgetPush)
            let time = ReloadEvent.clockTime(now, timeZone: settings.timeZone)
            let outcome: String
            switch event.outcome {
            case .reloaded(let left): outcome = "reloaded \(descriptor.kind), \(left) reloads left in the day's budget"
            case .deferred(let until):
                outcome = "deferred to \(ReloadEvent.clockTime(until, timeZone: settings.timeZone)) (5 minutes between reloads)"
            case .refusedBudgetSpent(let until):
                outcome =
                    "refused: the reload budget is spent"
                    + (until.map { " until \(ReloadEvent.clockTime($0, timeZone: settings.timeZone))" } ?? "")
            case .failed(let message): outcome = "the provider failed: \(message)"
            }
            output.write("widget push \(index) at \(time): \(outcome)\n")
        }
        let options = settings.options(family: family, date: last)
        let selection: EntrySelection
        if let timeline = scheduler.timeline {
            selection = session.select(in: timeline, at: last, family: family, device: settings.device)
        } else {
            selection = try session.selectEntry(family: family, device: settings.device, context: settings.context)
        }
        output.write(format.encode(session.render(selection, options: options), widget: descriptor.kind, family: family))
        errors.write(DiagnosticFormatter.text(findings))
        return 0
    }
}
