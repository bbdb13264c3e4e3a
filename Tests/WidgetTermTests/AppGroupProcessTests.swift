import Foundation
import Testing
import TestSupport
import WidgetHost
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The App Group store under kills and concurrent processes

/// Drives the real binary's hidden `_tap water` command (the sample water widget's Swift `AddGlassIntent`,
/// which adds 250 to `water.total` in `group.example.water`, default 1250) against stores of their own.
@Suite struct AppGroupProcessTests {
    static let suite = "group.example.water"
    static let big = String(repeating: "x", count: 1 << 20)

    /// A fresh store directory inside this test process's own temporary directory (removed with it).
    static func freshStore(_ name: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgetterm-tests-\(getpid())/process-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    static func seed(_ store: URL, total: Int) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["water.total": total, "big": big], format: .xml, options: 0)
        try data.write(to: store.appendingPathComponent("\(suite).plist"))
    }

    static func values(_ store: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: store.appendingPathComponent("\(suite).plist"))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    /// `widgetterm _tap water --app-group STORE` with more arguments; standard output and error are pipes.
    static func tap(_ store: URL, _ arguments: [String] = [], launcher: [String] = []) throws -> (ChildProcess, Pipe, Pipe) {
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build)")
        let command = [binary, "_tap", "water", "--app-group", store.path] + arguments
        let process =
            launcher.isEmpty
            ? ChildProcess(executable: binary, arguments: Array(command.dropFirst()))
            : ChildProcess(executable: "/bin/sh", arguments: ["-c", launcher.joined(separator: "; ") + "; exec \"$@\"", "sh"] + command)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = .pipe(output)
        process.standardError = .pipe(errors)
        try process.run()
        return (process, output, errors)
    }

    static func text(_ pipe: Pipe) -> String { String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }

    @Test("a control's first currentValue() reads what the store holds, as the widget's timeline does (not the default)")
    func controlReadsTheStoreFirstTime() throws {
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build)")
        let store = try Self.freshStore("control")
        defer { try? FileManager.default.removeItem(at: store) }
        try Self.seed(store, total: 1750)
        let control = try ProgramRun(
            binary, ["control", "add-water", "--app-group", store.path],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"],
            timeLimit: 60)
        #expect(control.status == 0, "\(control.errors)")
        #expect(control.output.contains("shown: currentValue() → button \"1750 ml\"\n"), "\(control.output)")
        let widget = try ProgramRun(
            binary, ["render", "water", "--format", "text", "--app-group", store.path],
            environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"],
            timeLimit: 60)
        #expect(widget.output.contains("1750 ml"), "\(widget.output)")
    }

    @Test("kill -9 at 300 random points of a Swift intent's writer: the store always decodes and keeps every committed value")
    func killedWriter() throws {
        let store = try Self.freshStore("kill")
        defer { try? FileManager.default.removeItem(at: store) }
        var total = 1410
        try Self.seed(store, total: total)
        var random = SplitMix64(seed: 15_001)
        var writers: [ChildProcess] = []
        for trial in 0..<300 {
            let (process, output, errors) = try Self.tap(store, ["--times", "1000"])
            // A random point: after 0 to 2 saved taps (read from the writer's output), then 0 to 12 ms more (the
            // delay is the random point itself, not a wait for something to happen).
            let taps = Int(random.next() % 3)
            var printed = ""
            while printed.components(separatedBy: "committed").count - 1 < taps {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            usleep(UInt32(random.next() % 12_000))
            process.signal(SIGKILL)
            // End of output: the writer's descriptors are closed, so it writes nothing more.
            printed += Self.text(output)
            let problems = Self.text(errors)
            #expect(problems.isEmpty, "trial \(trial): \(problems)")
            writers.append(process)
            let committed = printed.components(separatedBy: "committed").count - 1
            let values = try Self.values(store)
            let stored = try #require(values["water.total"] as? Int, "trial \(trial): water.total is gone")
            let saved = (stored - total) / 250
            #expect(
                (stored - total) % 250 == 0 && (saved == committed || saved == committed + 1),
                "trial \(trial): \(committed) taps committed, the store went from \(total) to \(stored)")
            #expect(values["big"] as? String == Self.big, "trial \(trial): the 1 MB key is gone")
            total = stored
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.filter { $0.terminationReason == .uncaughtSignal && $0.terminationStatus == SIGKILL }.count == 300)
        let entries = try FileManager.default.contentsOfDirectory(atPath: store.path)
        #expect(entries.sorted() == [".widgetterm", "\(Self.suite).plist"], "no file set aside, no temporary file left: \(entries)")
        // The writers got to save: the kills fell among real writes, not only at start-up.
        #expect(total > 1410 + 300 * 250)
    }

    @Test("two processes tapping one App Group store 80 times each add up to 160 taps")
    func twoProcesses() throws {
        let store = try Self.freshStore("two")
        defer { try? FileManager.default.removeItem(at: store) }
        let first = try Self.tap(store, ["--times", "80"])
        let second = try Self.tap(store, ["--times", "80"])
        let outputs = [Self.text(first.1), Self.text(second.1)]
        let errors = [Self.text(first.2), Self.text(second.2)]
        first.0.waitUntilExit()
        second.0.waitUntilExit()
        #expect(first.0.terminationStatus == 0 && second.0.terminationStatus == 0, "\(errors)")
        #expect(outputs.map { $0.components(separatedBy: "\n").filter { $0.hasPrefix("committed") }.count } == [80, 80])
        #expect(try Self.values(store)["water.total"] as? Int == 1250 + 160 * 250)
    }

    @Test("a save that fails (a file size limit, as a full disk) is a failed intent with its reason; the store is unchanged")
    func failedSave() throws {
        let store = try Self.freshStore("full")
        defer { try? FileManager.default.removeItem(at: store) }
        try Self.seed(store, total: 1410)
        // At most 512 blocks (256 or 512 KiB) may be written per file: the 1 MB suite cannot be saved. SIGXFSZ
        // is ignored, so write(2) fails with EFBIG as it would with ENOSPC on a full disk.
        let (process, output, errors) = try Self.tap(store, [], launcher: ["trap '' XFSZ", "ulimit -f 512"])
        let printed = Self.text(output), message = Self.text(errors)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(printed.isEmpty)
        #expect(message.hasPrefix("widgetterm: intent AddGlassIntent(amount=250) failed: not saved: "))
        #expect(message.contains("File too large"), "\(message)")
        #expect(try Self.values(store)["water.total"] as? Int == 1410)
        #expect(try Self.values(store)["big"] as? String == Self.big)
    }

    @Test("an unreadable store file and a planted symbolic link are kept aside with a diagnostic; the link's target is untouched")
    func setAsideReported() throws {
        let store = try Self.freshStore("aside")
        defer { try? FileManager.default.removeItem(at: store) }
        let file = store.appendingPathComponent("\(Self.suite).plist")
        try Data("<plist><dict><key>water.total".utf8).write(to: file)
        var (process, output, errors) = try Self.tap(store)
        var printed = Self.text(output), message = Self.text(errors)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && printed == "committed 1\n")
        #expect(
            message.hasPrefix(
                "widgetterm: warning: the App Group store file \(file.path) cannot be read (it is not a property list of keys and values); it is kept as \(file.path).unreadable-"
            ))
        #expect(try Self.values(store)["water.total"] as? Int == 1500)

        let outside = store.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("someone else's\n".utf8).write(to: outside)
        chmod(outside.path, 0o644)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
        (process, output, errors) = try Self.tap(store)
        printed = Self.text(output)
        message = Self.text(errors)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && printed == "committed 1\n")
        #expect(message.contains("\(file.path) cannot be read (it is a symbolic link)"))
        #expect(try Data(contentsOf: outside) == Data("someone else's\n".utf8))
        #expect((try FileManager.default.attributesOfItem(atPath: outside.path)[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o644)
        #expect(try Self.values(store)["water.total"] as? Int == 1500)
        let kept = try FileManager.default.contentsOfDirectory(atPath: store.path).filter { $0.contains(".unreadable-") }
        #expect(kept.count == 2)
    }

    @Test("render reports a store file it set aside on standard error, once, and shows the widget's default")
    func renderReportsSetAside() throws {
        let store = try Self.freshStore("render")
        defer { try? FileManager.default.removeItem(at: store) }
        let file = store.appendingPathComponent("\(Self.suite).plist")
        try Data().write(to: file)
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build)")
        let run = try ProgramRun(binary, ["render", "water", "--app-group", store.path, "--color", "never"])
        let printed = run.output, message = run.errors
        #expect(run.status == 0)
        #expect(printed.contains("1250 ml"))
        let lines = message.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix(
                "widgetterm: warning: the App Group store file \(file.path) cannot be read (it is empty); it is kept as ") == true)
        let kept = try FileManager.default.contentsOfDirectory(atPath: store.path).filter {
            $0.hasPrefix("\(Self.suite).plist.unreadable-")
        }
        #expect(kept.count == 1)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test(
        "a running preview and another process share the store: a tap re-reads before it adds, a reload shows the other's write",
        .tmuxInstalled)
    func previewSeesAnotherProcess() throws {
        let session = try TmuxSession()
        let store = session.directory.appendingPathComponent("app-group")
        try session.launch(["preview", "water", "--family", "systemSmall"])
        try session.wait(for: "1250 ml")
        func tapElsewhere() throws {
            let (process, output, errors) = try Self.tap(store)
            #expect(Self.text(output) == "committed 1\n", "\(Self.text(errors))")
            process.waitUntilExit()
        }
        try tapElsewhere()
        #expect(try Self.values(store)["water.total"] as? Int == 1500)
        // The preview still shows 1250; its tap starts from the store's 1500, not from what it last read.
        try session.keys("Tab")
        try session.keys("Enter")
        try session.wait(for: "1750 ml")
        #expect(try Self.values(store)["water.total"] as? Int == 1750)
        try tapElsewhere()
        try session.keys("r")
        try session.wait(for: "2000 ml")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
        #expect(try Self.values(store)["water.total"] as? Int == 2000)
    }

    static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The kills above land in a write window only by chance; this checks the rule itself on every system call.
    @Test(
        "no store file is ever truncated or written in place: only new temporary files (O_EXCL) renamed into place",
        .enabled(if: strace != nil, "needs strace"))
    func noInPlaceWrites() throws {
        let store = try Self.freshStore("trace")
        defer { try? FileManager.default.removeItem(at: store) }
        try Self.seed(store, total: 1410)
        let trace = store.deletingLastPathComponent().appendingPathComponent("trace-\(UUID().uuidString.prefix(8)).txt")
        defer { try? FileManager.default.removeItem(at: trace) }
        let (process, output, errors) = try Self.tap(
            store, ["--times", "3"],
            launcher: [
                "exec \(Self.strace!) -f -qq -o \(trace.path) -e trace=open,openat,creat,truncate,ftruncate,rename,renameat,renameat2 \"$@\""
            ])
        let printed = Self.text(output), message = Self.text(errors)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && printed.hasSuffix("committed 3\n"), "\(message)")
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let writes = lines.filter {
            ($0.contains("O_WRONLY") || $0.contains("O_RDWR") || $0.contains("truncate(")) && $0.contains(store.path)
        }
        let inStore = writes.filter { line in
            guard let path = line.split(separator: "\"").dropFirst().first else { return false }
            return URL(fileURLWithPath: String(path)).deletingLastPathComponent().path == store.path
        }
        // Foundation's own in-place writes are seen (the trace catches them), and they stay in the scratch directory.
        #expect(writes.contains { $0.contains("/.widgetterm/scratch/") && $0.contains("O_TRUNC") })
        #expect(inStore.count == 3)
        for line in inStore {
            #expect(line.contains("/.wt-") && line.contains(".tmp\"") && line.contains("O_EXCL") && !line.contains("O_TRUNC"), "\(line)")
        }
        #expect(lines.filter { $0.contains("rename(") && $0.hasSuffix(", \"\(store.path)/\(Self.suite).plist\") = 0") }.count == 3)
        #expect(try Self.values(store)["water.total"] as? Int == 1410 + 3 * 250)
    }
}
