import Foundation
import Testing
import CellLayout
import WidgetKitUI
@testable import CellRender

/// A buffer's pending fill (`CellBuffer.fillAllLater(with:)`, what `Painter.reset()` leaves) must read, compare, hash,
/// encode and take writes exactly as a buffer filled at once would, whatever the first write is.
@Suite("Pending fill of a reset buffer")
struct PendingFillTests {
    static let date = Date(timeIntervalSince1970: 0)
    static let style = PaintStyle(colorScheme: .dark, surface: RGB(28, 28, 30))
    static let surface = Cell(background: RGB(28, 28, 30))
    static let red = PaintColor(RGBA(red: 1, green: 0, blue: 0, alpha: 1))
    static let halfBlue = PaintColor(RGBA(red: 0, green: 0, blue: 1, alpha: 0.5))

    /// A painter of `width` × `height` whose cells were all painted over (a wide glyph, text, colours), then reset.
    static func usedPainter(width: Int = 8, height: Int = 3) -> Painter {
        var painter = Painter(size: CellSize(width: width, height: height), style: style, date: date, format: SystemTextFormat())
        painter.fill(CellRect(x: 0, y: 0, width: width, height: height), PaintColor(RGBA(red: 0, green: 1, blue: 0, alpha: 1)))
        for row in 0..<height {
            painter.put("界", 0, row, foreground: RGBA(red: 1, green: 1, blue: 1, alpha: 1), attributes: .bold, width: 2)
            painter.put("x", 2, row, foreground: RGBA(red: 1, green: 1, blue: 1, alpha: 1), attributes: .underline)
        }
        painter.reset()
        return painter
    }

    /// A new painter of the same size: its buffer filled at once.
    static func freshPainter(width: Int = 8, height: Int = 3) -> Painter {
        Painter(size: CellSize(width: width, height: height), style: style, date: date, format: SystemTextFormat())
    }

    /// Runs `paint` on a reset painter and on a new one and expects the same cells, read every way.
    static func expectSame(_ comment: Comment, width: Int = 8, height: Int = 3, _ paint: (inout Painter) -> Void) {
        var reused = usedPainter(width: width, height: height)
        var fresh = freshPainter(width: width, height: height)
        paint(&reused)
        paint(&fresh)
        #expect(reused.buffer == fresh.buffer, comment)
        #expect(reused.buffer.cells == fresh.buffer.cells, comment)
        #expect(reused.buffer.hashValue == fresh.buffer.hashValue, comment)
        #expect(
            FrameEncoder.ansiBytes(reused.buffer, depth: .trueColor) == FrameEncoder.ansiBytes(fresh.buffer, depth: .trueColor), comment)
        for row in 0..<height {
            #expect(reused.buffer.text(ofRow: row) == fresh.buffer.text(ofRow: row), comment)
            #expect(reused.buffer.rowEquals(fresh.buffer, row: row) && fresh.buffer.rowEquals(reused.buffer, row: row), comment)
            for column in 0..<width { #expect(reused.buffer[column, row] == fresh.buffer[column, row], comment) }
        }
    }

    @Test("a reset buffer with nothing painted reads as the surface everywhere, and as a new painter's frame")
    func nothingPainted() {
        let painter = Self.usedPainter()
        #expect(painter.buffer[0, 0] == Self.surface && painter.buffer[7, 2] == Self.surface)
        #expect(painter.buffer.cells.count == 24 && painter.buffer.cells.allSatisfy { $0 == Self.surface })
        #expect(painter.buffer.text(ofRow: 1) == "        ")
        #expect(painter.frame.buffer == Self.freshPainter().frame.buffer)
        Self.expectSame("nothing painted") { _ in }
    }

    @Test("a partial fill, a translucent fill or a row fill after a reset writes over the surface, not the old cells")
    func partialFills() {
        Self.expectSame("opaque rect from column 1") { $0.fill(CellRect(x: 1, y: 1, width: 3, height: 2), Self.red) }
        Self.expectSame("opaque rect of whole rows") { $0.fill(CellRect(x: 0, y: 1, width: 8, height: 2), Self.red) }
        Self.expectSame("translucent whole canvas") { $0.fill(CellRect(x: 0, y: 0, width: 8, height: 3), Self.halfBlue) }
        Self.expectSame("row fill") { $0.fill(row: 2, columns: 1..<5, Self.red) }
        Self.expectSame("one translucent cell") { $0.fill(1, 0, Self.halfBlue) }
        Self.expectSame("a rect outside the clip") { $0.fill(CellRect(x: 9, y: 0, width: 3, height: 3), Self.red) }
    }

    @Test("a full-canvas opaque fill after a reset, alone or followed by other writes")
    func fullFill() {
        Self.expectSame("full fill") { $0.fill(CellRect(x: 0, y: 0, width: 8, height: 3), Self.red) }
        Self.expectSame("larger than the canvas") { $0.fill(CellRect(x: -2, y: -1, width: 20, height: 9), Self.red) }
        Self.expectSame("full fill, then a partial one") {
            $0.fill(CellRect(x: 0, y: 0, width: 8, height: 3), Self.red)
            $0.fill(CellRect(x: 2, y: 1, width: 2, height: 1), Self.halfBlue)
        }
        Self.expectSame("a partial fill, then a full one") {
            $0.fill(CellRect(x: 2, y: 1, width: 2, height: 1), Self.halfBlue)
            $0.fill(CellRect(x: 0, y: 0, width: 8, height: 3), Self.red)
        }
    }

    @Test("text, a wide glyph, box lines and a single cell written first after a reset")
    func otherWritesFirst() {
        Self.expectSame("text") { painter in
            for (column, glyph) in Array("abc").enumerated() {
                painter.put(Glyph(glyph), column + 3, 1, foreground: RGBA(red: 1, green: 1, blue: 1, alpha: 0.5))
            }
        }
        Self.expectSame("wide glyph from column 1") {
            $0.put("界", 1, 0, foreground: RGBA(red: 1, green: 1, blue: 1, alpha: 1), width: 2)
        }
        Self.expectSame("horizontal line") { $0.put("─", row: 0, columns: 0..<8, foreground: Self.red) }
        Self.expectSame("vertical line") { $0.put("│", column: 1, rows: 0..<3, foreground: Self.halfBlue) }
        Self.expectSame("setCell") { $0.setCell(Cell(glyph: "z", attributes: .italic), column: 7, row: 2) }
        Self.expectSame("system material") {
            $0.fillSystemMaterial(CellRect(x: 0, y: 0, width: 8, height: 3), color: RGBA(red: 1, green: 1, blue: 1, alpha: 0.2))
        }
    }

    @Test("reset(size:) to another size, to the same size, and to an empty size")
    func sizeChanges() {
        for size in [
            CellSize(width: 5, height: 2), CellSize(width: 8, height: 3), CellSize(width: 0, height: 0), CellSize(width: 1, height: 1),
        ] {
            var painter = Self.usedPainter()
            painter.reset(size: size)
            let fresh = Self.freshPainter(width: size.width, height: size.height)
            #expect(painter.buffer == fresh.buffer, "\(size)")
            painter.fill(CellRect(x: 0, y: 0, width: size.width, height: size.height), Self.red)
            var freshFilled = fresh
            freshFilled.fill(CellRect(x: 0, y: 0, width: size.width, height: size.height), Self.red)
            #expect(painter.buffer == freshFilled.buffer, "\(size)")
        }
    }

    @Test("buffers: a pending fill equals, hashes and compares rows as the filled buffer, in both orders")
    func bufferLevel() {
        let cell = Cell(glyph: "q", foreground: RGB(1, 2, 3))
        for (width, height) in [(0, 0), (1, 1), (3, 2), (80, 24)] {
            var pending = CellBuffer(width: width, height: height, fill: .blank)
            pending.fillAllLater(with: cell)
            let eager = CellBuffer(width: width, height: height, fill: cell)
            #expect(pending == eager && eager == pending, "\(width) × \(height)")
            #expect(pending.hashValue == eager.hashValue, "\(width) × \(height)")
            #expect(pending.cells == eager.cells, "\(width) × \(height)")
            var other = pending
            other.fillAllLater(with: .blank)
            #expect((other == pending) == (width * height == 0), "\(width) × \(height)")
            guard width > 0 else { continue }
            // One cell changed through the subscript: the rest of the pending fill is written first.
            var changed = pending
            changed[width - 1, height - 1].glyph = "r"
            var expected = eager
            expected[width - 1, height - 1] = Cell(glyph: "r", foreground: RGB(1, 2, 3))
            #expect(changed == expected && changed != pending, "\(width) × \(height)")
            #expect(!changed.rowEquals(pending, row: height - 1) && changed.rowEquals(pending, row: 0) == (height > 1))
            #expect(pending == eager, "a copy's write leaves the pending buffer as it was")
        }
    }
}
