import Foundation
import WidgetDocument
import WidgetKitUI
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Watching documents for hot reload

/// Watches widget document files and recompiles each one after it is saved, for the preview's hot reload.
///
/// It waits on inotify events in each file's folder (`FolderEventWatcher`; editors often save by writing a new
/// file and renaming it over the old one, which a watch on the file itself would lose). A save is complete when the
/// file is closed after writing or renamed into place; a file that was created and is still open for writing is
/// never read, so a file written in several steps is never compiled half-written. The file is read once the last
/// such event is `debounce` seconds old (the wait for that is a timed wait on the events, not a sleep), so a burst
/// of events is one recompile. A file that then fails to compile is reported as a failure (the caller keeps
/// showing the last good render); the next good save is reported as a replacement.
///
/// Changes are queued for the caller's thread (`takeChanges()`); `start(wake:)`'s function is called when one is
/// queued, so an event loop sleeping in `poll` wakes at once. Latency from the save to the change being queued is
/// the debounce interval plus the compile time (about 0.15 s by default).
public final class DocumentFileWatcher: @unchecked Sendable {
    /// A recompiled document, or why it could not be.
    public struct Change: @unchecked Sendable {
        /// The position of the file in the list the watcher was made with.
        public let index: Int
        /// The file, as given.
        public let file: String
        /// The kind of the file's last good version, which the caller shows (nil when it never compiled).
        public let previousKind: String?
        /// The new widget, or the error to show (the last good render stays).
        public let result: Result<WidgetDescriptor, DocumentError>
        /// True when the file is gone (deleted or moved away, and not back within the debounce interval); `result`
        /// then holds a file error. The watcher keeps watching: when the file comes back it is compiled again.
        public var isRemoved = false
    }

    /// Why the watcher could not start.
    public struct WatchError: Error, CustomStringConvertible, Sendable {
        /// What went wrong, naming the file or directory that could not be watched.
        public let description: String
    }

    private let files: [String]
    /// Each file's path as the folder watcher names it: its folder's absolute path, "/", its name.
    private let watchedPaths: [String]
    private let debounce: TimeInterval
    private let limits: DocumentLimits
    private let events: FolderEventWatcher
    private let lock = NSLock()
    private var queued: [Change] = []
    private var thread: Thread?
    /// The last bytes compiled per file: an event that leaves a file unchanged (a touch) does not recompile it.
    private var lastBytes: [Int: [UInt8]] = [:]
    /// The kind of each file's last good version.
    private var lastKinds: [Int: String] = [:]
    /// Files whose removal has been reported and that have not come back.
    private var removedReported: Set<Int> = []

    /// - Parameters:
    ///   - files: the document paths, in the order the caller shows them.
    ///   - debounce: seconds since a file's last event before it is read (default 0.12).
    ///   - limits: the limits documents are compiled with.
    /// - Throws: `WatchError` when inotify cannot be set up (too many watches, a directory that cannot be read).
    public init(files: [String], debounce: TimeInterval = 0.12, limits: DocumentLimits = .standard) throws {
        self.files = files
        self.debounce = debounce
        self.limits = limits
        watchedPaths = files.map { Self.directory(of: $0) + "/" + URL(fileURLWithPath: $0).lastPathComponent }
        do {
            events = try FolderEventWatcher(folders: files.map { Self.directory(of: $0) }, recursive: false)
        } catch {
            throw WatchError(description: "\(error)")
        }
        for (index, file) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            lastBytes[index] = Array(data)
            lastKinds[index] = try? WidgetDocument(bytes: Array(data), file: file, limits: limits).descriptor.kind
        }
    }

    deinit { stop() }

    /// Starts watching on a thread of its own; `wake` is called (from that thread) whenever a change is queued.
    public func start(wake: @escaping @Sendable () -> Void) {
        let thread = Thread { [weak self] in self?.run(wake: wake) }
        thread.name = "widgetterm.document-watcher"
        lock.withLock { self.thread = thread }
        thread.start()
    }

    /// Stops watching (the thread, waiting on events, wakes and ends at once).
    public func stop() { events.stop() }

    /// The changes queued since the last call, oldest first.
    public func takeChanges() -> [Change] {
        lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
    }

    static func directory(of file: String) -> String {
        let url = URL(fileURLWithPath: file)
        return url.deletingLastPathComponent().path
    }

    // MARK: The watching thread

    private func run(wake: @Sendable () -> Void) {
        /// File index → when its last event arrived (monotonic seconds).
        var pending: [Int: Double] = [:]
        /// Files created and not yet closed after writing: not read until they are.
        var writing: Set<Int> = []
        while !events.isStopped {
            var limit: Double?
            if let soonest = pending.filter({ !writing.contains($0.key) }).values.min() {
                limit = max(0, soonest + debounce - Self.monotonicNow())
            }
            let batch = events.waitForEvents(seconds: limit)
            let now = Self.monotonicNow()
            for event in batch {
                if event.kind == .overflow {
                    // Events were lost: look at every file again.
                    writing.removeAll()
                    for index in files.indices { pending[index] = now }
                    continue
                }
                for index in files.indices where watchedPaths[index] == event.path {
                    pending[index] = now
                    if event.kind == .created && !Self.isComplete(event.path) {
                        writing.insert(index)
                    } else {
                        writing.remove(index)
                    }
                }
            }
            for (index, last) in pending where !writing.contains(index) && now - last >= debounce {
                pending[index] = nil
                compile(index, wake: wake)
            }
        }
    }

    /// Reads file `index` and queues what it compiles to (or that it is gone), unless its bytes are the last ones.
    private func compile(_ index: Int, wake: @Sendable () -> Void) {
        guard let data = FileManager.default.contents(atPath: files[index]) else {
            // Gone for the whole debounce interval (an editor's delete-and-rename is quicker): say so once.
            // The directory is still watched; the file's return is a change, even with the same bytes.
            guard lastBytes[index] != nil || !removedReported.contains(index) else { return }
            lastBytes[index] = nil
            removedReported.insert(index)
            let error = DocumentError(
                file: files[index], position: DocumentPosition(line: 1, column: 1, offset: 0), path: .root,
                expected: "save it again at this path (the preview keeps watching for it)", found: "the file was removed",
                kind: .file)
            var change = Change(index: index, file: files[index], previousKind: lastKinds[index], result: .failure(error))
            change.isRemoved = true
            lock.withLock { queued.append(change) }
            wake()
            return
        }
        let bytes = Array(data)
        removedReported.remove(index)
        guard bytes != lastBytes[index] else { return }
        lastBytes[index] = bytes
        let previousKind = lastKinds[index]
        let result: Result<WidgetDescriptor, DocumentError>
        do {
            let descriptor = try WidgetDocument(bytes: bytes, file: files[index], limits: limits).descriptor
            lastKinds[index] = descriptor.kind
            result = .success(descriptor)
        } catch let error as DocumentError {
            result = .failure(error)
        } catch {
            result = .failure(
                DocumentError(
                    file: files[index], position: DocumentPosition(line: 1, column: 1, offset: 0), path: .root,
                    expected: "save it again as a widget document", found: "\(error)", kind: .file))
        }
        let change = Change(index: index, file: files[index], previousKind: previousKind, result: result)
        lock.withLock { queued.append(change) }
        wake()
    }

    /// True when an entry just created at `path` is whole already: a symbolic link or a second hard link, which
    /// no one writes through. A file created by `open` is whole only once closed after writing.
    private static func isComplete(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return true }
        return status.st_mode & S_IFMT == S_IFLNK || status.st_nlink > 1
    }

    private static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
