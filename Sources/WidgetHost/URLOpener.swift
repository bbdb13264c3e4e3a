import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Opening URLs without a shell

/// Runs a program with a URL as its one argument (`--open-command CMD`), never through a shell: the
/// program is started with `posix_spawn` and `argv == [CMD, url.absoluteString]`, so quotes, `$(...)`, `;` and
/// spaces in the URL reach it verbatim.
///
/// Openers are bounded and reaped: at most `maximumRunning` run at once (a tap beyond that is refused with
/// `URLOpenerError.busy`, not queued, so a burst of taps cannot pile up programs); each runs in a process
/// group of its own, and at its time limit the whole group gets SIGTERM, then SIGKILL two seconds later, so
/// programs the opener started die with it. An opener that exits in time keeps its children (a browser that
/// `xdg-open` started stays open). Every opener is waited for (no zombies).
public struct URLOpener: Sendable {
    /// The program, resolved to an absolute path.
    public let executable: URL
    /// Seconds an opener may run before its process group is stopped (default 10).
    public let timeLimit: TimeInterval
    /// The most openers running at once (default 4).
    public let maximumRunning: Int
    private let slots: OpenerSlots

    /// Resolves `command`: a path (containing `/`) must name an executable file; a bare name is looked up
    /// in `PATH`. It is one program, not a command line: arguments are not split off.
    ///
    /// - Parameters:
    ///   - command: The program.
    ///   - environment: Where `PATH` comes from.
    ///   - timeLimit: Seconds each run may take before its process group is stopped.
    ///   - maximumRunning: The most runs at once; more are refused.
    /// - Throws: `URLOpenerError.notFound` naming the command and where it was looked for.
    public init(
        command: String, environment: [String: String] = ProcessInfo.processInfo.environment, timeLimit: TimeInterval = 10,
        maximumRunning: Int = 4
    ) throws {
        self.timeLimit = timeLimit
        self.maximumRunning = max(maximumRunning, 1)
        slots = OpenerSlots(limit: max(maximumRunning, 1))
        let manager = FileManager.default
        if command.contains("/") {
            let url = URL(fileURLWithPath: command)
            guard manager.isExecutableFile(atPath: url.path) else {
                throw URLOpenerError.notFound(command: command, searched: "\(url.path) is not an executable file")
            }
            executable = url
            return
        }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        guard !command.isEmpty,
            let found = directories.map({ URL(fileURLWithPath: $0).appendingPathComponent(command) })
                .first(where: { manager.isExecutableFile(atPath: $0.path) })
        else {
            throw URLOpenerError.notFound(command: command, searched: "not found in PATH (\(directories.joined(separator: ":")))")
        }
        executable = found
    }

    /// How many runs of this opener (and its copies) have not been reaped yet.
    public var runningCount: Int { slots.count }

    /// Runs the program with `url` as its only argument, standard input from /dev/null, and waits.
    ///
    /// - Parameters:
    ///   - url: Passed as one argument, verbatim (`absoluteString`).
    ///   - capturesOutput: True (the interactive app) collects the program's standard output and error into
    ///     the result instead of letting them reach the terminal; false (the command line) lets them through.
    ///   - timeLimit: Seconds to wait before stopping the program's process group (default: the opener's).
    /// - Returns: The exit status and any captured output.
    /// - Throws: `URLOpenerError.busy` when `maximumRunning` runs are going on, `URLOpenerError.launchFailed`
    ///   when the program cannot start.
    public func open(_ url: URL, capturesOutput: Bool, timeLimit: TimeInterval? = nil) throws -> URLOpenerResult {
        try start(url, capturesOutput: capturesOutput).wait(timeLimit: timeLimit ?? self.timeLimit)
    }

    /// Starts the program with `url` as its only argument and returns at once; `wait(timeLimit:)` on the result
    /// waits for it (from any thread). The run holds one of the `maximumRunning` places until it is reaped.
    ///
    /// - Throws: `URLOpenerError.busy` when `maximumRunning` runs are going on, `URLOpenerError.launchFailed`
    ///   when the program cannot start.
    public func start(_ url: URL, capturesOutput: Bool) throws -> OpenerRun {
        guard slots.claim() else { throw URLOpenerError.busy(command: executable.path, running: maximumRunning) }
        var outputFile: URL?
        if capturesOutput {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-open-\(UUID().uuidString).log")
            guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                slots.release()
                throw URLOpenerError.launchFailed(command: executable.path, reason: "cannot create \(file.path) for its output")
            }
            outputFile = file
        }
        let arguments = [executable.path, url.absoluteString]
        let environment = Self.childEnvironment(ProcessInfo.processInfo.environment)
        let spawned = ChildProcess.spawn(arguments, environment: environment, outputPath: outputFile?.path)
        guard let pid = spawned.pid else {
            slots.release()
            if let outputFile { try? FileManager.default.removeItem(at: outputFile) }
            throw URLOpenerError.launchFailed(command: executable.path, reason: String(cString: strerror(spawned.error)))
        }
        return OpenerRun(pid: pid, arguments: arguments, outputFile: outputFile, slots: slots)
    }

    /// The environment a started program gets: the person's own `XDG_CONFIG_HOME` back (the host points
    /// it at the App Group store for Foundation's sake), and WidgetTerm's bookkeeping variables removed.
    public static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        var result = environment
        if let original = environment["WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME"] {
            result["XDG_CONFIG_HOME"] = original.isEmpty ? nil : original
        }
        result["WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME"] = nil
        result["WIDGETTERM_APP_GROUP_EXECUTED"] = nil
        return result
    }
}

/// What running an open command did.
public struct URLOpenerResult: Hashable, Sendable {
    /// The program and its one argument, as started.
    public let arguments: [String]
    /// The exit status; nil if it was still running after being asked to stop.
    public let exitStatus: Int32?
    /// Standard output and error, when captured.
    public let output: String
    /// True when it ran past its time limit and was terminated.
    public let timedOut: Bool
}

/// An open command that cannot run.
public enum URLOpenerError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFound(command: String, searched: String)
    case launchFailed(command: String, reason: String)
    /// `running` runs are going on already, the most allowed at once: this one was not started.
    case busy(command: String, running: Int)

    /// The problem in words, naming the command and what to do.
    public var description: String {
        switch self {
        case .busy(let command, let running):
            return "--open-command \(command): \(running) runs are still going on, the most at once; this URL was not opened"
        case .notFound(let command, let searched):
            return "--open-command \(command): \(searched). Give a program name on PATH or a path to an executable."
        case .launchFailed(let command, let reason):
            return "--open-command \(command) could not start: \(reason)"
        }
    }
}

// MARK: - One run

/// One run of an opener: a program in a process group of its own, reaped by a thread of its own.
public final class OpenerRun: @unchecked Sendable {
    /// The program's process id, which is also its process group id.
    public let pid: pid_t
    /// The program and its one argument, as started.
    public let arguments: [String]
    private let outputFile: URL?
    private let reaped = MonotonicSignal()
    private let lock = NSLock()
    private var status: Int32?

    /// Seconds between SIGTERM and SIGKILL to the group at the time limit.
    static let gracePeriod: TimeInterval = 2

    fileprivate init(pid: pid_t, arguments: [String], outputFile: URL?, slots: OpenerSlots) {
        self.pid = pid
        self.arguments = arguments
        self.outputFile = outputFile
        let thread = Thread { [reaped, lock] in
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
            let exitStatus: Int32? = result == pid ? ChildProcess.exitStatus(raw) : nil
            lock.withLock { self.status = exitStatus }
            slots.release()
            reaped.signal()
        }
        thread.name = "widgetterm-opener-\(pid)"
        thread.start()
    }

    /// Waits up to `timeLimit` seconds for the program; past it, stops its whole process group (SIGTERM, then
    /// SIGKILL after two seconds) and waits for it to be reaped.
    ///
    /// - Returns: The exit status (nil if it could not be reaped), whether it timed out, and the captured output.
    public func wait(timeLimit: TimeInterval) -> URLOpenerResult {
        var timedOut = false
        if !reaped.wait(seconds: max(timeLimit, 0)) {
            timedOut = true
            kill(-pid, SIGTERM)
            if !reaped.wait(seconds: Self.gracePeriod) {
                kill(-pid, SIGKILL)
                _ = reaped.wait(seconds: 10)
            }
        }
        // Programs the opener left in its group when it was stopped die with it.
        if timedOut { kill(-pid, SIGKILL) }
        var output = ""
        if let outputFile {
            output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: outputFile)
        }
        let status = lock.withLock { self.status }
        let signalled = status.map { $0 >= 128 } ?? false
        return URLOpenerResult(arguments: arguments, exitStatus: timedOut && signalled ? nil : status, output: output, timedOut: timedOut)
    }
}

/// The places for runs at once, shared by an opener and its copies.
final class OpenerSlots: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var running = 0

    init(limit: Int) { self.limit = limit }

    var count: Int { lock.withLock { running } }

    func claim() -> Bool {
        lock.withLock {
            guard running < limit else { return false }
            running += 1
            return true
        }
    }

    func release() { lock.withLock { running = max(running - 1, 0) } }
}

// MARK: - Spawning

/// `posix_spawn` with what an opener needs: standard input from /dev/null, output to a file (or inherited),
/// a new process group, no signal blocked and default dispositions (this process blocks signals on its worker
/// threads and a child inherits the mask), and no other descriptor of this process.
enum ChildProcess {
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift does not import.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    /// Starts `arguments[0]` with `arguments`: the process id, or nil and the errno of the failure.
    static func spawn(_ arguments: [String], environment: [String: String], outputPath: String?) -> (pid: pid_t?, error: Int32) {
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
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
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
    static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}
