import Foundation
import WidgetKitUI
import SpellingSuggestions

// MARK: - Evaluation

/// What a document view sees while its body is evaluated: the entry's data and the variables bound around it
/// (`ForEach` items, `GeometryReader` sizes), the moment relative dates count from, and the environment the
/// resolver set (family, rendering mode, colour scheme...), read like `@Environment` in Swift code.
struct DocumentEvaluation {
    /// Data fields and bound variables, by name.
    var values: [String: DocumentValue]
    /// Relative dates written inside views (`"+15m"`) count from here: the moment the timeline was made.
    var anchor: Date
    var environment: EnvironmentValues
    /// The document the views come from (its file name, for errors).
    let file: String

    /// The value a path names. `env.…` reads the environment: `widgetFamily`, `widgetRenderingMode`, `colorScheme`,
    /// `showsWidgetContainerBackground`, `isLuminanceReduced`, `isActivityFullscreen`, `redactionReasons`.
    func lookup(_ path: DataPath) -> Result<DocumentValue, DataPath.LookupFailure> {
        if path.root == "env", values["env"] == nil {
            var scope = values
            scope["env"] = environmentValue
            return path.lookup(in: scope)
        }
        return path.lookup(in: values)
    }

    /// The environment as data.
    var environmentValue: DocumentValue {
        var reasons: [DocumentValue] = []
        if environment.redactionReasons.contains(.placeholder) { reasons.append(.string("placeholder")) }
        if environment.redactionReasons.contains(.privacy) { reasons.append(.string("privacy")) }
        if environment.redactionReasons.contains(.invalidated) { reasons.append(.string("invalidated")) }
        return .object([
            "widgetFamily": .string(environment.widgetFamily.rawValue),
            "widgetRenderingMode": .string(environment.widgetRenderingMode.rawValue),
            "colorScheme": .string(environment.colorScheme.rawValue),
            "showsWidgetContainerBackground": .bool(environment.showsWidgetContainerBackground),
            "isLuminanceReduced": .bool(environment.isLuminanceReduced),
            "isActivityFullscreen": .bool(environment.isActivityFullscreen),
            "redactionReasons": .array(reasons),
        ])
    }

    /// The names a placeholder may start with here, for "did you mean".
    var rootNames: [String] { Array(values.keys) + ["env"] }
}

/// A value compiled from a document: a constant checked when the document loads, or a template evaluated with
/// each entry's data when the body runs.
struct Expr<Value> {
    let evaluate: (DocumentEvaluation) throws -> Value

    static func constant(_ value: Value) -> Expr<Value> { Expr { _ in value } }

    func map<Other>(_ transform: @escaping (Value) throws -> Other) -> Expr<Other> {
        let evaluate = self.evaluate
        return Expr<Other> { try transform(evaluate($0)) }
    }
}

// MARK: - Located JSON

/// A JSON value with its path, for errors.
struct Located {
    var node: JSONNode
    var path: JSONPath

    var value: JSONValue { node.value }
    var position: DocumentPosition { node.position }

    /// The members of an object, located.
    var members: [(key: String, keyPosition: DocumentPosition, value: Located)]? {
        guard case .object(let members) = node.value else { return nil }
        return members.map { ($0.key, $0.keyPosition, Located(node: $0.value, path: path.appending($0.key))) }
    }

    /// The items of an array, located.
    var items: [Located]? {
        guard case .array(let items) = node.value else { return nil }
        return items.enumerated().map { Located(node: $1, path: path.appending($0)) }
    }

    subscript(key: String) -> Located? {
        members?.first { $0.key == key }?.value
    }
}

// MARK: - Arguments

/// The arguments of one view or modifier: the value under its name (Swift's unlabeled argument) and the other
/// members (Swift's labels). Every member is checked against the labels the view or modifier has as soon as it
/// is seen, so a misspelled label is reported with the nearest valid one whatever form the rest takes; a valid
/// label that the chosen form does not use is reported by `finish()`.
struct Arguments {
    /// "view Text", "modifier padding".
    let owner: String
    /// The value under the view's or modifier's name.
    var primary: Located?
    private(set) var labeled: [(key: String, keyPosition: DocumentPosition, value: Located)] = []
    /// The labels this view or modifier has.
    let valid: [String]
    private var used: Set<String> = []

    init(owner: String, primary: Located?, labeled: [(key: String, keyPosition: DocumentPosition, value: Located)], valid: [String]) throws
    {
        self.owner = owner
        self.primary = primary
        self.valid = valid
        try add(labeled)
    }

    private mutating func add(_ members: [(key: String, keyPosition: DocumentPosition, value: Located)]) throws {
        for member in members {
            guard valid.contains(member.key) else {
                throw DocumentError(
                    file: "", position: member.keyPosition, path: member.value.path,
                    expected: valid.isEmpty ? "no arguments for \(owner)" : "an argument of \(owner) (\(valid.joined(separator: ", ")))",
                    found: "\"\(member.key)\"", suggestion: NearestName.suggestion(for: member.key, among: valid))
            }
            if let existing = labeled.first(where: { $0.key == member.key }) {
                throw DocumentError(
                    file: "", position: member.keyPosition, path: member.value.path,
                    expected:
                        "\"\(member.key)\" given once (it is also at line \(existing.keyPosition.line), column \(existing.keyPosition.column))",
                    found: "\"\(member.key)\" twice")
            }
            labeled.append(member)
        }
    }

    /// Takes a labeled argument.
    mutating func take(_ label: String) -> Located? {
        guard let match = labeled.first(where: { $0.key == label }) else { return nil }
        used.insert(label)
        return match.value
    }

    /// True when the label is present (without taking it).
    func has(_ label: String) -> Bool { labeled.contains { $0.key == label } }

    /// Moves the members of an object under the name to the labels (`{"frame": {"maxWidth": "infinity"}}`).
    mutating func expandPrimaryObject() throws {
        guard let primary, let members = primary.members else { return }
        self.primary = nil
        try add(members)
    }

    /// Fails for a member the chosen form did not use.
    func finish() throws {
        for member in labeled where !used.contains(member.key) {
            throw DocumentError(
                file: "", position: member.keyPosition, path: member.value.path,
                expected: "only the arguments this form of \(owner) uses", found: "\"\(member.key)\", which it ignores")
        }
    }
}

// MARK: - Errors while compiling and evaluating

extension DocumentError {
    /// An error at a located value (the file is filled in by the loader).
    init(at located: Located, expected: String, found: String? = nil, suggestion: String? = nil) {
        self.init(
            file: "", position: located.position, path: located.path, expected: expected,
            found: found ?? located.value.summary, suggestion: suggestion)
    }
}

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
                throw DocumentError(at: located, expected: error.expected, found: error.found, suggestion: error.suggestion)
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
            }
        }
        return text
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

    /// A date: ISO 8601, relative (`"+15m"`, counted from the timeline's moment), or a placeholder holding either.
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
        return Expr { evaluation in
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

    // MARK: Fonts

    /// A font: a text style name (`"headline"`), or an object: `{"style": "caption", "weight": "bold"}`,
    /// `{"size": 28, "weight": "bold", "design": "rounded"}`, `{"custom": "Avenir", "size": 17}`, with optional
    /// `italic`, `monospacedDigit`, `monospaced` (booleans).
    static func font(_ located: Located) throws -> Expr<Font> {
        if let selected = try selector(located, font) { return selected }
        if case .string = located.value {
            return try choice(located, textStyles, what: "a font text style").map { Font(size: .textStyle($0)) }
        }
        guard let members = located.members else {
            throw DocumentError(
                at: located,
                expected: "a font: a text style such as \"headline\", or {\"style\": ..., \"weight\": ...} or {\"size\": 28, ...}")
        }
        var arguments = try Arguments(
            owner: "a font", primary: nil, labeled: members,
            valid: ["style", "size", "custom", "weight", "design", "italic", "monospacedDigit", "monospaced", "relativeTo"])
        let style = try arguments.take("style").map { try choice($0, textStyles, what: "a font text style") }
        let size = try arguments.take("size").map { try number($0, what: "a font size in points", in: 1...1000) }
        let custom = try arguments.take("custom").map { try string($0) }
        let weight = try arguments.take("weight").map { try choice($0, weights, what: "a font weight") }
        let design = try arguments.take("design").map { try choice($0, designs, what: "a font design") }
        let italic = try arguments.take("italic").map(bool)
        let monospacedDigit = try arguments.take("monospacedDigit").map(bool)
        let monospaced = try arguments.take("monospaced").map(bool)
        _ = arguments.take("relativeTo")
        try arguments.finish()
        if style != nil && size != nil {
            throw DocumentError(at: located, expected: "either a text style or a size in points", found: "both \"style\" and \"size\"")
        }
        if style == nil && size == nil {
            throw DocumentError(at: located, expected: "a font with \"style\" (a text style) or \"size\" (points)")
        }
        return Expr { evaluation in
            var font: Font
            if let custom, let size {
                _ = try custom.evaluate(evaluation)
                font = Font.custom("", size: try size.evaluate(evaluation))
                if let weight { font = font.weight(try weight.evaluate(evaluation)) }
            } else if let size {
                font = Font.system(
                    size: try size.evaluate(evaluation), weight: try weight?.evaluate(evaluation), design: try design?.evaluate(evaluation))
            } else {
                font = Font.system(
                    try style!.evaluate(evaluation), design: try design?.evaluate(evaluation), weight: try weight?.evaluate(evaluation))
            }
            if custom != nil, let design { font.design = try design.evaluate(evaluation) }
            if try italic?.evaluate(evaluation) == true { font = font.italic() }
            if try monospacedDigit?.evaluate(evaluation) == true { font = font.monospacedDigit() }
            if try monospaced?.evaluate(evaluation) == true { font = font.monospaced() }
            return font
        }
    }

    // MARK: Colours and styles

    /// The named colours a document can use (`Color.red`..., `Color.primary`, `Color.secondary`, and the UIKit
    /// system colours by their UIKit names).
    static let namedColors: [String: Color] = {
        var colors: [String: Color] = [
            "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "mint": .mint, "teal": .teal, "cyan": .cyan,
            "blue": .blue, "indigo": .indigo, "purple": .purple, "pink": .pink, "brown": .brown, "gray": .gray,
            "black": .black, "white": .white, "clear": .clear, "primary": .primary, "secondary": .secondary, "accentColor": .accentColor,
        ]
        for system in SystemColor.allCases where colors[system.rawValue] == nil {
            colors[system.rawValue] = Color(storage: .system(system))
        }
        // UIKit spells the system greys `systemGray2`...; `label` and friends are already the raw values.
        return colors
    }()

    /// A colour: a name (`"blue"`, `"systemBackground"`), `"#RRGGBB"` / `"#RRGGBBAA"`, `{"red": r, "green": g,
    /// "blue": b, "opacity": a}` (0...1), `{"white": w}`, or `{"color": COLOR, "opacity": a}` (`.opacity(a)`).
    static func color(_ located: Located) throws -> Expr<Color> {
        if let selected = try selector(located, color) { return selected }
        switch located.value {
        case .string(let text):
            let template = try template(located)
            if !template.hasPlaceholders { return .constant(try namedColor(text, at: located, found: "\"\(text)\"")) }
            return Expr { evaluation in
                let name = try render(template, at: located, in: evaluation)
                return try namedColor(name, at: located, found: "\"\(name)\" from \(text)")
            }
        case .object:
            var arguments = try Arguments(
                owner: "a colour", primary: nil, labeled: located.members!,
                valid: ["color", "opacity", "white", "red", "green", "blue"])
            let opacity = try arguments.take("opacity").map { try number($0, what: "an opacity from 0 to 1") }
            if let base = arguments.take("color") {
                let color = try color(base)
                try arguments.finish()
                return Expr { evaluation in
                    let value = try color.evaluate(evaluation)
                    return try opacity.map { value.opacity(try $0.evaluate(evaluation)) } ?? value
                }
            }
            if let white = arguments.take("white") {
                let level = try number(white, what: "a white level from 0 to 1")
                try arguments.finish()
                return Expr { Color(white: try level.evaluate($0), opacity: try opacity?.evaluate($0) ?? 1) }
            }
            let red = try arguments.take("red").map { try number($0, what: "a red component from 0 to 1") }
            let green = try arguments.take("green").map { try number($0, what: "a green component from 0 to 1") }
            let blue = try arguments.take("blue").map { try number($0, what: "a blue component from 0 to 1") }
            try arguments.finish()
            guard let red, let green, let blue else {
                throw DocumentError(
                    at: located,
                    expected: "a colour object: {\"red\", \"green\", \"blue\"} (0...1), {\"white\"} or {\"color\", \"opacity\"}")
            }
            return Expr {
                Color(
                    red: try red.evaluate($0), green: try green.evaluate($0), blue: try blue.evaluate($0),
                    opacity: try opacity?.evaluate($0) ?? 1)
            }
        default:
            throw DocumentError(at: located, expected: "a colour: a name such as \"blue\", \"#RRGGBB\", or {\"red\", \"green\", \"blue\"}")
        }
    }

    /// An optional colour: `null` is nil.
    static func optionalColor(_ located: Located) throws -> Expr<Color?> {
        if case .null = located.value { return .constant(nil) }
        return try color(located).map { Optional($0) }
    }

    static func namedColor(_ raw: String, at located: Located, found: String) throws -> Color {
        let name = raw.hasPrefix(".") ? String(raw.dropFirst()) : raw
        if let color = namedColors[name] { return color }
        if name.hasPrefix("#"), let color = hexColor(String(name.dropFirst())) { return color }
        let names = namedColors.keys.sorted()
        throw DocumentError(
            at: located, expected: "a colour name (\(names.prefix(19).joined(separator: ", ")), ...) or #RRGGBB", found: found,
            suggestion: name.hasPrefix("#") ? nil : NearestName.suggestion(for: name, among: names))
    }

    static func hexColor(_ hex: String) -> Color? {
        guard hex.count == 6 || hex.count == 8, let value = UInt64(hex, radix: 16) else { return nil }
        let components =
            hex.count == 8
            ? [(value >> 24) & 0xFF, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF]
            : [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF, 0xFF]
        return Color(
            red: Double(components[0]) / 255, green: Double(components[1]) / 255, blue: Double(components[2]) / 255,
            opacity: Double(components[3]) / 255)
    }

    /// A shape style: a colour, `"primary"`...`"quaternary"` (hierarchical levels), `"background"`, `"tint"`,
    /// `{"linearGradient": {...}}` or `{"gradient": COLOR}` (`Color.gradient`).
    static func style(_ located: Located) throws -> Expr<DocumentStyle> {
        if let selected = try selector(located, style) { return selected }
        let hierarchical: [String: Int] = ["primary": 0, "secondary": 1, "tertiary": 2, "quaternary": 3]
        if case .string(let text) = located.value {
            let template = try template(located)
            func resolve(_ raw: String, found: String) throws -> DocumentStyle {
                let name = raw.hasPrefix(".") ? String(raw.dropFirst()) : raw
                if let level = hierarchical[name] { return .hierarchical(level) }
                if name == "background" { return .background }
                if name == "tint" { return .tint }
                do {
                    return .color(try namedColor(name, at: located, found: found))
                } catch var error as DocumentError {
                    error.expected = "a style: a colour name, #RRGGBB, primary, secondary, tertiary, quaternary, background or tint"
                    error.suggestion =
                        name.hasPrefix("#")
                        ? nil
                        : NearestName.suggestion(
                            for: name, among: namedColors.keys.sorted() + ["tertiary", "quaternary", "background", "tint"])
                    throw error
                }
            }
            if !template.hasPlaceholders { return .constant(try resolve(text, found: "\"\(text)\"")) }
            return Expr { evaluation in
                let name = try render(template, at: located, in: evaluation)
                return try resolve(name, found: "\"\(name)\" from \(text)")
            }
        }
        if let gradient = located["linearGradient"] {
            guard located.members?.count == 1 else {
                throw DocumentError(at: located, expected: "{\"linearGradient\": {...}} alone", found: located.value.summary)
            }
            return try linearGradient(gradient).map { .linearGradient($0) }
        }
        if let base = located["gradient"] {
            guard located.members?.count == 1 else {
                throw DocumentError(at: located, expected: "{\"gradient\": COLOR} alone", found: located.value.summary)
            }
            return try color(base).map { .colorGradient($0) }
        }
        return try color(located).map { .color($0) }
    }

    /// A linear gradient: `{"colors": [...], "startPoint": "top", "endPoint": "bottom"}` or with `"stops":
    /// [{"color": ..., "location": 0...1}]`.
    static func linearGradient(_ located: Located) throws -> Expr<LinearGradient> {
        guard let members = located.members else {
            throw DocumentError(at: located, expected: "a gradient: {\"colors\": [...], \"startPoint\": ..., \"endPoint\": ...}")
        }
        var arguments = try Arguments(
            owner: "LinearGradient", primary: nil, labeled: members, valid: ViewCompiler.labels["LinearGradient"]!)
        return try linearGradient(&arguments, at: located)
    }

    static func linearGradient(_ arguments: inout Arguments, at located: Located) throws -> Expr<LinearGradient> {
        let colors = try arguments.take("colors").map { list -> [Expr<Color>] in
            guard let items = list.items, !items.isEmpty else { throw DocumentError(at: list, expected: "an array of colours") }
            return try items.map(color)
        }
        let stops = try arguments.take("stops").map { list -> [(Expr<Color>, Expr<Double>)] in
            guard let items = list.items, !items.isEmpty else {
                throw DocumentError(at: list, expected: "an array of {\"color\", \"location\"} stops")
            }
            return try items.map { item in
                guard let members = item.members else {
                    throw DocumentError(at: item, expected: "a stop: {\"color\": ..., \"location\": 0...1}")
                }
                var stop = try Arguments(owner: "a gradient stop", primary: nil, labeled: members, valid: ["color", "location"])
                guard let color = stop.take("color"), let location = stop.take("location") else {
                    throw DocumentError(at: item, expected: "a stop: {\"color\": ..., \"location\": 0...1}")
                }
                try stop.finish()
                return (try Decode.color(color), try number(location, what: "a location from 0 to 1"))
            }
        }
        let start = try arguments.take("startPoint").map { try choice($0, unitPoints, what: "a unit point") } ?? .constant(.top)
        let end = try arguments.take("endPoint").map { try choice($0, unitPoints, what: "a unit point") } ?? .constant(.bottom)
        try arguments.finish()
        if (colors == nil) == (stops == nil) {
            throw DocumentError(at: located, expected: "a gradient with either \"colors\" or \"stops\"")
        }
        return Expr { evaluation in
            let startPoint = try start.evaluate(evaluation), endPoint = try end.evaluate(evaluation)
            if let colors {
                return LinearGradient(colors: try colors.map { try $0.evaluate(evaluation) }, startPoint: startPoint, endPoint: endPoint)
            }
            let gradientStops = try stops!.map {
                Gradient.Stop(color: try $0.0.evaluate(evaluation), location: try $0.1.evaluate(evaluation))
            }
            return LinearGradient(gradient: Gradient(stops: gradientStops), startPoint: startPoint, endPoint: endPoint)
        }
    }
}

/// A shape style as a document writes it, before the API call that takes it decides its type.
///
/// Swift picks the overload by type: `Text.foregroundStyle(_: Color)` takes `.secondary` as `Color.secondary`,
/// while `View.foregroundStyle(_:)` takes it as `HierarchicalShapeStyle.secondary`. The decoder makes the same
/// choice, so a document's tree is the one its Swift twin resolves to.
enum DocumentStyle {
    case color(Color)
    /// 0 primary, 1 secondary, 2 tertiary, 3 quaternary.
    case hierarchical(Int)
    case background
    case tint
    case linearGradient(LinearGradient)
    case colorGradient(Color)

    /// The `Color` this style names where the API takes a `Color` (`Color.primary`, `Color.secondary`), or nil.
    var color: Color? {
        switch self {
        case .color(let color): return color
        case .hierarchical(0): return .primary
        case .hierarchical(1): return .secondary
        default: return nil
        }
    }

    /// The style where the API takes any `ShapeStyle`.
    var shapeStyle: AnyShapeStyle {
        switch self {
        case .color(let color): return AnyShapeStyle(color)
        case .hierarchical(let level): return AnyShapeStyle(HierarchicalShapeStyle(level: level))
        case .background: return AnyShapeStyle(BackgroundStyle())
        case .tint: return AnyShapeStyle(TintShapeStyle())
        case .linearGradient(let gradient): return AnyShapeStyle(gradient)
        case .colorGradient(let color): return AnyShapeStyle(color.gradient)
        }
    }
}
