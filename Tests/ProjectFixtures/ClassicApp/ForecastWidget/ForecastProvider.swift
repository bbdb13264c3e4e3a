import WidgetKit

struct ForecastEntry: TimelineEntry {
    var date: Date
    var forecast: Forecast
}

struct ForecastProvider: TimelineProvider {
    func placeholder(in context: Context) -> ForecastEntry { ForecastEntry(date: .now, forecast: .sample) }
    func getSnapshot(in context: Context, completion: @escaping (ForecastEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ForecastEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
