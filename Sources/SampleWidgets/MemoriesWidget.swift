import Foundation
import WidgetKitUI

// MARK: - Memories: two photos, each with its own widgetURL (a common mistake, kept on purpose)

struct Memory: Identifiable {
    let id: String
    let place: String
    let year: Int
    let symbol: String
}

struct MemoriesEntry: TimelineEntry {
    let date: Date
    let memories: [Memory]
}

struct MemoriesProvider: TimelineProvider {
    static let sample = [
        Memory(id: "lisbon-2019", place: "Lisbon", year: 2019, symbol: "photo"),
        Memory(id: "kyoto-2023", place: "Kyoto", year: 2023, symbol: "camera"),
    ]

    func placeholder(in context: Context) -> MemoriesEntry { MemoriesEntry(date: Date(), memories: Self.sample) }
    func getSnapshot(in context: Context, completion: @escaping (MemoriesEntry) -> Void) {
        completion(MemoriesEntry(date: Date(), memories: Self.sample))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<MemoriesEntry>) -> Void) {
        completion(Timeline(entries: [MemoriesEntry(date: Date(), memories: Self.sample)], policy: .never))
    }
}

/// Each photo sets its own `.widgetURL`: Apple calls that undefined; devices open the last one applied for
/// every tap. WidgetTerm shows exactly that and warns (field case 5). The fix is one `Link` per photo.
struct MemoriesWidgetView: View {
    let entry: MemoriesEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("On this day").font(.headline)
            HStack(spacing: 8) {
                ForEach(entry.memories) { memory in
                    VStack(spacing: 0) {
                        Image(systemName: memory.symbol).font(.largeTitle)
                        Text("\(memory.place), \(String(memory.year))").font(.caption).lineLimit(1)
                    }
                    .frame(maxWidth: .infinity)
                    .widgetURL(URL(string: "photos://memory/\(memory.id)"))
                }
            }
            Spacer(minLength: 0)
        }
    }
}

struct MemoriesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "memories", provider: MemoriesProvider()) { entry in
            MemoriesWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Memories")
        .description("Two photos from this day, each with its own widgetURL: a mistake WidgetTerm warns about (every tap opens the last).")
        .supportedFamilies([.systemMedium])
        .widgetTermRoutes(["photos://memory/{id}"])
    }
}
