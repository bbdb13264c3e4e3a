import Foundation
import WidgetKitUI

// MARK: - Push tokens for widgets and controls

/// Plays iOS's side of WidgetKit push tokens: it issues the extension's widget push token to every
/// `WidgetPushHandler` type registered with `.pushHandler(_:)` (`pushTokenDidChange(_:widgets:)`, iOS 26) and a token per
/// push-enabled control kind to every `ControlPushHandler` type (`pushTokensDidChange(controls:)`, iOS 18). As on a
/// device, each unique handler type is instantiated for each call, and controls get the information of every control
/// that supports push even when only some tokens changed (Apple, "pushTokensDidChange(controls:)"). A token counts as
/// stored (sent to the server) when the handler read its `token`; `diagnostics()` reports a handler that did not
/// (`push-token-not-stored`). Tokens are 32 bytes derived from the kind and the token's number, so runs repeat.
public final class WidgetPushTokenService: @unchecked Sendable {
    /// One token handed to one handler type.
    public struct Delivery: Equatable, Sendable {
        /// The handler type's name.
        public var handler: String
        /// `widgets` for the extension's widget token, else the control kind.
        public var kind: String
        /// The token.
        public var token: Data
        /// The kinds the handler was told about (`widgets:` or `controls:`), in bundle order.
        public var kinds: [String]
        /// Which handler this is, unlike `handler` unique for each type: two types of one name are two handlers.
        var group = ""
    }

    private let widgets: [WidgetDescriptor]
    private let controls: [ControlDescriptor]
    private let host: HostContext
    /// The tokens handlers read.
    public let reads = PushTokenReads()
    private let lock = NSLock()
    private var widgetTokens: [Data] = []
    private var controlTokens: [String: [Data]] = [:]
    private var _deliveries: [Delivery] = []
    /// What each widget handler type read of the token it was handed, by `group|token`: the extension has one widget
    /// token for every handler type, so one handler storing it says nothing of another.
    private var widgetHandlerReads: [String: PushTokenReads] = [:]

    /// A service for a bundle's widgets and controls; handlers run in `host`.
    public init(widgets: [WidgetDescriptor], controls: [ControlDescriptor] = [], host: HostContext = .current) {
        self.widgets = widgets.filter { $0.pushHandler != nil }
        self.controls = controls.filter { $0.pushHandler != nil }
        self.host = host
    }

    /// Every token handed to a handler, oldest first.
    public var deliveries: [Delivery] { lock.withLock { _deliveries } }

    /// The widget tokens issued, oldest first; the last is the one a push must use.
    public var issuedWidgetTokens: [Data] { lock.withLock { widgetTokens } }

    /// The control tokens issued to control `kind`, oldest first.
    public func issuedControlTokens(kind: String) -> [Data] { lock.withLock { controlTokens[kind] ?? [] } }

    /// Issues the extension's next widget push token, as iOS does when widgets are first configured for push and when
    /// the token changes: it becomes the host's `WidgetCenter.shared.currentPushInfo`, and `pushTokenDidChange(_:widgets:)`
    /// is called on a new instance of each unique handler type with the widgets that use it (each kind in its first family).
    /// - Parameter callingHandlers: false to make the token current without calling the handlers (an extension
    ///   process, whose handlers the preview calls, once per token, with `widgetPushToken`).
    /// - Returns: the token; nil when no widget has a push handler.
    @discardableResult
    public func issueWidgetToken(callingHandlers: Bool = true) -> Data? {
        guard !widgets.isEmpty else { return nil }
        let token = lock.withLock { () -> Data in
            let token = ActivityPushService.token(seed: "widgets#\(widgetTokens.count + 1)")
            widgetTokens.append(token)
            return token
        }
        // The one token of the extension: `WidgetCenter.shared.currentPushInfo` answers with it from now on.
        host.widgetPushToken.update(token: token, reads: reads)
        guard callingHandlers else { return token }
        // A new instance of each unique handler type; stand-ins for one type in an extension process are that type.
        var order: [String] = []
        var groups: [String: [WidgetDescriptor]] = [:]
        for widget in widgets {
            let key = widget.configuredPushHandler?.groupKey ?? "type \(ObjectIdentifier(widget.pushHandler!))"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(widget)
        }
        for key in order {
            let users = groups[key]!
            let infos = users.map { WidgetInfo(kind: $0.kind, family: $0.supportedFamilies.first ?? .systemSmall) }
            let name = users[0].pushHandlerName!
            let handlerReads = PushTokenReads()
            let pushInfo = WidgetPushInfo(token: token, reads: handlerReads)
            lock.withLock {
                _deliveries.append(Delivery(handler: name, kind: "widgets", token: token, kinds: users.map(\.kind), group: key))
                widgetHandlerReads["\(key)|\(token.hexadecimalString)"] = handlerReads
            }
            if let configured = users[0].configuredPushHandler {
                host.run { configured.pushTokenDidChange(pushInfo, widgets: infos) }
            } else {
                let type = users[0].pushHandler!
                host.run { type.init().pushTokenDidChange(pushInfo, widgets: infos) }
            }
        }
        return token
    }

    /// Issues a new token for each push-enabled control (`kinds`, default all), and calls
    /// `pushTokensDidChange(controls:)` on a new instance of each unique handler type with every push-enabled control.
    /// - Returns: the new tokens by kind.
    @discardableResult
    public func issueControlTokens(kinds: [String]? = nil) -> [String: Data] {
        var issued: [String: Data] = [:]
        lock.withLock {
            for control in controls where kinds?.contains(control.kind) ?? true {
                let token = ActivityPushService.token(seed: "control \(control.kind)#\((controlTokens[control.kind]?.count ?? 0) + 1)")
                controlTokens[control.kind, default: []].append(token)
                issued[control.kind] = token
            }
        }
        guard !issued.isEmpty else { return [:] }
        let infos = controls.map { control in
            ControlInfo(
                kind: control.kind,
                pushInfo: issuedControlTokens(kind: control.kind).last.map { ControlPushInfo(token: $0, reads: reads) })
        }
        // Swift handlers: a new instance of each unique type. A configured handler (a control document's) is called itself.
        let swiftControls = controls.filter { !($0.pushHandler is any ConfiguredControlPushHandler) }
        var groups = Self.grouped(swiftControls, by: { Swift.type(of: $0.pushHandler!) }).map {
            users -> (users: [ControlDescriptor], name: String, key: String) in
            let type = Swift.type(of: users[0].pushHandler!)
            return (users, "\(type)", "type \(ObjectIdentifier(type))")
        }
        for control in controls {
            guard let configured = control.pushHandler as? any ConfiguredControlPushHandler else { continue }
            // Configured handlers that share a group key (stand-ins for one handler type in an extension process) are
            // one handler: one call, as for Swift handlers.
            if let key = configured.groupKey, let group = groups.firstIndex(where: { $0.key == key }) {
                groups[group].users.append(control)
            } else {
                groups.append(([control], configured.handlerName, configured.controlGroupKey(kind: control.kind)))
            }
        }
        for (users, name, key) in groups {
            lock.withLock {
                for control in users where issued[control.kind] != nil {
                    _deliveries.append(
                        Delivery(
                            handler: name, kind: control.kind, token: issued[control.kind]!, kinds: controls.map(\.kind), group: key))
                }
            }
            let handler = users[0].pushHandler!
            if handler is any ConfiguredControlPushHandler {
                host.run { handler.pushTokensDidChange(controls: infos) }
            } else {
                let type = Swift.type(of: handler)
                host.run { type.init().pushTokensDidChange(controls: infos) }
            }
        }
        return issued
    }

    /// `push-token-not-stored` (warning) for each handler type that was handed a token it never read: the server keeps
    /// the old token, and pushes to it no longer reach the widget or control. `push-handler-failed` (warning) instead
    /// when the handler runs in an extension process that could not call it (crashed, timed out or refused).
    public func diagnostics() -> [Diagnostic] {
        // Widget code in an extension process reads `currentPushInfo` there (one process per kind): its reads are
        // fetched, so that one process and two say the same.
        let unread = Array(Set(deliveries.filter { $0.kind == "widgets" && !reads.contains($0.token) }.map(\.token)))
        if !unread.isEmpty {
            for widget in widgets {
                guard let codeReads = (widget.configuredPushHandler as? RemoteWidgetPushHandler)?.codeReads else { continue }
                codeReads(unread).forEach(reads.record)
            }
        }
        var seen: Set<String> = []
        return deliveries.reversed().compactMap { delivery -> Diagnostic? in
            let key = "\(delivery.group)|\(delivery.kind)"
            let isWidget = delivery.kind == "widgets"
            // A widget handler's own reads, and widget code reading `currentPushInfo` (the host's `reads`).
            let handlerReads =
                isWidget ? lock.withLock { widgetHandlerReads["\(delivery.group)|\(delivery.token.hexadecimalString)"] } : nil
            guard seen.insert(key).inserted, !reads.contains(delivery.token), handlerReads?.contains(delivery.token) != true else {
                return nil
            }
            let call = isWidget ? "pushTokenDidChange(_:widgets:)" : "pushTokensDidChange(controls:)"
            if let failure = handlerReads?.failure(for: delivery.token) ?? reads.failure(for: delivery.token) {
                let receiver = isWidget ? "the widgets" : delivery.kind
                return Diagnostic(
                    severity: .warning, code: "push-handler-failed",
                    message: "\(delivery.handler).\(call) could not be called with the new token for "
                        + "\(receiver): the extension \(failure). Whether the handler stores its token is unknown; fix the "
                        + "extension and run again.",
                    widget: isWidget ? delivery.kinds.joined(separator: ",") : delivery.kind,
                    values: ["handler": delivery.handler, "token": delivery.token.hexadecimalString])
            }
            let what = isWidget ? "pushInfo.token" : "the control's pushInfo?.token"
            return Diagnostic(
                severity: .warning, code: "push-token-not-stored",
                message: "\(delivery.handler).\(call) was given a new token for \(isWidget ? "the widgets" : delivery.kind) and never "
                    + "read \(what): a token is valid only until the next call, so pushes sent to the old one stop reaching "
                    + "\(isWidget ? delivery.kinds.joined(separator: ", ") : delivery.kind). Send each new token to your server.",
                widget: isWidget ? delivery.kinds.joined(separator: ",") : delivery.kind,
                values: ["handler": delivery.handler, "token": delivery.token.hexadecimalString])
        }
        .reversed()
    }

    /// Items grouped by handler type, in the order each type first appears.
    private static func grouped<Item>(_ items: [Item], by type: (Item) -> Any.Type) -> [[Item]] {
        var order: [ObjectIdentifier] = []
        var groups: [ObjectIdentifier: [Item]] = [:]
        for item in items {
            let key = ObjectIdentifier(type(item))
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(item)
        }
        return order.map { groups[$0]! }
    }
}
