import Foundation
import Testing
import TestSupport
import ChildProcesses
@testable import HostPackage

// MARK: - The toolchain's temporary files stay out of the developer's TMPDIR

/// `swiftc` on this process's `PATH`, if any.
private let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    .map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

@Suite(.enabled(if: swiftc != nil, "no swiftc on PATH: install a Swift 6 toolchain (https://www.swift.org/install/linux/)"))
struct ToolTemporaryFilesTests {
    /// A fresh folder for a run's `TMPDIR`, and what is in it afterwards.
    private func temporaryFolder() throws -> URL {
        let folder = URL(fileURLWithPath: TestScratch.path("tmpdir"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// The Swift driver leaves a `TemporaryDirectory.*` folder in `TMPDIR` each run; a compiler run through
    /// `ProgramRunner` leaves nothing there, and the program saw its own folder inside it.
    @Test func compilerRunLeavesNothingInTMPDIR() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.path
        let info = try ProgramRunner.output(try #require(swiftc), ["-print-target-info"], environment: environment)
        #expect(info.contains("\"runtimeResourcePath\""))
        #expect(try contents(folder) == [])
        let shell = try ProgramRunner.output("/bin/sh", ["-c", "printf %s \"$TMPDIR\""], environment: environment)
        #expect(shell.hasPrefix(folder.path + "/widgetterm-tool-"))
        #expect(!FileManager.default.fileExists(atPath: shell))
    }

    /// A streamed compiler run (the preview's fast rebuild) cleans up the same way; its `TMPDIR` comes from this
    /// process, so the check is that the folder it was given is gone after the run.
    @Test func streamedRunRemovesItsFolder() throws {
        var lines: [String] = []
        let succeeded = try ProgramRunner.streamingLines("/bin/sh", ["-c", "printf '%s\\n' \"$TMPDIR\"; mkdir \"$TMPDIR/left\""]) {
            lines.append($0)
        }
        #expect(succeeded)
        let given = try #require(lines.first)
        #expect((given as NSString).lastPathComponent.hasPrefix("widgetterm-tool-"))
        #expect(!FileManager.default.fileExists(atPath: given))
    }

    /// A run first removes the folders of WidgetTerm processes that have exited (ended by a signal mid-compile), and
    /// keeps those of live ones.
    @Test func foldersOfExitedProcessesAreSwept() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let exited = ChildProcess(executable: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let dead = "widgetterm-tool-\(exited.processIdentifier)-abcdef"
        let live = ["widgetterm-tool-\(getpid())-abcdef", "widgetterm-tool-1-abcdef", "widgetterm-tool-x-abcdef", "other-1-abc"]
        for name in [dead] + live {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: false)
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = folder.path
        _ = try ProgramRunner.output("/bin/true", [], environment: environment)
        #expect(try contents(folder) == live.sorted())
    }

    /// A `TMPDIR` that cannot hold a folder is named in the error, with what to do.
    @Test func unwritableTMPDIRIsNamed() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = "/nonexistent-widgetterm-tmp"
        #expect {
            _ = try ProgramRunner.output("/bin/true", [], environment: environment)
        } throws: { error in
            let text = "\(error)"
            return text.contains("/nonexistent-widgetterm-tmp") && text.contains("set TMPDIR to a writable folder")
        }
    }
}
