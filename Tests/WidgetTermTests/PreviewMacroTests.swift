import Foundation
import Testing
import PreviewMacroPlugin
import WidgetKitUI
@testable import WidgetTermCLI

// MARK: - Fixtures for the in-process tests: registrations made as a #Preview expansion makes them

private struct PreviewTestEntry: TimelineEntry {
    let date: Date
    let plant: String
}

private struct PreviewTestProvider: TimelineProvider {
    func placeholder(in context: Context) -> PreviewTestEntry { PreviewTestEntry(date: .now, plant: "Placeholder") }
    func getSnapshot(in context: Context, completion: @escaping (PreviewTestEntry) -> Void) {
        completion(PreviewTestEntry(date: .now, plant: "Snapshot"))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<PreviewTestEntry>) -> Void) {
        completion(Timeline(entries: [PreviewTestEntry(date: .now, plant: "Provided")], policy: .never))
    }
}

private struct PreviewTestWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "plant", provider: PreviewTestProvider()) { entry in
            Text(entry.plant).containerBackground(.background, for: .widget)
        }
    }
}

private struct PreviewTestAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var stops: Int
    }
    var order: String
}

private struct PreviewTestActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: PreviewTestAttributes.self) { context in
            Text("Order \(context.attributes.order): \(context.state.stops) stops")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) { Text("\(context.state.stops) stops left") }
            } compactLeading: {
                Text("\(context.state.stops)")
            } compactTrailing: {
                Text("stops")
            } minimal: {
                Text("\(context.state.stops)")
            }
        }
    }
}

/// Runs one command on `widgets` at the fixed clock; returns the status, standard output and standard error.
private func command(_ arguments: [String], widgets: [WidgetDescriptor]) -> (status: Int32, output: String, errors: String) {
    let output = StringStream(), errors = StringStream()
    let status = FixedClock.run {
        WidgetTermCommand.run(arguments: arguments, widgets: widgets, environment: [:], output: output, errors: errors)
    }
    return (status, output.text, errors.text)
}

// MARK: - Registrations, kinds and commands (no plugin needed)

@Suite("#Preview registrations")
struct PreviewRegistrationTests {
    /// Two timeline previews and one view preview in one file, as their expansions register them.
    static func registrations() -> [PreviewRegistration] {
        [
            PreviewRegistration(fileID: "Mod/Plants.swift", line: 30, column: 1, "Plants", as: .systemSmall) {
                PreviewTestWidget()
            } timeline: {
                PreviewTestEntry(date: .now, plant: "Fern")
                PreviewTestEntry(date: .now, plant: "Cactus")
            },
            PreviewRegistration(fileID: "Mod/Plants.swift", line: 10, column: 1) { Text("Just a view") },
            PreviewRegistration(fileID: "Mod/Plants.swift", line: 20, column: 1) { Text("Another view") },
            PreviewRegistration(fileID: "Mod/Plants.swift", line: 40, column: 1, "Provided", as: .systemMedium) {
                PreviewTestWidget()
            } timelineProvider: {
                PreviewTestProvider()
            },
        ]
    }

    @Test("kinds are File.swift#Name in file order; unnamed previews are Preview, repeats get -2")
    func kinds() {
        let registrations = PreviewRegistry.registrations(from: []) + Self.registrations()
        let sorted = registrations.sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
        #expect(
            PreviewRegistry.kinds(for: sorted)
                == ["Plants.swift#Preview", "Plants.swift#Preview-2", "Plants.swift#Plants", "Plants.swift#Provided"])
        #expect(sorted[2].summary == "#Preview(\"Plants\", as: .systemSmall) timeline at Mod/Plants.swift:30")
        #expect(sorted[0].summary == "#Preview() at Mod/Plants.swift:10")
    }

    @Test("the registry calls each section record once and sorts what they return by file and line")
    func recordsAreRead() {
        let first: PreviewRecord = {
            PreviewRegistration._retained(PreviewRegistration(fileID: "Mod/B.swift", line: 5, column: 1, "Late") { Text("b") })
        }
        let second: PreviewRecord = {
            PreviewRegistration._retained(PreviewRegistration(fileID: "Mod/A.swift", line: 9, column: 3, "Early") { Text("a") })
        }
        let registrations = PreviewRegistry.registrations(from: [first, second])
        #expect(registrations.map(\.displayName) == ["Early", "Late"])
        #expect(registrations.map(\.column) == [3, 1])
        #expect(registrations.map(\.form) == [.view, .view])
    }

    @Test("list shows each preview; render --entry steps through a timeline preview's entries in the order written")
    func timelineEntriesAreReachable() {
        let widgets = PreviewRegistry.descriptors(for: Self.registrations().sorted { $0.line < $1.line })
        let list = command(["list"], widgets: widgets)
        #expect(list.status == 0)
        #expect(
            list.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
                == ["Plants.swift#Preview", "Plants.swift#Preview-2", "Plants.swift#Plants", "Plants.swift#Provided"])
        #expect(list.output.contains("Plants.swift#Plants     systemSmall\n"))

        let first = command(["render", "Plants.swift#Plants", "--format", "tree", "--entry", "1"], widgets: widgets)
        let second = command(["render", "Plants.swift#Plants", "--format", "tree", "--entry", "2"], widgets: widgets)
        #expect(first.output.hasPrefix("Text \"Fern\""), "\(first)")
        #expect(second.output.hasPrefix("Text \"Cactus\""), "\(second)")
        let beyond = command(["render", "Plants.swift#Plants", "--entry", "3"], widgets: widgets)
        #expect(beyond.status == 2)
        #expect(beyond.errors == "widgetterm: --entry takes a whole number from 1 to 2, not 3\n")

        let timeline = command(["timeline", "Plants.swift#Plants", "--hours", "1", "--timezone", "UTC"], widgets: widgets)
        #expect(timeline.output.contains("entry    1 of 2, dated 2026-03-14 09:41"), "\(timeline.output)")
        #expect(timeline.output.contains("entry    2 of 2, dated 2026-03-14 09:42"), "\(timeline.output)")

        let provided = command(["render", "Plants.swift#Provided", "--format", "tree"], widgets: widgets)
        #expect(provided.output.hasPrefix("Text \"Provided\""), "\(provided)")
        let view = command(["render", "Plants.swift#Preview", "--format", "tree"], widgets: widgets)
        #expect(view.status == 0, "a view preview is not held to the container-background rule: \(view.errors)")
        #expect(view.output.hasPrefix("Text \"Just a view\""), "\(view)")
    }

    @Test("a Live Activity preview plays its content states, in its own presentation by default")
    func contentStates() {
        let registration = PreviewRegistration(
            fileID: "Mod/Delivery.swift", line: 3, column: 1, "Island", as: .dynamicIsland(.expanded),
            using: PreviewTestAttributes(order: "A1")
        ) {
            PreviewTestActivity()
        } contentStates: {
            PreviewTestAttributes.ContentState(stops: 3)
            PreviewTestAttributes.ContentState(stops: 1)
        }
        let widgets = PreviewRegistry.descriptors(for: [registration])
        let second = command(["render", "Delivery.swift#Island", "--state", "2", "--format", "text"], widgets: widgets)
        #expect(second.status == 0, "\(second.errors)")
        #expect(second.output.contains("1 stops left"), "\(second.output)")
        let lock = command(["render", "Delivery.swift#Island", "--presentation", "lockscreen", "--format", "text"], widgets: widgets)
        #expect(lock.output.contains("Order A1: 3 stops"), "\(lock.output)")
    }

    @Test("a widget-family preview of a Live Activity widget says so instead of drawing nothing")
    func mismatch() {
        let registration = PreviewRegistration(fileID: "Mod/Delivery.swift", line: 7, column: 1, as: .systemSmall) {
            PreviewTestActivity()
        } timeline: {
            PreviewTestEntry(date: .now, plant: "Fern")
        }
        let result = command(
            ["render", "Delivery.swift#Preview", "--format", "text"], widgets: PreviewRegistry.descriptors(for: [registration]))
        #expect(result.errors.contains("[preview-mismatch] #Preview at Mod/Delivery.swift:7 shows a widget family"), "\(result.errors)")
    }
}

// MARK: - The plugin

@Suite("#Preview plugin")
struct PreviewMacroPluginTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "the plugin source and declarations PreviewMacroPlugin carries are the files in Sources/PreviewMacros (run scripts/embed-preview-macros.py)"
    )
    func embeddedSource() throws {
        let folder = Self.repository.appendingPathComponent("Sources/PreviewMacros")
        #expect(PreviewMacroPlugin.source == (try String(contentsOf: folder.appendingPathComponent("PreviewMacro.swift"), encoding: .utf8)))
        #expect(
            PreviewMacroPlugin.declarations
                == (try String(contentsOf: folder.appendingPathComponent("PreviewDeclarations.swift"), encoding: .utf8)))
    }

    @Test("a swiftc that is not there is an error that names it")
    func missingCompiler() {
        #expect {
            _ = try PreviewMacroPlugin.toolchain(swiftc: "/nonexistent/swiftc")
        } throws: { error in
            "\(error)".hasPrefix("cannot run /nonexistent/swiftc")
        }
    }

    @Test("the cache key changes with the toolchain's version")
    func cacheKey() {
        let host = URL(fileURLWithPath: "/opt/swift/usr/lib/swift/host")
        let a = PreviewMacroPlugin.Toolchain(swiftc: "swiftc", hostLibraries: host, version: "Swift version 6.3.1")
        let b = PreviewMacroPlugin.Toolchain(swiftc: "swiftc", hostLibraries: host, version: "Swift version 6.3.2")
        #expect(PreviewMacroPlugin.cacheKey(for: a) != PreviewMacroPlugin.cacheKey(for: b))
        #expect(PreviewMacroPlugin.cacheKey(for: a) == PreviewMacroPlugin.cacheKey(for: a))
    }

    /// Where `swift build` put the modules this test was built with, or why the end-to-end test cannot run.
    static let buildProducts: Result<URL, SkipReason> = {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules/WidgetTermCLI.swiftmodule").path) else {
            return .failure(SkipReason("no Modules/WidgetTermCLI.swiftmodule beside \(CommandLine.arguments[0])"))
        }
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("widgetterm.product/Objects.LinkFileList").path)
        else {
            return .failure(SkipReason("widgetterm is not built beside \(CommandLine.arguments[0]) (run swift build first)"))
        }
        do {
            _ = try PreviewMacroPlugin.toolchain()
        } catch {
            return .failure(SkipReason("the toolchain cannot build the plugin: \(error)"))
        }
        return .success(directory)
    }()

    struct SkipReason: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static var canBuild: Bool { (try? buildProducts.get()) != nil }

    @Test(
        "every #Preview form in Tests/PreviewFixture compiles with the plugin and is listed and rendered by name",
        .enabled(if: canBuild, "needs the SwiftPM build products and a toolchain with SwiftSyntax in usr/lib/swift/host"),
        .timeLimit(.minutes(20)))
    func everyFormEndToEnd() throws {
        let products = try Self.buildProducts.get()
        let cache = products.appendingPathComponent("preview-macros")
        let plugin = try PreviewMacroPlugin.library(toolchain: try PreviewMacroPlugin.toolchain(), cacheDirectory: cache)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }

        var arguments = [
            "-swift-version", "5", "-I", products.appendingPathComponent("Modules").path,
            "-module-cache-path", cache.appendingPathComponent("module-cache").path,
            "-Xcc", "-fmodule-map-file=" + Self.repository.appendingPathComponent("Sources/CNCurses/module.modulemap").path,
        ]
        // The objects SwiftPM linked into widgetterm (its own list, so stale objects of removed files never
        // count), less the executable's main and the samples: the fixture brings its own.
        let linked = try String(
            contentsOf: products.appendingPathComponent("widgetterm.product/Objects.LinkFileList"), encoding: .utf8)
        arguments += linked.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\" ")) }
            .filter { !$0.isEmpty && !$0.contains("/widgetterm.build/") && !$0.contains("/SampleWidgets.build/") }
        for directory in try FileManager.default.contentsOfDirectory(atPath: products.path).sorted() where directory.hasSuffix(".build") {
            let map = products.appendingPathComponent(directory).appendingPathComponent("module.modulemap")
            if FileManager.default.fileExists(atPath: map.path) { arguments += ["-Xcc", "-fmodule-map-file=" + map.path] }
        }
        let fixture = Self.repository.appendingPathComponent("Tests/PreviewFixture")
        let binary = work.appendingPathComponent("previews")
        arguments += PreviewMacroPlugin.compilerFlags(loading: plugin)
        let declarations = work.appendingPathComponent("PreviewDeclarations.swift")
        try Data(PreviewMacroPlugin.declarations.utf8).write(to: declarations)
        arguments += [
            declarations.path, fixture.appendingPathComponent("Widgets.swift").path, fixture.appendingPathComponent("main.swift").path,
            "-lncursesw", "-lpng16", "-ljpeg", "-o", binary.path,
        ]
        let compile = try Self.run("/usr/bin/env", ["swiftc"] + arguments, in: work)
        #expect(compile.status == 0, "\(compile.errors)")
        #expect(!compile.errors.contains("warning:"), "\(compile.errors)")

        let list = try Self.run(binary.path, ["list"], in: work)
        #expect(
            list.output.split(separator: "\n").map { String($0.prefix(26)).trimmingCharacters(in: .whitespaces) } == [
                "plant", "Widgets.swift#Preview", "Widgets.swift#Cities", "Widgets.swift#Provided", "Widgets.swift#Configured",
                "Widgets.swift#Island", "Widgets.swift#Expanded", "Widgets.swift#Minimal", "Widgets.swift#Lock Screen",
                "Widgets.swift#Preview-2", "Widgets.swift#Stack",
            ], "\(list.output)\(list.errors)")

        let trees: [([String], String)] = [
            (["Widgets.swift#Preview", "--entry", "1"], "Text \"Fern\""),
            (["Widgets.swift#Preview", "--entry", "2"], "Text \"Cactus\""),
            (["Widgets.swift#Cities", "--entry", "2"], "Text \"Faro\""),
            (["Widgets.swift#Provided"], "Text \"Provided\""),
            (["Widgets.swift#Configured"], "Text \"Weather in Porto\""),
            (["Widgets.swift#Preview-2"], "Text \"Just a view\""),
            (["Widgets.swift#Stack"], "VStack center/center\n  Text \"Top\""),
        ]
        for (kind, expected) in trees {
            let render = try Self.run(binary.path, ["render"] + kind + ["--format", "tree"], in: work)
            #expect(render.status == 0 && render.output.hasPrefix(expected), "\(kind): \(render.output)\(render.errors)")
        }
        let activities: [([String], String)] = [
            (["Widgets.swift#Island", "--state", "2"], "stops"),
            (["Widgets.swift#Expanded"], "7 stops left"),
            (["Widgets.swift#Lock Screen"], "Order D4: 5 stops"),
        ]
        for (kind, expected) in activities {
            let render = try Self.run(binary.path, ["render"] + kind + ["--format", "text"], in: work)
            #expect(render.status == 0 && render.output.contains(expected), "\(kind): \(render.output)\(render.errors)")
        }
        let island = try Self.run(binary.path, ["render", "Widgets.swift#Island", "--state", "2", "--format", "text"], in: work)
        #expect(island.output.contains("1") && !island.output.contains("3"), "the second state has 1 stop: \(island.output)")
    }

    /// Runs `tool` in `directory` with a private HOME, UTC and no terminal; kills it after 120 s.
    static func run(_ tool: String, _ arguments: [String], in directory: URL) throws -> (status: Int32, output: String, errors: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path
        environment["WIDGETTERM_APP_GROUP"] = directory.appendingPathComponent("app-group").path
        environment["TZ"] = "UTC"
        environment["TERM"] = "dumb"
        environment["TMPDIR"] = SourceFolderFixture.swiftPMTemporaryDirectory
        let run = try ProgramRun(tool, arguments, environment: environment, in: directory, timeLimit: 120)
        return (run.status, run.output, run.errors)
    }
}
