import Foundation

// MARK: - The host interface

/// A content state as ActivityKit stores it: the encoded state, its stale date and relevance.
public struct EncodedActivityContent: Hashable, Sendable, Codable {
    /// `ContentState` as JSON (sorted keys).
    public var state: Data
    /// When the content goes stale; nil for never.
    public var staleDate: Date?
    /// Priority among the app's activities (higher first).
    public var relevanceScore: Double

    /// An encoded content state with its stale date and relevance.
    public init(state: Data, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// One Live Activity as the host knows it at a moment.
public struct ActivityRecord: Hashable, Sendable, Codable {
    /// Unique per activity, as `Activity.id`.
    public var id: String
    /// `String(reflecting:)` of the attributes type: which `ActivityConfiguration` draws it.
    public var attributesType: String
    /// The attributes as JSON (sorted keys).
    public var attributes: Data
    /// The latest content (the final content once ended).
    public var content: EncodedActivityContent
    /// The state at the moment the record was read.
    public var activityState: ActivityState

    /// A record with every field given.
    public init(id: String, attributesType: String, attributes: Data, content: EncodedActivityContent, activityState: ActivityState) {
        self.id = id
        self.attributesType = attributesType
        self.attributes = attributes
        self.content = content
        self.activityState = activityState
    }
}

/// What the host (`WidgetHost.ActivityCenter`) provides to `Activity`; the calls mirror ActivityKit's.
public protocol ActivityHostInterface: AnyObject, Sendable {
    /// Starts an activity; returns its id.
    /// - Throws: `ActivityAuthorizationError` (too large, too many activities, unsupported device).
    func requestActivity(attributesType: String, attributes: Data, content: EncodedActivityContent, pushType: PushType?) throws -> String
    /// Replaces the content of a running activity.
    /// - Throws: `ActivityAuthorizationError.attributesTooLarge`, `.visibility` once ended.
    func updateActivity(id: String, content: EncodedActivityContent, alertConfiguration: AlertConfiguration?) throws
    /// Ends an activity, optionally with final content, and sets when it leaves the Lock Screen.
    /// - Throws: `ActivityAuthorizationError.attributesTooLarge` for final content over 4 KB.
    func endActivity(id: String, content: EncodedActivityContent?, dismissalPolicy: ActivityUIDismissalPolicy) throws
    /// The activity as it is now; nil when unknown.
    func activityRecord(id: String) -> ActivityRecord?
    /// Every activity of an attributes type that is not dismissed, oldest first.
    func activityRecords(attributesType: String) -> [ActivityRecord]
}

/// The JSON coding ActivityKit data goes through: sorted keys, so the size and bytes are the same every time.
public enum ActivityCoding {
    /// Encodes attributes or a content state.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }

    /// Decodes attributes or a content state.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try JSONDecoder().decode(type, from: data)
    }

    /// Encodes a typed content.
    public static func encode<State>(_ content: ActivityContent<State>) throws -> EncodedActivityContent {
        EncodedActivityContent(state: try encode(content.state), staleDate: content.staleDate, relevanceScore: content.relevanceScore)
    }

    /// The name `Activity<Attributes>` and `ActivityConfiguration(for:)` agree on.
    public static func typeName<Attributes: ActivityAttributes>(of type: Attributes.Type) -> String { String(reflecting: type) }
}
