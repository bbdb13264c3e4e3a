import CSimulatedClock
import Foundation
import Testing
import WidgetKitUI
@testable import WidgetHost

// MARK: - The extension adopts the preview's clock exactly

/// A request carries the preview's clock to the extension process, which sets its own from it before widget code
/// runs. With the clock paused, an entry dated `Date()` in the extension must be the preview's now exactly: one
/// that fell even a few hundred nanoseconds later was never shown, and a tapped widget went blank until the clock
/// moved (a `Date`, a `Double` of seconds since 2001, carried the clock before protocol version 6).
@Suite struct ExtensionClockTests {
    /// Nanoseconds since the Unix epoch around December 2026, with every digit down to the nanosecond in play.
    static func sampleNanoseconds(count: Int) -> [Int64] {
        var generator = SplitMix64(seed: 6)
        return (0..<count).map { _ in 1_796_000_000_000_000_000 + Int64(generator.next() % 1_000_000_000_000) }
    }

    @Test func aPausedClockReadsTheSameInTheExtensionAsInThePreview() throws {
        try FixedClock.run {
            for nanoseconds in Self.sampleNanoseconds(count: 200) {
                widgetterm_clock_set(nanoseconds)
                let previewNow = Date()
                // Encoded as `ExtensionProcess` sends it, decoded as `ExtensionServer` reads it.
                let payload = try JSONEncoder().encode(ExtensionCall(.describe))
                widgetterm_clock_set(1_000_000_000_000_000_000) // the extension's own clock, elsewhere
                try ViewTreeArchive.makeDecoder().decode(ExtensionCall.self, from: payload).adoptClock()
                #expect(widgetterm_clock_now() == nanoseconds)
                #expect(Date() == previewNow, "an entry dated Date() in the extension is the preview's now")
                #expect(widgetterm_clock_is_paused() == 1)
            }
        }
    }
}
