import Foundation
import Testing
import TestSupport
@testable import WidgetDocument
import WidgetKitUI

// Arithmetic in placeholders, `{{= EXPR}}`: values, precedence and functions; errors at the column of the fault
// inside the string; and no input that crashes the parser or the evaluator.

@Suite("Widget documents: {{= expressions}}")
struct DocumentExpressionTests {
    /// The value of `{{= source}}` with `data` as the entry's fields.
    static func value(_ source: String, _ data: [String: DocumentValue] = [:]) throws -> Double {
        guard case .success(let template) = Template.parse("{{= \(source)}}"),
            case .expression(let expression)? = template.singlePlaceholder
        else {
            Issue.record("\(source) did not parse as one expression")
            return .nan
        }
        return try expression.evaluate(timeZone: TimeZone(identifier: "UTC")!) { path, _ in try path.lookup(in: data).get() }
    }

    /// Line and column (1-based, in Unicode scalars) of the first `marker` in `text`.
    static func position(of marker: String, in text: String) throws -> (line: Int, column: Int) {
        let range = try #require(text.range(of: marker))
        let before = text[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text.unicodeScalars[lineStart..<range.lowerBound].count + 1)
    }

    /// The error a widget document with `{"Text": source}` (and `data`) fails with, checked to sit at `marker` inside the
    /// string, on the text's JSON path, with `expected` and `found`; returned for the caller's further checks.
    @discardableResult
    static func expectError(
        in source: String, data: String, at marker: String, expected: String, found: String
    ) throws -> DocumentError {
        let text = DocumentFixtures.widget(#"{"Text": "\#(source)"}"#, data: data)
        let error = try #require(DocumentFixtures.error(text))
        let quote = try position(of: source, in: text)
        let offset = try #require(source.range(of: marker)).lowerBound
        #expect(error.line == quote.line)
        #expect(error.column == quote.column + source.unicodeScalars[..<offset].count, "\(error)")
        #expect(error.path.description == "$.view.VStack[0].Text")
        #expect(error.expected == expected)
        #expect(error.found == found)
        return error
    }

    @Test("numbers, paths, precedence, parentheses, unary minus and every function")
    func values() throws {
        let data: [String: DocumentValue] = [
            "goal": .number(2000), "store": .object(["water.total": .number(1250)]), "orders": .array([.null, .null, .null]),
            "text": .string("12"),
        ]
        #expect(try Self.value("store['water.total'] / goal", data) == 0.625)
        #expect(try Self.value("int(store[\"water.total\"] / goal * 100)", data) == 62)
        #expect(try Self.value("goal - store['water.total']", data) == 750)
        #expect(try Self.value("2 + 3 * 4") == 14)
        #expect(try Self.value("(2 + 3) * 4") == 20)
        #expect(try Self.value("10 - 4 - 3") == 3, "left-associative")
        #expect(try Self.value("8 / 4 / 2") == 1)
        #expect(try Self.value("-goal + 1", data) == -1999)
        #expect(try Self.value("--3") == 3)
        #expect(try Self.value("7 % 3") == 1)
        #expect(try Self.value("-7 % 3") == -1, "the sign of the dividend, as Swift's %")
        #expect(try Self.value("orders.count * 2", data) == 6)
        #expect(try Self.value("text + 1", data) == 13, "a string that reads as a number")
        #expect(try Self.value("int(-2.7)") == -2, "towards zero, as Int(_:)")
        #expect(try Self.value("round(2.5)") == 3)
        #expect(try Self.value("round(-2.5)") == -3, "half away from zero, as .rounded()")
        #expect(try Self.value("floor(-2.5)") == -3)
        #expect(try Self.value("ceil(2.1)") == 3)
        #expect(try Self.value("abs(-4)") == 4)
        #expect(try Self.value("min(3, 1, 2)") == 1)
        #expect(try Self.value("max(goal, 5000)", data) == 5000)
        #expect(try Self.value(" 0.5 ") == 0.5)
    }

    @Test("an expression in a document: a single placeholder keeps its number, mixed text prints it as Text would")
    func inDocument() throws {
        let text = DocumentFixtures.widget(
            #"{"Text": "{{= int(done / goal * 100)}}% of {{goal}}"}, {"ProgressView": {"value": "{{= done / goal}}"}}"#,
            data: #"{"done": 1250, "goal": 2000}"#)
        let descriptor = try WidgetDocument(text: text, file: "probe.json").descriptor
        let frame = try DocumentFixtures.render(descriptor, family: .systemSmall)
        let rows = DocumentFixtures.rows(frame)
        #expect(rows.contains { $0.contains("62% of 2000") }, "\(rows)")
        #expect(!frame.diagnostics.contains { $0.code == "invalid-widget-document" }, "\(frame.diagnostics.map(\.message))")
    }

    @Test("division and remainder by zero: an error at the operator's column when the document loads, not a crash")
    func divisionByZero() throws {
        for op in ["/", "%"] {
            let text = DocumentFixtures.widget(#"{"Text": "{{= done \#(op) goal}} left"}"#, data: #"{"done": 1, "goal": 0}"#)
            let error = try #require(DocumentFixtures.error(text))
            let at = try Self.position(of: "\(op) goal", in: text)
            #expect(error.line == at.line)
            #expect(error.column == at.column)
            #expect(error.path.description == "$.view.VStack[0].Text")
            #expect(error.expected == "a divisor other than zero after \(op)")
            #expect(error.found == "1 \(op) 0 in {{= done \(op) goal}}")
        }
    }

    @Test("an unknown name: an error at the name's column, with the nearest field")
    func unknownName() throws {
        let text = DocumentFixtures.widget(#"{"Text": "{{= 100 * totl / goal}}"}"#, data: #"{"total": 1, "goal": 4}"#)
        let error = try #require(DocumentFixtures.error(text))
        let at = try Self.position(of: "totl", in: text)
        #expect((error.line, error.column) == (at.line, at.column))
        #expect(error.suggestion == "total")
        #expect(error.found == "no such field in {{totl}} (in {{= 100 * totl / goal}})")
    }

    @Test("a value that is not a number: named, with its type and the column of its path")
    func notANumber() throws {
        let text = DocumentFixtures.widget(#"{"Text": "{{= title * 2}}"}"#, data: #"{"title": "Water"}"#)
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.column == (try Self.position(of: "title *", in: text)).column)
        #expect(error.expected == "a number at title")
        #expect(error.found == "a string \"Water\" in {{= title * 2}}")
    }

    @Test(
        "a malformed expression: what was expected, what was found, at the column inside the string",
        arguments: [
            ("{{= (done + 1}}", "}}", ") to close the (", "the end of the expression", nil),
            ("{{= done +}}", "}}", "a number, a data path, a function or (", "the end of the expression", nil),
            ("{{= flor(done)}}", "flor", "a function: int, round, floor, ceil, abs, min, max", "\"flor\"", "floor"),
            ("{{= int(done, 2)}}", "int", "int(...) with 1 argument", "2", nil),
            ("{{= done ^ 2}}", "^ 2", "an operator (+ - * / % ??) or the end of the expression", "\"^ 2\"", nil),
            ("{{=}}", "}}", "an expression after = such as {{= total / goal}}", "nothing", nil),
            ("{{= 1.2.3}}", "1.2.3", "a number such as 250 or 0.5", "\"1.2.3\"", nil),
            (
                "{{= done|time}}", "time",
                "a number format after an expression (a date style such as |time follows a data path: {{path|time}})",
                "\"time\"", nil
            ),
            ("{{= 1e5 * done}}", "1e5", "a number without an exponent (exponents are not supported): write 100000", "\"1e5\"", nil),
        ] as [(String, String, String, String, String?)])
    func malformed(_ source: String, _ marker: String, _ expected: String, _ found: String, _ suggestion: String?) throws {
        let error = try Self.expectError(in: source, data: #"{"done": 1}"#, at: marker, expected: expected, found: found)
        #expect(error.suggestion == suggestion)
    }

    @Test("arithmetic in a condition: conditions compare data paths; the advice is at the column of the arithmetic")
    func arithmeticInACondition() throws {
        for (condition, marker) in [("done > {{= 2}}", "{{= 2}}"), ("done * 2 > 5", "* 2 > 5")] {
            let text = DocumentFixtures.widget(
                #"{"if": "\#(condition)", "then": {"Text": "x"}}"#, data: #"{"done": 1}"#)
            let error = try #require(DocumentFixtures.error(text), "\(condition)")
            #expect(error.column == (try Self.position(of: marker, in: text)).column, "\(condition)")
            #expect(
                error.expected.hasSuffix(
                    "conditions compare data paths, and {{= }} is for text and numbers; compute the value in a data field, or compare with a literal"
                ),
                "\(error.expected)")
            #expect(error.found == "\"\(marker)\"")
        }
    }

    @Test("nesting past 32 levels is refused with the limit, not a stack overflow")
    func deepNesting() throws {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        guard case .failure(let error) = Template.parse("{{= \(deep)}}") else {
            Issue.record("10 000 parentheses parsed")
            return
        }
        #expect(error.expected == "at most 32 levels of parentheses and calls")
        let signs = String(repeating: "-", count: 10_000) + "1"
        guard case .failure = Template.parse("{{= \(signs)}}") else {
            Issue.record("10 000 signs parsed")
            return
        }
        #expect(try Self.value(String(repeating: "(", count: 30) + "1" + String(repeating: ")", count: 30)) == 1)
    }

    @Test("a flat chain past 256 operators is refused at the 257th operator's column, not a stack overflow")
    func longChain() throws {
        let chain = Array(repeating: "a", count: 100_000).joined(separator: "+")
        let text = "{{= \(chain)}}"
        guard case .failure(let error) = Template.parse(text) else {
            Issue.record("100 000 terms parsed")
            return
        }
        #expect(error.expected == "at most 256 operators in one expression; compute parts in data fields")
        #expect(error.found == "more")
        // "{{= " is 4 scalars, then each term is "a+": the 257th "+" follows 257 terms.
        #expect(error.offset == 4 + 257 * 2 - 1)
        let longest = Array(repeating: "a", count: 257).joined(separator: "*")
        #expect(try Self.value(longest, ["a": .number(1)]) == 1)
    }

    @Test("random expressions never crash: each parses into a tree or fails with a reason, and evaluates or throws")
    func randomInput() throws {
        var random = SplitMix64(seed: 13)
        let pieces = [
            "a", "b", "1", "0", "2.5", "+", "-", "*", "/", "%", "(", ")", ",", " ", "int", "min", "max", "round", "[", "]", "'", "\"", ".",
            "x.y", "é", "1e999", "=", "|",
        ]
        var parsed = 0
        for _ in 0..<3000 {
            let count = Int(random.next() % 12) + 1
            let source = (0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            switch Template.parse("{{= \(source)}}") {
            case .success(let template):
                guard case .expression(let expression)? = template.singlePlaceholder else { continue }
                parsed += 1
                let data: [String: DocumentValue] = ["a": .number(3), "b": .number(0)]
                do {
                    let value = try expression.evaluate(timeZone: TimeZone(identifier: "UTC")!) { path, _ in
                        try path.lookup(in: data).get()
                    }
                    #expect(value.isFinite, "\(source) = \(value)")
                } catch is DocumentExpression.Failure {
                } catch is DataPath.LookupFailure {
                }
            case .failure(let error):
                #expect(!error.expected.isEmpty)
                if let offset = error.offset { #expect(offset >= 0 && offset <= source.unicodeScalars.count + 4, "\(source)") }
            }
        }
        #expect(parsed > 100, "some random expressions are well formed")
    }
}
