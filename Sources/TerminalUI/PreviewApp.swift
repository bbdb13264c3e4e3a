import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI
import WidgetDocument

// MARK: - The interactive preview

/// How the preview ended.
public enum PreviewExit: Equatable, Sendable {
    /// The person quit (`q`, Ctrl-C).
    case quit
    /// A signal whose default action ends the process (SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM,
    /// SIGPIPE...), or the terminal went away: the caller restores the terminal and re-raises it.
    case signal(Int32)
}

/// What one presented frame cost, for the benchmark (`WIDGETTERM_FRAME_LOG`).
public struct FrameStatistics: Equatable, Sendable {
    /// 1 for the first frame.
    public var index: Int
    /// Runs of changed cells written.
    public var runs: Int
    /// Cells in those runs.
    public var cells: Int
    /// True when the whole screen was drawn (first frame, resize).
    public var isFullRepaint: Bool
}

/// The interactive preview (issue 5): a gallery of the selected widget in all its supported families or a
/// mode matrix, a status bar, an event log and an app panel, a help overlay; keys for widgets, families,
/// modes, themes, the clock and reloads; taps from Tab/Enter, a touch cursor and the mouse, hit-tested by
/// `HitTester`, routed by `DeepLinkRouter`, intents run by `IntentRunner` off the render path.
///
/// Each frame composes the whole screen as cells and hands the terminal only the runs that changed
/// (`ScreenDiff`). Between frames the loop sleeps in `Terminal.waitForEvents(timeout:)` until input or the
/// next whole second of the host clock (`TickSchedule`). The app is driven from one thread; intents and
/// `--open-command` finish on others and wake it.
public final class PreviewApp {
    /// The two screens of the stage.
    public enum Screen: String, Sendable {
        /// The widget in every family it supports.
        case gallery
        /// One family in fullColor, accented and vibrant, each with the theme it uses.
        case matrix
    }

    /// What the preview was started with; the canvas controls change its device, scheme, iOS version and locale.
    public internal(set) var configuration: PreviewConfiguration
    /// The terminal the app draws on and reads input from.
    public let terminal: Terminal
    /// Everything logged so far.
    public internal(set) var log = EventLog()
    /// The screen shown: the family gallery or the mode matrix (`v` toggles).
    public internal(set) var screen: Screen = .gallery
    /// True while the help overlay (`?`) covers the screen.
    public internal(set) var showsHelp = false
    /// Set when the loop should stop.
    public internal(set) var exit: PreviewExit?
    /// Called after each presented frame.
    public var frameObserver: ((FrameStatistics) -> Void)?
    /// Widget documents to hot-reload (`widgetterm preview FILE...`): change `i` replaces widget `i`
    /// (DocumentReloading.swift).
    public var documentWatcher: DocumentFileWatcher?
    /// Rebuilds of a widget extension's Swift sources (`widgetterm preview FOLDER`; ExtensionReloading.swift).
    public var extensionReloads: ExtensionReloadQueue?
    /// The error of the last broken save of each widget document, by the kind on screen, shown in a banner.
    var documentErrors: [String: String] = [:]
    /// The last frame of each card drawn without an extension failure, and the kinds whose banner shows one
    /// (ExtensionReloading.swift).
    var extensionFrames = ExtensionFrameKeeper()
    /// The app panel: what the last tap opened (URL, route, parameters) or did, control characters escaped
    /// (`TerminalText`).
    public internal(set) var appPanel: [String] = [] {
        didSet { appPanel = appPanel.map { TerminalText.escaped($0) } }
    }

    /// The clock speeds `+` and `-` step through (simulated seconds per real second).
    public static let speeds: [Double] = [1, 2, 5, 10, 30, 60, 600, 3600]
    /// The smallest terminal the preview draws in; smaller shows a message.
    public static let minimumSize = CellSize(width: 50, height: 16)

    var widgetIndex = 0
    var focusedFamilyIndex: [String: Int] = [:]
    var mode: WidgetRenderingMode
    var theme: Theme
    var instances: [String: [WidgetFamily: WidgetInstance]] = [:]
    /// The highlighted tap target of the focused widget (index into its `HitTester.targets`).
    var targetIndex: Int?
    /// The touch cursor, in frame cells of the focused widget.
    var cursor: CellPosition?
    var scrollOffset = 0
    /// The first row of the help overlay shown (it scrolls when the screen is shorter than the key list).
    var helpScroll = 0
    var followsFocus = true
    /// Where each widget frame landed on the last screen, with the frame drawn there (clicks look up in it).
    var placements = Compositor<Placement>()
    /// The visible part of each widget frame on the last screen, in screen cells, in drawing order.
    public var widgetFrames: [CellRect] { placements.regions.map(\.visible) }
    private var previousScreen: CellBuffer?
    private var frameCount = 0
    let reloadRequests = ReloadRequestCenter()
    /// The system side the previewed widgets' code reaches: this preview's reload requests and Live Activity
    /// center, and the caller's App Group store.
    public let host: HostContext
    let completions = CompletionQueue()
    let intentRunner: IntentRunner
    /// The Live Activity screen, shown with `i` (IslandScreen.swift).
    let islands: IslandScreen
    /// The controls screen, shown with `c` (ControlScreen.swift).
    let controlScreen: ControlScreen
    /// iOS's side of widget and control push tokens for the previewed bundle: the preview hands each
    /// `WidgetPushHandler` the extension's widget token and each `ControlPushHandler` its control's token when it
    /// starts, as `widgetterm push` does, so `WidgetCenter.shared.currentPushInfo` answers with the last token given.
    public let pushTokens: WidgetPushTokenService
    /// The Edit Widget sheet, shown with `e` (EditWidgetSheet.swift).
    let editSheet = EditWidgetSheet()
    /// StandBy or the Smart Stack on the stage (`S`, `R`; SurfaceScreen.swift); nil: the widget cards.
    var surface: PreviewSurface?
    /// The screen a surface was opened from (`i` or `C`), shown again when the surface closes; nil: the widget cards.
    var screenUnderSurface: ScreenUnderSurface?
    /// StandBy's archived renders, by widget kind and day or night: made once per fetched timeline, as the cards'
    /// are (SurfaceScreen.swift).
    var standByArchives: [String: (instance: ObjectIdentifier, generation: Int, archive: EntryArchive)] = [:]
    /// The CarPlay dashboard's Live Activity card (`A`), rendered once per activity content and kept while it is shown:
    /// the key (activity, content, staleness, state, device) and the card, whose live text is repainted on ticks.
    var carPlayActivityCard: (key: CarPlayCardKey, frame: Frame, hasSmallFamily: Bool)?
    /// The text size widgets are rendered at (`z`/`Z`; CanvasControls.swift).
    var dynamicTypeSize: DynamicTypeSize = .large
    var intentRuns: [IntentRun] = []
    /// What the cards show (`c`): the timeline entry at the clock, or the provider's snapshot or placeholder
    /// (CanvasControls.swift).
    public internal(set) var context: ProviderContext = .timeline
    /// Snapshot and placeholder frames by context, widget, family and appearance, and StandBy's by day or night
    /// (cleared when the device, iOS version or locale changes, or on a reload).
    var contextFrames: [String: Frame] = [:]
    lazy var clockFormatter: DateFormatter = makeFormatter("yyyy-MM-dd HH:mm:ss")
    lazy var logTimeFormatter: DateFormatter = makeFormatter("HH:mm:ss")

    /// A widget frame as drawn on the stage.
    struct Placement {
        var kind: String
        var family: WidgetFamily
        var appearance: WidgetAppearance
        /// The frame exactly as it was drawn.
        var frame: Frame
    }

    /// - Parameters:
    ///   - configuration: widgets, what to show first, device, iOS version, router.
    ///   - terminal: where to draw and read input (`NCursesTerminal`, or `MemoryTerminal` in tests).
    public init(configuration: PreviewConfiguration, terminal: Terminal) {
        self.configuration = configuration
        self.terminal = terminal
        theme = configuration.theme
        mode = configuration.mode ?? configuration.theme.renderingMode
        islands = IslandScreen(activities: configuration.activities)
        controlScreen = ControlScreen(controls: configuration.controls)
        host = HostContext(
            widgetCenter: reloadRequests, activities: islands.center,
            appGroupContainers: HostContext.current.appGroupContainers)
        host.resources = HostContext.current.resources
        intentRunner = IntentRunner(timeLimit: configuration.intentTimeLimit, host: host)
        pushTokens = WidgetPushTokenService(widgets: configuration.widgets, controls: configuration.controls, host: host)
        // Issued now, so widget code sees its token from its first timeline on; logged when the preview starts.
        pushTokens.issueWidgetToken()
        pushTokens.issueControlTokens()
        if let kind = configuration.initialKind, let index = configuration.activities.firstIndex(where: { $0.kind == kind }) {
            islands.selectedKind = index
            islands.isShown = true
        }
        if let kind = configuration.initialKind, let index = configuration.widgets.firstIndex(where: { $0.kind == kind }) {
            widgetIndex = index
        }
        if let family = configuration.initialFamily, let widget = currentWidget, let index = families(of: widget).firstIndex(of: family) {
            focusedFamilyIndex[widget.kind] = index
        }
    }

    /// Logs the tokens the bundle's push handlers were handed when the preview was made (as iOS hands them when the
    /// widgets and controls are configured for push), each with its handler, then `push-token-not-stored` for a handler
    /// that did not read its token.
    func logPushTokens(at now: Date) {
        let widgetDeliveries = pushTokens.deliveries.filter { $0.kind == "widgets" }
        if let token = widgetDeliveries.first?.token {
            log.append(
                .info,
                "widget push token \(token.hexadecimalString) given to "
                    + widgetDeliveries.map { "\($0.handler).pushTokenDidChange(_:widgets:)" }.joined(separator: ", ")
                    + " (WidgetCenter.shared.currentPushInfo answers with it)", at: now)
        }
        for delivery in pushTokens.deliveries where delivery.kind != "widgets" {
            log.append(
                .info,
                "control push token \(delivery.token.hexadecimalString) for \(delivery.kind) given to "
                    + "\(delivery.handler).pushTokensDidChange(controls:)", at: now)
        }
        for diagnostic in pushTokens.diagnostics() { log.append(diagnostic, at: now) }
    }

    // MARK: Running

    /// Runs until the person quits or a signal arrives: draws the first frame at once, then sleeps until input,
    /// a resize, a signal, a finished intent or the next tick, and draws what changed.
    public func run() -> PreviewExit {
        host.run { runLoop() }
    }

    /// What the preview loaded, as the first log line says it: `2 widgets, 1 Live Activity, 3 controls`, each
    /// kind only when there is one (`0 widgets` when there is nothing).
    static func loadedSummary(widgets: Int, activities: Int, controls: Int) -> String {
        func counted(_ count: Int, _ one: String, _ many: String) -> String? {
            count > 0 ? "\(count) \(count == 1 ? one : many)" : nil
        }
        let parts = [
            counted(widgets, "widget", "widgets"), counted(activities, "Live Activity", "Live Activities"),
            counted(controls, "control", "controls"),
        ].compactMap { $0 }
        return parts.isEmpty ? "0 widgets" : parts.joined(separator: ", ")
    }

    private func runLoop() -> PreviewExit {
        documentWatcher?.start(wake: terminal.wakeHandler)
        extensionReloads?.start(wake: terminal.wakeHandler)
        let loaded = Self.loadedSummary(
            widgets: configuration.widgets.count, activities: configuration.activities.count, controls: configuration.controls.count)
        log.append(
            .info,
            "WidgetTerm preview: \(loaded) on \(configuration.device.name), iOS "
                + "\(configuration.osVersion). Press ? for help.", at: HostClock.now)
        if let store = configuration.appGroupDescription { log.append(.info, store, at: HostClock.now) }
        logPushTokens(at: HostClock.now)
        renderFrame()
        while exit == nil {
            let timeout = TickSchedule.delayToNextTick(now: HostClock.now, speed: HostClock.speed, isPaused: HostClock.isPaused)
            let events = terminal.waitForEvents(timeout: timeout)
            for event in events where exit == nil { handle(event) }
            if exit != nil { break }
            renderFrame()
        }
        documentWatcher?.stop()
        _ = AppGroupStore.synchronizeUserDefaults()
        return exit ?? .quit
    }

    /// Reacts to one event (a key, a click, a resize, a signal, a wake-up). Does not draw.
    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key):
            if showsHelp, key != .character("q"), key != .control("c") {
                // Arrows, PgUp/PgDn and Space scroll a help overlay taller than the screen; any other key closes it.
                switch key {
                case .down, .character(" "), .character("j"): helpScroll += 1
                case .up, .character("k"): helpScroll = max(helpScroll - 1, 0)
                case .pageDown: helpScroll += max(terminal.size.height - 6, 1)
                case .pageUp: helpScroll = max(helpScroll - max(terminal.size.height - 6, 1), 0)
                default:
                    showsHelp = false
                    helpScroll = 0
                }
                return
            }
            if editSheet.isShown, handleEditKey(key) { return }
            if islands.isShown, handleIslandKey(key) { return }
            if controlScreen.isShown, handleControlKey(key) { return }
            if let action = KeyBindings.action(for: key) { perform(action) }
        case .mouse(let mouse):
            if mouse.isTap, islands.isShown {
                clickIslands(column: mouse.column, row: mouse.row)
            } else if mouse.isTap {
                click(column: mouse.column, row: mouse.row)
            } else if mouse.button == 64 {
                perform(.scrollUp)
            } else if mouse.button == 65 {
                perform(.scrollDown)
            }
        case .resize:
            terminal.invalidate()
            previousScreen = nil
            followsFocus = true
        case .signal(let number):
            exit = .signal(number)
        case .wake:
            break
        }
    }

    /// Brings the model up to the clock (finished intents, app reload requests, due reloads), composes the
    /// screen, and writes the cells that changed since the last frame.
    public func renderFrame() {
        let now = HostClock.now
        update(at: now)
        var composed = compose(at: now)
        if terminal.colorDepth == .none { composed = MonochromeChrome.adapt(composed, widgets: placements.regions.map(\.visible)) }
        let runs = ScreenDiff.runs(from: previousScreen, to: composed)
        let isFull = previousScreen == nil
        for run in runs { terminal.draw(run) }
        terminal.present()
        previousScreen = composed
        frameCount += 1
        extensionReloads?.frameDrawn()
        frameObserver?(FrameStatistics(index: frameCount, runs: runs.count, cells: ScreenDiff.cellCount(runs), isFullRepaint: isFull))
    }

    /// Waits until every intent started so far has finished (tests; the app itself never blocks on them).
    public func waitForIntents() {
        for run in intentRuns { _ = run.wait() }
        intentRuns.removeAll()
    }

    // MARK: The model

    var currentWidget: WidgetDescriptor? {
        configuration.widgets.isEmpty ? nil : configuration.widgets[widgetIndex]
    }

    /// The families of a widget the device has, in the widget's order.
    func families(of widget: WidgetDescriptor) -> [WidgetFamily] {
        widget.supportedFamilies.filter { configuration.device.size(of: $0) != nil }
    }

    var currentFamilies: [WidgetFamily] { currentWidget.map(families(of:)) ?? [] }

    var focusedFamily: WidgetFamily? {
        guard let widget = currentWidget else { return nil }
        let families = families(of: widget)
        guard !families.isEmpty else { return nil }
        return families[min(focusedFamilyIndex[widget.kind] ?? 0, families.count - 1)]
    }

    /// The appearance of the gallery (the selected mode on the selected theme).
    var galleryAppearance: WidgetAppearance { WidgetAppearance(mode: mode, theme: theme, colorScheme: configuration.colorScheme) }

    /// The appearance of a mode in the matrix: the selected theme when it uses that mode, else the theme iOS
    /// shows that mode on (light or dark Home Screen, tinted Home Screen, Lock Screen or StandBy at night).
    func matrixAppearance(_ mode: WidgetRenderingMode, family: WidgetFamily) -> WidgetAppearance {
        if theme.renderingMode == mode { return WidgetAppearance(mode: mode, theme: theme, colorScheme: configuration.colorScheme) }
        let builtIn: BuiltInTheme
        switch mode {
        case .fullColor: builtIn = theme.colorScheme == .dark ? .dark : .light
        case .accented: builtIn = .tinted
        case .vibrant: builtIn = family.isAccessory || family != .systemSmall ? .lockScreen : .standByNight
        }
        let chosen = configuration.themes.first { $0.name == builtIn.rawValue } ?? Theme.builtIn(builtIn)
        return WidgetAppearance(mode: mode, theme: chosen, colorScheme: configuration.colorScheme)
    }

    /// The focused widget on the stage: its instance and appearance.
    var focusedCard: (instance: WidgetInstance, appearance: WidgetAppearance)? {
        guard let widget = currentWidget, let family = focusedFamily else { return nil }
        let appearance = screen == .gallery ? galleryAppearance : matrixAppearance(mode, family: family)
        return (instance(of: widget, family: family), appearance)
    }

    /// The instance of a widget in a family, created (and its first timeline fetched) on first use.
    func instance(of widget: WidgetDescriptor, family: WidgetFamily) -> WidgetInstance {
        if let existing = instances[widget.kind]?[family] { return existing }
        let created = WidgetInstance(
            descriptor: widget, family: family, device: configuration.device, osVersion: configuration.osVersion,
            format: configuration.format, providerTimeLimit: configuration.providerTimeLimit,
            reloadBudget: configuration.reloadBudget, host: host)
        instances[widget.kind, default: [:]][family] = created
        created.dynamicTypeSize = dynamicTypeSize
        let event = created.reload(at: HostClock.now, reason: .initial)
        logReload(event, instance: created)
        return created
    }

    /// Finished intents and openers, app reload requests, and reloads that fell due.
    func update(at now: Date) {
        applyDocumentChanges(at: now)
        applyExtensionChanges(at: now)
        // Activity events and intents are logged as they happen, whichever screen is shown, so the log keeps their order.
        islands.drainEvents { self.log.append($0, $1, at: now) }
        for completion in completions.drain() { finish(completion, at: now) }
        takeDueControlPushes(at: now)
        for (kind, byFamily) in instances where reloadRequests.takeRequest(forKind: kind) {
            for family in byFamily.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
                logReload(byFamily[family]!.reload(at: now, reason: .requested), instance: byFamily[family]!)
            }
        }
        reloadRequests.finishRound()
        guard let widget = currentWidget else { return }
        for family in families(of: widget) {
            let instance = instance(of: widget, family: family)
            for event in instance.advance(to: now) { logReload(event, instance: instance) }
        }
    }

    func logReload(_ event: ReloadEvent, instance: WidgetInstance) {
        let place = "\(instance.kind)/\(instance.family)"
        let text: String
        switch event.outcome {
        case .reloaded(let left): text = "\(place) reload: \(event.reason) · budget left \(left)"
        case .refusedBudgetSpent(let until):
            text =
                "\(place) reload refused: \(event.reason) · budget spent"
                + (until.map { " until \(clockFormatter.string(from: $0))" } ?? "")
        case .deferred(let until):
            text = "\(place) reload deferred: \(event.reason) · to \(clockFormatter.string(from: until)) (5-minute minimum)"
        case .failed(let message): text = "\(place) reload failed: \(event.reason) · \(message)"
        }
        log.append(.reload, text, at: event.date)
        for diagnostic in instance.scheduler.providerDiagnostics {
            log.append(Diagnostic(diagnostic, widget: instance.kind, family: instance.family), at: event.date, scope: place, once: true)
        }
    }

    private func makeFormatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = configuration.format.timeZone
        formatter.dateFormat = pattern
        return formatter
    }
}

// MARK: - Work finishing on other threads

/// Results that arrive on other threads (intents, `--open-command`), handed to the app's thread.
final class CompletionQueue: @unchecked Sendable {
    enum Item {
        case intent(IntentRunResult, kind: String, family: WidgetFamily)
        case opener(String)
    }

    private let lock = NSLock()
    private var items: [Item] = []

    func append(_ item: Item) { lock.withLock { items.append(item) } }
    func drain() -> [Item] {
        lock.withLock {
            defer { items.removeAll() }
            return items
        }
    }
}
