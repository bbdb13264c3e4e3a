import Foundation

// MARK: - Attributes and content

/// The data of a Live Activity, as `ActivityKit.ActivityAttributes`: static properties set when the activity
/// starts, and a nested `ContentState` for the data that changes with each update.
///
/// WidgetTerm keeps both as JSON (`JSONEncoder` with sorted keys), the way ActivityKit hands them to the widget
/// extension, and measures the 4 KB limit on that encoding ("Displaying live data with Live Activities").
public protocol ActivityAttributes: Decodable, Encodable {
    /// The dynamic data of the activity, sent with every update.
    associatedtype ContentState: Decodable & Encodable & Hashable
}

/// A content state with the date it goes stale and its relevance, as `ActivityKit.ActivityContent`.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Equatable {
    /// The dynamic data shown.
    public var state: State
    /// From this date the system shows the activity as stale (`ActivityViewContext.isStale` is true) until the
    /// next update; nil never goes stale.
    public var staleDate: Date?
    /// Orders several activities of the app; the highest score leads the Dynamic Island. 0 when not given.
    public var relevanceScore: Double

    /// - Parameters:
    ///   - state: the content state.
    ///   - staleDate: when the content becomes out of date; nil for never.
    ///   - relevanceScore: priority among the app's activities (higher first).
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// Where a Live Activity is in its life, as `ActivityKit.ActivityState`.
public enum ActivityState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Running and shown in the Dynamic Island and on the Lock Screen.
    case active
    /// Past its content's `staleDate` with no newer update; still shown, `isStale` is true.
    case stale
    /// Ended by the app or, after 8 hours, by the system: gone from the Dynamic Island, still on the Lock
    /// Screen until it is dismissed.
    case ended
    /// Removed from the Lock Screen too.
    case dismissed

    public var description: String { rawValue }
}

/// When an ended Live Activity leaves the Lock Screen, as `ActivityKit.ActivityUIDismissalPolicy`.
public struct ActivityUIDismissalPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The three policies.
    public enum Kind: Hashable, Sendable {
        case `default`, immediate
        case after(Date)
    }

    /// Which policy, with its date for `.after`.
    public let kind: Kind

    /// The system keeps the ended activity on the Lock Screen for up to four hours.
    public static let `default` = ActivityUIDismissalPolicy(kind: .default)
    /// The system removes the activity at once.
    public static let immediate = ActivityUIDismissalPolicy(kind: .immediate)
    /// The system removes the activity at `date`; a past date removes it at once, a date more than four hours
    /// after the end removes it after four hours.
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy { ActivityUIDismissalPolicy(kind: .after(date)) }

    public var description: String {
        switch kind {
        case .default: return "default"
        case .immediate: return "immediate"
        case .after(let date): return "after(\(date.formatted(.iso8601)))"
        }
    }
}

/// How an activity receives remote updates, as `ActivityKit.PushType`. WidgetTerm has no push service: a push
/// type is accepted and `Activity.pushToken` stays nil.
public struct PushType: Hashable, Sendable, CustomStringConvertible {
    let name: String
    /// `token` or `channel(ID)`.
    public var description: String { name }
    /// Updates through a push token.
    public static let token = PushType(name: "token")
    /// Updates through a broadcast channel (iOS 18).
    public static func channel(_ channelID: String) -> PushType { PushType(name: "channel(\(channelID))") }
}

/// An alert shown with an update, as `ActivityKit.AlertConfiguration`; WidgetTerm logs it.
public struct AlertConfiguration: Hashable, Sendable {
    /// The sound of the alert, as `AlertConfiguration.AlertSound`.
    public struct AlertSound: Hashable, Sendable {
        let name: String
        /// The system's default alert sound.
        public static let `default` = AlertSound(name: "default")
        /// A sound file of the app.
        public static func named(_ name: String) -> AlertSound { AlertSound(name: name) }
    }

    /// The alert's title.
    public var title: String
    /// The alert's text.
    public var body: String
    /// The sound played with it.
    public var sound: AlertSound

    /// An alert with a title, a text and a sound, as `AlertConfiguration(title:body:sound:)`.
    public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertSound) {
        self.title = title.key
        self.body = body.key
        self.sound = sound
    }
}

/// Why ActivityKit refused a request, as `ActivityKit.ActivityAuthorizationError` (the cases WidgetTerm raises).
public enum ActivityAuthorizationError: Error, Hashable, Sendable, LocalizedError, CustomStringConvertible {
    /// The encoded attributes and content state exceed 4 KB (4096 bytes).
    case attributesTooLarge
    /// The person turned Live Activities off for the app.
    case denied
    /// The device already shows the most Live Activities it allows.
    case globalMaximumExceeded
    /// The app already has the most concurrent Live Activities it may start.
    case targetMaximumExceeded
    /// The device does not support Live Activities (an iPad or a Mac profile).
    case unsupported
    /// The activity has ended; it cannot be updated.
    case visibility

    /// ActivityKit's wording of the error.
    public var errorDescription: String? {
        switch self {
        case .attributesTooLarge: return "The provided Live Activity attributes exceeded the maximum size of 4KB."
        case .denied: return "The user disabled Live Activities for the app."
        case .globalMaximumExceeded: return "The device reached the maximum number of ongoing Live Activities."
        case .targetMaximumExceeded: return "The app has already started the maximum number of concurrent Live Activities."
        case .unsupported: return "The device does not support Live Activities."
        case .visibility: return "The Live Activity is no longer visible; it has ended."
        }
    }

    public var description: String { errorDescription ?? "\(self)" }
}

/// `Activity.request` called with no activity host: WidgetTerm installs one (`ActivityCenter`) when it runs
/// widget code; a program that calls ActivityKit outside `widgetterm` must install one itself.
public struct ActivityHostMissingError: Error, CustomStringConvertible, Sendable {
    /// The call that needed the host, e.g. `Activity.request`.
    public let call: String
    public var description: String {
        "\(call) needs WidgetTerm's Live Activity host, and none is installed. Run the code under widgetterm, or install one "
            + "first: ActivityCenter().install() (module WidgetHost)."
    }
}

// MARK: - The host interface

/// A content state as ActivityKit stores it: the encoded state, its stale date and relevance.
public struct EncodedActivityContent: Hashable, Sendable {
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
public struct ActivityRecord: Hashable, Sendable {
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

/// The installed Live Activity host, if any (WidgetTerm installs `ActivityCenter`).
public enum ActivityHost {
    nonisolated(unsafe) private static var installed: (any ActivityHostInterface)?
    private static let lock = NSLock()
    /// The host `Activity` calls go to.
    public static var current: (any ActivityHostInterface)? { lock.withLock { installed } }
    /// Installs `host` (nil removes it).
    public static func install(_ host: (any ActivityHostInterface)?) { lock.withLock { installed = host } }
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

// MARK: - Activity

/// A Live Activity the app started, as `ActivityKit.Activity`. Every call goes to the installed activity host
/// (`ActivityHost`), which plays iOS: it enforces the 4 KB and concurrency limits, the stale date, the 8-hour
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
        guard let record = ActivityHost.current?.activityRecord(id: id),
              let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.content.state) else { return known }
        return ActivityContent(state: state, staleDate: record.content.staleDate, relevanceScore: record.content.relevanceScore)
    }

    /// The content state, as the iOS 16.1 `contentState` property.
    public var contentState: Attributes.ContentState { content.state }

    /// Where the activity is in its life now; `.dismissed` when the host no longer knows it.
    public var activityState: ActivityState { ActivityHost.current?.activityRecord(id: id)?.activityState ?? .dismissed }

    /// Always nil: WidgetTerm has no push service.
    public var pushToken: Data? { nil }

    /// The app's activities of this type that are not dismissed, oldest first.
    public static var activities: [Activity<Attributes>] {
        guard let host = ActivityHost.current else { return [] }
        return host.activityRecords(attributesType: ActivityCoding.typeName(of: Attributes.self)).compactMap { record in
            guard let attributes = try? ActivityCoding.decode(Attributes.self, from: record.attributes),
                  let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.content.state) else { return nil }
            return Activity(id: record.id, attributes: attributes,
                            content: ActivityContent(state: state, staleDate: record.content.staleDate,
                                                     relevanceScore: record.content.relevanceScore))
        }
    }

    /// Starts a Live Activity, as `Activity.request(attributes:content:pushType:)`.
    /// - Throws: `ActivityAuthorizationError.attributesTooLarge` when the encoded attributes and state exceed
    ///   4 KB; `.targetMaximumExceeded` or `.globalMaximumExceeded` when too many activities run;
    ///   `ActivityHostMissingError` when no host is installed; an `EncodingError` from the types' `encode(to:)`.
    @discardableResult
    public static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>,
                               pushType: PushType? = nil) throws -> Activity<Attributes> {
        guard let host = ActivityHost.current else { throw ActivityHostMissingError(call: "Activity.request") }
        let id = try host.requestActivity(attributesType: ActivityCoding.typeName(of: Attributes.self),
                                          attributes: try ActivityCoding.encode(attributes),
                                          content: try ActivityCoding.encode(content), pushType: pushType)
        return Activity(id: id, attributes: attributes, content: content)
    }

    /// Starts a Live Activity with a content state and no stale date, as the iOS 16.1
    /// `request(attributes:contentState:pushType:)`.
    /// - Throws: as `request(attributes:content:pushType:)`.
    @discardableResult
    public static func request(attributes: Attributes, contentState: Attributes.ContentState,
                               pushType: PushType? = nil) throws -> Activity<Attributes> {
        try request(attributes: attributes, content: ActivityContent(state: contentState, staleDate: nil), pushType: pushType)
    }

    /// Replaces the content, as `Activity.update(_:)`. As in ActivityKit it does not throw: a refused update
    /// (over 4 KB, or the activity has ended) leaves the content as it was, and the host logs why.
    public func update(_ content: ActivityContent<Attributes.ContentState>) async {
        await update(content, alertConfiguration: nil)
    }

    /// Replaces the content and shows an alert, as `Activity.update(_:alertConfiguration:)`.
    public func update(_ content: ActivityContent<Attributes.ContentState>, alertConfiguration: AlertConfiguration?) async {
        guard let host = ActivityHost.current, let encoded = try? ActivityCoding.encode(content) else { return }
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
        guard let host = ActivityHost.current else { return }
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

// MARK: - Views of an activity

/// What an activity's views are given, as `WidgetKit.ActivityViewContext`.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    /// The static data.
    public let attributes: Attributes
    /// The current content state.
    public let state: Attributes.ContentState
    /// True once the content's `staleDate` has passed without a newer update: show that the data may be old.
    public let isStale: Bool
    /// The activity's id.
    public let activityID: String
}

/// Where an expanded Dynamic Island region sits, as `WidgetKit.DynamicIslandExpandedRegionPosition`
/// (HIG "Live Activities", Dynamic Island: expanded presentation).
public enum DynamicIslandExpandedRegionPosition: String, Hashable, Sendable, CaseIterable {
    /// Along the leading edge, beside the TrueDepth camera.
    case leading
    /// Along the trailing edge, beside the camera.
    case trailing
    /// Below the camera, between the leading and trailing regions.
    case center
    /// Below everything else, across the whole width.
    case bottom
}

/// Where leading and trailing content goes when it is too wide for its place beside the camera, as
/// `WidgetKit.DynamicIslandExpandedRegionVerticalPlacement`.
public enum DynamicIslandExpandedRegionVerticalPlacement: Hashable, Sendable {
    /// Below the camera, where it can be wider.
    case belowIfTooWide
}

/// A Dynamic Island presentation whose content margins can be set, as `WidgetKit.DynamicIslandMode`.
public enum DynamicIslandMode: String, Hashable, Sendable, CaseIterable {
    case compact, expanded, minimal
}

/// Something an expanded Dynamic Island can hold: regions, or groups of them from the builder.
public protocol DynamicIslandExpandedContent {
    /// The regions, in the order declared.
    var expandedRegions: [DynamicIslandExpandedRegionContent] { get }
}

/// One region of an expanded Dynamic Island before it is resolved (what `DynamicIslandExpandedRegion` holds).
public struct DynamicIslandExpandedRegionContent: @unchecked Sendable {
    /// Where the region sits.
    public let position: DynamicIslandExpandedRegionPosition
    /// Which region gets width first when leading and trailing compete (higher first).
    public let priority: Double
    let resolveContent: (ResolveContext) -> ViewNode
}

/// A region of the expanded Dynamic Island, as `WidgetKit.DynamicIslandExpandedRegion`.
public struct DynamicIslandExpandedRegion<Content: View>: DynamicIslandExpandedContent {
    let region: DynamicIslandExpandedRegionContent

    /// - Parameters:
    ///   - position: leading, trailing, center or bottom.
    ///   - priority: which region gets width first when leading and trailing compete (higher first).
    ///   - content: the region's view.
    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        let view = content()
        region = DynamicIslandExpandedRegionContent(position: position, priority: priority) { $0.resolve(view) }
    }

    /// This one region.
    public var expandedRegions: [DynamicIslandExpandedRegionContent] { [region] }
}

/// Several regions from a `DynamicIsland`'s expanded builder.
public struct DynamicIslandExpandedRegionGroup: DynamicIslandExpandedContent {
    /// The regions, in declaration order.
    public let expandedRegions: [DynamicIslandExpandedRegionContent]

    package init(expandedRegions: [DynamicIslandExpandedRegionContent]) { self.expandedRegions = expandedRegions }
}

/// Builds the expanded regions of a `DynamicIsland`, as `WidgetKit.DynamicIslandExpandedContentBuilder`.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    /// No regions.
    public static func buildBlock() -> DynamicIslandExpandedRegionGroup { DynamicIslandExpandedRegionGroup(expandedRegions: []) }
    /// The regions of a block, in order.
    public static func buildBlock<each Content: DynamicIslandExpandedContent>(_ content: repeat each Content) -> DynamicIslandExpandedRegionGroup {
        var regions: [DynamicIslandExpandedRegionContent] = []
        for part in repeat each content { regions.append(contentsOf: part.expandedRegions) }
        return DynamicIslandExpandedRegionGroup(expandedRegions: regions)
    }
    /// One region or group, as written.
    public static func buildExpression<Content: DynamicIslandExpandedContent>(_ content: Content) -> Content { content }
    /// The regions of an `if` without `else`, or none.
    public static func buildOptional<Content: DynamicIslandExpandedContent>(_ content: Content?) -> DynamicIslandExpandedRegionGroup {
        DynamicIslandExpandedRegionGroup(expandedRegions: content?.expandedRegions ?? [])
    }
    /// The regions of the first branch of an `if`/`else` or `switch`.
    public static func buildEither<Content: DynamicIslandExpandedContent>(first: Content) -> DynamicIslandExpandedRegionGroup {
        DynamicIslandExpandedRegionGroup(expandedRegions: first.expandedRegions)
    }
    /// The regions of the second branch.
    public static func buildEither<Content: DynamicIslandExpandedContent>(second: Content) -> DynamicIslandExpandedRegionGroup {
        DynamicIslandExpandedRegionGroup(expandedRegions: second.expandedRegions)
    }
    /// The regions inside `if #available`.
    public static func buildLimitedAvailability<Content: DynamicIslandExpandedContent>(_ content: Content) -> DynamicIslandExpandedRegionGroup {
        DynamicIslandExpandedRegionGroup(expandedRegions: content.expandedRegions)
    }
}

/// Content margins set for one Dynamic Island mode, in points; a nil edge keeps the system default.
public struct DynamicIslandContentMargins: Hashable, Sendable {
    /// Each edge's margin in points; nil keeps the default.
    public var top: Double?, leading: Double?, bottom: Double?, trailing: Double?

    /// Margins for the given edges, in points.
    public init(top: Double? = nil, leading: Double? = nil, bottom: Double? = nil, trailing: Double? = nil) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// These margins over `defaults`.
    public func applied(to defaults: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: top ?? defaults.top, leading: leading ?? defaults.leading, bottom: bottom ?? defaults.bottom,
                   trailing: trailing ?? defaults.trailing)
    }
}

/// The Dynamic Island presentations of a Live Activity, as `WidgetKit.DynamicIsland`: the expanded regions,
/// the compact leading and trailing views beside the camera, and the minimal view.
public struct DynamicIsland: @unchecked Sendable {
    let regions: [DynamicIslandExpandedRegionContent]
    let compactLeading: (ResolveContext) -> ViewNode
    let compactTrailing: (ResolveContext) -> ViewNode
    let minimal: (ResolveContext) -> ViewNode
    var keyline: Color?
    var url: URL?
    var margins: [DynamicIslandMode: DynamicIslandContentMargins] = [:]

    /// - Parameters:
    ///   - expanded: `DynamicIslandExpandedRegion`s for the expanded presentation.
    ///   - compactLeading: the view left of the camera when the activity is alone.
    ///   - compactTrailing: the view right of the camera when the activity is alone.
    ///   - minimal: the view when several activities share the island.
    public init<Expanded: DynamicIslandExpandedContent, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: () -> Expanded,
        @ViewBuilder compactLeading: () -> CompactLeading,
        @ViewBuilder compactTrailing: () -> CompactTrailing,
        @ViewBuilder minimal: () -> Minimal
    ) {
        regions = expanded().expandedRegions
        let leading = compactLeading(), trailing = compactTrailing(), minimalView = minimal()
        self.compactLeading = { $0.resolve(leading) }
        self.compactTrailing = { $0.resolve(trailing) }
        self.minimal = { $0.resolve(minimalView) }
    }

    /// Tints the island's outline (a subtle keyline, most visible on dark backgrounds), as
    /// `DynamicIsland.keylineTint(_:)`. WidgetTerm draws the island's rounded corners in this colour.
    public func keylineTint(_ color: Color?) -> DynamicIsland {
        var copy = self
        copy.keyline = color
        return copy
    }

    /// The URL a tap on the island opens in every presentation, unless a `Link` in the expanded presentation takes
    /// the tap, as `DynamicIsland.widgetURL(_:)`.
    public func widgetURL(_ url: URL?) -> DynamicIsland {
        var copy = self
        copy.url = url
        return copy
    }

    /// Sets the content margins of one presentation, in points, as `DynamicIsland.contentMargins(_:_:for:)`;
    /// a nil length restores the system default on those edges.
    public func contentMargins(_ edges: Edge.Set = .all, _ length: Double?, for mode: DynamicIslandMode) -> DynamicIsland {
        var copy = self
        var margins = copy.margins[mode] ?? DynamicIslandContentMargins()
        if edges.contains(.top) { margins.top = length }
        if edges.contains(.leading) { margins.leading = length }
        if edges.contains(.bottom) { margins.bottom = length }
        if edges.contains(.trailing) { margins.trailing = length }
        copy.margins[mode] = margins
        return copy
    }
}

// MARK: - Activity view modifiers

/// What the modifiers of an activity's views record while it is resolved (the background tint of the Lock
/// Screen view, the vertical placement of an expanded region).
@usableFromInline
final class ActivityResolveRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var _backgroundTint: Color??
    private var _systemActionForegroundColor: Color??
    private var _verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement?

    var backgroundTint: Color?? {
        get { lock.withLock { _backgroundTint } }
        set { lock.withLock { _backgroundTint = newValue } }
    }
    var systemActionForegroundColor: Color?? {
        get { lock.withLock { _systemActionForegroundColor } }
        set { lock.withLock { _systemActionForegroundColor = newValue } }
    }
    var verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement? {
        get { lock.withLock { _verticalPlacement } }
        set { lock.withLock { _verticalPlacement = newValue } }
    }

    @TaskLocal static var current: ActivityResolveRecorder?

    /// Runs `record` on the recorder of the activity being resolved, if any.
    @usableFromInline
    static func recordInCurrent(_ record: (ActivityResolveRecorder) -> Void) {
        if let recorder = current { record(recorder) }
    }
}

/// A view whose modifier records an activity setting, then resolves its content unchanged.
public struct ActivitySettingView<Content: View>: PrimitiveView {
    @usableFromInline let content: Content
    @usableFromInline let record: @Sendable (ActivityResolveRecorder) -> Void

    init(content: Content, record: @escaping @Sendable (ActivityResolveRecorder) -> Void) {
        self.content = content
        self.record = record
    }

    /// Records the setting, then resolves the content unchanged.
    @inlinable
    public func resolve(in context: ResolveContext) -> ViewNode {
        ActivityResolveRecorder.recordInCurrent(record)
        return content._resolve(in: context)
    }
}

extension View {
    /// The background of the Lock Screen presentation (and of the banner on devices without a Dynamic Island),
    /// as `View.activityBackgroundTint(_:)`; nil keeps the system's default material.
    public func activityBackgroundTint(_ color: Color?) -> ActivitySettingView<Self> {
        ActivitySettingView(content: self) { $0.backgroundTint = .some(color) }
    }

    /// The colour of the system's action button on the Lock Screen presentation (the dismiss button), as
    /// `View.activitySystemActionForegroundColor(_:)`.
    public func activitySystemActionForegroundColor(_ color: Color?) -> ActivitySettingView<Self> {
        ActivitySettingView(content: self) { $0.systemActionForegroundColor = .some(color) }
    }

    /// Where an expanded leading or trailing region goes when its content is too wide beside the camera, as
    /// `View.dynamicIsland(verticalPlacement:)`.
    public func dynamicIsland(verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement) -> ActivitySettingView<Self> {
        ActivitySettingView(content: self) { $0.verticalPlacement = verticalPlacement }
    }
}

// MARK: - Resolved activity

/// An expanded region as resolved data.
public struct ResolvedExpandedRegion: Equatable, Sendable {
    /// Where the region sits.
    public var position: DynamicIslandExpandedRegionPosition
    /// Its priority for width.
    public var priority: Double
    /// The region's view.
    public var content: ViewNode
    /// `.dynamicIsland(verticalPlacement:)` on the region's content, if any.
    public var verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement?

    /// A resolved region.
    public init(position: DynamicIslandExpandedRegionPosition, priority: Double = 0, content: ViewNode,
                verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement? = nil) {
        self.position = position
        self.priority = priority
        self.content = content
        self.verticalPlacement = verticalPlacement
    }
}

/// The Dynamic Island presentations as resolved data (resolved in the dark appearance the island always uses).
public struct ResolvedDynamicIsland: Equatable, Sendable {
    /// The expanded regions, in declaration order.
    public var expandedRegions: [ResolvedExpandedRegion]
    /// The view left of the camera in the compact presentation.
    public var compactLeading: ViewNode
    /// The view right of the camera in the compact presentation.
    public var compactTrailing: ViewNode
    /// The minimal presentation's view.
    public var minimal: ViewNode
    /// `keylineTint(_:)`, nil when not set.
    public var keylineTint: Color?
    /// `widgetURL(_:)` on the island, nil when not set.
    public var widgetURL: URL?
    /// `contentMargins(_:_:for:)` per presentation.
    public var contentMargins: [DynamicIslandMode: DynamicIslandContentMargins]

    /// A resolved island; every part defaults to nothing.
    public init(expandedRegions: [ResolvedExpandedRegion] = [], compactLeading: ViewNode = .empty, compactTrailing: ViewNode = .empty,
                minimal: ViewNode = .empty, keylineTint: Color? = nil, widgetURL: URL? = nil,
                contentMargins: [DynamicIslandMode: DynamicIslandContentMargins] = [:]) {
        self.expandedRegions = expandedRegions
        self.compactLeading = compactLeading
        self.compactTrailing = compactTrailing
        self.minimal = minimal
        self.keylineTint = keylineTint
        self.widgetURL = widgetURL
        self.contentMargins = contentMargins
    }

    /// The region at a position (the last declared wins, as later views draw on top), or `.empty`.
    public func region(_ position: DynamicIslandExpandedRegionPosition) -> ResolvedExpandedRegion? {
        expandedRegions.last { $0.position == position }
    }
}

/// Every presentation of one activity content as resolved data: what the host lays out and paints.
public struct ResolvedActivity: Equatable, Sendable {
    /// The Lock Screen view (`ActivityConfiguration`'s `content`).
    public var lockScreen: ViewNode
    /// `.activityBackgroundTint(_:)` on the Lock Screen view; nil: the system's default.
    public var backgroundTint: Color?
    /// `.activitySystemActionForegroundColor(_:)`; nil: the system's default.
    public var systemActionForegroundColor: Color?
    /// The Dynamic Island presentations.
    public var island: ResolvedDynamicIsland
    /// Problems found while resolving (a backwards date range...).
    public var diagnostics: [ResolveDiagnostic]
    /// How many `body` properties were evaluated.
    public var bodyEvaluations: Int

    /// A resolved activity.
    public init(lockScreen: ViewNode, backgroundTint: Color? = nil, systemActionForegroundColor: Color? = nil,
                island: ResolvedDynamicIsland, diagnostics: [ResolveDiagnostic] = [], bodyEvaluations: Int = 0) {
        self.lockScreen = lockScreen
        self.backgroundTint = backgroundTint
        self.systemActionForegroundColor = systemActionForegroundColor
        self.island = island
        self.diagnostics = diagnostics
        self.bodyEvaluations = bodyEvaluations
    }
}

/// What resolving an activity needs: encoded data as the host stores it, and the appearance.
public struct ActivityResolveRequest: Sendable {
    /// The attributes, encoded.
    public var attributes: Data
    /// The content, encoded.
    public var content: EncodedActivityContent
    /// What `ActivityViewContext.isStale` says.
    public var isStale: Bool
    /// What `ActivityViewContext.activityID` says.
    public var activityID: String
    /// The Lock Screen's environment (colour scheme, locale, time zone); the Dynamic Island uses it in dark.
    public var environment: EnvironmentValues

    /// A request with every field given.
    public init(attributes: Data, content: EncodedActivityContent, isStale: Bool, activityID: String = "preview",
                environment: EnvironmentValues = EnvironmentValues()) {
        self.attributes = attributes
        self.content = content
        self.isStale = isStale
        self.activityID = activityID
        self.environment = environment
    }
}

/// Encoded data that does not decode as the activity's types.
public struct ActivityDecodingError: Error, CustomStringConvertible, Sendable {
    /// The activity's kind.
    public let activity: String
    /// `attributes` or `content state`.
    public let part: String
    /// What the decoder said.
    public let underlying: String
    public var description: String {
        "\(activity): the encoded \(part) does not decode as the activity's type (\(underlying)); was it encoded from another ActivityAttributes type?"
    }
}

/// A scripted sequence of content states for previews (`widgetterm render --state N`, the island screen).
public struct ActivityPreviewScript: @unchecked Sendable {
    /// The attributes, encoded, for an activity started at the given date.
    public let attributes: (Date) throws -> Data
    /// The content states for an activity started at the given date, in order.
    public let contents: (Date) throws -> [EncodedActivityContent]
}

/// Everything the host needs to run one Live Activity kind, without its generic types: the facet of a
/// `WidgetDescriptor` made by `ActivityConfiguration`.
public struct ActivityDescriptor: @unchecked Sendable {
    /// `String(reflecting:)` of the attributes type: what `Activity.request` records.
    public let attributesType: String
    /// Resolves every presentation of one content.
    /// - Throws: `ActivityDecodingError` when the data was not encoded from this activity's types.
    public let resolve: (ActivityResolveRequest) throws -> ResolvedActivity
    /// The scripted preview content (`.widgetTermPreview(attributes:contentStates:)`), if any.
    public var preview: ActivityPreviewScript?

    package init(
        attributesType: String, resolve: @escaping (ActivityResolveRequest) throws -> ResolvedActivity,
        preview: ActivityPreviewScript? = nil
    ) {
        self.attributesType = attributesType
        self.resolve = resolve
        self.preview = preview
    }
}

extension WidgetDescriptor {
    /// True for a Live Activity (`ActivityConfiguration`): it has presentations, not widget families.
    public var isActivity: Bool { activity != nil }
}

// MARK: - ActivityConfiguration

/// Declares a Live Activity's views, as `WidgetKit.ActivityConfiguration`: the Lock Screen view and the
/// Dynamic Island. Put it in the widget bundle beside the widgets; `widgetterm list` marks it as a Live Activity.
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    /// The type-erased description, with the activity facet set and no families.
    public var descriptor: WidgetDescriptor

    /// - Parameters:
    ///   - attributesType: the `ActivityAttributes` type whose activities this draws.
    ///   - content: the Lock Screen presentation (up to 160 pt tall; taller content is truncated).
    ///   - dynamicIsland: the Dynamic Island presentations.
    public init<Content: View>(for attributesType: Attributes.Type,
                               @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
                               dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland) {
        let typeName = ActivityCoding.typeName(of: attributesType)
        let kind = ActivityConfiguration.kind(of: attributesType)
        let activity = ActivityDescriptor(attributesType: typeName, resolve: { request in
            try ActivityConfiguration.resolve(request, kind: kind, content: content, dynamicIsland: dynamicIsland)
        })
        descriptor = WidgetDescriptor(
            kind: kind, displayName: String(describing: attributesType), description: "", supportedFamilies: [], contentMarginsDisabled: false, routes: [],
            placeholder: { _ in AnyTimelineEntry(ActivityPlaceholderEntry(date: Date())) },
            snapshot: { _, completion in completion(AnyTimelineEntry(ActivityPlaceholderEntry(date: Date()))) },
            timeline: { _, completion in completion(AnyTimeline(entries: [], policy: .never)) },
            content: { _, _ in .empty },
            activity: activity)
    }

    /// The kind the command line names an activity by: the attributes type's name without a trailing `Attributes`,
    /// first letter lowercased (`DeliveryAttributes` is `delivery`).
    public static func kind(of type: Attributes.Type) -> String {
        var name = String(describing: type)
        if name.hasSuffix("Attributes"), name.count > "Attributes".count { name.removeLast("Attributes".count) }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    private static func resolve<Content: View>(_ request: ActivityResolveRequest, kind: String,
                                               content: (ActivityViewContext<Attributes>) -> Content,
                                               dynamicIsland: (ActivityViewContext<Attributes>) -> DynamicIsland) throws -> ResolvedActivity {
        let attributes: Attributes, state: Attributes.ContentState
        do { attributes = try ActivityCoding.decode(Attributes.self, from: request.attributes) } catch {
            throw ActivityDecodingError(activity: kind, part: "attributes", underlying: "\(error)")
        }
        do { state = try ActivityCoding.decode(Attributes.ContentState.self, from: request.content.state) } catch {
            throw ActivityDecodingError(activity: kind, part: "content state", underlying: "\(error)")
        }
        let context = ActivityViewContext(attributes: attributes, state: state, isStale: request.isStale, activityID: request.activityID)

        // The Lock Screen view, in the device's appearance.
        let sink = ResolveSink()
        var lockEnvironment = request.environment
        lockEnvironment.isActivityFullscreen = false
        let lockRecorder = ActivityResolveRecorder()
        let lockContext = ResolveContext(environment: lockEnvironment, sink: sink)
        let lockScreen = ResolveSink.$current.withValue(sink) {
            ActivityResolveRecorder.$current.withValue(lockRecorder) { lockContext.resolve(content(context)) }
        }

        // The Dynamic Island: always dark, white content on the black island.
        var islandEnvironment = request.environment
        islandEnvironment.colorScheme = .dark
        let islandContext = ResolveContext(environment: islandEnvironment, sink: sink)
        let island = ResolveSink.$current.withValue(sink) { dynamicIsland(context) }
        let resolved = ResolveSink.$current.withValue(sink) { () -> ResolvedDynamicIsland in
            let regions = island.regions.map { region -> ResolvedExpandedRegion in
                let recorder = ActivityResolveRecorder()
                let node = ActivityResolveRecorder.$current.withValue(recorder) { region.resolveContent(islandContext) }
                return ResolvedExpandedRegion(position: region.position, priority: region.priority, content: node,
                                              verticalPlacement: recorder.verticalPlacement)
            }
            return ResolvedDynamicIsland(expandedRegions: regions, compactLeading: island.compactLeading(islandContext),
                                         compactTrailing: island.compactTrailing(islandContext), minimal: island.minimal(islandContext),
                                         keylineTint: island.keyline, widgetURL: island.url, contentMargins: island.margins)
        }
        return ResolvedActivity(lockScreen: lockScreen, backgroundTint: lockRecorder.backgroundTint ?? nil,
                                systemActionForegroundColor: lockRecorder.systemActionForegroundColor ?? nil,
                                island: resolved, diagnostics: sink.diagnostics, bodyEvaluations: sink.bodyEvaluations)
    }
}

/// The entry an activity's unused widget facet reports (activities have no timeline).
struct ActivityPlaceholderEntry: TimelineEntry {
    let date: Date
}

extension WidgetConfiguration {
    /// WidgetTerm's stand-in for Xcode's `#Preview(as: .dynamicIsland(...)) { } contentStates: { }`: the attributes
    /// and a scripted sequence of content states that `widgetterm render ACTIVITY --state N` and the island screen
    /// play. Both closures get the date the scripted activity starts, so dates can be set relative to it.
    /// On a widget (not an `ActivityConfiguration`) it does nothing.
    public func widgetTermPreview<Attributes: ActivityAttributes>(
        attributes: @escaping (Date) -> Attributes, contentStates: @escaping (Date) -> [ActivityContent<Attributes.ContentState>]
    ) -> ModifiedWidgetConfiguration {
        var descriptor = self.descriptor
        descriptor.activity?.preview = ActivityPreviewScript(
            attributes: { try ActivityCoding.encode(attributes($0)) },
            contents: { start in try contentStates(start).map { try ActivityCoding.encode($0) } })
        return ModifiedWidgetConfiguration(descriptor: descriptor)
    }

    /// `widgetTermPreview(attributes:contentStates:)` with attributes that do not depend on the start date.
    public func widgetTermPreview<Attributes: ActivityAttributes>(
        attributes: Attributes, contentStates: @escaping (Date) -> [ActivityContent<Attributes.ContentState>]
    ) -> ModifiedWidgetConfiguration {
        nonisolated(unsafe) let fixed = attributes
        return widgetTermPreview(attributes: { _ in fixed }, contentStates: contentStates)
    }
}
