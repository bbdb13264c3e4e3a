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
        let placed = PlacedNode(content: .text(text, lines: lines), frame: CellRect(x: 0, y: 0, width: 102, height: 1))
        var painter = Painter(
            size: CellSize(width: 102, height: 1), style: PaintStyle(colorScheme: .dark), date: date,
            format: SystemTextFormat())
        painter.paint(placed)
        #expect(painter.textRuns.map(\.text) == [long, "ok"])
        #expect(painter.textRuns.map(\.column) == [0, 100])
        #expect(painter.buffer[99, 0].glyph == Glyph("€"))
    }
}
