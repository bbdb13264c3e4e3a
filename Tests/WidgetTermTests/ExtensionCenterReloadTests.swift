import Foundation
import Testing
import CellRender
import TerminalUI
import TestSupport
import WidgetHost
import WidgetKitUI

/// `WidgetCenter` and `ControlCenter` reloads an intent asks for while it runs in an extension process (issue 12):
/// the real `widgetterm-test-extension`'s `switchboard` widget has two buttons whose intents run in its process;
/// the reloads reach the preview's host context, where the tally's timeline reloads through the budget as
/// `ReloadReason.requested` and the lamp control asks `currentValue()` again, as in one process.
@Suite struct ExtensionCenterReloadTests {
    @Test func reloadsAnIntentAsksForInTheExtensionReachThePreview() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let requests = ReloadRequestCenter()
        let host = HostContext(widgetCenter: requests)

        let lamp = try #require(remote.controlDescriptors.first { $0.kind == "lamp" })
        let control = ControlSession(descriptor: lamp, host: host, timeLimit: 20)
        #expect(control.current.kind == .toggle(isOn: false))
        let tally = try #require(remote.descriptors.first { $0.kind == "tally" })
        let instance = WidgetInstance(
            descriptor: tally, family: .systemMedium, device: .default, osVersion: 26, format: FixedClock.utcFormat,
            providerTimeLimit: 20, reloadBudget: ReloadBudget(), host: host)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(instance.reload(at: start, reason: .initial).outcome == .reloaded(budgetLeft: 39))

        let switchboard = try #require(remote.descriptors.first { $0.kind == "switchboard" })
        let session = WidgetSession(descriptor: switchboard, callbackTimeLimit: 20, host: host)
        let selection = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
        let tree = session.resolve(selection, options: ExtensionProcessTests.options(.systemSmall)).content
        #expect(tree.textStrings == ["Light", "Everything"])
        let intents = ExtensionProcessTests.intents(in: tree)
        #expect(intents.map(\.typeName) == ["LightLampIntent", "ReloadEverythingIntent"])
        // Nothing asked for yet.
        #expect(!requests.takeRequest(forKind: "tally"))
        #expect(!control.reloadIfAsked())

        // `LightLampIntent` writes the lamp's value in its process and asks for the lamp's and the tally's reloads.
        let runner = IntentRunner(timeLimit: 20, host: host)
        #expect(runner.run(intents[0], widget: "switchboard").outcome == .succeeded)
        #expect(remote.process(forKind: "switchboard").processID != getpid())
        #expect(requests.takeRequest(forKind: "tally"))
        #expect(!requests.takeRequest(forKind: "count"))
        requests.finishRound()
        // The preview's update makes the reload it makes in one process: requested by the app, counted.
        let event = instance.reload(at: start.addingTimeInterval(600), reason: .requested)
        #expect(event.reason == .requested)
        #expect(event.outcome == .reloaded(budgetLeft: 38))
        #expect(control.reloadIfAsked())
        #expect(control.current.kind == .toggle(isOn: true))
        #expect(control.current.valueText == "Lit")
        #expect(control.log.last == "ControlCenter reload: currentValue() → on \"Lit\"")
        #expect(!control.reloadIfAsked())

        // `reloadAllTimelines()` and `reloadAllControls()` reach every kind.
        #expect(runner.run(intents[1], widget: "switchboard").outcome == .succeeded)
        #expect(requests.takeRequest(forKind: "count"))
        #expect(requests.takeRequest(forKind: "tally"))
        requests.finishRound()
        #expect(!requests.takeRequest(forKind: "tally"))
        #expect(control.reloadIfAsked())
        #expect(host.controlReloads.takeAll())
        #expect(!control.reloadIfAsked())
        #expect(control.log.filter { $0.hasPrefix("ControlCenter reload:") }.count == 2)
        #expect(control.diagnostics.isEmpty)
    }

    @Test func thePreviewReloadsWhatAnIntentInTheExtensionAsksForAsAnAppRequest() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let switchboard = try #require(remote.descriptors.first { $0.kind == "switchboard" })
        try FixedClock.run {
            let preview = InMemoryPreview([switchboard])
            let app = preview.app
            app.renderFrame()
            // The second button: `ReloadEverythingIntent` calls `WidgetCenter.shared.reloadAllTimelines()` there.
            app.handle(.key(.tab))
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            preview.waitUntilIdle()
            let reloads = app.log.texts.filter { $0.hasPrefix("switchboard/systemSmall reload") }
            #expect(reloads.count == 3, "\(app.log.texts)")
            #expect(reloads.first == "switchboard/systemSmall reload: initial · budget left 39")
            #expect(reloads.dropFirst().first == "switchboard/systemSmall reload: intent performed (exempt) · budget left 39")
            // The app's request counts against the budget, so it waits for the 5-minute minimum, as in one process.
            let requested = try #require(reloads.last)
            #expect(requested.hasPrefix("switchboard/systemSmall reload deferred: app requested · to "), "\(requested)")
            #expect(app.log.texts.contains { $0.hasPrefix("intent ReloadEverythingIntent succeeded in") })
        }
    }
}
