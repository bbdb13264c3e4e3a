import Foundation
import Testing
import TestSupport
@testable import WidgetDocument
import WidgetKitUI

// Number formats after a placeholder (`{{= km|%.2f}}`, `{{seconds|clock}}`), `now` and `??` in expressions: the
// values, errors at the JSON path and the column inside the string, and `now` under two time zones.

@Suite("Widget documents: number formats, now and ?? in expressions")
struct DocumentExpressionFormatTests {
    /// The text `format` gives `value`.
    static func text(_ format: String, _ value: Double) throws -> String {
        guard case .success(let parsed) = NumberFormat.parse(format, offset: 0, afterExpression: true) else {
            Issue.record("\(format) did not parse")
            return ""
        }
        return try parsed.text(of: value)
    }

    @Test("String(format:) conversions of one number, and clock, give what Swift's String(format:) and a timer give")
    func formats() throws {
        #expect(try Self.text("%.2f", 2.41) == "2.41")
        #expect(try Self.text("%.2f", 0) == "0.00")
        #expect(try Self.text("%.1f", 10.24) == "10.2")
        #expect(try Self.text("%.1f", 2.98) == "3.0", "rounded to nearest")
        #expect(try Self.text("%05.1f", 2.5) == "002.5")
        #expect(try Self.text("%+d", 42) == "+42")
        #expect(try Self.text("%d", -7) == "-7")
        #expect(try Self.text("%x", 255) == "ff")
        #expect(try Self.text("%X", 255) == "FF")
        #expect(try Self.text("%-4d", 7) == "7   ")
        #expect(try Self.text("%e", 1500) == "1.500000e+03")
        #expect(try Self.text("%g", 0.5) == "0.5")
        #expect(try Self.text("%d", 9_007_199_254_740) == "9007199254740", "an Int is read whole (%ld)")
        #expect(try Self.text("clock", 1110) == "18:30")
        #expect(try Self.text("clock", 59.9) == "0:59", "rounded down, as a count-up timer")
        #expect(try Self.text("clock", 3900) == "1:05:00")
        #expect(try Self.text("clock", 0) == "0:00")
    }

    @Test("a formatted placeholder in a document: a path and an expression, in Text and in a Label's title")
    func inDocument() throws {
        let text = DocumentFixtures.widget(
            #"{"Text": "{{= meters / 1000|%.2f}} km"}, {"Label": "{{beats|%d}} bpm", "systemImage": "heart.fill"}, {"Text": "{{paused|clock}}"}"#,
            data: #"{"meters": 2410, "beats": 142, "paused": 1110}"#)
        let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
        let rows = DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall))
        #expect(rows.contains { $0.contains("2.41 km") }, "\(rows)")
        #expect(rows.contains { $0.contains("142 bpm") }, "\(rows)")
        #expect(rows.contains { $0.contains("18:30") }, "\(rows)")
    }

    @Test(
        "a bad format: an error at its column inside the string, with what to write",
        arguments: [
            ("{{= km|%.2q}}", "q}}", "one of d i o x X f F e E g G as the conversion", "\"%.2q\""),
            (
                "{{= km|%s}}", "s}}", "one of d i o x X f F e E g G as the conversion (a placeholder shows text as it is: write {{path}})",
                "\"%s\""
            ),
            ("{{km|%.2f km}}", " km}}", "the end of the format after %f: write the other text outside the {{ }}", "\"%.2f km\""),
            ("{{km|%123d}}", "123d", "a width of at most 99 columns in the number format", "\"%123d\""),
            ("{{km|%.25f}}", "25f", "a precision of at most 20 digits in the number format", "\"%.25f\""),
            ("{{= km|%}}", "}}", "a conversion after the flags, width and precision: " + NumberFormat.expectedForm, "\"%\""),
            ("{{= km|2f}}", "|2f", "the end of the expression, or a number format after it such as |%.2f or |clock", "\"|2f\""),
        ] as [(String, String, String, String)])
    func badFormat(_ source: String, _ marker: String, _ expected: String, _ found: String) throws {
        try DocumentExpressionTests.expectError(in: source, data: #"{"km": 2.41}"#, at: marker, expected: expected, found: found)
    }

    @Test("a bar inside a quoted key is part of the key, not a format")
    func barInAKey() throws {
        let text = DocumentFixtures.widget(#"{"Text": "{{= d['a|b'] * 2}} and {{= d['a|b'] * 3|%.1f}}"}"#, data: #"{"d": {"a|b": 5}}"#)
        let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
        let rows = DocumentFixtures.rows(try DocumentFixtures.render(descriptor, family: .systemSmall))
        #expect(rows.contains { $0.contains("10 and 15.0") }, "\(rows)")
    }

    @Test("an unknown filter after a path names the date styles, the number formats and clock, with the nearest")
    func unknownFilter() throws {
        let text = DocumentFixtures.widget(#"{"Text": "{{seconds|clok}}"}"#, data: #"{"seconds": 5}"#)
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.path.description == "$.view.VStack[0].Text")
        #expect(error.expected == "a date style after | (time, date, relative, offset, timer), a number format such as %.2f, or clock")
        #expect(error.suggestion == "clock")
    }

    @Test("a value a format cannot take is an error when the document loads, at the string, naming the placeholder")
    func valueTheFormatRefuses() throws {
        let half = DocumentFixtures.widget(#"{"Text": "{{= beats / 4|%d}}"}"#, data: #"{"beats": 142}"#)
        let error = try #require(DocumentFixtures.error(half))
        #expect(error.path.description == "$.view.VStack[0].Text")
        #expect(error.expected == "a whole number for the integer conversion in |%d (take int(...) of it, as Swift's Int(_:))")
        #expect(error.found == "35.5 in {{= beats / 4}}")
        let negative = DocumentFixtures.widget(#"{"Text": "{{= 0 - s|clock}}"}"#, data: #"{"s": 5}"#)
        #expect(try #require(DocumentFixtures.error(negative)).expected == "a number of seconds from 0 to 10^9 for |clock")
        let word = DocumentFixtures.widget(#"{"Text": "{{name|%.1f}}"}"#, data: #"{"name": "Ana"}"#)
        let wordError = try #require(DocumentFixtures.error(word))
        #expect(wordError.expected == "a number to format in {{name}}")
        #expect(wordError.found == "a string \"Ana\"")
    }

    @Test("?? reads the fallback for null or a missing last key, as Swift's nil-coalescing; a missing root stays an error")
    func nilCoalescing() throws {
        let state: DocumentValue = .object(["p": .number(3), "n": .null])
        #expect(try DocumentExpressionTests.value("state.p ?? 5", ["state": state]) == 3)
        #expect(try DocumentExpressionTests.value("state.n ?? 5", ["state": state]) == 5)
        #expect(try DocumentExpressionTests.value("state.gone ?? 2 * 4", ["state": state]) == 8, "?? binds looser than *")
        #expect(try DocumentExpressionTests.value("state.gone ?? state.n ?? 1", ["state": state]) == 1, "right-associative")
        #expect(try DocumentExpressionTests.value("(state.gone ?? 1) + 1", ["state": state]) == 2)
        #expect(throws: (any Error).self) { try DocumentExpressionTests.value("stat.p ?? 5", ["state": state]) }
        let text = DocumentFixtures.widget(#"{"Text": "{{= (a + 1) ?? 0}}"}"#, data: #"{"a": 1}"#)
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.expected == "a data path before ?? (the optional value, such as state.pausedElapsed ?? 0)")
        #expect(error.column == (try DocumentExpressionTests.position(of: "?? 0", in: text)).column)
    }

    @Test("a missing parent before ?? is an error naming that parent's path, not the whole path")
    func missingParentBeforeCoalescing() throws {
        let cases: [(expression: String, expected: String, found: String, suggestion: String?)] = [
            ("orders.total ?? 0", "a data field orders (available: entry, order)", "no such field in {{orders}}", "order"),
            ("order.b.c ?? 0", "a data field order.b (available: a, x y)", "no such field in {{order.b}}", "a"),
            (#"order['x y'].q.r ?? 0"#, #"a data field order.x y.q (available: z)"#, #"no such field in {{order["x y"].q}}"#, "z"),
        ]
        for (expression, expected, found, suggestion) in cases {
            let text = DocumentFixtures.widget(
                #"{"Text": "{{= \#(expression)}}"}"#, data: #"{"order": {"a": 1, "x y": {"z": 2}}}"#)
            let error = try #require(DocumentFixtures.error(text))
            #expect(error.expected == expected, "\(error)")
            #expect(error.found == "\(found) (in {{= \(expression)}})", "\(error)")
            #expect(error.suggestion == suggestion, "\(error)")
            #expect(error.column == (try DocumentExpressionTests.position(of: expression, in: text)).column, "\(error)")
        }
    }

    @Test("a data field named now cannot be read in an expression, where now is the clock: an error at load at the now")
    func dataFieldNamedNow() throws {
        let text = DocumentFixtures.widget(#"{"Text": "{{= n + now}}"}"#, data: #"{"now": 5, "n": 1}"#)
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.path.description == "$.view.VStack[0].Text")
        #expect(error.expected == "now to mean the clock: rename the data field \"now\" (such as to \"currentTime\")")
        #expect(error.found == "a data field \"now\" that {{= n + now}} cannot read")
        #expect(error.column == (try DocumentExpressionTests.position(of: "now}}", in: text)).column)
        // Read as a path, the field is still the data's; an expression without now loads.
        let path = DocumentFixtures.widget(#"{"Text": "at {{now}} and {{= n + 1}}"}"#, data: #"{"now": 5, "n": 1}"#)
        let rows = DocumentFixtures.rows(
            try DocumentFixtures.render(try WidgetDocument(text: path, file: "probe.json").descriptor, family: .systemSmall))
        #expect(rows.contains { $0.contains("at 5 and 2") }, "\(rows)")
    }

    @Test("now is a number and a date string reads as its seconds since 2001, so now - date is the seconds between")
    func nowAndDates() throws {
        let data: [String: DocumentValue] = ["start": .string("2026-03-14T09:00:00Z"), "n": .number(90)]
        let reference = FixedClock.reference
        let elapsed = try FixedClock.run(at: reference) { try DocumentExpressionTests.value("now - start", data) }
        #expect(elapsed == reference.timeIntervalSince(try #require(DocumentDates.date("2026-03-14T09:00:00Z", anchor: reference))))
        #expect(elapsed == 41 * 60)
    }
}
