import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - A widget placed on a screen

/// How a widget is drawn: a rendering mode on a theme (its wallpaper, tints and appearance).
public struct WidgetAppearance: Equatable, Sendable {
    /// The rendering mode (`fullColor`, `accented`, `vibrant`).
    public var mode: WidgetRenderingMode
    /// The theme: wallpaper, material, tints.
    public var theme: Theme
    /// Overrides the theme's light or dark appearance (`--scheme`); nil keeps the theme's.
    public var colorScheme: ColorScheme?

    /// An appearance.
    public init(mode: WidgetRenderingMode, theme: Theme, colorScheme: ColorScheme? = nil) {
        self.mode = mode
        self.theme = theme
        self.colorScheme = colorScheme
    }

    /// The paint style of this mode on this theme.
    public var style: PaintStyle { theme.paintStyle(mode: mode, colorScheme: colorScheme) }
    /// What shows around the widget: the wallpaper (with the material in vibrant mode).
    public var backdrop: RGB { theme.backdrop(in: mode) }
    /// Names the appearance: equal appearances have equal keys (archives and caches are keyed by it).
    public var key: String { "\(mode.rawValue)|\(theme.name)|\(colorScheme?.rawValue ?? "-")" }
}

/// One widget as a person places it (one kind in one family), as iOS keeps it: its own timeline, reload
/// budget and archived renders. Every entry's body is evaluated once when its timeline is fetched, per
/// appearance; showing it at a moment picks the entry and repaints only live regions (ARCHITECTURE.md,
/// "The fidelity rule").
public final class WidgetInstance {
    /// The widget.
    public let descriptor: WidgetDescriptor
    /// Runs its provider and bodies.
    public let session: WidgetSession
    /// The family it is placed in.
    public let family: WidgetFamily
    /// Its timeline, reload policy and budget.
    public let scheduler: TimelineScheduler
    private let device: DeviceProfile
    private let osVersion: Int
    private let format: SystemTextFormat
    /// Bumped on every fetched timeline: archives of an older generation are stale.
    public private(set) var generation = 0
    private var archives: [String: (generation: Int, archive: EntryArchive)] = [:]
    private var placeholders: [String: (generation: Int, frame: Frame)] = [:]
    /// Intents started from this widget and not finished.
    public var intentsInFlight = 0
    /// A toggle tapped and not yet confirmed by a reload.
    public var pendingToggle: PendingToggle?
    /// The number of entry bodies evaluated so far (for the fidelity rule: only on fetches and new appearances).
    public private(set) var bodyEvaluations = 0

    /// A widget placed in one family.
    /// - Parameters:
    ///   - descriptor: The widget.
    ///   - family: The family it is placed in.
    ///   - device: The device whose sizes apply.
    ///   - osVersion: The iOS major version whose rules apply.
    ///   - format: Locale and time zone of system-formatted text.
    ///   - providerTimeLimit: Seconds a provider callback may take.
    ///   - reloadBudget: The reload budget it starts with.
    ///   - host: The host context its code runs in.
    public init(
        descriptor: WidgetDescriptor, family: WidgetFamily, device: DeviceProfile, osVersion: Int,
        format: SystemTextFormat, providerTimeLimit: TimeInterval, reloadBudget: ReloadBudget, host: HostContext
    ) {
        self.descriptor = descriptor
        self.family = family
        session = WidgetSession(descriptor: descriptor, callbackTimeLimit: providerTimeLimit, host: host)
        scheduler = TimelineScheduler(session: session, family: family, device: device, budget: reloadBudget)
        self.device = device
        self.osVersion = osVersion
        self.format = format
    }

    /// The widget kind.
    public var kind: String { descriptor.kind }

    /// Runs a reload now (the first one is `.initial`), returning what happened.
    @discardableResult
    public func reload(at date: Date, reason: ReloadReason) -> ReloadEvent {
        let event = scheduler.requestReload(at: date, reason: reason)
        if case .reloaded = event.outcome { generation += 1 }
        return event
    }

    /// Runs the reloads that fell due by `date` (policies, deferred requests).
    public func advance(to date: Date) -> [ReloadEvent] {
        // The clock already reads `date` (it runs on its own); providers read it.
        let events = scheduler.advance(to: date) { _ in }
        for event in events { if case .reloaded = event.outcome { generation += 1 } }
        return events
    }

    /// The options of one render in this family.
    public func options(for appearance: WidgetAppearance, at date: Date) -> WidgetRenderOptions {
        var options = WidgetRenderOptions(
            family: family, device: device, osVersion: osVersion, style: appearance.style, date: date, format: format)
        options.dynamicTypeSize = dynamicTypeSize
        return options
    }

    /// The text size its bodies are rendered at (`\.dynamicTypeSize`); set before the first render.
    public var dynamicTypeSize: DynamicTypeSize = .large

    /// The frame shown at `date` in `appearance`: the archived render of the entry whose date has arrived with
    /// its live regions repainted; the placeholder before the first entry or when no timeline was fetched.
    /// - Returns: the frame, and whether bodies were evaluated for it just now (a new archive).
    public func frame(at date: Date, appearance: WidgetAppearance) -> (frame: Frame, isNewRender: Bool) {
        let key = appearance.key
        var isNew = false
        if let timeline = scheduler.timeline {
            let archive: EntryArchive
            if let cached = archives[key], cached.generation == generation {
                archive = cached.archive
            } else {
                archive = EntryArchive(
                    session: session, timeline: timeline, family: family, device: device,
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
    public func reloadedFrame(at date: Date, appearance: WidgetAppearance) -> Frame {
        let saved = pendingToggle
        pendingToggle = nil
        defer { pendingToggle = saved }
        return frame(at: date, appearance: appearance).frame
    }

    /// Why the widget shows its placeholder, if it does: no timeline, or before the first entry.
    public func placeholderNote(at date: Date) -> String? {
        guard let timeline = scheduler.timeline else { return "no timeline (the provider failed): showing the placeholder" }
        guard let first = timeline.entries.map(\.date).min(), first > date else { return nil }
        return "before the first entry: showing the placeholder"
    }
}
