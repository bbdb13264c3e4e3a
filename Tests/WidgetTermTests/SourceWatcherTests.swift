import Foundation
import TestSupport
import Testing

@testable import WidgetTermCLI

#if canImport(Glibc)
import Glibc
#endif

@Suite("Extension hot reload: the source watcher")
struct SourceWatcherTests {
    /// Records what each `changed` call read, and wakes the test.
    final class Builds: @unchecked Sendable {
        private let lock = NSLock()
        private var contents: [String] = []
        let woken = WakeSignal()

        func record(_ text: String) {
            lock.withLock { contents.append(text) }
            woken.signal()
        }

        var all: [String] { lock.withLock { contents } }

        /// Waits (on wakes, at most 60 s in all) until `count` builds ran; what every build read.
        func wait(count: Int) -> [String] {
            let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
            while all.count < count {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline, woken.wait(seconds: Double(deadline - now) / 1e9) else { break }
            }
            return all
        }
    }

    @Test("a save is one build; a save by rename is one; a file in a new subfolder is seen; other files are not builds")
    func savesRebuildOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetterm-sources-\(getpid())-\(UUID().uuidString.prefix(6))"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/Widget.swift"
        try Data("one".utf8).write(to: URL(fileURLWithPath: file))
        let builds = Builds()
        let watcher = try SourceWatcher(folders: [folder, folder + "/absent"], quiet: 0.1) {
            // What a build would read: every Swift file's text, in path order.
            let paths = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            builds.record(
                paths.map { (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "" }.joined(separator: "+"))
        }
        watcher.start()
        defer { watcher.stop() }

        // Written in place in two steps, with a non-Swift file beside it.
        let descriptor = open(file, O_WRONLY | O_TRUNC)
        #expect(write(descriptor, "tw", 2) == 2)
        #expect(write(descriptor, "o", 1) == 1)
        #expect(close(descriptor) == 0)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        #expect(builds.wait(count: 1) == ["two"])

        // Saved by rename, as many editors do.
        try Data("three".utf8).write(to: URL(fileURLWithPath: folder + "/.Widget.swift.tmp"))
        #expect(rename(folder + "/.Widget.swift.tmp", file) == 0)
        #expect(builds.wait(count: 2) == ["two", "three"], "one build per save")

        // A new subfolder's file.
        try FileManager.default.createDirectory(atPath: folder + "/Views/Small", withIntermediateDirectories: true)
        try Data("four".utf8).write(to: URL(fileURLWithPath: folder + "/Views/Small/Clock.swift"))
        #expect(builds.wait(count: 3) == ["two", "three", "four+three"])

        // Removed.
        try FileManager.default.removeItem(atPath: folder + "/Views")
        #expect(builds.wait(count: 4) == ["two", "three", "four+three", "three"])
    }
}
