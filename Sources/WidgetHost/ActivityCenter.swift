import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - The Live Activity center: iOS's side of ActivityKit

/// One Live Activity as the center knows it at a moment: its record (data and state) and its lifetime.
public struct ActivitySnapshot: Equatable, Sendable {
    /// Id, attributes type, encoded data and the state at the moment asked.
    public var record: ActivityRecord
    /// When the app requested it.
    public var requestDate: Date
    /// When its content last changed (request, update or final content).
    public var lastUpdateDate: Date
    /// When it ends or ended: the app's `end`, or the system's 8-hour limit.
    public var endDate: Date
    /// True when `endDate` is the system's 8-hour limit rather than the app's `end`.
    public var isEndedBySystem: Bool
    /// When it leaves the Lock Screen.
    public var dismissalDate: Date
    /// The policy the app ended it with; nil while running or when the system ended it.
    public var dismissalPolicy: ActivityUIDismissalPolicy?

    /// The activity's id.
    public var id: String { record.id }
    /// The state at the moment the snapshot was taken.
    public var activityState: ActivityState { record.activityState }
    /// True when the views get `isStale`: the content's stale date has passed (also once ended with stale content).
    public var isStale: Bool
    /// Shown in the Dynamic Island: active or stale (an ended activity leaves the island at once).
    public var isOnDynamicIsland: Bool { activityState == .active || activityState == .stale }
    /// Shown on the Lock Screen: until dismissed.
    public var isOnLockScreen: Bool { activityState != .dismissed }
}

/// Something the center did or refused, for the event log and tests.
public struct ActivityEvent: Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Sendable {
        case requested, updated, ended, refused, alerted
    }
    /// When (the center's clock).
    public var date: Date
    /// The activity; nil for a refused request.
    public var activityID: String?
    /// What happened.
    public var kind: Kind
    /// In words, for the log.
    public var message: String

    /// One log line: the kind, the activity (`-` when refused) and the message.
    public var description: String { "\(kind.rawValue) \(activityID ?? "-"): \(message)" }
}

/// Plays iOS for ActivityKit (`Activity.request`, `update`, `end`): the 4 KB limit on the encoded attributes plus
/// content state, a limit on concurrent activities, the stale date, the 8-hour lifetime after which the system
/// ends an activity and the up-to-4-hour stay on the Lock Screen after it ends, and the dismissal policies
/// ("Displaying live data with Live Activities"; widgetkit-facts.md §1.6).
///
/// States are computed from the clock when asked, so a clock moved forward shows the activity stale, ended or
/// dismissed without anything running in between.
public final class ActivityCenter: ActivityHostInterface, ActivityAuthorizationHost, @unchecked Sendable {
    /// An activity runs at most 8 hours; then the system ends it.
    public static let activeLifetime: TimeInterval = 8 * 3600
    /// An ended activity stays on the Lock Screen at most 4 hours (`.default` policy: all of them).
    public static let lockScreenLifetimeAfterEnd: TimeInterval = 4 * 3600
    /// The encoded attributes plus content state may take at most 4 KB.
    public static let maximumPayloadBytes = 4096
    /// Concurrent activities an app may run ([obs] 5, `ActivityAuthorizationError.targetMaximumExceeded` past it).
    public static let defaultMaximumConcurrentActivities = 5

    private struct Entry {
        var id: String
        var attributesType: String
        var attributes: Data
        var content: EncodedActivityContent
        var requestDate: Date
        var lastUpdateDate: Date
        var endDate: Date?
        var dismissalPolicy: ActivityUIDismissalPolicy?
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    private var nextNumber = 1
    private var _events: [ActivityEvent] = []
    private var _alerts: [ActivityAlert] = []
    private var _maximumConcurrentActivities: Int
    private var _globalMaximumActivities: Int?
    private var _areActivitiesEnabled = true
    private let clock: @Sendable () -> Date
    /// APNs's side: update and push-to-start tokens, channel subscriptions (ActivityPushService.swift).
    public let pushService = ActivityPushService()

    /// - Parameters:
    ///   - maximumConcurrentActivities: how many running activities the app may have (default 5).
    ///   - now: the clock (default the host clock, which widget code's `Date()` also reads).
    public init(
        maximumConcurrentActivities: Int = ActivityCenter.defaultMaximumConcurrentActivities,
        now: @escaping @Sendable () -> Date = { HostClock.now }
    ) {
        _maximumConcurrentActivities = max(1, maximumConcurrentActivities)
        clock = now
    }

    /// Makes this center the one `Activity` calls go to.
    public func install(in host: HostContext) { host.activities = self }

    /// How many running (not ended) activities the app may have.
    public var maximumConcurrentActivities: Int {
        get { lock.withLock { _maximumConcurrentActivities } }
        set { lock.withLock { _maximumConcurrentActivities = max(1, newValue) } }
    }

    /// How many running activities the device shows across apps; nil: no limit besides the app's (Apple does not
    /// publish one). Past it, requests fail with `.globalMaximumExceeded`.
    public var globalMaximumActivities: Int? {
        get { lock.withLock { _globalMaximumActivities } }
        set { lock.withLock { _globalMaximumActivities = newValue } }
    }

    /// False as if the person turned Live Activities off: requests fail with `.denied`.
    public var areActivitiesEnabled: Bool {
        get { lock.withLock { _areActivitiesEnabled } }
        set { lock.withLock { _areActivitiesEnabled = newValue } }
    }

    /// Everything requested, updated, ended or refused, oldest first.
    public var events: [ActivityEvent] { lock.withLock { _events } }

    /// The alerts shown with updates (`update(_:alertConfiguration:)`), oldest first.
    public var alerts: [ActivityAlert] { lock.withLock { _alerts } }

    /// The bytes a payload takes against the 4 KB limit: encoded attributes plus encoded content state.
    public static func payloadSize(attributes: Data, content: EncodedActivityContent) -> Int {
        attributes.count + content.state.count
    }

    // MARK: ActivityHostInterface

    /// Starts an activity unless it is over 4 KB or too many run.
    /// - Throws: `ActivityAuthorizationError` `.denied`, `.attributesTooLarge`, `.globalMaximumExceeded`, `.targetMaximumExceeded`.
    public func requestActivity(
        attributesType: String, attributes: Data, content: EncodedActivityContent,
        pushType: PushType?
    ) throws -> String {
        let now = clock()
        return try lock.withLock {
            func refuse(_ error: ActivityAuthorizationError, _ detail: String) -> ActivityAuthorizationError {
                _events.append(
                    ActivityEvent(
                        date: now, activityID: nil, kind: .refused,
                        message: "request of \(Self.shortName(attributesType)) refused: \(error.description) \(detail)"))
                return error
            }
            guard _areActivitiesEnabled else { throw refuse(.denied, "(Live Activities are off)") }
            let size = Self.payloadSize(attributes: attributes, content: content)
            guard size <= Self.maximumPayloadBytes else {
                throw refuse(
                    .attributesTooLarge, "(\(size) bytes of attributes and content state; the limit is \(Self.maximumPayloadBytes))")
            }
            let running = entries.filter { Self.state(of: $0, at: now) == .active || Self.state(of: $0, at: now) == .stale }.count
            if let global = _globalMaximumActivities, running >= global {
                throw refuse(.globalMaximumExceeded, "(\(running) running, device limit \(global))")
            }
            guard running < _maximumConcurrentActivities else {
                throw refuse(.targetMaximumExceeded, "(\(running) running, app limit \(_maximumConcurrentActivities))")
            }
            let id = "activity-\(nextNumber)"
            nextNumber += 1
            entries.append(
                Entry(
                    id: id, attributesType: attributesType, attributes: attributes, content: content, requestDate: now,
                    lastUpdateDate: now))
            _events.append(
                ActivityEvent(
                    date: now, activityID: id, kind: .requested,
                    message: "\(Self.shortName(attributesType)) started (\(size) bytes)"
                        + (pushType.map { ", push type \($0)" } ?? "")))
            if let pushType { pushService.register(activityID: id, attributesType: attributesType, pushType: pushType) }
            return id
        }
    }

    /// Alerts the person about activity `id`, which a start push just started: ActivityKit requires an `alert` in a start
    /// payload so that "a person gets alerted about the started Live Activity" (Apple, "Starting and updating Live
    /// Activities with ActivityKit push notifications"). Shown as an update's alert is (`alerts`); nothing for an
    /// activity that is not running.
    public func alertStarted(id: String, configuration: AlertConfiguration) {
        let now = clock()
        lock.withLock {
            guard entries.contains(where: { $0.id == id }) else { return }
            let alert = ActivityAlert(date: now, activityID: id, configuration: configuration)
            _alerts.append(alert)
            _events.append(ActivityEvent(date: now, activityID: id, kind: .alerted, message: alert.description))
        }
    }

    /// Replaces a running activity's content.
    /// - Throws: `ActivityAuthorizationError.visibility` once ended or unknown, `.attributesTooLarge` over 4 KB (the content stays).
    public func updateActivity(id: String, content: EncodedActivityContent, alertConfiguration: AlertConfiguration?) throws {
        let now = clock()
        try lock.withLock {
            let index = try runningIndex(
                of: id, at: now, unknown: "update of an unknown activity",
                notRunning: { "update ignored: the activity is \($0)" })
            let size = Self.payloadSize(attributes: entries[index].attributes, content: content)
            guard size <= Self.maximumPayloadBytes else {
                _events.append(
                    ActivityEvent(
                        date: now, activityID: id, kind: .refused,
                        message:
                            "update refused: \(size) bytes of attributes and content state, over the 4 KB limit; the activity keeps its content"
                    ))
                throw ActivityAuthorizationError.attributesTooLarge
            }
            entries[index].content = content
            entries[index].lastUpdateDate = now
            _events.append(ActivityEvent(date: now, activityID: id, kind: .updated, message: "content updated (\(size) bytes)"))
            if let alertConfiguration {
                let alert = ActivityAlert(date: now, activityID: id, configuration: alertConfiguration)
                _alerts.append(alert)
                _events.append(ActivityEvent(date: now, activityID: id, kind: .alerted, message: alert.description))
            }
        }
    }

    /// The index of activity `id` when it is still running (active or stale); otherwise records the refusal
    /// (`unknown`, or `notRunning` with its state) and throws `ActivityAuthorizationError.visibility`.
    /// Called with the lock held.
    private func runningIndex(
        of id: String, at now: Date, unknown: String,
        notRunning: (ActivityState) -> String
    ) throws -> Int {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            _events.append(ActivityEvent(date: now, activityID: id, kind: .refused, message: unknown))
            throw ActivityAuthorizationError.visibility
        }
        let state = Self.state(of: entries[index], at: now)
        guard state == .active || state == .stale else {
            _events.append(ActivityEvent(date: now, activityID: id, kind: .refused, message: notRunning(state)))
            throw ActivityAuthorizationError.visibility
        }
        return index
    }

    /// Ends a running activity now, with optional final content, and sets when it leaves the Lock Screen.
    /// - Throws: `ActivityAuthorizationError.visibility` when already ended; `.attributesTooLarge` for final content over 4 KB
    ///   (it still ends, with its last content).
    public func endActivity(id: String, content: EncodedActivityContent?, dismissalPolicy: ActivityUIDismissalPolicy) throws {
        let now = clock()
        try lock.withLock {
            let index = try runningIndex(
                of: id, at: now, unknown: "end of an unknown activity",
                notRunning: { "end ignored: the activity is already \($0)" })
            var refusedContent = false
            if let content {
                let size = Self.payloadSize(attributes: entries[index].attributes, content: content)
                if size <= Self.maximumPayloadBytes {
                    entries[index].content = content
                    entries[index].lastUpdateDate = now
                } else {
                    refusedContent = true
                    _events.append(
                        ActivityEvent(
                            date: now, activityID: id, kind: .refused,
                            message: "final content refused: \(size) bytes, over the 4 KB limit; it ends with its last content"))
                }
            }
            entries[index].endDate = now
            entries[index].dismissalPolicy = dismissalPolicy
            pushService.end(activityID: id)
            let dismissal = Self.dismissalDate(of: entries[index])
            _events.append(
                ActivityEvent(
                    date: now, activityID: id, kind: .ended,
                    message: "ended, dismissal \(dismissalPolicy): leaves the Lock Screen at \(dismissal.formatted(.iso8601))"))
            if refusedContent { throw ActivityAuthorizationError.attributesTooLarge }
        }
    }

    /// The activity now; nil when unknown.
    public func activityRecord(id: String) -> ActivityRecord? { snapshot(id: id)?.record }

    /// The activities of a type not yet dismissed, in island order.
    public func activityRecords(attributesType: String) -> [ActivityRecord] {
        snapshots().filter { $0.record.attributesType == attributesType }.map(\.record)
    }

    // MARK: Reading

    /// One activity at `date` (default now); nil when unknown.
    public func snapshot(id: String, at date: Date? = nil) -> ActivitySnapshot? {
        let date = date ?? clock()
        return lock.withLock { entries.first { $0.id == id }.map { Self.snapshot(of: $0, at: date) } }
    }

    /// Every activity not yet dismissed at `date` (default now), in the order iOS ranks them: highest
    /// `relevanceScore` first, then the earliest request.
    public func snapshots(at date: Date? = nil) -> [ActivitySnapshot] {
        let date = date ?? clock()
        let all = lock.withLock { entries.map { Self.snapshot(of: $0, at: date) } }
        return all.filter { $0.activityState != .dismissed }.sorted { lhs, rhs in
            if lhs.record.content.relevanceScore != rhs.record.content.relevanceScore {
                return lhs.record.content.relevanceScore > rhs.record.content.relevanceScore
            }
            return lhs.requestDate < rhs.requestDate
        }
    }

    /// The activities the Dynamic Island shows at `date`: one in the compact presentation, the first two as the
    /// attached and detached minimal pair.
    public func islandActivities(at date: Date? = nil) -> [ActivitySnapshot] {
        snapshots(at: date).filter(\.isOnDynamicIsland)
    }

    /// The preview's "mark stale": sets the content's stale date to now, as if it had passed.
    public func markStale(id: String) {
        let now = clock()
        lock.withLock {
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
            entries[index].content.staleDate = now
            _events.append(ActivityEvent(date: now, activityID: id, kind: .updated, message: "stale date set to now"))
        }
    }

    // MARK: Lifecycle rules

    /// When an activity ends: the app's `end`, or 8 hours after the request, whichever comes first.
    private static func endDate(of entry: Entry) -> (date: Date, bySystem: Bool) {
        let limit = entry.requestDate.addingTimeInterval(activeLifetime)
        if let ended = entry.endDate, ended < limit { return (ended, false) }
        return (limit, true)
    }

    /// When an activity leaves the Lock Screen: `.immediate` at its end; `.after(date)` at that date, kept within
    /// the end and four hours after it; `.default` and the system's end four hours after the end.
    private static func dismissalDate(of entry: Entry) -> Date {
        let end = endDate(of: entry)
        let latest = end.date.addingTimeInterval(lockScreenLifetimeAfterEnd)
        guard !end.bySystem, let policy = entry.dismissalPolicy else { return latest }
        switch policy.kind {
        case .default: return latest
        case .immediate: return end.date
        case .after(let date): return min(max(date, end.date), latest)
        }
    }

    private static func state(of entry: Entry, at date: Date) -> ActivityState {
        if date >= dismissalDate(of: entry) { return .dismissed }
        if date >= endDate(of: entry).date { return .ended }
        if let stale = entry.content.staleDate, date >= stale { return .stale }
        return .active
    }

    private static func snapshot(of entry: Entry, at date: Date) -> ActivitySnapshot {
        let end = endDate(of: entry)
        let isStale = entry.content.staleDate.map { date >= $0 } ?? false
        return ActivitySnapshot(
            record: ActivityRecord(
                id: entry.id, attributesType: entry.attributesType, attributes: entry.attributes,
                content: entry.content, activityState: state(of: entry, at: date)),
            requestDate: entry.requestDate, lastUpdateDate: entry.lastUpdateDate, endDate: end.date, isEndedBySystem: end.bySystem,
            dismissalDate: dismissalDate(of: entry), dismissalPolicy: end.bySystem ? nil : entry.dismissalPolicy, isStale: isStale)
    }

    static func shortName(_ typeName: String) -> String { typeName.split(separator: ".").last.map(String.init) ?? typeName }
}

// MARK: - Rendering an activity the center holds

/// Why an activity cannot be rendered in a presentation.
public enum ActivityRenderError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The activity has ended (or been dismissed) and is no longer in the Dynamic Island.
    case notOnDynamicIsland(activity: String, state: ActivityState, endDate: Date, dismissalDate: Date)
    /// The activity has been dismissed from the Lock Screen too.
    case dismissed(activity: String, dismissalDate: Date)
    /// An island presentation on a device without a Dynamic Island.
    case unsupportedDevice(String)
    /// The encoded data does not decode as the configuration's types.
    case decoding(String)

    /// The problem in words, with the state, times or device involved and what to do about it.
    public var description: String {
        switch self {
        case .notOnDynamicIsland(let activity, let state, let end, let dismissal):
            return "\(activity) is \(state) (it ended at \(end.formatted(.iso8601))): the Dynamic Island no longer shows it; "
                + "the Lock Screen does until \(dismissal.formatted(.iso8601)). Use --presentation lockscreen, or an earlier --at."
        case .dismissed(let activity, let dismissal):
            return "\(activity) was dismissed at \(dismissal.formatted(.iso8601)): nothing shows it any more. Use an earlier --at."
        case .unsupportedDevice(let name):
            return "\(name) has no Dynamic Island: only the Lock Screen view (and the banner it makes) is drawn there; "
                + "use iphone-430 or iphone-393 for the island"
        case .decoding(let message):
            return message
        }
    }
}

/// Resolves and renders the activities a center holds with their `ActivityConfiguration`s.
public enum ActivityRendering {
    /// The environment an activity's views see: the Lock Screen appearance, locale and time zone.
    public static func environment(colorScheme: ColorScheme, format: SystemTextFormat) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.colorScheme = colorScheme
        environment.locale = format.locale
        environment.timeZone = format.timeZone
        return environment
    }

    /// Checks that a presentation shows the activity in its state: ended activities leave the Dynamic Island at
    /// once, dismissed ones the Lock Screen too.
    /// - Throws: `ActivityRenderError.notOnDynamicIsland` or `.dismissed`.
    public static func checkVisible(_ snapshot: ActivitySnapshot, kind: String, in presentation: ActivityPresentation) throws {
        if snapshot.activityState == .dismissed {
            throw ActivityRenderError.dismissed(activity: kind, dismissalDate: snapshot.dismissalDate)
        }
        if presentation != .lockScreen && !snapshot.isOnDynamicIsland {
            throw ActivityRenderError.notOnDynamicIsland(
                activity: kind, state: snapshot.activityState, endDate: snapshot.endDate,
                dismissalDate: snapshot.dismissalDate)
        }
    }

    /// Resolves a snapshot's views with its configuration.
    /// `forCarPlay` resolves in dark and adds the `.small` family when the activity declares it (`ResolvedActivity.small`).
    /// - Throws: `ActivityRenderError.decoding` when the data does not decode as the configuration's types.
    public static func resolve(
        _ snapshot: ActivitySnapshot, with activity: ActivityDescriptor, options: IslandRenderOptions, forCarPlay: Bool = false
    ) throws -> ResolvedActivity {
        var request = ActivityResolveRequest(
            attributes: snapshot.record.attributes, content: snapshot.record.content,
            isStale: snapshot.isStale, activityID: snapshot.id,
            environment: environment(colorScheme: options.style.colorScheme, format: options.format))
        request.environment.supportedActivityFamilies = Set([.medium] + activity.supplementalFamilies)
        if forCarPlay {
            request.resolvesSmallFamily = activity.supplementalFamilies.contains(.small)
            request.environment.colorScheme = .dark
        }
        do { return try activity.resolve(request) } catch { throw ActivityRenderError.decoding("\(error)") }
    }

    /// Renders a snapshot in a presentation, with a second activity for the minimal pair.
    /// - Throws: `ActivityRenderError` when the presentation does not show the activity at its state (ended activities
    ///   leave the Dynamic Island; dismissed ones the Lock Screen too), for a device without Live Activity metrics,
    ///   or data that does not decode.
    public static func render(
        _ snapshot: ActivitySnapshot, with activity: ActivityDescriptor, kind: String,
        presentation: ActivityPresentation, detached: (ActivitySnapshot, ActivityDescriptor)? = nil,
        options: IslandRenderOptions
    ) throws -> IslandFrame {
        try checkVisible(snapshot, kind: kind, in: presentation)
        let resolved = try resolve(snapshot, with: activity, options: options)
        return try render(resolved, presentation: presentation, detached: detached, options: options)
    }

    /// Renders resolved views in a presentation, with a second activity for the minimal pair.
    /// - Throws: `ActivityRenderError` for a device without Live Activity metrics or a second activity that does not decode.
    public static func render(
        _ resolved: ResolvedActivity, presentation: ActivityPresentation,
        detached: (ActivitySnapshot, ActivityDescriptor)? = nil, options: IslandRenderOptions
    ) throws -> IslandFrame {
        let second = try detached.map { try resolve($0.0, with: $0.1, options: options) }
        guard let frame = IslandRenderer.render(resolved, presentation: presentation, detached: second, options: options) else {
            throw ActivityRenderError.unsupportedDevice(options.device.name)
        }
        return frame
    }
}

// MARK: - Playing a scripted activity

/// Why a scripted preview cannot be played.
public struct ActivityScriptError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong and how to fix it.
    public let message: String
    /// The message, as printed.
    public var description: String { message }
}

/// Plays the scripted content states of an activity (`.widgetTermPreview(attributes:contentStates:)`) into a center.
public enum ActivityScript {
    /// The scripted contents of `descriptor` for an activity started at `start`.
    /// - Throws: `ActivityScriptError` when the activity has no script, or its states do not encode.
    public static func contents(of descriptor: WidgetDescriptor, startingAt start: Date) throws -> [EncodedActivityContent] {
        guard let activity = descriptor.activity else {
            throw ActivityScriptError(message: "\(descriptor.kind) is a widget, not a Live Activity")
        }
        guard let preview = activity.preview else {
            throw ActivityScriptError(
                message: "\(descriptor.kind) has no preview content: give it a #Preview(\"Name\", as: .content, "
                    + "using: attributes) { … } contentStates: { … } (a kind of its own) or add .widgetTermPreview(attributes:contentStates:) "
                    + "to its ActivityConfiguration")
        }
        let contents: [EncodedActivityContent]
        do { contents = try preview.contents(start) } catch {
            throw ActivityScriptError(message: "\(descriptor.kind): a scripted content state does not encode: \(error)")
        }
        guard !contents.isEmpty else { throw ActivityScriptError(message: "\(descriptor.kind): the preview script has no content states") }
        return contents
    }

    /// The alert each scripted state shows when an update sets it (`Activity.update(_:alertConfiguration:)`), one per
    /// state of `contents(of:startingAt:)` (nil for none).
    /// - Throws: `ActivityScriptError` when the activity has no script, its alerts cannot be made, or the first state,
    ///   which starts the activity with `Activity.request` (no alert there), has one.
    public static func alertConfigurations(of descriptor: WidgetDescriptor, startingAt start: Date) throws -> [AlertConfiguration?] {
        let count = try contents(of: descriptor, startingAt: start).count
        let alerts: [AlertConfiguration?]
        do { alerts = try descriptor.activity!.preview!.alertConfigurations(start) } catch {
            throw ActivityScriptError(message: "\(descriptor.kind): the preview script's alerts cannot be made: \(error)")
        }
        if let first = alerts.first, let alert = first {
            throw ActivityScriptError(
                message: "\(descriptor.kind): state 1 starts the activity (Activity.request shows no alert), but it has the alert "
                    + "“\(alert.title)”: put the alert on a later update")
        }
        return (0..<count).map { alerts.indices.contains($0) ? alerts[$0] : nil }
    }

    /// Requests the activity with the first scripted state and updates it through state `number` (1-based), all at
    /// the center's current time, each update with its scripted alert.
    /// - Returns: the activity's id.
    /// - Throws: `ActivityScriptError` for a number outside the script, `ActivityAuthorizationError` when the center
    ///   refuses the request or an update (over 4 KB, too many activities).
    @discardableResult
    public static func start(
        _ descriptor: WidgetDescriptor, in center: ActivityCenter, state number: Int = 1, startingAt start: Date, pushType: PushType? = nil
    ) throws -> String {
        let contents = try contents(of: descriptor, startingAt: start)
        guard (1...contents.count).contains(number) else {
            throw ActivityScriptError(
                message: "\(descriptor.kind) has \(contents.count) scripted states; --state takes 1 to \(contents.count), not \(number)")
        }
        let activity = descriptor.activity!
        let attributes: Data
        do { attributes = try activity.preview!.attributes(start) } catch {
            throw ActivityScriptError(message: "\(descriptor.kind): the preview attributes do not encode: \(error)")
        }
        let alerts = try alertConfigurations(of: descriptor, startingAt: start)
        let id = try center.requestActivity(
            attributesType: activity.attributesType, attributes: attributes,
            content: contents[0], pushType: pushType)
        for index in 1..<number {
            try center.updateActivity(id: id, content: contents[index], alertConfiguration: alerts[index])
        }
        return id
    }
}
