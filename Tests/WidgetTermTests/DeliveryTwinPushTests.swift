import Foundation
import Testing
@testable import SampleWidgets

/// The delivery twin's `content-state` has the Swift `DeliveryAttributes.ContentState`'s coding keys and value types
/// (a stage's `Int` raw value, the ETA as seconds since 2001), so a push payload valid for one is valid for the other.
@Suite struct DeliveryTwinPushTests {
    static let twin = PackagePaths.examples.appendingPathComponent("twins/delivery.json").path

    /// `push PAYLOAD --to TARGET` at the payloads' moment, its output with the twin's kind read as the sample's.
    static func push(_ payload: String, to target: String, _ extra: [String] = []) -> (status: Int32, output: String, errors: String) {
        let result = PushTests.run(["push", payload, "--to", target] + extra)
        return (
            result.status, result.output.replacingOccurrences(of: "delivery-document", with: "delivery"),
            result.errors.replacingOccurrences(of: "delivery-document", with: "delivery")
        )
    }

    @Test("the twin's scripted states use exactly the Swift ContentState's keys, with the same value types")
    func twinStatesHaveTheSwiftKeys() throws {
        let encoded = try JSONEncoder().encode(
            DeliveryAttributes.ContentState(stage: .onTheWay, eta: Date(timeIntervalSinceReferenceDate: 795_175_500), courier: "Sam"))
        let swift = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(Set(swift.keys) == ["stage", "eta", "courier"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.twin))) as? [String: Any])
        let states = try #require((document["activity"] as? [String: Any])?["contentStates"] as? [[String: Any]])
        #expect(states.count == 4)
        for (index, item) in states.enumerated() {
            let state = try #require(item["state"] as? [String: Any])
            #expect(Set(state.keys).isSubset(of: Set(swift.keys)), "state \(index + 1): \(state.keys.sorted())")
            #expect(state["stage"] as? Int == index, "state \(index + 1): the stage is the Swift enum's Int raw value")
        }
    }

    @Test(
        "one update payload decodes into both the Swift ContentState and the twin, which draw the same alert and island",
        arguments: [[], ["--locked"], ["--device", "iphone-se"]])
    func onePayloadBoth(_ extra: [String]) throws {
        let payload = PushTests.examples.appendingPathComponent("delivery-update.json").path
        // ActivityKit's own decoding of the payload's content-state (JSONDecoder, default date strategy).
        let data = try Data(contentsOf: URL(fileURLWithPath: payload))
        let aps = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["aps"] as? [String: Any])
        let state = try JSONDecoder().decode(
            DeliveryAttributes.ContentState.self, from: try JSONSerialization.data(withJSONObject: try #require(aps["content-state"])))
        #expect(state.stage == .onTheWay)
        #expect(state.courier == "Ana")
        let swift = Self.push(payload, to: "delivery", extra)
        let document = Self.push(payload, to: Self.twin, extra)
        #expect(swift.status == 0, "\(swift.errors)")
        #expect(document.status == 0, "\(document.errors)")
        #expect(document.output == swift.output)
        #expect(document.errors == swift.errors)
        #expect(swift.output.contains("On the way") && swift.output.contains("Ana"), "\(swift.output)")
    }

    @Test("every scripted Swift state, encoded as the app's server would send it, is pushed to both and draws the same")
    func everySwiftStatePushedToBoth() throws {
        let start = try #require(ISO8601DateFormatter().date(from: "2026-03-14T09:41:00Z"))
        for (index, content) in DeliveryScript.states(startingAt: start).enumerated() {
            let state = try #require(
                try JSONSerialization.jsonObject(with: try JSONEncoder().encode(content.state)) as? [String: Any])
            let payload = try PushTests.payload(
                ["aps": ["event": "update", "timestamp": 1_773_481_260, "content-state": state]], name: "delivery-twin-\(index)")
            defer { try? FileManager.default.removeItem(atPath: payload) }
            let swift = Self.push(payload, to: "delivery"), document = Self.push(payload, to: Self.twin)
            #expect(swift.status == 0, "state \(index + 1): \(swift.errors)")
            #expect(document.output == swift.output, "state \(index + 1)")
            #expect(document.errors == swift.errors, "state \(index + 1)")
        }
    }

    @Test("a payload with the twin's old keys (stage as a name) is refused by the Swift ContentState, key path named")
    func namedStageIsRefused() throws {
        let payload = try PushTests.payload(
            ["aps": ["event": "update", "timestamp": 1_773_481_260, "content-state": ["stage": "onTheWay", "eta": 795_175_500]]],
            name: "delivery-twin-named")
        defer { try? FileManager.default.removeItem(atPath: payload) }
        let swift = Self.push(payload, to: "delivery")
        #expect(swift.status == 1)
        #expect(swift.errors.hasPrefix("error push-content-state-mismatch delivery: aps.content-state.stage: expected Int;"))
    }

    /// The twin applied a payload the Swift sample refuses, drawing an empty state line: its ContentState is read from
    /// its `contentStates` (keys every state has are required, each key's JSON kind fixed), and checked as JSONDecoder
    /// checks the Swift one.
    @Test("the twin refuses what the Swift ContentState refuses: a stage of another kind, a missing required key")
    func twinRefusesWhatSwiftRefuses() throws {
        let named = try PushTests.payload(
            ["aps": ["event": "update", "timestamp": 1_773_481_260, "content-state": ["stage": "onTheWay", "eta": 795_175_500]]],
            name: "delivery-twin-kind")
        defer { try? FileManager.default.removeItem(atPath: named) }
        let twin = Self.push(named, to: Self.twin)
        #expect(twin.status == 1, "\(twin.output)")
        #expect(
            twin.errors.hasPrefix(
                "error push-content-state-mismatch delivery: aps.content-state.stage: expected a number, found a string;"),
            "\(twin.errors)")
        let missing = try PushTests.payload(
            ["aps": ["event": "update", "timestamp": 1_773_481_260, "content-state": ["eta": 795_175_500]]],
            name: "delivery-twin-missing")
        defer { try? FileManager.default.removeItem(atPath: missing) }
        let swift = Self.push(missing, to: "delivery"), document = Self.push(missing, to: Self.twin)
        #expect(swift.status == 1 && document.status == 1, "\(swift.errors) \(document.errors)")
        #expect(document.errors.hasPrefix("error push-content-state-mismatch delivery: aps.content-state.stage: no value for the key;"))
    }
}
