// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Scratch paths for a test's App Group stores and files, inside this test process's own temporary directory
/// (`${TMPDIR:-/tmp}/widgetterm-tests-<pid>`, the directory the test bundle's default App Group store lives in). The
/// start-up hook of the next test run removes the directories of test processes that have exited
/// (CAppGroupEnvironment), so a store a test's child process writes after the test ends is swept too.
public enum TestScratch {
    /// This process's scratch directory, created on first use.
    public static let directory: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }()

    /// A path no other test uses, `<directory>/<name>-<UUID>`, not yet created (a command given it as `--app-group`
    /// makes the store itself).
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    }
}
#endif
