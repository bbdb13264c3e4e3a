import Foundation
import Testing
import TestSupport

/// The Edit Widget sheet (`e`) in the real binary under tmux (issue 13 item 6).
@Suite(.serialized, .tmuxInstalled)
struct EditWidgetSheetTmuxTests {
    @Test("e lists station-board's parameters; a list, typed text and a toggle change them and reload the widget")
    func editSheet() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.launch(["preview", "station-board", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"])
        try session.wait(forAll: ["Station board (station-board)", "Next departures", "🚋 Rossio", "e edit"])
        try session.keys("e")
        // Each row is the sheet's left border, a space, then the row: a marker, the title padded to 15, the value,
        // and › for a list.
        try session.wait(forAll: [
            "Edit Widget — Station board",
            "│ ▸ Title          Next departures", "│   Departures     3", "│   Show platform  On",
            "│   Mode           Tram ›", "│   Station        Rossio ›", "│   Line           28E ›",
            "│ ↑↓ move  Enter change  Esc done",
        ])
        // The entity's list: suggestedEntities(), the current one checked and highlighted.
        try session.keys("Down", "Down", "Down", "Down", "Enter")
        try session.wait(forAll: [
            "│ Station: choose one", "│     Cais do Sodré", "│ ▸ ✓ Rossio", "│     Belém", "│ ↑↓ move  Enter choose  Esc back",
        ])
        try session.keys("Down", "Enter")
        try session.wait(for: "│ ▸ Station        Belém ›")
        // The enum's list.
        try session.keys("Up", "Enter")
        try session.wait(forAll: ["│ Mode: choose one", "│     Bus", "│ ▸ ✓ Tram", "│     Metro"])
        try session.keys("Up", "Enter")
        try session.wait(for: "│ ▸ Mode           Bus ›")
        // Typed text: the current value, Backspace, new text, Enter.
        try session.keys("Up", "Up", "Up", "Enter")
        try session.wait(forAll: ["│ Title (String):", "│   Next departures█", "│ type  Backspace delete  Enter set  Esc cancel"])
        for _ in 0..<"departures".count { try session.keys("BSpace") }
        try session.keys("-l", "bus")
        try session.wait(for: "│   Next bus█")
        try session.keys("Enter")
        try session.wait(for: "│ ▸ Title          Next bus")
        // A number that is not one is refused in the sheet, naming the parameter.
        try session.keys("Down", "Enter")
        try session.keys("-l", "x")
        try session.keys("Enter")
        try session.wait(forAll: ["│ parameter count takes an Int, not 3x", "│ ▸ Departures     3"])
        // The toggle flips at once.
        try session.keys("Down", "Enter")
        try session.wait(for: "│ ▸ Show platform  Off")
        // Closed: the widget shows the new values, without the platform.
        try session.keys("Escape")
        try session.wait(forAll: ["Next bus", "🚌 Belém", "28E 2 min"], without: ["Edit Widget —", "P2"])
        // The help overlay lists the key.
        try session.keys("?")
        try session.wait(for: "Edit Widget: the focused widget's parameters")
        try session.keys("Escape")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}
