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
    static let topKeys = ["$schema", "version", "kind", "displayName", "description", "store", "intents", "pushHandler", "control"]
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
        let title = try label.take("title").map(DocumentLoader.literalString) ?? ""
        let systemImage = try label.take("systemImage").map(DocumentLoader.literalString)
        try label.finish()

        // The value: a key of the store, read as currentValue(); previewValue for the add sheet.
        var valueKey: String?
        var defaultValue = DocumentValue.null
        if let node = control.take("value") {
            guard case .string(let key) = node.value else { throw DocumentError(at: node, expected: "a store key") }
            guard let store, let fallback = store.defaults[key] else {
                let keys = store?.defaults.keys.sorted() ?? []
                throw DocumentError(
                    at: node, expected: "a key declared in the store's defaults (\(keys.joined(separator: ", ")))", found: "\"\(key)\"",
                    suggestion: NearestName.suggestion(for: key, among: keys))
            }
            if isToggle, case .bool = fallback {
            } else if isToggle {
                throw DocumentError(at: node, expected: "a key whose default is true or false, for a toggle")
            }
            valueKey = key
            defaultValue = fallback
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

        let valueLabel = try control.take("valueLabel").map { node -> (DocumentValue) -> String in
            if isToggle {
                guard let states = node.members else {
                    throw DocumentError(at: node, expected: "{\"on\": \"On\", \"off\": \"Off\"}: the value text of each state")
                }
                var arguments = try Arguments(owner: "the value label", primary: nil, labeled: states, valid: ["on", "off"])
                let on = try arguments.take("on").map(DocumentLoader.literalString) ?? "On"
                let off = try arguments.take("off").map(DocumentLoader.literalString) ?? "Off"
                try arguments.finish()
                return { $0 == .bool(true) ? on : off }
            }
            let template = try DocumentLoader.literalString(node)
            return { template.replacingOccurrences(of: "{{value}}", with: $0.text) }
        }

        // The action: {"setValue": KEY} (a SetValueIntent, what a toggle needs) or the name of a declared intent.
        guard let actionNode = control.take("action") else {
            throw DocumentError(at: controlNode, expected: "\"action\": {\"setValue\": KEY} or the name of an intent")
        }
        var intent: IntentReference
        var setValue: (@Sendable (Bool) -> IntentReference)?
        if let members = actionNode.members {
            var arguments = try Arguments(owner: "the action", primary: nil, labeled: members, valid: ["setValue"])
            guard let keyNode = arguments.take("setValue"), case .string(let key) = keyNode.value else {
                throw DocumentError(at: actionNode, expected: "{\"setValue\": KEY}: the boolean store key the toggle sets")
            }
            try arguments.finish()
            guard let store, case .bool = store.defaults[key] else {
                throw DocumentError(at: keyNode, expected: "a key of the store whose default is true or false")
            }
            guard isToggle else { throw DocumentError(at: actionNode, expected: "an intent name: a button has no value to set") }
            let suite = store.suite
            @Sendable func make(_ value: Bool) -> IntentReference {
                let action = DocumentSetValueIntent()
                action.suite = suite
                action.key = key
                action.value = value
                return IntentReference(action)
            }
            intent = make(false)
            setValue = { make($0) }
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
            intent = IntentReference(definition.makeIntent())
        }
        let tint = try control.take("tint").map { try Decode.color($0).evaluate(DocumentLoader.emptyEvaluation) }
        let actionHint = try control.take("actionHint").map(DocumentLoader.literalString)
        try control.finish()

        let suite = store?.suite
        func template(_ value: DocumentValue) -> ResolvedControl {
            let text = valueLabel?(value) ?? (isToggle ? (value == .bool(true) ? "On" : "Off") : valueKey == nil ? nil : value.text)
            return ResolvedControl(
                kind: isToggle ? .toggle(isOn: value == .bool(true)) : .button, title: title, systemImage: systemImage,
                valueText: text, action: intent, setValue: setValue, tint: tint, actionHint: actionHint)
        }
        func current() -> DocumentValue {
            guard let valueKey, let suite else { return defaultValue }
            let values = StoreSpec(suite: suite, defaults: [valueKey: defaultValue]).read()
            if case .object(let read) = values, let value = read[valueKey] { return value }
            return defaultValue
        }
        var descriptor = ControlDescriptor(
            kind: kind, hasValueProvider: valueKey != nil,
            previewTemplate: { template(previewValue ?? (isToggle ? .bool(false) : defaultValue)) },
            currentTemplate: { template(current()) })
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
