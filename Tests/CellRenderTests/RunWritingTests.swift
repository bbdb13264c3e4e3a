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

    @Test("a text run of more UTF-8 bytes than the painter keeps on the stack is recorded whole")
    func longTextRun() {
        // 100 euro signs: 300 bytes, past the 256 kept on the stack; then an ASCII run of the same text.
        let long = String(repeating: "€", count: 100)
        let runs = [
            TextRun(content: .verbatim(long), font: .body, foreground: .color(.white)),
            TextRun(content: .verbatim("ok"), font: .body, foreground: .color(.white)),
        ]
        let text = TextNode(runs: runs, lineLimit: 1, alignment: .leading)
        var graphemes = long.map { StyledGrapheme(character: $0, run: 0, width: 1) }
        graphemes += "ok".map { StyledGrapheme(character: $0, run: 1, width: 1) }
        let line = TextLine(graphemes: graphemes, isTruncated: false)
        let placed = PlacedNode(content: .text(text, lines: [line]), frame: CellRect(x: 0, y: 0, width: 102, height: 1))
        var painter = Painter(
            size: CellSize(width: 102, height: 1), style: PaintStyle(colorScheme: .dark), date: Date(timeIntervalSince1970: 0),
            format: SystemTextFormat())
        painter.paint(placed)
        #expect(painter.textRuns.map(\.text) == [long, "ok"])
        #expect(painter.textRuns.map(\.column) == [0, 100])
        #expect(painter.buffer[99, 0].glyph == Glyph("€"))
    }
}
