import Foundation

// MARK: - Push tokens and channels

/// What a host that plays APNs for Live Activities provides (WidgetHost's `ActivityPushService`): update tokens
/// that change, push-to-start tokens, and which of them the app has read (WidgetTerm counts a token the app read
/// from `pushToken` or `pushTokenUpdates` as uploaded: it cannot see the app's network).
public protocol ActivityPushTokenHost: AnyObject, Sendable {
    /// Every update token issued to activity `id`, oldest first; empty unless it was requested with `pushType: .token`.
    func updateTokens(activityID id: String) -> [Data]
    /// The push-to-start tokens issued for an attributes type, oldest first.
    func pushToStartTokens(attributesType: String) -> [Data]
    /// Records that the app read `token` (an update token of `activityID`, or a push-to-start token when nil).
    func markRead(_ token: Data, activityID: String?, attributesType: String)
    /// Waits until a token after the first `count` exists (`activityID` nil: push-to-start), or the activity ends.
    /// - Returns: the token, or nil once the activity has ended.
    func waitForToken(after count: Int, activityID: String?, attributesType: String) async -> Data?
}

/// The tokens of one Live Activity (or push-to-start tokens of one attributes type) as an asynchronous sequence,
/// as ActivityKit's `Activity.PushTokenUpdates` and `Activity.PushToStartTokenUpdates`: the current token first,
/// then each new one. Each token it yields counts as read (uploaded).
public struct ActivityPushTokenUpdates: AsyncSequence, Sendable {
    /// A push token: 32 bytes.
    public typealias Element = Data
    let host: (any ActivityPushTokenHost)?
    let activityID: String?
    let attributesType: String

    /// The iterator: one token per call, waiting for the next one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let host: (any ActivityPushTokenHost)?
        let activityID: String?
        let attributesType: String
        var delivered = 0

        /// The next token; nil when there is no push service or the activity ended.
        public mutating func next() async -> Data? {
            guard let host else { return nil }
            let tokens = activityID.map { host.updateTokens(activityID: $0) } ?? host.pushToStartTokens(attributesType: attributesType)
            let token: Data?
            if tokens.count > delivered {
                token = tokens[delivered]
            } else {
                token = await host.waitForToken(after: delivered, activityID: activityID, attributesType: attributesType)
            }
            guard let token else { return nil }
            delivered += 1
            host.markRead(token, activityID: activityID, attributesType: attributesType)
            return token
        }
    }

    /// An iterator from the first token.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(host: host, activityID: activityID, attributesType: attributesType)
    }
}

extension Activity {
    private var tokenHost: (any ActivityPushTokenHost)? { HostContext.current.activities as? any ActivityPushTokenHost }

    /// The activity's current update token, as `Activity.pushToken`: nil unless it was requested with
    /// `pushType: .token`. Reading it counts the token as uploaded. The system may replace it; observe
    /// `pushTokenUpdates` to send every new one to the server.
    public var pushToken: Data? {
        guard let host = tokenHost, let token = host.updateTokens(activityID: id).last else { return nil }
        host.markRead(token, activityID: id, attributesType: ActivityCoding.typeName(of: Attributes.self))
        return token
    }

    /// Every update token of the activity, the current one first, as `Activity.pushTokenUpdates`; it ends with the activity.
    public var pushTokenUpdates: ActivityPushTokenUpdates {
        ActivityPushTokenUpdates(host: tokenHost, activityID: id, attributesType: ActivityCoding.typeName(of: Attributes.self))
    }

    /// The token a server starts an activity of this type with (`"event": "start"`), as `Activity.pushToStartToken`
    /// (iOS 17.2); reading it counts it as uploaded.
    public static var pushToStartToken: Data? {
        let type = ActivityCoding.typeName(of: Attributes.self)
        guard let host = HostContext.current.activities as? any ActivityPushTokenHost,
            let token = host.pushToStartTokens(attributesType: type).last
        else { return nil }
        host.markRead(token, activityID: nil, attributesType: type)
        return token
    }

    /// Every push-to-start token of this type, as `Activity.pushToStartTokenUpdates` (iOS 17.2).
    public static var pushToStartTokenUpdates: ActivityPushTokenUpdates {
        ActivityPushTokenUpdates(
            host: HostContext.current.activities as? any ActivityPushTokenHost, activityID: nil,
            attributesType: ActivityCoding.typeName(of: Attributes.self))
    }
}

extension PushType {
    /// The broadcast channel's id for `.channel(ID)`; nil for `.token`.
    public var channelID: String? {
        guard name.hasPrefix("channel("), name.hasSuffix(")") else { return nil }
        return String(name.dropFirst("channel(".count).dropLast())
    }
}

extension Data {
    /// The bytes as lowercase hexadecimal, as servers receive push tokens.
    public var hexadecimalString: String { map { String(format: "%02x", $0) }.joined() }
}
