import Foundation
import Testing

@testable import TerminalUI
import WidgetHost

#if canImport(Glibc)
import Glibc
#endif

@Suite("Folder event watcher (inotify)")
struct FolderEventWatcherTests {
    static func directory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgetterm-folder-events-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }

    /// The events up to and including the first one on `marker`, waiting on them (at most 60 s each wait).
    static func events(_ watcher: FolderEventWatcher, through marker: String) -> [FolderEventWatcher.Event] {
        var seen: [FolderEventWatcher.Event] = []
        while !seen.contains(where: { $0.path == marker }) {
            let batch = watcher.waitForEvents(seconds: 60)
            if batch.isEmpty { break }
            seen += batch
        }
        return seen
    }

    @Test("a file written in two steps and closed is one close-after-writing event, after its creation")
    func writeAndCloseIsOneEvent() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = try FolderEventWatcher(folders: [folder], recursive: false)
        let file = folder + "/live.json"
        // Created, then written in two steps through one descriptor, then closed.
        let descriptor = open(file, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        #expect(descriptor >= 0)
        #expect(write(descriptor, "{\"kind\":", 8) == 8)
        #expect(write(descriptor, " \"probe\"}", 9) == 9)
        #expect(close(descriptor) == 0)
        // A second file marks the end: inotify keeps the order, so every event of the save came before it.
        let marker = folder + "/marker"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data()))
        let events = Self.events(watcher, through: marker).filter { $0.path == file }
        #expect(events == [.init(kind: .created, path: file), .init(kind: .closedAfterWriting, path: file)])
    }

    @Test("a save by rename is one moved-in event on the file; the temporary file's events are its own")
    func renameSaveIsOneEvent() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/live.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        let watcher = try FolderEventWatcher(folders: [folder], recursive: false)
        let temporary = folder + "/.live.json.swp"
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary))
        #expect(rename(temporary, file) == 0)
        let marker = folder + "/marker"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data()))
        let events = Self.events(watcher, through: marker)
        #expect(events.filter { $0.path == file } == [.init(kind: .movedIn, path: file)])
        #expect(events.filter { $0.path == temporary }.last == .init(kind: .movedOut, path: temporary))
    }

    @Test("recursive: a file in a new subfolder is seen, and later saves in it too")
    func newSubfolderIsWatched() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = try FolderEventWatcher(folders: [folder], recursive: true)
        let inner = folder + "/Views/Small"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let file = inner + "/Clock.swift"
        try Data("let a = 1".utf8).write(to: URL(fileURLWithPath: file))
        let first = Self.events(watcher, through: file)
        #expect(first.contains { $0.path == file }, "\(first)")
        #expect(first.contains(.init(kind: .created, path: folder + "/Views", isDirectory: true)))
        // Drain what the first write left (the close may come after the file was found in the new folder).
        let marker = folder + "/marker"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data()))
        _ = Self.events(watcher, through: marker)
        #expect(watcher.watchedFolders == [folder, folder + "/Views", inner])

        try Data("let a = 2".utf8).write(to: URL(fileURLWithPath: file))
        let second = Self.events(watcher, through: file)
        #expect(second.last == .init(kind: .closedAfterWriting, path: file))
    }

    @Test("stop wakes a thread waiting on events with no limit")
    func stopWakesTheWaiter() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let watcher = try FolderEventWatcher(folders: [folder], recursive: false)
        let returned = MonotonicSignal()
        Thread.detachNewThread {
            _ = watcher.waitForEvents(seconds: nil)
            returned.signal()
        }
        watcher.stop()
        #expect(returned.wait(seconds: 60))
        #expect(watcher.waitForEvents(seconds: nil).isEmpty)
    }

    @Test("a folder that does not exist is an error naming it")
    func missingFolder() {
        #expect {
            _ = try FolderEventWatcher(folders: ["/nowhere/widgetterm-missing"], recursive: false)
        } throws: { error in
            "\(error)" == "cannot watch /nowhere/widgetterm-missing for changes: No such file or directory"
        }
    }
}
