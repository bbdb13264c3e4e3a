import Foundation

// MARK: - Activity

/// A Live Activity the app started, as `ActivityKit.Activity`. Every call goes to the activity host of the
/// current `HostContext` (`HostContext.activities`), which plays iOS: it enforces the 4 KB and concurrency limits, the stale date, the 8-hour
/// lifetime and the dismissal policy.
public final class Activity<Attributes: ActivityAttributes>: Identifiable, @unchecked Sendable {
    /// Unique per activity.
    public let id: String
    /// The static data it was started with.
    public let attributes: Attributes
    private let lock = NSLock()
    private var lastKnownContent: ActivityContent<Attributes.ContentState>

    init(id: String, attributes: Attributes, content: ActivityContent<Attributes.ContentState>) {
        self.id = id
        self.attributes = attributes
        lastKnownContent = content
    }

    /// The latest content the host has (the final content once ended).
    public var content: ActivityContent<Attributes.ContentState> {
        let known = lock.withLock { lastKnownContent }
        guard let record = HostContext.current.activities?.activityRecord(id: id),
            let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.content.state)
        else { return known }
        return ActivityContent(state: state, staleDate: record.content.staleDate, relevanceScore: record.content.relevanceScore)
    }

    /// The content state, as the iOS 16.1 `contentState` property.
    public var contentState: Attributes.ContentState { content.state }

    /// Where the activity is in its life now; `.dismissed` when the host no longer knows it.
    public var activityState: ActivityState { HostContext.current.activities?.activityRecord(id: id)?.activityState ?? .dismissed }

    /// The app's activities of this type that are not dismissed, oldest first.
    public static var activities: [Activity<Attributes>] {
        guard let host = HostContext.current.activities else { return [] }
        return host.activityRecords(attributesType: ActivityCoding.typeName(of: Attributes.self)).compactMap { record in
            guard let attributes = try? ActivityCoding.decode(Attributes.self, from: record.attributes),
                let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.content.state)
            else { return nil }
            return Activity(
                id: record.id, attributes: attributes,
                content: ActivityContent(
                    state: state, staleDate: record.content.staleDate,
                    relevanceScore: record.content.relevanceScore))
        }
    }

    /// Starts a Live Activity, as `Activity.request(attributes:content:pushType:)`.
    /// - Throws: `ActivityAuthorizationError.attributesTooLarge` when the encoded attributes and state exceed
    ///   4 KB; `.targetMaximumExceeded` or `.globalMaximumExceeded` when too many activities run;
    ///   `ActivityHostMissingError` when no host is installed; an `EncodingError` from the types' `encode(to:)`.
    @discardableResult
    public static func request(
        attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
        pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        guard let host = HostContext.current.activities else { throw ActivityHostMissingError(call: "Activity.request") }
        let id = try host.requestActivity(
            attributesType: ActivityCoding.typeName(of: Attributes.self),
            attributes: try ActivityCoding.encode(attributes),
            content: try ActivityCoding.encode(content), pushType: pushType)
        return Activity(id: id, attributes: attributes, content: content)
    }

    /// Starts a Live Activity with a content state and no stale date, as the iOS 16.1
    /// `request(attributes:contentState:pushType:)`.
    /// - Throws: as `request(attributes:content:pushType:)`.
    @discardableResult
    public static func request(
        attributes: Attributes, contentState: Attributes.ContentState,
        pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        try request(attributes: attributes, content: ActivityContent(state: contentState, staleDate: nil), pushType: pushType)
    }

    /// Replaces the content, as `Activity.update(_:)`. As in ActivityKit it does not throw: a refused update
    /// (over 4 KB, or the activity has ended) leaves the content as it was, and the host logs why.
    public func update(_ content: ActivityContent<Attributes.ContentState>) async {
        await update(content, alertConfiguration: nil)
    }

    /// Replaces the content and shows an alert, as `Activity.update(_:alertConfiguration:)`.
    public func update(_ content: ActivityContent<Attributes.ContentState>, alertConfiguration: AlertConfiguration?) async {
        guard let host = HostContext.current.activities, let encoded = try? ActivityCoding.encode(content) else { return }
        do {
            try host.updateActivity(id: id, content: encoded, alertConfiguration: alertConfiguration)
            lock.withLock { lastKnownContent = content }
        } catch {
            // Refused: the host has logged it; the activity keeps its content, as on a device.
        }
    }

    /// Replaces the content state, as the iOS 16.1 `update(using:)`.
    public func update(using contentState: Attributes.ContentState) async {
        await update(ActivityContent(state: contentState, staleDate: nil))
    }

    /// Ends the activity, as `Activity.end(_:dismissalPolicy:)`: it leaves the Dynamic Island at once and the
    /// Lock Screen as the policy says (`.default`: up to four hours later).
    public func end(_ content: ActivityContent<Attributes.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        guard let host = HostContext.current.activities else { return }
        let encoded = content.flatMap { try? ActivityCoding.encode($0) }
        do {
            try host.endActivity(id: id, content: encoded, dismissalPolicy: dismissalPolicy)
            if let content { lock.withLock { lastKnownContent = content } }
        } catch {
            // Refused final content: the host has logged it and ended the activity with its last content.
        }
    }

    /// Ends the activity with a final content state, as the iOS 16.1 `end(using:dismissalPolicy:)`.
    public func end(using contentState: Attributes.ContentState? = nil, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        await end(contentState.map { ActivityContent(state: $0, staleDate: nil) }, dismissalPolicy: dismissalPolicy)
    }
}

/// An intent a Live Activity's buttons and toggles run, as `AppIntents.LiveActivityIntent`: it runs in the app's
/// process and usually updates or ends the activity (`Activity<Attributes>.activities`).
public protocol LiveActivityIntent: AppIntent {}
