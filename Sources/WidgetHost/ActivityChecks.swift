import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Live Activity checks

/// One scripted state of a Live Activity rendered in every presentation: what the activity checks look at.
public struct ActivityCheckInput: Sendable {
    /// The activity's kind (`delivery`).
    public var kind: String
    /// 1-based number of the scripted state.
    public var stateNumber: Int
    /// The activity with the state's content.
    public var snapshot: ActivitySnapshot
    /// Its views, resolved.
    public var resolved: ResolvedActivity
    /// The presentations as rendered; a presentation the state does not show is absent.
    public var frames: [ActivityPresentation: IslandFrame]
    /// The device's island and Lock Screen sizes in cells.
    public var geometry: IslandGeometry
    /// Device, appearance, date and text format of the renders.
    public var options: IslandRenderOptions

    /// An input with every field given.
    public init(
        kind: String, stateNumber: Int, snapshot: ActivitySnapshot, resolved: ResolvedActivity,
        frames: [ActivityPresentation: IslandFrame], geometry: IslandGeometry, options: IslandRenderOptions
    ) {
        self.kind = kind
        self.stateNumber = stateNumber
        self.snapshot = snapshot
        self.resolved = resolved
        self.frames = frames
        self.geometry = geometry
        self.options = options
    }

    /// A finding about this activity, in the one diagnostic format: the presentation and state in `values`.
    public func diagnostic(
        _ severity: Diagnostic.Severity, code: String, message: String, presentation: ActivityPresentation?,
        position: Diagnostic.Position? = nil, values: [String: String] = [:]
    ) -> Diagnostic {
        var measured = values
        if let presentation { measured["presentation"] = presentation.argument }
        measured["state"] = "\(stateNumber)"
        return Diagnostic(severity: severity, code: code, message: message, widget: kind, position: position, values: measured)
    }
}

/// A Live Activity check: findings for one scripted state, in the one diagnostic format.
public typealias ActivityCheck = @Sendable (ActivityCheckInput) -> [Diagnostic]

/// The checks `widgetterm check` runs on Live Activities (issue 6 §5), and the walk over their scripted states.
public enum ActivityChecks {
    /// Every check, in the order findings are printed.
    public static let all: [ActivityCheck] = [renderDiagnostics] + designChecks

    /// Every check but the render's own diagnostics (which `render` prints from the frame).
    public static let designChecks: [ActivityCheck] = [
        payloadSize, compactTimerWidth, compactTimerPastHour, islandTimerWidths, compactTooWide, minimalIdentifiesApp, minimalTooWide,
        expandedTooTall, lockScreenTooTall, taps,
    ]

    // MARK: iOS version

    /// The first iOS major version whose newest release runs Live Activities: ActivityKit came with iOS 16.1, and
    /// `--os 16` stands for the newest iOS 16 (docs/DECISIONS.md "#if and #available as iOS sees them").
    public static let firstActivityOSVersion = 16

    /// `activity-needs-ios-16-1` when `osVersion` (the `--os` or the preview's `o` choice) is below iOS 16.1, where
    /// ActivityKit does not exist: `Activity.request` cannot be called there (Apple's ActivityKit documentation marks it
    /// iOS 16.1+), so nothing shows on the Lock Screen or in the Dynamic Island. Nil from iOS 16 on.
    public static func osVersionFinding(kind: String, osVersion: Int) -> Diagnostic? {
        guard osVersion < firstActivityOSVersion else { return nil }
        return Diagnostic(
            severity: .error, code: "activity-needs-ios-16-1",
            message: "\(kind) is a Live Activity, and Live Activities need iOS 16.1 or later (ActivityKit); on iOS \(osVersion) "
                + "Activity.request is not available, so nothing shows on the Lock Screen or in the Dynamic Island. "
                + "Use --os 16 or later, and guard the request with if #available(iOS 16.1, *) in an app that supports iOS \(osVersion).",
            widget: kind, values: ["os": "\(osVersion)", "minimum": "16.1"])
    }

    /// The first iOS major version whose newest release takes a start push: `Activity.pushToStartToken` and
    /// `pushToStartTokenUpdates` are iOS 17.2+ (Apple's ActivityKit documentation), and `--os 17` stands for the newest
    /// iOS 17.
    public static let firstPushToStartOSVersion = 17

    /// `push-to-start-needs-ios-17-2` when `osVersion` is below iOS 17.2: there is no push-to-start token to send a
    /// start push to, so APNs cannot start `kind`'s Live Activity (the app has to call `Activity.request`). Nil from
    /// iOS 17 on.
    public static func pushToStartFinding(kind: String, osVersion: Int) -> Diagnostic? {
        guard osVersion < firstPushToStartOSVersion else { return nil }
        return Diagnostic(
            severity: .error, code: "push-to-start-needs-ios-17-2",
            message: "a start push needs iOS 17.2 or later, where ActivityKit gives push-to-start tokens "
                + "(Activity.pushToStartToken); on iOS \(osVersion) there is no token to send it to, so \(kind) does not start. "
                + "Use --os 17 or later, or start the activity from the app with Activity.request and update it by push.",
            widget: kind, values: ["os": "\(osVersion)", "minimum": "17.2"])
    }

    // MARK: Running

    /// Plays every scripted state of `descriptor` (started at `start`, each shown at `start`), renders every
    /// presentation and runs `checks` on each state. Findings repeated by several states are reported once.
    /// - Returns: the findings; a script that cannot play is one finding saying why.
    public static func run(
        _ descriptor: WidgetDescriptor, device: DeviceProfile, style: PaintStyle, format: SystemTextFormat,
        startingAt start: Date, checks: [ActivityCheck] = all
    ) -> [Diagnostic] {
        guard let activity = descriptor.activity else { return [] }
        let options = IslandRenderOptions(device: device, style: style, date: start, format: format)
        guard let geometry = IslandGeometry(device: device, metric: options.metric) else {
            return [
                Diagnostic(
                    severity: .note, code: "activity-unsupported-device",
                    message: "\(device.name) has no Live Activity metrics here; check on iphone-430 or iphone-393",
                    widget: descriptor.kind)
            ]
        }
        let contents: [EncodedActivityContent]
        let attributes: Data
        do {
            contents = try ActivityScript.contents(of: descriptor, startingAt: start)
            attributes = try activity.preview!.attributes(start)
        } catch {
            return [
                Diagnostic(
                    severity: .note, code: "activity-no-preview",
                    message: "\(error) so WidgetTerm cannot render it to check it.", widget: descriptor.kind)
            ]
        }
        var findings: [Diagnostic] = []
        var seen = Set<String>()
        for (index, content) in contents.enumerated() {
            let record = ActivityRecord(
                id: "check-\(index + 1)", attributesType: activity.attributesType, attributes: attributes,
                content: content, activityState: .active)
            let snapshot = ActivitySnapshot(
                record: record, requestDate: start, lastUpdateDate: start,
                endDate: start.addingTimeInterval(ActivityCenter.activeLifetime), isEndedBySystem: true,
                dismissalDate: start.addingTimeInterval(ActivityCenter.activeLifetime + ActivityCenter.lockScreenLifetimeAfterEnd),
                dismissalPolicy: nil, isStale: content.staleDate.map { start >= $0 } ?? false)
            let input: ActivityCheckInput
            do {
                input = try self.input(
                    kind: descriptor.kind, stateNumber: index + 1, snapshot: snapshot, activity: activity,
                    geometry: geometry, options: options)
            } catch {
                findings.append(
                    Diagnostic(
                        severity: .error, code: "activity-render-failed", message: "\(error)", widget: descriptor.kind,
                        values: ["state": "\(index + 1)"]))
                continue
            }
            for finding in checks.flatMap({ $0(input) }) {
                var key = finding
                key.values["state"] = nil
                if seen.insert("\(key.code)|\(key.message)|\(key.values.sorted { $0.key < $1.key })").inserted { findings.append(finding) }
            }
        }
        return findings
    }

    /// Renders a snapshot in every presentation as a check input (minimal alone, attached).
    /// - Throws: `ActivityRenderError` when the views do not decode or the device has no island metrics.
    public static func input(
        kind: String, stateNumber: Int, snapshot: ActivitySnapshot, activity: ActivityDescriptor,
        geometry: IslandGeometry, options: IslandRenderOptions
    ) throws -> ActivityCheckInput {
        let resolved = try ActivityRendering.resolve(snapshot, with: activity, options: options)
        var frames: [ActivityPresentation: IslandFrame] = [:]
        for presentation in ActivityPresentation.allCases {
            frames[presentation] = IslandRenderer.render(resolved, presentation: presentation, options: options)
        }
        return ActivityCheckInput(
            kind: kind, stateNumber: stateNumber, snapshot: snapshot, resolved: resolved, frames: frames,
            geometry: geometry, options: options)
    }

    // MARK: The checks

    /// What resolving the views found (a backwards date range, an unknown symbol...).
    public static let renderDiagnostics: ActivityCheck = { input in
        input.resolved.diagnostics.map { resolved in
            let base = Diagnostic(resolved, widget: input.kind, family: nil)
            return input.diagnostic(base.severity, code: base.code, message: base.message, presentation: nil)
        }
    }

    /// Encoded attributes plus content state over 4 KB: ActivityKit refuses the request or drops the update.
    public static let payloadSize: ActivityCheck = { input in
        let bytes = ActivityCenter.payloadSize(attributes: input.snapshot.record.attributes, content: input.snapshot.record.content)
        guard bytes > ActivityCenter.maximumPayloadBytes else { return [] }
        let attributeBytes = input.snapshot.record.attributes.count
        return [
            input.diagnostic(
                .error, code: "activity-content-too-large",
                message: "The encoded attributes (\(attributeBytes) bytes) and content state (\(bytes - attributeBytes) bytes) of state "
                    + "\(input.stateNumber) take \(bytes) bytes; ActivityKit allows 4 KB (\(ActivityCenter.maximumPayloadBytes) bytes) and refuses "
                    + "more with ActivityAuthorizationError.attributesTooLarge: Activity.request throws and an update is dropped. Send ids and "
                    + "short values; keep images and long text in the app.",
                presentation: nil, values: ["bytes": "\(bytes)", "limit": "\(ActivityCenter.maximumPayloadBytes)"])
        ]
    }

    /// A ticking timer in a compact slot with no fixed width: it takes all the width offered and the island grows
    /// (field report 1).
    public static let compactTimerWidth: ActivityCheck = { input in
        guard let frame = input.frames[.compact] else { return [] }
        var findings: [Diagnostic] = []
        for (slot, node) in [
            ("compactLeading", input.resolved.island.compactLeading), ("compactTrailing", input.resolved.island.compactTrailing),
        ] {
            for timer in TimerFinder.timers(in: node) where timer.frameColumns(metric: input.options.metric) == nil {
                let grew = frame.islandRect.width > input.geometry.compactWidth
                let effect =
                    grew
                    ? "so the Dynamic Island grows from \(input.geometry.compactWidth) to \(frame.islandRect.width) columns, towards the screen edges"
                    : "so the island's edge moves as the digits change"
                findings.append(
                    input.diagnostic(
                        .warning, code: "compact-timer-without-fixed-width",
                        message:
                            "\(slot): the ticking timer \(timer.description) has no fixed width. Timer text takes all the width it is offered, "
                            + "\(effect). Give it a fixed width and equal-width digits, as Apple's sample does: "
                            + ".frame(width: 50).monospacedDigit() (with .multilineTextAlignment(.center) or .trailing to keep it by the camera).",
                        presentation: .compact, position: Diagnostic.Position(row: frame.islandRect.y, column: frame.islandRect.x),
                        values: [
                            "islandColumns": "\(frame.islandRect.width)", "expectedColumns": "\(input.geometry.compactWidth)",
                            "slot": slot,
                        ]))
            }
        }
        return findings
    }

    /// A compact timer whose value will not fit its width during the activity's 8 hours: typically once it shows
    /// hours (`compact-timer-too-narrow-past-hour`), or already (`compact-timer-too-narrow`).
    public static let compactTimerPastHour: ActivityCheck = { input in
        var findings: [Diagnostic] = []
        let metric = input.options.metric
        let start = input.options.date
        let lifeEnd = input.snapshot.endDate
        for (slot, node) in [
            ("compactLeading", input.resolved.island.compactLeading), ("compactTrailing", input.resolved.island.compactTrailing),
        ] {
            for timer in TimerFinder.timers(in: node) {
                let available = timer.frameColumns(metric: metric) ?? input.geometry.maximumCompactSideColumns
                // The first minute from now to the end of the activity's life at which the value no longer fits.
                var moment = start
                var overflow: (Date, String)?
                while moment <= lifeEnd {
                    let text = timer.text(at: moment, format: input.options.format)
                    if DisplayWidth.of(text) > available {
                        overflow = (moment, text)
                        break
                    }
                    moment = moment.addingTimeInterval(60)
                }
                guard let (date, text) = overflow else { continue }
                let minutes = Int(date.timeIntervalSince(start) / 60)
                let when = minutes == 0 ? "from the start" : "after \(minutes / 60) h \(minutes % 60) min"
                let showsHours = text.filter { $0 == ":" }.count > 1
                findings.append(
                    input.diagnostic(
                        .warning, code: showsHours ? "compact-timer-too-narrow-past-hour" : "compact-timer-too-narrow",
                        message:
                            "\(slot): the timer \(timer.description) will read \(text) \(when) (\(DisplayWidth.of(text)) columns), wider "
                            + "than the \(available) columns it has; the Dynamic Island cuts it. Size the frame for "
                            + (showsHours ? "hours" : "its widest value")
                            + " (.frame(width: \(Int((Double(DisplayWidth.of(text)) * metric.pointsPerColumn).rounded(.up)))) holds \(text))"
                            + (showsHours ? ", or show minutes only with Text(timerInterval:..., showsHours: false)." : "."),
                        presentation: .compact,
                        values: [
                            "slot": slot, "columns": "\(DisplayWidth.of(text))", "availableColumns": "\(available)",
                            "at": date.formatted(.iso8601),
                        ]))
            }
        }
        return findings
    }

    /// The timer findings the island renderer puts on each presentation's frame, the ones `render` prints: a
    /// compact or minimal timer sized to its value whose width changes as its digits grow, resizing the island
    /// (`island-timer-resizes`), and a timer in a `.frame(width:)` that a value it reaches does not fit
    /// (`timer-frame-too-narrow`), with the render's wording and severity, in every presentation (the island's three
    /// and the Lock Screen's; only compact and minimal resize).
    public static let islandTimerWidths: ActivityCheck = { input in
        var findings: [Diagnostic] = []
        for presentation in ActivityPresentation.allCases {
            guard let frame = input.frames[presentation] else { continue }
            for found in frame.frame.diagnostics where islandTimerCodes.contains(found.code) {
                let severity = Diagnostic(found, widget: input.kind, family: nil).severity
                findings.append(input.diagnostic(severity, code: found.code, message: found.message, presentation: presentation))
            }
        }
        return findings
    }

    /// The codes of the island renderer's timer findings that `islandTimerWidths` reports.
    static let islandTimerCodes: Set<String> = ["island-timer-resizes", "timer-frame-too-narrow"]

    /// Compact content wider than the island can grow (past the expanded width): cut at the island's edge.
    public static let compactTooWide: ActivityCheck = { input in
        guard let frame = input.frames[.compact], frame.isClipped else { return [] }
        let wanted = max(frame.leadingColumns, frame.trailingColumns)
        return [
            input.diagnostic(
                .warning, code: "compact-content-clipped",
                message: "The compact content asks for \(wanted) columns beside the camera; the island grows at most to the expanded width "
                    + "(\(input.geometry.maximumCompactSideColumns) columns a side) and cuts the rest. Use shortened units and less precise "
                    + "values in the compact presentation (HIG).",
                presentation: .compact, values: ["columns": "\(wanted)", "maximumColumns": "\(input.geometry.maximumCompactSideColumns)"])
        ]
    }

    /// A minimal view that does not say whose it is: only a ring or bar, no glyph or text.
    public static let minimalIdentifiesApp: ActivityCheck = { input in
        let content = ContentInventory(input.resolved.island.minimal)
        guard !content.identifiesApp else { return [] }
        let shows = content.hasGauge ? "only a progress ring" : (content.isEmpty ? "nothing" : "no glyph and no words")
        return [
            input.diagnostic(
                .warning, code: "minimal-does-not-identify-app",
                message: "The minimal view shows \(shows): beside another app's activity nothing says which app it belongs to. Put your "
                    + (content.hasGauge
                        ? "app's glyph in it (an Image(systemName:) inside the ring, e.g. as the gauge's currentValueLabel)."
                        : "app's glyph in it (an Image(systemName:)), or a word that names it."),
                presentation: .minimal)
        ]
    }

    /// Minimal content wider than 45 pt: cut.
    public static let minimalTooWide: ActivityCheck = { input in
        guard let frame = input.frames[.minimal], frame.isClipped else { return [] }
        return [
            input.diagnostic(
                .warning, code: "minimal-content-clipped",
                message: "The minimal view asks for \(frame.leadingColumns) columns; it is at most 45 pt "
                    + "(\(input.geometry.minimalColumns.upperBound) columns) wide, and the rest is cut. Show one glyph or a short value.",
                presentation: .minimal,
                values: ["columns": "\(frame.leadingColumns)", "maximumColumns": "\(input.geometry.minimalColumns.upperBound)"])
        ]
    }

    /// Expanded content taller than 160 pt.
    public static let expandedTooTall: ActivityCheck = { input in
        guard let frame = input.frames[.expanded], frame.isClipped else { return [] }
        return [
            input.diagnostic(
                .warning, code: "expanded-too-tall",
                message:
                    "The expanded presentation asks for \(frame.contentRows) rows (about \(points(frame.contentRows, input)) pt); it is at most "
                    + "160 pt (\(input.geometry.heightRows.upperBound) rows) tall and the bottom is cut. Use fewer lines in the bottom region.",
                presentation: .expanded, values: ["rows": "\(frame.contentRows)", "maximumRows": "\(input.geometry.heightRows.upperBound)"])
        ]
    }

    /// A Lock Screen view taller than 160 pt: the system truncates it.
    public static let lockScreenTooTall: ActivityCheck = { input in
        guard let frame = input.frames[.lockScreen], frame.isClipped else { return [] }
        return [
            input.diagnostic(
                .warning, code: "lock-screen-too-tall",
                message:
                    "The Lock Screen view is \(frame.contentRows) rows (about \(points(frame.contentRows, input)) pt) tall; iOS truncates a "
                    + "Live Activity taller than 160 pt (\(input.geometry.heightRows.upperBound) rows), so its last "
                    + "\(frame.contentRows - input.geometry.heightRows.upperBound) rows are cut. Show less, or move detail into the app.",
                presentation: .lockScreen,
                values: [
                    "rows": "\(frame.contentRows)", "maximumRows": "\(input.geometry.heightRows.upperBound)",
                    "points": "\(points(frame.contentRows, input))",
                ])
        ]
    }

    /// Links and controls a presentation ignores (buttons in compact and minimal; links outside expanded and Lock Screen).
    public static let taps: ActivityCheck = { input in
        var findings: [Diagnostic] = []
        for presentation in ActivityPresentation.allCases {
            guard let island = input.frames[presentation] else { continue }
            // Only this activity's part of the frame (the minimal pair also holds the other activity).
            var frame = island.frame
            if let own = island.activityRects.first, island.activityRects.count > 1 {
                frame.tapRegions = frame.tapRegions.filter { own.intersection($0.rect) == $0.rect }
                frame.widgetURLs = island.activityURLs.first.flatMap { $0.map { [$0] } } ?? []
            }
            let rules = TapRules(surface: .liveActivity(LiveActivityPresentation(presentation)), osVersion: 26)
            for found in HitTester(frame: frame, widget: input.kind, rules: rules).diagnostics {
                findings.append(
                    input.diagnostic(
                        found.severity, code: found.code, message: found.message, presentation: presentation,
                        position: found.position, values: found.values))
            }
        }
        return findings
    }

    static func points(_ rows: Int, _ input: ActivityCheckInput) -> Int {
        Int((Double(rows) * input.options.metric.pointsPerRow).rounded())
    }
}

extension LiveActivityPresentation {
    /// The tap rules' name for a rendered presentation.
    public init(_ presentation: ActivityPresentation) {
        switch presentation {
        case .compact: self = .compact
        case .minimal: self = .minimal
        case .expanded: self = .expanded
        case .lockScreen: self = .lockScreen
        }
    }
}

// MARK: - Looking inside resolved views

/// A timer-style text found in a tree, with the fixed frame around it, if any.
struct FoundTimer {
    var text: TextNode
    /// The nearest enclosing fixed width, in points.
    var frameWidth: Double?

    func frameColumns(metric: CellMetric) -> Int? { frameWidth.map { metric.columns($0) } }

    /// What it shows at `date`.
    func text(at date: Date, format: SystemTextFormat) -> String {
        text.runs.map { format.string(for: $0.content, at: date) }.joined()
    }

    var description: String {
        for run in text.runs {
            switch run.content {
            case .date(_, let style) where style == .timer: return "Text(_, style: .timer)"
            case .timerInterval: return "Text(timerInterval:)"
            default: continue
            }
        }
        return "Text"
    }
}

enum TimerFinder {
    /// Every greedy (timer-style) text in `node` with the width of its nearest fixed frame.
    static func timers(in node: ViewNode, frameWidth: Double? = nil) -> [FoundTimer] {
        switch node {
        case .text(let text): return text.isGreedy ? [FoundTimer(text: text, frameWidth: frameWidth)] : []
        case .group(let children): return children.flatMap { timers(in: $0, frameWidth: frameWidth) }
        case .stack(let stack): return stack.children.flatMap { timers(in: $0, frameWidth: frameWidth) }
        case .gauge(let gauge):
            return [gauge.label, gauge.currentValueLabel, gauge.minimumValueLabel, gauge.maximumValueLabel].flatMap {
                timers(in: $0, frameWidth: frameWidth)
            }
        case .modified(let content, let modifier):
            var width = frameWidth
            if case .frame(let spec) = modifier {
                if let fixed = spec.width { width = fixed } else if let maximum = spec.maxWidth, maximum.isFinite { width = maximum }
            }
            var found = timers(in: content, frameWidth: width)
            switch modifier {
            case .background(let extra, _), .overlay(let extra, _): found += timers(in: extra, frameWidth: width)
            default: break
            }
            return found
        case .empty, .image, .shape, .spacer, .divider: return []
        }
    }
}

/// What kinds of content a tree shows, for the minimal check.
struct ContentInventory {
    var hasImage = false
    var hasText = false
    var hasGauge = false
    var isEmpty = true

    init(_ node: ViewNode) { visit(node) }

    /// A glyph or words say whose activity it is; a ring, a number or a timer alone does not.
    var identifiesApp: Bool { hasImage || hasText }

    private mutating func visit(_ node: ViewNode) {
        switch node {
        case .empty, .spacer: break
        case .text(let text):
            isEmpty = false
            // Words can name the app; a number or a timer alone cannot.
            let hasWords = text.runs.contains { run in
                if case .verbatim(let string) = run.content { return string.contains { $0.isLetter } }
                return false
            }
            if hasWords && !text.isRedacted { hasText = true }
        case .image(let image):
            isEmpty = false
            if !image.isRedacted { hasImage = true }
        case .shape, .divider: isEmpty = false
        case .gauge(let gauge):
            isEmpty = false
            hasGauge = true
            for label in [gauge.label, gauge.currentValueLabel, gauge.minimumValueLabel, gauge.maximumValueLabel] { visit(label) }
        case .group(let children): for child in children { visit(child) }
        case .stack(let stack): for child in stack.children { visit(child) }
        case .modified(let content, let modifier):
            visit(content)
            switch modifier {
            case .background(let extra, _), .overlay(let extra, _): visit(extra)
            default: break
            }
        }
    }
}
