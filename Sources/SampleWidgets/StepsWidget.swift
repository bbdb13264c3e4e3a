import Foundation
import WidgetKitUI

// MARK: - Step counter: Lock Screen accessories and a gauge

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: Int
    let goal: Int
    /// Smart Stack relevance: the per cent of the goal reached, so the widget rises as the goal nears.
    var relevance: TimelineEntryRelevance? { TimelineEntryRelevance(score: Float(min(steps * 100 / goal, 100))) }
}

struct StepsProvider: TimelineProvider {
    func placeholder(in context: Context) -> StepsEntry { StepsEntry(date: Date(), steps: 6_500, goal: 10_000) }
    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> Void) {
        completion(StepsEntry(date: Date(), steps: 6_500, goal: 10_000))
    }
    /// One entry every 15 minutes for two hours, as a pedometer app would schedule.
    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> Void) {
        let now = Date()
        let entries = (0..<8).map { StepsEntry(date: now.addingTimeInterval(Double($0) * 900), steps: 6_480 + $0 * 420, goal: 10_000) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct StepsWidgetView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.colorScheme) var colorScheme
    let entry: StepsEntry

    /// The green of the title and the gauge: the system green reads on dark surfaces, but on white it is 2.22:1, under
    /// the 3:1 a headline (and a gauge's bar) needs; in light appearance they take Apple's accessible green (#248A3D,
    /// 4.40:1 on white).
    var accent: Color { colorScheme == .dark ? .green : Color(red: 36 / 255, green: 138 / 255, blue: 61 / 255) }

    var fraction: Double { min(Double(entry.steps) / Double(entry.goal), 1) }

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: fraction) {
                Image(systemName: "figure.walk")
            } currentValueLabel: {
                Text("\(entry.steps / 1000)k")
            }
            .gaugeStyle(.accessoryCircular)
            .widgetAccentable()
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Label("\(entry.steps) steps", systemImage: "figure.walk").font(.headline).widgetAccentable()
                Gauge(value: fraction) { Text("Goal") }
                    .gaugeStyle(.accessoryLinearCapacity)
            }
        case .accessoryInline:
            Label("\(entry.steps) steps · \(Int(fraction * 100))%", systemImage: "figure.walk")
        default:
            VStack(alignment: .leading) {
                Label("Steps", systemImage: "figure.walk").font(.headline).foregroundStyle(accent)
                Spacer(minLength: 0)
                Text("\(entry.steps)").font(.system(size: 34, weight: .bold)).monospacedDigit()
                Text("of \(entry.goal) goal").font(.caption).foregroundStyle(.secondary)
                Gauge(value: fraction) { EmptyView() }
                    .gaugeStyle(.linearCapacity)
                    .tint(accent)
            }
        }
    }
}

struct StepsWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "steps", provider: StepsProvider()) { entry in
            StepsWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Steps")
        .description("Steps today against your goal.")
        .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
