import Foundation
import Testing
import TestSupport

@testable import HostPackage

/// The fast rebuild's reading of SwiftPM's build description and its compile command (no build runs here; the
/// library path itself is exercised end to end by ExtensionPreviewEndToEndTests).
struct ExtensionLibraryTests {
    static let yaml = """
        commands:
          "C.TallyKit-x86_64-unknown-linux-gnu-debug.module":
            tool: shell
            inputs: ["/h/Sources/TallyKit/TallyFormat.swift"]
            args: ["/opt/swift/usr/bin/swiftc","-module-name","TallyKit","-emit-module"]

          "C.Tally-x86_64-unknown-linux-gnu-debug.module":
            tool: shell
            inputs: ["/h/Sources/Tally/Tally.swift"]
            description: "Compiling Swift Module 'Tally' (1 sources)"
            args: ["/opt/swift/usr/bin/swiftc","-module-name","Tally","-c","@/h/.build/debug/Tally.build/sources"]

          "C.Tally-x86_64-unknown-linux-gnu-debug.exe":
            tool: shell
            args: ["/opt/swift/usr/bin/swiftc","-o","/h/.build/debug/Tally","@/h/.build/debug/Tally.product/Objects.LinkFileList"]

        """

    @Test func readsTheNamedModulesCommandsAndNoOther() {
        #expect(
            ExtensionLibraryBuild.command(in: Self.yaml, named: "Tally", kind: "module")
                == ["-module-name", "Tally", "-c", "@/h/.build/debug/Tally.build/sources"])
        #expect(
            ExtensionLibraryBuild.command(in: Self.yaml, named: "Tally", kind: "exe")
                == ["-o", "/h/.build/debug/Tally", "@/h/.build/debug/Tally.product/Objects.LinkFileList"])
        #expect(
            ExtensionLibraryBuild.command(in: Self.yaml, named: "TallyKit", kind: "module") == ["-module-name", "TallyKit", "-emit-module"])
        #expect(ExtensionLibraryBuild.command(in: Self.yaml, named: "Tal", kind: "module") == nil)
        #expect(ExtensionLibraryBuild.command(in: Self.yaml, named: "TallyKit", kind: "exe") == nil)
    }

    static let swiftPMCompile = [
        "-module-name", "Tally", "-emit-dependencies", "-emit-module", "-emit-module-path", "/h/.build/debug/Modules/Tally.swiftmodule",
        "-output-file-map", "/h/.build/debug/Tally.build/output-file-map.json", "-incremental", "-c",
        "@/h/.build/debug/Tally.build/sources",
        "-I", "/h/.build/debug/Modules", "-serialize-diagnostics", "-index-store-path", "/h/.build/debug/index/store", "-Onone",
        "-Xcc", "-g", "-parseable-output", "-Xfrontend", "-entry-point-function-name", "-Xfrontend", "Tally_main", "-g",
        "-package-name", "h",
    ]

    @Test func theExtensionsModuleIsCompiledIntoTheReloadFolderWithoutWhatAReloadDoesNotNeed() {
        let arguments = ExtensionLibraryBuild.fastCompileArguments(
            from: Self.swiftPMCompile, module: "Tally", mainModule: "Tally", reloadFolder: "/h/reload")
        #expect(
            arguments == [
                "-I", "/h/reload/modules", "-module-name", "Tally", "-output-file-map", "/h/reload/objects/Tally/output-file-map.json",
                "-incremental", "-c", "@/h/reload/objects/Tally/sources", "-I", "/h/.build/debug/Modules", "-Onone", "-Xcc", "-g",
                "-Xfrontend", "-entry-point-function-name", "-Xfrontend", "Tally_main", "-package-name", "h",
            ])
    }

    @Test func aLocalPackagesModuleIsEmittedForTheModulesThatImportIt() {
        let arguments = ExtensionLibraryBuild.fastCompileArguments(
            from: Self.swiftPMCompile.map { $0.replacingOccurrences(of: "Tally", with: "TallyKit") }, module: "TallyKit",
            mainModule: "Tally", reloadFolder: "/h/reload")
        #expect(arguments.starts(with: ["-I", "/h/reload/modules", "-module-name", "TallyKit", "-emit-module", "-emit-module-path"]))
        #expect(arguments.contains("/h/reload/modules/TallyKit.swiftmodule"))
        #expect(!arguments.contains("/h/.build/debug/Modules/TallyKit.swiftmodule"))
    }
}

/// The library path on the TallyApp fixture, whose two Core Data files and the widget that needs one are left
/// out: the preview's rebuild command (`list PATH` with `WIDGETTERM_RELOAD_BUILD=1`) builds the stub and the
/// library, a text change recompiles without SwiftPM and keeps the same files out, and an edit of a left-out
/// file goes through the full build, which decides the left-out set again.
@Suite(
    .enabled(
        if: SourceFolderFixture.unavailableReason == nil && TmuxSession.binary != nil,
        "needs the toolchain's SwiftSyntax host libraries (usr/lib/swift/host) and a built widgetterm"),
    .timeLimit(.minutes(30)))
struct ExtensionLibraryEndToEndTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    func run(_ program: String, _ arguments: [String], extra: [String: String], in folder: URL) throws -> Run {
        var environment = ["HOME": folder.path, "XDG_CACHE_HOME": SourceFolderFixture.cache, "LANG": "C.UTF-8", "TZ": "UTC"]
        environment["PATH"] = SourceFolderFixture.environment["PATH"]
        environment["TMPDIR"] = SourceFolderFixture.swiftPMTemporaryDirectory
        let run = try ProgramRun(program, arguments, environment: environment.merging(extra) { _, new in new }, outputFolder: folder)
        return Run(status: run.status, output: run.output, errors: run.errors)
    }

    @Test func aTextChangeRebuildsTheLibraryAloneAndLeftOutFilesStayOut() throws {
        let work = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let app = work.appendingPathComponent("TallyApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: ProjectFixtures.path("TallyApp")), to: app)
        let widgetterm = try #require(TmuxSession.binary)
        // A host of this checkout's own: a host package depends on one checkout, and another checkout's tests
        // building in the same folder would compile WidgetTerm again each time they take turns.
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let host = SourceFolderFixture.cache + "/extension-library-host" + checkout.path.replacingOccurrences(of: "/", with: "-")
        let rebuild =
            [
                "list", app.path, "--target", "TallyWidgetExtension", "--include", app.appendingPathComponent("Extras").path, "--build-dir",
                host,
            ]
        let reload = ["WIDGETTERM_RELOAD_BUILD": "1"]
        let library = [
            "WIDGETTERM_EXTENSION_LIBRARY": host + "/reload/libTallyWidgetExtension.so",
            "WIDGETTERM_EXTENSION_ENTRY": "TallyWidgetExtension_main",
        ]
        let stub = host + "/reload/widgetterm-extension-stub"
        let widget = app.appendingPathComponent("TallyWidget").path
        let leftOut = [
            "left out \(widget)/ArchiveStore.swift, which cannot compile here: \(widget)/ArchiveStore.swift:1:8: error: no such module 'CoreData'",
            "left out \(widget)/SyncMonitor.swift, which cannot compile here: \(widget)/SyncMonitor.swift:1:8: error: no such module 'CoreData'",
            "left out \(widget)/ArchiveWidget.swift (widget ArchiveWidget), which cannot compile here: "
                + "\(widget)/ArchiveWidget.swift:8:31: error: cannot find 'ArchiveStore' in scope",
        ]

        // The first build: SwiftPM, then the stub and the library from its objects.
        let first = try run(widgetterm, rebuild, extra: reload, in: work)
        #expect(first.status == 0, "\(first.errors.suffix(3000))")
        for line in leftOut { #expect(first.errors.contains(line), "\(first.errors.suffix(3000))") }
        let kinds = try run(stub, ["list"], extra: library, in: work)
        #expect(kinds.status == 0, "\(kinds.errors)")
        #expect(
            kinds.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" } == [
                "CupWidget", "StepWidget",
            ])

        // A text change: swiftc alone, the same files left out, the library shows the change.
        let cupFile = app.appendingPathComponent("TallyWidget/CupWidget.swift")
        let cup = try String(contentsOf: cupFile, encoding: .utf8)
        try cup.replacingOccurrences(of: "+ \" cups\")", with: "+ \" mugs\")").write(to: cupFile, atomically: true, encoding: .utf8)
        let fast = try run(widgetterm, rebuild, extra: reload, in: work)
        #expect(fast.status == 0, "\(fast.errors.suffix(3000))")
        #expect(fast.errors.contains("rebuilt libTallyWidgetExtension.so without SwiftPM"), "\(fast.errors)")
        #expect(!fast.errors.contains("building TallyWidgetExtension"), "\(fast.errors)")
        for line in leftOut { #expect(fast.errors.contains(line), "\(fast.errors)") }
        let mugs = try run(stub, ["render", "CupWidget", "--format", "text"], extra: library, in: work)
        #expect(mugs.output.contains("3 of 8 mugs"), "\(mugs.output)\(mugs.errors)")

        // An edit of a left-out file may make it compile: the full build decides, and it is still left out.
        let store = app.appendingPathComponent("TallyWidget/ArchiveStore.swift")
        try (try String(contentsOf: store, encoding: .utf8) + "// edited\n").write(to: store, atomically: true, encoding: .utf8)
        let full = try run(widgetterm, rebuild, extra: reload, in: work)
        #expect(full.status == 0, "\(full.errors.suffix(3000))")
        #expect(full.errors.contains("building TallyWidgetExtension"), "\(full.errors)")
        #expect(!full.errors.contains("without SwiftPM"), "\(full.errors)")
        for line in leftOut { #expect(full.errors.contains(line), "\(full.errors)") }
    }
}
