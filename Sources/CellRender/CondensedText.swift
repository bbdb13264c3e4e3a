import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Lines that fit on iOS but not in cells

/// The `text-condensed` note: a text whose line fits its width in points, as iOS sets it, but whose glyphs, one per
/// cell, outnumber the cells, so the terminal hides part of the line behind `⋯` (docs/DECISIONS.md "A caption that
/// fits on iOS stays on its lines").
public enum CondensedText {
    /// The code of the note.
    public static let code = "text-condensed"

    /// The note for `text` drawn as `lines` in `columns` cells, nil when no line hides anything. It names the text
    /// (as shown at `date` with `format`), its font, the stand-in font family that measured it, and how many
    /// characters are hidden.
    public static func diagnostic(
        for text: TextNode, lines: TextLines, columns: Int, date: Date, format: SystemTextFormat
    ) -> ResolveDiagnostic? {
        var hidden = 0, condensedLines = 0
        for line in lines where line.hiddenCount > 0 {
            hidden += line.hiddenCount
            condensedLines += 1
        }
        guard hidden > 0 else { return nil }
        let string = text.runs.map { format.string(for: $0.content, at: date) }.joined()
        let font = text.runs.first.map { fontName($0.font) } ?? "body"
        let linesSaid = lines.count == 1 ? "its line" : "\(condensedLines) of its \(lines.count) lines"
        return ResolveDiagnostic(
            code: code,
            message:
                "\"\(string)\" (\(font)) fits \(linesSaid) in \(columns) cells on iOS (measured with \(TextMetrics.familyName), "
                + "SF Pro's stand-in), but one glyph per cell does not: the terminal hides "
                + "\(hidden) \(hidden == 1 ? "character" : "characters") behind \(TextShaper.condensedMark). "
                + "iOS shows the text whole, on as many lines as here; nothing to fix.")
    }

    /// `caption, 12 pt` or `17 pt semibold`: the text style (or `system`) and size, with the weight when set.
    static func fontName(_ font: Font) -> String {
        var name: String
        switch font.size {
        case .textStyle(let style): name = "\(style.rawValue), \(formatted(font.pointSize)) pt"
        case .points(let points): name = "\(formatted(points)) pt"
        }
        if let weight = font.weight { name += " \(weight)" }
        return name
    }

    private static func formatted(_ points: Double) -> String {
        points == points.rounded() ? String(Int(points)) : String(format: "%.1f", points)
    }
}
