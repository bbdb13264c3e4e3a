import Foundation
import CellLayout
import CellRender
import WidgetDocument
import WidgetHost
import WidgetKitUI

// MARK: - push

/// `widgetterm push FILE.json --to KIND|DOCUMENT|CONTROL [--priority 5|10] [--times N] [--every S] [--presentation P] [--activities-off]`:
/// applies an APNs payload as iOS would and prints the frame it leads to. A Live Activity gets `start`, `update`
/// or `end` (its scripted first state is running when the push arrives, except for `start`); a widget gets
/// `content-changed`, a reload request; so does a control with a `ControlPushHandler` (`ControlPushReplay`). What APNs or ActivityKit would refuse is an error diagnostic: a payload
/// over 4 KB, no `aps`, a `content-state` that does not decode into the activity's `ContentState` with
/// `JSONDecoder` (named by its key path), a priority-10 push over the budget (DECISIONS.md, "Push").
enum PushCommand {
    /// The bytes APNs accepts in a Live Activity or widget push payload.
    static let maximumBytes = ContentChangedPush.maximumBytes
    /// Priority-10 Live Activity updates the device applies per rolling hour (DECISIONS.md, "Push").
    static let priority10PerHour = 15

    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], controls: [ControlDescriptor] = [], environment: [String: String],
        output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments,
            valued: RenderSettings.valuedFlags.union([
                "to", "priority", "times", "every", "presentation", "activity", "activities", "channel", "rotate-tokens",
                "app-uploads",
            ]),
            boolean: ["help", "activities-off", "locked"])
        if parsed.switches.contains("help") {
            output.write(Help.push)
            return 0
        }
        guard parsed.positionals.count == 1, let file = parsed.positionals.first else {
            throw UsageError("push takes one payload file (JSON as APNs receives it), then --to KIND or --to DOCUMENT")
        }
        guard let target = parsed["to"] else {
            throw UsageError("push needs --to KIND|DOCUMENT|CONTROL|CONTROL_DOCUMENT: the widget, Live Activity or control it updates")
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw UsageError(
                "\(file): no such file, or it cannot be read; give an APNs payload as JSON, such as examples/push/content-changed.json")
        }
        let priority = try parsed.integer("priority", in: 5...10, default: 10)
        guard priority == 5 || priority == 10 else { throw UsageError("--priority takes 5 or 10 (apns-priority), got \(priority)") }
        let times = try parsed.integer("times", in: 1...100, default: 1)
        let every = try parsed.integer("every", in: 1...86_400, default: 60)
        let settings = try RenderSettings(parsed)
        let format = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal)
        guard format.kind == .text || format.kind == .ansi else { throw UsageError("push writes --format text or ansi") }
        // A control document (its `"pushHandler"` is the document form of `.pushHandler(_:)`), else a control of the bundle
        // (`ControlWidget`) when no widget has that kind.
        var controls = controls
        var control = widgets.contains { $0.kind == target } ? nil : controls.first { $0.kind == target }
        if WidgetDocument.isDocumentArgument(target), ControlDocument.isControlDocument(atPath: target) {
            do {
                let document = try ControlDocument(contentsOf: target).descriptor
                // The document stands in for a Swift control of its kind (a twin), as it would in its own extension.
                controls.removeAll { $0.kind == document.kind }
                controls.append(document)
                control = document
            } catch let error as DocumentError {
                throw UsageError(error.description)
            }
        }
        let descriptor: WidgetDescriptor? = control == nil ? try widget(named: target, in: widgets, controls: controls) : nil
        let kind = descriptor?.kind ?? control?.kind ?? target
        if let at = settings.at { HostClock.set(at) }
        let start = HostClock.now

        var findings: [Diagnostic] = []
        func refuse(_ code: String, _ message: String, _ values: [String: String] = [:]) -> Int32 {
            findings.append(Diagnostic(severity: .error, code: code, message: message, widget: kind, values: values))
            errors.write(DiagnosticFormatter.text(findings))
            return 1
        }
        if data.count > maximumBytes {
            return refuse(
                "push-payload-too-large",
                "\(file) is \(data.count) bytes; APNs refuses a Live Activity or widget payload over \(maximumBytes) bytes. "
                    + "Send less content-state (identifiers, not text the app already has).",
                ["bytes": "\(data.count)", "limit": "\(maximumBytes)"])
        }
        let payload: [String: Any]
        do {
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw UsageError("\(file): a push payload is a JSON object with an \"aps\" member")
            }
            payload = object
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(Self.notJSON(data, file: file, error: error))
        }
        guard let aps = payload["aps"] as? [String: Any] else {
            return refuse(
                "push-missing-aps",
                "\(file) has no \"aps\" object: APNs delivers it, but ActivityKit and WidgetKit read only \"aps\" "
                    + "(event, content-state, timestamp…), so nothing changes.")
        }

        if let control {
            // A control push (apns-push-type controls): the control reloads, paid from its budget.
            if let refusal = ContentChangedPush.handlerRefusal(control) ?? ContentChangedPush.contentChangedRefusal(aps, receiver: .control)
            {
                return refuse(refusal.code, refusal.message, refusal.values)
            }
            return ControlPushReplay.run(
                control, controls: controls, timeZone: settings.timeZone, format: format, times: times, every: every, start: start,
                output: output, errors: errors)
        }
        guard let descriptor else { throw UsageError("unknown widget kind \(kind)") }
        guard let activity = descriptor.activity else {
            // A widget push: a reload request, budgeted like the app's own reloads; only a widget with a WidgetPushHandler
            // has a token for a push to reach.
            if let refusal = ContentChangedPush.contentChangedRefusal(aps, receiver: .widget)
                ?? ContentChangedPush.handlerRefusal(descriptor)
            {
                return refuse(refusal.code, refusal.message, refusal.values)
            }
            return try WidgetPushReplay.run(
                descriptor, settings: settings, format: format, times: times, every: every, start: start, output: output,
                errors: errors)
        }

        // A Live Activity push.
        let event = aps["event"] as? String
        guard let event, ["start", "update", "end"].contains(event) else {
            return refuse(
                "push-bad-event", "\"aps.event\" must be \"start\", \"update\" or \"end\", got \(event.map { "\"\($0)\"" } ?? "none")")
        }
        guard aps["timestamp"] is NSNumber else {
            return refuse(
                "push-missing-timestamp",
                "\"aps.timestamp\" (seconds since 1970) is missing: ActivityKit uses it to drop pushes older than the content it has.")
        }
        let contentState = aps["content-state"]
        if event != "end", contentState == nil {
            return refuse("push-missing-content-state", "a \(event) push needs \"aps.content-state\": the new ContentState, as JSON")
        }
        guard contentState == nil || contentState is [String: Any] else {
            return refuse("push-content-state-mismatch", "\"aps.content-state\" must be a JSON object (the encoded ContentState)")
        }
        let clock = ScriptClock(start)
        let center = ActivityCenter(now: { clock.date })
        center.areActivitiesEnabled = !parsed.switches.contains("activities-off")
        let routing = try PushRouting(parsed, event: event)
        let rotations = try parsed.integer("rotate-tokens", in: 0...10, default: 0)
        let uploadsEvery = try parsed.choice("app-uploads", ["every": true, "first": false], default: true)
        if rotations > 0, routing.channelID != nil {
            throw UsageError("--rotate-tokens replaces update tokens, and activities on a --channel have none: give one")
        }
        if rotations > 0, event == "start" {
            throw UsageError("--rotate-tokens applies to update and end pushes: a start push goes to the push-to-start token")
        }
        let attributes: Data
        if event == "start" {
            if let tooOld = ActivityChecks.pushToStartFinding(kind: descriptor.kind, osVersion: settings.osVersion) {
                return refuse(tooOld.code, tooOld.message, tooOld.values)
            }
            let typeName = activity.attributesType.split(separator: ".").last.map(String.init) ?? activity.attributesType
            guard let given = aps["attributes-type"] as? String else {
                return refuse("push-start-without-attributes", "a start push needs \"aps.attributes-type\": \"\(typeName)\"")
            }
            guard given == typeName else {
                return refuse(
                    "push-start-wrong-attributes-type",
                    "\"aps.attributes-type\" is \"\(given)\"; \(descriptor.kind) is an ActivityConfiguration for \(typeName)")
            }
            guard let object = aps["attributes"] as? [String: Any] else {
                return refuse("push-start-without-attributes", "a start push needs \"aps.attributes\": the encoded \(typeName)")
            }
            guard aps["alert"] is [String: Any] else {
                return refuse("push-start-without-alert", ActivityPushPayload.startWithoutAlert)
            }
            attributes = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } else {
            guard let script = activity.preview else { throw UsageError("\(descriptor.kind) has no scripted activity to update") }
            attributes = try script.attributes(start)
        }
        let staleDate = (aps["stale-date"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        let relevance = (aps["relevance-score"] as? NSNumber)?.doubleValue ?? 0
        var content: EncodedActivityContent?
        if let state = contentState as? [String: Any] {
            let encoded = EncodedActivityContent(
                state: try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys]), staleDate: staleDate,
                relevanceScore: relevance)
            do {
                _ = try activity.resolve(ActivityResolveRequest(attributes: attributes, content: encoded, isStale: false))
            } catch let error as ActivityDecodingError {
                let place = error.keyPath.isEmpty ? "content-state" : "content-state.\(error.keyPath)"
                return refuse(
                    "push-content-state-mismatch",
                    "aps.\(place): \(error.reason); the payload does not decode into \(descriptor.kind)'s ContentState with "
                        + "JSONDecoder, so ActivityKit drops the push. Keys must match the ContentState's properties, and dates are "
                        + "seconds since 2001-01-01 (the default decoder), not since 1970.",
                    ["keyPath": place])
            }
            content = encoded
        }
        let alert = (aps["alert"] as? [String: Any]).map { alert in
            AlertConfiguration(
                title: LocalizedStringResource(stringLiteral: alert["title"] as? String ?? ""),
                body: LocalizedStringResource(stringLiteral: alert["body"] as? String ?? ""),
                sound: (alert["sound"] as? String).map(AlertConfiguration.AlertSound.named) ?? .default)
        }

        // The running activities, then each push in turn.
        let targets: [String]
        do {
            if event == "start" {
                let token = center.pushService.issuePushToStartToken(attributesType: activity.attributesType)
                center.markRead(token, activityID: nil, attributesType: activity.attributesType)
                output.write("push-to-start token \(token.hexadecimalString) (uploaded by the app)\n")
                let id = try center.requestActivity(
                    attributesType: activity.attributesType, attributes: attributes, content: content!, pushType: routing.pushType)
                // The start payload's alert tells the person about the new activity (checked above: it is required).
                if let alert { center.alertStarted(id: id, configuration: alert) }
                targets = [id]
            } else {
                let ids = try (1...routing.activityCount).map { _ in
                    try ActivityScript.start(descriptor, in: center, startingAt: start, pushType: routing.pushType)
                }
                // The scripted app's `for await token in activity.pushTokenUpdates` loop uploads each activity's first token;
                // with `--app-uploads first` it leaves the loop there (the pitfall), else it uploads every later one too.
                for id in ids {
                    if let first = center.updateTokens(activityID: id).first {
                        center.markRead(first, activityID: id, attributesType: activity.attributesType)
                    }
                }
                // The system replaces each activity's update token `--rotate-tokens` times before the push.
                for id in ids where routing.channelID == nil {
                    for _ in 0..<rotations {
                        guard let token = center.pushService.rotateUpdateToken(activityID: id) else { continue }
                        let number = center.updateTokens(activityID: id).count
                        if uploadsEvery { center.markRead(token, activityID: id, attributesType: activity.attributesType) }
                        output.write(
                            "\(id) update token \(number): \(token.hexadecimalString) (the system replaced token \(number - 1); "
                                + (uploadsEvery
                                    ? "pushTokenUpdates yields it and the app uploads it)\n"
                                    : "the app's pushTokenUpdates loop ended after the first token: not uploaded)\n"))
                    }
                }
                targets = try routing.targets(among: ids, service: center.pushService)
            }
        } catch let error as UsageError {
            throw error
        } catch ActivityAuthorizationError.denied {
            return refuse(
                "push-refused",
                "\(ActivityAuthorizationError.denied) (--activities-off: ActivityAuthorizationInfo().areActivitiesEnabled is false, "
                    + "so no activity runs for the push to reach)")
        } catch {
            return refuse("push-refused", "\(error)")
        }
        var appliedPriority10: [Date] = []
        // The activities some push reached (one sent to a replaced token does not).
        var reached: Set<String> = []
        for index in 1...times {
            let now = start.addingTimeInterval(Double((index - 1) * every))
            clock.date = now
            let label = "push \(index) at \(ReloadEvent.clockTime(now, timeZone: settings.timeZone)) (priority \(priority), \(event))"
            if priority == 10 {
                appliedPriority10 = appliedPriority10.filter { now.timeIntervalSince($0) < 3600 }
                if appliedPriority10.count >= priority10PerHour {
                    output.write("\(label): dropped, the priority-10 budget of \(priority10PerHour) per hour is spent\n")
                    findings.append(
                        Diagnostic(
                            severity: .error, code: "push-budget-exceeded",
                            message: "push \(index) is the \(appliedPriority10.count + 1)th priority-10 update within an hour; iOS "
                                + "drops updates over its budget (about \(priority10PerHour) an hour). Send routine updates with "
                                + "priority 5, or set NSSupportsLiveActivitiesFrequentUpdates.",
                            widget: descriptor.kind, values: ["push": "\(index)", "perHour": "\(priority10PerHour)"]))
                    continue
                }
                appliedPriority10.append(now)
            }
            var applied: [String] = []
            var missed: [String] = []
            for id in targets {
                // The server sends to the last token the app uploaded; once the system replaced it, APNs no longer delivers.
                let history = center.pushService.tokenHistory(activityID: id)
                if routing.channelID == nil, let current = history.last, let sent = history.last(where: \.isUploaded),
                    sent.token != current.token
                {
                    missed.append(id)
                    findings.append(
                        Diagnostic(
                            severity: .error, code: "push-token-replaced",
                            message:
                                "\(label): \(id): the server sent it to update token \(history.firstIndex { $0.token == sent.token }! + 1) "
                                + "(\(sent.token.hexadecimalString.prefix(16))…), which the system replaced with token \(history.count) "
                                + "(\(current.token.hexadecimalString.prefix(16))…) that the app never uploaded, so the push does not "
                                + "reach the activity. Upload every token Activity.pushTokenUpdates yields.",
                            widget: descriptor.kind, values: ["activity": id, "sentToken": sent.token.hexadecimalString]))
                    continue
                }
                do {
                    switch event {
                    case "end":
                        let dismissal = (aps["dismissal-date"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
                        try center.endActivity(id: id, content: content, dismissalPolicy: dismissal.map { .after($0) } ?? .default)
                    case "update":
                        try center.updateActivity(id: id, content: content!, alertConfiguration: alert)
                    default:
                        break
                    }
                    applied.append(id)
                } catch {
                    findings.append(
                        Diagnostic(severity: .error, code: "push-refused", message: "\(label): \(id): \(error)", widget: descriptor.kind))
                }
            }
            reached.formUnion(applied)
            if !missed.isEmpty {
                output.write("\(label): not delivered to \(missed.joined(separator: ", ")): sent to a replaced token\n")
            }
            guard let id = applied.first else { continue }
            let to = targets.count > 1 || routing.isExplicit ? " to \(applied.joined(separator: ", "))" : ""
            if event == "end", let ended = center.snapshot(id: id) {
                let until = ReloadEvent.clockTime(ended.dismissalDate, timeZone: settings.timeZone)
                output.write("\(label): applied\(to); the Lock Screen keeps it until \(until)\n")
            } else {
                output.write("\(label): applied\(to)\n")
            }
        }
        if routing.listsActivities {
            output.write(PushRouting.listing(center: center, updated: reached))
        }
        let id = targets[0]
        // Only alerts of updates the center applied are shown.
        let alertPlacement = ActivityAlertPlacement.placement(on: settings.device)
        let isLocked = parsed.switches.contains("locked")
        let shownAlert = center.alerts.last
        if let alert = shownAlert {
            let place = isLocked ? "a banner on the Lock Screen, which lights up" : alertPlacement.rawValue
            output.write("alert: “\(alert.title)” \(alert.body) · sound \(alert.soundName) (shown in \(place))\n")
        }
        let alertPresentation: ActivityPresentation = isLocked ? .lockScreen : alertPlacement.presentation

        // The frame the last push leads to.
        let presentation =
            try parsed["presentation"].map { raw -> ActivityPresentation in
                guard let presentation = ActivityPresentation(argument: raw) else {
                    throw UsageError(
                        "unknown --presentation \(raw); valid presentations: \(ActivityPresentation.allCases.map(\.argument).joined(separator: ", "))"
                    )
                }
                return presentation
            } ?? (shownAlert != nil ? alertPresentation : .lockScreen)
        let snapshot = center.snapshot(id: id)!
        let style = ActivityRenderCommand.paintStyle(settings)
        let options = IslandRenderOptions(device: settings.device, style: style, date: clock.date, format: settings.format)
        do {
            try ActivityRendering.checkVisible(snapshot, kind: descriptor.kind, in: presentation)
            let resolved = try ActivityRendering.resolve(snapshot, with: activity, options: options)
            let island = try ActivityRendering.render(resolved, presentation: presentation, options: options)
            output.write(
                "\(presentation.argument), \(snapshot.activityState)\(snapshot.isStale && snapshot.activityState != .stale ? ", stale" : ""):\n"
            )
            // The alert's presentation carries the sound's name above it for the alert's few seconds (DECISIONS.md).
            var frame = island.frame
            if let alert = shownAlert, presentation == alertPresentation {
                frame = ActivityAlertDrawing.compose(island.frame, soundName: alert.soundName)
            }
            output.write(format.encode(frame, widget: descriptor.kind, family: .systemSmall))
        } catch let error as ActivityRenderError {
            output.write("\(presentation.argument): \(error.description)\n")
        }
        // An activity whose later update tokens the app never uploaded (`--app-uploads first`): push-token-not-uploaded.
        findings += center.pushService.diagnostics(widget: descriptor.kind)
        errors.write(DiagnosticFormatter.text(findings))
        return findings.contains { $0.severity == .error } ? 1 : 0
    }

    /// Why a payload file is not JSON, where and what to do: `FILE:LINE:COLUMN: not JSON: expected ...; found ....`
    /// (the position from WidgetTerm's own JSON scanner, which Foundation's parser does not give), then what a
    /// payload is.
    static func notJSON(_ data: Data, file: String, error: Error) -> String {
        let payload = "a push payload is a JSON object with an \"aps\" member, as APNs receives it (examples/push/)"
        do {
            _ = try JSONScanner.parse(Array(data), file: file)
        } catch let error as DocumentError {
            return "\(file):\(error.line):\(error.column): not JSON: \(error.message); \(payload)"
        } catch {}
        return "\(file): not JSON (\(error.localizedDescription)); \(payload)"
    }
}
