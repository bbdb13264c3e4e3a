import Foundation
import Testing
@testable import WidgetTermCLI

/// The command line as README promises it (issue 15, items 6, 7, 8 and 10).
@Suite struct CommandDispatchTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let water = package.appendingPathComponent("examples/water.json").path
    static let notATerminal = "widgetterm: preview is interactive and needs a terminal, but standard output is not one. "
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
        #expect(try resolve(["--app-group", "/tmp/g", "--device", "iphone-se", "render", "water", "--format", "text"])
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
        let rendered = PreviewCommandTests.run(["--app-group", NSTemporaryDirectory() + "wt-\(UUID().uuidString)", "render", Self.water,
                                                "--format", "text"])
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
            #expect(result.errors == "widgetterm: \(empty.path) is a folder that holds no widget source (no .swift file and no .json "
                        + "widget document); give a widget kind or a widget document (.json)\n", "\(command)")
        }
        let examples = PreviewCommandTests.run(["render", Self.package.appendingPathComponent("examples").path])
        #expect(examples.errors.contains("is a folder; give its widget documents as files, such as "))
        #expect(examples.errors.contains("examples/accented-fills.json"))
    }
}
