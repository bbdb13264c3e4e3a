import Foundation

// MARK: - Widget declarations in Swift source

/// A type in a Swift file that conforms to `Widget` or `WidgetBundle`, or carries `@main`, found by a textual scan.
public struct WidgetDeclaration: Equatable, Hashable, Sendable {
    /// What the type is to WidgetKit.
    public enum Role: String, Sendable {
        /// Conforms to `Widget` (WidgetKit's `Widget` protocol).
        case widget
        /// Conforms to `WidgetBundle`.
        case widgetBundle
        /// Conforms to neither, and carries `@main`: an entry point of the extension's own (a type whose
        /// `static func main()` picks a bundle by OS version and calls its `main()`).
        case entryPoint
    }

    /// The type's name as written (`MyWidget`).
    public let typeName: String
    /// Whether the type is a widget, a widget bundle or a `@main` entry point of its own.
    public let role: Role
    /// True when the declaration carries `@main`: the extension's entry point.
    public let isMain: Bool
    /// The file that declares it.
    public let file: URL
    /// The 1-based line of the type's name.
    public let line: Int

    /// Creates a declaration of `typeName` found at 1-based `line` of `file`.
    public init(typeName: String, role: Role, isMain: Bool, file: URL, line: Int) {
        self.typeName = typeName
        self.role = role
        self.isMain = isMain
        self.file = file
        self.line = line
    }
}

/// Finds `Widget` and `WidgetBundle` conformances and `@main` types in Swift source without a parser.
///
/// Comments and string literals are blanked first (keeping line breaks, so lines stay right); then every
/// `struct`/`class`/`enum`/`actor`/`extension` header is read up to its `{`, and its inheritance clause is
/// searched for `Widget` or `WidgetBundle` (optionally qualified `WidgetKit.`). A conformance added in a
/// `where` clause or through a typealias is not seen; `#if` branches are all read. This is discovery, not
/// compilation: the compiler has the last word.
public enum WidgetDeclarationScan {
    /// The widget declarations in `file`; none when it cannot be read.
    public static func declarations(inFile file: URL) -> [WidgetDeclaration] {
        guard let text = FilePaths.text(of: file) else { return [] }
        return declarations(in: text, file: file)
    }

    /// The widget declarations in `source`, attributed to `file`.
    public static func declarations(in source: String, file: URL) -> [WidgetDeclaration] {
        let code = Array(blankingCommentsAndStrings(source).unicodeScalars)
        var results: [WidgetDeclaration] = []
        var index = 0
        var line = 1
        var pendingMain = false
        while index < code.count {
            let scalar = code[index]
            if scalar == "\n" {
                line += 1
                index += 1
                continue
            }
            guard isIdentifierStart(scalar) || scalar == "@", index == 0 || !isIdentifierPart(code[index - 1]) else {
                if !isSpace(scalar) { pendingMain = false }
                index += 1
                continue
            }
            let wordStart = index
            index += 1
            while index < code.count, isIdentifierPart(code[index]) { index += 1 }
            // Only keywords and attributes matter: any other word just ends a pending `@main` (no String is made).
            let first = code[wordStart]
            guard index - wordStart <= 16, first == "@" || ("a"..."z").contains(first) else {
                pendingMain = false
                continue
            }
            let word = String(String.UnicodeScalarView(code[wordStart..<index]))
            switch word {
            case "@main":
                pendingMain = true
            case _ where word.hasPrefix("@"):
                // An attribute's arguments (`@available(iOS 17, *)`) do not end a pending `@main`.
                var next = index
                while next < code.count, isSpace(code[next]) || code[next] == "\n" { next += 1 }
                if next < code.count, code[next] == "(" {
                    var depth = 0
                    while next < code.count {
                        if code[next] == "(" { depth += 1 }
                        if code[next] == ")" { depth -= 1 }
                        if code[next] == "\n" { line += 1 }
                        next += 1
                        if depth == 0 { break }
                    }
                    index = next
                }
            case "struct", "class", "enum", "actor", "extension":
                let isMain = pendingMain
                pendingMain = false
                // The header runs to the body's `{` (or a `;`/end for a malformed one).
                var headerEnd = index
                var headerLines = 0
                while headerEnd < code.count, code[headerEnd] != "{", code[headerEnd] != ";" {
                    if code[headerEnd] == "\n" { headerLines += 1 }
                    headerEnd += 1
                }
                let header = String(String.UnicodeScalarView(code[index..<headerEnd]))
                if let declaration = widgetDeclaration(
                    header: header, isMain: isMain,
                    file: file, line: line)
                {
                    results.append(declaration)
                }
                line += headerLines
                index = headerEnd
            default:
                // Attributes and modifiers between `@main` and the declaration keep it pending.
                let modifiers: Set<String> = [
                    "public", "internal", "fileprivate", "private", "package", "final",
                    "open", "nonisolated", "indirect",
                ]
                if !modifiers.contains(word) { pendingMain = false }
            }
        }
        return results
    }

    /// The declaration a type header names, if its inheritance clause has `Widget` or `WidgetBundle`.
    private static func widgetDeclaration(header: String, isMain: Bool, file: URL, line: Int) -> WidgetDeclaration? {
        // header: " Name<Generic>: A, B where ..."
        let trimmed = header.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        let name = String(trimmed.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }))
        guard !name.isEmpty else { return nil }
        // Skip generic parameters (`Name<T: View>`), whose colons are not the inheritance clause's.
        var rest = trimmed.dropFirst(name.count).drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
        if rest.first == "<" {
            var depth = 0
            while let first = rest.first {
                if first == "<" { depth += 1 }
                if first == ">" { depth -= 1 }
                rest = rest.dropFirst()
                if depth == 0 { break }
            }
        }
        var inheritance = String(rest)
        if let whereRange = inheritance.range(of: #"\bwhere\b"#, options: .regularExpression) {
            inheritance = String(inheritance[..<whereRange.lowerBound])
        }
        let clause = inheritance.firstIndex(of: ":").map { inheritance[inheritance.index(after: $0)...] } ?? ""
        let conformances = clause.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "WidgetKit.", with: "")
        }
        let role: WidgetDeclaration.Role
        if conformances.contains("WidgetBundle") {
            role = .widgetBundle
        } else if conformances.contains("Widget") {
            role = .widget
        } else if isMain && !conformances.contains("App") && !conformances.contains("SwiftUI.App") {
            role = .entryPoint
        } else {
            return nil
        }
        return WidgetDeclaration(typeName: name, role: role, isMain: isMain, file: file, line: line)
    }

    // MARK: Lexing

    /// `source` with comments, string literals (plain, multi-line and raw) and their interpolations replaced by
    /// spaces, line breaks kept.
    static func blankingCommentsAndStrings(_ source: String) -> String {
        let input = Array(source.unicodeScalars)
        var output = String.UnicodeScalarView()
        output.reserveCapacity(input.count)
        var index = 0
        func blank(_ scalar: Unicode.Scalar) { output.append(scalar == "\n" ? "\n" : " ") }
        func starts(_ text: String, at position: Int) -> Bool {
            var position = position
            for scalar in text.unicodeScalars {
                guard position < input.count, input[position] == scalar else { return false }
                position += 1
            }
            return true
        }
        while index < input.count {
            if starts("//", at: index) {
                while index < input.count, input[index] != "\n" {
                    blank(input[index])
                    index += 1
                }
            } else if starts("/*", at: index) {
                var depth = 0
                repeat {
                    if starts("/*", at: index) {
                        depth += 1
                        blank(input[index])
                        blank(input[index + 1])
                        index += 2
                    } else if starts("*/", at: index) {
                        depth -= 1
                        blank(input[index])
                        blank(input[index + 1])
                        index += 2
                    } else {
                        blank(input[index])
                        index += 1
                    }
                } while depth > 0 && index < input.count
            } else if input[index] == "\"" || (input[index] == "#" && rawStringStart(input, index) != nil) {
                var hashes = 0
                while index < input.count, input[index] == "#" {
                    hashes += 1
                    blank(input[index])
                    index += 1
                }
                let multiline = starts("\"\"\"", at: index)
                let quoteLength = multiline ? 3 : 1
                for _ in 0..<quoteLength where index < input.count {
                    blank(input[index])
                    index += 1
                }
                let closing = String(repeating: "\"", count: quoteLength) + String(repeating: "#", count: hashes)
                while index < input.count {
                    if input[index] == "\\" && hashes == 0 && index + 1 < input.count {
                        blank(input[index])
                        blank(input[index + 1])
                        index += 2
                        continue
                    }
                    if starts(closing, at: index) {
                        for _ in 0..<closing.unicodeScalars.count {
                            blank(input[index])
                            index += 1
                        }
                        break
                    }
                    if !multiline && input[index] == "\n" { break } // an unterminated literal ends at the line
                    blank(input[index])
                    index += 1
                }
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return String(output)
    }

    private static func rawStringStart(_ input: [Unicode.Scalar], _ index: Int) -> Int? {
        var position = index
        while position < input.count, input[position] == "#" { position += 1 }
        return position < input.count && input[position] == "\"" ? position : nil
    }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }
    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\r" }
}
