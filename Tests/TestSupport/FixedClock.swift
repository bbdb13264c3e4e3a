// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import CellRender
import WidgetKitUI
import Foundation
@_spi(Testing) import WidgetHost

/// Runs `body` with the process clock frozen at `date` and the default time zone set to UTC, and puts both
/// back afterwards (the clock running again, `NSTimeZone.default` as it was). The clock is one per process,
/// so every test in every test target that moves it goes through this one lock.
public enum FixedClock {
    /// The simulated time zone's lock: a command run inside with `--timezone` changes the zone under it too.
    private static var lock: NSRecursiveLock { SimulatedTimeZone.lock }
    /// 2026-03-14 09:41:00 UTC, the moment every golden is rendered at.
    public static let reference = Date(timeIntervalSince1970: 1_773_481_260)

    /// Runs `body` at `date` (the clock paused there) in UTC; rethrows what `body` throws.
    public static func run<T>(at date: Date = reference, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        let timeZone = NSTimeZone.default
        defer {
            NSTimeZone.default = timeZone
            HostClock.reset()
            lock.unlock()
        }
        NSTimeZone.default = TimeZone(identifier: "UTC")!
        HostClock.isPaused = true
        HostClock.set(date) // set while paused: the clock reads exactly `date`
        return try body()
    }

    /// Dates and times as `en_US` writes them in UTC: what the goldens show, whatever `TZ` and `LANG` say.
    public static let utcFormat = SystemTextFormat(
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC")!)
}
#endif
