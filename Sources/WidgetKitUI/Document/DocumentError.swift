import Foundation

// MARK: - JSON paths

/// Where a value sits in a document, as a JSONPath expression: `$.view.VStack[2].modifiers[0].font`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: a member name or an array index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }

    /// The document itself: `$`.
    public static let root = JSONPath()

    public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

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
    /// What the document should have there.
    public var expected: String
    /// What it has.
    public var found: String
    /// The nearest valid name, for a misspelled view, modifier, argument or value.
    public var suggestion: String?
    public var kind: Kind

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

    /// The message without the location: `expected ...; found .... Did you mean "..."?`
    public var message: String {
        "expected \(expected); found \(found)" + (suggestion.map { ". Did you mean \"\($0)\"?" } ?? "")
    }

    public var description: String { "\(file):\(line):\(column): error: \(path): \(message)" }
}

// MARK: - Nearest names

/// Finds the valid name closest to a misspelled one (Damerau–Levenshtein distance, case folded first).
public enum NearestName {
    /// The candidate nearest to `name`, or nil when none is close (more than a third of the longer name differs,
    /// with at least 2 edits allowed). Between equally near candidates, one that contains the misspelling's letters
    /// in order wins (a dropped letter is the commonest slip: "timr" is "timer" rather than "time"), then the shorter.
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let folded = name.lowercased()
        var best: (name: String, distance: Int, contains: Bool)?
        for candidate in candidates {
            let lowered = candidate.lowercased()
            let distance = lowered == folded ? 0 : editDistance(Array(folded), Array(lowered))
            let contains = isSubsequence(folded, of: lowered)
            let better: Bool
            if let best {
                if distance != best.distance {
                    better = distance < best.distance
                } else if contains != best.contains {
                    better = contains
                } else {
                    better = candidate.count < best.name.count
                }
            } else {
                better = true
            }
            if better { best = (candidate, distance, contains) }
        }
        guard let best, best.name != name else { return nil }
        let allowed = max(2, max(name.count, best.name.count) / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// True when the characters of `text` appear in `other` in the same order.
    static func isSubsequence(_ text: String, of other: String) -> Bool {
        var remaining = Substring(other)
        for character in text {
            guard let index = remaining.firstIndex(of: character) else { return false }
            remaining = remaining[remaining.index(after: index)...]
        }
        return true
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    public static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            previousPrevious = previous
            previous = current
        }
        return previous[rhs.count]
    }
}
