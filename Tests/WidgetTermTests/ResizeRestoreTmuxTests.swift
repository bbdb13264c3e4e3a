import CellLayout
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Quitting after a resize gives the shell back as it was: no row of the preview's frame in the pane, on screen or
/// in its history. tmux 3.3a reflows the alternate screen to the size it was entered at when a program leaves it,
/// and rows wider than that size came back above the shell's output (DECISIONS "The frame left in the shell after a
/// resize").
@Suite(.tmuxInstalled)
struct ResizeRestoreTmuxTests {
    /// Texts of the preview's frame, none of which the shell's own lines (the command, `EXIT=0`, `stty -a`) contain.
    static let frameTexts = ["WidgetTerm ", "Event log", "│", "systemSmall", "Add 250 ml", "tap target", "? help"]

    @Test(
        "started at 80 × 24, resized, q: the pane and its history hold only the shell's lines",
        arguments: [(120, 40), (70, 20)])
    func quitAfterResize(width: Int, height: Int) throws {
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        try session.launch(["preview", "--at", "2026-03-14T09:41:00Z"])
        try session.wait { Self.isDrawn($0, width: 80) }
        try session.resize(width: width, height: height)
        // The frame redrawn at the new size: the top bar's right end, `1 tap target`, in the last column.
        try session.wait { Self.isDrawn($0, width: width) }
        try session.keys("q")
        try session.wait(for: "MODES-END")
        let pane = try session.tmux(["capture-pane", "-t", session.name, "-p", "-S", "-100"])
        let lines = pane.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.first.map(Self.isCommandLine) == true, "the command line comes first:\n\(pane)")
        #expect(lines.contains("EXIT=0"), "\(pane)")
        for text in Self.frameTexts {
            #expect(!pane.contains(text), "\"\(text)\" of the frame is left in the pane:\n\(pane)")
        }
    }

    @Test("started at 80 × 24, resized to 120 × 40, SIGSEGV: the crash handler's reset leaves no frame either")
    func crashAfterResize() throws {
        let session = try TmuxSession(width: 80, height: 24)
        defer { session.close() }
        try session.launch(["preview", "--at", "2026-03-14T09:41:00Z"], reportsExit: false)
        try session.wait { Self.isDrawn($0, width: 80) }
        try session.resize(width: 120, height: 40)
        try session.wait { Self.isDrawn($0, width: 120) }
        let pid = try #require(try session.childPID())
        #expect(kill(pid, SIGSEGV) == 0)
        try session.waitForExit()
        try session.reportExit()
        try session.wait(for: "MODES-END")
        // The whole history: the crash report is longer than the screen.
        let pane = try session.tmux(["capture-pane", "-t", session.name, "-p", "-S", "-"])
        let lines = pane.components(separatedBy: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.first.map(Self.isCommandLine) == true, "the command line comes first:\n\(pane)")
        #expect(lines.contains { $0.hasPrefix("💣 Program crashed") }, "\(pane)")
        // Rows the reflow leaves behind land above the crash report; the report itself may quote the source line the
        // signal interrupted (a render's `"Event log"`), so only what comes before it is searched. The frame's rule
        // between the stage and the side pane is at column 79 of 120.
        let beforeReport = lines.prefix { !$0.hasPrefix("💣 Program crashed") }
        let ruled = beforeReport.filter { line in line.firstIndex(of: "│").map { DisplayWidth.of(line[..<$0]) == 79 } ?? false }
        #expect(ruled.isEmpty, "rows of the frame are left in the pane:\n\(pane)")
        let leftAbove = beforeReport.joined(separator: "\n")
        for text in Self.frameTexts where text != "│" {
            #expect(!leftAbove.contains(text), "\"\(text)\" of the frame is left in the pane:\n\(pane)")
        }
    }

    /// Whether `line` is the command the test typed: the shell echoes it after its `$ ` prompt, or before the prompt
    /// shows when the keys arrive first.
    static func isCommandLine(_ line: String) -> Bool {
        line.hasPrefix("$ env ") || line.hasPrefix("env ")
    }

    /// Whether the preview's frame is drawn `width` columns wide: its top bar's `1 tap target ` ends in the last column.
    static func isDrawn(_ screen: String, width: Int) -> Bool {
        guard let top = screen.components(separatedBy: "\n").first else { return false }
        let text = String(top.reversed().drop { $0 == " " }.reversed())
        return text.hasPrefix(" WidgetTerm ") && text.hasSuffix("1 tap target") && DisplayWidth.of(text) == width - 1
    }
}
