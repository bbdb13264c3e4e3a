// A widget file with every form of #Preview Xcode offers, compiled by PreviewMacroTests with the plugin loaded
// (this folder is not a SwiftPM target). Written for WidgetTerm's tests.
import WidgetKitUI

struct PlantEntry: TimelineEntry {
    let date: Date
    let plant: String
}

struct PlantProvider: TimelineProvider {
    func placeholder(in context: Context) -> PlantEntry { PlantEntry(date: .now, plant: "Placeholder") }
    func getSnapshot(in context: Context, completion: @escaping (PlantEntry) -> Void) {
        completion(PlantEntry(date: .now, plant: "Snapshot"))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PlantEntry>) -> Void) {
        completion(Timeline(entries: [PlantEntry(date: .now, plant: "Provided")], policy: .never))
    }
}

struct PlantWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "plant", provider: PlantProvider()) { entry in
            Text(entry.plant).containerBackground(.background, for: .widget)
        }
    }
}

struct CityIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "City" }
    @Parameter(title: "City", default: "Lisbon") var city: String
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

extension CityIntent {
    static var porto: CityIntent {
        let intent = CityIntent()
        intent.city = "Porto"
        return intent
    }
}

struct CityEntry: TimelineEntry {
    let date: Date
    let city: String
}

struct CityProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CityEntry { CityEntry(date: .now, city: "Placeholder") }
    func snapshot(for configuration: CityIntent, in context: Context) async -> CityEntry {
        CityEntry(date: .now, city: configuration.city)
    }
    func timeline(for configuration: CityIntent, in context: Context) async -> Timeline<CityEntry> {
        Timeline(entries: [CityEntry(date: .now, city: "Weather in \(configuration.city)")], policy: .never)
    }
}

struct CityWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "city", intent: CityIntent.self, provider: CityProvider()) { entry in
            Text(entry.city).containerBackground(.background, for: .widget)
        }
    }
}

struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var stops: Int
    }
    var order: String
}

struct DeliveryActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            Text("Order \(context.attributes.order): \(context.state.stops) stops")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(context.state.stops) stops left") }
            } compactLeading: {
                Text("\(context.state.stops)")
            } compactTrailing: {
                Text("stops")
            } minimal: {
                Text("\(context.state.stops)")
            }
        }
    }
}

#Preview(as: .systemSmall) {
    PlantWidget()
} timeline: {
    PlantEntry(date: .now, plant: "Fern")
    PlantEntry(date: .now, plant: "Cactus")
}

#Preview("Cities", as: .systemMedium, using: CityIntent.porto) {
    CityWidget()
} timeline: {
    CityEntry(date: .now, city: "Porto")
    CityEntry(date: .now, city: "Faro")
}

#Preview("Provided", as: .systemSmall) {
    PlantWidget()
} timelineProvider: {
    PlantProvider()
}

#Preview("Configured", as: .systemSmall, using: CityIntent.porto) {
    CityWidget()
} timelineProvider: {
    CityProvider()
}

@available(iOS 17.0, *)
#Preview("Island", as: .dynamicIsland(.compact), using: DeliveryAttributes(order: "A1")) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState(stops: 3)
    DeliveryAttributes.ContentState(stops: 1)
}

#Preview("Expanded", as: .dynamicIsland(.expanded), using: DeliveryAttributes(order: "B2")) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState(stops: 7)
}

#Preview("Minimal", as: .dynamicIsland(.minimal), using: DeliveryAttributes(order: "C3")) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState(stops: 2)
}

#Preview("Lock Screen", as: .content, using: DeliveryAttributes(order: "D4")) {
    DeliveryActivity()
} contentStates: {
    DeliveryAttributes.ContentState(stops: 5)
}

#Preview {
    Text("Just a view")
}

@available(iOS 17.0, *)
#Preview("Stack", traits: .sizeThatFitsLayout) {
    VStack {
        Text("Top")
        Text("Bottom")
    }
}
