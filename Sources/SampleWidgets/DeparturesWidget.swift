import Foundation
import WidgetKitUI

// MARK: - Departures: a Link per departure, a timer on each, no widgetURL

struct Departure: Identifiable {
    let id: String
    let line: String
    let destination: String
    let time: Date
}

struct DeparturesEntry: TimelineEntry {
    let date: Date
    let departures: [Departure]
}

struct DeparturesProvider: TimelineProvider {
    /// The departures from the stop in the next hour, minutes after `now`.
    static func departures(after now: Date) -> [Departure] {
        let plan: [(String, String, String, Double)] = [
            ("D412", "4", "Gare de Lyon", 4), ("D415", "12", "Bastille", 9), ("D418", "4", "Porte d'Orléans", 13),
            ("D421", "91", "Montparnasse", 21), ("D424", "12", "Mairie d'Issy", 32), ("D427", "4", "Gare de Lyon", 38),
            ("D430", "91", "Montparnasse", 45), ("D433", "12", "Bastille", 52),
        ]
        return plan.map { Departure(id: $0.0, line: $0.1, destination: $0.2, time: now.addingTimeInterval($0.3 * 60)) }
    }

    func placeholder(in context: Context) -> DeparturesEntry { DeparturesEntry(date: Date(), departures: Self.departures(after: Date())) }
    func getSnapshot(in context: Context, completion: @escaping (DeparturesEntry) -> Void) {
        completion(DeparturesEntry(date: Date(), departures: Self.departures(after: Date())))
    }
    /// An entry now and one as each bus leaves (at least 5 minutes after the previous entry, as Apple asks of
    /// entries), listing the buses still to come; a new timeline after 45 minutes. Reloading as each bus left (every 4
    /// to 11 minutes) spent the 40 reloads a day by the afternoon; the entries drop a departed bus without a reload,
    /// and a reload every 45 minutes is 32 a day.
    func getTimeline(in context: Context, completion: @escaping (Timeline<DeparturesEntry>) -> Void) {
        let now = Date()
        let departures = Self.departures(after: now)
        let reload = now.addingTimeInterval(45 * 60)
        var dates = [now]
        for departure in departures {
            let date = max(departure.time, dates[dates.count - 1].addingTimeInterval(5 * 60))
            if date < reload { dates.append(date) }
        }
        let entries = dates.map { date in DeparturesEntry(date: date, departures: departures.filter { $0.time > date }) }
        completion(Timeline(entries: entries, policy: .after(reload)))
    }
}

struct DeparturesWidgetView: View {
    @Environment(\.widgetFamily) var family
    @Environment(\.colorScheme) var colorScheme
    let entry: DeparturesEntry

    /// The timers' orange: the system orange reads on dark surfaces, but on white it is 2.20:1, under the 4.5:1 the
    /// timers' body text needs; in light appearance they take Apple's accessible orange (#C93400, 5.28:1 on white).
    var accent: Color { colorScheme == .dark ? .orange : Color(red: 201 / 255, green: 52 / 255, blue: 0) }

    func url(_ departure: Departure) -> URL { URL(string: "transit://departure/\(departure.id)")! }

    var body: some View {
        switch family {
        case .systemSmall:
            // Two Links and no widgetURL: on iOS 16 a tap anywhere opens the app with no URL; from iOS 17 each
            // link opens its own departure (field case 6).
            VStack(alignment: .leading, spacing: 0) {
                Label("Departures", systemImage: "bus").font(.caption).foregroundStyle(.secondary)
                ForEach(entry.departures.prefix(2)) { departure in
                    Link(destination: url(departure)) {
                        VStack(alignment: .leading, spacing: 0) {
                            Text("\(departure.line) \(departure.destination)").font(.caption).lineLimit(1)
                            Text(departure.time, style: .timer).font(.headline).monospacedDigit().foregroundStyle(accent)
                        }
                    }
                }
                Spacer(minLength: 0)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Label("Departures", systemImage: "bus").font(.headline)
                ForEach(entry.departures.prefix(family == .systemLarge ? 5 : 3)) { departure in
                    Link(destination: url(departure)) {
                        HStack(spacing: 8) {
                            Text(departure.line).bold().frame(width: 24, alignment: .leading)
                            Text(departure.destination).lineLimit(1)
                            Spacer()
                            Text(departure.time, style: .timer).monospacedDigit().foregroundStyle(accent)
                                .frame(width: 48, alignment: .trailing)
                        }
                    }
                }
                Spacer(minLength: 0)
            }
        }
    }
}

struct DeparturesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "departures", provider: DeparturesProvider()) { entry in
            DeparturesWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Departures")
        .description("The next buses from your stop, each counting down; tap one to follow it.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge])
        .widgetTermRoutes(["transit://departure/{id}"])
    }
}
