import Foundation
import CellLayout
import CellRender
import WidgetDocument
import WidgetHost
import WidgetKitUI

// MARK: - The island screen (issue 6 §4)

/// The Live Activity screen of the preview: a status bar with the Dynamic Island (compact with one activity,
/// the attached and detached minimal pair with two), the expanded island and the Lock Screen view of the
/// focused activity, and keys that play each activity's scripted content states into an `ActivityCenter`
/// that stands in for iOS. Taps follow the presentation's rules (`TapRules`): the island's `widgetURL` in
/// compact and minimal; links, buttons and toggles in the expanded and Lock Screen presentations. Timers
/// tick: each content is rendered once and only its live regions repaint.
final class IslandScreen {
    /// The bundle's Live Activities, in bundle order (a reloaded widget document replaces its own).
    private(set) var activities: [WidgetDescriptor]
    /// iOS's side of ActivityKit for the preview: `Activity` calls from the previewed code land here (it is
    /// the preview host context's activity host).
    let center: ActivityCenter
    /// True while the island screen replaces the widget stage.
    var isShown = false
    /// The activity kind `s` starts (index into `activities`).
    var selectedKind = 0
    /// The activity the keys act on and the expanded and Lock Screen views show (index into `running`).
    var focused = 0
    /// The highlighted link or control (index into the screen's targets).
    var targetIndex: Int?

    /// An activity started from the screen, with its script.
    struct Running {
        var id: String
        var descriptor: WidgetDescriptor
        var contents: [EncodedActivityContent]
        /// The alert each state's update shows (`Activity.update(_:alertConfiguration:)`), one per content; nil for none.
        var alerts: [AlertConfiguration?]
        /// The scripted state shown last (1-based).
        var stateNumber: Int
        /// True when the content shown came from a push (`P`), not from the script (`s`, `u`).
        var isPushed = false
        /// True when the pushed content is none of the script's states.
        var isOffScript = false

        /// Which state is shown, for the activity list and the Lock Screen header: `state 2/4`, `state 3/4 (pushed)`
        /// when a push delivered one of the script's states, `pushed state (not in the script of 4)` otherwise.
        var stateLabel: String {
            if isPushed && isOffScript { return "pushed state (not in the script of \(contents.count))" }
            return "state \(stateNumber)/\(contents.count)" + (isPushed ? " (pushed)" : "")
        }
    }

    private(set) var running: [Running] = []
    private var intentRuns: [(run: IntentRun, kind: String)] = []
    private var loggedEvents = 0
    /// Renders archived per activity content, presentation and appearance; ticks repaint their live regions.
    private var archive: [String: (frame: IslandFrame, laidOutAt: Date)] = [:]
    /// Where each presentation landed on the last screen, with the frame drawn there: clicks and the tap
    /// targets are looked up in it.
    var panels = Compositor<Panel>()

    /// A presentation as drawn on screen.
    struct Panel {
        var presentation: ActivityPresentation
        var kind: String
        var island: IslandFrame
    }

    init(activities: [WidgetDescriptor], center: ActivityCenter = ActivityCenter()) {
        self.activities = activities
        self.center = center
    }

    /// The keys of the island screen, for its hint line and the help overlay.
    static let keys: [(String, String)] = [
        ("s", "start"), ("k", "kind"), ("2", "two at once"), ("u", "next state"), ("x", "stale"), ("e", "end"),
        ("E", "end now"), ("L", "end in 15 min"), ("N", "new token"), ("o/O", "select"), ("Tab", "target"), ("Enter", "tap"),
        ("i", "widgets"),
    ]

    /// The keys of the hint row that fit in `width` columns, each with the column it starts at: two spaces
    /// apart when all fit, else one; when not all fit with one, those that fit (in order) and then `? help`.
    static func hintRow(width: Int) -> [(key: String, meaning: String, column: Int)] {
        func widthOf(_ entry: (String, String)) -> Int { DisplayWidth.of(entry.0) + 1 + DisplayWidth.of(entry.1) }
        func total(_ entries: [(String, String)], spacing: Int) -> Int {
            entries.map(widthOf).reduce(0, +) + spacing * max(0, entries.count - 1)
        }
        func laidOut(_ entries: [(String, String)], spacing: Int) -> [(key: String, meaning: String, column: Int)] {
            var column = 0
            return entries.map { entry in
                defer { column += widthOf(entry) + spacing }
                return (entry.0, entry.1, column)
            }
        }
        for spacing in [2, 1] where total(keys, spacing: spacing) <= width {
            return laidOut(keys, spacing: spacing)
        }
        let help = ("?", "help")
        var shown: [(String, String)] = []
        for entry in keys {
            guard total(shown + [entry, help], spacing: 1) <= width else { break }
            shown.append(entry)
        }
        return laidOut(shown + [help], spacing: 1)
    }

    // MARK: State

    /// The running activity the keys act on, if any.
    var focusedRunning: Running? { running.isEmpty ? nil : running[min(focused, running.count - 1)] }

    func descriptor(ofID id: String) -> WidgetDescriptor? { running.first { $0.id == id }?.descriptor }

    /// The header's count of the activities listed: those still running (active or stale), then those that ended
    /// and stay on the Lock Screen, e.g. "1 running, 1 ended" (an ended activity is not running).
    var runningSummary: String {
        let ended = running.filter { item in
            guard let state = center.snapshot(id: item.id)?.activityState else { return true }
            return state == .ended || state == .dismissed
        }.count
        let live = running.count - ended
        return ended == 0 ? "\(live) running" : "\(live) running, \(ended) ended"
    }

    /// Starts activity `index` of the bundle with its first scripted state on iOS `osVersion` (the preview's `o`
    /// choice; by default the newest simulated); below iOS 16.1 nothing starts and the log says why.
    func start(
        _ index: Int, at now: Date, osVersion: Int = OSAvailability.simulatedMajorVersions.last ?? 26,
        log: (EventLog.Kind, String) -> Void
    ) {
        guard activities.indices.contains(index) else {
            log(.info, "no Live Activity in this bundle: add an ActivityConfiguration to see the island")
            return
        }
        let descriptor = activities[index]
        // ActivityKit is iOS 16.1+: on an older simulated iOS the request is refused, with the reason in the log.
        if let tooOld = ActivityChecks.osVersionFinding(kind: descriptor.kind, osVersion: osVersion) {
            log(.diagnostic, "not started: \(tooOld.message)")
            return
        }
        do {
            let contents = try ActivityScript.contents(of: descriptor, startingAt: now)
            let alerts = try ActivityScript.alertConfigurations(of: descriptor, startingAt: now)
            let id = try ActivityScript.start(descriptor, in: center, state: 1, startingAt: now)
            running.append(Running(id: id, descriptor: descriptor, contents: contents, alerts: alerts, stateNumber: 1))
            focused = running.count - 1
            targetIndex = nil
        } catch {
            log(.info, "\(descriptor.kind): \(error)")
        }
    }

    /// Takes activity `id`, started outside the screen's keys (a start push), into the list and focuses it; its script
    /// is the content it started with (`u` then has nothing else to play).
    func adopt(_ id: String, descriptor: WidgetDescriptor, content: EncodedActivityContent) {
        running.append(Running(id: id, descriptor: descriptor, contents: [content], alerts: [nil], stateNumber: 1))
        focused = running.count - 1
        targetIndex = nil
    }

    /// Records that a push (`P`) delivered `content` to the focused activity: its state is the script's state it equals
    /// (the JSON compared as typed values: key order and `1` against `1.0` aside, but `true` is not `1`), or a state
    /// off the script. `u` goes on from a scripted one.
    func notePush(_ content: EncodedActivityContent) {
        guard var current = focusedRunning else { return }
        func value(_ data: Data) -> DocumentValue? {
            (try? JSONScanner.parse([UInt8](data), file: "content-state")).map(DocumentValue.init)
        }
        let pushed = value(content.state)
        let index = current.contents.firstIndex { scripted in pushed != nil && value(scripted.state) == pushed }
        current.isPushed = true
        current.isOffScript = index == nil
        if let index { current.stateNumber = index + 1 }
        running[min(focused, running.count - 1)] = current
    }

    /// Pushes the focused activity's next scripted state (wrapping to the first) with its scripted alert, as the app's
    /// `Activity.update(_:alertConfiguration:)` does: the center logs the alert with its sound, and the island expands
    /// (a banner without an island) for `ActivityAlertDrawing.duration` seconds.
    func pushNextState(log: (EventLog.Kind, String) -> Void) {
        guard var current = focusedRunning else { return log(.info, "no activity: press s to start one") }
        let next = current.stateNumber % current.contents.count + 1
        let alert = current.alerts.indices.contains(next - 1) ? current.alerts[next - 1] : nil
        do {
            try center.updateActivity(id: current.id, content: current.contents[next - 1], alertConfiguration: alert)
            current.stateNumber = next
            current.isPushed = false
            current.isOffScript = false
            running[min(focused, running.count - 1)] = current
            // After the last state the script starts over: say so, or the change back to state 1 looks like a fault.
            if next == 1 {
                let count = current.contents.count
                log(
                    .info,
                    count == 1
                        ? "\(current.descriptor.kind) (\(current.id)): state 1/1 again, the script has one state"
                        : "\(current.descriptor.kind) (\(current.id)): back to state 1/\(count) after the last, the script starts over")
            }
        } catch {
            log(.info, "\(current.descriptor.kind): update refused: \(error)")
        }
    }

    /// Ends the selected activity (the one marked ▸ in the list) with `policy`; an activity that has ended
    /// already is left as it is, with a note naming the keys that select another.
    func end(_ policy: ActivityUIDismissalPolicy, log: (EventLog.Kind, String) -> Void) {
        guard let current = focusedRunning else { return log(.info, "no activity: press s to start one") }
        if let snapshot = center.snapshot(id: current.id), snapshot.activityState == .ended || snapshot.activityState == .dismissed {
            return log(.info, "\(current.descriptor.kind) (\(current.id)) has ended already; o and O select another activity")
        }
        do { try center.endActivity(id: current.id, content: nil, dismissalPolicy: policy) } catch {
            log(.info, "\(current.descriptor.kind): \(error)")
        }
    }

    /// `N`: the system replaces the selected activity's update token, as it does from time to time (ActivityKit
    /// `Activity.pushTokenUpdates` yields the new one, which the app must upload); the log shows the new token. An
    /// activity requested without `pushType: .token` (the `s` key's) or on a broadcast channel has none to replace.
    func rotateToken(log: (EventLog.Kind, String) -> Void) {
        guard let current = focusedRunning else { return log(.info, "no activity: press s to start one") }
        let name = "\(current.descriptor.kind) (\(current.id))"
        if let channel = center.pushService.pushType(of: current.id)?.channelID {
            return log(.info, "\(name) receives pushes on channel \(channel): it has no update token to replace")
        }
        guard let token = center.pushService.rotateUpdateToken(activityID: current.id) else {
            return log(
                .info,
                "\(name) was requested without pushType .token, so it has no update token to replace (a start push, P, "
                    + "starts an activity with one)")
        }
        let number = center.updateTokens(activityID: current.id).count
        log(
            .info,
            "\(name) update token \(number): \(token.hexadecimalString) (the system replaced token \(number - 1); "
                + "pushTokenUpdates yields it: the app must upload it, or pushes to the old token stop arriving)")
    }

    /// Puts a reloaded Live Activity document in place of the activity kind `previousKind`: activities already
    /// running keep their content and are drawn with the new views from the next frame (end one and start it
    /// again to play a changed script).
    func replaceActivity(_ descriptor: WidgetDescriptor, previousKind: String) {
        guard let index = activities.firstIndex(where: { $0.kind == previousKind }) else { return }
        activities[index] = descriptor
        for position in running.indices where running[position].descriptor.kind == previousKind {
            running[position].descriptor = descriptor
        }
        archive.removeAll()
    }

    /// Puts a rebuilt extension's Live Activities in place of the bundle's: activities already running keep their
    /// content and are drawn with the new kind's views; those whose kind is gone keep the views they had.
    func replaceActivities(_ descriptors: [WidgetDescriptor]) {
        let selected = activities.indices.contains(selectedKind) ? activities[selectedKind].kind : nil
        activities = descriptors
        for position in running.indices {
            if let fresh = descriptors.first(where: { $0.kind == running[position].descriptor.kind }) {
                running[position].descriptor = fresh
            }
        }
        selectedKind =
            selected.flatMap { kind in descriptors.firstIndex { $0.kind == kind } } ?? min(selectedKind, max(descriptors.count - 1, 0))
        archive.removeAll()
    }

    /// Forgets activities that were dismissed, keeping the focus on the same one where possible.
    func prune(at now: Date) {
        let visible = Set(center.snapshots(at: now).map(\.id))
        let focusedID = focusedRunning?.id
        running.removeAll { !visible.contains($0.id) }
        focused = running.firstIndex { $0.id == focusedID } ?? max(0, running.count - 1)
        if archive.count > 64 { archive.removeAll() }
    }

    /// Logs what the center did since the last call, and intents that finished.
    func drainEvents(log: (EventLog.Kind, String) -> Void) {
        let events = center.events
        for event in events.dropFirst(loggedEvents) {
            let kind = event.activityID.flatMap(descriptor(ofID:))?.kind ?? "activity"
            log(event.kind == .refused ? .diagnostic : .info, "\(kind) \(event.kind.rawValue): \(event.message)")
        }
        loggedEvents = events.count
        var waiting: [(run: IntentRun, kind: String)] = []
        for item in intentRuns {
            if let result = item.run.result {
                log(.intent, "\(item.kind) " + result.logLine)
                // The intent may have changed what the views read (the App Group store): draw them again, as iOS
                // does after a button's intent in a Live Activity.
                archive.removeAll()
            } else {
                waiting.append(item)
            }
        }
        intentRuns = waiting
    }

    /// Starts an activity's intent off the render path (a `LiveActivityIntent` updates the activity through `Activity`).
    func perform(_ intent: IntentReference, kind: String, runner: IntentRunner, wake: (@Sendable () -> Void)?) {
        let run = runner.start(intent, widget: kind) { _ in wake?() }
        intentRuns.append((run, kind))
    }

    /// Waits for the intents started so far (tests).
    func waitForIntents() {
        for item in intentRuns { _ = item.run.wait() }
    }

    // MARK: Rendering

    /// A presentation of an activity as it looks at `now`: rendered once per content and appearance, then
    /// only its live regions repaint.
    func frame(
        _ snapshot: ActivitySnapshot, _ presentation: ActivityPresentation, detached: ActivitySnapshot?,
        options: IslandRenderOptions, styleKey: String
    ) -> IslandFrame? {
        func key(_ snapshot: ActivitySnapshot) -> String {
            "\(snapshot.id)@\(snapshot.record.content.hashValue)/\(snapshot.isStale)/\(snapshot.activityState)"
        }
        let archiveKey = [key(snapshot), detached.map(key) ?? "-", presentation.rawValue, styleKey].joined(separator: "|")
        let style = presentation == .lockScreen ? options.style : options.islandStyle
        // A live text whose digits took more or fewer columns (`9:59` → `10:00`) is laid out again: the island resizes.
        if let archived = archive[archiveKey],
            !archived.frame.frame.liveTextWidthChanges(from: archived.laidOutAt, to: options.date, format: options.format)
        {
            var repainted = archived.frame
            repainted.frame = archived.frame.frame.repaintingLiveRegions(at: options.date, style: style, format: options.format).frame
            return repainted
        }
        guard let descriptor = descriptor(ofID: snapshot.id)?.activity else { return nil }
        let second = detached.flatMap { other in self.descriptor(ofID: other.id)?.activity.map { (other, $0) } }
        guard
            let island = try? ActivityRendering.render(
                snapshot, with: descriptor, kind: "", presentation: presentation,
                detached: second, options: options)
        else { return nil }
        archive[archiveKey] = (island, options.date)
        return island
    }

    /// The links and controls that act on screen now (expanded and Lock Screen panels), in reading order.
    func targets(osVersion: Int) -> [(panel: Panel, origin: CellPosition, target: TapTarget, tester: HitTester)] {
        panels.regions.flatMap { region -> [(Panel, CellPosition, TapTarget, HitTester)] in
            let panel = region.content
            let rules = TapRules(surface: .liveActivity(LiveActivityPresentation(panel.presentation)), osVersion: osVersion)
            let tester = HitTester(frame: panel.island.frame, widget: panel.kind, rules: rules)
            return tester.targets.map { (panel, region.origin, $0, tester) }
        }
    }
}

// MARK: - The preview app's island screen

extension PreviewApp {
    /// Waits until every intent a Live Activity's button started has finished (tests; the app never blocks on them).
    public func waitForIslandIntents() { islands.waitForIntents() }

    /// `i`: shows the island screen, or goes back to the widgets.
    func toggleIslands() {
        islands.isShown.toggle()
        scrollOffset = 0
        islands.targetIndex = nil
        let now = HostClock.now
        if islands.isShown {
            log.append(
                .info,
                islands.activities.isEmpty
                    ? "Live Activities: none in this bundle"
                    : "Live Activities: \(islands.activities.map(\.kind).joined(separator: ", ")) — s starts one, ? lists the keys", at: now
            )
        }
    }

    /// Keys of the island screen; false for keys the app handles as usual (quit, help, clock...).
    func handleIslandKey(_ key: Key) -> Bool {
        let now = HostClock.now
        let write: (EventLog.Kind, String) -> Void = { self.log.append($0, $1, at: now) }
        switch key {
        case .character("s"): islands.start(islands.selectedKind, at: now, osVersion: configuration.osVersion, log: write)
        case .character("k"), .character("w"), .character("W"):
            // `w`/`W` step through the screen's own subjects, as on the control screen: here the Live Activity kinds.
            guard !islands.activities.isEmpty else { return true }
            let count = islands.activities.count
            islands.selectedKind = ((islands.selectedKind + (key == .character("W") ? -1 : 1)) % count + count) % count
            log.append(.info, "s now starts \(islands.activities[islands.selectedKind].kind)", at: now)
        case .character("2"):
            // Two activities at once: the selected one (unless one runs already), and the next kind beside it.
            if islands.center.islandActivities(at: now).isEmpty {
                islands.start(islands.selectedKind, at: now, osVersion: configuration.osVersion, log: write)
            }
            let other = islands.activities.count > 1 ? (islands.selectedKind + 1) % islands.activities.count : islands.selectedKind
            islands.start(other, at: now, osVersion: configuration.osVersion, log: write)
        case .character("u"): islands.pushNextState(log: write)
        case .character("x"):
            guard let current = islands.focusedRunning else { return true }
            islands.center.markStale(id: current.id)
        case .character("e"): islands.end(.default, log: write)
        case .character("E"): islands.end(.immediate, log: write)
        case .character("L"): islands.end(.after(now.addingTimeInterval(15 * 60)), log: write)
        case .character("N"): islands.rotateToken(log: write)
        case .character("o"), .character("O"):
            guard !islands.running.isEmpty else { return true }
            let count = islands.running.count
            islands.focused = ((islands.focused + (key == .character("o") ? 1 : -1)) % count + count) % count
            islands.targetIndex = nil
            scrollOffset = 0
            if let selected = islands.focusedRunning {
                log.append(.info, "selected \(selected.descriptor.kind) (\(selected.id)): e, E, L, u and x act on it", at: now)
            }
        case .tab, .backTab:
            let targets = islands.targets(osVersion: configuration.osVersion)
            guard !targets.isEmpty else {
                log.append(.info, "no link or control acts here: compact and minimal are one tap target (the island's widgetURL)", at: now)
                return true
            }
            let step = key == .tab ? 1 : -1
            let count = targets.count
            islands.targetIndex = islands.targetIndex.map { (($0 + step) % count + count) % count } ?? (step > 0 ? 0 : count - 1)
        case .enter:
            let targets = islands.targets(osVersion: configuration.osVersion)
            if let index = islands.targetIndex, index < targets.count {
                let chosen = targets[index]
                actOnIsland(chosen.tester.tap(chosen.target), panel: chosen.panel, at: now)
            } else if let panel = islands.panels.regions.first?.content {
                // No target: a tap on the island itself.
                tapIsland(panel, column: panel.island.islandRect.x + panel.island.islandRect.width / 2, row: 0, at: now)
            }
        case .escape: islands.targetIndex = nil
        default: return false
        }
        return true
    }

    /// A mouse click on the island screen: taps the presentation under it.
    func clickIslands(column: Int, row: Int) {
        guard let region = islands.panels.region(atColumn: column, row: row) else { return }
        let point = region.local(column: column, row: row)
        tapIsland(region.content, column: point.column, row: point.row, at: HostClock.now)
    }

    private func tapIsland(_ panel: IslandScreen.Panel, column: Int, row: Int, at now: Date) {
        let rules = TapRules(surface: .liveActivity(LiveActivityPresentation(panel.presentation)), osVersion: configuration.osVersion)
        let tester = HitTester(frame: panel.island.frame, widget: panel.kind, rules: rules)
        guard var outcome = tester.tap(column: column, row: row) else { return }
        // The minimal pair holds two activities: outside links and controls, a tap opens the one under it.
        if outcome.target == nil, panel.presentation == .minimal || panel.presentation == .compact {
            guard panel.island.activityRects.contains(where: { $0.contains(column: column, row: row) }) else { return }
            let url = panel.island.widgetURL(atColumn: column, row: row)
            outcome.effect = url.map(TapEffect.openURL) ?? .openApp
            outcome.reason =
                url == nil
                ? "the island has no widgetURL: the app opens with NSUserActivityTypeLiveActivity"
                : "the island's widgetURL (\(panel.presentation) is one tap target)"
            outcome.diagnostics = []
        }
        actOnIsland(outcome, panel: panel, at: now)
    }

    private func actOnIsland(_ outcome: TapOutcome, panel: IslandScreen.Panel, at now: Date) {
        let kind = panel.kind
        log.append(.tap, "\(kind)/\(panel.presentation.argument) \(outcome.logLine)", at: now)
        for diagnostic in outcome.diagnostics { log.append(diagnostic, at: now) }
        switch outcome.effect {
        case .openURL(let url): open(url, widget: kind, at: now)
        case .openApp: appPanel = ["opened the app (no URL): NSUserActivityTypeLiveActivity"]
        case .performIntent(let intent), .toggle(let intent, _):
            islands.perform(intent, kind: kind, runner: intentRunner, wake: terminal.wakeHandler)
        }
    }

    /// Draws the island screen in the stage.
    func drawIslands(_ canvas: inout Canvas, in stage: CellRect, at now: Date) {
        let write: (EventLog.Kind, String) -> Void = { self.log.append($0, $1, at: now) }
        islands.drainEvents(log: write)
        islands.prune(at: now)
        var panels = Compositor<IslandScreen.Panel>()
        let appearance = WidgetAppearance(mode: .fullColor, theme: theme, colorScheme: configuration.colorScheme)
        let style = appearance.style
        let options = IslandRenderOptions(device: configuration.device, style: style, date: now, format: configuration.format)
        // The last row holds the screen's keys; the rows above scroll (PgUp/PgDn) when the presentations need more.
        let inner = CellRect(x: stage.x + 1, y: stage.y, width: max(0, stage.width - 2), height: max(stage.height - 1, 0))
        var row = inner.y - scrollOffset
        func caption(_ text: String, style: TextStyle = Chrome.caption) {
            if row >= inner.y && row < inner.maxY { canvas.write(text, column: inner.x, row: row, maxWidth: inner.width, style: style) }
            row += 1
        }
        let geometry = IslandGeometry(device: configuration.device)
        let snapshots = islands.center.snapshots(at: now)
        let onIsland = snapshots.filter(\.isOnDynamicIsland)
        func place(_ island: IslandFrame?, _ presentation: ActivityPresentation, kind: String, backdrop: RGB?) {
            guard let island else { return }
            let size = island.frame.size
            let tile = CellRect(x: inner.x, y: row, width: min(size.width, inner.width), height: size.height)
            canvas.fill(tile.intersection(inner), background: backdrop)
            canvas.draw(island.frame.buffer, column: inner.x, row: row, clip: inner)
            let visible = CellRect(x: inner.x, y: row, width: size.width, height: size.height).intersection(inner)
            panels.place(
                IslandScreen.Panel(presentation: presentation, kind: kind, island: island),
                origin: CellPosition(column: inner.x, row: row), visible: visible)
            row += size.height + 1
        }
        let styleKey = appearance.key

        // The status bar with the island: compact for one activity, the minimal pair for two or more; expanded for the
        // few seconds of an alert (the phone is unlocked here), as iOS presents it (ActivityAlertDrawing).
        let liveAlert = islands.center.alerts.last.flatMap { ActivityAlertDrawing.isShowing($0, at: now) ? $0 : nil }
        if let geometry {
            let alerting = liveAlert.flatMap { alert in onIsland.first { $0.id == alert.activityID } }
            let presentation: ActivityPresentation = alerting != nil ? .expanded : onIsland.count >= 2 ? .minimal : .compact
            if let liveAlert, alerting != nil {
                caption(
                    "Dynamic Island · expanded by an alert · \(ActivityAlertDrawing.header(soundName: liveAlert.soundName))",
                    style: Chrome.title)
            } else {
                caption(
                    onIsland.isEmpty
                        ? "Dynamic Island · idle"
                        : "Dynamic Island · \(presentation.argument)"
                            + (onIsland.count >= 2 ? " (\(onIsland.count) activities: attached and detached)" : ""), style: Chrome.title)
            }
            let statusTop = row
            canvas.fill(
                CellRect(x: inner.x, y: row, width: min(geometry.screenColumns, inner.width), height: geometry.islandRows).intersection(
                    inner),
                background: style.surface)
            let clock = DateFormatter()
            clock.locale = Locale(identifier: "en_US_POSIX")
            clock.timeZone = configuration.format.timeZone
            clock.dateFormat = "H:mm"
            let textStyle = TextStyle(
                foreground: style.colorScheme == .dark ? RGB(255, 255, 255) : RGB(0, 0, 0), background: style.surface,
                attributes: .bold)
            // The island covers the time and the status icons when it grows over them, as on a device.
            var covered = [
                CellRect(x: inner.x + geometry.cameraColumn - 1, y: row, width: geometry.cameraColumns + 2, height: geometry.islandRows)
            ]
            if let first = alerting ?? onIsland.first, let kind = islands.descriptor(ofID: first.id)?.kind,
                let island = islands.frame(
                    first, presentation, detached: alerting == nil && onIsland.count >= 2 ? onIsland[1] : nil, options: options,
                    styleKey: styleKey)
            {
                covered = island.activityRects.map { CellRect(x: inner.x + $0.x, y: row + $0.y, width: $0.width, height: $0.height) }
                place(island, presentation, kind: kind, backdrop: nil)
            } else {
                canvas.fill(covered[0].intersection(inner), background: IslandRenderer.islandColor)
                row += geometry.islandRows + 1
            }
            for (text, column) in [(clock.string(from: now), inner.x + 3), ("5G ▮▮▮", inner.x + geometry.screenColumns - 9)]
            where statusTop >= inner.y && statusTop < inner.maxY {
                let span = CellRect(x: column, y: statusTop, width: DisplayWidth.of(text), height: 1)
                if !covered.contains(where: { !$0.intersection(span).isEmpty }) {
                    canvas.write(text, column: column, row: statusTop, style: textStyle)
                }
            }
        } else {
            // No Dynamic Island (iPhone SE, the 375 pt phones, iPads): an alert shows as a banner at the top of the screen,
            // the activity's Lock Screen view under the row naming the sound, as `push` draws it (ActivityAlertPlacement).
            caption("No Dynamic Island on \(configuration.device.name): alerts show as a banner", style: Chrome.title)
            if let liveAlert, let alerted = snapshots.first(where: { $0.id == liveAlert.activityID }),
                let kind = islands.descriptor(ofID: alerted.id)?.kind,
                var banner = islands.frame(alerted, .lockScreen, detached: nil, options: options, styleKey: styleKey)
            {
                caption("Banner · \(kind) · an alert, for \(Int(ActivityAlertDrawing.duration)) seconds", style: Chrome.title)
                banner.frame = ActivityAlertDrawing.compose(banner.frame, soundName: liveAlert.soundName)
                place(banner, .lockScreen, kind: kind, backdrop: appearance.backdrop)
            } else {
                caption("Banner · none: an update with an alert shows one (P applies --push-file)")
                row += 1
            }
        }

        // The running activities, the one the keys act on marked.
        if !islands.running.isEmpty {
            caption("Activities · o/O selects · e E L u x act on ▸", style: Chrome.title)
            for (index, item) in islands.running.enumerated() {
                let snapshot = islands.center.snapshot(id: item.id, at: now)
                let state = snapshot.map { $0.isStale && $0.activityState != .ended ? "stale" : $0.activityState.rawValue } ?? "gone"
                let isSelected = index == min(islands.focused, islands.running.count - 1)
                caption(
                    "\(isSelected ? "▸" : " ") \(index + 1). \(item.descriptor.kind) · \(state) · \(item.stateLabel)",
                    style: isSelected ? Chrome.focusedCaption : Chrome.caption)
            }
            row += 1
        }
        if let current = islands.focusedRunning, let snapshot = islands.center.snapshot(id: current.id, at: now) {
            let kind = current.descriptor.kind
            let life = snapshot.isStale && snapshot.activityState == .ended ? "ended, stale" : snapshot.activityState.rawValue
            if geometry == nil {
                // No island to expand: the Lock Screen view below is the activity's only presentation.
            } else if snapshot.isOnDynamicIsland {
                caption("Expanded (touch and hold) · \(kind)", style: Chrome.title)
                place(
                    islands.frame(snapshot, .expanded, detached: nil, options: options, styleKey: styleKey), .expanded, kind: kind,
                    backdrop: nil)
            } else {
                caption("Expanded (touch and hold) · \(kind)", style: Chrome.title)
                caption("  ended at \(clockFormatter.string(from: snapshot.endDate)): no longer in the Dynamic Island")
                row += 1
            }
            // One line at 80 columns for a kind of a dozen characters; a longer one wraps (two lines at most), never cut.
            let leaves =
                snapshot.activityState == .active || snapshot.activityState == .stale
                ? "leaves 4 h after it ends" : "leaves at " + clockFormatter.string(from: snapshot.dismissalDate)
            let lockScreenHeader = "Lock Screen · \(kind) · \(current.stateLabel) · \(life) · \(leaves)"
            for line in TextFitting.wrap(lockScreenHeader, width: inner.width, indent: "  ").prefix(2) {
                caption(line, style: Chrome.title)
            }
            if let liveAlert, liveAlert.activityID == current.id, geometry != nil {
                caption(
                    "\(ActivityAlertDrawing.header(soundName: liveAlert.soundName)) · locked: lit up, this view as a banner",
                    style: Chrome.focusedCaption)
            }
            place(
                islands.frame(snapshot, .lockScreen, detached: nil, options: options, styleKey: styleKey), .lockScreen, kind: kind,
                backdrop: appearance.backdrop)
        } else {
            caption(
                islands.activities.isEmpty
                    ? "No Live Activity in this bundle."
                    : "No activity running. s starts \(islands.activities[islands.selectedKind].kind); 2 starts two at once.")
            row += 1
        }
        islands.panels = panels
        // Scrolling: what the presentations took, against the rows there are.
        let contentHeight = row + scrollOffset - inner.y
        let maxScroll = max(contentHeight - inner.height, 0)
        if scrollOffset > maxScroll { scrollOffset = maxScroll }
        if scrollOffset > 0 {
            canvas.write(" ▲ more: PgUp ", column: max(inner.maxX - 14, inner.x), row: inner.y, style: Chrome.barMuted)
        }
        if contentHeight - scrollOffset > inner.height {
            canvas.write(" ▼ more: PgDn ", column: max(inner.maxX - 14, inner.x), row: inner.maxY - 1, style: Chrome.barMuted)
        }

        // The highlighted target.
        let targets = islands.targets(osVersion: configuration.osVersion)
        if let index = islands.targetIndex, index < targets.count {
            let chosen = targets[index]
            let rect = chosen.target.rect
            let onScreen = CellRect(x: chosen.origin.column + rect.x, y: chosen.origin.row + rect.y, width: rect.width, height: rect.height)
            canvas.restyle(onScreen.intersection(inner), foreground: Chrome.targetHighlightText, background: Chrome.targetHighlight)
        }
        // The island screen's keys: two spaces between them when all fit, one when that makes them fit; when
        // even that is too wide, as many as fit and then "? help", where every key is listed.
        let keysRow = inner.maxY
        guard keysRow < stage.maxY else { return }
        for (keys, meaning, column) in IslandScreen.hintRow(width: inner.width) {
            var x = inner.x + column
            x += canvas.write(keys, column: x, row: keysRow, style: Chrome.hintKey)
            canvas.write(" " + meaning, column: x, row: keysRow, style: Chrome.hint)
        }
    }
}
