import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Where a frame is shown

/// A Live Activity presentation, as ActivityKit shows it (WidgetKit `DynamicIsland`, "Displaying live
/// data with Live Activities"). Decides which taps a Live Activity honours.
public enum LiveActivityPresentation: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The Lock Screen (and StandBy, and the banner on devices without a Dynamic Island).
    case lockScreen
    /// The expanded Dynamic Island (a touch and hold on the island).
    case expanded
    /// The compact Dynamic Island: leading and trailing views beside the camera.
    case compact
    /// The minimal Dynamic Island, when two Live Activities run (attached or detached).
    case minimal

    /// The raw value (`expanded`, `compact`...), as printed in the log.
    public var description: String { rawValue }

    /// True where `Button(intent:)` and `Toggle(isOn:intent:)` act: the expanded and Lock Screen
    /// presentations only ("Adding interactivity to widgets and Live Activities").
    public var allowsControls: Bool { self == .lockScreen || self == .expanded }

    /// True where a `Link` takes priority over the presentation's `widgetURL`: the expanded and Lock
    /// Screen presentations. The compact and minimal presentations are one tap target each
    /// (docs/DECISIONS.md, 2026-11-29, taps).
    public var allowsLinks: Bool { self == .lockScreen || self == .expanded }
}

/// Where a frame is shown: a widget family on the Home or Lock Screen, or a Live Activity presentation.
public enum TapSurface: Hashable, Sendable, CustomStringConvertible {
    case widget(WidgetFamily)
    case liveActivity(LiveActivityPresentation)

    /// The family's raw value, or `Live Activity (PRESENTATION)`, as printed in the log.
    public var description: String {
        switch self {
        case .widget(let family): return family.rawValue
        case .liveActivity(let presentation): return "Live Activity (\(presentation.rawValue))"
        }
    }
}

/// Whether a kind of tap target acts, and if not, why (one sentence, for the log and diagnostics).
public enum TapPermission: Hashable, Sendable {
    case allowed
    case ignored(because: String)

    /// True when the targets act; false when they are ignored.
    public var isAllowed: Bool { self == .allowed }
}

/// The tap rules of a surface on an iOS version (`--os`), from widgetkit-facts.md §4 and ARCHITECTURE.md "Taps".
public struct TapRules: Hashable, Sendable {
    /// The widget family or Live Activity presentation the frame is shown in.
    public var surface: TapSurface
    /// The iOS major version whose rules apply (14...26).
    public var osVersion: Int

    /// The rules of `surface` on iOS `osVersion` (a major version, 14...26).
    public init(surface: TapSurface, osVersion: Int) {
        self.surface = surface
        self.osVersion = osVersion
    }

    /// The rules of a widget family.
    public init(family: WidgetFamily, osVersion: Int) {
        self.init(surface: .widget(family), osVersion: osVersion)
    }

    /// `Link`: medium and larger system families always; `systemSmall` and `accessoryRectangular` from
    /// iOS 17; never `accessoryCircular` or `accessoryInline` ("Linking to specific app scenes from your
    /// widget or Live Activity"); Live Activities in the expanded and Lock Screen presentations.
    public var links: TapPermission {
        switch surface {
        case .widget(let family):
            switch family {
            case .systemMedium, .systemLarge, .systemExtraLarge:
                return .allowed
            case .systemSmall, .accessoryRectangular:
                return osVersion >= 17
                    ? .allowed
                    : .ignored(because: "\(family) honours Link only from iOS 17; on iOS \(osVersion) the whole widget is one tap target")
            case .accessoryCircular, .accessoryInline:
                return .ignored(because: "\(family) is one tap target on every iOS version; WidgetKit never honours Link there")
            }
        case .liveActivity(let presentation):
            return presentation.allowsLinks
                ? .allowed
                : .ignored(because: "the \(presentation) presentation of a Live Activity is one tap target; only its widgetURL opens")
        }
    }

    /// `Button(intent:)` and `Toggle(isOn:intent:)`: iOS 17 and later, every family but `accessoryInline`;
    /// Live Activities in the expanded and Lock Screen presentations ("Adding interactivity to widgets and
    /// Live Activities").
    public var controls: TapPermission {
        if osVersion < 17 {
            return .ignored(
                because: "Button(intent:) and Toggle(isOn:intent:) act from iOS 17; on iOS \(osVersion) they are drawn "
                    + "but a tap goes to the widget (here #available is always true, so the iOS 17 branch is what shows)")
        }
        switch surface {
        case .widget(let family):
            return family == .accessoryInline
                ? .ignored(because: "accessoryInline is one tap target; buttons and toggles do nothing there") : .allowed
        case .liveActivity(let presentation):
            return presentation.allowsControls
                ? .allowed
                : .ignored(
                    because:
                        "Live Activities run buttons and toggles only in the expanded and Lock Screen presentations, not \(presentation)")
        }
    }

    /// The permission for one action.
    public func permission(for action: TapAction) -> TapPermission {
        switch action {
        case .link: return links
        case .intent, .toggle: return controls
        }
    }

    /// What the system passes to the app when nothing gives a URL.
    var appOpeningWithoutURL: String {
        switch surface {
        case .widget: return "an NSUserActivity naming the widget kind and family"
        case .liveActivity: return "an NSUserActivity of type NSUserActivityTypeLiveActivity"
        }
    }
}

// MARK: - Targets and outcomes

/// A link or control in a frame that a person can tap, with where it is and a short label.
public struct TapTarget: Equatable, Sendable, CustomStringConvertible {
    /// Its cells in the frame (column `x`, row `y`).
    public var rect: CellRect
    /// What the target does when tapped: open a URL, or run a button's or toggle's intent.
    public var action: TapAction
    /// The visible text inside the target (trimmed, at most 32 characters), or its kind and destination
    /// when it shows no text.
    public var label: String
    /// Its index in `Frame.tapRegions` (paint order: a higher index is on top).
    public var regionIndex: Int

    /// `Link`, `Button` or `Toggle`.
    public var kindName: String {
        switch action {
        case .link: return "Link"
        case .intent: return "Button"
        case .toggle: return "Toggle"
        }
    }

    /// Where it leads: the URL or the intent (with its parameters).
    public var destination: String {
        switch action {
        case .link(let url): return url.absoluteString
        case .intent(let intent): return intent.description
        case .toggle(let isOn, let intent): return "\(intent.description), \(isOn ? "on" : "off")"
        }
    }

    /// The cell a tap on the target lands on: its centre.
    public var center: (column: Int, row: Int) { (rect.x + max(rect.width - 1, 0) / 2, rect.y + max(rect.height - 1, 0) / 2) }

    /// `Link “Order 1042” → shop://orders/1042`.
    public var description: String { "\(kindName) “\(label)” → \(destination)" }
}

/// A target under the tap that does not act on this surface, and why.
public struct IgnoredTapTarget: Equatable, Sendable {
    /// The link or control that was tapped.
    public var target: TapTarget
    /// Why this surface ignores it, in one sentence.
    public var reason: String
}

/// What a tap does.
public enum TapEffect: Equatable, Sendable {
    /// The app opens with this URL (from a `Link` or the `widgetURL`); route it with `DeepLinkRouter`.
    case openURL(URL)
    /// `Button(intent:)`: run the intent (`IntentRunner`), then reload the widget.
    case performIntent(IntentReference)
    /// `Toggle(isOn:intent:)`: show `optimisticIsOn` at once, run the intent, reload, and snap back if the
    /// reloaded widget disagrees (`PendingToggle`).
    case toggle(intent: IntentReference, optimisticIsOn: Bool)
    /// The app opens with no URL.
    case openApp
}

/// What handled a tap.
public enum TapSource: String, Sendable {
    case link, button, toggle, widgetURL, app
}

/// The full answer to "what does a tap here do", for the UI to act on and log.
public struct TapOutcome: Equatable, Sendable {
    /// The tapped cell (0-based, in frame cells).
    public var column: Int
    /// The tapped row (0-based, in frame cells).
    public var row: Int
    /// What the tap does: open a URL, run an intent, flip a toggle, or open the app.
    public var effect: TapEffect
    /// What handled the tap: a link, button, toggle, the `widgetURL`, or the app itself.
    public var source: TapSource
    /// The link or control that took the tap; nil when the widget as a whole did.
    public var target: TapTarget?
    /// Why, in one sentence.
    public var reason: String
    /// Links and controls under the tap that this surface ignores.
    public var ignoredTargets: [IgnoredTapTarget]
    /// Findings about this tap (several widgetURLs, an ignored link or control).
    public var diagnostics: [Diagnostic]

    /// The URL the app opens with, if any.
    public var url: URL? {
        if case .openURL(let url) = effect { return url }
        return nil
    }

    /// The intent to run, if any.
    public var intent: IntentReference? {
        switch effect {
        case .performIntent(let intent), .toggle(let intent, _): return intent
        case .openURL, .openApp: return nil
        }
    }

    /// True when the tap runs an intent (after which the widget reloads).
    public var performsIntent: Bool { intent != nil }

    /// One line for the event log: `tap @row:column → what (why)`.
    public var logLine: String {
        let what: String
        switch effect {
        case .openURL(let url): what = "open \(url.absoluteString)"
        case .performIntent(let intent): what = "perform \(intent.description)"
        case .toggle(let intent, let isOn): what = "toggle \(isOn ? "on" : "off") via \(intent.description)"
        case .openApp: what = "open the app with no URL"
        }
        return "tap @\(row):\(column) → \(what) (\(reason))"
    }
}

// MARK: - Hit testing

/// Answers what a tap on a rendered frame does, following ARCHITECTURE.md "Taps": a `Button(intent:)` or
/// `Toggle(isOn:intent:)` runs its intent where the surface allows controls; a `Link` opens its URL
/// where the family and iOS version allow links; anywhere else the root `widgetURL` opens (with
/// several, the last in depth-first order, plus a warning); with none, the app opens with no URL.
/// It is a lookup in the tap regions the painter recorded, never a second walk of the tree.
public struct HitTester: Sendable {
    /// The rendered frame whose tap regions are looked up.
    public let frame: Frame
    /// The widget kind (or Live Activity name) for diagnostics.
    public let widget: String
    /// The surface and iOS version whose tap rules apply.
    public let rules: TapRules
    /// The links and controls that act here, in reading order (top to bottom, then leading to trailing):
    /// the Tab/Shift-Tab cycle.
    public let targets: [TapTarget]
    /// The links and controls this surface ignores, in reading order, with the reason.
    public let ignoredTargets: [IgnoredTapTarget]

    /// - Parameters:
    ///   - frame: The rendered frame (its `tapRegions` and `widgetURLs`).
    ///   - widget: The widget kind, used in diagnostics.
    ///   - rules: The surface and iOS version.
    public init(frame: Frame, widget: String, rules: TapRules) {
        self.frame = frame
        self.widget = widget
        self.rules = rules
        var active: [TapTarget] = []
        var ignored: [IgnoredTapTarget] = []
        for (index, region) in frame.tapRegions.enumerated() where !region.rect.isEmpty {
            let target = TapTarget(
                rect: region.rect, action: region.action, label: Self.label(of: region, in: frame.buffer),
                regionIndex: index)
            switch rules.permission(for: region.action) {
            case .allowed: active.append(target)
            case .ignored(let reason): ignored.append(IgnoredTapTarget(target: target, reason: reason))
            }
        }
        targets = active.sorted(by: Self.readingOrder)
        ignoredTargets = ignored.sorted { Self.readingOrder($0.target, $1.target) }
    }

    /// The rules of a widget family on an iOS version.
    public init(frame: Frame, widget: String, family: WidgetFamily, osVersion: Int) {
        self.init(frame: frame, widget: widget, rules: TapRules(family: family, osVersion: osVersion))
    }

    /// The `widgetURL` a tap outside every link and control opens: the last applied in depth-first order.
    public var widgetURL: URL? { frame.widgetURLs.last }

    /// What a tap at a cell does; nil when the cell is outside the frame.
    ///
    /// - Parameters:
    ///   - column: 0-based column in frame cells.
    ///   - row: 0-based row in frame cells.
    public func tap(column: Int, row: Int) -> TapOutcome? {
        guard frame.buffer.contains(column: column, row: row) else { return nil }
        let hit = targets.filter { $0.rect.contains(column: column, row: row) }.max { $0.regionIndex < $1.regionIndex }
        // Ignored targets drawn above the one that acts (or above nothing) were what the person aimed at.
        let ignored = ignoredTargets.filter {
            $0.target.rect.contains(column: column, row: row) && $0.target.regionIndex > (hit?.regionIndex ?? -1)
        }
        var result = hit.map { outcome(of: $0, column: column, row: row) } ?? fallback(column: column, row: row)
        result.ignoredTargets = ignored
        let ignoredNote = ignored.map { "\($0.target.kindName) “\($0.target.label)” ignored: \($0.reason)" }
        if !ignoredNote.isEmpty { result.reason += "; " + ignoredNote.joined(separator: "; ") }
        result.diagnostics = ignored.map { ignoredDiagnostic($0, fallback: result) } + result.diagnostics
        return result
    }

    /// What tapping a target does (Enter on the focused target), as if tapped at its centre but without
    /// anything drawn above it getting in the way.
    public func tap(_ target: TapTarget) -> TapOutcome {
        let (column, row) = target.center
        return outcome(of: target, column: column, row: row)
    }

    /// What a tap outside every link and control does (the widget as a whole).
    public func tapOutsideTargets() -> TapOutcome {
        fallback(column: 0, row: 0)
    }

    /// Findings about the frame's taps, whatever is tapped: several `widgetURL`s (warning), and each
    /// ignored link or control (error: a dead tap on a device).
    public var diagnostics: [Diagnostic] {
        let whole = tapOutsideTargets()
        return multipleWidgetURLDiagnostics() + ignoredTargets.map { ignoredDiagnostic($0, fallback: whole) }
    }

    // MARK: Outcomes

    private func outcome(of target: TapTarget, column: Int, row: Int) -> TapOutcome {
        switch target.action {
        case .link(let url):
            return TapOutcome(
                column: column, row: row, effect: .openURL(url), source: .link, target: target,
                reason: "Link “\(target.label)” on \(rules.surface), iOS \(rules.osVersion)", ignoredTargets: [], diagnostics: [])
        case .intent(let intent):
            return TapOutcome(
                column: column, row: row, effect: .performIntent(intent), source: .button, target: target,
                reason: "Button(intent:) “\(target.label)”", ignoredTargets: [], diagnostics: [])
        case .toggle(let isOn, let intent):
            return TapOutcome(
                column: column, row: row, effect: .toggle(intent: intent, optimisticIsOn: !isOn), source: .toggle,
                target: target, reason: "Toggle(isOn:intent:) “\(target.label)” turns \(isOn ? "off" : "on")",
                ignoredTargets: [], diagnostics: [])
        }
    }

    private func fallback(column: Int, row: Int) -> TapOutcome {
        guard let url = widgetURL else {
            return TapOutcome(
                column: column, row: row, effect: .openApp, source: .app, target: nil,
                reason: "no Link, control or widgetURL here; iOS hands the app \(rules.appOpeningWithoutURL)",
                ignoredTargets: [], diagnostics: [])
        }
        let count = frame.widgetURLs.count
        let reason =
            count == 1
            ? "no Link or control here: the widgetURL opens"
            : "no Link or control here: the last of \(count) widgetURLs applied opens (undefined behaviour on iOS)"
        return TapOutcome(
            column: column, row: row, effect: .openURL(url), source: .widgetURL, target: nil, reason: reason,
            ignoredTargets: [], diagnostics: multipleWidgetURLDiagnostics())
    }

    // MARK: Diagnostics

    private func multipleWidgetURLDiagnostics() -> [Diagnostic] {
        let urls = frame.widgetURLs
        guard urls.count > 1, let last = urls.last else { return [] }
        let linkAdvice: String
        switch rules.links {
        case .allowed:
            linkAdvice = "give each other destination its own Link"
        case .ignored:
            linkAdvice =
                "give each other destination its own Link where links work (systemMedium and larger; systemSmall and "
                + "accessoryRectangular from iOS 17)"
        }
        let message =
            "\(urls.count) views set .widgetURL (\(urls.map(\.absoluteString).joined(separator: ", "))). Apple calls more "
            + "than one widgetURL undefined behaviour; devices use the last one applied, \(last.absoluteString), for every tap outside "
            + "a Link or control. Keep one .widgetURL on the root view and \(linkAdvice)."
        return [
            Diagnostic(
                severity: .warning, code: "multiple-widget-urls", message: message, widget: widget, family: family,
                values: ["count": "\(urls.count)", "used": last.absoluteString])
        ]
    }

    private func ignoredDiagnostic(_ ignored: IgnoredTapTarget, fallback: TapOutcome) -> Diagnostic {
        let target = ignored.target
        let instead: String
        switch fallback.effect {
        case .openURL(let url): instead = "a tap there opens \(url.absoluteString) (the widgetURL)"
        default: instead = "a tap there opens the app with no URL"
        }
        let code = target.kindName == "Link" ? "link-ignored" : "control-ignored"
        let fix =
            target.kindName == "Link"
            ? "Use .widgetURL for a single destination here, or a family that honours links."
            : "Use a Link or .widgetURL to open the app here, or show the control in a family that runs it."
        // A control before iOS 17 is a warning: correct code guards it with #available, which is always true here.
        let severity: Diagnostic.Severity = target.kindName != "Link" && rules.osVersion < 17 ? .warning : .error
        return Diagnostic(
            severity: severity, code: code,
            message: "\(target.kindName) “\(target.label)” (\(target.destination)) does nothing: \(ignored.reason); \(instead). \(fix)",
            widget: widget, family: family,
            position: Diagnostic.Position(row: target.rect.y, column: target.rect.x))
    }

    private var family: WidgetFamily? {
        if case .widget(let family) = rules.surface { return family }
        return nil
    }

    // MARK: Labels and order

    static func readingOrder(_ lhs: TapTarget, _ rhs: TapTarget) -> Bool {
        (lhs.rect.y, lhs.rect.x, lhs.regionIndex) < (rhs.rect.y, rhs.rect.x, rhs.regionIndex)
    }

    /// The visible text inside a region: each row's text, trimmed, joined with single spaces.
    static func label(of region: TapRegion, in buffer: CellBuffer) -> String {
        let rect = region.rect.intersection(CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        var parts: [String] = []
        for row in rect.y..<rect.maxY {
            var line = ""
            for column in rect.x..<rect.maxX where !buffer[column, row].isContinuation { line += buffer[column, row].glyph.description }
            let words = line.split(whereSeparator: \.isWhitespace)
            if !words.isEmpty { parts.append(words.joined(separator: " ")) }
        }
        let text = parts.joined(separator: " ")
        if text.isEmpty {
            switch region.action {
            case .link(let url): return url.absoluteString
            case .intent(let intent), .toggle(_, let intent): return intent.title.isEmpty ? intent.typeName : intent.title
            }
        }
        return text.count > 32 ? String(text.prefix(31)) + "…" : text
    }
}
