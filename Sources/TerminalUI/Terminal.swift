import Foundation
import CellLayout
import CellRender

// MARK: - The terminal the preview draws on

/// A screen of cells the interactive preview draws on and reads input from: the ncursesw terminal
/// (`NCursesTerminal`) or its in-memory twin for tests (`MemoryTerminal`). ARCHITECTURE.md "One frame": the
/// app composes one screen of cells per frame, diffs it with the previous one, and hands the terminal only
/// the runs of cells that changed.
public protocol Terminal: AnyObject {
    /// The terminal's size in cells (columns × rows), as of the last resize event.
    var size: CellSize { get }

    /// The colours the terminal shows: truecolour, 256, 16, or none.
    var colorDepth: ColorDepth { get }

    /// Draws one run of changed cells. `run.cells` covers `run.column ..< run.column + run.cells.count` of
    /// `run.row`; continuation cells (the right half of a wide grapheme) are covered by their grapheme and
    /// are not written on their own.
    func draw(_ run: CellRun)

    /// Forgets what the terminal shows, so the next frame is drawn whole (after a resize, or to repair a
    /// garbled screen).
    func invalidate()

    /// Shows everything drawn since the last call, in one write.
    func present()

    /// Waits for input, a resize, a signal or a `wake()` for at most `timeout` seconds (nil: no limit) and
    /// returns what arrived, in order; an empty array when the time ran out. The process sleeps meanwhile.
    func waitForEvents(timeout: TimeInterval?) -> [InputEvent]

    /// A function any thread may call to make a `waitForEvents(timeout:)` in progress return with `.wake`:
    /// used when an intent or an `--open-command` finishes off the render path.
    var wakeHandler: @Sendable () -> Void { get }

    /// Gives the terminal back as it was found: normal screen, cursor shown, mouse reports off, cooked mode.
    /// Safe to call more than once.
    func restore()
}

// MARK: - Input events

/// Something that happened at the terminal.
public enum InputEvent: Equatable, Sendable {
    /// A key press.
    case key(Key)
    /// A mouse button press or release, in screen cells (0-based).
    case mouse(MouseEvent)
    /// The terminal changed size.
    case resize(CellSize)
    /// A signal whose default action ends the process arrived (SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2,
    /// SIGALRM, SIGPIPE...): restore the terminal and stop.
    case signal(Int32)
    /// The terminal's `wakeHandler` was called (work finished on another thread).
    case wake
}

/// A key, decoded from the bytes the terminal sends.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character (letters, digits, punctuation, space).
    case character(Character)
    /// Return or Enter.
    case enter
    /// Tab.
    case tab
    /// Shift-Tab (back tab, `ESC [ Z`).
    case backTab
    /// The arrow keys (CSI or SS3 `A`–`D`; modifiers ignored).
    case up, down, left, right
    /// Page Up/Down (`ESC [ 5 ~`, `ESC [ 6 ~`), Home and End (several encodings).
    case pageUp, pageDown, home, end
    /// Escape pressed on its own (no sequence followed within 30 ms).
    case escape
    /// Backspace (DEL or BS).
    case backspace
    /// Control plus a letter (Ctrl-C is `.control("c")`).
    case control(Character)

    /// The key as the help overlay and the log name it (`Space`, `Shift-Tab`, `Ctrl-C`).
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .home: return "Home"
        case .end: return "End"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .control(let letter): return "Ctrl-\(letter.uppercased())"
        }
    }
}

/// A mouse report (SGR 1006 or the older X10 encoding), in screen cells.
public struct MouseEvent: Equatable, Sendable {
    /// What the button did.
    public enum Kind: Equatable, Sendable {
        case press, release
        /// Movement with a button held, or a wheel step; not a tap.
        case other
    }

    /// 0 left, 1 middle, 2 right; 64 and 65 the wheel.
    public var button: Int
    /// Whether the button was pressed, released, or something else (a drag or wheel step).
    public var kind: Kind
    /// 0-based column.
    public var column: Int
    /// 0-based row.
    public var row: Int

    /// Creates a report of `button` (0 left, 1 middle, 2 right; 64 and 65 the wheel) at the 0-based screen cell (`column`, `row`).
    public init(button: Int, kind: Kind, column: Int, row: Int) {
        self.button = button
        self.kind = kind
        self.column = column
        self.row = row
    }

    /// True for a left-button press: what the preview treats as a tap.
    public var isTap: Bool { button == 0 && kind == .press }
}
