import Foundation
import Testing
import TestSupport

/// `WidgetTermCommand.main(bundle:)` previews through extension processes of its own program (issue 12 item 3):
/// the test extension (Tests/TestExtension, a `main(bundle:)` package) is previewed in tmux; its crashing
/// provider ends only an extension process (with `--extension-processes`), whose reason and frame the preview
/// shows while it keeps its process id; without the flag the widget code runs in the preview's process.
@Suite(.serialized, .tmuxInstalled)
struct BundlePreviewIsolationTests {
    @Test func aFatalErrorInAProviderLeavesThePreviewAlive() throws {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        let tmux = try TmuxSession()
        try tmux.launch(
            ["preview", "crash", "--extension-processes", "--timezone", "UTC"],
            environment: ["TERM": "xterm-256color", "WIDGETTERM_TEST_SAMPLES": "0"],
            executable: executable)
        try tmux.wait(forAll: ["no timeline (the provider failed)", "Fatal error: the provider"], seconds: 120)
        let preview = try #require(try tmux.childPID())
        // The preview lives on and answers keys; the previous widget's code runs in a process of its own.
        try tmux.keys("W")
        try tmux.wait(for: "Bumped 0", seconds: 120)
        #expect(try tmux.childPID() == preview)
        let children = (try? String(contentsOfFile: "/proc/\(preview)/task/\(preview)/children", encoding: .utf8)) ?? ""
        #expect(!children.split(separator: " ").isEmpty, "the count widget's extension process is the preview's child")
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0", seconds: 60)
    }

    @Test func withoutTheFlagTheWidgetCodeRunsInThePreview() throws {
        let executable = try #require(ExtensionProcessTests.binary, "build widgetterm-test-extension first (swift build)")
        let tmux = try TmuxSession()
        try tmux.launch(
            ["preview", "count", "--timezone", "UTC"], environment: ["TERM": "xterm-256color"],
            executable: executable)
        try tmux.wait(for: "Bumped 0", seconds: 120)
        let preview = try #require(try tmux.childPID())
        let children = (try? String(contentsOfFile: "/proc/\(preview)/task/\(preview)/children", encoding: .utf8)) ?? ""
        #expect(children.split(separator: " ").isEmpty, "no extension process: \(children)")
        try tmux.keys("q")
        try tmux.wait(for: "EXIT=0", seconds: 60)
    }
}
