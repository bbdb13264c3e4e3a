import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - The event log

/// What the preview saw happen, newest last: taps, routed links, intents, reloads with their reason and the
/// budget left, and diagnostics as they happen (issue 5, the event log pane).
public struct EventLog: Sendable {
    /// The kind of an entry, which sets its colour and its tag in the pane.
    public enum Kind: String, Sendable, CaseIterable {
        case tap, route, app, intent, reload, diagnostic, clock, info
    }

    /// One line of the log.
    public struct Entry: Equatable, Sendable {
        /// The host clock when it happened.
        public var date: Date
        /// The kind of event, which sets the entry's tag and colour.
        public var kind: Kind
        /// For diagnostics: their severity (sets the colour).
        public var severity: Diagnostic.Severity?
        /// The line shown, control characters already escaped.
        public var text: String
    }

    /// The most entries kept; older ones are dropped.
    public static let capacity = 500

    /// The entries kept, oldest first; at most `capacity` of them.
    public private(set) var entries: [Entry] = []
    /// Diagnostics already logged (code and message), so a diagnostic shows once per widget appearance.
    private var seenDiagnostics: Set<String> = []

    /// Creates an empty log.
    public init() {}

    /// Adds an entry: one line, control characters escaped (`TerminalText`; texts carry names, URLs and
    /// messages from documents).
    public mutating func append(_ kind: Kind, _ text: String, at date: Date, severity: Diagnostic.Severity? = nil) {
        entries.append(Entry(date: date, kind: kind, severity: severity, text: TerminalText.escaped(text)))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    /// Adds a diagnostic (one line: severity, code, where, message), once per `scope` when `once` is true.
    public mutating func append(_ diagnostic: Diagnostic, at date: Date, scope: String = "", once: Bool = false) {
        if once {
            let key = scope + "|" + diagnostic.code + "|" + diagnostic.message
            guard seenDiagnostics.insert(key).inserted else { return }
        }
        append(.diagnostic, diagnostic.line, at: date, severity: diagnostic.severity)
    }

    /// The entries' texts, oldest first (for tests and the e2e pane checks).
    public var texts: [String] { entries.map(\.text) }
}
