import Foundation

// MARK: - The simulated device's time zone

/// The time zone widget code runs in (`--timezone`): `NSTimeZone.default`, which `Calendar.current` follows on this
/// Foundation (and which `ExtensionCall` carries to extension processes), so a provider that places its dates with
/// `Calendar.current`, as on a device, places them in the simulated zone rather than in the host's `TZ`.
/// `TimeZone.current` follows only the process's `TZ`, so widget code should use `Calendar.current` (Apple, "Calendar.current").
public enum SimulatedTimeZone {
    /// Held while a run has `NSTimeZone.default` changed. Recursive, so a test that holds it (`FixedClock`) can run a
    /// command that changes the zone on the same thread; tests in parallel wait for each other instead of seeing
    /// another's zone.
    public static let lock = NSRecursiveLock()

    /// Runs `body` with `NSTimeZone.default` set to `zone`, and puts the previous default back afterwards; with no
    /// `zone`, or the zone already the default, runs `body` as it is. Rethrows what `body` throws.
    public static func run<T>(in zone: TimeZone?, _ body: () throws -> T) rethrows -> T {
        guard let zone, zone.identifier != NSTimeZone.default.identifier else { return try body() }
        lock.lock()
        let previous = NSTimeZone.default
        NSTimeZone.default = zone
        defer {
            NSTimeZone.default = previous
            lock.unlock()
        }
        return try body()
    }

    /// The zone a command line's `--timezone NAME` or `--timezone=NAME` names; nil when it names none, or none that
    /// exists (the command's own parsing reports that, with the flag).
    public static func zone(inArguments arguments: [String]) -> TimeZone? {
        var name: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument.hasPrefix("--timezone=") {
                name = String(argument.dropFirst("--timezone=".count))
            } else if argument == "--timezone", index + 1 < arguments.count {
                name = arguments[index + 1]
            }
        }
        return name.flatMap(TimeZone.init(identifier:))
    }
}
