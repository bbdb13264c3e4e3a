import Foundation
import CellLayout
import CellRender

// MARK: - Drawing text and frames into a screen of cells

/// The look of text the preview draws around widgets (its chrome).
public struct TextStyle: Hashable, Sendable {
    /// The text colour (nil: the terminal's default foreground).
    public var foreground: RGB?
    /// The colour behind the text (nil: the terminal's default background).
    public var background: RGB?
    /// Bold, dim, italic, underline, inverse and the other cell attributes to draw with.
    public var attributes: CellAttributes

    /// Creates a style; omitted colours fall back to the terminal's defaults, and no attributes are set.
    public init(foreground: RGB? = nil, background: RGB? = nil, attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colours.
    public static let plain = TextStyle()
}

/// The colours of the preview's own chrome: status bar, log, help. Widgets keep their own colours.
enum Chrome {
    static let barBackground = RGB(0x2C, 0x2C, 0x2E)
    static let barText = RGB(0xF2, 0xF2, 0xF7)
    static let barDim = RGB(0xAE, 0xAE, 0xB2)
    static let accent = RGB(0x0A, 0x84, 0xFF)
    static let dim = RGB(0x8E, 0x8E, 0x93)
    static let panelTitle = RGB(0x64, 0xD2, 0xFF)
    static let targetHighlight = RGB(0xFF, 0xD6, 0x0A)
    static let targetHighlightText = RGB(0x00, 0x00, 0x00)
    static let cursor = RGB(0xFF, 0x2D, 0x92)
    static let cursorText = RGB(0xFF, 0xFF, 0xFF)
    static let helpBackground = RGB(0x1C, 0x1C, 0x1E)
    static let helpBorder = RGB(0x63, 0x63, 0x66)
    static let warning = RGB(0xFF, 0x9F, 0x0A)
    static let error = RGB(0xFF, 0x45, 0x3A)
    static let success = RGB(0x30, 0xD1, 0x58)
    static let intent = RGB(0xBF, 0x5A, 0xF2)
    static let reload = RGB(0xFF, 0xD6, 0x0A)

    static let bar = TextStyle(foreground: barText, background: barBackground)
    static let barKey = TextStyle(foreground: RGB(0xFF, 0xFF, 0xFF), background: barBackground, attributes: .bold)
    static let barMuted = TextStyle(foreground: barDim, background: barBackground)
    static let hint = TextStyle(foreground: dim)
    static let hintKey = TextStyle(foreground: accent, attributes: .bold)
    static let title = TextStyle(foreground: panelTitle, attributes: .bold)
    static let focusedCaption = TextStyle(foreground: accent, attributes: [.bold, .underline])
    static let caption = TextStyle(foreground: dim)
}

/// A screen of cells being composed: text and widget frames drawn into a `CellBuffer`, keeping wide
/// graphemes whole (a grapheme cut by an edge becomes a blank).
struct Canvas {
    private(set) var buffer: CellBuffer

    init(width: Int, height: Int) {
        buffer = CellBuffer(width: width, height: height)
    }

    var width: Int { buffer.width }
    var height: Int { buffer.height }

    /// Sets one cell, blanking the other half of any wide grapheme it cuts.
    mutating func set(_ cell: Cell, column: Int, row: Int) {
        guard buffer.contains(column: column, row: row) else { return }
        let old = buffer[column, row]
        if old.isContinuation, column > 0, !buffer[column - 1, row].isContinuation {
            buffer[column - 1, row].glyph = " "
        }
        if column + 1 < width, buffer[column + 1, row].isContinuation, !cell.isContinuation {
            var blank = buffer[column + 1, row]
            blank.isContinuation = false
            blank.glyph = " "
            buffer[column + 1, row] = blank
        }
        buffer[column, row] = cell
    }

    /// Fills a rectangle with blanks of a background colour.
    mutating func fill(_ rect: CellRect, background: RGB?) {
        let clipped = rect.intersection(CellRect(x: 0, y: 0, width: width, height: height))
        guard !clipped.isEmpty else { return }
        for row in clipped.y..<clipped.maxY {
            for column in clipped.x..<clipped.maxX { set(Cell(background: background), column: column, row: row) }
        }
    }

    /// Writes text from (column, row), at most `maxWidth` columns (default: to the right edge). A grapheme
    /// that does not fit whole is not drawn. Returns the columns used.
    @discardableResult
    mutating func write(_ text: String, column: Int, row: Int, maxWidth: Int? = nil, style: TextStyle = .plain) -> Int {
        guard row >= 0, row < height else { return 0 }
        let limit = min(width, column + (maxWidth ?? width))
        var x = column
        for character in text {
            let glyphWidth = DisplayWidth.of(character)
            guard glyphWidth > 0 else { continue }
            guard x + glyphWidth <= limit else { break }
            if x >= 0 {
                set(
                    Cell(glyph: Glyph(character), foreground: style.foreground, background: style.background, attributes: style.attributes),
                    column: x, row: row)
                if glyphWidth == 2 {
                    set(
                        Cell(
                            glyph: " ", foreground: style.foreground, background: style.background, attributes: style.attributes,
                            isContinuation: true), column: x + 1, row: row)
                }
            }
            x += glyphWidth
        }
        return x - column
    }

    /// Copies `source` with its top-leading cell at (column, row), only where it falls inside `clip`.
    /// Continuation cells take their grapheme's style; a grapheme cut by the clip becomes a blank.
    mutating func draw(_ source: CellBuffer, column: Int, row: Int, clip: CellRect) {
        let visible = clip.intersection(CellRect(x: 0, y: 0, width: width, height: height))
            .intersection(CellRect(x: column, y: row, width: source.width, height: source.height))
        guard !visible.isEmpty else { return }
        for y in visible.y..<visible.maxY {
            let sourceRow = y - row
            for x in visible.x..<visible.maxX {
                let sourceColumn = x - column
                var cell = source[sourceColumn, sourceRow]
                if cell.isContinuation {
                    guard x - 1 >= visible.x, sourceColumn > 0 else {
                        set(Cell(background: cell.background), column: x, row: y)
                        continue
                    }
                    let head = source[sourceColumn - 1, sourceRow]
                    cell = Cell(
                        glyph: " ", foreground: head.foreground, background: head.background, attributes: head.attributes,
                        isContinuation: true)
                    buffer[x, y] = cell
                    continue
                }
                let isWide = sourceColumn + 1 < source.width && source[sourceColumn + 1, sourceRow].isContinuation
                if isWide && x + 1 >= visible.maxX { cell = Cell(background: cell.background) }
                set(cell, column: x, row: y)
            }
        }
    }

    /// Restyles the cells of a rectangle (glyphs kept): the focused tap target, the touch cursor.
    mutating func restyle(_ rect: CellRect, foreground: RGB?, background: RGB?, adding attributes: CellAttributes = []) {
        let clipped = rect.intersection(CellRect(x: 0, y: 0, width: width, height: height))
        guard !clipped.isEmpty else { return }
        for y in clipped.y..<clipped.maxY {
            for x in clipped.x..<clipped.maxX {
                buffer[x, y].foreground = foreground
                buffer[x, y].background = background
                buffer[x, y].attributes.formUnion(attributes)
            }
        }
    }

    /// Draws a box-drawing border around `rect` (inside it) with a title on the top edge.
    mutating func border(_ rect: CellRect, title: String?, style: TextStyle) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        for x in left...right {
            write(x == left ? "┌" : x == right ? "┐" : "─", column: x, row: top, style: style)
            write(x == left ? "└" : x == right ? "┘" : "─", column: x, row: bottom, style: style)
        }
        for y in (top + 1)..<bottom {
            write("│", column: left, row: y, style: style)
            write("│", column: right, row: y, style: style)
        }
        if let title, rect.width > 4 {
            write(" \(title) ", column: left + 2, row: top, maxWidth: rect.width - 4, style: style)
        }
    }
}

// MARK: - Text helpers

enum TextFitting {
    /// `text` cut to `width` columns, ending in `…` when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let glyphWidth = DisplayWidth.of(character)
            if used + glyphWidth > width - 1 { break }
            result.append(character)
            used += glyphWidth
        }
        return result + "…"
    }

    /// `text` cut to `width` columns after its last whole word, ending in ` …` when cut; a first word longer than the
    /// room is cut where the room ends (`truncate`).
    static func truncateAtWord(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        let room = width - 2 // " …"
        var used = 0
        var index = text.startIndex
        var lastSpace: String.Index?
        while index < text.endIndex, used + DisplayWidth.of(text[index]) <= room {
            if text[index] == " ", text[..<index].contains(where: { $0 != " " }) { lastSpace = index }
            used += DisplayWidth.of(text[index])
            index = text.index(after: index)
        }
        guard let lastSpace else { return truncate(text, to: width) }
        return text[..<lastSpace] + " …"
    }

    /// `text` broken into lines of at most `width` columns, at spaces where possible; later lines start with
    /// `indent`. A word longer than a line (a path, a type's member, a token) is cut after its last `/` or `.` that
    /// fits, unless that leaves less than a quarter of the line's room before it, else where the line ends.
    static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
        guard width > DisplayWidth.of(indent) + 1 else { return [truncate(text, to: width)] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func flush() {
            lines.append(current)
            current = indent
            currentWidth = DisplayWidth.of(indent)
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = DisplayWidth.of(word)
            let separator = currentWidth > DisplayWidth.of(lines.isEmpty ? "" : indent) ? 1 : 0
            if currentWidth + separator + wordWidth <= width {
                if separator == 1 { current += " " }
                current += word
                currentWidth += separator + wordWidth
                continue
            }
            if currentWidth > DisplayWidth.of(lines.isEmpty ? "" : indent) { flush() }
            // A word longer than a line is cut across lines.
            var remaining = Substring(word)
            while DisplayWidth.of(remaining) > width - currentWidth {
                let room = width - currentWidth
                var end = remaining.startIndex
                var pieceWidth = 0
                var lastBreak: String.Index?
                while end < remaining.endIndex, pieceWidth + DisplayWidth.of(remaining[end]) <= room {
                    pieceWidth += DisplayWidth.of(remaining[end])
                    let character = remaining[end]
                    end = remaining.index(after: end)
                    if (character == "/" || character == ".") && 4 * pieceWidth >= room { lastBreak = end }
                }
                if end == remaining.startIndex {
                    remaining = remaining.dropFirst()
                    continue
                }
                if let lastBreak { end = lastBreak }
                current += remaining[..<end]
                remaining = remaining[end...]
                flush()
            }
            current += remaining
            currentWidth += DisplayWidth.of(remaining)
        }
        if !current.isEmpty && current != indent || lines.isEmpty { lines.append(current) }
        return lines
    }
}
