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
