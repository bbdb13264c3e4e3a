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
}
