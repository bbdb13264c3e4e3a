import Foundation
import CoreFoundation
import CAppGroupEnvironment
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Problems a save can have

/// Something that went wrong while `UserDefaults` suites were saved into the App Group store.
public enum UserDefaultsSaveProblem: Hashable, Sendable, CustomStringConvertible {
    /// The suite's changes were not saved (and were taken back in this process, so no one sees them).
    case notSaved(suite: String, reason: String)
    /// A store file could not be read; it was renamed, never overwritten, and the store went on without it.
    case setAside(file: String, keptAs: String, reason: String)

    /// The problem in words, naming the suite or file and the reason.
    public var description: String {
        switch self {
        case .notSaved(let suite, let reason):
            return "UserDefaults(suiteName: \"\(suite)\") was not saved: \(reason)"
        case .setAside(let file, let keptAs, let reason):
            return "the App Group store file \(file) cannot be read (\(reason)); it is kept as \(keptAs) and was not overwritten. "
                + "Repair or remove it by hand"
        }
    }

    /// True for `.notSaved`.
    public var isNotSaved: Bool {
        if case .notSaved = self { return true }
        return false
    }
}

// MARK: - The lock shared by every process of one store

/// An exclusive `flock(2)` on `<store>/.widgetterm/lock`. Every process (and every intent in one process:
/// each hold opens its own descriptor) that reads, changes and saves the store's suites holds it, so two
/// previews sharing a store never lose each other's writes.
final class AppGroupStoreLock: @unchecked Sendable {
    private let mutex = NSLock()
    private var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Waits for the lock (`blocking`), or takes it only if it is free.
    ///
    /// - Returns: The hold, or nil when `blocking` is false and another hold has it.
    /// - Throws: `AppGroupStoreError.fileSystem` when the lock file cannot be opened or locked.
    static func acquire(in directory: URL, blocking: Bool = true) throws -> AppGroupStoreLock? {
        let path = lockPath(in: directory)
        let descriptor = try openLockFile(path)
        var isHeld = false
        defer { if !isHeld { close(descriptor) } }
        guard try lock(descriptor, path: path, blocking: blocking) else { return nil }
        isHeld = true
        return AppGroupStoreLock(descriptor: descriptor)
    }

    /// Waits for the lock for at most `seconds` of real time (the monotonic clock); nil when it stayed taken.
    ///
    /// It waits on the release itself rather than trying again on a timer. A hold is released when its
    /// descriptor is closed, and the kernel reports every close of the lock file through inotify
    /// (`IN_CLOSE_WRITE`, `IN_CLOSE_NOWRITE` for a holder that opened it read-only, such as `flock(1)`), also
    /// when it closes the files of a holder that died. Each close wakes one more attempt. The watch is in place
    /// before each attempt, so a release between a failed attempt and the wait still wakes it.
    ///
    /// - Throws: `AppGroupStoreError.fileSystem` when the lock file cannot be opened, watched or locked.
    static func acquire(in directory: URL, within seconds: Double) throws -> AppGroupStoreLock? {
        let path = lockPath(in: directory)
        let descriptor = try openLockFile(path)
        var isHeld = false
        defer { if !isHeld { close(descriptor) } }
        let releases = inotify_init1(Int32(IN_CLOEXEC))
        guard releases >= 0 else {
            throw AppGroupStoreError.fileSystem(
                path: path, operation: "watch the store lock (inotify_init1)", reason: String(cString: strerror(errno)))
        }
        defer { close(releases) }
        guard inotify_add_watch(releases, path, UInt32(IN_CLOSE_WRITE | IN_CLOSE_NOWRITE)) >= 0 else {
            throw AppGroupStoreError.fileSystem(
                path: path, operation: "watch the store lock (inotify_add_watch)", reason: String(cString: strerror(errno)))
        }
        let deadline = monotonicSeconds() + seconds
        while true {
            if try lock(descriptor, path: path, blocking: false) {
                isHeld = true
                return AppGroupStoreLock(descriptor: descriptor)
            }
            let remaining = deadline - monotonicSeconds()
            guard remaining > 0 else { return nil }
            var waiter = pollfd(fd: releases, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min((remaining * 1000).rounded(.up), Double(Int32.max)))
            if poll(&waiter, 1, milliseconds) > 0 {
                // The events only say "try again"; read them so the next poll waits for new ones.
                var events = [UInt8](repeating: 0, count: 4096)
                _ = events.withUnsafeMutableBytes { read(releases, $0.baseAddress, $0.count) }
            }
        }
    }

    private static func lockPath(in directory: URL) -> String { directory.appendingPathComponent(".widgetterm/lock").path }

    /// The lock file, opened for reading and writing (created if missing).
    private static func openLockFile(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw AppGroupStoreError.fileSystem(path: path, operation: "open the store lock", reason: String(cString: strerror(errno)))
        }
        return descriptor
    }

    /// Takes the `flock` on `descriptor`: true when held, false when `blocking` is false and another hold has it.
    private static func lock(_ descriptor: Int32, path: String, blocking: Bool) throws -> Bool {
        while flock(descriptor, LOCK_EX | (blocking ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            let error = errno
            if error == EWOULDBLOCK { return false }
            throw AppGroupStoreError.fileSystem(path: path, operation: "lock", reason: String(cString: strerror(error)))
        }
        return true
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Releases the lock; later calls do nothing.
    func unlock() {
        mutex.withLock {
            guard descriptor >= 0 else { return }
            close(descriptor)
            descriptor = -1
        }
    }

    deinit { unlock() }
}

// MARK: - Moving values between Foundation's scratch copies and the store

/// Foundation on Linux saves a suite in place (`O_TRUNC`, then `write`), so it never writes the store: it
/// writes this process's scratch directory (`XDG_CONFIG_HOME`, see `CAppGroupEnvironment.h`). An exchange,
/// made while holding `AppGroupStoreLock`:
///
/// 1. has Foundation write what it holds (`synchronize()` of every suite);
/// 2. for each suite, compares what Foundation holds now with what the last exchange put in the scratch
///    directory (the base), and applies the keys this process changed to the store file as it is now
///    (another process may have changed other keys), written with a temporary file, `fsync` and `rename`;
/// 3. copies each store file into the scratch directory and makes Foundation read it again.
///
/// A store file that cannot be read is renamed `<name>.unreadable-<UTC time>` and never overwritten. A suite
/// that cannot be saved keeps the store's values and is reported, and this process's changes to it are taken
/// back so no widget shows a value that was not saved.
final class UserDefaultsExchange: @unchecked Sendable {
    let store: URL
    let scratch: URL
    private let mutex = NSLock()
    /// Per suite, the values the last exchange left in the scratch directory.
    private var bases: [String: [String: Any]] = [:]
    /// Suites whose scratch copy could not be refreshed, with the reason: Foundation may show old values, so
    /// changes to them are refused rather than saved over newer ones.
    private var stale: [String: String] = [:]
    /// Per suite, the store file last read or written (identified by device, inode, size and change time)
    /// and its values: a file nobody replaced is not parsed again.
    private var storeFiles: [String: (identity: [Int], values: [String: Any], data: Data)] = [:]
    /// False until the first exchange has copied the store into the (empty) scratch directory.
    private var hasExchanged = false
    /// Files set aside by exchanges whose caller did not report them, for the next caller that does.
    private var unreported: [UserDefaultsSaveProblem] = []

    init(store: URL, scratch: URL) {
        self.store = store
        self.scratch = scratch
    }

    /// The exchange of this process, when `UserDefaults` is routed into the store.
    static let process: UserDefaultsExchange? = {
        guard AppGroupStore.userDefaultsRouting == .routed, let store = widgetterm_app_group_directory(),
            let scratch = widgetterm_app_group_scratch_directory()
        else { return nil }
        let exchange = UserDefaultsExchange(
            store: URL(fileURLWithPath: String(cString: store), isDirectory: true),
            scratch: URL(fileURLWithPath: String(cString: scratch), isDirectory: true))
        // Values widget code set without an intent reach the store when the process ends normally, and
        // problems nobody reported yet (a file set aside during a `render`) go to standard error.
        atexit {
            guard let exchange = UserDefaultsExchange.process else { return }
            var problems: [UserDefaultsSaveProblem] = []
            // Not waiting without end: the thread calling exit() may be an intent's, holding the lock itself.
            if let lock = try? AppGroupStoreLock.acquire(in: exchange.store, within: 5) {
                problems = exchange.exchange()
                lock.unlock()
            }
            exchange.removeScratch()
            for problem in problems {
                FileHandle.standardError.write(Data("widgetterm: \(problem.isNotSaved ? "error" : "warning"): \(problem)\n".utf8))
            }
        }
        return exchange
    }()

    /// Locks the store, exchanges, unlocks.
    ///
    /// - Parameter waits: False: when another hold has the lock, does nothing and returns nil.
    func lockedExchange(waits: Bool = true) -> [UserDefaultsSaveProblem]? {
        // The scratch directory starts empty: the first exchange waits, whoever asks.
        let waits = waits || !mutex.withLock { hasExchanged }
        let lock: AppGroupStoreLock
        do {
            if waits {
                // Bounded: a process stopped while holding the lock must not hang this one (at quit, say).
                guard let acquired = try AppGroupStoreLock.acquire(in: store, within: 10) else {
                    return Self.allSuitesUnsaved(
                        reason: "the store's lock \(store.path)/.widgetterm/lock stayed taken for 10 s (is another widgetterm stopped?)")
                }
                lock = acquired
            } else {
                guard let acquired = try AppGroupStoreLock.acquire(in: store, blocking: false) else { return nil }
                lock = acquired
            }
        } catch {
            return Self.allSuitesUnsaved(reason: "\(error)")
        }
        defer { lock.unlock() }
        return exchange()
    }

    static func allSuitesUnsaved(reason: String) -> [UserDefaultsSaveProblem] {
        let list = CFPreferencesCopyApplicationList(kCFPreferencesCurrentUser, kCFPreferencesAnyHost)
        return ((list as? [String]) ?? []).filter(isAppGroupSuite).map { .notSaved(suite: $0, reason: reason) }
    }

    /// One exchange (see the type). The caller holds `AppGroupStoreLock`.
    func exchange() -> [UserDefaultsSaveProblem] {
        mutex.withLock {
            let problems = unreported + exchangeLocked()
            unreported = []
            hasExchanged = true
            return problems
        }
    }

    /// Keeps the set-aside notices of a report nobody shows, for the next report.
    func keepUnreported(_ problems: [UserDefaultsSaveProblem]) {
        mutex.withLock { unreported += problems.filter { !$0.isNotSaved } }
    }

    private func exchangeLocked() -> [UserDefaultsSaveProblem] {
        var problems: [UserDefaultsSaveProblem] = []
        let listed = CFPreferencesCopyApplicationList(kCFPreferencesCurrentUser, kCFPreferencesAnyHost)
        var suites = Set((listed as? [String]) ?? [])
        suites.formUnion(Self.suiteNames(in: store))
        suites.formUnion(Self.suiteNames(in: scratch))
        suites.formUnion(bases.keys)
        let ordered = suites.filter(Self.isAppGroupSuite).sorted()
        removeLeftoverTemporaryFiles()
        // The process's own `UserDefaults.standard` shares `<process name>.plist` with the suite of that name,
        // through another cached domain: saving the application saves every domain Foundation holds.
        CFPreferencesAppSynchronize(kCFPreferencesCurrentApplication)
        for suite in ordered { Self.synchronize(suite) }
        var unrefreshed: [String] = []
        for suite in ordered {
            let base = bases[suite] ?? [:]
            let defaults = UserDefaults(suiteName: suite)
            let current = defaults?.persistentDomain(forName: suite) ?? [:]
            let changes = Self.changes(from: base, to: current)
            let file = store.appendingPathComponent(suite + ".plist")
            var stored: [String: Any] = [:]
            var storedData: Data? = nil
            var mustWrite = false
            if let reason = Self.fileNameProblem(suite) {
                if !changes.isEmpty { problems.append(.notSaved(suite: suite, reason: reason)) }
                Self.takeBack(changes, in: defaults, restoring: [:])
                bases[suite] = [:]
                continue
            }
            let identity = Self.identity(of: file)
            let cached = storeFiles[suite].flatMap { $0.identity == identity ? StoreFile.values($0.values, $0.data) : nil }
            switch cached ?? Self.read(file) {
            case .missing:
                break
            case .values(let values, let data):
                stored = values
                storedData = data
                if let identity { storeFiles[suite] = (identity, values, data) }
            case .unreadable(let reason):
                do {
                    let keptAs = try Self.setAside(file)
                    problems.append(.setAside(file: file.path, keptAs: keptAs.path, reason: reason))
                    // The last values read from the store stand in for the file (or nothing, if never read).
                    stored = base
                    mustWrite = !base.isEmpty
                } catch {
                    problems.append(.notSaved(suite: suite, reason: "\(file.path) cannot be read (\(reason)) nor set aside (\(error))"))
                    Self.takeBack(changes, in: defaults, restoring: base)
                    continue
                }
            }
            if !changes.isEmpty, let reason = stale[suite] {
                problems.append(.notSaved(suite: suite, reason: "this process could not read the store's current values (\(reason))"))
                Self.takeBack(changes, in: defaults, restoring: stored)
            } else if !changes.isEmpty || mustWrite {
                var merged = stored
                for (key, value) in changes { merged[key] = value }
                do {
                    storedData = try Self.writeStore(merged, to: file)
                    stored = merged
                    storeFiles[suite] = Self.identity(of: file).flatMap { identity in storedData.map { (identity, merged, $0) } }
                } catch {
                    problems.append(.notSaved(suite: suite, reason: "\(error)"))
                    Self.takeBack(changes, in: defaults, restoring: stored)
                }
            }
            do {
                try refreshScratch(suite, with: storedData)
                bases[suite] = stored
                stale[suite] = nil
            } catch {
                stale[suite] = "\(error)"
                unrefreshed.append(suite)
            }
        }
        // Foundation drops what it cached and reads the scratch copies again at the next access.
        for suite in ordered { Self.synchronize(suite) }
        CFPreferencesAppSynchronize(kCFPreferencesCurrentApplication)
        for suite in unrefreshed {
            bases[suite] = UserDefaults(suiteName: suite)?.persistentDomain(forName: suite) ?? [:]
        }
        return problems
    }

    /// Puts the store's bytes (nil: no file) in the scratch directory with a temporary file and `rename`.
    ///
    /// - Throws: `AppGroupStoreError.fileSystem` when the scratch copy could not be made.
    private func refreshScratch(_ suite: String, with data: Data?) throws {
        let file = scratch.appendingPathComponent(suite + ".plist")
        guard let data else {
            guard unlink(file.path) == 0 || errno == ENOENT else {
                throw AppGroupStoreError.fileSystem(path: file.path, operation: "remove", reason: String(cString: strerror(errno)))
            }
            return
        }
        if let existing = try? Data(contentsOf: file), existing == data { return }
        try Self.writeFile(data, to: file, durably: false)
    }

    /// Removes the temporary files of writers killed before their `rename` (store files are written only under
    /// the lock, which the caller holds, so no live writer owns one).
    private func removeLeftoverTemporaryFiles() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []
        for name in names where name.hasPrefix(".wt-") && name.hasSuffix(".tmp") {
            unlink(store.appendingPathComponent(name).path)
        }
    }

    /// Removes this process's scratch directory (at exit).
    func removeScratch() {
        try? FileManager.default.removeItem(at: scratch)
    }

    // MARK: Reading and writing store files

    enum StoreFile {
        case missing
        case values([String: Any], Data)
        case unreadable(reason: String)
    }

    /// Device, inode, size and change time of a regular file (not following a link), or nil.
    static func identity(of file: URL) -> [Int]? {
        var status = stat()
        guard lstat(file.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return [Int(status.st_dev), Int(status.st_ino), Int(status.st_size), status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
    }

    /// Reads a store file without following a symbolic link.
    static func read(_ file: URL) -> StoreFile {
        var status = stat()
        if lstat(file.path, &status) != 0 {
            return errno == ENOENT ? .missing : .unreadable(reason: String(cString: strerror(errno)))
        }
        if (status.st_mode & S_IFMT) == S_IFLNK { return .unreadable(reason: "it is a symbolic link") }
        if (status.st_mode & S_IFMT) != S_IFREG { return .unreadable(reason: "it is not a regular file") }
        let descriptor = open(file.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .unreadable(reason: String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            return .unreadable(reason: "\(error)")
        }
        if data.isEmpty { return .unreadable(reason: "it is empty") }
        guard
            let values = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
        else { return .unreadable(reason: "it is not a property list of keys and values") }
        return .values(values, data)
    }

    /// Renames an unreadable file `<name>.unreadable-<UTC time>` (with `-2`, `-3`... if taken).
    static func setAside(_ file: URL) throws -> URL {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let stamp = String(
            format: "%04d%02d%02dT%02d%02d%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
        for attempt in 1...100 {
            let name = file.lastPathComponent + ".unreadable-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            let target = file.deletingLastPathComponent().appendingPathComponent(name)
            var status = stat()
            if lstat(target.path, &status) == 0 { continue }
            guard rename(file.path, target.path) == 0 else {
                throw AppGroupStoreError.fileSystem(path: file.path, operation: "rename", reason: String(cString: strerror(errno)))
            }
            return target
        }
        throw AppGroupStoreError.fileSystem(path: file.path, operation: "set aside", reason: "100 set-aside copies already exist")
    }

    /// Writes a suite's values to the store (an empty suite removes its file). Returns the bytes written.
    static func writeStore(_ values: [String: Any], to file: URL) throws -> Data? {
        if values.isEmpty {
            guard unlink(file.path) == 0 || errno == ENOENT else {
                throw AppGroupStoreError.fileSystem(path: file.path, operation: "remove", reason: String(cString: strerror(errno)))
            }
            return nil
        }
        let data: Data
        do {
            data = try encodeXML(NSDictionary(dictionary: values))
        } catch {
            throw AppGroupStoreError.fileSystem(path: file.path, operation: "encode the values of", reason: "\(error)")
        }
        try writeFile(data, to: file, durably: true)
        return data
    }

    /// Writes through a temporary file in the same directory (short name, `O_EXCL`: never through a planted
    /// link) and `rename(2)`, which replaces the name itself, never a link's target. `durably`: `fsync` the file
    /// before the rename and the directory after it.
    static func writeFile(_ data: Data, to file: URL, durably: Bool) throws {
        let folder = file.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".wt-\(String(UInt32.random(in: 0...UInt32.max), radix: 16)).tmp")
        func failure(_ operation: String, _ error: Int32 = errno) -> AppGroupStoreError {
            unlink(temporary.path)
            return .fileSystem(path: file.path, operation: operation, reason: String(cString: strerror(error)))
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("create a temporary file beside") }
        let written = data.withUnsafeBytes { bytes -> Int32 in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count < 0 { return errno }
                if count == 0 { return EIO }
                offset += count
            }
            return 0
        }
        if written != 0 {
            close(descriptor)
            throw failure("write", written)
        }
        if durably && fsync(descriptor) != 0 {
            let error = errno
            close(descriptor)
            throw failure("write", error)
        }
        guard close(descriptor) == 0 else { throw failure("write") }
        guard rename(temporary.path, file.path) == 0 else { throw failure("replace") }
        if durably {
            let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if directory >= 0 {
                fsync(directory)
                close(directory)
            }
        }
    }

    // MARK: Suites and values

    /// The suites with a `<suite>.plist` entry in a directory (any kind of entry: a link is still a suite).
    static func suiteNames(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") && !$0.hasPrefix(".") }.map { String($0.dropLast(6)) }
    }

    /// Has Foundation save one suite and drop what it cached of it (`UserDefaults.synchronize()` does this for
    /// every suite of the process each time, which makes an exchange quadratic in the number of suites).
    @discardableResult
    static func synchronize(_ suite: String) -> Bool {
        let name = unsafeBitCast(NSString(string: suite), to: CFString.self)
        return CFPreferencesSynchronize(name, kCFPreferencesCurrentUser, kCFPreferencesAnyHost)
    }

    /// False for Foundation's names of the global and current-application domains (the current application is
    /// exchanged under the process's name, `UserDefaults.standard`'s file).
    static func isAppGroupSuite(_ suite: String) -> Bool {
        !suite.isEmpty && !suite.hasPrefix("kCFPreferences")
    }

    /// Why a suite cannot be a store file, or nil.
    static func fileNameProblem(_ suite: String) -> String? {
        let bytes = suite.utf8.count + ".plist".utf8.count
        if bytes > Int(NAME_MAX) {
            return "the suite name is \(suite.utf8.count) bytes, too long for a file name (at most \(Int(NAME_MAX) - 6) bytes)"
        }
        if suite.contains("/") { return "the suite name contains /, which cannot be part of a file name" }
        if suite.hasPrefix(".") { return "the suite name starts with ., which would make a hidden file" }
        if suite.contains("\0") { return "the suite name contains a NUL character" }
        return nil
    }

    /// The keys whose values differ (nil: removed).
    static func changes(from base: [String: Any], to current: [String: Any]) -> [String: Any?] {
        var changes: [String: Any?] = [:]
        for (key, value) in current where !same(base[key], value) { changes[key] = .some(value) }
        for key in base.keys where current[key] == nil { changes[key] = .some(nil) }
        return changes
    }

    /// Two property-list values are the same when they encode alike (strings and data, which can be large,
    /// are compared directly).
    static func same(_ left: Any?, _ right: Any?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        switch (left, right) {
        case (let a as String, let b as String): return a == b
        case (let a as Data, let b as Data): return a == b
        case (is String, _), (_, is String), (is Data, _), (_, is Data): return false
        default:
            guard let a = try? encodeXML(NSArray(array: [left])), let b = try? encodeXML(NSArray(array: [right])) else { return false }
            return a == b
        }
    }

    /// XML property-list bytes of an `NSDictionary` or `NSArray`, through CoreFoundation directly
    /// (`PropertyListSerialization` copies its result byte by byte on Linux: 0.1 s a megabyte).
    static func encodeXML(_ object: NSObject) throws -> Data {
        let plist = unsafeBitCast(object, to: CFTypeRef.self)
        guard let encoded = CFPropertyListCreateData(kCFAllocatorSystemDefault, plist, .xmlFormat_v1_0, 0, nil)?.takeRetainedValue()
        else { throw CocoaError(.propertyListWriteInvalid) }
        let length = CFDataGetLength(encoded)
        guard length > 0, let bytes = CFDataGetBytePtr(encoded) else { return Data() }
        return Data(bytes: bytes, count: length)
    }

    /// Sets the changed keys back to the store's values in this process.
    static func takeBack(_ changes: [String: Any?], in defaults: UserDefaults?, restoring stored: [String: Any]) {
        guard let defaults else { return }
        for key in changes.keys {
            if let value = stored[key] { defaults.set(value, forKey: key) } else { defaults.removeObject(forKey: key) }
        }
    }
}

// MARK: - One intent's read-modify-write

/// Holds the App Group store for one intent: `begin()` waits for the store's lock and brings in what other
/// processes saved, the intent reads and changes its suites, and `commit()` saves the changes and releases
/// the lock. Two processes tapping the same counter therefore add up instead of overwriting each other.
///
/// Without routing (`WIDGETTERM_APP_GROUP_ROUTING=off`), `begin()` does nothing and `commit()` is
/// `AppGroupStore.synchronizeUserDefaults()`.
public final class UserDefaultsTransaction: @unchecked Sendable {
    private let mutex = NSLock()
    private var lock: AppGroupStoreLock?
    private var released = false
    private let exchange: UserDefaultsExchange?

    /// A transaction on this process's App Group exchange; it takes no lock until it begins.
    public init() { exchange = UserDefaultsExchange.process }

    /// Waits for the store's lock and refreshes this process's suites from the store.
    ///
    /// - Returns: Problems met while doing so (changes made before, outside any intent, that could not be
    ///   saved; unreadable files set aside).
    @discardableResult
    public func begin() -> [UserDefaultsSaveProblem] {
        guard let exchange else { return [] }
        let hold: AppGroupStoreLock
        do {
            guard let acquired = try AppGroupStoreLock.acquire(in: exchange.store) else { return [] }
            hold = acquired
        } catch {
            return [.notSaved(suite: "*", reason: "\(error)")]
        }
        let problems = exchange.exchange()
        let keep: Bool = mutex.withLock {
            guard !released else { return false }
            lock = hold
            return true
        }
        if !keep { hold.unlock() }
        return problems
    }

    /// Saves what changed since `begin()` and releases the lock. After `releaseLock()` (an intent that ran
    /// past its time limit) it takes the lock again for the save.
    ///
    /// - Returns: What went wrong; suites in `.notSaved` were not saved and their changes were taken back.
    @discardableResult
    public func commit() -> [UserDefaultsSaveProblem] {
        guard let exchange else { return AppGroupStore.synchronizeUserDefaults() }
        let held: AppGroupStoreLock? = mutex.withLock {
            defer { lock = nil }
            released = true
            return lock
        }
        guard let held else { return exchange.lockedExchange() ?? [] }
        defer { held.unlock() }
        return exchange.exchange()
    }

    /// Lets other processes and intents use the store before `commit()` (called when the intent's time
    /// limit passes, so a stuck `perform()` does not hold every preview up).
    public func releaseLock() {
        let held: AppGroupStoreLock? = mutex.withLock {
            defer { lock = nil }
            released = true
            return lock
        }
        held?.unlock()
    }
}
