import Foundation
import SpellingSuggestions
import WidgetKitUI

// MARK: - A control as a document

/// A Control Center control (`ControlWidget`, iOS 18+) written as JSON: its template (`toggle` or `button`),
/// the App Group key its value provider reads, its `previewValue`, value label, tint and action
/// (docs/widget-document.md, "Controls").
public struct ControlDocument: @unchecked Sendable {
    /// The file it was read from, as given.
    public let file: String
    /// The control, ready for `ControlSession` and `widgetterm control`.
    public let descriptor: ControlDescriptor

    /// True when the JSON at `path` is a control document (its top level has a `"control"` member). A file
    /// that cannot be read or parsed is not one (the widget document loader then reports the error).
    public static func isControlDocument(atPath path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONScanner.parse(Array(data), file: path, limits: .standard)
        else { return false }
        return Located(node: root, path: .root)["control"] != nil
    }

    /// Reads and compiles the control document at `path`.
    ///
    /// - Throws: `DocumentError` (file, line, column, JSON path, what was expected and found).
    public init(contentsOf path: String, limits: DocumentLimits = .standard) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DocumentError.unreadableFile(path, what: "control document")
        }
        try self.init(bytes: Array(data), file: path, limits: limits)
    }

    /// Compiles a control document from its bytes.
    public init(bytes: [UInt8], file: String, limits: DocumentLimits = .standard) throws {
        self.file = file
        do {
            let root = try JSONScanner.parse(bytes, file: file, limits: limits)
            descriptor = try ControlDocumentLoader.load(Located(node: root, path: .root))
        } catch var error as DocumentError {
            error.file = file
            throw error
        }
    }

    /// Compiles a control document from a string (tests and tools).
    public init(text: String, file: String = "<input>", limits: DocumentLimits = .standard) throws {
        try self.init(bytes: Array(text.utf8), file: file, limits: limits)
    }
}

/// Sets one boolean App Group key to the value a control toggle hands it: a document toggle's
/// `{"setValue": KEY}` action, as a `SetValueIntent`.
public struct DocumentSetValueIntent: SetValueIntent {
    /// As AppIntents' `AppIntent.title`: the name the host shows for the intent.
    public static var title: LocalizedStringResource { "Control document value" }

    /// The App Group suite.
    @Parameter(title: "Suite") public var suite: String
    /// The key set.
    @Parameter(title: "Key") public var key: String
    /// The toggle's new state.
    @Parameter(title: "Value") public var value: Bool

    /// Creates an intent with empty parameters; the control fills in `suite` and `key`, and the toggle `value`.
    public init() {}

    /// Stores `value` under `key`.
    /// - Throws: `DocumentIntentError` when the suite cannot be opened.
    public func perform() async throws -> some IntentResult {
        guard let defaults = UserDefaults(suiteName: suite) else {
            throw DocumentIntentError(message: "cannot open the App Group suite \(suite)")
        }
        defaults.set(value, forKey: key)
        return .result()
    }
}

enum ControlDocumentLoader {
    static let topKeys = [
        "$schema", "version", "kind", "displayName", "description", "parameters", "store", "intents", "pushHandler", "control",
    ]
    static let controlKeys = ["toggle", "button", "value", "previewValue", "valueLabel", "action", "tint", "actionHint"]

    static func load(_ root: Located) throws -> ControlDescriptor {
        guard let members = root.members else { throw DocumentError(at: root, expected: "a control document: an object with \"control\"") }
        var top = try Arguments(owner: "a control document", primary: nil, labeled: members, valid: topKeys)
        _ = top.take("$schema")
        if let version = top.take("version"), version.value != .number(1, isInteger: true) {
            throw DocumentError(at: version, expected: "version 1 (the only version of the format)")
        }
        guard let kindNode = top.take("kind"), case .string(let kind) = kindNode.value, !kind.isEmpty,
            kind.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
        else {
            throw DocumentError(at: root, expected: "a \"kind\" of letters, digits, dots, dashes and underscores, such as \"focus\"")
        }
        let displayName = try top.take("displayName").map(DocumentLoader.literalString) ?? kind
        let description = try top.take("description").map(DocumentLoader.literalString) ?? ""
        let parameters = try top.take("parameters").map(DocumentLoader.parameters)
        let declared = parameters?.declared ?? []
        let store = try top.take("store").map(DocumentLoader.store)
        let pushHandler = try top.take("pushHandler").map { try self.pushHandler($0, kind: kind, store: store) }
        let intents = try top.take("intents").map { try DocumentLoader.intents($0, store: store) } ?? [:]
        guard let controlNode = top.take("control"), let fields = controlNode.members else {
            throw DocumentError(
                at: root, expected: "\"control\": {\"toggle\" or \"button\": {\"title\": …, \"systemImage\": …}, \"action\": …}")
        }
        try top.finish()

        var control = try Arguments(owner: "the control", primary: nil, labeled: fields, valid: controlKeys)
        let templates = [control.take("toggle").map { (true, $0) }, control.take("button").map { (false, $0) }].compactMap { $0 }
        guard templates.count == 1, let (isToggle, labelNode) = templates.first else {
            throw DocumentError(
                at: controlNode, expected: "one template: \"toggle\" or \"button\"", found: templates.isEmpty ? "none" : "both")
        }
        guard let labelFields = labelNode.members else {
            throw DocumentError(at: labelNode, expected: "a label: {\"title\": \"Focus\", \"systemImage\": \"moon.fill\"}")
        }
        var label = try Arguments(owner: "the label", primary: nil, labeled: labelFields, valid: ["title", "systemImage"])
        let title = try label.take("title").map { try ConfiguredText($0, parameters: declared) } ?? ConfiguredText(literal: "")
        let systemImage = try label.take("systemImage").map(DocumentLoader.literalString)
        try label.finish()

        // The value: a key of the store, read as currentValue(); previewValue for the add sheet.
        var valueKey: ConfiguredText?
        var defaultValue = DocumentValue.null
        if let node = control.take("value") {
            guard case .string = node.value else { throw DocumentError(at: node, expected: "a store key") }
            let key = try ConfiguredText(node, parameters: declared)
            try key.checkStoreKey(at: node, in: store, parameters: declared, needsBool: isToggle)
            valueKey = key
            defaultValue = store?.defaults[key.text(ConfiguredText.defaults(declared), parameters: declared)] ?? .null
        } else if isToggle {
            throw DocumentError(at: controlNode, expected: "\"value\": the store key holding the toggle's state")
        }
        let previewNode = control.take("previewValue")
        let previewValue = previewNode.map { DocumentValue($0.node) }
        if let previewNode, valueKey == nil {
            throw DocumentError(at: previewNode, expected: "no previewValue without a \"value\" to preview")
        }
        if let previewNode, isToggle, case .bool = previewNode.value {
        } else if let previewNode, isToggle {
            throw DocumentError(at: previewNode, expected: "true or false, for a toggle")
        }

        let valueLabel = try control.take("valueLabel").map { node -> (DocumentValue, [String: String]) -> String in
            if isToggle {
                guard let states = node.members else {
                    throw DocumentError(at: node, expected: "{\"on\": \"On\", \"off\": \"Off\"}: the value text of each state")
                }
                var arguments = try Arguments(owner: "the value label", primary: nil, labeled: states, valid: ["on", "off"])
                let on = try arguments.take("on").map { try ConfiguredText($0, parameters: declared) } ?? ConfiguredText(literal: "On")
                let off = try arguments.take("off").map { try ConfiguredText($0, parameters: declared) } ?? ConfiguredText(literal: "Off")
                try arguments.finish()
                return { value, configuration in (value == .bool(true) ? on : off).text(configuration, parameters: declared) }
            }
            let template = try ConfiguredText(node, parameters: declared, alsoAllowing: "value")
            return { value, configuration in
                template.text(configuration, parameters: declared).replacingOccurrences(of: "{{value}}", with: value.text)
            }
        }

        // The action: {"setValue": KEY} (a SetValueIntent, what a toggle needs) or the name of a declared intent.
        guard let actionNode = control.take("action") else {
            throw DocumentError(at: controlNode, expected: "\"action\": {\"setValue\": KEY} or the name of an intent")
        }
        // A `setValue` key may read the configuration, as a Swift SetValueIntent is built with the configured values.
        var action: ([String: String]) -> (intent: IntentReference, setValue: (@Sendable (Bool) -> IntentReference)?)
        if let members = actionNode.members {
            var arguments = try Arguments(owner: "the action", primary: nil, labeled: members, valid: ["setValue"])
            guard let keyNode = arguments.take("setValue"), case .string = keyNode.value else {
                throw DocumentError(at: actionNode, expected: "{\"setValue\": KEY}: the boolean store key the toggle sets")
            }
            try arguments.finish()
            let key = try ConfiguredText(keyNode, parameters: declared)
            guard let store else { throw DocumentError(at: keyNode, expected: "a key of the store whose default is true or false") }
            try key.checkStoreKey(at: keyNode, in: store, parameters: declared, needsBool: true)
            guard isToggle else { throw DocumentError(at: actionNode, expected: "an intent name: a button has no value to set") }
            let suite = store.suite
            action = { configuration in
                let filled = key.text(configuration, parameters: declared)
                @Sendable func make(_ value: Bool) -> IntentReference {
                    let action = DocumentSetValueIntent()
                    action.suite = suite
                    action.key = filled
                    action.value = value
                    return IntentReference(action)
                }
                return (make(false), { make($0) })
            }
        } else {
            guard case .string(let name) = actionNode.value else {
                throw DocumentError(at: actionNode, expected: "{\"setValue\": KEY} or the name of an intent")
            }
            guard let definition = intents[name] else {
                let names = intents.keys.sorted()
                throw DocumentError(
                    at: actionNode, expected: "an intent declared in \"intents\" (\(names.joined(separator: ", ")))", found: "\"\(name)\"",
                    suggestion: NearestName.suggestion(for: name, among: names))
            }
            let intent = IntentReference(definition.makeIntent())
            action = { _ in (intent, nil) }
        }
        let tint = try control.take("tint").map { try Decode.color($0).evaluate(DocumentLoader.emptyEvaluation) }
        let actionHint = try control.take("actionHint").map(DocumentLoader.literalString)
        try control.finish()

        let suite = store?.suite
        let settings = parameters?.settings
        // The values the control is configured with now: those `--param` or the Edit sheet set, else the defaults.
        func configuration() -> [String: String] {
            ConfiguredText.defaults(declared).merging(settings?.values ?? [:]) { _, chosen in chosen }
        }
        func template(_ value: DocumentValue, _ configuration: [String: String]) -> ResolvedControl {
            let text =
                valueLabel?(value, configuration)
                ?? (isToggle ? (value == .bool(true) ? "On" : "Off") : valueKey == nil ? nil : value.text)
            let (intent, setValue) = action(configuration)
            return ResolvedControl(
                kind: isToggle ? .toggle(isOn: value == .bool(true)) : .button, title: title.text(configuration, parameters: declared),
                systemImage: systemImage, valueText: text, action: intent, setValue: setValue, tint: tint, actionHint: actionHint)
        }
        // The store's default for the configured key (every configured key is checked to be declared there).
        func fallback(_ configuration: [String: String]) -> DocumentValue {
            valueKey.flatMap { store?.defaults[$0.text(configuration, parameters: declared)] } ?? defaultValue
        }
        func current(_ configuration: [String: String]) -> DocumentValue {
            guard let valueKey, let suite else { return defaultValue }
            let key = valueKey.text(configuration, parameters: declared)
            let fallback = fallback(configuration)
            let values = StoreSpec(suite: suite, defaults: [key: fallback]).read()
            if case .object(let read) = values, let value = read[key] { return value }
            return fallback
        }
        var descriptor = ControlDescriptor(
            kind: kind, hasValueProvider: valueKey != nil,
            previewTemplate: {
                let configuration = configuration()
                return template(previewValue ?? (isToggle ? .bool(false) : fallback(configuration)), configuration)
            },
            currentTemplate: {
                let configuration = configuration()
                return template(current(configuration), configuration)
            })
        descriptor.configuration = settings
        descriptor.displayName = displayName
        descriptor.description = description
        descriptor.lacksPreviewValue = valueKey != nil && previewValue == nil
        descriptor.pushHandler = pushHandler
        return descriptor
    }

    /// `"pushHandler": {"storeToken": KEY}`: the control is updated by push, as `.pushHandler(_:)` on a Swift control's
    /// configuration; its handler stores each token it is given, as lowercase hexadecimal, under KEY in the store.
    static func pushHandler(_ node: Located, kind: String, store: StoreSpec?) throws -> DocumentControlPushHandler {
        guard let members = node.members else {
            throw DocumentError(at: node, expected: "{\"storeToken\": KEY}: the store key the control's push token is kept under")
        }
        var arguments = try Arguments(owner: "the push handler", primary: nil, labeled: members, valid: ["storeToken"])
        guard let keyNode = arguments.take("storeToken"), case .string(let key) = keyNode.value, !key.isEmpty else {
            throw DocumentError(at: node, expected: "\"storeToken\": the store key the control's push token is kept under")
        }
        try arguments.finish()
        guard let store else {
            throw DocumentError(
                at: keyNode, expected: "a \"store\" in the document: the push token is kept in its App Group suite")
        }
        return DocumentControlPushHandler(kind: kind, suite: store.suite, key: key)
    }
}

/// A control document's `"pushHandler"` (`ControlPushHandler`): stores the control's push token, as lowercase
/// hexadecimal, under a key of the document's App Group suite, where the app would upload it from. The host calls this
/// instance (`ConfiguredControlPushHandler`), so it keeps the kind, suite and key it was read with.
public struct DocumentControlPushHandler: ConfiguredControlPushHandler {
    /// The control kind whose token it stores.
    public let kind: String
    /// The App Group suite.
    public let suite: String
    /// The key the token is stored under.
    public let key: String

    /// A handler that stores nothing (the protocol requires it; a document's handler is made with its key).
    public init() { self.init(kind: "", suite: "", key: "") }

    /// A handler that stores `kind`'s token under `key` in `suite`.
    public init(kind: String, suite: String, key: String) {
        self.kind = kind
        self.suite = suite
        self.key = key
    }

    /// Stores the token of the document's control (reading it counts as sending it to the server).
    public func pushTokensDidChange(controls: [ControlInfo]) {
        guard !suite.isEmpty, let store = UserDefaults(suiteName: suite) else { return }
        for control in controls where control.kind == kind {
            store.set(control.pushInfo?.token.hexadecimalString, forKey: key)
        }
    }
}

// MARK: - Strings that read the configuration

/// A string of a control document that reads its `parameters` (an `AppIntentControlConfiguration`'s intent):
/// `{{configuration.NAME}}` is the value (a number, `true`/`false`, text, an enum case's raw value, an entity's
/// identifier), `{{configuration.NAME.title}}` an enum case's or entity's title (the value for other kinds), as a
/// Swift template reads `configuration.room` and its display name. Without placeholders it is the literal string.
struct ConfiguredText: Sendable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        case value(String)
        case title(String)
    }

    let pieces: [Piece]

    init(literal: String) { pieces = [.literal(literal)] }

    /// Reads the string at `located`; `{{alsoAllowing}}` (such as a button's `{{value}}`) is kept as written.
    ///
    /// - Throws: `DocumentError` for a placeholder that names no declared parameter (with the nearest name), or that
    ///   is not `configuration.NAME` or `configuration.NAME.title`.
    init(_ located: Located, parameters: [DeclaredIntentParameter], alsoAllowing: String? = nil) throws {
        let text = try DocumentLoader.literalString(located)
        var pieces: [Piece] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            if open.lowerBound > rest.startIndex { pieces.append(.literal(String(rest[..<open.lowerBound]))) }
            let inside = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = rest[close.upperBound...]
            if inside == alsoAllowing {
                pieces.append(.literal("{{\(inside)}}"))
                continue
            }
            let parts = inside.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let names = parameters.map(\.name)
            let usage =
                (alsoAllowing.map { "{{\($0)}}, " } ?? "")
                + "{{configuration.NAME}} or {{configuration.NAME.title}} with NAME a declared parameter"
                + (names.isEmpty ? " (the document declares no \"parameters\")" : " (\(names.joined(separator: ", ")))")
            guard parts.count == 2 || (parts.count == 3 && parts[2] == "title"), parts[0] == "configuration" else {
                throw DocumentError(at: located, expected: "a placeholder \(usage)", found: "{{\(inside)}}")
            }
            guard names.contains(parts[1]) else {
                throw DocumentError(
                    at: located, expected: "a placeholder \(usage)", found: "{{\(inside)}}",
                    suggestion: NearestName.suggestion(for: parts[1], among: names).map { "configuration.\($0)" })
            }
            pieces.append(parts.count == 3 ? .title(parts[1]) : .value(parts[1]))
        }
        if !rest.isEmpty || pieces.isEmpty { pieces.append(.literal(String(rest))) }
        self.pieces = pieces
    }

    /// The names of the parameters the string reads.
    var names: [String] {
        pieces.compactMap {
            switch $0 {
            case .literal: return nil
            case .value(let name), .title(let name): return name
            }
        }
    }

    /// Each declared parameter's default value, by name.
    static func defaults(_ parameters: [DeclaredIntentParameter]) -> [String: String] {
        Dictionary(parameters.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
    }

    /// The string with `configuration`'s values (by parameter name, as `--param` text) filled in.
    func text(_ configuration: [String: String], parameters: [DeclaredIntentParameter]) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): return text
            case .value(let name): return configuration[name] ?? ""
            case .title(let name):
                let value = configuration[name] ?? ""
                return parameters.first { $0.name == name }?.choices?.first { $0.value == value }?.title ?? value
            }
        }.joined()
    }

    /// Checks that the key names a default of `store` for the default configuration and for each choice of every
    /// listed parameter it reads (an enum's cases, the entities), with a `Bool` default when `needsBool`.
    ///
    /// - Throws: `DocumentError` at `located` naming the key and the configuration that makes it.
    func checkStoreKey(at located: Located, in store: StoreSpec?, parameters: [DeclaredIntentParameter], needsBool: Bool) throws {
        let defaults = Self.defaults(parameters)
        var configurations = [defaults]
        for name in Set(names).sorted() {
            for choice in parameters.first(where: { $0.name == name })?.choices ?? [] where choice.value != defaults[name] {
                configurations.append(defaults.merging([name: choice.value]) { _, chosen in chosen })
            }
        }
        let keys = store?.defaults.keys.sorted() ?? []
        for configuration in configurations {
            let key = text(configuration, parameters: parameters)
            let made =
                names.isEmpty
                ? "" : " (made with " + Set(names).sorted().map { "\($0)=\(configuration[$0] ?? "")" }.joined(separator: ", ") + ")"
            guard let value = store?.defaults[key] else {
                throw DocumentError(
                    at: located, expected: "a key declared in the store's defaults (\(keys.joined(separator: ", ")))",
                    found: "\"\(key)\"\(made)", suggestion: NearestName.suggestion(for: key, among: keys))
            }
            if needsBool, case .bool = value {
            } else if needsBool {
                throw DocumentError(at: located, expected: "a key whose default is true or false, for a toggle", found: "\"\(key)\"\(made)")
            }
        }
    }
}
