import Foundation
import WidgetKitUI

// MARK: - JSON paths

/// Where a value sits in a document, as a JSONPath expression: `$.view.VStack[2].modifiers[0].font`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: a member name or an array index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root, outermost first.
    public var components: [Component]

    /// Creates a path from `components` (none: the root, `$`).
    public init(_ components: [Component] = []) { self.components = components }

    /// The document itself: `$`.
    public static let root = JSONPath()

    /// The path one member deeper: `$.a` appending `b` is `$.a.b`.
    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    /// The path one array item deeper: `$.a` appending `2` is `$.a[2]`.
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

    /// The path as a JSONPath expression: names that are not identifiers are quoted (`$["my key"]`).
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key):
                if Self.isIdentifier(key) {
                    text += "." + key
                } else {
                    text += "[\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\"]"
                }
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, first == "$" || first == "_" || CharacterSet.letters.contains(first) else {
            return false
        }
        return key.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || CharacterSet.alphanumerics.contains($0) }
    }
}

// MARK: - Errors

/// Why a widget document cannot be used: where (file, line, column, JSON path), what was expected there and
/// what was found, and for a misspelled name the nearest valid one.
///
/// `description` is one line in the form compilers use, so editors and terminals can jump to it:
/// `water.json:12:9: error: $.view.VStack[0].modifiers[1]: unknown modifier "fnt"; expected a modifier name
/// such as font, padding, frame; found "fnt". Did you mean "font"?`
public struct DocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: String, Hashable, Sendable {
        /// Not JSON (a missing comma, an unclosed string...).
        case syntax
        /// JSON, but not a valid widget document (an unknown view, a wrong type, a missing field...).
        case invalid
        /// Larger or deeper than `DocumentLimits` allow.
        case limit
        /// The file could not be read.
        case file
    }

    /// The file as named on the command line (or `<input>`).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// The JSON path of the value at fault.
    public var path: JSONPath
    /// What the document should have there; for a `.file` error, what to do about the file.
    public var expected: String
    /// What it has.
    public var found: String
    /// The nearest valid name, for a misspelled view, modifier, argument or value.
    public var suggestion: String?
    /// Whether it is a syntax, validity, size-limit or file error.
    public var kind: Kind

    /// Creates an error at `position` (its line and column are copied) in `file`; `kind` defaults to `.invalid`.
    public init(
        file: String, position: DocumentPosition, path: JSONPath, expected: String, found: String, suggestion: String? = nil,
        kind: Kind = .invalid
    ) {
        self.file = file
        line = position.line
        column = position.column
        self.path = path
        self.expected = expected
        self.found = found
        self.suggestion = suggestion
        self.kind = kind
    }

    /// The message without the location: `expected ...; found .... Did you mean "..."?`; for a file error, what is
    /// wrong with the file and what to do: `no such file; check the path, or ...`.
    public var message: String {
        if kind == .file { return "\(found); \(expected)" }
        return "expected \(expected); found \(found)" + (suggestion.map { ". Did you mean \"\($0)\"?" } ?? "")
    }

    /// The error as one compiler-style line: `file:line:column: error: path: message`. A file error has no
    /// position in the file (there may be no file): `file: error: no such file; check the path, or ...`.
    public var description: String {
        kind == .file ? "\(file): error: \(message)" : "\(file):\(line):\(column): error: \(path): \(message)"
    }

    /// The error for a document file that cannot be read at `path`: missing, a directory, or unreadable, each
    /// with what to do. `what` names the document (`widget document`, `control document`).
    public static func unreadableFile(_ path: String, what: String) -> DocumentError {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        let (found, todo): (String, String)
        if !exists {
            (found, todo) = ("no such file", "check the path, or give an existing \(what) (a .json file; docs/widget-document.md)")
        } else if isDirectory.boolValue {
            (found, todo) = ("a directory, not a file", "give the path of a \(what) file (.json)")
        } else {
            (found, todo) = ("a file that cannot be read", "check its permissions")
        }
        return DocumentError(
            file: path, position: DocumentPosition(line: 1, column: 1, offset: 0), path: .root, expected: todo, found: found, kind: .file)
    }
}
