import Foundation
import WidgetKitUI

// MARK: - A widget push handler in an extension process

/// The push handler of a widget whose code runs in an extension process: the host's `WidgetPushTokenService` calls it
/// as it would call the handler itself; it hands the token to the handler there (`widgetPushToken`), and reads here the
/// token if the handler read it there, so `push-token-not-stored` means the same in one process and in two.
/// As a type (`WidgetDescriptor.pushHandler`) it only marks the widget as push-enabled; the instance does the work.
struct RemoteWidgetPushHandler: ConfiguredWidgetPushHandler, WidgetPushHandler {
    /// The handler's type name in the extension.
    let handlerName: String
    /// Sends the token and the widgets to the extension: the tokens the handler read there, or why the extension could
    /// not call it.
    let send: (@Sendable (Data, [ArchivedWidgetInfo]) -> Result<[Data], ExtensionFailure>)?
    /// Which of the tokens widget code in the extension read from `WidgetCenter.shared.currentPushInfo` (none when the
    /// extension cannot say): asked before `push-token-not-stored` is reported, as those reads count here too.
    let codeReads: (@Sendable ([Data]) -> [Data])?

    /// A handler that forwards nothing (`WidgetPushHandler` requires it; the host makes one with its process).
    init() { self.init(handlerName: "RemoteWidgetPushHandler", send: nil) }

    init(
        handlerName: String, send: (@Sendable (Data, [ArchivedWidgetInfo]) -> Result<[Data], ExtensionFailure>)?,
        codeReads: (@Sendable ([Data]) -> [Data])? = nil
    ) {
        self.handlerName = handlerName
        self.send = send
        self.codeReads = codeReads
    }

    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo]) {
        guard let send else { return }
        switch send(pushInfo.unreadToken, widgets.map(ArchivedWidgetInfo.init)) {
        case .success(let tokens):
            if tokens.contains(pushInfo.unreadToken) { _ = pushInfo.token }
        case .failure(let failure):
            // Not the handler's fault: say the extension failed rather than that the token was not stored.
            pushInfo.recordHandlerFailure("\(failure)")
        }
    }
}
