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
        // The next train is asked for an hour after this one was shown: 24 reloads a day, within the budget of 40 (a
        // reload at each departure, every 25 minutes, would spend it by the evening).
        completion(Timeline(entries: [entry], policy: .after(entry.date.addingTimeInterval(3600))))
    }
}

struct CountdownWidgetView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.colorScheme) var colorScheme
    let entry: CountdownEntry

    /// The countdown's orange: the system orange reads on dark surfaces, but on white it is 2.20:1, under the 3:1 large
    /// text needs; in light appearance the timer and its bar take Apple's accessible orange (#C93400, 5.28:1 on white).
    var accent: Color { colorScheme == .dark ? .orange : Color(red: 201 / 255, green: 52 / 255, blue: 0) }

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
                    .foregroundStyle(accent)
                ProgressView(timerInterval: entry.start...entry.departure, countsDown: true)
                    .tint(accent)
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
