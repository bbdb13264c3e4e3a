import Foundation
import WidgetKitUI

// MARK: - Widgets whose code runs in extension processes

/// An entry kept by an extension process: the preview knows its date and relevance; its body is asked for
/// by `id`. A `failure` entry stands for a provider call that did not answer (`WidgetSession` reports it).
public struct RemoteEntry: TimelineEntry, Sendable {
    /// The date the entry is shown from, as `TimelineEntry.date`.
    public let date: Date
    /// Its Smart Stack relevance, as `TimelineEntry.relevance`; nil when it has none.
    public let relevance: TimelineEntryRelevance?
    /// The entry's id in the extension process that made it.
    public let id: Int
    /// Which process made it (`ExtensionProcess.launchCount` then): a new process does not know the entry.
    public let launch: Int
    /// Why the provider call failed, for a stand-in entry.
    public let failure: ExtensionFailure?

    init(_ entry: ArchivedEntry, launch: Int) {
        date = entry.date
        relevance = entry.relevanceScore.map { TimelineEntryRelevance(score: $0, duration: entry.relevanceDuration ?? 0) }
        id = entry.id
        self.launch = launch
        failure = nil
    }

    init(failure: ExtensionFailure, date: Date) {
        self.date = date
        relevance = nil
        id = 0
        launch = 0
        self.failure = failure
    }
}

/// Builds `WidgetDescriptor`s whose placeholder, snapshot, timeline and body calls are requests to extension
/// processes, so `WidgetSession`, `WidgetInstance` and the preview screens run them unchanged while no widget
/// code runs in the preview's process.
///
/// Each widget kind gets a process of its own (started at its first request): a crash in one kind's
/// provider ends only that process, and the other kinds keep their entries and keep ticking. A request
/// that fails (a death, a missed deadline) is reported as `ProviderError.extensionFailed` by the session, or
/// as a `extension-failed` diagnostic for a body; the next request starts a new process.
public final class RemoteWidgets: @unchecked Sendable {
    /// The widgets the extension describes.
    public let widgets: [ArchivedWidget]
    /// The controls the extension describes (`describeControls`).
    public let controls: [ArchivedControlWidget]
    private let launch: ExtensionProcess.Launch
    private let lock = NSLock()
    private var processes: [String: ExtensionProcess] = [:]
    /// Seconds a provider call or a body may take (`--provider-timeout`).
    public let providerTimeLimit: TimeInterval
    /// Seconds an intent's `perform()` may take.
    public let intentTimeLimit: TimeInterval

    /// Starts the extension once to ask for its widgets, then ends it.
    /// - Throws: `ExtensionFailure` when it cannot start, dies, or does not answer `describe` in time.
    public init(launch: ExtensionProcess.Launch, providerTimeLimit: TimeInterval = 5, intentTimeLimit: TimeInterval = 30) throws {
        self.launch = launch
        self.providerTimeLimit = providerTimeLimit
        self.intentTimeLimit = intentTimeLimit
        let describer = ExtensionProcess(launch: launch)
        defer { describer.stop() }
        let answer = try describer.send(.describe, within: max(providerTimeLimit, ExtensionProcess.startTimeLimit))
        guard case .widgets(let widgets) = answer else { throw ExtensionFailure(reason: "answered describe with \(answer)") }
        self.widgets = widgets
        let controlAnswer = try describer.send(.describeControls, within: max(providerTimeLimit, ExtensionProcess.startTimeLimit))
        guard case .controls(let controls) = controlAnswer else {
            throw ExtensionFailure(reason: "answered describeControls with \(controlAnswer)")
        }
        self.controls = controls
    }

    /// The extension process of a kind (created, not started, on first use).
    public func process(forKind kind: String) -> ExtensionProcess {
        lock.withLock {
            if let process = processes[kind] { return process }
            let process = ExtensionProcess(launch: launch)
            processes[kind] = process
            return process
        }
    }

    /// Ends every process (the next request starts new ones): a reload after the extension was rebuilt.
    public func stopAll() {
        let all = lock.withLock { Array(processes.values) }
        for process in all { process.stop() }
    }

    /// The descriptors of the widgets and Live Activities, in the bundle's order.
    public var descriptors: [WidgetDescriptor] {
        widgets.map { $0.activity != nil ? activityDescriptor(for: $0) : descriptor(for: $0) }
    }

    /// A Live Activity whose scripted preview and presentations are requests to its kind's process: the
    /// preview plays ActivityKit's side (the `ActivityCenter`, stale dates, alerts, the 4 KB limit) and asks the
    /// extension only for the views of an attributes-and-content pair. A request that fails throws an
    /// `ExtensionFailure` whose description is the extension's message (a decoding error reads as it does in one
    /// process) or the reason of the death.
    private func activityDescriptor(for widget: ArchivedWidget) -> WidgetDescriptor {
        let kind = widget.kind
        let limit = providerTimeLimit
        let process = process(forKind: kind)
        let performer = IntentPerformer { [intentTimeLimit] id in
            try await Self.perform(id, on: process, within: intentTimeLimit)
        }
        func ask(_ request: ExtensionRequest) throws -> ExtensionResponse {
            let answer = try process.send(request, within: limit, performer: performer, activities: HostContext.current.activities)
            if case .failure(let message) = answer { throw ExtensionFailure(reason: message) }
            return answer
        }
        // A start asks for the attributes, the contents and the alerts in turn: one request answers all three, until the
        // start or the process (a rebuilt extension) changes.
        let lastScript = ScriptCache()
        func script(_ start: Date) throws -> (attributes: Data, contents: [EncodedActivityContent], alerts: [AlertConfiguration?]) {
            if let known = lastScript.script(start: start, launch: process.launchCount) { return known }
            let answer = try ask(.activityScript(kind: kind, start: start))
            guard case .activityScript(let attributes, let contents, let alerts) = answer else { throw Self.unexpected(answer) }
            lastScript.keep((attributes, contents, alerts), start: start, launch: process.launchCount)
            return (attributes, contents, alerts)
        }
        let configuration = widget.activity ?? ArchivedActivityConfiguration(attributesType: kind, hasPreview: false)
        var preview: ActivityPreviewScript?
        if configuration.hasPreview {
            preview = ActivityPreviewScript(
                attributes: { try script($0).attributes }, contents: { try script($0).contents },
                alertConfigurations: { try script($0).alerts }, presentation: configuration.previewPresentation)
        }
        var descriptor = WidgetDescriptor.archived(
            kind: kind, displayName: widget.displayName, description: widget.description, supportedFamilies: [],
            contentMarginsDisabled: widget.contentMarginsDisabled, routes: widget.routes,
            placeholder: { _ in
                AnyTimelineEntry(RemoteEntry(failure: ExtensionFailure(reason: "a Live Activity has no entries"), date: HostClock.now))
            },
            snapshot: { _, completion in
                completion(
                    AnyTimelineEntry(RemoteEntry(failure: ExtensionFailure(reason: "a Live Activity has no entries"), date: HostClock.now)))
            },
            timeline: { _, completion in completion(.archived(entries: [], policy: .never)) },
            content: { _, _ in .empty })
        descriptor.activity = ActivityDescriptor(
            attributesType: configuration.attributesType,
            resolve: { request in
                let answer = try ask(.activity(kind: kind, request: ArchivedActivityRequest(request)))
                guard case .activity(let resolved) = answer else { throw Self.unexpected(answer) }
                return resolved
            },
            preview: preview)
        return descriptor
    }

    private func descriptor(for widget: ArchivedWidget) -> WidgetDescriptor {
        let kind = widget.kind
        let limit = providerTimeLimit
        let process = process(forKind: kind)
        let performer = IntentPerformer { [intentTimeLimit] id in
            try await Self.perform(id, on: process, within: intentTimeLimit)
        }
        // A configurable widget's values live here; each provider request carries them to the extension.
        let settings = widget.parameters.map { parameterSettings(kind: kind, parameters: $0, process: process) }
        func configured(_ request: ExtensionRequest) -> ExtensionRequest {
            guard let settings else { return request }
            return .configured(values: settings.values, request: request)
        }
        func entry(_ request: ExtensionRequest) -> AnyTimelineEntry {
            do {
                let answer = try process.send(configured(request), within: limit)
                guard case .entry(let entry, let diagnostics) = answer else { throw Self.unexpected(answer) }
                diagnostics.forEach(HostContext.current.diagnostics.report)
                return AnyTimelineEntry(RemoteEntry(entry, launch: process.launchCount))
            } catch {
                return AnyTimelineEntry(RemoteEntry(failure: Self.failure(error), date: HostClock.now))
            }
        }
        var descriptor = WidgetDescriptor.archived(
            kind: kind, displayName: widget.displayName, description: widget.description,
            supportedFamilies: widget.supportedFamilies.compactMap(WidgetFamily.init(rawValue:)),
            contentMarginsDisabled: widget.contentMarginsDisabled, routes: widget.routes,
            placeholder: { entry(.placeholder(kind: kind, context: ArchivedProviderContext($0))) },
            snapshot: { context, completion in completion(entry(.snapshot(kind: kind, context: ArchivedProviderContext(context)))) },
            timeline: { context, completion in
                do {
                    let request = configured(.timeline(kind: kind, context: ArchivedProviderContext(context)))
                    let answer = try process.send(request, within: limit)
                    guard case .timeline(let entries, let policy, let diagnostics) = answer else { throw Self.unexpected(answer) }
                    diagnostics.forEach(HostContext.current.diagnostics.report)
                    let launch = process.launchCount
                    completion(.archived(entries: entries.map { AnyTimelineEntry(RemoteEntry($0, launch: launch)) }, policy: policy.policy))
                } catch {
                    let stand = RemoteEntry(failure: Self.failure(error), date: HostClock.now)
                    completion(.archived(entries: [AnyTimelineEntry(stand)], policy: .atEnd))
                }
            },
            content: { anyEntry, context in
                guard let remote = anyEntry.base as? RemoteEntry, remote.failure == nil else { return .empty }
                guard remote.launch == process.launchCount else {
                    context.sink.report(
                        ResolveDiagnostic(
                            code: "extension-failed",
                            message: "\(kind): the extension process that made this entry was replaced; reload the timeline.",
                            isFatalToRender: true))
                    return .empty
                }
                do {
                    let answer = try process.send(
                        .body(kind: kind, entryID: remote.id, environment: ArchivedEnvironment(context.environment)), within: limit,
                        performer: performer)
                    guard case .body(let tree, let background, let diagnostics) = answer else { throw Self.unexpected(answer) }
                    if let background { context.sink.recordContainerBackground(background) }
                    diagnostics.forEach(context.sink.report)
                    return tree
                } catch {
                    context.sink.report(
                        ResolveDiagnostic(
                            code: "extension-failed",
                            message: "\(kind): the extension process \(Self.failure(error)) while evaluating body. "
                                + "The next reload starts a new extension process.",
                            isFatalToRender: true))
                    return .empty
                }
            })
        descriptor.configuration = settings
        if let name = widget.pushHandler {
            descriptor.pushHandler = RemoteWidgetPushHandler.self
            descriptor.configuredPushHandler = RemoteWidgetPushHandler(
                // An extension of protocol 11 sends the ID with the name; the name stands in if one does not.
                handlerName: name, handlerID: widget.pushHandlerID ?? name,
                send: ExtensionPushForwarder.sending(to: process, within: limit) {
                    .widgetPushToken(kind: kind, token: $0.0, widgets: $0.1)
                },
                codeReads: { tokens in
                    // A process that cannot answer read nothing that is known: the handler's own result stands.
                    guard case .pushTokensRead(let read) = try? process.send(.widgetPushTokenReads(tokens: tokens), within: limit)
                    else { return [] }
                    return read
                })
        }
        return descriptor
    }

    static func perform(_ id: String, on process: ExtensionProcess, within seconds: TimeInterval) async throws {
        // The intent runs in the preview's host context (`IntentRunner`): its ActivityKit calls go to that center.
        // Its WidgetCenter and ControlCenter reloads go to that context too (the thread below has no binding).
        let host = HostContext.current
        let activities = host.activities
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                do {
                    let answer = try process.send(.perform(intentID: id), within: seconds, activities: activities, host: host)
                    switch answer {
                    case .performed: continuation.resume()
                    case .failure(let message): continuation.resume(throwing: ExtensionFailure(reason: message))
                    default: continuation.resume(throwing: unexpected(answer))
                    }
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    static func unexpected(_ answer: ExtensionResponse) -> ExtensionFailure {
        if case .failure(let message) = answer { return ExtensionFailure(reason: "refused: \(message)") }
        return ExtensionFailure(reason: "answered with \(answer)")
    }

    static func failure(_ error: any Error) -> ExtensionFailure {
        (error as? ExtensionFailure) ?? ExtensionFailure(reason: "\(error)")
    }
}

/// The last Live Activity script an extension process answered, with its start and the process it came from.
private final class ScriptCache: @unchecked Sendable {
    typealias Script = (attributes: Data, contents: [EncodedActivityContent], alerts: [AlertConfiguration?])
    private let lock = NSLock()
    private var last: (start: Date, launch: Int, script: Script)?

    /// The script kept for `start` from process number `launch`, nil when another one is kept.
    func script(start: Date, launch: Int) -> Script? {
        lock.withLock { last.flatMap { $0.start == start && $0.launch == launch ? $0.script : nil } }
    }

    /// Keeps `script`, the answer for `start` of process number `launch`.
    func keep(_ script: Script, start: Date, launch: Int) { lock.withLock { last = (start, launch, script) } }
}
