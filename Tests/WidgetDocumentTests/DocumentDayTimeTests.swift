import Foundation
import Testing
import TestSupport
@testable import WidgetDocument
import WidgetKitUI

// Times of day (`"today 09:30"`) in entry data and dates, and the timeline's `filter`: what they resolve to in a
// time zone, and the errors a malformed one gives.

@Suite("Widget documents: times of day and timeline filters")
struct DocumentDayTimeTests {
    @Test("today, tomorrow and yesterday with HH:MM or HH:MM:SS; anything else is not a time of day")
    func parsing() {
        #expect(DocumentDates.timeOfDay("today 09:30") == .init(days: 0, seconds: 34_200))
        #expect(DocumentDates.timeOfDay("tomorrow 00:00") == .init(days: 1, seconds: 0))
        #expect(DocumentDates.timeOfDay("yesterday 18:00:30") == .init(days: -1, seconds: 64_830))
        #expect(DocumentDates.timeOfDay("today") == .init(days: 0, seconds: 0))
        for text in [
            "today 24:00", "today 9:30", "today 09:60", "today 09:30:60", "Today 09:30", "today 09:30 pm", "now", "today 09:3x", "",
        ] {
            #expect(DocumentDates.timeOfDay(text) == nil, "\(text)")
        }
    }

    @Test("a time of day is on the day of the reference in the given time zone: UTC, New York, Tokyo, and a DST day")
    func timeZones() throws {
        let reference = FixedClock.reference // 2026-03-14T09:41:00Z
        func resolved(_ text: String, _ zone: String, on date: Date = FixedClock.reference) throws -> String {
            let timeZone = try #require(TimeZone(identifier: zone))
            let date = try #require(DocumentDates.date(text, anchor: date, timeZone: timeZone))
            return DocumentDates.string(date)
        }
        #expect(try resolved("today 09:30", "UTC") == "2026-03-14T09:30:00Z")
        #expect(try resolved("tomorrow 00:00", "UTC") == "2026-03-15T00:00:00Z")
        #expect(try resolved("today 09:30", "America/New_York") == "2026-03-14T13:30:00Z", "EDT, UTC-4")
        #expect(try resolved("today 09:30", "Asia/Tokyo") == "2026-03-14T00:30:00Z", "18:41 in Tokyo: the 14th there")
        // 2026-03-08 in New York is 23 hours long: 09:30 counted from midnight, as startOfDay + 9.5 h, is 10:30 EDT.
        let dstDay = reference.addingTimeInterval(-6 * 86_400)
        #expect(try resolved("today 09:30", "America/New_York", on: dstDay) == "2026-03-08T14:30:00Z")
        #expect(
            DocumentValue.string("today 12:00").resolvingRelativeDates(from: reference, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
                == .string("2026-03-14T03:00:00Z"))
        #expect(
            DocumentValue.string("today 12:00").resolvingRelativeDates(
                from: reference, day: reference.addingTimeInterval(86_400), timeZone: TimeZone(identifier: "UTC")!)
                == .string("2026-03-15T12:00:00Z"), "data times are on the entry's day")
    }

    @Test("a malformed time of day as an entry date is an error that shows the accepted forms")
    func badEntryDate() throws {
        let text =
            #"{"kind": "probe", "families": ["systemSmall"], "timeline": {"entries": [{"date": "today 25:00"}]}, "view": "EmptyView"}"#
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.path.description == "$.timeline.entries[0].date")
        #expect(error.column == 82)
        #expect(error.expected.hasSuffix("or a time of day such as \"today 09:30\" or \"tomorrow 00:00\""))
    }

    @Test("without a zone, times of day are in NSTimeZone.default (what --timezone sets), as Calendar.current is")
    func defaultZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let (date, data) = FixedClock.run {
            NSTimeZone.default = tokyo // FixedClock.run puts the previous default back
            return (
                DocumentDates.date("today 09:30", anchor: FixedClock.reference),
                DocumentValue.object(["end": .string("today 20:00")]).resolvingRelativeDates(from: FixedClock.reference)
            )
        }
        // 09:41 UTC is 18:41 in Tokyo, on the 14th.
        #expect(date.map(DocumentDates.string) == "2026-03-14T00:30:00Z")
        #expect(data == .object(["end": .string("2026-03-14T11:00:00Z")]))
    }

    /// A document whose timeline filters `events` with `condition`, with `entries` as its entries.
    static func filtered(
        _ condition: String, entries: String = #"[{"date": "now", "data": {"events": [{"end": "today 09:00"}, {"end": "today 10:00"}]}}]"#
    )
        -> String
    {
        #"{"kind": "probe", "families": ["systemSmall"], "timeline": {"entries": \#(entries), "filter": {"events": "\#(condition)"}}, "#
            + #""view": {"Text": "{{events.count}}", "modifiers": [{"containerBackground": "background"}]}}"#
    }

    @Test("the filter keeps the items whose condition holds at each entry; dates compare as moments whatever their form")
    func filterKeeps() throws {
        let descriptor = try WidgetDocument(text: Self.filtered("item.end > {{entry.date}}"), file: "probe.json").descriptor
        let rows = DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall))
        #expect(rows.contains { $0.trimmingCharacters(in: .whitespaces) == "1" }, "09:41: only the 10:00 event is left: \(rows)")
        let precise = Self.filtered(
            "item.end > {{entry.date}}",
            entries:
                #"[{"date": "2026-03-14T09:41:00Z", "data": {"events": [{"end": "2026-03-14T09:40:59.500Z"}, {"end": "2026-03-14T09:41:00.250Z"}]}}]"#
        )
        let moments = DocumentFixtures.rows(
            try DocumentFixtures.render(try WidgetDocument(text: precise, file: "probe.json").descriptor, family: .systemSmall))
        #expect(moments.contains { $0.trimmingCharacters(in: .whitespaces) == "1" }, "milliseconds compare as time: \(moments)")
    }

    @Test("a filter on a field an entry lacks, or on one that is not an array: an error at the filter's key, naming the entry")
    func filterErrors() throws {
        let missing = try #require(
            DocumentFixtures.error(
                Self.filtered("item.end > {{entry.date}}").replacingOccurrences(
                    of: #""filter": {"events""#, with: #""filter": {"event""#)))
        #expect(missing.path.description == "$.timeline.filter.event")
        #expect(missing.expected == "an array field event in the data of every entry (entry 0 at $.timeline.entries[0] has no such field)")
        #expect(missing.suggestion == "events")
        let notArray = try #require(
            DocumentFixtures.error(Self.filtered("item > 1", entries: #"[{"data": {"events": 3}}]"#)))
        #expect(notArray.expected == "an array field events in the data of every entry (entry 0 at $.timeline.entries[0] has a number)")
        let badCondition = try #require(DocumentFixtures.error(Self.filtered("item.end >")))
        #expect(badCondition.path.description == "$.timeline.filter.events")
        #expect(badCondition.expected == "a value to compare with in the condition")
        let notString = try #require(DocumentFixtures.error(Self.filtered("x").replacingOccurrences(of: #""x""#, with: "3")))
        #expect(notString.expected == "a condition on item, such as \"item.end > {{entry.date}}\"")
        let empty = try #require(DocumentFixtures.error(Self.filtered("x").replacingOccurrences(of: #"{"events": "x"}"#, with: "{}")))
        #expect(empty.path.description == "$.timeline.filter")
    }

    @Test("a filter reading store and configuration is checked with their defaults when the document loads")
    func filterReadsStoreAndConfiguration() throws {
        let text =
            #"{"kind": "probe", "families": ["systemSmall"], "store": {"suite": "group.probe.filter", "defaults": {"cutoff": 2}}, "#
            + #""parameters": {"least": {"type": "int", "default": 1}}, "#
            + #""timeline": {"entries": [{"data": {"events": [{"n": 1}, {"n": 2}, {"n": 3}]}}], "#
            + #""filter": {"events": "item.n < {{store.cutoff}} || item.n == {{configuration.least}} || item.n > 2"}}, "#
            + #""view": {"Text": "{{events.count}}", "modifiers": [{"containerBackground": "background"}]}}"#
        let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
        let rows = DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall))
        #expect(rows.contains { $0.trimmingCharacters(in: .whitespaces) == "2" }, "n = 1 and n = 3 are kept: \(rows)")
    }

    @Test("a filter that cannot be evaluated when the timeline is made keeps the items and reports a diagnostic at the filter")
    func filterFaultAtRunTime() throws {
        // Entity a has a subtitle, b has none: with b chosen, place.subtitle is null and has no count.
        let text =
            #"{"kind": "probe", "families": ["systemSmall"], "parameters": {"place": {"type": "entity", "entities": "#
            + #"[{"id": "a", "title": "A", "subtitle": "s"}, {"id": "b", "title": "B"}]}}, "#
            + #""timeline": {"entries": [{"data": {"events": [{"n": 1}, {"n": 2}]}}], "#
            + #""filter": {"events": "item.n == {{configuration.place.subtitle.count}}"}}, "#
            + #""view": {"Text": "{{events.count}}", "modifiers": [{"containerBackground": "background"}]}}"#
        let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
        let before = try DocumentFixtures.render(descriptor, family: .systemSmall)
        #expect(DocumentFixtures.rows(before).contains { $0.trimmingCharacters(in: .whitespaces) == "1" })
        #expect(before.diagnostics.isEmpty, "\(before.diagnostics)")
        try #require(descriptor.configuration).set("place", to: "b")
        let after = try DocumentFixtures.render(descriptor, family: .systemSmall)
        let faults = after.diagnostics.filter { $0.code == "invalid-widget-document" }
        #expect(faults.count == 1, "\(after.diagnostics)")
        let message = try #require(faults.first?.message)
        #expect(message.hasPrefix("probe.json:1:"), "\(message)")
        #expect(message.contains("$.timeline.filter.events"), "\(message)")
        #expect(message.contains("subtitle"), "\(message)")
    }
}
