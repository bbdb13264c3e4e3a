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

    /// The shared flags that do not apply: StandBy shows systemSmall widgets in its own look (full colour by day,
    /// the red night theme with `--night`).
    static let refusedFlags: [String: RefusedFlagReason] = {
        var refused: [String: RefusedFlagReason] = [
            "family": { "standby shows two systemSmall widgets and takes no --family \($0); use render KIND --family \($0)" }
        ]
        for flag in ["theme", "mode", "scheme"] {
            refused[flag] = {
                "standby draws in full colour by day and in the red night tint with --night, as StandBy does, so --\(flag) \($0) "
                    + "does not apply; use --night, or render KIND --\(flag) \($0)"
            }
        }
        return refused
    }()

    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: RenderSettings.valuedFlags, boolean: ["help", "night"], refused: refusedFlags)
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
        let (surface, builtIn) = Surfaces.standBy(night: isNight)
        let theme = Theme.builtIn(builtIn)
        // StandBy's screen is black, day and night (HIG, "StandBy"), whatever the theme's wallpaper.
        let style = SmallWidgetsOnBlack.onBlack(theme.paintStyle(mode: surface.mode, colorScheme: nil))
        if let at = settings.at { HostClock.set(at) }
        let (screen, findings) = try SmallWidgetsOnBlack.screen(
            parsed.positionals, name: { $0 }, descriptor: { try widget(named: $0, in: widgets) }, location: .standBy,
            style: style, mode: surface.mode, removesContainerBackground: surface.removesContainerBackground,
            settings: settings, date: HostClock.now, gap: gap)
        output.write(
            "StandBy\(isNight ? " at night (red, vibrant)" : " (full colour, backgrounds removed)"): \(parsed.positionals.joined(separator: " and "))\n"
        )
        output.write(format.encode(Frame(buffer: screen), widget: "standby", family: .systemSmall, theme: theme))
        errors.write(DiagnosticFormatter.text(findings))
        return findings.contains { $0.severity == .error } ? 1 : 0
    }
}
