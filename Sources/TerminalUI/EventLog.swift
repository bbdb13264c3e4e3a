import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - The event log

/// What the preview saw happen, in simulated-time order: taps, routed links, intents, reloads with their reason and
/// the budget left, and diagnostics as they happen (issue 5, the event log pane).
///
/// An event is logged when the preview learns of it, which can be after events of later simulated times: a clock jump
/// logs its own line, then the reloads that fell due on the way, widget by widget and family by family. Each entry is
/// therefore placed after every entry of its time or earlier, so the log reads in the order things happened on the
/// simulated clock. The clock set back (an entry of kind `clock` dated before the last entry) is the exception: it goes
/// last, and what comes after it is ordered after it, so going back does not rewrite what was shown before.
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
    /// The first index a new entry may take: the entries before it were logged before the clock was set back.
    private var orderedFrom = 0

    /// Creates an empty log.
    public init() {}

    /// Adds an entry: one line, control characters escaped (`TerminalText`; texts carry names, URLs and
    /// messages from documents), after every entry dated `date` or earlier (see the type's notes on the clock
    /// set back).
    public mutating func append(_ kind: Kind, _ text: String, at date: Date, severity: Diagnostic.Severity? = nil) {
        let entry = Entry(date: date, kind: kind, severity: severity, text: TerminalText.escaped(text))
        if kind == .clock, let last = entries.last, date < last.date {
            entries.append(entry)
            orderedFrom = entries.count
        } else {
            var index = entries.count
            while index > orderedFrom, entries[index - 1].date > date { index -= 1 }
            entries.insert(entry, at: index)
        }
        if entries.count > Self.capacity {
            let dropped = entries.count - Self.capacity
            entries.removeFirst(dropped)
            orderedFrom = max(0, orderedFrom - dropped)
        }
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
