import Foundation
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - timeline

/// `widgetterm timeline KIND [--from T] [--hours H] [--request-every D] [--budget N]`: the reload schedule
/// the scheduler would follow (each reload: time, reason, budget left) and the entry shown at each change.
enum TimelineCommand {
    static func run(_ arguments: [String], widgets: [WidgetDescriptor], output: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: RenderSettings.valuedFlags.union(["from", "hours", "request-every", "budget"]),
            boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.timeline)
            return 0
        }
        guard let kind = parsed.positionals.first else {
            throw UsageError("timeline needs a widget kind; valid kinds: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        let settings = try RenderSettings(parsed)
        // The schedule is a list, not a picture: text, or JSON for a program; ansi and svg are refused.
        let format = parsed["format"] ?? "text"
        guard format == "text" || format == "json" else {
            throw UsageError(
                "timeline --format takes text or json, not \(format): a schedule has no picture; "
                    + "use render KIND --at TIME --format \(format) for the widget at a moment")
        }
        let descriptor = try widget(named: kind, in: widgets)
        let family = try settings.family(for: descriptor)
        let from = try parsed["from"].map { try DateArgument.parse($0, timeZone: settings.timeZone, flag: "from") }
        let start = from ?? settings.at ?? HostClock.now
        let hours = try parsed.integer("hours", in: 1...24 * 14, default: 24)
        let interval = try parsed["request-every"].map { text in
            do { return try Duration.parse(text) } catch let error as UsageError { throw UsageError("--request-every: \(error.message)") }
        }
        let budget = ReloadBudget(limit: try parsed.integer("budget", in: 1...10_000, default: 40))

        HostClock.isPaused = true
        let simulation = TimelineSimulation(
            session: try settings.session(for: descriptor), family: family, device: settings.device,
            budget: budget, start: start, duration: Double(hours) * 3600, requestInterval: interval)
        if format == "json" {
            output.write(json(simulation, kind: kind, family: family, start: start, hours: hours, budget: budget.limit, interval: interval))
            return 0
        }
        output.write(
            "\(TerminalText.escaped(kind)) \(family): \(hours) h from \(ReloadEvent.clockTime(start, timeZone: settings.timeZone)), budget \(budget.limit) per 24 h"
                + (interval.map { ", app requests every \(Duration.describe($0))" } ?? "") + "\n")
        for line in simulation.lines(timeZone: settings.timeZone) { output.write(TerminalText.escaped(line) + "\n") }
        output.write("\(simulation.reloads.count) reload\(simulation.reloads.count == 1 ? "" : "s")\n")
        return 0
    }

    /// The schedule as one JSON document: `{"kind", "family", "from", "hours", "budget", "requestEvery"?, "steps": [...],
    /// "reloads", "atEndLatency"}` (`atEndLatency`: seconds after the last entry an `.atEnd` reload comes); each step has `date` (ISO 8601, UTC) and `type` (`reload`: `reason`, `outcome`, `budgetLeft`
    /// or `until` or `error`; `entry`: `index` from 1, `count`, `entryDate`).
    static func json(
        _ simulation: TimelineSimulation, kind: String, family: WidgetFamily, start: Date, hours: Int, budget: Int,
        interval: TimeInterval?
    ) -> String {
        let iso = ISO8601DateFormatter()
        var steps: [[String: Any]] = []
        for step in simulation.steps {
            switch step {
            case .reload(let event):
                var object: [String: Any] = ["date": iso.string(from: event.date), "type": "reload", "reason": "\(event.reason)"]
                switch event.outcome {
                case .reloaded(let left):
                    object["outcome"] = "reloaded"
                    object["budgetLeft"] = left
                case .refusedBudgetSpent(let until):
                    object["outcome"] = "refused"
                    object["until"] = until.map(iso.string(from:))
                case .deferred(let until):
                    object["outcome"] = "deferred"
                    object["until"] = iso.string(from: until)
                case .failed(let reason):
                    object["outcome"] = "failed"
                    object["error"] = reason
                }
                steps.append(object)
            case .entryShown(let date, let index, let count, let entryDate):
                steps.append([
                    "date": iso.string(from: date), "type": "entry", "index": index + 1, "count": count,
                    "entryDate": iso.string(from: entryDate),
                ])
            }
        }
        var document: [String: Any] = [
            "kind": kind, "family": family.rawValue, "from": iso.string(from: start), "hours": hours,
            "budget": budget, "steps": steps, "reloads": simulation.reloads.count,
            "atEndLatency": TimelineScheduler.atEndLatency,
        ]
        if let interval { document["requestEvery"] = interval }
        guard
            let data = try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        else { return "{}\n" }
        return TerminalText.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n"
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
