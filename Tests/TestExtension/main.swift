import Foundation
import SampleWidgets
import WidgetKitUI
import WidgetTermCLI

// A widget extension for the extension-process tests: one widget that works and counts its intent runs, and
// providers that crash or never answer. With WIDGETTERM_TEST_SAMPLES=1 it serves the built-in samples instead.

struct CountEntry: TimelineEntry {
    let date: Date
    let count: Int
}

/// How many times `BumpIntent` ran in this process.
nonisolated(unsafe) var bumps = 0

struct BumpIntent: AppIntent {
    static var title: LocalizedStringResource { "Bump" }
    func perform() async throws -> some IntentResult {
        bumps += 1
        return .result()
    }
}

struct CountProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: -1) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(CountEntry(date: Date(), count: bumps))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        print("a print in widget code must not break the protocol")
        completion(Timeline(entries: [CountEntry(date: Date(timeIntervalSince1970: 0), count: bumps)], policy: .never))
    }
}

struct CountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "count", provider: CountProvider()) { entry in
            VStack {
                Text("Bumped \(entry.count)")
                Button(intent: BumpIntent()) { Text("Bump") }
            }
            .containerBackground(Color.blue, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

struct CrashProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(CountEntry(date: Date(), count: 0))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        fatalError("the provider exploded")
    }
}

struct CrashWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "crash", provider: CrashProvider()) { entry in Text("never") }
            .supportedFamilies([.systemSmall])
    }
}

struct TickerProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {
        completion(CountEntry(date: Date(), count: 0))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        completion(Timeline(entries: [CountEntry(date: Date(), count: 0)], policy: .never))
    }
}

/// A widget whose timer text moves every second: the preview keeps drawing it while another kind's
/// process is dead.
struct TickerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ticker", provider: TickerProvider()) { entry in
            HStack {
                Text("Ticking")
                Text(entry.date, style: .timer)
            }
            .containerBackground(Color.green, for: .widget)
        }
        .supportedFamilies([.systemSmall])
    }
}

struct HangProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: Date(), count: 0) }
    func getSnapshot(in context: Context, completion: @escaping (CountEntry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<CountEntry>) -> Void) {
        while true { sleep(60) }
    }
}

struct HangWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "hang", provider: HangProvider()) { entry in Text("never") }
            .supportedFamilies([.systemSmall])
    }
}

struct TestBundle: WidgetBundle {
    var body: some Widget {
        CountWidget()
        CrashWidget()
        TickerWidget()
        HangWidget()
    }
}

if ProcessInfo.processInfo.environment["WIDGETTERM_TEST_SAMPLES"] == "1" {
    WidgetTermCommand.main(bundle: SampleWidgetBundle())
}
WidgetTermCommand.main(bundle: TestBundle())
