import Foundation
import Testing

/// UIKit's string measuring and drawing as widget code calls it (`"text".size(withAttributes: [.font: font])`, a
/// frame sized from it), answered in cells: 8 points a column and 17 points a line (`UIKitStringDrawingProbe`
/// makes the calls).
@Suite struct UIKitStringDrawingTests {
    @Test("size(withAttributes:) is the display width in 8-point columns and 17 points a line, whatever the font")
    func sizeIsMeasuredInCells() {
        #expect(UIKitStringDrawingProbe.size(of: "Wake", fontSize: 34) == CGSize(width: 32, height: 17))
        #expect(UIKitStringDrawingProbe.size(of: "Wake", fontSize: 9) == CGSize(width: 32, height: 17))
        // Wide characters take two columns; the widest line sets the width, each line a row.
        #expect(UIKitStringDrawingProbe.size(of: "日本", fontSize: 17) == CGSize(width: 32, height: 17))
        #expect(UIKitStringDrawingProbe.size(of: "PC\nServer", fontSize: 17) == CGSize(width: 48, height: 34))
        #expect(UIKitStringDrawingProbe.size(of: "", fontSize: 17) == CGSize(width: 0, height: 17))
        let others = UIKitStringDrawingProbe.otherReceivers("Wake")
        #expect(others.nsString == CGSize(width: 32, height: 17))
        #expect(others.substring == CGSize(width: 32, height: 17))
        #expect(others.noAttributes == CGSize(width: 32, height: 17))
    }

    @Test("draw(at:withAttributes:) and draw(in:withAttributes:) compile and draw nothing: there is no graphics context")
    func drawingCompilesAndDrawsNothing() {
        #expect(UIKitStringDrawingProbe.draw("Wake") == ["NSFont", "NSColor"])
    }
}
