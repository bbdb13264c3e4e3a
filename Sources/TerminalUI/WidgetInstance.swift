import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - What the preview is configured with

/// Everything the interactive preview starts from (`widgetterm preview` flags): the widgets, what to show
/// first, the device and iOS version whose rules apply, and the router for taps. The clock (`--at`,
/// `--speed`) is the process clock, set before the app starts.
public struct PreviewConfiguration: Sendable {
    /// The widgets to cycle through, in order.
    public var widgets: [WidgetDescriptor]
    /// The Live Activities (`ActivityConfiguration`s) of the bundle, shown on the island screen; `widgets` has the rest.
    public var activities: [WidgetDescriptor]
    /// The widget shown first (nil: the first).
    public var initialKind: String?
    /// The family focused first (nil: the widget's first family).
    public var initialFamily: WidgetFamily?
    /// The rendering mode (nil: the theme's own mode).
    public var mode: WidgetRenderingMode?
    /// The theme shown first.
    public var theme: Theme
    /// The themes `t` cycles through (the first theme is added when missing).
    public var themes: [Theme]
    /// Overrides each theme's appearance (`--scheme`).
    public var colorScheme: ColorScheme?
    /// The device whose widget sizes (in points, then cells) apply (`--device`).
    public var device: DeviceProfile
    /// The iOS major version whose rules apply (links in small families, container backgrounds...).
    public var osVersion: Int
    /// Locale and time zone of system-formatted text and of the preview's own clock readouts.
    public var format: SystemTextFormat
    /// Routes for the URLs taps open.
    public var router: DeepLinkRouter
    /// Runs a command with each opened URL (`--open-command`), never through a shell.
    public var urlOpener: URLOpener?
    /// Seconds a provider callback may take.
    public var providerTimeLimit: TimeInterval
    /// Seconds an intent's `perform()` may take.
    public var intentTimeLimit: TimeInterval
    /// The budget each widget instance starts with.
    public var reloadBudget: ReloadBudget

    public init(widgets: [WidgetDescriptor], initialKind: String? = nil, initialFamily: WidgetFamily? = nil,
                mode: WidgetRenderingMode? = nil, theme: Theme, themes: [Theme]? = nil, colorScheme: ColorScheme? = nil,
                device: DeviceProfile = .default, osVersion: Int = 26, format: SystemTextFormat = SystemTextFormat(),
                router: DeepLinkRouter = DeepLinkRouter(), urlOpener: URLOpener? = nil, providerTimeLimit: TimeInterval = 5,
                intentTimeLimit: TimeInterval = 5, reloadBudget: ReloadBudget = ReloadBudget()) {
        self.widgets = widgets.filter { !$0.isActivity }
        activities = widgets.filter(\.isActivity)
        self.initialKind = initialKind
        self.initialFamily = initialFamily
        self.mode = mode
        self.theme = theme
        var cycle = themes ?? Theme.builtInNames.compactMap(Theme.builtIn(named:))
        if !cycle.contains(where: { $0.name == theme.name }) { cycle.insert(theme, at: 0) }
        self.themes = cycle
        self.colorScheme = colorScheme
        self.device = device
        self.osVersion = osVersion
        self.format = format
        self.router = router
        self.urlOpener = urlOpener
        self.providerTimeLimit = providerTimeLimit
        self.intentTimeLimit = intentTimeLimit
        self.reloadBudget = reloadBudget
    }
}

// MARK: - A widget placed on a screen

/// How a widget is drawn: a rendering mode on a theme (its wallpaper, tints and appearance).
struct Appearance: Equatable {
    var mode: WidgetRenderingMode
    var theme: Theme
    var colorScheme: ColorScheme?

    var style: PaintStyle { theme.paintStyle(mode: mode, colorScheme: colorScheme) }
    /// What shows around the widget: the wallpaper (with the material in vibrant mode).
    var backdrop: RGB { theme.backdrop(in: mode) }
    var key: String { "\(mode.rawValue)|\(theme.name)|\(colorScheme?.rawValue ?? "-")" }
}

/// One widget as a person places it (one kind in one family), as iOS keeps it: its own timeline, reload
/// budget and archived renders. Every entry's body is evaluated once when its timeline is fetched, per
/// appearance; showing it at a moment picks the entry and repaints only live regions (DESIGN.md, the
/// fidelity rule).
final class WidgetInstance {
    let descriptor: WidgetDescriptor
    let session: WidgetSession
    let family: WidgetFamily
    let scheduler: TimelineScheduler
    private let device: DeviceProfile
    private let osVersion: Int
    private let format: SystemTextFormat
    /// Bumped on every fetched timeline: archives of an older generation are stale.
    private(set) var generation = 0
    private var archives: [String: (generation: Int, archive: EntryArchive)] = [:]
    private var placeholders: [String: (generation: Int, frame: Frame)] = [:]
    /// Intents started from this widget and not finished.
    var intentsInFlight = 0
    /// A toggle tapped and not yet confirmed by a reload.
    var pendingToggle: PendingToggle?
    /// The number of entry bodies evaluated so far (for the fidelity rule: only on fetches and new appearances).
    private(set) var bodyEvaluations = 0

    init(descriptor: WidgetDescriptor, family: WidgetFamily, configuration: PreviewConfiguration, host: HostContext) {
        self.descriptor = descriptor
        self.family = family
        session = WidgetSession(descriptor: descriptor, callbackTimeLimit: configuration.providerTimeLimit, host: host)
        scheduler = TimelineScheduler(session: session, family: family, device: configuration.device, budget: configuration.reloadBudget)
        device = configuration.device
        osVersion = configuration.osVersion
        format = configuration.format
    }

    var kind: String { descriptor.kind }

    /// Runs a reload now (the first one is `.initial`), returning what happened.
    @discardableResult
    func reload(at date: Date, reason: ReloadReason) -> ReloadEvent {
        let event = scheduler.requestReload(at: date, reason: reason)
        if case .reloaded = event.outcome { generation += 1 }
        return event
    }

    /// Runs the reloads that fell due by `date` (policies, deferred requests).
    func advance(to date: Date) -> [ReloadEvent] {
        // The clock already reads `date` (it runs on its own); providers read it.
        let events = scheduler.advance(to: date) { _ in }
        for event in events { if case .reloaded = event.outcome { generation += 1 } }
        return events
    }

    /// The options of one render in this family.
    func options(for appearance: Appearance, at date: Date) -> WidgetRenderOptions {
        WidgetRenderOptions(family: family, device: device, osVersion: osVersion, style: appearance.style, date: date, format: format)
    }

    /// The frame shown at `date` in `appearance`: the archived render of the entry whose date has arrived with
    /// its live regions repainted; the placeholder before the first entry or when no timeline was fetched.
    /// - Returns: the frame, and whether bodies were evaluated for it just now (a new archive).
    func frame(at date: Date, appearance: Appearance) -> (frame: Frame, isNewRender: Bool) {
        let key = appearance.key
        var isNew = false
        if let timeline = scheduler.timeline {
            let archive: EntryArchive
            if let cached = archives[key], cached.generation == generation {
                archive = cached.archive
            } else {
                archive = EntryArchive(session: session, timeline: timeline, family: family, device: device,
                                       options: options(for: appearance, at: date))
                archives[key] = (generation, archive)
                bodyEvaluations += archive.renders.count
                isNew = true
            }
            if let shown = archive.frame(at: date) {
                var frame = shown.frame
                if let pendingToggle { frame = pendingToggle.optimisticFrame(frame) }
                if intentsInFlight > 0 { frame = frame.showingPendingContent(surface: archive.options.style.surfaceForBlending) }
                return (frame, isNew)
            }
        }
        if let cached = placeholders[key], cached.generation == generation {
            return (cached.frame, false)
        }
        let selection: EntrySelection
        if let timeline = scheduler.timeline {
            selection = session.select(in: timeline, at: date, family: family, device: device)
        } else if let placeholder = try? session.selectEntry(at: date, family: family, device: device, context: .placeholder) {
            selection = placeholder
        } else {
            return (Frame(buffer: CellBuffer(width: 1, height: 1)), false)
        }
        let frame = session.render(selection, options: options(for: appearance, at: date))
        bodyEvaluations += 1
        placeholders[key] = (generation, frame)
        return (frame, true)
    }

    /// The archived frame at `date` without the optimistic toggle (what the reload really shows).
    func reloadedFrame(at date: Date, appearance: Appearance) -> Frame {
        let saved = pendingToggle
        pendingToggle = nil
        defer { pendingToggle = saved }
        return frame(at: date, appearance: appearance).frame
    }

    /// Why the widget shows its placeholder, if it does: no timeline, or before the first entry.
    func placeholderNote(at date: Date) -> String? {
        guard let timeline = scheduler.timeline else { return "no timeline (the provider failed): showing the placeholder" }
        guard let first = timeline.entries.map(\.date).min(), first > date else { return nil }
        return "before the first entry: showing the placeholder"
    }
}
