import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

// MARK: - The configurable `lights` control and `now-playing`'s disfavored location

@Suite struct SampleControlTests {
    static func lights() throws -> ControlDescriptor {
        try #require(SampleWidgetBundle().controlDescriptors.first { $0.kind == "lights" })
    }

    @Test("lights is an AppIntentControlConfiguration: its Room parameter (an AppEnum, Living Room by default) titles the toggle")
    func configuration() throws {
        let descriptor = try Self.lights()
        #expect(descriptor.displayName == "Lights")
        #expect(descriptor.description == "Switches the light of the room you choose.")
        #expect(descriptor.hasValueProvider)
        let configuration = try #require(descriptor.configuration)
        #expect(configuration.parameters.map(\.name) == ["room"])
        #expect(configuration.parameters.map(\.title) == ["Room"])
        #expect(configuration.parameters.map(\.defaultValue) == ["livingRoom"])
        let preview = descriptor.previewTemplate()
        #expect(preview.kind == .toggle(isOn: true))
        #expect(preview.title == "Living Room")
        #expect(preview.systemImage == "lightbulb.fill")
        #expect(preview.valueText == "On")
        #expect(preview.setValue?(false).parameters == ["room=livingRoom", "value=false"])
        #expect(ControlChecks.check(preview, kind: "lights").isEmpty)
    }

    @Test("control lights --param room=kitchen --tap 1: the kitchen's light, off in a new store, then on after the tap")
    func configuredAndTapped() {
        let store = NSTemporaryDirectory() + "wt-lights-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: store) }
        let result = ControlTests.run([
            "control", "lights", "--param", "room=kitchen", "--tap", "1", "--placement", "medium", "--format", "text",
            "--app-group", store,
        ])
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "lights: Lights — Switches the light of the room you choose.")
        #expect(lines.contains("add sheet: previewValue → on \"On\""), "\(result.output)")
        #expect(lines.contains("shown: currentValue() → off \"Off\""), "\(result.output)")
        #expect(lines.contains("tap: runs SetLightIntent(room=kitchen, value=true)"), "\(result.output)")
        #expect(lines.contains("after tap: currentValue() → on \"On\""), "\(result.output)")
        #expect(result.output.contains("Kitchen"), "\(result.output)")
        #expect(!result.output.contains("Living Room"), "\(result.output)")
        let refused = ControlTests.run(["control", "lights", "--param", "room=garage"])
        #expect(refused.status == 2)
        #expect(refused.errors.contains("room"), "\(refused.errors)")
    }

    @Test("control golden: the lights sample (Living Room, on) at every placement", arguments: ControlPlacement.allCases)
    func golden(placement: ControlPlacement) throws {
        let control = try Self.lights().previewTemplate()
        let frame = ControlRenderer.render(control, placement: placement)
        #expect(frame.size == placement.cells())
        #expect(frame.tapRegions.first?.action == .toggle(isOn: true, intent: control.action))
        Golden.check(FrameEncoder.golden(frame.buffer), named: "control.lights.\(placement)")
    }

    @Test("now-playing disfavors CarPlay for systemSmall: recorded, and carplay warns when asked to show it")
    func nowPlayingDisfavorsCarPlay() throws {
        let nowPlaying = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "now-playing" })
        #expect(nowPlaying.disfavoredLocations == [.carPlay: [.systemSmall]])
        let result = CarPlayTests.run(["carplay", "now-playing", "weather", "--format", "text"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            result.errors
                == "warning disfavored-location now-playing/systemSmall: now-playing disfavors CarPlay for systemSmall "
                + "(disfavoredLocations): iOS does not offer it there; shown anyway because you asked.\n")
        #expect(CarPlayTests.run(["carplay", "weather", "countdown", "--format", "text"]).errors == "")
    }
}
