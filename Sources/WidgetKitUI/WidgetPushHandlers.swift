import Foundation

// MARK: - Widget push tokens (iOS 26)

/// Receives the push token that reloads the extension's widgets, as `WidgetKit.WidgetPushHandler` (iOS 26+).
/// Register the type with `WidgetConfiguration.pushHandler(_:)`; WidgetTerm's host (`WidgetPushTokenService`)
/// makes a new instance and calls `pushTokenDidChange(_:widgets:)` each time it issues a token, as iOS does. The
/// handler must send `pushInfo.token` to its server: the old token stops working (Apple, `WidgetPushInfo.token`:
/// "valid until told otherwise through the pushTokenDidChange(_:widgets:) method").
public protocol WidgetPushHandler {
    /// The system makes a new handler for each call.
    init()
    /// Called with the extension's push token and the widgets that support push updates.
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])
}

/// The push token for widget reloads and relevance refreshes, as `WidgetKit.WidgetPushInfo`.
public struct WidgetPushInfo: Sendable {
    private let bytes: Data
    private let reads: PushTokenReads?

    /// A push token from its APNs bytes (32 bytes on a device).
    public init(token: Data) { self.init(token: token, reads: nil) }

    /// A token whose reads are recorded in `reads`: WidgetTerm counts a token the handler read as stored.
    public init(token: Data, reads: PushTokenReads?) {
        bytes = token
        self.reads = reads
    }

    /// The APNs token. Reading it is what WidgetTerm counts as sending it to the server.
    public var token: Data {
        reads?.record(bytes)
        return bytes
    }

    /// The token without counting a read: the host forwarding it to an extension process, where the handler's own
    /// read is what counts.
    package var unreadToken: Data { bytes }

    /// Notes that the handler this token was handed to could not be called: see `PushTokenReads.recordFailure`.
    package func recordHandlerFailure(_ reason: String) { reads?.recordFailure(bytes, reason: reason) }
}

/// A widget push handler whose instance carries what it does: the host calls the instance the widget was configured
/// with instead of a new instance of `WidgetDescriptor.pushHandler`. WidgetTerm's own protocol, not Apple's (in Swift a
/// handler is a type the system creates for each call); the preview's stand-in for a handler whose code runs in an
/// extension process is one.
public protocol ConfiguredWidgetPushHandler: Sendable {
    /// The name diagnostics give the handler (`push-token-not-stored`): the type's name in the extension.
    var handlerName: String { get }
    /// Handlers with the same key stand for one handler and get one call between them, as a handler type gets one new
    /// instance per token; the default is `configured NAME` (`handlerName`).
    ///
    /// A `String` here but optional (default nil) on `ConfiguredControlPushHandler`: every widget handler is handed the
    /// extension's one token, so handlers of one name are one handler by default; each control has a token of its own,
    /// and a configured control handler is made for its control alone, so it is grouped only when it says so.
    var groupKey: String { get }
    /// Called as `WidgetPushHandler.pushTokenDidChange(_:widgets:)` is.
    func pushTokenDidChange(_ pushInfo: WidgetPushInfo, widgets: [WidgetInfo])
}

extension ConfiguredWidgetPushHandler {
    /// `configured NAME`: handlers of one name are one.
    public var groupKey: String { "configured \(handlerName)" }
}

/// A widget the system shows, as `WidgetKit.WidgetInfo` (the members WidgetTerm fills: kind and family).
public struct WidgetInfo: Sendable, Hashable {
    /// The widget's kind string.
    public let kind: String
    /// The family it is shown in.
    public let family: WidgetFamily

    /// A widget of `kind` shown in `family`.
    public init(kind: String, family: WidgetFamily) {
        self.kind = kind
        self.family = family
    }
}

/// The tokens a push handler read (`WidgetPushInfo.token`, `ControlPushInfo.token`), shared between the host that
/// issued them and the infos it handed out. Thread-safe.
public final class PushTokenReads: @unchecked Sendable {
    private let lock = NSLock()
    private var read: Set<Data> = []
    private var failures: [Data: String] = [:]

    /// An empty record.
    public init() {}

    /// Notes that `token` was read.
    public func record(_ token: Data) { _ = lock.withLock { read.insert(token) } }

    /// True when `token` was read.
    public func contains(_ token: Data) -> Bool { lock.withLock { read.contains(token) } }

    /// Notes that the handler given `token` could not be called (its extension process failed, timed out or refused
    /// the request), so whether it stored the token is unknown; `reason` says what went wrong.
    package func recordFailure(_ token: Data, reason: String) { lock.withLock { failures[token] = reason } }

    /// Why the handler given `token` could not be called; nil when it was called.
    package func failure(for token: Data) -> String? { lock.withLock { failures[token] } }
}

/// The extension's current widget push token in one host: the last token the system handed to the `WidgetPushHandler`s,
/// which `WidgetCenter.shared.currentPushInfo` answers with. The host (`WidgetPushTokenService`) sets it; thread-safe.
public final class CurrentWidgetPushToken: @unchecked Sendable {
    private let lock = NSLock()
    private var token: Data?
    private var reads: PushTokenReads?

    /// No token yet.
    public init() {}

    /// Makes `token` the current one; `reads` records widget code reading it (nil: reads are not recorded).
    public func update(token: Data, reads: PushTokenReads?) {
        lock.withLock {
            self.token = token
            self.reads = reads
        }
    }

    /// The current token as a `WidgetPushInfo`, nil until the host issued one.
    public var pushInfo: WidgetPushInfo? {
        lock.withLock { token.map { WidgetPushInfo(token: $0, reads: reads) } }
    }
}

extension WidgetCenter {
    /// The push information for widget reloads and relevance refreshes, as `WidgetCenter.currentPushInfo` (iOS 26+):
    /// the token the system last handed to the extension's `WidgetPushHandler`s (`pushTokenDidChange(_:widgets:)`), in
    /// the host context of the caller. Apple: "May be nil if the token has not completed generation, or if no widgets
    /// have been configured for push" (https://developer.apple.com/documentation/widgetkit/widgetcenter/currentpushinfo).
    /// Reading its `token` counts as sending it to the server, as in a push handler (`push-token-not-stored`).
    public var currentPushInfo: WidgetPushInfo? {
        get async { HostContext.current.widgetPushToken.pushInfo }
    }
}

extension WidgetConfiguration {
    /// Opts the widget into WidgetKit push updates and names the type that receives its push token, as
    /// `WidgetConfiguration.pushHandler(_:)` (iOS 26+). A push (`apns-push-type: widgets`,
    /// `"content-changed": true`) then asks for a reload that the widget's reload budget pays for.
    public func pushHandler(_ pushHandlerType: any WidgetPushHandler.Type) -> ModifiedWidgetConfiguration {
        var descriptor = self.descriptor
        descriptor.pushHandler = pushHandlerType
        return ModifiedWidgetConfiguration(descriptor: descriptor)
    }
}
