// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import Foundation
import WidgetKitUI

/// A timeline entry with a label, for the timeline, time and check tests.
public struct TimeEntry: TimelineEntry {
    /// When the entry is shown.
    public let date: Date
    /// What `ClockFaceView` writes on its first line.
    public let label: String

    /// An entry shown from `date`, labelled `label`.
    public init(date: Date, label: String) {
        self.date = date
        self.label = label
    }
}

/// A provider that answers with fixed entries and policy, each computed from the moment of the request.
public struct FixedProvider: TimelineProvider {
    /// The timeline's entries for a request made at the given moment.
    public var entries: @Sendable (Date) -> [TimeEntry]
    /// The timeline's reload policy for a request made at the given moment.
    public var policy: @Sendable (Date) -> TimelineReloadPolicy

    /// A provider answering `entries(now)` with `policy(now)`.
    public init(entries: @escaping @Sendable (Date) -> [TimeEntry], policy: @escaping @Sendable (Date) -> TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }

    /// An entry labelled "placeholder", dated now.
    public func placeholder(in context: Context) -> TimeEntry { TimeEntry(date: Date(), label: "placeholder") }
    /// An entry labelled "snapshot", dated now.
    public func getSnapshot(in context: Context, completion: @escaping (TimeEntry) -> Void) {
        completion(TimeEntry(date: Date(), label: "snapshot"))
    }
    /// The fixed entries and policy for now.
    public func getTimeline(in context: Context, completion: @escaping (Timeline<TimeEntry>) -> Void) {
        let now = Date()
        completion(Timeline(entries: entries(now), policy: policy(now)))
    }
}

/// Counts body evaluations across the process (tests that read it hold the FixedClock lock).
public final class EvaluationCounter: @unchecked Sendable {
    /// The one counter `ClockFaceView` increments.
    public static let shared = EvaluationCounter()
    private let lock = NSLock()
    private var count = 0
    /// Counts one evaluation.
    public func increment() { lock.withLock { count += 1 } }
    /// Starts again from zero.
    public func reset() { lock.withLock { count = 0 } }
    /// The evaluations counted since the last reset.
    public var value: Int { lock.withLock { count } }
}

/// The entry's label, the time, a timer an hour after the entry, and the entry's relative and offset dates.
public struct ClockFaceView: View {
    /// The entry shown.
    public let entry: TimeEntry
    /// A face for `entry`.
    public init(entry: TimeEntry) { self.entry = entry }
    /// The five lines, counting the evaluation in `EvaluationCounter.shared`.
    public var body: some View {
        EvaluationCounter.shared.increment()
        return VStack(alignment: .leading) {
            Text(entry.label)
            Text(Date(), style: .time)
            Text(entry.date.addingTimeInterval(3600), style: .timer)
            Text(entry.date, style: .relative)
            Text(entry.date, style: .offset)
        }
        .containerBackground(.background, for: .widget)
    }
}

/// A `systemMedium` widget of `kind` showing `ClockFaceView` for `provider`'s entries.
public func descriptor(kind: String, provider: FixedProvider) -> WidgetDescriptor {
    StaticConfiguration(kind: kind, provider: provider) { ClockFaceView(entry: $0) }.supportedFamilies([.systemMedium]).descriptor
}
#endif
