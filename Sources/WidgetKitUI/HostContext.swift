// swift-format-ignore-file: AmbiguousTrailingClosureOverload
// `run` comes synchronous and asynchronous, as `TaskLocal.withValue` does; the caller's context picks one.

import Foundation

// MARK: - The host context

/// The system side of one WidgetTerm host, as widget code reaches it: where `WidgetCenter`, `Activity`
/// and `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` calls go, and the one channel
/// for problems widget code causes outside a body.
///
/// On iOS a widget extension talks to one system through its process; WidgetTerm can run several hosts in
/// one process (parallel tests, the preview beside `render`), so each host has a context of its own. The
/// host binds its context around every call into widget code (`run(_:)`: providers, intents, Live
/// Activity requests; `resolving(into:_:)`: bodies), and the system-facing types read
/// ``HostContext/current``. Tasks that widget code starts inherit the binding; code on threads it starts
/// itself (`DispatchQueue.global().async`, `Thread`) sees ``HostContext/process``. This module starts no
/// threads: where widget code's async work runs is the host's to say (`run(executingWidgetTasksOn:_:)`).
///
/// The services are set by the host (`WidgetHost`), which this module cannot import: it hands in objects
/// that conform to the interfaces below. Reading and setting them is thread-safe.
public final class HostContext: @unchecked Sendable {
    private let lock = NSLock()
    private var _widgetCenter: (any WidgetHostInterface)?
    private var _activities: (any ActivityHostInterface)?
    private var _appGroupContainers: AppGroupContainerProvider?
    private var _resources: (any WidgetResourceProvider)?
    private var hasWarnedAboutMissingContainers = false

    /// Problems widget code causes outside a body (a backwards date range built in `getTimeline`, say);
    /// the host drains them after each provider call.
    public let diagnostics = DiagnosticChannel()

    /// The control reloads app code asked for (`ControlCenter.shared`), until the host's control sessions take them.
    public let controlReloads = ControlReloadRequests()

    /// The widget push token the host last issued (`WidgetCenter.shared.currentPushInfo`), nil until it issues one.
    public let widgetPushToken = CurrentWidgetPushToken()

    /// A context with the given services; each may be set later.
    ///
    /// - Parameters:
    ///   - widgetCenter: Receives `WidgetCenter.shared.reloadTimelines(ofKind:)` and `reloadAllTimelines()`.
    ///   - activities: Receives ActivityKit's `Activity.request`, `update` and `end`.
    ///   - appGroupContainers: Answers `containerURL(forSecurityApplicationGroupIdentifier:)`.
    public init(
        widgetCenter: (any WidgetHostInterface)? = nil, activities: (any ActivityHostInterface)? = nil,
        appGroupContainers: AppGroupContainerProvider? = nil
    ) {
        _widgetCenter = widgetCenter
        _activities = activities
        _appGroupContainers = appGroupContainers
    }

    /// Where `WidgetCenter` calls go; nil drops them, as iOS does for an app with no widgets.
    public var widgetCenter: (any WidgetHostInterface)? {
        get { lock.withLock { _widgetCenter } }
        set { lock.withLock { _widgetCenter = newValue } }
    }

    /// Where ActivityKit calls go; nil makes `Activity.request` throw `ActivityHostMissingError`.
    public var activities: (any ActivityHostInterface)? {
        get { lock.withLock { _activities } }
        set { lock.withLock { _activities = newValue } }
    }

    /// Answers App Group container directories; nil makes `containerURL` return nil (explained once).
    public var appGroupContainers: AppGroupContainerProvider? {
        get { lock.withLock { _appGroupContainers } }
        set { lock.withLock { _appGroupContainers = newValue } }
    }

    /// The app's asset catalogs and string tables, which `Color(_:)`, `Image(_:)` and `Text(_:)` read; nil
    /// draws named colours and images as grey placeholders (with a diagnostic) and shows keys as written.
    public var resources: (any WidgetResourceProvider)? {
        get { lock.withLock { _resources } }
        set { lock.withLock { _resources = newValue } }
    }

    // MARK: Binding

    /// What a call into widget code sees: the host, the sink of the body being resolved, if any, and where
    /// the async work widget code starts runs (nil: Swift's default executor).
    struct Binding: Sendable {
        let host: HostContext
        let sink: ResolveSink?
        let executor: (any TaskExecutor)?
    }

    @TaskLocal static var binding: Binding?

    /// The context of the process's own host: what widget code sees outside any binding, on threads it
    /// started itself. The `widgetterm` executable sets its services once, at start. This is the one
    /// process-wide context, and it exists for the same reason an extension process has one system: code
    /// that leaves WidgetTerm's tasks must still reach a host.
    public static let process = HostContext()

    /// The context bound to this task, else ``process``.
    public static var current: HostContext { binding?.host ?? process }

    /// Runs `body` (a call into widget code) with this context bound; async work widget code starts in it
    /// runs where the caller's binding said (see `run(executingWidgetTasksOn:_:)`). There is a synchronous and
    /// an asynchronous `run`, as `TaskLocal.withValue` has: the caller's context picks one.
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        try Self.$binding.withValue(Binding(host: self, sink: nil, executor: Self.binding?.executor), operation: body)
    }

    /// Runs async `body` (a call into widget code) with this context bound.
    public func run<T>(_ body: () async throws -> T) async rethrows -> T {
        try await Self.$binding.withValue(Binding(host: self, sink: nil, executor: Self.binding?.executor), operation: body)
    }

    /// Runs `body` (a call into widget code) with this context bound, and the async work widget code starts
    /// (an `AppIntentTimelineProvider`'s `timeline(for:in:)`, say) on `executor`. The host passes an executor
    /// of its own threads when it blocks a thread to wait for that work, so the work never waits for the
    /// thread that waits for it.
    public func run<T>(executingWidgetTasksOn executor: any TaskExecutor, _ body: () throws -> T) rethrows -> T {
        try Self.$binding.withValue(Binding(host: self, sink: nil, executor: executor), operation: body)
    }

    /// Runs `body` (a body evaluation) with this context bound and `sink` collecting what it finds.
    public func resolving<T>(into sink: ResolveSink, _ body: () throws -> T) rethrows -> T {
        sink.noteResources(resources)
        return try Self.$binding.withValue(Binding(host: self, sink: sink, executor: Self.binding?.executor), operation: body)
    }

    /// `current.resolving(into:_:)`, reading the task's binding once for both the host and the executor (each read
    /// copies the binding: three retains and three releases).
    @usableFromInline
    static func resolvingInCurrent<T>(into sink: ResolveSink, _ body: () throws -> T) rethrows -> T {
        let binding = Self.binding
        let host = binding?.host ?? process
        sink.noteResources(host.resources)
        return try $binding.withValue(Binding(host: host, sink: sink, executor: binding?.executor), operation: body)
    }

    /// Starts async widget code on a task of its own, bound to the caller's context and on the caller's
    /// executor (widget providers' `async` requirements; the host waits for their completion handlers).
    /// Widget code is not `Sendable`-checked (it is written in Swift 5 mode), so the work is boxed.
    public static func startWidgetTask(_ body: @escaping () async -> Void) {
        let work = UncheckedWork(body)
        let binding = Self.binding
        let host = binding?.host ?? process
        Task.detached(executorPreference: binding?.executor) { await host.run { await work.body() } }
    }

    private final class UncheckedWork: @unchecked Sendable {
        let body: () async -> Void
        init(_ body: @escaping () async -> Void) { self.body = body }
    }

    // MARK: Services as widget code calls them

    /// The container for `groupIdentifier`, or nil. Without a provider, writes one explanation to standard
    /// error for this context and returns nil, as iOS does for an identifier the entitlements do not list.
    func containerURL(for groupIdentifier: String) -> URL? {
        let (provider, shouldWarn): (AppGroupContainerProvider?, Bool) = lock.withLock {
            guard _appGroupContainers == nil else { return (_appGroupContainers, false) }
            defer { hasWarnedAboutMissingContainers = true }
            return (nil, !hasWarnedAboutMissingContainers)
        }
        if let provider { return provider(groupIdentifier) }
        if shouldWarn {
            let message =
                "widgetterm: FileManager.containerURL(forSecurityApplicationGroupIdentifier: \"\(groupIdentifier)\") "
                + "returned nil because no App Group store is set for this host. Run the widget through widgetterm, or "
                + "set HostContext.appGroupContainers (AppGroupStore.containerProvider) before widget code asks.\n"
            FileHandle.standardError.write(Data(message.utf8))
        }
        return nil
    }
}

/// Answers the container directory for an App Group identifier (such as `group.com.example.app`), or nil
/// when the identifier cannot name a container (the provider says why).
public typealias AppGroupContainerProvider = @Sendable (_ groupIdentifier: String) -> URL?

/// Problems found outside any body, collected in order until the host drains them.
public final class DiagnosticChannel: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [ResolveDiagnostic] = []

    /// An empty channel.
    public init() {}

    /// Records a problem.
    public func report(_ diagnostic: ResolveDiagnostic) { lock.withLock { pending.append(diagnostic) } }

    /// Returns and forgets what was recorded, oldest first.
    public func drain() -> [ResolveDiagnostic] {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }
}

extension ResolveSink {
    /// The sink of the body being resolved on this task, if any.
    public static var current: ResolveSink? { HostContext.binding?.sink }
}
