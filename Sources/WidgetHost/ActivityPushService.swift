import Foundation
import WidgetKitUI

// MARK: - APNs's side of Live Activity pushes

/// Plays APNs and the device's token management for Live Activities: an activity requested with `pushType: .token`
/// gets an update token, which the system may replace (`rotateUpdateToken`); `.channel(ID)` subscribes it to a
/// broadcast channel; each attributes type has push-to-start tokens. It remembers which tokens the app read
/// (`Activity.pushToken`, `pushTokenUpdates`): WidgetTerm counts those as uploaded, and reports an activity whose
/// later tokens were never read (`push-token-not-uploaded`). Tokens are 32 bytes, derived from the activity's id
/// and the token's number, so runs repeat.
public final class ActivityPushService: @unchecked Sendable {
    private struct Tokens {
        var issued: [Data] = []
        var read: Set<Data> = []
    }

    private struct Waiter {
        var number: Int
        var key: String
        var after: Int
        var continuation: CheckedContinuation<Data?, Never>
    }

    private let lock = NSLock()
    private var pushTypes: [String: PushType] = [:]
    private var attributesTypes: [String: String] = [:]
    private var updateTokens: [String: Tokens] = [:]
    private var startTokens: [String: Tokens] = [:]
    private var ended: Set<String> = []
    private var waiters: [Waiter] = []
    private var nextWaiter = 0

    /// An empty service: no tokens, no channels.
    public init() {}

    /// Records a requested activity's push type; `.token` issues its first update token.
    public func register(activityID id: String, attributesType: String, pushType: PushType) {
        lock.withLock {
            pushTypes[id] = pushType
            attributesTypes[id] = attributesType
        }
        if pushType.channelID == nil { _ = rotateUpdateToken(activityID: id) }
    }

    /// Issues a new update token for activity `id`, as the system does from time to time; the old one stops working.
    /// - Returns: the new token; nil for an activity without `pushType: .token`.
    @discardableResult
    public func rotateUpdateToken(activityID id: String) -> Data? {
        let woken: [(CheckedContinuation<Data?, Never>, Data)]
        let token: Data
        lock.lock()
        guard let type = pushTypes[id], type.channelID == nil else {
            lock.unlock()
            return nil
        }
        token = Self.token(seed: "\(id)#\(updateTokens[id, default: Tokens()].issued.count + 1)")
        updateTokens[id, default: Tokens()].issued.append(token)
        woken = takeWaiters(key: "activity \(id)", count: updateTokens[id]!.issued.count, tokens: updateTokens[id]!.issued)
        lock.unlock()
        for (continuation, value) in woken { continuation.resume(returning: value) }
        return token
    }

    /// Issues a new push-to-start token for an attributes type (`String(reflecting:)` of it).
    @discardableResult
    public func issuePushToStartToken(attributesType: String) -> Data {
        lock.lock()
        let token = Self.token(seed: "start \(attributesType)#\(startTokens[attributesType, default: Tokens()].issued.count + 1)")
        startTokens[attributesType, default: Tokens()].issued.append(token)
        let tokens = startTokens[attributesType]!.issued
        let woken = takeWaiters(key: "start \(attributesType)", count: tokens.count, tokens: tokens)
        lock.unlock()
        for (continuation, value) in woken { continuation.resume(returning: value) }
        return token
    }

    /// Ends the token stream of activity `id` (`pushTokenUpdates` finishes).
    public func end(activityID id: String) {
        lock.lock()
        ended.insert(id)
        let woken = waiters.filter { $0.key == "activity \(id)" }
        waiters.removeAll { $0.key == "activity \(id)" }
        lock.unlock()
        for waiter in woken { waiter.continuation.resume(returning: nil) }
    }

    /// The push type activity `id` was requested with.
    public func pushType(of id: String) -> PushType? { lock.withLock { pushTypes[id] } }

    /// The activities subscribed to broadcast channel `channelID`, in request order.
    public func subscribers(ofChannel channelID: String) -> [String] {
        lock.withLock { pushTypes.filter { $0.value.channelID == channelID }.map(\.key) }
            .sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    /// The update tokens of activity `id`, oldest first, each with whether the app read (uploaded) it.
    public func tokenHistory(activityID id: String) -> [(token: Data, isUploaded: Bool)] {
        lock.withLock {
            let tokens = updateTokens[id] ?? Tokens()
            return tokens.issued.map { ($0, tokens.read.contains($0)) }
        }
    }

    /// `push-token-not-uploaded` for each activity that was given more than one update token and read only some:
    /// pushes sent to a replaced token fail, so the app must upload every token `pushTokenUpdates` yields.
    public func diagnostics(widget: String) -> [Diagnostic] {
        let ids = lock.withLock { updateTokens.keys.sorted() }
        return ids.compactMap { id in
            let history = tokenHistory(activityID: id)
            let uploaded = history.filter(\.isUploaded).count
            guard history.count > 1, uploaded < history.count else { return nil }
            let which = uploaded == 1 && history[0].isUploaded ? " (only its first)" : ""
            return Diagnostic(
                severity: .warning, code: "push-token-not-uploaded",
                message: "\(id) was given \(history.count) update tokens and the app uploaded \(uploaded)\(which): pushes to a "
                    + "replaced token fail. Send every token Activity.pushTokenUpdates yields to the server, for the activity's lifetime.",
                widget: widget, values: ["activity": id, "issued": "\(history.count)", "uploaded": "\(uploaded)"])
        }
    }

    // MARK: For ActivityCenter's ActivityPushTokenHost conformance

    func issuedUpdateTokens(_ id: String) -> [Data] { lock.withLock { updateTokens[id]?.issued ?? [] } }
    func issuedStartTokens(_ type: String) -> [Data] { lock.withLock { startTokens[type]?.issued ?? [] } }

    func markRead(_ token: Data, activityID: String?, attributesType: String) {
        lock.withLock {
            if let activityID {
                _ = updateTokens[activityID]?.read.insert(token)
            } else {
                _ = startTokens[attributesType]?.read.insert(token)
            }
        }
    }

    func waitForToken(after count: Int, activityID: String?, attributesType: String) async -> Data? {
        let key = activityID.map { "activity \($0)" } ?? "start \(attributesType)"
        let number = lock.withLock {
            nextWaiter += 1
            return nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Data?, Never>) in
                lock.lock()
                let tokens = activityID.map { updateTokens[$0]?.issued ?? [] } ?? (startTokens[attributesType]?.issued ?? [])
                if tokens.count > count {
                    lock.unlock()
                    continuation.resume(returning: tokens[count])
                } else if let activityID, ended.contains(activityID) {
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else {
                    waiters.append(Waiter(number: number, key: key, after: count, continuation: continuation))
                    lock.unlock()
                }
            }
        } onCancel: {
            lock.lock()
            let cancelled = waiters.filter { $0.number == number }
            waiters.removeAll { $0.number == number }
            lock.unlock()
            for waiter in cancelled { waiter.continuation.resume(returning: nil) }
        }
    }

    /// Removes and returns the waiters of `key` that a list of `count` tokens satisfies. Called with the lock held.
    private func takeWaiters(key: String, count: Int, tokens: [Data]) -> [(CheckedContinuation<Data?, Never>, Data)] {
        let ready = waiters.filter { $0.key == key && $0.after < count }
        waiters.removeAll { $0.key == key && $0.after < count }
        return ready.map { ($0.continuation, tokens[$0.after]) }
    }

    /// 32 bytes from a seed (FNV-1a, four lanes): stable across runs.
    public static func token(seed: String) -> Data {
        var bytes: [UInt8] = []
        for lane in 0..<4 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 &+ UInt64(lane)
            for byte in Array(seed.utf8) + [UInt8(lane)] {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((hash >> UInt64(shift)) & 0xff)) }
        }
        return Data(bytes)
    }
}

extension ActivityCenter: ActivityPushTokenHost {
    /// Every update token issued to activity `id`, oldest first.
    public func updateTokens(activityID id: String) -> [Data] { pushService.issuedUpdateTokens(id) }
    /// The push-to-start tokens of an attributes type, oldest first.
    public func pushToStartTokens(attributesType: String) -> [Data] { pushService.issuedStartTokens(attributesType) }
    /// Counts `token` as uploaded.
    public func markRead(_ token: Data, activityID: String?, attributesType: String) {
        pushService.markRead(token, activityID: activityID, attributesType: attributesType)
    }
    /// Waits for the token after the first `count`; nil once the activity has ended or the task is cancelled.
    public func waitForToken(after count: Int, activityID: String?, attributesType: String) async -> Data? {
        await pushService.waitForToken(after: count, activityID: activityID, attributesType: attributesType)
    }
}
