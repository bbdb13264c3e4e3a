import Foundation
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - smartstack

/// `widgetterm smartstack KIND|FILE... [--from T] [--hours H]`: the widgets in one Home Screen Smart Stack,
/// rotated by the relevance of their entries (`TimelineEntryRelevance`) over simulated time, one line per
/// rotation with its reason. Each widget's timeline is asked once, at `--from` (no reloads are simulated).
enum SmartStackCommand {
    /// The shared flags that do not apply: the stack prints text lines and draws no widget, so nothing that
    /// chooses a picture (family, format, colours, theme, mode, scheme, asset catalogs) or an entry (context).
    static let refusedFlags: [String: RefusedFlagReason] = {
        var refused: [String: RefusedFlagReason] = [
            "format": {
                "smartstack prints its rotations as text and takes no --format \($0); use render KIND --format \($0) for a widget"
            },
            "family": {
                "smartstack rotates each widget's systemSmall timeline and takes no --family \($0); use timeline KIND --family \($0) "
                    + "for one family's entries"
            },
            "context": {
                "smartstack reads each widget's timeline and takes no --context \($0); use render KIND --context \($0) to see it"
            },
        ]
        for flag in ["theme", "mode", "scheme", "color", "colors", "assets"] {
            refused[flag] = {
                "smartstack prints its rotations as text and draws no widget, so --\(flag) \($0) does not apply; use "
                    + "render KIND --\(flag) \($0) to draw one"
            }
        }
        return refused
    }()

    static func run(_ arguments: [String], widgets: [WidgetDescriptor], output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: RenderSettings.valuedFlags.union(["from", "hours"]), boolean: ["help"], refused: refusedFlags)
        if parsed.switches.contains("help") {
            output.write(Help.smartStack)
            return 0
        }
        guard parsed.positionals.count >= 2 else {
            throw UsageError(
                "smartstack needs two widget kinds or documents or more (a stack holds up to 10); valid kinds: "
                    + widgets.filter { !$0.isActivity }.map(\.kind).joined(separator: ", "))
        }
        guard parsed.positionals.count <= 10 else {
            throw UsageError("a Smart Stack holds at most 10 widgets, got \(parsed.positionals.count)")
        }
        let settings = try RenderSettings(parsed)
        let from = try parsed["from"].map { try DateArgument.parse($0, timeZone: settings.timeZone, flag: "from") }
        let start = from ?? settings.at ?? HostClock.now
        let hours = try parsed.integer("hours", in: 1...24 * 14, default: 6)
        HostClock.isPaused = true
        HostClock.set(start)
        var members: [SmartStackMember] = []
        for kind in parsed.positionals {
            let descriptor = try widget(named: kind, in: widgets)
            guard !descriptor.isActivity else { throw UsageError("\(kind) is a Live Activity: a Smart Stack holds widgets") }
            let family = descriptor.supportedFamilies.contains(.systemSmall) ? WidgetFamily.systemSmall : descriptor.supportedFamilies.first
            guard let family else { throw UsageError("\(kind) has no family") }
            let timeline = try settings.session(for: descriptor).fetchTimeline(family: family, device: settings.device)
            members.append(
                SmartStackMember(
                    kind: descriptor.kind, entries: timeline.entries.map { .init(date: $0.date, relevance: $0.base.relevance) }))
        }
        let end = start.addingTimeInterval(Double(hours) * 3600)
        output.write(
            "Smart Stack of \(members.map(\.kind).joined(separator: ", ")): \(hours) h from "
                + "\(ReloadEvent.clockTime(start, timeZone: settings.timeZone))\n")
        for rotation in SmartStack.rotations(members, from: start, until: end) {
            output.write(
                TerminalText.escaped(
                    "\(ReloadEvent.clockTime(rotation.date, timeZone: settings.timeZone))  \(rotation.kind)  \(rotation.reason)") + "\n")
        }
        errors.write(DiagnosticFormatter.text(members.flatMap(SmartStack.checks)))
        return 0
    }
}
