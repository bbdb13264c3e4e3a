import Foundation
import Intents
import Testing

@testable import CellRender
@testable import WidgetHost
@testable import WidgetKitUI

// Issue 11, SiriKit-configured widgets: Xcode's iOS 14 widget template (an `IntentConfiguration` with an
// `IntentTimelineProvider` and the `ConfigurationIntent` Xcode generates), written as Xcode writes it, except
// that the generated class declares its parameters as stored properties with defaults instead of `@NSManaged`.

final class TemplateConfigurationIntent: INIntent {
    var city: String? = "Paris"
    var count: NSNumber? = 3
}

private struct TemplateEntry: TimelineEntry {
    let date: Date
    let configuration: TemplateConfigurationIntent
}

private struct TemplateProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> TemplateEntry {
        TemplateEntry(date: Date(), configuration: TemplateConfigurationIntent())
    }

    func getSnapshot(
        for configuration: TemplateConfigurationIntent, in context: Context, completion: @escaping (TemplateEntry) -> Void
    ) {
        completion(TemplateEntry(date: Date(), configuration: configuration))
    }

    func getTimeline(
        for configuration: TemplateConfigurationIntent, in context: Context,
        completion: @escaping (Timeline<TemplateEntry>) -> Void
    ) {
        var entries: [TemplateEntry] = []
        let currentDate = Date()
        for hourOffset in 0..<5 {
            let entryDate = Calendar.current.date(byAdding: .hour, value: hourOffset, to: currentDate)!
            entries.append(TemplateEntry(date: entryDate, configuration: configuration))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

private struct TemplateEntryView: View {
    var entry: TemplateProvider.Entry

    var body: some View {
        VStack {
            Text(entry.configuration.city ?? "Nowhere")
            Text("×\(entry.configuration.count?.intValue ?? 0)")
        }
    }
}

private struct TemplateSiriWidget: Widget {
    let kind: String = "TemplateSiriWidget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: TemplateConfigurationIntent.self, provider: TemplateProvider()) { entry in
            TemplateEntryView(entry: entry)
        }
        .configurationDisplayName("My Widget")
        .description("This is an example widget.")
        .supportedFamilies([.systemSmall])
    }
}

@Suite struct SiriIntentConfigurationTests {
    @Test func theTemplateWidgetDrawsItsIntentsDefaults() throws {
        let descriptor = TemplateSiriWidget().body.descriptor
        #expect(descriptor.kind == "TemplateSiriWidget")
        #expect(descriptor.displayName == "My Widget")
        #expect(descriptor.supportedFamilies == [.systemSmall])
        #expect(descriptor.configuration == nil)
        // The template predates containerBackground (iOS 17 asks for it), so it is drawn as on iOS 16: on the
        // system background, in the rounded widget shape (its corners are the first and last rows).
        let rows = frameRows(try renderWidget(descriptor, family: .systemSmall, osVersion: 16))
        let content = rows.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(content == ["▗                   ▖", "Paris", "×3", "▝                   ▘"])
    }

    @Test func everyTimelineCallGetsAFreshIntentWithItsDefaults() throws {
        let descriptor = TemplateSiriWidget().body.descriptor
        var timelines: [AnyTimeline] = []
        let context = TimelineProviderContext(family: .systemSmall, isPreview: false, displaySize: CGSize(width: 170, height: 170))
        descriptor.timeline(context) { timelines.append($0) }
        descriptor.timeline(context) { timelines.append($0) }
        #expect(timelines.map(\.entries.count) == [5, 5])
        let first = try #require(timelines.first?.entries.first?.base as? TemplateEntry)
        let second = try #require(timelines.last?.entries.first?.base as? TemplateEntry)
        #expect(first.configuration !== second.configuration)
        first.configuration.city = "Oslo"
        #expect(second.configuration.city == "Paris")
        #expect(timelines[0].policy == .atEnd)
    }

    @Test func anINObjectShowsItsDisplayString() {
        let character = INObject(identifier: "c1", display: "Ada")
        #expect(character.identifier == "c1")
        #expect(character.displayString == "Ada")
        #expect("\(character)" == "Ada")
    }
}
