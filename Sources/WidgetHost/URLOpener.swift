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
    private let reaper: ChildReaper

    /// Seconds between SIGTERM and SIGKILL to the group at the time limit.
    static let gracePeriod: TimeInterval = 2

    fileprivate init(pid: pid_t, arguments: [String], outputFile: URL?, slots: OpenerSlots) {
        self.pid = pid
        self.arguments = arguments
        self.outputFile = outputFile
        reaper = ChildReaper(pid: pid, name: "widgetterm-opener-\(pid)") { slots.release() }
    }

    /// Waits up to `timeLimit` seconds for the program; past it, stops its whole process group (SIGTERM, then
    /// SIGKILL after two seconds) and waits for it to be reaped.
    ///
    /// - Returns: The exit status (nil if it could not be reaped), whether it timed out, and the captured output.
    public func wait(timeLimit: TimeInterval) -> URLOpenerResult {
        var timedOut = false
        if !reaper.wait(seconds: max(timeLimit, 0)) {
            timedOut = true
            kill(-pid, SIGTERM)
            if !reaper.wait(seconds: Self.gracePeriod) {
                kill(-pid, SIGKILL)
                _ = reaper.wait(seconds: 10)
            }
        }
        // Programs the opener left in its group when it was stopped die with it.
        if timedOut { kill(-pid, SIGKILL) }
        var output = ""
        if let outputFile {
            output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: outputFile)
        }
        let status = reaper.exitStatus
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
