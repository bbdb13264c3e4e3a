import Foundation
import WidgetKitUI
import SpellingSuggestions

// MARK: - Data values

/// A value of a document's data (an entry's `data`, an activity's attributes or state): JSON without positions.
///
/// Codable as the plain JSON it came from, so an activity's attributes and states are encoded (and their 4 KB
/// limit measured) the way ActivityKit would encode the equivalent Swift types.
public indirect enum DocumentValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([DocumentValue])
    case object([String: DocumentValue])

    /// The value without positions.
    public init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value, _): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(DocumentValue.init))
        case .object(let members):
            var object: [String: DocumentValue] = [:]
            for member in members { object[member.key] = DocumentValue(member.value) }
            self = .object(object)
        }
    }

    /// Decodes any JSON value: null, a boolean, a number (always as `Double`), a string, an array or an object.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([DocumentValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: DocumentValue].self))
        }
    }

    /// Encodes the value as plain JSON; a whole number below 10^15 is written without a fraction (`3`, not `3.0`).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The text a placeholder shows: numbers without a needless `.0`, `true`/`false`, nothing for null,
    /// arrays and objects as JSON.
    public var text: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.text(of: value)
        case .string(let value): return value
        case .array, .object:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    /// The same as `text`.
    public var description: String { text }

    /// `12`, `0.5`, `-3.25`: integral values print as integers, as Swift's `Int` interpolation would.
    static func text(of number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    /// What a person would call this value's type in an error message.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// False for null, false, 0, "", empty arrays and objects; true otherwise (how `if` reads a bare path).
    var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let value): return value
        case .number(let value): return value != 0
        case .string(let value): return !value.isEmpty
        case .array(let items): return !items.isEmpty
        case .object(let members): return !members.isEmpty
        }
    }

    /// The number this value holds: a number, or a string that reads as one.
    var number: Double? {
        switch self {
        case .number(let value): return value
        case .string(let value): return Double(value.trimmingCharacters(in: .whitespaces))
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// The value with every string that is a relative date (`"+15m"`) replaced by the ISO 8601 date it names, and
    /// every time of day (`"today 09:30"`) by that time on the day of `day` (default: `anchor`) in `timeZone`
    /// (default: the zone of `Calendar.current`, as a Swift provider's `Calendar.current.date(bySettingHour:...)`;
    /// it follows `NSTimeZone.default`, which `--timezone` sets, where `TimeZone.current` would not).
    func resolvingRelativeDates(from anchor: Date, day: Date? = nil, timeZone: TimeZone = Calendar.current.timeZone) -> DocumentValue {
        switch self {
        case .string(let text):
            if let offset = DocumentDates.relativeOffset(text) {
                return .string(DocumentDates.string(SupportedDates.clamped(anchor.addingTimeInterval(offset))))
            }
            if let time = DocumentDates.timeOfDay(text), let date = time.date(on: day ?? anchor, in: timeZone) {
                return .string(DocumentDates.string(date))
            }
            return self
        case .array(let items): return .array(items.map { $0.resolvingRelativeDates(from: anchor, day: day, timeZone: timeZone) })
        case .object(let members):
            return .object(members.mapValues { $0.resolvingRelativeDates(from: anchor, day: day, timeZone: timeZone) })
        default: return self
        }
    }
}

// MARK: - Dates

/// Dates in widget documents: ISO 8601 (`2026-03-14T09:41:00Z`, with an offset, or local without one) or relative
/// to the host clock (`"+15m"`, `"-1h30m"`, `"+90s"`, `"+2d"`, `"now"`).
public enum DocumentDates {
    /// The ISO 8601 parser of `date(_:anchor:timeZone:)`, made once: conditions compare dates for every item of a
    /// filtered field, and making two formatters per comparison was most of their cost.
    private static let isoParser = ISO8601Parser()

    /// Seconds a relative date adds to its anchor, or nil when `text` is not one. Units: `s`, `m`, `h`, `d`; several
    /// may follow each other (`+1h30m`); the sign is required (so `"15m"` stays text).
    public static func relativeOffset(_ text: String) -> TimeInterval? {
        if text == "now" { return 0 }
        var characters = Substring(text)
        guard let sign = characters.first, sign == "+" || sign == "-" else { return nil }
        characters = characters.dropFirst()
        guard !characters.isEmpty else { return nil }
        var total: Double = 0
        while !characters.isEmpty {
            let digits = characters.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard !digits.isEmpty, let value = Double(digits) else { return nil }
            characters = characters.dropFirst(digits.count)
            guard let unit = characters.first else { return nil }
            let scale: Double
            switch unit {
            case "s": scale = 1
            case "m": scale = 60
            case "h": scale = 3600
            case "d": scale = 86_400
            default: return nil
            }
            total += value * scale
            characters = characters.dropFirst()
        }
        return sign == "-" ? -total : total
    }

    /// A time of day on a day counted from another: `"today 09:30"`, `"tomorrow 00:00"`, `"yesterday 18:00"`,
    /// `"today"` (midnight), with seconds optional (`"today 09:30:15"`).
    public struct TimeOfDay: Hashable, Sendable {
        /// Days after the reference day (`tomorrow`: 1).
        public var days: Int
        /// Seconds after that day's start (hour × 3600 + minute × 60 + second).
        public var seconds: Int

        /// The date on the day `days` after the one holding `reference` in `timeZone`: its start (midnight, or the
        /// first moment of the day where midnight is skipped) plus `seconds`, as `Calendar.startOfDay(for:)` and
        /// `addingTimeInterval` give it; nil outside `SupportedDates`.
        public func date(on reference: Date, in timeZone: TimeZone) -> Date? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let start = calendar.startOfDay(for: reference)
            guard let day = days == 0 ? start : calendar.date(byAdding: .day, value: days, to: start) else { return nil }
            let date = day.addingTimeInterval(Double(seconds))
            return SupportedDates.contains(date, yearIn: timeZone) ? date : nil
        }
    }

    /// The time of day `text` names, or nil when it is not one (`today 24:00` and `today 9:60` are not).
    public static func timeOfDay(_ text: String) -> TimeOfDay? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard (1...2).contains(words.count) else { return nil }
        let days: Int
        switch words[0] {
        case "yesterday": days = -1
        case "today": days = 0
        case "tomorrow": days = 1
        default: return nil
        }
        guard words.count == 2 else { return TimeOfDay(days: days, seconds: 0) }
        let fields = words[1].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count),
            fields.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(fields[0]), let minute = Int(fields[1]), hour < 24, minute < 60
        else { return nil }
        let second = fields.count == 3 ? Int(fields[2]) ?? 60 : 0
        guard second < 60 else { return nil }
        return TimeOfDay(days: days, seconds: hour * 3600 + minute * 60 + second)
    }

    /// The date `text` names: relative to `anchor`, a time of day on `anchor`'s day in `timeZone` (`"today 09:30"`),
    /// or ISO 8601 (a date without an offset is in `timeZone`). `timeZone` defaults to the zone of `Calendar.current`,
    /// which follows `NSTimeZone.default` (`--timezone`), as a Swift provider's dates do.
    /// An ISO 8601 date outside `SupportedDates` (years 1678 to 2261; with an offset, the year in UTC) is nil; a
    /// relative date is kept inside them (`SupportedDates.clamped`).
    public static func date(_ text: String, anchor: Date, timeZone: TimeZone = Calendar.current.timeZone) -> Date? {
        if let offset = relativeOffset(text) { return SupportedDates.clamped(anchor.addingTimeInterval(offset)) }
        if let time = timeOfDay(text) { return time.date(on: anchor, in: timeZone) }
        let utc = TimeZone(identifier: "UTC")!
        if let date = isoParser.date(from: text) { return SupportedDates.contains(date, yearIn: utc) ? date : nil }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        for pattern in ["yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
            local.dateFormat = pattern
            if let date = local.date(from: text) { return SupportedDates.contains(date, yearIn: timeZone) ? date : nil }
        }
        return nil
    }

    /// ISO 8601 in UTC, with milliseconds only when the date has a fraction of a second.
    public static func string(_ date: Date) -> String {
        let hasFraction = date.timeIntervalSince1970.rounded() != date.timeIntervalSince1970
        formatterLock.lock()
        defer { formatterLock.unlock() }
        return (hasFraction ? fractionalFormatter : wholeSecondFormatter).string(from: date)
    }

    // Made once: building an ISO8601DateFormatter (ICU's date format symbols) cost more than the rest of
    // an entry's load. Formatters are not documented as thread-safe, so every use holds the lock.
    private static let formatterLock = NSLock()
    nonisolated(unsafe) private static let wholeSecondFormatter = makeFormatter([.withInternetDateTime])
    nonisolated(unsafe) private static let fractionalFormatter = makeFormatter([.withInternetDateTime, .withFractionalSeconds])

    private static func makeFormatter(_ options: ISO8601DateFormatter.Options) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = options
        return formatter
    }

    /// What a valid date looks like, for error messages.
    static let expectedForm =
        "a date: ISO 8601 such as \"2026-03-14T09:41:00Z\" in \(SupportedDates.description), relative to the clock such as \"+15m\", \"-2h\", \"now\", or a time of day such as \"today 09:30\" or \"tomorrow 00:00\""
}

// MARK: - Data paths

/// A path into a document's data, as written in placeholders and conditions: `orders`, `order.title`,
/// `orders[0].id`, `orders.count`, `store["water.total"]`, `env.widgetFamily`.
struct DataPath: Hashable, Sendable, CustomStringConvertible {
    enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var steps: [Step]
    let text: String

    var description: String { text }

    init(steps: [Step], text: String) {
        self.steps = steps
        self.text = text
    }

    /// A path of `steps`, its text written back the way `parse` reads it: `state.lap[2]`, `store["water.total"]`.
    init(steps: [Step]) {
        var text = ""
        for step in steps {
            switch step {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                let plain =
                    !key.isEmpty && Int(key) == nil
                    && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" || $0 == "-" }
                if plain {
                    text += (text.isEmpty ? "" : ".") + key
                } else {
                    let quote = key.contains("\"") ? "'" : "\""
                    text += "[" + quote + key + quote + "]"
                }
            }
        }
        self.init(steps: steps, text: text)
    }

    /// The first name (the data field, variable or reserved root the path starts from).
    var root: String {
        if case .key(let key)? = steps.first { return key }
        return ""
    }

    /// Parses a path; nil with a reason when it is malformed.
    static func parse(_ raw: String) -> Result<DataPath, PathError> {
        let text = raw.trimmingCharacters(in: .whitespaces)
        var steps: [Step] = []
        var index = text.startIndex
        func isNameCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "_" || character == "$" || character == "-"
        }
        var expectsName = true
        while index < text.endIndex {
            let character = text[index]
            if character == "[" {
                guard let close = text[index...].firstIndex(of: "]") else {
                    return .failure(PathError(reason: "an unclosed [ in \"\(text)\""))
                }
                let inside = text[text.index(after: index)..<close].trimmingCharacters(in: .whitespaces)
                if let number = Int(inside), number >= 0 {
                    steps.append(.index(number))
                } else if inside.count >= 2, (inside.first == "\"" && inside.last == "\"") || (inside.first == "'" && inside.last == "'") {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    return .failure(PathError(reason: "[\(inside)] is neither an index nor a quoted name"))
                }
                index = text.index(after: close)
                expectsName = false
                continue
            }
            if character == "." {
                guard !steps.isEmpty, !expectsName else { return .failure(PathError(reason: "an empty name in \"\(text)\"")) }
                expectsName = true
                index = text.index(after: index)
                continue
            }
            guard isNameCharacter(character) else {
                return .failure(PathError(reason: "\"\(character)\" cannot appear in a name (in \"\(text)\")"))
            }
            guard expectsName else { return .failure(PathError(reason: "a name must follow a dot (in \"\(text)\")")) }
            let end = text[index...].firstIndex { !isNameCharacter($0) } ?? text.endIndex
            let name = String(text[index..<end])
            if let number = Int(name), !steps.isEmpty { steps.append(.index(number)) } else { steps.append(.key(name)) }
            index = end
            expectsName = false
        }
        guard !steps.isEmpty, !expectsName else {
            return .failure(PathError(reason: text.isEmpty ? "an empty path" : "\"\(text)\" ends with a dot"))
        }
        return .success(DataPath(steps: steps, text: text))
    }

    struct PathError: Error { let reason: String }

    /// Looks the path up from `root`; `count` on an array, object or string is its size. Fails with the first
    /// step that does not exist, and the names that do.
    func lookup(in scope: [String: DocumentValue]) -> Result<DocumentValue, LookupFailure> {
        guard case .key(let first)? = steps.first else { return .failure(LookupFailure(step: text, available: scope.keys.sorted())) }
        guard var value = scope[first] else { return .failure(LookupFailure(step: first, available: scope.keys.sorted())) }
        var walked = first
        for step in steps.dropFirst() {
            switch (step, value) {
            case (.key("count"), .array(let items)):
                value = .number(Double(items.count))
            case (.key(let key), .object(let members)):
                if let member = members[key] {
                    value = member
                } else if key == "count" {
                    value = .number(Double(members.count))
                } else {
                    return .failure(LookupFailure(step: walked + "." + key, available: members.keys.sorted()))
                }
            case (.key("count"), .string(let string)):
                value = .number(Double(string.count))
            case (.index(let index), .array(let items)):
                guard index < items.count else {
                    return .failure(LookupFailure(step: "\(walked)[\(index)]", available: [], detail: "\(walked) has \(items.count) items"))
                }
                value = items[index]
            case (.key(let key), _):
                return .failure(
                    LookupFailure(step: walked + "." + key, available: [], detail: "\(walked) is \(value.typeName), which has no members"))
            case (.index(let index), _):
                return .failure(
                    LookupFailure(step: "\(walked)[\(index)]", available: [], detail: "\(walked) is \(value.typeName), not an array"))
            }
            switch step {
            case .key(let key): walked += "." + key
            case .index(let index): walked += "[\(index)]"
            }
        }
        return .success(value)
    }

    /// A failed lookup: the step that does not exist and what does.
    struct LookupFailure: Error {
        var step: String
        var available: [String]
        var detail: String?
    }
}

// MARK: - Templates

/// A string with `{{path}}` placeholders, parsed once: `"{{count}} steps"`, `"at {{departure|time}}"`,
/// `"{{= int(total / goal * 100)}}%"`. A placeholder may name a date style after a bar (`time`, `date`, `relative`,
/// `offset`, `timer`), which makes the text a system-formatted date, as `Text("at \(date, style: .time)")`; one that
/// starts with `=` is an arithmetic expression (`DocumentExpression`). `\{{` is a literal `{{`.
struct Template: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case literal(String)
        case placeholder(Placeholder, style: Text.DateStyle?)
        /// A number shown through a format: `{{= km|%.2f}}`, `{{seconds|clock}}`.
        case formatted(Placeholder, NumberFormat)
    }

    var parts: [Part]

    /// True when the template is exactly one placeholder: its value keeps its type (a number stays a number).
    var singlePlaceholder: Placeholder? {
        if parts.count == 1, case .placeholder(let placeholder, nil) = parts[0] { return placeholder }
        return nil
    }

    var hasPlaceholders: Bool { parts.contains { if case .literal = $0 { return false } else { return true } } }

    /// The paths the template reads.
    var paths: [DataPath] {
        parts.flatMap { part -> [DataPath] in
            switch part {
            case .literal: return []
            case .placeholder(let placeholder, _), .formatted(let placeholder, _): return placeholder.paths
            }
        }
    }

    /// Parses `text`; fails with what is wrong (an unclosed `{{`, a bad path or expression, an unknown style).
    static func parse(_ text: String) -> Result<Template, TemplateError> {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.hasPrefix("\\{{") {
                literal += "{{"
                rest = rest.dropFirst(3)
                continue
            }
            if rest.hasPrefix("{{") {
                guard let close = rest.range(of: "}}") else {
                    return .failure(
                        TemplateError(expected: "}} to close the placeholder", found: "\"\(rest.prefix(30))\"", suggestion: nil))
                }
                let inside = rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound]
                if let equals = inside.firstIndex(where: { $0 != " " }), inside[equals] == "=" {
                    var source = inside[inside.index(after: equals)...]
                    var format: NumberFormat?
                    if let bar = source.lastIndex(of: "|"), Self.isFilter(source[source.index(after: bar)...]) {
                        // `{{= EXPR|%.2f}}`: the expression's number through a format (the grammar has no `|`; a
                        // quoted key such as store['a|b'] keeps its bar).
                        let filter = source[source.index(after: bar)...]
                        let filterOffset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: filter.startIndex)
                        switch NumberFormat.parse(String(filter), offset: filterOffset, afterExpression: true) {
                        case .success(let parsed): format = parsed
                        case .failure(let error): return .failure(error)
                        }
                        source = source[..<bar]
                    }
                    let offset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: source.startIndex)
                    switch DocumentExpression.parse(String(source), offset: offset) {
                    case .success(let expression):
                        if !literal.isEmpty { parts.append(.literal(literal)) }
                        literal = ""
                        if let format {
                            parts.append(.formatted(.expression(expression), format))
                        } else {
                            parts.append(.placeholder(.expression(expression), style: nil))
                        }
                    case .failure(let failure):
                        return .failure(
                            TemplateError(
                                expected: failure.expected, found: failure.found, suggestion: failure.suggestion, offset: failure.offset))
                    }
                    rest = rest[close.upperBound...]
                    continue
                }
                var pathText = String(inside)
                var style: Text.DateStyle?
                var format: NumberFormat?
                if let bar = inside.firstIndex(of: "|") {
                    pathText = String(inside[..<bar])
                    let filter = inside[inside.index(after: bar)...]
                    let styleName = filter.trimmingCharacters(in: .whitespaces)
                    if let parsed = Text.DateStyle(rawValue: styleName) {
                        style = parsed
                    } else if styleName.hasPrefix("%") || styleName == NumberFormat.clockName {
                        let filterOffset = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: filter.startIndex)
                        switch NumberFormat.parse(String(filter), offset: filterOffset, afterExpression: false) {
                        case .success(let parsed): format = parsed
                        case .failure(let error): return .failure(error)
                        }
                    } else {
                        let names = ["time", "date", "relative", "offset", "timer", NumberFormat.clockName]
                        return .failure(
                            TemplateError(
                                expected: "a date style after | (\(names.prefix(5).joined(separator: ", "))), "
                                    + "a number format such as %.2f, or clock",
                                found: "\"\(styleName)\"", suggestion: NearestName.suggestion(for: styleName, among: names)))
                    }
                }
                switch DataPath.parse(pathText) {
                case .success(let path):
                    if !literal.isEmpty { parts.append(.literal(literal)) }
                    literal = ""
                    if let format {
                        parts.append(.formatted(.path(path), format))
                    } else {
                        parts.append(.placeholder(.path(path), style: style))
                    }
                case .failure(let error):
                    return .failure(
                        TemplateError(
                            expected: "a data path inside {{ }} such as {{title}} or {{order.id}}, or an expression such as {{= a / b}}",
                            found: error.reason, suggestion: nil))
                }
                rest = rest[close.upperBound...]
                continue
            }
            literal.append(rest.removeFirst())
        }
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        return .success(Template(parts: parts))
    }

    /// True when the text after an expression's last bar is a filter: a `%` format, `clock`, or a date style (refused
    /// there with advice).
    static func isFilter(_ text: Substring) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.hasPrefix("%") || trimmed == NumberFormat.clockName || Text.DateStyle(rawValue: trimmed) != nil
    }

    struct TemplateError: Error {
        var expected: String
        var found: String
        var suggestion: String?
        /// Where in the string the fault is (Unicode scalars from 0), when known.
        var offset: Int?
    }
}

/// ISO 8601 dates with an offset or `Z`, with or without fractional seconds, read by two formatters made once; a
/// formatter is not safe to use from two threads at a time, so each read holds a lock.
private final class ISO8601Parser: @unchecked Sendable {
    private let lock = NSLock()
    private let fractional = ISO8601DateFormatter()
    private let whole = ISO8601DateFormatter()

    init() {
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        whole.formatOptions = [.withInternetDateTime]
    }

    /// The moment `text` names, or nil when it is not an ISO 8601 date and time with an offset.
    func date(from text: String) -> Date? {
        lock.withLock { fractional.date(from: text) ?? whole.date(from: text) }
    }
}

// MARK: - Number formats

/// How a `{{placeholder|FORMAT}}` shows its number: `%.2f` and the other `String(format:)` conversions of one number
/// (`d i o x X f F e E g G`, with flags `-+ 0#`, a width and a precision), or `clock`, a number of seconds as the
/// digits a `.timer` text shows for that interval (`m:ss` below an hour, `h:mm:ss` from one; rounded down), which is
/// what a paused timer (`Text(timerInterval:pauseTime:)`) holds still.
///
/// `String(format:)` with no locale writes the decimal point as `.`, as Swift code calling it does.
enum NumberFormat: Hashable, Sendable {
    /// A `String(format:)` specification for one number; `integer` for `d i o x X`, which take an `Int`.
    case printf(String, integer: Bool)
    /// `SystemTextFormat.clock(seconds:showsHours: true)`.
    case clock

    /// The filter name of `clock`.
    static let clockName = "clock"

    /// What a valid format looks like, for errors.
    static let expectedForm =
        "a number format after |: one String(format:) conversion such as %.2f, %d, %05.1f or %x "
        + "(flags -+ 0#, a width up to 99, a precision up to 20, then d i o x X f F e E g G), or clock"

    /// Parses the text after the bar; `offset` is where it starts in the template string (Unicode scalars from 0).
    static func parse(_ filter: String, offset: Int, afterExpression: Bool) -> Result<NumberFormat, Template.TemplateError> {
        let leading = filter.unicodeScalars.prefix { $0 == " " }.count
        let trimmed = filter.trimmingCharacters(in: .whitespaces)
        let start = offset + leading
        if trimmed == clockName { return .success(.clock) }
        func failure(at index: Int, _ expected: String) -> Result<NumberFormat, Template.TemplateError> {
            .failure(
                Template.TemplateError(
                    expected: expected, found: "\"\(trimmed)\"",
                    suggestion: trimmed.hasPrefix("%") ? nil : NearestName.suggestion(for: trimmed, among: [clockName]),
                    offset: start + index))
        }
        if afterExpression, Text.DateStyle(rawValue: trimmed) != nil {
            return failure(
                at: 0, "a number format after an expression (a date style such as |\(trimmed) follows a data path: {{path|\(trimmed)}})")
        }
        let scalars = Array(trimmed.unicodeScalars)
        guard scalars.first == "%" else { return failure(at: 0, expectedForm) }
        var index = 1
        while index < scalars.count, "-+ 0#".unicodeScalars.contains(scalars[index]) { index += 1 }
        var digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) {
            index += 1
            digits += 1
        }
        guard digits <= 2 else { return failure(at: index - digits, "a width of at most 99 columns in the number format") }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            let precisionStart = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            let precision = Int(String(String.UnicodeScalarView(scalars[precisionStart..<index]))) ?? 0
            guard index - precisionStart <= 2, precision <= 20 else {
                return failure(at: precisionStart, "a precision of at most 20 digits in the number format")
            }
        }
        guard index < scalars.count else { return failure(at: index, "a conversion after the flags, width and precision: " + expectedForm) }
        let conversion = scalars[index]
        let integer = "dioxX".unicodeScalars.contains(conversion)
        guard integer || "fFeEgG".unicodeScalars.contains(conversion) else {
            let hint = conversion == "@" || conversion == "s" ? " (a placeholder shows text as it is: write {{path}})" : ""
            return failure(at: index, "one of d i o x X f F e E g G as the conversion" + hint)
        }
        guard index + 1 == scalars.count else {
            return failure(at: index + 1, "the end of the format after %\(conversion): write the other text outside the {{ }}")
        }
        var specification = String(String.UnicodeScalarView(scalars[..<index]))
        // `Int` is 64 bits: `%ld`, not `%d`, reads it whole.
        if integer { specification += "l" }
        specification.unicodeScalars.append(conversion)
        return .success(.printf(specification, integer: integer))
    }

    /// The text of `value`.
    /// - Throws: `Failure` with what was expected when an integer conversion gets a value that is not a whole number
    ///   (below 10^15), or `clock` a negative or huge one.
    func text(of value: Double) throws -> String {
        switch self {
        case .printf(let specification, let integer):
            if integer {
                guard value.rounded() == value, abs(value) < 1e15 else {
                    throw Failure(
                        expected: "a whole number for the integer conversion in |\(specification.replacingOccurrences(of: "l", with: "")) "
                            + "(take int(...) of it, as Swift's Int(_:))",
                        found: DocumentValue.text(of: value))
                }
                return String(format: specification, Int(value))
            }
            guard abs(value) < 1e300 else { throw Failure(expected: "a number below 10^300 to format", found: "\(value)") }
            return String(format: specification, value)
        case .clock:
            guard value >= 0, value < 1e9 else {
                throw Failure(expected: "a number of seconds from 0 to 10^9 for |clock", found: DocumentValue.text(of: value))
            }
            return SystemTextFormat.clock(seconds: Int(value.rounded(.down)), showsHours: true)
        }
    }

    /// Why a number cannot be formatted.
    struct Failure: Error {
        var expected: String
        var found: String
    }
}
