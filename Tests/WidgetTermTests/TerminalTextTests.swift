import Foundation
import Testing
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI
@testable import TerminalUI

/// Text from documents and URLs never reaches the terminal as control sequences (issue 15, item 3).
@Suite struct TerminalTextTests {
    /// A window title, a screen clear, a C1 CSI, DEL, a right-to-left override, an isolate, a carriage return
    /// and a line feed that would forge the next line.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31mX\u{7F}\u{202E}evil\u{2066}\r\nfake line"
    static let hostileEscaped = #"\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}31mX\u{7F}\u{202E}evil\u{2066}\r\nfake line"#

    /// The scalars in `text` a terminal would act on, other than line feeds (which callers lay out themselves).
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { TerminalText.isControl($0) && $0 != "\n" }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test func escapesEveryControlAndKeepsEverythingElse() {
        #expect(TerminalText.escaped(Self.hostile) == Self.hostileEscaped)
        #expect(
            TerminalText.escaped("a\u{0}b\tc\u{1F}d\u{85}e\u{2028}f\u{2029}g\u{202A}\u{202C}\u{2067}\u{2069}")
                == #"a\0b\tc\u{1F}d\u{85}e\u{2028}f\u{2029}g\u{202A}\u{202C}\u{2067}\u{2069}"#)
        // Printable text, backslashes, emoji, wide and right-to-left letters and the invisible marks that only
        // steer neutral characters (LRM, RLM) are left alone.
        let plain = #"C:\path "quoted" 日本語 👩‍👩‍👧 שלום‏ مرحبا‎ ü"#
        #expect(TerminalText.escaped(plain) == plain)
        #expect(TerminalText.escaped("one\ttwo\nthree\r", multiline: true) == "one\ttwo\nthree\\r")
        #expect(Self.controls(in: TerminalText.escaped(Self.hostile, multiline: true)).isEmpty)
    }

    @Test func escapedJSONIsTheSameValue() throws {
        let encoder = JSONEncoder()
        let json = String(decoding: try encoder.encode(["text": Self.hostile]), as: UTF8.self)
        #expect(!Self.controls(in: json).isEmpty, "the encoder leaves DEL, C1 and bidi controls raw")
        let escaped = TerminalText.escapedJSON(json)
        #expect(Self.controls(in: escaped).isEmpty, "\(escaped)")
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(escaped.utf8))
        #expect(decoded == ["text": Self.hostile])
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments, widgets: SampleWidgetBundle().widgetDescriptors, environment: [:],
                output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test("open prints decoded route parameters escaped, each on its own line")
    func openEscapesParameters() {
        let result = Self.run(["open", "shop://orders/%1B%5D0;pwned%07%1B%5B2J%0Aroute:%20fake?x=%C2%9B31m%E2%80%AE"])
        #expect(result.status == 0)
        #expect(
            result.output == """
                url: shop://orders/%1B%5D0;pwned%07%1B%5B2J%0Aroute:%20fake?x=%C2%9B31m%E2%80%AE
                route: shop.orders.id (shop://orders/{id})
                  id = \\u{1B}]0;pwned\\u{7}\\u{1B}[2J\\nroute: fake
                  ?x = \\u{9B}31m\\u{202E}

                """)
        let missed = Self.run(["open", "shop://%1B%5B2J/%9B"])
        #expect(missed.status == 1)
        #expect(Self.controls(in: missed.output + missed.errors).isEmpty, "\(missed)")
    }

    /// A document whose texts, names, symbol and URLs all carry `hostile`, in a directory of its own.
    static func hostileDocument(view: String? = nil) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bad = String(decoding: try JSONEncoder().encode(hostile), as: UTF8.self) // a JSON string literal
        let text = """
            {"version": 1, "kind": "hostile", "displayName": \(bad), "families": ["systemSmall"],
             "routes": ["hostile://x/{p}"],
             "timeline": {"entries": [{"data": {"s": \(bad)}}]},
             "view": \(view ?? """
            {"VStack": [{"Text": "{{s}}"}, {"Link": {"destination": "hostile://x/%1B%5B2J", "label": {"Text": \(bad)}}},
                        {"Image": {"systemName": \(bad)}}], "modifiers": [{"containerBackground": "background"}]}
            """)}
            """
        let file = directory.appendingPathComponent("hostile.json")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test("render --format tree, json, text and ansi, gallery and check print no control from a document")
    func documentStringsAreEscaped() throws {
        let file = try Self.hostileDocument()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let tree = Self.run(["render", file.path, "--format", "tree"])
        #expect(tree.status == 0)
        #expect(tree.output.contains("  Text \"\(Self.hostileEscaped)\""), "\(tree.output)")
        #expect(!tree.output.contains("\nfake line"), "a text stays on its node's line")
        for arguments in [
            ["render", file.path, "--format", "tree"], ["render", file.path, "--format", "json"],
            ["render", file.path, "--format", "text"], ["render", file.path, "--format", "ansi"],
            ["gallery", file.path, "--format", "text"], ["check", file.path], ["check", file.path, "--format", "json"],
            ["timeline", file.path],
        ] {
            let result = Self.run(arguments)
            let controls = Self.controls(in: (result.output + result.errors).replacingOccurrences(of: "\u{1B}[", with: "CSI"))
            #expect(controls.isEmpty, "\(arguments.joined(separator: " ")): \(controls)\n\(result.output)\(result.errors)")
        }
        // The unknown symbol's warning quotes the name, escaped.
        let warnings = Self.run(["render", file.path]).errors
        #expect(warnings.contains(#"[unknown-symbol] SF Symbol "\#(Self.hostileEscaped)""#), "\(warnings)")
    }

    @Test("an error message quoting a broken document is escaped")
    func errorMessagesAreEscaped() throws {
        let file = try Self.hostileDocument(view: #"{"VStak\u001b]0;pwned\u0007": []}"#)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let result = Self.run(["render", file.path])
        #expect(result.status == 2)
        #expect(result.errors.contains(#"VStak\u{1B}]0;pwned\u{7}"#), "\(result.errors)")
        #expect(Self.controls(in: result.errors).isEmpty)
    }

    @Test("the preview's event log and the routed lines its app panel shows are escaped, one line each")
    func previewEscapes() throws {
        var log = EventLog()
        log.append(.route, "shop://x → order id=" + Self.hostile, at: Date(timeIntervalSince1970: 0))
        #expect(log.texts == ["shop://x → order id=" + Self.hostileEscaped])
        let router = DeepLinkRouter(routes: [try Route(name: "order", pattern: "shop://orders/{id}")])
        let lines = router.route(URL(string: "shop://orders/%1B%5B2J%E2%80%AE")!).lines
        #expect(lines == ["url: shop://orders/%1B%5B2J%E2%80%AE", "route: order (shop://orders/{id})", #"  id = \u{1B}[2J\u{202E}"#])
    }
}
