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

@Suite struct DocumentRemovalTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-removal-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("a removed document is reported once as removed, and its return (even with the same bytes) as a change")
    func watcherReportsRemovalAndReturn() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("gone.json")
        let text = DocumentFixtures.widget(#"{"Text": "here"}"#)
        try Data(text.utf8).write(to: file)
        let watcher = try DocumentFileWatcher(files: [file.path], debounce: 0.2, settle: 0.02)
        watcher.start(wake: {})
        defer { watcher.stop() }
        try FileManager.default.removeItem(at: file)
        let removed = try #require(DocumentReloadTests.nextChange(watcher))
        #expect(removed.isRemoved)
        #expect(removed.previousKind == "probe")
        try Data(text.utf8).write(to: file)
        let back = try #require(DocumentReloadTests.nextChange(watcher))
        #expect(!back.isRemoved)
        #expect(try back.result.get().kind == "probe")
    }

    @Test("a document broken at start opens as a stand-in with the error in the banner")
    func brokenAtStart() {
        FixedClock.run {
            let file = "/nowhere/broken.json"
            let (app, terminal) = usabilityPreview([BrokenDocument.placeholder(file: file)])
            app.showBrokenDocument(file: file, error: "\(file):1:28: error: $.view.Txt: expected a view name")
            app.renderFrame()
            #expect(terminal.lines[1].hasPrefix(" ⚠ /nowhere/broken.json:1:28: error: $.view.Txt: expected a view name"))
            #expect(terminal.text.contains("waiting for a fix"))
            #expect(app.log.texts.contains("/nowhere/broken.json:1:28: error: $.view.Txt: expected a view name (waiting for a fix)"))
        }
    }

    @Test(
        "in the real binary under tmux: preview broken.json opens with the banner, a fix shows the widget, removal says so, q exits 0",
        .enabled(if: ReloadTmux.isAvailable, "tmux is not installed, or the widgetterm binary is not built"))
    func brokenRemovedAndBackInTmux() throws {
        let tmux = try ReloadTmux()
        defer { tmux.close() }
        let file = tmux.directory.appendingPathComponent("broken.json")
        try Data("{\"kind\": \"probe\", \"view\": {\"Txt\": \"x\"}}".utf8).write(to: file)
        try tmux.launch(["preview", file.path])
        let opened = try tmux.wait(for: "⚠ \(file.path):1:28: error: $.view.Txt")
        #expect(opened.contains("waiting for a fix"))
        try Data(DocumentFixtures.widget(#"{"Text": "Fixed it"}"#).utf8).write(to: file)
        let fixed = try tmux.wait(for: "Fixed it")
        #expect(!fixed.contains("⚠"))
        try FileManager.default.removeItem(at: file)
        let removed = try tmux.wait(for: "file removed; waiting for it to come back")
        #expect(removed.contains("Fixed it"), "the last render stays")
        try Data(DocumentFixtures.widget(#"{"Text": "Back again"}"#).utf8).write(to: file)
        let back = try tmux.wait(for: "Back again")
        #expect(!back.contains("⚠"))
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0")
    }
}
