import Foundation

// MARK: - App Intents entities, enums and dynamic options

/// How a type is named in the system's interface, as `AppIntents.TypeDisplayRepresentation`.
public struct TypeDisplayRepresentation: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
    public var name: LocalizedStringResource
    public var numericFormat: LocalizedStringResource?
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }
    public init(stringLiteral value: String) { name = LocalizedStringResource(stringLiteral: value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        name = LocalizedStringResource(stringLiteral: String(stringInterpolation: stringInterpolation))
    }
}

/// How one value is shown in the system's interface (the Edit Widget sheet's rows), as
/// `AppIntents.DisplayRepresentation`.
public struct DisplayRepresentation: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
    /// An image shown beside the title, as `DisplayRepresentation.Image`.
    public struct Image: Sendable {
        public let systemName: String?
        public let name: String?
        public init(systemName: String) {
            self.systemName = systemName
            name = nil
        }
        public init(named name: String) {
            self.name = name
            systemName = nil
        }
    }

    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: Image?

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
    public init(stringLiteral value: String) { title = LocalizedStringResource(stringLiteral: value) }
    public init(stringInterpolation: DefaultStringInterpolation) {
        title = LocalizedStringResource(stringLiteral: String(stringInterpolation: stringInterpolation))
    }
}

/// A type with a name for the system's interface, as `AppIntents.TypeDisplayRepresentable`.
public protocol TypeDisplayRepresentable {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
}

/// A value the system can show and pass to intents, as `AppIntents.AppEntity`: identified, with a display
/// representation, found through its `defaultQuery`.
public protocol AppEntity: Identifiable, TypeDisplayRepresentable, Sendable where ID: Sendable {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    /// The query the system asks for entities of this type.
    static var defaultQuery: DefaultQuery { get }
    /// How this entity is shown.
    var displayRepresentation: DisplayRepresentation { get }
}

/// Finds entities by identifier and suggests some, as `AppIntents.EntityQuery`.
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    init()
    /// The entities with these identifiers, as `EntityQuery.entities(for:)`.
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// The entities offered in the Edit Widget sheet, as `EntityQuery.suggestedEntities()`; none by default.
    func suggestedEntities() async throws -> [Entity]
    /// The value a new widget starts with, as `EntityQuery.defaultResult()`; by default the first suggestion.
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func suggestedEntities() async throws -> [Entity] { [] }
    public func defaultResult() async -> Entity? { try? await suggestedEntities().first }
}

/// A query that finds entities by text too, as `AppIntents.EntityStringQuery`.
public protocol EntityStringQuery: EntityQuery {
    /// The entities matching `string`, as `EntityStringQuery.entities(matching:)`.
    func entities(matching string: String) async throws -> [Entity]
}

/// An enum whose cases the system offers by name, as `AppIntents.AppEnum`.
public protocol AppEnum: CaseIterable, RawRepresentable, Hashable, TypeDisplayRepresentable, Sendable {
    /// How each case is shown.
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension Parameter where Value: AppEnum {
    /// A parameter starting at the enum's first case.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) where Value.AllCases.Index == Int {
        self.init(title: title, description: description, default: Value.allCases[0])
    }
}

/// Lists the values a parameter can take when they are known only at run time, as
/// `AppIntents.DynamicOptionsProvider`.
public protocol DynamicOptionsProvider: Sendable {
    associatedtype DefaultValue
    /// The values offered, as `DynamicOptionsProvider.results()`.
    func results() async throws -> [DefaultValue]
    /// The value a new widget starts with, as `DynamicOptionsProvider.defaultResult()`; by default none.
    func defaultResult() async -> DefaultValue?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> DefaultValue? { nil }
}

extension Parameter {
    /// A parameter whose choices `provider` lists, as `Parameter(title:description:default:optionsProvider:)`.
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default value: Value,
        optionsProvider provider: Provider
    ) {
        self.init(title: title, description: description, default: value)
    }
}

extension Parameter where Value: IntentParameterValue {
    /// A parameter whose choices `provider` lists, starting at zero, empty or false.
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, optionsProvider provider: Provider
    ) {
        self.init(title: title, description: description, default: Value.intentDefault)
    }
}

extension Parameter where Value: ExpressibleByNilLiteral {
    /// An optional parameter whose choices `provider` lists, starting unset.
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, optionsProvider provider: Provider
    ) {
        self.init(title: title, description: description, default: nil)
    }
}
