import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - render

enum RenderCommand {
    /// `render KIND`; `controls` is asked only when KIND is no widget, to point a control's kind to `widgetterm control`.
    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], controls: () throws -> [ControlDescriptor] = { [] },
        environment: [String: String], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let valued = RenderSettings.valuedFlags.union(ActivityRenderCommand.flags).union(["entry", "fetched-at", "output"])
        var parsed = try ParsedArguments(arguments, valued: valued, boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.render)
            return 0
        }
        guard let kind = parsed.positionals.first else {
            throw UsageError("render needs a widget kind; valid kinds: \(widgets.map(\.kind).joined(separator: ", "))")
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError("render takes one widget kind, got \(parsed.positionals.joined(separator: " "))")
        }
        let isPNG = try PictureOutput.prepare(&parsed, command: "render")
        let settings = try RenderSettings(parsed)
        let descriptor: WidgetDescriptor
        do {
            descriptor = try widget(named: kind, in: widgets)
        } catch let error as UsageError {
            guard (try? controls())?.contains(where: { $0.kind == kind }) == true else { throw error }
            throw UsageError("\(kind) is a control, not a widget: draw it with widgetterm control \(kind)")
        }
        if descriptor.isActivity {
            if parsed["entry"] != nil { throw UsageError("\(kind) is a Live Activity: it takes --state N, not --entry") }
            return try ActivityRenderCommand.run(
                parsed, activity: descriptor, widgets: widgets, settings: settings, isPNG: isPNG, environment: environment,
                output: output, errors: errors)
        }
        try ActivityRenderCommand.rejectFlags(parsed, widget: descriptor)
        let family = try settings.family(for: descriptor)
        let outputFormat = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal && parsed["output"] == nil)

        if let at = settings.at { HostClock.set(at) }
        let session = try settings.session(for: descriptor)
        var selection: EntrySelection
        do {
            selection = try settings.selectEntry(session, family: family, device: settings.device)
            if parsed["entry"] != nil {
                selection = try Self.entry(parsed, of: selection, kind: kind)
            }
        } catch let error as ProviderError {
            // A finding about the widget, not a usage error: draw what iOS keeps (with no earlier render, the
            // placeholder) and exit 1.
            selection = session.failedSelection(error, family: family, device: settings.device)
        }
        let now = HostClock.now
        if selection.isBeforeFirstEntry {
            let first = selection.timeline?.entries.map(\.date).min()
            errors.write(
                "widgetterm: note: \(kind) has no entry yet at \(now.formatted(.iso8601)); showing the placeholder"
                    + (first.map { " (first entry at \($0.formatted(.iso8601)))" } ?? "") + "\n")
        }
        let options = settings.options(family: family, date: now)
        if parsed["format"] == "tree" {
            let (content, sink) = settings.atFetch { session.resolve(selection, options: options) }
            var tree = "\(content)\n"
            if let background = sink.containerBackground { tree += "containerBackground:\n\(background)\n" }
            try PictureOutput.write(tree, isPNG: false, parsed: parsed, environment: environment, output: output, errors: errors)
            return 0
        }
        let frame = settings.atFetch { session.render(selection, options: options) }
        // What check finds for this surface: the render's diagnostics, the taps on the --os version (several
        // widgetURLs, links and controls the family ignores, rows linked by position) and the legibility checks
        // (contrast, hue only, flattened images), with the same severities.
        let taps = HitTester(frame: frame, widget: kind, family: family, osVersion: settings.osVersion)
        let findings =
            frame.diagnostics.map { Diagnostic($0, widget: kind, family: family) }
            + CheckCommand.tapChecks(frame, kind: kind, family: family, settings: settings)
            + RenderSurfaceChecks.findings(
                frame: frame, session: session, selection: selection, family: family, options: options, settings: settings)
        let ignored = Dictionary(
            taps.ignoredTargets.map { ($0.target.regionIndex, $0.reason) }, uniquingKeysWith: { first, _ in first })
        let document = outputFormat.encode(
            frame, widget: kind, family: family, style: options.style, theme: settings.theme(for: family),
            findings: findings, ignoredTaps: ignored)
        try PictureOutput.write(document, isPNG: isPNG, parsed: parsed, environment: environment, output: output, errors: errors)
        if outputFormat.kind != .json { errors.write(RenderSurfaceChecks.report(findings)) }
        return findings.contains { $0.severity == .error } ? 1 : 0
    }

    /// `--entry N`: the Nth entry of the timeline in date order (1-based), shown at its own date, as Xcode's
    /// canvas steps through a `#Preview`'s timeline.
    static func entry(_ parsed: ParsedArguments, of selection: EntrySelection, kind: String) throws -> EntrySelection {
        guard let timeline = selection.timeline, selection.context == .timeline else {
            throw UsageError("--entry picks a timeline entry; it does not apply with --context placeholder or snapshot")
        }
        let entries = timeline.entries.enumerated()
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        guard !entries.isEmpty else {
            throw UsageError("\(kind)'s timeline has no entries; leave out --entry to see its placeholder")
        }
        let number = try parsed.integer("entry", in: 1...entries.count, default: 1)
        var chosen = selection
        chosen.entry = entries[number - 1]
        chosen.isBeforeFirstEntry = false
        HostClock.set(chosen.entry.date)
        return chosen
    }
}
