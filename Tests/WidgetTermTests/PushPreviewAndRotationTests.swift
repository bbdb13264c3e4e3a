import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
@testable import TerminalUI
import WidgetDocument
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

// MARK: - The `i` screen on a phone without a Dynamic Island

@Suite struct IslandScreenBannerTests {
    static let update = PushTests.examples.appendingPathComponent("delivery-update.json").path

    static func makePreview(device: DeviceProfile) -> (PreviewApp, MemoryTerminal) {
        let widgets = SampleWidgetBundle().widgetDescriptors.filter { $0.kind == "delivery" }
        let terminal = MemoryTerminal(width: 120, height: 60)
        var configuration = PreviewConfiguration(
            widgets: widgets, theme: Theme.builtIn(.light), device: device, format: FixedClock.utcFormat)
        configuration.pushFile = update
        return (PreviewApp(configuration: configuration, terminal: terminal), terminal)
    }

    /// A screen row's stage part (left of the side pane's │), trailing blanks removed.
    static func stage(_ line: String) -> String {
        String(line.prefix { $0 != "│" }).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    @Test(
        "iPhone SE: an alert shows as a banner (the Lock Screen view under the sound row) for 5 seconds, then no banner (golden)")
    func bannerOnTheSE() {
        FixedClock.run {
            let (app, terminal) = Self.makePreview(device: .iPhoneSE)
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.renderFrame()
            let lines = terminal.lines.map(Self.stage)
            let header = "No Dynamic Island on iphone-se: alerts show as a banner"
            #expect(lines.contains(" " + header), "\(terminal.text)")
            #expect(lines.contains(" Banner · none: an update with an alert shows one (P applies --push-file)"))
            #expect(!terminal.text.contains("Expanded (touch and hold)"))
            #expect(!terminal.text.contains("Dynamic Island ·"))
            #expect(terminal.text.contains("Lock Screen · delivery · state 1/"))

            app.handle(.key(.character("P")))
            app.renderFrame()
            guard let start = terminal.lines.firstIndex(where: { $0.contains(header) }) else {
                Issue.record("no banner header in \(terminal.text)")
                return
            }
            let banner = terminal.lines[(start + 1)...(start + 8)].map(Self.stage)
            #expect(
                banner == [
                    " Banner · delivery · an alert, for 5 seconds",
                    " ♪ chime.caf · alert",
                    " ▗                                          ▖",
                    "   👜 Sushi Go                        24:00",
                    "   On the way with Ana",
                    "",
                    "   Order #1042",
                    " ▝                                          ▘",
                ], "\(terminal.text)")
            // The Lock Screen card stays below, without the island's "locked: lit up" row.
            #expect(!terminal.text.contains("locked: lit up"))
            #expect(terminal.text.contains("Lock Screen · delivery"))
            let rows = CellBuffer(width: 60, height: 9)
            var golden = rows
            for row in 0..<9 {
                for column in 0..<60 { golden[column, row] = terminal.screen[column, start + row] }
            }
            Golden.check(FrameEncoder.golden(golden), named: "preview.islands.banner.iphone-se")

            HostClock.advance(by: 5)
            app.renderFrame()
            #expect(terminal.text.contains("Banner · none: an update with an alert shows one"))
            #expect(!terminal.text.contains("♪"))
        }
    }

    @Test("a phone with a Dynamic Island keeps the expanded island for the alert, with no banner section")
    func islandPhoneUnchanged() {
        FixedClock.run {
            let (app, terminal) = Self.makePreview(device: .iPhone430)
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · expanded by an alert · ♪ chime.caf · alert"))
            #expect(!terminal.text.contains("Banner ·"))
        }
    }
}

// MARK: - Push tokens in the preview

/// Reads the widget token in its handler (sends it to the server).
private struct PreviewStoringHandler: WidgetPushHandler {
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) { _ = pushInfo.token }
}

private struct TokenEntry: TimelineEntry { let date: Date }

private struct TokenProvider: TimelineProvider {
    func placeholder(in context: Context) -> TokenEntry { TokenEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (TokenEntry) -> Void) { completion(TokenEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<TokenEntry>) -> Void) {
        completion(Timeline(entries: [TokenEntry(date: Date())], policy: .never))
    }
}

@Suite struct PreviewPushTokenTests {
    @Test(
        "the preview hands push handlers the widget token at start: WidgetCenter.shared.currentPushInfo is that token, and the log says so")
    func currentPushInfoInThePreview() async {
        let widget = StaticConfiguration(kind: "scores", provider: TokenProvider()) { _ in
            Text("Scores").containerBackground(.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .pushHandler(PreviewStoringHandler.self)
        .descriptor
        let bundle = SampleWidgetBundle()
        var configuration = PreviewConfiguration(
            widgets: [widget], theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
        configuration.controls = bundle.controlDescriptors.filter { $0.kind == "add-water" }
        let app = PreviewApp(configuration: configuration, terminal: MemoryTerminal(width: 100, height: 40))
        let token = ActivityPushService.token(seed: "widgets#1")
        #expect(await app.host.run { await WidgetCenter.shared.currentPushInfo?.token } == token)
        #expect(app.pushTokens.issuedWidgetTokens == [token])
        let control = ActivityPushService.token(seed: "control add-water#1")
        // The lines go to the log when the preview starts, after its welcome line.
        app.logPushTokens(at: FixedClock.reference)
        #expect(
            app.log.texts.suffix(2) == [
                "widget push token \(token.hexadecimalString) given to PreviewStoringHandler.pushTokenDidChange(_:widgets:) "
                    + "(WidgetCenter.shared.currentPushInfo answers with it)",
                "control push token \(control.hexadecimalString) for add-water given to "
                    + "WaterControlPushHandler.pushTokensDidChange(controls:)",
            ])
        // A bundle without push handlers: no token, no line, and currentPushInfo stays nil.
        let plain = PreviewApp(
            configuration: PreviewConfiguration(
                widgets: bundle.widgetDescriptors.filter { $0.kind == "water" }, theme: Theme.builtIn(.light),
                format: FixedClock.utcFormat),
            terminal: MemoryTerminal(width: 100, height: 40))
        #expect(await plain.host.run { await WidgetCenter.shared.currentPushInfo } == nil)
        plain.logPushTokens(at: FixedClock.reference)
        #expect(!plain.log.texts.contains { $0.contains("push token") })
    }
}

// MARK: - Rotating a Live Activity's update token from the command line

@Suite struct PushTokenRotationTests {
    static let update = PushTests.examples.appendingPathComponent("delivery-update.json").path

    @Test("--rotate-tokens 2: the system replaces the token twice, each new token printed; the app uploads each, the push arrives")
    func rotationUploaded() {
        let result = PushTests.run(["push", Self.update, "--to", "delivery", "--format", "text", "--rotate-tokens", "2"])
        #expect(result.status == 0, "\(result.errors)")
        let second = ActivityPushService.token(seed: "activity-1#2").hexadecimalString
        let third = ActivityPushService.token(seed: "activity-1#3").hexadecimalString
        #expect(
            result.output.hasPrefix(
                "activity-1 update token 2: \(second) (the system replaced token 1; pushTokenUpdates yields it and the app "
                    + "uploads it)\n"
                    + "activity-1 update token 3: \(third) (the system replaced token 2; pushTokenUpdates yields it and the app "
                    + "uploads it)\n"
                    + "push 1 at 2026-03-14 09:41 (priority 10, update): applied\n"), "\(result.output)")
        #expect(result.errors == "")
    }

    @Test("--app-uploads first: the app's pushTokenUpdates loop kept only the first token, so the push misses and the finding fires")
    func onlyTheFirstUploaded() {
        let result = PushTests.run([
            "push", Self.update, "--to", "delivery", "--format", "text", "--rotate-tokens", "1", "--app-uploads", "first",
        ])
        #expect(result.status == 1)
        let first = ActivityPushService.token(seed: "activity-1#1").hexadecimalString
        let second = ActivityPushService.token(seed: "activity-1#2").hexadecimalString
        #expect(
            result.output.hasPrefix(
                "activity-1 update token 2: \(second) (the system replaced token 1; the app's pushTokenUpdates loop ended after "
                    + "the first token: not uploaded)\n"
                    + "push 1 at 2026-03-14 09:41 (priority 10, update): not delivered to activity-1: sent to a replaced token\n"
                    + "lockscreen, active:\n"), "\(result.output)")
        #expect(
            result.errors
                == "error push-token-replaced delivery: push 1 at 2026-03-14 09:41 (priority 10, update): activity-1: the server "
                + "sent it to update token 1 (\(first.prefix(16))…), which the system replaced with token 2 (\(second.prefix(16))…) "
                + "that the app never uploaded, so the push does not reach the activity. Upload every token "
                + "Activity.pushTokenUpdates yields. {activity=activity-1, sentToken=\(first)}\n"
                + "warning push-token-not-uploaded delivery: activity-1 was given 2 update tokens and the app uploaded 1 (only its "
                + "first): pushes to a replaced token fail. Send every token Activity.pushTokenUpdates yields to the server, for "
                + "the activity's lifetime. {activity=activity-1, issued=2, uploaded=1}\n", "\(result.errors)")
        // With two activities listed, the one whose push missed reads "not reached".
        let listed = PushTests.run([
            "push", Self.update, "--to", "delivery", "--format", "text", "--rotate-tokens", "1", "--app-uploads", "first",
            "--activities", "2",
        ])
        #expect(
            listed.output.contains(
                "activities:\n  activity-1  token \(second.prefix(16))… (not uploaded)  not reached  active\n"
                    + "  activity-2  token "), "\(listed.output)")
        // Without a rotation, keeping only the first token costs nothing yet.
        let quiet = PushTests.run(["push", Self.update, "--to", "delivery", "--format", "text", "--app-uploads", "first"])
        #expect(quiet.status == 0)
        #expect(quiet.errors == "")
    }

    @Test("--rotate-tokens is refused with --channel and on a start push; --app-uploads takes every or first")
    func refused() {
        #expect(
            PushTests.run(["push", Self.update, "--to", "delivery", "--rotate-tokens", "1", "--channel", "c"]).errors
                == "widgetterm: --rotate-tokens replaces update tokens, and activities on a --channel have none: give one\n")
        let start = PushTests.examples.appendingPathComponent("delivery-start.json").path
        #expect(
            PushTests.run(["push", start, "--to", "delivery", "--rotate-tokens", "1"]).errors
                == "widgetterm: --rotate-tokens applies to update and end pushes: a start push goes to the push-to-start token\n")
        let bad = PushTests.run(["push", Self.update, "--to", "delivery", "--app-uploads", "some"])
        #expect(bad.status == 2)
        #expect(bad.errors.contains("--app-uploads"), "\(bad.errors)")
    }
}

// MARK: - A control document with a push handler

@Suite struct ControlDocumentPushTests {
    static let twin = PushTests.examples.deletingLastPathComponent().appendingPathComponent("twins/add-water.json").path

    static func run(_ target: String, appGroup: String) throws -> (status: Int32, output: String, errors: String) {
        let file = try PushTests.payload(["aps": ["content-changed": true]])
        let output = StringStream(), errors = StringStream()
        let bundle = SampleWidgetBundle()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: [
                    "push", file, "--to", target, "--times", "2", "--every", "400", "--at", "2026-03-14T09:41:00Z", "--timezone", "UTC",
                    "--app-group", appGroup, "--format", "text",
                ],
                widgets: bundle.widgetDescriptors, controls: bundle.controlDescriptors, environment: [:], output: output,
                errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test("push --to the add-water twin: its pushHandler gets and stores the same token, and the output is the Swift sample's")
    func twinMatchesTheSwiftControl() throws {
        let swiftGroup = TestScratch.path("wt-doc-push-swift")
        let documentGroup = TestScratch.path("wt-doc-push-doc")
        let swift = try Self.run("add-water", appGroup: swiftGroup)
        UserDefaults(suiteName: "group.example.water")?.removeObject(forKey: "water.controlPushToken")
        let document = try Self.run(Self.twin, appGroup: documentGroup)
        #expect(swift.status == 0, "\(swift.errors)")
        #expect(document.status == 0, "\(document.errors)")
        let token = ActivityPushService.token(seed: "control add-water#1").hexadecimalString
        #expect(
            document.output.hasPrefix(
                "control push token \(token) (given to DocumentControlPushHandler.pushTokensDidChange(controls:))\n"
                    + "control push 1 at 2026-03-14 09:41: reloaded add-water, currentValue() → button \"1250 ml\", "
                    + "39 reloads left in the day's budget\n"), "\(document.output)")
        // Only the handler's name differs.
        #expect(
            document.output.replacingOccurrences(of: "DocumentControlPushHandler", with: "WaterControlPushHandler") == swift.output)
        #expect(document.errors == "" && swift.errors == "")
        // The document's handler kept the token where the Swift one does, for the app to upload it from.
        let stored = UserDefaults(suiteName: "group.example.water")?.string(forKey: "water.controlPushToken")
        #expect(stored == token)
    }

    @Test("a document pushHandler is checked: an object with storeToken, and a store to keep it in")
    func badPushHandler() {
        let base = #"{"version": 1, "kind": "k", "#
        let control = #""control": {"button": {"title": "T"}, "action": "go"}, "intents": {"go": {"toggle": "on"}}}"#
        func error(_ middle: String) -> String {
            do {
                _ = try ControlDocument(text: base + middle + control, file: "c.json")
                return "loaded"
            } catch {
                return "\(error)"
            }
        }
        let noStore = error(#""pushHandler": {"storeToken": "token"}, "#)
        #expect(noStore.contains("a \"store\" in the document: the push token is kept in its App Group suite"), "\(noStore)")
        let store = #""store": {"suite": "group.k", "defaults": {"on": false}}, "#
        let notObject = error(store + #""pushHandler": "token", "#)
        #expect(notObject.contains("{\"storeToken\": KEY}"), "\(notObject)")
        let unknown = error(store + #""pushHandler": {"storeTokn": "token"}, "#)
        #expect(unknown.contains("storeToken"), "\(unknown)")
        #expect(error(store + #""pushHandler": {"storeToken": "token"}, "#) == "loaded")
    }
}

// MARK: - The banner in the real binary

@Suite(.serialized, .tmuxInstalled)
struct IslandBannerEndToEndTests {
    @Test("--device iphone-se: i, s, then P with an alerting update shows the banner under the sound row")
    func bannerInTmux() throws {
        let session = try TmuxSession()
        try session.launch([
            "preview", "--device", "iphone-se", "--at", "2026-03-14T09:41:00Z", "--push-file", IslandScreenBannerTests.update,
        ])
        try session.wait(for: "water │ systemSmall │ fullColor")
        try session.keys("i")
        try session.wait(forAll: ["No Dynamic Island on iphone-se: alerts show as a banner", "Banner · none"])
        try session.keys("s")
        try session.wait(for: "Lock Screen · delivery · state 1/4 · active")
        try session.keys("P")
        try session.wait(forAll: ["Banner · delivery · an alert, for 5 seconds", "♪ chime.caf · alert", "On the way with Ana"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}

// MARK: - N: a new update token in the preview

@Suite struct PreviewTokenRotationKeyTests {
    @Test("N replaces the selected activity's update token and logs the new one; an activity without pushType .token has none")
    func rotateInThePreview() {
        FixedClock.run {
            let (app, _) = PreviewStartPushTests.makePreview(
                pushFile: PushTests.examples.appendingPathComponent("delivery-start.json").path, kinds: ["delivery"])
            app.handle(.key(.character("i")))
            app.handle(.key(.character("P")))
            app.handle(.key(.character("N")))
            let second = ActivityPushService.token(seed: "activity-1#2").hexadecimalString
            #expect(
                app.log.texts.last
                    == "delivery (activity-1) update token 2: \(second) (the system replaced token 1; pushTokenUpdates yields it: "
                    + "the app must upload it, or pushes to the old token stop arriving)", "\(app.log.texts)")
            #expect(app.islands.center.updateTokens(activityID: "activity-1").count == 2)
            // The s key requests without a push type.
            app.handle(.key(.character("s")))
            app.handle(.key(.character("N")))
            #expect(
                app.log.texts.last
                    == "delivery (activity-2) was requested without pushType .token, so it has no update token to replace (a start "
                    + "push, P, starts an activity with one)", "\(app.log.texts)")
        }
    }
}
