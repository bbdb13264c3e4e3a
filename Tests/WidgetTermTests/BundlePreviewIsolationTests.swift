import Foundation
import Testing
import TestSupport

/// `WidgetTermCommand.main(bundle:)` previews through extension processes of its own program (issue 12 item 3):
/// the test extension (Tests/TestExtension, a `main(bundle:)` package) is previewed in tmux; its crashing
/// provider ends only an extension process (the default), whose reason and frame the preview shows while it
/// keeps its process id and the other widgets keep ticking; with `--in-process` the widget code runs in the
/// preview's process.
@Suite(.serialized, .tmuxInstalled)
struct BundlePreviewIsolationTests {
    @Test func aFatalErrorInAProviderLeavesThePreviewAlive() throws {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        let tmux = try TmuxSession()
        try tmux.launch(
            ["preview", "crash", "--timezone", "UTC"],
            environment: ["TERM": "xterm-256color", "WIDGETTERM_TEST_SAMPLES": "0"],
            executable: executable)
        // The placeholder with the diagnostic: the reason and the widget code's frame.
        try tmux.wait(forAll: ["no timeline (the provider failed)", "Fatal error: the provider"], seconds: 120)
        let preview = try #require(try tmux.childPID())
        // The next widget keeps ticking: its timer text moves on while the crashed kind's process is gone.
        try tmux.keys("w")
        let first = try #require(Self.timer(in: try tmux.wait(seconds: 120) { Self.timer(in: $0) != nil }))
        let later = try tmux.wait(seconds: 30) { Self.timer(in: $0).map { $0 != first } ?? false }
        #expect(Self.timer(in: later) != first, "the timer moved on from \(first)")
        #expect(try tmux.childPID() == preview)
        // The preview answers keys; each widget's code runs in a process of its own.
        try tmux.keys("W", "W")
        try tmux.wait(for: "Bumped 0", seconds: 120)
        #expect(try tmux.childPID() == preview)
        let children = (try? String(contentsOfFile: "/proc/\(preview)/task/\(preview)/children", encoding: .utf8)) ?? ""
        #expect(children.split(separator: " ").count >= 2, "the count and ticker extension processes are the preview's children")
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0", seconds: 60)
    }

    /// The ticker widget's timer text (`Ticking 0:07` → `0:07`), nil when the pane does not show it.
    static func timer(in pane: String) -> String? {
        guard let range = pane.range(of: #"Ticking +[0-9]+:[0-9]{2}"#, options: .regularExpression) else { return nil }
        return pane[range].split(separator: " ").last.map(String.init)
    }

    @Test func withInProcessTheWidgetCodeRunsInThePreview() throws {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        let tmux = try TmuxSession()
        try tmux.launch(
            ["preview", "count", "--in-process", "--timezone", "UTC"], environment: ["TERM": "xterm-256color"],
            executable: executable)
        try tmux.wait(for: "Bumped 0", seconds: 120)
        let preview = try #require(try tmux.childPID())
        let children = (try? String(contentsOfFile: "/proc/\(preview)/task/\(preview)/children", encoding: .utf8)) ?? ""
        #expect(children.split(separator: " ").isEmpty, "no extension process: \(children)")
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0", seconds: 60)
    }
}
