import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Text on clear Liquid Glass

/// Finds text drawn on untinted `.clear` glass whose contrast with the cells really behind it (after the
/// rendering mode) is below WCAG's minimum: `clear-glass-low-contrast`. Apple's documentation of `Glass.clear`:
/// "When using clear glass, ensure content remains legible by adding a dimming layer or other treatment beneath
/// the glass", e.g. `.glassEffect(.clear).background(.black.opacity(0.3))`. Clear glass is recognised in the
/// placed tree by its fill (`Glass.clear.cellFill`, a `background` in the glass's shape).
public enum ClearGlassContrastCheck {
    /// WCAG 2.x minimum for normal text, and for large text (≥ 18 pt, or ≥ 14 pt bold).
    static let normalTextMinimum = 4.5
    static let largeTextMinimum = 3.0

    /// The diagnostics for `placed` as painted in `frame` (nil colours are `surface`): one per text run on
    /// clear glass below its minimum, with the measured ratio.
    /// The frame is only built when the tree has clear glass.
    public static func diagnostics(in placed: PlacedNode, frame makeFrame: @autoclosure () -> Frame, surface: RGB) -> [ResolveDiagnostic] {
        let areas = clearGlassAreas(in: placed)
        guard !areas.isEmpty else { return [] }
        let frame = makeFrame()
        var findings: [ResolveDiagnostic] = []
        for run in frame.textRuns where areas.contains(where: { $0.contains(column: run.column, row: run.row) }) {
            var lowest: (ratio: Double, foreground: RGB, background: RGB)?
            for column in run.column..<min(run.column + run.width, frame.buffer.width)
            where column >= 0 && frame.buffer.contains(column: column, row: run.row) {
                let cell = frame.buffer[column, run.row]
                guard !cell.isContinuation, cell.glyph != " " else { continue }
                let foreground = cell.foreground ?? surface, background = cell.background ?? surface
                let ratio = ColorScience.contrastRatio(foreground, background)
                if lowest == nil || ratio < lowest!.ratio { lowest = (ratio, foreground, background) }
            }
            guard let lowest else { continue }
            let isLarge = run.pointSize >= 18 || (run.pointSize >= 14 && run.isBold)
            let required = isLarge ? largeTextMinimum : normalTextMinimum
            guard lowest.ratio < required else { continue }
            let ratio = String(format: "%.2f", lowest.ratio)
            findings.append(
                ResolveDiagnostic(
                    code: "clear-glass-low-contrast",
                    message:
                        "\(run.isSymbol ? "Symbol" : "Text") \"\(run.text)\" on clear glass at row \(run.row), column \(run.column) has contrast "
                        + "\(ratio):1 (\(lowest.foreground.hex) on \(lowest.background.hex)); \(isLarge ? "large" : "normal") text needs "
                        + "\(String(format: "%.1f", required)):1. Apple asks for a dimming layer beneath clear glass "
                        + "(its example: .glassEffect(.clear).background(.black.opacity(0.3)); darker over light wallpapers), or use .regular glass."
                ))
        }
        return findings
    }

    /// The cells of each clear glass's content: a `background` whose view is a shape filled with
    /// `Glass.clear.cellFill`.
    static func clearGlassAreas(in node: PlacedNode) -> [CellRect] {
        var areas: [CellRect] = []
        if case .modifier(.background) = node.content, node.children.count > 1, case .shape(let shape) = node.children[1].content,
            shape.fill == .color(Glass.clear.cellFill)
        {
            areas.append(node.children[1].frame)
        }
        for child in node.children { areas += clearGlassAreas(in: child) }
        return areas
    }
}
