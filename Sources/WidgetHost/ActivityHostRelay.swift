import Foundation
import WidgetKitUI

// MARK: - ActivityKit calls from an extension process

/// An `ActivityKit` call that widget code made in an extension process (an intent's `Activity.update`, a
/// `Activity<…>.activities` read), sent to the preview, whose `ActivityCenter` plays iOS: Live Activities live
/// in the system, not in the extension, so every process sees the same ones.
public enum ActivityHostCall: Codable, Sendable, Equatable {
    /// `Activity.request(attributes:content:pushType:)`.
    case request(attributesType: String, attributes: Data, content: EncodedActivityContent, pushType: PushType?)
    /// `Activity.update(_:alertConfiguration:)`.
    case update(id: String, content: EncodedActivityContent, alertConfiguration: AlertConfiguration?)
    /// `Activity.end(_:dismissalPolicy:)`.
    case end(id: String, content: EncodedActivityContent?, dismissalPolicy: ActivityUIDismissalPolicy)
    /// One activity's record (`Activity.content`, `.activityState`).
    case record(id: String)
    /// `Activity<Attributes>.activities`.
    case records(attributesType: String)

    /// Runs the call on `host` (the preview's center) and returns the answer for the extension.
    func answer(on host: (any ActivityHostInterface)?) -> ActivityHostAnswer {
        guard let host else { return .failed("the preview has no Live Activity host for this call") }
        do {
            switch self {
            case .request(let type, let attributes, let content, let pushType):
                return .id(try host.requestActivity(attributesType: type, attributes: attributes, content: content, pushType: pushType))
            case .update(let id, let content, let alert):
                try host.updateActivity(id: id, content: content, alertConfiguration: alert)
                return .done
            case .end(let id, let content, let policy):
                try host.endActivity(id: id, content: content, dismissalPolicy: policy)
                return .done
            case .record(let id):
                return .records(host.activityRecord(id: id).map { [$0] } ?? [])
            case .records(let type):
                return .records(host.activityRecords(attributesType: type))
            }
        } catch let error as ActivityAuthorizationError {
            return .refused(error)
        } catch {
            return .failed("\(error)")
        }
    }
}

/// The preview's answer to an `ActivityHostCall`.
public enum ActivityHostAnswer: Codable, Sendable, Equatable {
    /// A started activity's id.
    case id(String)
    /// An update or end that was applied.
    case done
    /// The records asked for (none for an unknown id).
    case records([ActivityRecord])
    /// ActivityKit's refusal, thrown again in the extension as it is.
    case refused(ActivityAuthorizationError)
    /// Anything else that went wrong, in words.
    case failed(String)
}

/// Why a relayed ActivityKit call failed other than by ActivityKit's refusal.
public struct ActivityRelayError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public let description: String
}

/// The extension process's `ActivityHostInterface`: each call is a frame to the preview, sent in the middle of
/// the request being answered, and the preview's answer is read back before widget code goes on. Outside a
/// request (a task left running after its intent returned) nobody is listening: the call fails.
final class ActivityHostRelay: ActivityHostInterface, @unchecked Sendable {
    private let requests: Int32
    private let responses: Int32
    private let lock = NSLock()
    private var isServing = false

    init(requests: Int32, responses: Int32) {
        self.requests = requests
        self.responses = responses
    }

    /// Runs `body` (the answer to one request) with the relay open, and waits for a call in flight before returning.
    func serving<T>(_ body: () -> T) -> T {
        lock.withLock { isServing = true }
        let result = body()
        lock.withLock { isServing = false }
        return result
    }

    private func send(_ call: ActivityHostCall) throws -> ActivityHostAnswer {
        try lock.withLock {
            guard isServing else {
                throw ActivityRelayError(description: "an ActivityKit call after the extension answered its request was dropped")
            }
            let payload = try ViewTreeArchive.makeEncoder().encode(ExtensionResponse.activityHostCall(call))
            try ExtensionProtocol.writeFrame(payload, to: responses)
            guard let frame = try ExtensionProtocol.readFrame(from: requests) else { throw ExtensionProtocolError.closed }
            let message = try ViewTreeArchive.makeDecoder().decode(ExtensionCall.self, from: frame)
            guard case .activityHostAnswer(let answer) = message.request else {
                throw ActivityRelayError(description: "the preview answered an ActivityKit call with \(message.request)")
            }
            if case .refused(let error) = answer { throw error }
            if case .failed(let message) = answer { throw ActivityRelayError(description: message) }
            return answer
        }
    }

    func requestActivity(attributesType: String, attributes: Data, content: EncodedActivityContent, pushType: PushType?) throws -> String {
        let answer = try send(.request(attributesType: attributesType, attributes: attributes, content: content, pushType: pushType))
        guard case .id(let id) = answer else { throw ActivityRelayError(description: "no activity id in \(answer)") }
        return id
    }

    func updateActivity(id: String, content: EncodedActivityContent, alertConfiguration: AlertConfiguration?) throws {
        _ = try send(.update(id: id, content: content, alertConfiguration: alertConfiguration))
    }

    func endActivity(id: String, content: EncodedActivityContent?, dismissalPolicy: ActivityUIDismissalPolicy) throws {
        _ = try send(.end(id: id, content: content, dismissalPolicy: dismissalPolicy))
    }

    func activityRecord(id: String) -> ActivityRecord? {
        guard case .records(let records)? = try? send(.record(id: id)) else { return nil }
        return records.first
    }

    func activityRecords(attributesType: String) -> [ActivityRecord] {
        guard case .records(let records)? = try? send(.records(attributesType: attributesType)) else { return [] }
        return records
    }
}
