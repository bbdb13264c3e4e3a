import Foundation

// MARK: - Control Center controls (iOS 18+)

/// A control for Control Center, the Lock Screen's bottom slots and the Action button, as
/// `WidgetKit.ControlWidget` (iOS 18+). A bundle lists it beside its widgets; WidgetTerm shows it with
/// `widgetterm control KIND`.
public protocol ControlWidget {
    associatedtype Body: ControlWidgetConfiguration
    init()
    var body: Body { get }
}

/// What a control declares, as `WidgetKit.ControlWidgetConfiguration`.
public protocol ControlWidgetConfiguration {
    /// The type-erased description the host runs.
    var controlDescriptor: ControlDescriptor { get }
}

/// A control's look and action, as `WidgetKit.ControlWidgetTemplate`: `ControlWidgetButton` or
/// `ControlWidgetToggle`, with template modifiers.
public protocol ControlWidgetTemplate {
    /// The template with its label resolved to a title, a symbol and a value text.
    var resolvedControl: ResolvedControl { get }
}

/// A value a control shows, read by the system, as `WidgetKit.ControlValueProvider` (iOS 18+).
/// `previewValue` is shown in the add sheet; `currentValue()` is called when the control is shown and again
/// after each tap.
public protocol ControlValueProvider {
    associatedtype Value
    /// A value for the add sheet: cheap, synchronous.
    var previewValue: Value { get }
    /// The real value (may fetch; may throw).
    func currentValue() async throws -> Value
}

/// An intent a configurable control is built from, as `AppIntents.ControlConfigurationIntent`.
public protocol ControlConfigurationIntent: AppIntent {}

/// A value provider that reads the control's configuration intent, as
/// `WidgetKit.AppIntentControlValueProvider` (iOS 18+).
public protocol AppIntentControlValueProvider {
    associatedtype Value
    associatedtype Configuration: ControlConfigurationIntent
    /// A value for the add sheet.
    func previewValue(configuration: Configuration) -> Value
    /// The real value for this configuration.
    func currentValue(configuration: Configuration) async throws -> Value
}

/// An intent that sets one value, as `AppIntents.SetValueIntent`: a control toggle sets `value` to the new
/// state before it calls `perform()`.
public protocol SetValueIntent: AppIntent {
    associatedtype ValueType: Sendable
    var value: ValueType { get set }
}

/// Receives a control's push tokens, as `WidgetKit.ControlPushHandler` (iOS 18+).
public protocol ControlPushHandler: Sendable {
    init()
    /// Called with every control of the extension whose push token changed.
    func pushTokensDidChange(controls: [ControlInfo])
}

/// A push handler whose instance carries what it does, such as a control document's `"pushHandler"`: the host calls
/// the instance the control was configured with instead of a new one. WidgetTerm's own protocol, not Apple's: in
/// Swift a handler is a type the system creates for each call.
public protocol ConfiguredControlPushHandler: ControlPushHandler {
    /// The name diagnostics give the handler (`push-token-not-stored`): its type's name unless it stands for another
    /// (a handler in an extension process is named after the type there).
    var handlerName: String { get }
    /// Handlers with the same key stand for one handler and get one call between them, with every control's token, as
    /// a Swift handler type gets one new instance per token change; nil (the default): this instance is called for its
    /// own control alone (it is grouped under `configured NAME KIND`, `controlGroupKey(kind:)`).
    ///
    /// Optional here but a `String` defaulting to `configured NAME` on `ConfiguredWidgetPushHandler`: a widget handler
    /// is handed the extension's one token, so handlers of one name are one handler by default; each control has a
    /// token of its own, and a configured control handler (a control document's) is made for its control alone, so by
    /// default it is not grouped with another control's handler of the same name.
    var groupKey: String? { get }
}

extension ConfiguredControlPushHandler {
    /// The handler's type name.
    public var handlerName: String { "\(Self.self)" }
    /// None: the instance is called on its own.
    public var groupKey: String? { nil }

    /// The key the handler of control `kind` is grouped under (`WidgetPushTokenService`, `pushHandlerID`): its
    /// `groupKey`, or without one `configured NAME KIND`, a key of that control's alone.
    package func controlGroupKey(kind: String) -> String { groupKey ?? "configured \(handlerName) \(kind)" }
}

/// One control instance as the push handler sees it, as `WidgetKit.ControlInfo`.
public struct ControlInfo: Sendable, Hashable {
    /// The control's kind.
    public let kind: String
    /// Its push token, nil until the system has one.
    public let pushInfo: ControlPushInfo?
    /// An instance of the control `kind` with its push token, if it has one.
    public init(kind: String, pushInfo: ControlPushInfo?) {
        self.kind = kind
        self.pushInfo = pushInfo
    }
}

/// A control's push token, as `WidgetKit.ControlPushInfo`.
public struct ControlPushInfo: Sendable, Hashable {
    private let bytes: Data
    private let reads: PushTokenReads?
    /// The APNs token (bytes). Reading it is what WidgetTerm counts as sending it to the server.
    public var token: Data {
        reads?.record(bytes)
        return bytes
    }
    /// The token without counting a read: the host forwarding it to an extension process, where the handler's own
    /// read is what counts.
    package var unreadToken: Data { bytes }
    /// Notes that the handler this token was handed to could not be called: see `PushTokenReads.recordFailure`.
    package func recordHandlerFailure(_ reason: String) { reads?.recordFailure(bytes, reason: reason) }
    /// A push token from its APNs bytes.
    public init(token: Data) { self.init(token: token, reads: nil) }
    /// A token whose reads are recorded in `reads` (`WidgetPushTokenService`).
    public init(token: Data, reads: PushTokenReads?) {
        bytes = token
        self.reads = reads
    }
    /// Infos are equal when their tokens are.
    public static func == (lhs: ControlPushInfo, rhs: ControlPushInfo) -> Bool { lhs.bytes == rhs.bytes }
    /// Hashes the token.
    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}

// MARK: - The resolved template

/// A control template as WidgetTerm draws and runs it: the label's title and SF Symbol, the value text, the
/// action and whether it is a toggle.
public struct ResolvedControl: ControlWidgetTemplate, Equatable, @unchecked Sendable {
    /// A button runs its action; a toggle flips `isOn` and runs its action with the new value.
    public enum Kind: Equatable, Sendable {
        case button
        case toggle(isOn: Bool)
    }

    /// Whether the control is a button or a toggle, and a toggle's current state.
    public var kind: Kind
    /// The label's text (its `Text` views joined by a space); empty when the label has none.
    public var title: String
    /// The label's SF Symbol name, nil when the label has no `Image(systemName:)`.
    public var systemImage: String?
    /// The value text (`valueLabel`, or "On"/"Off" for a toggle without one); nil for a button without one.
    public var valueText: String?
    /// The intent a tap runs.
    public var action: IntentReference
    /// For a toggle: sets the action's value to the new state (nil for a button).
    public var setValue: (@Sendable (Bool) -> IntentReference)?
    /// `.tint(_:)`: the colour of the symbol's disc when on (nil: the system's default).
    public var tint: Color?
    /// `.controlWidgetActionHint(_:)`: what the action does, for VoiceOver.
    public var actionHint: String?

    /// The template itself: it is already resolved.
    public var resolvedControl: ResolvedControl { self }

    /// A template from its parts (widget documents build one this way).
    public init(
        kind: Kind, title: String, systemImage: String?, valueText: String?, action: IntentReference,
        setValue: (@Sendable (Bool) -> IntentReference)? = nil, tint: Color? = nil, actionHint: String? = nil
    ) {
        self.kind = kind
        self.title = title
        self.systemImage = systemImage
        self.valueText = valueText
        self.action = action
        self.setValue = setValue
        self.tint = tint
        self.actionHint = actionHint
    }

    /// Equal when every part but `setValue` matches (closures cannot be compared).
    public static func == (lhs: ResolvedControl, rhs: ResolvedControl) -> Bool {
        lhs.kind == rhs.kind && lhs.title == rhs.title && lhs.systemImage == rhs.systemImage && lhs.valueText == rhs.valueText
            && lhs.action == rhs.action && lhs.tint == rhs.tint && lhs.actionHint == rhs.actionHint
    }

    /// The title and symbol of a label view: its `Text`s and its first `Image(systemName:)`.
    static func labelParts<V: View>(of label: V) -> (title: String, symbol: String?) {
        let node = ResolveContext(environment: EnvironmentValues()).resolve(label)
        var texts: [String] = []
        var symbol: String?
        func walk(_ node: ViewNode) {
            switch node {
            case .text(let text):
                let string = text.runs.map { run -> String in
                    if case .verbatim(let characters) = run.content { return characters }
                    return ""
                }.joined()
                if !string.isEmpty { texts.append(string) }
            case .image(let image):
                if symbol == nil, case .systemSymbol(let name) = image.source { symbol = name }
            case .group(let children): children.forEach(walk)
            case .stack(let stack): stack.children.forEach(walk)
            case .modified(let inner, _): walk(inner)
            default: break
            }
        }
        walk(node)
        return (texts.joined(separator: " "), symbol)
    }
}

/// Builds a control's template, as `WidgetKit.ControlWidgetTemplateBuilder`: one template, or one per branch.
@resultBuilder
public enum ControlWidgetTemplateBuilder {
    /// A template statement, resolved at once.
    public static func buildExpression<T: ControlWidgetTemplate>(_ template: T) -> ResolvedControl { template.resolvedControl }
    /// The one template of the body.
    public static func buildBlock(_ template: ResolvedControl) -> ResolvedControl { template }
    /// The template of an `if` branch taken.
    public static func buildEither(first template: ResolvedControl) -> ResolvedControl { template }
    /// The template of an `else` branch taken.
    public static func buildEither(second template: ResolvedControl) -> ResolvedControl { template }
    /// A template inside `if #available`.
    public static func buildLimitedAvailability(_ template: ResolvedControl) -> ResolvedControl { template }
}

// MARK: - Templates

/// A control that runs an action, as `WidgetKit.ControlWidgetButton` (iOS 18+).
public struct ControlWidgetButton<Label: View, Action: AppIntent>: ControlWidgetTemplate {
    let action: Action
    let label: Label
    let valueText: String?

    /// A button whose label is a view (a `Label` with an SF Symbol, usually).
    public init(action: Action, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
        valueText = nil
    }

    /// A button with a label and a value text under it (WidgetTerm draws the value's characters).
    public init<ValueLabel: View>(action: Action, @ViewBuilder label: () -> Label, @ViewBuilder valueLabel: () -> ValueLabel) {
        self.action = action
        self.label = label()
        let value = ResolvedControl.labelParts(of: valueLabel()).title
        valueText = value.isEmpty ? nil : value
    }

    /// The label's title and SF Symbol, the value text if any, and the action to run on a tap.
    public var resolvedControl: ResolvedControl {
        let parts = ResolvedControl.labelParts(of: label)
        return ResolvedControl(
            kind: .button, title: parts.title, systemImage: parts.symbol, valueText: valueText, action: IntentReference(action))
    }
}

/// A control with an on and an off state, as `WidgetKit.ControlWidgetToggle` (iOS 18+). Its action is a
/// `SetValueIntent` whose `value` is set to the new state before `perform()`.
public struct ControlWidgetToggle<Label: View, ValueLabel: View, Action: SetValueIntent>: ControlWidgetTemplate
where Action.ValueType == Bool {
    let isOn: Bool
    let action: Action
    let title: () -> (String, String?)
    let valueText: (Bool) -> String

    /// A toggle whose value text is "On" or "Off".
    public init(isOn: Bool, action: Action, @ViewBuilder label: @escaping () -> Label) where ValueLabel == EmptyView {
        self.isOn = isOn
        self.action = action
        title = { ResolvedControl.labelParts(of: label()) }
        valueText = { $0 ? "On" : "Off" }
    }

    /// A toggle with a value label for each state.
    public init(
        isOn: Bool, action: Action, @ViewBuilder label: @escaping () -> Label, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel
    ) {
        self.isOn = isOn
        self.action = action
        title = { ResolvedControl.labelParts(of: label()) }
        valueText = { ResolvedControl.labelParts(of: valueLabel($0)).title }
    }

    /// The label's title and symbol, the value text for the current state, the action, and how to set the
    /// action's `value` to a new state.
    public var resolvedControl: ResolvedControl {
        let (text, symbol) = title()
        let action = self.action
        return ResolvedControl(
            kind: .toggle(isOn: isOn), title: text, systemImage: symbol, valueText: valueText(isOn),
            action: IntentReference(action),
            setValue: { newValue in
                var changed = action
                changed.value = newValue
                return IntentReference(changed)
            })
    }
}

extension ControlWidgetToggle where Label == Text {
    /// A toggle titled `title`, with a value label for each state (the label's SF Symbol, if any, is the
    /// value label's).
    public init(_ title: LocalizedStringKey, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ValueLabel) {
        self.isOn = isOn
        self.action = action
        let titleText = Text(title)
        self.title = {
            let value = ResolvedControl.labelParts(of: valueLabel(isOn))
            return (ResolvedControl.labelParts(of: titleText).title, value.symbol)
        }
        valueText = { ResolvedControl.labelParts(of: valueLabel($0)).title }
    }
}

extension ControlWidgetTemplate {
    private func changed(_ change: (inout ResolvedControl) -> Void) -> ResolvedControl {
        var control = resolvedControl
        change(&control)
        return control
    }
    /// The colour of the control when on, as `ControlWidgetTemplate.tint(_:)`.
    public func tint(_ color: Color?) -> ResolvedControl { changed { $0.tint = color } }
    /// What the action does, for VoiceOver, as `controlWidgetActionHint(_:)`.
    public func controlWidgetActionHint(_ hint: LocalizedStringKey) -> ResolvedControl { changed { $0.actionHint = hint.key } }
    /// What the action does, for VoiceOver, from a `Text`.
    public func controlWidgetActionHint(_ hint: Text) -> ResolvedControl { changed { $0.actionHint = hint.keyString } }
    /// What the action does, for VoiceOver, from a string.
    public func controlWidgetActionHint<S: StringProtocol>(_ hint: S) -> ResolvedControl { changed { $0.actionHint = String(hint) } }
}

// MARK: - Configurations

/// Everything the host needs to run one control kind, without its generic types.
public struct ControlDescriptor: @unchecked Sendable {
    /// The control's kind string, as given to the configuration and to `widgetterm control KIND`.
    public var kind: String
    /// `.displayName(_:)`: the name in the controls gallery (the kind when not set).
    public var displayName: String
    /// `.description(_:)`: the line under the name in the gallery.
    public var description: String
    /// `.pushHandler(_:)`: receives push tokens; nil when the control is not updated by push.
    public var pushHandler: (any ControlPushHandler)?
    /// `.promptsForUserConfiguration()`: the configuration sheet opens when the control is added.
    public var promptsForUserConfiguration = false
    /// True when a value provider supplies the value (`provider:`), so the add sheet shows `previewValue`.
    public var hasValueProvider: Bool
    /// True when the control reads a value but declares no `previewValue` (possible in a widget document only:
    /// Swift's `ControlValueProvider` requires one); the add sheet then shows a default.
    public var lacksPreviewValue = false
    /// The template with the provider's `previewValue` (the add sheet).
    public let previewTemplate: () -> ResolvedControl
    /// The template with the provider's `currentValue()` (what Control Center shows; called again after a tap).
    public let currentTemplate: () async throws -> ResolvedControl
    /// For an `AppIntentControlConfiguration`: its intent's parameters and the values chosen for them (`--param`,
    /// the preview's Edit sheet), which both templates are built with; nil for a control without configuration.
    public var configuration: IntentParameterSettings?

    /// A descriptor named by its kind, with no description, push handler or configuration prompt.
    public init(
        kind: String, hasValueProvider: Bool, previewTemplate: @escaping () -> ResolvedControl,
        currentTemplate: @escaping () async throws -> ResolvedControl
    ) {
        self.kind = kind
        displayName = kind
        description = ""
        self.hasValueProvider = hasValueProvider
        self.previewTemplate = previewTemplate
        self.currentTemplate = currentTemplate
    }
}

extension ControlDescriptor {
    /// The name of the push handler's type, as diagnostics and `widgetterm push` give it (for a handler that stands for
    /// another, such as one in an extension process, that one's); nil without a handler.
    public var pushHandlerName: String? {
        pushHandler.map { ($0 as? any ConfiguredControlPushHandler)?.handlerName ?? "\(type(of: $0))" }
    }

    /// Which push handler the control has, unlike `pushHandlerName` unique for each type: `String(reflecting:)` of the
    /// type (its module and enclosing types included, so two types of one simple name are two); for a configured
    /// handler its `groupKey`, or without one `configured NAME KIND` (called for its own control alone); nil without a
    /// handler. What an extension process sends the preview for its handler.
    public var pushHandlerID: String? {
        pushHandler.map { handler in
            if let configured = handler as? any ConfiguredControlPushHandler {
                return configured.controlGroupKey(kind: kind)
            }
            return String(reflecting: type(of: handler))
        }
    }
}

/// A control with no user configuration, as `WidgetKit.StaticControlConfiguration` (iOS 18+).
public struct StaticControlConfiguration: ControlWidgetConfiguration {
    /// What the host runs: kind, modifiers and the templates for the add sheet and for Control Center.
    public var controlDescriptor: ControlDescriptor

    /// A control whose template needs no value.
    public init(kind: String, @ControlWidgetTemplateBuilder content: @escaping () -> ResolvedControl) {
        controlDescriptor = ControlDescriptor(
            kind: kind, hasValueProvider: false, previewTemplate: content, currentTemplate: { content() })
    }

    /// A control whose template is built from a provider's value.
    public init<Provider: ControlValueProvider>(
        kind: String, provider: Provider, @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> ResolvedControl
    ) {
        controlDescriptor = ControlDescriptor(
            kind: kind, hasValueProvider: true, previewTemplate: { content(provider.previewValue) },
            currentTemplate: { content(try await provider.currentValue()) })
    }
}

/// A control the person configures, as `WidgetKit.AppIntentControlConfiguration` (iOS 18+). WidgetTerm
/// builds its intent with the values chosen for its parameters (`--param name=value`, the preview's Edit sheet),
/// the others with their defaults (an entity query's `defaultResult()` when the parameter has none), as it does
/// for an `AppIntentConfiguration` widget.
public struct AppIntentControlConfiguration<Intent: ControlConfigurationIntent>: ControlWidgetConfiguration {
    /// What the host runs; both templates use an intent built from `configuration`'s values.
    public var controlDescriptor: ControlDescriptor

    /// A control whose template is built from its configuration.
    public init(kind: String, intent: Intent.Type, @ControlWidgetTemplateBuilder content: @escaping (Intent) -> ResolvedControl) {
        let configuration = IntentParameterSettings(intent: Intent())
        controlDescriptor = ControlDescriptor(
            kind: kind, hasValueProvider: false, previewTemplate: { content(Self.intent(configuration)) },
            currentTemplate: { content(await Self.preparedIntent(configuration)) })
        controlDescriptor.configuration = configuration
    }

    /// A control whose template is built from a provider's value for its configuration.
    public init<Provider: AppIntentControlValueProvider>(
        kind: String, provider: Provider, @ControlWidgetTemplateBuilder content: @escaping (Provider.Value) -> ResolvedControl
    ) where Provider.Configuration == Intent {
        let configuration = IntentParameterSettings(intent: Intent())
        controlDescriptor = ControlDescriptor(
            kind: kind, hasValueProvider: true,
            previewTemplate: { content(provider.previewValue(configuration: Self.intent(configuration))) },
            currentTemplate: { content(try await provider.currentValue(configuration: await Self.preparedIntent(configuration))) })
        controlDescriptor.configuration = configuration
    }

    /// The intent with the chosen values (checked when they were set) and the others' defaults; a value that no
    /// longer names anything leaves its parameter at the default.
    static func preparedIntent(_ configuration: IntentParameterSettings) async -> Intent {
        let intent = Intent()
        _ = await IntentParameters.prepare(intent, values: configuration.values)
        return intent
    }

    /// `preparedIntent` from synchronous code (`previewValue`), waiting at most 5 seconds for entity lookups; the
    /// intent with its declared defaults when they take longer.
    static func intent(_ configuration: IntentParameterSettings) -> Intent {
        IntentParameters.waitFor { await preparedIntent(configuration) } ?? Intent()
    }
}

/// A control configuration with its modifiers; every control configuration modifier returns this.
public struct ModifiedControlConfiguration: ControlWidgetConfiguration {
    /// The descriptor with the modifiers applied so far.
    public var controlDescriptor: ControlDescriptor
}

extension ControlWidgetConfiguration {
    private func modified(_ change: (inout ControlDescriptor) -> Void) -> ModifiedControlConfiguration {
        var descriptor = controlDescriptor
        change(&descriptor)
        return ModifiedControlConfiguration(controlDescriptor: descriptor)
    }
    /// The name in the controls gallery, as `ControlWidgetConfiguration.displayName(_:)`.
    public func displayName(_ name: LocalizedStringKey) -> ModifiedControlConfiguration { modified { $0.displayName = name.key } }
    /// The name in the controls gallery, from a `Text`.
    public func displayName(_ name: Text) -> ModifiedControlConfiguration { modified { $0.displayName = name.keyString } }
    /// The name in the controls gallery, from a string.
    public func displayName<S: StringProtocol>(_ name: S) -> ModifiedControlConfiguration { modified { $0.displayName = String(name) } }
    /// The line under the name in the controls gallery, as `ControlWidgetConfiguration.description(_:)`.
    public func description(_ text: LocalizedStringKey) -> ModifiedControlConfiguration { modified { $0.description = text.key } }
    /// The line under the name in the controls gallery, from a `Text`.
    public func description(_ text: Text) -> ModifiedControlConfiguration { modified { $0.description = text.keyString } }
    /// The line under the name in the controls gallery, from a string.
    public func description<S: StringProtocol>(_ text: S) -> ModifiedControlConfiguration { modified { $0.description = String(text) } }
    /// Push updates for the control, as `ControlWidgetConfiguration.pushHandler(_:)`.
    public func pushHandler<Handler: ControlPushHandler>(_ handler: Handler.Type) -> ModifiedControlConfiguration {
        modified { $0.pushHandler = Handler() }
    }
    /// Opens the configuration when the control is added, as `promptsForUserConfiguration()`.
    public func promptsForUserConfiguration() -> ModifiedControlConfiguration { modified { $0.promptsForUserConfiguration = true } }
}

// MARK: - In a bundle

extension WidgetBundleBuilder {
    /// A control in a bundle body, beside the widgets.
    public static func buildExpression<C: ControlWidget>(_ control: C) -> WidgetGroup {
        WidgetGroup(descriptors: [], controls: [control.body.controlDescriptor])
    }
}

extension WidgetBundle {
    /// Every control the bundle declares.
    public var controlDescriptors: [ControlDescriptor] { WidgetGroup.controls(of: body) }
}

// MARK: - ControlCenter

/// Lets app code ask for control reloads, as `WidgetKit.ControlCenter` (iOS 18+). WidgetTerm records the
/// requests in the host context bound to the call (`HostContext.controlReloads`); the host asks
/// `currentValue()` again for each kind it takes from there.
public final class ControlCenter: Sendable {
    /// The one control center, as `ControlCenter.shared`; its requests go to the calling host's context.
    public static let shared = ControlCenter()

    /// Asks the system to reload the controls of `kind`.
    public func reloadControls(ofKind kind: String) { HostContext.current.controlReloads.request(kind: kind) }

    /// Asks the system to reload every control.
    public func reloadAllControls() { HostContext.current.controlReloads.requestAll() }

    /// WidgetTerm's host side: whether a reload of `kind` was asked for in the current host context since the
    /// last call; clears that request (a `reloadAllControls()` stays until `takeReloadAll()`).
    public func takeReloadRequest(ofKind kind: String) -> Bool { HostContext.current.controlReloads.take(kind: kind) }

    /// WidgetTerm's host side: whether `reloadAllControls()` was called in the current host context since the
    /// last call; clears it.
    public func takeReloadAll() -> Bool { HostContext.current.controlReloads.takeAll() }
}

/// The control reloads app code asked one host for (`ControlCenter.shared.reloadControls(ofKind:)`,
/// `reloadAllControls()`), until the host takes them.
public final class ControlReloadRequests: @unchecked Sendable {
    private let lock = NSLock()
    private var requested: [String] = []
    private var allRequested = false

    /// No requests.
    public init() {}

    /// Records a reload of the controls of `kind`.
    public func request(kind: String) {
        lock.withLock { if !requested.contains(kind) { requested.append(kind) } }
    }

    /// Records a reload of every control.
    public func requestAll() { lock.withLock { allRequested = true } }

    /// Whether a reload of `kind` was asked for since the last call; clears that request (a reload of every
    /// control stays until `takeAll()`).
    public func take(kind: String) -> Bool {
        lock.withLock {
            if allRequested { return true }
            guard let index = requested.firstIndex(of: kind) else { return false }
            requested.remove(at: index)
            return true
        }
    }

    /// Whether a reload of every control was asked for since the last call; clears it.
    public func takeAll() -> Bool {
        lock.withLock {
            defer { allRequested = false }
            return allRequested
        }
    }
}
