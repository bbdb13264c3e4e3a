import Foundation

// MARK: - Attributes and content

/// The data of a Live Activity, as `ActivityKit.ActivityAttributes`: static properties set when the activity
/// starts, and a nested `ContentState` for the data that changes with each update.
///
/// WidgetTerm keeps both as JSON (`JSONEncoder` with sorted keys), the way ActivityKit hands them to the widget
/// extension, and measures the 4 KB limit on that encoding ("Displaying live data with Live Activities").
public protocol ActivityAttributes: Decodable, Encodable {
    /// The dynamic data of the activity, sent with every update.
    associatedtype ContentState: Decodable & Encodable & Hashable
}

/// A content state with the date it goes stale and its relevance, as `ActivityKit.ActivityContent`.
public struct ActivityContent<State: Decodable & Encodable & Hashable>: Equatable {
    /// The dynamic data shown.
    public var state: State
    /// From this date the system shows the activity as stale (`ActivityViewContext.isStale` is true) until the
    /// next update; nil never goes stale.
    public var staleDate: Date?
    /// Orders several activities of the app; the highest score leads the Dynamic Island. 0 when not given.
    public var relevanceScore: Double

    /// - Parameters:
    ///   - state: the content state.
    ///   - staleDate: when the content becomes out of date; nil for never.
    ///   - relevanceScore: priority among the app's activities (higher first).
    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// Where a Live Activity is in its life, as `ActivityKit.ActivityState`.
public enum ActivityState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible, Codable {
    /// Running and shown in the Dynamic Island and on the Lock Screen.
    case active
    /// Past its content's `staleDate` with no newer update; still shown, `isStale` is true.
    case stale
    /// Ended by the app or, after 8 hours, by the system: gone from the Dynamic Island, still on the Lock
    /// Screen until it is dismissed.
    case ended
    /// Removed from the Lock Screen too.
    case dismissed

    /// The case's name: `active`, `stale`, `ended` or `dismissed`.
    public var description: String { rawValue }
}

/// When an ended Live Activity leaves the Lock Screen, as `ActivityKit.ActivityUIDismissalPolicy`.
public struct ActivityUIDismissalPolicy: Hashable, Sendable, CustomStringConvertible, Codable {
    /// The three policies.
    public enum Kind: Hashable, Sendable, Codable {
        case `default`, immediate
        case after(Date)
    }

    /// Which policy, with its date for `.after`.
    public let kind: Kind

    /// The system keeps the ended activity on the Lock Screen for up to four hours.
    public static let `default` = ActivityUIDismissalPolicy(kind: .default)
    /// The system removes the activity at once.
    public static let immediate = ActivityUIDismissalPolicy(kind: .immediate)
    /// The system removes the activity at `date`; a past date removes it at once, a date more than four hours
    /// after the end removes it after four hours.
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy { ActivityUIDismissalPolicy(kind: .after(date)) }

    /// `default`, `immediate` or `after(<ISO 8601 date>)`, as shown in logs.
    public var description: String {
        switch kind {
        case .default: return "default"
        case .immediate: return "immediate"
        case .after(let date): return "after(\(date.formatted(.iso8601)))"
        }
    }
}

/// How an activity receives remote updates, as `ActivityKit.PushType`: `.token` gives it update tokens
/// (`Activity.pushToken`, `pushTokenUpdates`), `.channel(ID)` subscribes it to a broadcast channel.
public struct PushType: Hashable, Sendable, CustomStringConvertible, Codable {
    let name: String
    /// `token` or `channel(ID)`.
    public var description: String { name }
    /// Updates through a push token.
    public static let token = PushType(name: "token")
    /// Updates through a broadcast channel (iOS 18).
    public static func channel(_ channelID: String) -> PushType { PushType(name: "channel(\(channelID))") }
}

/// An alert shown with an update, as `ActivityKit.AlertConfiguration`; WidgetTerm logs it.
public struct AlertConfiguration: Hashable, Sendable, Codable {
    /// The sound of the alert, as `AlertConfiguration.AlertSound`.
    public struct AlertSound: Hashable, Sendable, Codable {
        /// The sound file's name, or `default` (what WidgetTerm shows in place of playing it).
        public let name: String
        /// The system's default alert sound.
        public static let `default` = AlertSound(name: "default")
        /// A sound file of the app.
        public static func named(_ name: String) -> AlertSound { AlertSound(name: name) }
    }

    /// The alert's title.
    public var title: String
    /// The alert's text.
    public var body: String
    /// The sound played with it.
    public var sound: AlertSound

    /// An alert with a title, a text and a sound, as `AlertConfiguration(title:body:sound:)`.
    public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertSound) {
        self.title = title.key
        self.body = body.key
        self.sound = sound
    }
}

/// Why ActivityKit refused a request, as `ActivityKit.ActivityAuthorizationError` (the cases WidgetTerm raises).
public enum ActivityAuthorizationError: Error, Hashable, Sendable, LocalizedError, CustomStringConvertible, Codable {
    /// The encoded attributes and content state exceed 4 KB (4096 bytes).
    case attributesTooLarge
    /// The person turned Live Activities off for the app.
    case denied
    /// The device already shows the most Live Activities it allows.
    case globalMaximumExceeded
    /// The app already has the most concurrent Live Activities it may start.
    case targetMaximumExceeded
    /// The device does not support Live Activities (an iPad or a Mac profile).
    case unsupported
    /// The activity has ended; it cannot be updated.
    case visibility

    /// ActivityKit's wording of the error.
    public var errorDescription: String? {
        switch self {
        case .attributesTooLarge: return "The provided Live Activity attributes exceeded the maximum size of 4KB."
        case .denied: return "The user disabled Live Activities for the app."
        case .globalMaximumExceeded: return "The device reached the maximum number of ongoing Live Activities."
        case .targetMaximumExceeded: return "The app has already started the maximum number of concurrent Live Activities."
        case .unsupported: return "The device does not support Live Activities."
        case .visibility: return "The Live Activity is no longer visible; it has ended."
        }
    }

    /// ActivityKit's wording of the error (`errorDescription`).
    public var description: String { errorDescription ?? "\(self)" }
}

/// `Activity.request` called with no activity host: WidgetTerm installs one (`ActivityCenter`) when it runs
/// widget code; a program that calls ActivityKit outside `widgetterm` must install one itself.
public struct ActivityHostMissingError: Error, CustomStringConvertible, Sendable {
    /// The call that needed the host, e.g. `Activity.request`.
    public let call: String
    /// What was called without a host, and how to install one.
    public var description: String {
        "\(call) needs WidgetTerm's Live Activity host, and none is installed. Run the code under widgetterm, or install one "
            + "first: ActivityCenter().install(in: HostContext.process) (module WidgetHost)."
    }
}

extension ActivityAttributes {
    /// A Live Activity preview for a `PreviewProvider`, as `ActivityAttributes.previewContext(_:viewKind:)`.
    /// `PreviewProvider` previews compile and are not listed (README, "Porting a real widget file"); use
    /// `#Preview("name", as: .content, using: attributes) { … } contentStates: { … }`, which `list`, `render`
    /// and the preview show. The view it returns draws nothing.
    public func previewContext(_ contentState: ContentState, viewKind: ActivityPreviewViewKind) -> EmptyView {
        EmptyView()
    }
}
