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

    /// What `now` reads in an expression: the moment `"now"` names in the document's dates (`anchor`), which is when
    /// the timeline was made for a widget, and when the body runs for a Live Activity and in an intent.
    var now: Date { anchor }

    /// The value a path names. `env.…` reads the environment: `widgetFamily`, `widgetRenderingMode`, `colorScheme`,
    /// `showsWidgetContainerBackground`, `isLuminanceReduced`, `isActivityFullscreen`, `activityFamily`, `redactionReasons`.
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
            "activityFamily": .string(environment.activityFamily.rawValue),
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

    /// An error at a character inside the string `located` holds: `offset` Unicode scalars after its opening quote
    /// (nil: at the quote). The column is exact when no escape sequence comes before that character in the source.
    init(at located: Located, insideStringAt offset: Int?, expected: String, found: String, suggestion: String? = nil) {
        self.init(at: located, expected: expected, found: found, suggestion: suggestion)
        if let offset, case .string = located.value { column = located.position.column + 1 + offset }
    }
}
