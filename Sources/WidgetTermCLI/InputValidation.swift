import Foundation
import CAppGroupEnvironment
import CellRender
import WidgetHost
import SpellingSuggestions
import WidgetKitUI
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Locales

/// Parses `--locale` values against the locales Foundation has (`Locale.availableIdentifiers`).
enum LocaleArgument {
    /// The locale `text` names: an identifier Foundation knows, in any letter case, with `-` or `_` between
    /// its parts (`en_GB`, `en-gb`, `ja_JP`), optionally followed by ASCII keywords (`ja_JP@calendar=japanese`).
    ///
    /// - Throws: `UsageError` naming the value and the nearest known identifier when there is one.
    static func parse(_ text: String) throws -> Locale {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let base = parts[0].replacingOccurrences(of: "-", with: "_")
        let keywords = parts.count > 1 ? String(parts[1]) : nil
        if let keywords, keywords.isEmpty || !keywords.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "=;-_".contains($0)) }) {
            throw UsageError("--locale \(text): the keywords after @ are not valid; use e.g. ja_JP@calendar=japanese")
        }
        if let known = byLowercasedIdentifier[base.lowercased()] {
            return Locale(identifier: known + (keywords.map { "@" + $0 } ?? ""))
        }
        // Only a near miss of a real identifier gets a suggestion: anything within two edits of "é" or "xx" would be
        // a guess, and a very long value is not a misspelling.
        let isNearMiss = (3...64).contains(base.count) && base.allSatisfy(\.isASCII)
        let hint = isNearMiss ? NearestName.suggestion(for: base, among: identifiers).map { " (did you mean \($0)?)" } ?? "" : ""
        throw UsageError("unknown --locale \(text)\(hint); use a locale identifier such as en_US, en_GB, fr_FR, de, ja_JP or zh_Hans_CN")
    }

    /// Every identifier Foundation knows, sorted.
    static let identifiers: [String] = Locale.availableIdentifiers.sorted()

    static let byLowercasedIdentifier: [String: String] = Dictionary(
        identifiers.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
}

// MARK: - The App Group store

enum AppGroupArgument {
    /// True when the start-up hook (CAppGroupEnvironment) settled on a store directory for this process.
    static var hookChoseDirectory: Bool { widgetterm_app_group_directory() != nil }

    /// Which App Group store this process uses and where the choice came from, for `list` and the preview:
    /// `App Group store: DIR (from --app-group)`. The directory is the start-up hook's choice (what
    /// `UserDefaults(suiteName:)` really writes to); each App Group identifier is a suite and a folder in it.
    static func description(arguments: [String], environment: [String: String]) -> String {
        let directory =
            widgetterm_app_group_directory().map { String(cString: $0) }
            ?? AppGroupStore.defaultDirectory(environment: environment).path
        let source: String
        if arguments.contains(where: { $0 == "--app-group" || $0.hasPrefix("--app-group=") }) {
            source = "from --app-group"
        } else if !(environment["WIDGETTERM_APP_GROUP"] ?? "").isEmpty {
            source = "from WIDGETTERM_APP_GROUP"
        } else {
            source = "the default, shared by every project; --app-group DIR or WIDGETTERM_APP_GROUP gives a project its own"
        }
        return "App Group store: \(TerminalText.escaped(directory)) (\(source))"
    }
}

// MARK: - Files a command writes

/// Checks a path a command will write a file to, before any work is done.
enum OutputFile {
    /// Fails unless `path` can receive a regular file: it names no directory, FIFO, device or socket, its
    /// directory exists, and an existing file there is writable.
    ///
    /// - Throws: `UsageError` naming `--flag`, the path and what is wrong with it.
    static func check(_ path: String, flag: String) throws {
        guard !path.isEmpty else { throw UsageError("--\(flag) needs a file path") }
        var status = stat()
        if stat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                throw UsageError(
                    "cannot write --\(flag) \(path): it is \(InputFile.kind(of: status.st_mode)), not a file; give a file path")
            }
            guard access(path, W_OK) == 0 else {
                throw UsageError("cannot write --\(flag) \(path): \(String(cString: strerror(errno))); give a file you can write")
            }
            return
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("cannot write --\(flag) \(path): the directory \(directory) does not exist")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw UsageError("cannot write --\(flag) \(path): \(String(cString: strerror(errno))) in \(directory)")
        }
    }
}

// MARK: - Names from a list

enum NameArgument {
    /// `unknown --flag VALUE (did you mean NAME?); valid WHAT: A, B, C`, the hint when a valid name is near.
    static func unknown(_ flag: String, _ value: String, valid names: [String], what: String) -> UsageError {
        let hint = value.count <= 64 ? NearestName.suggestion(for: value, among: names).map { " (did you mean \($0)?)" } ?? "" : ""
        return UsageError("unknown --\(flag) \(value)\(hint); valid \(what): \(names.joined(separator: ", "))")
    }

    /// The theme `--theme` names (`Theme.resolve`); an unknown name gets the nearest theme name.
    ///
    /// - Throws: `UsageError` for an unknown name; `ThemeError` for a theme file that cannot be used.
    static func theme(_ nameOrPath: String) throws -> Theme {
        if let kind = InputFile.nonFileKind(nameOrPath) {
            throw UsageError(
                "cannot read --theme \(nameOrPath): it is \(kind), not a theme file; give a theme file or one of the names "
                    + Theme.builtInNames.joined(separator: ", "))
        }
        do {
            return try Theme.resolve(nameOrPath)
        } catch let error as ThemeError where error.key == nil && error.problem.hasPrefix("unknown theme") {
            var names = Set(Theme.builtInNames)
            for directory in Theme.searchDirectories {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                for file in files where file.hasSuffix(".json") { names.insert(String(file.dropLast(5))) }
            }
            let unknown = Self.unknown("theme", nameOrPath, valid: names.sorted(), what: "themes")
            throw UsageError(unknown.message + ", or a path to a theme file")
        }
    }
}

// MARK: - Files a command reads

enum InputFile {
    /// The bytes of the file `path` names, for `--flag`. A directory, FIFO or socket is refused before it is
    /// opened (reading a FIFO would wait for a writer); a device such as /dev/null is read like a file.
    ///
    /// - Throws: `UsageError` naming the flag, the path and the problem.
    static func read(_ path: String, flag: String) throws -> Data {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw UsageError("cannot read --\(flag) \(path): \(String(cString: strerror(errno)))")
        }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFCHR else {
            throw UsageError("cannot read --\(flag) \(path): it is \(kind(of: status.st_mode)), not a file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw UsageError("cannot read --\(flag) \(path): \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw UsageError("cannot read --\(flag) \(path): \(error.localizedDescription)")
        }
    }

    /// What `path` is when it exists and is not a regular file ("a FIFO", "a device"...), else nil.
    static func nonFileKind(_ path: String) -> String? {
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG else { return nil }
        return kind(of: status.st_mode)
    }

    /// What a file mode names, for messages: "a directory", "a FIFO", "a device"...
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "a file"
        }
    }
}

// MARK: - Messages

enum MessageText {
    /// `text` on one line, safe to print to a terminal: control characters (a newline, an escape sequence from
    /// a value a person pasted) are written as `\n`, `\u{1B}`, so a message is always exactly one line.
    static func oneLine(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
