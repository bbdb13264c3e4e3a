import ChildProcesses
import Foundation

// MARK: - Running tools

/// Runs the toolchain's programs and the built host (started by `ChildProcess`, our own launcher).
///
/// Each program but SwiftPM gets a temporary folder of its own (`TMPDIR`), removed when it exits: the Swift driver
/// makes a `TemporaryDirectory.*` folder in `TMPDIR` on every run and never removes it, so a preview that recompiles on
/// every save would leave one in the developer's `/tmp` per save. SwiftPM keeps the temporary folder it is given, as
/// its lock files live there (a build's lock and the manifest cache's, shared with the developer's own builds).
enum ProgramRunner {
    /// Runs a program to the end and returns its standard output; a failure quotes its standard error.
    ///
    /// - Parameter environment: the program's environment; by default this process's. Its `TMPDIR` (else this
    ///   process's, else `/tmp`) is where the program's own temporary folder is made.
    static func output(_ program: String, _ arguments: [String], environment: [String: String]? = nil) throws -> String {
        let process = ChildProcess(executable: program, arguments: arguments)
        let temporary = try PrivateTemporaryDirectory(environment: environment)
        defer { temporary.remove() }
        process.environment = temporary.environment
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
    ///
    /// - Parameter isSwiftPM: true for `swift build`, which keeps this process's `TMPDIR` (see the type's note).
    static func streamingLines(_ program: String, _ arguments: [String], isSwiftPM: Bool = false, line: (String) -> Void) throws -> Bool {
        let process = ChildProcess(executable: program, arguments: arguments)
        let temporary = isSwiftPM ? nil : try PrivateTemporaryDirectory(environment: nil)
        defer { temporary?.remove() }
        if let temporary { process.environment = temporary.environment }
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

/// A folder made for one program run's temporary files, inside the temporary folder its environment names, and the
/// environment that points the program at it.
struct PrivateTemporaryDirectory {
    /// The folder's absolute path.
    let path: String
    /// The program's environment with `TMPDIR` set to `path`.
    let environment: [String: String]

    /// The prefix of every such folder; the process's id follows it, then `-` and six random characters.
    static let prefix = "widgetterm-tool-"

    /// Makes the folder (`widgetterm-tool-<pid>-XXXXXX`, mode 0700) in `environment`'s `TMPDIR`, or else this process's,
    /// or else `/tmp`. First removes the folders there of WidgetTerm processes that have exited (one ended by a signal
    /// in the middle of a compile cannot remove its own).
    /// - Throws: `HostPackageError` naming the folder when it cannot be made.
    init(environment given: [String: String]?) throws {
        var environment = given ?? ProcessInfo.processInfo.environment
        let parent =
            [environment["TMPDIR"], ProcessInfo.processInfo.environment["TMPDIR"]].lazy.compactMap { $0 }.first { !$0.isEmpty }
            ?? "/tmp"
        let folder = parent.hasSuffix("/") ? parent : parent + "/"
        Self.removeFoldersOfExitedProcesses(in: folder)
        var template = Array(folder.utf8CString.dropLast()) + Array("\(Self.prefix)\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw HostPackageError(
                "cannot make a temporary folder in \(parent) (\(String(cString: strerror(errno)))): set TMPDIR to a writable folder")
        }
        path = String(cString: made)
        environment["TMPDIR"] = path
        self.environment = environment
    }

    /// Removes the `widgetterm-tool-<pid>-*` folders in `folder` whose process no longer exists (`kill(pid, 0)` fails
    /// with `ESRCH`; another user's live process answers `EPERM` and keeps its folder).
    static func removeFoldersOfExitedProcesses(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0, errno == ESRCH { try? FileManager.default.removeItem(atPath: folder + name) }
        }
    }

    /// Removes the folder and whatever the program left in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
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
