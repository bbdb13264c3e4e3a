import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Entries and renders

/// Which provider call produced what is shown (ARCHITECTURE.md "Time"; `--context`).
public enum ProviderContext: String, Sendable, CaseIterable {
    /// `placeholder(in:)`, drawn redacted.
    case placeholder
    /// `getSnapshot(in:completion:)` with `context.isPreview` true.
    case snapshot
    /// `getTimeline(in:completion:)`; the entry current at the clock is shown.
    case timeline
}

/// Errors from running a provider.
public enum ProviderError: Error, CustomStringConvertible, Equatable {
    /// The callback did not finish within the limit: treated as a killed extension.
    case timedOut(kind: String, call: String, seconds: Double)
    /// The timeline had no entries.
    case emptyTimeline(kind: String)
    /// The widget's extension process died or missed its deadline during the call (`RemoteWidgets`).
    case extensionFailed(kind: String, call: String, failure: ExtensionFailure)

    /// The diagnostic code: `provider-timed-out`, `empty-timeline` or `extension-failed`.
    public var code: String {
        switch self {
        case .timedOut: return "provider-timed-out"
        case .emptyTimeline: return "empty-timeline"
        case .extensionFailed: return "extension-failed"
        }
    }

    /// The problem in words: which call failed, how, and what a device would do.
    public var description: String {
        switch self {
        case .timedOut(let kind, let call, let seconds):
            return "\(kind): \(call) did not call its completion within \(seconds) s; on a device the extension would be killed. "
                + "The widget keeps its last render."
        case .emptyTimeline(let kind):
            return "\(kind): the timeline has no entries; iOS shows the placeholder. Return at least one entry dated now."
        case .extensionFailed(let kind, let call, let failure):
            return "\(kind): the extension process \(failure) during \(call). The widget keeps its last render; "
                + "the next reload starts a new extension process."
        }
    }
}

/// What a render shows and why.
public struct EntrySelection: Sendable {
    /// The entry rendered: the placeholder's, the snapshot's, or the timeline entry current at the date.
    public var entry: AnyTimelineEntry
    /// Which provider call gave the entry: placeholder, snapshot or timeline.
    public var context: ProviderContext
    /// True when the placeholder is shown because the first entry's date has not arrived.
    public var isBeforeFirstEntry: Bool
    /// The timeline it came from, when `context` is `.timeline`.
    public var timeline: AnyTimeline?
    /// Problems the provider caused outside any body (a backwards date range in `getTimeline`...).
    public var providerDiagnostics: [ResolveDiagnostic] = []
}

/// Runs one widget kind's provider and renders its entries, as WidgetKit would.
public struct WidgetSession: Sendable {
    /// The widget kind: its configuration, provider and body, as the bundle declares it.
    public let descriptor: WidgetDescriptor
    /// Seconds a provider callback may take before it is treated as killed.
    public var callbackTimeLimit: TimeInterval
    /// The host the widget's code runs in: providers and bodies are bound to it, and its diagnostics
    /// channel collects what they report outside a body.
    public let host: HostContext

    /// A session for one widget kind.
    /// - Parameters:
    ///   - descriptor: The widget.
    ///   - callbackTimeLimit: Seconds a provider callback may take (default 5).
    ///   - host: The host context its code runs in (default: the one bound to the caller).
    public init(descriptor: WidgetDescriptor, callbackTimeLimit: TimeInterval = 5, host: HostContext = .current) {
        self.descriptor = descriptor
        self.callbackTimeLimit = callbackTimeLimit
        self.host = host
    }

    /// The provider context for a family on a device.
    public func providerContext(family: WidgetFamily, device: DeviceProfile, isPreview: Bool) -> TimelineProviderContext {
        TimelineProviderContext(family: family, isPreview: isPreview, displaySize: device.size(of: family) ?? .zero)
    }

    /// Fetches a timeline, waiting at most `callbackTimeLimit`.
    public func fetchTimeline(family: WidgetFamily, device: DeviceProfile) throws -> AnyTimeline {
        let context = providerContext(family: family, device: device, isPreview: false)
        // What other processes saved in the App Group store since this process last looked (not waiting for
        // a running intent: its own reload follows).
        AppGroupStore.refreshUserDefaultsIfIdle()
        let timeline = try waitForCompletion(call: "getTimeline(in:completion:)") { descriptor.timeline(context, $0) }
        try checkExtension(timeline.entries.first, call: "getTimeline(in:completion:)")
        guard !timeline.entries.isEmpty else { throw ProviderError.emptyTimeline(kind: descriptor.kind) }
        return timeline
    }

    /// The entry to show at `date` (nil: the host clock read after the provider answers, so an entry
    /// dated `Date()` inside the provider counts as arrived): the latest whose date has arrived; before the
    /// first, the placeholder.
    public func selectEntry(at requestedDate: Date? = nil, family: WidgetFamily, device: DeviceProfile, context: ProviderContext) throws
        -> EntrySelection
    {
        let providerContext = providerContext(family: family, device: device, isPreview: context == .snapshot)
        _ = host.diagnostics.drain()
        var selection: EntrySelection
        switch context {
        case .placeholder:
            let entry = host.run { descriptor.placeholder(providerContext) }
            try checkExtension(entry, call: "placeholder(in:)")
            selection = EntrySelection(entry: entry, context: .placeholder, isBeforeFirstEntry: false)
        case .snapshot:
            let entry = try waitForCompletion(call: "getSnapshot(in:completion:)") { descriptor.snapshot(providerContext, $0) }
            try checkExtension(entry, call: "getSnapshot(in:completion:)")
            selection = EntrySelection(entry: entry, context: .snapshot, isBeforeFirstEntry: false)
        case .timeline:
            let timeline = try fetchTimeline(family: family, device: device)
            selection = select(in: timeline, at: requestedDate ?? HostClock.now, family: family, device: device)
        }
        selection.providerDiagnostics = host.diagnostics.drain()
        return selection
    }

    /// What iOS shows when the provider fails (its completion is never called in time, or the timeline is empty)
    /// and nothing was rendered before: the placeholder (iOS keeps the last render when there is one), with a
    /// diagnostic that names the callback (`provider-timed-out`, `empty-timeline`; errors, exit status 1).
    public func failedSelection(_ error: ProviderError, family: WidgetFamily, device: DeviceProfile) -> EntrySelection {
        let context = providerContext(family: family, device: device, isPreview: false)
        var selection = EntrySelection(
            entry: host.run { descriptor.placeholder(context) }, context: .placeholder, isBeforeFirstEntry: false)
        selection.providerDiagnostics = [ResolveDiagnostic(code: error.code, message: error.description)]
        return selection
    }

    /// The selection a timeline gives at `date`: the latest arrived entry, or the placeholder before the first.
    public func select(in timeline: AnyTimeline, at date: Date, family: WidgetFamily, device: DeviceProfile) -> EntrySelection {
        guard let entry = Self.entry(in: timeline.entries, at: date) else {
            let context = providerContext(family: family, device: device, isPreview: false)
            return EntrySelection(
                entry: host.run { descriptor.placeholder(context) }, context: .placeholder, isBeforeFirstEntry: true, timeline: timeline)
        }
        return EntrySelection(entry: entry, context: .timeline, isBeforeFirstEntry: false, timeline: timeline)
    }

    /// The positions (in `entries`) of the entries a timeline fetched at `fetchedAt` will ever show, in date
    /// order: of those dated at or before the fetch only the last (ties: the later in the array, as `entry(in:at:)`
    /// picks), then every later one (issue 14 item 15; widgetkit-facts §5).
    public static func shownEntries(_ entries: [AnyTimelineEntry], fetchedAt: Date) -> [Int] {
        let sorted = entries.indices.sorted { (entries[$0].date, $0) < (entries[$1].date, $1) }
        let past = sorted.filter { entries[$0].date <= fetchedAt }
        return past.suffix(1) + sorted.filter { entries[$0].date > fetchedAt }
    }

    /// The latest entry dated at or before `date` (entries need not be sorted; ties go to the later one).
    public static func entry(in entries: [AnyTimelineEntry], at date: Date) -> AnyTimelineEntry? {
        var best: AnyTimelineEntry?
        for entry in entries where entry.date <= date {
            if best == nil || entry.date >= best!.date { best = entry }
        }
        return best
    }

    /// Evaluates the entry's body once for a family and appearance: the resolved tree and what the
    /// resolution found (container background, diagnostics).
    public func resolve(_ selection: EntrySelection, options: WidgetRenderOptions) -> (content: ViewNode, sink: ResolveSink) {
        var environment = options.environment()
        if selection.context == .placeholder { environment.redactionReasons.insert(.placeholder) }
        let context = ResolveContext(environment: environment)
        var content = host.resolving(into: context.sink) { descriptor.content(selection.entry, context) }
        // A right-to-left locale mirrors the whole widget, as iOS lays out an Arabic or Hebrew Home Screen.
        if environment.layoutDirection == .rightToLeft, content != .empty { content = .modified(content, .layoutDirection(.rightToLeft)) }
        return (content, context.sink)
    }

    /// Resolves the entry's view once for a family and appearance, then lays it out and paints it.
    public func render(_ selection: EntrySelection, options: WidgetRenderOptions) -> Frame {
        let (content, sink) = resolve(selection, options: options)
        var renderOptions = options
        renderOptions.contentMarginsDisabled = options.contentMarginsDisabled || descriptor.contentMarginsDisabled
        return WidgetRenderer.render(
            content: content, containerBackground: sink.containerBackground,
            diagnostics: selection.providerDiagnostics + sink.diagnostics, options: renderOptions)
    }

    /// Throws `ProviderError.extensionFailed` for the stand-in entry of an extension call that failed.
    private func checkExtension(_ entry: AnyTimelineEntry?, call: String) throws {
        if let remote = entry?.base as? RemoteEntry, let failure = remote.failure {
            throw ProviderError.extensionFailed(kind: descriptor.kind, call: call, failure: failure)
        }
    }

    private func waitForCompletion<Value>(call: String, _ start: (@escaping (Value) -> Void) -> Void) throws -> Value {
        let box = CompletionBox<Value>()
        host.run(executingWidgetTasksOn: WidgetCodeExecutor.shared) { start { box.fulfil($0) } }
        guard let value = box.wait(seconds: callbackTimeLimit) else {
            throw ProviderError.timedOut(kind: descriptor.kind, call: call, seconds: callbackTimeLimit)
        }
        return value
    }
}

/// Holds the first value a completion handler delivers; later calls are ignored (a late answer from a
/// provider that was already given up on must not count).
final class CompletionBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private let signal = MonotonicSignal()
    private var value: Value?
    private var isClosed = false

    func fulfil(_ newValue: Value) {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed, value == nil else { return }
        value = newValue
        signal.signal()
    }

    func wait(seconds: TimeInterval) -> Value? {
        _ = signal.wait(seconds: seconds)
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        return value
    }
}
