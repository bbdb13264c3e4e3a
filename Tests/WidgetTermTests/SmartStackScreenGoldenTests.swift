import Foundation
import Testing
import CellRender
import SampleWidgets
@testable import TerminalUI
import WidgetHost
import WidgetKitUI

/// Goldens (glyphs and style, `FrameEncoder.golden`) of the preview's Smart Stack screen (`R`) of the built-in samples:
/// the header, the card on top and the next rotations, cut from the screen at the stage (left of the side pane).
@Suite struct SmartStackScreenGoldenTests {
    /// The Smart Stack's part of the screen: from its title row to the card's bottom row, left of the side pane's rule
    /// (the whole width when there is no side pane). Nil when the title or the card is not on the screen.
    static func stage(of screen: CellBuffer) -> CellBuffer? {
        let rows = (0..<screen.height).map(screen.text(ofRow:))
        guard let top = rows.firstIndex(where: { $0.contains("Smart Stack of ") }),
            let bottom = rows.indices.first(where: { $0 > top && rows[$0].contains("▝") })
        else { return nil }
        let rule = (0..<screen.width).first { screen[$0, top].glyph == Glyph("│") } ?? screen.width
        var stage = CellBuffer(width: rule, height: bottom - top + 1)
        for row in 0..<stage.height {
            for column in 0..<stage.width { stage[column, row] = screen[column, top + row] }
        }
        return stage
    }

    /// Opens the Smart Stack on the samples' preview `width` columns wide, presses `keys`, and checks the stage's golden.
    func check(
        width: Int, keys: [Character] = [], named name: String, onTop: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        FixedClock.run {
            let (app, terminal) = SurfaceScreenTests.makePreview(width: width)
            app.renderFrame()
            app.handle(.key(.character("R")))
            app.renderFrame()
            for key in keys {
                app.handle(.key(.character(key)))
                app.renderFrame()
            }
            #expect(app.surface == .smartStack, sourceLocation: sourceLocation)
            guard let stage = Self.stage(of: terminal.screen) else {
                Issue.record("no Smart Stack on the screen:\n\(terminal.text)", sourceLocation: sourceLocation)
                return
            }
            let text = (0..<stage.height).map(stage.text(ofRow:)).joined(separator: " ")
            #expect(text.contains("on top: \(onTop) — "), "\(text)", sourceLocation: sourceLocation)
            Golden.check(FrameEncoder.golden(stage), named: name, sourceLocation: sourceLocation)
        }
    }

    @Test("R at 09:41: countdown on top (score 100 until its train leaves at 10:06), steps next")
    func countdownOnTop() {
        check(width: 120, named: "smartstack.samples.countdown", onTop: "countdown")
    }

    @Test("R, then the clock to 10:11 (steps focused, n twice): the train has left, steps on top and nothing else relevant")
    func stepsOnTop() {
        check(width: 120, keys: ["w", "w", "n", "n"], named: "smartstack.samples.steps", onTop: "steps")
    }

    @Test("R at 60 columns: the header wraps over two lines each and the card sits under it")
    func narrow() {
        check(width: 60, named: "smartstack.samples.narrow", onTop: "countdown")
    }
}
