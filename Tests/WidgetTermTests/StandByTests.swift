import Foundation
import Testing
import TestSupport
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

@Suite struct StandByTests {
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let store = TestScratch.path("wt-standby")
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments + ["--timezone", "UTC", "--app-group", store], widgets: SampleWidgetBundle().widgetDescriptors,
                environment: [:], output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test("StandBy by day: two small widgets side by side, backgrounds removed, full colour", arguments: [false, true])
    func standBy(night: Bool) {
        let result = Self.run(
            ["standby", "weather", "countdown", "--format", "ansi", "--colors", "truecolor"] + (night ? ["--night"] : []))
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.components(separatedBy: "\n")
        #expect(
            lines.first
                == (night
                    ? "StandBy at night (red, vibrant): weather and countdown"
                    : "StandBy (full colour, backgrounds removed): weather and countdown"))
        // 21 + 4 + 21 columns on black; at night every glyph is red (the standby-night tint), by day the weather keeps its colours.
        #expect(result.output.contains("48;2;0;0;0m"))
        #expect(result.output.contains("38;2;255;69;58") == night)
        Golden.check(result.output, named: "standby.weather.countdown.\(night ? "night" : "day")")
    }

    @Test("standby needs two widgets with systemSmall")
    func refusals() {
        #expect(
            Self.run(["standby", "weather"]).errors
                == "widgetterm: standby shows two systemSmall widgets side by side: give two widget kinds or documents\n")
        #expect(
            Self.run(["standby", "weather", "agenda"]).errors == "widgetterm: agenda has no systemSmall: StandBy shows small widgets only\n"
        )
    }
}

private struct NightLightEntry: TimelineEntry {
    let date: Date
}

private struct NightLightProvider: TimelineProvider {
    func placeholder(in context: Context) -> NightLightEntry { NightLightEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (NightLightEntry) -> Void) { completion(NightLightEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<NightLightEntry>) -> Void) {
        completion(Timeline(entries: [NightLightEntry(date: Date())], policy: .never))
    }
}

private struct NightLightWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "night-light", provider: NightLightProvider()) { _ in
            Text("Lamp").containerBackground(Color.black, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .disfavoredLocations([.standBy, .carPlay], for: [.systemSmall])
    }
}

@Suite struct WidgetLocationTests {
    @Test("disfavoredLocations(_:for:) is recorded, and standby warns about a widget that disfavors it")
    func disfavored() {
        let descriptor = NightLightWidget().body.descriptor
        #expect(descriptor.disfavoredLocations == [.standBy: [.systemSmall], .carPlay: [.systemSmall]])
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: ["standby", "night-light", "night-light", "--format", "text"], widgets: [descriptor], environment: [:],
                output: output, errors: errors)
        }
        #expect(status == 0)
        #expect(
            errors.text
                == String(
                    repeating: "warning disfavored-location night-light/systemSmall: night-light disfavors StandBy for systemSmall "
                        + "(disfavoredLocations): iOS does not offer it there; shown anyway because you asked.\n", count: 2))
        #expect(output.text.contains("Lamp"))
    }
}
