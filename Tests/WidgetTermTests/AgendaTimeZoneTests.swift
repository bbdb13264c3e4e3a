import ChildProcesses
import Foundation
import Testing
import TestSupport
@_spi(Testing) import WidgetHost
@testable import WidgetTermCLI

/// `--timezone` is the simulated device's zone for widget code too: the agenda sample places its events with
/// `Calendar.current`, which follows it, whatever the host's `TZ` (before, it followed `TZ`: with
/// `TZ=America/New_York` and `--timezone Asia/Tokyo` the events were at New York's 9:30, shown in Tokyo time).
@Suite struct AgendaTimeZoneTests {
    /// 18:00 in Tokyo, 04:00 in New York, 09:00 in London: in Tokyo only the gym (18:00 to 19:00) is not over.
    static let arguments = [
        "render", "agenda", "--family", "systemLarge", "--at", "2026-11-29T09:00:00Z", "--timezone", "Asia/Tokyo", "--format", "text",
    ]

    /// The samples' `render` in a process of its own (the test extension running the samples) with `TZ` set to `zone`;
    /// killed after 60 s, so a hung child fails the test instead of hanging the run.
    static func render(hostTimeZone zone: String) throws -> String {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        var environment = ExtensionCommandTests.environment(samples: true)
        environment[ExtensionProtocol.serverEnvironmentVariable] = nil
        environment["TZ"] = zone
        let run = try ProgramRun(executable, arguments, environment: environment, timeLimit: 60)
        #expect(run.status == 0 && !run.wasSignalled, "\(run.errors)")
        return run.output
    }

    @Test("the agenda follows --timezone, not TZ: the same events in Tokyo under TZ New York and London")
    func eventsFollowTheSimulatedTimeZone() throws {
        let newYork = try Self.render(hostTimeZone: "America/New_York")
        let london = try Self.render(hostTimeZone: "Europe/London")
        #expect(newYork == london)
        #expect(newYork.contains("1 event") && newYork.contains("Gym"), "\(newYork)")
        #expect(!newYork.contains("Stand-up") && !newYork.contains("Design review"))
        // In this process (the clock's zone UTC) and through the extension (the zone crosses with each request): the same.
        let environment = ExtensionCommandTests.environment(samples: true)
        let local = ExtensionCommandTests.local(Self.arguments, environment: environment)
        #expect(local.status == 0 && local.output == newYork, "\(local.errors)")
        let remote = try ExtensionCommandTests.remote(Self.arguments, environment: environment)
        #expect(remote.status == 0 && remote.output == newYork, "\(remote.errors)")
    }

    @Test("a command's --timezone is the default zone while it runs, and the one before afterwards")
    func theZoneIsPutBack() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(WidgetTermCommand.simulatedTimeZone(in: ["render", "x", "--timezone", "Asia/Tokyo"]) == tokyo)
        #expect(WidgetTermCommand.simulatedTimeZone(in: ["render", "--timezone=Asia/Tokyo"]) == tokyo)
        #expect(WidgetTermCommand.simulatedTimeZone(in: ["render", "--timezone", "Mars/Olympus"]) == nil)
        // `--` is a positional to the parser, which reads on after it: so does the zone.
        #expect(WidgetTermCommand.simulatedTimeZone(in: ["render", "--", "--timezone", "Asia/Tokyo"]) == tokyo)
        #expect(WidgetTermCommand.simulatedTimeZone(in: ["render", "--timezone", "UTC", "--timezone", "Asia/Tokyo"]) == tokyo)
        FixedClock.run {
            let before = NSTimeZone.default
            let inside = SimulatedTimeZone.run(in: tokyo) { (NSTimeZone.default.identifier, Calendar.current.timeZone.identifier) }
            #expect(inside == ("Asia/Tokyo", "Asia/Tokyo"))
            #expect(NSTimeZone.default == before && before.secondsFromGMT() == 0)
        }
    }

    @Test(
        "the flags read before parsing are read as the parser reads them: after --, not as another flag's value",
        arguments: [
            ["render", "x", "--timezone", "Asia/Tokyo"],
            ["render", "--", "--timezone", "Asia/Tokyo", "--assets=art"],
            ["render", "x", "--param", "--timezone", "Asia/Tokyo"],
            ["render", "x", "--timezone", "--assets", "--assets", "art"],
            ["render", "--assets", "one", "x", "--assets=two", "--timezone=Europe/Paris", "--timezone", "UTC"],
            ["render", "x", "--timezone"],
        ])
    func preScanAgreesWithTheParser(arguments: [String]) throws {
        let parsed = try? ParsedArguments(arguments, valued: CommandLineWords.valuedFlags)
        for flag in ["timezone", "assets"] {
            #expect(ParsedArguments.values(of: flag, in: arguments) == parsed?.allValues[flag] ?? [], "--\(flag) in \(arguments)")
        }
        let expected = parsed?.options["timezone"].flatMap(TimeZone.init(identifier:))
        #expect(WidgetTermCommand.simulatedTimeZone(in: arguments) == expected)
        #expect(AssetsArgument.folders(in: arguments) == parsed?.allValues["assets"] ?? [])
    }

    @Test("a zone already the default is still held: another thread cannot take the lock to change it mid-run")
    func theLockIsHeldWhenTheZoneIsAlreadyTheDefault() throws {
        let zone = try #require(TimeZone(identifier: NSTimeZone.default.identifier))
        let result = SimulatedTimeZone.run(in: zone) { () -> (zone: String, takenElsewhere: Bool) in
            let taken = LockAttempt()
            Thread.detachNewThread { taken.finish(SimulatedTimeZone.lock.try()) }
            return (NSTimeZone.default.identifier, taken.wait())
        }
        #expect(result.zone == zone.identifier)
        #expect(!result.takenElsewhere, "run(in:) with the zone already the default ran its body without the lock")
    }
}

/// Whether another thread took a lock (and let it go again at once).
private final class LockAttempt: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var taken = false

    func finish(_ wasTaken: Bool) {
        if wasTaken { SimulatedTimeZone.lock.unlock() }
        taken = wasTaken
        done.signal()
    }

    func wait() -> Bool {
        done.wait()
        return taken
    }
}
