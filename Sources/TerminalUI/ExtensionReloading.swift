import CellRender
import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - Swift hot reload: a rebuilt widget extension

/// What the Swift source watcher of `widgetterm preview FOLDER` reports to the preview: the extension was
/// rebuilt (its processes were ended, so every widget's next request starts the new program), or the build
/// failed with the compiler's first errors. Changes are queued for the preview's thread; the function given
/// to `start(wake:)` is called when one is queued, so the event loop wakes at once.
public final class ExtensionReloadQueue: @unchecked Sendable {
    /// One rebuild's outcome.
    public enum Change: Sendable, Equatable {
        /// The new program is in place; `buildSeconds` is how long the build took.
        case rebuilt(buildSeconds: Double)
        /// The build failed; `errors` are the compiler's first errors at the user's `file:line:column`.
        case failed(errors: [String])
        /// Files of the extension left out because they cannot compile here, each summarised with its first
        /// error; every other widget is previewed.
        case leftOut(summaries: [String])
        /// The rebuilt extension declares other widgets (a save added or removed a kind): `kinds` in the bundle's
        /// order; the descriptors are taken with `takeWidgets()`.
        case widgetsChanged(kinds: [String])
        /// The rebuilt extension declares other controls (a save added or removed a `ControlWidget`): `kinds` in the
        /// bundle's order; the descriptors are taken with `takeControls()`.
        case controlsChanged(kinds: [String])
    }

    private let lock = NSLock()
    private var queued: [Change] = []
    private var widgets: [WidgetDescriptor]?
    private var controls: [ControlDescriptor]?
    private var wake: (@Sendable () -> Void)?
    /// Signalled once per rebuild applied by the preview, when the frame after it has been presented.
    private let redrawn = DispatchSemaphore(value: 0)
    private var redrawPending = false

    /// Waits until the preview has drawn the frame after the rebuild just posted, or `seconds` (on the monotonic
    /// clock: the preview may simulate the real-time one) have passed; the watcher then asks the new program for its
    /// widgets without competing with that frame for the CPU.
    public func waitForRedraw(seconds: Double) {
        _ = redrawn.wait(timeout: .now() + seconds)
    }

    /// Called by the preview after applying a rebuild.
    func rebuildApplied() { lock.withLock { redrawPending = true } }

    /// Called by the preview after it presents a frame.
    func frameDrawn() {
        let pending = lock.withLock {
            defer { redrawPending = false }
            return redrawPending
        }
        if pending { redrawn.signal() }
    }

    /// Queues the rebuilt extension's widgets, when a save added or removed a kind, and wakes the preview.
    public func post(widgets: [WidgetDescriptor]) {
        lock.withLock { self.widgets = widgets }
        post(.widgetsChanged(kinds: widgets.map(\.kind)))
    }

    /// Queues the rebuilt extension's widgets and controls, when a save added or removed a widget kind or a control,
    /// and wakes the preview.
    public func post(widgets: [WidgetDescriptor], controls: [ControlDescriptor]) {
        lock.withLock {
            self.widgets = widgets
            self.controls = controls
        }
        post(.widgetsChanged(kinds: widgets.map(\.kind)))
        post(.controlsChanged(kinds: controls.map(\.kind)))
    }

    /// The widgets last queued with `post(widgets:)`, once.
    func takeWidgets() -> [WidgetDescriptor]? {
        lock.withLock {
            defer { widgets = nil }
            return widgets
        }
    }

    /// The controls last queued with `post(widgets:controls:)`, once.
    func takeControls() -> [ControlDescriptor]? {
        lock.withLock {
            defer { controls = nil }
            return controls
        }
    }

    /// Creates a channel with nothing queued and no preview to wake yet.
    public init() {}

    /// Queues a change and wakes the preview.
    public func post(_ change: Change) {
        let wake = lock.withLock {
            queued.append(change)
            return self.wake
        }
        wake?()
    }

    /// The changes queued since the last call, oldest first.
    public func takeChanges() -> [Change] {
        lock.withLock {
            defer { queued = [] }
            return queued
        }
    }

    func start(wake: @escaping @Sendable () -> Void) {
        lock.withLock { self.wake = wake }
    }
}

extension PreviewApp {
    /// Applies rebuilt extensions: a good build drops every widget instance (each timeline is fetched again from
    /// the new program, while selection, family, mode, theme, device, clock and log stay); a failed build keeps
    /// the last good frame and shows the errors in the banner of every widget until the next good build.
    func applyExtensionChanges(at now: Date) {
        guard let queue = extensionReloads else { return }
        for change in queue.takeChanges() {
            switch change {
            case .rebuilt(let seconds):
                for widget in configuration.widgets { documentErrors[widget.kind] = nil }
                extensionFrames.bannerKinds = []
                instances = [:]
                // The controls ask the new program for their values when next shown.
                controlScreen.forgetSessions()
                queue.rebuildApplied()
                log.append(.info, "rebuilt the widget extension in \(String(format: "%.1f", seconds)) s; widgets reloaded", at: now)
                terminal.wakeHandler()
            case .failed(let errors):
                let message = errors.prefix(2).joined(separator: " · ")
                for widget in configuration.widgets { documentErrors[widget.kind] = message }
                // The build's errors take the banner from an extension failure until the next good build.
                extensionFrames.bannerKinds = []
                for line in errors.prefix(5) {
                    log.append(.diagnostic, "\(line) (the last good render stays)", at: now, severity: .error)
                }
            case .leftOut(let summaries):
                for summary in summaries { log.append(.diagnostic, summary, at: now, severity: .warning) }
            case .widgetsChanged(let kinds):
                guard let widgets = queue.takeWidgets(), widgets.map(\.kind) == kinds else { continue }
                replaceWidgets(widgets, at: now)
            case .controlsChanged(let kinds):
                guard let controls = queue.takeControls(), controls.map(\.kind) == kinds else { continue }
                replaceControls(controls, at: now)
            }
        }
    }

    /// Gives `settings`, a rebuilt widget's or control's parameters, the values chosen in `previous` for the
    /// parameters it still has.
    static func carryChoices(from previous: IntentParameterSettings?, to settings: IntentParameterSettings?) {
        guard let settings, let previous else { return }
        let names = Set(settings.parameters.map(\.name))
        settings.restore(previous.values.filter { names.contains($0.key) })
    }

    /// Shows the rebuilt extension's widgets and Live Activities: the selected kind stays selected when it still
    /// exists (else the one at its place), a configurable widget keeps the parameter values chosen for it, and
    /// families and everything else the preview holds stay. A Live Activity added by the save joins the island
    /// screen (`k` picks it); one removed leaves it.
    func replaceWidgets(_ descriptors: [WidgetDescriptor], at now: Date) {
        let widgets = descriptors.filter { !$0.isActivity }
        let activities = descriptors.filter(\.isActivity)
        let old = configuration.widgets.map(\.kind) + configuration.activities.map(\.kind)
        let selected = currentWidget?.kind
        for widget in widgets {
            Self.carryChoices(from: configuration.widgets.first { $0.kind == widget.kind }?.configuration, to: widget.configuration)
        }
        configuration.widgets = widgets
        configuration.activities = activities
        islands.replaceActivities(activities)
        let kinds = widgets.map(\.kind)
        widgetIndex = selected.flatMap { kinds.firstIndex(of: $0) } ?? min(widgetIndex, max(kinds.count - 1, 0))
        instances = [:]
        contextFrames.removeAll()
        clearTapSelection()
        let all = kinds + activities.map(\.kind)
        let added = all.filter { !old.contains($0) }
        let removed = old.filter { !all.contains($0) }
        for kind in removed {
            documentErrors[kind] = nil
            extensionFrames.forget(kind: kind)
        }
        var parts: [String] = []
        if !added.isEmpty { parts.append("added " + added.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removed " + removed.joined(separator: ", ")) }
        // A save that changed only the controls hands the same kinds again.
        if !parts.isEmpty { log.append(.info, "the rebuilt extension's widgets changed: \(parts.joined(separator: "; "))", at: now) }
        terminal.wakeHandler()
    }

    /// Shows the rebuilt extension's controls on the Control Center screen: the selected control stays selected
    /// when it still exists (else the one at its place), a configurable control keeps the values chosen for it, and
    /// each control asks the new program for its value when next shown. Logs the kinds added and removed.
    func replaceControls(_ controls: [ControlDescriptor], at now: Date) {
        let old = configuration.controls.map(\.kind)
        for control in controls {
            Self.carryChoices(from: configuration.controls.first { $0.kind == control.kind }?.configuration, to: control.configuration)
        }
        configuration.controls = controls
        controlScreen.replaceControls(controls)
        let kinds = controls.map(\.kind)
        let added = kinds.filter { !old.contains($0) }
        let removed = old.filter { !kinds.contains($0) }
        guard !added.isEmpty || !removed.isEmpty else { return }
        var parts: [String] = []
        if !added.isEmpty { parts.append("added " + added.joined(separator: ", ")) }
        if !removed.isEmpty { parts.append("removed " + removed.joined(separator: ", ")) }
        log.append(.info, "the rebuilt extension's controls changed: \(parts.joined(separator: "; "))", at: now)
        terminal.wakeHandler()
    }

    /// A card's frame, or, when the extension failed while making it (a crash or missed deadline in the provider
    /// or the body: an `extension-failed` diagnostic), the last frame that card drew without one, with the failure
    /// in the banner: a crash never replaces the picture with a placeholder while there is one to keep.
    func keepingLastGoodFrame(
        _ made: (frame: Frame, isNewRender: Bool), of instance: WidgetInstance, _ appearance: WidgetAppearance
    ) -> (frame: Frame, isNewRender: Bool) {
        let key = "\(instance.kind)|\(instance.family.rawValue)|\(appearance.key)"
        guard let failure = made.frame.diagnostics.first(where: { $0.code == ExtensionFrameKeeper.failureCode }) else {
            extensionFrames.frames[key] = made.frame
            if extensionFrames.bannerKinds.remove(instance.kind) != nil { documentErrors[instance.kind] = nil }
            return made
        }
        // The first failure keeps the banner: the later cards of the kind fail because of it ("the extension process
        // that made this entry was replaced").
        if documentErrors[instance.kind] == nil {
            documentErrors[instance.kind] = failure.message + " (the last good render stays)"
            extensionFrames.bannerKinds.insert(instance.kind)
        }
        guard let kept = extensionFrames.frames[key] else { return made }
        return (kept, made.isNewRender)
    }
}

/// The frames `PreviewApp.keepingLastGoodFrame` keeps: by kind, family and appearance, the last drawn without
/// an extension failure; and the kinds whose banner it set.
struct ExtensionFrameKeeper {
    /// The diagnostic code of a provider or body call the extension process did not answer.
    static let failureCode = "extension-failed"
    var frames: [String: Frame] = [:]
    var bannerKinds: Set<String> = []

    mutating func forget(kind: String) {
        frames = frames.filter { !$0.key.hasPrefix(kind + "|") }
        bannerKinds.remove(kind)
    }
}
