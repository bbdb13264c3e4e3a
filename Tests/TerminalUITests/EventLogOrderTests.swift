import Foundation
import Testing
@testable import TerminalUI
import WidgetHost
import WidgetKitUI

private struct JumpEntry: TimelineEntry {
    let date: Date
}

/// Entries now, in 30 minutes and in an hour; the small widget asks to reload 25 minutes on, the medium one 10.
private struct JumpProvider: TimelineProvider {
    func placeholder(in context: Context) -> JumpEntry { JumpEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (JumpEntry) -> Void) { completion(JumpEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<JumpEntry>) -> Void) {
        let start = Date()
        let entries = (0..<3).map { JumpEntry(date: start.addingTimeInterval(Double($0) * 1800)) }
        let reload = start.addingTimeInterval(context.family == .systemSmall ? 1500 : 600)
        completion(Timeline(entries: entries, policy: .after(reload)))
    }
}

private let jumpWidget = StaticConfiguration(kind: "jump", provider: JumpProvider()) { entry in
    Text(entry.date, style: .time).containerBackground(Color.white, for: .widget)
}
.supportedFamilies([.systemSmall, .systemMedium])
.descriptor

/// The event log after the clock jumps over reloads: the reloads that fell due on the way were logged after the
/// jump's own line and family by family (the small widget's 10:06 reload before the medium one's 09:51), so the
/// log read out of simulated-time order.
@Suite struct EventLogOrderTests {
    @Test("a jump over several reloads lists them in simulated-time order, each with its time, before the jump's line")
    func jumpOverReloads() {
        FixedClock.run {
            let preview = InMemoryPreview([jumpWidget], height: 60)
            preview.app.renderFrame()
            // Entry 3 of the focused small widget: an hour on, past both families' reloads.
            preview.app.handle(.key(.character("3")))
            preview.app.renderFrame()
            let entries = preview.app.log.entries
            #expect(entries.map(\.date) == entries.map(\.date).sorted(), "\(entries.map(\.text))")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "HH:mm:ss"
            let timed = entries.filter { $0.kind == .reload || $0.kind == .clock }.map { "\(formatter.string(from: $0.date)) \($0.text)" }
            #expect(
                timed == [
                    "09:41:00 jump/systemSmall reload: initial · budget left 39",
                    "09:41:00 jump/systemMedium reload: initial · budget left 39",
                    "09:51:00 jump/systemMedium reload: policy after · budget left 38",
                    "10:06:00 jump/systemSmall reload: policy after · budget left 38",
                    "10:41:00 clock → 2026-03-14 10:41:00 (entry 3 of jump/systemSmall)",
                ])
            // The pane shows the same order with the times.
            let pane = preview.terminal.lines.compactMap { $0.split(separator: "│").last.map(String.init) }
            let shown = pane.compactMap { line -> String? in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.count >= 8, trimmed.prefix(8).allSatisfy({ $0.isNumber || $0 == ":" }) else { return nil }
                return String(trimmed.prefix(8))
            }
            #expect(shown == shown.sorted(), "\(pane)")
            #expect(shown.contains("09:51:00") && shown.contains("10:06:00"), "\(pane)")
        }
    }

    @Test("the clock set back starts the order again: what happens after it is listed after it")
    func clockSetBack() {
        var log = EventLog()
        let start = Date(timeIntervalSince1970: 1_773_481_260)
        log.append(.reload, "first", at: start)
        log.append(.clock, "forward", at: start.addingTimeInterval(3600))
        log.append(.reload, "due on the way", at: start.addingTimeInterval(600))
        log.append(.clock, "back", at: start.addingTimeInterval(60))
        log.append(.tap, "tap after going back", at: start.addingTimeInterval(60))
        log.append(.reload, "late", at: start.addingTimeInterval(30))
        #expect(log.texts == ["first", "due on the way", "forward", "back", "late", "tap after going back"])
    }
}
