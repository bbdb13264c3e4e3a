import Foundation
import Testing
import TestSupport

/// The Edit Widget sheet, `--param` and the Control Center screen of the real binary with the widget code in
/// extension processes (`preview --extension-processes`): parameters are checked and listed, timelines fetched
/// with the chosen values, and controls' values and intents run, all in the extension.
@Suite(.serialized, .tmuxInstalled)
struct ExtensionConfigurationTmuxTests {
    @Test("with extension processes, e lists station-board's parameters from the extension and a choice reloads it")
    func editSheetThroughTheExtension() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.launch([
            "preview", "station-board", "--extension-processes", "--param", "count=2", "--at", "2026-11-29T09:00:00Z",
            "--timezone", "UTC",
        ])
        try session.wait(forAll: ["Station board (station-board)", "Next departures", "🚋 Rossio", "28E 9 min"], without: ["28E 16 min"])
        try session.keys("e")
        try session.wait(forAll: [
            "Edit Widget — Station board", "│ ▸ Title          Next departures", "│   Departures     2",
            "│   Station        Rossio ›", "│   Line           28E ›",
        ])
        // The entity query's suggestedEntities() and the options provider's results() come from the extension.
        try session.keys("Down", "Down", "Down", "Down", "Enter")
        try session.wait(forAll: ["│ Station: choose one", "│     Cais do Sodré", "│ ▸ ✓ Rossio", "│     Belém"])
        try session.keys("Down", "Enter")
        try session.wait(for: "│ ▸ Station        Belém ›")
        try session.keys("Down", "Enter")
        try session.wait(forAll: ["│ Line: choose one", "│     12E", "│ ▸ ✓ 28E", "│     728"])
        try session.keys("Down", "Enter")
        try session.wait(for: "│ ▸ Line           728 ›")
        try session.keys("Escape")
        try session.wait(forAll: ["🚋 Belém", "728 2 min", "728 9 min"], without: ["Edit Widget —", "28E 2 min"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }

    @Test("with extension processes, a --param value the extension refuses names the valid values")
    func paramRefusedByTheExtension() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.launch(["preview", "station-board", "--extension-processes", "--param", "station=porto"])
        try session.wait(forAll: [
            "widgetterm: station-board: parameter station has no value porto; valid values: cais-do-sodre, rossio, belem",
            "EXIT=2",
        ])
    }

    @Test("with extension processes, C shows the extension's controls and Enter runs the toggle's intent there")
    func controlsThroughTheExtension() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.launch(["--extension-processes"])
        try session.wait(for: "water │ systemSmall │ fullColor")
        try session.keys("C")
        try session.wait(forAll: ["Focus (focus) 1/3: off \"Off\"", "shown: currentValue()"])
        try session.keys("Enter")
        try session.wait(forAll: ["Focus (focus) 1/3: on \"On\"", "SetFocusIntent(value=true) succeeded"])
        try session.keys("w")
        try session.wait(for: "Add Water (add-water) 2/3: button \"1250 ml\"")
        try session.keys("Escape", "q")
        try session.wait(for: "EXIT=0")
    }
}
