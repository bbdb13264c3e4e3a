import Foundation
import Testing
import WidgetHost
#if canImport(Glibc)
import Glibc
#endif

/// `--open-command` openers are bounded and reaped (issue 15, item 3).
@Suite struct URLOpenerTests {
    /// A directory of its own with an executable shell script `name` holding `body`.
    static func script(_ name: String, _ body: String) throws -> (directory: URL, script: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent(name)
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return (directory, script)
    }

    /// The state letter of a process (`S`, `R`, `Z`...), nil when there is no such process.
    static func state(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[close...].dropFirst(2).first
    }

    /// Reads a FIFO on a thread of its own, blocked in `read` (no polling): the first line the writers send,
    /// then the end of the stream, which comes when the last process holding the FIFO open for writing exits.
    final class FIFOWatch: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        private let firstLine = MonotonicSignal()
        private let closed = MonotonicSignal()

        /// Creates the FIFO at `path` and starts reading it (the open blocks until a writer opens it).
        init(path: String) throws {
            guard mkfifo(path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            let thread = Thread { [self] in
                let descriptor = open(path, O_RDONLY)
                guard descriptor >= 0 else { return }
                defer { close(descriptor) }
                var buffer = [UInt8](repeating: 0, count: 256)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    let hasLine = lock.withLock {
                        text += String(decoding: buffer[..<count], as: UTF8.self)
                        return text.contains("\n")
                    }
                    if hasLine { firstLine.signal() }
                }
                closed.signal()
            }
            thread.start()
        }

        /// The first line written, waiting for it at most `seconds` of real time; nil when none came.
        func line(seconds: TimeInterval = 60) -> String? {
            guard firstLine.wait(seconds: seconds) else { return nil }
            return lock.withLock { text.split(separator: "\n").first.map(String.init) }
        }

        /// Waits at most `seconds` of real time until every writer has closed the FIFO (exited); true when they have.
        func waitUntilClosed(seconds: TimeInterval = 60) -> Bool { closed.wait(seconds: seconds) }
    }

    @Test("runs beyond maximumRunning are refused, and every run is reaped")
    func runsAreBounded() throws {
        let (directory, script) = try Self.script("slow", "exec sleep 300")
        defer { try? FileManager.default.removeItem(at: directory) }
        let opener = try URLOpener(command: script.path, timeLimit: 0.3, maximumRunning: 2)
        let first = try opener.start(URL(string: "shop://1")!, capturesOutput: true)
        let second = try opener.start(URL(string: "shop://2")!, capturesOutput: true)
        #expect(opener.runningCount == 2)
        #expect(throws: URLOpenerError.busy(command: script.path, running: 2)) {
            try opener.start(URL(string: "shop://3")!, capturesOutput: true)
        }
        for run in [first, second] {
            let result = run.wait(timeLimit: opener.timeLimit)
            #expect(result.timedOut)
            #expect(result.exitStatus == nil)
            #expect(Self.state(of: run.pid) == nil, "reaped: no zombie left")
        }
        #expect(opener.runningCount == 0)
        #expect(try opener.open(URL(string: "shop://4")!, capturesOutput: true, timeLimit: 0.1).timedOut, "places free again")
    }

    @Test("at the time limit the opener's whole process group is stopped, its children included")
    func timeLimitStopsTheGroup() throws {
        // The opener's child holds the FIFO the URL names open for writing, and the opener writes the child's
        // pid into it: the test reads the pid, and the end of the stream says the child has exited.
        let (directory, script) = try Self.script(
            "spawner", #"exec 3>"${1#file://}"; sleep 300 >&3 & echo $! >&3; exec 3>&-; wait"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("child.fifo")
        let watch = try FIFOWatch(path: fifo.path)
        let opener = try URLOpener(command: script.path, timeLimit: 0.5)
        let run = try opener.start(fifo, capturesOutput: true)
        let child = try #require(watch.line().flatMap { pid_t($0) }, "the opener wrote its child's pid")
        #expect(Self.state(of: child) != nil && Self.state(of: child) != "Z")
        #expect(!watch.waitUntilClosed(seconds: 0), "the child is still running before the time limit")
        let result = run.wait(timeLimit: opener.timeLimit)
        #expect(result.timedOut)
        let childExited = watch.waitUntilClosed()
        #expect(childExited, "the opener's child died with it")
        #expect(Self.state(of: run.pid) == nil)
        if !childExited { kill(child, SIGKILL) }
    }

    @Test("an opener that exits in time keeps the programs it started (a browser xdg-open starts stays open)")
    func exitInTimeKeepsChildren() throws {
        let (directory, script) = try Self.script("launcher", #"sleep 300 & echo $! > "${1#file://}"; echo launched"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("child.pid")
        let result = try URLOpener(command: script.path, timeLimit: 10).open(pidFile, capturesOutput: true)
        #expect(result.arguments == [script.path, pidFile.absoluteString])
        #expect(result.exitStatus == 0 && !result.timedOut && result.output == "launched\n")
        // The script wrote the pid before it exited, and `open` returned after the exit: the file is whole.
        let child = try #require(pid_t(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Self.state(of: child) != nil && Self.state(of: child) != "Z")
        kill(child, SIGKILL)
    }
}
