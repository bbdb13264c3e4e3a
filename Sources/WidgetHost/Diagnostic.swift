import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Diagnostics: one format for every check

/// A finding of any check (legibility, timelines, taps, Live Activities), in the one format ARCHITECTURE.md
/// "Diagnostics" defines: severity, stable code, a message that says what and how to fix, where, and measured values.
public struct Diagnostic: Equatable, Sendable, Encodable {
    /// What a person would see on a device: `error`, unreadable or broken; `warning`, degraded; `note`, the
    /// system's own behaviour (Apple's secondary label colour, StandBy at night), nothing the developer can change.
    public enum Severity: String, Comparable, Sendable, Encodable {
        case note, warning, error
        /// Orders by seriousness: `note`, then `warning`, then `error`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
    }

    /// Who can act on a finding: the widget's `developer`; nobody because it is what the `system` does; or nobody
    /// because it is the `preview`'s own limit (cells cannot draw what iOS draws, e.g. `text-condensed`).
    public enum Origin: String, Sendable, Encodable {
        case developer, system, preview
    }

    /// A cell position in the rendered frame (0-based).
    public struct Position: Equatable, Sendable, Encodable {
        /// The row, counted from 0 at the top of the frame, in cells.
        public var row: Int
        /// The column, counted from 0 at the left of the frame, in cells.
        public var column: Int
        /// The cell at `row` and `column`, both 0-based.
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    /// How bad it is for the person looking at the widget (`Severity`).
    public var severity: Severity
    /// Stable, kebab-case.
    public var code: String
    /// What is wrong and how to fix it, in words.
    public var message: String
    /// The widget's kind.
    public var widget: String
    /// The `WidgetFamily` raw value the finding was made in, nil when it holds for every family.
    public var family: String?
    /// The `WidgetRenderingMode` raw value (`fullColor`, `accented`, `vibrant`), nil when it holds for every mode.
    public var mode: String?
    /// The theme or appearance (`light`, `dark`, a StandBy tint...), nil when it holds for every one.
    public var theme: String?
    /// The cell the finding is about, nil when it is about the whole widget.
    public var position: Position?
    /// Measured values, e.g. `ratio`, `hour`, `bytes`.
    public var values: [String: String]
    /// Who can act on it; a `note` is always the system's.
    public var origin: Origin
    /// The date (ISO 8601, UTC) of the timeline entry the finding was made in, when that entry is not the one
    /// shown at `--at` (`check` looks at every entry a timeline will show).
    public var entryDate: String?

    /// A finding with its severity, stable `code`, message and place; the origin is `system` for a note and
    /// `developer` otherwise, and no entry date is set.
    public init(
        severity: Severity, code: String, message: String, widget: String, family: WidgetFamily? = nil,
        mode: WidgetRenderingMode? = nil, theme: String? = nil, position: Position? = nil, values: [String: String] = [:]
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.widget = widget
        self.family = family?.rawValue
        self.mode = mode?.rawValue
        self.theme = theme
        self.position = position
        self.values = values
        self.origin = severity == .note ? .system : .developer
        self.entryDate = nil
    }

    /// The same finding as the system's own behaviour: a note, nothing to fix.
    public func asSystemNote() -> Diagnostic {
        var note = self
        note.severity = .note
        note.origin = .system
        return note
    }

    /// Render diagnostics that are errors though the content is still drawn: iOS shows something else than the
    /// widget (the adopt-containerBackground text; the placeholder of a provider that never answered, or whose
    /// extension process crashed or was ended at its deadline).
    public static let errorCodes: Set<String> = [
        "missing-container-background", "provider-timed-out", "empty-timeline", "extension-failed",
    ]

    /// Render diagnostics about the preview's own limits, not the widget: notes of origin `preview`.
    public static let previewCodes: Set<String> = [CondensedText.code]

    /// A diagnostic from a render (resolve, layout or paint).
    public init(
        _ resolved: ResolveDiagnostic, widget: String, family: WidgetFamily?, mode: WidgetRenderingMode? = nil, theme: String? = nil
    ) {
        let isPreview = Self.previewCodes.contains(resolved.code)
        self.init(
            severity: resolved.isFatalToRender || Self.errorCodes.contains(resolved.code) ? .error : isPreview ? .note : .warning,
            code: resolved.code, message: resolved.message, widget: widget, family: family, mode: mode, theme: theme)
        if isPreview { origin = .preview }
    }

    /// One line: `severity code widget/family/mode/theme @row:column: message {values}`, control characters
    /// (from documents, URLs and names) escaped (`TerminalText`).
    public var line: String { TerminalText.escaped(rawLine) }

    private var rawLine: String {
        var place = [widget, family, mode, theme].compactMap { $0 }.joined(separator: "/")
        if let position { place += " @\(position.row):\(position.column)" }
        let measured = values.isEmpty ? "" : " {" + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: ", ") + "}"
        let entry = entryDate.map { " (entry dated \($0))" } ?? ""
        return "\(severity.rawValue) \(code) \(place)\(entry): \(message)\(measured)"
    }
}

/// Writes diagnostics as text (one per line) or a JSON array.
public enum DiagnosticFormatter {
    /// The diagnostics as text, one `line` each, each ending in a newline; empty for none.
    public static func text(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { $0.line + "\n" }.joined()
    }

    /// The diagnostics as a pretty-printed JSON array with sorted keys; `[]` if encoding fails.
    public static func json(_ diagnostics: [Diagnostic]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(diagnostics)) ?? Data("[]".utf8)
        return TerminalText.escapedJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }
}
