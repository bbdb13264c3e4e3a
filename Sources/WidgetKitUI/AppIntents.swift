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
    public static var description: IntentDescription { IntentDescription("") }
}

/// An intent a widget configuration is built from, as `AppIntents.WidgetConfigurationIntent`.
public protocol WidgetConfigurationIntent: AppIntent {}

/// The result of `perform()`, as `AppIntents.IntentResult`.
public protocol IntentResult: Sendable {}

/// The plain result `.result()` returns.
public struct IntentResultValue: IntentResult {
    public init() {}
}

extension IntentResult where Self == IntentResultValue {
    /// An empty result.
    public static func result() -> IntentResultValue { IntentResultValue() }
}

/// An intent's description, as `AppIntents.IntentDescription`.
public struct IntentDescription: ExpressibleByStringLiteral, Sendable {
    public let text: String
    public init(_ text: String) { self.text = text }
    public init(stringLiteral value: String) { text = value }
}

/// A value an intent parameter can hold without a default (zero, empty or false before it is set).
public protocol IntentParameterValue: Sendable {
    static var intentDefault: Self { get }
}
extension Int: IntentParameterValue { public static var intentDefault: Int { 0 } }
extension Double: IntentParameterValue { public static var intentDefault: Double { 0 } }
extension String: IntentParameterValue { public static var intentDefault: String { "" } }
extension Bool: IntentParameterValue { public static var intentDefault: Bool { false } }

/// An intent parameter, as `AppIntents.Parameter` (`@Parameter(title:)`). Values are held in a box so
/// the host can set them on an intent value it did not create.
@propertyWrapper
public struct Parameter<Value: Sendable>: @unchecked Sendable {
    final class Box: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    let box: Box
    public let title: LocalizedStringResource

    public init(title: LocalizedStringResource, description: IntentDescription? = nil, default value: Value) {
        self.title = title
        box = Box(value)
    }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Parameter<Value> { self }
}

extension Parameter where Value: IntentParameterValue {
    public init(title: LocalizedStringResource, description: IntentDescription? = nil) {
        self.init(title: title, description: description, default: Value.intentDefault)
    }
}

extension Parameter where Value: ExpressibleByNilLiteral {
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

    public init<I: AppIntent>(_ intent: I) {
        typeName = String(describing: I.self)
        title = I.title.key
        self.intent = intent
        parameters = Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_") else { return nil }
            let value = Mirror(reflecting: child.value).descendant("box", "value").map { "\($0)" } ?? "?"
            return "\(label.dropFirst())=\(value)"
        }
    }

    public static func == (lhs: IntentReference, rhs: IntentReference) -> Bool {
        lhs.typeName == rhs.typeName && lhs.parameters == rhs.parameters
    }

    public var description: String {
        parameters.isEmpty ? typeName : "\(typeName)(\(parameters.joined(separator: ", ")))"
    }

    /// Runs the intent's `perform()`.
    public func perform() async throws {
        _ = try await intent.perform()
    }
}
