import Foundation

// MARK: - The simulated device's time zone

/// The time zone widget code runs in (`--timezone`): `NSTimeZone.default`, which `Calendar.current` follows on this
/// Foundation (and which `ExtensionCall` carries to extension processes), so a provider that places its dates with
/// `Calendar.current`, as on a device, places them in the simulated zone rather than in the host's `TZ`.
/// `TimeZone.current` follows only the process's `TZ`, so widget code should use `Calendar.current` (Apple, "Calendar.current").
public enum SimulatedTimeZone {
    /// Held by every run (`run(in:_:)`, with a zone) and by tests that set `NSTimeZone.default` themselves
    /// (`FixedClock`), for as long as they need the zone they set. Recursive, so a test that holds it can run a
    /// command that sets the zone on the same thread. Code that reads the default zone without holding it (a test
    /// running alongside that does not take it) can see another run's zone; what holds it cannot.
    @_spi(Testing) public static let lock = NSRecursiveLock()

    /// Runs `body` with `NSTimeZone.default` set to `zone`, holding `lock` throughout, and puts the previous default
    /// back afterwards; with no `zone`, runs `body` as it is, without the lock. A `zone` that is already the default is
    /// left in place, but the lock is still held, so no other run can change it while `body` runs. Rethrows what
    /// `body` throws.
    public static func run<T>(in zone: TimeZone?, _ body: () throws -> T) rethrows -> T {
        guard let zone else { return try body() }
        lock.lock()
        defer { lock.unlock() }
        let previous = NSTimeZone.default
        guard zone.identifier != previous.identifier else { return try body() }
        NSTimeZone.default = zone
        defer { NSTimeZone.default = previous }
        return try body()
    }
}
