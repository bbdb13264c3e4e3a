import Testing
import CellLayout
@testable import CellRender

/// `CellBuffer.rowEquals`, which `ScreenDiff` asks of every row: cells compared as words of memory must agree with
/// `Cell`'s `==`, whatever a nil colour's unused channels or the padding hold.
@Suite("Rows compared as words")
struct RowEqualityTests {
    @Test("Cell is laid out as the word comparison reads it (else it falls back to ==)")
    func layoutHolds() {
        #expect(CellWords.layoutHolds)
    }

    @Test("a colour set and cleared, or attributes and flag set and cleared, leave the cell's bytes as never set")
    func clearedPropertiesLeaveNoBytes() {
        let plain = Cell(glyph: "a", foreground: RGB(1, 2, 3))
        var changed = plain
        changed.background = RGB(0x55, 0x66, 0x77)
        changed.attributes = [.bold, .reverse]
        changed.isContinuation = true
        #expect(changed.background == RGB(0x55, 0x66, 0x77) && changed.attributes == [.bold, .reverse] && changed.isContinuation)
        #expect(changed.foreground == RGB(1, 2, 3) && changed != plain)
        changed.background = nil
        changed.attributes = []
        changed.isContinuation = false
        #expect(changed == plain)
        #expect(withUnsafeBytes(of: changed) { Array($0) } == withUnsafeBytes(of: plain) { Array($0) })
        #expect(MemoryLayout<Cell>.stride == 24)
        let new = CellBuffer(width: 3, height: 2, fill: plain)
        let old = CellBuffer(width: 3, height: 2, fill: changed)
        #expect(old == new)
        #expect(old.rowEquals(new, row: 0) && old.rowEquals(new, row: 1))
    }

    @Test("every property reads back what was set, each independent of the others")
    func propertiesRoundTrip() {
        let colours: [RGB?] = [nil, RGB(0, 0, 0), RGB(255, 255, 255), RGB(1, 128, 254)]
        for foreground in colours {
            for background in colours {
                for attributes in [CellAttributes(), .bold, [.italic, .underline, .strikethrough, .dim, .reverse]] {
                    for isContinuation in [false, true] {
                        let cell = Cell(
                            glyph: "界", foreground: foreground, background: background, attributes: attributes,
                            isContinuation: isContinuation)
                        #expect(cell.glyph == "界" && cell.foreground == foreground && cell.background == background)
                        #expect(cell.attributes == attributes && cell.isContinuation == isContinuation)
                        var rebuilt = Cell(glyph: "界")
                        rebuilt.isContinuation = isContinuation
                        rebuilt.attributes = attributes
                        rebuilt.background = background
                        rebuilt.foreground = foreground
                        #expect(rebuilt == cell && rebuilt.hashValue == cell.hashValue)
                    }
                }
            }
        }
    }

    @Test("a row that differs in one cell's glyph, colour, attributes or continuation flag is not equal")
    func differencesAreSeen() {
        let base = CellBuffer(width: 4, height: 1, fill: Cell(glyph: "a", foreground: RGB(1, 2, 3), background: RGB(9, 9, 9)))
        let changes: [(inout Cell) -> Void] = [
            { $0.glyph = "b" }, { $0.glyph = "👩‍👩‍👧" }, { $0.foreground = nil }, { $0.foreground = RGB(1, 2, 4) },
            { $0.background = nil }, { $0.background = RGB(9, 9, 8) }, { $0.attributes = .bold }, { $0.isContinuation = true },
        ]
        for (number, change) in changes.enumerated() {
            var changed = base
            change(&changed[2, 0])
            #expect(!base.rowEquals(changed, row: 0), "change \(number)")
            #expect(base.rowEquals(base, row: 0))
        }
    }
}
