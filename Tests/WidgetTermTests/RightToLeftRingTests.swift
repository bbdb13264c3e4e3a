import Foundation
import Testing
import TestSupport

@testable import CellLayout
@testable import CellRender
@testable import WidgetKitUI

// Issue 11, right to left: circular gauges are drawn as their mirror image (filling anticlockwise), as Apple's
// HIG asks of controls that show progress from one value to another; symbols named with leading/trailing turn.

private enum RingProbe {
    /// One character per cell: `#` where the glyph is in `tint`, `o` for another foreground, `.` for an empty cell;
    /// the marker `●` as itself.
    static func picture(_ frame: Frame, tint: RGB) -> [String] {
        (0..<frame.buffer.height).map { row in
            let glyphs = Array(frame.buffer.text(ofRow: row))
            return String(
                (0..<frame.buffer.width).map { column -> Character in
                    if glyphs[column] == "●" { return "●" }
                    if glyphs[column] == " " { return "." }
                    return frame.buffer[column, row].foreground == tint ? "#" : "o"
                })
        }
    }

    /// `rows` with each row reversed.
    static func mirrored(_ rows: [String]) -> [String] { rows.map { String($0.reversed()) } }
}

@Suite struct RightToLeftRingTests {
    let red = RGB(255, 0, 0)

    @Test func aCapacityRingFillsAnticlockwiseAsTheMirrorImage() {
        let gauge = Gauge(value: 0.3) { EmptyView() }.gaugeStyle(.accessoryCircularCapacity).tint(Color(red: 1, green: 0, blue: 0))
        let leftToRight = RingProbe.picture(RightToLeftProbe.frame(gauge, width: 8, height: 4), tint: red)
        let rightToLeft = RingProbe.picture(
            RightToLeftProbe.frame(gauge.environment(\.layoutDirection, .rightToLeft), width: 8, height: 4), tint: red)
        // 0.3 of the ring from the top, clockwise: the top right.
        #expect(leftToRight == [".ooo###.", "oo....##", "oo....o#", ".oooooo."], "\(leftToRight)")
        #expect(rightToLeft == RingProbe.mirrored(leftToRight), "\(rightToLeft)")
        #expect(rightToLeft == [".###ooo.", "##....oo", "#o....oo", ".oooooo."])
    }

    @Test func anOpenRingStartsAtItsRightEndAndItsMarkerMoves() {
        let gauge = Gauge(value: 0.2) { EmptyView() }.gaugeStyle(.accessoryCircular).tint(Color(red: 1, green: 0, blue: 0))
        let leftToRight = RingProbe.picture(RightToLeftProbe.frame(gauge, width: 8, height: 4), tint: red)
        let rightToLeft = RingProbe.picture(
            RightToLeftProbe.frame(gauge.environment(\.layoutDirection, .rightToLeft), width: 8, height: 4), tint: red)
        // 0.2 of the 270° arc from its left end (about 7:30), the marker at the value.
        #expect(leftToRight == [".oooooo.", "●o....oo", "##....oo", ".#....o."], "\(leftToRight)")
        #expect(rightToLeft == RingProbe.mirrored(leftToRight), "\(rightToLeft)")
        #expect(rightToLeft == [".oooooo.", "oo....o●", "oo....##", ".o....#."])
    }

    @Test func theBrailleDotsAreMirroredToo() {
        let gauge = Gauge(value: 1) { EmptyView() }.gaugeStyle(.accessoryCircularCapacity)
        let leftToRight = RightToLeftProbe.picture(gauge, width: 8, height: 4)
        let rightToLeft = RightToLeftProbe.picture(gauge.environment(\.layoutDirection, .rightToLeft), width: 8, height: 4)
        // A full ring is symmetric: the same dots either way.
        #expect(leftToRight == rightToLeft)
        #expect(leftToRight == [" ⣠⠖⠚⠓⠲⣄ ", "⣾⠁    ⠈⣷", "⢿⡀    ⢀⡿", " ⠙⠦⢤⡤⠴⠋ "], "\(leftToRight)")
    }

    @Test func symbolsNamedLeadingOrTrailingTurn() {
        #expect(PlacedNode.rightToLeftSymbol("text.justify.leading") == "text.justify.trailing")
        #expect(PlacedNode.rightToLeftSymbol("arrow.trailing") == "arrow.leading")
        #expect(PlacedNode.rightToLeftSymbol("star.leadinghalf.filled") == nil)
        #expect(PlacedNode.rightToLeftSymbol("text.alignleft") == nil)
    }
}
