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
        #expect(ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] == store.directory.path)
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
        #expect(AppGroupStore.synchronizeUserDefaults().isEmpty)
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
        let url = try #require(host.run { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.widgets") })
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
