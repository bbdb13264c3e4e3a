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

    /// Waits (for at most `seconds`, on the monotonic clock) until `condition` holds; returns whether it did.
    static func eventually(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
        while !condition() {
            if DispatchTime.now().uptimeNanoseconds > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// The pid a script wrote to `file`, waiting for the write.
    static func pid(in file: URL) throws -> pid_t {
        var text = ""
        _ = eventually {
            text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            return text.hasSuffix("\n")
        }
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), "no pid in \(file.path)")
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
        // The child writes its pid to the file the URL names, then the opener waits for it.
        let (directory, script) = try Self.script("spawner", #"sleep 300 & echo $! > "${1#file://}"; wait"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("child.pid")
        let opener = try URLOpener(command: script.path, timeLimit: 0.5)
        let run = try opener.start(pidFile, capturesOutput: true)
        let child = try Self.pid(in: pidFile)
        #expect(Self.state(of: child) != nil && Self.state(of: child) != "Z")
        let result = run.wait(timeLimit: opener.timeLimit)
        #expect(result.timedOut)
        #expect(Self.eventually { [nil, "Z"].contains(Self.state(of: child)) }, "the opener's child died with it")
        #expect(Self.state(of: run.pid) == nil)
    }

    @Test("an opener that exits in time keeps the programs it started (a browser xdg-open starts stays open)")
    func exitInTimeKeepsChildren() throws {
        let (directory, script) = try Self.script("launcher", #"sleep 300 & echo $! > "${1#file://}"; echo launched"#)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("child.pid")
        let result = try URLOpener(command: script.path, timeLimit: 10).open(pidFile, capturesOutput: true)
        #expect(result.arguments == [script.path, pidFile.absoluteString])
        #expect(result.exitStatus == 0 && !result.timedOut && result.output == "launched\n")
        let child = try Self.pid(in: pidFile)
        #expect(Self.state(of: child) != nil && Self.state(of: child) != "Z")
        kill(child, SIGKILL)
    }
}
