import Foundation
import CellLayout
import CellRender
import WidgetKitUI

// MARK: - Archived renders

/// The renders of one fetched timeline, made once when the timeline is fetched, as WidgetKit archives
/// a widget's views ahead of time. Showing the widget at any moment picks the entry whose date has
/// arrived and repaints only its live regions (system-animated text, timer progress): no widget code runs.
public struct EntryArchive: Sendable {
    /// One archived render.
    public struct Render: Sendable {
        /// The date of the timeline entry rendered, from which the render is shown.
        public var entryDate: Date
        /// The cells of the entry's render, laid out at its date.
        public var frame: Frame
    }

    /// Renders sorted by entry date.
    public let renders: [Render]
    /// The appearance the renders were made with; its `date` is not used.
    public let options: WidgetRenderOptions

    /// Evaluates every entry's body once, now (the fetch), for one family, mode and environment.
    ///
    /// - Parameter options: the appearance; its `date` is ignored (each entry is laid out at its own date).
    public init(session: WidgetSession, timeline: AnyTimeline, family: WidgetFamily, device: DeviceProfile, options: WidgetRenderOptions) {
        self.options = options
        renders = timeline.entries.sorted { $0.date < $1.date }.map { entry in
            var entryOptions = options
            entryOptions.date = entry.date
            let selection = EntrySelection(entry: entry, context: .timeline, isBeforeFirstEntry: false, timeline: timeline)
            return Render(entryDate: entry.date, frame: session.render(selection, options: entryOptions))
        }
    }

    /// The archived render shown at `date` (the latest entry whose date has arrived), nil before the first.
    public func render(at date: Date) -> Render? {
        // Binary search (renders are sorted): the preview asks at every frame, and a timeline may hold thousands.
        var low = 0, high = renders.count
        while low < high {
            let middle = (low + high) / 2
            if renders[middle].entryDate <= date { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? renders[low - 1] : nil
    }

    /// The frame shown at `date`, with its live regions repainted for that moment, and the cells that
    /// differ from the archived render.
    public func frame(at date: Date) -> (frame: Frame, changed: [CellPosition])? {
        guard let render = render(at: date) else { return nil }
        return render.frame.repaintingLiveRegions(at: date, style: options.style, format: options.format)
    }
}
