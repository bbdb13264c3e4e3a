import Foundation
import Testing
@testable import WidgetHost
#if canImport(Glibc)
import Glibc
#endif

/// The App Group store's lock across processes: a timed wait wakes on the holder's release, not on a timer.
@Suite struct AppGroupStoreLockTests {
    /// A store directory of its own with the `.widgetterm` folder the lock file lives in.
    static func store() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent(".widgetterm"), withIntermediateDirectories: true)
        return directory
    }

    /// Starts a thread that waits at most 30 s for the lock and releases it; the signal says it took it.
    static func waitForTheLock(in store: URL) -> MonotonicSignal {
        let acquired = MonotonicSignal()
        Thread {
            if let lock = try? AppGroupStoreLock.acquire(in: store, within: 30) {
                acquired.signal()
                lock.unlock()
            }
        }.start()
        return acquired
    }

    @Test("a timed wait returns nil while another hold keeps the lock, and the lock once it is released")
    func timedWaitInOneProcess() throws {
        let store = try Self.store()
        defer { try? FileManager.default.removeItem(at: store) }
        let holder = try #require(try AppGroupStoreLock.acquire(in: store, blocking: false))
        #expect(try AppGroupStoreLock.acquire(in: store, blocking: false) == nil)
        #expect(try AppGroupStoreLock.acquire(in: store, within: 0.2) == nil, "held for the whole wait")

        let acquired = Self.waitForTheLock(in: store)
        holder.unlock()
        #expect(acquired.wait(seconds: 30), "the release wakes the waiter")
    }

    @Test("a holder in another process that dies releases the lock, and the waiting process takes it")
    func holderProcessDies() throws {
        let store = try Self.store()
        defer { try? FileManager.default.removeItem(at: store) }
        let lockFile = store.appendingPathComponent(".widgetterm/lock").path
        let fifo = store.appendingPathComponent("held").path
        let watch = try URLOpenerTests.FIFOWatch(path: fifo)
        #expect(FileManager.default.createFile(atPath: lockFile, contents: nil))
        // The shell opens the lock file read-only (as flock(1) does), locks it, says so, and sleeps holding it.
        let spawned = ChildProcess.spawn(
            ["/bin/sh", "-c", "exec 9<'\(lockFile)'; flock 9 && echo held && exec sleep 300"],
            environment: ["PATH": "/usr/bin:/bin"], outputPath: fifo)
        let pid = try #require(spawned.pid, "sh could not start: \(spawned.error)")
        let reaper = ChildReaper(pid: pid, name: "lock-holder")
        #expect(watch.line() == "held")
        #expect(try AppGroupStoreLock.acquire(in: store, blocking: false) == nil, "the other process holds it")

        let acquired = Self.waitForTheLock(in: store)
        kill(pid, SIGKILL)
        #expect(reaper.wait(seconds: 60))
        #expect(acquired.wait(seconds: 30), "the holder's death wakes the waiter")
    }
}
