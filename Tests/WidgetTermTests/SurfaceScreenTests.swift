import Foundation
import Testing
import CellRender
import SampleWidgets
@testable import TerminalUI
import WidgetHost
import WidgetKitUI

/// The preview's StandBy (`S`) and Smart Stack (`R`) screens, on the in-memory terminal.
@Suite struct SurfaceScreenTests {
    static func makePreview(width: Int = 120) -> (PreviewApp, MemoryTerminal) {
        let widgets = SampleWidgetBundle().widgetDescriptors.filter { !$0.isActivity }
        let terminal = MemoryTerminal(width: width, height: 40)
        let configuration = PreviewConfiguration(
            widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat,
            router: (try? DeepLinkRouter(widgets: widgets)) ?? DeepLinkRouter())
        return (PreviewApp(configuration: configuration, terminal: terminal), terminal)
    }

    @Test("StandBy archives the card's fetched timeline: frames ask the provider nothing more and run no body, and the entry shows")
    func standByUsesTheFetchedTimeline() {
        FixedClock.run {
            let widgets = [CountedTimelineWidget().body.descriptor, TextSizeWidget().body.descriptor]
            let terminal = MemoryTerminal(width: 120, height: 40)
            let configuration = PreviewConfiguration(
                widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            app.renderFrame()
            let fetches = CountedTimelineProvider.fetches.value
            #expect(fetches == 1)
            app.handle(.key(.character("S")))
            app.renderFrame()
            let bodies = CountedTimelineProvider.bodies.value
            for _ in 0..<3 { app.renderFrame() }
            #expect(CountedTimelineProvider.fetches.value == fetches)
            #expect(CountedTimelineProvider.bodies.value == bodies, "StandBy's frames repaint an archive; bodies ran once per fetch")
            #expect(terminal.text.contains("entry 1"))
        }
    }

    @Test("StandBy in the placeholder and snapshot contexts (c) asks the provider once per context, as the cards do")
    func standByArchivesContextFrames() {
        FixedClock.run {
            let terminal = MemoryTerminal(width: 120, height: 40)
            let configuration = PreviewConfiguration(
                widgets: [ContextCountedWidget().body.descriptor], theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            /// Opens StandBy in the current context: its first frame asks the provider once, later frames nothing.
            func standByAsksOnce(_ calls: FetchCounter, sourceLocation: SourceLocation = #_sourceLocation) {
                app.renderFrame()
                let cardCalls = calls.value
                app.handle(.key(.character("S")))
                app.renderFrame()
                #expect(calls.value == cardCalls + 1, "StandBy's first frame asks once", sourceLocation: sourceLocation)
                for _ in 0..<3 { app.renderFrame() }
                #expect(calls.value == cardCalls + 1, "later frames draw what was archived", sourceLocation: sourceLocation)
            }
            app.renderFrame()
            app.handle(.key(.character("c")))
            #expect(app.context == .placeholder)
            standByAsksOnce(ContextCountedProvider.placeholders)

            app.handle(.key(.character("S")))
            app.handle(.key(.character("S")))
            app.handle(.key(.character("c")))
            #expect(app.context == .snapshot)
            standByAsksOnce(ContextCountedProvider.snapshots)
            #expect(terminal.text.contains("snapshot entry"))
        }
    }

    @Test("S with a widget without systemSmall focused says so in the log, and StandBy shows the small widgets")
    func standByFromAWidgetWithoutSmall() throws {
        try FixedClock.run {
            let (app, terminal) = Self.makePreview()
            let agenda = try #require(app.configuration.widgets.firstIndex { $0.kind == "agenda" })
            app.selectWidget(agenda)
            app.renderFrame()
            app.handle(.key(.character("S")))
            #expect(
                app.log.texts.suffix(2) == [
                    "StandBy: full colour, backgrounds removed", "StandBy shows systemSmall widgets; agenda has no systemSmall",
                ])
            app.renderFrame()
            #expect(terminal.text.contains("StandBy (full colour, backgrounds removed): water and orders"))
            // A widget with systemSmall focused: no such line.
            app.handle(.key(.character("S")))
            app.handle(.key(.character("S")))
            app.selectWidget(0)
            app.handle(.key(.character("S")))
            #expect(app.log.texts.last == "StandBy: full colour, backgrounds removed")
        }
    }

    @Test("S: StandBy by day, then at night (red), then back to the widgets; the help overlay lists S and R")
    func standBy() {
        FixedClock.run {
            let (app, terminal) = Self.makePreview()
            app.renderFrame()
            app.handle(.key(.character("S")))
            app.renderFrame()
            #expect(terminal.text.contains("StandBy (full colour, backgrounds removed): water and orders  · S: night"))
            #expect(terminal.text.contains("💧 Water"))
            app.handle(.key(.character("S")))
            app.renderFrame()
            #expect(terminal.text.contains("StandBy at night (red, vibrant): water and orders  · S: close"))
            app.handle(.key(.character("w")))
            app.renderFrame()
            #expect(terminal.text.contains("StandBy at night (red, vibrant): orders and steps"))
            app.handle(.key(.character("S")))
            app.renderFrame()
            #expect(app.log.texts.last == "StandBy closed")
            #expect(!terminal.text.contains("StandBy at night (red, vibrant): orders and steps"))
            #expect(terminal.text.contains("▸ systemMedium") || terminal.text.contains("▸ systemSmall"))
            #expect(KeyBindings.action(for: .character("S")) == .cycleStandBy)
            #expect(KeyBindings.action(for: .character("R")) == .toggleSmartStack)
            #expect(KeyBindings.helpLines.contains { $0.0 == "S" && $0.1.hasPrefix("StandBy: ") })
            #expect(KeyBindings.helpLines.contains { $0.0 == "R" && $0.1.hasPrefix("Smart Stack of the small widgets") })
        }
    }

    @Test("A: CarPlay, the focused small widget and the next two on black; w moves along; A closes; the help lists A")
    func carPlay() {
        FixedClock.run {
            let (app, terminal) = Self.makePreview()
            app.renderFrame()
            app.handle(.key(.character("A")))
            app.renderFrame()
            #expect(app.log.texts.contains("CarPlay: small widgets on the dashboard, backgrounds removed"))
            #expect(terminal.text.contains("CarPlay: water, orders, steps  · A: close"))
            #expect(terminal.text.contains("💧 Water"))
            app.handle(.key(.character("w")))
            app.renderFrame()
            #expect(terminal.text.contains("CarPlay: orders, steps, countdown  · A: close"))
            app.handle(.key(.character("A")))
            app.renderFrame()
            #expect(app.log.texts.last == "CarPlay closed")
            #expect(!terminal.text.contains("· A: close"))
            #expect(KeyBindings.action(for: .character("A")) == .toggleCarPlay)
            #expect(KeyBindings.helpLines.contains { $0.0 == "A" && $0.1.hasPrefix("CarPlay (iOS 26): ") })
            #expect(KeyBindings.helpLines.contains { $0.0 == "A" && $0.1.contains("the focused Live Activity") })
        }
    }

    @Test("A or S opened from the island screen (i) or the control screen (C) closes back to it, not to the widgets")
    func surfacesCloseToTheScreenTheyWereOpenedFrom() {
        FixedClock.run {
            let (app, _) = Self.makePreview()
            app.renderFrame()
            app.handle(.key(.character("i")))
            app.handle(.key(.character("A")))
            #expect(app.surface == .carPlay)
            #expect(!app.islands.isShown)
            app.handle(.key(.character("A")))
            #expect(app.surface == nil)
            #expect(app.islands.isShown, "i, A, A ends on the island screen")
            app.handle(.key(.character("S")))
            app.handle(.key(.character("S")))
            #expect(app.surface == .standBy(night: true))
            app.handle(.key(.character("S")))
            #expect(app.surface == nil)
            #expect(app.islands.isShown, "i, S (day), S (night), S ends on the island screen")
            app.handle(.key(.character("i")))
            app.handle(.key(.character("C")))
            app.handle(.key(.character("R")))
            app.handle(.key(.character("A")))
            #expect(app.surface == .carPlay, "one surface to another keeps where to return")
            app.handle(.key(.character("A")))
            #expect(app.controlScreen.isShown && !app.islands.isShown, "C, R, A, A ends on the control screen")
            app.handle(.key(.character("C")))
            app.handle(.key(.character("A")))
            app.handle(.key(.character("A")))
            #expect(!app.controlScreen.isShown && !app.islands.isShown && app.surface == nil, "from the widgets, back to them")
        }
    }

    @Test("A's Live Activity card is kept while its content is the same and drawn again when a new state arrives")
    func carPlayActivityCardFollowsTheContent() throws {
        try FixedClock.run {
            let widgets = SampleWidgetBundle().widgetDescriptors
            let terminal = MemoryTerminal(width: 120, height: 40)
            let configuration = PreviewConfiguration(
                widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            app.renderFrame()
            app.handle(.key(.character("i")))
            app.renderFrame()
            let delivery = try #require(app.islands.activities.firstIndex { $0.kind == "delivery" })
            app.islands.start(delivery, at: HostClock.now) { _, _ in }
            app.handle(.key(.character("A")))
            app.renderFrame()
            #expect(terminal.text.contains("delivery · state 1/4 · ActivityFamily.small"), "\(terminal.text)")
            #expect(terminal.text.contains("Order confirmed"))
            let first = try #require(app.carPlayActivityCard)
            app.renderFrame()
            #expect(app.carPlayActivityCard?.key == first.key)
            app.islands.pushNextState { _, _ in }
            app.renderFrame()
            #expect(terminal.text.contains("Being prepared"), "\(terminal.text)")
            #expect(!terminal.text.contains("Order confirmed"))
            let second = try #require(app.carPlayActivityCard)
            #expect(second.key.activityID == first.key.activityID)
            #expect(second.key.content != first.key.content)
        }
    }

    @Test("R: the Smart Stack of the small widgets, the one on top at the clock and why; i closes it")
    func smartStack() {
        FixedClock.run {
            let (app, terminal) = Self.makePreview()
            app.renderFrame()
            app.handle(.key(.character("R")))
            app.renderFrame()
            let text = terminal.text
            #expect(text.contains("Smart Stack of water, orders, steps, countdown, weather, departures"))
            let line = text.components(separatedBy: "\n").first { $0.contains("on top: ") } ?? ""
            #expect(line.contains("on top: countdown — most relevant: score 100 = 100% of its highest 100"), "\(line)")
            #expect(text.contains("next rotations (6 h):"))
            app.handle(.key(.character("R")))
            app.renderFrame()
            #expect(!terminal.text.contains("next rotations (6 h):"))
        }
    }

    @Test("R at 60 columns: the Smart Stack's header wraps instead of being cut, and the card moves down under it")
    func smartStackHeaderWrapsWhenNarrow() {
        FixedClock.run {
            let (app, terminal) = Self.makePreview(width: 60)
            app.renderFrame()
            app.handle(.key(.character("R")))
            app.renderFrame()
            let rows = terminal.text.components(separatedBy: "\n")
            let title = rows.firstIndex { $0.contains("Smart Stack of water,") }
            #expect(title != nil)
            let start = title ?? 0
            let header = rows[start..<min(start + 4, rows.count)].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(header.contains("weather, departures"), "\(header)")
            #expect(header.contains("on top: countdown — most relevant: score 100 = 100% of its highest 100"), "\(header)")
            #expect(!terminal.text.contains("…"), "nothing in the header is cut")
            #expect(terminal.text.contains("next rotations (6 h):"))
        }
    }

    @Test("Dynamic Type: the HIG's point sizes per size; text styles scale, explicit sizes do not")
    func dynamicTypeTable() {
        #expect(Font.TextStyle.body.pointSize(at: .large) == 17)
        #expect(Font.TextStyle.body.pointSize(at: .accessibility3) == 40)
        #expect(Font.TextStyle.largeTitle.pointSize(at: .xxxLarge) == 40)
        #expect(Font.TextStyle.caption2.pointSize(at: .xSmall) == 11)
        #expect(Font.TextStyle.footnote.pointSize(at: .accessibility5) == 44)
        #expect(Font.body.scaled(to: .accessibility1).pointSize == 28)
        #expect(Font.headline.scaled(to: .xLarge).resolvedWeight == .semibold)
        #expect(Font.system(size: 20).scaled(to: .accessibility5).pointSize == 20)
        #expect(Font.body.scaled(to: .large) == Font.body)
    }

    @Test("z and Z switch the text size while the preview runs: bodies see \\.dynamicTypeSize and text takes its point size")
    func dynamicTypeKeys() {
        FixedClock.run {
            let widgets = [TextSizeWidget().body.descriptor]
            let terminal = MemoryTerminal(width: 120, height: 40)
            let configuration = PreviewConfiguration(
                widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            app.renderFrame()
            #expect(terminal.text.contains("size large"))
            for _ in 0..<4 { app.handle(.key(.character("z"))) }
            app.renderFrame()
            #expect(app.log.texts.contains("text size → accessibility1 (body 28 pt); cells stay one row per line"))
            let instance = app.instance(of: widgets[0], family: .systemSmall)
            let frame = instance.frame(at: HostClock.now, appearance: app.galleryAppearance).frame
            // At 28 pt the size name is wider than a small widget: its first line keeps the run's point size.
            #expect(frame.textRuns.contains { $0.text.hasPrefix("access") && $0.pointSize == 28 })
            for _ in 0..<9 { app.handle(.key(.character("Z"))) }
            app.renderFrame()
            #expect(terminal.text.contains("size xSmall"))
            #expect(app.log.texts.contains("text size stays xSmall: it is the smallest"))
        }
    }
}

/// The preview's push key (`P`, `--push-file`).
@Suite struct PreviewPushKeyTests {
    static func makePreview(pushFile: String?) -> (PreviewApp, MemoryTerminal) {
        let widgets = SampleWidgetBundle().widgetDescriptors.filter { $0.kind == "delivery" }
        let terminal = MemoryTerminal(width: 120, height: 40)
        var configuration = PreviewConfiguration(widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
        configuration.pushFile = pushFile
        return (PreviewApp(configuration: configuration, terminal: terminal), terminal)
    }

    @Test("P applies the --push-file payload to the focused Live Activity; a payload that does not decode is refused by key path")
    func pushKey() {
        FixedClock.run {
            let (app, _) = Self.makePreview(pushFile: PushTests.examples.appendingPathComponent("delivery-update.json").path)
            app.renderFrame()
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(app.log.texts.last == "push: no running Live Activity; press i, then s to start one")
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(app.log.texts.contains("push: activity-1 updated with an alert"))
            #expect(app.islands.isShown)
            #expect(
                app.islands.center.snapshot(id: "activity-1")?.record.content.state
                    == Data(#"{"courier":"Ana","eta":795175500,"stage":2}"#.utf8))
        }
        FixedClock.run {
            let (app, _) = Self.makePreview(pushFile: PushTests.examples.appendingPathComponent("delivery-bad-state.json").path)
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(
                app.log.texts.contains { $0.hasPrefix("push refused [push-content-state-mismatch]: aps.content-state.stage: ") },
                "\(app.log.texts)")
        }
        FixedClock.run {
            let (app, _) = Self.makePreview(pushFile: nil)
            app.handle(.key(.character("P")))
            app.renderFrame()
            #expect(app.log.texts.last == "P applies a Live Activity push: start the preview with --push-file FILE.json")
        }
    }

    @Test("P with a --push-file that is not JSON: the refusal names the file, line and column, and what was expected")
    func pushKeyWithAPayloadThatIsNotJSON() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wt-push-key-\(UUID().uuidString).json")
        try Data("{\n  \"aps\": {\"event\": \"update\"}\n  \"extra\": 1\n}\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        FixedClock.run {
            let (app, _) = Self.makePreview(pushFile: url.path)
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.handle(.key(.character("P")))
            app.renderFrame()
            let refusal = app.log.texts.first { $0.hasPrefix("push refused") }
            #expect(
                refusal
                    == "push refused [push-not-json]: \(url.path):2:29: expected a comma or } after the member \"aps\"; found "
                    + "\"extra\" at line 3, column 3, with no comma before it: add a comma here, at line 2, column 29; a push "
                    + "payload is a JSON object with an \"aps\" member")
        }
    }

    @Test("ActivityPushPayload refuses what APNs and ActivityKit refuse")
    func payloadRefusals() {
        func error(_ text: String) -> String? {
            do {
                _ = try ActivityPushPayload(data: Data(text.utf8))
                return nil
            } catch let error as ActivityPushPayloadError {
                return error.code
            } catch { return "\(error)" }
        }
        #expect(error(#"{"alert": "hi"}"#) == "push-missing-aps")
        #expect(error(#"{"aps": {"event": "pause"}}"#) == "push-bad-event")
        #expect(error(#"{"aps": {"event": "update"}}"#) == "push-missing-content-state")
        #expect(error("[1]") == "push-not-json")
        let big = "{\"aps\": {\"event\": \"update\", \"content-state\": {\"x\": \"" + String(repeating: "a", count: 4100) + "\"}}}"
        #expect(error(big) == "push-payload-too-large")
        #expect(error(#"{"aps": {"event": "end"}}"#) == nil)
    }
}

private struct TextSizeEntry: TimelineEntry {
    let date: Date
}

private struct TextSizeProvider: TimelineProvider {
    func placeholder(in context: Context) -> TextSizeEntry { TextSizeEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (TextSizeEntry) -> Void) { completion(TextSizeEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<TextSizeEntry>) -> Void) {
        completion(Timeline(entries: [TextSizeEntry(date: Date())], policy: .never))
    }
}

private struct TextSizeView: View {
    @Environment(\.dynamicTypeSize) var size

    var body: some View {
        Text("size \(size.name)").containerBackground(Color.white, for: .widget)
    }
}

private struct TextSizeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "text-size", provider: TextSizeProvider()) { _ in TextSizeView() }
            .supportedFamilies([.systemSmall])
    }
}

/// A provider that counts its timeline fetches (StandBy must reuse the card's timeline).
private struct CountedTimelineProvider: TimelineProvider {
    static let fetches = FetchCounter()
    static let bodies = FetchCounter()
    func placeholder(in context: Context) -> TextSizeEntry { TextSizeEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (TextSizeEntry) -> Void) { completion(TextSizeEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<TextSizeEntry>) -> Void) {
        Self.fetches.increment()
        completion(Timeline(entries: [TextSizeEntry(date: Date())], policy: .never))
    }
}

private struct CountedTimelineWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "counted", provider: CountedTimelineProvider()) { _ in
            let _ = CountedTimelineProvider.bodies.increment()
            Text("entry \(CountedTimelineProvider.fetches.value)").containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

/// A provider that counts its placeholder and snapshot calls (StandBy must archive them per context).
private struct ContextCountedProvider: TimelineProvider {
    static let placeholders = FetchCounter()
    static let snapshots = FetchCounter()
    func placeholder(in context: Context) -> LabelledEntry {
        Self.placeholders.increment()
        return LabelledEntry(date: Date(), label: "placeholder entry")
    }
    func getSnapshot(in context: Context, completion: @escaping (LabelledEntry) -> Void) {
        Self.snapshots.increment()
        completion(LabelledEntry(date: Date(), label: "snapshot entry"))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<LabelledEntry>) -> Void) {
        completion(Timeline(entries: [LabelledEntry(date: Date(), label: "timeline entry")], policy: .never))
    }
}

private struct LabelledEntry: TimelineEntry {
    let date: Date
    let label: String
}

private struct ContextCountedWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "context-counted", provider: ContextCountedProvider()) { entry in
            Text(entry.label).containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

private final class FetchCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
