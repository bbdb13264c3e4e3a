import Foundation
import MonotonicWait

// MARK: - The parameters of a configurable widget, as --param and the Edit Widget sheet set them

/// The parameters of a configurable widget and the values set for them (`--param name=value`, the Edit Widget
/// sheet). Values are kept as text and turned into the parameter's type each time the intent is built.
public final class IntentParameterSettings: @unchecked Sendable {
    /// Each parameter: its name, title, kind and default value as text, in declaration order.
    public let parameters: [IntentParameterInfo]
    /// The parameters of an intent made for describing, listing choices and checking values.
    private let probe: [String: any ConfigurableParameter]
    /// Where checks, choices and current values come from when the intent lives in another process.
    private let source: IntentParameterSource?
    /// Fixed lists of values, by parameter name (an `.intentdefinition` enum's cases).
    private let choices: [String: [IntentParameterOption]]
    private let lock = NSLock()
    private var _values: [String: String] = [:]
    /// The class generated from an `.intentdefinition` file, made to ask its Intents extension's handler for
    /// options and defaults; nil for other intents.
    var definitionIntent: (any IntentDefinitionParameters.Type)?
    /// The parameters of `definitionIntent` whose values the handler lists.
    var dynamicParameters: Set<String> = []

    init(parameters: [IntentParameterInfo], choices: [String: [IntentParameterOption]] = [:]) {
        self.parameters = parameters
        probe = [:]
        source = nil
        self.choices = choices
    }

    /// The parameters of an intent that lives in another process (a widget extension's): `source` checks values,
    /// lists choices and reads current values there.
    public init(parameters: [IntentParameterInfo], source: IntentParameterSource) {
        self.parameters = parameters
        probe = [:]
        self.source = source
        choices = [:]
    }

    init(intent: some AppIntent) {
        let found = IntentParameters.parameters(of: intent)
        parameters = IntentParameters.describe(found)
        probe = Dictionary(found.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
        source = nil
        choices = [:]
    }

    /// The values set so far, by parameter name.
    public var values: [String: String] { lock.withLock { _values } }

    /// Replaces every value at once without checking them (they were checked where they were set: the preview's
    /// process hands a widget extension the values its Edit Widget sheet or `--param` chose). A value that no
    /// longer names anything is ignored when the intent is built, and the parameter takes its default.
    public func restore(_ values: [String: String]) {
        lock.withLock { _values = values }
    }

    /// Sets a parameter from text: an entity's identifier, an enum case's raw value, a number, `true`/`false`,
    /// or text. Entity and dynamic choices are checked against the widget's own query or provider (waiting at
    /// most 5 seconds for it).
    ///
    /// - Throws: `IntentParameterError` naming the valid parameters, or the valid values when the value is not
    ///   one of them.
    public func set(_ name: String, to value: String) throws {
        guard let info = parameters.first(where: { $0.name == name }) else {
            throw IntentParameterError.unknownParameter(name, valid: parameters.map(\.name))
        }
        if let parameter = probe[name] {
            let found = IntentParameters.waitFor { await IntentParameters.resolve(value, for: parameter) } ?? nil
            guard found != nil else {
                if let choices = options(for: name) {
                    throw IntentParameterError.notAChoice(name, value, valid: choices.map(\.value))
                }
                throw IntentParameterError.invalidValue(name, value, type: info.typeName)
            }
        } else if let source {
            try source.check(name, value)
        } else if let listed = handlerOptions(for: name) {
            guard listed.contains(where: { $0.value == value }) else {
                throw IntentParameterError.notAChoice(name, value, valid: listed.map(\.value))
            }
        } else if let fixed = choices[name], !fixed.contains(where: { $0.value == value }) {
            throw IntentParameterError.notAChoice(name, value, valid: fixed.map(\.value))
        } else if !info.accepts(value) {
            throw IntentParameterError.invalidValue(name, value, type: info.typeName)
        }
        lock.withLock { _values[name] = value }
    }

    /// The values a parameter can take, for a list: an enum's cases, an entity query's `suggestedEntities()`, or
    /// a `DynamicOptionsProvider`'s `results()`. Nil for a parameter typed freely (text, numbers, Bool) or whose
    /// query failed or took over 5 seconds.
    public func options(for name: String) -> [IntentParameterOption]? {
        if probe[name] == nil, let source { return source.options(name) }
        if let listed = handlerOptions(for: name) { return listed }
        if let fixed = choices[name] { return fixed }
        guard let parameter = probe[name], let type = parameter.valueType else { return nil }
        guard let list = parameter.dynamicOptions?.results ?? type.listed else { return nil }
        guard let values = IntentParameters.waitFor({ try? await list() }) ?? nil else { return nil }
        return values.compactMap { value in
            type.text(value).map { IntentParameterOption(value: $0, title: type.title(value)) }
        }
    }

    /// The options the Intents extension's handler gives for a parameter of an `.intentdefinition` intent; nil
    /// when it has no dynamic options, no handler was found, or the handler gave none within 5 seconds.
    func handlerOptions(for name: String) -> [IntentParameterOption]? {
        guard dynamicParameters.contains(name), let type = definitionIntent else { return nil }
        let intent = type.init()
        return IntentParameters.waitFor { await intent.intentDefinitionOptions(for: name) } ?? nil
    }

    /// The value a parameter has now: the one set, else its default (an entity query's or provider's
    /// `defaultResult()` when the parameter has none of its own); nil when it has none.
    public func currentValue(of name: String) -> IntentParameterOption? {
        if probe[name] == nil, let source { return source.currentValue(name, values) }
        if dynamicParameters.contains(name), let type = definitionIntent {
            let intent = type.init()
            intent.prepareIntentDefinition(values: values, dynamic: dynamicParameters)
            if let value = intent.intentDefinitionValue(of: name) { return value }
        }
        if probe[name] == nil, let info = parameters.first(where: { $0.name == name }) {
            let text = values[name] ?? info.defaultValue
            return text.isEmpty ? nil : IntentParameterOption(value: text, title: text)
        }
        guard let parameter = probe[name], let type = parameter.valueType else { return nil }
        let text = values[name]
        let value =
            IntentParameters.waitFor { () async -> Any? in
                if let text { return await IntentParameters.resolve(text, for: parameter) }
                return await IntentParameters.initialValue(for: parameter)
            } ?? nil
        return value.flatMap { value in type.text(value).map { IntentParameterOption(value: $0, title: type.title(value)) } }
    }
}

/// How the parameters of an intent in another process are checked, listed and read: each closure asks that
/// process (a widget extension) and waits for its answer.
public struct IntentParameterSource: Sendable {
    /// Checks `value` for the parameter `name`; throws the `IntentParameterError` the owning process found.
    public var check: @Sendable (_ name: String, _ value: String) throws -> Void
    /// The choices of the parameter `name`, as `IntentParameterSettings.options(for:)`; nil when it has none.
    public var options: @Sendable (_ name: String) -> [IntentParameterOption]?
    /// The value the parameter `name` has with these values set, as `IntentParameterSettings.currentValue(of:)`.
    public var currentValue: @Sendable (_ name: String, _ values: [String: String]) -> IntentParameterOption?

    /// A source made of the three questions.
    public init(
        check: @escaping @Sendable (_ name: String, _ value: String) throws -> Void,
        options: @escaping @Sendable (_ name: String) -> [IntentParameterOption]?,
        currentValue: @escaping @Sendable (_ name: String, _ values: [String: String]) -> IntentParameterOption?
    ) {
        self.check = check
        self.options = options
        self.currentValue = currentValue
    }
}

/// One `@Parameter` of a configuration intent.
public struct IntentParameterInfo: Equatable, Sendable {
    /// The parameter's property name without its `_` (what `--param name=value` uses).
    public let name: String
    /// The `title` given to `@Parameter(title:)`.
    public let title: String
    /// The value the intent starts with, as text (e.g. `0`, `Paris`); empty for an entity resolved later.
    public let defaultValue: String
    /// The Swift type of the value, e.g. `Int` or `String`, named in errors.
    public let typeName: String
    /// How the Edit Widget sheet asks for it; `.text` when unknown.
    public var kind: IntentParameterKind = .text
    /// True when a list of choices exists (enum, entity, or a `DynamicOptionsProvider`).
    public var hasChoices = false
    let acceptsValue: @Sendable (String) -> Bool

    /// A parameter described by another process (a widget extension): its values are checked there, through
    /// the settings' `IntentParameterSource`, so any text is accepted here.
    public init(name: String, title: String, defaultValue: String, typeName: String, kind: IntentParameterKind, hasChoices: Bool) {
        self.name = name
        self.title = title
        self.defaultValue = defaultValue
        self.typeName = typeName
        self.kind = kind
        self.hasChoices = hasChoices
        acceptsValue = { _ in true }
    }

    init(name: String, title: String, defaultValue: String, typeName: String, acceptsValue: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.title = title
        self.defaultValue = defaultValue
        self.typeName = typeName
        self.acceptsValue = acceptsValue
    }

    func accepts(_ value: String) -> Bool { acceptsValue(value) }

    /// Equal when name, title, default value, type name and kind match (the validation closure is not compared).
    public static func == (lhs: IntentParameterInfo, rhs: IntentParameterInfo) -> Bool {
        lhs.name == rhs.name && lhs.title == rhs.title && lhs.defaultValue == rhs.defaultValue
            && lhs.typeName == rhs.typeName && lhs.kind == rhs.kind && lhs.hasChoices == rhs.hasChoices
    }
}

/// Why a `--param` could not be applied.
public enum IntentParameterError: Error, Equatable, Codable, CustomStringConvertible {
    case unknownParameter(String, valid: [String])
    case invalidValue(String, String, type: String)
    case malformed(String)
    /// A value that is not among the parameter's choices, with the values that are.
    case notAChoice(String, String, valid: [String])

    /// The message shown to the person, e.g. "parameter count takes an Int, not x".
    public var description: String {
        switch self {
        case .unknownParameter(let name, let valid):
            return "unknown parameter \(name); valid parameters: \(valid.isEmpty ? "(none)" : valid.joined(separator: ", "))"
        case .invalidValue(let name, let value, let type):
            let article = type.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
            return "parameter \(name) takes \(article) \(type), not \(value)"
        case .malformed(let text): return "--param \(text) is not name=value"
        case .notAChoice(let name, let value, let valid):
            return "parameter \(name) has no value \(value); valid values: \(valid.isEmpty ? "(none)" : valid.joined(separator: ", "))"
        }
    }
}

/// A task executor on a serial dispatch queue of its own, for one query of a parameter's choices.
private final class ParameterQueryExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "widgetterm.intent.parameter")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Async work handed to another task.
private final class UncheckedWork<T>: @unchecked Sendable {
    let work: () async -> T
    init(_ work: @escaping () async -> T) { self.work = work }
}

/// Waits for async work from synchronous code, holding its result. The wait's limit is measured on
/// CLOCK_MONOTONIC (`MonotonicSignal`): the realtime clock is simulated (CSimulatedClock).
private final class AwaitedResult<T>: @unchecked Sendable {
    private let done = MonotonicSignal()
    private let lock = NSLock()
    private var stored: T?

    func finish(_ value: T) {
        lock.withLock { stored = value }
        done.signal()
    }

    /// The value once finished, or nil after `seconds` of real time.
    func wait(seconds: Int) -> T? {
        guard done.wait(seconds: TimeInterval(seconds)) else { return nil }
        return lock.withLock { stored }
    }
}

enum IntentParameters {
    static func parameters(of intent: some AppIntent) -> [(String, any ConfigurableParameter)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_"), let parameter = child.value as? any ConfigurableParameter,
                parameter.valueType != nil
            else { return nil }
            return (String(label.dropFirst()), parameter)
        }
    }

    static func describe(_ parameters: [(String, any ConfigurableParameter)]) -> [IntentParameterInfo] {
        parameters.compactMap { name, parameter in
            guard let type = parameter.valueType else { return nil }
            nonisolated(unsafe) let parse = type.parse
            var info = IntentParameterInfo(
                name: name, title: parameter.title.key, defaultValue: parameter.currentValue.flatMap(type.text) ?? "",
                typeName: type.typeName, acceptsValue: { parse?($0) != nil })
            info.kind = type.kind
            info.hasChoices = parameter.dynamicOptions != nil || type.listed != nil
            return info
        }
    }

    /// The value `text` names for `parameter`: one of a provider's results, an entity its query finds, or text
    /// parsed as the type; nil when there is none.
    static func resolve(_ text: String, for parameter: any ConfigurableParameter) async -> Any? {
        guard let type = parameter.valueType else { return nil }
        if let choices = parameter.dynamicOptions {
            guard let results = try? await choices.results() else { return nil }
            return results.first { type.text($0) == text }
        }
        if let lookup = type.lookup { return (try? await lookup(text)) ?? nil }
        return type.parse?(text)
    }

    /// The value a parameter starts with when nobody chose one: its own default, or else (and always for a
    /// provider's parameter without a default) its provider's or entity query's `defaultResult()`.
    static func initialValue(for parameter: any ConfigurableParameter) async -> Any? {
        if let current = parameter.currentValue, !parameter.startsFromProvider { return current }
        if let choices = parameter.dynamicOptions, let value = await choices.defaultResult() { return value }
        if let value = await parameter.valueType?.defaultResult?() { return value }
        return parameter.currentValue
    }

    /// Sets `values` on `intent`'s parameters and fills those without a value from their `defaultResult()`.
    /// False when a parameter that cannot be nil still has no value.
    static func prepare(_ intent: some AppIntent, values: [String: String]) async -> Bool {
        var complete = true
        for (name, parameter) in parameters(of: intent) {
            if let text = values[name], let value = await resolve(text, for: parameter) {
                _ = parameter.store(value)
            } else if let value = await initialValue(for: parameter) {
                _ = parameter.store(value)
            }
            if parameter.isUnset { complete = false }
        }
        return complete
    }

    /// The result of `work`, waiting at most 5 seconds; nil when it takes longer. The work runs on a queue of its
    /// own, so a caller on Swift's cooperative pool (a test, say) does not wait for a thread it holds itself.
    static func waitFor<T>(_ work: @escaping () async -> T) -> T? {
        let result = AwaitedResult<T>()
        let host = HostContext.current
        let body = UncheckedWork(work)
        Task.detached(executorPreference: ParameterQueryExecutor()) {
            result.finish(await host.run { await body.work() })
        }
        return result.wait(seconds: 5)
    }

    /// The text of a `Parameter`'s boxed value (an `Optional` of the value), or nil when the box is empty.
    static func unwrappedText(_ boxed: Any) -> String? {
        let mirror = Mirror(reflecting: boxed)
        guard mirror.displayStyle == .optional else { return "\(boxed)" }
        return mirror.children.first.map { "\($0.value)" }
    }

    /// The value inside an `Optional`, or nil when it is nil.
    static func unwrapped(_ optional: any OptionalParameterValue) -> Any? {
        Mirror(reflecting: optional).children.first?.value
    }
}
