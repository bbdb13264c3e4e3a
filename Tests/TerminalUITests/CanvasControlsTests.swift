import Foundation
import Testing
@testable import CellLayout
@testable import CellRender
@testable import TerminalUI
import WidgetHost
import WidgetKitUI

private struct CanvasEntry: TimelineEntry {
    let date: Date
    let label: String
}

/// Three entries half an hour apart, a reload two hours on; a snapshot and a placeholder of their own.
private struct CanvasProvider: TimelineProvider {
    func placeholder(in context: Context) -> CanvasEntry { CanvasEntry(date: Date(), label: "PLACEHOLDER") }
    func getSnapshot(in context: Context, completion: @escaping (CanvasEntry) -> Void) {
        completion(CanvasEntry(date: Date(), label: context.isPreview ? "SNAPSHOT" : "SNAPSHOT-LIVE"))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<CanvasEntry>) -> Void) {
        let start = Date()
        let entries = (0..<3).map { CanvasEntry(date: start.addingTimeInterval(Double($0) * 1800), label: "ENTRY \($0 + 1)") }
        completion(Timeline(entries: entries, policy: .after(start.addingTimeInterval(7200))))
    }
}

private let canvasWidget = StaticConfiguration(kind: "canvas", provider: CanvasProvider()) { entry in
    VStack {
        Text(entry.label)
        Text(entry.date, style: .date)
    }
    .containerBackground(Color.white, for: .widget)
}
.supportedFamilies([.systemMedium])
.descriptor

private func makeCanvasPreview() -> (PreviewApp, MemoryTerminal) {
    let preview = InMemoryPreview([canvasWidget])
    return (preview.app, preview.terminal)
}

/// The text of the widget frame on screen.
private func widgetText(_ app: PreviewApp, _ terminal: MemoryTerminal) -> String {
    InMemoryPreview.widgetText(of: app, on: terminal)
}

/// Issue 15 item 17: the preview's Xcode-canvas controls.
@Suite struct CanvasControlsTests {
    @Test("the timeline panel lists the entries in aligned columns, marks the current one and shows the next reload; 1-9 jump")
    func timelinePanelAndJumps() {
        FixedClock.run {
            let (app, terminal) = makeCanvasPreview()
            app.renderFrame()
            // The side pane's lines, trailing blanks dropped.
            let panel = {
                terminal.lines.compactMap { line in
                    line.split(separator: "│").last.map { String($0.reversed().drop { $0 == " " }.reversed()) }
                }
            }
            #expect(panel().contains(" Timeline (timeline)"))
            #expect(panel().contains("   iphone-430 · iOS 26 · en_US · light"))
            #expect(panel().contains(" ▶ 1  2026-03-14 09:41:00    ±0"))
            #expect(panel().contains("   2  2026-03-14 10:11:00  +30m"))
            #expect(panel().contains("   3  2026-03-14 10:41:00   +1h"))
            #expect(panel().contains("   reload 2026-03-14 11:41:00"))
            app.handle(.key(.character("3")))
            #expect(HostClock.now == FixedClock.reference.addingTimeInterval(3600))
            app.renderFrame()
            #expect(panel().contains("   1  2026-03-14 09:41:00   -1h"))
            #expect(panel().contains("   2  2026-03-14 10:11:00  -30m"))
            #expect(panel().contains(" ▶ 3  2026-03-14 10:41:00    ±0"))
            #expect(widgetText(app, terminal).contains("ENTRY 3"))
            app.handle(.key(.character("9")))
            #expect(HostClock.now == FixedClock.reference.addingTimeInterval(3600))
            #expect(app.log.entries.last?.text == "canvas/systemMedium has 3 entries: there is no entry 9")
            app.handle(.key(.character("1")))
            app.renderFrame()
            #expect(widgetText(app, terminal).contains("ENTRY 1"))
        }
    }

    @Test("c cycles the context: placeholder (redacted), snapshot (isPreview), timeline")
    func contextToggle() {
        FixedClock.run {
            let (app, terminal) = makeCanvasPreview()
            app.renderFrame()
            #expect(widgetText(app, terminal).contains("ENTRY 1"))
            app.handle(.key(.character("c")))
            app.renderFrame()
            #expect(app.context == .placeholder)
            #expect(terminal.lines[1].contains("placeholder context"))
            #expect(!widgetText(app, terminal).contains("ENTRY") && !widgetText(app, terminal).contains("PLACEHOLDER"))
            app.handle(.key(.character("c")))
            app.renderFrame()
            #expect(app.context == .snapshot)
            #expect(widgetText(app, terminal).contains("SNAPSHOT"))
            #expect(!widgetText(app, terminal).contains("SNAPSHOT-LIVE"))
            app.handle(.key(.character("c")))
            app.renderFrame()
            #expect(app.context == .timeline)
            #expect(widgetText(app, terminal).contains("ENTRY 1"))
        }
    }

    @Test("d and D switch the device: the widget is placed again at that device's size")
    func deviceSwitch() throws {
        try FixedClock.run {
            let (app, terminal) = makeCanvasPreview()
            app.renderFrame()
            let first = try #require(DeviceProfile.all[0].cells(of: .systemMedium))
            let second = try #require(DeviceProfile.all[1].cells(of: .systemMedium))
            let last = try #require(DeviceProfile.all.last?.cells(of: .systemMedium))
            #expect(first != second)
            #expect(app.placements.regions.first?.visible.size == first)
            app.handle(.key(.character("d")))
            app.renderFrame()
            #expect(app.configuration.device == DeviceProfile.all[1])
            #expect(app.placements.regions.first?.visible.size == second)
            #expect(terminal.lines.contains { $0.contains("device → \(DeviceProfile.all[1].name)") })
            app.handle(.key(.character("D")))
            app.handle(.key(.character("D")))
            app.renderFrame()
            #expect(app.configuration.device == DeviceProfile.all.last)
            #expect(app.placements.regions.first?.visible.size == last)
        }
    }

    @Test("a cycles the colour scheme; l the locale of system text; o and O the iOS version")
    func schemeLocaleAndOS() {
        FixedClock.run {
            let (app, terminal) = makeCanvasPreview()
            defer { OSAvailability.iOSMajorVersion = 26 }
            app.renderFrame()
            #expect(widgetText(app, terminal).contains("March 14, 2026"))
            app.handle(.key(.character("a")))
            app.handle(.key(.character("a")))
            app.renderFrame()
            #expect(app.configuration.colorScheme == .dark)
            #expect(app.placements.regions.first?.content.appearance.colorScheme == .dark)
            app.handle(.key(.character("a")))
            #expect(app.configuration.colorScheme == nil)
            app.handle(.key(.character("l")))
            app.renderFrame()
            #expect(app.configuration.format.locale.identifier == "en_GB")
            #expect(widgetText(app, terminal).contains("14 March 2026"))
            app.handle(.key(.character("O")))
            #expect(app.configuration.osVersion == 18 && OSAvailability.iOSMajorVersion == 18)
            app.handle(.key(.character("o")))
            app.handle(.key(.character("o")))
            #expect(app.configuration.osVersion == 14 && OSAvailability.iOSMajorVersion == 14)
            app.renderFrame()
            #expect(terminal.lines.contains { $0.contains("iphone-430 · iOS 14 · en_GB · light") })
        }
    }

    /// The versions were listed twice, here and for `--os`, and could drift apart.
    @Test("o steps through the versions --os takes (OSAvailability.simulatedMajorVersions), in order, and wraps")
    func osKeyStepsThroughTheVersionsOfOS() {
        FixedClock.run {
            let (app, _) = makeCanvasPreview()
            defer { OSAvailability.iOSMajorVersion = 26 }
            #expect(app.configuration.osVersion == 26)
            var seen: [Int] = []
            for _ in OSAvailability.simulatedMajorVersions {
                app.handle(.key(.character("o")))
                seen.append(app.configuration.osVersion)
            }
            #expect(seen == [14, 15, 16, 17, 18, 26])
            #expect(seen == OSAvailability.simulatedMajorVersions)
        }
    }

    @Test("the canvas keys are in the key table the help overlay shows")
    func keyTable() {
        #expect(KeyBindings.action(for: .character("5")) == .jumpToEntry(5))
        #expect(KeyBindings.action(for: .character("0")) == nil)
        #expect(KeyBindings.action(for: .character("²")) == nil)
        #expect(KeyBindings.action(for: .character("c")) == .cycleContext)
        #expect(KeyBindings.action(for: .character("D")) == .previousDevice)
        let labels = KeyBindings.helpLines.map(\.0)
        for label in ["1-9", "c", "d / D", "a", "o / O", "l"] { #expect(labels.contains(label), "\(label)") }
    }
}
