import Foundation
import CellLayout

// MARK: - SVG: a rendered frame a designer can open in a browser

/// Writes a frame's cells as a standalone SVG document (`widgetterm render --format svg`): a monospace grid
/// of `cellWidth` × `cellHeight` pixels per cell, each cell's background as a rectangle (runs of equal
/// colour in a row merged) and each glyph as its own `<text>` at its cell, in true colour, with bold,
/// italic, underline and strikethrough. Needs no fonts or files besides a monospace font.
public enum SVGEncoder {
    /// Pixels per column.
    public static let cellWidth = 10
    /// Pixels per row.
    public static let cellHeight = 20
    /// Font size in pixels (about 0.6 em advance fits a 10 px column).
    public static let fontSize = 16
    /// The font stack: monospace faces for the grid, then colour emoji and symbol faces so emoji and symbol
    /// glyphs draw (not as tofu) in browsers and in librsvg (`rsvg-convert`, with Debian's fonts-dejavu-core,
    /// fonts-noto-color-emoji and fonts-symbola installed: together they cover every glyph of the symbol table).
    public static let fontFamily =
        "Menlo, 'DejaVu Sans Mono', 'Liberation Mono', Consolas, 'Apple Color Emoji', 'Noto Color Emoji', 'Segoe UI Emoji', "
        + "'Apple Symbols', 'Noto Sans Symbols 2', Symbola, 'DejaVu Sans', monospace"

    /// The SVG document for `buffer`. Cells with no colour use `defaultForeground` / `defaultBackground`
    /// (the terminal's defaults); `title` becomes the document's `<title>`.
    public static func encode(_ buffer: CellBuffer, defaultForeground: RGB, defaultBackground: RGB, title: String? = nil) -> String {
        let width = buffer.width * cellWidth, height = buffer.height * cellHeight
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="\(fontFamily)" font-size="\(fontSize)">

            """
        output.reserveCapacity(buffer.width * buffer.height * 80)
        if let title { output += "<title>\(escaped(title))</title>\n" }
        output += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(defaultBackground.hex)\"/>\n"
        output += "<g shape-rendering=\"crispEdges\">\n"
        for row in 0..<buffer.height {
            var column = 0
            while column < buffer.width {
                let color = buffer[column, row].background ?? defaultBackground
                var end = column + 1
                while end < buffer.width, (buffer[end, row].background ?? defaultBackground) == color { end += 1 }
                if color != defaultBackground {
                    output +=
                        "<rect x=\"\(column * cellWidth)\" y=\"\(row * cellHeight)\" width=\"\((end - column) * cellWidth)\" "
                        + "height=\"\(cellHeight)\" fill=\"\(color.hex)\"/>\n"
                }
                column = end
            }
        }
        output += "</g>\n<g xml:space=\"preserve\">\n"
        appendGlyphs(of: buffer, defaultForeground: defaultForeground, to: &output)
        output += "</g>\n</svg>\n"
        return output
    }

    /// One `<text>` per glyph of `buffer` at its cell (baseline three quarters down), with its colour and attributes.
    static func appendGlyphs(of buffer: CellBuffer, defaultForeground: RGB, to output: inout String) {
        let baseline = cellHeight * 3 / 4
        for row in 0..<buffer.height {
            for column in 0..<buffer.width {
                let cell = buffer[column, row]
                guard !cell.isContinuation, cell.glyph != " " else { continue }
                var attributes =
                    "x=\"\(column * cellWidth)\" y=\"\(row * cellHeight + baseline)\" fill=\"\((cell.foreground ?? defaultForeground).hex)\""
                if cell.attributes.contains(.bold) { attributes += " font-weight=\"bold\"" }
                if cell.attributes.contains(.italic) { attributes += " font-style=\"italic\"" }
                if cell.attributes.contains(.dim) { attributes += " fill-opacity=\"0.6\"" }
                var decorations: [String] = []
                if cell.attributes.contains(.underline) { decorations.append("underline") }
                if cell.attributes.contains(.strikethrough) { decorations.append("line-through") }
                if !decorations.isEmpty { attributes += " text-decoration=\"\(decorations.joined(separator: " "))\"" }
                if column + 1 < buffer.width, buffer[column + 1, row].isContinuation, isEmoji(cell.glyph.description) {
                    attributes = "class=\"emoji\" " + attributes
                }
                output += "<text \(attributes)>\(escaped(cell.glyph.description))</text>\n"
            }
        }
    }

    /// True for a grapheme drawn as a colour emoji: one with an emoji-presentation scalar or the emoji
    /// variation selector (U+FE0F). Such glyphs are marked `class="emoji"` so a PNG export can draw them in colour.
    static func isEmoji(_ grapheme: String) -> Bool {
        grapheme.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
    }

    /// `text` with XML's special characters escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
