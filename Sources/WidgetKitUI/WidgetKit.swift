import Foundation

// MARK: - Widget declarations

/// A widget, as `WidgetKit.Widget`: a kind with a configuration that pairs a timeline provider with a view.
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}

/// What a widget declares, as `WidgetKit.WidgetConfiguration`.
public protocol WidgetConfiguration {
    /// The type-erased description the host runs.
    var descriptor: WidgetDescriptor { get }
}

/// A type-erased timeline entry.
public struct AnyTimelineEntry: @unchecked Sendable {
    /// The date from which the entry is shown.
    public let date: Date
    /// The entry as the provider made it.
    public let base: any TimelineEntry

    /// Erases `entry`, keeping its date.
    public init(_ entry: any TimelineEntry) {
        date = entry.date
        base = entry
    }
}

/// A timeline of type-erased entries with its reload policy.
public struct AnyTimeline: @unchecked Sendable {
    /// The entries, in the order the provider gave them.
    public let entries: [AnyTimelineEntry]
    /// When the system asks for the next timeline.
    public let policy: TimelineReloadPolicy
}

/// Everything the host needs to run one widget kind, without its generic types.
public struct WidgetDescriptor: @unchecked Sendable {
    /// The widget's kind string, as given to its configuration.
    public var kind: String
    /// The name shown in the widget gallery; the kind unless `configurationDisplayName(_:)` set one.
    public var displayName: String
    /// The description shown in the widget gallery; empty unless `description(_:)` set one.
    public var description: String
    /// The families the widget can be added in; the system families unless `supportedFamilies(_:)` says.
    public var supportedFamilies: [WidgetFamily]
    /// True after `contentMarginsDisabled()`: content is drawn to the widget's edges, without the default margins.
    public var contentMarginsDisabled: Bool
    /// Route patterns (`scheme://host/path/{param}`) the widget's app handles, for the deep-link router.
    public var routes: [String]
    /// For `AppIntentConfiguration` widgets: the intent's parameters and the values set for them.
    public var configuration: IntentParameterSettings?
    /// Calls the provider's `placeholder(in:)`.
    public let placeholder: (TimelineProviderContext) -> AnyTimelineEntry
    /// Calls `getSnapshot(in:completion:)`.
    public let snapshot: (TimelineProviderContext, @escaping (AnyTimelineEntry) -> Void) -> Void
    /// Calls `getTimeline(in:completion:)`.
    public let timeline: (TimelineProviderContext, @escaping (AnyTimeline) -> Void) -> Void
    /// Resolves the content view for an entry in an environment.
    public let content: (AnyTimelineEntry, ResolveContext) -> ViewNode
    /// For a Live Activity (`ActivityConfiguration`): its presentations; it then has no families and no timeline.
    public var activity: ActivityDescriptor?
    /// `disfavoredLocations(_:for:)`: the families the system should not offer in each location.
    public var disfavoredLocations: [WidgetLocation: [WidgetFamily]] = [:]
    /// `pushHandler(_:)`: the type that receives the widget push token; nil when the widget is not updated by push.
    public var pushHandler: (any WidgetPushHandler.Type)?
    /// The handler the host calls in place of a new `pushHandler` instance (the stand-in for a handler in an extension
    /// process); nil to call `pushHandler`.
    public var configuredPushHandler: (any ConfiguredWidgetPushHandler)?

    /// The name of the widget's push handler, as diagnostics and the log give it; nil when it has none.
    public var pushHandlerName: String? {
        configuredPushHandler?.handlerName ?? pushHandler.map { "\($0)" }
    }

    /// Which push handler the widget has, unlike `pushHandlerName` unique for each type: `String(reflecting:)` of the
    /// type (its module and enclosing types included, so two types of one simple name are two), or a configured
    /// handler's `groupKey`; nil when it has none. What an extension process sends the preview for its handler.
    public var pushHandlerID: String? {
        configuredPushHandler?.groupKey ?? pushHandler.map { String(reflecting: $0) }
    }
}

/// A widget whose content is fixed by the developer, as `WidgetKit.StaticConfiguration`.
public struct StaticConfiguration<Content: View>: WidgetConfiguration {
    /// The widget's description for the host.
    public var descriptor: WidgetDescriptor

    /// A widget of `kind` whose entries come from `provider` and are drawn by `content`, as
    /// `StaticConfiguration(kind:provider:content:)`; the system families unless `supportedFamilies(_:)` says.
    public init<Provider: TimelineProvider>(
        kind: String, provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        descriptor = WidgetDescriptor(
            kind: kind, displayName: kind, description: "", supportedFamilies: WidgetFamily.defaultFamilies,
            contentMarginsDisabled: false, routes: [],
            placeholder: { AnyTimelineEntry(provider.placeholder(in: $0)) },
            snapshot: { context, completion in provider.getSnapshot(in: context) { completion(AnyTimelineEntry($0)) } },
            timeline: { context, completion in
                provider.getTimeline(in: context) { timeline in
                    completion(AnyTimeline(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy))
                }
            },
            content: { entry, context in
                guard let typed = entry.base as? Provider.Entry else { return .empty }
                return context.resolve(content(typed))
            })
    }
}

extension WidgetFamily {
    /// The families a widget supports when it does not say (the system families of iPhone and iPad).
    public static let defaultFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]
}

/// A configuration that declares no widget, as `WidgetKit.EmptyWidgetConfiguration`: a bundle leaves a widget
/// whose body is one out (the usual `else` of an `#available` check). Its descriptor, read only by a `#Preview`
/// of such a widget, has no families and draws nothing.
public struct EmptyWidgetConfiguration: WidgetConfiguration, Sendable {
    /// A configuration of no widget.
    public init() {}

    private struct NoEntry: TimelineEntry {
        let date: Date
    }

    /// A descriptor with no kind, no families and no entries, whose content is empty.
    public var descriptor: WidgetDescriptor {
        WidgetDescriptor(
            kind: "", displayName: "", description: "", supportedFamilies: [], contentMarginsDisabled: false, routes: [],
            placeholder: { _ in AnyTimelineEntry(NoEntry(date: Date())) },
            snapshot: { _, completion in completion(AnyTimelineEntry(NoEntry(date: Date()))) },
            timeline: { _, completion in completion(AnyTimeline(entries: [], policy: .never)) },
            content: { _, _ in .empty })
    }
}

/// A configuration with its modifiers; all configuration modifiers return this.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    /// The widget's description with the modifiers applied.
    public var descriptor: WidgetDescriptor
}

extension WidgetConfiguration {
    private func modified(_ change: (inout WidgetDescriptor) -> Void) -> ModifiedWidgetConfiguration {
        var descriptor = self.descriptor
        change(&descriptor)
        return ModifiedWidgetConfiguration(descriptor: descriptor)
    }
    /// The name shown in the widget gallery.
    public func configurationDisplayName(_ name: LocalizedStringKey) -> ModifiedWidgetConfiguration {
        modified { $0.displayName = name.key }
    }
    /// The name shown in the widget gallery, from a string shown as it is.
    public func configurationDisplayName<S: StringProtocol>(_ name: S) -> ModifiedWidgetConfiguration {
        modified { $0.displayName = String(name) }
    }
    /// The name shown in the widget gallery, from a `Text`, as `configurationDisplayName(_: Text)`; its characters as
    /// written (a string-table key is kept as the key, as the `LocalizedStringKey` form does).
    public func configurationDisplayName(_ name: Text) -> ModifiedWidgetConfiguration {
        modified { $0.displayName = name.keyString }
    }
    /// The description shown in the widget gallery, from a `Text`, as `description(_: Text)`.
    public func description(_ description: Text) -> ModifiedWidgetConfiguration {
        modified { $0.description = description.keyString }
    }
    /// The description shown in the widget gallery.
    public func description(_ description: LocalizedStringKey) -> ModifiedWidgetConfiguration {
        modified { $0.description = description.key }
    }
    /// The description shown in the widget gallery, from a string shown as it is.
    public func description<S: StringProtocol>(_ description: S) -> ModifiedWidgetConfiguration {
        modified { $0.description = String(description) }
    }
    /// The families the widget supports, in the order WidgetTerm shows them.
    public func supportedFamilies(_ families: [WidgetFamily]) -> ModifiedWidgetConfiguration {
        modified { $0.supportedFamilies = families }
    }
    /// Turns off the default content margins (iOS 17+).
    public func contentMarginsDisabled() -> ModifiedWidgetConfiguration { modified { $0.contentMarginsDisabled = true } }
    /// Accepted: whether the container background may be removed.
    public func containerBackgroundRemovable(_ isRemovable: Bool = true) -> ModifiedWidgetConfiguration { modified { _ in } }
    /// Routes (`scheme://host/path/{param}`) that the app handles, for WidgetTerm's deep-link router.
    public func widgetTermRoutes(_ routes: [String]) -> ModifiedWidgetConfiguration { modified { $0.routes = routes } }
}

/// A group of widgets an extension offers, as `WidgetKit.WidgetBundle`.
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

/// Builds a bundle's widgets, as `WidgetKit.WidgetBundleBuilder`.
@resultBuilder
public enum WidgetBundleBuilder {
    /// The widgets of a bundle body's statements, in order: their descriptors and their controls.
    public static func buildBlock<each Member: Widget>(_ members: repeat each Member) -> WidgetGroup {
        var descriptors: [WidgetDescriptor] = []
        var controls: [ControlDescriptor] = []
        for member in repeat each members {
            descriptors.append(contentsOf: WidgetGroup.descriptors(of: member))
            controls.append(contentsOf: WidgetGroup.controls(of: member))
        }
        return WidgetGroup(descriptors: descriptors, controls: controls)
    }
    /// A statement's widget, as written.
    public static func buildExpression<W: Widget>(_ widget: W) -> W { widget }
    /// `if condition { SomeWidget() }` with no `else`: the widget when the condition holds.
    public static func buildOptional(_ group: WidgetGroup?) -> WidgetGroup { group ?? WidgetGroup() }
    /// The taken branch of `if … else`.
    public static func buildEither(first group: WidgetGroup) -> WidgetGroup { group }
    /// The taken branch of `if … else`.
    public static func buildEither(second group: WidgetGroup) -> WidgetGroup { group }
    /// The body of `if #available(iOS N, *) { NewWidget() }`.
    public static func buildLimitedAvailability(_ group: WidgetGroup) -> WidgetGroup { group }
}

/// Several widgets from a bundle body.
public struct WidgetGroup: Widget {
    /// The widgets (not the controls) among the members, in order; empty configurations left out.
    public let descriptors: [WidgetDescriptor]
    /// The controls (`ControlWidget`) among the members.
    public let controls: [ControlDescriptor]
    /// An empty group: no widgets, no controls.
    public init() {
        descriptors = []
        controls = []
    }
    init(descriptors: [WidgetDescriptor], controls: [ControlDescriptor] = []) {
        self.descriptors = descriptors
        self.controls = controls
    }
    /// Never called: a group is read through `descriptors`, so this traps.
    public var body: ModifiedWidgetConfiguration { fatalError("WidgetGroup is a container; read descriptors") }

    static func descriptors<W: Widget>(of widget: W) -> [WidgetDescriptor] {
        if let group = widget as? WidgetGroup { return group.descriptors }
        if widget.body is EmptyWidgetConfiguration { return [] }
        return [widget.body.descriptor]
    }

    static func controls<W: Widget>(of widget: W) -> [ControlDescriptor] {
        (widget as? WidgetGroup)?.controls ?? []
    }
}

extension WidgetBundle {
    /// Every widget the bundle declares.
    public var widgetDescriptors: [WidgetDescriptor] { WidgetGroup.descriptors(of: body) }
}

// MARK: - Timelines

/// A dated piece of data a widget renders, as `WidgetKit.TimelineEntry`.
public protocol TimelineEntry {
    var date: Date { get }
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    /// No relevance, as WidgetKit's default `TimelineEntry.relevance`.
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, as `WidgetKit.TimelineEntryRelevance`.
public struct TimelineEntryRelevance: Sendable {
    /// How relevant the entry is, as `TimelineEntryRelevance.score`: higher scores rise in a Smart Stack; 0 is not relevant.
    public let score: Float
    /// How long the score holds from the entry's date, in seconds; 0 until the next entry.
    public let duration: TimeInterval
    /// A relevance of `score` for `duration` seconds, as `TimelineEntryRelevance(score:duration:)`.
    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}

/// When the system asks for the next timeline, as `WidgetKit.TimelineReloadPolicy`.
public enum TimelineReloadPolicy: Equatable, Sendable, CustomStringConvertible {
    /// After the last entry's date has passed.
    case atEnd
    /// Not before the given date.
    case after(Date)
    /// Only when the app asks (`WidgetCenter.reloadTimelines(ofKind:)`).
    case never

    /// The policy as written in Swift: `atEnd`, `never` or `after(...)` with an ISO 8601 date.
    public var description: String {
        switch self {
        case .atEnd: return "atEnd"
        case .after(let date): return "after(\(date.formatted(.iso8601)))"
        case .never: return "never"
        }
    }
}

/// Entries and a reload policy, as `WidgetKit.Timeline`.
public struct Timeline<EntryType: TimelineEntry> {
    /// The entries, in date order as the provider gave them.
    public let entries: [EntryType]
    /// When the system asks for the next timeline.
    public let policy: TimelineReloadPolicy
    /// A timeline of `entries` reloaded as `policy` says, as `Timeline(entries:policy:)`.
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// What the system tells a provider about the request, as `TimelineProviderContext`.
public struct TimelineProviderContext: Sendable {
    /// The family the widget is shown in.
    public let family: WidgetFamily
    /// True when the widget is shown in the gallery (`getSnapshot` for previews).
    public let isPreview: Bool
    /// The widget's size in points.
    public let displaySize: CGSize
    /// The environment variants the system may render, as `TimelineProviderContext.environmentVariants`; always empty here.
    public let environmentVariants: EnvironmentVariants

    /// A context for `family` at `displaySize` points, in the gallery when `isPreview`.
    public init(family: WidgetFamily, isPreview: Bool, displaySize: CGSize) {
        self.family = family
        self.isPreview = isPreview
        self.displaySize = displaySize
        environmentVariants = EnvironmentVariants()
    }

    /// The environment variants the system may render, as `TimelineProviderContext.EnvironmentVariants`.
    public struct EnvironmentVariants: Sendable {}
}

/// Supplies entries for a widget, as `WidgetKit.TimelineProvider`.
public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

// MARK: - Previews

/// An old-style preview, as `SwiftUI.PreviewProvider`; WidgetTerm can list its previews.
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// The family a preview is shown in, as `WidgetKit.WidgetPreviewContext`.
public struct WidgetPreviewContext: Sendable {
    /// The family to preview in.
    public let family: WidgetFamily
    /// A preview in `family`, as `WidgetPreviewContext(family:)`.
    public init(family: WidgetFamily) { self.family = family }
}

extension View {
    /// Records the preview's family; the view is unchanged.
    public func previewContext(_ context: WidgetPreviewContext) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { $0.widgetFamily = context.family }
    }
    /// Accepted for source compatibility.
    public func previewDisplayName(_ name: String?) -> Self { self }
}

// MARK: - WidgetCenter

/// Lets app code ask for reloads, as `WidgetKit.WidgetCenter`. Calls go to the host WidgetTerm installs.
public final class WidgetCenter: @unchecked Sendable {
    /// The one widget center, as `WidgetCenter.shared`.
    public static let shared = WidgetCenter()

    /// Asks for a new timeline for every widget of `kind` (counts against the budget).
    public func reloadTimelines(ofKind kind: String) { HostContext.current.widgetCenter?.reloadTimelines(ofKind: kind) }
    /// Asks for new timelines for every widget.
    public func reloadAllTimelines() { HostContext.current.widgetCenter?.reloadAllTimelines() }
}

/// What the host provides to system-facing types; `WidgetHost` installs one.
public protocol WidgetHostInterface: AnyObject, Sendable {
    func reloadTimelines(ofKind kind: String)
    func reloadAllTimelines()
}

// MARK: - Date ranges

/// Builds a date range without trapping: a backwards range (`end` before `start`) is the widget's bug,
/// and WidgetTerm records a diagnostic in the current render (the widget shows its error state) and
/// returns the empty range at `lhs` instead of crashing the host as the standard library would.
public func ... (lhs: Date, rhs: Date) -> ClosedRange<Date> {
    if lhs > rhs {
        let message =
            "Backwards date range: \(lhs.formatted(.iso8601)) ... \(rhs.formatted(.iso8601)). On a device this traps in the "
            + "widget extension (\"Range requires lowerBound <= upperBound\"). Build ranges from min(start, end)...max(start, end), "
            + "or check that the end date is still in the future."
        let diagnostic = ResolveDiagnostic(code: "backwards-date-range", message: message, isFatalToRender: true)
        if let sink = ResolveSink.current {
            sink.report(diagnostic)
        } else {
            HostContext.current.diagnostics.report(diagnostic)
        }
        return ClosedRange(uncheckedBounds: (lower: lhs, upper: lhs))
    }
    return ClosedRange(uncheckedBounds: (lower: lhs, upper: rhs))
}
