import Foundation
import Testing
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI

@Suite("Text width in points and timers in fixed frames")
struct TextMetricsTests {
    @Test(
        "point widths of named strings, from DejaVu Sans Condensed's advance widths",
        arguments: [
            ("9:59", 17.0, false, 34.3417), ("10:00", 17, false, 44.0708), ("1:00:00", 17, false, 58.9543),
            ("Rain at 4 PM", 12, false, 67.7808), ("Hello, World", 17, true, 106.4081), ("iiii", 17, false, 17.0),
            ("WWWW", 17, false, 60.4928),
        ])
    func namedWidths(text: String, pointSize: Double, bold: Bool, expected: Double) {
        let width = TextMetrics.width(of: text, pointSize: pointSize, bold: bold)
        #expect(abs(width - expected) < 0.001, "\(text): \(width)")
    }

    @Test("the widest value a timer reaches: the whole interval, or 8 hours past a .timer date")
    func widestValues() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let short = TextContent.timerInterval(
            start: now, end: now.addingTimeInterval(9 * 60 + 59), pauseTime: nil, countsDown: true, showsHours: true)
        #expect(TimerFrameCheck.widestValue(of: short, now: now) == "9:59")
        let tenMinutes = TextContent.timerInterval(
            start: now, end: now.addingTimeInterval(600), pauseTime: nil, countsDown: true, showsHours: true)
        #expect(TimerFrameCheck.widestValue(of: tenMinutes, now: now) == "10:00")
        let hour = TextContent.timerInterval(
            start: now, end: now.addingTimeInterval(3600), pauseTime: nil, countsDown: true, showsHours: true)
        #expect(TimerFrameCheck.widestValue(of: hour, now: now) == "1:00:00")
        // A countdown shows at most what is left; a .timer date already past counts up for 8 hours.
        #expect(TimerFrameCheck.values(of: .date(now.addingTimeInterval(60), style: .timer), now: now) == ["1:00"])
        #expect(
            TimerFrameCheck.values(of: .date(now.addingTimeInterval(-60), style: .timer), now: now)
                == ["10:00", "1:00:00", "8:01:00"])
        let halfwayDown = TextContent.timerInterval(
            start: now.addingTimeInterval(-3000), end: now.addingTimeInterval(600), pauseTime: nil, countsDown: true,
            showsHours: true)
        #expect(TimerFrameCheck.values(of: halfwayDown, now: now) == ["10:00"])
        #expect(TimerFrameCheck.widestValue(of: .verbatim("9:59"), now: now) == nil)
    }

    static func timerWidget(frameWidth: CGFloat) -> WidgetDescriptor {
        ModeFixtures.widget("timer", families: [.systemSmall]) {
            Text(timerInterval: Date()...Date().addingTimeInterval(3600), countsDown: true)
                .frame(width: frameWidth)
                .containerBackground(.black, for: .widget)
        }
    }

    @Test("a timer whose widest value does not fit its fixed frame is reported, naming the value")
    func narrowFrameIsReported() throws {
        let frame = try ModeFixtures.render(Self.timerWidget(frameWidth: 40), family: .systemSmall, theme: "dark")
        #expect(
            frame.diagnostics.filter { $0.code == "timer-frame-too-narrow" }.map(\.message) == [
                "A timer in .frame(width: 40) will show \"10:00\", about 44.1 pt at 17 pt (DejaVu Sans Condensed standing in "
                    + "for SF Pro), so iOS truncates it when it gets there. Widen the frame to 59 pt or more, or shorten what the timer can reach."
            ])
        let wide = try ModeFixtures.render(Self.timerWidget(frameWidth: 64), family: .systemSmall, theme: "dark")
        #expect(wide.diagnostics.filter { $0.code == "timer-frame-too-narrow" }.isEmpty)
    }

    @Test("the samples' framed island timers fit in every presentation: the delivery's 10:00 its 50 pt, the workout's 1:00:00 its 66 pt")
    func sampleTimers() throws {
        var found: [String: [String]] = [:]
        for (kind, state) in [("delivery", 3), ("workout", 2)] {
            let descriptor = try ActivityFixtures.sample(kind)
            for presentation in ActivityPresentation.allCases {
                let island = try ActivityFixtures.render(descriptor, presentation, state: state)
                let values = island.frame.diagnostics.filter { $0.code == "timer-frame-too-narrow" }.map {
                    String($0.message.prefix { $0 != "," })
                }
                if !values.isEmpty { found["\(kind).\(presentation.argument)"] = values }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
