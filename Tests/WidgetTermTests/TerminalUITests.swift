import Foundation
import Testing
import CellLayout
import CellRender
@testable import TerminalUI
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI
@testable import SpellingSuggestions
@testable import WidgetDocument

// MARK: - Test widgets for the preview

private struct PreviewTestEntry: TimelineEntry {
    let date: Date
}

/// One entry dated now, policy never.
private struct PreviewTestProvider: TimelineProvider {
    func placeholder(in context: Context) -> PreviewTestEntry { PreviewTestEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (PreviewTestEntry) -> Void) { completion(PreviewTestEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PreviewTestEntry>) -> Void) {
        completion(Timeline(entries: [PreviewTestEntry(date: Date())], policy: .never))
    }
}

private func previewTestWidget<Content: View>(
    _ kind: String, families: [WidgetFamily], routes: [String] = [],
    @ViewBuilder content: @escaping (Date) -> Content
) -> WidgetDescriptor {
    StaticConfiguration(kind: kind, provider: PreviewTestProvider()) { entry in
        content(entry.date).containerBackground(Color.white, for: .widget)
    }
    .supportedFamilies(families)
    .widgetTermRoutes(routes)
    .descriptor
}

/// Counts taps in its own UserDefaults suite (never the samples' suites), once the test opens its gate (so the
/// frame drawn right after the tap sees the intent in flight, whatever the machine's speed).
private struct CountTapIntent: AppIntent {
    static var title: LocalizedStringResource { "Count a tap" }
    static let suite = "group.widgetterm.tests.terminal-ui"
    static let gate = DispatchSemaphore(value: 0)
    func perform() async throws -> some IntentResult {
        Self.gate.wait()
        let store = UserDefaults(suiteName: Self.suite)
        store?.set((store?.integer(forKey: "taps") ?? 0) + 1, forKey: "taps")
        return .result()
    }
}

/// Waits until the test opens its gate (so the test sees the state while the intent is in flight); changes nothing.
private struct GatedIntent: AppIntent {
    static var title: LocalizedStringResource { "Switch the lamp" }
    static let gate = DispatchSemaphore(value: 0)
    func perform() async throws -> some IntentResult {
        Self.gate.wait()
        return .result()
    }
}

private struct BrokenIntent: AppIntent {
    struct Offline: Error, CustomStringConvertible { var description: String { "the lamp is offline" } }
    static var title: LocalizedStringResource { "Break" }
    func perform() async throws -> IntentResultValue { throw Offline() }
}

/// Entries now and 10 and 20 minutes later, for jumping the clock.
private struct SteppedProvider: TimelineProvider {
    func placeholder(in context: Context) -> PreviewTestEntry { PreviewTestEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (PreviewTestEntry) -> Void) { completion(PreviewTestEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PreviewTestEntry>) -> Void) {
        let now = Date()
        completion(Timeline(entries: [0.0, 600, 1200].map { PreviewTestEntry(date: now.addingTimeInterval($0)) }, policy: .never))
    }
}

private enum PreviewWidgets {
    /// A toggle whose intent never stores the new state: it must snap back after the reload.
    static let lamp = previewTestWidget("lamp", families: [.systemSmall]) { _ in
        Toggle(isOn: false, intent: GatedIntent()) { Text("Lamp") }
    }

    static let broken = previewTestWidget("broken", families: [.systemSmall]) { _ in
        Button(intent: BrokenIntent()) { Text("Break it") }
    }

    static let stepped = StaticConfiguration(kind: "stepped", provider: SteppedProvider()) { entry in
        Text("Entry \(Int(entry.date.timeIntervalSince1970) % 3600 / 60)").containerBackground(Color.white, for: .widget)
    }
    .supportedFamilies([.systemSmall])
    .descriptor

    /// Entries every 10 minutes; each entry's only link names its own minute.
    static let steppedLinks = StaticConfiguration(kind: "stepped-links", provider: SteppedProvider()) { entry in
        let minute = Int(entry.date.timeIntervalSince1970) % 3600 / 60
        Link(destination: URL(string: "steps://minute/\(minute)")!) { Text("Minute \(minute)") }
            .containerBackground(Color.white, for: .widget)
    }
    .supportedFamilies([.systemSmall])
    .widgetTermRoutes(["steps://minute/{m}"])
    .descriptor

    /// Field case 6: a small widget with two Links and no widgetURL.
    static let twoLinks = previewTestWidget("two-links", families: [.systemSmall], routes: ["notes://note/{id}"]) { _ in
        VStack(alignment: .leading) {
            Link(destination: URL(string: "notes://note/1")!) { Text("First note") }
            Link(destination: URL(string: "notes://note/2")!) { Text("Second note") }
        }
    }

    /// Field case 5: a medium widget with two images, each with its own widgetURL.
    static let twoWidgetURLs = previewTestWidget("two-urls", families: [.systemMedium], routes: ["photos://album/{name}"]) { _ in
        HStack {
            Image(systemName: "photo").widgetURL(URL(string: "photos://album/first"))
            Image(systemName: "photo").widgetURL(URL(string: "photos://album/second"))
        }
    }

    /// Two links in a medium widget plus a widgetURL: Tab cycles the links.
    static let links = previewTestWidget(
        "links", families: [.systemMedium, .systemSmall], routes: ["shop://orders", "shop://orders/{id}"]
    ) { _ in
        VStack(alignment: .leading) {
            Text("Orders")
            Link(destination: URL(string: "shop://orders/41")!) { Text("Order 41") }
            Link(destination: URL(string: "shop://orders/42")!) { Text("Order 42") }
        }
        .widgetURL(URL(string: "shop://orders"))
    }

    /// A timer counting down 25 minutes from the entry: the only thing that moves.
    static let timer = previewTestWidget("timer", families: [.systemSmall]) { date in
        VStack(alignment: .leading) {
            Text("Departs")
            Text(timerInterval: date...date.addingTimeInterval(25 * 60), countsDown: true).monospacedDigit()
        }
    }

    /// A button that counts taps in the App Group store.
    static let counter = previewTestWidget("counter", families: [.systemSmall]) { _ in
        VStack {
            Text("Taps \(UserDefaults(suiteName: CountTapIntent.suite)?.integer(forKey: "taps") ?? 0)")
            Button(intent: CountTapIntent()) { Text("Count") }
        }
    }
    /// The counter in two families, as two widgets of one kind on a Home Screen.
    static let counterInTwoFamilies = previewTestWidget("counter2", families: [.systemSmall, .systemMedium]) { _ in
        VStack {
            Text("Taps \(UserDefaults(suiteName: CountTapIntent.suite)?.integer(forKey: "taps") ?? 0)")
            Button(intent: CountTapIntent()) { Text("Count") }
        }
    }
}

/// A preview on an in-memory terminal, on the light theme.
private func makePreview(_ widgets: [WidgetDescriptor], osVersion: Int = 26, width: Int = 120, height: Int = 40)
    -> (PreviewApp, MemoryTerminal)
{
    let preview = InMemoryPreview(widgets, osVersion: osVersion, width: width, height: height)
    return (preview.app, preview.terminal)
}

/// The text of the first widget frame on screen (not the log or panel).
private func firstWidgetText(_ app: PreviewApp, _ terminal: MemoryTerminal) -> String {
    InMemoryPreview.widgetText(of: app, on: terminal)
}

private func cells(_ text: String, style: Cell = Cell()) -> [Cell] {
    var result: [Cell] = []
    for character in text {
        var cell = style
        cell.glyph = Glyph(character)
        result.append(cell)
        if DisplayWidth.of(character) == 2 {
            var continuation = style
            continuation.isContinuation = true
            result.append(continuation)
        }
    }
    return result
}

private func buffer(_ rows: [String], width: Int) -> CellBuffer {
    var buffer = CellBuffer(width: width, height: rows.count)
    for (row, text) in rows.enumerated() {
        for (column, cell) in cells(text).enumerated() where column < width { buffer[column, row] = cell }
    }
    return buffer
}

// MARK: - The diff

@Suite struct ScreenDiffTests {
    @Test func writesOnlyTheChangedCells() {
        let old = buffer(["hello     ", "world     "], width: 10)
        let new = buffer(["hello     ", "wOrLd     "], width: 10)
        let runs = ScreenDiff.runs(from: old, to: new)
        #expect(runs == [CellRun(row: 1, column: 1, cells: [Cell(glyph: "O")]), CellRun(row: 1, column: 3, cells: [Cell(glyph: "L")])])
        #expect(ScreenDiff.runs(from: new, to: new).isEmpty)
    }

    @Test("screens built apart with the same cells have no runs; one changed cell among long graphemes is one run")
    func equalScreensBuiltApart() {
        func screen(_ last: Character) -> CellBuffer {
            var screen = buffer(["a👩‍👩‍👧 🏳️‍🌈x", "     ", "日 b  "], width: 5)
            screen[4, 2] = Cell(glyph: Glyph(last), foreground: RGB(1, 2, 3), background: RGB(4, 5, 6), attributes: .bold)
            return screen
        }
        #expect(ScreenDiff.runs(from: screen("z"), to: screen("z")).isEmpty)
        let new = screen("👩‍👩‍👧")
        #expect(ScreenDiff.runs(from: screen("z"), to: new) == [CellRun(row: 2, column: 4, cells: [new[4, 2]])])
    }

    @Test func colourChangeIsAChange() {
        let old = buffer(["abc"], width: 3)
        var new = old
        new[1, 0].foreground = RGB(255, 0, 0)
        #expect(ScreenDiff.runs(from: old, to: new) == [CellRun(row: 0, column: 1, cells: [new[1, 0]])])
    }

    @Test func withoutAPreviousScreenEveryRowIsDrawn() {
        let new = buffer(["ab", "cd"], width: 2)
        #expect(ScreenDiff.runs(from: nil, to: new).map(\.width) == [2, 2])
        #expect(ScreenDiff.runs(from: buffer(["ab"], width: 2), to: new).count == 2)
    }

    @Test("a wide glyph replaced by a narrow one repaints the cell it covered")
    func wideReplacedByNarrow() {
        let old = buffer(["a日b"], width: 4)
        var new = old
        new[1, 0] = Cell(glyph: "x")
        new[2, 0] = Cell(glyph: " ")
        let runs = ScreenDiff.runs(from: old, to: new)
        #expect(runs == [CellRun(row: 0, column: 1, cells: [Cell(glyph: "x"), Cell(glyph: " ")])])
        let terminal = MemoryTerminal(width: 4, height: 1)
        for run in ScreenDiff.runs(from: nil, to: old) { terminal.draw(run) }
        for run in runs { terminal.draw(run) }
        #expect(terminal.lines == ["ax b"])
    }

    @Test("writing over the right half of a wide glyph repaints its left half")
    func rightHalfOverwritten() {
        let old = buffer(["日ab"], width: 4)
        var new = buffer([" yab"], width: 4)
        new[0, 0] = Cell(glyph: " ")
        let runs = ScreenDiff.runs(from: old, to: new)
        #expect(runs.map(\.column) == [0])
        #expect(runs.first?.width == 2)
    }

    @Test("a new wide glyph is written with the cell it covers")
    func narrowReplacedByWide() {
        let old = buffer(["abcd"], width: 4)
        let new = buffer(["a日d"], width: 4)
        let runs = ScreenDiff.runs(from: old, to: new)
        #expect(runs.count == 1)
        #expect(runs[0].column == 1)
        #expect(runs[0].width == 2)
        #expect(runs[0].cells[1].isContinuation)
    }

    /// Random screens with wide glyphs: after every diff the twin shows exactly the new screen.
    @Test func twinFollowsRandomScreens() {
        var generator = SplitMix64(seed: 5)
        let glyphs: [Character] = ["a", "b", " ", "日", "本", "x", "💧"]
        let colors: [RGB?] = [nil, RGB(255, 0, 0), RGB(0, 0, 255)]
        let terminal = MemoryTerminal(width: 12, height: 3)
        var previous: CellBuffer?
        for _ in 0..<300 {
            var screen = CellBuffer(width: 12, height: 3)
            for row in 0..<3 {
                var column = 0
                while column < 12 {
                    let glyph = glyphs[Int(generator.next() % UInt64(glyphs.count))]
                    let background = colors[Int(generator.next() % UInt64(colors.count))]
                    let wide = DisplayWidth.of(glyph) == 2
                    if wide && column == 11 { break }
                    screen[column, row] = Cell(glyph: Glyph(glyph), background: background)
                    if wide { screen[column + 1, row] = Cell(glyph: " ", background: background, isContinuation: true) }
                    column += wide ? 2 : 1
                }
            }
            for run in ScreenDiff.runs(from: previous, to: screen) { terminal.draw(run) }
            terminal.present()
            #expect(terminal.screen == screen)
            previous = screen
        }
    }
}

// MARK: - Input

@Suite struct InputDecoderTests {
    @Test func keys() {
        var decoder = InputDecoder()
        let events = decoder.decode(
            Array("q?\t\r".utf8) + [0x1B] + Array("[Z".utf8) + [0x1B] + Array("[A".utf8) + [0x1B] + Array("OD".utf8)
                + [0x1B] + Array("[5~".utf8) + [0x03] + Array("é".utf8))
        #expect(
            events == [
                .key(.character("q")), .key(.character("?")), .key(.tab), .key(.enter), .key(.backTab), .key(.up), .key(.left),
                .key(.pageUp), .key(.control("c")), .key(.character("é")),
            ])
        #expect(!decoder.hasPendingBytes)
    }

    @Test func sgrMouse() {
        var decoder = InputDecoder()
        let events = decoder.decode(Array("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<64;3;3M".utf8))
        #expect(
            events == [
                .mouse(MouseEvent(button: 0, kind: .press, column: 9, row: 4)),
                .mouse(MouseEvent(button: 0, kind: .release, column: 9, row: 4)),
                .mouse(MouseEvent(button: 64, kind: .other, column: 2, row: 2)),
            ])
        #expect(events.first.map { if case .mouse(let mouse) = $0 { return mouse.isTap } else { return false } } == true)
    }

    @Test func x10Mouse() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B, 0x5B, 0x4D, 32, 33 + 9, 33 + 4]) == [.mouse(MouseEvent(button: 0, kind: .press, column: 9, row: 4))])
    }

    @Test func sequenceSplitAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}[<0;1".utf8)).isEmpty)
        #expect(decoder.hasPendingBytes)
        #expect(decoder.decode(Array("2;7M".utf8)) == [.mouse(MouseEvent(button: 0, kind: .press, column: 11, row: 6))])
    }

    @Test func loneEscapeIsTheEscapeKey() {
        var decoder = InputDecoder()
        #expect(decoder.decode([0x1B]).isEmpty)
        #expect(decoder.flush() == [.key(.escape)])
        #expect(!decoder.hasPendingBytes)
    }
}

// MARK: - The app on the in-memory terminal

@Suite struct PreviewAppTests {
    @Test func firstFrameShowsGalleryStatusBarAndHints() throws {
        try FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.links])
            app.renderFrame()
            let lines = terminal.lines
            #expect(lines[0].hasPrefix(" WidgetTerm  Gallery  Mode matrix   links (links)  1/1"))
            #expect(lines[1].hasPrefix(" ▸ systemMedium"))
            #expect(
                lines[37].hasPrefix(" links │ systemMedium │ fullColor │ theme light │ iphone-430 │ iOS 26 │ 2026-03-14 09:41:00 │ paused"))
            // Two rows of hints; PgUp/PgDn and Esc, which do not fit at 120 columns, are in the help overlay.
            #expect(
                lines[38].trimmingCharacters(in: .whitespaces)
                    == "? help  q quit  w/W widget  f/F family  m/M mode  t/T theme  v view  i/C/S/R/A/P/U screens  e edit"
            )
            #expect(
                lines[39].trimmingCharacters(in: .whitespaces)
                    == "c/d/a/o/l/z canvas  n/p entry  Space pause  +/- speed  r reload  Tab/Shift-Tab target  Enter/click tap  Arrows cursor"
            )
            #expect(terminal.text.contains("Order 41"))
            #expect(terminal.presentedFrames.count == 1)
            #expect(terminal.cellsWrittenInLastFrame == 120 * 40)
            // Nothing changed: the next frame writes nothing.
            app.renderFrame()
            #expect(terminal.cellsWrittenInLastFrame == 0)
            let frame = try #require(terminal.presentedFrames.last)
            #expect(frame.isEmpty)
        }
    }

    @Test("a card's caption line ends before the next card's caption, with … when cut, and leaves no tail after it")
    func cardCaptionStopsAtTheNextCard() {
        FixedClock.run {
            let countdown = SampleWidgetBundle().widgetDescriptors.filter { $0.kind == "countdown" }
            let (app, terminal) = makePreview(countdown)
            app.handle(.key(.character("c")))
            app.renderFrame()
            #expect(app.context == .placeholder)
            #expect(terminal.lines[1].hasPrefix(" ▸ systemSmall · placeh"), "\(terminal.lines[1])")
            #expect(terminal.lines[1].contains("…   accessoryRectangular · placeholder context"), "\(terminal.lines[1])")
        }
    }

    @Test func tooSmallShowsAMessageAndRecovers() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.links])
            app.renderFrame()
            terminal.resize(width: 40, height: 10)
            for event in terminal.waitForEvents(timeout: 0) { app.handle(event) }
            app.renderFrame()
            #expect(terminal.lines[3] == "       Terminal too small: 40×10        ")
            #expect(terminal.lines[4].contains("WidgetTerm needs at least 50×16."))
            #expect(terminal.lines[5].contains("Enlarge the window, or press q to quit."))
            #expect(terminal.invalidateCount == 1)
            terminal.resize(width: 20, height: 2)
            for event in terminal.waitForEvents(timeout: 0) { app.handle(event) }
            app.renderFrame()
            #expect(terminal.lines == ["Terminal too small:…", "WidgetTerm needs at…"])
            terminal.resize(width: 90, height: 30)
            for event in terminal.waitForEvents(timeout: 0) { app.handle(event) }
            app.renderFrame()
            #expect(terminal.lines[0].hasPrefix(" WidgetTerm"))
            // 90 columns: the status bar drops its spaced separators and the "theme" label, keeping the clock and speed.
            #expect(
                terminal.lines[27] == " links│systemMedium│fullColor│light│iphone-430│iOS 26│2026-03-14 09:41:00│paused"
                    + String(repeating: " ", count: 10))
        }
    }

    @Test func keysChangeWidgetFamilyModeThemeAndView() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.links, PreviewWidgets.timer])
            app.renderFrame()
            app.handle(.key(.character("f")))
            app.renderFrame()
            #expect(terminal.lines[37].hasPrefix(" links │ systemSmall │ fullColor │ theme light"))
            app.handle(.key(.character("m")))
            app.renderFrame()
            #expect(terminal.lines[37].hasPrefix(" links │ systemSmall │ accented │ theme light"))
            app.handle(.key(.character("t")))
            app.renderFrame()
            #expect(terminal.lines[37].hasPrefix(" links │ systemSmall │ fullColor │ theme dark"))
            app.handle(.key(.character("t")))
            app.renderFrame()
            #expect(terminal.lines[37].hasPrefix(" links │ systemSmall │ accented │ theme tinted"))
            app.handle(.key(.character("v")))
            app.renderFrame()
            #expect(app.screen == .matrix)
            #expect(terminal.lines[1].contains("fullColor · dark"))
            #expect(terminal.text.contains("▸ accented · tinted"))
            #expect(terminal.text.contains("vibrant · standby-night"))
            app.handle(.key(.character("w")))
            app.renderFrame()
            #expect(terminal.lines[37].hasPrefix(" timer │ systemSmall │ accented"))
            app.handle(.key(.character("W")))
            app.handle(.key(.character("?")))
            app.renderFrame()
            // The key table is longer than 40 rows now: its first page, with the scroll keys in the title, which counts
            // keys (entries of the table), not the rows their wrapped descriptions take.
            #expect(terminal.text.contains("─ Keys 1–26 of \(KeyBindings.helpLines.count) "))
            #expect(terminal.text.contains(" — ↑↓ PgUp PgDn scroll, other keys close ─"))
            #expect(terminal.text.contains("│ W          previous widget"))
            app.handle(.key(.character("x")))
            app.renderFrame()
            #expect(!terminal.text.contains("other keys close"))
            app.handle(.key(.character("q")))
            #expect(app.exit == .quit)
        }
    }

    @Test func tabCyclesTargetsAndEnterRoutesTheLink() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.links])
            app.renderFrame()
            app.handle(.key(.tab))
            app.renderFrame()
            #expect(app.targetIndex == 0)
            let highlighted = terminal.screen.cells.filter { $0.background == Chrome.targetHighlight && $0.glyph != " " }
            #expect(highlighted.map(\.glyph.description).joined() == "Order41")
            app.handle(.key(.tab))
            #expect(app.targetIndex == 1)
            app.handle(.key(.tab))
            #expect(app.targetIndex == 0)
            app.handle(.key(.backTab))
            #expect(app.targetIndex == 1)
            app.handle(.key(.enter))
            app.renderFrame()
            #expect(app.log.texts.contains { $0.hasPrefix("links/systemMedium tap @") && $0.contains("→ open shop://orders/42") })
            #expect(app.log.texts.contains("shop://orders/42 → shop.orders.id (shop://orders/{id}) id=42"))
            #expect(app.appPanel.first == "opened shop://orders/42")
            #expect(terminal.text.contains("opened shop://orders/42"))
        }
    }

    @Test func mouseClickTapsWhereItLands() throws {
        try FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.links])
            app.renderFrame()
            let row = try #require(terminal.lines.firstIndex { $0.contains("Order 41") })
            let column = try #require(terminal.lines[row].range(of: "Order 41")).lowerBound
            let x = terminal.lines[row].distance(from: terminal.lines[row].startIndex, to: column) + 2
            app.handle(.mouse(MouseEvent(button: 0, kind: .press, column: x, row: row)))
            app.handle(.mouse(MouseEvent(button: 0, kind: .release, column: x, row: row)))
            #expect(app.log.texts.filter { $0.contains(" tap @") }.count == 1)
            #expect(app.log.texts.contains("shop://orders/41 → shop.orders.id (shop://orders/{id}) id=41"))
            // Outside the links but on the widget: the widgetURL.
            let title = try #require(terminal.lines.firstIndex { $0.contains("Orders") && !$0.contains("WidgetTerm") })
            app.handle(.mouse(MouseEvent(button: 0, kind: .press, column: x, row: title)))
            #expect(app.log.texts.contains("shop://orders → shop.orders (shop://orders)"))
            // On the chrome: nothing.
            let count = app.log.entries.count
            app.handle(.mouse(MouseEvent(button: 0, kind: .press, column: 1, row: 39))) // the hints row
            #expect(app.log.entries.count == count)
        }
    }

    @Test("a click lands on the frame that was drawn, even when the next entry's date arrived since (the compositor map)")
    func clickUsesTheDrawnFrame() throws {
        try FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.steppedLinks])
            app.renderFrame()
            let drawn = try #require(terminal.lines.first { $0.contains("Minute ") })
            let row = try #require(terminal.lines.firstIndex(of: drawn))
            let label = try #require(drawn.range(of: "Minute [0-9]+", options: .regularExpression))
            let minute = drawn[label].dropFirst("Minute ".count)
            let column = drawn.distance(from: drawn.startIndex, to: label.lowerBound) + 1
            // Ten minutes later the next entry is current, but nothing has been drawn since.
            HostClock.advance(by: 600)
            app.handle(.mouse(MouseEvent(button: 0, kind: .press, column: column, row: row)))
            let routed = app.log.texts.filter { $0.hasPrefix("steps://minute/") }
            #expect(routed == ["steps://minute/\(minute) → steps.minute.m (steps://minute/{m}) m=\(minute)"])
            // The next frame shows the new entry, and a click there taps it.
            app.renderFrame()
            #expect(!terminal.text.contains("Minute \(minute)"))
        }
    }

    @Test func arrowKeysMoveTheTouchCursor() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.links])
            app.renderFrame()
            app.handle(.key(.down))
            #expect(app.cursor == CellPosition(column: 23, row: 5))
            app.handle(.key(.up))
            app.handle(.key(.left))
            #expect(app.cursor == CellPosition(column: 22, row: 4))
            app.renderFrame()
            #expect(terminal.screen.cells.filter { $0.background == Chrome.cursor }.count == 1)
            app.handle(.key(.escape))
            #expect(app.cursor == nil)
        }
    }

    @Test("field case 6: two Links in a small widget open the app with no URL on iOS 16, each its URL on 17")
    func fieldCaseSix() {
        FixedClock.run {
            let (app16, _) = makePreview([PreviewWidgets.twoLinks], osVersion: 16)
            app16.renderFrame()
            app16.handle(.key(.tab))
            #expect(app16.targetIndex == nil)
            #expect(
                app16.log.texts.contains {
                    $0.hasPrefix("two-links/systemSmall: no link or control acts here on iOS 16 (2 ignored:")
                        && $0.hasSuffix("; a tap anywhere: opens the app with no URL")
                })
            app16.handle(.key(.enter))
            #expect(app16.log.texts.contains("app opened with no URL"))
            #expect(app16.appPanel.first == "opened with no URL")

            let (app17, _) = makePreview([PreviewWidgets.twoLinks], osVersion: 17)
            app17.renderFrame()
            app17.handle(.key(.tab))
            app17.handle(.key(.enter))
            app17.handle(.key(.tab))
            app17.handle(.key(.enter))
            #expect(
                app17.log.texts.filter { $0.hasPrefix("notes://note/") } == [
                    "notes://note/1 → notes.note.id (notes://note/{id}) id=1", "notes://note/2 → notes.note.id (notes://note/{id}) id=2",
                ])
        }
    }

    @Test("field case 5: two widgetURLs: every tap opens the last one, with the diagnostic")
    func fieldCaseFive() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.twoWidgetURLs])
            app.renderFrame()
            #expect(
                app.log.entries.contains { $0.kind == .diagnostic && $0.severity == .warning && $0.text.contains("multiple-widget-urls") })
            app.handle(.key(.enter))
            app.handle(.key(.left))
            app.handle(.key(.left))
            app.handle(.key(.enter))
            let opened = app.log.texts.filter { $0.hasPrefix("photos://") }
            #expect(opened == Array(repeating: "photos://album/second → photos.album.name (photos://album/{name}) name=second", count: 2))
            let warnings = app.log.entries.filter { $0.kind == .diagnostic && $0.text.contains("multiple-widget-urls") }
            #expect(warnings.count == 3) // once when shown, then with each tap
            app.renderFrame()
            #expect(terminal.text.contains("opened photos://album/second"))
        }
    }

    @Test("a tick repaints only the timer's cells and the status bar clock; no body runs")
    func tickRepaintsOnlyChangedCells() throws {
        try FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.timer])
            app.renderFrame()
            let instance = try #require(app.instances["timer"]?[.systemSmall])
            let evaluations = instance.bodyEvaluations
            let placement = try #require(app.placements.regions.first)
            let frame = instance.frame(at: HostClock.now, appearance: placement.content.appearance).frame
            let live = frame.liveRegions.map {
                CellRect(
                    x: placement.origin.column + $0.rect.x, y: placement.origin.row + $0.rect.y, width: $0.rect.width,
                    height: $0.rect.height)
            }
            #expect(live.count == 1)
            HostClock.set(FixedClock.reference.addingTimeInterval(1))
            app.renderFrame()
            let runs = try #require(terminal.presentedFrames.last)
            // 25:00 → 24:59 changes "5" → "4" and "00" → "59" (the "2" and the colon stay); the status bar clock "0" → "1".
            #expect(runs.map(\.width) == [1, 2, 1])
            for run in runs {
                let inTimer = live.contains {
                    $0.contains(column: run.column, row: run.row) && $0.contains(column: run.column + run.width - 1, row: run.row)
                }
                #expect(inTimer || run.row == 37, "run \(run) outside the timer and the status bar")
            }
            #expect(terminal.text.contains("24:59"))
            #expect(terminal.lines[37].contains("09:41:01"))
            #expect(instance.bodyEvaluations == evaluations)
        }
    }

    @Test func intentRunsOffTheRenderPathAndTheWidgetReloads() {
        FixedClock.run {
            UserDefaults(suiteName: CountTapIntent.suite)?.removePersistentDomain(forName: CountTapIntent.suite)
            defer { UserDefaults(suiteName: CountTapIntent.suite)?.removePersistentDomain(forName: CountTapIntent.suite) }
            let (app, terminal) = makePreview([PreviewWidgets.counter])
            app.renderFrame()
            #expect(terminal.text.contains("Taps 0"))
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            app.renderFrame()
            #expect(terminal.text.contains("intent running…"))
            CountTapIntent.gate.signal()
            app.waitForIntents()
            app.renderFrame()
            #expect(app.log.texts.contains { $0.hasPrefix("intent CountTapIntent succeeded in") })
            #expect(app.log.texts.contains("counter/systemSmall reload: intent performed (exempt) · budget left 39"))
            #expect(terminal.text.contains("Taps 1"))
            #expect(!terminal.text.contains("intent running…"))
        }
    }

    @Test("after an intent only the tapped widget reloads, as on iOS; the log says so and how to ask for the others")
    func intentReloadsOnlyTheTappedWidget() {
        FixedClock.run {
            UserDefaults(suiteName: CountTapIntent.suite)?.removePersistentDomain(forName: CountTapIntent.suite)
            defer { UserDefaults(suiteName: CountTapIntent.suite)?.removePersistentDomain(forName: CountTapIntent.suite) }
            let (app, terminal) = makePreview([PreviewWidgets.counterInTwoFamilies])
            app.renderFrame()
            #expect(terminal.text.components(separatedBy: "Taps 0").count == 3, "both families show 0")
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            CountTapIntent.gate.signal()
            app.waitForIntents()
            app.renderFrame()
            #expect(app.log.texts.contains("counter2/systemSmall reload: intent performed (exempt) · budget left 39"))
            #expect(!app.log.texts.contains { $0.hasPrefix("counter2/systemMedium reload: intent") })
            #expect(
                app.log.texts.contains(
                    "counter2/systemMedium keep their render until their own reload: iOS reloads only the "
                        + "tapped widget after an intent; perform() can call "
                        + "WidgetCenter.shared.reloadTimelines(ofKind: \"counter2\") to ask for the others"))
            #expect(terminal.text.contains("Taps 1") && terminal.text.contains("Taps 0"))
        }
    }

    @Test("a toggle shows its new state at once and snaps back when the store disagrees after the reload")
    func toggleSnapsBack() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.lamp])
            app.renderFrame()
            #expect(firstWidgetText(app, terminal).contains("Lamp") && firstWidgetText(app, terminal).contains("○"))
            #expect(!firstWidgetText(app, terminal).contains("◉"))
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            app.renderFrame()
            #expect(
                firstWidgetText(app, terminal).contains("◉") && !firstWidgetText(app, terminal).contains("○"), "the new state shows at once"
            )
            #expect(terminal.text.contains("intent running…, toggle pending"))
            GatedIntent.gate.signal()
            app.waitForIntents()
            app.renderFrame()
            #expect(app.log.texts.contains("lamp/systemSmall reload: intent performed (exempt) · budget left 39"))
            #expect(app.log.texts.contains("toggle snapped back to off: the store disagrees after the reload"))
            #expect(firstWidgetText(app, terminal).contains("○") && !firstWidgetText(app, terminal).contains("◉"))
        }
    }

    @Test("an intent that throws is logged and the widget stays as it was, with no reload")
    func throwingIntent() {
        FixedClock.run {
            let (app, _) = makePreview([PreviewWidgets.broken])
            app.renderFrame()
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            app.waitForIntents()
            app.renderFrame()
            #expect(app.log.texts.contains("intent BrokenIntent threw Offline: the lamp is offline; broken unchanged"))
            #expect(app.log.entries.contains { $0.kind == .diagnostic && $0.severity == .error && $0.text.contains("intent-threw") })
            #expect(
                app.log.texts.filter { $0.hasPrefix("broken/systemSmall reload") } == [
                    "broken/systemSmall reload: initial · budget left 39"
                ])
        }
    }

    @Test func clockKeysPauseJumpAndChangeSpeed() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.stepped])
            app.renderFrame()
            #expect(terminal.text.contains("Entry 41"))
            app.handle(.key(.character("n")))
            #expect(HostClock.now == FixedClock.reference.addingTimeInterval(600))
            app.renderFrame()
            #expect(terminal.text.contains("Entry 51"))
            #expect(app.log.texts.contains("clock → 2026-03-14 09:51:00 (next entry of stepped/systemSmall)"))
            app.handle(.key(.character("n")))
            app.handle(.key(.character("n")))
            #expect(HostClock.now == FixedClock.reference.addingTimeInterval(1200))
            #expect(app.log.texts.last == "no later entry of stepped/systemSmall and no reload scheduled (policy .never): the clock stays")
            app.handle(.key(.character("+")))
            app.handle(.key(.character("+")))
            #expect(HostClock.speed == 5)
            app.handle(.key(.character("-")))
            #expect(HostClock.speed == 2)
            app.renderFrame()
            #expect(
                terminal.lines[37].hasSuffix(
                    "│ paused"
                        + String(repeating: " ", count: 120 - DisplayWidth.of(terminal.lines[37].trimmingCharacters(in: .whitespaces)) - 1))
            )
            app.handle(.key(.character(" ")))
            #expect(!HostClock.isPaused)
            app.handle(.key(.character(" ")))
            #expect(HostClock.isPaused)
            app.handle(.key(.character("r")))
            #expect(app.log.texts.last == "stepped/systemSmall reload: app requested · budget left 38")
        }
    }

    @Test("--open-command runs with the URL as its one argument, off the render path, and its answer is logged")
    func openCommand() throws {
        try FixedClock.run {
            let widgets = [PreviewWidgets.links]
            let configuration = PreviewConfiguration(
                widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat,
                router: try DeepLinkRouter(widgets: widgets), urlOpener: try URLOpener(command: "/bin/echo"))
            let preview = InMemoryPreview(configuration: configuration)
            let app = preview.app
            app.renderFrame()
            app.handle(.key(.tab))
            app.handle(.key(.enter))
            // The opener's completion wakes the terminal: each wake is handled and drawn, then checked.
            let answered = preview.waitUntil { app.log.texts.contains("/bin/echo shop://orders/41 → exit 0: shop://orders/41") }
            #expect(answered, "\(app.log.texts)")
        }
    }

    @Test("100 fast taps with a slow --open-command run at most 4 openers; the rest are refused and logged, all are reaped")
    func openerBurstIsBounded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-burst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("slow-opener")
        try Data("#!/bin/sh\nexec sleep 300\n".utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let opener = try URLOpener(command: script.path, timeLimit: 1)
        try FixedClock.run {
            let widgets = [PreviewWidgets.links]
            let configuration = PreviewConfiguration(
                widgets: widgets, theme: Theme.builtIn(.light), format: FixedClock.utcFormat,
                router: try DeepLinkRouter(widgets: widgets), urlOpener: opener)
            let preview = InMemoryPreview(configuration: configuration)
            let app = preview.app
            app.renderFrame()
            app.handle(.key(.tab))
            for _ in 0..<100 { app.handle(.key(.enter)) }
            #expect(opener.runningCount == 4)
            let refused = app.log.texts.filter { $0.hasSuffix("4 runs are still going on, the most at once; this URL was not opened") }
            #expect(refused.count == 96)
            // Each run that reaches its time limit wakes the terminal: handled, drawn, then counted.
            let stoppedCount = { app.log.texts.filter { $0 == "\(script.path) shop://orders/41 → timed out" }.count }
            preview.waitUntil { stoppedCount() >= 4 }
            #expect(stoppedCount() == 4, "\(app.log.texts.suffix(8))")
            #expect(opener.runningCount == 0)
        }
    }

    @Test func runLoopSleepsForInputWhilePausedAndStopsOnSignal() {
        FixedClock.run {
            let (app, terminal) = makePreview([PreviewWidgets.links])
            terminal.enqueueKeys(.character("f"), .tab)
            terminal.enqueue(.signal(SIGTERM))
            #expect(app.run() == .signal(SIGTERM))
            #expect(terminal.requestedTimeouts == [nil, nil, nil])
            #expect(terminal.presentedFrames.count == 3)

            let (quitting, quitTerminal) = makePreview([PreviewWidgets.links])
            quitTerminal.enqueueKeys(.character("q"))
            #expect(quitting.run() == .quit)
        }
    }

    @Test func textFitting() {
        #expect(TextFitting.truncate("hello world", to: 5) == "hell…")
        #expect(TextFitting.truncate("hi", to: 5) == "hi")
        #expect(TextFitting.wrap("one two three four", width: 9, indent: "  ") == ["one two", "  three", "  four"])
        #expect(TextFitting.wrap("abcdefghijkl", width: 5) == ["abcde", "fghij", "kl"])
    }
}

// MARK: - The command

@Suite struct PreviewCommandTests {
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        // Under the clock lock: a command may move the one process clock (`--at`).
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments, widgets: SampleWidgetBundle().widgetDescriptors, environment: [:],
                output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test("--app-group is accepted by every command that runs widget code, not only the preview")
    func appGroupFlagEverywhere() {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-flag-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for arguments in [
            ["render", "water", "--format", "text"], ["gallery", "water", "--format", "text"], ["timeline", "water"],
            ["check", "water", "--family", "systemSmall", "--theme", "light"],
        ] {
            let result = Self.run(arguments + ["--app-group", directory])
            #expect(!result.errors.contains("unknown flag"), "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("does not apply"), "\(arguments): \(result.errors)")
            #expect(result.status != 2, "\(arguments)")
        }
    }

    @Test("a misspelt command, widget kind or flag is answered with the nearest valid name, exit 2")
    func misspellingsSuggestTheNearestName() {
        let command = Self.run(["rendr", "water"])
        #expect(command.status == 2)
        #expect(command.errors.hasPrefix("widgetterm: unknown command rendr (did you mean render?); valid commands: preview, list,"))
        #expect(
            Self.run(["render", "wether"]).errors.hasPrefix("widgetterm: unknown widget kind wether (did you mean weather?); valid kinds:"))
        #expect(
            Self.run(["render", "water", "--famly", "systemSmall"]).errors
                .hasPrefix("widgetterm: unknown flag --famly (did you mean --family?); valid flags: --app-group,"))
        #expect(Self.run(["render", "water", "--xyz", "1"]).errors.hasPrefix("widgetterm: unknown flag --xyz; valid flags:"))
        // A flag other commands take is known: the command says it does not apply, not that it is unknown.
        let global = Self.run(["--theme", "dark", "list"])
        #expect(global.status == 2)
        #expect(global.errors == "widgetterm: --theme does not apply to this command; its flags: --app-group, --help\n", "\(global.errors)")
    }

    @Test func notATerminalSaysSoAndExitsTwo() {
        for arguments in [[], ["preview"], ["preview", "orders", "--family", "systemLarge"], ["--os", "16"]] {
            let result = Self.run(arguments)
            #expect(result.status == 2)
            #expect(
                result.errors == "widgetterm: preview is interactive and needs a terminal, but standard output is not one. "
                    + "To print widgets instead, use `widgetterm gallery` or `widgetterm render KIND`.\n")
        }
    }

    @Test func badFlagsAreUsageErrors() {
        #expect(
            Self.run(["preview", "orders", "--family", "accessoryInline"]).errors
                == "widgetterm: orders does not support accessoryInline; supported families: systemMedium, systemLarge, systemSmall\n")
        #expect(
            Self.run(["preview", "--speed", "0"]).errors
                == "widgetterm: --speed takes simulated seconds per real second, more than 0 and at most 86400, not 0\n")
        #expect(Self.run(["preview", "nope"]).status == 2)
        #expect(Self.run(["preview", "orders", "water"]).status == 2)
        let help = Self.run(["preview", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--speed N          simulated seconds per real second (default 1)"))
    }
}
