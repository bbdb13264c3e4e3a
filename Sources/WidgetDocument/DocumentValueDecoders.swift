import Foundation
import WidgetKitUI
import SpellingSuggestions

// MARK: - Value decoders

/// Decodes argument values: each returns an `Expr` that is constant (and checked now) when the JSON is a literal,
/// or reads the entry's data when it holds `{{placeholders}}`.
enum Decode {
    // MARK: Values that depend on the environment

    /// The environment values a value can depend on, with the names of their cases.
    static let selectors: [(key: String, names: [String], read: @Sendable (EnvironmentValues) -> String)] = [
        ("byFamily", WidgetFamily.allCases.map(\.rawValue), { $0.widgetFamily.rawValue }),
        ("byRenderingMode", WidgetRenderingMode.allCases.map(\.rawValue), { $0.widgetRenderingMode.rawValue }),
        ("byColorScheme", ColorScheme.allCases.map(\.rawValue), { $0.colorScheme.rawValue }),
    ]

    /// A value chosen by the environment when the body runs, as Swift code writes `family == .systemLarge ? 4 : 2`
    /// or `renderingMode == .fullColor ? .blue : .primary`: `{"byFamily": {"systemLarge": 4, "default": 2}}`,
    /// `{"byRenderingMode": {"fullColor": "blue", "default": "primary"}}`, `{"byColorScheme": {"dark": ..., "light": ...}}`.
    /// Names may list alternatives (`"accented, vibrant"`); `default` serves the rest. Nil when `located` is not one.
    static func selector<Value>(_ located: Located, _ decode: (Located) throws -> Expr<Value>) throws -> Expr<Value>? {
        guard let members = located.members, members.count == 1,
            let selector = selectors.first(where: { $0.key == members[0].key })
        else { return nil }
        let cases = members[0].value
        guard let options = cases.members, !options.isEmpty else {
            throw DocumentError(at: cases, expected: "an object from \(selector.names.joined(separator: ", ")) (and \"default\") to values")
        }
        var values: [String: Expr<Value>] = [:]
        var fallback: Expr<Value>?
        for option in options {
            let value = try decode(option.value)
            if option.key == "default" {
                fallback = value
                continue
            }
            for name in option.key.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard selector.names.contains(name) else {
                    throw DocumentError(
                        file: "", position: option.keyPosition, path: option.value.path,
                        expected: "\(selector.names.joined(separator: ", ")) or default", found: "\"\(name)\"",
                        suggestion: NearestName.suggestion(for: name, among: selector.names + ["default"]))
                }
                values[name] = value
            }
        }
        let read = selector.read
        return Expr { evaluation in
            let name = read(evaluation.environment)
            guard let chosen = values[name] ?? fallback else {
                throw DocumentError(at: cases, expected: "a value for \(name) or a \"default\"", found: "none")
            }
            return try chosen.evaluate(evaluation)
        }
    }

    // MARK: Strings and templates

    /// A template string (numbers and booleans are accepted as their text).
    static func template(_ located: Located, what: String = "a string") throws -> Template {
        switch located.value {
        case .string(let text):
            switch Template.parse(text) {
            case .success(let template): return template
            case .failure(let error):
                throw DocumentError(
                    at: located, insideStringAt: error.offset, expected: error.expected, found: error.found, suggestion: error.suggestion)
            }
        case .number(let value, _): return Template(parts: [.literal(DocumentValue.text(of: value))])
        case .bool(let value): return Template(parts: [.literal(value ? "true" : "false")])
        default: throw DocumentError(at: located, expected: what)
        }
    }

    /// The value of a placeholder path, or an error naming the missing step and the nearest existing name.
    static func value(of path: DataPath, at located: Located, in evaluation: DocumentEvaluation) throws -> DocumentValue {
        switch evaluation.lookup(path) {
        case .success(let value): return value
        case .failure(let failure):
            let names = failure.available.isEmpty && failure.detail == nil ? evaluation.rootNames : failure.available
            let last = failure.step.split(separator: ".").last.map(String.init) ?? failure.step
            throw DocumentError(
                at: located,
                expected: failure.detail.map { "a value at \(failure.step) (\($0))" }
                    ?? "a data field \(failure.step)"
                    + (names.isEmpty ? "" : " (available: \(names.sorted().prefix(12).joined(separator: ", ")))"),
                found: "no such field in {{\(path)}}", suggestion: NearestName.suggestion(for: last, among: names))
        }
    }

    /// The value of a placeholder: a path's value, or an expression's number (an error points at the column of the
    /// fault inside the string: a missing name, a value that is not a number, a division by zero).
    static func value(of placeholder: Placeholder, at located: Located, in evaluation: DocumentEvaluation) throws -> DocumentValue {
        switch placeholder {
        case .path(let path): return try value(of: path, at: located, in: evaluation)
        case .expression(let expression):
            if let offset = expression.nowOffset, evaluation.values["now"] != nil {
                // `now` in an expression is the clock, so a data field `now` could be read only as `{{now}}`.
                throw DocumentError(
                    at: located, insideStringAt: offset,
                    expected: "now to mean the clock: rename the data field \"now\" (such as to \"currentTime\")",
                    found: "a data field \"now\" that {{\(placeholder)}} cannot read")
            }
            do {
                return .number(
                    try expression.evaluate(
                        now: evaluation.now.timeIntervalSinceReferenceDate, timeZone: evaluation.environment.timeZone
                    ) { path, offset in
                        do {
                            return try value(of: path, at: located, in: evaluation)
                        } catch var error as DocumentError {
                            error.column = located.position.column + 1 + offset
                            error.found += " (in {{\(placeholder)}})"
                            throw error
                        }
                    })
            } catch let failure as DocumentExpression.Failure {
                throw DocumentError(
                    at: located, insideStringAt: failure.offset, expected: failure.expected,
                    found: failure.found + " in {{\(placeholder)}}", suggestion: failure.suggestion)
            }
        }
    }

    /// A string: the template with each placeholder's text.
    static func string(_ located: Located) throws -> Expr<String> {
        if let selected = try selector(located, string) { return selected }
        let template = try template(located)
        if !template.hasPlaceholders {
            return .constant(template.parts.map { if case .literal(let text) = $0 { return text } else { return "" } }.joined())
        }
        return Expr { evaluation in try render(template, at: located, in: evaluation) }
    }

    /// The text of a template for `evaluation` (a date-styled placeholder shows its date's ISO form: only `Text`
    /// formats dates).
    static func render(_ template: Template, at located: Located, in evaluation: DocumentEvaluation) throws -> String {
        var text = ""
        for part in template.parts {
            switch part {
            case .literal(let literal): text += literal
            case .placeholder(let path, _): text += try value(of: path, at: located, in: evaluation).text
            case .formatted(let placeholder, let format):
                text += try self.text(of: placeholder, format: format, at: located, in: evaluation)
            }
        }
        return text
    }

    /// The text of `{{placeholder|FORMAT}}`: the placeholder's number through the format (`String(format:)` or `clock`).
    /// - Throws: `DocumentError` at the string when the value is not a number, or not one the format takes.
    static func text(of placeholder: Placeholder, format: NumberFormat, at located: Located, in evaluation: DocumentEvaluation) throws
        -> String
    {
        let value = try value(of: placeholder, at: located, in: evaluation)
        guard let number = DocumentExpression.number(of: value, timeZone: evaluation.environment.timeZone), number.isFinite else {
            throw DocumentError(
                at: located, expected: "a number to format in {{\(placeholder)}}", found: "\(value.typeName) \"\(value.text)\"")
        }
        do {
            return try format.text(of: number)
        } catch let failure as NumberFormat.Failure {
            throw DocumentError(at: located, expected: failure.expected, found: failure.found + " in {{\(placeholder)}}")
        }
    }

    /// A raw data value: a literal JSON value, or the value of a single `{{placeholder}}` (keeping its type).
    static func dataValue(_ located: Located) throws -> Expr<DocumentValue> {
        if case .string = located.value {
            let template = try template(located)
            if let path = template.singlePlaceholder {
                return Expr { try value(of: path, at: located, in: $0) }
            }
            if template.hasPlaceholders { return try string(located).map { .string($0) } }
        }
        return .constant(DocumentValue(located.node))
    }

    // MARK: Numbers and booleans

    /// A number: a JSON number, or a placeholder holding one (or a string that reads as one).
    static func number(_ located: Located, what: String = "a number") throws -> Expr<Double> {
        if case .number(let value, _) = located.value { return .constant(value) }
        if let selected = try selector(located, { try number($0, what: what) }) { return selected }
        if case .string = located.value, let path = try template(located).singlePlaceholder {
            return Expr { evaluation in
                let value = try value(of: path, at: located, in: evaluation)
                guard let number = value.number else {
                    throw DocumentError(at: located, expected: what, found: "\(value.typeName) \"\(value.text)\" in {{\(path)}}")
                }
                return number
            }
        }
        throw DocumentError(at: located, expected: what + " or a {{placeholder}} holding one")
    }

    /// A whole number.
    static func integer(_ located: Located, what: String = "a whole number") throws -> Expr<Int> {
        let number = try number(located, what: what)
        return Expr { evaluation in
            let value = try number.evaluate(evaluation)
            guard value.rounded() == value, abs(value) < 1e9 else {
                throw DocumentError(at: located, expected: what, found: DocumentValue.text(of: value))
            }
            return Int(value)
        }
    }

    /// A length in points, from -100 000 to 100 000 (a widget is a few hundred points across); `"infinity"` (or
    /// `".infinity"`) for a frame's maximum.
    static func length(_ located: Located, allowsInfinity: Bool = false) throws -> Expr<Double> {
        if allowsInfinity, case .string(let text) = located.value, text == "infinity" || text == ".infinity" { return .constant(.infinity) }
        return try number(
            located, what: allowsInfinity ? "a length in points or \"infinity\"" : "a length in points", in: -100_000...100_000)
    }

    /// A number within `range`, checked now when literal and when the body runs when it comes from data.
    static func number(_ located: Located, what: String, in range: ClosedRange<Double>) throws -> Expr<Double> {
        let bounded = "\(what) from \(DocumentValue.text(of: range.lowerBound)) to \(DocumentValue.text(of: range.upperBound))"
        if case .number(let value, _) = located.value, !range.contains(value) {
            throw DocumentError(at: located, expected: bounded)
        }
        let value = try number(located, what: what)
        return Expr { evaluation in
            let number = try value.evaluate(evaluation)
            guard range.contains(number) else { throw DocumentError(at: located, expected: bounded, found: DocumentValue.text(of: number)) }
            return number
        }
    }

    /// A boolean: `true`/`false`, or a placeholder (any value, read as `if` reads it).
    static func bool(_ located: Located) throws -> Expr<Bool> {
        if let selected = try selector(located, bool) { return selected }
        if case .bool(let value) = located.value { return .constant(value) }
        if case .string = located.value, let path = try template(located).singlePlaceholder {
            return Expr { try value(of: path, at: located, in: $0).isTruthy }
        }
        throw DocumentError(at: located, expected: "true, false or a {{placeholder}}")
    }

    /// A boolean flag that may be written `{}` or `null` to mean true (`{"bold": {}}`).
    static func flag(_ located: Located?) throws -> Expr<Bool> {
        guard let located else { return .constant(true) }
        switch located.value {
        case .null: return .constant(true)
        case .object(let members) where members.isEmpty: return .constant(true)
        default: return try bool(located)
        }
    }

    // MARK: Dates and URLs

    /// A date: ISO 8601, relative (`"+15m"`, counted from the timeline's moment), or a placeholder holding either, or
    /// a placeholder holding a number: seconds since 2001-01-01 UTC, as `JSONDecoder`'s default strategy decodes a Swift
    /// `Date` (so a Live Activity document reads the `content-state` a push sends its Swift twin).
    static func date(_ located: Located) throws -> Expr<Date> {
        guard case .string = located.value else { throw DocumentError(at: located, expected: DocumentDates.expectedForm) }
        let template = try template(located)
        if !template.hasPlaceholders {
            let text = try string(located).evaluate(
                DocumentEvaluation(
                    values: [:], anchor: Date(timeIntervalSince1970: 0),
                    environment: EnvironmentValues(), file: ""))
            guard DocumentDates.date(text, anchor: Date()) != nil else {
                throw DocumentError(at: located, expected: DocumentDates.expectedForm)
            }
            return Expr { DocumentDates.date(text, anchor: $0.anchor, timeZone: $0.environment.timeZone)! }
        }
        let single = template.singlePlaceholder
        return Expr { evaluation in
            if let single, case .number(let seconds) = try value(of: single, at: located, in: evaluation) {
                return SupportedDates.clamped(Date(timeIntervalSinceReferenceDate: seconds))
            }
            let text = try render(template, at: located, in: evaluation)
            guard let date = DocumentDates.date(text, anchor: evaluation.anchor, timeZone: evaluation.environment.timeZone) else {
                throw DocumentError(at: located, expected: DocumentDates.expectedForm, found: "\"\(text)\"")
            }
            return date
        }
    }

    /// A pair of dates: `{"start": d, "end": d}` or `[d, d]`.
    static func dateRange(_ located: Located) throws -> (Expr<Date>, Expr<Date>) {
        if let items = located.items, items.count == 2 { return (try date(items[0]), try date(items[1])) }
        if let members = located.members {
            var arguments = try Arguments(owner: "a date range", primary: nil, labeled: members, valid: ["start", "end"])
            guard let start = arguments.take("start"), let end = arguments.take("end") else {
                throw DocumentError(at: located, expected: "a date range: {\"start\": DATE, \"end\": DATE} or [DATE, DATE]")
            }
            try arguments.finish()
            return (try date(start), try date(end))
        }
        throw DocumentError(at: located, expected: "a date range: {\"start\": DATE, \"end\": DATE} or [DATE, DATE]")
    }

    /// A URL (`scheme://host/path`), checked once its placeholders are filled.
    static func url(_ located: Located) throws -> Expr<URL> {
        let text = try string(located)
        return Expr { evaluation in
            let value = try text.evaluate(evaluation)
            guard let url = URL(string: value), url.scheme != nil else {
                throw DocumentError(at: located, expected: "a URL with a scheme, such as \"myapp://orders/42\"", found: "\"\(value)\"")
            }
            return url
        }
    }

    // MARK: Names

    /// One of a set of names (an alignment, a font weight, a family...), checked now when literal; a misspelled
    /// name gets the nearest valid one.
    static func choice<Value>(_ located: Located, _ names: KeyValuePairs<String, Value>, what: String) throws -> Expr<Value> {
        if let selected = try selector(located, { try choice($0, names, what: what) }) { return selected }
        let table = Dictionary(names.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let ordered = names.map(\.key)
        func resolve(_ raw: String, found: String) throws -> Value {
            let name = raw.hasPrefix(".") ? String(raw.dropFirst()) : raw
            if let value = table[name] { return value }
            throw DocumentError(
                at: located, expected: "\(what) (\(ordered.joined(separator: ", ")))", found: found,
                suggestion: NearestName.suggestion(for: name, among: ordered))
        }
        guard case .string(let text) = located.value else {
            throw DocumentError(at: located, expected: "\(what) (\(ordered.joined(separator: ", ")))")
        }
        let template = try template(located)
        if !template.hasPlaceholders {
            let value = try resolve(text, found: "\"\(text)\"")
            return .constant(value)
        }
        return Expr { evaluation in
            let name = try render(template, at: located, in: evaluation)
            return try resolve(name, found: "\"\(name)\" from \(text)")
        }
    }

    /// An optional choice: `null` is nil.
    static func optionalChoice<Value>(_ located: Located, _ names: KeyValuePairs<String, Value>, what: String) throws -> Expr<Value?> {
        if case .null = located.value { return .constant(nil) }
        return try choice(located, names, what: what).map { Optional($0) }
    }

    static let horizontalAlignments: KeyValuePairs<String, HorizontalAlignment> = [
        "leading": .leading, "center": .center, "trailing": .trailing,
    ]
    static let verticalAlignments: KeyValuePairs<String, VerticalAlignment> = [
        "top": .top, "center": .center, "bottom": .bottom, "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline,
    ]
    static let alignments: KeyValuePairs<String, Alignment> = [
        "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]
    static let textAlignments: KeyValuePairs<String, TextAlignment> = ["leading": .leading, "center": .center, "trailing": .trailing]
    static let weights: KeyValuePairs<String, Font.Weight> = [
        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]
    static let designs: KeyValuePairs<String, Font.Design> = [
        "default": .default, "serif": .serif, "rounded": .rounded, "monospaced": .monospaced,
    ]
    static let textStyles: KeyValuePairs<String, Font.TextStyle> = [
        "largeTitle": .largeTitle, "title": .title, "title2": .title2, "title3": .title3, "headline": .headline,
        "subheadline": .subheadline, "body": .body, "callout": .callout, "footnote": .footnote, "caption": .caption,
        "caption2": .caption2, "extraLargeTitle": .extraLargeTitle, "extraLargeTitle2": .extraLargeTitle2,
    ]
    static let dateStyles: KeyValuePairs<String, Text.DateStyle> = [
        "time": .time, "date": .date, "relative": .relative, "offset": .offset, "timer": .timer,
    ]
    static let truncationModes: KeyValuePairs<String, Text.TruncationMode> = ["head": .head, "middle": .middle, "tail": .tail]
    static let families: KeyValuePairs<String, WidgetFamily> = [
        "systemSmall": .systemSmall, "systemMedium": .systemMedium, "systemLarge": .systemLarge, "systemExtraLarge": .systemExtraLarge,
        "accessoryCircular": .accessoryCircular, "accessoryRectangular": .accessoryRectangular, "accessoryInline": .accessoryInline,
    ]
    static let contentModes: KeyValuePairs<String, ContentMode> = ["fit": .fit, "fill": .fill]
    static let accentedRenderingModes: KeyValuePairs<String, WidgetAccentedRenderingMode> = [
        "accented": .accented, "desaturated": .desaturated, "accentedDesaturated": .accentedDesaturated, "fullColor": .fullColor,
    ]
    static let gaugeStyles: KeyValuePairs<String, GaugeStyleChoice> = [
        "accessoryCircular": .accessoryCircular, "accessoryCircularCapacity": .accessoryCircularCapacity,
        "accessoryLinear": .accessoryLinear, "accessoryLinearCapacity": .accessoryLinearCapacity, "linearCapacity": .linearCapacity,
    ]
    static let progressViewStyles: KeyValuePairs<String, ProgressViewStyleChoice> = ["linear": .linear, "circular": .circular]
    static let unitPoints: KeyValuePairs<String, UnitPoint> = [
        "zero": .zero, "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]
    static let redactionReasons: KeyValuePairs<String, RedactionReasons> = [
        "placeholder": .placeholder, "privacy": .privacy, "invalidated": .invalidated,
    ]
    static let colorSchemes: KeyValuePairs<String, ColorScheme> = ["light": .light, "dark": .dark]

    // MARK: Edges

    /// An edge set: `"all"`, `"horizontal"`, `"vertical"`, an edge, or an array of these.
    static func edges(_ located: Located) throws -> Expr<Edge.Set> {
        let names: KeyValuePairs<String, Edge.Set> = [
            "all": .all, "horizontal": .horizontal, "vertical": .vertical, "top": .top, "leading": .leading, "bottom": .bottom,
            "trailing": .trailing,
        ]
        if let items = located.items {
            let parts = try items.map { try choice($0, names, what: "an edge") }
            return Expr { evaluation in try parts.reduce(into: Edge.Set()) { $0.formUnion(try $1.evaluate(evaluation)) } }
        }
        return try choice(located, names, what: "edges")
    }
}
