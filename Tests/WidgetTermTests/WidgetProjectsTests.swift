import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import WidgetProjects
import WidgetTermCLI

// MARK: - Finding widget extension sources (issue 12, item 1)

/// The fixture projects in `Tests/ProjectFixtures` (written for these tests; see its README).
enum ProjectFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ProjectFixtures")
    static func path(_ relative: String) -> String { directory.appendingPathComponent(relative).path }

    /// A fresh folder for a test's own files, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-projects-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

@Suite struct WidgetProjectsTests {
    /// Paths relative to the set's root, in its order.
    func relative(_ urls: [URL], _ set: WidgetSourceSet) -> [String] { urls.map(set.displayPath) }

    @Test(
        "classic groups: the extension's sources phase (a SOURCE_ROOT file shared with the app, a missing file), resources with variant groups as .lproj folders, a local package"
    )
    func classicProject() throws {
        let set = try WidgetSourceSet.find(at: ProjectFixtures.path("ClassicApp"))
        #expect(set.name == "ForecastWidgetExtension")
        #expect(set.origin == .xcodeProject)
        #expect(set.projectFile?.path == ProjectFixtures.path("ClassicApp/ClassicApp.xcodeproj/project.pbxproj"))
        #expect(set.root.path == ProjectFixtures.path("ClassicApp"))
        #expect(
            relative(set.swiftSources, set) == [
                "ForecastWidget/Deleted.swift", "ForecastWidget/ForecastProvider.swift", "ForecastWidget/ForecastWidget.swift",
                "ForecastWidget/ForecastWidgetBundle.swift", "Shared/Forecast.swift",
            ])
        #expect(relative(set.sharedSwiftSources, set) == ["Shared/Forecast.swift"])
        #expect(
            relative(set.resources, set) == [
                "ForecastWidget/Assets.xcassets", "ForecastWidget/Localizable.xcstrings", "ForecastWidget/en.lproj",
                "ForecastWidget/fr.lproj",
            ])
        #expect(set.otherSources.isEmpty)
        #expect(
            set.localPackages == [
                .init(path: URL(fileURLWithPath: ProjectFixtures.path("ClassicApp/Packages/ForecastKit")), products: ["ForecastKit"])
            ])
        #expect(set.remotePackages.isEmpty)
        #expect(relative(set.missingFiles, set) == ["ForecastWidget/Deleted.swift"])
        // The scan skips the widget named in a comment and in a string literal.
        #expect(
            set.declarations.map { "\($0.typeName) \($0.role.rawValue) main=\($0.isMain) \(set.displayPath($0.file)):\($0.line)" } == [
                "ForecastWidget widget main=false ForecastWidget/ForecastWidget.swift:6",
                "ForecastWidgetBundle widgetBundle main=true ForecastWidget/ForecastWidgetBundle.swift:5",
            ])
        #expect(set.entryPoint?.typeName == "ForecastWidgetBundle")
        #expect(set.infoPlist.map(set.displayPath) == "ForecastWidget/Info.plist")
        #expect(set.entitlements.map(set.displayPath) == "ForecastWidget/ForecastWidget.entitlements")
        // CODE_SIGN_ENTITLEMENTS and ORG_ID come from Config/Widget.xcconfig and the Base.xcconfig it includes; the
        // conditional ORG_ID[sdk=macosx*] gives way to the plain one; $(TARGET_NAME:base) is expanded.
        #expect(set.appGroupIdentifiers == ["group.org.example.forecast"])
        // What a build hashes and a watcher watches: the files inside the catalogs and the package, not Deleted.swift.
        #expect(
            relative(set.inputFiles, set) == [
                "ClassicApp.xcodeproj/project.pbxproj",
                "ForecastWidget/Assets.xcassets/Contents.json",
                "ForecastWidget/ForecastProvider.swift",
                "ForecastWidget/ForecastWidget.entitlements",
                "ForecastWidget/ForecastWidget.swift",
                "ForecastWidget/ForecastWidgetBundle.swift",
                "ForecastWidget/Info.plist",
                "ForecastWidget/Localizable.xcstrings",
                "ForecastWidget/en.lproj/InfoPlist.strings",
                "ForecastWidget/fr.lproj/InfoPlist.strings",
                "Packages/ForecastKit/Package.swift",
                "Packages/ForecastKit/Sources/ForecastKit/Units.swift",
                "Shared/Forecast.swift",
            ])
    }

    @Test("the .xcodeproj and its project.pbxproj give the same set as the folder holding them")
    func projectPaths() throws {
        let folder = try WidgetSourceSet.find(at: ProjectFixtures.path("ClassicApp"))
        #expect(try WidgetSourceSet.find(at: ProjectFixtures.path("ClassicApp/ClassicApp.xcodeproj")) == folder)
        #expect(try WidgetSourceSet.find(at: ProjectFixtures.path("ClassicApp/ClassicApp.xcodeproj/project.pbxproj")) == folder)
    }

    @Test("targets: product types, and widget extensions told apart by Info.plist (a share extension is not one) or by sources")
    func targets() throws {
        let classic = try XcodeProject(contentsOf: URL(fileURLWithPath: ProjectFixtures.path("ClassicApp/ClassicApp.xcodeproj")))
        #expect(classic.targets.map(\.name) == ["ClassicApp", "ForecastWidgetExtension", "ShareExtension"])
        #expect(
            classic.targets.map(\.productType) == [
                "com.apple.product-type.application", "com.apple.product-type.app-extension", "com.apple.product-type.app-extension",
            ])
        #expect(classic.targets.map(\.extensionPointIdentifier) == [nil, "com.apple.widgetkit-extension", "com.apple.share-services"])
        #expect(classic.widgetExtensions.map(\.name) == ["ForecastWidgetExtension"])

        let synced = try XcodeProject(contentsOf: URL(fileURLWithPath: ProjectFixtures.path("SyncedApp/SyncedApp.xcodeproj")))
        #expect(synced.widgetExtensions.map(\.name) == ["TripWidgetExtension", "WatchWidgetExtension"])
        // WatchWidgetExtension has a generated Info.plist: recognised by its @main Widget.
        #expect(synced.targets.map(\.extensionPointIdentifier) == [nil, "com.apple.widgetkit-extension", nil])
    }

    @Test(
        "synchronized folders: the target's folder less its exceptions, a file another target's folder lends it, an explicit folder as one resource, hidden files skipped"
    )
    func synchronizedFolders() throws {
        let set = try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp"), target: "TripWidgetExtension")
        #expect(set.name == "TripWidgetExtension")
        #expect(
            relative(set.swiftSources, set) == [
                "SyncedApp/Model/Trip.swift", "TripWidget/TripLiveActivity.swift", "TripWidget/TripWidget.swift",
                "TripWidget/TripWidgetBundle.swift",
            ])
        #expect(relative(set.sharedSwiftSources, set) == ["SyncedApp/Model/Trip.swift"])
        #expect(relative(set.resources, set) == ["TripWidget/Assets.xcassets", "TripWidget/Localizable.xcstrings", "TripWidget/Sounds"])
        #expect(set.remotePackages == [.init(repositoryURL: "https://github.com/example/TripKit", products: ["TripKit"])])
        #expect(set.localPackages.isEmpty)
        #expect(set.missingFiles.isEmpty)
        #expect(set.entryPoint.map { "\($0.typeName):\($0.line)" } == "TripWidgetBundle:6")
        // A generic widget (`TripLiveActivity<Placeholder: View>: Widget where ...`) and a qualified conformance.
        #expect(Set(set.declarations.filter { !$0.isMain }.map(\.typeName)) == ["TripLiveActivity", "TripWidget"])

        let app = try XcodeProject(contentsOf: URL(fileURLWithPath: ProjectFixtures.path("SyncedApp/SyncedApp.xcodeproj")))
        let appSet = app.sourceSet(of: try #require(app.targets.first { $0.name == "SyncedApp" }))
        #expect(
            relative(appSet.swiftSources, appSet) == [
                "SyncedApp/Model/Trip.swift", "SyncedApp/Model/TripStore.swift", "SyncedApp/SyncedAppApp.swift",
                "SyncedApp/Views/TripView.swift",
            ])
        #expect(relative(appSet.resources, appSet) == ["SyncedApp/Assets.xcassets"]) // Info.plist is an exception
    }

    @Test("several extensions: --target picks one; without it, or with a wrong one, the error lists them")
    func severalExtensions() throws {
        let watch = try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp"), target: "WatchWidgetExtension")
        #expect(relative(watch.swiftSources, watch) == ["WatchWidget/WatchProvider.swift", "WatchWidget/WatchWidget.swift"])
        // Its entitlements come from an .xcconfig anchored in its synchronized folder (Xcode 16's form).
        #expect(watch.entitlements.map(watch.displayPath) == "WatchWidget/Watch.entitlements")
        #expect(watch.appGroupIdentifiers == ["group.org.example.watch"])
        #expect(watch.infoPlist == nil)
        let pbxproj = ProjectFixtures.path("SyncedApp/SyncedApp.xcodeproj/project.pbxproj")
        #expect(
            throws: WidgetProjectError(
                file: URL(fileURLWithPath: pbxproj),
                "has 2 widget extension targets: TripWidgetExtension, WatchWidgetExtension; pick one with --target NAME")
        ) {
            try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp"))
        }
        #expect(
            throws: WidgetProjectError(
                file: URL(fileURLWithPath: pbxproj),
                "target SyncedApp is application, not a widget extension; its widget extension targets: TripWidgetExtension, WatchWidgetExtension"
            )
        ) {
            try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp"), target: "SyncedApp")
        }
        #expect(
            throws: WidgetProjectError(
                file: URL(fileURLWithPath: pbxproj),
                "has no target TripWidgetExtensoin (did you mean TripWidgetExtension?); widget extension targets: TripWidgetExtension, WatchWidgetExtension"
            )
        ) {
            try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp"), target: "TripWidgetExtensoin")
        }
    }

    @Test("a workspace lists its projects through groups; Pods and missing projects are left out")
    func workspace() throws {
        let set = try WidgetSourceSet.find(at: ProjectFixtures.path("Workspace/Trips.xcworkspace"), target: "TripWidgetExtension")
        #expect(set.projectFile?.path == ProjectFixtures.path("SyncedApp/SyncedApp.xcodeproj/project.pbxproj"))
        #expect(set.swiftSources.count == 4)
    }

    @Test("a Swift package: the target folder that declares a widget, its resources, .package(path:) dependencies outside comments")
    func swiftPackage() throws {
        let set = try WidgetSourceSet.find(at: ProjectFixtures.path("WidgetPackage"))
        #expect(set.name == "MyWidgets")
        #expect(set.origin == .swiftPackage)
        #expect(set.projectFile?.path == ProjectFixtures.path("WidgetPackage/Package.swift"))
        #expect(relative(set.swiftSources, set) == ["Sources/MyWidgets/CounterWidget.swift"])
        #expect(relative(set.resources, set) == ["Sources/MyWidgets/Media.xcassets"])
        #expect(set.localPackages.map(\.path.path) == [ProjectFixtures.path("ClassicApp/Packages/ForecastKit")])
        #expect(set.declarations.map(\.typeName) == ["CounterWidget"])
        #expect(try WidgetSourceSet.find(at: ProjectFixtures.path("WidgetPackage"), target: "Support").name == "Support")
    }

    @Test("a widget extension folder: its Swift files and resources")
    func extensionFolder() throws {
        let set = try WidgetSourceSet.find(at: ProjectFixtures.path("WidgetPackage/Sources/MyWidgets"))
        #expect(set.name == "MyWidgets")
        #expect(set.origin == .folder)
        #expect(set.projectFile == nil)
        #expect(set.root.path == ProjectFixtures.path("WidgetPackage/Sources/MyWidgets"))
        #expect(relative(set.swiftSources, set) == ["CounterWidget.swift"])
        #expect(relative(set.resources, set) == ["Media.xcassets"])
        #expect(throws: WidgetProjectError.self) {
            try WidgetSourceSet.find(at: ProjectFixtures.path("WidgetPackage/Sources/MyWidgets"), target: "X")
        }
    }

    @Test("an extension's folder inside an Xcode project gives that target, shared files and packages included")
    func folderInsideProject() throws {
        let project = try WidgetSourceSet.find(at: ProjectFixtures.path("ClassicApp"))
        #expect(try WidgetSourceSet.find(at: ProjectFixtures.path("ClassicApp/ForecastWidget")) == project)
        // Of SyncedApp's two extensions, only TripWidgetExtension has files in TripWidget/.
        #expect(try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp/TripWidget")).name == "TripWidgetExtension")
        // The app's folder lends TripWidgetExtension a file but declares no widget: it is not the extension's folder.
        #expect(throws: WidgetProjectError.self) { try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp/SyncedApp")) }
        #expect(throws: WidgetProjectError.self) {
            try WidgetSourceSet.find(at: ProjectFixtures.path("SyncedApp/WatchWidget"), target: "TripWidgetExtension")
        }
    }

    @Test("a folder with no widget says what was looked for and where a project is below it")
    func folderWithoutWidget() {
        #expect(
            throws: WidgetProjectError(
                file: URL(fileURLWithPath: ProjectFixtures.path("NoWidget")),
                "found no widget: looked for an .xcodeproj, an .xcworkspace or a Package.swift here, and for a type conforming to Widget "
                    + "or WidgetBundle in its 1 Swift file; below it: Nested/Deep.xcodeproj (give that path)")
        ) {
            try WidgetSourceSet.find(at: ProjectFixtures.path("NoWidget"))
        }
    }

    @Test("a project with no widget extension lists its targets; a broken project file names itself")
    func projectErrors() throws {
        let folder = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Plain.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let file = project.appendingPathComponent("project.pbxproj")
        try Data(
            """
            { objects = {
                R = { isa = PBXProject; mainGroup = G; targets = (A, T); };
                G = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
                A = { isa = PBXNativeTarget; name = Plain; productType = "com.apple.product-type.application"; };
                T = { isa = PBXNativeTarget; name = PlainTests; productType = "com.apple.product-type.bundle.unit-test"; };
            }; rootObject = R; }
            """.utf8
        ).write(to: file)
        #expect(
            throws: WidgetProjectError(
                file: file,
                "has no widget extension target (an app extension whose Info.plist names com.apple.widgetkit-extension, or whose sources "
                    + "declare a Widget or WidgetBundle); its targets: Plain (application), PlainTests (bundle.unit-test). "
                    + "Add a Widget Extension target in Xcode, or give the extension's folder instead")
        ) {
            try WidgetSourceSet.find(at: folder.path)
        }

        try Data("{ objects = {\n<<<<<<< HEAD\n}; }".utf8).write(to: file)
        let error = try #require(throws: WidgetProjectError.self) { try WidgetSourceSet.find(at: project.path) }
        #expect(error.file == file)
        #expect(error.message.hasPrefix("is not a property list Xcode could open ("))
        #expect(error.message.hasSuffix("); open the project in Xcode once to repair it, or fix the merge conflict"))
    }

    @Test("paths: nested groups with and without a path, SOURCE_ROOT, absolute, projectDirPath, SDK files left out")
    func pathResolution() throws {
        let folder = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("Ios/App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data(
            """
            { objects = {
                R = { isa = PBXProject; mainGroup = G; projectDirPath = ".."; targets = (W); };
                G = { isa = PBXGroup; children = (G1, G2, S, X, K); sourceTree = "<group>"; };
                G1 = { isa = PBXGroup; path = Widget; children = (G3); sourceTree = "<group>"; };
                G3 = { isa = PBXGroup; name = Views; children = (F1); sourceTree = "<group>"; };
                F1 = { isa = PBXFileReference; path = "Deep/Card View.swift"; sourceTree = "<group>"; };
                G2 = { isa = PBXGroup; path = Other; children = (F2); sourceTree = "<group>"; };
                F2 = { isa = PBXFileReference; path = Model.swift; sourceTree = SOURCE_ROOT; };
                S = { isa = PBXFileReference; path = "\(folder.path)/Elsewhere/Abs.swift"; sourceTree = "<absolute>"; };
                X = { isa = PBXFileReference; path = Generated.swift; sourceTree = BUILT_PRODUCTS_DIR; };
                K = { isa = PBXFileReference; path = Kit.m; sourceTree = "<group>"; };
                W = { isa = PBXNativeTarget; name = W; productType = "com.apple.product-type.app-extension"; buildPhases = (P);
                      buildConfigurationList = L; };
                L = { isa = XCConfigurationList; buildConfigurations = (C); };
                C = { isa = XCBuildConfiguration; name = Debug; buildSettings = { INFOPLIST_KEY_NSExtensionPointIdentifier = "com.apple.widgetkit-extension"; }; };
                P = { isa = PBXSourcesBuildPhase; files = (B1, B2, B3, B4, B5); };
                B1 = { isa = PBXBuildFile; fileRef = F1; };
                B2 = { isa = PBXBuildFile; fileRef = F2; };
                B3 = { isa = PBXBuildFile; fileRef = S; };
                B4 = { isa = PBXBuildFile; fileRef = X; };
                B5 = { isa = PBXBuildFile; fileRef = K; };
            }; rootObject = R; }
            """.utf8
        ).write(to: project.appendingPathComponent("project.pbxproj"))
        let set = try WidgetSourceSet.find(at: project.path)
        #expect(set.root.path == folder.path) // SRCROOT is Ios/.. by projectDirPath
        #expect(
            set.swiftSources.map(\.path) == [
                folder.path + "/Elsewhere/Abs.swift", folder.path + "/Model.swift", folder.path + "/Widget/Deep/Card View.swift",
            ])
        #expect(set.otherSources.map(\.path) == [folder.path + "/Kit.m"])
        #expect(set.missingFiles.count == 4) // none of them was written
    }

    @Test("a product with no package reference is found in the package that declares it as a library, not one that only depends on it")
    func unreferencedLocalPackage() throws {
        let folder = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "App.xcodeproj/project.pbxproj": """
            { objects = {
                R = { isa = PBXProject; mainGroup = G; targets = (W); };
                G = { isa = PBXGroup; children = (M, S); sourceTree = "<group>"; };
                M = { isa = PBXFileSystemSynchronizedRootGroup; path = Modules; sourceTree = "<group>"; };
                S = { isa = PBXFileSystemSynchronizedRootGroup; path = Widget; sourceTree = "<group>"; };
                W = { isa = PBXNativeTarget; name = W; productType = "com.apple.product-type.app-extension";
                      fileSystemSynchronizedGroups = (S); packageProductDependencies = (D); };
                D = { isa = XCSwiftPackageProductDependency; productName = KitUI; };
            }; rootObject = R; }
            """,
            "Modules/Another/Package.swift":
                #"let package = Package(name: "Another", dependencies: [.product(name: "KitUI", package: "Kit")])"#,
            "Modules/Kit/Package.swift": #"let package = Package(name: "Kit", products: [.library(name: "KitUI", targets: ["KitUI"])])"#,
            "Widget/W.swift": "@main struct W: Widget {}",
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let set = try WidgetSourceSet.find(at: folder.path)
        #expect(set.localPackages == [.init(path: folder.appendingPathComponent("Modules/Kit"), products: ["KitUI"])])
        #expect(set.swiftSources == [folder.appendingPathComponent("Widget/W.swift")])
    }

    @Test(
        "nothing hangs or loops: a FIFO as the project file or a Swift file is not read, a symbolic link up the tree is walked once; names are escaped on the terminal"
    )
    func specialFiles() throws {
        let folder = try ProjectFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("P.xcodeproj")
        let widget = folder.appendingPathComponent("loop/W")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: widget, withIntermediateDirectories: true)
        #expect(mkfifo(project.appendingPathComponent("project.pbxproj").path, 0o600) == 0)
        #expect(mkfifo(widget.appendingPathComponent("Hang.swift").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: widget.appendingPathComponent("up").path, withDestinationPath: "..")
        try Data("@main struct W: Widget {}".utf8).write(to: widget.appendingPathComponent("Esc\u{1B}[31m.swift"))

        #expect(
            throws: WidgetProjectError(
                file: project.appendingPathComponent("project.pbxproj"),
                "is a FIFO or other special file, not a project file; an .xcodeproj folder holds a file named project.pbxproj")
        ) {
            try WidgetSourceSet.find(at: project.path)
        }
        let set = try WidgetSourceSet.find(at: folder.appendingPathComponent("loop").path)
        #expect(relative(set.swiftSources, set) == ["W/Esc\u{1B}[31m.swift", "W/Hang.swift"])
        #expect(set.declarations.map(\.typeName) == ["W"])

        let output = StringStream()
        #expect(
            WidgetTermCommand.run(
                arguments: ["sources", folder.appendingPathComponent("loop").path], widgets: [],
                environment: [:], output: output, errors: StringStream()) == 0)
        #expect(output.text.contains("  W/Esc\\u{1B}[31m.swift\n"))
        #expect(!output.text.contains("\u{1B}"))
        let empty = StringStream()
        #expect(
            WidgetTermCommand.run(arguments: ["sources", ""], widgets: [], environment: [:], output: StringStream(), errors: empty) == 2)
        #expect(empty.text == "widgetterm: sources needs a PATH, and the one given is empty\n")
    }

    @Test(
        "the scan: @main after attributes, extensions, raw and multi-line strings, nested comments, where clauses, an entry point of its own (not an App)"
    )
    func declarationScan() {
        let file = URL(fileURLWithPath: "/x/W.swift")
        let source = ##"""
            /* outer /* nested struct A: Widget {} */ still comment */
            let text = #"struct B: Widget {"#
            let block = """
                struct C: WidgetBundle {
                """
            @main @available(iOS 17, *)
            public struct D: WidgetBundle { var body: some Widget { E() } }
            extension E: Widget {}
            struct F: View where Self: Widget {}
            struct G: Sendable,
                      Widget {}
            @main enum Launcher { static func main() { D.main() } }
            @main struct H: App {}
            """##
        let found = WidgetDeclarationScan.declarations(in: source, file: file)
        #expect(
            found.map { "\($0.typeName) \($0.role.rawValue) \($0.isMain) \($0.line)" } == [
                "D widgetBundle true 7", "E widget false 8", "G widget false 10", "Launcher entryPoint true 12",
            ])
    }

    @Test("widgetterm sources prints the set, and exits 2 with the file named when there is none")
    func command() {
        let output = StringStream()
        let errors = StringStream()
        let status = WidgetTermCommand.run(
            arguments: ["sources", ProjectFixtures.path("SyncedApp"), "--target", "TripWidgetExtension"],
            widgets: [], environment: [:], output: output, errors: errors)
        #expect(status == 0)
        #expect(
            output.text == """
                TripWidgetExtension: widget extension target of SyncedApp.xcodeproj/project.pbxproj
                root: \(ProjectFixtures.path("SyncedApp"))
                info plist: TripWidget/Info.plist
                entry point: @main TripWidgetBundle (widgetBundle) at TripWidget/TripWidgetBundle.swift:6
                widget: TripLiveActivity at TripWidget/TripLiveActivity.swift:10
                widget: TripWidget at TripWidget/TripWidget.swift:4
                swift sources (4):
                  SyncedApp/Model/Trip.swift  (shared with other targets)
                  TripWidget/TripLiveActivity.swift
                  TripWidget/TripWidget.swift
                  TripWidget/TripWidgetBundle.swift
                resources (3):
                  TripWidget/Assets.xcassets
                  TripWidget/Localizable.xcstrings
                  TripWidget/Sounds
                remote packages (not fetched) (1):
                  https://github.com/example/TripKit  (products: TripKit)

                """)
        #expect(errors.text.isEmpty)

        let missing = StringStream()
        #expect(
            WidgetTermCommand.run(
                arguments: ["sources", ProjectFixtures.path("SyncedApp")], widgets: [], environment: [:],
                output: StringStream(), errors: missing) == 2)
        #expect(
            missing.text == "widgetterm: \(ProjectFixtures.path("SyncedApp/SyncedApp.xcodeproj/project.pbxproj")): has 2 widget extension "
                + "targets: TripWidgetExtension, WatchWidgetExtension; pick one with --target NAME\n")

        let json = StringStream()
        #expect(
            WidgetTermCommand.run(
                arguments: ["sources", ProjectFixtures.path("WidgetPackage"), "--format", "json"], widgets: [],
                environment: [:], output: json, errors: StringStream()) == 0)
        let decoded = (try? JSONSerialization.jsonObject(with: Data(json.text.utf8))) as? [String: Any]
        #expect(decoded?["name"] as? String == "MyWidgets")
        #expect(decoded?["swiftSources"] as? [String] == [ProjectFixtures.path("WidgetPackage/Sources/MyWidgets/CounterWidget.swift")])
    }
}
