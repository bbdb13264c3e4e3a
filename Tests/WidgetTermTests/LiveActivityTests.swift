import Foundation
import Testing
import TestSupport
import CellLayout
@testable import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI
import TerminalUI

// MARK: - Test activities

/// A deadline activity whose compact trailing view is the timer of field report 1.
struct DeadlineAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var deadline: Date
    }
    var title: String
}

/// Field report 1: `Text(deadline, style: .timer)` in the compact trailing slot, with or without a fixed frame.
func deadlineActivity(framed: Bool) -> WidgetDescriptor {
    ActivityConfiguration(for: DeadlineAttributes.self) { context in
        Text(context.attributes.title).padding()
    } dynamicIsland: { context in
        DynamicIsland {
            DynamicIslandExpandedRegion(.center) { Text(context.attributes.title) }
        } compactLeading: {
            Image(systemName: "timer")
        } compactTrailing: {
            if framed {
                Text(context.state.deadline, style: .timer).frame(width: 50).monospacedDigit()
            } else {
                Text(context.state.deadline, style: .timer)
            }
        } minimal: {
            Image(systemName: "timer")
        }
    }
    .widgetTermPreview(attributes: DeadlineAttributes(title: "Pitch deck")) { start in
        [ActivityContent(state: .init(deadline: start.addingTimeInterval(15 * 60)), staleDate: nil)]
    }
    .descriptor
}

/// Attributes with a payload of a chosen size, for the 4 KB limit.
struct PayloadAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var note: String
    }
    var name: String
}

/// An activity whose views are given per test.
struct ProbeAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var start: Date
        var note: String = ""
    }
    var name = "probe"
}

func probeActivity<Lock: View, Trailing: View, Minimal: View>(
    state: @escaping (Date) -> ProbeAttributes.ContentState = { ProbeAttributes.ContentState(start: $0) },
    @ViewBuilder lockScreen: @escaping (ActivityViewContext<ProbeAttributes>) -> Lock,
    @ViewBuilder compactTrailing: @escaping (ActivityViewContext<ProbeAttributes>) -> Trailing,
    @ViewBuilder minimal: @escaping (ActivityViewContext<ProbeAttributes>) -> Minimal
) -> WidgetDescriptor {
    ActivityConfiguration(for: ProbeAttributes.self) { context in
        lockScreen(context)
    } dynamicIsland: { context in
        DynamicIsland {
            DynamicIslandExpandedRegion(.leading) { Text("Probe") }
        } compactLeading: {
            Image(systemName: "star.fill")
        } compactTrailing: {
            compactTrailing(context)
        } minimal: {
            minimal(context)
        }
    }
    .widgetTermPreview(attributes: ProbeAttributes()) { start in [ActivityContent(state: state(start), staleDate: nil)] }
    .descriptor
}

/// A settable clock for activity centers (no process clock involved).
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ date: Date) { value = date }
    var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
    func advance(by seconds: TimeInterval) { now = now.addingTimeInterval(seconds) }
}

enum ActivityFixtures {
    static let samples = SampleWidgetBundle().widgetDescriptors
    static let start = FixedClock.reference

    static func sample(_ kind: String) throws -> WidgetDescriptor { try #require(samples.first { $0.kind == kind }) }

    /// Plays `descriptor`'s script (started at `started`, through state `number`) and renders `presentation` at `at`,
    /// with the process clock frozen at `at` (widget code's `Date()`).
    static func render(
        _ descriptor: WidgetDescriptor, _ presentation: ActivityPresentation, state number: Int = 1,
        started: Date = start, at: Date? = nil, device: DeviceProfile = .default, scheme: ColorScheme = .light,
        detached: WidgetDescriptor? = nil
    ) throws -> IslandFrame {
        let shown = at ?? started
        return try FixedClock.run(at: shown) {
            let clock = TestClock(started)
            let center = ActivityCenter(now: { clock.now })
            let id = try ActivityScript.start(descriptor, in: center, state: number, startingAt: started)
            let secondID = try detached.map { try ActivityScript.start($0, in: center, startingAt: started) }
            clock.now = shown
            let options = IslandRenderOptions(
                device: device, style: PaintStyle(colorScheme: scheme), date: shown, format: FixedClock.utcFormat)
            let snapshot = try #require(center.snapshot(id: id))
            let second = try secondID.map { (try #require(center.snapshot(id: $0)), try #require(detached?.activity)) }
            return try ActivityRendering.render(
                snapshot, with: try #require(descriptor.activity), kind: descriptor.kind,
                presentation: presentation, detached: second, options: options)
        }
    }

    /// Runs the activity checks on every scripted state, started at the reference moment.
    static func check(_ descriptor: WidgetDescriptor, device: DeviceProfile = .default) -> [Diagnostic] {
        FixedClock.run {
            ActivityChecks.run(
                descriptor, device: device, style: PaintStyle(colorScheme: .light), format: FixedClock.utcFormat,
                startingAt: start)
        }
    }

    /// The glyphs of `columns` on `row`, by column (a wide glyph's continuation cell is skipped).
    static func cells(_ frame: Frame, row: Int, _ columns: ClosedRange<Int>) -> String {
        String(columns.compactMap { frame.buffer[$0, row].isContinuation ? nil : frame.buffer[$0, row].glyph.character })
    }

    static func rows(_ frame: Frame) -> [String] {
        (0..<frame.buffer.height).map { String(frame.buffer.text(ofRow: $0).reversed().drop(while: { $0 == " " }).reversed()) }
    }
}

// MARK: - Sizes

@Suite struct IslandGeometryTests {
    @Test func geometryOfThe430PointPhone() throws {
        let geometry = try #require(IslandGeometry(device: .iPhone430))
        #expect(geometry.screenColumns == 54)
        #expect(geometry.islandRows == 2)
        #expect(geometry.compactSlotColumns == 8)
        #expect(geometry.compactWidth == 31)
        #expect(geometry.cameraColumns == 15)
        #expect(geometry.cameraColumn == 19)
        #expect(geometry.expandedWidth == 51)
        #expect(geometry.maximumCompactSideColumns == 18)
        #expect(geometry.minimalColumns == 5...6)
        #expect(geometry.heightRows == 5...9)
    }

    @Test func geometryOfThe393PointPhone() throws {
        let geometry = try #require(IslandGeometry(device: .iPhone393))
        #expect(geometry.screenColumns == 49)
        #expect(geometry.compactSlotColumns == 7)
        #expect(geometry.compactWidth == 29)
        #expect(geometry.cameraColumns == 15)
        #expect(geometry.expandedWidth == 46)
        #expect(geometry.maximumCompactSideColumns == 15)
    }

    @Test func padsHaveNoIsland() {
        #expect(IslandGeometry(device: .iPad1024) == nil)
    }
}

// MARK: - Field case 1

@Suite struct LiveActivityFieldCaseTests {
    @Test("field case 1: an unframed compact timer stretches the island to the expanded width, with a diagnostic")
    func unframedTimerStretchesTheIsland() throws {
        let island = try ActivityFixtures.render(deadlineActivity(framed: false), .compact)
        #expect(island.islandRect == CellRect(x: 1, y: 0, width: 51, height: 2))
        #expect(island.trailingColumns == 18)
        #expect(island.sideColumns == 18)
        #expect(!island.isClipped)
        // The timer starts at the camera's trailing edge (column 19 + 15) and reads 15:00.
        let rows = ActivityFixtures.rows(island.frame)
        #expect(rows[0].hasPrefix(" ▗"))
        #expect(ActivityFixtures.cells(island.frame, row: 0, 34...38) == "15:00")
        let findings = ActivityFixtures.check(deadlineActivity(framed: false))
        let finding = try #require(findings.first { $0.code == "compact-timer-without-fixed-width" })
        #expect(finding.severity == .warning)
        #expect(finding.message.contains(".frame(width: 50).monospacedDigit()"))
        #expect(finding.message.contains("grows from 31 to 51 columns"))
        #expect(finding.values["islandColumns"] == "51")
        #expect(finding.values["slot"] == "compactTrailing")
        #expect(finding.values["presentation"] == "compact")
    }

    @Test("field case 1: with .frame(width: 50).monospacedDigit() the island keeps its width; only the count-up past an hour is left")
    func framedTimerKeepsTheIslandWidth() throws {
        let island = try ActivityFixtures.render(deadlineActivity(framed: true), .compact)
        #expect(island.islandRect == CellRect(x: 11, y: 0, width: 31, height: 2))
        #expect(island.trailingColumns == 6)
        #expect(island.sideColumns == 8)
        #expect(ActivityFixtures.cells(island.frame, row: 0, 34...38) == "15:00")
        // `.timer` counts up once the deadline passes: 75 minutes in it reads 1:00:00, too wide for 50 pt.
        let findings = ActivityFixtures.check(deadlineActivity(framed: true))
        #expect(findings.map(\.code) == ["compact-timer-too-narrow-past-hour"])
        #expect(
            findings.first?.message.hasPrefix("compactTrailing: the timer Text(_, style: .timer) will read 1:00:00 after 1 h 15 min")
                == true)
    }

    @Test("field case 1 on the 393 pt phone: the island grows to 45 columns, centred on the camera")
    func unframedTimerOnThe393PointPhone() throws {
        let stretched = try ActivityFixtures.render(deadlineActivity(framed: false), .compact, device: .iPhone393)
        #expect(stretched.islandRect == CellRect(x: 2, y: 0, width: 45, height: 2))
        let framed = try ActivityFixtures.render(deadlineActivity(framed: true), .compact, device: .iPhone393)
        #expect(framed.islandRect == CellRect(x: 10, y: 0, width: 29, height: 2))
    }

    @Test("the compact timer ticks: only its cells repaint, one second later")
    func compactTimerTicks() throws {
        let island = try ActivityFixtures.render(deadlineActivity(framed: true), .compact)
        #expect(island.frame.liveRegions.count == 1)
        let later = island.frame.repaintingLiveRegions(
            at: ActivityFixtures.start.addingTimeInterval(1),
            style: IslandRenderOptions(
                style: PaintStyle(colorScheme: .light), date: ActivityFixtures.start
            ).islandStyle, format: FixedClock.utcFormat)
        #expect(ActivityFixtures.cells(later.frame, row: 0, 34...38) == "14:59")
        #expect(later.changed.map(\.column) == [35, 37, 38])
    }
}

// MARK: - Lifecycle

@Suite struct ActivityLifecycleTests {
    static let start = FixedClock.reference

    func center(_ clock: TestClock, maximum: Int = 5) -> ActivityCenter {
        ActivityCenter(maximumConcurrentActivities: maximum, now: { clock.now })
    }

    func request(_ center: ActivityCenter, note: String = "", staleDate: Date? = nil) throws -> String {
        try center.requestActivity(
            attributesType: "PayloadAttributes", attributes: try ActivityCoding.encode(PayloadAttributes(name: "a")),
            content: try ActivityCoding.encode(
                ActivityContent(
                    state: PayloadAttributes.ContentState(note: note),
                    staleDate: staleDate)),
            pushType: nil)
    }

    @Test func staleAfterTheStaleDateUntilTheNextUpdate() throws {
        let clock = TestClock(Self.start)
        let center = center(clock)
        let id = try request(center, staleDate: Self.start.addingTimeInterval(600))
        #expect(center.snapshot(id: id)?.activityState == .active)
        #expect(center.snapshot(id: id, at: Self.start.addingTimeInterval(599))?.activityState == .active)
        clock.advance(by: 600)
        let stale = try #require(center.snapshot(id: id))
        #expect(stale.activityState == .stale)
        #expect(stale.isStale)
        #expect(stale.isOnDynamicIsland)
        try center.updateActivity(
            id: id,
            content: try ActivityCoding.encode(
                ActivityContent(
                    state: PayloadAttributes.ContentState(note: "fresh"), staleDate: Self.start.addingTimeInterval(1800))),
            alertConfiguration: nil)
        #expect(center.snapshot(id: id)?.activityState == .active)
        #expect(center.snapshot(id: id)?.isStale == false)
    }

    @Test("the system ends an activity after 8 hours and removes it from the Lock Screen 4 hours later")
    func eightHoursThenFour() throws {
        let clock = TestClock(Self.start)
        let center = center(clock)
        let id = try request(center)
        let running = try #require(center.snapshot(id: id, at: Self.start.addingTimeInterval(8 * 3600 - 1)))
        #expect(running.activityState == .active)
        let ended = try #require(center.snapshot(id: id, at: Self.start.addingTimeInterval(8 * 3600)))
        #expect(ended.activityState == .ended)
        #expect(ended.isEndedBySystem)
        #expect(ended.endDate == Self.start.addingTimeInterval(8 * 3600))
        #expect(!ended.isOnDynamicIsland)
        #expect(ended.isOnLockScreen)
        #expect(center.snapshot(id: id, at: Self.start.addingTimeInterval(12 * 3600 - 1))?.activityState == .ended)
        #expect(center.snapshot(id: id, at: Self.start.addingTimeInterval(12 * 3600))?.activityState == .dismissed)
        clock.now = Self.start.addingTimeInterval(12 * 3600)
        #expect(center.snapshots().isEmpty)
        #expect(center.activityRecords(attributesType: "PayloadAttributes").isEmpty)
    }

    @Test("dismissal policies: default after 4 h, immediate, after(date) kept within 4 h")
    func dismissalPolicies() throws {
        let end = Self.start.addingTimeInterval(3600)
        let cases: [(ActivityUIDismissalPolicy, Date)] = [
            (.default, end.addingTimeInterval(4 * 3600)),
            (.immediate, end),
            (.after(end.addingTimeInterval(30 * 60)), end.addingTimeInterval(30 * 60)),
            (.after(end.addingTimeInterval(6 * 3600)), end.addingTimeInterval(4 * 3600)),
            (.after(end.addingTimeInterval(-3600)), end),
        ]
        for (policy, dismissal) in cases {
            let clock = TestClock(Self.start)
            let center = center(clock)
            let id = try request(center)
            clock.now = end
            try center.endActivity(id: id, content: nil, dismissalPolicy: policy)
            let snapshot = try #require(center.snapshot(id: id))
            #expect(snapshot.dismissalDate == dismissal, "\(policy)")
            #expect(snapshot.endDate == end)
            #expect(!snapshot.isEndedBySystem)
            #expect(snapshot.activityState == (dismissal == end ? .dismissed : .ended), "\(policy)")
            #expect(center.snapshot(id: id, at: dismissal)?.activityState == .dismissed, "\(policy)")
        }
    }

    @Test func anEndedActivityRefusesUpdatesAndKeepsItsFinalContent() throws {
        let clock = TestClock(Self.start)
        let center = center(clock)
        let id = try request(center, note: "first")
        let final = try ActivityCoding.encode(ActivityContent(state: PayloadAttributes.ContentState(note: "final"), staleDate: nil))
        try center.endActivity(id: id, content: final, dismissalPolicy: .default)
        #expect(throws: ActivityAuthorizationError.visibility) {
            try center.updateActivity(
                id: id,
                content: try ActivityCoding.encode(
                    ActivityContent(
                        state: PayloadAttributes.ContentState(note: "late"), staleDate: nil)), alertConfiguration: nil)
        }
        #expect(center.snapshot(id: id)?.record.content == final)
        #expect(center.events.map(\.kind) == [.requested, .ended, .refused])
        #expect(center.events.last?.message == "update ignored: the activity is ended")
    }

    @Test("an app runs at most 5 activities at once; an ended one frees a place")
    func concurrencyLimit() throws {
        let clock = TestClock(Self.start)
        let center = center(clock)
        let ids = try (1...5).map { _ in try request(center) }
        #expect(throws: ActivityAuthorizationError.targetMaximumExceeded) { try request(center) }
        try center.endActivity(id: ids[0], content: nil, dismissalPolicy: .default)
        #expect(try request(center) == "activity-6")
        center.globalMaximumActivities = 5
        #expect(throws: ActivityAuthorizationError.globalMaximumExceeded) { try request(center) }
        center.areActivitiesEnabled = false
        #expect(throws: ActivityAuthorizationError.denied) { try request(center) }
    }

    @Test("the island shows the most relevant activities first: the first two make the minimal pair")
    func relevanceOrder() throws {
        let clock = TestClock(Self.start)
        let center = center(clock)
        let low = try request(center)
        let high = try center.requestActivity(
            attributesType: "PayloadAttributes", attributes: try ActivityCoding.encode(PayloadAttributes(name: "b")),
            content: try ActivityCoding.encode(
                ActivityContent(
                    state: PayloadAttributes.ContentState(note: ""), staleDate: nil,
                    relevanceScore: 80)),
            pushType: nil)
        #expect(center.islandActivities().map(\.id) == [high, low])
    }
}

// MARK: - The 4 KB limit

@Suite struct ActivityPayloadLimitTests {
    /// A note that makes the encoded attributes plus content state exactly `bytes` long.
    static func content(totalBytes bytes: Int, attributes: Data) throws -> EncodedActivityContent {
        let empty = try ActivityCoding.encode(PayloadAttributes.ContentState(note: ""))
        let note = String(repeating: "x", count: bytes - attributes.count - empty.count)
        return try ActivityCoding.encode(ActivityContent(state: PayloadAttributes.ContentState(note: note), staleDate: nil))
    }

    @Test("4096 bytes of attributes and content state are accepted; 4097 are refused with ActivityKit's error")
    func limitIsExactly4096Bytes() throws {
        let center = ActivityCenter(now: { FixedClock.reference })
        let attributes = try ActivityCoding.encode(PayloadAttributes(name: "limit"))
        #expect(attributes.count == 16)
        let fits = try Self.content(totalBytes: 4096, attributes: attributes)
        #expect(ActivityCenter.payloadSize(attributes: attributes, content: fits) == 4096)
        let id = try center.requestActivity(attributesType: "PayloadAttributes", attributes: attributes, content: fits, pushType: nil)
        let over = try Self.content(totalBytes: 4097, attributes: attributes)
        #expect(throws: ActivityAuthorizationError.attributesTooLarge) {
            try center.requestActivity(attributesType: "PayloadAttributes", attributes: attributes, content: over, pushType: nil)
        }
        #expect(throws: ActivityAuthorizationError.attributesTooLarge) {
            try center.updateActivity(id: id, content: over, alertConfiguration: nil)
        }
        #expect(center.snapshot(id: id)?.record.content == fits)
        #expect(
            ActivityAuthorizationError.attributesTooLarge.errorDescription
                == "The provided Live Activity attributes exceeded the maximum size of 4KB.")
        #expect(center.events.map(\.kind) == [.requested, .refused, .refused])
        #expect(center.events[1].message.contains("4097 bytes"))
    }

    @Test("check reports a scripted content state over 4 KB as an error with its size")
    func checkReportsOversizedState() throws {
        let descriptor = probeActivity(
            state: { ProbeAttributes.ContentState(start: $0, note: String(repeating: "y", count: 5000)) },
            lockScreen: { _ in Text("Probe").padding() },
            compactTrailing: { _ in Text("ok") }, minimal: { _ in Image(systemName: "star.fill") })
        let findings = ActivityFixtures.check(descriptor)
        let finding = try #require(findings.first { $0.code == "activity-content-too-large" })
        #expect(finding.severity == .error)
        #expect(finding.values["bytes"] == "5045")
        #expect(finding.values["limit"] == "4096")
        #expect(finding.message.contains("ActivityAuthorizationError.attributesTooLarge"))
    }
}

// MARK: - The Activity front (each test binds a host context of its own)

@Suite struct ActivityHostTests {
    @Test func requestWithoutAHostFailsClearly() throws {
        let host = HostContext()
        try host.run {
            do {
                try Activity.request(
                    attributes: PayloadAttributes(name: "x"), content: ActivityContent(state: .init(note: ""), staleDate: nil))
                Issue.record("request succeeded without a host")
            } catch let error as ActivityHostMissingError {
                #expect(error.description.hasPrefix("Activity.request needs WidgetTerm's Live Activity host, and none is installed."))
            }
            #expect(Activity<PayloadAttributes>.activities.isEmpty)
        }
    }

    @Test("request, update and end through ActivityKit's API; a workout intent pauses the activity")
    func frontDrivesTheCenter() async throws {
        let clock = TestClock(FixedClock.reference)
        let center = ActivityCenter(now: { clock.now })
        let host = HostContext()
        center.install(in: host)
        try await host.run { try await Self.driveTheFront(center) }
    }

    static func driveTheFront(_ center: ActivityCenter) async throws {
        let activity = try Activity.request(
            attributes: PayloadAttributes(name: "front"),
            content: ActivityContent(state: .init(note: "one"), staleDate: nil))
        #expect(activity.activityState == .active)
        await activity.update(ActivityContent(state: .init(note: "two"), staleDate: nil))
        #expect(activity.content.state.note == "two")
        #expect(Activity<PayloadAttributes>.activities.map(\.id) == [activity.id])
        await activity.end(ActivityContent(state: .init(note: "done"), staleDate: nil), dismissalPolicy: .immediate)
        #expect(activity.activityState == .dismissed)
        #expect(Activity<PayloadAttributes>.activities.isEmpty)
        // An update after the end is dropped, as on a device.
        await activity.update(ActivityContent(state: .init(note: "late"), staleDate: nil))
        #expect(center.events.last?.kind == .refused)
    }
}

extension ActivityHostTests {
    /// The preview on an in-memory terminal with the sample bundle, on the light theme.
    static func preview() throws -> (PreviewApp, MemoryTerminal) {
        let terminal = MemoryTerminal(width: 120, height: 44)
        let configuration = PreviewConfiguration(
            widgets: ActivityFixtures.samples, theme: Theme.builtIn(.light),
            format: FixedClock.utcFormat, router: try DeepLinkRouter(widgets: ActivityFixtures.samples))
        return (PreviewApp(configuration: configuration, terminal: terminal), terminal)
    }

    static func press(_ app: PreviewApp, _ keys: Character...) {
        for key in keys { app.handle(.key(.character(key))) }
        app.renderFrame()
    }

    @Test("the island screen: start, tick, next state, two at once, stale, end, and a button that pauses the workout")
    func islandScreen() throws {
        try FixedClock.run {
            let (app, terminal) = try Self.preview()
            #expect(app.configuration.activities.map(\.kind) == ["delivery", "workout", "match"])
            #expect(!app.configuration.widgets.contains { $0.isActivity })
            Self.press(app, "i")
            #expect(terminal.text.contains("Dynamic Island · idle"))
            #expect(terminal.text.contains("No activity running. s starts delivery; 2 starts two at once."))

            Self.press(app, "s")
            #expect(terminal.text.contains("Dynamic Island · compact"))
            #expect(terminal.lines.contains { $0.contains("👜") && $0.contains("35:00") })
            #expect(terminal.text.contains("Lock Screen · delivery · state 1/4 · active"))
            // The caption is wider than the stage: it wraps to a second line instead of being cut.
            #expect(terminal.text.contains("after it ends"))
            // The island's timer ticks with the clock.
            HostClock.set(FixedClock.reference.addingTimeInterval(1))
            app.renderFrame()
            #expect(terminal.lines.contains { $0.contains("👜") && $0.contains("34:59") })

            Self.press(app, "u")
            #expect(terminal.text.contains("Lock Screen · delivery · state 2/4 · active"))
            #expect(terminal.text.contains("Being prepared"))

            Self.press(app, "2")
            #expect(terminal.text.contains("Dynamic Island · minimal (2 activities: attached and detached)"))
            #expect(terminal.text.contains("Lock Screen · workout · state 1/4 · active"))

            // The workout's expanded Pause button runs its LiveActivityIntent, which pauses the activity.
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            app.waitForIslandIntents()
            app.renderFrame()
            #expect(app.log.texts.contains { $0.contains("workout/expanded tap") && $0.contains("PauseWorkoutIntent") })
            #expect(terminal.text.contains("Resume"))

            Self.press(app, "o", "x")
            #expect(terminal.text.contains("Lock Screen · delivery · state 2/4 · stale"))
            #expect(terminal.text.contains("Waiting for an update…"))

            Self.press(app, "e")
            #expect(terminal.text.contains("Dynamic Island · compact"))
            #expect(terminal.text.contains("no longer in the Dynamic Island"))
            #expect(terminal.text.contains("Lock Screen · delivery · state 2/4 · ended"))
            Self.press(app, "i")
            #expect(!terminal.text.contains("Dynamic Island"))
        }
    }
}

// MARK: - Diagnostics

@Suite struct ActivityCheckTests {
    @Test("a compact timer that shows hours no longer fits its 44 pt frame: reported with the moment")
    func timerPastOneHour() throws {
        let descriptor = probeActivity(
            state: { ProbeAttributes.ContentState(start: $0.addingTimeInterval(-50 * 60)) },
            lockScreen: { _ in Text("Probe").padding() },
            compactTrailing: { context in Text(context.state.start, style: .timer).monospacedDigit().frame(width: 44) },
            minimal: { _ in Image(systemName: "star.fill") })
        let findings = ActivityFixtures.check(descriptor)
        // The render's own finding on the frame comes too, as `render --presentation compact` prints both.
        #expect(findings.map(\.code) == ["compact-timer-too-narrow-past-hour", "timer-frame-too-narrow"])
        let finding = try #require(findings.first)
        #expect(finding.message.contains("will read 1:00:00 after 0 h 10 min (7 columns), wider than the 6 columns"))
        #expect(finding.message.contains(".frame(width: 56)"))
        #expect(finding.values["at"] == ActivityFixtures.start.addingTimeInterval(600).formatted(.iso8601))
    }

    @Test("a minimal view with only a progress ring does not identify the app; with a glyph it does")
    func minimalIdentification() throws {
        let ring = probeActivity(
            lockScreen: { _ in Text("Probe").padding() }, compactTrailing: { _ in Text("ok") },
            minimal: { _ in Gauge(value: 0.4) { EmptyView() }.gaugeStyle(.accessoryCircularCapacity) })
        let findings = ActivityFixtures.check(ring)
        #expect(findings.map(\.code) == ["minimal-does-not-identify-app"])
        #expect(findings.first?.message.hasPrefix("The minimal view shows only a progress ring") == true)
        #expect(findings.first?.message.hasSuffix("e.g. as the gauge's currentValueLabel).") == true)
        let withGlyph = probeActivity(
            lockScreen: { _ in Text("Probe").padding() }, compactTrailing: { _ in Text("ok") },
            minimal: { _ in
                Gauge(value: 0.4) {
                    EmptyView()
                } currentValueLabel: {
                    Image(systemName: "star.fill")
                }
                .gaugeStyle(.accessoryCircularCapacity)
            })
        #expect(ActivityFixtures.check(withGlyph).isEmpty)
        let number = probeActivity(
            lockScreen: { _ in Text("Probe").padding() }, compactTrailing: { _ in Text("ok") },
            minimal: { _ in Text("42") })
        #expect(ActivityFixtures.check(number).map(\.code) == ["minimal-does-not-identify-app"])
        // No gauge: the advice names no gauge, and no "short value" (a number alone is what it reports).
        let advice = try #require(ActivityFixtures.check(number).first).message
        #expect(
            advice.hasSuffix(
                "shows no glyph and no words: beside another app's activity nothing says which app it belongs to. Put your app's glyph in it (an Image(systemName:)), or a word that names it."
            ) || advice.contains("Put your app's glyph in it (an Image(systemName:)), or a word that names it."), "\(advice)")
        #expect(!advice.contains("gauge"), "\(advice)")
    }

    @Test("a Lock Screen view taller than 160 pt is truncated at 9 rows and reported")
    func tallLockScreen() throws {
        let tall = probeActivity(
            lockScreen: { _ in
                VStack(alignment: .leading, spacing: 0) { ForEach(1..<13) { Text("Line \($0)") } }
            }, compactTrailing: { _ in Text("ok") }, minimal: { _ in Image(systemName: "star.fill") })
        let island = try ActivityFixtures.render(tall, .lockScreen)
        #expect(island.frame.size == CellSize(width: 51, height: 9))
        #expect(island.contentRows == 12)
        #expect(island.isClipped)
        let rows = ActivityFixtures.rows(island.frame)
        #expect(rows.contains { $0.contains("Line 9") })
        #expect(!rows.contains { $0.contains("Line 10") })
        let findings = ActivityFixtures.check(tall)
        #expect(findings.map(\.code) == ["lock-screen-too-tall"])
        #expect(findings.first?.values["rows"] == "12")
        #expect(findings.first?.values["points"] == "204")
    }

    @Test("a button in the compact presentation does nothing: reported as a dead tap")
    func buttonInCompact() throws {
        let descriptor = probeActivity(
            lockScreen: { _ in Text("Probe").padding() },
            compactTrailing: { _ in Button(intent: NoteIntent()) { Text("Go") } },
            minimal: { _ in Image(systemName: "star.fill") })
        let findings = ActivityFixtures.check(descriptor)
        #expect(findings.map(\.code) == ["control-ignored"])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.values["presentation"] == "compact")
    }

    @Test("both samples pass every check")
    func samplesAreClean() throws {
        for kind in ["delivery", "workout"] {
            let findings = ActivityFixtures.check(try ActivityFixtures.sample(kind))
            #expect(findings.isEmpty, "\(kind): \(findings.map(\.line))")
        }
    }
}

// MARK: - Presentations and taps

@Suite struct IslandPresentationTests {
    @Test func ongoingScriptStatesChangeTheContent() throws {
        let delivery = try ActivityFixtures.sample("delivery")
        let first = ActivityFixtures.rows(try ActivityFixtures.render(delivery, .lockScreen, state: 1).frame)
        let third = ActivityFixtures.rows(try ActivityFixtures.render(delivery, .lockScreen, state: 3).frame)
        #expect(first[2] == "  Order confirmed")
        #expect(third[2] == "  On the way with Sam")
        #expect(first[1].hasSuffix("35:00"))
        #expect(third[1].hasSuffix("12:00"))
    }

    @Test("a stale delivery says so on the Lock Screen, 25 minutes after it started")
    func staleLockScreen() throws {
        let delivery = try ActivityFixtures.sample("delivery")
        let island = try ActivityFixtures.render(delivery, .lockScreen, state: 3, at: ActivityFixtures.start.addingTimeInterval(25 * 60))
        #expect(ActivityFixtures.rows(island.frame)[4] == "  Waiting for an update…")
        // The bounded ETA timer stopped at 0:00 when the ETA passed.
        #expect(ActivityFixtures.rows(island.frame)[1].hasSuffix("0:00"))
    }

    @Test("an ended activity leaves the island; the Lock Screen keeps it")
    func endedActivityLeavesTheIsland() throws {
        let delivery = try ActivityFixtures.sample("delivery")
        let later = ActivityFixtures.start.addingTimeInterval(9 * 3600)
        #expect(throws: ActivityRenderError.self) { try ActivityFixtures.render(delivery, .compact, at: later) }
        let lock = try ActivityFixtures.render(delivery, .lockScreen, at: later)
        #expect(lock.frame.size.width == 51)
        #expect(throws: ActivityRenderError.self) {
            try ActivityFixtures.render(delivery, .lockScreen, at: ActivityFixtures.start.addingTimeInterval(12 * 3600))
        }
    }

    @Test("compact and minimal are one tap target (the island's widgetURL); expanded buttons run their intents")
    func taps() throws {
        let workout = try ActivityFixtures.sample("workout")
        let compact = try ActivityFixtures.render(workout, .compact, state: 2)
        let compactTester = HitTester(
            frame: compact.frame, widget: "workout", rules: TapRules(surface: .liveActivity(.compact), osVersion: 26))
        #expect(compactTester.tap(column: 27, row: 0)?.url == URL(string: "fit://workout/current"))
        let expanded = try ActivityFixtures.render(workout, .expanded, state: 2)
        let tester = HitTester(frame: expanded.frame, widget: "workout", rules: TapRules(surface: .liveActivity(.expanded), osVersion: 26))
        #expect(tester.targets.map(\.description) == ["Button “ǁ Pause” → PauseWorkoutIntent", "Button “✗ End” → EndWorkoutIntent"])
        let pause = try #require(tester.targets.first)
        #expect(tester.tap(pause).intent?.typeName == "PauseWorkoutIntent")
        #expect(tester.diagnostics.isEmpty)
    }

    @Test("two activities: the first attached to the island, the second detached beside it")
    func minimalPair() throws {
        let pair = try ActivityFixtures.render(
            try ActivityFixtures.sample("delivery"), .minimal,
            detached: try ActivityFixtures.sample("workout"))
        #expect(pair.islandRect == CellRect(x: 14, y: 0, width: 20, height: 2))
        #expect(pair.detachedRect == CellRect(x: 35, y: 0, width: 5, height: 2))
        #expect(pair.widgetURL(atColumn: 16, row: 0) == URL(string: "food://orders/1042"))
        #expect(pair.widgetURL(atColumn: 36, row: 0) == URL(string: "fit://workout/current"))
        #expect(pair.widgetURL(atColumn: 34, row: 0) == nil)
    }

    @Test("golden snapshots of both samples in every presentation", arguments: ["delivery", "workout"])
    func goldens(kind: String) throws {
        let descriptor = try ActivityFixtures.sample(kind)
        let state = kind == "delivery" ? 3 : 2
        for presentation in ActivityPresentation.allCases {
            let island = try ActivityFixtures.render(descriptor, presentation, state: state)
            // The samples' framed timers are reported on their own (TextMetricsTests.sampleTimers).
            let others = island.frame.diagnostics.filter { $0.code != "timer-frame-too-narrow" }
            #expect(others.isEmpty, "\(others)")
            Golden.check(FrameEncoder.golden(island.frame.buffer), named: "\(kind).\(presentation.argument)")
        }
        let dark = try ActivityFixtures.render(descriptor, .lockScreen, state: state, scheme: .dark)
        Golden.check(FrameEncoder.golden(dark.frame.buffer), named: "\(kind).lockscreen.dark")
    }

    @Test func goldenOfTheMinimalPairAndTheStaleLockScreen() throws {
        let pair = try ActivityFixtures.render(
            try ActivityFixtures.sample("delivery"), .minimal,
            detached: try ActivityFixtures.sample("workout"))
        Golden.check(FrameEncoder.golden(pair.frame.buffer), named: "delivery+workout.minimal")
        let stale = try ActivityFixtures.render(
            try ActivityFixtures.sample("delivery"), .lockScreen, state: 3,
            at: ActivityFixtures.start.addingTimeInterval(25 * 60))
        Golden.check(FrameEncoder.golden(stale.frame.buffer), named: "delivery.lockscreen.stale")
    }
}

// MARK: - Command line

@Suite struct ActivityCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        FixedClock.run {
            let output = StringStream(), errors = StringStream()
            let status = WidgetTermCommand.run(
                arguments: arguments, widgets: ActivityFixtures.samples, environment: [:],
                output: output, errors: errors)
            return (status, output.text, errors.text)
        }
    }

    @Test func listMarksActivities() {
        let result = run(["list"])
        #expect(result.status == 0)
        #expect(result.output.contains("delivery       Live Activity: compact minimal expanded lockscreen\n"))
        #expect(result.output.contains("workout        Live Activity: compact minimal expanded lockscreen\n"))
    }

    @Test func renderCompact() {
        let result = run([
            "render", "delivery", "--presentation", "compact", "--state", "3", "--at", "2026-03-14T09:41:00Z", "--format", "text",
        ])
        #expect(result.status == 0)
        #expect(result.errors == "")
        // The sample's keyline tint (orange) outlines the compact island: rounded corners, lines on its edges.
        #expect(result.output == "           ╭─────👜────────────────12:00─╮\n           ╰─────────────────────────────╯\n")
    }

    @Test("keylineTint is a thin outline on the island's edge cells content left empty, never a filled cell")
    func keylineIsAnOutline() throws {
        let style = PaintStyle(colorScheme: .dark)
        var buffer = CellBuffer(width: 8, height: 3)
        let island = CellRect(x: 1, y: 0, width: 6, height: 3)
        for row in 0..<3 { for column in 1..<7 { buffer[column, row] = Cell(background: IslandRenderer.islandColor) } }
        buffer[3, 0] = Cell(glyph: "A", foreground: RGB(255, 255, 255), background: IslandRenderer.islandColor)
        IslandRenderer.drawEnds(of: island, keyline: .orange, style: style, in: &buffer)
        let rows = (0..<3).map { row in String((0..<8).map { buffer[$0, row].glyph.character }) }
        #expect(rows == [" ╭─A──╮ ", " │    │ ", " ╰────╯ "])
        let tint = try #require(buffer[1, 0].foreground)
        #expect(tint != IslandRenderer.islandColor)
        for row in 0..<3 {
            for column in 0..<8 {
                #expect(buffer[column, row].background != tint, "(\(column), \(row)) is filled with the tint")
            }
        }
        // Corners stand over what is outside the island; the lines on its black.
        #expect(buffer[1, 0].background == style.surface && buffer[6, 2].background == style.surface)
        #expect(buffer[2, 0].background == IslandRenderer.islandColor && buffer[1, 1].background == IslandRenderer.islandColor)
        #expect(buffer[3, 0].glyph == "A", "content on the edge stays")
        // Without a tint: black quadrant corners, no outline.
        var plain = CellBuffer(width: 8, height: 3)
        for row in 0..<3 { for column in 1..<7 { plain[column, row] = Cell(background: IslandRenderer.islandColor) } }
        IslandRenderer.drawEnds(of: island, keyline: nil, style: style, in: &plain)
        #expect(plain[1, 0].glyph == "▗" && plain[1, 0].foreground == IslandRenderer.islandColor && plain[2, 0].glyph == " ")
    }

    @Test func renderLaterShowsTheStateOfTheLifecycle() {
        let ended = run(["render", "delivery", "--presentation", "expanded", "--at", "2026-03-14T18:00:00Z", "--started", "-9h"])
        #expect(ended.status == 2)
        #expect(ended.errors.contains("delivery is ended (it ended at 2026-03-14T17:00:00Z): the Dynamic Island no longer shows it"))
        let lock = run([
            "render", "delivery", "--presentation", "lockscreen", "--at", "2026-03-14T18:00:00Z", "--started", "-9h", "--format", "text",
        ])
        #expect(lock.status == 0)
        #expect(
            lock.errors == "widgetterm: note: delivery is ended at 2026-03-14T18:00:00Z; its views get isStale == true; "
                + "the Lock Screen shows it until 2026-03-14T21:00:00Z\n")
    }

    @Test func usageErrors() {
        #expect(
            run(["render", "delivery", "--family", "systemSmall"]).errors
                == "widgetterm: delivery is a Live Activity: it takes --presentation compact|minimal|expanded|lockscreen, not --family\n")
        #expect(
            run(["render", "delivery", "--presentation", "banner"]).errors
                == "widgetterm: unknown --presentation banner; valid presentations: compact, minimal, expanded, lockscreen\n")
        #expect(
            run(["render", "delivery", "--state", "9"]).errors
                == "widgetterm: delivery has 4 scripted states; --state takes 1 to 4, not 9\n")
        #expect(
            run(["render", "water", "--presentation", "compact"]).errors
                == "widgetterm: --presentation applies to Live Activities; water is a widget (it takes --family)\n")
        #expect(run(["render", "delivery", "--device", "ipad-1024"]).status == 2)
        #expect(run(["timeline", "delivery"]).status == 2)
    }

    @Test func checkRunsTheActivityChecks() {
        let result = run(["check", "delivery", "workout"])
        #expect(result.status == 0)
        #expect(result.output == "delivery: clean\nworkout: clean\n")
        #expect(result.errors == "widgetterm: check: 0 errors, 0 warnings, 0 notes on 8 surfaces; 2 of 2 widgets clean\n")
    }
}

// MARK: - The island screen in the real binary

@Suite(.serialized, .tmuxInstalled)
struct IslandEndToEndTests {
    @Test("i opens the island screen; s starts the delivery and its timer ticks; 2 adds the workout; Pause runs its intent")
    func islandScreenInTmux() throws {
        let session = try TmuxSession()
        try session.launch(["preview"])
        try session.wait(for: "water │ systemSmall │ fullColor")
        try session.keys("i")
        try session.wait(for: "Dynamic Island · idle")
        try session.keys("s")
        try session.wait(forAll: ["Dynamic Island · compact", "Lock Screen · delivery · state 1/4 · active"])
        // The ETA counts down from 35:00 on the real clock: one second later the island shows 34:5x.
        try session.wait(for: "34:5")
        try session.keys("2")
        try session.wait(for: "Dynamic Island · minimal (2 activities: attached and detached)")
        try session.keys("Tab", "Enter")
        try session.wait(forAll: ["Resume", "Lock Screen · workout"])
        try session.keys("e")
        try session.wait(for: "no longer in the Dynamic Island")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}

@Suite struct IslandTimerClipTests {
    @Test("a compact timer in a fixed frame wider than the island is cut at the island's edge, never over its corner")
    func wideTimerStopsAtTheCorner() throws {
        let wide = probeActivity(
            lockScreen: { _ in Text("Probe").padding() },
            compactTrailing: { _ in
                Text(timerInterval: Date()...Date().addingTimeInterval(2 * 3600), countsDown: true).frame(width: 300)
            },
            minimal: { _ in Image(systemName: "star.fill") })
        let island = try ActivityFixtures.render(wide, .compact)
        let rect = island.islandRect
        #expect(island.isClipped)
        // The rounded ends are the island's own glyphs; nothing is drawn right of the island.
        #expect(island.frame.buffer[rect.maxX - 1, 0].glyph == "▖")
        #expect(island.frame.buffer[rect.maxX - 1, 1].glyph == "▘")
        for row in 0..<island.frame.size.height {
            for column in rect.maxX..<island.frame.size.width {
                #expect(island.frame.buffer[column, row].glyph.isSpace, "cell \(column),\(row)")
            }
        }
    }
}
