import Foundation
import Testing
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI

/// Live Activities through the extension protocol (issue 12 item 3): the sample activities, served by the real
/// `widgetterm-test-extension` in samples mode, render every presentation exactly as they do in one process,
/// and their intents run in the extension process.
@Suite struct ExtensionActivityTests {
    @Test func describeListsTheActivitiesWithTheirAttributesTypeAndScript() throws {
        let remote = try ExtensionProcessTests.remote(samples: true)
        defer { remote.stopAll() }
        let local = SampleWidgetBundle().widgetDescriptors
        #expect(remote.descriptors.map(\.kind) == local.map(\.kind))
        let delivery = try #require(remote.widgets.first { $0.kind == "delivery" })
        #expect(delivery.isActivity)
        #expect(
            delivery.activity
                == ArchivedActivityConfiguration(
                    attributesType: "SampleWidgets.DeliveryAttributes", hasPreview: true, previewPresentation: nil))
        #expect(remote.widgets.first { $0.kind == "weather" }?.activity == nil)
        let twin = try #require(remote.descriptors.first { $0.kind == "delivery" }?.activity)
        #expect(twin.attributesType == local.first { $0.kind == "delivery" }?.activity?.attributesType)
        #expect(twin.preview != nil)
    }

    @Test func everyPresentationOfEveryScriptedStateRendersTheSame() throws {
        let remote = try ExtensionProcessTests.remote(samples: true)
        defer { remote.stopAll() }
        for kind in ["delivery", "workout"] {
            let local = try ActivityFixtures.sample(kind)
            let twin = try #require(remote.descriptors.first { $0.kind == kind })
            let states = try FixedClock.run { try ActivityScript.contents(of: local, startingAt: ActivityFixtures.start) }
            let remoteStates = try FixedClock.run { try ActivityScript.contents(of: twin, startingAt: ActivityFixtures.start) }
            #expect(remoteStates == states, "\(kind)")
            for number in 1...states.count {
                for presentation in ActivityPresentation.allCases {
                    let expected = try ActivityFixtures.render(local, presentation, state: number)
                    let actual = try ActivityFixtures.render(twin, presentation, state: number)
                    #expect(
                        FrameEncoder.golden(actual.frame.buffer) == FrameEncoder.golden(expected.frame.buffer),
                        "\(kind) state \(number) \(presentation)")
                }
            }
            // Stale content (an hour after the start, past the scripted stale date) and the dark Lock Screen.
            let later = ActivityFixtures.start.addingTimeInterval(3600)
            let staleLocal = try ActivityFixtures.render(local, .lockScreen, at: later, scheme: .dark)
            let staleRemote = try ActivityFixtures.render(twin, .lockScreen, at: later, scheme: .dark)
            #expect(FrameEncoder.golden(staleRemote.frame.buffer) == FrameEncoder.golden(staleLocal.frame.buffer), "\(kind) stale")
        }
        // The minimal pair: two activities, each resolved by its own kind's process.
        let pairLocal = try ActivityFixtures.render(
            try ActivityFixtures.sample("delivery"), .minimal, detached: try ActivityFixtures.sample("workout"))
        let pairRemote = try ActivityFixtures.render(
            try #require(remote.descriptors.first { $0.kind == "delivery" }), .minimal,
            detached: remote.descriptors.first { $0.kind == "workout" })
        #expect(FrameEncoder.golden(pairRemote.frame.buffer) == FrameEncoder.golden(pairLocal.frame.buffer))
        let delivery = try #require(remote.process(forKind: "delivery").processID)
        let workout = try #require(remote.process(forKind: "workout").processID)
        #expect(delivery != getpid() && workout != getpid() && delivery != workout)
    }

    @Test func dataOfAnotherTypeIsRefusedWithTheExtensionsDecodingError() throws {
        let remote = try ExtensionProcessTests.remote(samples: true)
        defer { remote.stopAll() }
        let local = try #require(try ActivityFixtures.sample("delivery").activity)
        let twin = try #require(remote.descriptors.first { $0.kind == "delivery" }?.activity)
        let request = ActivityResolveRequest(
            attributes: Data("[]".utf8),
            content: EncodedActivityContent(state: Data(#"{"eta":"soon"}"#.utf8), staleDate: nil), isStale: false)
        var expected = ""
        var actual = ""
        do { _ = try local.resolve(request) } catch { expected = "\(error)" }
        do { _ = try twin.resolve(request) } catch { actual = "\(error)" }
        #expect(expected.hasPrefix("delivery: the encoded attributes does not decode"), "\(expected)")
        #expect(actual == expected)
        // The refusal is an answer, not a death: the same process answers the next request.
        let child = try #require(remote.process(forKind: "delivery").processID)
        _ = try FixedClock.run {
            try ActivityScript.contents(
                of: try #require(remote.descriptors.first { $0.kind == "delivery" }), startingAt: ActivityFixtures.start)
        }
        #expect(remote.process(forKind: "delivery").processID == child)
    }

    @Test func aLiveActivityIntentInTheExtensionUpdatesThePreviewsActivity() throws {
        let remote = try ExtensionProcessTests.remote(samples: true)
        defer { remote.stopAll() }
        let workout = try #require(remote.descriptors.first { $0.kind == "workout" })
        let start = ActivityFixtures.start
        let clock = TestClock(start)
        let center = ActivityCenter(now: { clock.now })
        let id = try FixedClock.run(at: start) { try ActivityScript.start(workout, in: center, startingAt: start) }
        let before = try #require(center.snapshot(id: id))
        let resolved = try FixedClock.run(at: start) {
            try #require(workout.activity).resolve(
                ActivityResolveRequest(
                    attributes: before.record.attributes, content: before.record.content, isStale: false, activityID: id))
        }
        let pause = try #require(ExtensionProcessTests.intents(in: resolved.lockScreen).first { $0.typeName == "PauseWorkoutIntent" })
        clock.now = start.addingTimeInterval(90)
        let result = FixedClock.run(at: clock.now) {
            IntentRunner(timeLimit: 30, host: HostContext(activities: center)).start(pause, widget: "workout").wait()
        }
        #expect(result.outcome == .succeeded, "\(result)")
        let after = try #require(center.snapshot(id: id))
        let state = try #require(try JSONSerialization.jsonObject(with: after.record.content.state) as? [String: Any])
        #expect(state["pausedElapsed"] as? Double == 90)
        #expect(center.events.map(\.kind) == [.requested, .updated])
        // The extension process read the preview's activities: it has none of its own.
        #expect(remote.process(forKind: "workout").processID != getpid())
    }
}
