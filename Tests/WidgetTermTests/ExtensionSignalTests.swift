import CTerminalSignals
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import WidgetHost

#if canImport(Glibc)
import Glibc
#endif

/// Signals and extension processes (issue 12 item 3): a write to a dead extension process neither ends the
/// preview nor changes SIGPIPE's disposition for the whole process, a child's standard error is read through
/// interrupted reads, and a crash of the preview ends with one report and no extension process left behind.
@Suite(.serialized) struct ExtensionSignalTests {
    /// Runs `body` with a SIGPIPE handler of the test's own that counts the signals it gets (EPIPE still
    /// reaches the writer, as when SIGPIPE is ignored, so tests running meanwhile are unaffected), then puts the
    /// previous disposition back. Returns whether the handler was still installed afterwards and how many
    /// SIGPIPEs it got.
    static func withCountingHandler(_ body: () throws -> Void) rethrows -> (stillInstalled: Bool, delivered: Int) {
        var counting = sigaction()
        counting.__sigaction_handler.sa_handler = { _ in pipeSignalsDelivered.add(1, ordering: .relaxed) }
        sigemptyset(&counting.sa_mask)
        counting.sa_flags = SA_RESTART
        var before = sigaction()
        sigaction(SIGPIPE, &counting, &before)
        defer { sigaction(SIGPIPE, &before, nil) }
        let start = pipeSignalsDelivered.load(ordering: .relaxed)
        try body()
        var current = sigaction()
        sigaction(SIGPIPE, nil, &current)
        let installed =
            current.sa_flags & SA_SIGINFO == 0 && current.__sigaction_handler.sa_handler != nil
            && unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
                == unsafeBitCast(counting.__sigaction_handler.sa_handler, to: Int.self)
        return (installed, pipeSignalsDelivered.load(ordering: .relaxed) - start)
    }

    @Test func aWriteToADeadChildLeavesSIGPIPEsDispositionAlone() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let process = remote.process(forKind: "count")
        _ = try process.send(.describe, within: ExtensionProcess.startTimeLimit)
        let child = try #require(process.processID)
        #expect(kill(child, SIGKILL) == 0)
        // Foundation's monitor reaps the child; wait (at most 30 s) for the event before writing to its pipe.
        let deadline = ExtensionProcess.monotonicSeconds() + 30
        while process.processID != nil && ExtensionProcess.monotonicSeconds() < deadline { usleep(10_000) }
        #expect(process.processID == nil)
        let outcome = Self.withCountingHandler {
            #expect(throws: ExtensionFailure(reason: "crashed (signal 9, Killed)")) {
                try process.send(.describe, within: 20)
            }
        }
        // The write failed with SIGPIPE blocked on this thread only: nothing delivered, pending or ignored.
        #expect(outcome.stillInstalled, "SIGPIPE's disposition is left alone")
        #expect(outcome.delivered == 0, "the write's SIGPIPE was not delivered")
        var pending = sigset_t()
        #expect(sigpending(&pending) == 0)
        #expect(sigismember(&pending, SIGPIPE) == 0, "the write's SIGPIPE was taken, not left pending")
        var mask = sigset_t()
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_BLOCK, &none, &mask)
        #expect(sigismember(&mask, SIGPIPE) == 0, "this thread's mask is as it was")
        // The next request starts a new process, which answers.
        guard case .widgets(let widgets) = try process.send(.describe, within: ExtensionProcess.startTimeLimit) else {
            Issue.record("describe did not answer with widgets")
            return
        }
        #expect(widgets.map(\.kind) == ["count", "crash", "ticker", "hang", "tally", "switchboard", "push-info", "mailbox", "parcel"])
    }

    @Test func aWriteToAClosedPipeThrowsWithoutRaisingSIGPIPE() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let outcome = Self.withCountingHandler {
            #expect(throws: ExtensionProtocolError.self) {
                try ExtensionProcess.writeFrameToChild(Data("{}".utf8), to: ends[1])
            }
        }
        #expect(outcome.stillInstalled && outcome.delivered == 0)
        var pending = sigset_t()
        #expect(sigpending(&pending) == 0)
        #expect(sigismember(&pending, SIGPIPE) == 0)
    }

    /// A signal handled on the reading thread interrupts its read (EINTR, the handler installed without
    /// SA_RESTART, as the crash reporter's thread suspension does): the tail retries, and ends at the stream's
    /// end with every line. Foundation's `availableData` stopped the process with a fatal error there.
    @Test func anInterruptedReadOfStandardErrorIsRetried() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let tail = ErrorTail()
        let started = MonotonicSignal()
        final class Box: @unchecked Sendable {
            var thread = pthread_t()
        }
        let box = Box()
        let reader = ends[0]
        // A name of this test's own, to find the thread's task in /proc.
        let name = "wt-eintr-\(UInt32(truncatingIfNeeded: reader) % 10000)"
        Thread.detachNewThread {
            box.thread = pthread_self()
            // Test runners' threads block every signal; this one takes SIGURG, as the preview's threads do.
            var urgent = sigset_t()
            sigemptyset(&urgent)
            sigaddset(&urgent, SIGURG)
            pthread_sigmask(SIG_UNBLOCK, &urgent, nil)
            try? Data(name.utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
            started.signal()
            tail.read(from: reader)
        }
        #expect(started.wait(seconds: 30))
        // Wait (at most 30 s) until the thread sleeps in read(2): the kernel names the pipe's wait in wchan.
        let deadline = ExtensionProcess.monotonicSeconds() + 30
        func blocked() -> Bool {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.contains { task in
                let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
                guard comm.trimmingCharacters(in: .whitespacesAndNewlines) == name else { return false }
                let wchan = (try? String(contentsOfFile: "/proc/self/task/\(task)/wchan", encoding: .utf8)) ?? ""
                return wchan.contains("pipe_read") || wchan.contains("pipe_wait")
            }
        }
        while !blocked() && ExtensionProcess.monotonicSeconds() < deadline { usleep(1000) }
        #expect(blocked())
        var handler = sigaction()
        handler.__sigaction_handler.sa_handler = { _ in urgentSignalsDelivered.add(1, ordering: .relaxed) }
        sigemptyset(&handler.sa_mask)
        handler.sa_flags = 0 // no SA_RESTART: the read returns EINTR
        var before = sigaction()
        #expect(sigaction(SIGURG, &handler, &before) == 0)
        defer { sigaction(SIGURG, &before, nil) }
        let delivered = urgentSignalsDelivered.load(ordering: .relaxed)
        #expect(pthread_kill(box.thread, SIGURG) == 0)
        let handled = ExtensionProcess.monotonicSeconds() + 30
        while urgentSignalsDelivered.load(ordering: .relaxed) == delivered && ExtensionProcess.monotonicSeconds() < handled {
            usleep(1000)
        }
        #expect(urgentSignalsDelivered.load(ordering: .relaxed) > delivered, "the reading thread handled the signal")
        let text = "first line\nFile.swift:12: Fatal error: the provider exploded\n"
        #expect(text.withCString { write(ends[1], $0, strlen($0)) } == text.utf8.count)
        close(ends[1])
        tail.waitForEnd()
        #expect(tail.lines == ["first line", "File.swift:12: Fatal error: the provider exploded"])
        #expect(tail.fatalLine == "File.swift:12: Fatal error: the provider exploded")
        close(ends[0])
    }

    @Test func aRunningChildIsWatchedForTheCrashHandler() throws {
        let remote = try ExtensionProcessTests.remote()
        defer { remote.stopAll() }
        let process = remote.process(forKind: "count")
        _ = try process.send(.describe, within: ExtensionProcess.startTimeLimit)
        let child = try #require(process.processID)
        #expect(widgetterm_signals_is_watched_child(child) == 1)
        process.stop()
        #expect(widgetterm_signals_is_watched_child(child) == 0, "an ended child is forgotten")
    }
}

/// SIGPIPEs the counting handler of `ExtensionSignalTests` got (a handler cannot capture; a lock-free atomic
/// add is safe in a handler).
private let pipeSignalsDelivered = Atomic<Int>(0)
/// SIGURGs the interrupting handler of `anInterruptedReadOfStandardErrorIsRetried` got.
private let urgentSignalsDelivered = Atomic<Int>(0)

/// The preview with its widgets in extension processes, ended by a signal (tmux): SIGPIPE ends it as in one
/// process, and a crash signal gives one report (no second fatal error from a child's pipe) and leaves no
/// extension process running.
@Suite(.serialized, .tmuxInstalled)
struct ExtensionPreviewSignalTests {
    static func children(of pid: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0) }
    }

    /// Whether `pid` is gone or a zombie nobody reaped yet.
    static func ended(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test("SIGPIPE and SIGTERM end the preview with the signal's status", arguments: [(SIGPIPE, 141), (SIGTERM, 143)])
    func terminatingSignals(signal: Int32, status: Int) throws {
        let session = try TmuxSession()
        try session.launch(["preview", "orders"], reportsExit: false)
        // The widget's content comes from its extension process, which runs from then on.
        try session.wait(forAll: ["orders │ systemMedium", "4 active"], seconds: 60)
        let pid = try #require(try session.childPID())
        #expect(!Self.children(of: pid).isEmpty, "the orders extension process runs")
        #expect(kill(pid, signal) == 0)
        try session.waitForExit(seconds: 30)
        try session.reportExit()
        let after = try session.wait(for: "MODES-END")
        #expect(after.contains("EXIT=\(status)"), "\(after)")
        #expect(try session.format("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}") == "0001")
    }

    @Test("SIGQUIT, SIGSEGV and SIGABRT give one report", arguments: [(SIGQUIT, 131), (SIGSEGV, 139), (SIGABRT, 134)])
    func crashSignals(signal: Int32, status: Int) throws {
        let session = try TmuxSession()
        let report = session.directory.appendingPathComponent("report.txt")
        try session.launch(["preview", "orders", "2>'\(report.path)'"], reportsExit: false)
        // The widget's content comes from its extension process, which runs from then on.
        try session.wait(forAll: ["orders │ systemMedium", "4 active"], seconds: 60)
        let pid = try #require(try session.childPID())
        #expect(!Self.children(of: pid).isEmpty, "the orders extension process runs")
        let extensions = Self.children(of: pid)
        #expect(kill(pid, signal) == 0)
        try session.waitForExit(seconds: 60)
        try session.reportExit()
        let after = try session.wait(for: "MODES-END")
        #expect(after.contains("EXIT=\(status)"), "\(after)")
        let written = try String(contentsOf: report, encoding: .utf8)
        #expect(written.contains("Program crashed"), "\(written)")
        #expect(!written.contains("FileHandle") && !written.contains("Fatal error"), "no second fatal error:\n\(written)")
        for child in extensions { #expect(Self.ended(child), "extension process \(child) ended") }
    }
}
