import Foundation

// MARK: - Text

/// Styled text, as `SwiftUI.Text`: literal, interpolated, verbatim, or a date the system formats.
///
/// Text-returning modifiers (`.font`, `.bold`, `.foregroundColor`...) style the text's own runs so
/// `Text("a").bold() + Text("b")` keeps each run's style; anything not set on a run is inherited from
/// the environment when the text is resolved.
public struct Text: PrimitiveView, Equatable {
    /// Date styles, as `Text.DateStyle`.
    public enum DateStyle: String, Hashable, Sendable, Codable {
        case time, date, relative, offset, timer
    }

    /// Where text is cut when it does not fit, as `Text.TruncationMode`.
    public enum TruncationMode: String, Hashable, Sendable, Codable { case head, middle, tail }

    /// Text case transform, as `Text.Case`.
    public enum Case: Hashable, Sendable { case uppercase, lowercase }

    struct Run: Equatable {
        var content: TextContent
        var font: Font?
        var weight: Font.Weight?
        var italic = false
        var underline = false
        var strikethrough = false
        var color: Color?
        var monospacedDigit = false
        /// The string-table key this run came from, looked up when the text is resolved.
        var localization: LocalizationKey?
    }

    /// The first run, kept in the text itself: nearly every text has one run, and an array of one was an allocation
    /// for every text of every body evaluation.
    var firstRun: Run
    /// The runs after the first, in order (empty, which allocates nothing, for a text of one run).
    var moreRuns: [Run] = []
    /// The string table and key of `Text(_:tableName:...)` when the table is not `Localizable`, which WidgetTerm
    /// does not read; reported when the text is resolved.
    var unreadTable: (table: String, key: String)?

    /// A text of the one run `run`.
    init(run: Run) { firstRun = run }

    /// The styled runs in order (an array built for the caller: not for the frame's paths).
    var runs: [Run] { [firstRun] + moreRuns }

    /// True when both have the same styled runs and the same unread string table and key.
    public static func == (lhs: Text, rhs: Text) -> Bool {
        lhs.firstRun == rhs.firstRun && lhs.moreRuns == rhs.moreRuns && lhs.unreadTable?.table == rhs.unreadTable?.table
            && lhs.unreadTable?.key == rhs.unreadTable?.key
    }

    /// Text shown exactly as given.
    public init(verbatim content: String) { firstRun = Run(content: .verbatim(content)) }

    /// Text from a string value, shown as it is (not a string-table key). Disfavoured, as in SwiftUI, so a literal
    /// `Text("Hello")` is a `LocalizedStringKey`.
    @inlinable @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) { self.init(verbatim: String(content)) }

    /// Text from a string literal or interpolation, as SwiftUI's `Text(_:tableName:bundle:comment:)`: a key into the app's
    /// `Localizable` string table (`Localizable.xcstrings` or `*.lproj/Localizable.strings`), translated for the
    /// environment's locale when the body is resolved; shown as written when no table has it. An
    /// interpolation's key has format specifiers in place of its values (`"%lld steps"`), as in Xcode.
    ///
    /// - Parameters:
    ///   - tableName: the string table; only `Localizable` (the default, nil) is read, so another table is
    ///     reported as the diagnostic `string-table-not-read` and the key is shown as written.
    ///   - bundle: the bundle of the table; WidgetTerm reads the extension's and app's resources whatever it is.
    ///   - comment: a note for translators; it does not change the text.
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        if let string = key.singleRunOfCharacters, tableName == nil || tableName == "Localizable" {
            // A key of characters only (the usual case): one run, kept in the text, stored and returned at once (a
            // text changed after it is whole is copied to be returned).
            firstRun = Run(
                content: .verbatim(string), localization: key.formatKey.map { LocalizationKey(formatKey: $0, arguments: key.arguments) })
            return
        }
        var first: Run
        var more: [Run] = []
        if let string = key.singleRunOfCharacters {
            first = Run(content: .verbatim(string))
        } else {
            var contents: Run?
            key.forEachContent { content in
                if contents == nil { contents = Run(content: content) } else { more.append(Run(content: content)) }
            }
            // A key that gave no run at all (only an interpolation built by hand) is one empty run, drawn as nothing.
            first = contents ?? Run(content: .verbatim(""))
            if more.isEmpty, contents != nil, let formatKey = key.formatKey {
                first.localization = LocalizationKey(formatKey: formatKey, arguments: key.arguments)
            }
        }
        var table: (table: String, key: String)?
        if let tableName, tableName != "Localizable" {
            table = (tableName, key.key)
            first.localization = nil
            for index in more.indices { more[index].localization = nil }
        }
        firstRun = first
        moreRuns = more
        unreadTable = table
    }

    /// The text's characters as written (string-table keys untranslated, dates and timers left out), for
    /// places that take a `Text` but keep a string, such as `configurationDisplayName(_:)`.
    var keyString: String {
        runs.map { run -> String in
            switch run.content {
            case .verbatim(let string): return string
            default: return ""
            }
        }.joined()
    }

    /// Text from a localised resource: its key translated for the environment's locale, else the key.
    @_disfavoredOverload
    public init(_ resource: LocalizedStringResource) {
        firstRun = Run(content: .verbatim(resource.key), localization: LocalizationKey(formatKey: resource.key, arguments: []))
    }

    /// Text from an attributed string, as `Text(_: AttributedString)`: its characters. SwiftUI's attribute scope
    /// (colours, fonts) does not exist outside Apple's SDKs, and Foundation's attributes (links, inline
    /// presentation intents) are not drawn (docs/DECISIONS.md).
    /// Disfavoured, so a string literal stays a `LocalizedStringKey` (translated), as in SwiftUI.
    @_disfavoredOverload
    public init(_ attributedContent: AttributedString) {
        firstRun = Run(content: .verbatim(String(attributedContent.characters)))
    }

    /// A date in one of the system styles; `.timer`, `.relative` and `.offset` update while shown.
    public init(_ date: Date, style: DateStyle) { firstRun = Run(content: .date(date, style: style)) }

    /// A range of dates, frozen at render: `9:30 AM – 2:45 PM`.
    public init(_ dates: ClosedRange<Date>) {
        if dates.lowerBound == dates.upperBound { ResolveSink.current?.attributeBackwardsRange(to: "Text(_: ClosedRange<Date>)") }
        firstRun = Run(content: .dateRange(start: dates.lowerBound, end: dates.upperBound))
    }

    /// A date interval, frozen at render.
    public init(_ interval: DateInterval) {
        firstRun = Run(content: .dateRange(start: interval.start, end: interval.end))
    }

    /// A timer bounded by `timerInterval`, as `Text(timerInterval:pauseTime:countsDown:showsHours:)` (iOS 16+):
    /// it counts down (or up) inside the interval, stops at its end, and freezes at `pauseTime`.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        if timerInterval.lowerBound == timerInterval.upperBound {
            ResolveSink.current?.attributeBackwardsRange(to: "Text(timerInterval:)")
        }
        firstRun = Run(
            content: .timerInterval(
                start: timerInterval.lowerBound, end: timerInterval.upperBound,
                pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours))
    }

    /// A value formatted by a Foundation format style, frozen at render.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        firstRun = Run(content: .verbatim(format.format(input)))
    }

    /// Concatenates two texts, keeping each run's style.
    public static func + (lhs: Text, rhs: Text) -> Text {
        var sum = Text(run: lhs.firstRun)
        sum.moreRuns.reserveCapacity(lhs.moreRuns.count + 1 + rhs.moreRuns.count)
        sum.moreRuns += lhs.moreRuns
        sum.moreRuns.append(rhs.firstRun)
        sum.moreRuns += rhs.moreRuns
        sum.unreadTable = lhs.unreadTable ?? rhs.unreadTable
        return sum
    }

    // MARK: Text-returning modifiers

    // These consume the text they modify, so a chain such as `Text("a").bold().foregroundColor(c)` changes
    // the runs in place instead of copying them at every step.

    private consuming func mapRuns(_ change: (inout Run) -> Void) -> Text {
        change(&firstRun)
        for index in moreRuns.indices { change(&moreRuns[index]) }
        return consume self
    }

    /// Sets the font of every run, as `Text.font(_:)`; nil inherits the environment's font.
    public consuming func font(_ font: Font?) -> Text { mapRuns { $0.font = font } }
    /// Sets the weight of every run, as `Text.fontWeight(_:)`; nil inherits the environment's weight.
    public consuming func fontWeight(_ weight: Font.Weight?) -> Text { mapRuns { $0.weight = weight } }
    /// Makes every run bold, as `Text.bold()`.
    public consuming func bold() -> Text { mapRuns { $0.weight = .bold } }
    /// Makes every run bold when `isActive`, as `Text.bold(_:)`; otherwise leaves the text as it is.
    public consuming func bold(_ isActive: Bool) -> Text { isActive ? bold() : self }
    /// Makes every run italic, as `Text.italic()`.
    public consuming func italic() -> Text { mapRuns { $0.italic = true } }
    /// Makes every run italic when `isActive`, as `Text.italic(_:)`; otherwise leaves the text as it is.
    public consuming func italic(_ isActive: Bool) -> Text { isActive ? italic() : self }
    /// Underlines every run, or removes the underline, as `Text.underline(_:color:)`; the line takes the text's colour, `color` is ignored.
    public consuming func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { mapRuns { $0.underline = isActive } }
    /// Strikes every run through, or removes the line, as `Text.strikethrough(_:color:)`; the line takes the text's colour, `color` is ignored.
    public consuming func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        mapRuns { $0.strikethrough = isActive }
    }
    /// Colours every run, as `Text.foregroundColor(_:)`; nil inherits the environment's foreground style.
    public consuming func foregroundColor(_ color: consuming Color?) -> Text {
        // Assigned straight to each run, without a closure (a copy of a `Color` goes through its type's value
        // witnesses), on one path that ends by returning the text (an early return of it copied the text).
        for index in moreRuns.indices { moreRuns[index].color = color }
        firstRun.color = color
        return consume self
    }
    /// Colours every run, as `Text.foregroundStyle(_:)` with a colour.
    public consuming func foregroundStyle(_ color: Color) -> Text { mapRuns { $0.color = color } }
    /// Gives every run's digits one width, as `Text.monospacedDigit()`; in cells every digit is one column anyway.
    public consuming func monospacedDigit() -> Text { mapRuns { $0.monospacedDigit = true } }
    /// Sets every run's font (the body font when none) to its monospaced variant, as `Text.monospaced()`.
    public consuming func monospaced() -> Text { mapRuns { $0.font = ($0.font ?? .body).monospaced() } }
    /// Kerning and tracking have no meaning in cells; accepted for source compatibility.
    public consuming func kerning(_ kerning: Double) -> Text { self }
    /// Letter spacing in points, as `Text.tracking(_:)`; cells have no letter spacing, so it changes nothing.
    public consuming func tracking(_ tracking: Double) -> Text { self }
    /// Raises the text by points, as `Text.baselineOffset(_:)`; text sits on its cell row, so it changes nothing.
    public consuming func baselineOffset(_ offset: Double) -> Text { self }
    /// Lets the system tighten letter spacing before truncating, as `Text.allowsTightening(_:)`. A cell has no
    /// tighter spacing: the text wraps and truncates as it would without it (docs/DECISIONS.md).
    public consuming func allowsTightening(_ flag: Bool) -> Text { self }

    // MARK: Resolving

    /// Resolves to a text node: each run translated from the string table when it has a key, cased, and given the
    /// environment's font, weight, italic and foreground where the run sets none; line limit, alignment,
    /// scale factor, truncation and redaction come from the environment.
    public func resolve(in context: ResolveContext) -> ViewNode {
        if let unreadTable {
            context.sink.report(
                ResolveDiagnostic(
                    code: "string-table-not-read",
                    message: "Text(\"\(unreadTable.key)\", tableName: \"\(unreadTable.table)\"): WidgetTerm reads only the "
                        + "Localizable string table, so the key is shown as written. Move the string to Localizable.xcstrings "
                        + "(or Localizable.strings) to preview its translation."))
        }
        // Reads the environment's fields in place: a copy of the whole environment costs a retain of each
        // of its references.
        let baseFont = context.environment.font ?? .body
        let fontWeight = context.environment.fontWeight, isBold = context.environment.isBold
        let isItalic = context.environment.isItalic, isMonospacedDigit = context.environment.isMonospacedDigit
        // Each run is read in place (a copy of a run retains its strings, key and colour); only its content is
        // copied, into the resolved run.
        func resolvedRun(_ run: Run) -> TextRun {
            var content = run.content
            // The key is read in place, and only when there is a string table to look it up in: a copy of it retains
            // its format string and arguments.
            if run.localization != nil, let resources = context.sink.resources,
                let format = resources.localizedString(forKey: run.localization!.formatKey, locale: context.environment.locale)
            {
                content = .verbatim(LocalizationKey.substitute(run.localization!.arguments, into: format))
            }
            if let textCase = context.environment.textCase, case .verbatim(let string) = content {
                let locale = context.environment.locale
                content = .verbatim(textCase == .uppercase ? string.uppercased(with: locale) : string.lowercased(with: locale))
            }
            let runWeight = run.weight
            var font = (run.font ?? baseFont).scaled(to: context.environment.dynamicTypeSize)
            if let weight = runWeight ?? fontWeight { font.weight = weight }
            if isBold && runWeight == nil { font.weight = .bold }
            let foreground: Paint = run.color.map { .color($0) } ?? context.environment.foregroundStyle
            return TextRun(
                content: content, font: font, italic: run.italic || font.isItalic || isItalic,
                underline: run.underline, strikethrough: run.strikethrough, foreground: foreground,
                monospacedDigit: run.monospacedDigit || font.isMonospacedDigit || isMonospacedDigit)
        }
        let resolvedRuns: [TextRun]
        if moreRuns.isEmpty {
            // Most texts have one run: an array of one element allocated at its size, without growing an empty one.
            resolvedRuns = [resolvedRun(firstRun)]
        } else {
            var many: [TextRun] = []
            many.reserveCapacity(1 + moreRuns.count)
            many.append(resolvedRun(firstRun))
            for index in moreRuns.indices { many.append(resolvedRun(moreRuns[index])) }
            resolvedRuns = many
        }
        return .text(
            TextNode(
                runs: resolvedRuns, lineLimit: context.environment.lineLimit,
                alignment: context.environment.multilineTextAlignment,
                minimumScaleFactor: context.environment.minimumScaleFactor,
                truncationMode: context.environment.truncationMode,
                isRedacted: context.environment.isRedacting))
    }
}

/// A string literal that SwiftUI would localise, as `SwiftUI.LocalizedStringKey`. Interpolations keep
/// dates with a style and embedded `Text` as their own runs, so `Text("at \(date, style: .time)")` works.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable, Sendable {
    enum Segment: Equatable, Sendable {
        case characters(String)
        case date(Date, Text.DateStyle)
        case text([TextContent])
    }

    /// The characters of a key written without interpolations (a literal, or `init(_:)`), kept without an array of
    /// segments: a body builds its keys on every evaluation. Nil for a key built from an interpolation.
    let literal: String?
    /// The segments of a key built from an interpolation (empty for a `literal` key).
    private let interpolated: [Segment]

    /// The key's parts in order: a literal key's characters as one segment.
    var segments: [Segment] { literal.map { [.characters($0)] } ?? interpolated }

    /// The key's characters when it is one segment of characters (a literal, or characters with interpolated values),
    /// read without building `segments`.
    var singleRunOfCharacters: String? {
        if let literal { return literal }
        guard interpolated.count == 1, case .characters(let string) = interpolated[0] else { return nil }
        return string
    }
    /// The key as a string table holds it: literal parts, with `%@`, `%lld` or `%lf` for each interpolated
    /// value; nil when the key interpolates a date or a `Text`, which stay as written. A literal key is its own
    /// characters, kept once (a second copy of the string was a retain and a release for every literal).
    var formatKey: String? { literal ?? interpolatedFormatKey }
    /// The format key of a key built from an interpolation (nil for a literal key).
    private let interpolatedFormatKey: String?
    /// The interpolated values, as text, in order.
    var arguments: [String] = []

    /// The key's characters (date segments formatted as their style's frozen form is not known here).
    public var key: String {
        segments.map { segment -> String in
            switch segment {
            case .characters(let string): return string
            case .date(let date, _): return date.formatted()
            case .text(let contents):
                return contents.map { content in
                    if case .verbatim(let string) = content { return string }
                    return ""
                }.joined()
            }
        }.joined()
    }

    /// A key of the string `value`, as `LocalizedStringKey.init(_:)`.
    public init(_ value: String) {
        literal = value
        interpolated = []
        interpolatedFormatKey = nil
    }
    /// A key written as a string literal.
    public init(stringLiteral value: String) {
        literal = value
        interpolated = []
        interpolatedFormatKey = nil
    }
    /// A key written with interpolations: each value shown in place, its format specifier in the key.
    public init(stringInterpolation: StringInterpolation) {
        literal = nil
        interpolated = stringInterpolation.segments
        interpolatedFormatKey = stringInterpolation.isLocalizable ? stringInterpolation.formatKey : nil
        arguments = stringInterpolation.arguments
    }

    /// True when both show the same segments with the same string-table key and values (however they were written).
    public static func == (lhs: LocalizedStringKey, rhs: LocalizedStringKey) -> Bool {
        lhs.formatKey == rhs.formatKey && lhs.arguments == rhs.arguments && lhs.segments == rhs.segments
    }

    /// Collects the literal parts and interpolated values of a key.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []
        var formatKey = ""
        var arguments: [String] = []
        var isLocalizable = true
        /// An empty interpolation; the capacities are hints and are ignored.
        public init(literalCapacity: Int, interpolationCount: Int) {}
        /// Appends literal characters; a `%` in them is written `%%` in the key.
        public mutating func appendLiteral(_ literal: String) {
            appendCharacters(literal)
            // Most literals hold no `%`: skip Foundation's search-and-replace for them (a body builds its keys
            // on every evaluation, catalog or not).
            formatKey += literal.utf8.contains(UInt8(ascii: "%")) ? literal.replacingOccurrences(of: "%", with: "%%") : literal
        }
        /// Appends a value as Swift prints it, with `%lld` (integers), `%lf` (Double, CGFloat), `%f` (Float) or
        /// `%@` (anything else) in the key.
        public mutating func appendInterpolation<T>(_ value: T) {
            let specifier: String
            switch value {
            case is any BinaryInteger: specifier = "%lld"
            case is Double, is CGFloat: specifier = "%lf"
            case is Float: specifier = "%f"
            default: specifier = "%@"
            }
            appendArgument(String(describing: value), specifier: specifier)
        }
        /// Appends a string, with `%@` in the key.
        public mutating func appendInterpolation(_ string: String) { appendArgument(string, specifier: "%@") }
        /// A number formatted with a printf specifier, as `"\(value, specifier: "%.1f")"`; the key holds the
        /// specifier, as Xcode writes it into a string catalog. A `%@` specifier shows the value as Swift prints it.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            let text = specifier.contains("@") ? String(describing: value) : String(format: specifier, value)
            appendArgument(text, specifier: specifier)
        }
        /// A date in a system style; `.timer`, `.relative` and `.offset` keep updating inside the text.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            segments.append(.date(date, style))
            isLocalizable = false
        }
        /// A value formatted by a Foundation format style.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            appendArgument(format.format(input), specifier: "%@")
        }
        /// Embedded text (its style is not kept; its characters and dates are).
        public mutating func appendInterpolation(_ text: Text) {
            segments.append(.text(text.runs.map(\.content)))
            isLocalizable = false
        }

        private mutating func appendArgument(_ text: String, specifier: String) {
            appendCharacters(text)
            formatKey += specifier
            arguments.append(text)
        }

        private mutating func appendCharacters(_ string: String) {
            if case .characters(let existing)? = segments.last {
                segments[segments.count - 1] = .characters(existing + string)
            } else {
                segments.append(.characters(string))
            }
        }
    }

    /// Calls `body` with each run of text this key shows, in order.
    func forEachContent(_ body: (TextContent) -> Void) {
        for segment in segments {
            switch segment {
            case .characters(let string): body(.verbatim(string))
            case .date(let date, let style): body(.date(date, style: style))
            case .text(let contents): contents.forEach(body)
            }
        }
    }
}

/// A string-table key and the values interpolated into it.
struct LocalizationKey: Equatable, Sendable {
    var formatKey: String
    var arguments: [String]

    /// `format` (a translation) with its `%@`, `%lld`, `%1$@`... specifiers replaced by `arguments` in order
    /// (or by position), and `%%` by `%`. A specifier with no argument is left as written.
    static func substitute(_ arguments: [String], into format: String) -> String {
        guard format.contains("%") else { return format }
        var result = ""
        var next = 0
        var characters = Substring(format)
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            var cursor = characters.index(after: percent)
            if cursor < characters.endIndex, characters[cursor] == "%" {
                result += "%"
                characters = characters[characters.index(after: cursor)...]
                continue
            }
            // Optional position `N$`, then length modifiers, then the conversion.
            var digits = ""
            var scan = cursor
            while scan < characters.endIndex, let digit = characters[scan].wholeNumberValue, digit >= 0 {
                digits.append(characters[scan])
                scan = characters.index(after: scan)
            }
            var position: Int?
            if !digits.isEmpty, scan < characters.endIndex, characters[scan] == "$" {
                position = Int(digits).map { $0 - 1 }
                cursor = characters.index(after: scan)
            }
            while cursor < characters.endIndex, "lhqLzjt".contains(characters[cursor]) { cursor = characters.index(after: cursor) }
            guard cursor < characters.endIndex, "@dDiuUxXoOfFeEgGcCsSaA".contains(characters[cursor]) else {
                result += characters[percent..<cursor]
                characters = characters[cursor...]
                continue
            }
            let index = position ?? next
            if position == nil { next += 1 }
            let end = characters.index(after: cursor)
            result += arguments.indices.contains(index) ? arguments[index] : String(characters[percent..<end])
            characters = characters[end...]
        }
        return result + characters
    }
}

/// A localisable string with its default value, as Foundation's `LocalizedStringResource`
/// (used by App Intents for titles).
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Equatable, Sendable, CustomStringConvertible {
    /// The string-table key, also the text shown when no table translates it.
    public let key: String
    /// A resource of the key `key`.
    public init(_ key: String) { self.key = key }
    /// A resource written as a string literal.
    public init(stringLiteral value: String) { key = value }
    /// A resource written with interpolations: the key is the interpolated string.
    public init(stringInterpolation: DefaultStringInterpolation) { key = String(stringInterpolation: stringInterpolation) }
    /// The key.
    public var description: String { key }
}
