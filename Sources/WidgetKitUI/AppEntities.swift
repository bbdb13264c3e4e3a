import Foundation

// MARK: - App Intents entities, enums and dynamic options

/// How a type is named in the system's interface, as `AppIntents.TypeDisplayRepresentation`.
public struct TypeDisplayRepresentation: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
    /// The type's name, e.g. "City", as the Edit Widget sheet shows it.
    public var name: LocalizedStringResource
    /// The name with a count, e.g. "\(placeholder: .int) Cities"; nil when not given. WidgetTerm does not show it.
    public var numericFormat: LocalizedStringResource?
    /// A representation with a name and, optionally, a counted form.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = name
        self.numericFormat = numericFormat
    }
    /// A representation named by a string literal.
    public init(stringLiteral value: String) { name = LocalizedStringResource(stringLiteral: value) }
    /// A representation named by an interpolated string.
    public init(stringInterpolation: DefaultStringInterpolation) {
        name = LocalizedStringResource(stringLiteral: String(stringInterpolation: stringInterpolation))
    }
}

/// How one value is shown in the system's interface (the Edit Widget sheet's rows), as
/// `AppIntents.DisplayRepresentation`.
public struct DisplayRepresentation: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
    /// An image shown beside the title, as `DisplayRepresentation.Image`.
    public struct Image: Sendable {
        /// The SF Symbol's name, or nil for an image of the app.
        public let systemName: String?
        /// The app's image asset name, or nil for an SF Symbol.
        public let name: String?
        /// An SF Symbol, as `DisplayRepresentation.Image(systemName:)`.
        public init(systemName: String) {
            self.systemName = systemName
            name = nil
        }
        /// An image asset of the app, as `DisplayRepresentation.Image(named:)`.
        public init(named name: String) {
            self.name = name
            systemName = nil
        }
    }

    /// The value's name, the row's main text.
    public var title: LocalizedStringResource
    /// A second line under the title; nil for none.
    public var subtitle: LocalizedStringResource?
    /// An image beside the title; nil for none.
    public var image: Image?

    /// A representation with a title and, optionally, a subtitle and an image.
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
    /// A representation titled by a string literal.
    public init(stringLiteral value: String) { title = LocalizedStringResource(stringLiteral: value) }
    /// A representation titled by an interpolated string.
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
    /// No suggestions, the default when a query does not list any.
    public func suggestedEntities() async throws -> [Entity] { [] }
    /// The first suggested entity, or nil when there is none or `suggestedEntities()` throws.
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
    /// No value, the default when a provider does not name one.
    public func defaultResult() async -> DefaultValue? { nil }
}

extension Parameter {
    /// A parameter whose choices `provider` lists, as `Parameter(title:description:default:optionsProvider:)`.
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, default value: Value,
        optionsProvider provider: Provider
    ) {
        self.init(title: title, value: value, choices: ParameterChoices(provider))
    }
}

extension Parameter where Value: IntentParameterValue {
    /// A parameter whose choices `provider` lists, starting at zero, empty or false.
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, optionsProvider provider: Provider
    ) {
        self.init(title: title, value: Value.intentDefault, choices: ParameterChoices(provider), startsFromProvider: true)
    }
}

extension Parameter where Value: ExpressibleByNilLiteral {
    /// An optional parameter whose choices `provider` lists, starting unset.
    public init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: IntentDescription? = nil, optionsProvider provider: Provider
    ) {
        self.init(title: title, value: nil as Value, choices: ParameterChoices(provider), startsFromProvider: true)
    }
}
