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

    @Test("a nil colour whose unused channels hold other bytes still compares equal")
    func nilColourChannelsAreIgnored() {
        let plain = Cell(glyph: "a", foreground: RGB(1, 2, 3))
        // The same cell with bytes in its nil background's channels (its tag byte is untouched, so it stays nil).
        var scribbled = plain
        withUnsafeMutableBytes(of: &scribbled) { bytes in
            for offset in 20..<23 { bytes[offset] = 0x55 }
        }
        #expect(scribbled == plain && scribbled.background == nil)
        let new = CellBuffer(width: 3, height: 2, fill: plain)
        let old = CellBuffer(width: 3, height: 2, fill: scribbled)
        #expect(old == new)
        #expect(old.rowEquals(new, row: 0) && old.rowEquals(new, row: 1))
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
