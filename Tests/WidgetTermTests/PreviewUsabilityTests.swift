import Foundation
import Testing
@testable import CellRender
@testable import TerminalUI
@testable import WidgetHost
@testable import WidgetKitUI

/// The preview in a person's hands (issue 15, items 12 to 16), on the in-memory terminal.
private struct DatedEntry: TimelineEntry {
    var date: Date
}

/// Entries every 10 minutes in systemSmall and every 3 minutes in systemMedium, from now.
private struct PerFamilyProvider: TimelineProvider {
    func placeholder(in context: Context) -> DatedEntry { DatedEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (DatedEntry) -> Void) { completion(DatedEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<DatedEntry>) -> Void) {
        let now = Date()
        let step: TimeInterval = context.family == .systemSmall ? 600 : 180
        completion(Timeline(entries: (0..<3).map { DatedEntry(date: now.addingTimeInterval(Double($0) * step)) }, policy: .never))
    }
}

enum UsabilityWidgets {
    static let perFamily = StaticConfiguration(kind: "perfamily", provider: PerFamilyProvider()) { entry in
        Text("At \(Int(entry.date.timeIntervalSince1970) % 3600 / 60)").containerBackground(Color.white, for: .widget)
    }
    .supportedFamilies([.systemSmall, .systemMedium])
    .descriptor
}

/// A preview on an in-memory terminal, on the light theme.
func usabilityPreview(_ widgets: [WidgetDescriptor], width: Int = 120, height: Int = 40, themeName: String = "light")
    -> (PreviewApp, MemoryTerminal) {
    let terminal = MemoryTerminal(width: width, height: height)
    let configuration = PreviewConfiguration(widgets: widgets, theme: Theme.builtIn(named: themeName)!, format: FixedClock.utcFormat,
                                             router: (try? DeepLinkRouter(widgets: widgets)) ?? DeepLinkRouter())
    return (PreviewApp(configuration: configuration, terminal: terminal), terminal)
}

@Suite struct EntryStepTests {
    @Test("n and p step through the entries of the focused widget and family, not the earliest of any family")
    func stepsWithinTheFocusedFamily() {
        FixedClock.run {
            let (app, _) = usabilityPreview([UsabilityWidgets.perFamily])
            app.renderFrame()
            let start = FixedClock.reference
            #expect(app.focusedFamily == .systemSmall)
            app.handle(.key(.character("n")))
            #expect(HostClock.now == start.addingTimeInterval(600))
            #expect(app.log.texts.last == "clock → 2026-03-14 09:51:00 (next entry of perfamily/systemSmall)")
            app.handle(.key(.character("n")))
            #expect(HostClock.now == start.addingTimeInterval(1200))
            app.handle(.key(.character("p")))
            #expect(HostClock.now == start.addingTimeInterval(600))
            #expect(app.log.texts.last == "clock ← 2026-03-14 09:51:00 (previous entry of perfamily/systemSmall)")
            app.handle(.key(.character("p")))
            #expect(HostClock.now == start)
            app.handle(.key(.character("p")))
            #expect(HostClock.now == start)
            #expect(app.log.texts.last == "perfamily/systemSmall shows its first entry (2026-03-14 09:41:00): the clock stays")
            // The medium card's entries are 3 minutes apart.
            app.handle(.key(.character("f")))
            #expect(app.focusedFamily == .systemMedium)
            app.handle(.key(.character("n")))
            #expect(HostClock.now == start.addingTimeInterval(180))
            app.handle(.key(.character("n")))
            app.handle(.key(.character("n")))
            #expect(HostClock.now == start.addingTimeInterval(360))
            #expect(app.log.texts.last == "no later entry of perfamily/systemMedium and no reload scheduled (policy .never): the clock stays")
        }
    }
}
