// The project-owned table that turns SF Symbol names into terminal glyphs.
// Every glyph here was chosen by hand for this project; see `SymbolTable` for the rules.

import Foundation

/// One terminal rendering of an SF Symbol: a preferred glyph and a plain one-column fallback.
///
/// The preferred ``glyph`` is either a narrow symbol that occupies exactly 1 terminal column,
/// or a default-emoji-presentation emoji that occupies exactly 2 terminal columns. The
/// ``fallback`` always occupies exactly 1 terminal column and is never an emoji, so a renderer
/// that must avoid emoji (or colour fonts) can still show something legible in the same place.
///
/// Neither character carries a variation selector or a zero-width joiner, so its width in
/// terminal columns is what glibc `wcwidth` reports under the `C.UTF-8` locale, with no room
/// for terminals to disagree.
public struct SymbolGlyph: Sendable, Equatable {
    /// The preferred glyph: one grapheme whose display width (glibc `wcwidth` under C.UTF-8) is unambiguous.
    ///
    /// It is a single Unicode scalar that is either 1 terminal column wide (a narrow symbol that is
    /// not East Asian Ambiguous and has no emoji property) or 2 terminal columns wide (an emoji whose
    /// default presentation is emoji, such as `💧`).
    public let glyph: Character

    /// The one-column glyph drawn when emoji are unwanted (monochrome modes, narrow terminals): the preferred glyph
    /// itself when that is narrow, else a narrow non-emoji symbol a person recognises as the emoji (`✅` → `✓`,
    /// `⛅` → `☼`, `🔔` → `⍾`); ASCII only where it is the symbol's own sign (`$`, `!`, `?`, `@`).
    ///
    /// It is always exactly 1 terminal column wide, is not East Asian Ambiguous, and is never an emoji.
    public let fallback: Character

    /// Creates a rendering from a preferred glyph and its one-column fallback.
    ///
    /// - Parameters:
    ///   - glyph: The preferred glyph, 1 or 2 terminal columns wide.
    ///   - fallback: The plain glyph used when emoji are unwanted, 1 terminal column wide.
    public init(_ glyph: Character, _ fallback: Character) {
        self.glyph = glyph
        self.fallback = fallback
    }
}

/// The project-owned table from SF Symbol names to terminal glyphs.
///
/// Widgets name their images with SF Symbol names such as `heart.fill` or `cloud.sun.rain`.
/// No public mapping from those names to Unicode text exists: the symbols themselves live in
/// the Unicode private use area and are drawn only by Apple's SF fonts, which a terminal does
/// not have. So each name here maps to a glyph chosen by hand for this project, picked so that
/// its width in terminal columns is the same in every terminal:
///
/// - A narrow glyph (1 terminal column) is never East Asian Ambiguous (so `→`, `★`, `●` and `♥`
///   are out, because CJK-configured terminals draw them 2 columns wide) and never a text-default
///   emoji (so `☀`, `⚙`, `⏱` and `✈` are out, because many terminals draw them 2 columns wide
///   while `wcwidth` says 1).
/// - A wide glyph (2 terminal columns) is always an emoji whose default presentation is emoji,
///   such as `🔥` or `🛒`, written without a variation selector or zero-width joiner.
/// - Every ``SymbolGlyph/fallback`` is 1 terminal column wide and never an emoji.
///
/// Both the current SF Symbols names and the older names that widgets still use (for example
/// `battery.100` beside `battery.100percent`, `mic` beside `microphone`) are listed.
public enum SymbolTable {
    /// Looks up a symbol name. Tries the exact name, then strips variant suffixes in order (".fill", ".circle", ".square", ".slash", ".badge..." etc.) so `heart.circle.fill` finds `heart`, returns nil when nothing matches.
    ///
    /// The search runs in this order, stopping at the first name found in the table:
    ///
    /// 1. The exact name.
    /// 2. The name cut just before its first badge component (`badge`, or a component ending in
    ///    `badge` such as `trianglebadge`), so `bell.badge` finds `bell` and
    ///    `sun.max.trianglebadge.exclamationmark` finds `sun.max`.
    /// 3. The name with trailing variant components removed one at a time (`fill`, `filled`,
    ///    `circle`, `square`, `rectangle`, `slash`, `inverse`, `app`), checking after each, so
    ///    `heart.circle.fill` tries `heart.circle` and then finds `heart`.
    /// 4. Steps 2 and 3 again on ever shorter prefixes made by dropping the last dot-separated
    ///    component, so `figure.walk.motion` finds `figure.walk` and `person.fill.checkmark`
    ///    finds `person`.
    ///
    /// - Parameter name: An SF Symbol name, such as `cloud.sun.rain.fill`.
    /// - Returns: The rendering for the closest listed name, or `nil` when no step finds one.
    /// Only a name iOS knows (``SymbolCatalog``) is searched: a misspelt name such as `drop.filll` gives nil rather
    /// than the glyph of `drop`. A legacy name with no glyph of its own takes its current name's, and the reverse.
    public static func glyph(forSystemName name: String) -> SymbolGlyph? {
        if let exact = table[name] { return exact }
        guard SymbolCatalog.contains(systemName: name) else { return nil }
        return variantLookups.value(forName: name) {
            if let found = nearest(toVariant: name) { return found }
            guard let renamed = SymbolCatalog.currentName(forLegacyName: name) ?? legacyName(forCurrentName: name) else { return nil }
            return table[renamed] ?? nearest(toVariant: renamed)
        }
    }

    /// The legacy name listed for a current name (`microphone` → `mic`), when there is one.
    private static func legacyName(forCurrentName name: String) -> String? {
        legacyByCurrentName[name]
    }

    private static let legacyByCurrentName: [String: String] = Dictionary(
        SymbolCatalog.legacyNames.map { ($0.value, $0.key) }, uniquingKeysWith: min)

    /// Steps 2 to 4 of `glyph(forSystemName:)` for a name that is not in the table.
    private static func nearest(toVariant name: String) -> SymbolGlyph? {
        // Splitting never yields an empty array, so there is always a first component.
        var components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        while true {
            for candidate in variantCandidates(of: components) {
                if let found = table[candidate] { return found }
            }
            components.removeLast()
            if components.isEmpty { return nil }
            if let found = table[components.joined(separator: ".")] { return found }
        }
    }

    /// Answers for names found only by stripping variants, kept so each name is searched once per process
    /// (a widget asks again for every render, in layout and in painting).
    private static let variantLookups = VariantLookups()

    private final class VariantLookups: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [String: SymbolGlyph?] = [:]

        func value(forName name: String, search: () -> SymbolGlyph?) -> SymbolGlyph? {
            if let known = lock.withLock({ answers[name] }) { return known }
            let found = search()
            lock.withLock { answers[name] = .some(found) }
            return found
        }
    }

    /// Every name in the table (for tests and docs).
    ///
    /// The names are sorted in ascending order so that listings and goldens are stable.
    public static var names: [String] {
        table.keys.sorted()
    }

    /// Trailing components that only change how a symbol is drawn, not what it shows.
    private static let variantComponents: Set<String> = [
        "fill", "filled", "circle", "square", "rectangle", "slash", "inverse", "app",
    ]

    /// The names to try for one dot-separated name after its exact form has failed:
    /// first the name cut before its first badge component, then that name with trailing
    /// variant components removed one at a time. The first component is never removed.
    private static func variantCandidates(of components: [String]) -> [String] {
        var remaining = components
        var candidates: [String] = []
        if let badgeIndex = remaining.indices.dropFirst().first(where: { remaining[$0].hasSuffix("badge") }) {
            remaining.removeSubrange(badgeIndex...)
            candidates.append(remaining.joined(separator: "."))
        }
        while remaining.count > 1, let last = remaining.last, variantComponents.contains(last) {
            remaining.removeLast()
            candidates.append(remaining.joined(separator: "."))
        }
        return candidates
    }
}
