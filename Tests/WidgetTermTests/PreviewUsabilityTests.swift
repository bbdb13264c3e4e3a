import Foundation
import Testing
import TestSupport
@testable import CellRender
@testable import TerminalUI
@testable import WidgetHost
@testable import WidgetKitUI
import CellLayout
import SampleWidgets
import WidgetDocument

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
    -> (PreviewApp, MemoryTerminal)
{
    let preview = InMemoryPreview(widgets, themeName: themeName, width: width, height: height)
    return (preview.app, preview.terminal)
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
            #expect(
                app.log.texts.last == "no later entry of perfamily/systemMedium and no reload scheduled (policy .never): the clock stays")
        }
    }
}

@Suite struct DocumentRemovalTests {
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetterm-removal-\(getpid())-\(UUID().uuidString.prefix(6))")
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
        let watcher = try DocumentFileWatcher(files: [file.path], debounce: 0.2)
        let woken = WakeSignal()
        watcher.start(wake: { woken.signal() })
        defer { watcher.stop() }
        try FileManager.default.removeItem(at: file)
        let removed = try #require(DocumentReloadTests.nextChange(watcher, woken: woken))
        #expect(removed.isRemoved)
        #expect(removed.previousKind == "probe")
        try Data(text.utf8).write(to: file)
        let back = try #require(DocumentReloadTests.nextChange(watcher, woken: woken))
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
        .tmuxInstalled)
    func brokenRemovedAndBackInTmux() throws {
        let tmux = try TmuxSession()
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

/// The preview's chrome on terminals with 8 colours or none (issue 15 item 12).
@Suite struct ChromeColorTests {
    @Test("with 8 colours, grey chrome is white, not black; colours that meet on one entry get black or white")
    func eightColours() {
        #expect(NCursesTerminal.nearestOfEight(Chrome.dim) == 7)
        #expect(NCursesTerminal.nearestOfEight(Chrome.barDim) == 7)
        #expect(NCursesTerminal.nearestOfEight(Chrome.barBackground) == 0)
        #expect(NCursesTerminal.nearestOfEight(Chrome.accent) == 6)
        #expect(NCursesTerminal.nearestOfEight(Chrome.error) == 1)
        #expect(NCursesTerminal.contrasting(onPaletteIndex: 0) == 7)
        #expect(NCursesTerminal.contrasting(onPaletteIndex: 7) == 0)
        #expect(NCursesTerminal.contrasting(onPaletteIndex: 3) == 0)
    }

    @Test("without colour, the bars are reverse video, highlights reverse and bold, widget cells unchanged")
    func monochrome() {
        FixedClock.run {
            let terminal = MemoryTerminal(width: 120, height: 40, colorDepth: .none)
            let widgets = [UsabilityWidgets.perFamily]
            let configuration = PreviewConfiguration(
                widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat,
                router: DeepLinkRouter())
            let app = PreviewApp(configuration: configuration, terminal: terminal)
            app.renderFrame()
            let statusRow = (0..<terminal.lines.count).first { row in terminal.lines[row].hasPrefix(" perfamily │") }
            #expect(statusRow != nil)
            if let statusRow { #expect((0..<120).allSatisfy { terminal.screen[$0, statusRow].attributes.contains(.reverse) }) }
            #expect((0..<120).allSatisfy { terminal.screen[$0, 0].attributes.contains(.reverse) }, "the header")
            let widget = app.placements.regions[0].visible
            #expect(!terminal.screen[widget.x + 2, widget.y + 2].attributes.contains(.reverse))
            // The same preview in colour has no reverse cell.
            let coloured = MemoryTerminal(width: 120, height: 40)
            let colourApp = PreviewApp(configuration: configuration, terminal: coloured)
            colourApp.renderFrame()
            #expect(!coloured.screen.cells.contains { $0.attributes.contains(.reverse) })
        }
    }

    @Test(
        "in the real binary under tmux with TERM=xterm: no chrome text in SGR 30 on the terminal's own background",
        .tmuxInstalled)
    func xtermInTmux() throws {
        let tmux = try TmuxSession()
        defer { tmux.close() }
        try tmux.launch(["water", "--colors", "256"], environment: ["TERM": "xterm"])
        try tmux.wait(for: "Event log")
        try tmux.wait(for: "--colors 256 is more")
        let screen = try tmux.capture(escapes: true)
        // tmux writes each change of colour as its own sequence: black text is ESC[30m; the background in force
        // is the last ESC[4Xm (or ESC[49m / ESC[0m, the terminal's own).
        for line in screen.split(separator: "\n") {
            var foreground = "39", background = "49"
            var scalars = line.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                if scalar == "\u{1B}" {
                    var code = ""
                    while let next = scalars.next(), next != "m" { code.unicodeScalars.append(next) }
                    for part in code.dropFirst().split(separator: ";", omittingEmptySubsequences: false) {
                        if part.isEmpty || part == "0" { (foreground, background) = ("39", "49") }
                        if part.count == 2 && part.hasPrefix("3") { foreground = String(part) }
                        if part.count == 2 && part.hasPrefix("4") { background = String(part) }
                    }
                } else if scalar != " " {
                    #expect(!(foreground == "30" && (background == "49" || background == "40")), "black text on a dark background: \(line)")
                }
            }
        }
        #expect(screen.contains("\u{1B}[37m") || screen.contains(";37m"), "grey chrome text is drawn white")
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0")
    }
}

/// Every screen usable at 80 × 24 (issue 15 item 13).
@Suite struct SmallTerminalTests {
    @Test("at 80 × 24 the help overlay scrolls to its last key and says where it is")
    func helpScrolls() {
        FixedClock.run {
            let (app, terminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: 80, height: 24)
            app.renderFrame()
            app.handle(.key(.character("?")))
            app.renderFrame()
            let count = KeyBindings.helpLines.count
            // The title counts keys: 15 of them on the 19 rows drawn (the descriptions of i, C and e wrap).
            #expect(terminal.lines[1].contains("Keys 1–15 of \(count) "))
            #expect(!terminal.text.contains("tap where the mouse lands"), "the last key is below the fold")
            #expect(terminal.text.contains("▼ more"))
            // PgDn a page at a time until the table ends (its rows outnumber the keys: long help lines wrap).
            var pages = 0
            while terminal.text.contains("▼ more") && pages < 10 {
                app.handle(.key(.pageDown))
                app.renderFrame()
                pages += 1
            }
            #expect(pages == 2, "46 rows at 18 a page")
            #expect(terminal.text.contains("tap where the mouse lands (focuses that widget)"))
            #expect(terminal.text.contains("▲ more") && !terminal.text.contains("▼ more"))
            #expect(count > 18)
            app.handle(.key(.up))
            #expect(app.showsHelp, "arrows scroll, they do not close")
            app.handle(.key(.character("x")))
            #expect(!app.showsHelp)
        }
    }

    @Test("at 80 × 24 the island screen scrolls to the Lock Screen's last row and keeps its keys")
    func islandScreenScrolls() {
        FixedClock.run {
            let (app, terminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: 80, height: 24)
            app.renderFrame()
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.renderFrame()
            #expect(terminal.text.contains("Dynamic Island · compact"))
            #expect(terminal.text.contains("▼ more: PgDn"))
            // Not every key fits at 80 columns: one space apart, then "? help" (IslandHintRowTests).
            #expect(terminal.text.contains("s start k kind 2 two at once"))
            #expect(terminal.text.contains(" ? help"))
            #expect(!terminal.text.contains("Order #1042"))
            app.handle(.key(.pageDown))
            app.renderFrame()
            #expect(terminal.text.contains("Order #1042"), "the Lock Screen's last line")
            #expect(terminal.text.contains("▲ more: PgUp"))
            #expect(terminal.text.contains("s start k kind 2 two at once"), "the keys stay on screen")
            #expect(terminal.text.contains("Event log"))
        }
    }

    @Test("the too-small notice appears only below the documented minimum, 50 × 16")
    func minimum() {
        FixedClock.run {
            #expect(PreviewApp.minimumSize == CellSize(width: 50, height: 16))
            let (app, terminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: 50, height: 16)
            app.renderFrame()
            #expect(!terminal.text.contains("Terminal too small"))
            let (small, smallTerminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: 49, height: 16)
            small.renderFrame()
            #expect(smallTerminal.text.contains("Terminal too small: 49×16"))
        }
    }
}

/// Live Activities in the preview: the keys act on the activity the person selects (issue 15 item 14).
@Suite struct IslandSelectionTests {
    @Test("e and E act on the selected activity, marked in the list; an ended one is left with a note")
    func endActsOnTheSelectedActivity() {
        FixedClock.run {
            let (app, terminal) = usabilityPreview(SampleWidgetBundle().widgetDescriptors, width: 120, height: 50)
            app.renderFrame()
            app.handle(.key(.character("i")))
            app.handle(.key(.character("2")))
            app.renderFrame()
            let ids = app.islands.running.map(\.id)
            #expect(ids.count == 2)
            #expect(terminal.text.contains("▸ 2. workout"), "the last started is selected first")
            #expect(terminal.text.contains("  1. delivery · active"))
            app.handle(.key(.character("o")))
            app.renderFrame()
            #expect(terminal.text.contains("▸ 1. delivery · active"))
            #expect(app.log.texts.last == "selected delivery (\(ids[0])): e, E, L, u and x act on it")
            app.handle(.key(.character("e")))
            app.renderFrame()
            #expect(app.islands.center.snapshot(id: ids[0])?.activityState == .ended)
            #expect(app.islands.center.snapshot(id: ids[1])?.activityState == .active, "the last started is untouched")
            #expect(terminal.text.contains("▸ 1. delivery · ended"))
            app.handle(.key(.character("E")))
            #expect(app.log.texts.last == "delivery (\(ids[0])) has ended already; o and O select another activity")
            #expect(app.islands.center.snapshot(id: ids[1])?.activityState == .active)
            app.handle(.key(.character("O")))
            app.handle(.key(.character("E")))
            app.renderFrame()
            #expect(
                app.islands.center.snapshot(id: ids[1], at: HostClock.now) == nil
                    || app.islands.center.snapshot(id: ids[1])?.activityState != .active)
            // Log entries keep their order.
            let dates = app.log.entries.map(\.date)
            #expect(dates == dates.sorted())
        }
    }

    @Test("a button in a Live Activity updates the view as well as the store; the header counts the island's targets")
    func buttonUpdatesTheView() throws {
        try FixedClock.run {
            let parking = try WidgetDocument(contentsOf: CommandDispatchTests.package.appendingPathComponent("examples/parking.json").path)
                .descriptor
            let (app, terminal) = usabilityPreview([parking], width: 120, height: 50)
            app.renderFrame()
            app.handle(.key(.character("i")))
            app.handle(.key(.character("s")))
            app.handle(.key(.character("u")))
            app.renderFrame()
            #expect(terminal.lines[0].hasSuffix("3 tap targets "), "compact island, expanded button, Lock Screen button")
            func extended() -> Int? {
                guard let range = terminal.text.range(of: #"Extended by [0-9]+ min"#, options: .regularExpression) else { return nil }
                return Int(terminal.text[range].dropFirst("Extended by ".count).prefix { $0.isNumber })
            }
            let before = try #require(extended())
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            app.waitForIslandIntents()
            app.renderFrame()
            app.renderFrame()
            #expect(extended() == before + 15)
            let texts = app.log.texts
            let tap = texts.lastIndex { $0.contains("parking-document/expanded tap") }
            let finished = texts.lastIndex { $0.hasPrefix("parking-document intent") }
            #expect(tap != nil && finished != nil && tap! < finished!)
        }
    }
}

/// The preview's header counts the focused widget's tap targets; a widgetURL, which makes the whole widget one,
/// is named (a widget whose only tap is its widgetURL read "0 tap targets").
@Suite struct HeaderTapTargetTests {
    static let urlOnly = StaticConfiguration(kind: "url-only", provider: ModeProvider()) { _ in
        Text("Open me").widgetURL(URL(string: "demo://open")!).containerBackground(Color.white, for: .widget)
    }
    .supportedFamilies([.systemSmall]).descriptor

    @Test("a widget whose only tap is its widgetURL reads 'widgetURL + 0 tap targets'; without one, '0 tap targets'")
    func widgetURLIsNamed() {
        FixedClock.run {
            let (app, terminal) = usabilityPreview([Self.urlOnly], width: 120, height: 40)
            app.renderFrame()
            #expect(terminal.lines[0].hasSuffix(" widgetURL + 0 tap targets "), "\(terminal.lines[0])")
            let plain = StaticConfiguration(kind: "plain", provider: ModeProvider()) { _ in
                Text("No taps").containerBackground(Color.white, for: .widget)
            }
            .supportedFamilies([.systemSmall]).descriptor
            let (other, otherTerminal) = usabilityPreview([plain], width: 120, height: 40)
            other.renderFrame()
            #expect(otherTerminal.lines[0].hasSuffix("  0 tap targets "), "\(otherTerminal.lines[0])")
        }
    }
}
