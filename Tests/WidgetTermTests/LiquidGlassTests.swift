import Foundation
import Testing
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

/// iOS 26 Liquid Glass (`glassEffect`, `Glass`) on the Home Screen's light, dark, tinted and clear appearances.
@Suite struct LiquidGlassTests {
    static let glassWidget = ModeFixtures.widget("glass", families: [.systemSmall]) {
        VStack(spacing: 4) {
            Text("Regular").padding(.horizontal, 8).glassEffect()
            Text("Tinted").padding(.horizontal, 8).glassEffect(.regular.tint(.orange), in: RoundedRectangle(cornerRadius: 8))
            Text("Clear").padding(.horizontal, 8).glassEffect(.clear, in: Rectangle())
            Text("None").padding(.horizontal, 8).glassEffect(.identity)
        }
        .containerBackground(Color(red: 0.1, green: 0.3, blue: 0.6), for: .widget)
    }

    @Test func glassVariantsAreTranslucentFills() {
        #expect(Glass.regular.cellFill == Color.white.opacity(0.22))
        #expect(Glass.clear.cellFill == Color.white.opacity(0.10))
        #expect(Glass.regular.tint(.orange).cellFill == Color.orange.opacity(0.45))
        #expect(Glass.clear.tint(.orange).tint(nil).cellFill == Color.white.opacity(0.10))
        #expect(Glass.identity.cellFill == Color.clear)
        #expect(Glass.regular.interactive().isInteractive && !Glass.regular.isInteractive)
    }

    /// The background of the cell just left of `word`'s first letter (inside the glass's padding).
    static func backgroundBeside(_ word: String, in frame: Frame) throws -> RGB? {
        let lines = FrameEncoder.text(frame.buffer, trimming: false).split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains(word) })
        let line = String(lines[row])
        let column = try #require(line.range(of: word)).lowerBound.utf16Offset(in: line)
        return frame.buffer[column - 1, row].background
    }

    @Test("glass lightens the wallpaper behind it in full colour; identity draws nothing")
    func fullColor() throws {
        let frame = try ModeFixtures.render(Self.glassWidget, family: .systemSmall, theme: "light")
        let container = try #require(frame.buffer[1, 1].background)
        let regular = try #require(try Self.backgroundBeside("Regular", in: frame))
        let clear = try #require(try Self.backgroundBeside("Clear", in: frame))
        #expect(try Self.backgroundBeside("None", in: frame) == container)
        // Regular is lighter than clear, which is lighter than the wallpaper.
        #expect(ColorScience.relativeLuminance(regular) > ColorScience.relativeLuminance(clear))
        #expect(ColorScience.relativeLuminance(clear) > ColorScience.relativeLuminance(container))
    }

    @Test("glass in each Home Screen appearance", arguments: ["light", "dark", "tinted", "clear"])
    func glassGolden(theme: String) throws {
        let frame = try ModeFixtures.render(Self.glassWidget, family: .systemSmall, theme: theme)
        Golden.check(FrameEncoder.golden(frame.buffer), named: "glass.systemSmall.\(theme)")
    }
}
