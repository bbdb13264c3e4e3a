import Foundation
import Testing
import TestSupport
@testable import SpellingSuggestions
@testable import WidgetDocument
import WidgetKitUI

// Widget documents on their own: errors with their positions, the nearest name for a misspelling, limits and
// random input. Documents rendered beside Swift widgets, commands and hot reload are in WidgetTermTests.

// MARK: - Errors: positions

@Suite("Widget documents: errors name the file, line, column and JSON path")
struct DocumentErrorPositionTests {
    @Test("a missing comma: placed where the comma goes, naming what follows and where, and the fix")
    func missingComma() throws {
        let text = """
            {
              "kind": "probe"
              "view": {"Text": "x"}
            }
            """
        let error = try #require(DocumentFixtures.error(text, file: "docs/probe.json"))
        #expect(error.kind == .syntax)
        #expect(error.file == "docs/probe.json")
        #expect(error.line == 2)
        #expect(error.column == 18)
        #expect(error.path.description == "$")
        #expect(error.expected == "a comma or } after the member \"kind\"")
        #expect(error.found == "\"view\" at line 3, column 3, with no comma before it: add a comma here, at line 2, column 18")
        #expect(
            error.description
                == "docs/probe.json:2:18: error: $: expected a comma or } after the member \"kind\"; found \"view\" at line 3, "
                + "column 3, with no comma before it: add a comma here, at line 2, column 18")
    }

    @Test("a missing comma between array items, on one line: after the item, the literal named")
    func missingCommaInArray() throws {
        let text = #"{"kind": "probe", "families": ["systemSmall" true], "view": {"Text": "x"}}"#
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.kind == .syntax)
        #expect(error.line == 1)
        #expect(error.column == 45)
        #expect(error.path.description == "$.families")
        #expect(error.expected == "a comma or ] after item 0")
        #expect(error.found == "true at line 1, column 46, with no comma before it: add a comma here, at line 1, column 45")
    }

    @Test("a member not followed by a comma or a value start keeps the plain message where the scanner stopped")
    func wrongCloser() throws {
        let error = try #require(DocumentFixtures.error(#"{"kind": "probe"]"#))
        #expect(error.column == 17)
        #expect(error.found == "]")
    }

    @Test("an unknown view deep in the tree: the key's position and the path down to it")
    func unknownViewDeep() throws {
        let text = """
            {
              "kind": "probe",
              "view": {
                "VStack": [
                  {"Text": "a"},
                  {"HStack": [{"Imgae": {"systemName": "star"}}]}
                ]
              }
            }
            """
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.kind == .invalid)
        #expect(error.line == 6)
        #expect(error.column == 20)
        #expect(error.path.description == "$.view.VStack[1].HStack[0].Imgae")
        #expect(error.found == "\"Imgae\"")
        #expect(error.suggestion == "Image")
    }

    @Test("a value of the wrong type: the value's own position")
    func wrongType() throws {
        let text = "{\"kind\": \"probe\",\n \"view\": {\"Text\": \"x\",\n   \"modifiers\": [{\"lineLimit\": \"two\"}]}}"
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.line == 3)
        #expect(error.column == 32)
        #expect(error.path.description == "$.view.modifiers[0].lineLimit")
        #expect(error.expected == "a number of lines or a {{placeholder}} holding one")
        #expect(error.found == "the string \"two\"")
    }

    @Test("a placeholder naming a field the entry lacks is found when the document loads, at the string holding it")
    func missingField() throws {
        let text = DocumentFixtures.widget(
            """
            {"Text": "Hi"},
            {"Text": "{{count}} steps"}
            """, data: "{\"cuont\": 3}")
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.line == 4)
        #expect(error.column == 10)
        #expect(error.path.description == "$.view.VStack[1].Text")
        #expect(error.found == "no such field in {{count}}")
        #expect(error.suggestion == "cuont")
    }

    @Test("JSON faults: trailing comma, duplicate key, comment, single quotes, control character, end of file, bad UTF-8")
    func jsonFaults() throws {
        let trailing = try #require(DocumentFixtures.error("{\"kind\": \"a\",\n \"view\": [1, 2, ]}"))
        #expect((trailing.line, trailing.column) == (2, 17))
        #expect(trailing.expected == "another value after the comma (JSON allows no trailing comma)")

        let duplicate = try #require(DocumentFixtures.error("{\"kind\": \"a\",\n  \"kind\": \"b\"}"))
        #expect((duplicate.line, duplicate.column) == (2, 3))
        #expect(duplicate.path.description == "$.kind")
        #expect(duplicate.expected == "each member name once per object (\"kind\" is already at line 1, column 2)")

        let comment = try #require(DocumentFixtures.error("{\n  // the kind\n  \"kind\": \"a\"}"))
        #expect((comment.line, comment.column) == (2, 3))
        #expect(comment.found == "a comment (JSON has no comments)")

        let quotes = try #require(DocumentFixtures.error("{\"kind\": 'a'}"))
        #expect((quotes.line, quotes.column) == (1, 10))
        #expect(quotes.found == "' (JSON strings use double quotes)")

        let control = try #require(DocumentFixtures.error("{\"kind\": \"a\tb\"}"))
        #expect((control.line, control.column) == (1, 12))
        #expect(control.found == "the control character U+0009")

        let truncated = try #require(DocumentFixtures.error("{\"kind\": \"probe\", \"view\": {\"Text\""))
        #expect((truncated.line, truncated.column) == (1, 34))
        #expect(truncated.found == "the end of the file")

        let bytes: [UInt8] = Array("{\"kind\": \"é\n\"".utf8) + [0xFF] + Array("\"}".utf8)
        do {
            _ = try WidgetDocument(bytes: bytes, file: "bad.json")
            Issue.record("invalid UTF-8 loaded")
        } catch let error as DocumentError {
            #expect((error.line, error.column) == (2, 2))
            #expect(error.found == "the byte 0xFF, which is not valid UTF-8")
        }
    }

    @Test("columns count characters, not bytes: a key after non-ASCII text")
    func columnsCountCharacters() throws {
        let error = try #require(DocumentFixtures.error("{\"displayName\": \"Café ☕\", \"knd\": \"x\"}"))
        #expect((error.line, error.column) == (1, 27))
        #expect(error.suggestion == "kind")
    }
}

// MARK: - Errors: every misspelling path

@Suite("Widget documents: a misspelled name gets the nearest valid one")
struct DocumentMisspellingTests {
    /// (what is misspelled, the view JSON, the expected suggestion, the expected path)
    static let cases: [(String, String, String, String)] = [
        ("view name", #"{"VStak": []}"#, "VStack", "$.view.VStack[0].VStak"),
        ("view name written alone", #""Spacr""#, "Spacer", "$.view.VStack[0]"),
        ("view name, case", #"{"vstack": []}"#, "VStack", "$.view.VStack[0].vstack"),
        ("modifier name", #"{"Text": "a", "modifiers": [{"fnt": "headline"}]}"#, "font", "$.view.VStack[0].modifiers[0].fnt"),
        ("modifier name written alone", #"{"Text": "a", "modifiers": ["bld"]}"#, "bold", "$.view.VStack[0].modifiers[0]"),
        (
            "modifier name, long", #"{"Text": "a", "modifiers": [{"forgroundStyle": "red"}]}"#, "foregroundStyle",
            "$.view.VStack[0].modifiers[0].forgroundStyle"
        ),
        ("view argument", #"{"HStack": [], "spacng": 4}"#, "spacing", "$.view.VStack[0].spacng"),
        ("view argument inside the object", #"{"Image": {"systemNam": "star"}}"#, "systemName", "$.view.VStack[0].Image.systemNam"),
        (
            "modifier argument", #"{"Text": "a", "modifiers": [{"frame": {"maxWidht": "infinity"}}]}"#, "maxWidth",
            "$.view.VStack[0].modifiers[0].frame.maxWidht"
        ),
        ("font text style", #"{"Text": "a", "modifiers": [{"font": "headlin"}]}"#, "headline", "$.view.VStack[0].modifiers[0].font"),
        (
            "font weight", #"{"Text": "a", "modifiers": [{"font": {"style": "body", "weight": "semibld"}}]}"#, "semibold",
            "$.view.VStack[0].modifiers[0].font.weight"
        ),
        (
            "font design", #"{"Text": "a", "modifiers": [{"font": {"size": 20, "design": "rounde"}}]}"#, "rounded",
            "$.view.VStack[0].modifiers[0].font.design"
        ),
        ("date style", #"{"Text": "+5m", "style": "timr"}"#, "timer", "$.view.VStack[0].style"),
        ("date style in a placeholder", #"{"Text": "at {{entry.date|tiem}}"}"#, "time", "$.view.VStack[0].Text"),
        ("alignment", #"{"VStack": [], "alignment": "leadng"}"#, "leading", "$.view.VStack[0].alignment"),
        (
            "gauge style", #"{"Gauge": {"value": 0.5}, "modifiers": [{"gaugeStyle": "accessoryCirculr"}]}"#, "accessoryCircular",
            "$.view.VStack[0].modifiers[0].gaugeStyle"
        ),
        ("colour", #"{"Text": "a", "modifiers": [{"foregroundStyle": "bleu"}]}"#, "blue", "$.view.VStack[0].modifiers[0].foregroundStyle"),
        ("shape", #"{"Text": "a", "modifiers": [{"clipShape": "Capsul"}]}"#, "Capsule", "$.view.VStack[0].modifiers[0].clipShape"),
        ("data field", #"{"Text": "{{titel}}"}"#, "title", "$.view.VStack[0].Text"),
        ("environment value", #"{"Text": "{{env.widgetFamly}}"}"#, "widgetFamily", "$.view.VStack[0].Text"),
        ("intent name", #"{"Button": "Add", "intent": "addGlas"}"#, "addGlass", "$.view.VStack[0].intent"),
        (
            "family in a switch", #"{"switch": "env.widgetFamily", "cases": {"systemSmal": "Spacer"}}"#, "systemSmall",
            "$.view.VStack[0].cases.systemSmal"
        ),
    ]

    @Test("view, modifier, argument and value names", arguments: 0..<22)
    func misspelling(_ index: Int) throws {
        let (what, view, suggestion, path) = Self.cases[index]
        let text = DocumentFixtures.widget(
            view, data: #"{"title": "Hi"}"#,
            extra: """
                "store": {"suite": "group.test.misspell", "defaults": {"glasses": 0}},
                "intents": {"addGlass": {"increment": "glasses"}},
                """)
        let error = try #require(DocumentFixtures.error(text), "\(what)")
        #expect(error.suggestion == suggestion, "\(what): \(error)")
        #expect(error.path.description == path, "\(what): \(error)")
        #expect(error.description.hasSuffix(". Did you mean \"\(suggestion)\"?"), "\(what)")
    }

    @Test("top-level keys, families, expanded regions and store keys")
    func documentLevelNames() throws {
        let topLevel = try #require(DocumentFixtures.error(#"{"kind": "a", "dispalyName": "A", "view": "Spacer"}"#))
        #expect(topLevel.suggestion == "displayName")
        #expect(topLevel.path.description == "$.dispalyName")

        let family = try #require(DocumentFixtures.error(#"{"kind": "a", "families": ["systemMedum"], "view": "Spacer"}"#))
        #expect(family.suggestion == "systemMedium")
        #expect(family.path.description == "$.families[0]")

        let region = try #require(
            DocumentFixtures.error(
                """
                {"kind": "a", "activity": {"contentStates": [{"state": {}}], "lockScreen": "Spacer",
                 "dynamicIsland": {"expanded": {"leadin": "Spacer"}}}}
                """))
        #expect(region.suggestion == "leading")
        #expect(region.path.description == "$.activity.dynamicIsland.expanded.leadin")

        let storeKey = try #require(
            DocumentFixtures.error(
                """
                {"kind": "a", "store": {"suite": "group.a", "defaults": {"total": 0}}, "intents": {"add": {"increment": "totl"}}, "view": "Spacer"}
                """))
        #expect(storeKey.suggestion == "total")
        #expect(storeKey.path.description == "$.intents.add.increment")
    }

    @Test("a name with no near match lists the valid ones and suggests nothing")
    func farNames() throws {
        let error = try #require(DocumentFixtures.error(DocumentFixtures.widget(#"{"Xylophone": 1}"#)))
        #expect(error.suggestion == nil)
        #expect(error.expected.hasPrefix("a view name (Text, Image, Label, VStack"))
        #expect(NearestName.suggestion(for: "zzzzzz", among: ["font", "frame"]) == nil)
        #expect(NearestName.editDistance(Array("fnot"), Array("font")) == 1, "a transposition is one edit")
        #expect(NearestName.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}

// MARK: - Limits and random input

@Suite("Widget documents: limits and random input")
struct DocumentRobustnessTests {
    @Test("nesting deeper than the limit is refused with a limit message, not a stack overflow")
    func deepNesting() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(DocumentFixtures.catching { _ = try JSONScanner.parse(text) })
        #expect(error.kind == .limit)
        #expect(error.expected == "at most 128 levels of nested arrays and objects (limit)")
        #expect(error.found == "level 129")
        #expect((error.line, error.column) == (1, 129))

        // Deep but within the limit: a view tree 60 stacks deep loads and renders.
        var view = #"{"Text": "deep"}"#
        for _ in 0..<60 { view = #"{"VStack": [\#(view)]}"# }
        let descriptor = try WidgetDocument(text: DocumentFixtures.widget(view)).descriptor
        let frame = try DocumentFixtures.render(descriptor, family: .systemSmall)
        #expect(DocumentFixtures.rows(frame).contains { $0.contains("deep") })
    }

    @Test("a document over the size limit is refused before it is parsed")
    func hugeDocument() throws {
        let text = "{\"kind\": \"" + String(repeating: "a", count: 3 * 1024 * 1024) + "\"}"
        let error = try #require(DocumentFixtures.error(text))
        #expect(error.kind == .limit)
        #expect(error.expected == "a document of at most 2097152 bytes (limit)")
        #expect(error.found == "3145740 bytes")
        let small = DocumentLimits(maximumBytes: 1_000_000, maximumDepth: 128, maximumValues: 1000)
        let many = "[" + Array(repeating: "0", count: 2000).joined(separator: ",") + "]"
        let countError = try #require(DocumentFixtures.catching { _ = try JSONScanner.parse(many, limits: small) })
        #expect(countError.expected == "at most 1000 values in a document (limit)")
    }

    /// A random view tree from the format's own vocabulary, with random (sometimes wrong) values.
    static func randomView(_ random: inout SplitMix64, depth: Int) -> String {
        let views = [
            "Text", "Image", "Label", "VStack", "HStack", "ZStack", "Group", "ForEach", "Spacer", "Divider", "Color",
            "RoundedRectangle", "Circle", "Link", "Button", "Toggle", "Gauge", "ProgressView", "if", "switch", "Nope",
        ]
        let modifiers = [
            "font", "bold", "padding", "frame", "foregroundStyle", "background", "opacity", "lineLimit", "widgetURL",
            "widgetAccentable", "containerBackground", "overlay", "offset", "aspectRatio", "tint", "gaugeStyle", "fill", "unknown",
        ]
        func value(_ random: inout SplitMix64) -> String {
            switch Int.random(in: 0..<12, using: &random) {
            case 0: return "\(Int.random(in: -50...500, using: &random))"
            case 1: return "\(Double.random(in: -2...2, using: &random))"
            case 2: return ["true", "false", "null"].randomElement(using: &random)!
            case 3: return "\"{{items}}\""
            case 4: return "\"{{title}}\""
            case 5: return "\"{{missing.deep}}\""
            case 6: return "\"+\(Int.random(in: 0...90, using: &random))m\""
            case 7:
                return ["\"headline\"", "\"infinity\"", "\"leading\"", "\"blue\"", "\"systemSmall\"", "\"x://y\""].randomElement(
                    using: &random)!
            case 8: return "{\"maxWidth\": \"infinity\", \"alignment\": \"leading\"}"
            case 9: return "[\"Spacer\", {\"Text\": \"x\"}]"
            case 10: return "{\"start\": \"+0m\", \"end\": \"+5m\"}"
            default: return "\"text {{title}}\""
            }
        }
        let name = views.randomElement(using: &random)!
        var members: [String] = []
        switch name {
        case "if":
            members.append("\"if\": \"title && !missing\", \"then\": \(depth > 0 ? randomView(&random, depth: depth - 1) : "\"Spacer\"")")
        case "switch":
            members.append("\"switch\": \"env.widgetFamily\", \"cases\": {\"systemSmall\": \"Divider\"}, \"default\": \"Spacer\"")
        case "VStack", "HStack", "ZStack", "Group":
            let count = Int.random(in: 0...3, using: &random)
            let children = (0..<count).map { _ in depth > 0 ? randomView(&random, depth: depth - 1) : "\"Spacer\"" }
            members.append("\"\(name)\": [\(children.joined(separator: ", "))]")
        case "ForEach":
            members.append(
                "\"ForEach\": \"{{items}}\", \"content\": \(depth > 0 ? randomView(&random, depth: depth - 1) : "{\"Text\": \"{{item}}\"}")"
            )
        default:
            members.append("\"\(name)\": \(value(&random))")
            for label in ["systemName", "style", "value", "isOn", "intent", "destination", "timerInterval", "cornerRadius"]
            where Int.random(in: 0..<6, using: &random) == 0 {
                members.append("\"\(label)\": \(value(&random))")
            }
        }
        if Int.random(in: 0..<2, using: &random) == 0 {
            let count = Int.random(in: 1...3, using: &random)
            let list = (0..<count).map { _ in "{\"\(modifiers.randomElement(using: &random)!)\": \(value(&random))}" }
            members.append("\"modifiers\": [\(list.joined(separator: ", "))]")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// Loads `text`; a document that loads is rendered in each of its families. Returns whether it loaded. Any
    /// error must be a `DocumentError` with a position inside the text.
    static func exercise(_ text: String) throws -> Bool {
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        do {
            let descriptor = try WidgetDocument(text: text).descriptor
            for family in descriptor.supportedFamilies.prefix(2) {
                _ = try DocumentFixtures.render(descriptor, family: family)
            }
            return true
        } catch let error as DocumentError {
            #expect(error.line >= 1 && error.line <= lineCount + 1, "line \(error.line) of \(lineCount): \(error)")
            #expect(error.column >= 1, "\(error)")
            #expect(!error.expected.isEmpty && !error.found.isEmpty)
            return false
        }
    }

    @Test("random documents, truncated documents and mutated documents never crash; every refusal is positioned (seed 0x5EED)")
    func randomAndTruncatedDocuments() throws {
        var random = SplitMix64(seed: 0x5EED)
        var loaded = 0, refused = 0
        for _ in 0..<250 {
            let view = Self.randomView(&random, depth: 3)
            let text = """
                {"kind": "random", "families": ["systemSmall", "accessoryInline"],
                 "store": {"suite": "group.test.random", "defaults": {"n": 1}}, "intents": {"add": {"increment": "n"}},
                 "timeline": {"entries": [{"data": {"title": "T", "items": ["a", "b"]}}]},
                 "view": \(view)}
                """
            if try Self.exercise(text) { loaded += 1 } else { refused += 1 }
        }
        // Truncations and single-byte mutations of real documents.
        let sources = try ["twins/orders.json", "twins/delivery.json", "water.json"].map {
            try String(contentsOf: DocumentFixtures.examples.appendingPathComponent($0), encoding: .utf8)
        }
        let junk: [Character] = ["{", "}", "[", "]", ",", ":", "\"", "\\", "x", "1", " ", "\n", "é", "\u{0}"]
        for source in sources {
            let characters = Array(source)
            for end in stride(from: 0, to: characters.count, by: 13) {
                if try Self.exercise(String(characters[..<end])) { loaded += 1 } else { refused += 1 }
            }
            for _ in 0..<60 {
                var mutated = characters
                let index = Int.random(in: 0..<mutated.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mutated.remove(at: index)
                case 1: mutated.insert(junk.randomElement(using: &random)!, at: index)
                default: mutated[index] = junk.randomElement(using: &random)!
                }
                if try Self.exercise(String(mutated)) { loaded += 1 } else { refused += 1 }
            }
        }
        #expect(loaded > 20, "some random documents are valid and render")
        #expect(refused > 500, "most truncations and mutations are refused with a positioned error")
    }
}
