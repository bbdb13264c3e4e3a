import Foundation
import WidgetKitUI

// MARK: - WidgetCenter and ControlCenter reloads from an extension process

/// The `WidgetCenter` and `ControlCenter` reloads widget code asked for in an extension process while it answered
/// one request (an intent's `perform()` calling `WidgetCenter.shared.reloadTimelines(ofKind:)`, say). On iOS
/// those calls go to the system, not to the extension, so the extension sends them to the preview, which makes
/// them in the host context the request was sent from: they reach its `WidgetCenter` (the timeline reloads,
/// with `ReloadReason.requested` and the budget, as in one process) and its `HostContext.controlReloads`.
public struct CenterReloads: Codable, Sendable, Equatable {
    /// The kinds passed to `WidgetCenter.shared.reloadTimelines(ofKind:)`, in call order, each once.
    public var timelineKinds: [String] = []
    /// Whether `WidgetCenter.shared.reloadAllTimelines()` was called.
    public var allTimelines = false
    /// The kinds passed to `ControlCenter.shared.reloadControls(ofKind:)`, in call order, each once.
    public var controlKinds: [String] = []
    /// Whether `ControlCenter.shared.reloadAllControls()` was called.
    public var allControls = false

    /// No reloads.
    public init() {}

    /// True when nothing was asked for (no message is sent then).
    public var isEmpty: Bool { timelineKinds.isEmpty && !allTimelines && controlKinds.isEmpty && !allControls }

    /// Makes the same calls on `host`, as widget code running in this process would have made them.
    public func apply(to host: HostContext) {
        let center = host.widgetCenter
        for kind in timelineKinds { center?.reloadTimelines(ofKind: kind) }
        if allTimelines { center?.reloadAllTimelines() }
        for kind in controlKinds { host.controlReloads.request(kind: kind) }
        if allControls { host.controlReloads.requestAll() }
    }
}

/// The extension process's `WidgetCenter`: it keeps the reload requests widget code makes until the server
/// takes them, with `ControlCenter`'s, after each answer (`take(controls:controlKinds:)`).
final class ExtensionWidgetCenter: WidgetHostInterface, @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String] = []
    private var all = false

    func reloadTimelines(ofKind kind: String) { lock.withLock { if !kinds.contains(kind) { kinds.append(kind) } } }
    func reloadAllTimelines() { lock.withLock { all = true } }

    /// The reloads asked for since the last call, this center's and those of `controls` for the bundle's control
    /// kinds `controlKinds`; clears them. A control reload of a kind the bundle lacks stays where it is, as it
    /// would in one process (no control ever takes it).
    func take(controls: ControlReloadRequests, controlKinds: [String]) -> CenterReloads {
        var reloads = CenterReloads()
        lock.withLock {
            reloads.timelineKinds = kinds
            reloads.allTimelines = all
            kinds = []
            all = false
        }
        reloads.allControls = controls.takeAll()
        reloads.controlKinds = controlKinds.filter { controls.take(kind: $0) }
        return reloads
    }
}
