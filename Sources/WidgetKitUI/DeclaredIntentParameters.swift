import Foundation

// MARK: - Parameters declared as data (widget documents), set like @Parameters

/// One configuration parameter declared as data rather than as a `@Parameter` property: a widget document's
/// `parameters` section. It becomes a real `Parameter` of the matching Swift type, so `--param` and the Edit
/// Widget sheet check, list and keep its values exactly as they do an `AppIntentConfiguration` intent's
/// (`IntentParameterSettings`).
public struct DeclaredIntentParameter: Sendable, Equatable {
    /// The name `--param NAME=VALUE` and the document's `{{configuration.NAME}}` use.
    public var name: String
    /// The title the Edit Widget sheet shows, as `@Parameter(title:)`.
    public var title: String
    /// `.text` (`String`), `.integer` (`Int`), `.decimal` (`Double`), `.toggle` (`Bool`), `.enumeration` (an
    /// `AppEnum`'s cases) or `.entity` (an `AppEntity` from a fixed list, as a query's `suggestedEntities()`).
    public var kind: IntentParameterKind
    /// The value it starts with, as `--param` text: a number, `true`/`false`, text, a case's raw value or an
    /// entity's identifier. For an entity without a default, the first entity (`EntityQuery.defaultResult()`'s
    /// default); for an enum without one, the first case.
    public var defaultValue: String
    /// The values it can take: an enum's cases or the entities (value: raw value or identifier; title: what the
    /// sheet shows), or for `.text` a `DynamicOptionsProvider`'s `results()`. Nil for a value typed freely.
    public var choices: [IntentParameterOption]?

    /// A parameter named `name`, titled `title`, of `kind`, starting at `defaultValue`, with `choices` when it
    /// has a list.
    public init(name: String, title: String, kind: IntentParameterKind, defaultValue: String, choices: [IntentParameterOption]? = nil) {
        self.name = name
        self.title = title
        self.kind = kind
        self.defaultValue = defaultValue
        self.choices = choices
    }
}

extension IntentParameterSettings {
    /// The settings of declared parameters: each is made into a `Parameter` of its Swift type (`String`, `Int`,
    /// `Double`, `Bool`, or a choice from its list offered through a `DynamicOptionsProvider`), so values are
    /// checked and listed as a Swift intent's are. A default that does not parse as the kind, or is not among the
    /// choices, leaves the parameter without one (the caller checks defaults before).
    public convenience init(declaring parameters: [DeclaredIntentParameter]) {
        self.init(intent: DeclaredParametersIntent(parameters))
    }
}

/// One value from a declared list (an enum case or an entity): its `--param` text and title.
struct DeclaredChoice: Sendable, Hashable {
    let value: String
    let title: String
}

/// A choice among an enum's declared cases (the sheet's `.enumeration` kind).
struct DeclaredEnumCase: DeclaredChoiceValue {
    let choice: DeclaredChoice
    static let parameterKind = IntentParameterKind.enumeration
    static let typeName = "enum"
}

/// A choice among declared entities (the sheet's `.entity` kind).
struct DeclaredEntity: DeclaredChoiceValue {
    let choice: DeclaredChoice
    static let parameterKind = IntentParameterKind.entity
    static let typeName = "entity"
}

/// A value chosen from a declared list, described for `ParameterValueType`.
protocol DeclaredChoiceValue: Sendable {
    init(choice: DeclaredChoice)
    var choice: DeclaredChoice { get }
    static var parameterKind: IntentParameterKind { get }
    static var typeName: String { get }
}

extension DeclaredChoiceValue {
    /// How the host reads and lists the type: the choices come from the parameter's provider.
    static var valueType: ParameterValueType {
        ParameterValueType(
            kind: parameterKind, typeName: typeName, text: { ($0 as? Self)?.choice.value },
            title: { ($0 as? Self)?.choice.title ?? "" }, parse: nil, listed: nil, lookup: nil, defaultResult: nil)
    }
}

/// The fixed list of a declared parameter, offered as a `DynamicOptionsProvider`'s results.
struct DeclaredOptions<Value: Sendable>: DynamicOptionsProvider {
    let values: [Value]
    let initial: Value?
    func results() async throws -> [Value] { values }
    func defaultResult() async -> Value? { initial }
}

/// An intent whose parameters are declared as data. Its mirror lists them as a Swift intent's stored
/// `@Parameter` properties (`_name`), which is how `IntentParameterSettings` finds parameters.
struct DeclaredParametersIntent: WidgetConfigurationIntent, CustomReflectable, @unchecked Sendable {
    static var title: LocalizedStringResource { "Widget document configuration" }

    private let parameters: [(String, Any)]

    init() { parameters = [] }

    init(_ declared: [DeclaredIntentParameter]) {
        parameters = declared.map { ("_" + $0.name, Self.parameter(for: $0)) }
    }

    var customMirror: Mirror {
        Mirror(self, children: parameters.map { (label: Optional($0.0), value: $0.1) }, displayStyle: .struct)
    }

    func perform() async throws -> some IntentResult { .result() }

    private static func parameter(for declared: DeclaredIntentParameter) -> Any {
        let title = LocalizedStringResource(declared.title)
        switch declared.kind {
        case .integer: return Parameter<Int>(title: title, default: Int(declared.defaultValue) ?? 0)
        case .decimal: return Parameter<Double>(title: title, default: Double(declared.defaultValue) ?? 0)
        case .toggle: return Parameter<Bool>(title: title, default: declared.defaultValue == "true")
        case .text:
            guard let choices = declared.choices else { return Parameter<String>(title: title, default: declared.defaultValue) }
            let values = choices.map(\.value)
            return Parameter<String>(
                title: title, value: declared.defaultValue,
                choices: ParameterChoices(DeclaredOptions(values: values, initial: declared.defaultValue)))
        case .enumeration: return choiceParameter(DeclaredEnumCase.self, declared, title: title)
        case .entity: return choiceParameter(DeclaredEntity.self, declared, title: title)
        }
    }

    private static func choiceParameter<Value: DeclaredChoiceValue>(
        _ type: Value.Type, _ declared: DeclaredIntentParameter, title: LocalizedStringResource
    ) -> Parameter<Value> {
        let values = (declared.choices ?? []).map { Value(choice: DeclaredChoice(value: $0.value, title: $0.title)) }
        let initial = values.first { $0.choice.value == declared.defaultValue } ?? values.first
        return Parameter<Value>(
            title: title, value: initial, choices: ParameterChoices(DeclaredOptions(values: values, initial: initial)))
    }
}
