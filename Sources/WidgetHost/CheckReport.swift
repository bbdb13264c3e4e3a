import Foundation
import WidgetKitUI

// MARK: - check's report, for a person

/// What `widgetterm check` found, arranged for a person to act on (issue 14 item 12): by widget, then by kind
/// (the diagnostic code) with a count; what the developer can fix apart from what the system itself does
/// (`note`s); a widget with no error and no warning reads as clean. `--format json` prints the findings
/// themselves (`DiagnosticFormatter.json`), every field kept.
public struct CheckReport: Sendable {
    /// Every widget checked, in the order checked (a widget with no finding is listed too).
    public var widgets: [String]
    /// Every finding, in the order found.
    public var findings: [Diagnostic]
    /// How many surfaces (widget families × screens, Live Activity presentations) were rendered.
    public var surfaceCount: Int
    /// The kinds among `widgets` that are controls, so the status line counts them as controls.
    public var controls: Set<String>

    /// A report of `findings` over `widgets` (widgets and controls, in the order checked); `controls` says which of
    /// them are controls.
    public init(widgets: [String], findings: [Diagnostic], surfaceCount: Int, controls: Set<String> = []) {
        var seen = Set<String>()
        self.widgets = (widgets + findings.map(\.widget)).filter { seen.insert($0).inserted }
        self.findings = findings
        self.surfaceCount = surfaceCount
        self.controls = controls
    }

    /// The number of findings at `severity`.
    public func count(_ severity: Diagnostic.Severity, widget: String? = nil) -> Int {
        findings.filter { $0.severity == severity && (widget == nil || $0.widget == widget) }.count
    }

    /// True when `widget` has no error and no warning (notes are the system's, not the widget's).
    public func isClean(_ widget: String) -> Bool {
        !findings.contains { $0.widget == widget && $0.severity != .note }
    }

    /// `2 errors, 1 warning, 3 notes`: the counts that are not zero, or `clean`.
    public func counts(widget: String? = nil) -> String {
        let parts = [Diagnostic.Severity.error, .warning, .note].compactMap { severity -> String? in
            let number = count(severity, widget: widget)
            return number == 0 ? nil : Self.plural(number, severity.rawValue)
        }
        return parts.isEmpty ? "clean" : parts.joined(separator: ", ")
    }

    /// The status line: `check: 1 error, 0 warnings, 4 notes on 12 surfaces; 2 of 3 widgets clean` (`controls`,
    /// or `widgets and controls`, when controls were checked).
    public var summaryLine: String {
        let clean = widgets.filter(isClean).count
        let controlCount = widgets.filter(controls.contains).count
        let checked =
            controlCount == 0
            ? Self.plural(widgets.count, "widget")
            : controlCount == widgets.count ? Self.plural(widgets.count, "control") : "\(widgets.count) widgets and controls"
        return "check: \(Self.plural(count(.error), "error")), \(Self.plural(count(.warning), "warning")), "
            + "\(Self.plural(count(.note), "note")) on \(Self.plural(surfaceCount, "surface")); "
            + "\(clean) of \(checked) clean"
    }

    /// `--summary`: one line per widget, `water: 2 warnings, 9 notes` or `steps: clean`.
    public var summary: String {
        widgets.map { widget in
            let verdict = isClean(widget) ? "clean" + noteSummary(widget) : counts(widget: widget)
            return TerminalText.escaped("\(widget): \(verdict)") + "\n"
        }.joined()
    }

    /// ` (3 notes on what iOS does)`, ` (1 note on what the terminal cannot draw)`, both, or nothing: what a clean
    /// widget's notes are about.
    func noteSummary(_ widget: String) -> String {
        let notes = findings.filter { $0.widget == widget && $0.severity == .note }
        let preview = notes.filter { $0.origin == .preview }.count
        let system = notes.count - preview
        let parts = [
            system > 0 ? "\(Self.plural(system, "note")) on what iOS does" : nil,
            preview > 0 ? "\(Self.plural(preview, "note")) on what the terminal cannot draw" : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }

    /// The whole report: for each widget its verdict, then what to fix grouped by kind (each distinct message
    /// once, with the places it was found), then the system's own behaviour grouped by kind.
    public var text: String {
        var lines: [String] = []
        for widget in widgets {
            let mine = findings.filter { $0.widget == widget }
            let toFix = mine.filter { $0.severity != .note }
            let notes = mine.filter { $0.severity == .note }
            if toFix.isEmpty {
                lines.append("\(widget): clean" + noteSummary(widget))
            } else {
                lines.append("\(widget): \(counts(widget: widget))")
                lines.append("  to fix:")
                for (code, group) in Self.groups(toFix) {
                    let severities = [Diagnostic.Severity.error, .warning].compactMap { severity -> String? in
                        let number = group.filter { $0.severity == severity }.count
                        return number == 0 ? nil : Self.plural(number, severity.rawValue)
                    }
                    lines.append("    \(code): \(severities.joined(separator: ", "))")
                    for (finding, places) in Self.distinctMessages(group) {
                        let entry = finding.entryDate.map { " (in the entry dated \($0))" } ?? ""
                        lines.append("      \(finding.severity.rawValue)\(entry): \(finding.message)")
                        lines.append("        at \(places.joined(separator: ", "))")
                    }
                }
            }
            let systemNotes = notes.filter { $0.origin != .preview }, previewNotes = notes.filter { $0.origin == .preview }
            if !systemNotes.isEmpty { lines.append("  what iOS does (notes, nothing to fix):") }
            lines += Self.noteLines(systemNotes)
            if !previewNotes.isEmpty { lines.append("  what the terminal cannot draw as iOS does (notes, nothing to fix):") }
            lines += Self.noteLines(previewNotes)
        }
        return lines.map { TerminalText.escaped($0) + "\n" }.joined()
    }

    /// Notes grouped by code: each code's count and surfaces, with its first message as an example.
    static func noteLines(_ notes: [Diagnostic]) -> [String] {
        var lines: [String] = []
        for (code, group) in groups(notes) {
            var surfaces: [String] = []
            for finding in group {
                let place = surface(of: finding)
                if !surfaces.contains(place) { surfaces.append(place) }
            }
            lines.append("    \(code): \(plural(group.count, "note")) on \(surfaces.joined(separator: ", "))")
            lines.append("      e.g. \(group[0].message)")
        }
        return lines
    }

    /// Findings by code, in the order each code was first found, most severe group first.
    static func groups(_ findings: [Diagnostic]) -> [(String, [Diagnostic])] {
        var order: [String] = []
        var byCode: [String: [Diagnostic]] = [:]
        for finding in findings {
            if byCode[finding.code] == nil { order.append(finding.code) }
            byCode[finding.code, default: []].append(finding)
        }
        let worst = { (code: String) in byCode[code]!.map(\.severity).max()! }
        return order.enumerated()
            .sorted { (worst($0.element), -$0.offset) > (worst($1.element), -$1.offset) }
            .map { ($0.element, byCode[$0.element]!) }
    }

    /// Each distinct message (with its severity and entry) once, with every place it was found.
    static func distinctMessages(_ findings: [Diagnostic]) -> [(Diagnostic, [String])] {
        var order: [String] = []
        var first: [String: Diagnostic] = [:]
        var places: [String: [String]] = [:]
        for finding in findings {
            let key = "\(finding.severity.rawValue)|\(finding.entryDate ?? "")|\(finding.message)"
            if first[key] == nil {
                order.append(key)
                first[key] = finding
            }
            let place = place(of: finding)
            if !(places[key]?.contains(place) ?? false) { places[key, default: []].append(place) }
        }
        return order.map { (first[$0]!, places[$0]!) }
    }

    /// `systemSmall/accented/clear @8:6`, or the presentation and state of a Live Activity finding.
    static func place(of finding: Diagnostic) -> String {
        var place = surface(of: finding)
        if let position = finding.position { place += " @\(position.row):\(position.column)" }
        return place
    }

    /// `systemSmall/accented/clear`: family, mode and theme; for a Live Activity its presentation and state.
    static func surface(of finding: Diagnostic) -> String {
        let parts = [finding.family, finding.mode, finding.theme].compactMap { $0 }
        if !parts.isEmpty { return parts.joined(separator: "/") }
        let activity = [finding.values["presentation"], finding.values["state"].map { "state \($0)" }].compactMap { $0 }
        return activity.isEmpty ? "the widget" : activity.joined(separator: " ")
    }

    /// `1 error`, `2 errors`.
    static func plural(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
