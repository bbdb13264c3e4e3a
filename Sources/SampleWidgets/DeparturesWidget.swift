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
    /// The next five departures from the stop, minutes after `now`.
    static func departures(after now: Date) -> [Departure] {
        let plan: [(String, String, String, Double)] = [
            ("D412", "4", "Gare de Lyon", 4), ("D415", "12", "Bastille", 9), ("D418", "4", "Porte d'Orléans", 13),
            ("D421", "91", "Montparnasse", 21), ("D424", "12", "Mairie d'Issy", 32),
        ]
        return plan.map { Departure(id: $0.0, line: $0.1, destination: $0.2, time: now.addingTimeInterval($0.3 * 60)) }
    }

    func placeholder(in context: Context) -> DeparturesEntry { DeparturesEntry(date: Date(), departures: Self.departures(after: Date())) }
    func getSnapshot(in context: Context, completion: @escaping (DeparturesEntry) -> Void) {
        completion(DeparturesEntry(date: Date(), departures: Self.departures(after: Date())))
    }
    /// One entry now; a new timeline once the first departure has left.
    func getTimeline(in context: Context, completion: @escaping (Timeline<DeparturesEntry>) -> Void) {
        let now = Date()
        let departures = Self.departures(after: now)
        completion(Timeline(entries: [DeparturesEntry(date: now, departures: departures)], policy: .after(departures[0].time)))
    }
}

struct DeparturesWidgetView: View {
    @Environment(\.widgetFamily) var family
    let entry: DeparturesEntry

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
                            Text(departure.time, style: .timer).font(.headline).monospacedDigit().foregroundStyle(.orange)
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
                            Text(departure.time, style: .timer).monospacedDigit().foregroundStyle(.orange)
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
