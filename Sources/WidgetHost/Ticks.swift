import Foundation
import WidgetKitUI

// MARK: - Ticks

/// When the preview wakes to repaint system-animated text: on the whole seconds of the host clock (not
/// every 1000 ms from whenever the loop began), sleeping in between, and never more than 10 times per
/// real second however fast the clock runs (DESIGN.md "Time").
public enum TickSchedule {
    /// The shortest real time between two repaints, in seconds.
    public static let minimumRepaintInterval: TimeInterval = 0.1

    /// Real seconds to sleep until the next tick, or nil while the clock is paused (wait for input instead).
    ///
    /// - Parameters:
    ///   - now: the simulated clock now.
    ///   - speed: simulated seconds per real second.
    public static func delayToNextTick(now: Date, speed: Double, isPaused: Bool) -> TimeInterval? {
        guard !isPaused, speed > 0 else { return nil }
        let seconds = now.timeIntervalSince1970
        let earliest = seconds + minimumRepaintInterval * speed
        var next = earliest.rounded(.up)
        if next == seconds { next += 1 }
        return (next - seconds) / speed
    }
}

// MARK: - Requests from app code

/// Collects `WidgetCenter.shared.reloadTimelines(ofKind:)` and `reloadAllTimelines()` calls made by widget
/// and intent code, for the preview to hand to each widget's scheduler (reason: requested, or exempt when
/// the app is in the foreground). Install it with `HostInterface.install(_:)`.
public final class ReloadRequestCenter: WidgetHostInterface, @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String] = []
    private var all = false

    public init() {}

    public func reloadTimelines(ofKind kind: String) { lock.withLock { kinds.append(kind) } }
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
