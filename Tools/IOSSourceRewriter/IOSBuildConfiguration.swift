import SwiftIfConfig
import SwiftSyntax

// MARK: - The build configuration of an iPhone simulator

/// `#if` conditions as Xcode evaluates them when it builds a widget extension for the iOS simulator in the
/// Debug configuration: `os(iOS)`, `targetEnvironment(simulator)` and `DEBUG` hold (and `WIDGETTERM`, so
/// code can leave out what cannot run here yet with `#if !WIDGETTERM`), the Apple frameworks
/// that WidgetTerm provides can be imported, and the language and compiler versions are those of the
/// toolchain that compiles the result (in Swift 5 language mode, as the host package builds widget code).
struct IOSBuildConfiguration: BuildConfiguration {
    /// The modules `canImport` finds: the Apple frameworks WidgetTerm provides, and the toolchain's modules
    /// that iOS has too. Anything else (Combine, Charts, CoreData...) is false, so code guarded by
    /// `#if canImport(X)` compiles without it.
    static let importableModules: Set<String> = [
        "SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "UIKit", "os", "OSLog", "Intents",
        "Swift", "Foundation", "Dispatch", "_Concurrency", "Observation", "RegexBuilder", "Synchronization",
    ]

    /// The toolchain's compiler version, as `swiftc --version` prints it.
    var compilerVersion: VersionTuple
    /// The language mode the host package compiles widget code in (Swift 5: 5.10).
    var languageVersion = VersionTuple(5, 10)

    func isCustomConditionSet(name: String) -> Bool { name == "DEBUG" || name == "WIDGETTERM" }
    func hasFeature(name: String) -> Bool { false }
    func hasAttribute(name: String) -> Bool {
        ["available", "main", "preconcurrency", "retroactive", "backDeployed", "MainActor", "Sendable"].contains(name)
    }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        guard let module = importPath.first?.1 else { return false }
        return Self.importableModules.contains(module)
    }
    func isActiveTargetOS(name: String) -> Bool { name == "iOS" }
    func isActiveTargetArchitecture(name: String) -> Bool {
        #if arch(x86_64)
        return name == "x86_64"
        #elseif arch(arm64)
        return name == "arm64"
        #else
        return false
        #endif
    }
    func isActiveTargetEnvironment(name: String) -> Bool { name == "simulator" }
    func isActiveTargetRuntime(name: String) -> Bool { name == "_Native" }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool { name == "ELF" }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [8, 16, 32, 64, 128] }
    var endianness: Endianness { .little }
}
