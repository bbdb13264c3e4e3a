import Foundation
import Testing
import CellLayout
import CellRender
import WidgetKitUI

/// A painter reset between frames and an encoder that keeps its memory must give what a new painter and
/// `FrameEncoder.ansiBytes` give, whatever the frame before left behind.
@Suite("Painter and encoder reused across frames")
struct FrameReuseTests {
    static let date = Date(timeIntervalSince1970: 0)
    static let style = PaintStyle(colorScheme: .dark, surface: RGB(28, 28, 30))

    /// A text in a tap target over a blue rectangle with a white outline, under an opacity, in a 12 × 4 frame;
    /// `word` is the text.
    static func tree(_ word: String, opacity: Double) -> PlacedNode {
        let run = TextRun(content: .verbatim(word), font: .body, foreground: .color(.white))
        let text = TextNode(runs: [run], lineLimit: 1, alignment: .leading)
        let lines = TextShaper(node: text, date: date, format: SystemTextFormat()).lines(width: nil, maxLines: 1)
        let shape = ShapeNode(kind: .rectangle, fill: .color(Color(red: 0, green: 0, blue: 1)), stroke: .color(.white))
        let label = PlacedNode(content: .text(text, lines: TextLines(lines)), frame: CellRect(x: 1, y: 1, width: 10, height: 1))
        let target = PlacedNode(
            content: .modifier(.tapTarget(.link(URL(string: "https://example.com/\(word)")!))),
            frame: CellRect(x: 1, y: 1, width: 10, height: 1), children: [label])
        let box = PlacedNode(content: .shape(shape), frame: CellRect(x: 0, y: 0, width: 12, height: 4))
        let background = PlacedNode(
            content: .modifier(.background(.empty, alignment: .center)), frame: CellRect(x: 0, y: 0, width: 12, height: 4),
            children: [target, box])
        return PlacedNode(
            content: .modifier(.opacity(opacity)), frame: CellRect(x: 0, y: 0, width: 12, height: 4), children: [background])
    }

    static func freshPainter() -> Painter {
        Painter(size: CellSize(width: 12, height: 4), style: style, date: date, format: SystemTextFormat())
    }

    @Test("a reset painter paints the cells and records a new painter paints")
    func resetPainterMatchesNewOne() {
        var reused = Self.freshPainter()
        reused.paint(Self.tree("first", opacity: 0.5))
        #expect(reused.tapRegions.count == 1 && reused.textRuns.count == 1)
        for (word, opacity) in [("second", 1.0), ("3", 0.25), ("second", 1.0)] {
            reused.reset()
            reused.paint(Self.tree(word, opacity: opacity))
            var fresh = Self.freshPainter()
            fresh.paint(Self.tree(word, opacity: opacity))
            #expect(reused.buffer == fresh.buffer, "\(word) at opacity \(opacity)")
            #expect(reused.tapRegions == fresh.tapRegions)
            #expect(reused.textRuns == fresh.textRuns)
            #expect(reused.shapes.count == fresh.shapes.count && reused.diagnostics.isEmpty)
        }
        // The text really is painted: "second" from column 1 of row 1.
        #expect(reused.buffer.text(ofRow: 1).hasPrefix("│second"))
        reused.reset()
        #expect(reused.buffer == CellBuffer(width: 12, height: 4, fill: Cell(background: Self.style.surface)))
        #expect(reused.tapRegions.isEmpty && reused.textRuns.isEmpty && reused.shapes.isEmpty)
    }

    @Test("an encoder that keeps its memory writes what ansiBytes writes, frame after frame, larger or smaller")
    func reusedEncoderMatchesAnsiBytes() {
        var painter = Self.freshPainter()
        painter.paint(Self.tree("wide 💧", opacity: 1))
        let small = CellBuffer(width: 3, height: 2, fill: Cell(glyph: "é", foreground: RGB(1, 2, 3), attributes: .bold))
        var encoder = ANSIFrameEncoder(depth: .trueColor)
        #expect(encoder.count == 0 && encoder.bytes.isEmpty)
        for buffer in [small, painter.buffer, small, CellBuffer(width: 0, height: 2), painter.buffer] {
            encoder.encode(buffer)
            let expected = FrameEncoder.ansiBytes(buffer, depth: .trueColor)
            #expect(encoder.bytes == expected, "\(buffer.width) × \(buffer.height)")
            #expect(encoder.count == expected.count)
            #expect(encoder.withBytes { Array($0) } == expected)
        }
        for depth in ColorDepth.allCases {
            var encoder = ANSIFrameEncoder(depth: depth)
            encoder.encode(painter.buffer)
            encoder.encode(small)
            #expect(encoder.bytes == FrameEncoder.ansiBytes(small, depth: depth), "\(depth)")
        }
    }
}
