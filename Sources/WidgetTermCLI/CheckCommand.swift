import Foundation
import CellLayout
import CellRender
import WidgetDocument
import WidgetHost
import WidgetKitUI

// MARK: - check

/// `widgetterm check [KIND...] [--family F] [--mode M] [--theme T] [--surfaces default|all] [--format text|json]`:
/// renders each widget on the surfaces iOS shows it on, runs each control (`ControlWidget`: a kind of the bundle or a
/// control document) at every placement, and prints every finding in the one diagnostic format.
/// Exit status 1 when a finding is at error level.
enum CheckCommand {
    /// The checks run on every surface, in this order. To add one, write a `WidgetCheck`
    /// (`(CheckInput) -> [Diagnostic]`, in `WidgetHost`) and list it here.
    static let checks: [WidgetCheck] = [
        SurfaceCheck.renderDiagnostics,
        LegibilityCheck.contrast,
        LegibilityCheck.hueOnly,
        LegibilityCheck.flattenedImages,
    ]

    /// The tap findings for one rendered entry on the selected iOS version (several `widgetURL`s, links or
    /// controls the family ignores, list rows linked by position); `render` reports them too.
    static func tapChecks(_ frame: Frame, kind: String, family: WidgetFamily, settings: RenderSettings) -> [Diagnostic] {
        HitTester(frame: frame, widget: kind, family: family, osVersion: settings.osVersion).diagnostics
            + DeepLinkChecks.positionalRowLinks(frame, widget: kind, family: family)
    }

    /// The timeline checks, once per family (entries at one instant, already past or too close, a reload loop, a
    /// budget spent before the day ends), from the moment the timeline is fetched.
    static func timelineChecks(
        session: WidgetSession, family: WidgetFamily, device: DeviceProfile, fetchedAt: Date, settings: RenderSettings
    ) -> [Diagnostic] {
        // The timeline checks move the host clock for the provider; put it back for the next widget.
        let now = HostClock.now
        let found = TimelineChecks.diagnostics(
            session: session, family: family, device: device, budget: ReloadBudget(), start: fetchedAt,
            timeZone: settings.timeZone)
        HostClock.set(now)
        return found
    }

    /// The entries to check for one family: the one shown at `--at` first (its findings carry no entry date),
    /// then every other entry the timeline will show, each at its own date (`WidgetSession.shownEntries`).
    static func entriesToCheck(_ current: EntrySelection, fetchedAt: Date, shownAt: Date) -> [(EntrySelection, Date?)] {
        guard current.context == .timeline, let timeline = current.timeline else { return [(current, nil)] }
        let shown = WidgetSession.shownEntries(timeline.entries, fetchedAt: fetchedAt)
        let currentIndex = shown.last { timeline.entries[$0].date <= shownAt }
        var result: [(EntrySelection, Date?)] = [(current, nil)]
        for index in shown where index != currentIndex {
            var other = current
            other.entry = timeline.entries[index]
            other.isBeforeFirstEntry = false
            other.providerDiagnostics = []
            result.append((other, max(timeline.entries[index].date, fetchedAt)))
        }
        return result
    }

    /// A finding's place for telling one fault from the same fault seen again in a later entry.
    static func faultKey(_ finding: Diagnostic) -> String {
        let position = finding.position.map { "\($0.row):\($0.column)" } ?? ""
        return [
            finding.code, finding.family ?? "", finding.mode ?? "", finding.theme ?? "", finding.values["surface"] ?? "", position,
        ].joined(separator: "|")
    }

    /// The shared flags that do not apply: check prints findings, never a picture.
    static let refusedFlags: [String: RefusedFlagReason] = [
        "color": { _ in "check prints findings, not pictures: --color does not apply; use --format text or json" },
        "colors": { _ in "check prints findings, not pictures: --colors does not apply; use --format text or json" },
    ]

    /// What `check` was asked to check: widgets (kinds or widget documents) and controls (kinds or control documents).
    static func targets(_ positionals: [String], widgets: [WidgetDescriptor], controls: [ControlDescriptor]) throws -> (
        widgets: [WidgetDescriptor], controls: [ControlDescriptor]
    ) {
        guard !positionals.isEmpty else { return (widgets, controls) }
        var chosenWidgets: [WidgetDescriptor] = []
        var chosenControls: [ControlDescriptor] = []
        for argument in positionals {
            if let control = controls.first(where: { $0.kind == argument }) {
                chosenControls.append(control)
            } else if WidgetDocument.isDocumentArgument(argument), InputFile.nonFileKind(argument) == nil,
                ControlDocument.isControlDocument(atPath: argument)
            {
                do {
                    chosenControls.append(try ControlDocument(contentsOf: argument).descriptor)
                } catch let error as DocumentError {
                    throw UsageError(error.description)
                }
            } else {
                chosenWidgets.append(try widget(named: argument, in: widgets, controls: controls))
            }
        }
        return (chosenWidgets, chosenControls)
    }

    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], controls: [ControlDescriptor] = [], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: RenderSettings.valuedFlags.union(["surfaces", "fetched-at"]), boolean: ["help", "summary"],
            refused: refusedFlags)
        if parsed.switches.contains("help") {
            output.write(Help.check)
            return 0
        }
        let settings = try RenderSettings(parsed)
        let asJSON = try parsed.choice("format", ["text": false, "json": true], default: false)
        if asJSON && parsed.switches.contains("summary") {
            throw UsageError("--summary is a view for a person; --format json keeps every finding: give one or the other")
        }
        let everySurface = try parsed.choice("surfaces", ["default": false, "all": true], default: false)
        let (checked, checkedControls) = try targets(parsed.positionals, widgets: widgets, controls: controls)
        if let at = settings.at { HostClock.set(at) }

        var themes: [String: Theme] = [:]
        func theme(_ name: String) throws -> Theme {
            if let known = themes[name] { return known }
            let resolved = try Theme.resolve(name)
            themes[name] = resolved
            return resolved
        }
        let themeArgument = parsed["theme"]
        var findings: [Diagnostic] = []
        var surfaceCount = 0
        // As iOS does when widgets and controls are placed: every push handler gets its token first (a handler serving
        // several controls hears of them at once), so widget code may read `WidgetCenter.shared.currentPushInfo`.
        let pushTokens = WidgetPushTokenService(widgets: checked, controls: checkedControls)
        pushTokens.issueWidgetToken()
        pushTokens.issueControlTokens()
        for descriptor in checked {
            if descriptor.isActivity {
                let checked = ActivityRenderCommand.check(descriptor, settings: settings)
                findings += checked.findings
                surfaceCount += checked.presentations
                continue
            }
            let session = try settings.session(for: descriptor)
            let families = settings.family == nil ? descriptor.supportedFamilies : [try settings.family(for: descriptor)]
            for family in families {
                guard
                    let device = settings.device.size(of: family) != nil
                        ? settings.device
                        : DeviceProfile.all.first(where: { $0.size(of: family) != nil })
                else { continue }
                var surfaces: [Surface]
                if everySurface {
                    surfaces = Surfaces.all(for: family).filter { surface in
                        (settings.mode.map { $0 == surface.mode } ?? true) && (themeArgument.map { $0 == surface.theme } ?? true)
                    }
                    if surfaces.isEmpty, let themeArgument {
                        surfaces = Surfaces.select(
                            for: family, mode: settings.mode, theme: themeArgument, themeMode: settings.theme?.renderingMode)
                    }
                } else {
                    surfaces = Surfaces.select(
                        for: family, mode: settings.mode, theme: themeArgument, themeMode: settings.theme?.renderingMode)
                }
                let current: EntrySelection
                var providerAnswered = true
                do {
                    current = try settings.selectEntry(session, family: family, device: device)
                } catch let error as ProviderError {
                    // What iOS keeps showing (here the placeholder) is checked, with the failure as an error.
                    current = session.failedSelection(error, family: family, device: device)
                    providerAnswered = false
                }
                // Without --fetched-at the timeline was fetched now: the moment after the provider answered, so an
                // entry it dated Date() has arrived (as `WidgetSession.selectEntry` reads it).
                let shownAt = HostClock.now
                let fetchedAt = settings.fetchedAt ?? shownAt
                var seen = Set<String>()
                for (selection, entryDate) in entriesToCheck(current, fetchedAt: fetchedAt, shownAt: shownAt) {
                    // Each entry laid out at its own date, its body evaluated at the fetch (as iOS archives them).
                    var options = settings.options(family: family, date: entryDate ?? shownAt)
                    options.device = device
                    let inputs = try settings.atFetch {
                        try SurfaceCheck.inputs(
                            session: session, selection: selection, family: family, surfaces: surfaces,
                            baseOptions: options, colorScheme: settings.isSchemeExplicit ? settings.scheme : nil,
                            theme: theme)
                    }
                    var found = SurfaceCheck.run(checks, on: inputs)
                    let frame = settings.atFetch { session.render(selection, options: options) }
                    found += tapChecks(frame, kind: descriptor.kind, family: family, settings: settings)
                    for var finding in found where seen.insert(faultKey(finding)).inserted {
                        finding.entryDate = entryDate.map { $0.formatted(.iso8601) }
                        findings.append(finding)
                    }
                    if entryDate == nil { surfaceCount += inputs.count }
                }
                if providerAnswered {
                    findings += timelineChecks(session: session, family: family, device: device, fetchedAt: fetchedAt, settings: settings)
                }
            }
        }
        // Controls: the value provider's `currentValue()`, the template it gives, at every placement.
        for control in checkedControls {
            let result = ControlChecks.run(control)
            findings += result.findings
            surfaceCount += result.placements
        }
        // A push handler that never read its token cannot have sent it to its server (Apple, "Updating widgets with
        // WidgetKit push notifications"): push-token-not-stored. Read through `currentPushInfo` while checking counts.
        findings += pushTokens.diagnostics()
        let report = CheckReport(
            widgets: checked.map(\.kind) + checkedControls.map(\.kind), findings: findings, surfaceCount: surfaceCount,
            controls: Set(checkedControls.map(\.kind)))
        if asJSON {
            output.write(DiagnosticFormatter.json(findings))
        } else {
            output.write(parsed.switches.contains("summary") ? report.summary : report.text)
        }
        errors.write("widgetterm: \(report.summaryLine)\n")
        return report.count(.error) > 0 ? 1 : 0
    }
}
