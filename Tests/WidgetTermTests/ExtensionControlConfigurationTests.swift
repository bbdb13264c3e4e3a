import Foundation
import Testing
import WidgetHost
import WidgetKitUI

/// A configurable control's parameters cross the extension protocol (issue 12 item 3): the extension lists them,
/// the preview keeps the chosen values and every template request carries them; `--param` sets them.
@Suite struct ExtensionControlConfigurationTests {
    @Test func theExtensionListsTheParametersAndBuildsTheTemplateWithTheChosenValues() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let archived = try #require(remote.controls.first { $0.kind == "roomlight" })
        #expect(
            try #require(archived.parameters).map(ExtensionConfigurationTests.line) == [
                "room|Room||RoomEntity|entity|kitchen=Kitchen,hall=Hall", "shade|Shade|blue|Shade|enumeration|blue=Blue,red=Red",
            ])
        #expect(remote.controls.first { $0.kind == "lamp" }?.parameters == nil)

        let control = try #require(remote.controlDescriptors.first { $0.kind == "roomlight" })
        let settings = try #require(control.configuration)
        #expect(settings.currentValue(of: "room") == IntentParameterOption(value: "kitchen", title: "Kitchen"))
        #expect(ControlSession(descriptor: control, timeLimit: 20).current.valueText == "Kitchen blue")
        #expect(control.previewTemplate().valueText == "Kitchen preview")

        try settings.set("room", to: "hall")
        try settings.set("shade", to: "red")
        #expect(ControlSession(descriptor: control, timeLimit: 20).current.valueText == "Hall red")
        #expect(control.previewTemplate().valueText == "Hall preview")
        // Refusals come from the extension, with the valid values.
        #expect(throws: IntentParameterError.notAChoice("shade", "green", valid: ["blue", "red"])) {
            try settings.set("shade", to: "green")
        }
        #expect(settings.values == ["room": "hall", "shade": "red"])
        #expect(try #require(remote.process(forKind: "control:roomlight").processID) != getpid())
    }

    @Test func controlParamSetsTheValuesThroughTheExtension() throws {
        let environment = ExtensionCommandTests.environment(samples: false)
        let run = try ExtensionCommandTests.remote(
            ["control", "roomlight", "--param", "room=hall", "--format", "text", "--placement", "small"], environment: environment)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("shown: currentValue() → button \"Hall blue\""), "\(run.output)")
        #expect(run.output.contains("add sheet: previewValue → button \"Hall preview\""), "\(run.output)")

        let refused = try ExtensionCommandTests.remote(["control", "roomlight", "--param", "room=cellar"], environment: environment)
        #expect(refused.status == 2)
        #expect(
            refused.errors == "widgetterm: roomlight: parameter room has no value cellar; valid values: kitchen, hall\n",
            "\(refused.errors)")
        let staticControl = try ExtensionCommandTests.remote(["control", "lamp", "--param", "room=hall"], environment: environment)
        #expect(staticControl.status == 2)
        #expect(staticControl.errors.contains("lamp is not configurable (it uses StaticControlConfiguration)"), "\(staticControl.errors)")
    }
}
