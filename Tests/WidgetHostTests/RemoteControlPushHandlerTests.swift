import Foundation
import Testing
import WidgetKitUI

@testable import WidgetHost

/// The stand-in for a control push handler that runs in an extension process: one call per handler type, as
/// `WidgetPushTokenService` makes for Swift handlers, and an extension that could not call the handler is reported as
/// such, not as a handler that dropped its token.
@Suite struct RemoteControlPushHandlerTests {
    /// Counts the calls the stand-ins make to their extension process; thread-safe.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [[ArchivedControlPushToken]] = []
        func append(_ tokens: [ArchivedControlPushToken]) { lock.withLock { sent.append(tokens) } }
        var all: [[ArchivedControlPushToken]] { lock.withLock { sent } }
    }

    static func control(
        _ kind: String, handler: String, answer: @escaping @Sendable ([ArchivedControlPushToken]) -> Result<[Data], ExtensionFailure>
    ) -> ControlDescriptor {
        var descriptor = ControlDescriptor(
            kind: kind, hasValueProvider: false,
            previewTemplate: {
                ResolvedControl(kind: .button, title: kind, systemImage: nil, valueText: nil, action: IntentReference(ArchivedIntent()))
            },
            currentTemplate: {
                ResolvedControl(kind: .button, title: kind, systemImage: nil, valueText: nil, action: IntentReference(ArchivedIntent()))
            })
        descriptor.pushHandler = RemoteControlPushHandler(kind: kind, handlerName: handler, handlerID: "Module.\(handler)", send: answer)
        return descriptor
    }

    @Test("two controls sharing one handler type in the extension: one call with both tokens, each read token counted")
    func oneCallPerHandlerType() throws {
        let calls = Calls()
        let answer: @Sendable ([ArchivedControlPushToken]) -> Result<[Data], ExtensionFailure> = { tokens in
            calls.append(tokens)
            return .success(tokens.compactMap(\.token))
        }
        let service = WidgetPushTokenService(
            widgets: [],
            controls: [
                Self.control("chime", handler: "BellHandler", answer: answer),
                Self.control("doorbell", handler: "BellHandler", answer: answer),
                Self.control("lamp", handler: "LampHandler", answer: answer),
            ])
        let issued = service.issueControlTokens()
        #expect(issued.count == 3)
        let sent = calls.all
        #expect(sent.count == 2, "one call for BellHandler, one for LampHandler: \(sent)")
        #expect(sent.first?.map(\.kind) == ["chime", "doorbell", "lamp"])
        #expect(service.diagnostics().isEmpty, "\(service.diagnostics().map(\.message))")
    }

    /// A configured handler that counts its calls, grouped by `key`.
    struct KeyedHandler: ConfiguredControlPushHandler {
        var key: String?
        var calls: Calls?
        init() { self.init(key: nil, calls: nil) }
        init(key: String?, calls: Calls?) {
            self.key = key
            self.calls = calls
        }
        var groupKey: String? { key }
        func pushTokensDidChange(controls: [ControlInfo]) {
            calls?.append(controls.map { ArchivedControlPushToken(kind: $0.kind, token: $0.pushInfo?.token) })
        }
    }

    @Test("configured handlers are grouped by groupKey, whatever their type: one call per key, one per handler without one")
    func configuredHandlersGroupByKey() throws {
        let calls = Calls()
        func control(_ kind: String, key: String?) -> ControlDescriptor {
            var descriptor = Self.control(kind, handler: "unused") { _ in .success([]) }
            descriptor.pushHandler = KeyedHandler(key: key, calls: calls)
            return descriptor
        }
        let service = WidgetPushTokenService(
            widgets: [],
            controls: [control("a", key: "shared"), control("b", key: nil), control("c", key: "shared"), control("d", key: nil)])
        #expect(service.issueControlTokens().count == 4)
        #expect(calls.all.count == 3, "one call for the two keyed \"shared\", one each for b and d: \(calls.all)")
        #expect(service.deliveries.map(\.kind) == ["a", "c", "b", "d"])
        // Without a key each is grouped under its own control's key, the ID the control reports for its handler.
        #expect(service.deliveries.map(\.group) == ["shared", "shared", "configured KeyedHandler b", "configured KeyedHandler d"])
        let controls = ["a", "b"].map { control($0, key: $0 == "a" ? "shared" : nil) }
        #expect(controls.map(\.pushHandlerID) == ["shared", "configured KeyedHandler b"])
    }

    @Test("an extension that could not call the handler: push-handler-failed naming why, not push-token-not-stored")
    func failedExtensionIsNotBlamedOnTheHandler() throws {
        let service = WidgetPushTokenService(
            widgets: [],
            controls: [
                Self.control("chime", handler: "BellHandler") { _ in
                    .failure(ExtensionFailure(reason: "did not answer within 2 s"))
                }
            ])
        service.issueControlTokens()
        let diagnostics = service.diagnostics()
        #expect(diagnostics.map(\.code) == ["push-handler-failed"])
        #expect(
            diagnostics.first?.message
                == "BellHandler.pushTokensDidChange(controls:) could not be called with the new token for chime: the extension "
                + "did not answer within 2 s. Whether the handler stores its token is unknown; fix the extension and run again.")
    }
}
