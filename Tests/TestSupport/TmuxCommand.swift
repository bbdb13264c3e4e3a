// The harness is for the test target; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import Foundation
import Testing
import WidgetHost
#if canImport(Glibc)
import Glibc
#endif

/// Runs tmux commands for the tests that drive the real binary (end-to-end and hot-reload tests).
///
/// Spawned with `ChildProcess.spawn` (`posix_spawn`) and reaped by a `ChildReaper` (`waitpid`), output through
/// a file: Foundation's `Process` does not notice a tmux client exit once it has forked its server (the client
/// stays a zombie), and a pipe
/// would be inherited by the server and never reach its end. The test runner's worker threads block
/// signals and a spawned process inherits the mask — a tmux server that cannot see SIGTERM or SIGCHLD never
/// finishes `kill-server` — so tmux starts with no signal blocked and default handlers. A command that
/// does not finish within 60 s (a generous limit for a loaded machine) is killed and recorded, so a test never hangs.
public enum TmuxCommand {
    /// The tmux executable, nil when tmux is not installed (Debian package `tmux`).
    public static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Runs `tmux -L socket arguments...`, writing its output to a file in `scratch`, and returns the output.
    /// Throws the spawn error when tmux cannot be started.
    @discardableResult
    public static func run(socket: String, scratch: URL, _ arguments: [String]) throws -> String {
        let tmux = try #require(path, "tmux is not installed: apt-get install tmux")
        let output = scratch.appendingPathComponent("tmux-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let spawned = ChildProcess.spawn(
            [tmux, "-L", socket] + arguments, environment: environment, outputPath: output.path, newProcessGroup: false)
        guard let pid = spawned.pid else { throw POSIXError(POSIXErrorCode(rawValue: spawned.error) ?? .EIO) }
        // A thread blocks in waitpid and signals the exit: no polling.
        // The limit is on the monotonic clock (MonotonicSignal): other tests freeze the realtime clock.
        let reaper = ChildReaper(pid: pid, name: "tmux-\(pid)")
        if !reaper.wait(seconds: 60) {
            kill(pid, SIGKILL)
            _ = reaper.wait(seconds: 60)
            Issue.record("tmux \(arguments.joined(separator: " ")) did not finish within 60 s")
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}
#endif
