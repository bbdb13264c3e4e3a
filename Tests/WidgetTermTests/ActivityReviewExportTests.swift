import Foundation
import Testing

// Issue 16 step 4: a Live Activity in the review export (`gallery --format svg|png`, `render --format svg`) is
// drawn as widgets are: the Lock Screen card's and the island's rounded corners are real curves, not the
// terminal's quadrant-block steps.

@Suite struct ActivityReviewExportTests {
    static let quadrantBlocks: Set<Character> = ["▗", "▖", "▝", "▘"]

    @Test func theLockScreenCardInTheContactSheetHasCurvedCorners() throws {
        let run = PreviewCommandTests.run(["gallery", "delivery", "--format", "svg"] + ReviewExportTests.at)
        #expect(run.status == 0, "\(run.errors)")
        let svg = try #require(SVGElements(run.output))
        let texts = svg.named("text").map(\.text).joined()
        #expect(!texts.contains { Self.quadrantBlocks.contains($0) }, "no quadrant-block steps left")
        let corners = svg.withClass("corner")
        #expect(corners.count == 16, "four presentations, four curved corners each: \(corners.map { $0.attributes["d"] ?? "" })")
    }

    @Test func renderOfOnePresentationHasCurvedCornersToo() throws {
        let run = PreviewCommandTests.run(["render", "delivery", "--format", "svg"] + ReviewExportTests.at)
        #expect(run.status == 0, "\(run.errors)")
        let svg = try #require(SVGElements(run.output))
        let texts = svg.named("text").map(\.text).joined()
        #expect(!texts.contains { Self.quadrantBlocks.contains($0) }, "no quadrant-block steps left")
        #expect(svg.withClass("corner").count == 4, "the Lock Screen card's four corners")
    }

    @Test("the keyline tint is one thin stroked outline around the compact island, its corners curved, no box-drawing glyph")
    func keylineIsAStrokedOutline() throws {
        let run = PreviewCommandTests.run(
            ["render", "delivery", "--presentation", "compact", "--state", "3", "--format", "svg"] + ReviewExportTests.at)
        #expect(run.status == 0, "\(run.errors)")
        let svg = try #require(SVGElements(run.output))
        let texts = svg.named("text").map(\.text).joined()
        #expect(!texts.contains { "╭╮╰╯─".contains($0) }, "no box-drawing steps left: \(texts)")
        let keylines = svg.withClass("keyline")
        #expect(keylines.count == 1)
        #expect(keylines.first?.attributes["stroke"] == "#FF9F0A" && keylines.first?.attributes["fill"] == "none")
        #expect(
            svg.withClass("corner").map { $0.attributes["fill"] } == Array(repeating: "#000000", count: 4), "the island is black inside")
    }
}
