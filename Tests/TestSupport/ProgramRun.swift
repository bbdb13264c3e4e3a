// The helpers are for the test targets; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import Foundation
import WidgetHost
#if canImport(Glibc)
import Glibc
#endif

/// One run of a program to its end, started with `ChildProcess` (never Foundation's `Process.run()`, which
/// can crash a test process with many descriptors open): the tests' one way to run the real binary or a tool
/// and read what it printed.
public struct ProgramRun: Sendable {
    /// The exit code, or with `wasSignalled` the signal's number (`ChildProcess.terminationStatus`).
    public var status: Int32
    /// Whether a signal ended the program (a crash, or the time limit's SIGKILL).
    public var wasSignalled: Bool
    /// Everything it wrote to standard output.
    public var output: String
    /// Everything it wrote to standard error.
    public var errors: String

    /// Runs `program` with `arguments` and waits for it, standard input on /dev/null.
    ///
    /// - Parameters:
    ///   - environment: The program's whole environment; nil gives it this process's.
    ///   - directory: Its working directory; nil keeps this process's.
    ///   - outputFolder: When given, standard output and error go to new files in this folder instead of
    ///     pipes (a build leaves servers behind that would hold a pipe open past the program's end).
    ///   - timeLimit: Seconds of real time after which the program's process group is killed (SIGKILL), so
    ///     a test never hangs; nil waits however long it takes.
    /// - Throws: `ChildProcessError` when the program cannot start; an output file's error.
    public init(
        _ program: String, _ arguments: [String] = [], environment: [String: String]? = nil, in directory: URL? = nil,
        outputFolder: URL? = nil, timeLimit: TimeInterval? = nil
    ) throws {
        let process = ChildProcess(executable: program, arguments: arguments)
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = .nullDevice
        var files: (output: URL, errors: URL)?
        let outputPipe = Pipe(), errorPipe = Pipe()
        if let outputFolder {
            let name = UUID().uuidString
            let both = (
                output: outputFolder.appendingPathComponent("out-\(name)"), errors: outputFolder.appendingPathComponent("err-\(name)")
            )
            files = both
            process.standardOutput = .file(both.output.path)
            process.standardError = .file(both.errors.path)
        } else {
            process.standardOutput = .pipe(outputPipe)
            process.standardError = .pipe(errorPipe)
        }
        try process.run()
        if let timeLimit {
            Thread.detachNewThread {
                if !process.wait(seconds: timeLimit) { process.signalProcessGroup(SIGKILL) }
            }
        }
        var outputData = Data(), errorData = Data()
        if let files {
            process.waitUntilExit()
            outputData = try Data(contentsOf: files.output)
            errorData = try Data(contentsOf: files.errors)
            try? FileManager.default.removeItem(at: files.output)
            try? FileManager.default.removeItem(at: files.errors)
        } else {
            // Both pipes are read at once, so a program that fills one never waits on the other.
            let errorsRead = CollectedOutput()
            Thread.detachNewThread { errorsRead.finish(errorPipe.fileHandleForReading.readDataToEndOfFile()) }
            outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
            errorData = errorsRead.wait()
            process.waitUntilExit()
        }
        status = process.terminationStatus
        wasSignalled = process.terminationReason == .uncaughtSignal
        output = String(decoding: outputData, as: UTF8.self)
        errors = String(decoding: errorData, as: UTF8.self)
    }
}

/// Data one thread reads to its end and another waits for.
private final class CollectedOutput: @unchecked Sendable {
    private let done = MonotonicSignal()
    private let lock = NSLock()
    private var data = Data()

    func finish(_ value: Data) {
        lock.withLock { data = value }
        done.signal()
    }

    func wait() -> Data {
        while !done.wait(seconds: 3600) {}
        return lock.withLock { data }
    }
}
#endif
