import Foundation
import Testing

@testable import CellRender
@testable import WidgetKitUI

// Issue 16 step 4 (issue 14 item 5): filled circles, ellipses and capsules read round. Their edge cells are
// the quadrant blocks of the quarters inside the shape, in the fill colour over what is behind; cells wholly
// inside are filled; shapes under 3 columns stay whole cells (docs/DECISIONS.md, 2026-12-02).

@Suite struct RoundFillTests {
    static let black = RGB(0, 0, 0)

    @Test func aFilledCircleHasQuadrantBlockEdges() {
        let frame = ViewProbe.frame(Circle().fill(Color.black), width: 8, height: 4)
        #expect(frameRows(frame) == [" ▄▟  ▙▄", "▟      ▙", "▜      ▛", " ▀▜  ▛▀"])
        // An edge block: the fill colour in front, what was behind (nothing) at the back.
        #expect(frame.buffer[1, 0].foreground == Self.black && frame.buffer[1, 0].background == nil)
        // A cell wholly inside is filled, and a corner cell wholly outside is left alone.
        #expect(frame.buffer[3, 0].background == Self.black && frame.buffer[3, 0].glyph == " ")
        #expect(frame.buffer[0, 0] == Cell())
    }

    @Test func aFilledCapsuleHasRoundEnds() {
        let frame = ViewProbe.frame(Capsule().fill(Color.black), width: 12, height: 2)
        #expect(frameRows(frame) == ["▟          ▙", "▜          ▛"])
        #expect((1..<11).allSatisfy { frame.buffer[$0, 0].background == Self.black })
    }

    @Test func aFilledEllipseFollowsItsCurve() {
        #expect(ViewProbe.picture(Ellipse().fill(Color.black), width: 10, height: 3) == ["▗▄      ▄▖", "", "▝▀      ▀▘"])
    }

    @Test func smallShapesStayWholeCells() {
        let dot = ViewProbe.frame(Circle().fill(Color.black), width: 2, height: 1)
        #expect(frameRows(dot) == [""])
        #expect(dot.buffer[0, 0].background == Self.black && dot.buffer[1, 0].background == Self.black)
        // A one-row capsule's ends are three quarters in at the least: whole cells, as the quarters say.
        let pill = ViewProbe.frame(Capsule().fill(Color.black), width: 6, height: 1)
        #expect((0..<6).allSatisfy { pill.buffer[$0, 0].background == Self.black && pill.buffer[$0, 0].glyph == " " })
    }
}
