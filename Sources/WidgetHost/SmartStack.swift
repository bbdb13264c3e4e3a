import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Smart Stack rotation by relevance

/// One widget in a simulated Smart Stack: its kind and the entries of its timeline with their relevance.
public struct SmartStackMember: Sendable {
    /// One entry's date and relevance (`TimelineEntry.relevance`).
    public struct Entry: Sendable {
        /// The date the entry is shown from.
        public var date: Date
        /// Its relevance score and duration (seconds), nil when it has none.
        public var relevance: TimelineEntryRelevance?
        /// An entry shown from `date` with `relevance`.
        public init(date: Date, relevance: TimelineEntryRelevance?) {
            self.date = date
            self.relevance = relevance
        }
    }

    /// The widget's kind.
    public var kind: String
    /// The entries, in any order.
    public var entries: [Entry]

    /// A member of kind `kind`; the entries are sorted by date.
    public init(kind: String, entries: [Entry]) {
        self.kind = kind
        self.entries = entries.sorted { $0.date < $1.date }
    }

    /// The highest score of any entry, nil when no entry has a score above 0. Apple: a score counts
    /// "compared to other entries in the current and past timelines" of the same widget.
    public var highestScore: Float? {
        entries.compactMap { $0.relevance?.score }.filter { $0 > 0 }.max()
    }

    /// The relevance in effect at `date`: that of the latest entry whose window holds it. An entry's window runs from
    /// its date for `duration` seconds, or until the next entry's date when `duration` is 0 (DECISIONS.md).
    public func relevance(at date: Date) -> (entry: Entry, fraction: Double)? {
        guard let highest = highestScore else { return nil }
        for (index, entry) in entries.enumerated().reversed() where entry.date <= date {
            guard let relevance = entry.relevance, relevance.score > 0 else { continue }
            let end =
                relevance.duration > 0
                ? entry.date.addingTimeInterval(relevance.duration)
                : index + 1 < entries.count ? entries[index + 1].date : Date.distantFuture
            if date < end { return (entry, Double(relevance.score / highest)) }
        }
        return nil
    }

    /// The moments its relevance can change: each entry's date and the end of each window.
    var changes: [Date] {
        entries.flatMap { entry -> [Date] in
            guard let relevance = entry.relevance, relevance.duration > 0 else { return [entry.date] }
            return [entry.date, entry.date.addingTimeInterval(relevance.duration)]
        }
    }
}

/// The widget a Smart Stack shows from a moment on, and why.
public struct SmartStackRotation: Equatable, Sendable {
    /// The moment the widget comes on top (or, for the first rotation, the start of the simulation).
    public var date: Date
    /// The kind of the widget on top from `date`.
    public var kind: String
    /// Why, in words: its score and share of its highest score, the widgets it is ahead of, or that none is relevant
    /// at `date` ("now": a later rotation may bring one up).
    public var reason: String
    /// A rotation to the widget `kind` at `date`, explained by `reason`.
    public init(date: Date, kind: String, reason: String) {
        self.date = date
        self.kind = kind
        self.reason = reason
    }
}

/// Simulates Smart Rotate in an iPhone or iPad Home Screen stack (docs/DECISIONS.md, "Smart Stack"): at each
/// moment the widget whose current entry is most relevant, as a fraction of the highest score its own timeline
/// gives, is on top; a score of 0 or less is not relevant; on a tie, or with nothing relevant, the stack stays
/// where it is (at first: the top widget).
public enum SmartStack {
    /// The rotations from `start` to `end`: the first line says what is on top at `start`, each later one a change.
    public static func rotations(_ members: [SmartStackMember], from start: Date, until end: Date) -> [SmartStackRotation] {
        guard let first = members.first else { return [] }
        let moments = Set([start] + members.flatMap(\.changes).filter { $0 > start && $0 < end }).sorted()
        var shown = first.kind
        var rotations: [SmartStackRotation] = []
        for moment in moments {
            let scored = members.compactMap { member in member.relevance(at: moment).map { (member, $0.entry, $0.fraction) } }
            let best = scored.map(\.2).max()
            var kind = shown
            var reason: String
            if let best {
                let leaders = scored.filter { $0.2 == best }
                let leader = leaders.first { $0.0.kind == shown } ?? leaders[0]
                kind = leader.0.kind
                let score = leader.1.relevance?.score ?? 0
                reason = "most relevant: score \(format(score)) = \(percent(leader.2)) of its highest \(format(leader.0.highestScore ?? 0))"
                let others = scored.filter { $0.0.kind != kind }.map { "\($0.0.kind) \(percent($0.2))" }
                reason += others.isEmpty ? "; no other widget is relevant now" : "; ahead of \(others.joined(separator: ", "))"
                if leaders.count > 1 { reason += " (a tie: the stack stays)" }
            } else {
                reason = "top of the stack: no widget is relevant now (no relevance, or a score of 0 or less)"
            }
            if rotations.isEmpty || kind != shown {
                rotations.append(SmartStackRotation(date: moment, kind: kind, reason: reason))
            }
            shown = kind
        }
        return rotations
    }

    /// `relevance-never-changes` (warning): a widget gives every entry the same score (two entries or more), so
    /// the Smart Stack cannot tell when it matters.
    public static func checks(_ member: SmartStackMember) -> [Diagnostic] {
        let scores = member.entries.compactMap { $0.relevance?.score }
        guard scores.count >= 2, Set(scores).count == 1, let score = scores.first else { return [] }
        return [
            Diagnostic(
                severity: .warning, code: "relevance-never-changes",
                message: "every entry of \(member.kind) has relevance score \(format(score)): the Smart Stack cannot tell when it "
                    + "matters more, so relevance never rotates it up. Score entries by what they show (higher near an event, "
                    + "0 when nothing is happening).",
                widget: member.kind, values: ["entries": "\(scores.count)", "score": format(score)])
        ]
    }

    static func format(_ score: Float) -> String {
        score.rounded() == score ? String(Int(score)) : String(format: "%.2f", Double(score))
    }

    static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
}
