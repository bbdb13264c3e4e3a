import Foundation
import Testing

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
