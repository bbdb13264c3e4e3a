import Foundation
import WidgetKitUI

// MARK: - Countdown to a departure, with a bounded timer

struct CountdownEntry: TimelineEntry {
    let date: Date
    let title: String
    let start: Date
    let departure: Date
    /// Smart Stack relevance: high until the train leaves, then nothing.
    var relevance: TimelineEntryRelevance? { TimelineEntryRelevance(score: 100, duration: departure.timeIntervalSince(date)) }
}

struct CountdownProvider: TimelineProvider {
    func entry(now: Date) -> CountdownEntry {
        CountdownEntry(date: now, title: "Train to Lyon", start: now, departure: now.addingTimeInterval(25 * 60))
    }
    func placeholder(in context: Context) -> CountdownEntry { entry(now: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) { completion(entry(now: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        let entry = entry(now: Date())
        completion(Timeline(entries: [entry], policy: .after(entry.departure)))
    }
}

struct CountdownWidgetView: View {
    @Environment(\.widgetFamily) var family
    let entry: CountdownEntry

    var body: some View {
        switch family {
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Text(entry.title).font(.headline).widgetAccentable()
                Text(timerInterval: entry.start...entry.departure, countsDown: true)
                    .monospacedDigit()
            }
        default:
            VStack(alignment: .leading, spacing: 4) {
                Label("Departs", systemImage: "tram.fill").font(.caption).foregroundStyle(.secondary)
                Text(entry.title).font(.headline).lineLimit(2)
                Spacer(minLength: 0)
                Text(timerInterval: entry.start...entry.departure, countsDown: true)
                    .font(.system(size: 30, weight: .semibold))
                    .monospacedDigit()
                    .foregroundStyle(.orange)
                ProgressView(timerInterval: entry.start...entry.departure, countsDown: true)
                    .tint(.orange)
                Text("at \(entry.departure, style: .time)").font(.caption2).foregroundStyle(.secondary)
            }
        }
    }
}

struct CountdownWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "countdown", provider: CountdownProvider()) { entry in
            CountdownWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Departure")
        .description("Time left before your train leaves.")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}
