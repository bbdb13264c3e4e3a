import Foundation
import Testing
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI

/// An entity whose query has no default, for the parameter that cannot start with a value.
private struct ShelfEntity: AppEntity {
    let id: Int
    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Shelf" }
    static var defaultQuery: ShelfQuery { ShelfQuery() }
    var displayRepresentation: DisplayRepresentation { "Shelf \(id)" }
}

private struct ShelfQuery: EntityQuery {
    func entities(for identifiers: [Int]) async throws -> [ShelfEntity] { identifiers.filter { $0 < 100 }.map(ShelfEntity.init) }
    func suggestedEntities() async throws -> [ShelfEntity] { [ShelfEntity(id: 1), ShelfEntity(id: 2)] }
    func defaultResult() async -> ShelfEntity? { nil }
}

private struct ShelfIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Shelf" }
    @Parameter(title: "Shelf") var shelf: ShelfEntity
    @Parameter(title: "Spare") var spare: ShelfEntity?
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

private struct ShelfEntry: TimelineEntry {
    let date: Date
    let text: String
}

private struct ShelfProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> ShelfEntry { ShelfEntry(date: .now, text: "Placeholder") }
    func snapshot(for configuration: ShelfIntent, in context: Context) async -> ShelfEntry {
        ShelfEntry(date: .now, text: "Snapshot")
    }
    func timeline(for configuration: ShelfIntent, in context: Context) async -> Timeline<ShelfEntry> {
        let spare = configuration.spare.map { "\($0.id)" } ?? "none"
        return Timeline(entries: [ShelfEntry(date: .now, text: "Shelf \(configuration.shelf.id) spare \(spare)")], policy: .never)
    }
}

private struct ShelfWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "shelf", intent: ShelfIntent.self, provider: ShelfProvider()) { entry in
            Text(entry.text).containerBackground(.background, for: .widget)
        }
        .supportedFamilies([.systemMedium])
    }
}

/// `@Parameter`s of every kind on the `station-board` sample: described, listed, set from text, rendered.
@Suite struct ConfigurableWidgetTests {
    static func stationBoard() throws -> WidgetDescriptor {
        try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "station-board" })
    }

    static func lines(_ widget: WidgetDescriptor, family: WidgetFamily = .systemSmall) throws -> [String] {
        let frame = try renderWidget(widget, family: family)
        return FrameEncoder.text(frame.buffer).split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The one line of text a widget centres.
    static func text(_ widget: WidgetDescriptor) throws -> String? {
        try lines(widget, family: .systemMedium).first { !$0.isEmpty && !$0.hasPrefix("▗") && !$0.hasPrefix("▝") }
    }

    @Test func everyKindIsDescribed() throws {
        let configuration = try #require(try Self.stationBoard().configuration)
        let described = configuration.parameters.map {
            "\($0.name):\($0.title):\($0.typeName):\($0.kind):\($0.hasChoices):\($0.defaultValue)"
        }
        #expect(
            described == [
                "heading:Title:String:text:false:Next departures", "count:Departures:Int:integer:false:3",
                "showsPlatform:Show platform:Bool:toggle:false:true", "mode:Mode:TransitMode:enumeration:true:tram",
                "station:Station:StationEntity:entity:true:", "line:Line:String:text:true:",
            ])
    }

    @Test func choicesComeFromTheEnumTheQueryAndTheProvider() throws {
        let configuration = try #require(try Self.stationBoard().configuration)
        #expect(
            configuration.options(for: "mode")
                == [.init(value: "bus", title: "Bus"), .init(value: "tram", title: "Tram"), .init(value: "metro", title: "Metro")])
        #expect(
            configuration.options(for: "station")
                == [
                    .init(value: "cais-do-sodre", title: "Cais do Sodré"), .init(value: "rossio", title: "Rossio"),
                    .init(value: "belem", title: "Belém"),
                ])
        #expect(configuration.options(for: "line")?.map(\.value) == ["12E", "15E", "28E", "728"])
        #expect(configuration.options(for: "heading") == nil)
        #expect(configuration.options(for: "count") == nil)
        // Defaults: the query's defaultResult() and the provider's, before anything is set.
        #expect(configuration.currentValue(of: "station") == .init(value: "rossio", title: "Rossio"))
        #expect(configuration.currentValue(of: "line") == .init(value: "28E", title: "28E"))
        #expect(configuration.currentValue(of: "mode") == .init(value: "tram", title: "Tram"))
        try configuration.set("station", to: "belem")
        #expect(configuration.currentValue(of: "station") == .init(value: "belem", title: "Belém"))
    }

    @Test func defaultsRender() throws {
        let lines = try Self.lines(try Self.stationBoard())
        #expect(Array(lines[1...5]) == ["Next departures", "🚋 Rossio", "28E 2 min      P2", "28E 9 min      P2", "28E 16 min     P2"])
    }

    @Test func everyKindSetFromText() throws {
        let widget = try Self.stationBoard()
        let configuration = try #require(widget.configuration)
        for (name, value) in [
            ("heading", "From Belém"), ("count", "2"), ("showsPlatform", "false"), ("mode", "bus"), ("station", "belem"),
            ("line", "728"),
        ] {
            try configuration.set(name, to: value)
        }
        let lines = try Self.lines(widget)
        #expect(Array(lines[1...5]) == ["From Belém", "🚌 Belém", "728 2 min", "728 9 min", ""])
    }

    @Test func badValuesNameTheParameterAndTheValidValues() throws {
        let configuration = try #require(try Self.stationBoard().configuration)
        func message(_ name: String, _ value: String) -> String {
            do {
                try configuration.set(name, to: value)
                return "accepted"
            } catch { return "\(error)" }
        }
        #expect(message("station", "porto") == "parameter station has no value porto; valid values: cais-do-sodre, rossio, belem")
        #expect(message("mode", "ferry") == "parameter mode has no value ferry; valid values: bus, tram, metro")
        #expect(message("line", "99") == "parameter line has no value 99; valid values: 12E, 15E, 28E, 728")
        #expect(message("count", "three") == "parameter count takes an Int, not three")
        #expect(message("showsPlatform", "yes") == "parameter showsPlatform takes a Bool, not yes")
        #expect(
            message("colour", "red")
                == "unknown parameter colour; valid parameters: heading, count, showsPlatform, mode, station, line")
        #expect(configuration.values.isEmpty)
    }

    @Test func anEntityWithoutADefaultShowsThePlaceholderUntilOneIsChosen() throws {
        let widget = ShelfWidget().body.descriptor
        #expect(try Self.text(widget) == "Placeholder")
        let configuration = try #require(widget.configuration)
        // entities(for:) finds identifiers beyond the suggestions.
        try configuration.set("shelf", to: "42")
        #expect(try Self.text(widget) == "Shelf 42 spare none")
        try configuration.set("spare", to: "2")
        #expect(try Self.text(widget) == "Shelf 42 spare 2")
        #expect(throws: IntentParameterError.notAChoice("shelf", "100", valid: ["1", "2"])) {
            try configuration.set("shelf", to: "100")
        }
    }
}
