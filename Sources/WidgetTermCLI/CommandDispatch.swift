import Foundation
import SpellingSuggestions
import WidgetKitUI

// MARK: - Which command a command line names

/// Reads a command line the way README's `widgetterm [preview] [KIND]` promises: global flags may come before
/// the command name, and a bare first word is a command, then an existing path, then a widget kind
/// (DECISIONS.md, "the command line, issue 15 item 6").
enum CommandDispatch {
    /// Every command name, in the order help lists them.
    static let commands = [
        "preview", "list", "render", "check", "gallery", "timeline", "smartstack", "control", "push", "standby", "carplay", "open",
        "sources", "bench", "help",
    ]
    /// Commands for tests and tools, not listed in help or suggestions (`_tap`: runs a widget's intent, for the
    /// App Group store's cross-process tests).
    static let hiddenCommands: Set<String> = ["_tap"]

    /// The command and the arguments it receives.
    struct Resolved: Equatable {
        /// A command name, `--version`, `--help`; `preview` for a path or kind.
        var command: String
        /// The arguments for that command, with flags given before the command name kept in their order.
        var arguments: [String]
    }

    /// The first argument that is not a flag or a flag's value, with its index. `valuedFlags` are the flags that
    /// take a value as the next argument (`--theme dark`); `--flag=value` is one argument.
    static func firstWord(_ arguments: [String], valuedFlags: Set<String>) -> (index: Int, word: String)? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--"), argument.count > 2 else { return (index, argument) }
            let name = String(argument.dropFirst(2))
            index += !name.contains("=") && valuedFlags.contains(name) ? 2 : 1
        }
        return nil
    }

    /// Resolves `arguments` to a command.
    ///
    /// - Parameters:
    ///   - kinds: the widget kinds of the bundle (asked only when the word is neither a command nor a path).
    ///   - pathExists: whether a path names something on disk (a file or a folder).
    /// - Throws: `UsageError` for a word that is no command, no existing path and no kind, with the nearest
    ///   command or kind.
    static func resolve(
        _ arguments: [String], kinds: () -> [String],
        pathExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) throws -> Resolved {
        // `--version` and `--help` on their own, as before any command.
        if let first = arguments.first, ["--version", "--help", "-h"].contains(first) {
            return Resolved(command: first, arguments: Array(arguments.dropFirst()))
        }
        guard let (index, word) = firstWord(arguments, valuedFlags: PreviewCommand.valuedFlags.union(["routes", "document"])) else {
            if arguments.contains("--version") { return Resolved(command: "--version", arguments: []) }
            return Resolved(command: "preview", arguments: arguments)
        }
        if commands.contains(word) || hiddenCommands.contains(word) {
            var rest = arguments
            rest.remove(at: index)
            return Resolved(command: word, arguments: rest)
        }
        // A path (a widget document, or a folder, which the preview answers for) or a widget kind: the preview.
        if pathExists(word) || word.hasSuffix(".json") || word.contains("/") || kinds().contains(word) {
            return Resolved(command: "preview", arguments: arguments)
        }
        let kindNames = kinds()
        let hint = NearestName.suggestion(for: word, among: commands + kindNames).map { " (did you mean \($0)?)" } ?? ""
        throw UsageError(
            "unknown command \(word)\(hint); valid commands: \(commands.joined(separator: ", ")); "
                + "or give a widget kind (\(kindNames.joined(separator: ", "))) or a widget document to preview")
    }
}

// MARK: - A folder where a widget was expected

/// What a command says when it is given a folder where it takes a widget kind or a widget document. This is the
/// one place that answers for folders: reading a folder of widget sources replaces it.
enum FolderArgument {
    /// The error for the folder at `path`: what it holds that WidgetTerm could use, and what to give instead.
    static func error(_ path: String) -> UsageError {
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        let documents = entries.filter { $0.hasSuffix(".json") }
        let sources = entries.filter { $0.hasSuffix(".swift") }
        let folder = TerminalText.escaped(path)
        if !documents.isEmpty {
            let named = documents.prefix(3).map { (path as NSString).appendingPathComponent($0) }.map { TerminalText.escaped($0) }
            return UsageError(
                "\(folder) is a folder; give its widget documents as files, such as \(named.joined(separator: " "))"
                    + (documents.count > 3 ? " (\(documents.count) .json files in all)" : ""))
        }
        if !sources.isEmpty {
            return UsageError(
                "\(folder) is a folder of Swift sources, which this command cannot build; put the widgets in a "
                    + "package that calls WidgetTermCommand.main(bundle:) (README, \"Write your own widget\"), "
                    + "or give a widget kind or a widget document (.json)")
        }
        return UsageError(
            "\(folder) is a folder that holds no widget source (no .swift file and no .json widget document); "
                + "give a widget kind or a widget document (.json)")
    }
}
