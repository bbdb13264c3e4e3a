import Foundation
import Testing
import TestSupport
import CellRender
import WidgetHost
@testable import WidgetKitUI
@testable import WidgetDocument

/// `examples/twins/water.json` against the Swift sample `water`: the progress fraction and percentage are
/// `{{= ...}}` expressions on the App Group total, as the Swift view computes them.
@Suite("Widget documents: the water twin")
struct WaterTwinTests {
    @Test("the water twin renders the same frames as the Swift sample, cell for cell, in every family and appearance")
    func rendersIdentically() throws {
        // The button runs AddGlassIntent in Swift and the document's DocumentIntent here: the same cells, the same kind
        // of action (what it does is compared below).
        let compared = try DocumentFixtures.expectTwinRendersIdentically("water", tapAction: Self.kind)
        #expect(compared == 3 * 12)
    }

    @Test("at 1250 of 2000 ml the small twin shows the total, the goal and the button, and the circular one 62 %")
    func readsTheTotal() throws {
        let twin = try DocumentFixtures.example("twins/water.json")
        let small = DocumentFixtures.rows(try DocumentFixtures.render(twin, family: .systemSmall))
        let total = try #require(small.first { $0.contains(" ml") && !$0.contains("Goal") && !$0.contains("Add") })
        let millilitres = try #require(Int(total.trimmingCharacters(in: .whitespaces).dropLast(3)))
        #expect(small.contains { $0.contains("Goal 2000 ml") })
        #expect(small.contains { $0.contains("Add 250 ml") })
        let circular = DocumentFixtures.rows(try DocumentFixtures.render(twin, family: .accessoryCircular)).joined(separator: "\n")
        #expect(circular.contains("\(Int(Double(millilitres) / 2000 * 100))%"), "\(circular)")
    }

    @Test("the twin's button adds 250 ml to water.total, as AddGlassIntent does")
    func buttonAddsAGlass() async throws {
        let twin = try DocumentFixtures.render(try DocumentFixtures.example("twins/water.json"), family: .systemSmall)
        let region = try #require(twin.tapRegions.first)
        guard case .intent(let reference) = region.action else {
            Issue.record("the button's tap runs no intent: \(region.action)")
            return
        }
        let intent = try #require(reference.intent as? DocumentIntent)
        #expect(intent.title == "Add a glass of water")
        #expect(intent.suite == "group.example.water")
        #expect(intent.key == "water.total")
        #expect(intent.operation == "increment")
        #expect(intent.value == "250")
        // Run it on a suite of its own, so the samples' store is left as it is.
        let suite = "group.example.water-twin-test-\(UUID().uuidString.prefix(8))"
        intent.suite = suite
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        _ = try await intent.perform()
        #expect(UserDefaults(suiteName: suite)?.object(forKey: "water.total") as? Int == 1500)
    }

    /// The kind of a tap action, without the intent's type.
    static func kind(_ action: TapAction) -> String {
        switch action {
        case .link(let url): return "link \(url)"
        case .intent: return "intent"
        case .toggle(let isOn, _): return "toggle \(isOn)"
        }
    }
}
