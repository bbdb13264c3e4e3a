import ChildProcesses
import Foundation

// MARK: - Running tools

/// Runs the toolchain's programs and the built host (started by `ChildProcess`, our own launcher).
enum ProgramRunner {
    /// Runs a program to the end and returns its standard output; a failure quotes its standard error.
    static func output(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let process = ChildProcess(executable: program, arguments: arguments)
        if let environment { process.environment = environment }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = .pipe(output)
        process.standardError = .pipe(errors)
        process.standardInput = .nullDevice
        do {
            try process.run()
        } catch {
            throw HostPackageError("\(error)")
        }
        // Read both pipes to the end before waiting, so a chatty child never blocks on a full pipe.
        let errorText = CollectedData()
        let errorReader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = errorText.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw HostPackageError(
                "\((program as NSString).lastPathComponent) \(arguments.prefix(3).joined(separator: " ")) failed: \(message.prefix(2000))")
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    /// Runs a program with standard output and error merged into one pipe, handing each line to `line` as it
    /// arrives; returns whether it exited with status 0.
    static func streamingLines(_ program: String, _ arguments: [String], line: (String) -> Void) throws -> Bool {
        let process = ChildProcess(executable: program, arguments: arguments)
        let pipe = Pipe()
        process.standardOutput = .pipe(pipe)
        process.standardError = .standardOutput
        process.standardInput = .nullDevice
        do {
            try process.run()
        } catch {
            throw HostPackageError("\(error)")
        }
        var pending = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                line(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                pending = Data(pending[pending.index(after: newline)...])
            }
        }
        if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }
}

/// Data that one thread reads to the end and another waits for.
private final class CollectedData: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.withLock {
            data = value
            condition.signal()
        }
    }
    func wait() -> Data {
        condition.withLock {
            while data == nil { condition.wait() }
            return data ?? Data()
        }
    }
}
