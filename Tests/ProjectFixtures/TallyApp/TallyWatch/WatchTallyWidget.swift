import SwiftUI
import WidgetKit

struct WatchEntry: TimelineEntry {
    let date: Date
}

struct WatchProvider: TimelineProvider {
    func placeholder(in context: Context) -> WatchEntry { WatchEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (WatchEntry) -> Void) { completion(WatchEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<WatchEntry>) -> Void) {
        completion(Timeline(entries: [WatchEntry(date: Date())], policy: .never))
    }
}

@main
struct WatchTallyWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "WatchTally", provider: WatchProvider()) { _ in Text("watch") }
    }
}
