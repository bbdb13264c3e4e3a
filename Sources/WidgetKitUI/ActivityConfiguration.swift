import Foundation

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
    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {
        let typeName = ActivityCoding.typeName(of: attributesType)
        let kind = ActivityConfiguration.kind(of: attributesType)
        let activity = ActivityDescriptor(
            attributesType: typeName,
            resolve: { request in
                try ActivityConfiguration.resolve(request, kind: kind, content: content, dynamicIsland: dynamicIsland)
            })
        descriptor = WidgetDescriptor(
            kind: kind, displayName: String(describing: attributesType), description: "", supportedFamilies: [],
            contentMarginsDisabled: false, routes: [],
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

    private static func resolve<Content: View>(
        _ request: ActivityResolveRequest, kind: String,
        content: (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: (ActivityViewContext<Attributes>) -> DynamicIsland
    ) throws -> ResolvedActivity {
        let attributes: Attributes, state: Attributes.ContentState
        do { attributes = try ActivityCoding.decode(Attributes.self, from: request.attributes) } catch {
            throw ActivityDecodingError(activity: kind, part: "attributes", underlying: "\(error)")
        }
        do { state = try ActivityCoding.decode(Attributes.ContentState.self, from: request.content.state) } catch {
            let (keyPath, reason) = ActivityCoding.place(of: error)
            throw ActivityDecodingError(activity: kind, part: "content state", underlying: "\(error)", keyPath: keyPath, reason: reason)
        }
        let context = ActivityViewContext(attributes: attributes, state: state, isStale: request.isStale, activityID: request.activityID)

        // The Lock Screen view, in the device's appearance.
        let sink = ResolveSink()
        var lockEnvironment = request.environment
        lockEnvironment.isActivityFullscreen = false
        let lockRecorder = ActivityResolveRecorder()
        let lockContext = ResolveContext(environment: lockEnvironment, sink: sink)
        let lockScreen = HostContext.current.resolving(into: sink) {
            ActivityResolveRecorder.$current.withValue(lockRecorder) { lockContext.resolve(content(context)) }
        }

        // CarPlay's small family, when the host asks for it: the same content view, told its family.
        var small: ViewNode?
        if request.resolvesSmallFamily {
            var smallEnvironment = lockEnvironment
            smallEnvironment.activityFamily = .small
            smallEnvironment.supportedActivityFamilies = [.medium, .small]
            let smallContext = ResolveContext(environment: smallEnvironment, sink: sink)
            small = HostContext.current.resolving(into: sink) {
                ActivityResolveRecorder.$current.withValue(ActivityResolveRecorder()) { smallContext.resolve(content(context)) }
            }
        }

        // The Dynamic Island: always dark, white content on the black island.
        var islandEnvironment = request.environment
        islandEnvironment.colorScheme = .dark
        let islandContext = ResolveContext(environment: islandEnvironment, sink: sink)
        let island = HostContext.current.resolving(into: sink) { dynamicIsland(context) }
        let resolved = HostContext.current.resolving(into: sink) { () -> ResolvedDynamicIsland in
            let regions = island.regions.map { region -> ResolvedExpandedRegion in
                let recorder = ActivityResolveRecorder()
                let node = ActivityResolveRecorder.$current.withValue(recorder) { region.resolveContent(islandContext) }
                return ResolvedExpandedRegion(
                    position: region.position, priority: region.priority, content: node,
                    verticalPlacement: recorder.verticalPlacement)
            }
            return ResolvedDynamicIsland(
                expandedRegions: regions, compactLeading: island.compactLeading(islandContext),
                compactTrailing: island.compactTrailing(islandContext), minimal: island.minimal(islandContext),
                keylineTint: island.keyline, widgetURL: island.url, contentMargins: island.margins)
        }
        var activity = ResolvedActivity(
            lockScreen: lockScreen, backgroundTint: lockRecorder.backgroundTint ?? nil,
            systemActionForegroundColor: lockRecorder.systemActionForegroundColor ?? nil,
            island: resolved, diagnostics: sink.diagnostics, bodyEvaluations: sink.bodyEvaluations)
        activity.small = small
        return activity
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

    /// `widgetTermPreview(attributes:contentStates:)` whose updates may alert: each step is the content an app
    /// passes to `Activity.update(_:alertConfiguration:)` with the alert it passes there. The first step starts the
    /// activity (`Activity.request`, which shows no alert: an alert on it is an `ActivityScriptError` when played);
    /// the island screen's `u` plays the next step, alert and all, and `render --state N` applies steps 2 to N.
    public func widgetTermPreview<Attributes: ActivityAttributes>(
        attributes: @escaping (Date) -> Attributes, updates: @escaping (Date) -> [ActivityPreviewUpdate<Attributes.ContentState>]
    ) -> ModifiedWidgetConfiguration {
        var descriptor = self.descriptor
        descriptor.activity?.preview = ActivityPreviewScript(
            attributes: { try ActivityCoding.encode(attributes($0)) },
            contents: { start in try updates(start).map { try ActivityCoding.encode($0.content) } },
            alertConfigurations: { start in updates(start).map(\.alertConfiguration) })
        return ModifiedWidgetConfiguration(descriptor: descriptor)
    }
}

/// One step of a scripted Live Activity preview (`widgetTermPreview(attributes:updates:)`): the arguments of one
/// `Activity.update(_:alertConfiguration:)` call, the content and the alert shown with it.
public struct ActivityPreviewUpdate<State: Decodable & Encodable & Hashable> {
    /// The content the update sets.
    public var content: ActivityContent<State>
    /// The alert shown with it (the expanded island, or a banner on the Lock Screen, and its sound); nil for none.
    public var alertConfiguration: AlertConfiguration?

    /// A step that sets `content` and shows `alertConfiguration`, as `update(content, alertConfiguration:)` does.
    public init(_ content: ActivityContent<State>, alertConfiguration: AlertConfiguration? = nil) {
        self.content = content
        self.alertConfiguration = alertConfiguration
    }
}
