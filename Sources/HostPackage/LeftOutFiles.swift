import Foundation
import WidgetProjects

// MARK: - Files that cannot compile here

/// A developer's file the host left out because it cannot compile on Linux, with what needed it.
///
/// A file is left out when its compiler errors show that it needs what Linux does not have: a module that does
/// not exist here (`no such module 'CoreData'`: Core Data, SwiftData, AVFoundation, StoreKit, a binary
/// `.xcframework`), or a declaration of a file left out before it (`cannot find 'ArchiveStore' in scope`).
/// Any other error fails the build (docs/DECISIONS.md, "What cannot compile here is left out").
public struct LeftOutFile: Equatable, Sendable, Codable {
    /// The developer's file.
    public let file: URL
    /// Its first compiler error, at the developer's path (`/path/File.swift:3:8: error: no such module 'CoreData'`).
    public let firstError: String
    /// The widgets it declares, removed from the `@main` bundle's body.
    public let widgets: [String]

    /// Creates a record of `file` left out, its first compiler error, and the widgets it declared.
    public init(file: URL, firstError: String, widgets: [String]) {
        self.file = file
        self.firstError = firstError
        self.widgets = widgets
    }

    /// One line for standard error.
    public var summary: String {
        "left out \(file.path)" + (widgets.isEmpty ? "" : " (widget\(widgets.count == 1 ? "" : "s") \(widgets.joined(separator: ", ")))")
            + ", which cannot compile here: \(firstError)"
    }
}

enum LeftOutRules {
    /// Whether the compiler error `line` shows its file cannot compile here, given the names declared by files
    /// already left out.
    static func showsUnbuildable(_ line: String, leftOutNames: Set<String>) -> Bool {
        guard let range = line.range(of: ": error: ") else { return false }
        let message = line[range.upperBound...]
        if message.hasPrefix("no such module '") { return true }
        for prefix in ["cannot find '", "cannot find type '"] where message.hasPrefix(prefix) {
            let name = message.dropFirst(prefix.count).prefix { $0 != "'" }
            return leftOutNames.contains(String(name))
        }
        return false
    }

    /// The module of a `no such module 'X'` error line.
    static func missingModule(in line: String) -> String? {
        guard let range = line.range(of: ": error: no such module '") else { return nil }
        let name = line[range.upperBound...].prefix { $0 != "'" }
        return name.isEmpty ? nil : String(name)
    }

    /// The 1-based line and column of `module`'s name in the first `import` of it in `source`, where the compiler
    /// reports a missing module.
    static func importLocation(of module: String, in source: String) -> (line: Int, column: Int)? {
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            guard HostSources.imports(text, module: module),
                let name = text.range(of: #"\b"# + NSRegularExpression.escapedPattern(for: module) + #"\b"#, options: .regularExpression)
            else { continue }
            // The name after `import` (an attribute such as `@_implementationOnly` comes before it).
            let importKeyword = text.range(of: #"\bimport\b"#, options: .regularExpression)
            let start =
                importKeyword.flatMap { keyword in
                    text.range(
                        of: #"\b"# + NSRegularExpression.escapedPattern(for: module) + #"\b"#, options: .regularExpression,
                        range: keyword.upperBound..<text.endIndex)
                }?.lowerBound ?? name.lowerBound
            return (index + 1, text.utf8.distance(from: text.startIndex, to: start) + 1)
        }
        return nil
    }

    /// The names a Swift file declares at its top level (types, functions, constants), read from lines that start
    /// at column 1 with the declaration's keyword or modifiers.
    static func declaredNames(in source: String) -> Set<String> {
        let pattern =
            #"(?m)^(?:(?:@\w+(?:\([^)\n]*\))?|public|internal|fileprivate|private|package|final|open|nonisolated)\s+)*"#
            + #"(?:struct|class|enum|protocol|actor|typealias|func|let|var)\s+`?(\w+)"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        var names = Set<String>()
        for match in expression.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
            if let name = Range(match.range(at: 1), in: source) { names.insert(String(source[name])) }
        }
        return names
    }

    /// `source` with each `Name()` of `widgets` replaced by spaces, so a bundle's body no longer lists them and
    /// every other line and column stays where it was.
    static func removingWidgets(_ widgets: Set<String>, from source: String) -> String {
        var result = source
        for widget in widgets.sorted() {
            let pattern = #"(?<![\w.])"# + NSRegularExpression.escapedPattern(for: widget) + #"\s*\(\s*\)"#
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in expression.matches(in: result, range: NSRange(result.startIndex..., in: result)).reversed() {
                guard let range = Range(match.range, in: result) else { continue }
                let blank = result[range].map { $0 == "\n" ? "\n" : " " }.joined()
                result.replaceSubrange(range, with: blank)
            }
        }
        return result
    }
}
