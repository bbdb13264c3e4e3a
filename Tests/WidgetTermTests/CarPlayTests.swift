import Foundation
import Testing
import TestSupport
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

@Suite struct CarPlayTests {
    static func run(_ arguments: [String], widgets: [WidgetDescriptor] = SampleWidgetBundle().widgetDescriptors) -> (
        status: Int32, output: String, errors: String
    ) {
        let output = StringStream(), errors = StringStream()
        let store = TestScratch.path("wt-carplay")
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments + ["--timezone", "UTC", "--app-group", store], widgets: widgets, environment: [:], output: output,
                errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test("carplay: small widgets side by side on black, full colour, backgrounds removed")
    func widgets() {
        let result = Self.run(["carplay", "weather", "countdown", "--format", "ansi", "--colors", "truecolor"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
        let lines = result.output.components(separatedBy: "\n")
        #expect(lines.first == "CarPlay widgets (full colour, backgrounds removed): weather, countdown")
        #expect(result.output.contains("48;2;0;0;0m"))
        Golden.check(result.output, named: "carplay.weather.countdown")
    }

    @Test("A Live Activity with .supplementalActivityFamilies([.small]) draws its small view on a 24 × 5 card")
    func smallFamily() {
        let result = Self.run(["carplay", "delivery", "--state", "3", "--format", "text"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
        #expect(
            result.output == """
                delivery · state 3/4 · ActivityFamily.small
                ▗                      ▖
                 👜 Sushi Go      12:00
                 On the way
                                 ▌
                ▝                      ▘

                """)
        Golden.check(
            Self.run(["carplay", "delivery", "--state", "3", "--format", "ansi", "--colors", "truecolor"]).output,
            named: "carplay.delivery.small")
    }

    @Test("The document twin of delivery declares the small family and draws the same card")
    func documentTwin() throws {
        let swift = Self.run(["carplay", "delivery", "--state", "2", "--format", "ansi", "--colors", "truecolor"])
        let twin = Self.run([
            "carplay", DocumentFixtures.examples.appendingPathComponent("twins/delivery.json").path, "--state", "2", "--format", "ansi",
            "--colors", "truecolor",
        ])
        #expect(twin.status == 0, "\(twin.errors)")
        #expect(twin.output.replacingOccurrences(of: "delivery-document", with: "delivery") == swift.output)
        #expect(swift.output.contains("Being prepared"))
    }

    @Test("An activity without the small family falls back to its compact views, with a warning")
    func withoutSmallFamily() {
        let result = Self.run(["carplay", "workout", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("workout · state 1/4 · compact (no .small)\n"), "the preview's short heading (A)")
        #expect(result.output.contains("🏃"))
        #expect(
            result.errors
                == "warning activity-without-small-family workout: workout declares no small family, so CarPlay shows its compact "
                + "leading and trailing views; add .supplementalActivityFamilies([.small]) and lay out for "
                + "@Environment(\\.activityFamily) == .small\n")
        Golden.check(result.output, named: "carplay.workout.fallback")
    }

    @Test("\\.activityFamily is .medium on the Lock Screen and .small only in CarPlay; supplementalActivityFamilies is recorded")
    func environment() {
        let delivery = SampleWidgetBundle().widgetDescriptors.first { $0.kind == "delivery" }!
        #expect(delivery.activity?.supplementalFamilies == [.small])
        #expect(EnvironmentValues().activityFamily == .medium)
        // The Lock Screen is unchanged: the medium view, with its order number.
        let lock = Self.run(["render", "delivery", "--presentation", "lockscreen", "--format", "text"])
        #expect(lock.output.contains("Order #1042"))
        #expect(!Self.run(["carplay", "delivery", "--format", "text"]).output.contains("Order #1042"))
    }

    @Test("carplay refusals and the disfavored-location warning")
    func refusals() {
        #expect(
            Self.run(["carplay"]).errors
                == "widgetterm: carplay shows widgets and Live Activities as CarPlay does: give widget kinds, activities or documents\n")
        #expect(Self.run(["carplay", "agenda"]).errors == "widgetterm: agenda has no systemSmall: CarPlay shows small widgets only\n")
        #expect(
            Self.run(["carplay", "weather", "weather", "weather", "weather"]).errors
                == "widgetterm: carplay shows at most 3 widgets side by side; give fewer\n")
        #expect(Self.run(["carplay", "weather", "--format", "json"]).errors == "widgetterm: carplay writes --format text or ansi\n")
        let result = Self.run(["carplay", "car-lamp", "--format", "text"], widgets: [CarLampWidget().body.descriptor])
        #expect(result.status == 0)
        #expect(
            result.errors
                == "warning disfavored-location car-lamp/systemSmall: car-lamp disfavors CarPlay for systemSmall (disfavoredLocations): "
                + "iOS does not offer it there; shown anyway because you asked.\n")
    }
}

private struct CarLampEntry: TimelineEntry {
    let date: Date
}

private struct CarLampProvider: TimelineProvider {
    func placeholder(in context: Context) -> CarLampEntry { CarLampEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (CarLampEntry) -> Void) { completion(CarLampEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CarLampEntry>) -> Void) {
        completion(Timeline(entries: [CarLampEntry(date: Date())], policy: .never))
    }
}

private struct CarLampWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "car-lamp", provider: CarLampProvider()) { _ in
            Text("Lamp").containerBackground(Color.black, for: .widget)
        }
        .supportedFamilies([.systemSmall])
        .disfavoredLocations([.carPlay], for: [.systemSmall])
    }
}
