import Foundation
import WidgetKitUI
import SpellingSuggestions

// MARK: - Configuration parameters (a document's AppIntentConfiguration)

/// The `parameters` section: what people choose when they edit the widget, as the `@Parameter`s of an
/// `AppIntentConfiguration`'s intent. Views and entry data read the values as `{{configuration.NAME}}` (Apple's
/// template names its entry's intent `configuration`); `--param` and the Edit Widget sheet set them through
/// `settings`.
struct ParametersSpec {
    /// The parameters in the order written.
    var declared: [DeclaredIntentParameter]
    /// The values set so far (`--param`, the sheet), checked against each parameter's kind and choices.
    var settings: IntentParameterSettings
    /// Each entity parameter's entities as data (`id`, `title`, `subtitle`), by parameter name and identifier.
    var entities: [String: [String: DocumentValue]]

    static let types: KeyValuePairs<String, IntentParameterKind> = [
        "string": .text, "int": .integer, "double": .decimal, "bool": .toggle, "enum": .enumeration, "entity": .entity,
    ]

    /// The values the widget is configured with now, as the `configuration` object views read: text, numbers,
    /// booleans, an enum case's raw value, an entity's `{"id", "title", "subtitle"}`.
    func currentValue() -> DocumentValue {
        let set = settings.values
        var values: [String: DocumentValue] = [:]
        for parameter in declared {
            let text = set[parameter.name] ?? parameter.defaultValue
            switch parameter.kind {
            case .integer, .decimal: values[parameter.name] = .number(Double(text) ?? 0)
            case .toggle: values[parameter.name] = .bool(text == "true")
            case .text, .enumeration: values[parameter.name] = .string(text)
            case .entity: values[parameter.name] = entities[parameter.name]?[text] ?? .null
            }
        }
        return .object(values)
    }
}

extension DocumentLoader {
    /// Reads `"parameters": {"NAME": {"type": ..., "title": ..., "default": ..., "cases" | "entities" | "options": [...]}}`.
    static func parameters(_ located: Located) throws -> ParametersSpec {
        guard let members = located.members else {
            throw DocumentError(
                at: located, expected: "an object of parameters: {\"count\": {\"type\": \"int\", \"title\": \"Count\", \"default\": 3}}")
        }
        var declared: [DeclaredIntentParameter] = []
        var entities: [String: [String: DocumentValue]] = [:]
        for member in members {
            let name = member.key
            guard let first = name.first, first.isASCII, first.isLetter || first == "_",
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else {
                throw DocumentError(
                    file: "", position: member.keyPosition, path: member.value.path,
                    expected: "a parameter name of letters, digits and underscores that starts with a letter, such as \"station\"",
                    found: "\"\(name)\"")
            }
            guard let fields = member.value.members else {
                throw DocumentError(
                    at: member.value, expected: "a parameter: {\"type\": \"string\", \"title\": \"Title\", \"default\": \"...\"}")
            }
            var arguments = try Arguments(
                owner: "a parameter", primary: nil, labeled: fields, valid: ["type", "title", "default", "cases", "entities", "options"])
            guard let typeNode = arguments.take("type") else {
                throw DocumentError(
                    at: member.value, expected: "a \"type\": \(ParametersSpec.types.map(\.key).joined(separator: ", "))", found: "no type")
            }
            let kind = try Decode.choice(typeNode, ParametersSpec.types, what: "a parameter type").evaluate(emptyEvaluation)
            let title = try arguments.take("title").map(literalString) ?? name
            let defaultNode = arguments.take("default")
            var choices: [IntentParameterOption]?
            var defaultValue: String
            switch kind {
            case .text:
                if let options = arguments.take("options") {
                    guard let items = options.items, !items.isEmpty else {
                        throw DocumentError(at: options, expected: "a non-empty array of the strings people choose from")
                    }
                    let values = try items.map(literalString)
                    choices = values.map { IntentParameterOption(value: $0, title: $0) }
                }
                defaultValue = try defaultNode.map(literalString) ?? choices?.first?.value ?? ""
            case .integer:
                defaultValue =
                    try defaultNode.map { node -> String in
                        guard case .number(let value, _) = node.value, value.rounded() == value, abs(value) <= 1e15 else {
                            throw DocumentError(at: node, expected: "a whole number")
                        }
                        return String(Int(value))
                    } ?? "0"
            case .decimal:
                defaultValue =
                    try defaultNode.map { node -> String in
                        guard case .number(let value, _) = node.value else { throw DocumentError(at: node, expected: "a number") }
                        return String(value)
                    } ?? "0.0"
            case .toggle:
                defaultValue =
                    try defaultNode.map { node -> String in
                        guard case .bool(let value) = node.value else { throw DocumentError(at: node, expected: "true or false") }
                        return value ? "true" : "false"
                    } ?? "false"
            case .enumeration:
                guard let casesNode = arguments.take("cases") else {
                    throw DocumentError(
                        at: member.value, expected: "\"cases\": the enum's cases, such as [{\"value\": \"bus\", \"title\": \"Bus\"}]",
                        found: "no cases")
                }
                choices = try enumCases(casesNode)
                defaultValue = try choiceDefault(defaultNode, among: choices!, what: "case")
            case .entity:
                guard let entitiesNode = arguments.take("entities") else {
                    throw DocumentError(
                        at: member.value,
                        expected: "\"entities\": the entities to choose from, such as [{\"id\": \"rossio\", \"title\": \"Rossio\"}]",
                        found: "no entities")
                }
                let (options, values) = try entityList(entitiesNode)
                choices = options
                entities[name] = values
                defaultValue = try choiceDefault(defaultNode, among: options, what: "entity id")
            }
            try arguments.finish()
            declared.append(DeclaredIntentParameter(name: name, title: title, kind: kind, defaultValue: defaultValue, choices: choices))
        }
        return ParametersSpec(declared: declared, settings: IntentParameterSettings(declaring: declared), entities: entities)
    }

    /// `"cases": ["bus", {"value": "tram", "title": "Tram"}]`: a case's raw value and its display title.
    private static func enumCases(_ located: Located) throws -> [IntentParameterOption] {
        guard let items = located.items, !items.isEmpty else {
            throw DocumentError(at: located, expected: "a non-empty array of cases: \"bus\" or {\"value\": \"bus\", \"title\": \"Bus\"}")
        }
        var cases: [IntentParameterOption] = []
        for item in items {
            let option: IntentParameterOption
            if case .string(let value) = item.value {
                option = IntentParameterOption(value: value, title: value)
            } else if let fields = item.members {
                var arguments = try Arguments(owner: "an enum case", primary: nil, labeled: fields, valid: ["value", "title"])
                guard let value = try arguments.take("value").map(literalString) else {
                    throw DocumentError(at: item, expected: "\"value\": the case's raw value")
                }
                option = IntentParameterOption(value: value, title: try arguments.take("title").map(literalString) ?? value)
                try arguments.finish()
            } else {
                throw DocumentError(at: item, expected: "a case: \"bus\" or {\"value\": \"bus\", \"title\": \"Bus\"}")
            }
            if cases.contains(where: { $0.value == option.value }) {
                throw DocumentError(at: item, expected: "each case once", found: "\"\(option.value)\" again")
            }
            cases.append(option)
        }
        return cases
    }

    /// `"entities": [{"id": "rossio", "title": "Rossio", "subtitle": "Zone 1"}]`: the list a query would suggest.
    private static func entityList(_ located: Located) throws -> ([IntentParameterOption], [String: DocumentValue]) {
        guard let items = located.items, !items.isEmpty else {
            throw DocumentError(at: located, expected: "a non-empty array of entities: {\"id\": \"rossio\", \"title\": \"Rossio\"}")
        }
        var options: [IntentParameterOption] = []
        var values: [String: DocumentValue] = [:]
        for item in items {
            guard let fields = item.members else {
                throw DocumentError(at: item, expected: "an entity: {\"id\": \"rossio\", \"title\": \"Rossio\", \"subtitle\": \"Zone 1\"}")
            }
            var arguments = try Arguments(owner: "an entity", primary: nil, labeled: fields, valid: ["id", "title", "subtitle"])
            guard let idNode = arguments.take("id") else { throw DocumentError(at: item, expected: "\"id\": the entity's identifier") }
            let id = try literalString(idNode)
            guard !id.isEmpty else { throw DocumentError(at: idNode, expected: "a non-empty identifier") }
            if values[id] != nil { throw DocumentError(at: idNode, expected: "each identifier once", found: "\"\(id)\" again") }
            let title = try arguments.take("title").map(literalString) ?? id
            let subtitle = try arguments.take("subtitle").map(literalString)
            try arguments.finish()
            options.append(IntentParameterOption(value: id, title: title))
            values[id] = .object(["id": .string(id), "title": .string(title), "subtitle": subtitle.map(DocumentValue.string) ?? .null])
        }
        return (options, values)
    }

    /// The default of a list parameter: one of its values, or the first when none is given.
    private static func choiceDefault(_ located: Located?, among choices: [IntentParameterOption], what: String) throws -> String {
        guard let located else { return choices[0].value }
        let value = try literalString(located)
        guard choices.contains(where: { $0.value == value }) else {
            let values = choices.map(\.value)
            throw DocumentError(
                at: located, expected: "one of the \(what)s (\(values.joined(separator: ", ")))", found: "\"\(value)\"",
                suggestion: NearestName.suggestion(for: value, among: values))
        }
        return value
    }

    /// Entry data that reads the configuration (`"count": "{{configuration.count}}"`), compiled; nil when the data
    /// has no placeholders (it is then used as written). Data placeholders may read only `configuration`.
    static func configuredData(_ located: Located) throws -> Expr<DocumentValue>? {
        switch located.value {
        case .string(let text):
            guard text.contains("{{") else { return nil }
            let template = try Decode.template(located)
            guard template.hasPlaceholders else { return nil }
            for path in template.paths where path.root != "configuration" {
                throw DocumentError(
                    at: located, expected: "a placeholder in entry data that reads configuration.NAME (the parameters)",
                    found: "{{\(path)}}")
            }
            return try Decode.dataValue(located)
        case .array:
            let items = try located.items!.map { item in (try configuredData(item), DocumentValue(item.node)) }
            guard items.contains(where: { $0.0 != nil }) else { return nil }
            return Expr { evaluation in .array(try items.map { try $0.0?.evaluate(evaluation) ?? $0.1 }) }
        case .object:
            let members = try located.members!.map { member in
                (member.key, try configuredData(member.value), DocumentValue(member.value.node))
            }
            guard members.contains(where: { $0.1 != nil }) else { return nil }
            return Expr { evaluation in
                var object: [String: DocumentValue] = [:]
                for (key, expression, constant) in members { object[key] = try expression?.evaluate(evaluation) ?? constant }
                return .object(object)
            }
        default: return nil
        }
    }
}
