import Foundation
import Testing
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - Test widgets

struct TapTestEntry: TimelineEntry {
    let date: Date
}

/// One entry dated now, policy never.
struct TapTestProvider: TimelineProvider {
    func placeholder(in context: Context) -> TapTestEntry { TapTestEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (TapTestEntry) -> Void) { completion(TapTestEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<TapTestEntry>) -> Void) {
        completion(Timeline(entries: [TapTestEntry(date: Date())], policy: .never))
    }
}

/// A widget showing `content` on a white container background, in `families`.
func tapTestWidget<Content: View>(_ kind: String, families: [WidgetFamily], @ViewBuilder content: @escaping () -> Content)
    -> WidgetDescriptor
{
    StaticConfiguration(kind: kind, provider: TapTestProvider()) { _ in
        content().containerBackground(Color.white, for: .widget)
    }
    .supportedFamilies(families)
    .descriptor
}

/// An intent that does nothing (a target for buttons whose taps are only hit-tested).
struct NoteIntent: AppIntent {
    static var title: LocalizedStringResource { "Log a note" }
    func perform() async throws -> some IntentResult { .result() }
}

// MARK: - Hit testing

@Suite struct TapTests {
    static let note1 = URL(string: "notes://note/1")!
    static let note2 = URL(string: "notes://note/2")!

    /// Field case 6: a small widget with two Links and no widgetURL.
    static let twoLinksSmall = tapTestWidget("two-links", families: [.systemSmall]) {
        VStack(alignment: .leading) {
            Link(destination: note1) { Text("First note") }
            Link(destination: note2) { Text("Second note") }
        }
    }

    @Test("field case 6: on iOS 16 a tap anywhere on a small widget with two Links opens the app with no URL")
    func twoLinksInSmallOnIOS16() throws {
        let frame = try renderWidget(Self.twoLinksSmall, family: .systemSmall, osVersion: 16)
        #expect(frame.tapRegions.count == 2)
        let tester = HitTester(frame: frame, widget: "two-links", family: .systemSmall, osVersion: 16)
        #expect(tester.targets.isEmpty)
        #expect(tester.ignoredTargets.map(\.target.label) == ["First note", "Second note"])
        for region in frame.tapRegions {
            let outcome = try #require(tester.tap(column: region.rect.x, row: region.rect.y))
            #expect(outcome.effect == .openApp)
            #expect(outcome.source == .app)
            #expect(outcome.url == nil)
            #expect(outcome.ignoredTargets.count == 1)
            #expect(outcome.diagnostics.map(\.code) == ["link-ignored"])
            #expect(outcome.diagnostics.first?.severity == .error)
        }
        let corner = try #require(tester.tap(column: frame.size.width - 1, row: frame.size.height - 1))
        #expect(corner.effect == .openApp)
        #expect(corner.ignoredTargets.isEmpty)
        #expect(
            corner.reason
                == "no Link, control or widgetURL here; iOS hands the app an NSUserActivity naming the widget kind and family")
        #expect(tester.diagnostics.map(\.code) == ["link-ignored", "link-ignored"])
        #expect(tester.diagnostics.first?.message.contains("systemSmall honours Link only from iOS 17") == true)
    }

    @Test("field case 6: on iOS 17 and later each Link in a small widget opens its own URL")
    func twoLinksInSmallOnIOS17() throws {
        for osVersion in [17, 26] {
            let frame = try renderWidget(Self.twoLinksSmall, family: .systemSmall, osVersion: osVersion)
            let tester = HitTester(frame: frame, widget: "two-links", family: .systemSmall, osVersion: osVersion)
            #expect(tester.ignoredTargets.isEmpty)
            #expect(tester.targets.map(\.label) == ["First note", "Second note"])
            #expect(tester.targets.map(\.action) == [.link(Self.note1), .link(Self.note2)])
            let first = try #require(tester.targets.first)
            let second = try #require(tester.targets.last)
            #expect(first.rect.y < second.rect.y)
            #expect(tester.tap(column: first.rect.x, row: first.rect.y)?.effect == .openURL(Self.note1))
            #expect(tester.tap(column: second.rect.maxX - 1, row: second.rect.y)?.effect == .openURL(Self.note2))
            #expect(tester.tap(column: second.rect.x, row: second.rect.y)?.source == .link)
            #expect(tester.tap(first).effect == .openURL(Self.note1))
            #expect(tester.tap(first).target == first)
            #expect(tester.diagnostics.isEmpty)
        }
    }

    /// Field case 5: a medium widget with two images, each with its own widgetURL.
    @Test("field case 5: with two widgetURLs every tap opens the last one applied, with a warning suggesting Link")
    func twoWidgetURLs() throws {
        let album1 = URL(string: "photos://album/1")!, album2 = URL(string: "photos://album/2")!
        let widget = tapTestWidget("albums", families: [.systemMedium]) {
            HStack {
                Image(systemName: "star.fill").widgetURL(album1)
                Image(systemName: "heart.fill").widgetURL(album2)
            }
        }
        let frame = try renderWidget(widget, family: .systemMedium)
        #expect(frame.widgetURLs == [album1, album2])
        let tester = HitTester(frame: frame, widget: "albums", family: .systemMedium, osVersion: 26)
        #expect(tester.widgetURL == album2)
        #expect(tester.targets.isEmpty)
        for (column, row) in [(0, 0), (frame.size.width / 2, frame.size.height / 2), (frame.size.width - 1, frame.size.height - 1)] {
            let outcome = try #require(tester.tap(column: column, row: row))
            #expect(outcome.effect == .openURL(album2))
            #expect(outcome.source == .widgetURL)
            #expect(outcome.reason == "no Link or control here: the last of 2 widgetURLs applied opens (undefined behaviour on iOS)")
            let diagnostic = try #require(outcome.diagnostics.first)
            #expect(outcome.diagnostics.count == 1)
            #expect(diagnostic.code == "multiple-widget-urls")
            #expect(diagnostic.severity == .warning)
            #expect(diagnostic.values == ["count": "2", "used": "photos://album/2"])
            #expect(diagnostic.message.contains("undefined behaviour"))
            #expect(diagnostic.message.contains("give each other destination its own Link"))
        }
        #expect(tester.diagnostics.map(\.code) == ["multiple-widget-urls"])
    }

    @Test("a Link opens its URL and a tap anywhere else opens the widgetURL")
    func linkAndWidgetURL() throws {
        let order = URL(string: "shop://orders/7")!, orders = URL(string: "shop://orders")!
        let widget = tapTestWidget("orders-test", families: [.systemMedium]) {
            VStack(alignment: .leading) {
                Text("Recent orders")
                Link(destination: order) { Text("Order 7") }
            }
            .widgetURL(orders)
        }
        let frame = try renderWidget(widget, family: .systemMedium, osVersion: 16)
        let tester = HitTester(frame: frame, widget: "orders-test", family: .systemMedium, osVersion: 16)
        let link = try #require(tester.targets.first)
        #expect(tester.targets.count == 1)
        #expect(link.label == "Order 7")
        #expect(link.description == "Link “Order 7” → shop://orders/7")
        let onLink = try #require(tester.tap(column: link.rect.x, row: link.rect.y))
        #expect(onLink.effect == .openURL(order))
        #expect(onLink.source == .link)
        #expect(onLink.target == link)
        let elsewhere = try #require(tester.tap(column: frame.size.width - 1, row: 0))
        #expect(elsewhere.effect == .openURL(orders))
        #expect(elsewhere.source == .widgetURL)
        #expect(elsewhere.diagnostics.isEmpty)
        #expect(elsewhere.reason == "no Link or control here: the widgetURL opens")
        #expect(tester.tap(column: frame.size.width, row: 0) == nil)
        #expect(tester.tap(column: 0, row: -1) == nil)
    }

    @Test("a Button(intent:) in accessoryInline is inert; in accessoryCircular it runs its intent")
    func buttonInInlineAccessory() throws {
        let widget = tapTestWidget("note-button", families: [.accessoryInline, .accessoryCircular]) {
            Button(intent: NoteIntent()) { Text("Note") }
        }
        let inline = try renderWidget(widget, family: .accessoryInline)
        #expect(inline.tapRegions.count == 1)
        let inlineTester = HitTester(frame: inline, widget: "note-button", family: .accessoryInline, osVersion: 26)
        #expect(inlineTester.targets.isEmpty)
        let region = try #require(inline.tapRegions.first)
        let tap = try #require(inlineTester.tap(column: region.rect.x, row: region.rect.y))
        #expect(tap.effect == .openApp)
        #expect(tap.intent == nil)
        #expect(tap.ignoredTargets.map(\.reason) == ["accessoryInline is one tap target; buttons and toggles do nothing there"])
        #expect(tap.diagnostics.map(\.code) == ["control-ignored"])
        #expect(tap.diagnostics.first?.severity == .error)

        let circular = try renderWidget(widget, family: .accessoryCircular)
        let circularTester = HitTester(frame: circular, widget: "note-button", family: .accessoryCircular, osVersion: 26)
        let button = try #require(circularTester.targets.first)
        #expect(button.kindName == "Button")
        let press = circularTester.tap(button)
        #expect(press.effect == .performIntent(IntentReference(NoteIntent())))
        #expect(press.source == .button)
        #expect(press.performsIntent)
    }

    @Test("buttons act from iOS 17 only; before, a tap goes to the widget and the finding is a warning")
    func buttonBeforeIOS17() throws {
        let widget = tapTestWidget("note-button-16", families: [.systemSmall]) {
            Button(intent: NoteIntent()) { Text("Note") }
        }
        let frame = try renderWidget(widget, family: .systemSmall, osVersion: 16)
        let tester = HitTester(frame: frame, widget: "note-button-16", family: .systemSmall, osVersion: 16)
        #expect(tester.targets.isEmpty)
        #expect(tester.diagnostics.map(\.severity) == [.warning])
        #expect(HitTester(frame: frame, widget: "note-button-16", family: .systemSmall, osVersion: 17).targets.count == 1)
    }

    @Test("links per family and iOS version")
    func linkRulesPerFamily() {
        let expectations: [(WidgetFamily, Int, Bool)] = [
            (.systemSmall, 14, false), (.systemSmall, 16, false), (.systemSmall, 17, true),
            (.systemMedium, 14, true), (.systemLarge, 16, true), (.systemExtraLarge, 16, true),
            (.accessoryRectangular, 16, false), (.accessoryRectangular, 17, true),
            (.accessoryCircular, 26, false), (.accessoryInline, 26, false),
        ]
        for (family, osVersion, allowed) in expectations {
            #expect(TapRules(family: family, osVersion: osVersion).links.isAllowed == allowed, "\(family) iOS \(osVersion)")
        }
        #expect(TapRules(family: .accessoryCircular, osVersion: 17).controls == .allowed)
        #expect(TapRules(family: .accessoryInline, osVersion: 26).controls.isAllowed == false)
    }

    @Test("Live Activities: controls and links act only in the expanded and Lock Screen presentations")
    func liveActivityPresentations() throws {
        let widget = tapTestWidget("activity-like", families: [.systemMedium]) {
            VStack {
                Button(intent: NoteIntent()) { Text("Pause") }
                Link(destination: URL(string: "rides://ride/4")!) { Text("Ride 4") }
            }
            .widgetURL(URL(string: "rides://current"))
        }
        let frame = try renderWidget(widget, family: .systemMedium)
        for presentation in LiveActivityPresentation.allCases {
            let tester = HitTester(
                frame: frame, widget: "activity-like", rules: TapRules(surface: .liveActivity(presentation), osVersion: 26))
            let acts = presentation == .expanded || presentation == .lockScreen
            #expect(tester.targets.map(\.kindName) == (acts ? ["Button", "Link"] : []), "\(presentation)")
            #expect(tester.ignoredTargets.count == (acts ? 0 : 2))
            let region = try #require(frame.tapRegions.first)
            let outcome = try #require(tester.tap(column: region.rect.x, row: region.rect.y))
            #expect(outcome.effect == (acts ? .performIntent(IntentReference(NoteIntent())) : .openURL(URL(string: "rides://current")!)))
        }
        let minimal = HitTester(frame: frame, widget: "activity-like", rules: TapRules(surface: .liveActivity(.minimal), osVersion: 26))
        #expect(
            minimal.ignoredTargets.first?.reason
                == "Live Activities run buttons and toggles only in the expanded and Lock Screen presentations, not minimal")
    }

    @Test("Tab order is reading order: top to bottom, then leading to trailing")
    func readingOrder() throws {
        let widget = tapTestWidget("grid", families: [.systemMedium]) {
            VStack {
                HStack {
                    Link(destination: URL(string: "grid://a")!) { Text("Alpha") }
                    Spacer()
                    Link(destination: URL(string: "grid://b")!) { Text("Beta") }
                }
                Spacer()
                HStack {
                    Button(intent: NoteIntent()) { Text("Gamma") }
                    Spacer()
                }
            }
        }
        let frame = try renderWidget(widget, family: .systemMedium)
        let tester = HitTester(frame: frame, widget: "grid", family: .systemMedium, osVersion: 26)
        #expect(tester.targets.map(\.label) == ["Alpha", "Beta", "Gamma"])
        #expect(tester.targets.map(\.kindName) == ["Link", "Link", "Button"])
    }
}

// MARK: - Intents, the App Group store and toggles

/// Adds one to `count` in a suite of the App Group store, through `UserDefaults(suiteName:)` as widget
/// code does.
struct IncrementCountIntent: AppIntent {
    static var title: LocalizedStringResource { "Add one" }
    @Parameter(title: "Suite") var suite: String
    init() {}
    init(suite: String) { self.suite = suite }
    func perform() async throws -> some IntentResult {
        let store = UserDefaults(suiteName: suite)
        store?.set((store?.integer(forKey: "count") ?? 0) + 1, forKey: "count")
        return .result()
    }
}

struct CountEntry: TimelineEntry {
    let date: Date
    let count: Int
}

/// Reads `count` from the suite at each timeline request.
struct CountProvider: TimelineProvider {
    let suite: String
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        let count = UserDefaults(suiteName: suite)?.integer(forKey: "count") ?? 0
        completion(Timeline(entries: [CountEntry(date: Date(), count: count)], policy: .never))
    }
}

/// Sets `light` in a suite unless the suite says `locked` (then it changes nothing, as a store that
/// refuses the change).
struct SetLightIntent: AppIntent {
    static var title: LocalizedStringResource { "Set the porch light" }
    @Parameter(title: "Suite") var suite: String
    @Parameter(title: "On") var isOn: Bool
    init() {}
    init(suite: String, isOn: Bool) {
        self.suite = suite
        self.isOn = isOn
    }
    func perform() async throws -> some IntentResult {
        let store = UserDefaults(suiteName: suite)
        if store?.bool(forKey: "locked") != true { store?.set(isOn, forKey: "light") }
        return .result()
    }
}

struct LightEntry: TimelineEntry {
    let date: Date
    let isOn: Bool
}

struct LightProvider: TimelineProvider {
    let suite: String
    func placeholder(in context: Context) -> LightEntry { LightEntry(date: Date(), isOn: false) }
    func getSnapshot(in context: Context, completion: @escaping (LightEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<LightEntry>) -> Void) {
        let isOn = UserDefaults(suiteName: suite)?.bool(forKey: "light") ?? false
        completion(Timeline(entries: [LightEntry(date: Date(), isOn: isOn)], policy: .never))
    }
}

struct LightError: Error, CustomStringConvertible {
    var description: String { "the bridge is offline" }
}

/// Always throws.
struct FailingIntent: AppIntent {
    static var title: LocalizedStringResource { "Fail" }
    func perform() async throws -> IntentResultValue {
        throw LightError()
    }
}

/// Waits until the test opens its gate (to stand for an intent that takes too long).
struct SlowIntent: AppIntent {
    static var title: LocalizedStringResource { "Slow" }
    static let gate = DispatchSemaphore(value: 0)
    func perform() async throws -> some IntentResult {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                SlowIntent.gate.wait()
                continuation.resume()
            }
        }
        return .result()
    }
}

@Suite struct IntentTapTests {
    /// A fresh suite for one test (tests run in parallel).
    static func freshSuite(_ name: String) -> String {
        let suite = "group.widgetterm.tests.\(name)"
        let defaults = UserDefaults(suiteName: suite)
        for key in ["count", "light", "locked"] { defaults?.removeObject(forKey: key) }
        defaults?.synchronize()
        return suite
    }

    static func counterWidget(suite: String) -> WidgetDescriptor {
        StaticConfiguration(kind: "counter", provider: CountProvider(suite: suite)) { entry in
            VStack(alignment: .leading) {
                Text("Count: \(entry.count)")
                Button(intent: IncrementCountIntent(suite: suite)) { Text("Add one") }
            }
            .containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .descriptor
    }

    static func lightWidget(suite: String) -> WidgetDescriptor {
        StaticConfiguration(kind: "porch", provider: LightProvider(suite: suite)) { entry in
            Toggle(isOn: entry.isOn, intent: SetLightIntent(suite: suite, isOn: !entry.isOn)) { Text("Porch") }
                .containerBackground(Color.white, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .descriptor
    }

    @Test("an intent increments a count in the App Group store and the reloaded widget shows it")
    func intentIncrementsStoredCount() throws {
        let suite = Self.freshSuite("counter")
        let widget = Self.counterWidget(suite: suite)
        let before = try renderWidget(widget, family: .systemSmall)
        #expect(frameRows(before).contains { $0.contains("Count: 0") })

        let tester = HitTester(frame: before, widget: "counter", family: .systemSmall, osVersion: 26)
        let button = try #require(tester.targets.first)
        #expect(button.label == "Add one")
        let tap = try #require(tester.tap(column: button.rect.x, row: button.rect.y))
        let intent = try #require(tap.intent)
        #expect(intent == IntentReference(IncrementCountIntent(suite: suite)))

        let result = IntentRunner(timeLimit: 10).run(intent, widget: "counter")
        #expect(result.outcome == .succeeded)
        #expect(result.reloadsWidget)
        #expect(result.reloadReason == .intentPerformed)
        #expect(result.reloadReason?.isExempt == true)
        #expect(result.diagnostic == nil)
        #expect(result.unsavedSuites.isEmpty)

        let after = try renderWidget(widget, family: .systemSmall)
        #expect(frameRows(after).contains { $0.contains("Count: 1") })
        #expect(!frameRows(after).contains { $0.contains("Count: 0") })

        // The runner saved the suite: the value is in the store directory as a file.
        let store = try AppGroupStore.forProcess()
        let plist = try Data(contentsOf: store.userDefaultsFileURL(forSuite: suite))
        let values = try #require(try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
        #expect(values["count"] as? Int == 1)

        _ = IntentRunner().run(intent, widget: "counter")
        #expect(frameRows(try renderWidget(widget, family: .systemSmall)).contains { $0.contains("Count: 2") })
    }

    @Test("a toggle shows its new state at once and stays when the store agrees")
    func toggleConfirmed() throws {
        let suite = Self.freshSuite("light-confirmed")
        let widget = Self.lightWidget(suite: suite)
        let before = try renderWidget(widget, family: .systemSmall)
        let tester = HitTester(frame: before, widget: "porch", family: .systemSmall, osVersion: 26)
        let toggle = try #require(tester.targets.first)
        #expect(toggle.action == .toggle(isOn: false, intent: IntentReference(SetLightIntent(suite: suite, isOn: true))))
        let tap = tester.tap(toggle)
        #expect(tap.effect == .toggle(intent: IntentReference(SetLightIntent(suite: suite, isOn: true)), optimisticIsOn: true))
        let pending = try #require(PendingToggle(outcome: tap, in: before))
        #expect(pending.previousIsOn == false)
        #expect(pending.optimisticIsOn == true)
        #expect(frameRows(before).contains { $0.contains("Porch") && $0.hasSuffix("○") })
        let optimistic = pending.optimisticFrame(before)
        #expect(frameRows(optimistic).contains { $0.contains("Porch") && $0.hasSuffix("◉") })

        #expect(IntentRunner().run(try #require(tap.intent), widget: "porch").outcome == .succeeded)
        let after = try renderWidget(widget, family: .systemSmall)
        #expect(pending.reconcile(with: after) == .confirmed(isOn: true))
        #expect(frameRows(after).contains { $0.contains("Porch") && $0.hasSuffix("◉") })
    }

    @Test("a toggle snaps back when the store disagrees after the reload")
    func toggleSnapsBack() throws {
        let suite = Self.freshSuite("light-refused")
        UserDefaults(suiteName: suite)?.set(true, forKey: "locked")
        let widget = Self.lightWidget(suite: suite)
        let before = try renderWidget(widget, family: .systemSmall)
        let tester = HitTester(frame: before, widget: "porch", family: .systemSmall, osVersion: 26)
        let tap = tester.tap(try #require(tester.targets.first))
        let pending = try #require(PendingToggle(outcome: tap, in: before))
        #expect(pending.optimisticIsOn == true)

        #expect(IntentRunner().run(try #require(tap.intent), widget: "porch").outcome == .succeeded)
        let after = try renderWidget(widget, family: .systemSmall)
        #expect(pending.reconcile(with: after) == .snappedBack(isOn: false))
        #expect(frameRows(after).contains { $0.contains("Porch") && $0.hasSuffix("○") })
        #expect(UserDefaults(suiteName: suite)?.bool(forKey: "light") == false)
    }

    @Test("a toggle that is gone after the reload is reported as such")
    func toggleDisappears() throws {
        let suite = Self.freshSuite("light-gone")
        let before = try renderWidget(Self.lightWidget(suite: suite), family: .systemSmall)
        let tester = HitTester(frame: before, widget: "porch", family: .systemSmall, osVersion: 26)
        let toggle = try #require(tester.targets.first)
        let pending = try #require(PendingToggle(outcome: tester.tap(toggle), in: before))
        let other = try renderWidget(Self.counterWidget(suite: Self.freshSuite("light-gone-counter")), family: .systemSmall)
        #expect(pending.reconcile(with: other) == .disappeared)
        let corner = try #require(HitTester(frame: other, widget: "counter", family: .systemSmall, osVersion: 26).tap(column: 0, row: 0))
        #expect(PendingToggle(outcome: corner, in: other) == nil)
    }

    @Test("an intent that throws is reported and does not reload the widget")
    func intentThrows() {
        let result = IntentRunner().run(IntentReference(FailingIntent()), widget: "porch")
        #expect(result.outcome == .threw(errorType: "LightError", message: "the bridge is offline"))
        #expect(!result.reloadsWidget)
        #expect(result.reloadReason == nil)
        #expect(result.diagnostic?.code == "intent-threw")
        #expect(result.diagnostic?.severity == .error)
        #expect(result.logLine == "intent FailingIntent threw LightError: the bridge is offline; porch unchanged")
    }

    @Test("an intent past its time limit times out; its late answer is kept aside and ignored")
    func intentTimesOut() throws {
        let runner = IntentRunner(timeLimit: 0.05)
        let run = runner.start(IntentReference(SlowIntent()), widget: "slow")
        let result = run.wait()
        #expect(result.outcome == .timedOut(limit: 0.05))
        #expect(!result.reloadsWidget)
        let diagnostic = try #require(result.diagnostic)
        #expect(diagnostic.code == "intent-timed-out")
        #expect(diagnostic.message.contains("keeps its thread, and a core busy if it spins"))
        SlowIntent.gate.signal()
        // The late answer arrives on another thread: wait for it, then check it changed nothing.
        #expect(run.waitForLateOutcome(seconds: 60) == .succeeded)
        #expect(run.result?.outcome == .timedOut(limit: 0.05))
    }

    @Test("start returns at once and calls the completion once with the result; the time limit never finishes it again")
    func startCallsCompletionOnce() {
        let calls = CompletionCounter()
        let freed = MonotonicSignal()
        weak var released: IntentRun?
        do {
            let run = IntentRunner(timeLimit: 0.3).start(IntentReference(TrackedIntent(freed: freed)), widget: "note") { result in
                calls.record(result)
            }
            released = run
            #expect(run.wait().outcome == .succeeded)
        }
        // The time limit's wait ended with the run: the run and its intent are let go at once, not at the deadline.
        #expect(freed.wait(seconds: 60))
        #expect(released == nil)
        #expect(calls.count == 1)
        #expect(calls.lastOutcome == .succeeded)
    }

    @Test("a run that finished is let go at once, not held (with its intent) until its time limit")
    func finishedRunIsReleasedBeforeItsTimeLimit() {
        let freed = MonotonicSignal()
        do {
            // A 10-minute limit: before, the armed deadline held the run and the intent for all of it.
            let run = IntentRunner(timeLimit: 600).start(IntentReference(TrackedIntent(freed: freed)), widget: "note")
            #expect(run.wait().outcome == .succeeded)
            #expect(run.outcomeAfterTimeout == nil)
        }
        #expect(freed.wait(seconds: 60), "the intent is still held after its run finished")
    }
}

/// Signals `freed` when the last copy of the intent is gone.
final class IntentLifetime: @unchecked Sendable {
    let freed: MonotonicSignal
    init(freed: MonotonicSignal) { self.freed = freed }
    deinit { freed.signal() }
}

/// An intent that succeeds at once and says when it is released (through `IntentLifetime`).
struct TrackedIntent: AppIntent {
    static var title: LocalizedStringResource { "Tracked" }
    let lifetime: IntentLifetime
    init(freed: MonotonicSignal) { lifetime = IntentLifetime(freed: freed) }
    init() { lifetime = IntentLifetime(freed: MonotonicSignal()) }
    func perform() async throws -> some IntentResult { .result() }
}

/// Counts completion calls across threads, keeping only their outcomes (not the results, which hold the intent).
final class CompletionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [IntentOutcome] = []
    func record(_ result: IntentRunResult) { lock.withLock { outcomes.append(result.outcome) } }
    var count: Int { lock.withLock { outcomes.count } }
    var lastOutcome: IntentOutcome? { lock.withLock { outcomes.last } }
}
