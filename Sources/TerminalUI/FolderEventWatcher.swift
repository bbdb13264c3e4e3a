import Foundation
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Waiting on file system events (inotify)

/// Watches folders with Linux inotify and hands their events to a thread that waits on them: the hot reload of
/// widget documents (`DocumentFileWatcher`) and of a widget extension's Swift sources both wake on these events
/// rather than polling the files.
///
/// It reports a file closed after writing, a file renamed into or out of a folder (editors that save by writing a
/// new file and renaming it over the old one), a file or folder created, and one deleted. Watching recursively, it
/// also watches every folder created or moved in under a watched one, and reports the entries such a folder
/// already held when its watch was added (`.appeared`), so nothing written there in between is missed.
///
/// `waitForEvents(seconds:)` blocks in `poll(2)` on the inotify descriptor (an event wait, woken by the kernel),
/// with an optional limit; `stop()` wakes it from any thread.
public final class FolderEventWatcher: @unchecked Sendable {
    /// One event on a path under a watched folder.
    public struct Event: Equatable, Sendable {
        /// What happened.
        public enum Kind: Equatable, Sendable {
            /// A file opened for writing was closed (`IN_CLOSE_WRITE`): a save that wrote in place is complete.
            case closedAfterWriting
            /// An entry was renamed into the folder (`IN_MOVED_TO`): an editor's save by rename is complete.
            case movedIn
            /// An entry was created (`IN_CREATE`); a file created by `open` is complete only when closed.
            case created
            /// An entry was deleted (`IN_DELETE`).
            case deleted
            /// An entry was renamed out of the folder (`IN_MOVED_FROM`).
            case movedOut
            /// An entry found in a folder that appeared while watching recursively, when its watch was added.
            case appeared
            /// The kernel's event queue overflowed (`IN_Q_OVERFLOW`): events were lost, so anything may have
            /// changed. `path` is empty.
            case overflow
        }

        /// What happened.
        public let kind: Kind
        /// The entry's path: the watched folder's path as given, then "/", then the entry's name.
        public let path: String
        /// True when the entry is a folder.
        public let isDirectory: Bool

        /// An event of `kind` on `path`.
        public init(kind: Kind, path: String, isDirectory: Bool = false) {
            self.kind = kind
            self.path = path
            self.isDirectory = isDirectory
        }
    }

    /// Why a folder could not be watched.
    public struct WatchError: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the folder and what to do.
        public let description: String
    }

    private let descriptor: Int32
    /// A pipe whose write end `stop()` writes to, so a thread in `poll` wakes.
    private let stopPipe: (read: Int32, write: Int32)
    private let recursive: Bool
    /// Watch descriptor → the folder it watches. Touched only by the waiting thread (and `init`).
    private var folders: [Int32: String] = [:]
    private let lock = NSLock()
    private var stopped = false

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR)

    /// Starts watching `folders` (each one and, when `recursive`, every folder under it).
    ///
    /// - Parameters:
    ///   - folders: the folders to watch; duplicates are watched once.
    ///   - recursive: true to watch every folder under them too, including folders created while watching.
    /// - Throws: `WatchError` when inotify cannot be set up or a folder cannot be watched (missing, unreadable,
    ///   or the per-user watch limit `fs.inotify.max_user_watches` reached).
    public init(folders: [String], recursive: Bool) throws {
        self.recursive = recursive
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw WatchError(description: "cannot watch for changes: inotify_init1 failed (\(String(cString: strerror(errno))))")
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            throw WatchError(description: "cannot watch for changes: pipe failed (\(String(cString: strerror(errno))))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        stopPipe = (ends[0], ends[1])
        do {
            for folder in Set(folders).sorted() {
                if let failure = addWatches(folder, reportingContents: false).failure { throw failure }
            }
        } catch {
            close(descriptor)
            close(stopPipe.read)
            close(stopPipe.write)
            throw error
        }
    }

    deinit {
        close(descriptor)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// The folders watched now, sorted. Read it from the thread that calls `waitForEvents(seconds:)`.
    public var watchedFolders: [String] { folders.values.sorted() }

    /// True once `stop()` was called.
    public var isStopped: Bool { lock.withLock { stopped } }

    /// Wakes the thread in `waitForEvents(seconds:)` now and makes every later call return at once, empty.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    /// Waits until events arrive, `seconds` pass (nil: no limit) or `stop()` is called, and returns the events
    /// read (empty on a time-out or a stop). Call it from one thread at a time.
    public func waitForEvents(seconds: Double?) -> [Event] {
        guard !isStopped else { return [] }
        var pollers = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = seconds.map { Int32(min(Double(Int32.max), max(0, $0 * 1000)).rounded(.up)) } ?? -1
        let ready = poll(&pollers, 2, timeout)
        guard ready > 0, !isStopped, pollers[0].revents & Int16(POLLIN) != 0 else { return [] }
        var events: [Event] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            events += parse(buffer, count: count)
        }
        return events
    }

    // MARK: Watches

    /// Adds a watch on `folder` and, when recursive, on every folder under it; with `reportingContents`, returns
    /// the entries found under it as `.appeared` events.
    private func addWatches(_ folder: String, reportingContents: Bool) -> (events: [Event], failure: WatchError?) {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else {
            let reason =
                errno == ENOSPC
                ? "the limit of inotify watches is reached; raise it with `sysctl fs.inotify.max_user_watches=524288`"
                : String(cString: strerror(errno))
            return ([], WatchError(description: "cannot watch \(folder) for changes: \(reason)"))
        }
        folders[watch] = folder
        guard recursive else { return ([], nil) }
        var events: [Event] = []
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
        for name in entries {
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let isDirectory = status.st_mode & S_IFMT == S_IFDIR
            if reportingContents { events.append(Event(kind: .appeared, path: path, isDirectory: isDirectory)) }
            if isDirectory {
                let inner = addWatches(path, reportingContents: reportingContents)
                // A folder under the first ones that cannot be watched fails the start; one that appears later
                // and vanishes (or cannot be read) before its watch is added is left out.
                if let failure = inner.failure, !reportingContents { return ([], failure) }
                events += inner.events
            }
        }
        return (events, nil)
    }

    /// Drops the watches on `folder` and every folder under it (it was renamed away).
    private func removeWatches(under folder: String) {
        for (watch, path) in folders where path == folder || path.hasPrefix(folder + "/") {
            inotify_rm_watch(descriptor, watch)
            folders[watch] = nil
        }
    }

    /// The events in the first `count` bytes of `buffer`, with the watches they call for added or dropped.
    private func parse(_ buffer: [UInt8], count: Int) -> [Event] {
        var events: [Event] = []
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameStart = offset + headerSize
            let name = String(decoding: buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }, as: UTF8.self)
            offset = nameStart + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                events.append(Event(kind: .overflow, path: ""))
                continue
            }
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[watch] = nil
                continue
            }
            guard let folder = folders[watch], !name.isEmpty else { continue }
            let path = folder + "/" + name
            let isDirectory = mask & UInt32(IN_ISDIR) != 0
            let kind: Event.Kind
            if mask & UInt32(IN_CLOSE_WRITE) != 0 {
                kind = .closedAfterWriting
            } else if mask & UInt32(IN_MOVED_TO) != 0 {
                kind = .movedIn
            } else if mask & UInt32(IN_CREATE) != 0 {
                kind = .created
            } else if mask & UInt32(IN_DELETE) != 0 {
                kind = .deleted
            } else if mask & UInt32(IN_MOVED_FROM) != 0 {
                kind = .movedOut
            } else {
                continue
            }
            events.append(Event(kind: kind, path: path, isDirectory: isDirectory))
            guard recursive, isDirectory else { continue }
            switch kind {
            case .created, .movedIn: events += addWatches(path, reportingContents: true).events
            case .movedOut: removeWatches(under: path)
            default: break
            }
        }
        return events
    }
}
