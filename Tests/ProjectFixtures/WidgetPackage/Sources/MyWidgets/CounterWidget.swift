import WidgetKit
import SwiftUI

public struct CounterWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "Counter", provider: CounterProvider()) { entry in Text("\(entry.count)") }
    }
}

struct CounterEntry: TimelineEntry {
    var date: Date
    var count: Int
}

struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry { CounterEntry(date: .now, count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}
