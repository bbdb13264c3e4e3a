// A plant-watering reminder, written as an iOS widget extension would write it.
// Ported to WidgetTerm by replacing `import WidgetKit`, `import SwiftUI` and `import AppIntents` with
// `import WidgetKitUI` (plus `import Foundation`, which SwiftUI re-exports and WidgetKitUI does not),
// and by guarding the `#Preview` block at the end.
import Foundation
import WidgetKitUI

// MARK: - Data shared with the app through the App Group

struct Plant {
    let id: String
    let name: String
    let everyDays: Int
    let lastWatered: Date

    var nextWatering: Date {
        Calendar.current.date(byAdding: .day, value: everyDays, to: lastWatered) ?? lastWatered
    }
}

enum PlantStore {
    static let suiteName = "group.com.example.plants"

    /// The plant the widget shows. Until the app has logged a watering, a sample plant watered
    /// five days ago.
    static func plant(now: Date = .now) -> Plant {
        let defaults = UserDefaults(suiteName: suiteName)
        let sample = Calendar.current.date(byAdding: .day, value: -5, to: Calendar.current.startOfDay(for: now)) ?? now
        let lastWatered = defaults?.object(forKey: "lastWatered.monstera") as? Date ?? sample
        return Plant(id: "monstera", name: "Monstera", everyDays: 7, lastWatered: lastWatered)
    }

    static func markWatered(plantID: String, at date: Date) {
        UserDefaults(suiteName: suiteName)?.set(date, forKey: "lastWatered.\(plantID)")
    }
}

// MARK: - Intent

struct WaterPlantIntent: AppIntent {
    static var title: LocalizedStringResource = "Water Plant"
    static var description = IntentDescription("Logs that the plant was watered just now.")

    @Parameter(title: "Plant")
    var plantID: String

    init() {}

    init(plantID: String) {
        self.plantID = plantID
    }

    func perform() async throws -> some IntentResult {
        PlantStore.markWatered(plantID: plantID, at: .now)
        return .result()
    }
}

// MARK: - Timeline

struct PlantEntry: TimelineEntry {
    let date: Date
    let plant: Plant

    /// Whole days from this entry's day to the watering day (negative when overdue).
    var daysLeft: Int {
        let calendar = Calendar.current
        let from = calendar.startOfDay(for: date)
        let to = calendar.startOfDay(for: plant.nextWatering)
        return calendar.dateComponents([.day], from: from, to: to).day ?? 0
    }

    var isDue: Bool { daysLeft <= 0 }

    /// How much of the watering interval has passed, 0...1.
    var progress: Double {
        let elapsed = date.timeIntervalSince(plant.lastWatered)
        let interval = plant.nextWatering.timeIntervalSince(plant.lastWatered)
        return interval > 0 ? min(max(elapsed / interval, 0), 1) : 1
    }

    var status: String {
        switch daysLeft {
        case ..<0: return "Overdue \(-daysLeft)d"
        case 0: return "Water today"
        case 1: return "Tomorrow"
        default: return "In \(daysLeft) days"
        }
    }
}

struct Provider: TimelineProvider {
    func placeholder(in context: Context) -> PlantEntry {
        PlantEntry(date: .now, plant: PlantStore.plant())
    }

    func getSnapshot(in context: Context, completion: @escaping (PlantEntry) -> Void) {
        completion(PlantEntry(date: .now, plant: PlantStore.plant()))
    }

    /// One entry now and one at each of the next three midnights, when the day count changes.
    func getTimeline(in context: Context, completion: @escaping (Timeline<PlantEntry>) -> Void) {
        let now = Date()
        let plant = PlantStore.plant(now: now)
        let calendar = Calendar.current
        var entries = [PlantEntry(date: now, plant: plant)]
        for day in 1...3 {
            if let midnight = calendar.date(byAdding: .day, value: day, to: calendar.startOfDay(for: now)) {
                entries.append(PlantEntry(date: midnight, plant: plant))
            }
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

// MARK: - Views

struct PlantWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: Provider.Entry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.progress) {
                Image(systemName: "drop.fill")
            } currentValueLabel: {
                Text("\(max(entry.daysLeft, 0))d")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Label(entry.plant.name, systemImage: "leaf.fill")
                    .font(.headline)
                    .widgetAccentable()
                Text(entry.status)
                Text("Watered \(entry.plant.lastWatered, style: .relative) ago")
                    .foregroundStyle(.secondary)
            }
        default:
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    Image(systemName: "leaf.fill")
                        .foregroundStyle(.green)
                    Text(entry.plant.name)
                        .font(.headline)
                    Spacer()
                }
                Text(entry.status)
                    .font(.title3.bold())
                    .foregroundStyle(entry.isDue ? Color.orange : Color.primary)
                ProgressView(value: entry.progress)
                    .tint(entry.isDue ? .orange : .green)
                if family == .systemMedium {
                    Text("Every \(entry.plant.everyDays) days · last watered \(entry.plant.lastWatered, style: .date)")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                Spacer(minLength: 0)
                Button(intent: WaterPlantIntent(plantID: entry.plant.id)) {
                    Label("Watered", systemImage: "drop.fill")
                        .font(.caption.bold())
                        .frame(maxWidth: .infinity)
                }
                .tint(.green)
            }
        }
    }
}

struct PlantWidget: Widget {
    let kind: String = "PlantWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: Provider()) { entry in
            PlantWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Plant Care")
        .description("Shows when your plant needs water next.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular])
    }
}

// MARK: - Previews (Xcode only: macros cannot be built on Linux without outside packages)

#if canImport(SwiftUI)
#Preview(as: .systemSmall) {
    PlantWidget()
} timeline: {
    PlantEntry(date: .now, plant: PlantStore.plant())
}
#endif
