import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - check

/// `widgetterm check [KIND...] [--family F] [--mode M] [--theme T] [--surfaces default|all] [--format text|json]`:
/// renders each widget on the surfaces iOS shows it on and prints every finding in the one diagnostic format.
/// Exit status 1 when a finding is at error level.
enum CheckCommand {
    /// The checks run on every surface, in this order. To add one, write a `WidgetCheck`
    /// (`(CheckInput) -> [Diagnostic]`, in `WidgetHost`) and list it here.
    static let checks: [WidgetCheck] = [
        SurfaceCheck.renderDiagnostics,
        LegibilityCheck.contrast,
        LegibilityCheck.hueOnly,
        LegibilityCheck.flattenedImages,
    ]

    /// Checks that look at the widget once per family rather than per surface: its tap targets on the
    /// selected iOS version (several `widgetURL`s, links or controls the family ignores) and its timeline
    /// (entries at one instant or too close, a reload loop, a budget spent before the day ends).
    static func widgetChecks(
        session: WidgetSession, selection: EntrySelection, family: WidgetFamily, device: DeviceProfile,
        options: WidgetRenderOptions, settings: RenderSettings
    ) -> [Diagnostic] {
        let kind = session.descriptor.kind
        let frame = session.render(selection, options: options)
        var found = HitTester(frame: frame, widget: kind, family: family, osVersion: settings.osVersion).diagnostics
        // The timeline checks move the host clock for the provider; put it back for the next widget.
        let now = HostClock.now
        found += TimelineChecks.diagnostics(
            session: session, family: family, device: device, budget: ReloadBudget(), start: now,
            timeZone: settings.timeZone)
        HostClock.set(now)
        return found
    }

    static func run(_ arguments: [String], widgets: [WidgetDescriptor], output: TextStream, errors: TextStream) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags.union(["surfaces"]), boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(Help.check)
            return 0
        }
        for flag in ["color", "colors"] where parsed[flag] != nil {
            throw UsageError("check prints findings, not pictures: --\(flag) does not apply; use --format text or json")
        }
        let settings = try RenderSettings(parsed)
        let asJSON = try parsed.choice("format", ["text": false, "json": true], default: false)
        let everySurface = try parsed.choice("surfaces", ["default": false, "all": true], default: false)
        let selected = try parsed.positionals.map { try widget(named: $0, in: widgets) }
        if let at = settings.at { HostClock.set(at) }

        var themes: [String: Theme] = [:]
        func theme(_ name: String) throws -> Theme {
            if let known = themes[name] { return known }
            let resolved = try Theme.resolve(name)
            themes[name] = resolved
            return resolved
        }
        let themeArgument = parsed["theme"]
        var findings: [Diagnostic] = []
        var surfaceCount = 0
        for descriptor in selected.isEmpty ? widgets : selected {
            if descriptor.isActivity {
                let checked = ActivityRenderCommand.check(descriptor, settings: settings)
                findings += checked.findings
                surfaceCount += checked.presentations
                continue
            }
            let session = try settings.session(for: descriptor)
            let families = settings.family == nil ? descriptor.supportedFamilies : [try settings.family(for: descriptor)]
            for family in families {
                guard
                    let device = settings.device.size(of: family) != nil
                        ? settings.device
                        : DeviceProfile.all.first(where: { $0.size(of: family) != nil })
                else { continue }
                var surfaces: [Surface]
                if everySurface {
                    surfaces = Surfaces.all(for: family).filter { surface in
                        (settings.mode.map { $0 == surface.mode } ?? true) && (themeArgument.map { $0 == surface.theme } ?? true)
                    }
                    if surfaces.isEmpty, let themeArgument {
                        surfaces = Surfaces.select(
                            for: family, mode: settings.mode, theme: themeArgument, themeMode: settings.theme?.renderingMode)
                    }
                } else {
                    surfaces = Surfaces.select(
                        for: family, mode: settings.mode, theme: themeArgument, themeMode: settings.theme?.renderingMode)
                }
                let selection = try session.selectEntry(family: family, device: device, context: settings.context)
                var options = settings.options(family: family, date: HostClock.now)
                options.device = device
                let inputs = try SurfaceCheck.inputs(
                    session: session, selection: selection, family: family, surfaces: surfaces,
                    baseOptions: options, colorScheme: settings.isSchemeExplicit ? settings.scheme : nil,
                    theme: theme)
                surfaceCount += inputs.count
                findings += SurfaceCheck.run(checks, on: inputs)
                findings += widgetChecks(
                    session: session, selection: selection, family: family, device: device, options: options,
                    settings: settings)
            }
        }
        output.write(asJSON ? DiagnosticFormatter.json(findings) : DiagnosticFormatter.text(findings))
        let errorCount = findings.filter { $0.severity == .error }.count
        let warningCount = findings.filter { $0.severity == .warning }.count
        errors.write(
            "widgetterm: check: \(errorCount) error\(errorCount == 1 ? "" : "s"), \(warningCount) warning\(warningCount == 1 ? "" : "s") "
                + "on \(surfaceCount) surface\(surfaceCount == 1 ? "" : "s")\n")
        return errorCount > 0 ? 1 : 0
    }
}
