import Foundation

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
public enum DynamicIslandExpandedRegionPosition: String, Hashable, Sendable, CaseIterable, Codable {
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
public enum DynamicIslandExpandedRegionVerticalPlacement: Hashable, Sendable, Codable {
    /// Below the camera, where it can be wider.
    case belowIfTooWide
}

/// A Dynamic Island presentation whose content margins can be set, as `WidgetKit.DynamicIslandMode`.
public enum DynamicIslandMode: String, Hashable, Sendable, CaseIterable, Codable {
    case compact, expanded, minimal
}

/// Something an expanded Dynamic Island can hold: a region, or the regions a builder made.
public protocol DynamicIslandExpandedRegions {
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
public struct DynamicIslandExpandedRegion<Content: View>: DynamicIslandExpandedRegions {
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

/// The regions a `DynamicIsland`'s expanded builder made, as `WidgetKit.DynamicIslandExpandedContent<Content>`:
/// a function marked `@DynamicIslandExpandedContentBuilder` returns `DynamicIslandExpandedContent<some View>`.
public struct DynamicIslandExpandedContent<Content: View>: DynamicIslandExpandedRegions {
    /// The regions, in declaration order.
    public let expandedRegions: [DynamicIslandExpandedRegionContent]

    package init(expandedRegions: [DynamicIslandExpandedRegionContent]) { self.expandedRegions = expandedRegions }
}

/// What the expanded builder returns: its regions, with no view type of their own.
public typealias DynamicIslandExpandedRegionGroup = DynamicIslandExpandedContent<EmptyView>

/// Builds the expanded regions of a `DynamicIsland`, as `WidgetKit.DynamicIslandExpandedContentBuilder`.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    /// No regions.
    public static func buildBlock() -> DynamicIslandExpandedRegionGroup { DynamicIslandExpandedRegionGroup(expandedRegions: []) }
    /// The regions of a block, in order.
    public static func buildBlock<each Content: DynamicIslandExpandedRegions>(_ content: repeat each Content)
        -> DynamicIslandExpandedRegionGroup
    {
        var regions: [DynamicIslandExpandedRegionContent] = []
        for part in repeat each content { regions.append(contentsOf: part.expandedRegions) }
        return DynamicIslandExpandedRegionGroup(expandedRegions: regions)
    }
    /// One region or group, as written.
    public static func buildExpression<Content: DynamicIslandExpandedRegions>(_ content: Content) -> Content { content }
    /// The regions of an `if` without `else`, or none.
    public static func buildOptional<Content: DynamicIslandExpandedRegions>(_ content: Content?) -> DynamicIslandExpandedRegionGroup {
        DynamicIslandExpandedRegionGroup(expandedRegions: content?.expandedRegions ?? [])
    }
    /// The regions of the first branch of an `if`/`else` or `switch`.
    public static func buildEither<Content: DynamicIslandExpandedRegions>(first: Content) -> DynamicIslandExpandedRegionGroup {
        DynamicIslandExpandedRegionGroup(expandedRegions: first.expandedRegions)
    }
    /// The regions of the second branch.
    public static func buildEither<Content: DynamicIslandExpandedRegions>(second: Content) -> DynamicIslandExpandedRegionGroup {
        DynamicIslandExpandedRegionGroup(expandedRegions: second.expandedRegions)
    }
    /// The regions inside `if #available`.
    public static func buildLimitedAvailability<Content: DynamicIslandExpandedRegions>(_ content: Content)
        -> DynamicIslandExpandedRegionGroup
    {
        DynamicIslandExpandedRegionGroup(expandedRegions: content.expandedRegions)
    }
}

/// Content margins set for one Dynamic Island mode, in points; a nil edge keeps the system default.
public struct DynamicIslandContentMargins: Hashable, Sendable, Codable {
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
        EdgeInsets(
            top: top ?? defaults.top, leading: leading ?? defaults.leading, bottom: bottom ?? defaults.bottom,
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
    public init<Expanded: DynamicIslandExpandedRegions, CompactLeading: View, CompactTrailing: View, Minimal: View>(
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

    /// Applies a subtle tint color to the surrounding border of a Live Activity that appears in the Dynamic Island,
    /// as `DynamicIsland.keylineTint(_:)`. WidgetTerm draws a thin outline in this colour around the compact and
    /// minimal islands; nil leaves the border untinted.
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
