import Foundation
import WidgetKitUI

// MARK: - Push handlers in an extension process

/// A token handed to a push handler here whose handler runs in an extension process: what the forwarder marks on it.
protocol ForwardedPushToken {
    /// The token, read without counting as stored.
    var unreadToken: Data { get }
    /// Reads the token, so it counts as stored (the handler read it there).
    func markRead()
    /// Notes that the extension could not call the handler (`push-handler-failed`).
    func recordHandlerFailure(_ reason: String)
}

extension WidgetPushInfo: ForwardedPushToken {
    func markRead() { _ = token }
}

extension ControlPushInfo: ForwardedPushToken {
    func markRead() { _ = token }
}

/// Hands push tokens to a handler whose code runs in an extension process, and marks here what happened there: each
/// token the handler read there is read here, so `push-token-not-stored` means the same in one process and in two; when
/// the extension could not call the handler, each token records why (`push-handler-failed`), which is not the handler's
/// fault. The one forwarder behind `RemoteWidgetPushHandler` (`widgetPushToken`) and `RemoteControlPushHandler`
/// (`controlPushTokens`); `Payload` is what the request carries.
struct ExtensionPushForwarder<Payload: Sendable>: Sendable {
    /// The handler's type name in the extension (its simple name, as diagnostics show it).
    let handlerName: String
    /// Which handler it is in the extension (`pushHandlerID`, its fully qualified type name): two types of one simple
    /// name, in different enclosing types or modules, are two handlers.
    let handlerID: String
    /// Sends the payload to the extension: the tokens the handler read there, or why the extension could not call it;
    /// nil forwards nothing.
    let send: (@Sendable (Payload) -> Result<[Data], ExtensionFailure>)?

    /// Sends `payload`, then reads here each of `tokens` the handler read there, or records on each why the extension
    /// could not call the handler.
    func forward(_ payload: Payload, tokens: [any ForwardedPushToken]) {
        guard let send else { return }
        switch send(payload) {
        case .success(let read):
            let read = Set(read)
            for token in tokens where read.contains(token.unreadToken) { token.markRead() }
        case .failure(let failure):
            // Not the handler's fault: say the extension failed rather than that the token was not stored.
            for token in tokens { token.recordHandlerFailure("\(failure)") }
        }
    }

    /// A send that asks `process` (within `limit` seconds) with the request `payload` makes, expecting the tokens read.
    static func sending(
        to process: ExtensionProcess, within limit: TimeInterval, _ request: @escaping @Sendable (Payload) -> ExtensionRequest
    ) -> @Sendable (Payload) -> Result<[Data], ExtensionFailure> {
        { payload in
            do {
                let answer = try process.send(request(payload), within: limit)
                guard case .pushTokensRead(let read) = answer else { return .failure(RemoteWidgets.unexpected(answer)) }
                return .success(read)
            } catch {
                return .failure(RemoteWidgets.failure(error))
            }
        }
    }
}

/// The push handler of a widget whose code runs in an extension process: the host's `WidgetPushTokenService` calls it
/// as it would call the handler itself; it hands the token to the handler there (`widgetPushToken`), and reads here the
/// token if the handler read it there, so `push-token-not-stored` means the same in one process and in two.
/// As a type (`WidgetDescriptor.pushHandler`) it only marks the widget as push-enabled; the instance does the work.
struct RemoteWidgetPushHandler: ConfiguredWidgetPushHandler, WidgetPushHandler {
    /// Forwards the token and the widgets.
    let forwarder: ExtensionPushForwarder<(Data, [ArchivedWidgetInfo])>
    /// Which of the tokens widget code in the extension read from `WidgetCenter.shared.currentPushInfo` (none when the
    /// extension cannot say): asked before `push-token-not-stored` is reported, as those reads count here too.
    let codeReads: (@Sendable ([Data]) -> [Data])?

    /// A handler that forwards nothing (`WidgetPushHandler` requires it; the host makes one with its process).
    init() { self.init(handlerName: "RemoteWidgetPushHandler", handlerID: "RemoteWidgetPushHandler", send: nil) }

    /// A stand-in for the handler type `handlerID` (simple name `handlerName`) in the extension; `send` sends the token and
    /// the widgets there and answers with the tokens the handler read.
    init(
        handlerName: String, handlerID: String,
        send: (@Sendable ((Data, [ArchivedWidgetInfo])) -> Result<[Data], ExtensionFailure>)?,
        codeReads: (@Sendable ([Data]) -> [Data])? = nil
    ) {
        forwarder = ExtensionPushForwarder(handlerName: handlerName, handlerID: handlerID, send: send)
        self.codeReads = codeReads
    }

    /// The handler's simple type name in the extension.
    var handlerName: String { forwarder.handlerName }

    /// Stand-ins for one handler type in the extension are that type: one call between them.
    var groupKey: String { "extension handler \(forwarder.handlerID)" }

    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        forwarder.forward((pushInfo.unreadToken, widgets.map(ArchivedWidgetInfo.init)), tokens: [pushInfo])
    }
}

/// The push handler of a control whose code runs in an extension process: the host's `WidgetPushTokenService` calls
/// it as it would call the handler itself; it hands the tokens to the handler there (`controlPushTokens`), and reads
/// here each token the handler read there, so `push-token-not-stored` means the same in both places.
struct RemoteControlPushHandler: ConfiguredControlPushHandler {
    /// The control whose handler it stands for.
    let kind: String
    /// Forwards the controls and their tokens.
    let forwarder: ExtensionPushForwarder<[ArchivedControlPushToken]>

    /// A handler that forwards nothing (the protocol requires it; the host makes one with its process).
    init() {
        self.init(kind: "", handlerName: "RemoteControlPushHandler", handlerID: "RemoteControlPushHandler", send: nil)
    }

    /// A stand-in for control `kind`'s handler type `handlerID` (simple name `handlerName`) in the extension; `send`
    /// sends the controls' tokens there and answers with the tokens the handler read.
    init(
        kind: String, handlerName: String, handlerID: String,
        send: (@Sendable ([ArchivedControlPushToken]) -> Result<[Data], ExtensionFailure>)?
    ) {
        self.kind = kind
        forwarder = ExtensionPushForwarder(handlerName: handlerName, handlerID: handlerID, send: send)
    }

    /// The handler's simple type name in the extension.
    var handlerName: String { forwarder.handlerName }

    /// Stand-ins for one handler type in the extension are that type: one call between them.
    var groupKey: String? { "extension handler \(forwarder.handlerID)" }

    func pushTokensDidChange(controls: [ControlInfo]) {
        forwarder.forward(
            controls.map { ArchivedControlPushToken(kind: $0.kind, token: $0.pushInfo?.unreadToken) },
            tokens: controls.compactMap(\.pushInfo))
    }
}
