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

    // MARK: Timers sized to their value

    /// The values at which a timer's digit layout changes from `now` on, in the order it shows them: on a count-up
    /// the first value of each longer layout (`10:00`, `1:00:00`, `10:00:00`), on a countdown the first value of each
    /// shorter one (`59:59`, `9:59`). Nil for content that is not a timer; empty when the layout never changes.
    ///
    /// A timer sized to its value changes width at exactly these moments (the stand-in's digits all have one
    /// width, as SF Pro's do with `.monospacedDigit()`), so a compact or minimal island around it resizes then
    /// (docs/DECISIONS.md "Compact and minimal timers resize with their digits").
    public static func resizeValues(of content: TextContent, now: Date) -> [String]? {
        // The seconds shown now, the seconds shown last, and whether the count goes up.
        let shownNow: Int, shownLast: Int, countsUp: Bool, showsHours: Bool
        switch content {
        case .timerInterval(let start, let end, _, let countsDown, let hours):
            let elapsed = min(max(0, now.timeIntervalSince(start)), max(0, end.timeIntervalSince(start)))
            let span = max(0, end.timeIntervalSince(start))
            if countsDown {
                (shownNow, shownLast) = (Int((span - elapsed).rounded(.up)), 0)
            } else {
                (shownNow, shownLast) = (Int(elapsed.rounded(.down)), Int(span.rounded(.down)))
            }
            countsUp = !countsDown
            showsHours = hours
        case .date(let date, .timer):
            let remaining = date.timeIntervalSince(now)
            if remaining > 0 {
                (shownNow, shownLast, countsUp) = (Int(remaining.rounded(.up)), 0, false)
            } else {
                (shownNow, shownLast, countsUp) = (Int(-remaining), Int(-remaining + horizon), true)
            }
            showsHours = true
        default:
            return nil
        }
        let boundaries = (showsHours ? [600, 3600, 36_000] : [600, 6000, 60_000])
        if countsUp {
            return boundaries.filter { $0 > shownNow && $0 <= shownLast }.map {
                SystemTextFormat.clock(seconds: $0, showsHours: showsHours)
            }
        }
        return boundaries.reversed().filter { $0 <= shownNow && $0 > shownLast }.map {
            SystemTextFormat.clock(seconds: $0 - 1, showsHours: showsHours)
        }
    }

    /// One `island-timer-resizes` diagnostic per timer in `node` sized to its value (`.fixedSize()`, no fixed
    /// `.frame(width:)` around it) whose width changes from `now` on, naming the values at which it does.
    /// `presentation` names where it is shown (`compact`, `minimal`).
    public static func resizeDiagnostics(in node: ViewNode, at now: Date, presentation: String) -> [ResolveDiagnostic] {
        var found: [ResolveDiagnostic] = []
        visitSized(node, sizedToValue: false, framed: false, now: now, presentation: presentation, into: &found)
        return found
    }

    private static func visitSized(
        _ node: ViewNode, sizedToValue: Bool, framed: Bool, now: Date, presentation: String, into found: inout [ResolveDiagnostic]
    ) {
        func visit(_ child: ViewNode, sized: Bool = sizedToValue, framed inFrame: Bool = framed) {
            visitSized(child, sizedToValue: sized, framed: inFrame, now: now, presentation: presentation, into: &found)
        }
        switch node {
        case .group(let children):
            for child in children { visit(child) }
        case .stack(let stack):
            for child in stack.children { visit(child) }
        case .modified(let inner, let modifier):
            switch modifier {
            case .frame(let spec) where spec.width != nil || spec.maxWidth.map(\.isFinite) == true:
                visit(inner, framed: true)
            case .fixedSize(let horizontal, _):
                visit(inner, sized: sizedToValue || horizontal)
            case .background(let extra, _), .overlay(let extra, _):
                visit(inner)
                visit(extra)
            default:
                visit(inner)
            }
        case .text(let text):
            guard sizedToValue, !framed else { return }
            for run in text.runs {
                guard let steps = resizeValues(of: run.content, now: now), !steps.isEmpty else { continue }
                let widest =
                    values(of: run.content, now: now)?.map { TextMetrics.width(of: $0, pointSize: run.font.pointSize, bold: run.isBold) }
                    .max() ?? 0
                let list = steps.map { "\"\($0)\"" }.joined(separator: steps.count == 2 ? " and " : ", ")
                found.append(
                    ResolveDiagnostic(
                        code: "island-timer-resizes",
                        message: "A timer sized to its value (.fixedSize()) in the \(presentation) presentation changes width at \(list): "
                            + "where it outgrows its slot, the Dynamic Island resizes at \(steps.count == 1 ? "that moment" : "each of those moments")"
                            + ". To hold the island steady, give it .frame(width: "
                            + "\(format(widest.rounded(.up)))).monospacedDigit(), the width of the widest value it shows."))
            }
        default:
            return
        }
    }

    /// The widest of ``values(of:now:)`` at 17 pt (nil for content that is not a timer).
    public static func widestValue(of content: TextContent, now: Date) -> String? {
        values(of: content, now: now)?.max { TextMetrics.width(of: $0, pointSize: 17) < TextMetrics.width(of: $1, pointSize: 17) }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
