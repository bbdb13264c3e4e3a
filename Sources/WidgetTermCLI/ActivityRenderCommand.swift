import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetDocument
import WidgetKitUI

// MARK: - render ACTIVITY

/// `widgetterm render ACTIVITY --presentation compact|minimal|expanded|lockscreen [--state N] [--started T] [--at T]`:
/// plays the activity's scripted content states into an activity center (requested at `--started`, updated through
/// state N), then renders the presentation as it looks at `--at`. `RenderCommand` hands activities to it.
enum ActivityRenderCommand {
    /// The flags only Live Activities take.
    static let flags: Set<String> = ["presentation", "state", "started", "with"]

    /// What `widgetterm list` prints after an activity's kind.
    static let listing = "Live Activity: " + ActivityPresentation.allCases.map(\.argument).joined(separator: " ")

    /// The Live Activity part of `render --help`.
    static let help = """
        Live Activities (marked in widgetterm list): widgetterm render ACTIVITY [--presentation P] [--state N]
          [--started T] [--with ACTIVITY] [--at T] [--device D] [--scheme S] [--format F]
          --presentation P  compact, minimal, expanded or lockscreen (default compact; a #Preview's own view kind)
          --state N         the Nth of the activity's scripted content states, 1-based (default 1)
          --started T       when the activity was requested: ISO 8601, or a time before --at such as -90m, -2h,
                            -45s, -9m59s, -1h30m (default: --at). A later --at shows it stale after its stale date, ended by the
                            system after 8 h (gone from the island) and dismissed from the Lock Screen 4 h later.
          --with ACTIVITY   minimal only: a second activity (its first state), detached beside the island
        """

    /// Fails when a widget is given a Live Activity flag.
    static func rejectFlags(_ parsed: ParsedArguments, widget: WidgetDescriptor) throws {
        if let flag = flags.sorted().first(where: { parsed[$0] != nil }) {
            throw UsageError("--\(flag) applies to Live Activities; \(widget.kind) is a widget (it takes --family)")
        }
    }

    static func run(
        _ parsed: ParsedArguments, activity descriptor: WidgetDescriptor, widgets: [WidgetDescriptor], settings: RenderSettings,
        isPNG: Bool = false, environment: [String: String], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let kind = descriptor.kind
        if settings.family != nil {
            throw UsageError("\(kind) is a Live Activity: it takes --presentation compact|minimal|expanded|lockscreen, not --family")
        }
        if settings.mode != nil { throw UsageError("\(kind) is a Live Activity: it renders in full colour; --mode applies to widgets") }
        let presentation =
            try parsed["presentation"].map { raw -> ActivityPresentation in
                guard let presentation = ActivityPresentation(argument: raw) else {
                    throw UsageError(
                        "unknown --presentation \(raw); valid presentations: \(ActivityPresentation.allCases.map(\.argument).joined(separator: ", "))"
                    )
                }
                return presentation
            } ?? descriptor.activity?.preview?.presentation.flatMap(ActivityPresentation.init(argument:))
            ?? .compact
        let stateNumber = try parsed.integer("state", in: 1...999, default: 1)
        if parsed["format"] == "tree" {
            throw UsageError("--format tree prints a widget's view tree; \(kind) is a Live Activity: use text, ansi, json or svg")
        }
        let outputFormat = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal && parsed["output"] == nil)
        guard let geometry = IslandGeometry(device: settings.device) else {
            let phones = DeviceProfile.all.filter { $0.island != nil }.map(\.name).joined(separator: ", ")
            throw UsageError("\(settings.device.name) has no Live Activity sizes here; devices with them: \(phones)")
        }

        if let at = settings.at { HostClock.set(at) }
        let at = HostClock.now
        let started = try parsed["started"].map { try startDate($0, before: at, timeZone: settings.timeZone) } ?? at
        guard started <= at else {
            throw UsageError(
                "--started \(started.formatted(.iso8601)) is after the moment shown (\(at.formatted(.iso8601))); start it earlier")
        }
        let clock = ScriptClock(started)
        let center = ActivityCenter(now: { clock.date })
        let id = try play(descriptor, in: center, state: stateNumber, start: started)
        var second: (id: String, descriptor: WidgetDescriptor)?
        if let other = parsed["with"] {
            guard presentation == .minimal else {
                throw UsageError("--with shows a second activity in the minimal presentation; add --presentation minimal")
            }
            let otherDescriptor = try widget(named: other, in: widgets)
            guard otherDescriptor.isActivity else { throw UsageError("--with \(other): \(other) is a widget, not a Live Activity") }
            second = (try play(otherDescriptor, in: center, state: 1, start: started), otherDescriptor)
        }
        clock.date = at

        let snapshot = center.snapshot(id: id)!
        let style = paintStyle(settings)
        let options = IslandRenderOptions(device: settings.device, style: style, date: at, format: settings.format)
        let island: IslandFrame
        let resolved: ResolvedActivity
        do {
            try ActivityRendering.checkVisible(snapshot, kind: kind, in: presentation)
            resolved = try ActivityRendering.resolve(snapshot, with: descriptor.activity!, options: options)
            let detached = try second.map { other -> (ActivitySnapshot, ActivityDescriptor) in
                let otherSnapshot = center.snapshot(id: other.id)!
                try ActivityRendering.checkVisible(otherSnapshot, kind: other.descriptor.kind, in: presentation)
                return (otherSnapshot, other.descriptor.activity!)
            }
            island = try ActivityRendering.render(resolved, presentation: presentation, detached: detached, options: options)
        } catch let error as ActivityRenderError {
            throw UsageError(error.description)
        }

        // --output (and --format png, the SVG converted) as for widgets: the picture to the file, findings to stderr.
        try PictureOutput.write(
            encode(island, kind: kind, stateNumber: stateNumber, format: outputFormat, style: options.islandStyle(for: presentation)),
            isPNG: isPNG, parsed: parsed, environment: environment, output: output, errors: errors)
        if snapshot.activityState != .active {
            errors.write(
                "widgetterm: note: \(kind) is \(snapshot.activityState) at \(at.formatted(.iso8601))"
                    + (snapshot.isStale ? "; its views get isStale == true" : "")
                    + (snapshot.activityState == .ended
                        ? "; the Lock Screen shows it until \(snapshot.dismissalDate.formatted(.iso8601))" : "")
                    + "\n")
        }
        var findings = island.frame.diagnostics.map { Diagnostic($0, widget: kind, family: nil) }
        let inTheFrame = Set(findings.map { "\($0.code)|\($0.message)" })
        if let tooOld = ActivityChecks.osVersionFinding(kind: kind, osVersion: settings.osVersion) { findings.insert(tooOld, at: 0) }
        let input = ActivityCheckInput(
            kind: kind, stateNumber: stateNumber, snapshot: snapshot, resolved: resolved,
            frames: [presentation: island], geometry: geometry, options: options)
        let rendered = Set(findings.map { "\($0.code)|\($0.message)" })
        findings += ActivityChecks.designChecks.flatMap { $0(input) }.filter {
            ($0.values["presentation"] == nil || $0.values["presentation"] == presentation.argument)
                && !rendered.contains("\($0.code)|\($0.message)") // the frame's own timer findings, already listed
        }
        // JSON output carries the frame's own findings; the others (the iOS version, design checks) go to standard error
        // in every format, so a status of 1 always comes with its reason.
        for finding in findings where outputFormat.kind != .json || !inTheFrame.contains("\(finding.code)|\(finding.message)") {
            errors.write("widgetterm: \(finding.severity.rawValue): [\(finding.code)] \(TerminalText.escaped(finding.message))\n")
        }
        return findings.contains { $0.severity == .error } ? 1 : 0
    }

    /// `widgetterm check` on a Live Activity: every scripted state in every presentation, started at `--at` (or now),
    /// on `--device` (or the default iPhone when it has no Live Activity sizes).
    /// - Returns: the findings and how many presentations were rendered per state.
    static func check(_ descriptor: WidgetDescriptor, settings: RenderSettings) -> (findings: [Diagnostic], presentations: Int) {
        let device = settings.device.island != nil ? settings.device : DeviceProfile.default
        let findings = ActivityChecks.run(
            descriptor, device: device, style: paintStyle(settings), format: settings.format,
            startingAt: HostClock.now)
        let tooOld = ActivityChecks.osVersionFinding(kind: descriptor.kind, osVersion: settings.osVersion)
        return ((tooOld.map { [$0] } ?? []) + findings, ActivityPresentation.allCases.count)
    }

    /// `widgetterm gallery` on a Live Activity: its first scripted state in every presentation, indented like families;
    /// a presentation that cannot be shown is one line saying why.
    /// Every presentation of `descriptor`, each encoded in `format`, for `gallery`; a presentation the device
    /// cannot show, or an activity that cannot start, is a note in place of a frame.
    static func gallery(_ descriptor: WidgetDescriptor, settings: RenderSettings, format: OutputFormat) -> [GalleryItem] {
        let now = HostClock.now
        let center = ActivityCenter(now: { now })
        let options = IslandRenderOptions(device: settings.device, style: paintStyle(settings), date: now, format: settings.format)
        var items: [GalleryItem] = []
        do {
            let id = try ActivityScript.start(descriptor, in: center, startingAt: now)
            let snapshot = center.snapshot(id: id)!
            let resolved = try ActivityRendering.resolve(snapshot, with: descriptor.activity!, options: options)
            for presentation in ActivityPresentation.allCases {
                guard let island = try? ActivityRendering.render(resolved, presentation: presentation, options: options) else {
                    items.append(
                        GalleryItem(
                            kind: descriptor.kind, label: presentation.argument,
                            note: "\(settings.device.name) has no Live Activity sizes"))
                    continue
                }
                let encoded = encode(
                    island, kind: descriptor.kind, stateNumber: 1, format: format, style: options.islandStyle(for: presentation))
                items.append(GalleryItem(kind: descriptor.kind, label: presentation.argument, encoded: encoded))
            }
        } catch {
            items.append(GalleryItem(kind: descriptor.kind, label: "activity", note: "\(error)"))
        }
        return items
    }

    /// Requests the activity with its first scripted state at `start` and updates it through state `number`.
    static func play(_ descriptor: WidgetDescriptor, in center: ActivityCenter, state number: Int, start: Date) throws -> String {
        do {
            return try ActivityScript.start(descriptor, in: center, state: number, startingAt: start)
        } catch let error as ActivityScriptError {
            throw UsageError(error.message)
        } catch let error as ActivityAuthorizationError {
            throw UsageError("\(descriptor.kind): ActivityKit refused the scripted activity: \(error.description)")
        }
    }

    /// `--started`: an ISO 8601 date, or a duration before `at` with one or more amounts and units, as widget
    /// documents write them (`-90m`, `-2h`, `-45s`, `-1d`, `-9m59s`, `-1h30m`).
    static func startDate(_ text: String, before at: Date, timeZone: TimeZone) throws -> Date {
        if text.hasPrefix("-") {
            guard let offset = DocumentDates.relativeOffset(text) else {
                throw UsageError(
                    "--started \(text): use amounts with s, m, h or d after a minus sign (e.g. -90m, -9m59s, -1h30m), or an ISO 8601 date")
            }
            let started = at.addingTimeInterval(offset)
            guard SupportedDates.contains(started) else { throw DateArgument.outOfRange(text, flag: "started") }
            return started
        }
        guard DateArgument.date(text, timeZone: timeZone) != nil else {
            throw UsageError("--started \(text) is neither a time before --at (-90m, -2h) nor an ISO 8601 date such as 2026-11-29T09:00")
        }
        return try DateArgument.parse(text, timeZone: timeZone, flag: "started")
    }

    /// The Lock Screen appearance: the theme's palette in full colour (Live Activities are never tinted); with no
    /// `--theme` the terminal's background shows around the presentation, as for widgets.
    static func paintStyle(_ settings: RenderSettings) -> PaintStyle {
        if let theme = settings.theme {
            return theme.paintStyle(mode: .fullColor, colorScheme: settings.isSchemeExplicit ? settings.scheme : nil)
        }
        return settings.style(for: .systemMedium)
    }

    static func encode(_ island: IslandFrame, kind: String, stateNumber: Int, format: OutputFormat, style: PaintStyle) -> String {
        switch format.kind {
        case .text, .ansi:
            return format.encode(island.frame, widget: kind, family: .systemSmall)
        case .svg:
            // The review picture widgets get: the Lock Screen card and the island's rounded shapes are drawn with
            // real curves, not the terminal's quadrant-block steps (the frame is the backdrop, so no clip).
            let isDark = style.colorScheme == .dark
            let review = SVGReviewStyle(
                backdrop: style.surface ?? style.surfaceForBlending, defaultForeground: isDark ? RGB(255, 255, 255) : RGB(0, 0, 0),
                cornerRadius: nil,
                idPrefix: String("a-\(kind)-\(island.presentation.argument)".map { $0.isLetter || $0.isNumber ? $0 : "-" }))
            // The island is a capsule whose ends the terminal steps with quadrant blocks, or outlines with
            // box-drawing lines in its keyline tint: recorded as a shape so that the review encoder draws them as
            // curves (and the keyline as a stroke).
            var frame = island.frame
            if island.presentation != .lockScreen {
                for rect in [island.islandRect, island.detachedRect].compactMap({ $0 })
                where rect.height > 1 && frame.buffer.contains(column: rect.x, row: rect.y) {
                    let corner = frame.buffer[rect.x, rect.y]
                    guard let foreground = corner.foreground else { continue }
                    let isKeyline = corner.glyph == "╭"
                    frame.shapes.append(
                        PaintedShape(
                            kind: .capsule, rect: rect, fill: isKeyline ? IslandRenderer.islandColor : foreground,
                            stroke: isKeyline ? foreground : nil))
                }
            }
            return SVGEncoder.encodeForReview(
                frame, style: review, title: "\(kind) \(island.presentation.argument) state \(stateNumber)")
        case .json:
            // The frame document widgets use, with the presentation in place of the family, and the island's cells.
            let document = FrameJSONEncoder.encode(island.frame, widget: kind, family: .systemSmall)
            guard var object = (try? JSONSerialization.jsonObject(with: Data(document.utf8))) as? [String: Any] else { return document }
            object["family"] = nil
            object["presentation"] = island.presentation.argument
            object["state"] = stateNumber
            let rect = island.islandRect
            object["island"] = ["row": rect.y, "column": rect.x, "width": rect.width, "height": rect.height]
            if let detached = island.detachedRect {
                object["detachedIsland"] = ["row": detached.y, "column": detached.x, "width": detached.width, "height": detached.height]
            }
            guard
                let data = try? JSONSerialization.data(
                    withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            else { return document }
            return TerminalText.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n"
        }
    }
}

/// The time the scripted activity's center reads: the start while it is played, then the moment shown.
final class ScriptClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ date: Date) { value = date }
    var date: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

extension IslandRenderOptions {
    /// The style a presentation is painted in: the island's dark style, or the Lock Screen's.
    func islandStyle(for presentation: ActivityPresentation) -> PaintStyle {
        presentation == .lockScreen ? style : islandStyle
    }
}
