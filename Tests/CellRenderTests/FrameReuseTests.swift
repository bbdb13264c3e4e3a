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

    /// A 20 × 8 frame with a record of every other kind: a `widgetURL`, a live timer, an asset image (no catalog: its
    /// placeholder), an opaque linear gradient and a symbol WidgetTerm has no glyph for (a diagnostic); `word` is the
    /// first line and the URL's host.
    static func recordingTree(_ word: String, size: CellSize = CellSize(width: 20, height: 8)) -> PlacedNode {
        let view = VStack(alignment: .leading, spacing: 0) {
            Text(word)
            Text(date, style: .timer)
            Image("photo").frame(width: 64, height: 34)
            Rectangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing)).frame(width: 96, height: 17)
            Image(systemName: "no.such.symbol")
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .widgetURL(URL(string: "widgetterm://\(word)"))
        let node = ViewResolver.resolve(view, environment: EnvironmentValues()).0
        return CellLayout.layout(
            node, in: size,
            environment: LayoutEnvironment(date: date, format: SystemTextFormat(), symbolWidth: SymbolTable.displayWidth(forSystemName:)))
    }

    /// Every record of `painter`'s frame and of `fresh`'s are the same, cells included.
    static func expectSameFrame(_ painter: Painter, _ fresh: Painter, _ comment: String) {
        #expect(painter.buffer == fresh.buffer, "\(comment)")
        #expect(painter.tapRegions == fresh.tapRegions, "\(comment)")
        #expect(painter.widgetURLs == fresh.widgetURLs, "\(comment)")
        #expect(painter.liveRegions == fresh.liveRegions, "\(comment)")
        #expect(painter.invalidatableRegions == fresh.invalidatableRegions, "\(comment)")
        #expect(painter.textRuns == fresh.textRuns, "\(comment)")
        #expect(painter.shapes == fresh.shapes, "\(comment)")
        #expect(painter.images == fresh.images, "\(comment)")
        #expect(painter.gradients == fresh.gradients, "\(comment)")
        #expect(painter.diagnostics == fresh.diagnostics, "\(comment)")
    }

    @Test("after a reset, URLs, live regions, images, gradients and diagnostics are a new painter's, with or without them")
    func resetPainterKeepsNoRecordOfTheFrameBefore() {
        let size = CellSize(width: 20, height: 8)
        func fresh() -> Painter { Painter(size: size, style: Self.style, date: Self.date, format: SystemTextFormat()) }
        var reused = fresh()
        reused.paint(Self.recordingTree("first"))
        // The tree really has a record of each kind.
        #expect(reused.widgetURLs == [URL(string: "widgetterm://first")!])
        #expect(reused.liveRegions.count == 1 && reused.images.map(\.name) == ["photo"] && reused.gradients.count == 1)
        #expect(reused.diagnostics.count == 1, "\(reused.diagnostics)")
        for word in ["second", "3"] {
            reused.reset()
            reused.paint(Self.recordingTree(word))
            var new = fresh()
            new.paint(Self.recordingTree(word))
            Self.expectSameFrame(reused, new, word)
        }
        #expect(reused.widgetURLs == [URL(string: "widgetterm://3")!])
        // A frame with none of them after one with all of them: none left over.
        reused.reset()
        reused.paint(Self.tree("plain", opacity: 1))
        var plain = fresh()
        plain.paint(Self.tree("plain", opacity: 1))
        Self.expectSameFrame(reused, plain, "plain")
        #expect(reused.widgetURLs.isEmpty && reused.liveRegions.isEmpty && reused.images.isEmpty)
        #expect(reused.gradients.isEmpty && reused.diagnostics.isEmpty)
    }

    @Test("reset(size:) readies the painter for a frame of another size: what a new painter of that size paints")
    func resetToAnotherSize() {
        var reused = Self.freshPainter()
        reused.paint(Self.tree("first", opacity: 0.5))
        for (width, height) in [(20, 8), (12, 4), (12, 4), (30, 3)] {
            let size = CellSize(width: width, height: height)
            reused.reset(size: size)
            #expect(reused.buffer == CellBuffer(width: width, height: height, fill: Cell(background: Self.style.surface)))
            reused.paint(Self.recordingTree("sized", size: size))
            var new = Painter(size: size, style: Self.style, date: Self.date, format: SystemTextFormat())
            new.paint(Self.recordingTree("sized", size: size))
            Self.expectSameFrame(reused, new, "\(width) × \(height)")
        }
        #expect(reused.buffer.width == 30 && reused.buffer.height == 3)
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
