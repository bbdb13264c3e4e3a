import Foundation
import WidgetKitUI

// MARK: - Ticks

/// When the preview wakes to repaint system-animated text: on the whole seconds of the host clock (not
/// every 1000 ms from whenever the loop began), sleeping in between, and never more than 10 times per
/// real second however fast the clock runs (ARCHITECTURE.md "Time").
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
