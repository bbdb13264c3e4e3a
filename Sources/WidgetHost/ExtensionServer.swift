import Foundation
import WidgetKitUI

#if canImport(Glibc)
import Glibc
#endif

// MARK: - The extension side

/// Answers `ExtensionRequest`s for a bundle's widgets: the widget extension process, which runs providers,
/// bodies and intents, and archives what they return. `WidgetTermCommand.main(bundle:)` becomes one when
/// `ExtensionProtocol.serverEnvironmentVariable` is `1`.
public final class ExtensionServer {
    private let widgets: [String: WidgetDescriptor]
    private let order: [WidgetDescriptor]
    private let controls: [String: ControlDescriptor]
    /// The bundle's controls, in its order.
    let controlOrder: [ControlDescriptor]
    let intents = IntentTable()
    private var entries: [Int: AnyTimelineEntry] = [:]
    private var nextEntryID = 1
    /// Entries kept at most; the oldest go first (the preview asks for recent entries only).
    private let entryLimit = 4096
    /// The server never gives up on widget code itself (the parent ends the process at its deadline).
    private static let noLimit: TimeInterval = 365 * 86400
    /// The widget tokens widget code read here from `WidgetCenter.shared.currentPushInfo` (`widgetPushTokenReads`).
    private let widgetCodeReads = PushTokenReads()

    /// A server for these widgets and controls (the first of a repeated kind wins, as in a bundle).
    public init(widgets: [WidgetDescriptor], controls: [ControlDescriptor] = []) {
        order = widgets
        var byKind: [String: WidgetDescriptor] = [:]
        for widget in widgets where byKind[widget.kind] == nil { byKind[widget.kind] = widget }
        self.widgets = byKind
        controlOrder = controls
        var controlsByKind: [String: ControlDescriptor] = [:]
        for control in controls where controlsByKind[control.kind] == nil { controlsByKind[control.kind] = control }
        self.controls = controlsByKind
    }

    /// The widget of `kind`, nil when the bundle has none.
    func widget(ofKind kind: String) -> WidgetDescriptor? { widgets[kind] }

    /// The control of `kind`, nil when the bundle has none.
    func control(ofKind kind: String) -> ControlDescriptor? { controls[kind] }

    /// Serves requests from standard input until it closes, then returns 0; 3 when the conversation broke.
    /// Standard output is kept for responses and the process's own standard output goes to standard error.
    public func run() -> Int32 {
        let responses = dup(STDOUT_FILENO)
        guard responses >= 0 else { return 3 }
        _ = dup2(STDERR_FILENO, STDOUT_FILENO)
        Self.endWhenTheParentCloses()
        let encoder = ViewTreeArchive.makeEncoder(intents: intents)
        let decoder = ViewTreeArchive.makeDecoder()
        // Live Activities live in the preview (it plays iOS): widget code's ActivityKit calls go there.
        let relay = ActivityHostRelay(requests: STDIN_FILENO, responses: responses)
        HostContext.process.activities = relay
        // So are WidgetCenter and ControlCenter reloads: kept here while a request is answered, then sent.
        let center = ExtensionWidgetCenter()
        HostContext.process.widgetCenter = center
        let controlKinds = controlOrder.map(\.kind)
        // The push handlers run here, in the extension, as on iOS. The widget token is current from the start, so
        // `WidgetCenter.shared.currentPushInfo` answers with it in widget code (the tokens repeat in every process), but
        // the handlers, widget and control, are called once per token, by the preview (`widgetPushToken`,
        // `controlPushTokens`), as iOS calls them: not again here each time a process starts.
        let pushTokens = WidgetPushTokenService(widgets: order, host: .process)
        if let token = pushTokens.issueWidgetToken(callingHandlers: false) {
            HostContext.process.widgetPushToken.update(token: token, reads: widgetCodeReads)
        }
        do {
            while let frame = try ExtensionProtocol.readFrame(from: STDIN_FILENO) {
                let response: ExtensionResponse
                do {
                    let call = try decoder.decode(ExtensionCall.self, from: frame)
                    call.adoptClock()
                    response = relay.serving { answer(call.request) }
                } catch {
                    response = .failure("unreadable request: \(error)")
                }
                // Reloads asked for outside a request (a task left running) go with the next answer.
                let reloads = center.take(controls: HostContext.process.controlReloads, controlKinds: controlKinds)
                if !reloads.isEmpty {
                    try ExtensionProtocol.writeFrame(try encoder.encode(ExtensionResponse.centerReloads(reloads)), to: responses)
                }
                try ExtensionProtocol.writeFrame(try encoder.encode(response), to: responses)
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("widgetterm extension: \(error)\n".utf8))
            return 3
        }
    }

    /// Ends this process as soon as the requests pipe has no writer left (the preview quit or died), even while
    /// widget code hangs on the main thread: an extension never outlives its host.
    private static func endWhenTheParentCloses() {
        Thread.detachNewThread {
            while true {
                var request = pollfd(fd: STDIN_FILENO, events: 0, revents: 0)
                let ready = poll(&request, 1, -1)
                if ready < 0 && errno == EINTR { continue }
                if ready < 0 || request.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { _exit(0) }
            }
        }
    }

    /// The answer to one request (widget code runs here, on this thread, with its async work on
    /// `WidgetCodeExecutor`; the parent enforces the time limits by ending this process).
    public func answer(_ request: ExtensionRequest) -> ExtensionResponse {
        switch request {
        case .hello:
            return .hello(version: ExtensionProtocol.version, processID: getpid())
        case .describe:
            return .widgets(
                order.map { widget in
                    var archived = ArchivedWidget(
                        kind: widget.kind, displayName: widget.displayName, description: widget.description,
                        supportedFamilies: widget.supportedFamilies.map(\.rawValue),
                        contentMarginsDisabled: widget.contentMarginsDisabled, routes: widget.routes,
                        isActivity: widget.isActivity,
                        activity: widget.activity.map {
                            ArchivedActivityConfiguration(
                                attributesType: $0.attributesType, hasPreview: $0.preview != nil,
                                previewPresentation: $0.preview?.presentation)
                        })
                    archived.parameters = Self.parameters(of: widget)
                    archived.pushHandler = widget.pushHandlerName
                    archived.pushHandlerID = widget.pushHandlerID
                    return archived
                })
        case .placeholder(let kind, let context), .snapshot(let kind, let context), .timeline(let kind, let context):
            guard let widget = widgets[kind] else { return .failure("no widget of kind \(kind)") }
            guard let providerContext = context.context else { return .failure("no widget family \(context.family)") }
            return provide(request, widget: widget, context: providerContext)
        case .body(let kind, let entryID, let archived):
            guard let widget = widgets[kind] else { return .failure("no widget of kind \(kind)") }
            guard let entry = entries[entryID] else { return .failure("entry \(entryID) is no longer kept; reload the timeline") }
            let context = ResolveContext(environment: archived.environment)
            let tree = HostContext.current.resolving(into: context.sink) { widget.content(entry, context) }
            return .body(tree: tree, containerBackground: context.sink.containerBackground, diagnostics: context.sink.diagnostics)
        case .perform(let id):
            guard let intent = intents.intent(withID: id) else { return .failure("no intent \(id) in this process") }
            let box = CompletionBox<String?>()
            // The intent's App Group changes are saved here, under the store's lock, as one process saves them.
            let transaction = UserDefaultsTransaction()
            transaction.begin()
            HostContext.current.run(executingWidgetTasksOn: WidgetCodeExecutor.shared) {
                HostContext.startWidgetTask {
                    do {
                        _ = try await intent.perform()
                        box.fulfil(nil)
                    } catch {
                        box.fulfil("\(type(of: error)): \(error)")
                    }
                }
            }
            let failure = box.wait(seconds: Self.noLimit) ?? nil
            let unsaved = transaction.commit().filter(\.isNotSaved)
            if let failure { return .failure(failure) }
            if !unsaved.isEmpty { return .failure(unsaved.map(\.description).joined(separator: "; ")) }
            return .performed
        case .activityScript(let kind, let start):
            guard let activity = widgets[kind]?.activity else { return .failure("no Live Activity of kind \(kind)") }
            guard let script = activity.preview else {
                return .failure(
                    "\(kind) has no preview content: give it a #Preview(\"Name\", as: .content, using: attributes) { … } "
                        + "contentStates: { … } (a kind of its own: k picks it on the Live Activity screen) or add "
                        + ".widgetTermPreview(attributes:contentStates:) to its ActivityConfiguration")
            }
            do {
                let attributes = try HostContext.current.run { try script.attributes(start) }
                let contents = try HostContext.current.run { try script.contents(start) }
                let alerts = try HostContext.current.run { try script.alertConfigurations(start) }
                return .activityScript(attributes: attributes, contents: contents, alerts: alerts)
            } catch {
                return .failure("\(kind): the preview script does not encode: \(error)")
            }
        case .activity(let kind, let archived):
            guard let activity = widgets[kind]?.activity else { return .failure("no Live Activity of kind \(kind)") }
            do {
                return .activity(try HostContext.current.run { try activity.resolve(archived.request) })
            } catch {
                return .failure("\(error)")
            }
        case .activityHostAnswer:
            return .failure("an answer to an ActivityKit call arrived when none was made")
        case .widgetPushToken(let kind, let token, let infos):
            guard let widget = widgets[kind] else { return .failure("no widget of kind \(kind)") }
            guard widget.pushHandler != nil || widget.configuredPushHandler != nil else {
                return .failure("the widget \(kind) has no push handler")
            }
            // As WidgetPushTokenService calls a handler in one process: a new instance of its type (a configured
            // handler itself); reading the token is what counts as storing it.
            // The preview's token is the current one from now on, here as there.
            HostContext.process.widgetPushToken.update(token: token, reads: widgetCodeReads)
            // What the handler stores in the App Group is saved under the store's lock, as an intent's changes are.
            let transaction = UserDefaultsTransaction()
            transaction.begin()
            defer { _ = transaction.commit() }
            let reads = PushTokenReads()
            let pushInfo = WidgetPushInfo(token: token, reads: reads)
            let widgets = infos.map(\.info)
            HostContext.current.run {
                if let configured = widget.configuredPushHandler {
                    configured.pushTokenDidChange(pushInfo, widgets: widgets)
                } else {
                    widget.pushHandler!.init().pushTokenDidChange(pushInfo, widgets: widgets)
                }
            }
            return .pushTokensRead(reads.contains(token) ? [token] : [])
        case .widgetPushTokenReads(let tokens):
            return .pushTokensRead(tokens.filter(widgetCodeReads.contains))
        case .configured, .parameterCheck, .parameterOptions, .parameterValue:
            return answerParameters(request) ?? .failure("unanswered \(request)")
        case .describeControls, .controlTemplate, .configuredControl, .controlPushTokens:
            return answerControls(request) ?? .failure("unanswered \(request)")
        }
    }

    private func provide(_ request: ExtensionRequest, widget: WidgetDescriptor, context: TimelineProviderContext) -> ExtensionResponse {
        let host = HostContext.current
        _ = host.diagnostics.drain()
        switch request {
        case .placeholder:
            let entry = host.run { widget.placeholder(context) }
            return .entry(keep(entry), diagnostics: host.diagnostics.drain())
        case .snapshot:
            let box = CompletionBox<AnyTimelineEntry>()
            host.run(executingWidgetTasksOn: WidgetCodeExecutor.shared) { widget.snapshot(context) { box.fulfil($0) } }
            guard let entry = box.wait(seconds: Self.noLimit) else { return .failure("no snapshot") }
            return .entry(keep(entry), diagnostics: host.diagnostics.drain())
        default:
            AppGroupStore.refreshUserDefaultsIfIdle()
            let box = CompletionBox<AnyTimeline>()
            host.run(executingWidgetTasksOn: WidgetCodeExecutor.shared) { widget.timeline(context) { box.fulfil($0) } }
            guard let timeline = box.wait(seconds: Self.noLimit) else { return .failure("no timeline") }
            return .timeline(
                entries: timeline.entries.map(keep), policy: ArchivedReloadPolicy(timeline.policy),
                diagnostics: host.diagnostics.drain())
        }
    }

    private func keep(_ entry: AnyTimelineEntry) -> ArchivedEntry {
        let id = nextEntryID
        nextEntryID += 1
        entries[id] = entry
        if entries.count > entryLimit { entries[id - entryLimit] = nil }
        let relevance = entry.base.relevance
        return ArchivedEntry(id: id, date: entry.date, relevanceScore: relevance?.score, relevanceDuration: relevance?.duration)
    }
}
