import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
import WidgetHost
import WidgetDocument
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
        let store = TestScratch.path("wt-lights")
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

    static let lightsTwin = PackagePaths.examples.appendingPathComponent("twins/lights.json").path

    @Test("the lights twin declares the Swift intent's parameter: name, title, kind, default and cases")
    func twinDeclaresTheIntentsParameters() throws {
        let swift = try #require(try Self.lights().configuration)
        let twin = try ControlDocument(contentsOf: Self.lightsTwin).descriptor
        #expect(twin.kind == "lights")
        #expect(twin.displayName == "Lights")
        #expect(twin.description == "Switches the light of the room you choose.")
        #expect(twin.hasValueProvider)
        #expect(!twin.lacksPreviewValue)
        let document = try #require(twin.configuration)
        #expect(document.parameters.map(\.name) == swift.parameters.map(\.name))
        #expect(document.parameters.map(\.title) == swift.parameters.map(\.title))
        #expect(document.parameters.map(\.kind) == swift.parameters.map(\.kind))
        #expect(document.parameters.map(\.defaultValue) == swift.parameters.map(\.defaultValue))
        #expect(document.options(for: "room") == swift.options(for: "room"))
        #expect(document.options(for: "room")?.map(\.title) == ["Living Room", "Kitchen", "Bedroom"])
        #expect(throws: IntentParameterError.self) { try document.set("room", to: "garage") }
    }

    @Test(
        "the lights twin draws the Swift control's frames, cell for cell, for each room at every placement (add sheet and shown)",
        arguments: ["livingRoom", "kitchen", "bedroom"])
    func twinRendersIdentically(room: String) async throws {
        let swift = try Self.lights()
        let twin = try ControlDocument(contentsOf: Self.lightsTwin).descriptor
        try #require(swift.configuration).set("room", to: room)
        try #require(twin.configuration).set("room", to: room)
        // Both read the same App Group key (lights.ROOM of group.example.lights), which no test writes in this process.
        let pairs = [
            (swift.previewTemplate(), twin.previewTemplate()), (try await swift.currentTemplate(), try await twin.currentTemplate()),
        ]
        for (expected, actual) in pairs {
            #expect(actual.title == expected.title)
            #expect(actual.kind == expected.kind)
            #expect(actual.valueText == expected.valueText)
            #expect(actual.setValue?(true).parameters.last == "value=true")
            #expect(actual.setValue?(true).parameters.contains("key=lights.\(room)") == true, "the twin sets the configured room's key")
            for placement in ControlPlacement.allCases {
                let want = ControlRenderer.render(expected, placement: placement)
                let got = ControlRenderer.render(actual, placement: placement)
                #expect(FrameEncoder.golden(got.buffer) == FrameEncoder.golden(want.buffer), "\(room) \(placement)")
                #expect(got.tapRegions.map(\.rect) == want.tapRegions.map(\.rect), "\(room) \(placement): tap regions")
            }
        }
        #expect(pairs[0].1.kind == .toggle(isOn: true), "the add sheet shows previewValue: on")
    }

    @Test("control TWIN --param room=kitchen --tap 1, each in its own process and store, prints what the Swift lights prints")
    func twinTapsAlike() throws {
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build)")
        // In its own process: a tap writes the App Group store, which in this process is the one every test shares.
        func run(_ target: String) throws -> ProgramRun {
            let store = FileManager.default.temporaryDirectory.appendingPathComponent("wt-lights-twin-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: store) }
            return try ProgramRun(
                binary,
                [
                    "control", target, "--param", "room=kitchen", "--tap", "1", "--placement", "medium", "--format", "text",
                    "--app-group", store.path,
                ], environment: ["LANG": "C.UTF-8", "TZ": "UTC", "HOME": store.path, "PATH": "/usr/bin:/bin"])
        }
        let swift = try run("lights"), twin = try run(Self.lightsTwin)
        #expect(swift.status == 0, "\(swift.errors)")
        #expect(twin.status == 0, "\(twin.errors)")
        // The lines that differ: which intent the tap runs, and how long it took.
        func withoutIntent(_ text: String) -> [String] {
            text.components(separatedBy: "\n").filter { !$0.hasPrefix("tap: runs ") && !$0.hasPrefix("intent ") }
        }
        #expect(withoutIntent(twin.output) == withoutIntent(swift.output))
        #expect(swift.output.contains("shown: currentValue() → off \"Off\""), "\(swift.output)")
        #expect(swift.output.contains("after tap: currentValue() → on \"On\""), "\(swift.output)")
        #expect(swift.output.contains("tap: runs SetLightIntent(room=kitchen, value=true)"), "\(swift.output)")
        #expect(
            twin.output.contains("tap: runs DocumentSetValueIntent(suite=group.example.lights, key=lights.kitchen, value=true)"),
            "\(twin.output)")
        let refused = ControlTests.run(["control", Self.lightsTwin, "--param", "room=garage"])
        #expect(refused.status == 2)
        #expect(refused.errors == ControlTests.run(["control", "lights", "--param", "room=garage"]).errors)
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
