import Foundation
import Testing
import WidgetHost
#if canImport(Glibc)
import Glibc
#endif

/// The tmux harness leaves nothing behind: servers are named after the test process, and a run stops the
/// servers of runs that were killed before they closed theirs.
@Suite("The tmux harness: servers named after their test process, and swept when it has ended", .tmuxInstalled)
struct TmuxServerSweepTests {
    @Test("a session's server is named after this process (pid and start time), which is running; close removes its socket")
    func serverIsNamedAfterTheTestProcess() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let started = try #require(TmuxSession.startTime(of: getpid()))
        #expect(session.socket.hasPrefix("widgetterm-e2e-\(getpid())-\(started)-"))
        #expect(TmuxSession.isOwnerRunning(socket: session.socket))
        #expect(!TmuxSession.isOwnerRunning(socket: "widgetterm-e2e-\(getpid())-\(started + 1)-0A1B2C3D"), "a reused pid")
        #expect(FileManager.default.fileExists(atPath: "\(TmuxSession.socketDirectory)/\(session.socket)"))
        session.close()
        #expect(!FileManager.default.fileExists(atPath: "\(TmuxSession.socketDirectory)/\(session.socket)"), "close removes the socket")
    }

    @Test("the server of a test process that has ended is killed and its socket and scratch directory removed; a running one's stays")
    func serversOfEndedRunsAreSwept() throws {
        // First, so this process's own sweep (before its first server) has run: the one below is the test's.
        let running = try TmuxSession()
        defer { running.close() }
        // A process that has ended: started and reaped here.
        let spawned = ChildProcess.spawn(["/bin/true"], environment: [:], outputPath: nil)
        let pid = try #require(spawned.pid)
        #expect(ChildReaper(pid: pid, name: "ended-run").wait(seconds: 60))
        let socket = "\(TmuxSession.socketPrefix)\(pid)-1-5EED5EED"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try TmuxCommand.run(socket: socket, scratch: scratch, ["-f", "/dev/null", "new-session", "-d", "-s", "left", "sleep 300"])
        #expect(try TmuxCommand.run(socket: socket, scratch: scratch, ["list-sessions", "-F", "#{session_name}"]) == "left\n")

        let swept = TmuxSession.sweepAbandonedServers()

        #expect(swept.contains(socket))
        #expect(!swept.contains(running.socket))
        #expect(!FileManager.default.fileExists(atPath: "\(TmuxSession.socketDirectory)/\(socket)"), "socket removed")
        #expect(!FileManager.default.fileExists(atPath: scratch.path), "scratch directory removed")
        #expect(try running.tmux(["list-sessions", "-F", "#{session_name}"]) == "e2e\n", "the running process's server stays")
    }
}
