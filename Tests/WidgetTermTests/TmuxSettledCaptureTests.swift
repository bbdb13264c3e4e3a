import Foundation
import Testing
import TestSupport

/// The tmux harness's waits return whole frames: a capture that satisfies a wait while the program is still
/// writing is not returned until the program is between frames and tmux has drawn everything it wrote.
@Suite("The tmux harness: waits return settled captures, never half a frame", .serialized, .tmuxInstalled)
struct TmuxSettledCaptureTests {
    @Test("a wait for the first line of a burst returns the burst's last line too, written after a busy stretch")
    func waitForTheFirstLineReturnsTheLast() throws {
        let session = try TmuxSession()
        defer { session.close() }
        // The shell prints the first line, counts (running, not sleeping) for a while, then prints the last: a
        // program in the middle of a frame. The quotes keep the echoed command line from matching.
        try session.keys(
            "-l", "printf '%s\\n' FIRST-''LINE; i=0; while ((i < 200000)); do ((i++)); done; printf '%s\\n' LAST-''LINE")
        try session.keys("Enter")
        let screen = try session.wait(for: "FIRST-LINE")
        #expect(screen.contains("LAST-LINE"), "the wait returned while the burst was being written:\n\(screen)")
        let lines = screen.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex(of: "FIRST-LINE"))
        #expect(Array(lines[first...].prefix(2)) == ["FIRST-LINE", "LAST-LINE"])
    }

    @Test("the markers draw nothing: the preview's settled capture equals a plain one, colours and all")
    func markersDrawNothing() throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.launch(["preview", "orders", "--at", "2026-11-29T09:00:00Z", "--timezone", "UTC", "--speed", "0.001"])
        // The header (the first row) and the status bar (near the last) of one frame.
        let screen = try session.wait(forAll: [" WidgetTerm  Gallery", "orders │ systemMedium │ fullColor"])
        #expect(screen.contains("Event log"))
        let settled = try session.settledCapture(escapes: true)
        #expect(try session.capture(escapes: true) == settled)
        #expect(!settled.contains("\u{0}") && !settled.contains("^@"))
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }
}
