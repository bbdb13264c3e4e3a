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
        // The amount "1250 ml" on row 2, columns 2–8 (after the 2-column content margin).
        #expect(frame.invalidatableRegions == [CellRect(x: 2, y: 2, width: 7, height: 1)])
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
