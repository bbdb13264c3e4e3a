import Foundation

// MARK: - What each kind of @Parameter value is, for --param and the Edit Widget sheet

/// The kind of a configuration intent's `@Parameter`, which decides how the Edit Widget sheet asks for it.
public enum IntentParameterKind: String, Equatable, Sendable, Codable {
    /// `String`: typed text (a list when a `DynamicOptionsProvider` gives choices).
    case text
    /// `Int`: a typed whole number.
    case integer
    /// `Double`: a typed number.
    case decimal
    /// `Bool`: a toggle.
    case toggle
    /// An `AppEnum`: a list of its cases.
    case enumeration
    /// An `AppEntity`: a list of its query's `suggestedEntities()`.
    case entity
}

/// One value a parameter can take, as a list in the Edit Widget sheet and in `--param` errors show it.
public struct IntentParameterOption: Equatable, Sendable, Codable {
    /// The value as `--param name=VALUE` takes it: an entity's identifier, an enum's raw value, or the text.
    public let value: String
    /// The value's display title (`DisplayRepresentation.title`); the value itself when it has none.
    public let title: String

    /// An option with its `--param` text and display title.
    public init(value: String, title: String) {
        self.value = value
        self.title = title
    }
}

/// The choices a `DynamicOptionsProvider` lists and the value it starts with, type-erased.
struct ParameterChoices: @unchecked Sendable {
    let results: () async throws -> [Any]
    let defaultResult: () async -> Any?

    init<Provider: DynamicOptionsProvider>(_ provider: Provider) {
        results = { try await provider.results().map { $0 as Any } }
        defaultResult = { await provider.defaultResult().map { $0 as Any } }
    }
}

/// How values of one Swift type are read, written and listed as text.
struct ParameterValueType: @unchecked Sendable {
    let kind: IntentParameterKind
    let typeName: String
    /// The value as `--param` text, or nil for nil.
    let text: (Any) -> String?
    /// The value's display title.
    let title: (Any) -> String
    /// The value for free text (numbers, text, Bool, enum raw values), or nil when it does not parse.
    let parse: ((String) -> Any?)?
    /// Every value the type offers by itself: enum cases, or an entity query's suggestions.
    let listed: (() async throws -> [Any])?
    /// An entity found by its identifier's text through `entities(for:)`.
    let lookup: ((String) async throws -> Any?)?
    /// An entity query's `defaultResult()`.
    let defaultResult: (() async -> Any?)?

    /// The description of `type`, looking through one `Optional`; nil for a type no sheet can set.
    static func of(_ type: Any.Type) -> ParameterValueType? {
        if let optional = type as? any OptionalParameterValue.Type { return of(optional.wrappedType) }
        if let declared = type as? any DeclaredChoiceValue.Type { return declared.valueType }
        if let entity = type as? any AppEntity.Type { return entityType(entity) }
        if let enumeration = type as? any AppEnum.Type { return enumType(enumeration) }
        if let lossless = type as? any LosslessStringConvertible.Type { return losslessType(lossless) }
        return nil
    }

    private static func losslessType<T: LosslessStringConvertible>(_ type: T.Type) -> ParameterValueType {
        let kind: IntentParameterKind =
            type == Bool.self ? .toggle : type == Int.self ? .integer : type == Double.self ? .decimal : .text
        return ParameterValueType(
            kind: kind, typeName: String(describing: type), text: { ($0 as? T)?.description },
            title: { ($0 as? T)?.description ?? "" }, parse: { T($0) }, listed: nil, lookup: nil, defaultResult: nil)
    }

    private static func enumType<E: AppEnum>(_ type: E.Type) -> ParameterValueType {
        let text: (Any) -> String? = { ($0 as? E).map { "\($0.rawValue)" } }
        return ParameterValueType(
            kind: .enumeration, typeName: String(describing: type), text: text,
            title: { value in
                guard let value = value as? E else { return "" }
                return E.caseDisplayRepresentations[value]?.title.key ?? "\(value.rawValue)"
            },
            parse: { wanted in E.allCases.first { "\($0.rawValue)" == wanted } },
            listed: { E.allCases.map { $0 as Any } }, lookup: nil, defaultResult: nil)
    }

    private static func entityType<E: AppEntity>(_ type: E.Type) -> ParameterValueType {
        ParameterValueType(
            kind: .entity, typeName: String(describing: type), text: { ($0 as? E).map { "\($0.id)" } },
            title: { ($0 as? E)?.displayRepresentation.title.key ?? "" }, parse: nil,
            listed: { try await E.defaultQuery.suggestedEntities().map { $0 as Any } },
            lookup: { wanted in
                let suggested = try await E.defaultQuery.suggestedEntities()
                if let found = suggested.first(where: { "\($0.id)" == wanted }) { return found }
                guard let identifierType = E.ID.self as? any LosslessStringConvertible.Type,
                    let identifier = identifierType.init(wanted) as? E.ID
                else { return nil }
                return try await E.defaultQuery.entities(for: [identifier]).first
            },
            defaultResult: { await E.defaultQuery.defaultResult().map { $0 as Any } })
    }
}

/// An `Optional`, seen through for its wrapped type.
protocol OptionalParameterValue {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalParameterValue {
    static var wrappedType: Any.Type { Wrapped.self }
}

/// A `@Parameter` the host can describe, list, read and set from text.
protocol ConfigurableParameter {
    var title: LocalizedStringResource { get }
    var valueType: ParameterValueType? { get }
    var dynamicOptions: ParameterChoices? { get }
    /// True when a provider's `defaultResult()` replaces the value the parameter starts with.
    var startsFromProvider: Bool { get }
    /// The current value, or nil when there is none (nil or not yet resolved).
    var currentValue: Any? { get }
    /// True while a parameter that cannot be nil has no value (an entity before its default is resolved).
    var isUnset: Bool { get }
    /// Stores `value` if it is of the parameter's type (or its wrapped type); false otherwise.
    func store(_ value: Any) -> Bool
}

extension Parameter: ConfigurableParameter {
    var valueType: ParameterValueType? { ParameterValueType.of(Value.self) }
    var isUnset: Bool { box.value == nil }
    var currentValue: Any? {
        guard let value = box.value else { return nil }
        if let optional = value as? any OptionalParameterValue, let inner = IntentParameters.unwrapped(optional) {
            return inner
        } else if value is any OptionalParameterValue {
            return nil
        }
        return value
    }
    func store(_ value: Any) -> Bool {
        guard let typed = value as? Value else { return false }
        box.value = typed
        return true
    }
}

extension Parameter where Value: AppEntity {
    /// An entity parameter without a default: WidgetKit fills it with its query's `defaultResult()` before the
    /// provider runs, as `@Parameter(title:description:)` does for an `AppEntity`.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, value: nil, choices: nil)
    }
}
