import CPreviewRecords
import Foundation

// `#Preview` as Xcode offers it for widgets, Live Activities and views: what its expansions call. The macros
// themselves are declared in Sources/PreviewMacros/PreviewDeclarations.swift, which is compiled into each widget
// module together with the plugin (`PreviewMacroPlugin`): declaring them here would make every build of
// WidgetKitUI warn that the plugin is missing. Each use expands to one record in the linker section
// `widgetterm_previews`, which `PreviewRegistry` reads: see docs/DECISIONS.md, "#Preview".

// MARK: - Arguments

/// The Live Activity presentation a preview shows, as `WidgetKit.ActivityPreviewViewKind`.
public enum ActivityPreviewViewKind: Hashable, Sendable {
    /// The Lock Screen (and banner) presentation.
    case content
    /// One of the Dynamic Island's presentations.
    case dynamicIsland(DynamicIslandPreviewViewState)

    /// The Dynamic Island presentations, as `ActivityPreviewViewKind.DynamicIslandPreviewViewState`.
    public enum DynamicIslandPreviewViewState: String, Hashable, Sendable {
        case compact, expanded, minimal
    }

    /// The name `widgetterm render --presentation` takes for it.
    public var presentationArgument: String {
        switch self {
        case .content: return "lockscreen"
        case .dynamicIsland(let state): return state.rawValue
        }
    }
}

/// Names the traits a view preview takes, as `DeveloperToolsSupport.Preview` (only its `ViewTraits` is mirrored).
public struct Preview {
    /// The trait family of view previews, as `Preview.ViewTraits`.
    public enum ViewTraits {}
}

/// A trait of a preview, as `DeveloperToolsSupport.PreviewTrait`. WidgetTerm records the traits and lists them;
/// a view preview is drawn in the system families whatever its layout trait.
public struct PreviewTrait<T>: @unchecked Sendable, CustomStringConvertible {
    /// The trait as written, e.g. `sizeThatFitsLayout` or `fixedLayout(width: 200, height: 100)`.
    public let description: String
}

extension PreviewTrait where T == Preview.ViewTraits {
    /// The view at the size it asks for.
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(description: "sizeThatFitsLayout") }
    /// The view in the device's screen (the default).
    public static var defaultLayout: PreviewTrait { PreviewTrait(description: "defaultLayout") }
    /// The view in a frame of `width` × `height` points.
    public static func fixedLayout(width: Double, height: Double) -> PreviewTrait {
        PreviewTrait(description: "fixedLayout(width: \(width), height: \(height))")
    }
    /// Device orientations.
    public static var portrait: PreviewTrait { PreviewTrait(description: "portrait") }
    /// The device upside down, as `PreviewTrait.portraitUpsideDown`; recorded, the preview is drawn upright.
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(description: "portraitUpsideDown") }
    /// The device turned left, as `PreviewTrait.landscapeLeft`; recorded, the preview is drawn in the system families.
    public static var landscapeLeft: PreviewTrait { PreviewTrait(description: "landscapeLeft") }
    /// The device turned right, as `PreviewTrait.landscapeRight`; recorded, the preview is drawn in the system families.
    public static var landscapeRight: PreviewTrait { PreviewTrait(description: "landscapeRight") }
}

/// Collects a timeline preview's entries, one per statement (`if`, `for` and `#available` included).
@resultBuilder
public enum PreviewTimelineBuilder {
    /// One entry written as a statement, as a one-entry list.
    public static func buildExpression<Entry>(_ entry: Entry) -> [Entry] { [entry] }
    /// The entries of a block's statements, in order.
    public static func buildBlock<Entry>(_ parts: [Entry]...) -> [Entry] { parts.flatMap { $0 } }
    /// The entries of an `if` without `else`: none when its condition is false.
    public static func buildOptional<Entry>(_ part: [Entry]?) -> [Entry] { part ?? [] }
    /// The entries of an `if`'s first branch.
    public static func buildEither<Entry>(first part: [Entry]) -> [Entry] { part }
    /// The entries of an `else` branch.
    public static func buildEither<Entry>(second part: [Entry]) -> [Entry] { part }
    /// The entries of every pass of a `for` loop, in order.
    public static func buildArray<Entry>(_ parts: [[Entry]]) -> [Entry] { parts.flatMap { $0 } }
    /// The entries inside an `if #available` block.
    public static func buildLimitedAvailability<Entry>(_ part: [Entry]) -> [Entry] { part }
}

/// Collects a Live Activity preview's content states, one per statement.
public typealias PreviewContentStateBuilder = PreviewTimelineBuilder

// MARK: - Registrations

/// One `#Preview`, as its expansion registers it: where it is written, its name and form, and how to make the
/// widget descriptor the host previews. The macro builds one with the initialisers below; they mirror the macros'
/// parameters after `fileID:line:column:`.
public final class PreviewRegistration: @unchecked Sendable {
    /// Which `#Preview` form it was written as.
    public enum Form: String, Sendable {
        case timeline, timelineProvider, contentStates, view
    }

    /// The name written (`#Preview("Name", ...)`), or nil.
    public let name: String?
    /// Where the macro was written: `Module/File.swift`, 1-based line and column.
    public let fileID: String
    /// The 1-based line where the macro was written.
    public let line: Int
    /// The 1-based column where the macro was written.
    public let column: Int
    /// Which form the `#Preview` was written as: timeline, timeline provider, content states or view.
    public let form: Form
    /// The family of a widget preview; nil for the other forms.
    public let family: WidgetFamily?
    /// The presentation of a Live Activity preview; nil for the other forms.
    public let viewKind: ActivityPreviewViewKind?
    /// The traits of a view preview, as written.
    public let traits: [String]
    /// Whether the preview was given an intent (`using:`).
    public let hasIntent: Bool
    private let make: (PreviewRegistration) -> WidgetDescriptor

    private init(
        name: String?, fileID: String, line: Int, column: Int, form: Form, family: WidgetFamily? = nil,
        viewKind: ActivityPreviewViewKind? = nil, traits: [String] = [], hasIntent: Bool = false,
        make: @escaping (PreviewRegistration) -> WidgetDescriptor
    ) {
        self.name = name
        self.fileID = fileID
        self.line = line
        self.column = column
        self.form = form
        self.family = family
        self.viewKind = viewKind
        self.traits = traits
        self.hasIntent = hasIntent
        self.make = make
    }

    /// The file name without its module: `PlantWidget.swift`.
    public var fileName: String { fileID.split(separator: "/").last.map(String.init) ?? fileID }
    /// The name Xcode's canvas shows: the name written, else "Preview".
    public var displayName: String { name ?? "Preview" }

    /// The descriptor the host previews, under `kind`. Evaluates the widget's `body` (not its views).
    public func descriptor(kind: String) -> WidgetDescriptor {
        var descriptor = make(self)
        descriptor.kind = kind
        descriptor.displayName = displayName
        return descriptor
    }

    /// What the record in the section returns: the registration, retained once for the reader.
    public static func _retained(_ registration: PreviewRegistration) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(registration).toOpaque()
    }

    // MARK: Widget timelines

    /// `#Preview(_:as:widget:timeline:)`.
    public convenience init<W: Widget, Entry: TimelineEntry>(
        fileID: String, line: Int, column: Int, _ name: String? = nil, as family: WidgetFamily,
        widget: @escaping () -> W, @PreviewTimelineBuilder timeline: @escaping () async -> [Entry]
    ) {
        self.init(name: name, fileID: fileID, line: line, column: column, form: .timeline, family: family) { registration in
            PreviewRegistration.timelineDescriptor(widget().body.descriptor, registration: registration, entries: timeline)
        }
    }

    /// `#Preview(_:as:using:widget:timeline:)`.
    public convenience init<W: Widget, Intent: WidgetConfigurationIntent, Entry: TimelineEntry>(
        fileID: String, line: Int, column: Int, _ name: String? = nil, as family: WidgetFamily, using intent: Intent,
        widget: @escaping () -> W, @PreviewTimelineBuilder timeline: @escaping () async -> [Entry]
    ) {
        self.init(name: name, fileID: fileID, line: line, column: column, form: .timeline, family: family, hasIntent: true) {
            registration in
            PreviewRegistration.timelineDescriptor(widget().body.descriptor, registration: registration, entries: timeline)
        }
    }

    /// `#Preview(_:as:widget:timelineProvider:)`.
    public convenience init<W: Widget, Provider: TimelineProvider>(
        fileID: String, line: Int, column: Int, _ name: String? = nil, as family: WidgetFamily,
        widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
    ) {
        self.init(name: name, fileID: fileID, line: line, column: column, form: .timelineProvider, family: family) {
            registration in
            let base = widget().body.descriptor
            let provider = timelineProvider()
            return PreviewRegistration.widgetDescriptor(
                base, registration: registration, placeholder: { AnyTimelineEntry(provider.placeholder(in: $0)) },
                snapshot: { context, completion in provider.getSnapshot(in: context) { completion(AnyTimelineEntry($0)) } },
                timeline: { context, completion in
                    provider.getTimeline(in: context) { timeline in
                        completion(AnyTimeline(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy))
                    }
                })
        }
    }

    /// `#Preview(_:as:using:widget:timelineProvider:)`.
    public convenience init<W: Widget, Provider: AppIntentTimelineProvider>(
        fileID: String, line: Int, column: Int, _ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
        widget: @escaping () -> W, timelineProvider: @escaping () -> Provider
    ) {
        self.init(name: name, fileID: fileID, line: line, column: column, form: .timelineProvider, family: family, hasIntent: true) {
            registration in
            let base = widget().body.descriptor
            let provider = timelineProvider()
            return PreviewRegistration.widgetDescriptor(
                base, registration: registration, placeholder: { AnyTimelineEntry(provider.placeholder(in: $0)) },
                snapshot: { context, completion in
                    HostContext.startWidgetTask { completion(AnyTimelineEntry(await provider.snapshot(for: intent, in: context))) }
                },
                timeline: { context, completion in
                    HostContext.startWidgetTask {
                        let timeline = await provider.timeline(for: intent, in: context)
                        completion(AnyTimeline(entries: timeline.entries.map(AnyTimelineEntry.init), policy: timeline.policy))
                    }
                })
        }
    }

    // MARK: Live Activities

    /// `#Preview(_:as:using:widget:contentStates:)`.
    public convenience init<W: Widget, Attributes: ActivityAttributes>(
        fileID: String, line: Int, column: Int, _ name: String? = nil, as viewKind: ActivityPreviewViewKind,
        using attributes: Attributes, widget: @escaping () -> W,
        @PreviewContentStateBuilder contentStates: @escaping () -> [Attributes.ContentState]
    ) {
        nonisolated(unsafe) let attributes = attributes
        self.init(name: name, fileID: fileID, line: line, column: column, form: .contentStates, viewKind: viewKind) { registration in
            var descriptor = widget().body.descriptor
            if descriptor.activity == nil {
                // Not an ActivityConfiguration: there is nothing to draw the states with. Shown as a widget
                // whose every entry explains it, so the mistake is visible where the preview is.
                let message =
                    "#Preview at \(registration.fileID):\(registration.line) shows a Live Activity, but "
                    + "\(W.self)'s body is not an ActivityConfiguration for \(Attributes.self)"
                return PreviewRegistration.messageDescriptor(message, registration: registration)
            }
            descriptor.activity?.preview = ActivityPreviewScript(
                attributes: { _ in try ActivityCoding.encode(attributes) },
                contents: { _ in
                    try contentStates().map { try ActivityCoding.encode(ActivityContent(state: $0, staleDate: nil)) }
                }, presentation: viewKind.presentationArgument)
            descriptor.description = registration.summary
            return descriptor
        }
    }

    // MARK: Views

    /// `#Preview(_:traits:body:)`.
    public convenience init(
        fileID: String, line: Int, column: Int, _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>...,
        @ViewBuilder body: @escaping () -> any View
    ) {
        self.init(name: name, fileID: fileID, line: line, column: column, form: .view, traits: traits.map(\.description)) {
            registration in
            let entry = { AnyTimelineEntry(PreviewViewEntry(date: Date())) }
            return WidgetDescriptor(
                kind: registration.displayName, displayName: registration.displayName, description: registration.summary,
                supportedFamilies: PreviewRegistration.viewFamilies, contentMarginsDisabled: false, routes: [],
                placeholder: { _ in entry() }, snapshot: { _, completion in completion(entry()) },
                timeline: { _, completion in completion(AnyTimeline(entries: [entry()], policy: .never)) },
                content: { _, context in context.resolve(PreviewRegistration.onSystemBackground(body())) })
        }
    }

    /// A view preview's view on the system background, as Xcode's canvas draws it (it is not a widget, so
    /// iOS's container-background rule does not apply to it).
    static func onSystemBackground<Content: View>(_ view: Content) -> some View {
        view.containerBackground(.background, for: .widget)
    }

    /// The families a view preview is drawn in.
    public static let viewFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge]

    // MARK: Descriptors

    /// One line that says what the preview is and where it is written, e.g.
    /// `#Preview(as: .systemSmall) timeline at MyWidgets/PlantWidget.swift:40`.
    public var summary: String {
        var arguments: [String] = []
        if let name { arguments.append("\"\(name)\"") }
        if let family { arguments.append("as: .\(family.rawValue)") }
        if let viewKind {
            switch viewKind {
            case .content: arguments.append("as: .content")
            case .dynamicIsland(let state): arguments.append("as: .dynamicIsland(.\(state.rawValue))")
            }
        }
        if hasIntent { arguments.append("using: intent") }
        if !traits.isEmpty { arguments.append("traits: " + traits.map { ".\($0)" }.joined(separator: ", ")) }
        let form = self.form == .view ? "" : " \(self.form.rawValue)"
        return "#Preview(\(arguments.joined(separator: ", ")))\(form) at \(fileID):\(line)"
    }

    /// A descriptor drawing `entries` with `base`'s content, in the order written, one minute apart from the
    /// moment the timeline is fetched (Xcode steps through them by position, not by date; the entries keep
    /// their own `date`, which is what the view sees).
    static func timelineDescriptor<Entry: TimelineEntry>(
        _ base: WidgetDescriptor, registration: PreviewRegistration, entries: @escaping () async -> [Entry]
    ) -> WidgetDescriptor {
        widgetDescriptor(
            base, registration: registration, placeholder: base.placeholder,
            snapshot: { _, completion in
                HostContext.startWidgetTask {
                    let all = await entries()
                    completion(all.first.map { AnyTimelineEntry($0) } ?? AnyTimelineEntry(PreviewViewEntry(date: Date())))
                }
            },
            timeline: { _, completion in
                let start = Date()
                HostContext.startWidgetTask {
                    let all = await entries()
                    let shown = all.enumerated().map { index, entry in
                        AnyTimelineEntry(entry, shownAt: start.addingTimeInterval(Double(index) * PreviewRegistration.entrySpacing))
                    }
                    completion(AnyTimeline(entries: shown, policy: .never))
                }
            })
    }

    /// Seconds between a timeline preview's entries.
    public static let entrySpacing: TimeInterval = 60

    static func widgetDescriptor(
        _ base: WidgetDescriptor, registration: PreviewRegistration,
        placeholder: @escaping (TimelineProviderContext) -> AnyTimelineEntry,
        snapshot: @escaping (TimelineProviderContext, @escaping (AnyTimelineEntry) -> Void) -> Void,
        timeline: @escaping (TimelineProviderContext, @escaping (AnyTimeline) -> Void) -> Void
    ) -> WidgetDescriptor {
        if base.activity != nil {
            let message =
                "#Preview at \(registration.fileID):\(registration.line) shows a widget family, but the widget's "
                + "body is an ActivityConfiguration: write #Preview(as: .content, using: attributes) { ... } contentStates: { ... }"
            return messageDescriptor(message, registration: registration)
        }
        return WidgetDescriptor(
            kind: base.kind, displayName: registration.displayName, description: registration.summary,
            supportedFamilies: registration.family.map { [$0] } ?? base.supportedFamilies,
            contentMarginsDisabled: base.contentMarginsDisabled, routes: base.routes,
            placeholder: placeholder, snapshot: snapshot, timeline: timeline, content: base.content)
    }

    /// A widget that shows `message` and reports it as an error diagnostic on every render.
    static func messageDescriptor(_ message: String, registration: PreviewRegistration) -> WidgetDescriptor {
        let entry = { AnyTimelineEntry(PreviewViewEntry(date: Date())) }
        return WidgetDescriptor(
            kind: registration.displayName, displayName: registration.displayName, description: registration.summary,
            supportedFamilies: registration.family.map { [$0] } ?? viewFamilies, contentMarginsDisabled: false, routes: [],
            placeholder: { _ in entry() }, snapshot: { _, completion in completion(entry()) },
            timeline: { _, completion in completion(AnyTimeline(entries: [entry()], policy: .never)) },
            content: { _, context in
                context.sink.report(ResolveDiagnostic(code: "preview-mismatch", message: message, isFatalToRender: false))
                return context.resolve(Text(message))
            })
    }
}

/// The single entry of a view preview.
struct PreviewViewEntry: TimelineEntry {
    let date: Date
}

extension AnyTimelineEntry {
    /// `entry`, shown from `date` rather than its own date.
    init(_ entry: any TimelineEntry, shownAt date: Date) {
        self.date = date
        self.base = entry
    }
}

// MARK: - The registry

/// What a `#Preview` expansion places in the section `widgetterm_previews`: a function that returns a retained
/// `PreviewRegistration` (`PreviewRegistration._retained`).
public typealias PreviewRecord = @convention(c) () -> UnsafeMutableRawPointer

/// Every `#Preview` linked into the program, as Xcode's canvas lists them.
///
/// Swift has no runtime registry of declarations, so each expansion is a `@section("widgetterm_previews") @used`
/// constant, and the linker gathers them between `__start_widgetterm_previews` and `__stop_widgetterm_previews`.
/// Only the image that links `WidgetKitUI` is read: link widget code statically with it (SwiftPM's default for
/// an executable), not as a separate shared library.
public enum PreviewRegistry {
    /// The registrations, sorted by file and then by position in the file. Read once per process.
    public static var registrations: [PreviewRegistration] { loaded }

    private static let loaded: [PreviewRegistration] = {
        var count = 0
        guard let start = widgetterm_preview_records(&count) else { return [] }
        let records = UnsafeBufferPointer(start: start, count: count).compactMap { $0 }
        return registrations(from: records.map { unsafeBitCast($0, to: PreviewRecord.self) })
    }()

    /// Calls each record once and sorts the registrations by file, line and column.
    public static func registrations(from records: [PreviewRecord]) -> [PreviewRegistration] {
        records.map { Unmanaged<PreviewRegistration>.fromOpaque($0()).takeRetainedValue() }
            .sorted { ($0.fileID, $0.line, $0.column) < ($1.fileID, $1.line, $1.column) }
    }

    /// The kind each registration is previewed under: `File.swift#Name` (`File.swift#Preview` when unnamed);
    /// a name repeated in one file gets `-2`, `-3` in the order written.
    public static func kinds(for registrations: [PreviewRegistration]) -> [String] {
        var seen: [String: Int] = [:]
        return registrations.map { registration in
            let base = "\(registration.fileName)#\(registration.displayName)"
            let key = "\(registration.fileID)#\(registration.displayName)"
            seen[key, default: 0] += 1
            let count = seen[key]!
            return count == 1 ? base : "\(base)-\(count)"
        }
    }

    /// A descriptor for each registration, under its kind (`kinds(for:)`).
    public static func descriptors(for registrations: [PreviewRegistration] = registrations) -> [WidgetDescriptor] {
        zip(registrations, kinds(for: registrations)).map { $0.descriptor(kind: $1) }
    }
}
