import Foundation
import WidgetKitUI

// MARK: - The extension process protocol

/// The messages between the preview (which plays the system) and a widget extension process (which runs the
/// widget's code), as WidgetKit's system and extension talk on iOS.
///
/// Framing: each message is a 4-byte big-endian length followed by that many bytes of JSON, on the child's
/// standard input (requests) and a private copy of its standard output (responses); the child's own standard
/// output is pointed at its standard error, so a `print` in widget code cannot corrupt a frame. Standard error
/// is read by the parent for the reason of a death (a Swift `fatalError` prints `File.swift:LINE: Fatal error:
/// MESSAGE` there). The first exchange is `hello`: a child speaking another `version` is refused.
public enum ExtensionProtocol {
    /// The protocol version; a parent and a child built from different WidgetTerm versions refuse each other.
    public static let version = 12
    /// The environment variable that starts `WidgetTermCommand.main(bundle:)` as an extension process.
    public static let serverEnvironmentVariable = "WIDGETTERM_EXTENSION_SERVER"
    /// The largest frame accepted, in bytes (a tree with bitmaps stays far below).
    public static let maximumFrameLength = 256 << 20

    /// Writes one frame to a file descriptor.
    /// - Throws: `ExtensionProtocolError.closed` when the other side is gone.
    static func writeFrame(_ payload: Data, to descriptor: Int32) throws {
        var length = UInt32(payload.count).bigEndian
        var frame = Data(bytes: &length, count: 4)
        frame.append(payload)
        try frame.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { throw ExtensionProtocolError.closed }
                offset += written
            }
        }
    }

    /// Reads one frame; nil at the end of the stream.
    /// - Throws: `ExtensionProtocolError.badFrame` for a length over `maximumFrameLength` or a stream cut mid-frame.
    static func readFrame(from descriptor: Int32) throws -> Data? {
        guard let header = try readExactly(4, from: descriptor, atStart: true) else { return nil }
        let length = header.withUnsafeBytes { Int(UInt32(bigEndian: $0.loadUnaligned(as: UInt32.self))) }
        guard length <= maximumFrameLength else { throw ExtensionProtocolError.badFrame("a frame of \(length) bytes") }
        guard let payload = try readExactly(length, from: descriptor, atStart: false) else {
            throw ExtensionProtocolError.badFrame("the stream ended inside a frame")
        }
        return payload
    }

    private static func readExactly(_ count: Int, from descriptor: Int32, atStart: Bool) throws -> Data? {
        var data = Data(count: count)
        var offset = 0
        while offset < count {
            let got = data.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + offset, count - offset) }
            if got < 0, errno == EINTR { continue }
            if got <= 0 {
                if offset == 0 && atStart { return nil }
                throw ExtensionProtocolError.badFrame("the stream ended inside a frame")
            }
            offset += got
        }
        return data
    }
}

/// A broken conversation with an extension process.
public enum ExtensionProtocolError: Error, Equatable, CustomStringConvertible {
    /// The other side closed its end.
    case closed
    /// A frame that cannot be read.
    case badFrame(String)

    /// The problem in words, for the preview's error line.
    public var description: String {
        switch self {
        case .closed: return "the extension process closed the connection"
        case .badFrame(let what): return "unreadable message from the extension process: \(what)"
        }
    }
}

/// One request with the preview's clock and time zone, which the extension adopts before answering: widget
/// code in both processes reads the same simulated `Date()` and `TimeZone.current`.
public struct ExtensionCall: Codable, Sendable {
    /// What the extension is asked to do.
    public var request: ExtensionRequest
    /// The simulated time the preview's clock reads at the moment the request is sent, in nanoseconds since the
    /// Unix epoch: the clock's own count, so the extension's clock reads exactly the preview's. A `Date` (a `Double`
    /// of seconds since 2001) loses up to a few hundred nanoseconds on the way; with the clock paused, an entry
    /// dated `Date()` in the extension could then fall after the preview's now forever, and the tapped widget showed
    /// nothing (DECISIONS.md "The extension adopts the preview's clock to the nanosecond").
    public var nowNanoseconds: Int64
    /// Simulated seconds per real second.
    public var speed: Double
    /// Whether the preview's clock is paused (it stays at `nowNanoseconds`).
    public var isPaused: Bool
    /// The identifier of the process's default time zone (`NSTimeZone.default`, which `--timezone` and the
    /// tests set; `TimeZone.current` would be the system's, whatever the default).
    public var timeZone: String

    /// The request with this process's clock as it reads now.
    public init(_ request: ExtensionRequest) {
        self.request = request
        nowNanoseconds = HostClock.nowNanoseconds
        speed = HostClock.speed
        isPaused = HostClock.isPaused
        timeZone = NSTimeZone.default.identifier
    }

    /// Sets this process's clock and time zone to the caller's.
    func adoptClock() {
        if let zone = TimeZone(identifier: timeZone), zone != NSTimeZone.default { NSTimeZone.default = zone }
        HostClock.isPaused = isPaused
        HostClock.speed = speed
        HostClock.set(nanoseconds: nowNanoseconds)
    }
}

/// What the preview asks an extension process.
public enum ExtensionRequest: Codable, Sendable {
    /// The first message: the parent's protocol version.
    case hello(version: Int)
    /// The bundle's widgets.
    case describe
    /// `placeholder(in:)`, `getSnapshot(in:completion:)` or `getTimeline(in:completion:)` of a kind.
    case placeholder(kind: String, context: ArchivedProviderContext)
    case snapshot(kind: String, context: ArchivedProviderContext)
    case timeline(kind: String, context: ArchivedProviderContext)
    /// The body of an entry the process returned before, in an environment.
    case body(kind: String, entryID: Int, environment: ArchivedEnvironment)
    /// `perform()` of an intent of an archived tree.
    case perform(intentID: String)
    /// The scripted preview content of a Live Activity (`.widgetTermPreview(attributes:contentStates:)`) for an
    /// activity started at `start`: answered with `activityScript`.
    case activityScript(kind: String, start: Date)
    /// Every presentation of a Live Activity (Lock Screen, compact, minimal, expanded regions) for encoded
    /// attributes and content: answered with `activity`.
    case activity(kind: String, request: ArchivedActivityRequest)
    /// The preview's answer to an `activityHostCall` the extension made while answering the request before.
    case activityHostAnswer(ActivityHostAnswer)
    /// `request` (a placeholder, snapshot or timeline of an `AppIntentConfiguration` widget) with the values its
    /// parameters were given (`--param`, the Edit Widget sheet), by parameter name; unset ones take their defaults.
    indirect case configured(values: [String: String], request: ExtensionRequest)
    /// Whether `value` is a valid value of the parameter `name` of a configurable kind: answered with `parameterCheck`.
    case parameterCheck(kind: String, name: String, value: String)
    /// The choices of a parameter (enum cases, `suggestedEntities()`, a `DynamicOptionsProvider`'s results), asked
    /// anew: answered with `parameterOptions`.
    case parameterOptions(kind: String, name: String)
    /// The value a parameter has with `values` set (its default, or an entity query's `defaultResult()`, when it has
    /// none): answered with `parameterValue`.
    case parameterValue(kind: String, name: String, values: [String: String])
    /// The bundle's controls (`ControlWidget`): answered with `controls`.
    case describeControls
    /// A control's template from its value provider's `previewValue` (`current` false) or `currentValue()`
    /// (`current` true): answered with `control`.
    case controlTemplate(kind: String, current: Bool)
    /// `request` for a configurable control (`AppIntentControlConfiguration`) with the values chosen for its
    /// parameters, by name: a `controlTemplate`, or a `parameterCheck`, `parameterOptions` or `parameterValue` whose
    /// kind names the control; answered as the inner request is.
    indirect case configuredControl(values: [String: String], request: ExtensionRequest)
    /// `pushTokensDidChange(controls:)` of the push handler of the control `kind` (a new instance of its type, as iOS
    /// makes one per call), with every push-enabled control and its token: answered with `pushTokensRead`.
    case controlPushTokens(kind: String, controls: [ArchivedControlPushToken])
    /// `pushTokenDidChange(_:widgets:)` of the push handler of the widget `kind` (a new instance of its type, as iOS
    /// makes one per call), with the extension's widget token and the widgets that use the handler: answered with
    /// `pushTokensRead`.
    case widgetPushToken(kind: String, token: Data, widgets: [ArchivedWidgetInfo])
    /// Which of `tokens` widget code in the extension read from `WidgetCenter.shared.currentPushInfo` (which counts as
    /// storing the token, as in one process): answered with `pushTokensRead`.
    case widgetPushTokenReads(tokens: [Data])
}

/// One widget as `pushTokenDidChange(_:widgets:)` is told about it (`WidgetInfo`): its kind and family.
public struct ArchivedWidgetInfo: Codable, Sendable, Equatable {
    /// The widget's kind.
    public var kind: String
    /// The raw value of its `WidgetFamily`.
    public var family: String

    /// The wire form of `info`.
    public init(_ info: WidgetInfo) {
        kind = info.kind
        family = info.family.rawValue
    }

    /// The `WidgetInfo` it stands for; a family this build does not know reads as `systemSmall`.
    public var info: WidgetInfo { WidgetInfo(kind: kind, family: WidgetFamily(rawValue: family) ?? .systemSmall) }
}

/// One control as `pushTokensDidChange(controls:)` is told about it: its kind and its push token, if it has one.
public struct ArchivedControlPushToken: Codable, Sendable, Equatable {
    /// The control's kind.
    public var kind: String
    /// Its APNs token; nil until the system has one.
    public var token: Data?

    /// The control `kind` with `token`.
    public init(kind: String, token: Data?) {
        self.kind = kind
        self.token = token
    }
}

/// What an extension process answers.
public enum ExtensionResponse: Codable, Sendable {
    /// The child's protocol version and process id.
    case hello(version: Int, processID: Int32)
    case widgets([ArchivedWidget])
    /// A placeholder or snapshot entry, with what the provider reported outside a body.
    case entry(ArchivedEntry, diagnostics: [ResolveDiagnostic])
    case timeline(entries: [ArchivedEntry], policy: ArchivedReloadPolicy, diagnostics: [ResolveDiagnostic])
    /// A resolved body and what its resolution found.
    case body(tree: ViewNode, containerBackground: ViewNode?, diagnostics: [ResolveDiagnostic])
    case performed
    /// The request could not be answered (an unknown kind or entry, an intent that threw).
    case failure(String)
    /// A Live Activity's scripted preview: its encoded attributes and content states, in order, and the alert each
    /// state's update shows (nil for none).
    case activityScript(attributes: Data, contents: [EncodedActivityContent], alerts: [AlertConfiguration?])
    /// A Live Activity's presentations, resolved.
    case activity(ResolvedActivity)
    /// Not an answer: an ActivityKit call widget code made while the request is answered (an intent's
    /// `Activity.update`); the preview runs it on its `ActivityCenter`, sends `activityHostAnswer` and goes
    /// on waiting for the answer to its request.
    case activityHostCall(ActivityHostCall)
    /// Nil when the value is valid; else why not, as a single process says it (the valid values listed).
    case parameterCheck(refusal: IntentParameterError?)
    /// A parameter's choices; nil when it has none, or its query failed or took over 5 seconds.
    case parameterOptions([IntentParameterOption]?)
    /// A parameter's value; nil when it has none.
    case parameterValue(IntentParameterOption?)
    /// The bundle's controls, in its order.
    case controls([ArchivedControlWidget])
    /// A control's template, its intents archived by id.
    case control(ArchivedControl)
    /// The tokens a push handler read while `controlPushTokens` ran it (what WidgetTerm counts as sent to the server).
    case pushTokensRead([Data])
    /// Not an answer: the `WidgetCenter` and `ControlCenter` reloads widget code asked for while the request was
    /// answered, sent just before the answer (only when there are some); the preview makes them in the host
    /// context the request was sent from and goes on waiting for the answer.
    case centerReloads(CenterReloads)
}

/// A widget of the bundle as the preview needs to know it (its closures stay in the extension process).
public struct ArchivedWidget: Codable, Sendable, Equatable {
    /// The widget's `kind` string, as in its configuration.
    public var kind: String
    /// The name shown in the widget gallery (`.configurationDisplayName`).
    public var displayName: String
    /// The gallery description (`.description`).
    public var description: String
    /// Raw values of `WidgetFamily`.
    public var supportedFamilies: [String]
    /// Whether `.contentMarginsDisabled()` was applied, so the widget draws to its edges.
    public var contentMarginsDisabled: Bool
    /// The deep-link route patterns it declares (`.widgetTermRoutes`).
    public var routes: [String]
    /// True for a Live Activity (`ActivityConfiguration`).
    public var isActivity: Bool
    /// For a Live Activity: its attributes type and scripted preview; nil for a widget.
    public var activity: ArchivedActivityConfiguration? = nil
    /// For an `AppIntentConfiguration` widget: its intent's parameters, in declaration order; nil for any other.
    public var parameters: [ArchivedParameter]? = nil
    /// The name of its `.pushHandler(_:)` type (`WidgetPushHandler`); nil for a widget not updated by push.
    public var pushHandler: String? = nil
    /// Which handler that is (`WidgetDescriptor.pushHandlerID`, the fully qualified type name): the preview calls the
    /// handlers of one ID once between them, and two types of one simple name are two.
    public var pushHandlerID: String? = nil
}

/// What the preview knows of a Live Activity's configuration; its views stay in the extension process.
public struct ArchivedActivityConfiguration: Codable, Sendable, Equatable {
    /// `String(reflecting:)` of the `ActivityAttributes` type, as `Activity.request` records it.
    public var attributesType: String
    /// Whether it has scripted preview content (`.widgetTermPreview(attributes:contentStates:)`).
    public var hasPreview: Bool
    /// The presentation a `#Preview(as:)` shows (`compact`, `minimal`, `expanded`, `lockscreen`); nil for the default.
    public var previewPresentation: String?

    /// A configuration drawn for `attributesType`, with or without scripted preview content.
    public init(attributesType: String, hasPreview: Bool, previewPresentation: String? = nil) {
        self.attributesType = attributesType
        self.hasPreview = hasPreview
        self.previewPresentation = previewPresentation
    }
}

/// `ActivityResolveRequest` on the wire: the encoded attributes and content of one activity, whether it is
/// stale, its id, and the Lock Screen's environment (the Dynamic Island is resolved in dark from it).
public struct ArchivedActivityRequest: Codable, Sendable, Equatable {
    /// The attributes, as `ActivityCoding` encodes them.
    public var attributes: Data
    /// The content state, its stale date and relevance.
    public var content: EncodedActivityContent
    /// What `ActivityViewContext.isStale` says.
    public var isStale: Bool
    /// What `ActivityViewContext.activityID` says.
    public var activityID: String
    /// The Lock Screen's environment.
    public var environment: ArchivedEnvironment

    /// The wire form of `request`.
    public init(_ request: ActivityResolveRequest) {
        attributes = request.attributes
        content = request.content
        isStale = request.isStale
        activityID = request.activityID
        environment = ArchivedEnvironment(request.environment)
    }

    /// The request in the extension process.
    public var request: ActivityResolveRequest {
        ActivityResolveRequest(
            attributes: attributes, content: content, isStale: isStale, activityID: activityID,
            environment: environment.environment)
    }
}

/// An entry the extension process keeps under `id`, with what the system reads of it.
public struct ArchivedEntry: Codable, Sendable, Equatable {
    /// The extension process's handle for the entry, used to ask for its view later.
    public var id: Int
    /// The date the entry is shown from.
    public var date: Date
    /// Its Smart Stack relevance score (`TimelineEntryRelevance.score`), nil when it has none.
    public var relevanceScore: Float?
    /// How long, in seconds, the relevance score holds (`TimelineEntryRelevance.duration`), nil when it has none.
    public var relevanceDuration: TimeInterval?
}

/// `TimelineReloadPolicy` on the wire.
public enum ArchivedReloadPolicy: Codable, Sendable, Equatable {
    case atEnd
    case after(Date)
    case never

    init(_ policy: TimelineReloadPolicy) {
        switch policy {
        case .atEnd: self = .atEnd
        case .after(let date): self = .after(date)
        case .never: self = .never
        }
    }

    var policy: TimelineReloadPolicy {
        switch self {
        case .atEnd: return .atEnd
        case .after(let date): return .after(date)
        case .never: return .never
        }
    }
}

/// `TimelineProviderContext` on the wire; sizes in points.
public struct ArchivedProviderContext: Codable, Sendable, Equatable {
    /// The `WidgetFamily` raw value.
    public var family: String
    /// Whether the provider is asked for the widget gallery (`TimelineProviderContext.isPreview`).
    public var isPreview: Bool
    public var width: Double, height: Double

    init(_ context: TimelineProviderContext) {
        family = context.family.rawValue
        isPreview = context.isPreview
        width = context.displaySize.width
        height = context.displaySize.height
    }

    var context: TimelineProviderContext? {
        WidgetFamily(rawValue: family).map {
            TimelineProviderContext(family: $0, isPreview: isPreview, displaySize: CGSize(width: width, height: height))
        }
    }
}

/// The root environment a widget's body is resolved in, on the wire: what the system sets for a widget
/// (family, appearance, rendering mode, margins, locale...). Modifier-level values (font, foreground...)
/// start at their defaults in the extension, as they do at a widget's root.
public struct ArchivedEnvironment: Codable, Sendable, Equatable {
    /// The `WidgetFamily` raw value.
    public var widgetFamily: String
    /// The `ColorScheme` raw value (`light` or `dark`).
    public var colorScheme: String
    /// The `WidgetRenderingMode` raw value (`fullColor`, `accented`, `vibrant`).
    public var widgetRenderingMode: String
    /// Whether the system draws the container background (`showsWidgetContainerBackground`).
    public var showsWidgetContainerBackground: Bool
    /// The raw value of the `RedactionReasons` option set (placeholder, privacy...).
    public var redactionReasons: Int
    /// Whether the display is dimmed, as in the Always-On Lock Screen (`isLuminanceReduced`).
    public var isLuminanceReduced: Bool
    /// Points: top, leading, bottom, trailing.
    public var widgetContentMargins: [Double]
    /// The locale text and numbers are formatted for.
    public var locale: Locale
    /// The time zone dates are shown in.
    public var timeZone: TimeZone
    /// The calendar dates are computed with.
    public var calendar: Calendar
    /// The `DynamicTypeSize` raw value.
    public var dynamicTypeSize: Int
    /// Whether a Live Activity is shown full screen (StandBy).
    public var isActivityFullscreen: Bool
    /// Pixels per point of the simulated display.
    public var displayScale: Double
    /// Points.
    public var containerWidth: Double, containerHeight: Double

    /// The wire form of `environment`.
    public init(_ environment: EnvironmentValues) {
        widgetFamily = environment.widgetFamily.rawValue
        colorScheme = environment.colorScheme.rawValue
        widgetRenderingMode = environment.widgetRenderingMode.rawValue
        showsWidgetContainerBackground = environment.showsWidgetContainerBackground
        redactionReasons = environment.redactionReasons.rawValue
        isLuminanceReduced = environment.isLuminanceReduced
        let margins = environment.widgetContentMargins
        widgetContentMargins = [margins.top, margins.leading, margins.bottom, margins.trailing]
        locale = environment.locale
        timeZone = environment.timeZone
        calendar = environment.calendar
        dynamicTypeSize = environment.dynamicTypeSize.rawValue
        isActivityFullscreen = environment.isActivityFullscreen
        displayScale = environment.displayScale
        containerWidth = environment.containerSize.width
        containerHeight = environment.containerSize.height
    }

    /// The environment in the extension process; values it does not know keep their defaults.
    public var environment: EnvironmentValues {
        var environment = EnvironmentValues()
        environment.widgetFamily = WidgetFamily(rawValue: widgetFamily) ?? environment.widgetFamily
        environment.colorScheme = ColorScheme(rawValue: colorScheme) ?? environment.colorScheme
        environment.widgetRenderingMode = WidgetRenderingMode(rawValue: widgetRenderingMode) ?? environment.widgetRenderingMode
        environment.showsWidgetContainerBackground = showsWidgetContainerBackground
        environment.redactionReasons = RedactionReasons(rawValue: redactionReasons)
        environment.isLuminanceReduced = isLuminanceReduced
        if widgetContentMargins.count == 4 {
            environment.widgetContentMargins = EdgeInsets(
                top: widgetContentMargins[0], leading: widgetContentMargins[1], bottom: widgetContentMargins[2],
                trailing: widgetContentMargins[3])
        }
        environment.locale = locale
        environment.timeZone = timeZone
        environment.calendar = calendar
        environment.dynamicTypeSize = DynamicTypeSize(rawValue: dynamicTypeSize) ?? environment.dynamicTypeSize
        environment.isActivityFullscreen = isActivityFullscreen
        environment.displayScale = displayScale
        environment.containerSize = CGSize(width: containerWidth, height: containerHeight)
        return environment
    }
}
