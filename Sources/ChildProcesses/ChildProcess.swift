import CChildProcesses
import Foundation
import MonotonicWait

#if canImport(Glibc)
import Glibc
#endif

// MARK: - Standard streams

/// What one of a child's standard streams (descriptor 0, 1 or 2) is connected to, as `Process`'s
/// `standardInput`, `standardOutput` and `standardError` take a `Pipe` or a `FileHandle`.
public enum ChildStream {
    /// This process's own descriptor of the same number.
    case inherit
    /// The null device, `/dev/null`.
    case nullDevice
    /// A pipe: the child gets its reading end as standard input, or its writing end as standard output or
    /// error. This process closes the child's end once the child runs and keeps the other; one pipe may be
    /// given for both standard output and error.
    case pipe(Pipe)
    /// An open file handle of this process, duplicated for the child; the caller keeps and closes its own.
    case fileHandle(FileHandle)
    /// The file at a path: read for standard input; for output, created with mode 0600 or truncated.
    case file(String)
    /// Standard error only: the same open file as standard output, so both write to one place in order.
    case standardOutput
}

// MARK: - Launching

/// A child process started with `posix_spawn`, never with Foundation's `Process.run()`.
///
/// Mirrors Foundation's `Process` (https://developer.apple.com/documentation/foundation/process): set the
/// executable, arguments, environment, working directory and standard streams, call `run()`, then wait for
/// the exit and read `terminationStatus` and `terminationReason`. On Linux, `Process.run()` lists
/// /proc/self/fd before every start and can crash the whole program with many descriptors open
/// (swift-corelibs-foundation PR #5472; docs/DECISIONS.md "Processes are spawned by our own launcher").
///
/// The child inherits only descriptors 0, 1 and 2 (glibc's `posix_spawn_file_actions_addclosefrom_np`), starts
/// with no signal blocked (whatever the starting thread blocks), runs in a process group of its own unless
/// `startsProcessGroup` is false (as Foundation does, so a Ctrl-C in the terminal reaches only the
/// foreground program), and is reaped by a thread of its own blocked in `waitid` for it alone: no SIGCHLD
/// handler, so no other code's children are waited for.
public final class ChildProcess: @unchecked Sendable {
    /// The program to run: an absolute path, or a path relative to this process's working directory (no `PATH`
    /// search). Set before `run()`.
    public var executableURL: URL?
    /// The arguments after the program's path (which is `argv[0]`); none by default.
    public var arguments: [String] = []
    /// The child's whole environment; nil (the default) gives it this process's environment.
    public var environment: [String: String]?
    /// The child's working directory; nil (the default) keeps this process's.
    public var currentDirectoryURL: URL?
    /// Descriptor 0 of the child; this process's own by default.
    public var standardInput: ChildStream = .inherit
    /// Descriptor 1 of the child; this process's own by default.
    public var standardOutput: ChildStream = .inherit
    /// Descriptor 2 of the child; this process's own by default.
    public var standardError: ChildStream = .inherit
    /// Whether the child leads a new process group (its group id is its process id), as Foundation's
    /// `Process` does; true by default.
    public var startsProcessGroup = true
    /// Whether signals this process ignores go back to their default actions in the child. False by default:
    /// a signal ignored on purpose (`nohup`) stays ignored, as with `Process`.
    public var resetsSignalDispositions = false
    /// Runs once on the reaping thread when the child has ended, before `waitUntilExit()` returns anywhere.
    public var terminationHandler: (@Sendable (ChildProcess) -> Void)?

    private let lock = NSLock()
    private let ended = MonotonicSignal()
    private var pid: pid_t = 0
    private var started = false
    private var reaped = false
    /// The raw `waitpid` status once reaped; nil before, or when the child could not be waited for.
    private var rawStatus: Int32?

    /// A process to configure and then `run()`.
    public init() {}

    /// A process that will run `executable` with `arguments`.
    public convenience init(executable: String, arguments: [String] = []) {
        self.init()
        executableURL = URL(fileURLWithPath: executable)
        self.arguments = arguments
    }

    /// Starts the child and its reaping thread. Call once.
    ///
    /// - Throws: `ChildProcessError` naming the program (or the file or directory at fault) and what to do:
    ///   no such program, no permission, not a program for this system, no such working directory, an
    ///   output file that cannot be opened. Nothing was started then.
    public func run() throws {
        guard let executable = executableURL?.path, !executable.isEmpty else {
            throw ChildProcessError(path: "", code: ENOENT, message: "no program was given to run")
        }
        precondition(lock.withLock { !started }, "ChildProcess.run() was called twice")
        let spawned = try Self.spawn(
            executable: executable, arguments: [executable] + arguments,
            environment: environment ?? ProcessInfo.processInfo.environment, directory: currentDirectoryURL?.path,
            streams: [standardInput, standardOutput, standardError], startsProcessGroup: startsProcessGroup,
            resetsSignalDispositions: resetsSignalDispositions)
        lock.withLock {
            pid = spawned
            started = true
        }
        let thread = Thread { self.reap() }
        thread.name = "child-\(spawned)"
        thread.start()
    }

    /// The child's process id (and, with `startsProcessGroup`, its process group id); 0 before `run()`.
    public var processIdentifier: pid_t { lock.withLock { pid } }

    /// True from `run()` until the child has ended and been reaped.
    public var isRunning: Bool { lock.withLock { started && !reaped } }

    /// How the child ended: `.exit` or `.uncaughtSignal`; `.exit` until then (read it after the wait).
    public var terminationReason: Process.TerminationReason {
        lock.withLock { rawStatus.map { Self.signalNumber($0) == 0 ? .exit : .uncaughtSignal } ?? .exit }
    }

    /// The exit code, or with `.uncaughtSignal` the signal's number, as `Process` reports them; -1 while the
    /// child runs or when it could not be waited for.
    public var terminationStatus: Int32 {
        lock.withLock {
            guard let raw = rawStatus else { return -1 }
            let signal = Self.signalNumber(raw)
            return signal == 0 ? (raw >> 8) & 0xFF : signal
        }
    }

    /// The status as a shell reports it: the exit code, or 128 + the signal; nil until reaped.
    public var exitStatus: Int32? { lock.withLock { rawStatus.map(Self.exitStatus) } }

    /// Waits, however long it takes, for the child to end.
    public func waitUntilExit() {
        while !ended.wait(seconds: 3600) {}
    }

    /// Waits at most `seconds` of real time (the monotonic clock: the realtime clock may be simulated) for
    /// the child to end; true when it has.
    public func wait(seconds: TimeInterval) -> Bool { ended.wait(seconds: seconds) }

    /// Sends `number` to the child while it has not been reaped (so never to a process that got its id
    /// later); true when sent.
    @discardableResult
    public func signal(_ number: Int32) -> Bool {
        lock.withLock { started && !reaped && kill(pid, number) == 0 }
    }

    /// Sends `number` to the child's whole process group (with `startsProcessGroup`): programs it started
    /// get it too, even after the child itself has ended. True when sent.
    @discardableResult
    public func signalProcessGroup(_ number: Int32) -> Bool {
        lock.withLock { started && startsProcessGroup && kill(-pid, number) == 0 }
    }

    /// Sends SIGTERM, as `Process.terminate()` does.
    public func terminate() { signal(SIGTERM) }

    /// Blocks until the child has ended (`waitid` with `WNOWAIT`, which leaves it a zombie, so its id cannot
    /// be reused while `signal` may still send to it), then reaps it under the lock and wakes the waiters.
    private func reap() {
        let child = lock.withLock { pid }
        var info = siginfo_t()
        var result: Int32
        repeat { result = waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) } while result < 0 && errno == EINTR
        let handler: (@Sendable (ChildProcess) -> Void)? = lock.withLock {
            var raw: Int32 = 0
            var reapedID: pid_t
            repeat { reapedID = waitpid(child, &raw, 0) } while reapedID < 0 && errno == EINTR
            rawStatus = reapedID == child ? raw : nil
            reaped = true
            defer { terminationHandler = nil }
            return terminationHandler
        }
        handler?(self)
        ended.signal()
    }

    private static func signalNumber(_ raw: Int32) -> Int32 { raw & 0x7F }
}

// MARK: - posix_spawn

extension ChildProcess {
    /// Starts `arguments[0]` (an absolute path) with `arguments` and exactly `environment`, standard input from
    /// /dev/null, standard output and error to `outputPath` (created with mode 0600, or inherited when nil),
    /// in a process group of its own when `newProcessGroup`, every signal at its default action and none
    /// blocked. The caller reaps it (`ChildReaper`).
    ///
    /// - Returns: The process id, or nil and the errno of the failure.
    public static func spawn(
        _ arguments: [String], environment: [String: String], outputPath: String?, newProcessGroup: Bool = true
    ) -> (pid: pid_t?, error: Int32) {
        let output: ChildStream = outputPath.map { .file($0) } ?? .inherit
        do {
            let pid = try spawn(
                executable: arguments[0], arguments: arguments, environment: environment, directory: nil,
                streams: [.nullDevice, output, outputPath == nil ? .inherit : .standardOutput], startsProcessGroup: newProcessGroup,
                resetsSignalDispositions: true)
            return (pid, 0)
        } catch let error as ChildProcessError {
            return (nil, error.code)
        } catch {
            return (nil, EIO)
        }
    }

    /// The exit status of a raw `waitpid` status, as a shell reports it: the code, or 128 + the signal.
    public static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }

    /// The one place a child is started: each standard stream is first duplicated in this process to a
    /// close-on-exec descriptor above 2 (so no two streams' file actions can undo each other), the child
    /// `dup2`s those onto 0, 1 and 2, closes every descriptor from 3 up, then changes directory.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], directory: String?, streams: [ChildStream],
        startsProcessGroup: Bool, resetsSignalDispositions: Bool
    ) throws -> pid_t {
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ChildProcessError(
                    path: executable, code: ENOENT,
                    message:
                        "cannot run \(executable) in \(directory): there is no such directory; create it or give another working directory")
            }
        }
        var temporary: [Int32] = []
        defer { for descriptor in temporary { close(descriptor) } }
        func duplicate(_ descriptor: Int32, for target: Int32) throws -> Int32 {
            let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else {
                let code = errno
                throw ChildProcessError(
                    path: executable, code: code,
                    message:
                        "cannot run \(executable): descriptor \(descriptor) for its \(Self.streamName(target)) cannot be used (\(Self.errorText(code)))"
                )
            }
            temporary.append(copy)
            return copy
        }
        func nullDevice() throws -> Int32 {
            let null = open("/dev/null", O_RDWR | O_CLOEXEC)
            guard null >= 0 else {
                let code = errno
                throw ChildProcessError(
                    path: executable, code: code, message: "cannot run \(executable): /dev/null cannot be opened (\(Self.errorText(code)))")
            }
            temporary.append(null)
            return null
        }
        var sources: [Int32?] = [nil, nil, nil]
        for (target, stream) in streams.prefix(3).enumerated() {
            let target = Int32(target)
            switch stream {
            case .inherit:
                sources[Int(target)] = nil
            case .nullDevice:
                sources[Int(target)] = try nullDevice()
            case .pipe(let pipe):
                let end = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                sources[Int(target)] = try duplicate(end.fileDescriptor, for: target)
            case .fileHandle(let handle) where handle === FileHandle.nullDevice:
                // Foundation's null device handle has no descriptor of its own.
                sources[Int(target)] = try nullDevice()
            case .fileHandle(let handle):
                sources[Int(target)] = try duplicate(handle.fileDescriptor, for: target)
            case .file(let path):
                let flags = target == 0 ? O_RDONLY | O_CLOEXEC : O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
                let file = open(path, flags, 0o600)
                guard file >= 0 else {
                    let code = errno
                    throw ChildProcessError(
                        path: executable, code: code,
                        message: "cannot open \(path) for the \(Self.streamName(target)) of \(executable): \(Self.errorText(code))")
                }
                temporary.append(file)
                sources[Int(target)] = file
            case .standardOutput:
                precondition(target == 2, "ChildStream.standardOutput is for standard error only")
                sources[2] = try sources[1] ?? duplicate(1, for: 2)
            }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in sources.enumerated() {
            if let source { try check(posix_spawn_file_actions_adddup2(&actions, source, Int32(target)), executable) }
        }
        try check(widgetterm_spawn_add_close_from(&actions, 3), executable)
        if let directory { try check(widgetterm_spawn_add_chdir(&actions, directory), executable) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGMASK
        if resetsSignalDispositions {
            var all = sigset_t()
            sigfillset(&all)
            sigdelset(&all, SIGKILL)
            sigdelset(&all, SIGSTOP)
            posix_spawnattr_setsigdefault(&attributes, &all)
            flags |= POSIX_SPAWN_SETSIGDEF
        }
        if startsProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // ETXTBSY: another process forked while it had the program open for writing (a script just written,
        // say) and has not reached exec yet; that lasts microseconds. Try again a few times, as Go's os/exec does.
        var attempts = 1
        while result == ETXTBSY && attempts < 20 {
            usleep(UInt32(1_000 * attempts))
            attempts += 1
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        guard result == 0 else { throw ChildProcessError(launching: executable, code: result) }
        // The child has its copies: this process closes the child's ends of pipes, so reading the other end
        // reaches its end when the child (and whatever it started) closes them.
        var closed = Set<ObjectIdentifier>()
        for (target, stream) in streams.prefix(3).enumerated() {
            guard case .pipe(let pipe) = stream else { continue }
            let end = target == 0 ? pipe.fileHandleForReading : pipe.fileHandleForWriting
            if closed.insert(ObjectIdentifier(end)).inserted { try? end.close() }
        }
        return pid
    }

    private static func check(_ result: Int32, _ executable: String) throws {
        guard result == 0 else {
            throw ChildProcessError(path: executable, code: result, message: "cannot run \(executable): \(errorText(result))")
        }
    }

    private static func streamName(_ target: Int32) -> String {
        ["standard input", "standard output", "standard error"][Int(target)]
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}

// MARK: - Errors

/// A child process that could not be started: which program (or file or directory) and what to do.
public struct ChildProcessError: Error, LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The program that was to run.
    public var path: String
    /// The `errno` value of the failure (`ENOENT`, `EACCES`, ...).
    public var code: Int32
    /// One line: what failed, where, and what to do.
    public var message: String

    /// An error with its own message.
    public init(path: String, code: Int32, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    /// The failure of `posix_spawn` for `path` with `code`, in words a person can act on.
    public init(launching path: String, code: Int32) {
        let advice: String
        switch code {
        case ENOENT:
            advice = "there is no such file; check the path, or install the program"
        case EACCES:
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                advice = "it is a directory, not a program; give the program's path"
            } else {
                advice = "permission denied; it must be a file with execute permission (chmod +x) in folders you can search"
            }
        case ENOEXEC:
            advice = "it is not a program this system can run (exec format error); rebuild it for this machine"
        case ENOTDIR:
            advice = "a folder in its path is a file; check the path"
        case E2BIG:
            advice = "the arguments and environment are too long; pass less"
        default:
            advice = "\(ChildProcess.errorText(code)) (errno \(code))"
        }
        self.init(path: path, code: code, message: "cannot run \(path): \(advice)")
    }

    /// The message.
    public var description: String { message }
    /// The message, for `localizedDescription`.
    public var errorDescription: String? { message }
}

// MARK: - Reaping a process id

/// Waits for one child process on a thread of its own (blocked in `waitpid`, no polling), so the caller can
/// wait for the exit with a time limit. The limit is measured on the monotonic clock (`MonotonicSignal`):
/// the process's realtime clock may be frozen or far away. For children started by id
/// (`ChildProcess.spawn`); a `ChildProcess` reaps itself.
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
