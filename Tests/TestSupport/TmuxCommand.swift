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
/// Spawned with `posix_spawn` and reaped with `waitpid`, output through a file: Foundation's `Process` does
/// not notice a tmux client exit once it has forked its server (the client stays a zombie), and a pipe
/// would be inherited by the server and never reach its end. The test runner's worker threads block
/// signals and a spawned process inherits the mask — a tmux server that cannot see SIGTERM or SIGCHLD never
/// finishes `kill-server` — so tmux starts with no signal blocked and default handlers. A command that
/// does not finish within 10 s is killed and recorded, so a test never hangs.
public enum TmuxCommand {
    /// The tmux executable, nil when tmux is not installed (Debian package `tmux`).
    public static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift does not import: keeps the
    /// test runner's descriptors out of the tmux server.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
    )
    .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Runs `tmux -L socket arguments...`, writing its output to a file in `scratch`, and returns the output.
    /// Throws the spawn error when tmux cannot be started.
    @discardableResult
    public static func run(socket: String, scratch: URL, _ arguments: [String]) throws -> String {
        let tmux = try #require(path, "tmux is not installed: apt-get install tmux")
        let output = scratch.appendingPathComponent("tmux-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let addCloseFrom { _ = addCloseFrom(&actions, 3) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        // A thread blocks in waitpid and signals the exit: no polling.
        // The limit is on the monotonic clock (MonotonicSignal): other tests freeze the realtime clock.
        let reaped = MonotonicSignal()
        let child = pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) == -1 && errno == EINTR {}
            reaped.signal()
        }
        if !reaped.wait(seconds: 10) {
            kill(child, SIGKILL)
            _ = reaped.wait(seconds: 60)
            Issue.record("tmux \(arguments.joined(separator: " ")) did not finish within 10 s")
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}
#endif
