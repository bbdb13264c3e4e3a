import Foundation
import Testing
import CellRender
import WidgetHost
import WidgetKitUI

// The widget is clipped to its rounded shape on iOS: content that reaches a corner cell (no content margins, or
// before iOS 17, when there are none) gives way to the rounded corner instead of being drawn over it.

@Suite("The widget shape: content is clipped at the rounded corners")
struct WidgetShapeClipTests {
    static let blue = RGB(0x00, 0x88, 0xFF)

    /// Text in all four corners of a small widget with content margins disabled, on a blue container background.
    static let corners = StaticConfiguration(kind: "corners", provider: ModeProvider()) { _ in
        ZStack {
            Text("💧TL").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            Text("TR").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topTrailing)
            Text("BL").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomLeading)
            // Its glyphs take fewer cells than its points: aligned trailing in its frame, they reach the corner.
            Text("BR💧").multilineTextAlignment(.trailing).frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
        }
        .containerBackground(Color(red: 0, green: 0x88 / 255, blue: 1), for: .widget)
    }
    .supportedFamilies([.systemSmall]).contentMarginsDisabled().descriptor

    @Test("a glyph in a corner cell gives way to the corner, and a wide glyph the corner cuts goes whole")
    func cornerCellsStayRounded() throws {
        let frame = try ModeFixtures.render(Self.corners, family: .systemSmall, theme: "light")
        let rows = frameRows(frame)
        // 21 columns: "💧" on columns 0–1 goes whole, "R" of "TR" on column 20 goes; "B" of "BL" on column 0
        // goes, and "💧" on columns 19–20 goes whole.
        #expect(rows.first == "▗ TL" + String(repeating: " ", count: 15) + "T▖")
        #expect(rows.last == "▝L" + String(repeating: " ", count: 15) + "BR ▘")
        // The corner's block is drawn in the colour that was in the cell (the container background), over what
        // is outside the widget.
        #expect(frame.buffer[0, 0].foreground == Self.blue)
        #expect(frame.buffer[20, 9].foreground == Self.blue)
        #expect(!frame.buffer[1, 0].isContinuation && !frame.buffer[20, 9].isContinuation)
    }

    @Test("the sample water widget on iOS 16 (no content margins) keeps its top-left corner")
    func waterOnIOS16KeepsItsCorner() throws {
        let water = try #require(DocumentFixtures.samples.first { $0.kind == "water" })
        let frame = try ModeFixtures.render(water, family: .systemSmall, theme: "light", osVersion: 16)
        #expect(frameRows(frame).first == "▗  Water            ▖")
    }
}
