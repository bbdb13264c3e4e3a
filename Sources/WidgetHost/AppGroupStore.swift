import Foundation
import CoreFoundation
import CAppGroupEnvironment
import WidgetKitUI
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The App Group store

/// How `UserDefaults(suiteName:)` is routed in this process.
public enum UserDefaultsRouting: Hashable, Sendable, CustomStringConvertible {
    /// Suites are kept in the App Group store directory: widget code calling `UserDefaults(suiteName:)`
    /// unchanged lands there.
    case routed
    /// `WIDGETTERM_APP_GROUP_ROUTING=off`: suites stay where Foundation keeps them by default
    /// (`$XDG_CONFIG_HOME` or `~/.config`).
    case disabled
    /// Routing was attempted and failed; suites stay in Foundation's default place.
    case failed(reason: String)

    /// Where `UserDefaults` suites are kept, in words, for the host's startup log.
    public var description: String {
        switch self {
        case .routed: return "UserDefaults suites are kept in the App Group store"
        case .disabled: return "UserDefaults routing is off (WIDGETTERM_APP_GROUP_ROUTING=off); suites stay in Foundation's default place"
        case .failed(let reason): return "UserDefaults suites could not be routed into the App Group store: \(reason)"
        }
    }
}

/// Errors from the App Group store, each naming the path and what to do.
public enum AppGroupStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidGroupIdentifier(String, reason: String)
    case invalidPath(String, reason: String)
    case fileSystem(path: String, operation: String, reason: String)

    /// The error in words, naming the identifier or path and what to do.
    public var description: String {
        switch self {
        case .invalidGroupIdentifier(let identifier, let reason):
            return
                "App Group identifier \"\(identifier)\" cannot name a container: \(reason). Use an identifier like group.com.example.app."
        case .invalidPath(let path, let reason):
            return "\"\(path)\" is not a path inside an App Group container: \(reason)."
        case .fileSystem(let path, let operation, let reason):
            return "cannot \(operation) \(path): \(reason). Check the --app-group directory exists and is writable."
        }
    }
}

/// The App Group store: a real directory standing in for the containers an app and its widget extension
/// share on iOS ("Configuring App Groups"). Layout:
///
/// ```
/// <directory>/                    --app-group DIR (default $XDG_CACHE_HOME/widgetterm/app-group,
///                                 else ~/.cache/widgetterm/app-group)
///   <suite>.plist                 UserDefaults(suiteName: "<suite>")
///   <suite>.plist.unreadable-<UTC time>   a suite file that could not be read, set aside
///   .widgetterm/lock              the lock every process holds to read, change and save suites
///   .widgetterm/scratch/<pid>/    Foundation's own copies for one process (removed at exit)
///   <group identifier>/           FileManager.containerURL(forSecurityApplicationGroupIdentifier:)
/// ```
///
/// `UserDefaults(suiteName:)` reaches the directory because the process's `XDG_CONFIG_HOME` names its
/// scratch directory, `<directory>/.widgetterm/scratch/<pid>/`, from the first instruction on (the
/// `CAppGroupEnvironment` start-up hook; Foundation reads that variable once, before `main`). Foundation
/// writes only there (it truncates a file in place, which a kill would leave empty); the host moves values
/// between the scratch copies and the store under a lock shared by every process (`.widgetterm/lock`), in
/// `synchronizeUserDefaults()` and `UserDefaultsTransaction`. Every store file is written atomically (a
/// temporary file in the same directory, `fsync`, then `rename`), so it never points a write through a
/// planted symbolic link, and a file that cannot be read is set aside, never overwritten.
public struct AppGroupStore: Hashable, Sendable {
    /// The store directory (absolute).
    public let directory: URL

    /// A store in `directory`, created (mode 0700) if missing. Only the process's store
    /// (`forProcess()`) receives `UserDefaults(suiteName:)` values.
    ///
    /// - Throws: `AppGroupStoreError.fileSystem` when the directory cannot be created.
    public init(directory: URL) throws {
        let absolute = directory.standardizedFileURL
        do {
            try FileManager.default.createDirectory(
                at: absolute, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw AppGroupStoreError.fileSystem(
                path: absolute.path, operation: "create the App Group directory", reason: error.localizedDescription)
        }
        self.directory = absolute
    }

    /// The store of this process: the directory the start-up hook chose (`--app-group DIR`, else
    /// `WIDGETTERM_APP_GROUP`, else a private temporary directory for a test bundle, else the user's cache
    /// directory). If the hook did not run, the default directory computed from `environment`.
    ///
    /// - Throws: `AppGroupStoreError.fileSystem` when the directory cannot be created.
    public static func forProcess(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppGroupStore {
        if let path = widgetterm_app_group_directory() {
            return try AppGroupStore(directory: URL(fileURLWithPath: String(cString: path), isDirectory: true))
        }
        return try AppGroupStore(directory: defaultDirectory(environment: environment))
    }

    /// `$XDG_CACHE_HOME/widgetterm/app-group`, else `$HOME/.cache/widgetterm/app-group`.
    public static func defaultDirectory(environment: [String: String]) -> URL {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("widgetterm/app-group", isDirectory: true)
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/widgetterm/app-group", isDirectory: true)
    }

    /// How `UserDefaults(suiteName:)` is routed in this process (decided before `main`).
    public static var userDefaultsRouting: UserDefaultsRouting {
        switch Int(widgetterm_app_group_routing_state()) {
        case Int(WIDGETTERM_APP_GROUP_ROUTED.rawValue): return .routed
        case Int(WIDGETTERM_APP_GROUP_DISABLED.rawValue): return .disabled
        case Int(WIDGETTERM_APP_GROUP_FAILED.rawValue): return .failed(reason: String(cString: widgetterm_app_group_routing_problem()))
        default: return .failed(reason: "the CAppGroupEnvironment start-up hook did not run (is the program linked with WidgetHost?)")
        }
    }

    /// True when this store is the one `UserDefaults(suiteName:)` writes into.
    public var receivesUserDefaults: Bool {
        guard Self.userDefaultsRouting == .routed, let path = widgetterm_app_group_directory() else { return false }
        return URL(fileURLWithPath: String(cString: path), isDirectory: true).standardizedFileURL.path == directory.path
    }

    // MARK: Containers and files

    /// The container of an App Group, `<directory>/<identifier>/`, created if missing.
    ///
    /// - Throws: `AppGroupStoreError.invalidGroupIdentifier` for an identifier that cannot be one directory
    ///   name; `.fileSystem` when it cannot be created.
    public func containerURL(forGroup identifier: String) throws -> URL {
        let reason: String? =
            identifier.isEmpty
            ? "it is empty"
            : identifier == "." || identifier == ".."
                ? "it is a relative directory name"
                : identifier.contains("/")
                    ? "it contains /"
                    : identifier.contains("\0") ? "it contains a NUL character" : nil
        if let reason { throw AppGroupStoreError.invalidGroupIdentifier(identifier, reason: reason) }
        let url = directory.appendingPathComponent(identifier, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AppGroupStoreError.fileSystem(path: url.path, operation: "create the container", reason: error.localizedDescription)
        }
        return url
    }

    /// Where Foundation keeps a suite's values: `<directory>/<suite>.plist`.
    public func userDefaultsFileURL(forSuite suiteName: String) -> URL {
        directory.appendingPathComponent(suiteName + ".plist", isDirectory: false)
    }

    /// Writes a file in a group's container atomically: readers see the old contents or the new, never a
    /// mix.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: A relative path inside the container (`a/b.json`; no `..`, not absolute). Missing
    ///     directories are created.
    ///   - identifier: The App Group identifier.
    /// - Returns: The file's URL.
    /// - Throws: `AppGroupStoreError`.
    @discardableResult
    public func write(_ data: Data, toFile path: String, inGroup identifier: String) throws -> URL {
        let url = try fileURL(path, inGroup: identifier)
        try Self.writeAtomically(data, to: url)
        return url
    }

    /// Reads a file in a group's container.
    ///
    /// - Throws: `AppGroupStoreError`.
    public func contents(ofFile path: String, inGroup identifier: String) throws -> Data {
        let url = try fileURL(path, inGroup: identifier)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw AppGroupStoreError.fileSystem(path: url.path, operation: "read", reason: error.localizedDescription)
        }
    }

    private func fileURL(_ path: String, inGroup identifier: String) throws -> URL {
        let container = try containerURL(forGroup: identifier)
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        if path.hasPrefix("/") {
            throw AppGroupStoreError.invalidPath(path, reason: "it is absolute; give a path relative to the container")
        }
        if components.isEmpty { throw AppGroupStoreError.invalidPath(path, reason: "it is empty") }
        if components.contains(where: { $0 == ".." || $0 == "." }) {
            throw AppGroupStoreError.invalidPath(path, reason: "it contains . or .. components")
        }
        return components.reduce(container) { $0.appendingPathComponent(String($1)) }
    }

    /// Writes `data` to `url` through a temporary file in the same directory and `rename(2)`, creating
    /// missing directories; the temporary file is removed on failure.
    ///
    /// - Throws: `AppGroupStoreError.fileSystem` naming the failing step.
    public static func writeAtomically(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw AppGroupStoreError.fileSystem(path: folder.path, operation: "create the directory", reason: error.localizedDescription)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        func failure(_ operation: String) -> AppGroupStoreError {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            return .fileSystem(path: url.path, operation: operation, reason: reason)
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("create a temporary file to write") }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard written, fsync(descriptor) == 0 else {
            let error = failure("write")
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure("close") }
        guard rename(temporary.path, url.path) == 0 else { throw failure("rename the temporary file onto") }
    }

    // MARK: UserDefaults

    /// The values of a suite as text (`key → description`), for the app panel and the log; empty when
    /// the suite has none.
    public func values(inSuite suiteName: String) -> [String: String] {
        let domain = UserDefaults(suiteName: suiteName)?.persistentDomain(forName: suiteName) ?? [:]
        return domain.mapValues(Self.describe)
    }

    /// A stored value as text, optionals unwrapped.
    private static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return describe(wrapped)
        }
        return "\(value)"
    }

    /// Saves what widget code changed in `UserDefaults` suites into the store, and lets this process see what
    /// other processes saved. iOS saves and shares suites without being asked; the host calls this after
    /// each intent (inside a `UserDefaultsTransaction`), before each timeline reload and at exit.
    ///
    /// With routing on, Foundation's own writes go to this process's scratch directory; this holds the
    /// store's lock (`<store>/.widgetterm/lock`, `flock`), applies the keys this process changed to each store
    /// file as it is now, writes it with a temporary file, `fsync` and `rename`, and copies the store back
    /// for Foundation to read (see `CAppGroupEnvironment.h`). Without routing, it calls `synchronize()` on
    /// every suite, as Foundation saves them.
    ///
    /// - Returns: What went wrong: suites not saved (their changes are taken back in this process, with the
    ///   reason) and store files that could not be read (set aside under a new name). Empty when all is well.
    @discardableResult
    public static func synchronizeUserDefaults() -> [UserDefaultsSaveProblem] {
        if let exchange = UserDefaultsExchange.process { return exchange.lockedExchange() ?? [] }
        let list = CFPreferencesCopyApplicationList(kCFPreferencesCurrentUser, kCFPreferencesAnyHost)
        let suites = (list as? [String]) ?? []
        return suites.filter { UserDefaults(suiteName: $0)?.synchronize() == false }.map {
            .notSaved(suite: $0, reason: "Foundation could not write its file (a full disk, or a name too long for a file)")
        }
    }

    /// `synchronizeUserDefaults()`, only if no other process or intent holds the store at this moment (a
    /// timeline reload does not wait for an intent). Returns nil when it did not run.
    @discardableResult
    public static func refreshUserDefaultsIfIdle() -> [UserDefaultsSaveProblem]? {
        guard let exchange = UserDefaultsExchange.process else { return [] }
        let problems = exchange.lockedExchange(waits: false)
        // The caller (a timeline reload) has nowhere to show a set-aside file: the next intent's log line does.
        if let problems { exchange.keepUnreported(problems) }
        return problems
    }

    /// Checks, with a real `UserDefaults(suiteName:)` write, that suites land in this store: writes a probe
    /// value, synchronizes, looks for the plist in the directory, then removes it.
    ///
    /// - Returns: `.routed` when the file appeared here; otherwise why not.
    public func verifyUserDefaultsRouting() -> UserDefaultsRouting {
        let routing = Self.userDefaultsRouting
        guard routing == .routed else { return routing }
        let suite = "widgetterm.routing-probe.\(getpid())"
        guard let defaults = UserDefaults(suiteName: suite) else {
            return .failed(reason: "UserDefaults(suiteName: \"\(suite)\") returned nil")
        }
        defaults.set(true, forKey: "probe")
        let problems = Self.synchronizeUserDefaults()
        let file = userDefaultsFileURL(forSuite: suite)
        let landed = FileManager.default.fileExists(atPath: file.path)
        defaults.removeObject(forKey: "probe")
        Self.synchronizeUserDefaults()
        if let problem = problems.first(where: \.isNotSaved) { return .failed(reason: problem.description) }
        return landed
            ? .routed : .failed(reason: "a value written to UserDefaults(suiteName: \"\(suite)\") did not appear in \(directory.path)")
    }

    // MARK: The FileManager front

    /// Makes `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` answer from this store in
    /// `context` (widget code bound to it). An identifier that cannot name a directory returns nil with one
    /// line on standard error per identifier.
    public func installAsContainerProvider(in context: HostContext) {
        let store = self
        let warned = WarnedIdentifiers()
        context.appGroupContainers = { identifier in
            do {
                return try store.containerURL(forGroup: identifier)
            } catch {
                if warned.insert(identifier) { FileHandle.standardError.write(Data("widgetterm: \(error)\n".utf8)) }
                return nil
            }
        }
    }
}

/// Identifiers already explained on standard error.
private final class WarnedIdentifiers: @unchecked Sendable {
    private let lock = NSLock()
    private var identifiers: Set<String> = []
    func insert(_ identifier: String) -> Bool { lock.withLock { identifiers.insert(identifier).inserted } }
}
