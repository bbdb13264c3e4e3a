import Foundation
import WidgetKitUI

// MARK: - Configuration parameters and controls across the extension protocol

/// One `@Parameter` of an `AppIntentConfiguration` widget as the extension describes it: what `--param` and
/// the Edit Widget sheet need, with the choices evaluated in the extension when it was described.
public struct ArchivedParameter: Codable, Sendable, Equatable {
    /// The property name without its `_`, as `--param name=value` takes it.
    public var name: String
    /// The `title` given to `@Parameter(title:)`.
    public var title: String
    /// The value the intent starts with, as text; empty when it has none of its own (an entity resolved later).
    public var defaultValue: String
    /// The Swift type of the value (`Int`, `StationEntity`...), named in errors.
    public var typeName: String
    /// How the Edit Widget sheet asks for it.
    public var kind: IntentParameterKind
    /// The enum's cases, the entity query's `suggestedEntities()` or the `DynamicOptionsProvider`'s `results()`, as
    /// the extension listed them; nil for a parameter typed freely, or whose query failed or took over 5 seconds.
    public var options: [IntentParameterOption]?

    /// The parameter `info` of `settings`, with its choices asked now.
    public init(_ info: IntentParameterInfo, of settings: IntentParameterSettings) {
        name = info.name
        title = info.title
        defaultValue = info.defaultValue
        typeName = info.typeName
        kind = info.kind
        options = info.hasChoices ? settings.options(for: info.name) : nil
    }

    /// The parameter as the preview's `IntentParameterSettings` holds it (a parameter with choices keeps them,
    /// even when the extension could not list them when it was described).
    var info: IntentParameterInfo {
        IntentParameterInfo(
            name: name, title: title, defaultValue: defaultValue, typeName: typeName, kind: kind,
            hasChoices: options != nil || kind == .enumeration || kind == .entity)
    }
}

/// A control (`ControlWidget`) of the bundle as the preview needs to know it; its value provider and intents
/// stay in the extension process.
public struct ArchivedControlWidget: Codable, Sendable, Equatable {
    /// The control's kind.
    public var kind: String
    /// `.displayName(_:)`, the kind when not set.
    public var displayName: String
    /// `.description(_:)`.
    public var description: String
    /// Whether a value provider supplies the value.
    public var hasValueProvider: Bool
    /// Whether the control reads a value but declares no `previewValue` (widget documents only).
    public var lacksPreviewValue: Bool
    /// `.promptsForUserConfiguration()`.
    public var promptsForUserConfiguration: Bool
    /// For an `AppIntentControlConfiguration`: its intent's parameters, in declaration order, with the choices the
    /// extension lists when it is described; nil for any other control.
    public var parameters: [ArchivedParameter]?
    /// The name of its `.pushHandler(_:)` type (`ControlPushHandler`); nil for a control not updated by push.
    public var pushHandler: String?
    /// Which handler that is (`ControlDescriptor.pushHandlerID`, the fully qualified type name): the preview calls the
    /// handlers of one ID once between them, and two types of one simple name are two.
    public var pushHandlerID: String?

    /// The wire form of `control`.
    public init(_ control: ControlDescriptor) {
        kind = control.kind
        displayName = control.displayName
        description = control.description
        hasValueProvider = control.hasValueProvider
        lacksPreviewValue = control.lacksPreviewValue
        promptsForUserConfiguration = control.promptsForUserConfiguration
        parameters = control.configuration.map { settings in settings.parameters.map { ArchivedParameter($0, of: settings) } }
        pushHandler = control.pushHandlerName
        pushHandlerID = control.pushHandlerID
    }
}

/// `ResolvedControl` on the wire. A toggle's `setValue` closure cannot cross, so both of its outcomes do: the
/// action with `value` set to true and to false, each archived by an id of its own in the extension's
/// `IntentTable`, under which the extension keeps a `ControlValueAction` that sets the value when it is performed
/// (an intent's `@Parameter`s share their storage with its copies, so the two outcomes cannot both be kept made).
public struct ArchivedControl: Codable, Sendable, Equatable {
    /// True for `ControlWidgetToggle`, false for `ControlWidgetButton`.
    public var isToggle: Bool
    /// A toggle's state (false for a button).
    public var isOn: Bool
    /// The label's text.
    public var title: String
    /// The label's SF Symbol name.
    public var systemImage: String?
    /// The value text.
    public var valueText: String?
    /// The intent a tap runs (a toggle's action as it is now).
    public var action: IntentReference
    /// A toggle's action with `value` set to true, and set to false; nil for a button or a toggle whose action
    /// is not a `SetValueIntent`.
    public var turnsOn: IntentReference?, turnsOff: IntentReference?
    /// `.tint(_:)`.
    public var tint: Color?
    /// `.controlWidgetActionHint(_:)`.
    public var actionHint: String?

    /// The wire form of the template of the control `kind`; a toggle's two outcomes are kept in `intents`.
    public init(_ control: ResolvedControl, kind: String, intents: IntentTable) {
        if case .toggle(let on) = control.kind {
            isToggle = true
            isOn = on
        } else {
            isToggle = false
            isOn = false
        }
        title = control.title
        systemImage = control.systemImage
        valueText = control.valueText
        action = control.action
        if let setValue = control.setValue {
            turnsOn = Self.outcome(of: setValue, value: true, kind: kind, intents: intents)
            turnsOff = Self.outcome(of: setValue, value: false, kind: kind, intents: intents)
        }
        tint = control.tint
        actionHint = control.actionHint
    }

    /// A reference named as `setValue(value)` is (`SetLampIntent(value=true)`) whose id runs a
    /// `ControlValueAction`; nil only if the reference cannot be written (not expected).
    private static func outcome(
        of setValue: @escaping @Sendable (Bool) -> IntentReference, value: Bool, kind: String, intents: IntentTable
    ) -> IntentReference? {
        struct Wire: Encodable {
            var typeName: String, title: String, parameters: [String], id: String
        }
        let made = setValue(value)
        let id = "control \(kind): \(made.description)"
        intents.register(ControlValueAction(setValue: setValue, value: value), id: id)
        // Decoded, the reference's intent is an `ArchivedIntent` with this id, which encoding keeps.
        let wire = Wire(typeName: made.typeName, title: made.title, parameters: made.parameters, id: id)
        guard let data = try? JSONEncoder().encode(wire) else { return nil }
        return try? JSONDecoder().decode(IntentReference.self, from: data)
    }

    /// The template in the preview: its intents run in the extension through the decoder's `IntentPerformer`.
    public var control: ResolvedControl {
        var setValue: (@Sendable (Bool) -> IntentReference)?
        if let turnsOn, let turnsOff { setValue = { $0 ? turnsOn : turnsOff } }
        return ResolvedControl(
            kind: isToggle ? .toggle(isOn: isOn) : .button, title: title, systemImage: systemImage, valueText: valueText,
            action: action, setValue: setValue, tint: tint, actionHint: actionHint)
    }
}

/// A control toggle's action with its new value, made when it is performed: `setValue(value)`, then its `perform()`.
struct ControlValueAction: AppIntent {
    static var title: LocalizedStringResource { "Set a control's value" }
    let setValue: @Sendable (Bool) -> IntentReference
    let value: Bool

    init() {
        setValue = { _ in IntentReference(ArchivedIntent()) }
        value = false
    }

    init(setValue: @escaping @Sendable (Bool) -> IntentReference, value: Bool) {
        self.setValue = setValue
        self.value = value
    }

    func perform() async throws -> IntentResultValue {
        try await setValue(value).perform()
        return .result()
    }
}

// MARK: - The extension's answers

extension ExtensionServer {
    /// The parameters of a widget, for `describe`; nil for a widget that is not an `AppIntentConfiguration`.
    static func parameters(of widget: WidgetDescriptor) -> [ArchivedParameter]? {
        guard let settings = widget.configuration else { return nil }
        return settings.parameters.map { ArchivedParameter($0, of: settings) }
    }

    /// Answers the parameter requests (`configured`, `parameterCheck`, `parameterOptions`, `parameterValue`); nil
    /// for any other request.
    func answerParameters(_ request: ExtensionRequest) -> ExtensionResponse? {
        switch request {
        case .configured(let values, let inner):
            switch inner {
            case .placeholder(let kind, _), .snapshot(let kind, _), .timeline(let kind, _):
                guard let settings = widget(ofKind: kind)?.configuration else { return .failure("\(kind) has no parameters") }
                settings.restore(values)
                return answer(inner)
            default:
                return .failure("only placeholder, snapshot and timeline requests carry parameter values")
            }
        case .parameterCheck(let kind, _, _), .parameterOptions(let kind, _), .parameterValue(let kind, _, _):
            guard let settings = widget(ofKind: kind)?.configuration else { return .failure("\(kind) has no parameters") }
            return answerParameter(request, settings: settings)
        default:
            return nil
        }
    }

    /// Answers `parameterCheck`, `parameterOptions` or `parameterValue` from a widget's or a control's settings; nil
    /// for any other request.
    private func answerParameter(_ request: ExtensionRequest, settings: IntentParameterSettings) -> ExtensionResponse? {
        switch request {
        case .parameterCheck(_, let name, let value):
            let kept = settings.values
            defer { settings.restore(kept) }
            do {
                try settings.set(name, to: value)
                return .parameterCheck(refusal: nil)
            } catch let refusal as IntentParameterError {
                return .parameterCheck(refusal: refusal)
            } catch {
                return .failure("\(error)")
            }
        case .parameterOptions(_, let name):
            return .parameterOptions(settings.options(for: name))
        case .parameterValue(_, let name, let values):
            settings.restore(values)
            return .parameterValue(settings.currentValue(of: name))
        default:
            return nil
        }
    }

    /// Answers `describeControls` and `controlTemplate`; nil for any other request. `currentValue()` runs on the
    /// widget code executor; the parent ends the process when it takes too long.
    func answerControls(_ request: ExtensionRequest) -> ExtensionResponse? {
        switch request {
        case .configuredControl(let values, let inner):
            switch inner {
            case .controlTemplate(let kind, _), .parameterCheck(let kind, _, _), .parameterOptions(let kind, _),
                .parameterValue(let kind, _, _):
                guard let settings = control(ofKind: kind)?.configuration else { return .failure("the control \(kind) has no parameters") }
                settings.restore(values)
                if case .controlTemplate = inner { return answerControls(inner) }
                return answerParameter(inner, settings: settings)
            default:
                return .failure("only control templates and parameter requests carry a control's values")
            }
        case .describeControls:
            return .controls(controlOrder.map(ArchivedControlWidget.init))
        case .controlPushTokens(let kind, let controls):
            guard let control = control(ofKind: kind) else { return .failure("no control of kind \(kind)") }
            guard let handler = control.pushHandler else { return .failure("the control \(kind) has no push handler") }
            // As WidgetPushTokenService calls a handler in one process: a new instance of a Swift type, a configured
            // handler (a control document's) itself; reading a token is what counts as storing it. What the handler
            // stores in the App Group is saved under the store's lock, as an intent's changes are.
            let transaction = UserDefaultsTransaction()
            transaction.begin()
            defer { _ = transaction.commit() }
            let reads = PushTokenReads()
            let infos = controls.map { ControlInfo(kind: $0.kind, pushInfo: $0.token.map { ControlPushInfo(token: $0, reads: reads) }) }
            HostContext.current.run {
                if handler is any ConfiguredControlPushHandler {
                    handler.pushTokensDidChange(controls: infos)
                } else {
                    type(of: handler).init().pushTokensDidChange(controls: infos)
                }
            }
            return .pushTokensRead(controls.compactMap(\.token).filter(reads.contains))
        case .controlTemplate(let kind, let current):
            guard let control = control(ofKind: kind) else { return .failure("no control of kind \(kind)") }
            let host = HostContext.current
            guard current else { return .control(ArchivedControl(host.run { control.previewTemplate() }, kind: kind, intents: intents)) }
            AppGroupStore.refreshUserDefaultsIfIdle()
            let box = CompletionBox<Result<ResolvedControl, ControlValueProblem>>()
            host.run(executingWidgetTasksOn: WidgetCodeExecutor.shared) {
                HostContext.startWidgetTask {
                    do {
                        box.fulfil(.success(try await control.currentTemplate()))
                    } catch {
                        box.fulfil(.failure(.threw("threw \(type(of: error)): \(error)")))
                    }
                }
            }
            switch box.wait(seconds: 365 * 86400) {
            case .success(let template): return .control(ArchivedControl(template, kind: kind, intents: intents))
            case .failure(let problem): return .failure(problem.description)
            case nil: return .failure("currentValue() returned nothing")
            }
        default:
            return nil
        }
    }
}

// MARK: - The preview's side

extension RemoteWidgets {
    /// The preview's settings of a configurable kind: values are kept here and sent with each provider request;
    /// checks, choices and current values are asked of the kind's process (each within the provider time limit).
    /// `wrap` wraps each request (a control's go as `configuredControl`).
    func parameterSettings(
        kind: String, parameters: [ArchivedParameter], process: ExtensionProcess,
        wrap: @escaping @Sendable (ExtensionRequest) -> ExtensionRequest = { $0 }
    ) -> IntentParameterSettings {
        let limit = providerTimeLimit
        let source = IntentParameterSource(
            check: { name, value in
                let answer = try process.send(wrap(.parameterCheck(kind: kind, name: name, value: value)), within: limit)
                guard case .parameterCheck(let refusal) = answer else { throw Self.unexpected(answer) }
                if let refusal { throw refusal }
            },
            options: { name in
                let request = wrap(.parameterOptions(kind: kind, name: name))
                guard case .parameterOptions(let options) = try? process.send(request, within: limit) else { return nil }
                return options
            },
            currentValue: { name, values in
                let request = wrap(.parameterValue(kind: kind, name: name, values: values))
                guard case .parameterValue(let value) = try? process.send(request, within: limit) else { return nil }
                return value
            })
        return IntentParameterSettings(parameters: parameters.map(\.info), source: source)
    }

    /// The bundle's controls, whose templates and intents are requests to a process of each control's own: the
    /// add sheet's template (`previewValue`), Control Center's (`currentValue()`), and a tap's intent. A template
    /// the extension cannot give (it died or missed its deadline) is a button showing why; `currentValue()`
    /// throws the failure, which `ControlSession` reports.
    public var controlDescriptors: [ControlDescriptor] {
        controls.map { control in
            let kind = control.kind
            let process = process(forKind: "control:" + kind)
            let limit = providerTimeLimit
            let performer = IntentPerformer { [intentTimeLimit] id in
                try await Self.perform(id, on: process, within: intentTimeLimit)
            }
            // A configurable control's values live here; each template request carries them to the extension.
            let settings = control.parameters.map {
                parameterSettings(kind: kind, parameters: $0, process: process) { .configuredControl(values: [:], request: $0) }
            }
            @Sendable func template(current: Bool) throws -> ResolvedControl {
                var request = ExtensionRequest.controlTemplate(kind: kind, current: current)
                if let settings { request = .configuredControl(values: settings.values, request: request) }
                let answer = try process.send(request, within: limit, performer: performer)
                guard case .control(let archived) = answer else { throw Self.unexpected(answer) }
                return archived.control
            }
            var descriptor = ControlDescriptor(
                kind: kind, hasValueProvider: control.hasValueProvider,
                previewTemplate: {
                    do {
                        return try template(current: false)
                    } catch {
                        return ResolvedControl(
                            kind: .button, title: control.displayName, systemImage: nil,
                            valueText: "the extension \(Self.failure(error))", action: IntentReference(ArchivedIntent()))
                    }
                },
                currentTemplate: { try template(current: true) })
            descriptor.displayName = control.displayName
            descriptor.description = control.description
            descriptor.lacksPreviewValue = control.lacksPreviewValue
            descriptor.promptsForUserConfiguration = control.promptsForUserConfiguration
            descriptor.configuration = settings
            if let name = control.pushHandler {
                descriptor.pushHandler = RemoteControlPushHandler(
                    // An extension of protocol 11 sends the ID with the name; the name stands in if one does not.
                    kind: kind, handlerName: name, handlerID: control.pushHandlerID ?? name,
                    send: ExtensionPushForwarder.sending(to: process, within: limit) { .controlPushTokens(kind: kind, controls: $0) })
            }
            return descriptor
        }
    }
}
