import Foundation

// MARK: - Resolved activity

/// An expanded region as resolved data.
public struct ResolvedExpandedRegion: Equatable, Sendable, Codable {
    /// Where the region sits.
    public var position: DynamicIslandExpandedRegionPosition
    /// Its priority for width.
    public var priority: Double
    /// The region's view.
    public var content: ViewNode
    /// `.dynamicIsland(verticalPlacement:)` on the region's content, if any.
    public var verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement?

    /// A resolved region.
    public init(
        position: DynamicIslandExpandedRegionPosition, priority: Double = 0, content: ViewNode,
        verticalPlacement: DynamicIslandExpandedRegionVerticalPlacement? = nil
    ) {
        self.position = position
        self.priority = priority
        self.content = content
        self.verticalPlacement = verticalPlacement
    }
}

/// The Dynamic Island presentations as resolved data (resolved in the dark appearance the island always uses).
public struct ResolvedDynamicIsland: Equatable, Sendable, Codable {
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
    public init(
        expandedRegions: [ResolvedExpandedRegion] = [], compactLeading: ViewNode = .empty, compactTrailing: ViewNode = .empty,
        minimal: ViewNode = .empty, keylineTint: Color? = nil, widgetURL: URL? = nil,
        contentMargins: [DynamicIslandMode: DynamicIslandContentMargins] = [:]
    ) {
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
public struct ResolvedActivity: Equatable, Sendable, Codable {
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
    /// The Lock Screen view resolved with `\.activityFamily == .small`, for CarPlay; nil unless the request asked
    /// for it (`ActivityResolveRequest.resolvesSmallFamily`).
    public var small: ViewNode?

    /// A resolved activity.
    public init(
        lockScreen: ViewNode, backgroundTint: Color? = nil, systemActionForegroundColor: Color? = nil,
        island: ResolvedDynamicIsland, diagnostics: [ResolveDiagnostic] = [], bodyEvaluations: Int = 0
    ) {
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
    /// True to resolve the Lock Screen view a second time with `\.activityFamily == .small` into
    /// `ResolvedActivity.small` (the host asks when the activity declares `.small` and CarPlay shows it).
    public var resolvesSmallFamily = false

    /// A request with every field given.
    public init(
        attributes: Data, content: EncodedActivityContent, isStale: Bool, activityID: String = "preview",
        environment: EnvironmentValues = EnvironmentValues()
    ) {
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
    /// Where in the JSON the decoder stopped (`eta`, `stops[2].name`), empty for the top level or an unknown place.
    public var keyPath: String = ""
    /// What the decoder expected there, in a few words (`no value for the key`, `a Double, found a string`).
    public var reason: String = ""
    /// An error for `activity` whose `part` (`attributes` or `content state`) failed to decode: `underlying` is the
    /// decoder's error, `keyPath` where it stopped (empty for the top level) and `reason` what it expected there.
    public init(activity: String, part: String, underlying: String, keyPath: String = "", reason: String = "") {
        self.activity = activity
        self.part = part
        self.underlying = underlying
        self.keyPath = keyPath
        self.reason = reason
    }
    /// One line naming the activity, the part that failed to decode and the decoder's error, asking whether another type encoded it.
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
    /// The alert each scripted update shows (`Activity.update(_:alertConfiguration:)`), by the index of its content
    /// state; nil, or an index past the end, for an update without an alert. The first state starts the activity
    /// (`Activity.request`), which takes no alert.
    public let alertConfigurations: (Date) throws -> [AlertConfiguration?]
    /// The presentation shown when none is asked for, as `widgetterm render --presentation` names it
    /// (`compact`, `minimal`, `expanded`, `lockscreen`): a `#Preview(as:)`'s view kind; nil for the default.
    public var presentation: String? = nil

    /// A script whose data comes from elsewhere (an extension process asked for it).
    package init(
        attributes: @escaping (Date) throws -> Data, contents: @escaping (Date) throws -> [EncodedActivityContent],
        alertConfigurations: @escaping (Date) throws -> [AlertConfiguration?] = { _ in [] }, presentation: String? = nil
    ) {
        self.attributes = attributes
        self.contents = contents
        self.alertConfigurations = alertConfigurations
        self.presentation = presentation
    }
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
    /// The families besides `.medium` it declares with `supplementalActivityFamilies(_:)`, in order.
    public var supplementalFamilies: [ActivityFamily] = []

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
