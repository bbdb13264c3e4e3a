//
//  StationBoardWidget.swift
//  StationBoardWidget
//
//  A SiriKit-configured widget as Xcode's iOS 14 template writes it: `ConfigurationIntent`, `BoardStyle` and
//  `Station` come from Intents.intentdefinition (generated, never written here).
//

import Intents
import SwiftUI
import WidgetKit

struct Provider: IntentTimelineProvider {
    func placeholder(in context: Context) -> SimpleEntry {
        SimpleEntry(date: Date(), configuration: ConfigurationIntent())
    }

    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (SimpleEntry) -> Void) {
        let entry = SimpleEntry(date: Date(), configuration: configuration)
        completion(entry)
    }

    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
        let entries = [SimpleEntry(date: Date(), configuration: configuration)]
        let timeline = Timeline(entries: entries, policy: .atEnd)
        completion(timeline)
    }
}

struct SimpleEntry: TimelineEntry {
    let date: Date
    let configuration: ConfigurationIntent
}

struct StationBoardWidgetEntryView: View {
    var entry: Provider.Entry

    var departures: [(String, String)] {
        [("08:10", "Sintra"), ("08:25", "Cascais"), ("08:40", "Azambuja"), ("08:55", "Setúbal")]
    }

    var body: some View {
        VStack(alignment: .leading) {
            Text(entry.configuration.title ?? "Board")
            Text(entry.configuration.station?.displayString ?? "No station")
            Text(entry.configuration.companion.map { "With \($0.displayName)" } ?? "Alone")
            Text("Screen \(Int(UIScreen.main.bounds.width))x\(Int(UIScreen.main.bounds.height)) @\(Int(UIScreen.main.scale))x")
            if let walk = entry.configuration.walk {
                Text("Walk \(Int(walk.converted(to: .meters).value)) m")
            }
            ForEach(0..<(entry.configuration.rows?.intValue ?? 1), id: \.self) { index in
                HStack {
                    Text(departures[index].0)
                    if entry.configuration.style == .detailed {
                        Text(departures[index].1)
                    }
                    if entry.configuration.showPlatforms?.boolValue == true {
                        Text("P\(index + 1)")
                    }
                }
            }
        }
    }
}

@main
struct StationBoardWidget: Widget {
    let kind: String = "StationBoardWidget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: Provider()) { entry in
            StationBoardWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("Station Board")
        .description("The next departures from a station.")
        .supportedFamilies([.systemMedium])
    }
}
