import Foundation
import Testing
@testable import TerminalUI
import WidgetHost
import WidgetKitUI

private struct NeverEntry: TimelineEntry {
    let date: Date
}

/// One entry and no reload: the Xcode template's `.never` widgets, and the sample `water`.
private struct NeverProvider: TimelineProvider {
    func placeholder(in context: Context) -> NeverEntry { NeverEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (NeverEntry) -> Void) { completion(NeverEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<NeverEntry>) -> Void) {
        completion(Timeline(entries: [NeverEntry(date: Date())], policy: .never))
    }
}

private let neverWidget = StaticConfiguration(kind: "never", provider: NeverProvider()) { _ in
    Text("NEVER").containerBackground(Color.white, for: .widget)
}
.supportedFamilies([.systemSmall])
.descriptor

/// The timeline panel's last line for a widget that never reloads is whole at 120 × 40 (it was cut before its
/// closing parenthesis: "reload: none scheduled (policy .never").
@Suite struct TimelinePanelNeverPolicyTests {
    @Test("a .never timeline reads 'reload: none (policy .never)', whole, in the side pane")
    func neverPolicyLineIsWhole() {
        FixedClock.run {
            let preview = InMemoryPreview([neverWidget])
            preview.app.renderFrame()
            let panel = preview.terminal.lines.compactMap { line in
                line.split(separator: "│").last.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            }
            #expect(panel.contains(" ▶ 1  2026-03-14 09:41:00  ±0"), "\(panel)")
            #expect(panel.contains("   reload: none (policy .never)"), "\(panel)")
        }
    }
}
