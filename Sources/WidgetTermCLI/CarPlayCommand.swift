import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

// MARK: - carplay

/// `widgetterm carplay KIND|FILE... [--state N]`: CarPlay (iOS 26). Widgets go on the widgets screen: one to three
/// `systemSmall` widgets side by side on black, full colour with their container backgrounds removed, as StandBy
/// draws them (the HIG's rendering table). A Live Activity goes on the dashboard: its `.small` family when it declares
/// `supplementalActivityFamilies([.small])`, else its compact leading and trailing views, with the warning
/// `activity-without-small-family` (docs/DECISIONS.md, "CarPlay").
enum CarPlayCommand {
    /// Columns between two widgets.
    static let gap = 2
    /// The most widgets one widgets screen shows here.
    static let maximumWidgets = 3

    /// The shared flags that do not apply: CarPlay shows systemSmall widgets (and an activity's small family) in
    /// full colour on black, in its own look.
    static let refusedFlags: [String: RefusedFlagReason] = {
        var refused: [String: RefusedFlagReason] = [
            "family": {
                "carplay shows systemSmall widgets and a Live Activity's small family, and takes no --family \($0); use "
                    + "render KIND --family \($0)"
            }
        ]
        for flag in ["theme", "mode", "scheme"] {
            refused[flag] = {
                "carplay draws in full colour on black, as CarPlay does, so --\(flag) \($0) does not apply; use render KIND "
                    + "--\(flag) \($0)"
            }
        }
        return refused
    }()

    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: RenderSettings.valuedFlags.union(["state"]), boolean: ["help"], refused: refusedFlags)
        if parsed.switches.contains("help") {
            output.write(Help.carPlay)
            return 0
        }
        guard !parsed.positionals.isEmpty else {
            throw UsageError("carplay shows widgets and Live Activities as CarPlay does: give widget kinds, activities or documents")
        }
        let settings = try RenderSettings(parsed)
        let format = try OutputFormat(parsed, environment: environment, isTerminal: output.isTerminal)
        guard format.kind == .text || format.kind == .ansi else { throw UsageError("carplay writes --format text or ansi") }
        let stateNumber = try parsed.integer("state", in: 1...999, default: 1)
        let descriptors = try parsed.positionals.map { try widget(named: $0, in: widgets) }
        let shownWidgets = descriptors.filter { !$0.isActivity }
        let activities = descriptors.filter(\.isActivity)
        guard shownWidgets.count <= maximumWidgets else {
            throw UsageError("carplay shows at most \(maximumWidgets) widgets side by side; give fewer")
        }
        if let at = settings.at { HostClock.set(at) }
        let now = HostClock.now
        var findings: [Diagnostic] = []
        var sections: [String] = []

        if !shownWidgets.isEmpty {
            let (screen, widgetFindings) = try widgetsScreen(shownWidgets, settings: settings, date: now)
            findings += widgetFindings
            let theme = Theme.builtIn(.dark)
            sections.append(
                "CarPlay widgets (full colour, backgrounds removed): \(shownWidgets.map(\.kind).joined(separator: ", "))\n"
                    + format.encode(Frame(buffer: screen), widget: "carplay", family: .systemSmall, theme: theme))
        }
        for descriptor in activities {
            let (text, activityFindings) = try activityCard(descriptor, state: stateNumber, settings: settings, date: now, format: format)
            findings += activityFindings
            sections.append(text)
        }
        output.write(sections.joined(separator: "\n"))
        errors.write(DiagnosticFormatter.text(findings))
        return findings.contains { $0.severity == .error } ? 1 : 0
    }

    /// The widgets screen: each widget's `systemSmall` in full colour, container background removed, on black.
    static func widgetsScreen(_ descriptors: [WidgetDescriptor], settings: RenderSettings, date: Date) throws -> (
        CellBuffer, [Diagnostic]
    ) {
        let theme = Theme.builtIn(.dark)
        return try SmallWidgetsOnBlack.screen(
            descriptors, name: \.kind, descriptor: { $0 }, location: .carPlay,
            style: SmallWidgetsOnBlack.onBlack(theme.paintStyle(mode: .fullColor, colorScheme: .dark)), mode: .fullColor,
            removesContainerBackground: true, settings: settings, date: date, gap: gap)
    }

    /// The dashboard's Live Activity card: the activity's scripted state `state`, started at `date`.
    static func activityCard(
        _ descriptor: WidgetDescriptor, state: Int, settings: RenderSettings, date: Date, format: OutputFormat
    ) throws -> (String, [Diagnostic]) {
        let facet = descriptor.activity!
        let center = ActivityCenter(now: { date })
        let id = try ActivityRenderCommand.play(descriptor, in: center, state: state, start: date)
        let snapshot = center.snapshot(id: id)!
        let theme = Theme.builtIn(.dark)
        let options = IslandRenderOptions(
            device: settings.device, style: theme.paintStyle(mode: .fullColor, colorScheme: .dark), date: date, format: settings.format)
        let resolved: ResolvedActivity
        do { resolved = try ActivityRendering.resolve(snapshot, with: facet, options: options, forCarPlay: true) } catch {
            throw UsageError("\(error)")
        }
        let (frame, isClipped) = CarPlayActivityRenderer.render(resolved, options: options)
        var findings = frame.diagnostics.map { Diagnostic($0, widget: descriptor.kind, family: nil) }
        let hasSmall = resolved.small != nil
        if !hasSmall {
            findings.append(
                Diagnostic(
                    severity: .warning, code: "activity-without-small-family",
                    message: "\(descriptor.kind) declares no small family, so CarPlay shows its compact leading and trailing views; "
                        + "add .supplementalActivityFamilies([.small]) and lay out for @Environment(\\.activityFamily) == .small",
                    widget: descriptor.kind, family: nil))
        }
        if isClipped {
            let size = CarPlayActivityRenderer.cardSize()
            findings.append(
                Diagnostic(
                    severity: .warning, code: "content-clipped",
                    message: "\(descriptor.kind) does not fit CarPlay's \(size.width) × \(size.height) cells "
                        + "(\(CarPlayActivityRenderer.smallSize.width) × \(CarPlayActivityRenderer.smallSize.height) pt): it is cut off",
                    widget: descriptor.kind, family: nil))
        }
        // The preview's heading (A), so both say the same: `delivery · state 3/4 · ActivityFamily.small`.
        let states = try ActivityScript.contents(of: descriptor, startingAt: date).count
        let heading =
            CarPlayActivityRenderer.heading(kind: descriptor.kind, state: "state \(state)/\(states)", hasSmallFamily: hasSmall) + "\n"
        return (heading + format.encode(frame, widget: descriptor.kind, family: .systemSmall, theme: theme), findings)
    }
}
