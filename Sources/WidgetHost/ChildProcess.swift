import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Spawning

/// `posix_spawn` with what a helper program needs: standard input from /dev/null, output to a file (or
/// inherited), optionally a new process group, no signal blocked and default dispositions (this process
/// blocks signals on its worker threads and a child inherits the mask), and no other descriptor of this
/// process. Used by `--open-command` openers (`URLOpener`) and by the tests' tmux harness.
public enum ChildProcess {
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift does not import.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Starts `arguments[0]` (an absolute path) with `arguments` and exactly `environment`, standard output
    /// and error to `outputPath` (created with mode 0600, or inherited when nil), in a process group of its
    /// own when `newProcessGroup`.
    ///
    /// - Returns: The process id, or nil and the errno of the failure.
    public static func spawn(
        _ arguments: [String], environment: [String: String], outputPath: String?, newProcessGroup: Bool = true
    ) -> (pid: pid_t?, error: Int32) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let outputPath {
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        if let addCloseFrom { _ = addCloseFrom(&actions, 3) }
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
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        // ETXTBSY: another process forked while it had the program open for writing (a script just written,
        // say) and has not reached exec yet; that lasts microseconds. Try again a few times, as Go's os/exec does.
        var attempts = 1
        while result == ETXTBSY && attempts < 20 {
            usleep(UInt32(1_000 * attempts))
            attempts += 1
            result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        }
        return result == 0 ? (pid, 0) : (nil, result)
    }

    /// The exit status of a `waitpid` status: the code, or 128 + the signal that ended it.
    public static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}

// MARK: - Reaping

/// Waits for one child process on a thread of its own (blocked in `waitpid`, no polling), so the caller can
/// wait for the exit with a time limit. The limit is measured on the monotonic clock (`MonotonicSignal`):
/// the process's realtime clock may be frozen or far away.
public final class ChildReaper: @unchecked Sendable {
    /// The child's process id.
    public let pid: pid_t
    private let reaped = MonotonicSignal()
    private let lock = NSLock()
    private var status: Int32?

    /// Starts reaping `pid` (a child of this process) on a thread named `name`; `onExit` runs on that thread
    /// once the child is reaped, before any waiter wakes.
    public init(pid: pid_t, name: String, onExit: @escaping @Sendable () -> Void = {}) {
        self.pid = pid
        let thread = Thread { [reaped, lock] in
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
            let exitStatus: Int32? = result == pid ? ChildProcess.exitStatus(raw) : nil
            lock.withLock { self.status = exitStatus }
            onExit()
            reaped.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Waits at most `seconds` of real time for the child to be reaped; true when it was.
    public func wait(seconds: TimeInterval) -> Bool { reaped.wait(seconds: seconds) }

    /// The exit status (`ChildProcess.exitStatus`) once reaped; nil before, or when `waitpid` failed.
    public var exitStatus: Int32? { lock.withLock { status } }
}
