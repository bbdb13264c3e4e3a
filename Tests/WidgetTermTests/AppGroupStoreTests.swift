import Foundation
import Testing
import WidgetHost
import WidgetKitUI

@Suite struct AppGroupStoreTests {
    /// A private store directory for one test, beside this process's own store (inside the
    /// `widgetterm-tests-<pid>` directory the start-up hook removes once the process has exited).
    static func temporaryStore(_ name: String) throws -> AppGroupStore {
        let directory = try AppGroupStore.forProcess().directory.deletingLastPathComponent().appendingPathComponent("store-\(name)")
        try? FileManager.default.removeItem(at: directory)
        return try AppGroupStore(directory: directory)
    }

    @Test("the test process's store is a private temporary directory, and XDG_CONFIG_HOME names it")
    func processStore() throws {
        let store = try AppGroupStore.forProcess()
        #expect(AppGroupStore.userDefaultsRouting == .routed)
        #expect(
            store.directory.path.hasPrefix("/tmp/widgetterm-tests-\(getpid())/app-group")
                || store.directory.path.contains("/widgetterm-tests-\(getpid())/app-group"))
        // Foundation writes this process's scratch copies, never the store itself.
        #expect(
            ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
                == store.directory.appendingPathComponent(".widgetterm/scratch/\(getpid())").path)
        #expect(ProcessInfo.processInfo.environment["WIDGETTERM_ORIGINAL_XDG_CONFIG_HOME"] != nil)
        #expect(store.receivesUserDefaults)
        #expect(try !Self.temporaryStore("other").receivesUserDefaults)
    }

    @Test("UserDefaults(suiteName:) written by unchanged widget code is found as a file in the store directory")
    func userDefaultsLandInTheStore() throws {
        let store = try AppGroupStore.forProcess()
        let file = store.directory.appendingPathComponent("group.x.plist")
        try? FileManager.default.removeItem(at: file)

        let defaults = try #require(UserDefaults(suiteName: "group.x"))
        defaults.set(42, forKey: "answer")
        defaults.set("forty-two", forKey: "spelled")
        #expect(defaults.synchronize())
        // Foundation's own save reaches only the scratch copy; the host's saves the store.
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(AppGroupStore.synchronizeUserDefaults().filter(\.isNotSaved).isEmpty)

        #expect(store.userDefaultsFileURL(forSuite: "group.x") == file)
        let data = try Data(contentsOf: file)
        let values = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        #expect(values["answer"] as? Int == 42)
        #expect(values["spelled"] as? String == "forty-two")
        #expect(store.values(inSuite: "group.x") == ["answer": "42", "spelled": "forty-two"])
        #expect(store.verifyUserDefaultsRouting() == .routed)
    }

    @Test("values set without synchronize() reach the file when the host synchronizes all suites")
    func synchronizeAllSuites() throws {
        let store = try AppGroupStore.forProcess()
        let suite = "group.widgetterm.tests.unsaved"
        let file = store.userDefaultsFileURL(forSuite: suite)
        try? FileManager.default.removeItem(at: file)
        UserDefaults(suiteName: suite)?.set(7, forKey: "glasses")
        #expect(AppGroupStore.synchronizeUserDefaults().filter(\.isNotSaved).isEmpty)
        let values = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil) as? [String: Any])
        #expect(values["glasses"] as? Int == 7)
    }

    @Test("files are written atomically inside a group's container; no temporary file is left")
    func atomicWrites() throws {
        let store = try Self.temporaryStore("atomic")
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let url = try store.write(Data("one".utf8), toFile: "data/state.json", inGroup: "group.com.example.tests")
        #expect(url == store.directory.appendingPathComponent("group.com.example.tests/data/state.json"))
        try store.write(Data("two".utf8), toFile: "data/state.json", inGroup: "group.com.example.tests")
        #expect(String(decoding: try store.contents(ofFile: "data/state.json", inGroup: "group.com.example.tests"), as: UTF8.self) == "two")
        let listing = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(listing == ["state.json"])
        let attributes = try FileManager.default.attributesOfItem(atPath: store.directory.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
    }

    @Test("paths and identifiers that leave the container are refused with a clear error")
    func refusedPaths() throws {
        let store = try Self.temporaryStore("refused")
        defer { try? FileManager.default.removeItem(at: store.directory) }
        #expect(throws: AppGroupStoreError.invalidPath("../escape", reason: "it contains . or .. components")) {
            try store.write(Data(), toFile: "../escape", inGroup: "group.a")
        }
        #expect(throws: AppGroupStoreError.invalidPath("/etc/passwd", reason: "it is absolute; give a path relative to the container")) {
            try store.write(Data(), toFile: "/etc/passwd", inGroup: "group.a")
        }
        #expect(throws: AppGroupStoreError.invalidGroupIdentifier("a/b", reason: "it contains /")) {
            try store.containerURL(forGroup: "a/b")
        }
        #expect(
            AppGroupStoreError.invalidGroupIdentifier("..", reason: "it is a relative directory name").description
                == "App Group identifier \"..\" cannot name a container: it is a relative directory name. Use an identifier like group.com.example.app."
        )
        #expect(throws: AppGroupStoreError.self) { try store.contents(ofFile: "missing.json", inGroup: "group.a") }
    }
}

/// Each test binds a host context of its own, so they run in parallel with everything else.
@Suite struct AppGroupContainerTests {
    @Test("FileManager.containerURL(forSecurityApplicationGroupIdentifier:) returns the store's container")
    func containerURL() throws {
        let store = try AppGroupStore.forProcess()
        let host = HostContext()
        store.installAsContainerProvider(in: host)
        let url = try #require(
            host.run { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.widgets") })
        #expect(url == store.directory.appendingPathComponent("group.com.example.widgets", isDirectory: true))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(host.run { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "../outside") } == nil)
        // Another host's widget code does not see this store.
        #expect(HostContext().run { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.x") } == nil)
    }

    @Test("without an App Group store in the host, containerURL returns nil")
    func noHost() {
        let host = HostContext()
        #expect(host.appGroupContainers == nil)
        #expect(host.run { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.widgets") } == nil)
    }
}

// MARK: - Saving suites: planted links, unreadable files, failed saves

@Suite struct AppGroupSaveTests {
    static func freshSuite(_ name: String) throws -> (suite: String, file: URL) {
        let suite = "group.widgetterm.tests.save.\(name)"
        let file = try AppGroupStore.forProcess().userDefaultsFileURL(forSuite: suite)
        return (suite, file)
    }

    static func values(_ file: URL) throws -> [String: Any] {
        try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil) as? [String: Any])
    }

    static func inode(_ file: URL) throws -> UInt64 {
        var status = stat()
        try #require(lstat(file.path, &status) == 0)
        return UInt64(status.st_ino)
    }

    @Test("values of every property-list type round-trip, and a save with nothing changed writes nothing")
    func roundTripWithoutRewrites() throws {
        let (suite, file) = try Self.freshSuite("types")
        let defaults = try #require(UserDefaults(suiteName: suite))
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        defaults.set(7, forKey: "int")
        defaults.set(2.5, forKey: "double")
        defaults.set(true, forKey: "bool")
        defaults.set("text é", forKey: "string")
        defaults.set(Data([0, 1, 255]), forKey: "data")
        defaults.set(date, forKey: "date")
        defaults.set([1, 2, 3], forKey: "array")
        defaults.set(["b": 2, "a": "one"], forKey: "dictionary")
        #expect(AppGroupStore.synchronizeUserDefaults().filter(\.isNotSaved).isEmpty)
        let written = try Self.inode(file)
        let values = try Self.values(file)
        #expect(values["int"] as? Int == 7)
        #expect(values["double"] as? Double == 2.5)
        #expect(values["bool"] as? Bool == true)
        #expect(values["string"] as? String == "text é")
        #expect(values["data"] as? Data == Data([0, 1, 255]))
        #expect(values["date"] as? Date == date)
        #expect(values["array"] as? [Int] == [1, 2, 3])
        #expect((values["dictionary"] as? [String: Any])?["a"] as? String == "one")
        // Unchanged values are not "changes": the file is not replaced (a false change would overwrite
        // another process's newer value).
        #expect(AppGroupStore.synchronizeUserDefaults().filter(\.isNotSaved).isEmpty)
        #expect(try Self.inode(file) == written)
        #expect(defaults.integer(forKey: "int") == 7)
        defaults.removeObject(forKey: "int")
        #expect(AppGroupStore.synchronizeUserDefaults().filter(\.isNotSaved).isEmpty)
        #expect(try Self.values(file)["int"] == nil)
        #expect(try Self.values(file)["string"] as? String == "text é")
    }

    @Test("UserDefaults.standard is kept in the store too, as <process name>.plist")
    func standardDefaults() throws {
        let key = "widgetterm.tests.standard.\(UUID().uuidString.prefix(8))"
        UserDefaults.standard.set(3, forKey: key)
        #expect(AppGroupStore.synchronizeUserDefaults().filter(\.isNotSaved).isEmpty)
        let file = try AppGroupStore.forProcess().userDefaultsFileURL(forSuite: ProcessInfo.processInfo.processName)
        #expect(try Self.values(file)[key] as? Int == 3)
        #expect(UserDefaults.standard.integer(forKey: key) == 3)
        UserDefaults.standard.removeObject(forKey: key)
        #expect(AppGroupStore.synchronizeUserDefaults().filter(\.isNotSaved).isEmpty)
        let remaining = FileManager.default.fileExists(atPath: file.path) ? try Self.values(file) : [:]
        #expect(remaining[key] == nil)
    }

    @Test("a symbolic link planted in the store never redirects a write: its target keeps its bytes and mode")
    func plantedSymbolicLink() throws {
        let (suite, file) = try Self.freshSuite("link")
        let outside = file.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("not yours\n".utf8).write(to: outside)
        chmod(outside.path, 0o644)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)

        let result = IntentRunner(timeLimit: 10).run(IntentReference(IncrementCountIntent(suite: suite)), widget: "counter")
        #expect(result.outcome == .succeeded)
        #expect(try Data(contentsOf: outside) == Data("not yours\n".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: outside.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o644)
        // The link was set aside (renamed, pointing where it did), and the suite is a file of its own. (Which
        // exchange reports it depends on the tests running beside this one: `AppGroupProcessTests` checks the
        // report.)
        let folder = file.deletingLastPathComponent()
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("\(suite).plist.unreadable-") }
        #expect(kept.count == 1)
        let keptAs = folder.appendingPathComponent(try #require(kept.first)).path
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: keptAs) == outside.path)
        #expect(try Self.values(file)["count"] as? Int == 1)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType) == .typeRegular)
    }

    @Test(
        "an unreadable store file (garbage, or empty) is kept aside under a name that says so, never overwritten",
        arguments: [("garbage", Data("{ not a plist".utf8)), ("empty", Data())])
    func unreadableFileKeptAside(name: String, contents: Data) throws {
        let (suite, file) = try Self.freshSuite("unreadable-\(name)")
        try contents.write(to: file)
        let result = IntentRunner(timeLimit: 10).run(IntentReference(IncrementCountIntent(suite: suite)), widget: "counter")
        #expect(result.outcome == .succeeded)
        let folder = file.deletingLastPathComponent()
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("\(suite).plist.unreadable-") }
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: folder.appendingPathComponent(try #require(kept.first))) == contents)
        #expect(try Self.values(file)["count"] as? Int == 1)
    }

    @Test("a suite name too long for a file name makes the intent fail with the reason; the value is taken back")
    func suiteNameTooLong() throws {
        let suite = "group." + String(repeating: "x", count: 250)
        let result = IntentRunner(timeLimit: 10).run(IntentReference(IncrementCountIntent(suite: suite)), widget: "counter")
        guard case .notSaved(let reason) = result.outcome else {
            Issue.record("expected notSaved, got \(result.outcome)")
            return
        }
        #expect(reason.contains("the suite name is 256 bytes, too long for a file name (at most 249 bytes)"))
        #expect(!result.reloadsWidget)
        #expect(result.unsavedSuites == [suite])
        #expect(result.diagnostic?.code == "intent-not-saved")
        #expect(result.logLine.hasPrefix("intent IncrementCountIntent"))
        #expect(result.logLine.contains("failed: not saved"))
        // Nothing in this process shows the unsaved value.
        #expect(UserDefaults(suiteName: suite)?.object(forKey: "count") == nil)
    }
}
