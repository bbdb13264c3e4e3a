import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
@testable import TerminalUI
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

// MARK: - Start pushes in the preview (`P`)

@Suite struct PreviewStartPushTests {
    static func makePreview(pushFile: String, kinds: [String]) -> (PreviewApp, MemoryTerminal) {
        let widgets = SampleWidgetBundle().widgetDescriptors.filter { kinds.contains($0.kind) }
        let terminal = MemoryTerminal(width: 120, height: 60)
        var configuration = PreviewConfiguration(widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
        configuration.pushFile = pushFile
        return (PreviewApp(configuration: configuration, terminal: terminal), terminal)
    }

    @Test("P with a start push starts a new activity of the selected kind from attributes and content-state, and shows it")
    func startPush() {
        FixedClock.run {
            let (app, terminal) = Self.makePreview(
                pushFile: PushTests.examples.appendingPathComponent("delivery-start.json").path, kinds: ["delivery"])
            app.handle(.key(.character("i")))
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(app.log.texts.contains("push: delivery started as activity-1 by a start push"), "\(app.log.texts)")
            #expect(app.islands.isShown)
            #expect(app.islands.running.map(\.id) == ["activity-1"])
            let record = app.islands.center.snapshot(id: "activity-1")?.record
            #expect(record?.attributes == Data(#"{"orderDate":795174060,"orderNumber":"1099","restaurant":"Taco Loco"}"#.utf8))
            #expect(record?.content.state == Data(#"{"eta":795176460,"stage":1}"#.utf8))
            #expect(terminal.text.contains("▸ 1. delivery · active · state 1/1"), "\(terminal.text)")
            #expect(terminal.text.contains("Being prepared"), "\(terminal.text)")
        }
    }

    @Test("a start push whose attributes-type is another type is refused, naming both types and the kind that takes it")
    func wrongAttributesType() throws {
        var aps: [String: Any] = [
            "event": "start", "timestamp": 1_773_481_260, "attributes-type": "WorkoutAttributes",
            "attributes": ["orderNumber": "1", "restaurant": "R", "orderDate": 795_174_060],
            "content-state": ["stage": 0, "eta": 795_176_460], "alert": ["title": "Order 1", "body": "Started", "sound": "default"],
        ]
        FixedClock.run {
            let file = try? PushTests.payload(["aps": aps])
            let (app, _) = Self.makePreview(pushFile: file!, kinds: ["delivery", "workout"])
            app.handle(.key(.character("i")))
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(
                app.log.texts.last
                    == "push refused [push-start-wrong-attributes-type]: \"aps.attributes-type\" is \"WorkoutAttributes\"; delivery is "
                    + "an ActivityConfiguration for DeliveryAttributes, so iOS starts nothing (workout takes WorkoutAttributes: press "
                    + "k to select it)")
            #expect(app.islands.running.isEmpty)
        }
        aps["attributes-type"] = "DeliveryAttributes"
        aps["attributes"] = ["orderNumber": "1", "orderDate": 795_174_060]
        FixedClock.run {
            let file = try? PushTests.payload(["aps": aps])
            let (app, _) = Self.makePreview(pushFile: file!, kinds: ["delivery"])
            app.handle(.key(.character("i")))
            app.handle(.key(.character("P")))
            #expect(
                app.log.texts.last?.hasPrefix("push refused [push-attributes-mismatch]: aps.attributes") == true, "\(app.log.texts)")
            #expect(app.islands.running.isEmpty)
        }
        aps["attributes"] = nil
        FixedClock.run {
            let file = try? PushTests.payload(["aps": aps])
            let (app, _) = Self.makePreview(pushFile: file!, kinds: ["delivery"])
            app.handle(.key(.character("P")))
            #expect(
                app.log.texts.last
                    == "push refused [push-start-without-attributes]: a start push needs \"aps.attributes\": the encoded DeliveryAttributes"
            )
        }
    }
}

// MARK: - A start push needs an alert

@Suite struct StartPushAlertTests {
    static func startAPS() -> [String: Any] {
        [
            "event": "start", "timestamp": 1_773_481_260, "attributes-type": "DeliveryAttributes",
            "attributes": ["orderNumber": "1099", "restaurant": "Taco Loco", "orderDate": 795_174_060],
            "content-state": ["stage": 1, "eta": 795_176_460],
        ]
    }

    @Test("push: a start push without an alert is refused as ActivityKit documents it; with one, the start alerts")
    func pushCommand() throws {
        let refused = PushTests.run(["push", try PushTests.payload(["aps": Self.startAPS()]), "--to", "delivery"])
        #expect(refused.status == 1)
        #expect(refused.output == "")
        #expect(refused.errors == "error push-start-without-alert delivery: \(ActivityPushPayload.startWithoutAlert)\n")
        let started = PushTests.run(["push", PushTests.examples.appendingPathComponent("delivery-start.json").path, "--to", "delivery"])
        #expect(started.status == 0, "\(started.errors)")
        #expect(
            started.output.contains(
                "push 1 at 2026-03-14 09:41 (priority 10, start): applied\n"
                    + "alert: “Order 1099” Taco Loco is preparing your order · sound default (shown in the expanded island)\n"
                    + "expanded, active:\n"), "\(started.output)")
    }

    @Test("a start push on iOS 16 or earlier is refused (push-to-start tokens are iOS 17.2+), in push and in the preview")
    func startPushNeedsIOS17_2() throws {
        let start = PushTests.examples.appendingPathComponent("delivery-start.json").path
        let expected = try #require(ActivityChecks.pushToStartFinding(kind: "delivery", osVersion: 16))
        #expect(expected.code == "push-to-start-needs-ios-17-2")
        #expect(expected.message.hasPrefix("a start push needs iOS 17.2 or later"))
        let refused = PushTests.run(["push", start, "--to", "delivery", "--os", "16"])
        #expect(refused.status == 1)
        #expect(refused.output == "")
        #expect(refused.errors == "error push-to-start-needs-ios-17-2 delivery: \(expected.message) {minimum=17.2, os=16}\n")
        #expect(PushTests.run(["push", start, "--to", "delivery", "--os", "17"]).status == 0)
        #expect(ActivityChecks.pushToStartFinding(kind: "delivery", osVersion: 17) == nil)
        FixedClock.run {
            let (app, _) = PreviewStartPushTests.makePreview(pushFile: start, kinds: ["delivery"])
            app.configuration.osVersion = 16
            app.handle(.key(.character("i")))
            app.handle(.key(.character("P")))
            #expect(app.log.texts.last == "push refused [push-to-start-needs-ios-17-2]: \(expected.message)")
            #expect(app.islands.running.isEmpty)
        }
    }

    @Test("P: a start push without an alert is refused and starts nothing; with one, the island expands for the alert")
    func preview() throws {
        let file = try PushTests.payload(["aps": Self.startAPS()])
        FixedClock.run {
            let (app, _) = PreviewStartPushTests.makePreview(pushFile: file, kinds: ["delivery"])
            app.handle(.key(.character("i")))
            app.handle(.key(.character("P")))
            #expect(app.log.texts.last == "push refused [push-start-without-alert]: \(ActivityPushPayload.startWithoutAlert)")
            #expect(app.islands.running.isEmpty)
        }
        FixedClock.run {
            let (app, terminal) = PreviewStartPushTests.makePreview(
                pushFile: PushTests.examples.appendingPathComponent("delivery-start.json").path, kinds: ["delivery"])
            app.handle(.key(.character("i")))
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(app.islands.center.alerts.map(\.activityID) == ["activity-1"])
            #expect(terminal.text.contains("Dynamic Island · expanded by an alert · ♪ default · alert"), "\(terminal.text)")
        }
    }
}

// MARK: - Widget and control push handlers

/// What the tests' handlers received, by handler.
private final class Received: @unchecked Sendable {
    static let shared = Received()
    private let lock = NSLock()
    private var calls: [String: [(token: Data, kinds: [String])]] = [:]
    func add(_ handler: String, _ token: Data, _ kinds: [String]) { lock.withLock { calls[handler, default: []].append((token, kinds)) } }
    func calls(_ handler: String) -> [(token: Data, kinds: [String])] { lock.withLock { calls[handler] ?? [] } }
}

/// Sends each token it gets to the "server" (reads it).
private struct StoringWidgetHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        Received.shared.add("StoringWidgetHandler", pushInfo.token, widgets.map { "\($0.kind)/\($0.family)" })
    }
}

/// Never reads the token: the pitfall.
private struct ForgetfulWidgetHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        Received.shared.add("ForgetfulWidgetHandler", Data(), widgets.map(\.kind))
    }
}

private struct PushEntry: TimelineEntry { let date: Date }

private struct PushProvider: TimelineProvider {
    func placeholder(in context: Context) -> PushEntry { PushEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (PushEntry) -> Void) { completion(PushEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PushEntry>) -> Void) {
        completion(Timeline(entries: [PushEntry(date: Date())], policy: .never))
    }
}

private func pushWidget(_ kind: String, handler: any WidgetPushHandler.Type) -> WidgetDescriptor {
    StaticConfiguration(kind: kind, provider: PushProvider()) { _ in Text("Scores").containerBackground(.white, for: .widget) }
        .supportedFamilies([.systemMedium, .systemSmall])
        .pushHandler(handler)
        .descriptor
}

private struct StoringControlHandler: ControlPushHandler {
    func pushTokensDidChange(controls: [ControlInfo]) {
        for control in controls {
            Received.shared.add("StoringControlHandler", control.pushInfo?.token ?? Data(), controls.map(\.kind))
        }
    }
}

private final class PushedValue: @unchecked Sendable {
    static let shared = PushedValue()
    private let lock = NSLock()
    private var value = 1
    func get() -> Int { lock.withLock { value } }
    func set(_ new: Int) { lock.withLock { value = new } }
}

private struct PushedValueProvider: ControlValueProvider {
    var previewValue: Int { 0 }
    func currentValue() async throws -> Int { PushedValue.shared.get() }
}

private struct NoOpIntent: AppIntent {
    static var title: LocalizedStringResource { "Open" }
    func perform() async throws -> some IntentResult { .result() }
}

private struct PushedControl: ControlWidget {
    var kind = "pushed-control"
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: kind, provider: PushedValueProvider()) { value in
            ControlWidgetButton(action: NoOpIntent()) {
                Label("Queue", systemImage: "person.3.fill")
            } valueLabel: {
                Text("\(value) waiting")
            }
        }
        .pushHandler(StoringControlHandler.self)
    }
}

@Suite(.serialized) struct PushHandlerTests {
    @Test("pushTokenDidChange gets each widget token as iOS issues it, with the widgets that use the handler; all read: no finding")
    func widgetTokens() {
        let service = WidgetPushTokenService(widgets: [
            pushWidget("scores", handler: StoringWidgetHandler.self), pushWidget("table", handler: StoringWidgetHandler.self),
        ])
        let first = service.issueWidgetToken()
        let second = service.issueWidgetToken()
        #expect(first == ActivityPushService.token(seed: "widgets#1"))
        #expect(second == ActivityPushService.token(seed: "widgets#2"))
        #expect(first?.hexadecimalString.count == 64 && first != second)
        let calls = Received.shared.calls("StoringWidgetHandler").suffix(2)
        #expect(calls.map(\.token) == [first, second])
        #expect(calls.map(\.kinds) == [["scores/systemMedium", "table/systemMedium"], ["scores/systemMedium", "table/systemMedium"]])
        #expect(service.deliveries.map(\.handler) == ["StoringWidgetHandler", "StoringWidgetHandler"])
        #expect(service.diagnostics().isEmpty)
        #expect(WidgetPushTokenService(widgets: SampleWidgetBundle().widgetDescriptors).issueWidgetToken() == nil)
    }

    @Test("a handler that never reads pushInfo.token gets push-token-not-stored, naming the handler, the widgets and the token")
    func forgetfulHandler() {
        let service = WidgetPushTokenService(widgets: [pushWidget("news", handler: ForgetfulWidgetHandler.self)])
        let token = service.issueWidgetToken()!
        let findings = service.diagnostics()
        #expect(findings.map(\.code) == ["push-token-not-stored"])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.widget == "news")
        #expect(
            findings.first?.message
                == "ForgetfulWidgetHandler.pushTokenDidChange(_:widgets:) was given a new token for the widgets and never read "
                + "pushInfo.token: a token is valid only until the next call, so pushes sent to the old one stop reaching news. "
                + "Send each new token to your server.")
        #expect(findings.first?.values["token"] == token.hexadecimalString)
    }

    @Test("WidgetCenter.shared.currentPushInfo: nil before a token, then the latest token; reading it stores the token")
    func currentPushInfo() async {
        let host = HostContext()
        let service = WidgetPushTokenService(widgets: [pushWidget("news", handler: ForgetfulWidgetHandler.self)], host: host)
        #expect(await host.run { await WidgetCenter.shared.currentPushInfo } == nil)
        let first = service.issueWidgetToken()
        // The handler never read it: the app reads it from WidgetCenter instead, which counts as sending it.
        #expect(service.diagnostics().map(\.code) == ["push-token-not-stored"])
        #expect(await host.run { await WidgetCenter.shared.currentPushInfo?.token } == first)
        #expect(service.diagnostics().isEmpty)
        let second = service.issueWidgetToken()
        #expect(second == ActivityPushService.token(seed: "widgets#2"))
        #expect(await host.run { await WidgetCenter.shared.currentPushInfo?.token } == second)
        // Another host, and a host whose widgets have no push handler, have no push info.
        #expect(await HostContext().run { await WidgetCenter.shared.currentPushInfo } == nil)
        let plain = HostContext()
        #expect(WidgetPushTokenService(widgets: SampleWidgetBundle().widgetDescriptors, host: plain).issueWidgetToken() == nil)
        #expect(await plain.run { await WidgetCenter.shared.currentPushInfo } == nil)
    }

    @Test("pushTokensDidChange gets every push control's info even when one token changed; a control push calls currentValue() again")
    func controlTokensAndPush() {
        let controls = [PushedControl(kind: "queue-a").body.controlDescriptor, PushedControl(kind: "queue-b").body.controlDescriptor]
        let service = WidgetPushTokenService(widgets: [], controls: controls)
        let issued = service.issueControlTokens()
        #expect(
            issued == [
                "queue-a": ActivityPushService.token(seed: "control queue-a#1"),
                "queue-b": ActivityPushService.token(seed: "control queue-b#1"),
            ])
        let again = service.issueControlTokens(kinds: ["queue-b"])
        #expect(again == ["queue-b": ActivityPushService.token(seed: "control queue-b#2")])
        let calls = Received.shared.calls("StoringControlHandler").suffix(4)
        // Both calls list both controls; the second carries queue-a's unchanged token and queue-b's new one.
        #expect(
            calls.map(\.token) == [
                issued["queue-a"], issued["queue-b"], issued["queue-a"], again["queue-b"],
            ])
        #expect(calls.allSatisfy { $0.kinds == ["queue-a", "queue-b"] })
        #expect(service.issuedControlTokens(kind: "queue-b").count == 2)
        #expect(service.diagnostics().isEmpty)

        PushedValue.shared.set(3)
        let session = ControlSession(descriptor: controls[0])
        #expect(session.current.valueText == "3 waiting")
        PushedValue.shared.set(7)
        #expect(session.receivePush())
        #expect(session.current.valueText == "7 waiting")
        #expect(session.log.last == #"push: currentValue() → button "7 waiting""#)
    }

    @Test("push --to a widget with a push handler hands it the token first; a handler that does not read it is reported")
    func pushCommandIssuesTheToken() throws {
        let file = try PushTests.payload(["aps": ["content-changed": true]])
        let widgets = [pushWidget("scores", handler: StoringWidgetHandler.self), pushWidget("news", handler: ForgetfulWidgetHandler.self)]
        func run(_ kind: String) -> (status: Int32, output: String, errors: String) {
            let output = StringStream(), errors = StringStream()
            let status = FixedClock.run {
                WidgetTermCommand.run(
                    arguments: ["push", file, "--to", kind, "--at", "2026-03-14T09:41:00Z", "--timezone", "UTC", "--format", "text"],
                    widgets: widgets, environment: [:], output: output, errors: errors)
            }
            return (status, output.text, errors.text)
        }
        let token = ActivityPushService.token(seed: "widgets#1").hexadecimalString
        let scores = run("scores")
        #expect(scores.status == 0, "\(scores.errors)")
        #expect(
            scores.output.hasPrefix(
                "widget push token \(token) (given to StoringWidgetHandler.pushTokenDidChange(_:widgets:))\n"
                    + "widget push 1 at 2026-03-14 09:41: reloaded scores, 38 reloads left in the day's budget\n"), "\(scores.output)")
        #expect(scores.output.contains("Scores"))
        #expect(scores.errors == "")
        let news = run("news")
        #expect(news.status == 0)
        #expect(news.errors.hasPrefix("warning push-token-not-stored news: ForgetfulWidgetHandler.pushTokenDidChange"), "\(news.errors)")
    }

    @Test("a widget push is a budgeted reload: the second push within 5 minutes is deferred; with the budget spent, refused")
    func widgetPushBudget() throws {
        let file = try PushTests.payload(["aps": ["content-changed": true]])
        let appGroup = TestScratch.path("wt-push")
        let result = PushTests.run(
            ["push", file, "--to", "water", "--times", "3", "--every", "120", "--app-group", appGroup], widgets: PushTests.pushableWidgets)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.output.contains(
                "\nwidget push 1 at 2026-03-14 09:41: reloaded water, 38 reloads left in the day's budget\n"
                    + "widget push 2 at 2026-03-14 09:43: deferred to 2026-03-14 09:46 (5 minutes between reloads)\n"
                    + "widget push 3 at 2026-03-14 09:45: deferred to 2026-03-14 09:46 (5 minutes between reloads)\n"),
            "\(result.output)")
        let many = PushTests.run(
            ["push", file, "--to", "water", "--times", "40", "--every", "600", "--app-group", appGroup], widgets: PushTests.pushableWidgets)
        #expect(many.output.contains("widget push 39 at 2026-03-14 16:01: reloaded water, 0 reloads left in the day's budget\n"))
        #expect(
            many.output.contains("widget push 40 at 2026-03-14 16:11: refused: the reload budget is spent until 2026-03-15 08:41\n"),
            "\(many.output)")
    }
}

// MARK: - An alert in the preview

@Suite struct PreviewAlertTests {
    @Test("P with an alert: the island expands with the sound row for 5 seconds, the Lock Screen view is the banner; then compact")
    func alertInThePreview() {
        FixedClock.run {
            let (app, terminal) = PreviewStartPushTests.makePreview(
                pushFile: PushTests.examples.appendingPathComponent("delivery-update.json").path, kinds: ["delivery"])
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · compact"))
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · expanded by an alert · ♪ chime.caf · alert"), "\(terminal.text)")
            #expect(terminal.text.contains("♪ chime.caf · alert · locked: lit up, this view as a banner"))
            HostClock.advance(by: 4)
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · expanded by an alert"))
            HostClock.advance(by: 1)
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · compact"))
            #expect(!terminal.text.contains("♪"))
        }
    }
}
