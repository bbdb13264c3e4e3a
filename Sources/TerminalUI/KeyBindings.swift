import Foundation

// MARK: - Keys

/// What a key does in the preview (`PreviewApp.perform(_:)`); `KeyBindings.all` maps keys to these.
public enum PreviewAction: Hashable, Sendable {
    case quit, toggleHelp, closeOverlay
    case nextWidget, previousWidget, nextFamily, previousFamily, nextMode, previousMode, nextTheme, previousTheme
    case toggleView
    /// The Live Activity island screen and back (IslandScreen.swift).
    case toggleIslands
    /// The Control Center controls screen and back (ControlScreen.swift).
    case toggleControls
    /// The Edit Widget sheet of the focused widget and back (EditWidgetSheet.swift).
    case editWidget
    /// StandBy by day, at night, and back; the Smart Stack and back; CarPlay and back (SurfaceScreen.swift).
    case cycleStandBy, toggleSmartStack, toggleCarPlay
    /// Applies the `--push-file` payload to the focused Live Activity (`P`).
    case applyPush
    /// Sends a content-changed push (`--widget-push-file`) to the selected control or the focused widget (`U`).
    case sendWidgetPush
    case togglePause, jumpToNextEntry, jumpToPreviousEntry, speedUp, slowDown
    case reload
    case nextTarget, previousTarget, tap
    case moveCursor(columns: Int, rows: Int)
    case scrollUp, scrollDown
    /// Xcode-canvas controls (CanvasControls.swift): device, colour scheme, iOS version, locale, provider context,
    /// and a jump to entry N (1-based) of the focused widget's timeline.
    case nextDevice, previousDevice, toggleColorScheme, nextOSVersion, previousOSVersion, nextLocale, cycleContext
    /// The next or previous Dynamic Type size (`z`, `Z`).
    case largerText, smallerText
    case jumpToEntry(Int)
}

/// One entry of the key table: the keys, what they do, and how the help overlay and status bar show them.
public struct KeyBinding: Sendable {
    /// The keys that trigger the action; any one of them does.
    public var keys: [Key]
    /// What pressing one of `keys` does (`PreviewApp.perform(_:)`).
    public var action: PreviewAction
    /// The keys as the help overlay shows them (`w / W`).
    public var label: String
    /// What the binding does, as the help overlay describes it after `label`.
    public var help: String
    /// The short form in the status bar hints, nil when the binding is only in the help overlay.
    public var hint: String?
}

/// The preview's keys: the one table the key handler, the help overlay and the status bar hints read, so
/// every key is shown where it is used.
public enum KeyBindings {
    /// Every binding, in the order the help overlay lists them.
    public static let all: [KeyBinding] = [
        KeyBinding(keys: [.character("?")], action: .toggleHelp, label: "?", help: "show or hide this help", hint: "help"),
        KeyBinding(
            keys: [.character("q"), .control("c")], action: .quit, label: "q  Ctrl-C", help: "quit (the terminal is restored)",
            hint: "quit"),
        KeyBinding(keys: [.character("w")], action: .nextWidget, label: "w", help: "next widget", hint: nil),
        KeyBinding(keys: [.character("W")], action: .previousWidget, label: "W", help: "previous widget", hint: nil),
        KeyBinding(keys: [.character("f")], action: .nextFamily, label: "f", help: "next family (the focused widget)", hint: nil),
        KeyBinding(keys: [.character("F")], action: .previousFamily, label: "F", help: "previous family", hint: nil),
        KeyBinding(
            keys: [.character("m")], action: .nextMode, label: "m", help: "next rendering mode (fullColor, accented, vibrant)", hint: nil),
        KeyBinding(keys: [.character("M")], action: .previousMode, label: "M", help: "previous rendering mode", hint: nil),
        KeyBinding(keys: [.character("t")], action: .nextTheme, label: "t", help: "next theme (and its own mode)", hint: nil),
        KeyBinding(keys: [.character("T")], action: .previousTheme, label: "T", help: "previous theme", hint: nil),
        KeyBinding(
            keys: [.character("v")], action: .toggleView, label: "v", help: "gallery (every family) / mode matrix (one family, 3 modes)",
            hint: "view"),
        KeyBinding(
            keys: [.character("i")], action: .toggleIslands, label: "i",
            help:
                "Live Activities: the Dynamic Island and Lock Screen (s start, k kind, u next state, x stale, e end, E end now, L end in 15 min, 2 two, N new push token)",
            hint: nil),
        KeyBinding(
            keys: [.character("C")], action: .toggleControls, label: "C",
            help: "Control Center controls (iOS 18+): each at every size and place (Enter tap, w next control)", hint: nil),
        KeyBinding(
            keys: [.character("e")], action: .editWidget, label: "e",
            help: "Edit Widget: the focused widget's parameters (↑↓ move, Enter change: a list, typed text or a toggle; Esc done)",
            hint: "edit"),
        KeyBinding(
            keys: [.character("S")], action: .cycleStandBy, label: "S",
            help: "StandBy: this small widget and the next side by side on black; again: at night (red); again: close", hint: nil),
        KeyBinding(
            keys: [.character("R")], action: .toggleSmartStack, label: "R",
            help: "Smart Stack of the small widgets: the one on top at the clock by relevance, why, the next rotations", hint: nil),
        KeyBinding(
            keys: [.character("A")], action: .toggleCarPlay, label: "A",
            help: "CarPlay (iOS 26): this small widget, the next two, and the focused Live Activity below; again: close",
            hint: nil),
        KeyBinding(
            keys: [.character("P")], action: .applyPush, label: "P",
            help: "push: apply the --push-file payload as APNs delivers it (update, end: the focused activity; start: a new one)",
            hint: nil),
        KeyBinding(
            keys: [.character("U")], action: .sendWidgetPush, label: "U",
            help: "widget push: content-changed (--widget-push-file) to the focused widget, or the selected control on the C screen; "
                + "a budgeted reload, only with a push handler",
            hint: nil),
        KeyBinding(keys: [.character(" ")], action: .togglePause, label: "Space", help: "pause or resume the clock", hint: "pause"),
        KeyBinding(
            keys: [.character("n")], action: .jumpToNextEntry, label: "n",
            help: "jump the clock to the next entry of the focused widget and family (or its next reload)", hint: "next entry"),
        KeyBinding(
            keys: [.character("p")], action: .jumpToPreviousEntry, label: "p",
            help: "back to the previous entry of the focused widget and family", hint: nil),
        KeyBinding(
            keys: [.character("+"), .character("=")], action: .speedUp, label: "+", help: "clock faster: ×1, 2, 5, 10, 30, 60, 600, 3600",
            hint: nil),
        KeyBinding(keys: [.character("-"), .character("_")], action: .slowDown, label: "-", help: "clock slower", hint: nil),
        KeyBinding(
            keys: [.character("r")], action: .reload, label: "r",
            help: "reload the widget's timelines as the app asking (uses the budget)", hint: "reload"),
        KeyBinding(keys: [.tab], action: .nextTarget, label: "Tab", help: "next link or control of the focused widget", hint: "target"),
        KeyBinding(keys: [.backTab], action: .previousTarget, label: "Shift-Tab", help: "previous link or control", hint: nil),
        KeyBinding(keys: [.enter], action: .tap, label: "Enter", help: "tap the highlighted target, or the touch cursor", hint: "tap"),
        KeyBinding(
            keys: [.up], action: .moveCursor(columns: 0, rows: -1), label: "Arrows", help: "move the touch cursor (tap anywhere)",
            hint: nil),
        KeyBinding(keys: [.down], action: .moveCursor(columns: 0, rows: 1), label: "", help: "", hint: nil),
        KeyBinding(keys: [.left], action: .moveCursor(columns: -1, rows: 0), label: "", help: "", hint: nil),
        KeyBinding(keys: [.right], action: .moveCursor(columns: 1, rows: 0), label: "", help: "", hint: nil),
        KeyBinding(keys: [.pageUp], action: .scrollUp, label: "PgUp PgDn", help: "scroll the widgets when they do not fit", hint: nil),
        KeyBinding(keys: [.pageDown], action: .scrollDown, label: "", help: "", hint: nil),
        KeyBinding(
            keys: (1...9).map { .character(Character(String($0))) }, action: .jumpToEntry(0), label: "1-9",
            help: "jump the clock to entry N of the focused widget's timeline panel", hint: nil),
        KeyBinding(
            keys: [.character("c")], action: .cycleContext, label: "c",
            help: "context: timeline, placeholder (redacted), snapshot (isPreview)", hint: nil),
        KeyBinding(
            keys: [.character("d")], action: .nextDevice, label: "d / D",
            help: "next / previous device (the widgets are placed again)", hint: nil),
        KeyBinding(keys: [.character("D")], action: .previousDevice, label: "", help: "", hint: nil),
        KeyBinding(
            keys: [.character("a")], action: .toggleColorScheme, label: "a", help: "colour scheme: the theme's, light, dark",
            hint: nil),
        KeyBinding(
            keys: [.character("o")], action: .nextOSVersion, label: "o / O", help: "next / previous iOS version (14-18, 26)",
            hint: nil),
        KeyBinding(keys: [.character("O")], action: .previousOSVersion, label: "", help: "", hint: nil),
        KeyBinding(
            keys: [.character("l")], action: .nextLocale, label: "l", help: "next locale (en_US en_GB fr_FR de_DE ja_JP ar_SA)",
            hint: nil),
        KeyBinding(
            keys: [.character("z")], action: .largerText, label: "z / Z",
            help: "larger / smaller text: Dynamic Type xSmall to accessibility5 (\\.dynamicTypeSize, text style point sizes)",
            hint: nil),
        KeyBinding(keys: [.character("Z")], action: .smallerText, label: "", help: "", hint: nil),
        KeyBinding(keys: [.escape], action: .closeOverlay, label: "Esc", help: "close help; clear the target and cursor", hint: nil),
    ]

    /// The action of a key, nil when the key does nothing.
    public static func action(for key: Key) -> PreviewAction? {
        if case .character(let character) = key, character.isASCII, let digit = character.wholeNumberValue, (1...9).contains(digit) {
            return .jumpToEntry(digit)
        }
        return all.first { $0.keys.contains(key) }?.action
    }

    /// The status bar hints, as (keys, meaning) pairs: every key, in one or two rows under the status bar (`i/C/S/R/A/P/U`:
    /// the Live Activity, controls, StandBy, Smart Stack and CarPlay screens, a push that opens the Live Activity screen,
    /// and a widget or control push).
    public static let hints: [(String, String)] = [
        ("?", "help"), ("q", "quit"), ("w/W", "widget"), ("f/F", "family"), ("m/M", "mode"), ("t/T", "theme"), ("v", "view"),
        ("i/C/S/R/A/P/U", "screens"), ("e", "edit"), ("c/d/a/o/l/z", "canvas"), ("n/p", "entry"), ("Space", "pause"), ("+/-", "speed"),
        ("r", "reload"), ("Tab/Shift-Tab", "target"),
        ("Enter/click", "tap"), ("Arrows", "cursor"), ("PgUp/PgDn", "scroll"), ("Esc", "clear"),
    ]

    /// The hints laid out in at most `maxRows` rows of `width` columns; what does not fit is left to the help
    /// overlay (`?` always comes first).
    public static func hintRows(width: Int, maxRows: Int) -> [[(String, String)]] {
        var rows: [[(String, String)]] = [[]]
        var x = 1
        for (keys, meaning) in hints {
            let needed = keys.count + meaning.count + 3
            if x + needed > width {
                guard rows.count < maxRows else { break }
                rows.append([])
                x = 1
            }
            rows[rows.count - 1].append((keys, meaning))
            x += needed
        }
        return rows
    }

    /// Lines of the help overlay: keys, then what they do; the mouse last.
    public static var helpLines: [(String, String)] {
        all.filter { !$0.label.isEmpty }.map { ($0.label, $0.help) } + [("click", "tap where the mouse lands (focuses that widget)")]
    }
}
