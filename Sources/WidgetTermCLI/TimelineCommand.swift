import Foundation
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - timeline

/// `widgetterm timeline KIND [--from T] [--hours H] [--request-every D] [--budget N]`: the reload schedule
/// the scheduler would follow (each reload: time, reason, budget left) and the entry shown at each change.
enum TimelineCommand {
    static func run(_ arguments: [String], widgets: [WidgetDescriptor], output: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags.union(["from", "hours", "request-every", "budget"]),
                                         boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.timeline)
            return 0
        }
        guard let kind = parsed.positionals.first else {
            throw UsageError("timeline needs a widget kind; valid kinds: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        let settings = try RenderSettings(parsed)
        let descriptor = try widget(named: kind, in: widgets)
        let family = try settings.family(for: descriptor)
        let from = try parsed["from"].map { try DateArgument.parse($0, timeZone: settings.timeZone, flag: "from") }
        let start = from ?? settings.at ?? HostClock.now
        let hours = try parsed.integer("hours", in: 1...24 * 14, default: 24)
        let interval = try parsed["request-every"].map(Duration.parse)
        let budget = ReloadBudget(limit: try parsed.integer("budget", in: 1...10_000, default: 40))

        HostClock.isPaused = true
        let simulation = TimelineSimulation(session: try settings.session(for: descriptor), family: family, device: settings.device,
                                            budget: budget, start: start, duration: Double(hours) * 3600, requestInterval: interval)
        output.write("\(TerminalText.escaped(kind)) \(family): \(hours) h from \(ReloadEvent.clockTime(start, timeZone: settings.timeZone)), budget \(budget.limit) per 24 h"
                     + (interval.map { ", app requests every \(Duration.describe($0))" } ?? "") + "\n")
        for line in simulation.lines(timeZone: settings.timeZone) { output.write(TerminalText.escaped(line) + "\n") }
        output.write("\(simulation.reloads.count) reload\(simulation.reloads.count == 1 ? "" : "s")\n")
        return 0
    }
}


/// Durations on the command line: `90s`, `10m`, `2h`, `1d`.
enum Duration {
    /// The seconds `text` names, from 1 s to 14 days (the longest `timeline --hours`).
    ///
    /// - Throws: `UsageError` for a malformed duration or one outside that range.
    static func parse(_ text: String) throws -> TimeInterval {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = text.last, let scale = units[unit], let value = Double(text.dropLast()), value > 0 else {
            throw UsageError("duration \(text) is not valid; use a number and a unit: 90s, 10m, 2h, 1d")
        }
        let seconds = value * scale
        guard (1...14 * 86_400).contains(seconds) else {
            throw UsageError("duration \(text) is out of range; use from 1s to 14d, such as 90s, 10m, 2h, 1d")
        }
        return seconds
    }

    static func describe(_ seconds: TimeInterval) -> String {
        if seconds.truncatingRemainder(dividingBy: 3600) == 0 { return "\(Int(seconds / 3600)) h" }
        if seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return "\(Int(seconds)) s"
    }
}
