import Foundation
import WidgetKitUI

// MARK: - Water intake tracker, with an add button (interactive, iOS 17+)

struct WaterEntry: TimelineEntry {
    let date: Date
    let millilitres: Int
    let goal: Int
}

/// Adds one glass to today's total in the App Group store.
struct AddGlassIntent: AppIntent {
    static var title: LocalizedStringResource { "Add a glass of water" }
    static var description: IntentDescription { "Logs 250 ml." }

    @Parameter(title: "Amount (ml)", default: 250) var amount: Int

    init() {}
    init(amount: Int) { self.amount = amount }

    func perform() async throws -> some IntentResult {
        let store = UserDefaults(suiteName: WaterStore.suite)
        store?.set(WaterStore.total(in: store) + amount, forKey: WaterStore.totalKey)
        return .result()
    }
}

/// Where the app and the widget share today's total (an App Group suite).
enum WaterStore {
    static let suite = "group.example.water"
    static let totalKey = "water.total"
    /// Today's total in millilitres; a fresh install starts at the sample's 1250 ml.
    static func total(in store: UserDefaults?) -> Int { store?.object(forKey: totalKey) as? Int ?? 1250 }
}

struct WaterProvider: TimelineProvider {
    func placeholder(in context: Context) -> WaterEntry { WaterEntry(date: Date(), millilitres: 1250, goal: 2000) }

    func getSnapshot(in context: Context, completion: @escaping (WaterEntry) -> Void) {
        completion(WaterEntry(date: Date(), millilitres: 1250, goal: 2000))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WaterEntry>) -> Void) {
        let entry = WaterEntry(date: Date(), millilitres: WaterStore.total(in: UserDefaults(suiteName: WaterStore.suite)), goal: 2000)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct WaterWidgetView: View {
    @Environment(\.widgetFamily) var family
    let entry: WaterEntry

    var progress: Double { Double(entry.millilitres) / Double(entry.goal) }

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: progress) {
                Image(systemName: "drop.fill")
            } currentValueLabel: {
                Text("\(Int(progress * 100))%")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        default:
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    Label("Water", systemImage: "drop.fill")
                        .font(.headline)
                        .foregroundStyle(.blue)
                    Spacer()
                }
                Text("\(entry.millilitres) ml")
                    .font(.system(size: 28, weight: .bold, design: .rounded))
                    .invalidatableContent()
                Text("Goal \(entry.goal) ml")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                ProgressView(value: progress)
                    .tint(.blue)
                Spacer(minLength: 0)
                Button(intent: AddGlassIntent()) {
                    Label("Add 250 ml", systemImage: "plus")
                        .font(.caption.bold())
                        .frame(maxWidth: .infinity)
                        .padding(.vertical, 4)
                        .background(Color.blue.opacity(0.2), in: Capsule())
                }
            }
        }
    }
}

struct WaterWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "water", provider: WaterProvider()) { entry in
            WaterWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Water")
        .description("Today's water intake, with a button to log a glass.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular])
        .widgetTermRoutes(["water://today", "water://log/{amount}"])
    }
}
