import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
@testable import TerminalUI
import WidgetHost
import WidgetKitUI

// MARK: - A control and a widget that take pushes, their values in memory

/// The value the push control's `currentValue()` reads, by kind (tests run in parallel).
private final class PushedCount: @unchecked Sendable {
    static let shared = PushedCount()
    private let lock = NSLock()
    private var values: [String: Int] = [:]
    func get(_ kind: String) -> Int { lock.withLock { values[kind] ?? 0 } }
    func set(_ kind: String, _ value: Int) { lock.withLock { values[kind] = value } }
}

private struct PushedCountProvider: ControlValueProvider {
    var kind: String
    var previewValue: Int { 0 }
    func currentValue() async throws -> Int { PushedCount.shared.get(kind) }
}

private struct OpenQueueIntent: AppIntent {
    static var title: LocalizedStringResource { "Open" }
    func perform() async throws -> some IntentResult { .result() }
}

/// Keeps every control's token (sends it to the "server").
private struct QueuePushHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        for control in controls { _ = control.pushInfo?.token }
    }
}

private struct QueueControl: ControlWidget {
    var kind = "queue"
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: kind, provider: PushedCountProvider(kind: kind)) { value in
            ControlWidgetButton(action: OpenQueueIntent()) {
                Label("Queue", systemImage: "person.3.fill")
            } valueLabel: {
                Text("\(value) waiting")
            }
        }
        .displayName("Queue")
        .pushHandler(QueuePushHandler.self)
    }
}

/// Reads the widget token (sends it to the "server").
private struct ScoresPushHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = pushInfo.token }
}

private struct ScoreEntry: TimelineEntry { let date: Date }

private struct ScoreProvider: TimelineProvider {
    func placeholder(in context: Context) -> ScoreEntry { ScoreEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (ScoreEntry) -> Void) { completion(ScoreEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ScoreEntry>) -> Void) {
        completion(Timeline(entries: [ScoreEntry(date: Date())], policy: .never))
    }
}

/// A small widget configured for push.
private var scores: WidgetDescriptor {
    StaticConfiguration(kind: "scores", provider: ScoreProvider()) { _ in
        Text("Scores").containerBackground(.white, for: .widget)
    }
    .supportedFamilies([.systemSmall])
    .pushHandler(ScoresPushHandler.self)
    .descriptor
}

// MARK: - `U`: widget and control pushes in the preview

@Suite struct PreviewSurfaceKeyTests {
    static func makePreview(widgets: [WidgetDescriptor], controls: [ControlDescriptor] = [], pushFile: String? = nil) -> PreviewApp {
        var configuration = PreviewConfiguration(widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
        configuration.controls = controls
        configuration.widgetPushFile = pushFile
        return PreviewApp(configuration: configuration, terminal: MemoryTerminal(width: 120, height: 40))
    }

    /// The log lines written since `count` lines.
    static func newLines(_ app: PreviewApp, after count: Int) -> [String] { Array(app.log.texts.dropFirst(count)) }

    /// A preview of `widgets` ten minutes after its first frame, the event log lines that pressing `U` adds.
    static func linesAfterWidgetPushKey(widgets: [WidgetDescriptor]) -> [String] {
        let app = makePreview(widgets: widgets)
        app.renderFrame()
        HostClock.set(FixedClock.reference.addingTimeInterval(600))
        let count = app.log.texts.count
        app.handle(.key(.character("U")))
        return newLines(app, after: count)
    }

    @Test("U on the C screen: the control reloads (currentValue() again) from its budget; a second push within 5 minutes waits")
    func controlPush() {
        FixedClock.run {
            let kind = "queue-push"
            PushedCount.shared.set(kind, 2)
            let app = Self.makePreview(widgets: [scores], controls: [QueueControl(kind: kind).body.controlDescriptor])
            app.handle(.key(.character("C")))
            app.renderFrame()
            #expect(app.controlScreen.isShown)
            // Ten minutes after the control was shown, the server has 7 in the queue and pushes.
            HostClock.set(FixedClock.reference.addingTimeInterval(600))
            PushedCount.shared.set(kind, 7)
            var count = app.log.texts.count
            app.handle(.key(.character("U")))
            #expect(
                Self.newLines(app, after: count) == [
                    "control push (content-changed) to \(kind): \(kind) reloaded · budget left 39",
                    #"push: currentValue() → button "7 waiting""#,
                ])
            // Two minutes later: deferred to five minutes after the last reload.
            HostClock.set(FixedClock.reference.addingTimeInterval(720))
            PushedCount.shared.set(kind, 9)
            count = app.log.texts.count
            app.handle(.key(.character("U")))
            #expect(
                Self.newLines(app, after: count) == [
                    "control push (content-changed) to \(kind): reload deferred to 2026-03-14 09:56:00 (5-minute minimum)"
                ])
            #expect(app.controlScreen.session(host: app.host, timeLimit: 5)?.current.valueText == "7 waiting")
            // When the time comes, the deferred reload happens.
            HostClock.set(FixedClock.reference.addingTimeInterval(960))
            count = app.log.texts.count
            app.update(at: HostClock.now)
            #expect(
                Self.newLines(app, after: count) == [
                    "deferred control push reload: \(kind) reloaded · budget left 38", #"push: currentValue() → button "9 waiting""#,
                ])
            app.renderFrame()
            #expect(app.controlScreen.session(host: app.host, timeLimit: 5)?.current.valueText == "9 waiting")
        }
    }

    @Test("U on a control without a ControlPushHandler: not delivered, said in the log, currentValue() not asked")
    func controlWithoutHandler() {
        FixedClock.run {
            let focus = SampleWidgetBundle().controlDescriptors.filter { $0.kind == "focus" }
            let app = Self.makePreview(widgets: [scores], controls: focus)
            app.handle(.key(.character("C")))
            let session = app.controlScreen.session(host: app.host, timeLimit: 5)
            let logged = session?.log.count
            app.handle(.key(.character("U")))
            let expected: String =
                "push to focus not delivered, no reload [push-control-without-handler]: focus has no ControlPushHandler, so iOS "
                + "gives it no push token and no push can reach it. Register one with .pushHandler(MyPushHandler.self) on its "
                + "ControlWidgetConfiguration (in a control document: \"pushHandler\": {\"storeToken\": KEY}) and send its token to "
                + "your server."
            #expect(app.log.texts.last == expected)
            #expect(session?.log.count == logged)
        }
    }

    @Test("U on a widget with a WidgetPushHandler: a widget-push reload of each family, paid from the budget")
    func widgetPush() {
        FixedClock.run {
            #expect(
                Self.linesAfterWidgetPushKey(widgets: [scores]) == [
                    "widget push (content-changed) to scores", "scores/systemSmall reload: widget push · budget left 38",
                ])
        }
    }

    @Test("U on a widget without a WidgetPushHandler: no reload, and the log says why")
    func widgetWithoutHandler() {
        FixedClock.run {
            let water = SampleWidgetBundle().widgetDescriptors.filter { $0.kind == "water" }
            #expect(
                Self.linesAfterWidgetPushKey(widgets: water) == [
                    "push to water not delivered, no reload [push-widget-without-handler]: water has no WidgetPushHandler, so iOS "
                        + "gives it no push token and a widget push does not reload it. Register one with "
                        + ".pushHandler(MyPushHandler.self) on its WidgetConfiguration (iOS 26) and send its token to your server."
                ])
        }
    }

    @Test("--widget-push-file: a payload without content-changed is refused, naming the code; nothing reloads")
    func payloadRefused() throws {
        let file = try PushTests.payload(["aps": ["alert": "hi"]])
        FixedClock.run {
            let app = Self.makePreview(widgets: [scores], pushFile: file)
            app.renderFrame()
            let count = app.log.texts.count
            app.handle(.key(.character("U")))
            #expect(
                Self.newLines(app, after: count) == [
                    "push to scores refused [push-widget-without-content-changed]: a widget push needs \"aps\": "
                        + "{\"content-changed\": true} (apns-push-type widgets); without it WidgetKit ignores it."
                ])
        }
    }

    @Test("U is in the help overlay and the hint rows")
    func keyIsListed() {
        #expect(KeyBindings.action(for: .character("U")) == .sendWidgetPush)
        #expect(KeyBindings.helpLines.contains { $0.0 == "U" && $0.1.hasPrefix("widget push: content-changed (--widget-push-file)") })
        #expect(KeyBindings.hintRows(width: 120, maxRows: 2)[0].contains { $0.0 == "i/C/S/R/A/P/U" })
    }
}
