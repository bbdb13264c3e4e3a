import Foundation

// MARK: - Opening URLs without a shell

/// Runs a program with a URL as its one argument (`--open-command CMD`), never through a shell: the
/// program is started with `Process.executableURL` and `arguments == [url.absoluteString]`, so quotes,
/// `$(...)`, `;` and spaces in the URL reach it verbatim.
public struct URLOpener: Sendable {
    /// The program, resolved to an absolute path.
    public let executable: URL

    /// Resolves `command`: a path (containing `/`) must name an executable file; a bare name is looked up
    /// in `PATH`. It is one program, not a command line: arguments are not split off.
    ///
    /// - Throws: `URLOpenerError.notFound` naming the command and where it was looked for.
    public init(command: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
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

    /// Runs the program with `url` as its only argument, standard input from /dev/null, and waits.
    ///
    /// - Parameters:
    ///   - url: Passed as one argument, verbatim (`absoluteString`).
    ///   - capturesOutput: True (the interactive app) collects the program's standard output and error into
    ///     the result instead of letting them reach the terminal; false (the command line) lets them through.
    ///   - timeLimit: Seconds to wait before terminating the program (default 10).
    /// - Returns: The exit status and any captured output.
    /// - Throws: `URLOpenerError.launchFailed` when the program cannot start.
    public func open(_ url: URL, capturesOutput: Bool, timeLimit: TimeInterval = 10) throws -> URLOpenerResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = [url.absoluteString]
        process.environment = Self.childEnvironment(ProcessInfo.processInfo.environment)
        process.standardInput = FileHandle.nullDevice
        var outputFile: URL?
        if capturesOutput {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-open-\(UUID().uuidString).log")
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let handle = try FileHandle(forWritingTo: file)
            process.standardOutput = handle
            process.standardError = handle
            outputFile = file
        }
        // Measured on the monotonic clock: the realtime clock is simulated (see MonotonicSignal).
        let finished = MonotonicSignal()
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            if let outputFile { try? FileManager.default.removeItem(at: outputFile) }
            throw URLOpenerError.launchFailed(command: executable.path, reason: error.localizedDescription)
        }
        var timedOut = false
        var exited = finished.wait(seconds: timeLimit)
        if !exited {
            timedOut = true
            process.terminate()
            exited = finished.wait(seconds: 2)
        }
        // The termination handler can run before `isRunning` turns false; this returns at once then.
        if exited { process.waitUntilExit() }
        var output = ""
        if let outputFile {
            output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: outputFile)
        }
        return URLOpenerResult(
            arguments: [executable.path, url.absoluteString],
            exitStatus: exited ? process.terminationStatus : nil, output: output, timedOut: timedOut)
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

    public var description: String {
        switch self {
        case .notFound(let command, let searched):
            return "--open-command \(command): \(searched). Give a program name on PATH or a path to an executable."
        case .launchFailed(let command, let reason):
            return "--open-command \(command) could not start: \(reason)"
        }
    }
}
