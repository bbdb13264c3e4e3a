import Foundation
import WidgetKitUI

// MARK: - A Live Activity push payload, for the preview's push key

/// Why a payload is refused, as APNs or ActivityKit would: the diagnostic code and a message saying what to change.
public struct ActivityPushPayloadError: Error, Equatable, CustomStringConvertible, Sendable {
    /// `push-payload-too-large`, `push-missing-aps`, `push-bad-event`, `push-missing-content-state`,
    /// `push-content-state-mismatch`, `push-not-json`.
    public var code: String
    /// What is wrong and what to do.
    public var message: String
    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}

/// A Live Activity push (`apns-push-type: liveactivity`) read from the JSON APNs delivers, as the preview's `P` key
/// applies it: `event` update or end to the focused activity, start (`attributes-type`, `attributes`) to a new one;
/// `content-state`, `stale-date`, `relevance-score`, `alert` and `dismissal-date` (seconds since 1970, as APNs sends
/// them). `widgetterm push` checks the same rules and the priority-10 budget.
public struct ActivityPushPayload: Sendable {
    /// `start`, `update` or `end`.
    public var event: String
    /// The encoded content state (sorted keys) with its stale date and relevance; nil for an end without one.
    public var content: EncodedActivityContent?
    /// The alert of an update, if any.
    public var alert: AlertConfiguration?
    /// When an ended activity leaves the Lock Screen; nil: the default 4 hours.
    public var dismissalDate: Date?
    /// A start push's `attributes-type`: the attributes type's name without its module.
    public var attributesType: String?
    /// A start push's `attributes`, encoded with sorted keys.
    public var attributes: Data?

    /// The bytes APNs accepts.
    public static let maximumBytes = 4096

    /// Reads a payload file's bytes.
    /// - Throws: `ActivityPushPayloadError` for a payload over 4 KB, not JSON, without `aps`, with another `event`,
    ///   an update or start without `content-state`, or a start without `attributes-type`, `attributes` or `alert`.
    public init(data: Data) throws {
        guard data.count <= Self.maximumBytes else {
            throw ActivityPushPayloadError(
                code: "push-payload-too-large", message: "\(data.count) bytes; APNs refuses a Live Activity payload over 4096 bytes")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw ActivityPushPayloadError(code: "push-not-json", message: "a push payload is a JSON object with an \"aps\" member")
        }
        guard let aps = object["aps"] as? [String: Any] else {
            throw ActivityPushPayloadError(code: "push-missing-aps", message: "no \"aps\" object: ActivityKit reads only \"aps\"")
        }
        guard let event = aps["event"] as? String, ["start", "update", "end"].contains(event) else {
            throw ActivityPushPayloadError(code: "push-bad-event", message: "\"aps.event\" must be \"start\", \"update\" or \"end\"")
        }
        self.event = event
        let staleDate = (aps["stale-date"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        let relevance = (aps["relevance-score"] as? NSNumber)?.doubleValue ?? 0
        if let state = aps["content-state"] as? [String: Any] {
            let encoded = try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys])
            content = EncodedActivityContent(state: encoded, staleDate: staleDate, relevanceScore: relevance)
        } else if event != "end" {
            throw ActivityPushPayloadError(
                code: "push-missing-content-state", message: "a \(event) push needs \"aps.content-state\": the new ContentState")
        }
        alert = (aps["alert"] as? [String: Any]).map { alert in
            AlertConfiguration(
                title: LocalizedStringResource(stringLiteral: alert["title"] as? String ?? ""),
                body: LocalizedStringResource(stringLiteral: alert["body"] as? String ?? ""),
                sound: (alert["sound"] as? String).map(AlertConfiguration.AlertSound.named) ?? .default)
        }
        dismissalDate = (aps["dismissal-date"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        if event == "start" {
            guard let type = aps["attributes-type"] as? String, !type.isEmpty else {
                throw ActivityPushPayloadError(
                    code: "push-start-without-attributes",
                    message: "a start push needs \"aps.attributes-type\": the ActivityAttributes type's name, without its module")
            }
            guard let object = aps["attributes"] as? [String: Any] else {
                throw ActivityPushPayloadError(
                    code: "push-start-without-attributes", message: "a start push needs \"aps.attributes\": the encoded \(type)")
            }
            guard alert != nil else {
                throw ActivityPushPayloadError(code: "push-start-without-alert", message: Self.startWithoutAlert)
            }
            attributesType = type
            attributes = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        }
    }

    /// Why a start push without an `alert` object is refused (DECISIONS.md, "a start push needs an alert").
    public static let startWithoutAlert =
        "a start push needs \"aps.alert\" ({\"title\", \"body\", \"sound\"}): ActivityKit requires one in every start payload, "
        + "so the person is alerted about the new Live Activity (Apple, \"Construct the payload that starts a Live Activity\"); "
        + "a start push without it is not one iOS is documented to accept"

    /// The attributes type's name as a start push gives it: the part after the module.
    public static func typeName(of activity: ActivityDescriptor) -> String {
        activity.attributesType.split(separator: ".").last.map(String.init) ?? activity.attributesType
    }

    /// Starts a new activity of `descriptor` from a start push, as iOS does for a push sent to the attributes type's
    /// push-to-start token: `attributes-type` must name its attributes type, and `attributes` and `content-state` must
    /// decode into it with `JSONDecoder`.
    /// - Returns: the new activity's id.
    /// - Throws: `ActivityPushPayloadError`: `push-start-wrong-attributes-type` naming both types, `push-attributes-mismatch`
    ///   or `push-content-state-mismatch` with the key path, `push-refused` for a request ActivityKit refuses.
    public func start(_ descriptor: WidgetDescriptor, in center: ActivityCenter, others: [WidgetDescriptor] = []) throws -> String {
        guard event == "start", let attributesType, let attributes, let content else {
            throw ActivityPushPayloadError(code: "push-refused", message: "an \(event) push updates a running activity; it starts none")
        }
        guard let activity = descriptor.activity else {
            throw ActivityPushPayloadError(code: "push-refused", message: "\(descriptor.kind) is a widget, not a Live Activity")
        }
        let expected = Self.typeName(of: activity)
        guard attributesType == expected else {
            let match = others.first { $0.activity.map(Self.typeName) == attributesType }
            throw ActivityPushPayloadError(
                code: "push-start-wrong-attributes-type",
                message: "\"aps.attributes-type\" is \"\(attributesType)\"; \(descriptor.kind) is an ActivityConfiguration for "
                    + "\(expected), so iOS starts nothing"
                    + (match.map { " (\($0.kind) takes \(attributesType): press k to select it)" } ?? ""))
        }
        do {
            _ = try activity.resolve(ActivityResolveRequest(attributes: attributes, content: content, isStale: false))
        } catch let error as ActivityDecodingError {
            let isAttributes = error.part == "attributes"
            let place = (isAttributes ? "attributes" : "content-state") + (error.keyPath.isEmpty ? "" : ".\(error.keyPath)")
            throw ActivityPushPayloadError(
                code: isAttributes ? "push-attributes-mismatch" : "push-content-state-mismatch",
                message: "aps.\(place): \(error.reason.isEmpty ? error.underlying : error.reason); it does not decode into "
                    + "\(expected)\(isAttributes ? "" : ".ContentState") with JSONDecoder")
        } catch {
            throw ActivityPushPayloadError(code: "push-content-state-mismatch", message: "\(error)")
        }
        do {
            let id = try center.requestActivity(
                attributesType: activity.attributesType, attributes: attributes, content: content, pushType: .token)
            if let alert { center.alertStarted(id: id, configuration: alert) }
            return id
        } catch {
            throw ActivityPushPayloadError(code: "push-refused", message: "\(descriptor.kind): \(error)")
        }
    }

    /// Applies the push to running activity `id` of `center`, drawn by `activity`: the content state must decode into
    /// its `ContentState` first.
    /// - Returns: what happened, for the event log.
    /// - Throws: `ActivityPushPayloadError` (`push-content-state-mismatch` naming the key path, `push-refused`).
    public func apply(to id: String, in center: ActivityCenter, activity: ActivityDescriptor) throws -> String {
        guard event != "start" else {
            throw ActivityPushPayloadError(
                code: "push-refused", message: "a start push starts a new activity: use widgetterm push FILE --to KIND")
        }
        guard let snapshot = center.snapshot(id: id) else {
            throw ActivityPushPayloadError(code: "push-refused", message: "\(id) is not running")
        }
        if let content {
            do {
                _ = try activity.resolve(ActivityResolveRequest(attributes: snapshot.record.attributes, content: content, isStale: false))
            } catch let error as ActivityDecodingError {
                let place = error.keyPath.isEmpty ? "content-state" : "content-state.\(error.keyPath)"
                throw ActivityPushPayloadError(
                    code: "push-content-state-mismatch",
                    message: "aps.\(place): \(error.reason); it does not decode into the activity's ContentState with JSONDecoder")
            } catch {
                throw ActivityPushPayloadError(code: "push-content-state-mismatch", message: "\(error)")
            }
        }
        do {
            if event == "end" {
                try center.endActivity(id: id, content: content, dismissalPolicy: dismissalDate.map { .after($0) } ?? .default)
                return "push: \(id) ended"
            }
            try center.updateActivity(id: id, content: content!, alertConfiguration: alert)
            return "push: \(id) updated" + (alert != nil ? " with an alert" : "")
        } catch {
            throw ActivityPushPayloadError(code: "push-refused", message: "\(id): \(error)")
        }
    }
}
