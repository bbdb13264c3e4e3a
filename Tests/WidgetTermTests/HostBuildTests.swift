import Foundation
import Testing
import TestSupport
import WidgetProjects
@testable import HostPackage

// MARK: - What a host package is built from, and the errors before any build

struct HostBuildInputTests {
    @Test("list's kinds keep their spaces: the families come off the end of each line")
    func kindsWithSpaces() {
        let listing = "Busy as bees  systemSmall systemMedium\nWaterWidget accessoryCircular\nWaterWidget.swift#Preview systemSmall\n"
        #expect(BuiltHost.kinds(listing: listing) == ["Busy as bees", "WaterWidget", "WaterWidget.swift#Preview"])
    }

    /// `HostBuild.prepare`'s error for `path`, which must fail before building anything.
    func prepareError(_ path: String, target: String? = nil, includes: [String] = [], buildDirectory: String? = nil) -> HostPackageError? {
        do {
            _ = try HostBuild.prepare(
                path: path, target: target, includes: includes, buildDirectory: buildDirectory,
                environment: ["HOME": "/nonexistent-home", "PATH": "/nonexistent-bin"])
            return nil
        } catch let error as HostPackageError {
            return error
        } catch {
            return HostPackageError("unexpected \(error)")
        }
    }

    @Test func aFolderWithNoWidgetSaysWhatWasLookedFor() throws {
        let error = try #require(prepareError(ProjectFixtures.path("NoWidget")))
        #expect(error.status == 2)
        #expect(
            error.description
                == "\(ProjectFixtures.path("NoWidget")): found no widget: looked for an .xcodeproj, an .xcworkspace or a Package.swift "
                + "here, and for a type conforming to Widget or WidgetBundle in its 1 Swift file; below it: Nested/Deep.xcodeproj (give that path)"
        )
    }

    @Test func aProjectWithoutAWidgetExtensionListsItsTargets() throws {
        let folder = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The project without the extensions' folders: its extension targets compile no widget.
        for item in ["TallyApp.xcodeproj", "TallyApp"] {
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: ProjectFixtures.path("TallyApp/\(item)")), to: folder.appendingPathComponent(item))
        }
        let error = try #require(prepareError(folder.path))
        #expect(error.status == 2)
        #expect(
            error.description
                == "\(folder.path)/TallyApp.xcodeproj/project.pbxproj: has no widget extension target (an app extension whose Info.plist "
                + "names com.apple.widgetkit-extension, or whose sources declare a Widget or WidgetBundle); its targets: TallyApp "
                + "(application), TallyWidgetExtension (app-extension), TallyWatchExtension (app-extension). Add a Widget Extension "
                + "target in Xcode, or give the extension's folder instead")
    }

    @Test func severalExtensionsAreListedAndTargetPicksOne() throws {
        let project = ProjectFixtures.path("TallyApp/TallyApp.xcodeproj")
        let several = try #require(prepareError(project))
        #expect(
            several.description
                == "\(project)/project.pbxproj: has 2 widget extension targets: TallyWidgetExtension, TallyWatchExtension; pick one with --target NAME"
        )
        let unknown = try #require(prepareError(project, target: "TallyWidgetExtention"))
        #expect(
            unknown.description
                == "\(project)/project.pbxproj: has no target TallyWidgetExtention (did you mean TallyWidgetExtension?); widget extension targets: "
                + "TallyWidgetExtension, TallyWatchExtension")
    }

    @Test func nothingIsWrittenIntoTheDevelopersFolders() throws {
        let app = ProjectFixtures.path("TallyApp")
        let inside = try #require(prepareError(app, target: "TallyWidgetExtension", buildDirectory: app + "/TallyWidget/host"))
        #expect(
            inside.description
                == "--build-dir \(app)/TallyWidget/host is inside \(app); widgetterm never writes into your sources: pick a folder outside it"
        )
        let missing = try #require(prepareError(app, target: "TallyWidgetExtension", includes: ["/nonexistent/Shared"]))
        #expect(missing.description == "--include /nonexistent/Shared: no such folder; give a folder of Swift files the extension uses")
    }

    @Test func anXcodeExtensionsModulesAreItsTargetAndItsLocalPackagesTargets() throws {
        let app = URL(fileURLWithPath: ProjectFixtures.path("TallyApp"))
        let set = try WidgetSourceSet.find(at: app.path, target: "TallyWidgetExtension")
        let sources = try HostSources(set, includes: [app.appendingPathComponent("Extras")])
        #expect(sources.main.name == "TallyWidgetExtension")
        #expect(
            sources.main.files.map(\.relativePath) == [
                "TallyApp/Model/Tally.swift", "TallyWidget/ArchiveStore.swift", "TallyWidget/ArchiveWidget.swift",
                "TallyWidget/CupWidget.swift", "TallyWidget/StepWidget.swift", "TallyWidget/SyncMonitor.swift",
                "TallyWidget/TallyProvider.swift", "TallyWidget/TallyWidgetBundle.swift", "_include/Extras/Palette.swift",
            ])
        #expect(sources.main.files.last?.source.path == app.path + "/Extras/Palette.swift")
        // TallyKit imports TallyUnits, so it comes after it and depends on it.
        #expect(sources.libraries.map(\.name) == ["TallyUnits", "TallyKit"])
        #expect(sources.libraries.map(\.dependencies) == [[], ["TallyUnits"]])
        #expect(sources.main.dependencies == ["TallyUnits", "TallyKit"])
        #expect(sources.libraries[1].files.map(\.relativePath) == ["TallyFormat.swift"])
    }

    @Test("a package that runs WidgetTerm on its own bundle (examples/MyWidgets): the error says how to run it")
    func aPackageWithItsOwnCommandLineSaysHowToRunIt() throws {
        let package = PackagePaths.examples.appendingPathComponent("MyWidgets").path
        #expect {
            try HostSources(WidgetSourceSet.find(at: package), includes: [])
        } throws: { error in
            (error as? HostPackageError)?.description
                == "\(package): no @main type in the 2 Swift files of widgets (it declares MyWidgets, PlantWidget); "
                + "a widget extension's @main WidgetBundle (or Widget) is what WidgetTerm runs; this package runs WidgetTerm "
                + "itself (WidgetTermCommand.main(bundle:) in Sources/my-widgets/main.swift): cd \(package) && swift run "
                + "my-widgets preview"
        }
    }

    @Test func aSwiftPackagesWidgetTargetGetsItsOtherTargetsAsModules() throws {
        let folder = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("WidgetPackage")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: ProjectFixtures.path("WidgetPackage")), to: package)
        // Without an entry point there is nothing to run.
        #expect {
            try HostSources(WidgetSourceSet.find(at: package.path), includes: [])
        } throws: { error in
            (error as? HostPackageError)?.description
                == "\(package.path): no @main type in the 1 Swift file of MyWidgets (it declares CounterWidget); "
                + "a widget extension's @main WidgetBundle (or Widget) is what WidgetTerm runs"
        }
        try Data("import WidgetKit\n\n@main\nstruct Widgets: WidgetBundle {\n    var body: some Widget { CounterWidget() }\n}\n".utf8)
            .write(to: package.appendingPathComponent("Sources/MyWidgets/Widgets.swift"))
        // The package's other target is a module; the `.package(path:)` dependency is not on disk in this copy.
        let sources = try HostSources(WidgetSourceSet.find(at: package.path), includes: [])
        #expect(sources.main.name == "MyWidgets")
        #expect(sources.main.files.map(\.relativePath) == ["Sources/MyWidgets/CounterWidget.swift", "Sources/MyWidgets/Widgets.swift"])
        #expect(sources.libraries.map(\.name) == ["Support"])
        #expect(sources.libraries.map { $0.files.map(\.relativePath) } == [["Format.swift"]])
        #expect(sources.main.dependencies == ["Support"])
    }

    @Test("two Swift files of one name in the extension's module: an error naming both paths and what to rename, before any build")
    func sameFileNameInTwoFoldersIsNamed() throws {
        let folder = ProjectFixtures.path("SameNameWidget")
        #expect {
            try HostSources(WidgetSourceSet.find(at: folder), includes: [])
        } throws: { error in
            let description = (error as? HostPackageError)?.description ?? "\(error)"
            return description
                == "SameNameWidget has 2 Swift files named View.swift: \(folder)/Bar/View.swift and \(folder)/Foo/View.swift; "
                + "Swift compiles each file name once in a module (Xcode stops too: filename \"View.swift\" used twice), so rename "
                + "all but one, such as \(folder)/Foo/View.swift to \(folder)/Foo/FooView.swift"
        }
        // Through the command's own entry: the same error, exit status 2, nothing built.
        let error = try #require(prepareError(folder))
        #expect(error.status == 2)
        #expect(error.description.hasPrefix("SameNameWidget has 2 Swift files named View.swift: \(folder)/Bar/View.swift and "))
    }

    @Test func importsAreReadAsWritten() {
        #expect(HostSources.imports("import Foundation\n@testable import TallyKit\n", module: "TallyKit"))
        #expect(HostSources.imports("  import struct TallyKit.TallyFormat", module: "TallyKit"))
        #expect(!HostSources.imports("import TallyKitExtras\n// import TallyKit", module: "TallyKit"))
    }

    @Test func filesThatNeedWhatLinuxLacksAreLeftOutAndOtherErrorsAreNot() {
        let names: Set<String> = ["ArchiveStore"]
        #expect(LeftOutRules.showsUnbuildable("/u/A.swift:1:8: error: no such module 'CoreData'", leftOutNames: []))
        #expect(LeftOutRules.showsUnbuildable("/u/B.swift:8:31: error: cannot find 'ArchiveStore' in scope", leftOutNames: names))
        #expect(LeftOutRules.showsUnbuildable("/u/B.swift:2:9: error: cannot find type 'ArchiveStore' in scope", leftOutNames: names))
        // A typo or a type error is the developer's to fix: the build fails.
        #expect(!LeftOutRules.showsUnbuildable("/u/B.swift:8:31: error: cannot find 'ArchveStore' in scope", leftOutNames: names))
        #expect(
            !LeftOutRules.showsUnbuildable("/u/C.swift:3:19: error: cannot convert value of type 'String' to 'Int'", leftOutNames: names))
        #expect(!LeftOutRules.showsUnbuildable("/u/A.swift:1:8: warning: no such module 'CoreData'", leftOutNames: []))

        let source = """
            import CoreData

            @objc(ArchivedDay) final class ArchivedDay: NSManagedObject {
                var nested = 1
            }
            public enum ArchiveStore {}
            private let `default` = 3
            func bestDay() -> Int { 7 }
            extension Int {}

            """
        #expect(LeftOutRules.declaredNames(in: source) == ["ArchivedDay", "ArchiveStore", "default", "bestDay"])
    }

    @Test func aMissingModuleIsReportedWhereTheCompilerReportsIt() {
        #expect(LeftOutRules.missingModule(in: "/u/A.swift:1:8: error: no such module 'CoreData'") == "CoreData")
        #expect(LeftOutRules.missingModule(in: "/u/A.swift:1:8: error: cannot find 'CoreData' in scope") == nil)
        let source = "import Foundation\n// import CoreData\n@preconcurrency import CoreData\nlet CoreData = 1\n"
        let location = LeftOutRules.importLocation(of: "CoreData", in: source)
        #expect(location?.line == 3 && location?.column == 24)
        #expect(LeftOutRules.importLocation(of: "SwiftData", in: source) == nil)
    }

    @Test func leftOutWidgetsLeaveTheBundleBodyWithEveryOtherColumnInPlace() {
        let body = [
            "    var body: some Widget {",
            "        CupWidget()",
            "        ArchiveWidget()",
            "        if #available(iOS 17, *) { ArchiveWidget( ) }",
            "        Lists.ArchiveWidget()",
            "        ArchiveWidgetTwo()",
            "    }",
        ]
        let expected = [
            "    var body: some Widget {",
            "        CupWidget()",
            "                       ",
            "        if #available(iOS 17, *) {                  }",
            "        Lists.ArchiveWidget()",
            "        ArchiveWidgetTwo()",
            "    }",
        ]
        #expect(LeftOutRules.removingWidgets(["ArchiveWidget"], from: body.joined(separator: "\n")) == expected.joined(separator: "\n"))
    }

    @Test func compilerLinesNameTheDevelopersFiles() {
        let paths = ["/h/Sources/Ext/_include/Extras/Palette.swift": "/u/Extras/Palette.swift", "/h/Sources/Ext/A.swift": "/u/A.swift"]
        #expect(
            HostPackage.mapped(
                "/h/Sources/Ext/_include/Extras/Palette.swift:3:5: error: x; see /h/Sources/Ext/A.swift:1:1", hostSources: "/h/Sources/",
                userPaths: paths) == "/u/Extras/Palette.swift:3:5: error: x; see /u/A.swift:1:1")
        #expect(
            HostPackage.mapped("/h/Sources/Other.swift:1:1: error", hostSources: "/h/Sources/", userPaths: paths)
                == "/h/Sources/Other.swift:1:1: error")
    }
}

// MARK: - End to end: an Xcode project, its local package and an included folder, built and run

@Suite(
    .enabled(
        if: SourceFolderFixture.unavailableReason == nil && TmuxSession.binary != nil,
        "needs the toolchain's SwiftSyntax host libraries (usr/lib/swift/host) and a built widgetterm"),
    .timeLimit(.minutes(30)))
struct HostBuildEndToEndTests {
    /// Every file below `folder`, relative to it.
    func listing(_ folder: URL) -> [String] {
        var files: [String] = []
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walker?.nextObject() as? String { files.append(relative) }
        return files.sorted()
    }

    @Test func anXcodeProjectBuildsWithItsPackagesAndIncludes() throws {
        let work = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: work) }
        let app = work.appendingPathComponent("TallyApp")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: ProjectFixtures.path("TallyApp")), to: app)
        let before = listing(app)
        let runner = SourceFolderEndToEndTests()
        let extensionFlags = ["--target", "TallyWidgetExtension", "--include", app.appendingPathComponent("Extras").path]

        // Flags given before the command reach it (`--format text`); the shared file, the local package's two
        // targets and the included folder all compile. The host is the cache's shared one (no --build-dir).
        let steps = try runner.widgetterm(["--format", "text", "render", app.path, "--kind", "StepWidget"] + extensionFlags, home: work)
        #expect(steps.status == 0, "\(steps.errors.suffix(3000))")
        #expect(steps.output.contains("4,200 steps") && !steps.output.contains("\u{1B}["), "\(steps.output)")
        #expect(steps.errors.contains("building TallyWidgetExtension"))

        // The two files that import Core Data are left out, and so is the widget that needs one of them; each is
        // listed with its first error at the developer's path.
        let widget = app.appendingPathComponent("TallyWidget").path
        let leftOut = [
            "left out \(widget)/ArchiveStore.swift, which cannot compile here: \(widget)/ArchiveStore.swift:1:8: error: no such module 'CoreData'",
            "left out \(widget)/SyncMonitor.swift, which cannot compile here: \(widget)/SyncMonitor.swift:1:8: error: no such module 'CoreData'",
            "left out \(widget)/ArchiveWidget.swift (widget ArchiveWidget), which cannot compile here: "
                + "\(widget)/ArchiveWidget.swift:8:31: error: cannot find 'ArchiveStore' in scope",
        ]
        for line in leftOut { #expect(steps.errors.contains(line), "\(steps.errors.suffix(3000))") }

        // The .xcodeproj itself, unchanged inputs: SwiftPM is skipped; list prints one line per kind.
        let list = try runner.widgetterm(["list", app.appendingPathComponent("TallyApp.xcodeproj").path] + extensionFlags, home: work)
        #expect(list.status == 0, "\(list.errors)")
        #expect(!list.errors.contains("building"), "\(list.errors)")
        #expect(
            list.output.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["CupWidget", "StepWidget"])
        for line in leftOut { #expect(list.errors.contains(line), "\(list.errors)") }
        // Without --kind, render takes the first widget.
        let cups = try runner.widgetterm(["render", app.path, "--format", "text"] + extensionFlags, home: work)
        // Exit 1: render reports what check finds on its surface, the blue count at 2.03:1 on the card.
        #expect(cups.status == 1 && cups.output.contains("3 of 8 cups"), "\(cups.output)\(cups.errors)")
        #expect(cups.errors.contains("widgetterm: error: [low-contrast] \"3 of 8 cups\" has contrast 2.03:1"), "\(cups.errors)")

        #expect(listing(app) == before)

        // A compiler error in the local package's file is reported at that file, with exit status 2.
        try Data("public let broken: Int = \"text\"\n".utf8)
            .write(to: app.appendingPathComponent("Packages/TallyKit/Sources/TallyKit/Broken.swift"))
        let broken = try runner.widgetterm(["list", app.path] + extensionFlags, home: work)
        #expect(broken.status == 2)
        #expect(
            broken.errors.contains("\(app.path)/Packages/TallyKit/Sources/TallyKit/Broken.swift:1:"), "\(broken.errors.suffix(3000))")
        let errorLines = broken.errors.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(!errorLines.isEmpty && errorLines.allSatisfy { !$0.contains("/hosts/") }, "\(errorLines)")
    }
}
