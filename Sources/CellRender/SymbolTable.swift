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

    /// A one-column fallback from the narrowest, most widely supported repertoire (ASCII or Latin-1/box drawing/arrows), used when emoji are unwanted.
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
    public static func glyph(forSystemName name: String) -> SymbolGlyph? {
        if let exact = table[name] { return exact }
        return variantLookups.value(forName: name) { nearest(toVariant: name) }
    }

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

    /// The hand-chosen glyphs, keyed by SF Symbol name.
    ///
    /// Each value pairs a preferred glyph (1 terminal column for a narrow symbol, 2 terminal
    /// columns for an emoji) with a 1-column fallback. Names that only differ by a variant
    /// suffix are listed only where the variant needs a different glyph, or where widgets use
    /// the variant so often that it is worth finding without stripping.
    static let table: [String: SymbolGlyph] = [
        // Arrows: narrow arrows outside the East Asian Ambiguous range U+2190...U+2199.
        "arrow.up": SymbolGlyph("⇡", "^"),
        "arrow.down": SymbolGlyph("⇣", "v"),
        "arrow.left": SymbolGlyph("⇠", "<"),
        "arrow.right": SymbolGlyph("⇢", ">"),
        "arrow.forward": SymbolGlyph("⇢", ">"),
        "arrow.backward": SymbolGlyph("⇠", "<"),
        "arrow.up.right": SymbolGlyph("⇗", "/"),
        "arrow.up.forward": SymbolGlyph("⇗", "/"),
        "arrow.up.left": SymbolGlyph("⇖", "\\"),
        "arrow.down.right": SymbolGlyph("⇘", "\\"),
        "arrow.down.left": SymbolGlyph("⇙", "/"),
        "arrow.up.circle": SymbolGlyph("🔼", "^"),
        "arrow.down.circle": SymbolGlyph("🔽", "v"),
        "arrow.right.circle": SymbolGlyph("➲", ">"),
        "arrow.up.arrow.down": SymbolGlyph("⇅", "|"),
        "arrow.left.arrow.right": SymbolGlyph("⇆", "="),
        "arrow.right.arrow.left": SymbolGlyph("⇄", "="),
        "arrow.up.and.down": SymbolGlyph("⇕", "|"),
        "arrow.left.and.right": SymbolGlyph("⇿", "-"),
        "arrow.clockwise": SymbolGlyph("↻", "@"),
        "arrow.counterclockwise": SymbolGlyph("↺", "@"),
        "arrow.triangle.2.circlepath": SymbolGlyph("🔄", "@"),
        "arrow.trianglehead.2.clockwise": SymbolGlyph("🔄", "@"),
        "arrow.trianglehead.2.clockwise.rotate.90": SymbolGlyph("🔄", "@"),
        "arrow.trianglehead.2.counterclockwise": SymbolGlyph("🔄", "@"),
        "arrow.2.circlepath": SymbolGlyph("🔄", "@"),
        "arrow.uturn.left": SymbolGlyph("↶", "<"),
        "arrow.uturn.right": SymbolGlyph("↷", ">"),
        "arrow.uturn.backward": SymbolGlyph("↶", "<"),
        "arrow.uturn.forward": SymbolGlyph("↷", ">"),
        "arrow.turn.up.right": SymbolGlyph("↱", ">"),
        "arrow.turn.up.left": SymbolGlyph("↰", "<"),
        "arrow.turn.down.right": SymbolGlyph("↳", ">"),
        "arrow.turn.down.left": SymbolGlyph("↲", "<"),
        "arrow.up.to.line": SymbolGlyph("⤒", "^"),
        "arrow.down.to.line": SymbolGlyph("⤓", "v"),
        "arrow.right.to.line": SymbolGlyph("⇥", ">"),
        "arrow.left.to.line": SymbolGlyph("⇤", "<"),
        "arrowtriangle.up": SymbolGlyph("▴", "^"),
        "arrowtriangle.down": SymbolGlyph("▾", "v"),
        "arrowtriangle.left": SymbolGlyph("◂", "<"),
        "arrowtriangle.right": SymbolGlyph("▸", ">"),

        // Chevrons.
        "chevron.up": SymbolGlyph("⌃", "^"),
        "chevron.down": SymbolGlyph("⌄", "v"),
        "chevron.left": SymbolGlyph("‹", "<"),
        "chevron.right": SymbolGlyph("›", ">"),
        "chevron.backward": SymbolGlyph("‹", "<"),
        "chevron.forward": SymbolGlyph("›", ">"),
        "chevron.left.2": SymbolGlyph("«", "<"),
        "chevron.right.2": SymbolGlyph("»", ">"),
        "chevron.up.chevron.down": SymbolGlyph("⇕", "|"),

        // Sun, moon and sky.
        "sun.max": SymbolGlyph("🌞", "*"),
        "sun.max.fill": SymbolGlyph("🌞", "*"),
        "sun.min": SymbolGlyph("🔅", "*"),
        "sunrise": SymbolGlyph("🌅", "^"),
        "sunset": SymbolGlyph("🌇", "v"),
        "sun.haze": SymbolGlyph("🌁", "~"),
        "sun.dust": SymbolGlyph("🌁", "~"),
        "sun.rain": SymbolGlyph("☔", ","),
        "sun.snow": SymbolGlyph("⛄", "*"),
        "moon": SymbolGlyph("🌙", "C"),
        "moon.fill": SymbolGlyph("🌙", "C"),
        "moon.stars": SymbolGlyph("🌃", "C"),
        "moon.zzz": SymbolGlyph("💤", "z"),
        "moonphase.new.moon": SymbolGlyph("🌑", "o"),
        "moonphase.waxing.crescent": SymbolGlyph("🌒", ")"),
        "moonphase.first.quarter": SymbolGlyph("🌓", ")"),
        "moonphase.waxing.gibbous": SymbolGlyph("🌔", "O"),
        "moonphase.full.moon": SymbolGlyph("🌕", "O"),
        "moonphase.waning.gibbous": SymbolGlyph("🌖", "O"),
        "moonphase.last.quarter": SymbolGlyph("🌗", "("),
        "moonphase.waning.crescent": SymbolGlyph("🌘", "("),
        "rainbow": SymbolGlyph("🌈", "n"),
        "sparkles": SymbolGlyph("✨", "*"),
        "sparkle": SymbolGlyph("✦", "*"),

        // Clouds and precipitation. Plain cloud emoji (☁, 🌥, 🌧) are text-default, so a cloud
        // is drawn as the sun-behind-cloud emoji and rain as the umbrella-with-rain emoji.
        "cloud": SymbolGlyph("⛅", "~"),
        "cloud.fill": SymbolGlyph("⛅", "~"),
        "cloud.sun": SymbolGlyph("⛅", "~"),
        "cloud.moon": SymbolGlyph("🌙", "C"),
        "cloud.rain": SymbolGlyph("☔", ","),
        "cloud.heavyrain": SymbolGlyph("☔", ","),
        "cloud.drizzle": SymbolGlyph("☔", ","),
        "cloud.sun.rain": SymbolGlyph("☔", ","),
        "cloud.moon.rain": SymbolGlyph("☔", ","),
        "cloud.bolt": SymbolGlyph("⚡", "Z"),
        "cloud.bolt.rain": SymbolGlyph("⚡", "Z"),
        "cloud.sun.bolt": SymbolGlyph("⚡", "Z"),
        "cloud.moon.bolt": SymbolGlyph("⚡", "Z"),
        "cloud.snow": SymbolGlyph("⛄", "*"),
        "cloud.sleet": SymbolGlyph("🧊", "*"),
        "cloud.hail": SymbolGlyph("🧊", "o"),
        "cloud.fog": SymbolGlyph("🌁", "="),
        "snowflake": SymbolGlyph("❆", "*"),
        "smoke": SymbolGlyph("💨", "~"),
        "wind": SymbolGlyph("💨", "~"),
        "tornado": SymbolGlyph("🌀", "@"),
        "hurricane": SymbolGlyph("🌀", "@"),
        "tropicalstorm": SymbolGlyph("🌀", "@"),
        "humidity": SymbolGlyph("💧", "%"),
        "drop": SymbolGlyph("💧", "o"),
        "drop.fill": SymbolGlyph("💧", "o"),
        "water.waves": SymbolGlyph("🌊", "~"),
        "umbrella": SymbolGlyph("☔", "T"),

        // Temperature: the thermometer emoji is text-default, so a narrow stem-and-bulb is used.
        "thermometer": SymbolGlyph("⫰", "T"),
        "thermometer.medium": SymbolGlyph("⫰", "T"),
        "thermometer.high": SymbolGlyph("⫰", "T"),
        "thermometer.low": SymbolGlyph("⫰", "T"),
        "thermometer.sun": SymbolGlyph("⫰", "T"),
        "thermometer.snowflake": SymbolGlyph("⫰", "T"),

        // Nature.
        "flame": SymbolGlyph("🔥", "*"),
        "flame.fill": SymbolGlyph("🔥", "*"),
        "leaf": SymbolGlyph("🍃", "~"),
        "tree": SymbolGlyph("🌳", "Y"),

        // Ratings, hearts and energy.
        "star": SymbolGlyph("✩", "*"),
        "star.fill": SymbolGlyph("✭", "*"),
        "star.leadinghalf.filled": SymbolGlyph("✬", "*"),
        "star.leadinghalf.fill": SymbolGlyph("✬", "*"),
        "heart": SymbolGlyph("💗", "*"),
        "heart.fill": SymbolGlyph("💗", "*"),
        "heart.slash": SymbolGlyph("💔", "x"),
        "bolt.heart": SymbolGlyph("💓", "*"),
        "waveform.path.ecg": SymbolGlyph("💓", "~"),
        "waveform": SymbolGlyph("∿", "~"),
        "waveform.path": SymbolGlyph("∿", "~"),
        "bolt": SymbolGlyph("⚡", "Z"),
        "bolt.fill": SymbolGlyph("⚡", "Z"),

        // Battery levels, under both the older and the current names.
        "battery.100": SymbolGlyph("🔋", "#"),
        "battery.100percent": SymbolGlyph("🔋", "#"),
        "battery.75": SymbolGlyph("🔋", "="),
        "battery.75percent": SymbolGlyph("🔋", "="),
        "battery.50": SymbolGlyph("🔋", "="),
        "battery.50percent": SymbolGlyph("🔋", "="),
        "battery.25": SymbolGlyph("🔋", "-"),
        "battery.25percent": SymbolGlyph("🔋", "-"),
        "battery.0": SymbolGlyph("🪫", "_"),
        "battery.0percent": SymbolGlyph("🪫", "_"),

        // Time.
        "bell": SymbolGlyph("🔔", "!"),
        "bell.fill": SymbolGlyph("🔔", "!"),
        "bell.slash": SymbolGlyph("🔕", "x"),
        "calendar": SymbolGlyph("📅", "#"),
        "clock": SymbolGlyph("🕒", "o"),
        "clock.fill": SymbolGlyph("🕒", "o"),
        "alarm": SymbolGlyph("⏰", "o"),
        "timer": SymbolGlyph("⏳", "o"),
        "stopwatch": SymbolGlyph("◷", "o"),
        "hourglass": SymbolGlyph("⌛", "X"),
        "gauge": SymbolGlyph("◔", "@"),
        "speedometer": SymbolGlyph("◔", "@"),

        // Marks and status.
        "checkmark": SymbolGlyph("✓", "v"),
        "checkmark.circle": SymbolGlyph("✅", "v"),
        "checkmark.circle.fill": SymbolGlyph("✅", "v"),
        "checkmark.square": SymbolGlyph("✅", "v"),
        "checklist": SymbolGlyph("📋", "v"),
        "xmark": SymbolGlyph("✗", "x"),
        "xmark.circle": SymbolGlyph("❌", "x"),
        "xmark.circle.fill": SymbolGlyph("❌", "x"),
        "xmark.square": SymbolGlyph("❎", "x"),
        "xmark.octagon": SymbolGlyph("🛑", "x"),
        "info": SymbolGlyph("🛈", "i"),
        "info.circle": SymbolGlyph("🛈", "i"),
        "exclamationmark": SymbolGlyph("!", "!"),
        "exclamationmark.circle": SymbolGlyph("❗", "!"),
        "exclamationmark.triangle": SymbolGlyph("❗", "!"),
        "exclamationmark.triangle.fill": SymbolGlyph("❗", "!"),
        "exclamationmark.octagon": SymbolGlyph("🛑", "!"),
        "questionmark": SymbolGlyph("?", "?"),
        "questionmark.circle": SymbolGlyph("❓", "?"),
        "ellipsis": SymbolGlyph("⋯", "."),
        "staroflife": SymbolGlyph("✱", "*"),
        "asterisk": SymbolGlyph("✱", "*"),

        // Arithmetic and numbers.
        "plus": SymbolGlyph("+", "+"),
        "minus": SymbolGlyph("−", "-"),
        "plus.circle": SymbolGlyph("➕", "+"),
        "minus.circle": SymbolGlyph("➖", "-"),
        "plus.square": SymbolGlyph("⊞", "+"),
        "minus.square": SymbolGlyph("⊟", "-"),
        "multiply": SymbolGlyph("⨯", "x"),
        "divide": SymbolGlyph("➗", "/"),
        "equal": SymbolGlyph("=", "="),
        "percent": SymbolGlyph("%", "%"),
        "number": SymbolGlyph("#", "#"),
        "function": SymbolGlyph("ƒ", "f"),
        "at": SymbolGlyph("@", "@"),

        // Lists, grids and plain shapes.
        "list.bullet": SymbolGlyph("☰", "="),
        "list.number": SymbolGlyph("☰", "="),
        "list.dash": SymbolGlyph("☰", "="),
        "list.clipboard": SymbolGlyph("📋", "="),
        "line.3.horizontal": SymbolGlyph("☰", "="),
        "line.horizontal.3": SymbolGlyph("☰", "="),
        "slider.horizontal.3": SymbolGlyph("☰", "="),
        "square.grid.2x2": SymbolGlyph("⊞", "#"),
        "square.grid.3x3": SymbolGlyph("⊞", "#"),
        "square": SymbolGlyph("▢", "#"),
        "square.fill": SymbolGlyph("⬛", "#"),
        "app": SymbolGlyph("▢", "#"),
        "rectangle": SymbolGlyph("▭", "#"),
        "rectangle.stack": SymbolGlyph("❏", "#"),
        "square.stack": SymbolGlyph("❏", "#"),
        "square.on.square": SymbolGlyph("❏", "#"),
        "circle": SymbolGlyph("◦", "o"),
        "circle.fill": SymbolGlyph("⬤", "*"),
        "largecircle.fill.circle": SymbolGlyph("◉", "@"),
        "record.circle": SymbolGlyph("🔴", "o"),
        "triangle": SymbolGlyph("▵", "^"),
        "triangle.fill": SymbolGlyph("▴", "^"),
        "diamond": SymbolGlyph("⬦", "o"),
        "diamond.fill": SymbolGlyph("⬥", "o"),
        "hexagon": SymbolGlyph("⬡", "o"),
        "hexagon.fill": SymbolGlyph("⬢", "o"),

        // Home, shopping and money.
        "house": SymbolGlyph("🏠", "⌂"),
        "house.fill": SymbolGlyph("🏠", "⌂"),
        "building.2": SymbolGlyph("🏢", "#"),
        "building.columns": SymbolGlyph("🏦", "#"),
        "storefront": SymbolGlyph("🏪", "#"),
        "cart": SymbolGlyph("🛒", "#"),
        "cart.fill": SymbolGlyph("🛒", "#"),
        "bag": SymbolGlyph("👜", "#"),
        "basket": SymbolGlyph("🧺", "#"),
        "creditcard": SymbolGlyph("💳", "$"),
        "banknote": SymbolGlyph("💵", "$"),
        "dollarsign": SymbolGlyph("$", "$"),
        "dollarsign.circle": SymbolGlyph("💲", "$"),
        "eurosign": SymbolGlyph("💶", "E"),
        "eurosign.circle": SymbolGlyph("💶", "E"),
        "sterlingsign": SymbolGlyph("£", "£"),
        "sterlingsign.circle": SymbolGlyph("£", "£"),
        "yensign": SymbolGlyph("¥", "¥"),
        "yensign.circle": SymbolGlyph("¥", "¥"),
        "bitcoinsign": SymbolGlyph("₿", "B"),
        "bitcoinsign.circle": SymbolGlyph("₿", "B"),
        "indianrupeesign": SymbolGlyph("₹", "R"),
        "gift": SymbolGlyph("🎁", "#"),
        "tag": SymbolGlyph("🔖", "#"),
        "ticket": SymbolGlyph("🎫", "#"),

        // Deliveries and transport.
        "box.truck": SymbolGlyph("🚚", "#"),
        "truck.box": SymbolGlyph("🚚", "#"),
        "shippingbox": SymbolGlyph("📦", "#"),
        "archivebox": SymbolGlyph("📦", "#"),
        "airplane": SymbolGlyph("🛫", "+"),
        "airplane.departure": SymbolGlyph("🛫", "+"),
        "airplane.arrival": SymbolGlyph("🛬", "+"),
        "car": SymbolGlyph("🚗", "#"),
        "car.fill": SymbolGlyph("🚗", "#"),
        "car.side": SymbolGlyph("🚗", "#"),
        "bus": SymbolGlyph("🚌", "#"),
        "bus.fill": SymbolGlyph("🚌", "#"),
        "bus.doubledecker": SymbolGlyph("🚌", "#"),
        "tram": SymbolGlyph("🚋", "#"),
        "tram.fill": SymbolGlyph("🚋", "#"),
        "tram.fill.tunnel": SymbolGlyph("🚇", "#"),
        "train.side.front.car": SymbolGlyph("🚆", "#"),
        "bicycle": SymbolGlyph("🚲", "o"),
        "scooter": SymbolGlyph("🛴", "o"),
        "ferry": SymbolGlyph("🚢", "#"),
        "sailboat": SymbolGlyph("⛵", "#"),
        "fuelpump": SymbolGlyph("⛽", "#"),

        // People and activity.
        "figure.walk": SymbolGlyph("🚶", "i"),
        "figure.run": SymbolGlyph("🏃", "i"),
        "figure.stand": SymbolGlyph("🧍", "i"),
        "figure.wave": SymbolGlyph("🙋", "i"),
        "figure.roll": SymbolGlyph("♿", "i"),
        "figure.hiking": SymbolGlyph("🥾", "i"),
        "figure.outdoor.cycle": SymbolGlyph("🚴", "o"),
        "figure.pool.swim": SymbolGlyph("🏊", "~"),
        "figure.yoga": SymbolGlyph("🧘", "i"),
        "figure.mind.and.body": SymbolGlyph("🧘", "i"),
        "figure.dance": SymbolGlyph("💃", "i"),
        "figure.strengthtraining.traditional": SymbolGlyph("💪", "i"),
        "figure.snowboarding": SymbolGlyph("🏂", "i"),
        "dumbbell": SymbolGlyph("💪", "H"),
        "sportscourt": SymbolGlyph("🏀", "#"),
        "trophy": SymbolGlyph("🏆", "Y"),
        "medal": SymbolGlyph("🏅", "*"),
        "soccerball": SymbolGlyph("⚽", "o"),
        "basketball": SymbolGlyph("🏀", "o"),
        "football": SymbolGlyph("🏈", "o"),
        "american.football": SymbolGlyph("🏈", "o"),
        "baseball": SymbolGlyph("⚾", "o"),
        "tennisball": SymbolGlyph("🎾", "o"),
        "volleyball": SymbolGlyph("🏐", "o"),
        "flag": SymbolGlyph("⚐", "P"),
        "flag.fill": SymbolGlyph("⚑", "P"),
        "flag.checkered": SymbolGlyph("🏁", "P"),
        "flag.pattern.checkered": SymbolGlyph("🏁", "P"),
        "target": SymbolGlyph("🎯", "@"),
        "scope": SymbolGlyph("⌖", "+"),

        // Media playback and sound.
        "music.note": SymbolGlyph("🎵", "♫"),
        "music.note.list": SymbolGlyph("🎶", "♫"),
        "music.mic": SymbolGlyph("🎤", "Y"),
        "music.microphone": SymbolGlyph("🎤", "Y"),
        "headphones": SymbolGlyph("🎧", "n"),
        "play": SymbolGlyph("►", ">"),
        "play.fill": SymbolGlyph("►", ">"),
        "pause": SymbolGlyph("ǁ", "|"),
        "pause.fill": SymbolGlyph("ǁ", "|"),
        "stop": SymbolGlyph("⬛", "#"),
        "stop.fill": SymbolGlyph("⬛", "#"),
        "playpause": SymbolGlyph("►", ">"),
        "forward": SymbolGlyph("⏩", "»"),
        "backward": SymbolGlyph("⏪", "«"),
        "forward.end": SymbolGlyph("⇥", ">"),
        "backward.end": SymbolGlyph("⇤", "<"),
        "goforward": SymbolGlyph("↻", ">"),
        "gobackward": SymbolGlyph("↺", "<"),
        "shuffle": SymbolGlyph("🔀", "x"),
        "repeat": SymbolGlyph("🔁", "@"),
        "repeat.1": SymbolGlyph("🔂", "@"),
        "mic": SymbolGlyph("🎤", "Y"),
        "mic.fill": SymbolGlyph("🎤", "Y"),
        "microphone": SymbolGlyph("🎤", "Y"),
        "mic.slash": SymbolGlyph("🔇", "x"),
        "microphone.slash": SymbolGlyph("🔇", "x"),
        "speaker": SymbolGlyph("🔈", "<"),
        "speaker.slash": SymbolGlyph("🔇", "x"),
        "speaker.wave.1": SymbolGlyph("🔉", ")"),
        "speaker.wave.2": SymbolGlyph("🔉", ")"),
        "speaker.wave.3": SymbolGlyph("🔊", ")"),

        // Cameras, screens and devices.
        "camera": SymbolGlyph("📷", "o"),
        "video": SymbolGlyph("📹", ">"),
        "photo": SymbolGlyph("🌄", "#"),
        "film": SymbolGlyph("🎬", "#"),
        "tv": SymbolGlyph("📺", "#"),
        "display": SymbolGlyph("📺", "#"),
        "desktopcomputer": SymbolGlyph("💻", "#"),
        "laptopcomputer": SymbolGlyph("💻", "#"),
        "iphone": SymbolGlyph("📱", "#"),
        "ipad": SymbolGlyph("📱", "#"),
        "applewatch": SymbolGlyph("⌚", "o"),
        "gamecontroller": SymbolGlyph("🎮", "#"),
        "opticaldisc": SymbolGlyph("💿", "O"),
        "power": SymbolGlyph("⏻", "O"),
        "lightbulb": SymbolGlyph("💡", "o"),
        "powerplug": SymbolGlyph("🔌", "="),

        // Keyboard keys.
        "command": SymbolGlyph("⌘", "#"),
        "option": SymbolGlyph("⌥", "~"),
        "control": SymbolGlyph("⌃", "^"),
        "capslock": SymbolGlyph("⇪", "^"),
        "delete.left": SymbolGlyph("⌫", "<"),
        "return": SymbolGlyph("⏎", "<"),
        "escape": SymbolGlyph("⎋", "x"),
        "space": SymbolGlyph("␣", "_"),

        // Connectivity and places.
        "antenna.radiowaves.left.and.right": SymbolGlyph("📡", "Y"),
        "dot.radiowaves.left.and.right": SymbolGlyph("📡", "Y"),
        "wifi": SymbolGlyph("📶", ")"),
        "cellularbars": SymbolGlyph("📶", "|"),
        "network": SymbolGlyph("🌐", "#"),
        "globe": SymbolGlyph("🌐", "O"),
        "globe.americas": SymbolGlyph("🌎", "O"),
        "globe.europe.africa": SymbolGlyph("🌍", "O"),
        "globe.asia.australia": SymbolGlyph("🌏", "O"),
        "icloud": SymbolGlyph("⛅", "~"),
        "location": SymbolGlyph("⌖", "@"),
        "location.fill": SymbolGlyph("⌖", "@"),
        "map": SymbolGlyph("🧭", "#"),
        "safari": SymbolGlyph("🧭", "+"),
        "mappin": SymbolGlyph("📍", "o"),
        "mappin.and.ellipse": SymbolGlyph("📍", "o"),
        "pin": SymbolGlyph("📌", "T"),

        // People and messages.
        "person": SymbolGlyph("👤", "i"),
        "person.fill": SymbolGlyph("👤", "i"),
        "person.crop.circle": SymbolGlyph("👤", "i"),
        "person.2": SymbolGlyph("👥", "i"),
        "person.3": SymbolGlyph("👥", "i"),
        "message": SymbolGlyph("💬", "\""),
        "message.fill": SymbolGlyph("💬", "\""),
        "bubble.left": SymbolGlyph("💬", "\""),
        "bubble.right": SymbolGlyph("💬", "\""),
        "bubble.left.and.bubble.right": SymbolGlyph("💬", "\""),
        "quote.bubble": SymbolGlyph("💬", "\""),
        "text.bubble": SymbolGlyph("💬", "\""),
        "envelope": SymbolGlyph("📧", "@"),
        "envelope.fill": SymbolGlyph("📧", "@"),
        "phone": SymbolGlyph("📞", "T"),
        "phone.fill": SymbolGlyph("📞", "T"),
        "paperplane": SymbolGlyph("➤", ">"),
        "paperplane.fill": SymbolGlyph("➤", ">"),
        "paperclip": SymbolGlyph("📎", "&"),
        "link": SymbolGlyph("🔗", "&"),
        "square.and.arrow.up": SymbolGlyph("📤", "^"),
        "square.and.arrow.down": SymbolGlyph("📥", "v"),
        "tray": SymbolGlyph("📥", "u"),
        "tray.and.arrow.down": SymbolGlyph("📥", "v"),
        "tray.and.arrow.up": SymbolGlyph("📤", "^"),
        "trash": SymbolGlyph("🚮", "x"),
        "trash.fill": SymbolGlyph("🚮", "x"),

        // Documents, writing and tools.
        "pencil": SymbolGlyph("✎", "/"),
        "square.and.pencil": SymbolGlyph("📝", "/"),
        "note.text": SymbolGlyph("📝", "="),
        "doc": SymbolGlyph("📄", "#"),
        "document": SymbolGlyph("📄", "#"),
        "doc.text": SymbolGlyph("📃", "="),
        "text.document": SymbolGlyph("📃", "="),
        "doc.on.doc": SymbolGlyph("📑", "#"),
        "document.on.document": SymbolGlyph("📑", "#"),
        "folder": SymbolGlyph("📁", "/"),
        "folder.fill": SymbolGlyph("📁", "/"),
        "book": SymbolGlyph("📖", "#"),
        "book.closed": SymbolGlyph("📕", "#"),
        "books.vertical": SymbolGlyph("📚", "#"),
        "newspaper": SymbolGlyph("📰", "#"),
        "bookmark": SymbolGlyph("🔖", "#"),
        "bookmark.fill": SymbolGlyph("🔖", "#"),
        "graduationcap": SymbolGlyph("🎓", "#"),
        "backpack": SymbolGlyph("🎒", "#"),
        "pencil.and.ruler": SymbolGlyph("📐", "/"),
        "ruler": SymbolGlyph("📏", "="),
        "paintbrush": SymbolGlyph("🎨", "/"),
        "paintpalette": SymbolGlyph("🎨", "*"),
        "scissors": SymbolGlyph("✄", "X"),
        "hammer": SymbolGlyph("🔨", "T"),
        "wrench": SymbolGlyph("🔧", "/"),
        "wrench.adjustable": SymbolGlyph("🔧", "/"),
        "screwdriver": SymbolGlyph("🪛", "/"),
        "wrench.and.screwdriver": SymbolGlyph("🔧", "X"),
        "gear": SymbolGlyph("❂", "*"),
        "gearshape": SymbolGlyph("❂", "*"),
        "gearshape.fill": SymbolGlyph("❂", "*"),
        "gearshape.2": SymbolGlyph("❂", "*"),

        // Security.
        "key": SymbolGlyph("🔑", "k"),
        "lock": SymbolGlyph("🔒", "#"),
        "lock.fill": SymbolGlyph("🔒", "#"),
        "lock.open": SymbolGlyph("🔓", "-"),

        // Hands, faces and eyes.
        "hand.raised": SymbolGlyph("✋", "!"),
        "hand.thumbsup": SymbolGlyph("👍", "+"),
        "hand.thumbsdown": SymbolGlyph("👎", "-"),
        "hand.wave": SymbolGlyph("👋", "~"),
        "hands.clap": SymbolGlyph("👏", "*"),
        "hand.point.right": SymbolGlyph("👉", ">"),
        "face.smiling": SymbolGlyph("🙂", ")"),
        "eye": SymbolGlyph("👀", "o"),
        "eye.slash": SymbolGlyph("🙈", "x"),
        "ear": SymbolGlyph("👂", "("),
        "magnifyingglass": SymbolGlyph("🔍", "Q"),

        // Leisure and celebration.
        "crown": SymbolGlyph("👑", "W"),
        "puzzlepiece": SymbolGlyph("🧩", "#"),
        "dice": SymbolGlyph("🎲", "#"),
        "theatermasks": SymbolGlyph("🎭", "#"),
        "party.popper": SymbolGlyph("🎉", "*"),
        "balloon": SymbolGlyph("🎈", "o"),
        "popcorn": SymbolGlyph("🍿", "#"),

        // Food and drink.
        "birthday.cake": SymbolGlyph("🎂", "#"),
        "fork.knife": SymbolGlyph("🍴", "X"),
        "cup.and.saucer": SymbolGlyph("☕", "u"),
        "mug": SymbolGlyph("☕", "u"),
        "wineglass": SymbolGlyph("🍷", "Y"),
        "takeoutbag.and.cup.and.straw": SymbolGlyph("🥤", "u"),
        "carrot": SymbolGlyph("🥕", "v"),

        // Health.
        "pills": SymbolGlyph("💊", "o"),
        "pill": SymbolGlyph("💊", "o"),
        "cross": SymbolGlyph("✚", "+"),
        "cross.fill": SymbolGlyph("✚", "+"),
        "stethoscope": SymbolGlyph("🩺", "+"),
        "syringe": SymbolGlyph("💉", "/"),
        "bandage": SymbolGlyph("🩹", "="),
        "bed.double": SymbolGlyph("🛌", "z"),
        "zzz": SymbolGlyph("💤", "z"),
        "brain": SymbolGlyph("🧠", "@"),
        "brain.head.profile": SymbolGlyph("🧠", "@"),
        "lungs": SymbolGlyph("🫁", "W"),
        "microbe": SymbolGlyph("🦠", "*"),

        // Animals.
        "pawprint": SymbolGlyph("🐾", "*"),
        "hare": SymbolGlyph("🐇", ">"),
        "tortoise": SymbolGlyph("🐢", "<"),
        "ant": SymbolGlyph("🐜", "*"),
        "ladybug": SymbolGlyph("🐞", "*"),
        "fish": SymbolGlyph("🐟", "<"),
        "bird": SymbolGlyph("🐦", "v"),
        "cat": SymbolGlyph("🐈", "&"),
        "dog": SymbolGlyph("🐕", "&"),

        // Charts.
        "chart.bar": SymbolGlyph("📊", "|"),
        "chart.bar.fill": SymbolGlyph("📊", "|"),
        "chart.bar.xaxis": SymbolGlyph("📊", "|"),
        "chart.pie": SymbolGlyph("◕", "%"),
        "chart.line.uptrend.xyaxis": SymbolGlyph("📈", "/"),
        "chart.line.downtrend.xyaxis": SymbolGlyph("📉", "\\"),
        "chart.line.flattrend.xyaxis": SymbolGlyph("⇢", "-"),
        "chart.xyaxis.line": SymbolGlyph("📈", "/"),

        // Text.
        "textformat": SymbolGlyph("🔤", "A"),
        "textformat.abc": SymbolGlyph("🔤", "a"),
        "textformat.characters": SymbolGlyph("🔤", "a"),
        "textformat.123": SymbolGlyph("🔢", "#"),
        "textformat.numbers": SymbolGlyph("🔢", "#"),
    ]
}
