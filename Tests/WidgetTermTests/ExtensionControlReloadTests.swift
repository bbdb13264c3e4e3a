import Foundation
import Testing
import CellRender
import SampleWidgets
import TerminalUI
import TestSupport
import WidgetHost
import WidgetKitUI

/// The configuration of the test's configurable control: one toggle parameter.
struct LockConfiguration: ControlConfigurationIntent {
    static var title: LocalizedStringResource { "Lock" }
    @Parameter(title: "Locked", default: false) var locked: Bool
    init() {}
    func perform() async throws -> some IntentResult { .result() }
}

/// What a tap on the lock runs.
struct LockTapIntent: AppIntent {
    static var title: LocalizedStringResource { "Tap the lock" }
    func perform() async throws -> some IntentResult { .result() }
}

/// A save that adds a control to the extension (issue 12 item 2): the rebuilt extension's controls reach the running
/// preview's Control Center screen through `ExtensionReloadQueue`; and the Edit sheet sets a configurable control's
/// parameters there (item 3).
@Suite struct ExtensionControlReloadTests {
    /// A configurable control (`AppIntentControlConfiguration`) whose value text shows its parameter.
    static var lock: ControlDescriptor {
        AppIntentControlConfiguration(kind: "lock", intent: LockConfiguration.self) { configuration in
            ControlWidgetButton(action: LockTapIntent()) {
                Label("Lock", systemImage: "lock")
            } valueLabel: {
                Text(configuration.locked ? "Locked" : "Open")
            }
        }
        .displayName("Lock")
        .controlDescriptor
    }

    @Test func aRebuiltExtensionWithANewControlReachesTheControlScreen() throws {
        FixedClock.run {
            let samples = SampleWidgetBundle()
            let widgets = samples.widgetDescriptors.filter { !$0.isActivity }
            let terminal = MemoryTerminal(width: 120, height: 44)
            var configuration = PreviewConfiguration(
                widgets: widgets, initialKind: "water", theme: Theme.builtIn(.light), format: FixedClock.utcFormat)
            configuration.controls = samples.controlDescriptors.filter { $0.kind == "focus" }
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            let queue = ExtensionReloadQueue()
            app.extensionReloads = queue
            app.renderFrame()
            app.handle(.key(.character("C")))
            app.renderFrame()
            #expect(terminal.text.contains("Focus (focus) 1/1: off \"Off\""), "\(terminal.text)")

            // The rebuilt program: the same widgets and two more controls, one of them configurable.
            queue.post(.rebuilt(buildSeconds: 1))
            // (the samples' own configurable `lights` left out: `lock` is the configurable one here)
            queue.post(widgets: widgets, controls: samples.controlDescriptors.filter { $0.kind != "lights" } + [Self.lock])
            app.renderFrame()
            #expect(app.configuration.controls.map(\.kind) == ["focus", "add-water", "lock"])
            #expect(
                app.log.entries.last { $0.text.hasPrefix("the rebuilt") }?.text
                    == "the rebuilt extension's controls changed: added add-water, lock")
            #expect(!app.log.entries.contains { $0.text.hasPrefix("the rebuilt extension's widgets changed") })
            // The selected control stays selected.
            #expect(terminal.text.contains("Focus (focus) 1/3: off \"Off\""), "\(terminal.text)")
            app.handle(.key(.character("w")))
            app.handle(.key(.character("w")))
            app.renderFrame()
            #expect(terminal.text.contains("Lock (lock) 3/3: button \"Open\""), "\(terminal.text)")

            // The Edit sheet sets the control's parameter; the control is shown again with it.
            app.handle(.key(.character("e")))
            app.renderFrame()
            #expect(terminal.text.contains("Edit Control — Lock"), "\(terminal.text)")
            #expect(terminal.text.contains("▸ Locked  Off"), "\(terminal.text)")
            app.handle(.key(.enter))
            app.renderFrame()
            #expect(terminal.text.contains("▸ Locked  On"), "\(terminal.text)")
            app.handle(.key(.escape))
            app.renderFrame()
            #expect(terminal.text.contains("Lock (lock) 3/3: button \"Locked\""), "\(terminal.text)")
            #expect(app.log.entries.contains { $0.text == "Edit Control: lock locked=true" })

            // Another save that keeps the lock: its chosen value stays.
            queue.post(widgets: widgets, controls: [Self.lock])
            app.renderFrame()
            #expect(app.configuration.controls.first?.configuration?.values == ["locked": "true"])
            #expect(terminal.text.contains("Lock (lock) 1/1: button \"Locked\""), "\(terminal.text)")
        }
    }
}
