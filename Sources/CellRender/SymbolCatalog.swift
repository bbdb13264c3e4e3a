// Which SF Symbol names exist, and since which iOS release: the data is SymbolGlyphs/SymbolNames.swift.

import Foundation
import SpellingSuggestions
import WidgetKitUI

/// The SF Symbol names iOS knows, each with the iOS release that added it.
///
/// `Image(systemName:)` with a name iOS does not know draws nothing on a device (and logs "No symbol named …").
/// WidgetTerm tells such a name apart from a real one by this catalog, generated from a public list of
/// SF Symbol names (docs/DECISIONS.md "SF Symbol names from a public list"), plus the older names iOS still
/// draws after a rename (`mic` for `microphone`).
public enum SymbolCatalog {
    /// An iOS release, as `major.minor` (`17.0`).
    public struct Release: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The major version (`17`).
        public var major: Int
        /// The minor version (`0`, `2`, …).
        public var minor: Int

        /// A release from its two numbers.
        public init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        /// `major.minor`.
        public var description: String { "\(major).\(minor)" }

        /// Orders releases by major version, then minor.
        public static func < (lhs: Release, rhs: Release) -> Bool {
            (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
        }
    }

    /// The release a legacy name is taken to exist since (its own introduction is not in the public list).
    public static let oldestRelease = Release(major: 13, minor: 0)

    /// The release that added `name`, or nil when iOS knows no symbol of that name. Legacy names answer
    /// ``oldestRelease``.
    public static func introduction(ofSystemName name: String) -> Release? {
        if let release = index.releases[name] { return release }
        return SymbolCatalog.legacyNames[name] == nil ? nil : oldestRelease
    }

    /// True when iOS draws a symbol for `name` (a current or a legacy name).
    public static func contains(systemName name: String) -> Bool {
        introduction(ofSystemName: name) != nil
    }

    /// The current name a legacy name was renamed to; nil for a current or unknown name.
    public static func currentName(forLegacyName name: String) -> String? {
        legacyNames[name]
    }

    /// Every legacy name and the current name it became, sorted by legacy name.
    public static var legacyNamePairs: [(legacy: String, current: String)] {
        legacyNames.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Every current name, sorted (for tests and listings).
    public static var currentNames: [String] { index.sorted }

    /// The real name nearest to a name iOS does not know: the nearest by edit distance (`NearestName`), else the
    /// longest leading run of dot-separated components that is a real name (`zzz.nope` → `zzz`); nil when neither.
    public static func suggestion(forUnknownName name: String) -> String? {
        suggestions.value(forName: name) {
            // The same components in another order (`clock.fill.circle` for `clock.circle.fill`).
            if let reordered = index.byComponents[componentKey(name)] { return reordered }
            if let near = NearestName.suggestion(for: name, among: index.candidates(near: name)) { return near }
            var components = name.split(separator: ".", omittingEmptySubsequences: false)
            while components.count > 1 {
                components.removeLast()
                let prefix = components.joined(separator: ".")
                if contains(systemName: prefix) { return prefix }
            }
            return nil
        }
    }

    /// The names and their releases, built from the generated text on first use.
    private static let index = Index()

    /// A name's dot-separated components, sorted: equal for two names that differ only in their order.
    private static func componentKey(_ name: String) -> String {
        name.lowercased().split(separator: ".").sorted().joined(separator: ".")
    }

    private final class Index: Sendable {
        let releases: [String: Release]
        let sorted: [String]
        /// Real names by ``componentKey(_:)`` (the first name, sorted, when several share a key).
        let byComponents: [String: String]
        private let bytes: [[UInt8]]

        init() {
            var releases: [String: Release] = [:]
            for (version, names) in SymbolCatalog.releases {
                let parts = version.split(separator: ".").compactMap { Int($0) }
                let release = Release(major: parts.first ?? 13, minor: parts.count > 1 ? parts[1] : 0)
                for name in names.split(separator: "\n") { releases[String(name)] = release }
            }
            self.releases = releases
            self.sorted = releases.keys.sorted()
            var byComponents: [String: String] = [:]
            for name in sorted where byComponents[componentKey(name)] == nil { byComponents[componentKey(name)] = name }
            self.byComponents = byComponents
            self.bytes = sorted.map { Array($0.lowercased().utf8) }
        }

        /// The names `NearestName` could accept for `name`: those within its edit budget (a third of the longer
        /// name, at least 2) of the nearest distance found, measured on bytes so 8,000 names take milliseconds.
        func candidates(near name: String) -> [String] {
            let target = Array(name.lowercased().utf8)
            var best = Int.max
            var found: [(index: Int, distance: Int)] = []
            for (index, candidate) in bytes.enumerated() {
                let budget = min(best, max(2, max(target.count, candidate.count) / 3))
                guard abs(candidate.count - target.count) <= budget,
                    let distance = SymbolCatalog.boundedDistance(target, candidate, limit: budget)
                else { continue }
                best = min(best, distance)
                found.append((index, distance))
            }
            return found.filter { $0.distance == best }.map { sorted[$0.index] }
        }
    }

    /// The optimal string alignment distance between two byte strings, or nil when it exceeds `limit`.
    static func boundedDistance(_ lhs: [UInt8], _ rhs: [UInt8], limit: Int) -> Int? {
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) <= limit ? max(lhs.count, rhs.count) : nil }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            swap(&previousPrevious, &previous)
            swap(&previous, &current)
        }
        return previous[rhs.count] <= limit ? previous[rhs.count] : nil
    }

    /// Suggestions already searched, so each unknown name is compared with 8,000 names once per process.
    private static let suggestions = Suggestions()

    private final class Suggestions: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [String: String?] = [:]

        func value(forName name: String, search: () -> String?) -> String? {
            if let known = lock.withLock({ answers[name] }) { return known }
            let found = search()
            lock.withLock { answers[name] = .some(found) }
            return found
        }
    }
}

/// The diagnostic for an `Image(systemName:)` iOS would not draw: a name it does not know, or one newer than `--os`.
public enum SymbolAvailabilityCheck {
    /// `unknown-symbol` (with the nearest real name) or `symbol-newer-than-os` for `name` on iOS `osVersion`;
    /// nil when iOS `osVersion` draws the symbol.
    public static func problem(withSystemName name: String, osVersion: Int) -> ResolveDiagnostic? {
        guard let release = SymbolCatalog.introduction(ofSystemName: name) else {
            let hint = SymbolCatalog.suggestion(forUnknownName: name).map { " Did you mean \"\($0)\"?" } ?? ""
            return ResolveDiagnostic(
                code: "unknown-symbol",
                message: "SF Symbol \"\(name)\" does not exist: iOS draws nothing, WidgetTerm draws ⍰.\(hint)")
        }
        guard release.major > osVersion else { return nil }
        return ResolveDiagnostic(
            code: "symbol-newer-than-os",
            message: "SF Symbol \"\(name)\" arrived in iOS \(release); on iOS \(osVersion) it draws nothing (WidgetTerm draws ⍰). "
                + "Pick an older symbol under if #available(iOS \(release.major), *).")
    }
}
