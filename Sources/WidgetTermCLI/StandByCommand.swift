import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - standby

/// `widgetterm standby KIND|FILE KIND|FILE [--night]`: StandBy, the iPhone on its side while charging: two
/// `systemSmall` widgets side by side on black, their container backgrounds removed (full colour by day), or in
/// the night mode's red vibrant rendering (`--night`, the `standby-night` theme). iOS scales the two widgets up
/// to fill the screen; cells cannot scale glyphs, so WidgetTerm draws them at their own size (DECISIONS.md).
enum StandByCommand {
    /// Columns between the two widgets.
    static let gap = 4

    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags, boolean: ["help", "night"])
        if parsed.switches.contains("help") {
            output.write(Help.standBy)
            return 0
        }
        guard parsed.positionals.count == 2 else {
            throw UsageError("standby shows two systemSmall widgets side by side: give two widget kinds or documents")
        }
        let settings = try RenderSettings(parsed)
        let format = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal)
        guard format.kind == .text || format.kind == .ansi else { throw UsageError("standby writes --format text or ansi") }
        let isNight = parsed.switches.contains("night")
        let surface = Surfaces.defaults(for: .systemSmall).first { $0.place == .standBy && ($0.mode == .vibrant) == isNight }!
        let theme = Theme.builtIn(named: surface.theme)!
        // StandBy's screen is black, day and night (HIG, "StandBy"), whatever the theme's wallpaper.
        var style = theme.paintStyle(mode: surface.mode, colorScheme: nil)
        style.surface = RGB(0, 0, 0)
        style.surfaceForBlending = RGB(0, 0, 0)
        if let at = settings.at { HostClock.set(at) }
        let now = HostClock.now
        var frames: [Frame] = []
        var findings: [Diagnostic] = []
        for kind in parsed.positionals {
            let descriptor = try widget(named: kind, in: widgets)
            guard descriptor.supportedFamilies.contains(.systemSmall) else {
                throw UsageError("\(kind) has no systemSmall: StandBy shows small widgets only")
            }
            if descriptor.disfavoredLocations[.standBy]?.contains(.systemSmall) == true {
                findings.append(
                    Diagnostic(
                        severity: .warning, code: "disfavored-location",
                        message: "\(descriptor.kind) disfavors StandBy for systemSmall (disfavoredLocations): iOS does not offer it "
                            + "there; shown anyway because you asked.",
                        widget: descriptor.kind, family: .systemSmall))
            }
            let session = try settings.session(for: descriptor)
            let selection = try session.selectEntry(family: .systemSmall, device: settings.device, context: settings.context)
            var options = WidgetRenderOptions(
                family: .systemSmall, device: settings.device, osVersion: settings.osVersion,
                style: style, date: now, format: settings.format)
            options.removesContainerBackground = surface.removesContainerBackground
            let frame = session.render(selection, options: options)
            findings += frame.diagnostics.map { Diagnostic($0, widget: descriptor.kind, family: .systemSmall, mode: surface.mode) }
            frames.append(frame)
        }
        let height = frames.map(\.size.height).max() ?? 0
        let width = frames.map(\.size.width).reduce(0, +) + gap
        let background = style.surface
        var screen = CellBuffer(width: width, height: height, fill: Cell(glyph: " ", background: background))
        screen.draw(frames[0].buffer, atColumn: 0, row: 0)
        screen.draw(frames[1].buffer, atColumn: frames[0].size.width + gap, row: 0)
        output.write(
            "StandBy\(isNight ? " at night (red, vibrant)" : " (full colour, backgrounds removed)"): \(parsed.positionals.joined(separator: " and "))\n"
        )
        output.write(format.encode(Frame(buffer: screen), widget: "standby", family: .systemSmall, theme: theme))
        errors.write(DiagnosticFormatter.text(findings))
        return findings.contains { $0.severity == .error } ? 1 : 0
    }
}
