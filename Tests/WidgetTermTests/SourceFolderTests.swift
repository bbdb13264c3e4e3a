import Foundation
import Testing
import TestSupport
import WidgetKitUI
@testable import os
@testable import HostPackage

// MARK: - Widget sources as iOS sees them

/// The toolchain, the checkout and a cache shared by these tests, so the iOS source rewriter is built once.
enum SourceFolderFixture {
    static let environment = ProcessInfo.processInfo.environment

    /// What one run of the real binary left: its exit status, standard output and standard error.
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// Runs the real binary with `home` as HOME, the shared cache, UTC and C.UTF-8, its outputs in files in
    /// `home` (a first build writes thousands of lines), and waits for it.
    static func widgetterm(_ arguments: [String], home: URL) throws -> Run {
        let binary = try #require(TmuxSession.binary)
        var environment = ["HOME": home.path, "XDG_CACHE_HOME": cache, "LANG": "C.UTF-8", "TZ": "UTC"]
        environment["PATH"] = Self.environment["PATH"]
        environment["TMPDIR"] = swiftPMTemporaryDirectory
        let run = try ProgramRun(binary, arguments, environment: environment, outputFolder: home)
        return Run(status: run.status, output: run.output, errors: run.errors)
    }

    /// Why these tests cannot run here, or nil when they can.
    static let unavailableReason: String? = {
        do {
            try Toolchain.locate(environment: environment).checkHostLibraries()
            return nil
        } catch {
            return "\(error)"
        }
    }()

    /// One per user and checkout (named after the package root), kept between runs: the rewriter in it is rebuilt
    /// only when its sources or the toolchain change, and runs in parallel never see half a binary (RewriterTool
    /// moves it into place). Per checkout, because the host build folders in it (`xcode-project-host`, the
    /// default `--build-dir`s under `XDG_CACHE_HOME`) are built against the checkout's own libraries: two
    /// checkouts' runs sharing one would rebuild it under each other.
    static let cache: String = {
        let checkout = PackagePaths.root.standardizedFileURL.path.replacingOccurrences(of: "/", with: "-")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-source-tests-\(getuid())\(checkout)").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }()

    /// The `TMPDIR` of the SwiftPM runs these tests start, `<cache>/tmp`: SwiftPM keeps its lock files there (the host
    /// build folders' and the manifest cache's, both in `cache`), so every test process of this user and checkout
    /// must give it the same one; its driver leaves a `TemporaryDirectory.*` folder there per run, which this removes
    /// once an hour old (no build of these tests takes that long).
    static let swiftPMTemporaryDirectory: String = {
        let directory = cache + "/tmp"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let hourAgo = Date().addingTimeInterval(-3600)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix("TemporaryDirectory.") {
            let path = directory + "/" + name
            if let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < hourAgo {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        return directory
    }()

    /// The rewriter, built once per test process; nil with the build's error.
    static let rewriter: Result<String, HostPackageError> = {
        do {
            let toolchain = try Toolchain.locate(environment: environment)
            let root = try PackageRoot.locate(environment: environment)
            return .success(
                try RewriterTool.ensure(toolchain: toolchain, root: root, cache: cache + "/widgetterm", progress: Progress(started: Date()))
            )
        } catch let error as HostPackageError {
            return .failure(error)
        } catch {
            return .failure(HostPackageError("\(error)"))
        }
    }()

    /// `source` rewritten as iOS sees it.
    static func rewrite(_ source: String) throws -> String {
        let binary = try rewriter.get()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rewrite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("Input.swift")
        let output = directory.appendingPathComponent("Output.swift")
        try Data(source.utf8).write(to: input)
        _ = try ProgramRunner.output(binary, ["--compiler-version", "6.3.1", input.path, output.path])
        return String(decoding: try Data(contentsOf: output), as: UTF8.self)
    }

    static func isBlank(_ line: Substring) -> Bool { line.allSatisfy { $0 == " " } }
}

@Suite(
    .enabled(
        if: SourceFolderFixture.unavailableReason == nil,
        "the Swift toolchain has no SwiftSyntax host libraries (usr/lib/swift/host/libSwiftIfConfig.so): widget sources cannot be rewritten"
    ),
    .timeLimit(.minutes(10)))
struct SourceRewriterTests {
    @Test func conditionsInStringsAndCommentsAreLeftAlone() throws {
        let source = """
            let a = "#if os(iOS) … #endif"
            // #if os(iOS) and os(macOS) in a comment, #available(iOS 17, *) too
            /* #if os(macOS)
               #endif */
            let b = "if #available(iOS 17, *)"

            """
        #expect(try SourceFolderFixture.rewrite(source) == source)
    }

    @Test("a file importing only Foundation sees ObservableObject and @Published, as on iOS, by two scoped imports at its end")
    func foundationBringsObservableObject() throws {
        let model = "import Foundation\n\nfinal class Store: ObservableObject {\n    @Published var count = 0\n}\n"
        #expect(
            try SourceFolderFixture.rewrite(model)
                == model + "import protocol WidgetKitUI.ObservableObject\nimport struct WidgetKitUI.Published\n")
        // A module that re-exports WidgetKitUI already brings them; a file without Foundation is left alone.
        for source in ["import Foundation\nimport SwiftUI\nlet a = 1\n", "import Combine\nlet a = 1\n", "let a = 1\n"] {
            #expect(try SourceFolderFixture.rewrite(source) == source)
        }
        // Only the active code's imports count.
        let inactive = "import Foundation\n#if os(macOS)\nimport SwiftUI\n#endif\n"
        #expect(try SourceFolderFixture.rewrite(inactive).hasSuffix("import struct WidgetKitUI.Published\n"))
    }

    @Test func nestedConditionsKeepEveryLineAndColumn() throws {
        let source = """
            #if os(macOS)
            let platform = "mac"
            #elseif os(iOS)
              #if targetEnvironment(simulator) && DEBUG
                let platform = "simulator" // kept
              #else
            let platform = "device"
              #endif
            #else
            let platform = "other"
            #endif
            let after = 1

            """
        let lines = try SourceFolderFixture.rewrite(source).split(separator: "\n", omittingEmptySubsequences: false)
        let original = source.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == original.count)
        for (number, line) in lines.enumerated() {
            switch number {
            case 4: #expect(line == #"    let platform = "simulator" // kept"#)
            case 11: #expect(line == "let after = 1")
            default: #expect(SourceFolderFixture.isBlank(line), "line \(number + 1): \(line)")
            }
            // Blanked lines keep their length, so a later column on any line is where it was.
            #expect(line.utf8.count == original[number].utf8.count, "line \(number + 1)")
        }
    }

    @Test func importsAndLanguageVersionAsXcodeBuildsAnExtension() throws {
        let source = """
            #if canImport(UIKit) && canImport(WidgetKit) && canImport(ActivityKit) && canImport(AppIntents)
            let apple = true
            #endif
            #if canImport(Combine)
            let combine = true
            #endif
            #if os(watchOS) || targetEnvironment(macCatalyst)
            let other = true
            #endif
            #if !WIDGETTERM
            #Preview { Text("left out") }
            #endif
            #if swift(>=6.0)
            let swift6Mode = true
            #elseif compiler(>=6.0)
            let compiler6 = true
            #endif

            """
        let kept = try SourceFolderFixture.rewrite(source).split(separator: "\n").filter { !SourceFolderFixture.isBlank($0) }
        #expect(kept == ["let apple = true", "let compiler6 = true"])
    }

    @Test func availabilityChecksAskTheSimulatedSystem() throws {
        let source = """
            if #available(iOS 17.0, *) { a() } else if #available(iOSApplicationExtension 16.1, macOS 13, *) { b() }
            guard #unavailable(iOS 18) else { return }
            if #available(macOS 14, *), let x { c(x) }
            #if os(macOS)
            if #available(iOS 15, *) {}
            #endif
            """
        let lines = try SourceFolderFixture.rewrite(source).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "if WidgetKitUI.OSAvailability.iOS(17, 0, 0) { a() } else if WidgetKitUI.OSAvailability.iOS(16, 1, 0) { b() }")
        #expect(lines[1] == "guard !WidgetKitUI.OSAvailability.iOS(18, 0, 0) else { return }")
        #expect(lines[2] == "if true, let x { c(x) }")
        #expect(SourceFolderFixture.isBlank(lines[4]))
        // The module the calls name is imported after the last line, so no line moves.
        #expect(lines.count == 8 && lines[6] == "import WidgetKitUI" && lines[7].isEmpty)
    }
}

// MARK: - The command line's view of a source folder

struct SourceFolderRequestTests {
    @Test func folderArgumentsAreSplitFromTheCommandsOwn() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let request = try #require(
            SourceFolderCommand.Request(["render", folder, "--kind", "Water", "--format=text", "--build-dir=/tmp/h"]))
        #expect(request.command == "render")
        #expect(request.path == folder)
        #expect(request.kind == "Water")
        #expect(request.buildDirectory == "/tmp/h")
        #expect(request.rest == ["--format=text"])
        #expect(SourceFolderCommand.Request([folder])?.command == "preview")
        #expect(
            SourceFolderCommand.Request(["render", folder, "--kind"])?.usageError
                == "--kind needs a value: a widget kind (widgetterm list \(folder))")
        // A widget kind or a document is not a folder: the samples' command line handles those.
        #expect(SourceFolderCommand.Request(["render", "water"]) == nil)
        #expect(SourceFolderCommand.Request(["list"]) == nil)
    }

    @Test func flagsBeforeTheCommandReachIt() throws {
        let folder = FileManager.default.temporaryDirectory.path
        let valued: Set<String> = ["timezone", "format"]
        let request = try #require(
            SourceFolderCommand.Request(
                [
                    "--timezone", "UTC", "render", "--format", "text", folder, "--target", "Widgets", "--include", "/a", "--include=/b",
                    "--os", "16",
                ],
                allCommands: ["render", "sources"], valuedFlags: valued))
        #expect(request.command == "render")
        #expect(request.path == folder)
        #expect(request.target == "Widgets")
        #expect(request.includes == ["/a", "/b"])
        #expect(request.rest == ["--timezone", "UTC", "--format", "text", "--os", "16"])
        // A path alone, after flags, is the preview's.
        let preview = try #require(SourceFolderCommand.Request(["--timezone=UTC", folder], valuedFlags: valued))
        #expect(preview.command == "preview" && preview.path == folder && preview.rest == ["--timezone=UTC"])
        // A command that takes no widget source path keeps its arguments, even when one is a folder.
        #expect(SourceFolderCommand.Request(["sources", folder], allCommands: ["render", "sources"], valuedFlags: valued) == nil)
        // A flag's value is not the path.
        #expect(SourceFolderCommand.Request(["render", "--format", folder], allCommands: ["render"], valuedFlags: valued) == nil)
    }

    @Test func moduleNamesAreValidAndFree() {
        #expect(HostSources.moduleName(for: "Water Widget-Extension") == "Water_Widget_Extension")
        #expect(HostSources.moduleName(for: "2Widgets") == "_2Widgets")
        #expect(HostSources.moduleName(for: "WidgetKit") == "WidgetKitExtension")
    }
}

// MARK: - Apple's module names

struct AppleModuleTests {
    struct First: Widget {
        var body: some WidgetConfiguration { StaticConfiguration(kind: "first", provider: Provider()) { _ in Text("1") } }
    }
    struct Second: Widget {
        var body: some WidgetConfiguration { StaticConfiguration(kind: "second", provider: Provider()) { _ in Text("2") } }
    }
    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: Date()) }
        func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) { completion(SimpleEntry(date: Date())) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
            completion(Timeline(entries: [SimpleEntry(date: Date())], policy: .never))
        }
    }
    struct SimpleEntry: TimelineEntry { let date: Date }

    struct Bundle: WidgetBundle {
        nonisolated(unsafe) static var includeSecond = false
        var body: some Widget {
            if Self.includeSecond {
                Second()
            } else {
                First()
            }
            if #available(iOS 17.0, *) {
                First()
            }
            if !Self.includeSecond {
                Second()
            }
        }
    }

    @Test func bundleBodiesTakeIfElseAndAvailability() {
        #expect(Bundle().widgetDescriptors.map(\.kind) == ["first", "first", "second"])
    }

    @Test func logMessagesKeepTheirPrivacy() {
        let secret = "tea"
        let message: OSLogMessage =
            "glasses \(3) of \(8, privacy: .private) drink \(secret) or \(secret, privacy: .public) \(0.5, format: .fixed(precision: 2))"
        #expect(message.text == "glasses 3 of <private> drink <private> or tea 0.50")
        #expect(LogSink.format("%{public}@ has %{private}d and %d%%", ["Ana" as NSString, 4, 7]) == "Ana has <private> and 7%")
    }
}

// MARK: - End to end: an Xcode-style extension folder, built and run

@Suite(
    .enabled(
        if: SourceFolderFixture.unavailableReason == nil && TmuxSession.binary != nil,
        "needs the toolchain's SwiftSyntax host libraries (usr/lib/swift/host) and a built widgetterm"),
    .timeLimit(.minutes(30)))
struct SourceFolderEndToEndTests {
    typealias Run = SourceFolderFixture.Run

    /// Runs the real binary with outputs in files (a first build writes thousands of lines).
    func widgetterm(_ arguments: [String], home: URL) throws -> Run { try SourceFolderFixture.widgetterm(arguments, home: home) }

    @Test func anXcodeExtensionCompilesAsWrittenAndRuns() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("xcode-style-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let sources = work.appendingPathComponent("src/WaterWidgetExtension")
        try FileManager.default.createDirectory(at: sources.deletingLastPathComponent(), withIntermediateDirectories: true)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/XcodeStyle/WaterWidgetExtension")
        try FileManager.default.copyItem(at: fixture, to: sources)
        let before = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()

        // First run: the host package is generated and built (WidgetTerm too, unless the cache's shared host
        // package has it already), then `list` runs on the bundle.
        let list = try widgetterm(["list", sources.path], home: work)
        #expect(list.status == 0, "\(list.errors.suffix(3000))")
        let kinds = list.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(kinds == ["WaterWidget", "WaterGoalWidget", "WaterWidget.swift#Preview"], "\(list.output)")
        #expect(list.output.contains("accessoryCircular\n"), "\(list.output)")
        #expect(list.errors.contains("building WaterWidgetExtension"))

        // Unchanged inputs: SwiftPM is skipped. `#available(iOS 17.0, *)` follows --os.
        let render = try widgetterm(["render", sources.path, "--format", "text"], home: work)
        // Exit 1: render reports what check finds on its surface, here the blue count on the grey-blue card.
        #expect(render.status == 1, "\(render.errors)")
        #expect(render.errors.contains("widgetterm: error: [low-contrast] \"0 of 8\" has contrast 1.93:1"), "\(render.errors)")
        #expect(!render.errors.contains("building"))
        #expect(render.output.contains("Water") && render.output.contains("0 of 8") && render.output.contains("iOS 17 layout"))
        let old = try widgetterm(["render", sources.path, "--format", "text", "--os", "16"], home: work)
        #expect(old.output.contains("iOS 16 layout") && !old.output.contains("iOS 17 layout"), "\(old.output)\(old.errors)")
        // The bundle's `if #available(iOS 17.0, *) { WaterGoalWidget() }` follows --os too.
        let absent = try widgetterm(["render", sources.path, "--kind", "WaterGoalWidget", "--os", "16"], home: work)
        #expect(absent.status == 2 && absent.errors.contains("unknown widget kind WaterGoalWidget"), "\(absent.errors)")
        let goal = try widgetterm(
            ["render", sources.path, "--kind", "WaterGoalWidget", "--format", "text"], home: work)
        #expect(goal.status == 0 && goal.output.contains("Water"), "\(goal.errors)")

        // The file's #Preview compiled with the plugin, and its second entry is reachable.
        let preview = try widgetterm(
            ["render", sources.path, "--kind", "WaterWidget.swift#Preview", "--entry", "2", "--format", "text"],
            home: work)
        #expect(preview.status != 2 && preview.output.contains("7 of 8"), "\(preview.output)\(preview.errors)")

        // Nothing was written into the developer's folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() == before)

        // A compiler error points at the developer's own file and line, with exit status 2.
        try Data("import SwiftUI\n\nlet broken: Int = \"text\"\n".utf8).write(to: sources.appendingPathComponent("Broken.swift"))
        let broken = try widgetterm(["render", sources.path], home: work)
        #expect(broken.status == 2)
        #expect(broken.errors.contains("\(sources.path)/Broken.swift:3:"), "\(broken.errors.suffix(3000))")
        #expect(!broken.errors.contains("Sources/WaterWidgetExtension/"))
        #expect(broken.errors.contains("README.md, \"Porting a real widget file\""))

        // `@main` on a single Widget, and a launcher of the developer's own that calls a bundle's `main()`
        // (the shared host package's build of WidgetTerm is reused: only their own files compile).
        for (folder, entry) in [
            (
                "solo",
                "import WidgetKit\n\n@main\nstruct SoloWater: Widget {\n    var body: some WidgetConfiguration { WaterWidget().body }\n}\n"
            ),
            (
                "launcher",
                "import WidgetKit\n\nstruct Waters: WidgetBundle {\n    var body: some Widget { WaterWidget() }\n}\n\n"
                    + "@main\nenum Launcher {\n    static func main() { Waters.main() }\n}\n"
            ),
        ] {
            let variant = work.appendingPathComponent("\(folder)/WaterWidgetExtension")
            try FileManager.default.createDirectory(at: variant, withIntermediateDirectories: true)
            for file in ["WaterWidget.swift", "WaterShared.swift"] {
                try FileManager.default.copyItem(at: sources.appendingPathComponent(file), to: variant.appendingPathComponent(file))
            }
            try Data(entry.utf8).write(to: variant.appendingPathComponent("Entry.swift"))
            let run = try widgetterm(["list", variant.path], home: work)
            let kinds = run.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            #expect(
                run.status == 0 && kinds == ["WaterWidget", "WaterWidget.swift#Preview"],
                "\(folder): \(run.output)\(run.errors.suffix(2000))")
        }

        // `render PATH` runs in widgetterm's own process against the built program in processes of its own (issue
        // 12 item 1): a provider's fatalError ends only its process, and render reports it as a finding (exit 1,
        // the placeholder drawn), where a render in the built program would have died with the signal.
        let crashing = work.appendingPathComponent("crash/WaterWidgetExtension")
        try FileManager.default.createDirectory(at: crashing, withIntermediateDirectories: true)
        for file in ["WaterWidget.swift", "WaterShared.swift"] {
            try FileManager.default.copyItem(at: sources.appendingPathComponent(file), to: crashing.appendingPathComponent(file))
        }
        try Data(Self.crashingBundle.utf8).write(to: crashing.appendingPathComponent("Entry.swift"))
        let crash = try widgetterm(["render", crashing.path, "--kind", "CrashWidget", "--format", "text"], home: work)
        #expect(crash.status == 1, "\(crash.errors.suffix(3000))")
        #expect(
            crash.errors.contains("widgetterm: error: [extension-failed] CrashWidget: the extension process crashed (signal "),
            "\(crash.errors.suffix(3000))")
        #expect(crash.errors.contains("Fatal error: the provider exploded during getTimeline(in:completion:)."))
        let first = try widgetterm(["render", crashing.path, "--format", "text"], home: work)
        #expect(first.output.contains("0 of 8"), "the bundle's first widget: \(first.output)\(first.errors.suffix(2000))")
    }

    /// A bundle of the water widget and a widget whose provider calls `fatalError`.
    static let crashingBundle = """
        import SwiftUI
        import WidgetKit

        struct CrashEntry: TimelineEntry {
            let date: Date
        }

        struct CrashProvider: TimelineProvider {
            func placeholder(in context: Context) -> CrashEntry { CrashEntry(date: Date()) }
            func getSnapshot(in context: Context, completion: @escaping (CrashEntry) -> Void) { completion(CrashEntry(date: Date())) }
            func getTimeline(in context: Context, completion: @escaping (Timeline<CrashEntry>) -> Void) {
                fatalError("the provider exploded")
            }
        }

        struct CrashWidget: Widget {
            var body: some WidgetConfiguration {
                StaticConfiguration(kind: "CrashWidget", provider: CrashProvider()) { _ in
                    Text("Crash").containerBackground(Color.white, for: .widget)
                }
            }
        }

        @main
        struct CrashingWaters: WidgetBundle {
            var body: some Widget {
                WaterWidget()
                CrashWidget()
            }
        }

        """
}
