import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Timers in fixed-width frames

/// Finds timer texts inside a fixed-width frame that a value the timer will reach does not fit.
///
/// A `.timer` text grows as its digits do (`9:59` → `10:00` → `1:00:00`). Measured in points with SF Pro's
/// stand-in (`TextMetrics`), the widest value the timer reaches is compared with the frame's width; a wider value
/// is truncated on iOS when the timer gets there (docs/DECISIONS.md "Text width in points").
public enum TimerFrameCheck {
    /// How far ahead a `Text(date, style: .timer)` is followed: 8 hours, the longest a Live Activity stays
    /// active (after its date such a timer counts up without end).
    public static let horizon: TimeInterval = 8 * 3600

    /// One `timer-frame-too-narrow` diagnostic per timer text in `node` that will show a value wider than the
    /// innermost `.frame(width:)` (or `maxWidth`) around it, naming the first such value.
    public static func diagnostics(in node: ViewNode, at now: Date) -> [ResolveDiagnostic] {
        var found: [ResolveDiagnostic] = []
        visit(node, frameWidth: nil, now: now, into: &found)
        return found
    }

    private static func visit(_ node: ViewNode, frameWidth: Double?, now: Date, into found: inout [ResolveDiagnostic]) {
        switch node {
        case .group(let children):
            for child in children { visit(child, frameWidth: frameWidth, now: now, into: &found) }
        case .stack(let stack):
            for child in stack.children { visit(child, frameWidth: frameWidth, now: now, into: &found) }
        case .modified(let inner, let modifier):
            var width = frameWidth
            if case .frame(let spec) = modifier, let fixed = spec.width ?? spec.maxWidth, fixed.isFinite { width = fixed }
            visit(inner, frameWidth: width, now: now, into: &found)
            if case .background(let extra, _) = modifier { visit(extra, frameWidth: frameWidth, now: now, into: &found) }
            if case .overlay(let extra, _) = modifier { visit(extra, frameWidth: frameWidth, now: now, into: &found) }
        case .text(let text):
            guard let frameWidth else { return }
            for run in text.runs {
                guard let values = values(of: run.content, now: now) else { continue }
                let measured = values.map { ($0, TextMetrics.width(of: $0, pointSize: run.font.pointSize, bold: run.isBold)) }
                guard let first = measured.first(where: { $0.1 > frameWidth + 0.5 }) else { continue }
                let widest = measured.map(\.1).max() ?? first.1
                found.append(
                    ResolveDiagnostic(
                        code: "timer-frame-too-narrow",
                        message: "A timer in .frame(width: \(format(frameWidth))) will show \"\(first.0)\", about \(format(first.1)) pt "
                            + "at \(format(run.font.pointSize)) pt (DejaVu Sans Condensed standing in for SF Pro), so iOS truncates it "
                            + "when it gets there. Widen the frame to \(format(widest.rounded(.up))) pt or more, or shorten what the timer can reach."
                    ))
            }
        default:
            return
        }
    }

    /// The values whose width matters among those a timer shows from `now` on, in the order it shows them
    /// (smallest first): the first value of each longer digit layout it reaches (`10:00`, `1:00:00`,
    /// `10:00:00`) and its largest value. Nil for content that is not a timer.
    ///
    /// A countdown shows at most what is left now (`Text(timerInterval:)` counting down, or a `.timer` date still
    /// ahead, which a widget's next entry replaces at the date). A count-up runs to the end of its interval, and
    /// a `.timer` date already past counts up for ``horizon``.
    public static func values(of content: TextContent, now: Date) -> [String]? {
        let seconds: Int
        let showsHours: Bool
        switch content {
        case .timerInterval(let start, let end, _, let countsDown, let hours):
            let span = countsDown ? end.timeIntervalSince(max(now, start)) : end.timeIntervalSince(start)
            seconds = Int(max(0, span).rounded(.up))
            showsHours = hours
        case .date(let date, .timer):
            let remaining = date.timeIntervalSince(now)
            seconds = Int((remaining > 0 ? remaining : -remaining + horizon).rounded(.up))
            showsHours = true
        default:
            return nil
        }
        var reached = [600, 3600, 36_000].filter { $0 < seconds }
        reached.append(seconds)
        return reached.map { SystemTextFormat.clock(seconds: $0, showsHours: showsHours) }
    }

    /// The widest of ``values(of:now:)`` at 17 pt (nil for content that is not a timer).
    public static func widestValue(of content: TextContent, now: Date) -> String? {
        values(of: content, now: now)?.max { TextMetrics.width(of: $0, pointSize: 17) < TextMetrics.width(of: $1, pointSize: 17) }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
