import Foundation

// MARK: - Configurable widgets

/// Supplies entries for a widget configured by an App Intent, as `WidgetKit.AppIntentTimelineProvider` (iOS 17+).
public protocol AppIntentTimelineProvider {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    func timeline(for configuration: Intent, in context: Context) async -> Timeline<Entry>
}

/// A widget whose people choose its parameters, as `WidgetKit.AppIntentConfiguration` (iOS 17+).
/// WidgetTerm builds the intent with its parameters' defaults, then applies `--param name=value`.
public struct AppIntentConfiguration<Intent: WidgetConfigurationIntent, Content: View>: WidgetConfiguration {
    /// What the host needs to list, configure and render the widget, with `configuration` holding
    /// its intent's parameters.
    public var descriptor: WidgetDescriptor

    /// A widget of `kind` whose `provider` makes entries for an intent built with its parameters' defaults
    /// and any `--param` values, and `content` draws each entry, as `AppIntentConfiguration(kind:intent:provider:content:)`.
    public init<Provider: AppIntentTimelineProvider>(
        kind: String, intent: Intent.Type = Intent.self, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    )
    where Provider.Intent == Intent {
        let configuration = IntentParameterSettings(parameters: IntentParameters.describe(Intent()))
        let makeIntent = { () -> Intent in
            let intent = Intent()
            // Values were validated when they were set; applying them again cannot fail.
            try? IntentParameters.apply(configuration.values, to: intent)
            return intent
        }
        descriptor = WidgetDescriptor(
            kind: kind, displayName: kind, description: "", supportedFamilies: WidgetFamily.defaultFamilies,
            contentMarginsDisabled: false, routes: [],
            placeholder: { AnyTimelineEntry(provider.placeholder(in: $0)) },
            snapshot: { context, completion in
                let intent = makeIntent()
                HostContext.startWidgetTask { completion(AnyTimelineEntry(await provider.snapshot(for: intent, in: context))) }
            },
            timeline: { context, completion in
                let intent = makeIntent()
                HostContext.startWidgetTask {
                    let timeline = await provider.timeline(for: intent, in: context)
                    completion(AnyTimeline(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy))
                }
            },
            content: { entry, context in
                guard let typed = entry.base as? Provider.Entry else { return .empty }
                return context.resolve(content(typed))
            })
        descriptor.configuration = configuration
    }
}

/// The parameters of a configurable widget and the values set for them (`--param name=value`).
public final class IntentParameterSettings: @unchecked Sendable {
    /// Each parameter: its name, title and default value as text.
    public let parameters: [IntentParameterInfo]
    private let lock = NSLock()
    private var _values: [String: String] = [:]

    init(parameters: [IntentParameterInfo]) { self.parameters = parameters }

    /// The values set so far, by parameter name.
    public var values: [String: String] { lock.withLock { _values } }

    /// Sets a parameter from text.
    ///
    /// - Throws: `IntentParameterError` naming the valid parameters, or saying why the value does not fit.
    public func set(_ name: String, to value: String) throws {
        guard let parameter = parameters.first(where: { $0.name == name }) else {
            throw IntentParameterError.unknownParameter(name, valid: parameters.map(\.name))
        }
        guard parameter.accepts(value) else { throw IntentParameterError.invalidValue(name, value, type: parameter.typeName) }
        lock.withLock { _values[name] = value }
    }
}

/// One `@Parameter` of a configuration intent.
public struct IntentParameterInfo: Equatable, Sendable {
    /// The parameter's property name without its `_` (what `--param name=value` uses).
    public let name: String
    /// The `title` given to `@Parameter(title:)`.
    public let title: String
    /// The value the intent starts with, as text (e.g. `0`, `Paris`).
    public let defaultValue: String
    /// The Swift type of the value, e.g. `Int` or `String`, named in errors.
    public let typeName: String
    let acceptsValue: @Sendable (String) -> Bool

    func accepts(_ value: String) -> Bool { acceptsValue(value) }

    /// Equal when name, title, default value and type name match (the validation closure is not compared).
    public static func == (lhs: IntentParameterInfo, rhs: IntentParameterInfo) -> Bool {
        lhs.name == rhs.name && lhs.title == rhs.title && lhs.defaultValue == rhs.defaultValue && lhs.typeName == rhs.typeName
    }
}

/// Why a `--param` could not be applied.
public enum IntentParameterError: Error, Equatable, CustomStringConvertible {
    case unknownParameter(String, valid: [String])
    case invalidValue(String, String, type: String)
    case malformed(String)

    /// The message shown to the person, e.g. "parameter count takes a Int, not x".
    public var description: String {
        switch self {
        case .unknownParameter(let name, let valid):
            return "unknown parameter \(name); valid parameters: \(valid.isEmpty ? "(none)" : valid.joined(separator: ", "))"
        case .invalidValue(let name, let value, let type): return "parameter \(name) takes a \(type), not \(value)"
        case .malformed(let text): return "--param \(text) is not name=value"
        }
    }
}

/// A `@Parameter` that can be read and set from text.
protocol TextSettableParameter {
    var title: LocalizedStringResource { get }
    var textValue: String { get }
    var typeName: String { get }
    func setText(_ text: String) -> Bool
    func acceptsText(_ text: String) -> Bool
}

extension Parameter: TextSettableParameter where Value: LosslessStringConvertible {
    var textValue: String { wrappedValue.description }
    var typeName: String { String(describing: Value.self) }
    func setText(_ text: String) -> Bool {
        guard let value = Value(text) else { return false }
        wrappedValue = value
        return true
    }
    func acceptsText(_ text: String) -> Bool { Value(text) != nil }
}

enum IntentParameters {
    static func parameters(of intent: some AppIntent) -> [(String, TextSettableParameter)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), let parameter = child.value as? TextSettableParameter else { return nil }
            return (String(label.dropFirst()), parameter)
        }
    }

    static func describe(_ intent: some AppIntent) -> [IntentParameterInfo] {
        parameters(of: intent).map { name, parameter in
            nonisolated(unsafe) let parameter = parameter
            return IntentParameterInfo(
                name: name, title: parameter.title.key, defaultValue: parameter.textValue,
                typeName: parameter.typeName, acceptsValue: { parameter.acceptsText($0) })
        }
    }

    static func apply(_ values: [String: String], to intent: some AppIntent) throws {
        let parameters = Dictionary(uniqueKeysWithValues: parameters(of: intent))
        for (name, value) in values {
            guard let parameter = parameters[name] else {
                throw IntentParameterError.unknownParameter(name, valid: parameters.keys.sorted())
            }
            guard parameter.setText(value) else { throw IntentParameterError.invalidValue(name, value, type: parameter.typeName) }
        }
    }
}
