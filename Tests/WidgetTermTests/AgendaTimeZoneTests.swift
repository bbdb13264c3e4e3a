import ChildProcesses
import Foundation
import Testing
import TestSupport
import WidgetHost

/// `--timezone` is the simulated device's zone for widget code too: the agenda sample places its events with
/// `Calendar.current`, which follows it, whatever the host's `TZ` (before, it followed `TZ`: with
/// `TZ=America/New_York` and `--timezone Asia/Tokyo` the events were at New York's 9:30, shown in Tokyo time).
@Suite struct AgendaTimeZoneTests {
    /// 18:00 in Tokyo, 04:00 in New York, 09:00 in London: in Tokyo only the gym (18:00 to 19:00) is not over.
    static let arguments = [
        "render", "agenda", "--family", "systemLarge", "--at", "2026-11-29T09:00:00Z", "--timezone", "Asia/Tokyo", "--format", "text",
    ]

    /// The samples' `render` in a process of its own (the test extension running the samples) with `TZ` set to `zone`.
    static func render(hostTimeZone zone: String) throws -> String {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        let process = ChildProcess(executable: executable, arguments: arguments)
        var environment = ExtensionCommandTests.environment(samples: true)
        environment[ExtensionProtocol.serverEnvironmentVariable] = nil
        environment["TZ"] = zone
        process.environment = environment
        let output = Pipe()
        process.standardOutput = .pipe(output)
        process.standardError = .nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
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
        #expect(SimulatedTimeZone.zone(inArguments: ["render", "x", "--timezone", "Asia/Tokyo"]) == tokyo)
        #expect(SimulatedTimeZone.zone(inArguments: ["render", "--timezone=Asia/Tokyo"]) == tokyo)
        #expect(SimulatedTimeZone.zone(inArguments: ["render", "--timezone", "Mars/Olympus"]) == nil)
        #expect(SimulatedTimeZone.zone(inArguments: ["render", "--", "--timezone", "Asia/Tokyo"]) == nil)
        FixedClock.run {
            let before = NSTimeZone.default
            let inside = SimulatedTimeZone.run(in: tokyo) { (NSTimeZone.default.identifier, Calendar.current.timeZone.identifier) }
            #expect(inside == ("Asia/Tokyo", "Asia/Tokyo"))
            #expect(NSTimeZone.default == before && before.secondsFromGMT() == 0)
        }
    }
}
