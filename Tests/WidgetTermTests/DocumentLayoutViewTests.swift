import Foundation
import Testing

@testable import CellRender
@testable import WidgetDocument
@testable import WidgetHost
@testable import WidgetKitUI

// Issue 11: the document twin of ViewThatFits renders the same frames as the Swift view, and a bad axis is an
// error at its JSON position.

private struct FittingEntry: TimelineEntry {
    let date: Date
}

private struct FittingProvider: TimelineProvider {
    func placeholder(in context: Context) -> FittingEntry { FittingEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (FittingEntry) -> Void) { completion(FittingEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<FittingEntry>) -> Void) {
        completion(Timeline(entries: [FittingEntry(date: Date())], policy: .never))
    }
}

private struct FittingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "probe", provider: FittingProvider()) { _ in
            VStack {
                ViewThatFits(in: .horizontal) {
                    Text("Partly cloudy all afternoon and evening")
                    Text("Cloudy")
                }
                ViewThatFits {
                    Text("Rain")
                    Text("R")
                }
            }
            .containerBackground(.background, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

@Suite struct DocumentLayoutViewTests {
    static let document = DocumentFixtures.widget(
        """
        {"ViewThatFits": [{"Text": "Partly cloudy all afternoon and evening"}, {"Text": "Cloudy"}], "in": "horizontal"},
        {"ViewThatFits": {"content": [{"Text": "Rain"}, {"Text": "R"}]}}
        """)

    @Test func viewThatFitsInADocumentRendersAsTheSwiftView() throws {
        let twin = try WidgetDocument(text: Self.document, file: "fits.json").descriptor
        let swift = FittingWidget().body.descriptor
        let documentFrame = try DocumentFixtures.render(twin, family: .systemSmall)
        let swiftFrame = try DocumentFixtures.render(swift, family: .systemSmall)
        // Between the widget's rounded corners, the short forecast (the long one is wider than the widget) and "Rain".
        let rows = DocumentFixtures.rows(documentFrame).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(rows.dropFirst().dropLast() == ["Cloudy", "Rain"])
        #expect(FrameEncoder.golden(documentFrame.buffer) == FrameEncoder.golden(swiftFrame.buffer))
    }

    @Test func anUnknownAxisIsAnErrorAtItsValue() throws {
        let error = try #require(
            DocumentFixtures.error(DocumentFixtures.widget(#"{"ViewThatFits": [{"Text": "a"}], "in": "diagonal"}"#)))
        #expect(error.description.contains("the axes to fit on (horizontal, vertical, both)"))
        #expect(error.description.hasPrefix("test.json:3:62: error: $.view.VStack[0].in:"))
    }
}
