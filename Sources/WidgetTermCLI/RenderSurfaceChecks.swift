import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - render: check's surface findings for the surface it draws

/// The legibility checks `check` runs on every surface, run by `render` on the one surface it draws (issue 14
/// item 13): contrast in any mode, elements told apart only by hue once accented or vibrant mode flattens them,
/// asset images flattened to one tint. Their severities are check's, so `render` exits 1 exactly when `check`
/// would find an error-level fault on that surface.
enum RenderSurfaceChecks {
    /// The checks, in `check`'s order (`CheckCommand.checks` without the render diagnostics `render` already has).
    static let checks: [WidgetCheck] = [LegibilityCheck.contrast, LegibilityCheck.hueOnly, LegibilityCheck.flattenedImages]

    /// The findings of `checks` on `frame`, drawn with `options` for `family` on the theme `settings` chose. In
    /// accented and vibrant mode the same entry is also rendered in full colour on that theme, the reference the
    /// hue check compares with, as `check` does (`SurfaceCheck.inputs`).
    static func findings(
        frame: Frame, session: WidgetSession, selection: EntrySelection, family: WidgetFamily, options: WidgetRenderOptions,
        settings: RenderSettings
    ) -> [Diagnostic] {
        let theme = settings.theme(for: family)
        let mode = options.style.renderingMode
        let surface = Surface(
            place: Surfaces.place(ofTheme: theme.name, family: family), theme: theme.name, mode: mode,
            removesContainerBackground: options.removesContainerBackground)
        var reference = frame
        if mode != .fullColor {
            var fullColor = options
            fullColor.style = theme.paintStyle(mode: .fullColor, colorScheme: settings.isSchemeExplicit ? settings.scheme : nil)
            reference = settings.atFetch { session.render(selection, options: fullColor) }
        }
        let input = CheckInput(
            widget: session.descriptor.kind, family: family, surface: surface, theme: theme, style: options.style, frame: frame,
            fullColorFrame: reference, osVersion: options.osVersion)
        return SurfaceCheck.run(checks, on: [input])
    }

    /// What `render` writes on standard error: each error, warning and note about the preview's own drawing
    /// (`text-condensed`, which explains what the picture shows), one per line, `widgetterm: SEVERITY: [CODE]
    /// MESSAGE`. Notes on the system's own behaviour (Apple's `.secondary` label at 3.44:1, StandBy at night) are
    /// left out, as `check --summary` leaves them out of a clean widget: nothing there is to fix, and a clean
    /// widget's render stays silent. `--format json` and `check` keep them. A finding made on several views with
    /// the same words (the same text drawn in three rows) is one line ending `(×3)`, in first-seen order.
    static func report(_ findings: [Diagnostic]) -> String {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for finding in findings where !(finding.severity == .note && finding.origin == .system) {
            let line = "widgetterm: \(finding.severity.rawValue): [\(finding.code)] \(TerminalText.escaped(finding.message))"
            if counts[line] == nil { order.append(line) }
            counts[line, default: 0] += 1
        }
        return order.map { line in
            let count = counts[line] ?? 1
            return count > 1 ? "\(line) (×\(count))\n" : "\(line)\n"
        }.joined()
    }
}
