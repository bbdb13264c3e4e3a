import SwiftUI
import WidgetKit

struct TripWidget: WidgetKit.Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Trip", provider: TripProvider()) { entry in
            Text(entry.trip.destination)
        }
    }
}

struct TripEntry: TimelineEntry {
    var date: Date
    var trip: Trip
}

struct TripProvider: TimelineProvider {
    func placeholder(in context: Context) -> TripEntry { TripEntry(date: .now, trip: Trip(destination: "Lyon", departure: .now)) }
    func getSnapshot(in context: Context, completion: @escaping (TripEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<TripEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
