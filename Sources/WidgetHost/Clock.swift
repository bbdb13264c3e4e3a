import Foundation
import CSimulatedClock
import WidgetKitUI

// MARK: - The host clock

/// The one clock of the process (`CSimulatedClock`): real time unless set, sped up or paused.
/// Widget code reads it through `Date()`; monotonic clocks are untouched.
public enum HostClock {
    /// The simulated now, read exactly as widget code reads it (`Date()` goes through the interposed clock),
    /// so an entry dated `Date()` in a provider compares equal to it.
    public static var now: Date { Date() }

    /// Moves the clock to `date` (it keeps running from there unless paused). A date outside
    /// `SupportedDates` (years 1678 to 2261) sets the clock to the nearest supported one: the clock counts
    /// nanoseconds in 64 bits, and a date beyond them must never stop the process. Commands and documents
    /// refuse such dates with an error first; this is the last line of defence (a Swift provider's
    /// `Date.distantFuture`, say).
    public static func set(_ date: Date) {
        let nanoseconds = (SupportedDates.clamped(date).timeIntervalSince1970 * 1_000_000_000).rounded()
        widgetterm_clock_set(Int64(exactly: nanoseconds) ?? 0)
    }

    /// The simulated now in the clock's own unit: nanoseconds since the Unix epoch. Exact, unlike `now`, whose
    /// `Double` of seconds since 2001 rounds to a fraction of a microsecond; for handing the clock to another
    /// process (`ExtensionCall`).
    public static var nowNanoseconds: Int64 { widgetterm_clock_now() }

    /// Moves the clock to `nanoseconds` since the Unix epoch exactly (it keeps running from there unless paused):
    /// the counterpart of `nowNanoseconds`.
    public static func set(nanoseconds: Int64) { widgetterm_clock_set(nanoseconds) }

    /// Moves the clock by `seconds` (negative moves back).
    public static func advance(by seconds: TimeInterval) { set(now.addingTimeInterval(seconds)) }

    /// Simulated seconds per real second (1 = real time).
    public static var speed: Double {
        get { widgetterm_clock_speed() }
        set { widgetterm_clock_set_speed(newValue) }
    }

    /// Whether the clock is frozen.
    public static var isPaused: Bool {
        get { widgetterm_clock_is_paused() != 0 }
        set { widgetterm_clock_set_paused(newValue ? 1 : 0) }
    }

    /// Back to real time, speed 1, running.
    public static func reset() { widgetterm_clock_reset() }
}
