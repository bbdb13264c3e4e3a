import Foundation
import WidgetKitUI

// MARK: - Weather summary with SF Symbols

struct HourForecast: Identifiable {
    var id: Int { hour }
    let hour: Int
    let symbol: String
    let temperature: Int
}

struct WeatherEntry: TimelineEntry {
    let date: Date
    let city: String
    let temperature: Int
    let condition: String
    let symbol: String
    let high: Int
    let low: Int
    let hours: [HourForecast]
}

/// The city a weather widget shows; people pick it when they edit the widget.
struct SelectCityIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Select city" }
    static var description: IntentDescription { "Choose the city the widget shows." }

    @Parameter(title: "City", default: "Lisbon") var city: String

    init() {}

    func perform() async throws -> some IntentResult { .result() }
}

struct WeatherProvider: AppIntentTimelineProvider {
    static func entry(at date: Date, city: String = "Lisbon") -> WeatherEntry {
        WeatherEntry(
            date: date, city: city, temperature: 18, condition: "Partly Cloudy", symbol: "cloud.sun.fill",
            high: 21, low: 13,
            hours: [
                HourForecast(hour: 13, symbol: "sun.max.fill", temperature: 19),
                HourForecast(hour: 14, symbol: "cloud.sun.fill", temperature: 20),
                HourForecast(hour: 15, symbol: "cloud.fill", temperature: 20),
                HourForecast(hour: 16, symbol: "cloud.rain.fill", temperature: 17),
                HourForecast(hour: 17, symbol: "cloud.rain.fill", temperature: 16),
            ])
    }
    func placeholder(in context: Context) -> WeatherEntry { Self.entry(at: Date()) }
    func snapshot(for configuration: SelectCityIntent, in context: Context) async -> WeatherEntry {
        Self.entry(at: Date(), city: configuration.city)
    }
    func timeline(for configuration: SelectCityIntent, in context: Context) async -> Timeline<WeatherEntry> {
        let now = Date()
        return Timeline(entries: [Self.entry(at: now, city: configuration.city)], policy: .after(now.addingTimeInterval(3600)))
    }
}

struct WeatherWidgetView: View {
    @Environment(\.widgetFamily) var family
    let entry: WeatherEntry

    var summary: some View {
        VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: 4) {
                Text(entry.city).font(.subheadline.weight(.semibold))
                Image(systemName: "location.fill").font(.caption2)
            }
            Text("\(entry.temperature)°").font(.system(size: 40, weight: .light))
            Spacer(minLength: 0)
            Image(systemName: entry.symbol)
            Text(entry.condition).font(.caption).lineLimit(1)
            Text("H:\(entry.high)° L:\(entry.low)°").font(.caption)
        }
        .foregroundStyle(.white)
    }

    var body: some View {
        switch family {
        case .systemMedium:
            HStack(alignment: .top) {
                summary
                Spacer()
                HStack(spacing: 8) {
                    ForEach(entry.hours.prefix(4)) { forecast in
                        VStack(spacing: 4) {
                            Text("\(forecast.hour)").font(.caption2)
                            Image(systemName: forecast.symbol)
                            Text("\(forecast.temperature)°").font(.caption)
                        }
                        .foregroundStyle(.white)
                    }
                }
            }
        default:
            summary
        }
    }
}

struct WeatherWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "weather", intent: SelectCityIntent.self, provider: WeatherProvider()) { entry in
            WeatherWidgetView(entry: entry)
                .containerBackground(for: .widget) {
                    // Dark enough for white body text (4.5:1) at the top (6.53:1) and the bottom: the lighter blue the
                    // sample had (0.25, 0.55, 0.9) was 3.44:1 with white, and 2.76:1 with the hours' 80% white.
                    LinearGradient(
                        colors: [Color(red: 0.1, green: 0.36, blue: 0.7), Color(red: 0.06, green: 0.25, blue: 0.55)],
                        startPoint: .top, endPoint: .bottom)
                }
        }
        .configurationDisplayName("Weather")
        .description("Current conditions and the next hours.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
