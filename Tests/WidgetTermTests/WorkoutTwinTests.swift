import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
import WidgetHost
@testable import WidgetKitUI
@testable import WidgetDocument

/// `examples/twins/workout.json`, the document twin of the sample `workout`: the same frames, taps and live regions in
/// every presentation of every state, and its Pause, Resume and End buttons update and end the activity as the Swift
/// `LiveActivityIntent`s do (`updateActivity`, `endActivity`, `now` and `??` in their values).
@Suite struct WorkoutTwinTests {
    static func twin() throws -> WidgetDescriptor { try DocumentFixtures.example("twins/workout.json") }

    /// What a tap does, compared across the sample and the twin: a link's URL, or an intent's title (the Swift intent's
    /// `title`; the document intent's `title` parameter).
    static func action(_ action: TapAction) -> String {
        switch action {
        case .link(let url): return "link \(url)"
        case .toggle(let isOn, let intent): return "toggle \(isOn) \(title(of: intent))"
        case .intent(let intent): return "intent \(title(of: intent))"
        }
    }

    static func title(of intent: IntentReference) -> String {
        intent.parameters.first { $0.hasPrefix("title=") }.map { String($0.dropFirst("title=".count)) } ?? intent.title
    }

    /// Expects the same cells, tap regions (rectangles and what they do), widget URLs and live regions.
    static func expectSame(
        _ actual: IslandFrame, _ expected: IslandFrame, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        DocumentFixtures.expectSame(actual.frame, expected.frame, label, tapAction: action, sourceLocation: sourceLocation)
    }

    @Test("the twin renders every presentation of every state, in every appearance, as the Swift `workout` does, now and 90 s later")
    func rendersIdentically() throws {
        let compared = try DocumentFixtures.expectTwinRendersIdentically(
            "workout", moments: [("", 0), ("+90 s", 90)], tapAction: Self.action)
        #expect(compared == 2 * 4 * ActivityPresentation.allCases.count * DocumentFixtures.styles.count)
        #expect(try Self.twin().activity?.attributesType == "WidgetDocument(workout-document)")
    }

    @Test("the paused state shows 18:30 standing still, with no live region, in the Lock Screen view and the island")
    func pausedClock() throws {
        let twin = try Self.twin()
        let lock = try ActivityFixtures.render(twin, .lockScreen, state: 3, at: ActivityFixtures.start.addingTimeInterval(600))
        let rows = ActivityFixtures.rows(lock.frame)
        #expect(rows.contains { $0.contains("Morning Run") && $0.contains("18:30") }, "\(rows)")
        #expect(rows.contains { $0.contains("2.98 km") && $0.contains("of 10 km") && $0.contains("118") }, "\(rows)")
        #expect(rows.contains { $0.contains("Resume") && $0.contains("End") }, "\(rows)")
        #expect(lock.frame.liveRegions.isEmpty)
        let running = try ActivityFixtures.render(twin, .lockScreen, state: 2, at: ActivityFixtures.start.addingTimeInterval(30))
        #expect(ActivityFixtures.rows(running.frame).contains { $0.contains("15:30") && $0.contains("Morning Run") })
        #expect(running.frame.liveRegions.count == 1)
        let minimal = try ActivityFixtures.render(twin, .minimal, state: 4)
        #expect(ActivityFixtures.rows(minimal.frame).contains { $0.contains("10.2") }, "\(ActivityFixtures.rows(minimal.frame))")
    }

    /// An activity played into its own center, rendered and tapped at moments of a clock the test moves.
    final class Run {
        let descriptor: WidgetDescriptor
        let clock: TestClock
        let center: ActivityCenter
        let id: String

        init(_ descriptor: WidgetDescriptor, state: Int) throws {
            self.descriptor = descriptor
            clock = TestClock(ActivityFixtures.start)
            let center = ActivityCenter(now: { [clock] in clock.now })
            self.center = center
            id = try FixedClock.run(at: ActivityFixtures.start) {
                try ActivityScript.start(descriptor, in: center, state: state, startingAt: ActivityFixtures.start)
            }
        }

        func render(_ presentation: ActivityPresentation, at date: Date, zone: TimeZone? = nil) throws -> IslandFrame {
            clock.now = date
            return try FixedClock.run(at: date) {
                if let zone { NSTimeZone.default = zone }
                let options = IslandRenderOptions(
                    device: .default, style: PaintStyle(colorScheme: .light), date: date, format: FixedClock.utcFormat)
                return try ActivityRendering.render(
                    try #require(center.snapshot(id: id)), with: try #require(descriptor.activity), kind: descriptor.kind,
                    presentation: presentation, options: options)
            }
        }

        /// Taps the Lock Screen view's button titled `title` at `date` and waits for its intent.
        func tap(_ title: String, at date: Date, zone: TimeZone? = nil) throws {
            let frame = try render(.lockScreen, at: date, zone: zone)
            let intent = try #require(
                frame.frame.tapRegions.compactMap { region -> IntentReference? in
                    if case .intent(let intent) = region.action, WorkoutTwinTests.title(of: intent) == title { return intent }
                    return nil
                }.first, "no \(title) button in \(ActivityFixtures.rows(frame.frame))")
            let result: IntentRunResult = FixedClock.run(at: date) {
                if let zone { NSTimeZone.default = zone }
                return IntentRunner(timeLimit: 30, host: HostContext(activities: center)).start(intent, widget: descriptor.kind).wait()
            }
            #expect(result.outcome == .succeeded, "\(result)")
        }

        /// The activity's content state as JSON.
        func state() throws -> [String: Any] {
            let snapshot = try #require(center.snapshot(id: id))
            return try #require(try JSONSerialization.jsonObject(with: snapshot.record.content.state) as? [String: Any])
        }
    }

    @Test("Pause, Resume and End update and end the activity as the sample's intents do, frame for frame")
    func pauseResumeAndEnd() throws {
        let sample = try Run(try ActivityFixtures.sample("workout"), state: 2)
        let twin = try Run(try Self.twin(), state: 2)
        let start = ActivityFixtures.start
        // Running since 15 minutes before the start; paused 90 s after it: 16:30 elapsed.
        let paused = start.addingTimeInterval(90)
        try sample.tap("Pause workout", at: paused)
        try twin.tap("Pause workout", at: paused)
        #expect(try twin.state()["pausedElapsed"] as? Double == 15 * 60 + 90)
        #expect(try twin.state()["pausedElapsed"] as? Double == (try sample.state()["pausedElapsed"] as? Double))
        for presentation in ActivityPresentation.allCases {
            let later = start.addingTimeInterval(200)
            Self.expectSame(try twin.render(presentation, at: later), try sample.render(presentation, at: later), "paused \(presentation)")
        }
        #expect(
            ActivityFixtures.rows(try twin.render(.lockScreen, at: start.addingTimeInterval(300)).frame).contains { $0.contains("16:30") })
        // Resumed 5 minutes after the start: the timer goes on from 16:30.
        let resumed = start.addingTimeInterval(300)
        try sample.tap("Resume workout", at: resumed)
        try twin.tap("Resume workout", at: resumed)
        #expect(try twin.state()["pausedElapsed"] == nil, "a nil optional is left out, as JSONEncoder leaves it")
        let startDate = try #require(try twin.state()["startDate"] as? Double)
        #expect(startDate == resumed.timeIntervalSinceReferenceDate - (15 * 60 + 90))
        for presentation in ActivityPresentation.allCases {
            let later = start.addingTimeInterval(330)
            Self.expectSame(try twin.render(presentation, at: later), try sample.render(presentation, at: later), "resumed \(presentation)")
        }
        #expect(
            ActivityFixtures.rows(try twin.render(.lockScreen, at: start.addingTimeInterval(330)).frame).contains { $0.contains("17:00") })
        // Ended 10 minutes after the start: 21:30 kept, "Workout saved" on the Lock Screen.
        let ended = start.addingTimeInterval(600)
        try sample.tap("End workout", at: ended)
        try twin.tap("End workout", at: ended)
        #expect(try twin.state()["pausedElapsed"] as? Double == 21 * 60 + 30)
        #expect(try twin.state()["isFinished"] as? Bool == true)
        #expect(try #require(twin.center.snapshot(id: twin.id)).activityState == .ended)
        let after = start.addingTimeInterval(700)
        Self.expectSame(try twin.render(.lockScreen, at: after), try sample.render(.lockScreen, at: after), "ended")
        let rows = ActivityFixtures.rows(try twin.render(.lockScreen, at: after).frame)
        #expect(rows.contains { $0.contains("Workout saved") } && rows.contains { $0.contains("21:30") }, "\(rows)")
    }

    @Test("Pause on a paused activity changes nothing: its where condition, as the sample's `where !isPaused`")
    func whereCondition() throws {
        let running = try Run(try Self.twin(), state: 2)
        let paused = try Run(try Self.twin(), state: 3)
        let pause = try #require(
            try running.render(.lockScreen, at: ActivityFixtures.start).frame.tapRegions.compactMap { region -> IntentReference? in
                if case .intent(let intent) = region.action, Self.title(of: intent) == "Pause workout" { return intent }
                return nil
            }.first)
        let before = try paused.state()
        let eventsBefore = paused.center.events.count
        let result: IntentRunResult = FixedClock.run(at: ActivityFixtures.start.addingTimeInterval(60)) {
            IntentRunner(timeLimit: 30, host: HostContext(activities: paused.center)).start(pause, widget: "workout-document").wait()
        }
        #expect(result.outcome == .succeeded, "\(result)")
        #expect(NSDictionary(dictionary: try paused.state()) == NSDictionary(dictionary: before))
        #expect(paused.center.events.count == eventsBefore, "no update was sent")
        #expect(try paused.state()["pausedElapsed"] as? Double == 1110)
    }
}

/// Errors in activity intents point at the JSON path of what is wrong.
@Suite struct DocumentActivityIntentErrorTests {
    /// Line and column (1-based, in Unicode scalars) of the first `marker` in `text`.
    static func position(of marker: String, in text: String) throws -> (line: Int, column: Int) {
        let range = try #require(text.range(of: marker))
        let before = text[..<range.lowerBound]
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (before.filter { $0 == "\n" }.count + 1, text.unicodeScalars[lineStart..<range.lowerBound].count + 1)
    }

    static func document(intent: String, view: String = #"{"Text": "{{state.n}}"}"#) -> String {
        """
        {"kind": "probe", "intents": {"bump": \(intent)},
         "activity": {"contentStates": [{"state": {"n": 1, "paused": null}}], "lockScreen": \(view)}}
        """
    }

    @Test(
        "a bad activity intent: its path, what was expected and the nearest name",
        arguments: [
            (
                #"{"updateActivity": {"m": "{{= state.n + 1}}"}}"#, "$.intents.bump.updateActivity.m",
                "a key of the activity's content states (n, paused)", "\"m\"", "n"
            ),
            (
                #"{"updateActivity": {"n": 2}, "endActivity": {"n": 3}}"#, "$.intents.bump",
                "one of \"updateActivity\" and \"endActivity\"", "both", nil
            ),
            (
                #"{"endActivity": {"n": 2}, "dismissalPolicy": "immediat"}"#, "$.intents.bump.dismissalPolicy",
                "a dismissal policy", "\"immediat\"", "immediate"
            ),
            (
                #"{"updateActivity": {"n": 2}, "dismissalPolicy": "immediate"}"#, "$.intents.bump.dismissalPolicy",
                "\"dismissalPolicy\" only with \"endActivity\"", "updateActivity", nil
            ),
            (
                #"{"updateActivity": {"n": "{{= state.count2 + 1}}"}}"#, "$.intents.bump.updateActivity.n",
                "a data field state.count2 (available: n, paused)", "no such field in {{state.count2}} (in {{= state.count2 + 1}})", nil
            ),
        ] as [(String, String, String, String, String?)])
    func badIntent(_ intent: String, _ path: String, _ expected: String, _ found: String, _ suggestion: String?) throws {
        let error = try #require(DocumentFixtures.error(Self.document(intent: intent)))
        #expect(error.path.description == path, "\(error)")
        #expect(error.expected.hasPrefix(expected), "\(error)")
        #expect(error.found == found, "\(error)")
        #expect(error.suggestion == suggestion, "\(error)")
    }

    @Test(
        "a new content state that would not decode into the ContentState is an error at load, at the changed key",
        arguments: [
            (
                #"{"updateActivity": {"n": "run {{state.n}}"}}"#,
                "a value the content state's \"n\" can hold, as in the contentStates (expected a number, found a string)",
                "a string \"run 1\""
            ),
            (
                #"{"updateActivity": {"n": null}}"#,
                "a value the content state's \"n\" can hold, as in the contentStates (no value for the key)", "null"
            ),
            (
                #"{"endActivity": {"n": "{{isStale}}"}}"#,
                "a value the content state's \"n\" can hold, as in the contentStates (expected a number, found a boolean)",
                "a boolean false"
            ),
        ] as [(String, String, String)])
    func stateThatDoesNotDecode(_ intent: String, _ expected: String, _ found: String) throws {
        let text = Self.document(intent: intent)
        let error = try #require(DocumentFixtures.error(text, file: "intent.json"))
        #expect(error.file == "intent.json")
        #expect(error.path.description == "$.intents.bump.\(intent.contains("end") ? "endActivity" : "updateActivity").n", "\(error)")
        #expect(error.expected == expected, "\(error)")
        #expect(error.found == found, "\(error)")
        let key = try Self.position(of: #"{"n""#, in: text)
        #expect(error.line == key.line && error.column == key.column + 1, "\(error)")
    }

    @Test("paused: null is a nil optional, which a new state may hold: the document loads")
    func nullOnAnOptionalKey() throws {
        let text = Self.document(intent: #"{"updateActivity": {"paused": null, "n": "{{= state.n + 1}}"}}"#)
        #expect(throws: Never.self) { try WidgetDocument(text: text, file: "probe.json") }
    }

    @Test("an error an intent meets when it runs names the document's file")
    func errorAtTapNamesTheFile() throws {
        let text = """
            {"kind": "probe", "intents": {
               "inc": {"title": "Inc", "updateActivity": {"n": "{{= state.n + 1}}"}},
               "div": {"title": "Div", "updateActivity": {"n": "{{= 10 / (state.n - 2)}}"}}},
             "activity": {"contentStates": [{"state": {"n": 1}}],
               "lockScreen": {"VStack": [{"Button": {"intent": "inc", "label": {"Text": "Inc"}}},
                                         {"Button": {"intent": "div", "label": {"Text": "Div"}}}]}}}
            """
        let run = try WorkoutTwinTests.Run(try WidgetDocument(text: text, file: "tapped.json").descriptor, state: 1)
        let moment = ActivityFixtures.start.addingTimeInterval(10)
        try run.tap("Inc", at: moment)
        #expect(try run.state()["n"] as? Double == 2)
        let frame = try run.render(.lockScreen, at: moment)
        let divide = try #require(
            frame.frame.tapRegions.compactMap { region -> IntentReference? in
                if case .intent(let intent) = region.action, WorkoutTwinTests.title(of: intent) == "Div" { return intent }
                return nil
            }.first)
        let result: IntentRunResult = FixedClock.run(at: moment) {
            IntentRunner(timeLimit: 30, host: HostContext(activities: run.center)).start(divide, widget: "probe").wait()
        }
        guard case .threw(_, let message) = result.outcome else {
            Issue.record("expected the intent to throw: \(result)")
            return
        }
        let position = try Self.position(of: "{{= 10 /", in: text)
        #expect(message.hasPrefix("tapped.json:\(position.line):"), "\(message)")
        #expect(message.contains("$.intents.div.updateActivity.n"), "\(message)")
        #expect(try run.state()["n"] as? Double == 2, "the state is unchanged")
    }

    @Test("updateActivity in a widget document is refused at its key")
    func notInAWidget() throws {
        let text = DocumentFixtures.widget(
            #"{"Text": "x"}"#, extra: #""intents": {"bump": {"updateActivity": {"n": 2}}},"#)
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.path.description == "$.intents.bump.updateActivity")
        #expect(error.expected == "updateActivity and endActivity only in a Live Activity document (one with \"activity\")")
    }
}

/// `now` in expressions under two time zones: an instant, so the same number whatever the zone; only a time of day in
/// the data moves with the zone.
@Suite struct DocumentExpressionNowTests {
    static func rows(inZone zone: String) throws -> [String] {
        let text = DocumentFixtures.widget(
            #"{"Text": "{{= (now - start) / 60}} min"}, {"Text": "{{= int(now)}} s"}, {"Text": "{{= (now - midnight) / 60|%.0f}} m"}"#,
            data: #"{"start": "2026-03-14T09:00:00Z", "midnight": "today 00:00"}"#)
        return try FixedClock.run {
            NSTimeZone.default = try #require(TimeZone(identifier: zone))
            let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
            let session = WidgetSession(descriptor: descriptor)
            let selection = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
            let options = WidgetRenderOptions(
                family: .systemSmall, device: .default, osVersion: 26, style: PaintStyle(colorScheme: .light), date: HostClock.now,
                format: FixedClock.utcFormat)
            return DocumentFixtures.rows(session.render(selection, options: options))
        }
    }

    @Test("now is the timeline's moment in seconds since 2001, the same under UTC and Pacific/Auckland")
    func nowInTwoZones() throws {
        let reference = Int(FixedClock.reference.timeIntervalSinceReferenceDate)
        let utc = try Self.rows(inZone: "UTC")
        let auckland = try Self.rows(inZone: "Pacific/Auckland")
        for rows in [utc, auckland] {
            #expect(rows.contains { $0.contains("41 min") }, "\(rows)")
            #expect(rows.contains { $0.contains("\(reference) s") }, "\(rows)")
        }
        // 09:41 UTC is 22:41 in Auckland (NZDT, +13): "today 00:00" is that zone's midnight.
        #expect(utc.contains { $0.contains("581 m") }, "\(utc)")
        #expect(auckland.contains { $0.contains("1361 m") }, "\(auckland)")
    }

    /// The rows of a widget reading a date without an offset, `2026-03-14T09:00`, in a view whose environment's time zone
    /// is `viewZone`, with the process in `processZone`.
    static func zoneLessRows(processZone: String, viewZone: String) throws -> [String] {
        let text = DocumentFixtures.widget(
            #"{"VStack": [{"Text": "{{= (now - start) / 60}} min"}, {"Text": "since {{start|time}}"}], "#
                + #""modifiers": [{"environment": "timeZone", "value": "\#(viewZone)"}]}"#,
            data: #"{"start": "2026-03-14T09:00"}"#)
        return try FixedClock.run {
            NSTimeZone.default = try #require(TimeZone(identifier: processZone))
            let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
            return DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall))
        }
    }

    @Test("a date without an offset is the same instant in now - date as in its |time text: the view's time zone, not the process's")
    func zoneLessDateInTheViewsZone() throws {
        // The clock is 09:41 UTC. 09:00 in UTC is 41 minutes before; 09:00 in Auckland (NZDT, +13), 20:00 UTC the day
        // before, is 13 h 41 min before.
        let utcView = try Self.zoneLessRows(processZone: "Pacific/Auckland", viewZone: "UTC")
        let aucklandView = try Self.zoneLessRows(processZone: "UTC", viewZone: "Pacific/Auckland")
        // The |time text shows the instant in the host format's zone (UTC, a narrow space before AM): 41 and 821 minutes back.
        #expect(utcView.contains { $0.contains("41 min") }, "\(utcView)")
        #expect(utcView.contains { $0.contains("since 9:00\u{202F}AM") }, "\(utcView)")
        #expect(aucklandView.contains { $0.contains("821 min") }, "\(aucklandView)")
        #expect(aucklandView.contains { $0.contains("since 8:00\u{202F}PM") }, "\(aucklandView)")
    }
}
