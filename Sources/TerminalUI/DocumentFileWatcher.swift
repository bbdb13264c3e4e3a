import Foundation
import WidgetDocument
import WidgetKitUI
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Watching documents for hot reload

/// Watches widget document files and recompiles each one after it is saved, for the preview's hot reload.
///
/// It watches each file's directory with inotify (editors often save by writing a new file and renaming it over
/// the old one, which a watch on the file itself would lose). A save is taken only once the file has been quiet
/// for the debounce interval and two reads a moment apart return the same bytes, so a file written in several
/// steps is never compiled half-written. A file that then fails to compile is reported as a failure (the caller
/// keeps showing the last good render); the next good save is reported as a replacement.
///
/// Changes are queued for the caller's thread (`takeChanges()`); `start(wake:)`'s function is called when one is
/// queued, so an event loop sleeping in `poll` wakes at once. Latency from the last write to the change being
/// queued is the debounce interval plus the settle interval plus the compile time (about 0.2 s by default).
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
    private let debounce: TimeInterval
    private let settle: TimeInterval
    private let limits: DocumentLimits
    private let descriptor: Int32
    /// Watch descriptor → the directory it watches.
    private var directories: [Int32: String] = [:]
    private let lock = NSLock()
    private var queued: [Change] = []
    private var stopped = false
    private var thread: Thread?
    /// The last bytes compiled per file: an event that leaves a file unchanged (a touch) does not recompile it.
    private var lastBytes: [Int: [UInt8]] = [:]
    /// The kind of each file's last good version.
    private var lastKinds: [Int: String] = [:]
    /// Files whose removal has been reported and that have not come back.
    private var removedReported: Set<Int> = []

    /// - Parameters:
    ///   - files: the document paths, in the order the caller shows them.
    ///   - debounce: seconds a file must be quiet before it is read (default 0.12).
    ///   - settle: seconds between the two reads that must agree (default 0.05).
    ///   - limits: the limits documents are compiled with.
    /// - Throws: `WatchError` when inotify cannot be set up (too many watches, a directory that cannot be read).
    public init(files: [String], debounce: TimeInterval = 0.12, settle: TimeInterval = 0.05, limits: DocumentLimits = .standard) throws {
        self.files = files
        self.debounce = debounce
        self.settle = settle
        self.limits = limits
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw WatchError(description: "cannot watch documents: inotify_init1 failed (\(String(cString: strerror(errno))))")
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_ATTRIB)
        for (index, file) in files.enumerated() {
            let directory = Self.directory(of: file)
            guard !directories.values.contains(directory) else { continue }
            let watch = inotify_add_watch(descriptor, directory, mask)
            guard watch >= 0 else {
                close(descriptor)
                throw WatchError(
                    description: "cannot watch \(directory) for changes to \(files[index]): \(String(cString: strerror(errno)))")
            }
            directories[watch] = directory
        }
        for (index, file) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            lastBytes[index] = Array(data)
            lastKinds[index] = try? WidgetDocument(bytes: Array(data), file: file, limits: limits).descriptor.kind
        }
    }

    deinit {
        stop()
        close(descriptor)
    }

    /// Starts watching on a thread of its own; `wake` is called (from that thread) whenever a change is queued.
    public func start(wake: @escaping @Sendable () -> Void) {
        let thread = Thread { [weak self] in self?.run(wake: wake) }
        thread.name = "widgetterm.document-watcher"
        lock.withLock { self.thread = thread }
        thread.start()
    }

    /// Stops watching (the thread ends within a poll interval).
    public func stop() { lock.withLock { stopped = true } }

    /// The changes queued since the last call, oldest first.
    public func takeChanges() -> [Change] {
        lock.withLock {
            defer { queued.removeAll() }
            return queued
        }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    static func directory(of file: String) -> String {
        let url = URL(fileURLWithPath: file)
        return url.deletingLastPathComponent().path
    }

    // MARK: The watching thread

    private func run(wake: @Sendable () -> Void) {
        /// File index → when its last event arrived (monotonic seconds).
        var pending: [Int: Double] = [:]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopped {
            let now = Self.monotonicNow()
            var timeout: Int32 = 250
            if let soonest = pending.values.min() {
                timeout = Int32(max(0, min(250, ((soonest + debounce) - now) * 1000)).rounded(.up))
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, timeout)
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    for index in changedFiles(in: buffer, count: count) { pending[index] = Self.monotonicNow() }
                }
            }
            let current = Self.monotonicNow()
            for (index, last) in pending where current - last >= debounce {
                pending[index] = nil
                let bytes: [UInt8]
                switch contents(of: files[index]) {
                case .missing:
                    // Gone for the whole debounce interval (an editor's delete-and-rename is quicker): say so once.
                    // The directory is still watched; the file's return is a change, even with the same bytes.
                    guard lastBytes[index] != nil || !removedReported.contains(index) else { continue }
                    lastBytes[index] = nil
                    removedReported.insert(index)
                    let error = DocumentError(
                        file: files[index], position: DocumentPosition(line: 1, column: 1, offset: 0), path: .root,
                        expected: "the document file", found: "it was removed", kind: .file)
                    var change = Change(index: index, file: files[index], previousKind: lastKinds[index], result: .failure(error))
                    change.isRemoved = true
                    lock.withLock { queued.append(change) }
                    wake()
                    continue
                case .changing:
                    // Still being written: look again after the debounce.
                    pending[index] = Self.monotonicNow()
                    continue
                case .stable(let stable):
                    bytes = stable
                }
                removedReported.remove(index)
                guard bytes != lastBytes[index] else { continue }
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
                            expected: "a widget document", found: "\(error)", kind: .file))
                }
                let change = Change(index: index, file: files[index], previousKind: previousKind, result: result)
                lock.withLock { queued.append(change) }
                wake()
            }
        }
    }

    /// The indices of watched files named by the inotify events in `buffer`.
    private func changedFiles(in buffer: [UInt8], count: Int) -> Set<Int> {
        var changed: Set<Int> = []
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, length) = buffer.withUnsafeBytes { raw -> (Int32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, Int(event.len))
            }
            let nameStart = offset + headerSize
            let nameBytes = buffer[nameStart..<min(nameStart + length, count)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if let directory = directories[watch] {
                for (index, file) in files.enumerated()
                where Self.directory(of: file) == directory && URL(fileURLWithPath: file).lastPathComponent == name {
                    changed.insert(index)
                }
            }
            offset = nameStart + length
        }
        return changed
    }

    private enum Contents {
        case missing, changing
        case stable([UInt8])
    }

    /// The file's bytes when two reads `settle` seconds apart agree.
    private func contents(of file: String) -> Contents {
        guard let first = FileManager.default.contents(atPath: file) else { return .missing }
        usleep(UInt32(settle * 1_000_000))
        guard let second = FileManager.default.contents(atPath: file) else { return .missing }
        return first == second ? .stable(Array(second)) : .changing
    }

    private static func monotonicNow() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
