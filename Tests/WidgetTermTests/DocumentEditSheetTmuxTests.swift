import Foundation
import Testing
import TestSupport

/// The Edit Widget sheet (`e`) on a widget document with `parameters`, in the real binary under tmux.
@Suite(.serialized, .tmuxInstalled)
struct DocumentEditSheetTmuxTests {
    @Test("e lists a document's parameters as the Swift sample's; choosing an entity and flipping a toggle reload it")
    func editSheetOnADocument() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let file = DocumentFixtures.examples.appendingPathComponent("twins/station-board.json").path
        try session.launch(["preview", "'\(file)'", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"])
        try session.wait(forAll: ["Station board (station-board-document)", "Next departures", "🚋 Rossio", "e edit"])
        try session.keys("e")
        try session.wait(forAll: [
            "Edit Widget — Station board",
            "│ ▸ Title          Next departures", "│   Departures     3", "│   Show platform  On",
            "│   Mode           Tram ›", "│   Station        Rossio ›", "│   Line           28E ›",
        ])
        try session.keys("Down", "Down", "Down", "Down", "Enter")
        try session.wait(forAll: ["│ Station: choose one", "│     Cais do Sodré", "│ ▸ ✓ Rossio", "│     Belém"])
        try session.keys("Down", "Enter")
        try session.wait(for: "│ ▸ Station        Belém ›")
        try session.keys("Up", "Up", "Enter")
        try session.wait(for: "│ ▸ Show platform  Off")
        try session.keys("Escape")
        try session.wait(forAll: ["🚋 Belém", "28E 2 min"], without: ["Edit Widget —", "P2"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}
