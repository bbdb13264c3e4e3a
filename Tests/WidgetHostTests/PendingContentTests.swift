import Foundation
import Testing
import CellLayout
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI

/// `.invalidatableContent()`: between an intent tap and the reload, the marked views show as pending.
@Suite struct PendingContentTests {
    @Test func invalidatableViewsAreRedactedWhileAnIntentRunsAndNothingElseIs() throws {
        let water = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "water" })
        let frame = try renderWidget(water, family: .systemSmall)
        // The amount "1250 ml" on row 2 from column 2 (after the 2-column content margin): 7 glyphs whose points (28 pt
        // bold) need 14 cells, the text's frame, which the pending style covers.
        #expect(frame.invalidatableRegions == [CellRect(x: 2, y: 2, width: 14, height: 1)])
        #expect(frame.buffer.text(ofRow: 2).hasPrefix("  1250 ml"))
        let pending = frame.showingPendingContent(surface: RGB(255, 255, 255))
        #expect(pending.buffer.text(ofRow: 2).trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(
            pending.buffer[2, 2].background == RGB(255, 255, 255).blended(with: try #require(frame.buffer[2, 2].foreground), alpha: 0.22))
        for row in 0..<frame.buffer.height where row != 2 {
            #expect(pending.buffer.text(ofRow: row) == frame.buffer.text(ofRow: row))
        }
    }
}
