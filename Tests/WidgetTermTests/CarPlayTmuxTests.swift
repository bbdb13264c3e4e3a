import Foundation
import Testing
import TestSupport

/// `A` (CarPlay) in the real binary at 80 × 24 with `match` running: its Live Activity heading stays in the stage pane
/// (nothing of it reaches the App pane), and the card shows or a hint says it is below.
@Suite(.serialized, .tmuxInstalled)
struct CarPlayTmuxTests {
    @Test("i, k k s (start match), A at 80 × 24: the short heading stays in its pane; the card or a 'more rows' hint shows")
    func carPlayAtEightyByTwentyFour() throws {
        let session = try TmuxSession(width: 80, height: 24)
        try session.launch(["preview", "--at", "2026-03-14T09:41:00Z"])
        try session.wait(for: "systemSmall")
        try session.keys("i")
        try session.wait(for: "Dynamic Island")
        try session.keys("k", "k", "s")
        try session.wait(for: "match requested")
        try session.keys("A")
        let screen = try session.wait { $0.contains("CarPlay:") && $0.contains("match · state 1/5") && $0.contains("0–0") }
        let lines = screen.components(separatedBy: "\n")
        #expect(!screen.contains("widgetmatch"), "the heading leaks into the App pane:\n\(screen)")
        #expect(!screen.contains("Live Activity (compact leading"), "the old long heading:\n\(screen)")
        let heading = try #require(lines.first { $0.contains("match · state 1/5") }, "\(screen)")
        // Cut at the pane's edge (80 columns), never past it.
        #expect(heading.trimmingCharacters(in: .whitespaces).hasSuffix("match · state 1/5 · compact"), "\(heading)")
        #expect(lines.contains { $0.contains("⚽") && $0.contains("0–0") }, "the card's compact views:\n\(screen)")
        #expect(
            lines.contains { $0.contains("CarPlay: water, orders, Live Activity match  · A: close") },
            "the card in the third widget's place")
        try session.keys("A")
        try session.wait(for: "Live Activities  1 running")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}
