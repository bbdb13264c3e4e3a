import Foundation

// MARK: - App Intents

/// An action the system can run, as `AppIntents.AppIntent`. Widgets run one from `Button(intent:)`
/// or `Toggle(isOn:intent:)` (iOS 17+); the interactive preview performs it off the render path.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult
    static var title: LocalizedStringResource { get }
    static var description: IntentDescription { get }
    init()
    func perform() async throws -> PerformResult
}

extension AppIntent {
    /// An empty description, the default when an intent declares none.
    public static var description: IntentDescription { IntentDescription("") }
}

/// An intent a widget configuration is built from, as `AppIntents.WidgetConfigurationIntent`.
public protocol WidgetConfigurationIntent: AppIntent {}

/// The result of `perform()`, as `AppIntents.IntentResult`.
public protocol IntentResult: Sendable {}

/// The plain result `.result()` returns.
public struct IntentResultValue: IntentResult {
    /// The empty result.
    public init() {}
}

extension IntentResult where Self == IntentResultValue {
    /// An empty result.
    public static func result() -> IntentResultValue { IntentResultValue() }
}

/// An intent's description, as `AppIntents.IntentDescription`.
public struct IntentDescription: ExpressibleByStringLiteral, Sendable {
    /// The description's text.
    public let text: String
    /// A description with this text.
    public init(_ text: String) { self.text = text }
    /// A description written as a string literal.
    public init(stringLiteral value: String) { text = value }
}

/// A value an intent parameter can hold without a default (zero, empty or false before it is set).
public protocol IntentParameterValue: Sendable {
    static var intentDefault: Self { get }
}
extension Int: IntentParameterValue {
    /// Zero, what an `Int` parameter without a default holds.
    public static var intentDefault: Int { 0 }
}
extension Double: IntentParameterValue {
    /// Zero, what a `Double` parameter without a default holds.
    public static var intentDefault: Double { 0 }
}
extension String: IntentParameterValue {
    /// The empty string, what a `String` parameter without a default holds.
    public static var intentDefault: String { "" }
}
extension Bool: IntentParameterValue {
    /// False, what a `Bool` parameter without a default holds.
    public static var intentDefault: Bool { false }
}

/// An intent parameter, as `AppIntents.Parameter` (`@Parameter(title:)`). Values are held in a box so
/// the host can set them on an intent value it did not create.
@propertyWrapper
public struct Parameter<Value: Sendable>: @unchecked Sendable {
    final class Box: @unchecked Sendable {
        /// Nil only for an entity parameter without a default until the host resolves its query's `defaultResult()`.
        var value: Value?
        init(_ value: Value?) { self.value = value }
    }

    let box: Box
    /// The parameter's title from `@Parameter(title:)`, the label people see for it.
    public let title: LocalizedStringResource
    /// The choices a `DynamicOptionsProvider` lists, when the parameter has one.
    let dynamicOptions: ParameterChoices?
    /// True when the parameter has no default of its own, so its provider's `defaultResult()` gives the first value.
    let startsFromProvider: Bool

    /// A parameter starting at `value`, as `@Parameter(title:description:default:)`; the description is
    /// accepted and not kept.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default value: Value) {
        self.title = title
        box = Box(value)
        dynamicOptions = nil
        startsFromProvider = false
    }

    /// A parameter with no value yet (`value` nil) or with one, and optionally a provider's choices.
    init(title: LocalizedStringResource, value: Value?, choices: ParameterChoices?, startsFromProvider: Bool = false) {
        self.title = title
        box = Box(value)
        dynamicOptions = choices
        self.startsFromProvider = startsFromProvider
    }

    /// The parameter's current value; setting it changes the shared box, so copies of the intent see it too.
    /// Reading an entity parameter that has no value yet (its query's `defaultResult()` gave none and nobody
    /// chose one) stops the program, as there is no value of the type to return.
    public var wrappedValue: Value {
        get {
            guard let value = box.value else {
                preconditionFailure("@Parameter \"\(title.key)\" was read before it had a value")
            }
            return value
        }
        nonmutating set { box.value = newValue }
    }

    /// The parameter itself, as `$name`.
    public var projectedValue: Parameter<Value> { self }
}

extension Parameter where Value: IntentParameterValue {
    /// A parameter without a default: it starts at zero, empty or false (`intentDefault`).
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, description: description, default: Value.intentDefault)
    }
}

extension Parameter where Value: ExpressibleByNilLiteral {
    /// An optional parameter without a default: it starts as nil.
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, description: description, default: nil)
    }
}

/// A type-erased intent held by a tap target, comparable by type and parameter values.
public struct IntentReference: Equatable, @unchecked Sendable, CustomStringConvertible {
    /// The intent's Swift type name.
    public let typeName: String
    /// The intent's title.
    public let title: String
    /// `name=value` for each `@Parameter`, in declaration order.
    public let parameters: [String]
    /// The intent value itself.
    public let intent: any AppIntent

    /// A reference to `intent`, recording its type name, title and `name=value` for each `@Parameter`.
    public init<I: AppIntent>(_ intent: I) {
        typeName = String(describing: I.self)
        title = I.title.key
        self.intent = intent
        parameters = Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_") else { return nil }
            let value = Mirror(reflecting: child.value).descendant("box", "value").flatMap(IntentParameters.unwrappedText) ?? "?"
            return "\(label.dropFirst())=\(value)"
        }
    }

    /// Equal when the type names and parameter values match; titles and the intent values are not compared.
    public static func == (lhs: IntentReference, rhs: IntentReference) -> Bool {
        lhs.typeName == rhs.typeName && lhs.parameters == rhs.parameters
    }

    /// The type name, followed by its parameters in parentheses when it has any, e.g. `ToggleLampIntent(isOn=true)`.
    public var description: String {
        parameters.isEmpty ? typeName : "\(typeName)(\(parameters.joined(separator: ", ")))"
    }

    /// Runs the intent's `perform()`.
    public func perform() async throws {
        _ = try await intent.perform()
    }
}
