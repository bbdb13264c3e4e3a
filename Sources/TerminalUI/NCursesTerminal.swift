import Foundation
import CNCurses
import CellLayout
import CellRender
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The ncursesw terminal

/// Why the terminal could not be opened.
public struct TerminalError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, in words a person can act on.
    public let message: String
    /// Creates an error carrying `message`.
    public init(_ message: String) { self.message = message }
    /// The message, as printed.
    public var description: String { message }
}

/// The real terminal, through ncursesw: wide characters, colours at the best depth the terminal offers
/// (truecolour through a direct-colour terminfo entry such as `xterm-direct` when `COLORTERM` is
/// `truecolor` or `24bit`, else 256, else 16) with the terminal's default colours for cells that have none,
/// mouse reports (`mousemask`, plus SGR 1006 so columns past 223 work), resizes at any moment, and the
/// terminal restored on quit, on error, on every signal whose default action ends the process, on SIGQUIT and on
/// a crash (before the Swift runtime's crash report, which goes to standard error): `TerminalSignals`.
///
/// Input is read from standard input with `poll(2)` and decoded by `InputDecoder`; ncurses draws. Between
/// events the process sleeps in `poll`: no busy loop.
public final class NCursesTerminal: Terminal {
    /// The terminal's size in cells (columns × rows), as of the last resize ncurses reported.
    public private(set) var size: CellSize
    /// The colour depth chosen when the terminal was opened: truecolour, 256, 16, or none.
    public let colorDepth: ColorDepth
    /// The terminfo entry in use (e.g. `xterm-direct`).
    public let terminfoName: String
    private var decoder = InputDecoder()
    private var pairs: [Int64: Int32] = [:]
    private var hasDefaultColors = false
    private var isRestored = false
    private var glyph: [wchar_t] = [0, 0, 0, 0, 0]

    /// Opens the terminal on standard input and output.
    ///
    /// - Parameters:
    ///   - environment: `TERM`, `COLORTERM` and `NO_COLOR` decide the terminfo entry and colour depth.
    ///   - forcedDepth: a depth asked for on the command line (`--colors`); the terminal's own limit still applies.
    /// - Throws: `TerminalError` when standard input or output is not a terminal or no terminfo entry works.
    public init(environment: [String: String], forcedDepth: ColorDepth? = nil) throws {
        guard isatty(STDOUT_FILENO) != 0 else { throw TerminalError("standard output is not a terminal") }
        guard isatty(STDIN_FILENO) != 0 else { throw TerminalError("standard input is not a terminal; the preview reads keys from it") }
        Self.useUTF8Locale()
        let detected = ColorDepth.detect(environment: environment)
        let wanted = forcedDepth ?? detected
        let term = environment["TERM"].flatMap { $0.isEmpty ? nil : $0 } ?? "xterm-256color"
        var candidates: [String] = []
        if wanted == .trueColor && !term.contains("direct") {
            for suffix in ["-256color", "-color"] where term.hasSuffix(suffix) {
                candidates.append(String(term.dropLast(suffix.count)) + "-direct")
            }
            if !term.contains("-") { candidates.append(term + "-direct") }
            candidates.append("xterm-direct")
        }
        candidates.append(term)
        if term == "dumb" || term == "unknown" { candidates.append("xterm-256color") }

        try TerminalSignals.install()
        var opened: String?
        for candidate in candidates where Self.hasTerminfoEntry(candidate) {
            if candidate.withCString({ widgetterm_newterm($0) }) != nil {
                opened = candidate
                break
            }
        }
        guard let opened else {
            TerminalSignals.uninstall()
            throw TerminalError(
                "no terminfo entry for TERM=\(term) (tried \(candidates.joined(separator: ", "))); "
                    + "install ncurses-term or set TERM to xterm-256color")
        }
        terminfoName = opened
        TerminalSignals.markCursesActive()

        raw()
        noecho()
        nonl()
        typeahead(-1) // never peek at input while drawing: every frame is drawn whole
        let window = widgetterm_stdscr()
        intrflush(window, false)
        keypad(window, false) // InputDecoder reads the bytes itself
        leaveok(window, true)
        curs_set(0)

        var capability = ColorDepth.none
        if has_colors() {
            start_color()
            hasDefaultColors = use_default_colors() == OK
            let colors = widgetterm_colors()
            capability = colors >= 0x1000000 ? .trueColor : colors >= 256 ? .ansi256 : colors >= 8 ? .ansi16 : .none
        }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        colorDepth = noColor && forcedDepth == nil ? .none : Self.lesser(forcedDepth ?? capability, capability)

        _ = widgetterm_enable_mouse()
        var rows: Int32 = 0, columns: Int32 = 0
        if widgetterm_window_size(STDOUT_FILENO, &rows, &columns) == 0 {
            resizeterm(rows, columns)
        }
        size = CellSize(width: Int(widgetterm_columns()), height: Int(widgetterm_lines()))
        wnoutrefresh(window)
        doupdate()
        // SGR mouse reports (1006): ncurses asks for them only when terminfo's kmous says so.
        Self.writeDirectly("\u{1B}[?1006h")
    }

    deinit { restore() }

    // MARK: Drawing

    /// Writes the run's cells into ncurses's screen (continuation cells are covered by their wide grapheme);
    /// nothing reaches the terminal before `present()`.
    public func draw(_ run: CellRun) {
        var column = run.column
        for cell in run.cells {
            defer { column += 1 }
            guard !cell.isContinuation else { continue }
            put(cell, row: run.row, column: column)
        }
    }

    private func put(_ cell: Cell, row: Int, column: Int) {
        guard row >= 0, row < size.height, column >= 0, column < size.width else { return }
        var scalars = Array(cell.glyph.character.unicodeScalars.prefix(4))
        if scalars.isEmpty || scalars[0].value < 0x20 { scalars = [" "] }
        if column == size.width - 1, cell.glyph.displayWidth == 2 { scalars = [" "] }
        for index in 0..<5 { glyph[index] = index < scalars.count ? wchar_t(bitPattern: scalars[index].value) : 0 }
        let pair = pair(
            foreground: cell.glyph == " " ? nil : cell.foreground, background: cell.background,
            blankForeground: cell.foreground)
        glyph.withUnsafeBufferPointer { pointer in
            _ = widgetterm_put_cell(Int32(row), Int32(column), pointer.baseAddress, UInt32(cell.attributes.rawValue), pair)
        }
    }

    /// The colour pair for a foreground and background, allocated once (`alloc_pair`).
    private func pair(foreground: RGB?, background: RGB?, blankForeground: RGB?) -> Int32 {
        guard colorDepth != .none else { return 0 }
        // A blank cell's foreground does not show; keep whatever it was so runs of blanks share a pair.
        var fg = colorNumber(foreground ?? blankForeground, isBackground: false)
        let bg = colorNumber(background, isBackground: true)
        // Two colours that differ but land on one palette entry would hide the text: take the palette's black or
        // white, whichever stands out from the background (only at 16 or fewer colours, where this happens).
        if colorDepth == .ansi16, foreground != nil, fg == bg, foreground != background {
            fg = Self.contrasting(onPaletteIndex: Int(bg))
        }
        let key = Int64(fg) << 32 | Int64(UInt32(bitPattern: bg))
        if let known = pairs[key] { return known }
        let allocated = alloc_pair(fg, bg)
        let pair = allocated < 0 ? 0 : allocated
        pairs[key] = pair
        return pair
    }

    /// The ncurses colour number of an RGB colour at the terminal's depth; -1 is the terminal's default.
    private func colorNumber(_ color: RGB?, isBackground: Bool) -> Int32 {
        guard let color else { return hasDefaultColors ? -1 : (isBackground ? 0 : 7) }
        switch colorDepth {
        case .trueColor:
            let packed = Int32(color.red) << 16 | Int32(color.green) << 8 | Int32(color.blue)
            // Direct-colour entries read numbers below 8 as the ANSI palette: keep near-black colours RGB.
            return packed < 8 ? 0x010101 : packed
        case .ansi256: return Int32(ColorQuantizer.index256(color))
        case .ansi16:
            // With 8 colours (TERM=xterm) the nearest of those 8: the bright half folded onto the dark half made grey
            // chrome text SGR 30, black on a dark terminal.
            return widgetterm_colors() >= 16 ? Int32(ColorQuantizer.index16(color)) : Int32(Self.nearestOfEight(color))
        case .none: return -1
        }
    }

    /// The nearest of the 8 basic ANSI colours (xterm's values).
    static func nearestOfEight(_ color: RGB) -> Int {
        let palette = ColorQuantizer.palette16.prefix(8)
        func distance(_ a: RGB, _ b: RGB) -> Int {
            let r = Int(a.red) - Int(b.red), g = Int(a.green) - Int(b.green), b2 = Int(a.blue) - Int(b.blue)
            return r * r + g * g + b2 * b2
        }
        return palette.indices.min { distance(color, palette[$0]) < distance(color, palette[$1]) } ?? 7
    }

    /// Black (0) or white (7) on the palette entry `index`, whichever has more contrast.
    static func contrasting(onPaletteIndex index: Int) -> Int32 {
        guard index >= 0, index < ColorQuantizer.palette16.count else { return 7 }
        let color = ColorQuantizer.palette16[index]
        let luminance = 299 * Int(color.red) + 587 * Int(color.green) + 114 * Int(color.blue)
        return luminance > 128_000 ? 0 : 7
    }

    /// Makes ncurses repaint the whole screen at the next `present()`.
    public func invalidate() {
        _ = widgetterm_force_full_repaint()
    }

    /// Sends everything drawn since the last call to the terminal in one update (`doupdate`).
    public func present() {
        wnoutrefresh(widgetterm_stdscr())
        doupdate()
    }

    // MARK: Input

    /// Sleeps in `poll(2)` on standard input and the signal pipe for at most `timeout` seconds (nil: no limit),
    /// then returns the decoded keys, mouse reports, resizes, signals and wakes; an empty array on timeout.
    public func waitForEvents(timeout: TimeInterval?) -> [InputEvent] {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalSignals.pipeRead, events: Int16(POLLIN), revents: 0),
        ]
        // Round up to the next millisecond and one more, so a tick never wakes just before its second.
        let milliseconds: Int32 = timeout.map { Int32(min(max(($0 * 1000).rounded(.up) + 1, 0), 86_400_000)) } ?? -1
        let ready = poll(&descriptors, 2, milliseconds)
        var events: [InputEvent] = []
        if ready < 0 {
            // EINTR: a signal arrived; its byte is in the pipe.
            events += signalEvents()
            return events
        }
        if descriptors[1].revents & Int16(POLLIN) != 0 { events += signalEvents() }
        if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { events += readInput() }
        return events
    }

    private func readInput() -> [InputEvent] {
        var events: [InputEvent] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count == 0 { return events + [.signal(SIGHUP)] } // the terminal went away
            if count < 0 { break }
            events += decoder.decode(buffer[0..<count])
            guard decoder.hasPendingBytes else { break }
            // The read ended inside an escape sequence: give the rest 30 ms to arrive.
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 30) <= 0 {
                events += decoder.flush()
                break
            }
        }
        return events
    }

    private func signalEvents() -> [InputEvent] {
        var events: [InputEvent] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(TerminalSignals.pipeRead, &bytes, bytes.count)
            guard count > 0 else { break }
            for byte in bytes[0..<count] {
                switch Int32(byte) {
                case 0: if !events.contains(.wake) { events.append(.wake) }
                case SIGWINCH, SIGCONT:
                    events.removeAll { if case .resize = $0 { return true } else { return false } }
                    events.append(.resize(updateSize()))
                default: events.append(.signal(Int32(byte)))
                }
            }
        }
        return events
    }

    private func updateSize() -> CellSize {
        var rows: Int32 = 0, columns: Int32 = 0
        if widgetterm_window_size(STDOUT_FILENO, &rows, &columns) == 0 {
            resizeterm(rows, columns)
        }
        size = CellSize(width: Int(widgetterm_columns()), height: Int(widgetterm_lines()))
        _ = widgetterm_force_full_repaint()
        return size
    }

    /// Writes to the signal pipe (`TerminalSignals.wake()`), which makes a sleeping `waitForEvents(timeout:)` return `.wake`.
    public var wakeHandler: @Sendable () -> Void { { TerminalSignals.wake() } }

    // MARK: Restoring

    /// Erases the screen, turns mouse reports off, shows the cursor and ends ncurses (`endwin`); later calls do
    /// nothing.
    ///
    /// The erase is for tmux: leaving the alternate screen after a resize, tmux 3.3a first reflows the alternate
    /// screen to the size it was entered at; a row with more cells than that width splits, the split rows at the top
    /// count as scrolled history, and the resize back to the pane's size pulls them into view above the shell's
    /// own output. An erased alternate screen has no cells to split (DECISIONS "The frame left in the shell after
    /// a resize").
    public func restore() {
        guard !isRestored else { return }
        isRestored = true
        let window = widgetterm_stdscr()
        wclear(window)
        wnoutrefresh(window)
        doupdate()
        _ = widgetterm_disable_mouse()
        curs_set(1)
        endwin()
        Self.writeDirectly("\u{1B}[?1006l\u{1B}[?1000l")
        TerminalSignals.uninstall()
    }

    // MARK: Helpers

    /// ncursesw needs a UTF-8 `LC_CTYPE` for wide characters: the user's, else C.UTF-8.
    private static func useUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if let codeset = nl_langinfo(nl_item(CODESET)), String(cString: codeset) == "UTF-8" { return }
        setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// Whether a compiled terminfo entry exists (newterm would otherwise print to standard error).
    static func hasTerminfoEntry(_ name: String) -> Bool {
        guard let first = name.first, !name.contains("/") else { return false }
        let environment = ProcessInfo.processInfo.environment
        var directories = [environment["TERMINFO"], environment["HOME"].map { $0 + "/.terminfo" }].compactMap { $0 }
        directories += (environment["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo", "/usr/local/share/terminfo"]
        let hex = String(format: "%02x", first.asciiValue ?? 0)
        return directories.contains { directory in
            FileManager.default.fileExists(atPath: "\(directory)/\(first)/\(name)")
                || FileManager.default.fileExists(atPath: "\(directory)/\(hex)/\(name)")
        }
    }

    private static func lesser(_ a: ColorDepth, _ b: ColorDepth) -> ColorDepth {
        let order: [ColorDepth] = [.none, .ansi16, .ansi256, .trueColor]
        return order[min(order.firstIndex(of: a) ?? 0, order.firstIndex(of: b) ?? 0)]
    }

    static func writeDirectly(_ text: String) {
        _ = widgetterm_flush_stdout()
        var text = text
        text.withUTF8 { bytes in _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
    }
}
