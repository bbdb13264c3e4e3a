import Foundation
import Testing
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

@Suite struct PushTokenTests {
    static func center() -> (ActivityCenter, HostContext) {
        let center = ActivityCenter(now: { FixedClock.reference })
        let host = HostContext()
        center.install(in: host)
        return (center, host)
    }

    @Test("pushType .token issues an update token; a new one replaces it; an app that reads only the first is reported")
    func onlyTheFirstTokenUploaded() async throws {
        let (center, host) = Self.center()
        try await host.run {
            let activity = try Activity.request(
                attributes: PayloadAttributes(name: "tokens"), content: ActivityContent(state: .init(note: "a"), staleDate: nil),
                pushType: .token)
            // The app uploads the first token it sees, then stops listening: the pitfall.
            var iterator = activity.pushTokenUpdates.makeAsyncIterator()
            let first = try #require(await iterator.next())
            #expect(first.count == 32)
            #expect(first == ActivityPushService.token(seed: "\(activity.id)#1"))
            let second = try #require(center.pushService.rotateUpdateToken(activityID: activity.id))
            #expect(second != first)
            #expect(center.updateTokens(activityID: activity.id) == [first, second])
            let findings = center.pushService.diagnostics(widget: "payload")
            #expect(findings.map(\.code) == ["push-token-not-uploaded"])
            #expect(
                findings.first?.message
                    == "\(activity.id) was given 2 update tokens and the app uploaded 1 (only its first): pushes to a replaced token "
                    + "fail. Send every token Activity.pushTokenUpdates yields to the server, for the activity's lifetime.")
            // Listening on: the next token comes from the same sequence, and then nothing is missing.
            #expect(await iterator.next() == second)
            #expect(center.pushService.diagnostics(widget: "payload").isEmpty)
            #expect(activity.pushToken == second)
        }
    }

    @Test("pushTokenUpdates waits for the next token, and finishes when the activity ends")
    func waitsThenFinishes() async throws {
        let (center, host) = Self.center()
        try await host.run {
            let activity = try Activity.request(
                attributes: PayloadAttributes(name: "wait"), content: ActivityContent(state: .init(note: "a"), staleDate: nil),
                pushType: .token)
            let updates = activity.pushTokenUpdates
            let reader = Task { () -> [Data] in
                var seen: [Data] = []
                for await token in updates { seen.append(token) }
                return seen
            }
            // A second token, then the end: the reader gets both tokens whenever it runs, then the sequence finishes.
            center.pushService.rotateUpdateToken(activityID: activity.id)
            await activity.end(nil, dismissalPolicy: .immediate)
            let seen = await reader.value
            #expect(seen == center.updateTokens(activityID: activity.id))
            #expect(seen.count == 2)
            #expect(center.pushService.diagnostics(widget: "payload").isEmpty)
        }
    }

    @Test("push-to-start tokens: Activity.pushToStartToken reads the latest, and the sequence yields each")
    func pushToStart() async {
        let (center, host) = Self.center()
        await host.run {
            #expect(Activity<PayloadAttributes>.pushToStartToken == nil)
            let type = ActivityCoding.typeName(of: PayloadAttributes.self)
            let token = center.pushService.issuePushToStartToken(attributesType: type)
            #expect(Activity<PayloadAttributes>.pushToStartToken == token)
            var iterator = Activity<PayloadAttributes>.pushToStartTokenUpdates.makeAsyncIterator()
            #expect(await iterator.next() == token)
        }
    }

    @Test("a channel push updates every subscribed activity; --activity targets one; the listing shows tokens and channels")
    func channelsAndTargets() throws {
        let payload = PushTests.examples.appendingPathComponent("delivery-update.json").path
        let channel = PushTests.run(["push", payload, "--to", "delivery", "--channel", "orders-1042", "--activities", "2"])
        #expect(channel.status == 0, "\(channel.errors)")
        #expect(channel.output.hasPrefix("push 1 at 2026-03-14 09:41 (priority 10, update): applied to activity-1, activity-2\n"))
        #expect(
            channel.output.contains(
                "activities:\n  activity-1  channel orders-1042  reached by the push  active\n"
                    + "  activity-2  channel orders-1042  reached by the push  active\n"))

        let one = PushTests.run(["push", payload, "--to", "delivery", "--activities", "3", "--activity", "activity-2"])
        #expect(one.status == 0, "\(one.errors)")
        #expect(one.output.hasPrefix("push 1 at 2026-03-14 09:41 (priority 10, update): applied to activity-2\n"))
        let token = ActivityPushService.token(seed: "activity-2#1").hexadecimalString.prefix(16)
        #expect(one.output.contains("  activity-1  token "))
        #expect(one.output.contains("  activity-2  token \(token)… (uploaded)  reached by the push  active\n"))
        #expect(one.output.contains("  activity-3  token ") && one.output.contains("not reached"))

        #expect(
            PushTests.run(["push", payload, "--to", "delivery", "--activity", "activity-9"]).errors
                == "widgetterm: --activity activity-9 is not running; the activities are activity-1 (--activities N starts more)\n")
        #expect(
            PushTests.run(["push", payload, "--to", "delivery", "--activity", "activity-1", "--channel", "c"]).errors
                == "widgetterm: --activity targets one activity's token; --channel reaches every subscriber of the channel: give one\n")
    }
}
