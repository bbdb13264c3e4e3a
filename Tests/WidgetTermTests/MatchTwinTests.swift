import Foundation
import Testing
import TestSupport
import CellRender
import WidgetDocument
import WidgetHost
import WidgetKitUI

/// `examples/twins/match.json`, the document twin of the sample `match`: the same frames, and the same alerts on the
/// same updates (`"alert"` on a content state).
@Suite struct MatchTwinTests {
    static func twin() throws -> WidgetDescriptor { try DocumentFixtures.example("twins/match.json") }

    @Test("the twin renders every presentation of every state as the Swift `match` does")
    func rendersIdentically() throws {
        let sample = try ActivityFixtures.sample("match")
        let twin = try Self.twin()
        #expect(twin.kind == "match-document")
        #expect(twin.routes == sample.routes)
        let started = FixedClock.reference
        var compared = 0
        for state in 1...5 {
            for presentation in ActivityPresentation.allCases {
                let expected = try DocumentRoundTripTests.render(sample, presentation, state: state, started: started, at: started)
                let actual = try DocumentRoundTripTests.render(twin, presentation, state: state, started: started, at: started)
                #expect(
                    FrameEncoder.golden(actual.frame.buffer) == FrameEncoder.golden(expected.frame.buffer),
                    "match \(presentation) state \(state)")
                #expect(actual.frame.tapRegions == expected.frame.tapRegions)
                #expect(actual.frame.widgetURLs == expected.frame.widgetURLs)
                compared += 1
            }
        }
        #expect(compared == 20)
    }

    @Test("the twin's content states carry the sample's alerts: the same titles, bodies and sounds on the same updates")
    func alertsAgree() throws {
        let start = FixedClock.reference
        let sample = try ActivityScript.alertConfigurations(of: try ActivityFixtures.sample("match"), startingAt: start)
        let twin = try ActivityScript.alertConfigurations(of: try Self.twin(), startingAt: start)
        #expect(twin == sample)
        #expect(twin.map { $0?.sound.name } == [nil, "goal.caf", nil, "default", "whistle.caf"])
        // Played into a center, the twin's updates alert as the sample's do.
        let center = ActivityCenter(now: { start })
        _ = try ActivityScript.start(try Self.twin(), in: center, state: 5, startingAt: start)
        #expect(center.alerts.map(\.soundName) == ["goal.caf", "default", "whistle.caf"])
        #expect(center.alerts.first?.title == "Goal! Lions 1 – 0")
    }

    /// An activity document whose second content state has `alert` (JSON text), or the first with `first`.
    static func document(alert: String, first: Bool = false) -> String {
        let alerting = "\"alert\": \(alert)"
        return """
            {"kind": "probe", "activity": {
              "contentStates": [{"state": {"n": 1}\(first ? ", " + alerting : "")}, {"state": {"n": 2}\(first ? "" : ", " + alerting)}],
              "lockScreen": {"Text": "{{state.n}}"}}}
            """
    }

    @Test(
        "a bad alert is refused with its JSON path and what to write",
        arguments: [
            (
                document(alert: #"{"title": "Goal", "body": "1 – 0"}"#, first: true), "$.activity.contentStates[0].alert",
                "expected no alert on the first content state: it starts the activity (Activity.request shows no alert); put the "
                    + "alert on a later state, whose update shows it; found an alert"
            ),
            (
                document(alert: #"{"title": "Goal"}"#), "$.activity.contentStates[1].alert",
                #"expected "body": a string; an alert is {"title": "Goal!", "body": "Okafor scores", "sound": "default" or a sound file such as "goal.caf"}"#
            ),
            (document(alert: #"{"title": 3, "body": "x"}"#), "$.activity.contentStates[1].alert.title", "expected a string"),
            (
                document(alert: #"{"title": "Goal", "body": "x", "sound": ""}"#), "$.activity.contentStates[1].alert.sound",
                #"expected "default", or the name of a sound file in the app's bundle such as "goal.caf""#
            ),
            (document(alert: #""Goal""#), "$.activity.contentStates[1].alert", "expected an alert: {\"title\""),
        ])
    func badAlerts(text: String, path: String, message: String) throws {
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.path.description == path, "\(error)")
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test("a misspelled alert member is refused with the nearest name")
    func misspelledSound() throws {
        let error = try #require(DocumentFixtures.error(Self.document(alert: #"{"title": "Goal", "body": "x", "sund": "goal.caf"}"#)))
        #expect(error.path.description == "$.activity.contentStates[1].alert.sund", "\(error)")
        #expect(error.suggestion == "sound")
    }
}
