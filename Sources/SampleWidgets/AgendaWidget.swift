import Foundation
import WidgetKitUI

// MARK: - Calendar agenda for the large and extra-large families

struct CalendarEvent: Identifiable {
    let id: Int
    let title: String
    let start: Date
    let end: Date
    let color: Color
    let location: String?
}

struct AgendaEntry: TimelineEntry {
    let date: Date
    let events: [CalendarEvent]
}

struct AgendaProvider: TimelineProvider {
    static func events(on day: Date) -> [CalendarEvent] {
        func at(_ hour: Int, _ minute: Int = 0) -> Date { SampleCalendar.at(hour: hour, minute: minute, on: day) }
        return [
            CalendarEvent(id: 1, title: "Stand-up", start: at(9, 30), end: at(9, 45), color: .blue, location: "Room 4"),
            CalendarEvent(id: 2, title: "Design review", start: at(11), end: at(12), color: .purple, location: "Studio"),
            CalendarEvent(id: 3, title: "Lunch with Ana", start: at(12, 30), end: at(13, 30), color: .orange, location: "Café Luz"),
            CalendarEvent(id: 4, title: "Widget QA pass", start: at(15), end: at(16, 30), color: .green, location: nil),
            CalendarEvent(id: 5, title: "Gym", start: at(18), end: at(19), color: .pink, location: "Downtown"),
        ]
    }

    func placeholder(in context: Context) -> AgendaEntry { AgendaEntry(date: Date(), events: Self.events(on: Date())) }
    func getSnapshot(in context: Context, completion: @escaping (AgendaEntry) -> Void) {
        completion(AgendaEntry(date: Date(), events: Self.events(on: Date())))
    }
    /// One entry now, then one as each event ends, so finished events drop off the list; the next timeline is asked for
    /// at the next midnight, when the next day's events are known. (`.atEnd` reloaded 5 minutes after the last event
    /// ended, found nothing left, and reloaded every 5 minutes from then on, spending the 40 reloads a day by evening.)
    func getTimeline(in context: Context, completion: @escaping (Timeline<AgendaEntry>) -> Void) {
        let now = Date()
        let events = Self.events(on: now)
        var entries = [AgendaEntry(date: now, events: events.filter { $0.end > now })]
        for event in events where event.end > now {
            entries.append(AgendaEntry(date: event.end, events: events.filter { $0.end > event.end }))
        }
        let midnight = Calendar.current.date(byAdding: .day, value: 1, to: SampleCalendar.startOfDay(now)) ?? now.addingTimeInterval(86_400)
        completion(Timeline(entries: entries, policy: .after(midnight)))
    }
}

struct AgendaWidgetView: View {
    @Environment(\.widgetFamily) var family
    let entry: AgendaEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack(alignment: .firstTextBaseline) {
                Text(entry.date, style: .date).font(.headline)
                Spacer()
                Text(entry.events.count == 1 ? "1 event" : "\(entry.events.count) events").font(.caption).foregroundStyle(.secondary)
            }
            Divider()
            if entry.events.isEmpty {
                Text("No more events today").foregroundStyle(.secondary)
            }
            ForEach(entry.events.prefix(family == .systemExtraLarge ? 6 : 5)) { event in
                HStack(spacing: 8) {
                    RoundedRectangle(cornerRadius: 2).fill(event.color).frame(width: 4, height: 17)
                    VStack(alignment: .leading, spacing: 0) {
                        Text(event.title).font(.subheadline.weight(.medium)).lineLimit(1)
                        if let location = event.location, family == .systemExtraLarge {
                            Text(location).font(.caption).foregroundStyle(.secondary)
                        }
                    }
                    Spacer()
                    Text(event.start...event.end).font(.caption).foregroundStyle(.secondary)
                }
            }
            Spacer(minLength: 0)
        }
        .widgetURL(URL(string: "agenda://today"))
    }
}

struct AgendaWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "agenda", provider: AgendaProvider()) { entry in
            AgendaWidgetView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Agenda")
        .description("The rest of today's events.")
        .supportedFamilies([.systemLarge, .systemExtraLarge])
        .widgetTermRoutes(["agenda://today", "agenda://event/{id}"])
    }
}
