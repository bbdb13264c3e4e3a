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

    @Test func aMaterialInADocumentRendersAsTheSwiftMaterial() throws {
        struct Frosted: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "probe", provider: FittingProvider()) { _ in
                    VStack {
                        Text("Best 5").padding(4).background(.ultraThinMaterial)
                        Text("Total 9").padding(4).background(.thickMaterial, in: Capsule())
                    }
                    .containerBackground(.blue, for: .widget)
                }
                .supportedFamilies([.systemSmall])
            }
        }
        let document = DocumentFixtures.widget(
            """
            {"Text": "Best 5", "modifiers": [{"padding": 4}, {"background": "ultraThinMaterial"}]},
            {"Text": "Total 9", "modifiers": [{"padding": 4}, {"background": ".thickMaterial", "in": "Capsule"}]}
            """
        ).replacingOccurrences(of: #"{"containerBackground": "background"}"#, with: #"{"containerBackground": "blue"}"#)
        let twin = try WidgetDocument(text: document, file: "frosted.json").descriptor
        let documentFrame = try DocumentFixtures.render(twin, family: .systemSmall)
        let swiftFrame = try DocumentFixtures.render(Frosted().body.descriptor, family: .systemSmall)
        #expect(FrameEncoder.golden(documentFrame.buffer) == FrameEncoder.golden(swiftFrame.buffer))
        // The material is the light system background at 0.3 over the blue: neither blue nor white behind "Best".
        let row = try #require(DocumentFixtures.rows(documentFrame).firstIndex { $0.contains("Best 5") })
        let column = try #require(Array(DocumentFixtures.rows(documentFrame)[row]).firstIndex(of: "B"))
        #expect(documentFrame.buffer[column, row].background != RGB(0, 122, 255))
        #expect(documentFrame.buffer[column, row].background != RGB(255, 255, 255))
        // A misspelt material is refused with the nearest name.
        let error = try #require(
            DocumentFixtures.error(DocumentFixtures.widget(#"{"Text": "a", "modifiers": [{"background": "ultraThinMaterail"}]}"#)))
        #expect(error.description.contains(#"Did you mean "ultraThinMaterial"?"#), "\(error)")
    }

    @Test func anUnknownAxisIsAnErrorAtItsValue() throws {
        let error = try #require(
            DocumentFixtures.error(DocumentFixtures.widget(#"{"ViewThatFits": [{"Text": "a"}], "in": "diagonal"}"#)))
        #expect(error.description.contains("the axes to fit on (horizontal, vertical, both)"))
        #expect(error.description.hasPrefix("test.json:3:62: error: $.view.VStack[0].in:"))
    }
}
