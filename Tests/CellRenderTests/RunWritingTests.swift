import Foundation
import Testing
import CellLayout
import CellRender
import WidgetKitUI

/// The frame's fast paths for runs: the encoder writes a run of equal cells in one go, and the painter collects a
/// text run's bytes on the stack (moving to an array past its capacity). Both must give what the slow paths gave.
@Suite("Runs of equal cells and long text runs")
struct RunWritingTests {
    @Test("a run of equal cells writes each cell's glyph, whatever its length; continuation cells write nothing")
    func runsOfEqualCells() {
        let white = RGB(255, 255, 255)
        // One byte, two, three, 18 (kept outside the cell), then a wide glyph repeated (never two equal cells in a
        // row: each is followed by its continuation).
        let runs: [(Character, Int)] = [(" ", 5), ("é", 3), ("─", 4), ("👩‍👩‍👧", 3), ("x", 1), ("💧", 2)]
        var buffer = CellBuffer(width: 20, height: 1)
        var column = 0
        var expected = "\u{1B}[0;38;2;255;255;255m"
        for (grapheme, count) in runs {
            for _ in 0..<count {
                buffer[column, 0] = Cell(glyph: Glyph(grapheme), foreground: white)
                column += 1
                if grapheme == "💧" {
                    buffer[column, 0] = Cell(isContinuation: true)
                    column += 1
                }
                expected.append(grapheme)
            }
        }
        #expect(column == 20)
        expected += "\u{1B}[0m\n"
        #expect(FrameEncoder.ansiBytes(buffer, depth: .trueColor) == Array(expected.utf8))
    }

    @Test("truecolour channels of one, two and three digits are written as the string encoder writes them")
    func channelDigits() {
        let values: [UInt8] = [0, 9, 10, 99, 100, 255]
        for red in values {
            for blue in values.reversed() {
                let foreground = RGB(red, 7, blue), background = RGB(blue, 42, red)
                var buffer = CellBuffer(width: 1, height: 1)
                buffer[0, 0] = Cell(glyph: "x", foreground: foreground, background: background, attributes: .bold)
                let expected =
                    FrameEncoder.sgr(foreground: foreground, background: background, attributes: .bold, depth: .trueColor)
                    + "x\u{1B}[0m\n"
                #expect(FrameEncoder.ansiBytes(buffer, depth: .trueColor) == Array(expected.utf8), "red \(red), blue \(blue)")
            }
        }
        #expect(
            FrameEncoder.sgr(foreground: RGB(9, 10, 255), background: nil, attributes: [], depth: .trueColor)
                == "\u{1B}[0;38;2;9;10;255m")
    }

    /// What the encoder writes, built cell by cell from `FrameEncoder.sgr` (no runs, no copied sequences): one
    /// SGR wherever the style differs from the cell before on its row, for buffers without blank cells.
    static func expectedANSI(_ buffer: CellBuffer) -> String {
        var expected = ""
        for row in 0..<buffer.height {
            var written: (RGB?, RGB?, CellAttributes)?
            for column in 0..<buffer.width {
                let cell = buffer[column, row]
                if cell.isContinuation { continue }
                if written == nil || written! != (cell.foreground, cell.background, cell.attributes) {
                    expected += FrameEncoder.sgr(
                        foreground: cell.foreground, background: cell.background, attributes: cell.attributes, depth: .trueColor)
                    written = (cell.foreground, cell.background, cell.attributes)
                }
                expected += cell.glyph.description
            }
            expected += "\u{1B}[0m\n"
        }
        return expected
    }

    @Test("a style met again on any row writes the same SGR as the first time, past the 16 styles the encoder notes")
    func stylesMetAgain() {
        // 20 styles (past the 16 whose sequences are copied), each row going through all of them in another order.
        let styles: [(RGB, RGB?, CellAttributes)] = (0..<20).map { (index: Int) -> (RGB, RGB?, CellAttributes) in
            let foreground = RGB(UInt8(index * 12), 200, 7)
            let background: RGB? = index % 3 == 0 ? nil : RGB(28, 28, UInt8(index))
            let attributes: CellAttributes = index % 2 == 0 ? .bold : []
            return (foreground, background, attributes)
        }
        var buffer = CellBuffer(width: 40, height: 4)
        for row in 0..<4 {
            for column in 0..<40 {
                let style = styles[(column * (row + 1) + row) % 20]
                buffer[column, row] = Cell(
                    glyph: Glyph(ascii: UInt8(65 + column % 26)), foreground: style.0, background: style.1, attributes: style.2)
            }
        }
        #expect(FrameEncoder.ansiBytes(buffer, depth: .trueColor) == Array(Self.expectedANSI(buffer).utf8))
    }

    @Test("cells that each take a full SGR and a grapheme of more than 15 bytes are all written")
    func longestCells() {
        // Every attribute, both colours with three-digit channels, a new style in every cell, and an 18-byte grapheme
        // kept outside the cell: more bytes a cell than the bound for glyphs stored in the cell.
        let family = Glyph("👩‍👩‍👧")
        let all: CellAttributes = [.bold, .italic, .underline, .strikethrough, .dim, .reverse]
        var buffer = CellBuffer(width: 30, height: 2)
        for row in 0..<2 {
            for column in 0..<30 {
                let value = UInt8(200 + (column + row) % 2 * 55)
                buffer[column, row] = Cell(
                    glyph: family, foreground: RGB(value, 255, 255), background: RGB(255, value, 255), attributes: all)
            }
        }
        #expect(FrameEncoder.ansiBytes(buffer, depth: .trueColor) == Array(Self.expectedANSI(buffer).utf8))
    }

    @Test("a text run of more UTF-8 bytes than the painter keeps on the stack is recorded whole")
    func longTextRun() {
        // 100 euro signs: 300 bytes, past the 256 kept on the stack; then a run of two ASCII letters.
        let long = String(repeating: "€", count: 100)
        let runs = [
            TextRun(content: .verbatim(long), font: .body, foreground: .color(.white)),
            TextRun(content: .verbatim("ok"), font: .body, foreground: .color(.white)),
        ]
        let text = TextNode(runs: runs, lineLimit: 1, alignment: .leading)
        let date = Date(timeIntervalSince1970: 0)
        let lines = TextShaper(node: text, date: date, format: SystemTextFormat()).lines(width: nil, maxLines: 1)
        #expect(lines.count == 1 && lines[0].graphemes.count == 102)
        let placed = PlacedNode(content: .text(text, lines: TextLines(lines)), frame: CellRect(x: 0, y: 0, width: 102, height: 1))
        var painter = Painter(
            size: CellSize(width: 102, height: 1), style: PaintStyle(colorScheme: .dark), date: date,
            format: SystemTextFormat())
        painter.paint(placed)
        #expect(painter.textRuns.map(\.text) == [long, "ok"])
        #expect(painter.textRuns.map(\.column) == [0, 100])
        #expect(painter.buffer[99, 0].glyph == Glyph("€"))
    }

    @Test("a glyph in the style just written writes the glyph only; after a blank that took the foreground before it, a new SGR")
    func glyphsInTheStyleJustWritten() {
        let red = RGB(255, 0, 0), blue = RGB(0, 0, 255), grey = RGB(28, 28, 30)
        var buffer = CellBuffer(width: 6, height: 1)
        // "ab" in red, a blank whose own foreground is blue (it takes the red written before it), then "cd" in blue, whose
        // style is the blank's own but not the one written; then a wide glyph in blue and its continuation cell.
        buffer[0, 0] = Cell(glyph: "a", foreground: red, background: grey)
        buffer[1, 0] = Cell(glyph: "b", foreground: red, background: grey)
        buffer[2, 0] = Cell(glyph: " ", foreground: blue, background: grey)
        buffer[3, 0] = Cell(glyph: "c", foreground: blue, background: grey)
        buffer[4, 0] = Cell(glyph: "d", foreground: blue, background: grey)
        buffer[5, 0] = Cell(glyph: " ", foreground: blue, background: grey, isContinuation: true)
        let expected =
            FrameEncoder.sgr(foreground: red, background: grey, attributes: [], depth: .trueColor) + "ab "
            + FrameEncoder.sgr(foreground: blue, background: grey, attributes: [], depth: .trueColor) + "cd\u{1B}[0m\n"
        #expect(String(decoding: FrameEncoder.ansiBytes(buffer, depth: .trueColor), as: UTF8.self) == expected)
        // A continuation cell of the same colours as the glyph before it, then a glyph in those colours: no new SGR.
        var wide = CellBuffer(width: 4, height: 1)
        wide[0, 0] = Cell(glyph: "💧", foreground: blue, background: grey)
        wide[1, 0] = Cell(glyph: " ", foreground: blue, background: grey, isContinuation: true)
        wide[2, 0] = Cell(glyph: "x", foreground: blue, background: grey)
        wide[3, 0] = Cell(glyph: "y", foreground: blue, background: grey, attributes: .bold)
        #expect(FrameEncoder.ansiBytes(wide, depth: .trueColor) == Array(Self.expectedANSI(wide).utf8))
    }

    @Test("random rows of few styles encode as the rules say, cell by cell (runs, blanks taking the foreground, wide glyphs)")
    func randomRowsMatchTheRules() {
        // A fixed linear congruential sequence: the same buffers on every run.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let glyphs: [Glyph] = [" ", " ", " ", "a", "b", "─", "é", "👩‍👩‍👧"]
        let colours: [RGB?] = [nil, RGB(255, 255, 255), RGB(10, 132, 255), RGB(28, 28, 30)]
        let attributes: [CellAttributes] = [[], [], .bold, [.italic, .underline]]
        for trial in 0..<200 {
            var buffer = CellBuffer(width: 24, height: 3)
            for row in 0..<3 {
                var column = 0
                // Long stretches of one cell, so runs, glyph-only cells and style changes all occur.
                var cell = Cell()
                while column < 24 {
                    if next(3) == 0 {
                        cell = Cell(
                            glyph: glyphs[next(glyphs.count)], foreground: colours[next(4)], background: colours[next(4)],
                            attributes: attributes[next(4)])
                    } else if next(3) == 0 {
                        cell.glyph = glyphs[next(glyphs.count)]
                    }
                    if next(8) == 0 && column < 23 {
                        buffer[column, row] = Cell(glyph: "💧", foreground: cell.foreground, background: cell.background)
                        buffer[column + 1, row] = Cell(background: cell.background, isContinuation: true)
                        column += 2
                    } else {
                        buffer[column, row] = cell
                        column += 1
                    }
                }
            }
            #expect(
                String(decoding: FrameEncoder.ansiBytes(buffer, depth: .trueColor), as: UTF8.self) == Self.ruleANSI(buffer),
                "trial \(trial)")
        }
    }

    /// What the encoder must write, cell by cell from `FrameEncoder.sgr`: per row, an SGR wherever a cell's style differs
    /// from the last one written, where a blank cell (a space without attributes) takes the foreground written before
    /// it; continuation cells write nothing.
    static func ruleANSI(_ buffer: CellBuffer) -> String {
        var expected = ""
        for row in 0..<buffer.height {
            var written: (foreground: RGB?, background: RGB?, attributes: CellAttributes)?
            for column in 0..<buffer.width {
                let cell = buffer[column, row]
                if cell.isContinuation { continue }
                var style = (foreground: cell.foreground, background: cell.background, attributes: cell.attributes)
                if let written, cell.glyph.isSpace, cell.attributes.isEmpty, let foreground = written.foreground {
                    style.foreground = foreground
                }
                if written == nil || written! != style {
                    expected += FrameEncoder.sgr(
                        foreground: style.foreground, background: style.background, attributes: style.attributes, depth: .trueColor)
                    written = style
                }
                expected += cell.glyph.description
            }
            expected += "\u{1B}[0m\n"
        }
        return expected
    }

    @Test("colour components become bytes rounded half away from zero, as rounded() rounds them, clamped to 0...1")
    func componentRounding() {
        var values: [Double] = [-1, -0.0, 0, 1, 2, .infinity, -.infinity, 0.5 / 255, 0.5 / 255 - 1e-12, 254.5 / 255, 0x1C / 255]
        for step in 0...10_000 { values.append(Double(step) / 10_000) }
        for byte in 0...255 { values += [(Double(byte) + 0.5) / 255, Double(byte).nextDown / 255, Double(byte) / 255] }
        for value in values {
            let expected = UInt8((min(max(value, 0), 1) * 255).rounded())
            #expect(RGB(red: value, green: value, blue: value) == RGB(expected, expected, expected), "\(value)")
        }
    }

    @Test("a new buffer holds its fill in every cell, whatever its size")
    func bufferFill() {
        let fill = Cell(glyph: "x", foreground: RGB(1, 2, 3), background: RGB(4, 5, 6), attributes: .italic)
        for (width, height) in [(0, 0), (0, 3), (3, 0), (1, 1), (1, 9), (5, 7), (46, 11), (7, 64)] {
            let buffer = CellBuffer(width: width, height: height, fill: fill)
            #expect(buffer.cells.count == width * height, "\(width) × \(height)")
            #expect(buffer.cells.allSatisfy { $0 == fill }, "\(width) × \(height)")
        }
    }

    @Test("an opaque rectangle and a box outline paint exactly their cells, clipped to the buffer")
    func rectangleAndOutline() {
        let date = Date(timeIntervalSince1970: 0)
        var painter = Painter(
            size: CellSize(width: 8, height: 5), style: PaintStyle(colorScheme: .dark), date: date, format: SystemTextFormat())
        let shape = ShapeNode(kind: .rectangle, fill: .color(Color(red: 0, green: 0, blue: 1)), stroke: .color(.white))
        // Two columns and one row past the buffer's right and bottom edges.
        painter.paint(PlacedNode(content: .shape(shape), frame: CellRect(x: 2, y: 1, width: 8, height: 5)))
        let blue = RGB(0, 0, 255)
        for row in 0..<5 {
            for column in 0..<8 {
                let cell = painter.buffer[column, row]
                #expect(cell.background == (column >= 2 && row >= 1 ? blue : nil), "column \(column), row \(row)")
            }
        }
        // The top edge from column 3 and the left side below the corner; the rest of the outline lies outside.
        #expect(painter.buffer.text(ofRow: 0) == "        ")
        #expect(painter.buffer.text(ofRow: 1) == "  ┌─────")
        for row in 2..<5 { #expect(painter.buffer.text(ofRow: row) == "  │     ", "row \(row)") }
        #expect(painter.buffer[2, 3].foreground == RGB(255, 255, 255))
    }
}
