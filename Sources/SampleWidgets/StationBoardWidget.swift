import Foundation
import WidgetKitUI

// MARK: - Station board: a configurable widget with a @Parameter of every kind

/// The kind of vehicle the board lists, an `AppEnum` parameter.
enum TransitMode: String, AppEnum {
    case bus, tram, metro

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Mode" }
    static var caseDisplayRepresentations: [TransitMode: DisplayRepresentation] {
        [.bus: "Bus", .tram: "Tram", .metro: "Metro"]
    }

    /// The SF Symbol drawn beside the station's name.
    var symbol: String {
        switch self {
        case .bus: return "bus"
        case .tram: return "tram"
        case .metro: return "tram.fill.tunnel"
        }
    }
}

/// A station people pick from a list, an `AppEntity` parameter found through `StationQuery`.
struct StationEntity: AppEntity {
    static let all = [
        StationEntity(id: "cais-do-sodre", name: "Cais do Sodré", zone: "Zone 1"),
        StationEntity(id: "rossio", name: "Rossio", zone: "Zone 1"),
        StationEntity(id: "belem", name: "Belém", zone: "Zone 2"),
    ]

    let id: String
    let name: String
    let zone: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Station" }
    static var defaultQuery: StationQuery { StationQuery() }
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)", subtitle: "\(zone)") }
}

/// Finds stations by identifier, suggests all of them, and starts at Rossio.
struct StationQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [StationEntity] {
        StationEntity.all.filter { identifiers.contains($0.id) }
    }
    func suggestedEntities() async throws -> [StationEntity] { StationEntity.all }
    func defaultResult() async -> StationEntity? { StationEntity.all[1] }
}

/// The lines the board can follow, known only when the widget is edited (a `DynamicOptionsProvider`).
struct LineOptionsProvider: DynamicOptionsProvider {
    func results() async throws -> [String] { ["12E", "15E", "28E", "728"] }
    func defaultResult() async -> String? { "28E" }
}

/// What people choose when they edit the station board.
struct StationBoardIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Station board" }
    static var description: IntentDescription { "Choose the station, line and how many departures to show." }

    @Parameter(title: "Title", default: "Next departures") var heading: String
    @Parameter(title: "Departures", default: 3) var count: Int
    @Parameter(title: "Show platform", default: true) var showsPlatform: Bool
    @Parameter(title: "Mode", default: .tram) var mode: TransitMode
    @Parameter(title: "Station") var station: StationEntity
    @Parameter(title: "Line", optionsProvider: LineOptionsProvider()) var line: String

    init() {}

    func perform() async throws -> some IntentResult { .result() }
}

struct StationBoardEntry: TimelineEntry {
    let date: Date
    let heading: String
    let station: String
    let mode: TransitMode
    let line: String
    /// Minutes until each departure.
    let minutes: [Int]
    /// The platform, or nil when the board does not show it.
    let platform: String?
}

struct StationBoardProvider: AppIntentTimelineProvider {
    static func entry(at date: Date, for intent: StationBoardIntent) -> StationBoardEntry {
        let count = max(0, min(intent.count, 6))
        return StationBoardEntry(
            date: date, heading: intent.heading, station: intent.station.name, mode: intent.mode, line: intent.line,
            minutes: (0..<count).map { 2 + $0 * 7 }, platform: intent.showsPlatform ? "2" : nil)
    }

    func placeholder(in context: Context) -> StationBoardEntry {
        StationBoardEntry(
            date: Date(), heading: "Next departures", station: "Station", mode: .tram, line: "28E", minutes: [2, 9],
            platform: nil)
    }
    func snapshot(for configuration: StationBoardIntent, in context: Context) async -> StationBoardEntry {
        Self.entry(at: Date(), for: configuration)
    }
    func timeline(for configuration: StationBoardIntent, in context: Context) async -> Timeline<StationBoardEntry> {
        let now = Date()
        return Timeline(entries: [Self.entry(at: now, for: configuration)], policy: .after(now.addingTimeInterval(900)))
    }
}

struct StationBoardView: View {
    let entry: StationBoardEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(entry.heading).font(.caption).foregroundStyle(.secondary).lineLimit(1)
            HStack(spacing: 4) {
                Image(systemName: entry.mode.symbol)
                Text(entry.station).font(.headline).lineLimit(1)
            }
            ForEach(entry.minutes, id: \.self) { minutes in
                HStack(spacing: 4) {
                    Text(entry.line).font(.caption.bold())
                    Text("\(minutes) min").font(.caption)
                    Spacer(minLength: 0)
                    if let platform = entry.platform { Text("P\(platform)").font(.caption2).foregroundStyle(.secondary) }
                }
            }
            Spacer(minLength: 0)
        }
    }
}

struct StationBoardWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "station-board", intent: StationBoardIntent.self, provider: StationBoardProvider()) {
            entry in
            StationBoardView(entry: entry).containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Station board")
        .description("Departures from a station you choose.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
