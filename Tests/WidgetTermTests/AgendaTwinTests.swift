import Foundation
import Testing
import TestSupport
import CellRender
import WidgetHost
@testable import WidgetKitUI
@testable import WidgetDocument

/// `examples/twins/agenda.json` against the Swift sample `agenda`: event times written as times of today
/// (`"today 09:30"`), and the timeline's `filter` dropping the events that have ended, as the provider does.
@Suite("Widget documents: the agenda twin")
struct AgendaTwinTests {
    /// The fixed clock (09:41 UTC), lunch time (two events over), and the evening (all over).
    static let moments: [(String, TimeInterval)] = [("09:41", 0), ("12:40", 2 * 3600 + 59 * 60), ("20:00", 10 * 3600 + 19 * 60)]

    @Test("the agenda twin renders the same frames as the Swift sample, in every family, appearance and context, morning to evening")
    func rendersIdentically() throws {
        let compared = try DocumentFixtures.expectTwinRendersIdentically("agenda", moments: Self.moments.map { ($0.0, $0.1) })
        #expect(compared == 3 * 2 * 12)
    }

    @Test("past events drop off: 5 events at 09:41, 3 at 12:40 (lunch on), none in the evening")
    func eventsDropOff() throws {
        let twin = try DocumentFixtures.example("twins/agenda.json")
        let counts = try Self.moments.map { _, offset -> String in
            let rows = DocumentFixtures.rows(
                try DocumentFixtures.render(twin, family: .systemLarge, at: FixedClock.reference.addingTimeInterval(offset)))
            return rows.first { $0.contains("event") }.map { String($0.split(separator: " ").suffix(2).joined(separator: " ")) } ?? "?"
        }
        #expect(counts == ["5 events", "3 events", "0 events"])
        let evening = DocumentFixtures.rows(
            try DocumentFixtures.render(twin, family: .systemLarge, at: FixedClock.reference.addingTimeInterval(10 * 3600 + 19 * 60)))
        #expect(evening.contains { $0.contains("No more events today") })
        let lunch = DocumentFixtures.rows(
            try DocumentFixtures.render(twin, family: .systemLarge, at: FixedClock.reference.addingTimeInterval(2 * 3600 + 59 * 60)))
        #expect(lunch.contains { $0.contains("Lunch with Ana") })
        #expect(!lunch.contains { $0.contains("Design review") })
    }

    @Test("the timeline: one entry now and one at each event's end, each holding the events not over yet; the next at midnight")
    func timeline() throws {
        let twin = try DocumentFixtures.example("twins/agenda.json")
        let timeline = try FixedClock.run(at: FixedClock.reference) {
            try WidgetSession(descriptor: twin).fetchTimeline(family: .systemLarge, device: .default)
        }
        #expect(
            timeline.entries.map { DocumentDates.string($0.date) } == [
                "2026-03-14T09:41:00Z", "2026-03-14T09:45:00Z", "2026-03-14T12:00:00Z", "2026-03-14T13:30:00Z",
                "2026-03-14T16:30:00Z", "2026-03-14T19:00:00Z",
            ])
        let counts = timeline.entries.map { entry -> Int in
            guard let document = entry.base as? DocumentEntry, case .array(let events)? = document.values["events"] else { return -1 }
            return events.count
        }
        #expect(counts == [5, 4, 3, 2, 1, 0])
        guard case .after(let reload) = timeline.policy else {
            Issue.record("policy \(timeline.policy)")
            return
        }
        #expect(DocumentDates.string(reload) == "2026-03-15T00:00:00Z")
        // At 12:40 the entries of events already over are left out, as the Swift provider never makes them.
        let lunch = try FixedClock.run(at: FixedClock.reference.addingTimeInterval(2 * 3600 + 59 * 60)) {
            try WidgetSession(descriptor: twin).fetchTimeline(family: .systemLarge, device: .default)
        }
        let sample = try FixedClock.run(at: FixedClock.reference.addingTimeInterval(2 * 3600 + 59 * 60)) {
            try WidgetSession(descriptor: try DocumentFixtures.sample("agenda")).fetchTimeline(family: .systemLarge, device: .default)
        }
        #expect(lunch.entries.map { DocumentDates.string($0.date) } == sample.entries.map { DocumentDates.string($0.date) })
        #expect(
            lunch.entries.map { DocumentDates.string($0.date) } == [
                "2026-03-14T12:40:00Z", "2026-03-14T13:30:00Z", "2026-03-14T16:30:00Z", "2026-03-14T19:00:00Z",
            ])
    }

    @Test("dropPastEntries keeps the entry current at the timeline's moment and every later one, sorted by date")
    func dropPastEntries() throws {
        func dates(_ entries: String) throws -> [String] {
            let text =
                #"{"kind": "probe", "families": ["systemSmall"], "timeline": {"entries": \#(entries), "dropPastEntries": true}, "view": "EmptyView"}"#
            let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
            return try FixedClock.run(at: FixedClock.reference) {
                try WidgetSession(descriptor: descriptor).fetchTimeline(family: .systemSmall, device: .default).entries.map {
                    DocumentDates.string($0.date)
                }
            }
        }
        #expect(
            try dates(#"[{"date": "now"}, {"date": "today 09:00"}, {"date": "today 10:00"}]"#) == [
                "2026-03-14T09:41:00Z", "2026-03-14T10:00:00Z",
            ])
        #expect(try dates(#"[{"date": "today 08:00"}, {"date": "today 09:00"}]"#) == ["2026-03-14T09:00:00Z"])
        // No entry is dated now: the 09:00 one is what the widget shows at 09:41, so it stays; the file's order does
        // not matter.
        #expect(
            try dates(#"[{"date": "today 10:00"}, {"date": "today 08:00"}, {"date": "today 09:00"}]"#) == [
                "2026-03-14T09:00:00Z", "2026-03-14T10:00:00Z",
            ])
        #expect(try dates(#"[{"date": "today 11:00"}, {"date": "today 10:00"}]"#) == ["2026-03-14T10:00:00Z", "2026-03-14T11:00:00Z"])
        let error = try #require(
            DocumentFixtures.error(
                #"{"kind": "probe", "timeline": {"entries": [{}], "dropPastEntries": "yes"}, "view": "EmptyView"}"#))
        #expect(error.path.description == "$.timeline.dropPastEntries")
    }
}
