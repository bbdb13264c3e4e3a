import Foundation
import Testing
import TestSupport
@testable import WidgetTermCLI
import SampleWidgets
@testable import CellRender
import WidgetKitUI

/// The command line as README promises it (issue 15, items 6, 7, 8 and 10).
@Suite struct CommandDispatchTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let water = package.appendingPathComponent("examples/water.json").path
    static let notATerminal =
        "widgetterm: preview is interactive and needs a terminal, but standard output is not one. "
        + "To print widgets instead, use `widgetterm gallery` or `widgetterm render KIND`.\n"

    func resolve(_ arguments: [String], paths: Set<String> = []) throws -> CommandDispatch.Resolved {
        try CommandDispatch.resolve(arguments, kinds: { ["water", "weather"] }, pathExists: { paths.contains($0) })
    }

    @Test("a bare word is a command, then an existing path, then a widget kind")
    func bareWordOrder() throws {
        #expect(try resolve(["render", "water"]) == .init(command: "render", arguments: ["water"]))
        #expect(try resolve(["water"]) == .init(command: "preview", arguments: ["water"]))
        #expect(try resolve(["w.json"]) == .init(command: "preview", arguments: ["w.json"]))
        #expect(try resolve(["some/folder"], paths: ["some/folder"]) == .init(command: "preview", arguments: ["some/folder"]))
        // A file named like a command is still the command; a file named like a kind is a path: the preview either way.
        #expect(try resolve(["list"], paths: ["list"]).command == "list")
        #expect(try resolve(["notes"], paths: ["notes"]) == .init(command: "preview", arguments: ["notes"]))
        #expect(try resolve([]) == .init(command: "preview", arguments: []))
        #expect(try resolve(["--version"]).command == "--version")
    }

    @Test("global flags before the command name go to the command, in their order")
    func flagsBeforeTheCommand() throws {
        #expect(
            try resolve(["--app-group", "/tmp/g", "--device", "iphone-se", "render", "water", "--format", "text"])
                == .init(command: "render", arguments: ["--app-group", "/tmp/g", "--device", "iphone-se", "water", "--format", "text"]))
        #expect(try resolve(["--theme=dark", "list"]) == .init(command: "list", arguments: ["--theme=dark"]))
        // The value of a flag is never read as the command: a theme named "list" stays the theme.
        #expect(try resolve(["--theme", "list", "water"]) == .init(command: "preview", arguments: ["--theme", "list", "water"]))
        #expect(try resolve(["--os", "16"]) == .init(command: "preview", arguments: ["--os", "16"]))
    }

    @Test("an unknown word suggests the nearest command or kind")
    func unknownWord() {
        #expect(throws: UsageError.self) { try resolve(["watr"]) }
        do {
            _ = try resolve(["watr"])
        } catch let error as UsageError {
            #expect(error.message.hasPrefix("unknown command watr (did you mean water?); valid commands: preview, list,"))
            #expect(error.message.hasSuffix("or give a widget kind (water, weather) or a widget document to preview"))
        } catch {}
    }

    @Test("widgetterm KIND, FILE.json and PATH reach the preview; flags before a command reach the command")
    func endToEnd() throws {
        for arguments in [["water"], [Self.water], ["--device", "iphone-se", "water"], ["--theme", "dark", "preview", "weather"]] {
            let result = PreviewCommandTests.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors == Self.notATerminal, "\(arguments)")
        }
        let before = PreviewCommandTests.run(["--theme", "dark", "--device", "iphone-se", "render", "water", "--format", "ansi"])
        let after = PreviewCommandTests.run(["render", "water", "--format", "ansi", "--theme", "dark", "--device", "iphone-se"])
        #expect(before.status == 0)
        #expect(before.output == after.output)
        #expect(before.output != PreviewCommandTests.run(["render", "water", "--format", "ansi"]).output)
        let rendered = PreviewCommandTests.run([
            "--app-group", TestScratch.path("wt"), "render", Self.water,
            "--format", "text",
        ])
        #expect(rendered.status == 0, "\(rendered.errors)")
    }

    @Test("a folder where a widget is expected says what it holds and what to give")
    func folder() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("wt-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        for command in [["render"], ["preview"], []] {
            let result = PreviewCommandTests.run(command + [empty.path])
            #expect(result.status == 2)
            #expect(
                result.errors == "widgetterm: \(empty.path) is a folder that holds no widget source (no .swift file and no .json "
                    + "widget document); give a widget kind or a widget document (.json)\n", "\(command)")
        }
        let examples = PreviewCommandTests.run(["render", Self.package.appendingPathComponent("examples").path])
        #expect(examples.errors.contains("is a folder; give its widget documents as files, such as "))
        #expect(examples.errors.contains("examples/accented-fills.json"))
    }
}

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every `--format` a command accepts writes a valid file of that format, or is refused (issue 15 item 7).
@Suite struct OutputFormatValidityTests {
    /// True when `text` is one well-formed XML document whose root is an `svg` element.
    static func isSVG(_ text: String) -> Bool {
        final class Root: NSObject, XMLParserDelegate {
            var name: String?
            func parser(
                _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == nil { name = elementName }
            }
        }
        let parser = XMLParser(data: Data(text.utf8))
        let root = Root()
        parser.delegate = root
        return parser.parse() && root.name == "svg"
    }

    static func isJSON(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil
    }

    @Test("render, gallery, timeline and check: json parses as one document, svg as one SVG picture")
    func validFiles() {
        let agenda = CommandDispatchTests.package.appendingPathComponent("examples/agenda.json").path
        for arguments in [
            ["render", "water"], ["render", "delivery"], ["render", agenda], ["gallery"], ["gallery", "agenda", "delivery"],
            ["gallery", agenda],
        ] {
            let json = PreviewCommandTests.run(arguments + ["--format", "json"])
            #expect(json.status == 0, "\(arguments) \(json.errors)")
            #expect(Self.isJSON(json.output), "\(arguments) json")
            let svg = PreviewCommandTests.run(arguments + ["--format", "svg"])
            #expect(svg.status == 0, "\(arguments) \(svg.errors)")
            #expect(Self.isSVG(svg.output), "\(arguments) svg")
        }
        let timeline = PreviewCommandTests.run(["timeline", "water", "--format", "json", "--from", "2026-11-29T09:00:00Z", "--hours", "3"])
        #expect(timeline.status == 0)
        let object = (try? JSONSerialization.jsonObject(with: Data(timeline.output.utf8))) as? [String: Any]
        #expect(object?["kind"] as? String == "water")
        #expect(object?["from"] as? String == "2026-11-29T09:00:00Z")
        let steps = object?["steps"] as? [[String: Any]] ?? []
        #expect(steps.first?["type"] as? String == "reload")
        #expect(steps.first?["reason"] as? String == "initial")
        #expect(object?["reloads"] as? Int == steps.filter { $0["outcome"] as? String == "reloaded" }.count)
        #expect(Self.isJSON(PreviewCommandTests.run(["check", "water", "--format", "json"]).output))
    }

    @Test("the gallery's picture holds every frame, labelled, and names the families the device skips")
    func galleryContents() {
        let svg = PreviewCommandTests.run(["gallery", "agenda", "--format", "svg"])
        #expect(svg.output.components(separatedBy: "<svg ").count - 1 == 1 + 1) // the sheet and agenda's systemLarge
        #expect(svg.output.contains(">systemLarge</text>"))
        #expect(svg.output.contains(">skipped: systemExtraLarge</text>"))
        #expect(svg.errors == "widgetterm: note: iphone-430 has no agenda systemExtraLarge; skipped\n")
        let text = PreviewCommandTests.run(["gallery", "agenda", "--format", "text"])
        #expect(text.output.contains("  skipped: systemExtraLarge (iphone-430 has no size for it)\n"))
        let ipad = PreviewCommandTests.run(["gallery", "agenda", "--format", "text", "--device", "ipad-1024"])
        #expect(ipad.output.contains("  systemExtraLarge\n") && !ipad.output.contains("skipped"))
    }

    @Test("a format a command cannot write is refused with exit 2 and what to use")
    func refused() {
        for (arguments, message) in [
            (["timeline", "water", "--format", "svg"], "widgetterm: timeline --format takes text or json, not svg"),
            (["timeline", "water", "--format", "ansi"], "widgetterm: timeline --format takes text or json, not ansi"),
            (["check", "water", "--format", "svg"], "widgetterm: unknown --format svg"),
            (["gallery", "--format", "tree"], "widgetterm: gallery --format takes text, ansi, json, svg or png; tree is for render"),
            (
                ["render", "delivery", "--format", "tree"],
                "widgetterm: --format tree prints a widget's view tree; delivery is a Live Activity"
            ),
            (["preview", "water", "--format", "svg"], "widgetterm: preview draws on the terminal and takes no --format (svg)"),
            // An unknown format names png among the values, as render and gallery write it (with --output).
            (
                ["render", "water", "--format", "pdf"],
                "widgetterm: unknown --format pdf (did you mean png?); valid values: ansi, json, png, svg, text, tree\n"
            ),
            (["render", "water", "--format", "png"], "widgetterm: render --format png writes a binary file: give --output FILE\n"),
            (["timeline", "water", "--format", "png"], "widgetterm: timeline --format takes text or json, not png"),
            (["check", "water", "--format", "png"], "widgetterm: unknown --format png; valid values: json, text\n"),
            (
                ["smartstack", "steps", "countdown", "--format", "svg"],
                "widgetterm: smartstack prints its rotations as text and takes no --format svg; use render KIND --format svg for a widget\n"
            ),
        ] {
            let result = PreviewCommandTests.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments)")
            #expect(result.errors.hasPrefix(message), "\(arguments): \(result.errors)")
        }
    }
}

/// One colour rule for every printing command (issue 15 item 8; the rule is on `OutputFormat`).
@Suite struct ColorRuleTests {
    /// What `render water` writes with these flags and environment, to a terminal or not.
    static func render(_ flags: [String], _ environment: [String: String], terminal: Bool) -> String {
        let output = StringStream(isTerminal: terminal), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: ["render", "water", "--at", "2026-11-29T09:00:00Z"] + flags,
                widgets: SampleWidgetBundle().widgetDescriptors, environment: environment, output: output, errors: errors)
        }
        #expect(status == 0, "\(flags) \(environment): \(errors.text)")
        return output.text
    }

    enum Written: Equatable { case text, attributesOnly, ansi16, ansi256, trueColor }

    /// What kind of output `text` is, from its escape sequences.
    static func classify(_ text: String) -> Written {
        guard text.contains("\u{1B}[") else { return .text }
        if text.contains(";38;2;") || text.contains("[38;2;") { return .trueColor }
        if text.contains("38;5;") || text.contains("48;5;") { return .ansi256 }
        let codes = text.components(separatedBy: "\u{1B}[").dropFirst().flatMap { $0.prefix(while: { $0 != "m" }).split(separator: ";") }
        return codes.contains { Int($0).map { (30...49).contains($0) || (90...107).contains($0) } ?? false } ? .ansi16 : .attributesOnly
    }

    @Test("the matrix: --format, --color, --colors, NO_COLOR, TERM and whether standard output is a terminal")
    func matrix() {
        let xterm = ["TERM": "xterm"], xterm256 = ["TERM": "xterm-256color"], direct = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        let noColor = ["TERM": "xterm-256color", "NO_COLOR": "1"], dumb = ["TERM": "dumb"], none: [String: String] = [:]
        let cases: [([String], [String: String], Bool, Written)] = [
            // No --format: colour to a colour terminal only.
            ([], xterm256, true, .ansi256), ([], xterm, true, .ansi16), ([], direct, true, .trueColor),
            ([], xterm256, false, .text), ([], noColor, true, .text), ([], dumb, true, .text),
            (["--color", "never"], xterm256, true, .text), (["--color", "always"], xterm256, false, .ansi256),
            (["--color", "always"], noColor, true, .ansi256), (["--color", "always"], none, false, .ansi256),
            // --format ansi: always escape sequences; colour off gives attributes only.
            (["--format", "ansi"], xterm256, false, .ansi256), (["--format", "ansi"], xterm, false, .ansi16),
            (["--format", "ansi"], noColor, false, .attributesOnly),
            (["--format", "ansi", "--color", "never"], xterm256, true, .attributesOnly),
            (["--format", "ansi", "--color", "always"], noColor, false, .ansi256), (["--format", "ansi"], none, false, .ansi256),
            (["--format", "ansi"], dumb, false, .ansi256),
            // --colors says what the terminal that shows the output can show, here or later.
            (["--format", "ansi", "--colors", "truecolor"], xterm, false, .trueColor),
            (["--format", "ansi", "--colors", "16"], direct, false, .ansi16),
            (["--colors", "16"], xterm256, true, .ansi16), (["--colors", "256"], noColor, true, .text),
            (["--format", "ansi", "--colors", "256"], noColor, false, .attributesOnly),
            // --format text is text, whatever colour says.
            (["--format", "text", "--color", "always"], direct, true, .text),
        ]
        for (flags, environment, terminal, expected) in cases {
            #expect(
                Self.classify(Self.render(flags, environment, terminal: terminal)) == expected,
                "\(flags) \(environment) terminal: \(terminal)")
        }
    }

    @Test("attributes without colour keep the widget's bold text and nothing else")
    func attributesOnly() {
        let text = Self.render(["--format", "ansi", "--color", "never"], [:], terminal: false)
        #expect(text.contains("\u{1B}[0;1mWater"))
        let plain = Self.render(["--format", "text"], [:], terminal: false)
        let stripped = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        #expect(lines(stripped) == lines(plain))
    }
}

/// `check --help` says what `check` does and prints (issue 15 item 10).
@Suite struct CheckHelpTests {
    @Test("every flag check --help lists is accepted, every flag it accepts is listed, and its output has the documented form")
    func helpMatchesTheCommand() throws {
        let help = PreviewCommandTests.run(["check", "--help"]).output
        let listed = Set(
            help.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("--") else { return nil }
                return String(trimmed.dropFirst(2).prefix { $0.isLetter || $0 == "-" })
            })
        #expect(
            listed
                == RenderSettings.valuedFlags.union(["surfaces", "fetched-at", "summary"]).subtracting(["color", "colors", "format"])
                .union(["format"]))
        for flag in ["color", "colors"] {
            let refused = PreviewCommandTests.run(["check", "water", "--\(flag)", "never"])
            #expect(refused.status == 2)
            #expect(refused.errors.hasPrefix("widgetterm: check prints findings, not pictures: --\(flag) does not apply"))
        }
        #expect(help.contains("--family F         check only this family (default: every family the widget supports)"))
        let result = PreviewCommandTests.run(["check", "water", "--at", "2026-11-29T09:00:00Z"])
        let verdict = try #require(result.output.split(separator: "\n").first)
        #expect(
            verdict.range(
                of:
                    #"^water: (clean( \([0-9]+ notes? on what iOS does\))?|[0-9]+ (errors?|warnings?|notes?)(, [0-9]+ (warnings?|notes?))*)$"#,
                options: .regularExpression) != nil, "\(verdict)")
        #expect(
            result.errors.range(
                of:
                    #"^widgetterm: check: [0-9]+ errors?, [0-9]+ warnings?, [0-9]+ notes? on [0-9]+ surfaces?; [0-9]+ of [0-9]+ widgets? clean\n$"#,
                options: .regularExpression) != nil, "\(result.errors)")
        #expect(result.status == (result.output.contains("      error") ? 1 : 0))
    }
}

/// The theme file format's JSON Schema says what the decoder accepts (issue 15 item 10).
@Suite struct ThemeSchemaTests {
    static let schemaURL = CommandDispatchTests.package.appendingPathComponent("docs/theme.schema.json")

    static func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any])
    }

    @Test("the schema's keys, required keys, enumerations and colour names are the decoder's")
    func schemaMatchesTheDecoder() throws {
        let schema = try Self.schema()
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(Theme.keys))
        #expect(Set(schema["required"] as? [String] ?? []) == ["renderingMode", "colorScheme", "wallpaper", "defaultTint", "accentTint"])
        #expect((properties["renderingMode"] as? [String: Any])?["enum"] as? [String] == WidgetRenderingMode.allCases.map(\.rawValue))
        let defs = try #require(schema["$defs"] as? [String: Any])
        let palette = try #require(defs["systemPalette"] as? [String: Any])
        #expect(((palette["propertyNames"] as? [String: Any])?["enum"] as? [String]) == SystemColor.allCases.map(\.rawValue))
        // Every theme the decoder accepts needs a required key: drop one and it refuses.
        let light = try Data(contentsOf: CommandDispatchTests.package.appendingPathComponent("themes/light.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: light) as? [String: Any])
        object["wallpaper"] = nil
        #expect(throws: ThemeError.self) {
            try Theme.decode(try JSONSerialization.data(withJSONObject: object), file: "t.json", defaultName: "t")
        }
    }

    @Test("the schema's colour patterns accept exactly the colours the decoder accepts")
    func colourPatterns() throws {
        let defs = try #require(try Self.schema()["$defs"] as? [String: Any])
        let opaque = try #require((defs["opaqueColor"] as? [String: Any])?["pattern"] as? String)
        let translucent = try #require((defs["translucentColor"] as? [String: Any])?["pattern"] as? String)
        func matches(_ pattern: String, _ text: String) -> Bool { text.range(of: pattern, options: .regularExpression) != nil }
        for text in [
            "#FFFFFF", "101b3a", "#3D2A10E6", "#3C3C43 30%", "#EBEBF5 16.5%", "#000000 100%", "#12345", "#GGGGGG", "#FFFFFF 120%",
            "#FFFFFFFF 50%", "red", "",
        ] {
            let parsed = Theme.parseColor(text)
            #expect(matches(translucent, text) == (parsed != nil), "\(text)")
            #expect(
                matches(opaque, text)
                    == (parsed != nil && parsed!.alpha == 1 && !text.contains("%") && text.filter(\.isHexDigit).count == 6), "\(text)")
        }
        // Every built-in theme file holds only colours the patterns accept.
        for name in Theme.builtInNames {
            let text = try String(contentsOf: CommandDispatchTests.package.appendingPathComponent("themes/\(name).json"), encoding: .utf8)
            let colours = text.matches(of: /"(#[^"]*)"/).map { String($0.1) }
            #expect(!colours.isEmpty)
            for colour in colours { #expect(matches(translucent, colour), "\(name): \(colour)") }
        }
    }
}

/// `list` and the preview name the App Group store (issue 15 item 10).
@Suite struct AppGroupStoreNameTests {
    /// Runs the built binary with `arguments`; nil when it is not built.
    static func runBinary(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String, errors: String)? {
        guard let binary = TmuxSession.binary else { return nil }
        let run = try ProgramRun(binary, arguments, environment: environment)
        return (run.status, run.output, run.errors)
    }

    @Test(
        "list names the store and its source on standard error, accepts --app-group before or after, and creates nothing",
        .enabled(if: TmuxSession.binary != nil, "the widgetterm binary is not built"))
    func listNamesTheStore() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wt-list-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let store = scratch.appendingPathComponent("store").path
        let home = scratch.appendingPathComponent("home").path
        let base = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        for arguments in [["list", "--app-group", store], ["--app-group", store, "list"], ["--app-group=\(store)", "list"]] {
            let result = try #require(try Self.runBinary(arguments, environment: base))
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(result.errors == "widgetterm: note: App Group store: \(store) (from --app-group)\n", "\(arguments)")
            #expect(result.output.hasPrefix("water"))
        }
        #expect(!FileManager.default.fileExists(atPath: store), "list runs no widget code and creates no store")
        let fromVariable = try #require(try Self.runBinary(["list"], environment: base.merging(["WIDGETTERM_APP_GROUP": store]) { $1 }))
        #expect(fromVariable.errors == "widgetterm: note: App Group store: \(store) (from WIDGETTERM_APP_GROUP)\n")
        let byDefault = try #require(try Self.runBinary(["list"], environment: base))
        #expect(
            byDefault.errors.hasPrefix(
                "widgetterm: note: App Group store: \(home)/.cache/widgetterm/app-group (the default, shared by every project;"))
        // A command that runs widget code, with the flag before its name, uses (and creates) the store.
        let render = try #require(try Self.runBinary(["--app-group", store, "render", "water", "--format", "text"], environment: base))
        #expect(render.status == 0)
        #expect(FileManager.default.fileExists(atPath: store))
    }
}

/// `list`'s standard output is the listing alone, for scripts; the App Group store is a note on standard error.
@Suite struct ListOutputTests {
    @Test("list prints one line per kind on standard output and the App Group store as a note on standard error")
    func stdoutIsTheListingAlone() throws {
        let result = PreviewCommandTests.run(["list"])
        #expect(result.status == 0, "\(result.errors)")
        let descriptors = SampleWidgetBundle().widgetDescriptors
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the listing ends with a line feed")
        let rows = lines.dropLast()
        #expect(rows.count == descriptors.count)
        for (row, descriptor) in zip(rows, descriptors) {
            // The kind, padded to the longest, two spaces, then the families (an activity: its presentations).
            let parts = row.split(separator: "  ", maxSplits: 1)
            #expect(parts.first.map { $0.trimmingCharacters(in: .whitespaces) } == descriptor.kind, "\(row)")
            let listed = parts.last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if !descriptor.isActivity {
                #expect(listed == descriptor.supportedFamilies.map(\.rawValue).joined(separator: " "), "\(row)")
            }
            #expect(!row.contains("App Group"), "\(row)")
        }
        let notes = result.errors.split(separator: "\n")
        #expect(notes.count == 1, "\(result.errors)")
        #expect(result.errors.hasPrefix("widgetterm: note: App Group store: "), "\(result.errors)")
    }

    @Test("list --help says standard output holds only the listing")
    func helpSaysWhereTheNoteGoes() {
        let help = PreviewCommandTests.run(["list", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("(widgetterm: note: ...), so standard output holds only the listing"), "\(help.output)")
    }
}

/// A widget argument that is a path naming nothing says so, instead of "unknown widget kind" (a new user's typo
/// in `widgetterm preview ./MyApp/Widget` is a path, not a kind).
@Suite struct MissingPathArgumentTests {
    @Test("render, preview, check, the bare word and list: a path that names nothing is 'no such file or folder', exit 2")
    func missingPath() {
        let message =
            "widgetterm: no such file or folder: ./NoSuchApp/Widget; give an existing widget document (.json), your widget "
            + "extension's folder, Xcode project or Swift package, or a widget kind (widgetterm list)\n"
        for arguments in [
            ["render", "./NoSuchApp/Widget"], ["preview", "./NoSuchApp/Widget"], ["check", "./NoSuchApp/Widget"],
            ["./NoSuchApp/Widget"], ["list", "./NoSuchApp/Widget"],
        ] {
            let result = PreviewCommandTests.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.output.isEmpty, "\(arguments)")
            #expect(result.errors == message, "\(arguments): \(result.errors)")
        }
        // A word without a slash is still a kind, with its nearest name.
        #expect(PreviewCommandTests.run(["render", "watr"]).errors.hasPrefix("widgetterm: unknown widget kind watr (did you mean water?)"))
        // A control's kind is pointed to the command that draws controls.
        let bundle = SampleWidgetBundle(), errors = StringStream()
        let status = WidgetTermCommand.run(
            arguments: ["render", "focus"], widgets: bundle.widgetDescriptors, controls: bundle.controlDescriptors,
            environment: [:], output: StringStream(), errors: errors)
        #expect(status == 2)
        #expect(errors.text == "widgetterm: focus is a control, not a widget: draw it with widgetterm control focus\n")
        #expect(
            PreviewCommandTests.run(["list", "water"]).errors
                == "widgetterm: list takes no widget kind (got water); use widgetterm render water\n")
    }
}

/// `open URL` takes a document's routes, or those of the widgets given (issue 15 item 9).
@Suite struct OpenDocumentTests {
    static let parking = CommandDispatchTests.package.appendingPathComponent("examples/parking.json").path

    @Test("open URL --document FILE and open URL FILE route with the document's routes; kinds limit the table")
    func documentRoutes() {
        #expect(PreviewCommandTests.run(["open", "parking://session/14"]).status == 1, "the samples have no parking route")
        for arguments in [
            ["open", "parking://session/14", "--document", Self.parking], ["open", "parking://session/14", Self.parking],
            ["--document", Self.parking, "open", "parking://session/14"],
        ] {
            let result = PreviewCommandTests.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            #expect(
                result.output == "url: parking://session/14\nroute: parking-document.session.zone (parking://session/{zone})\n  zone = 14\n"
                    || result.output.hasPrefix("url: parking://session/14\nroute: "), "\(arguments): \(result.output)")
            #expect(result.output.contains("  zone = 14\n"))
        }
        // Given widgets, only their routes apply: the samples' shop route is not in the parking document.
        #expect(PreviewCommandTests.run(["open", "shop://orders/42"]).status == 0)
        #expect(PreviewCommandTests.run(["open", "shop://orders/42", "--document", Self.parking]).status == 1)
        let notADocument = PreviewCommandTests.run(["open", "x://y", "--document", CommandDispatchTests.package.path])
        #expect(notADocument.status == 2)
        #expect(notADocument.errors.hasPrefix("widgetterm: --document \(CommandDispatchTests.package.path) is not a widget document file"))
        #expect(PreviewCommandTests.run(["open", "x://y", "nosuchkind"]).errors.hasPrefix("widgetterm: unknown widget kind nosuchkind"))
    }
}

/// The default render is the picture `check` measures (issue 15 item 11).
@Suite struct DefaultRenderTests {
    @Test("render without --theme is render --theme light (lockscreen for accessories, dark with --scheme dark), wallpaper included")
    func defaultIsTheUsualTheme() throws {
        let at = ["--at", "2026-11-29T09:00:00Z"]
        for format in ["ansi", "svg", "json"] {
            for (flags, theme) in [
                ([String](), "light"), (["--family", "accessoryCircular"], "lockscreen"), (["--scheme", "dark"], "dark"),
            ] {
                let plain = PreviewCommandTests.run(["render", "water", "--format", format] + flags + at)
                let themed = PreviewCommandTests.run(["render", "water", "--format", format, "--theme", theme] + flags + at)
                #expect(plain.status == 0)
                #expect(plain.output == themed.output, "\(format) \(flags)")
            }
        }
        let wallpaper = Theme.builtIn(.light).wallpaper.hex
        let svg = PreviewCommandTests.run(["render", "water", "--format", "svg"] + at).output
        #expect(svg.contains("fill=\"\(wallpaper)\""), "the light wallpaper around the widget")
    }
}

/// Every command's `--help` against the flags it accepts (the "valid flags" of its unknown-flag error).
@Suite struct CommandFlagListTests {
    /// The flags a text names (`--name`), sorted.
    static func flags(in text: String) -> Set<String> {
        Set(text.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
    }

    /// The "valid flags" the command lists when given a flag it does not know.
    static func validFlags(of command: String) -> Set<String> {
        let result = PreviewCommandTests.run([command, "--not-a-flag-of-any-command"])
        guard let list = result.errors.split(separator: "valid flags: ").last else { return [] }
        return Set(list.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: ", "))
    }

    @Test(
        "each command's help lists only flags it accepts, and every flag it accepts but the listed exceptions",
        arguments: [
            // Each command with the flags it accepts that its help does not name: only `--help` itself. A shared flag
            // that does not apply to a command is refused with why (`refusedFlagsSayWhy`), so it is neither in the
            // help nor among the valid flags. `bench` is left out: its help names swift build's flags.
            ("preview", Set<String>()),
            ("gallery", ["--help"]),
            ("render", ["--help"]),
            ("check", ["--help"]),
            ("timeline", ["--help"]),
            ("sources", ["--help"]),
            ("list", ["--help"]),
            ("open", ["--help"]),
            ("control", ["--help"]),
            ("smartstack", ["--help"]),
            ("standby", ["--help"]),
            ("carplay", ["--help"]),
            ("push", ["--help"]),
        ] as [(String, Set<String>)])
    func helpMatchesTheAcceptedFlags(command: String, acceptedButNotInHelp: Set<String>) {
        let help = PreviewCommandTests.run([command, "--help"])
        #expect(help.status == 0, "\(command): \(help.errors)")
        let listed = Self.flags(in: help.output)
        let valid = Self.validFlags(of: command)
        #expect(!valid.isEmpty, "\(command) names its valid flags")
        #expect(listed.subtracting(valid).sorted() == [], "\(command): in --help but refused")
        #expect(valid.subtracting(listed).sorted() == acceptedButNotInHelp.sorted(), "\(command): accepted but not in --help")
    }

    @Test(
        "a shared flag a command has no use for is refused with why and what to use, exit 2, before or after the command name",
        arguments: [
            (
                ["smartstack", "steps", "countdown", "--format", "svg"],
                "smartstack prints its rotations as text and takes no --format svg; use render KIND --format svg for a widget"
            ),
            (
                ["smartstack", "steps", "countdown", "--family", "systemLarge"],
                "smartstack rotates each widget's systemSmall timeline and takes no --family systemLarge; use timeline KIND "
                    + "--family systemLarge for one family's entries"
            ),
            (
                ["--theme", "dark", "smartstack", "steps", "countdown"],
                "smartstack prints its rotations as text and draws no widget, so --theme dark does not apply; use render KIND "
                    + "--theme dark to draw one"
            ),
            (
                ["smartstack", "steps", "countdown", "--context=snapshot"],
                "smartstack reads each widget's timeline and takes no --context snapshot; use render KIND --context snapshot to see it"
            ),
            (
                ["standby", "weather", "countdown", "--family", "systemMedium"],
                "standby shows two systemSmall widgets and takes no --family systemMedium; use render KIND --family systemMedium"
            ),
            (
                ["standby", "weather", "countdown", "--mode", "accented"],
                "standby draws in full colour by day and in the red night tint with --night, as StandBy does, so --mode accented "
                    + "does not apply; use --night, or render KIND --mode accented"
            ),
            (
                ["carplay", "weather", "--scheme", "light"],
                "carplay draws in full colour on black, as CarPlay does, so --scheme light does not apply; use render KIND --scheme light"
            ),
            (
                ["carplay", "weather", "--family", "systemLarge"],
                "carplay shows systemSmall widgets and a Live Activity's small family, and takes no --family systemLarge; use "
                    + "render KIND --family systemLarge"
            ),
            (
                ["check", "water", "--colors", "256"],
                "check prints findings, not pictures: --colors does not apply; use --format text or json"
            ),
        ])
    func refusedFlagsSayWhy(arguments: [String], reason: String) {
        let result = PreviewCommandTests.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.output.isEmpty, "\(arguments)")
        #expect(result.errors == "widgetterm: \(reason)\n", "\(arguments)")
        // Refused, not unknown: the flag is not among the command's valid flags, nor in its help.
        let command = arguments.first { !$0.hasPrefix("--") && !["dark"].contains($0) } ?? ""
        let flag = String((arguments.first { $0.hasPrefix("--") && $0 != "--night" } ?? "").prefix { $0 != "=" })
        #expect(!Self.validFlags(of: command).contains(flag), "\(command) \(flag)")
        #expect(!Self.flags(in: PreviewCommandTests.run([command, "--help"]).output).contains(flag), "\(command) \(flag)")
    }

    @Test("the preview takes --in-process and --extension-processes, and refuses --format and --context with what to use")
    func previewFlags() {
        #expect(Self.validFlags(of: "preview").isSuperset(of: ["--in-process", "--extension-processes", "--color", "--colors"]))
        #expect(Self.validFlags(of: "preview").isDisjoint(with: ["--format", "--context"]))
        // Not a terminal: past the flags, the preview says it needs one (exit 2), as without them.
        let inProcess = PreviewCommandTests.run(["preview", "water", "--in-process"])
        #expect(inProcess.errors.hasPrefix("widgetterm: preview is interactive and needs a terminal"), "\(inProcess.errors)")
        let context = PreviewCommandTests.run(["preview", "water", "--context", "snapshot"])
        #expect(context.status == 2)
        #expect(
            context.errors
                == "widgetterm: preview starts on the timeline and takes no --context (snapshot); press c in the preview to show "
                + "the placeholder or the snapshot, or use widgetterm render KIND --context snapshot\n")
    }
}
