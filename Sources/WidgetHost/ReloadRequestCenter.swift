import Foundation
import WidgetKitUI

// MARK: - Requests from app code

/// Collects `WidgetCenter.shared.reloadTimelines(ofKind:)` and `reloadAllTimelines()` calls made by widget
/// and intent code, for the preview to hand to each widget's scheduler (reason: requested, or exempt when
/// the app is in the foreground). Set it as a host context's `widgetCenter`.
public final class ReloadRequestCenter: WidgetHostInterface, @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String] = []
    private var all = false

    /// A center with no pending requests.
    public init() {}

    /// Records a request to reload the timelines of widgets of `kind`, as `WidgetCenter.reloadTimelines(ofKind:)`.
    public func reloadTimelines(ofKind kind: String) { lock.withLock { kinds.append(kind) } }
    /// Records a request to reload every widget's timeline, as `WidgetCenter.reloadAllTimelines()`.
    public func reloadAllTimelines() { lock.withLock { all = true } }

    /// Whether `kind` has a pending request; clears it.
    public func takeRequest(forKind kind: String) -> Bool {
        lock.withLock {
            let requested = all || kinds.contains(kind)
            kinds.removeAll { $0 == kind }
            return requested
        }
    }

    /// Clears a pending `reloadAllTimelines()` once every widget has taken it.
    public func finishRound() { lock.withLock { all = false } }
}
