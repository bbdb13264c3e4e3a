import Foundation

/// Builds the `#Preview` macro plugin (`libPreviewMacros.so`) with the running toolchain's `swiftc`, against the
/// SwiftSyntax libraries the toolchain ships in `usr/lib/swift/host`, and caches it by toolchain and source.
///
/// SwiftPM's `.macro` targets need the swift-syntax package, which cannot be fetched here, so WidgetTerm builds
/// the plugin itself. A compiler then loads it with `compilerFlags(loading:)`
/// (`-Xfrontend -load-plugin-library -Xfrontend PATH`), e.g. in a generated package's `unsafeFlags`.
public enum PreviewMacroPlugin {
    /// The toolchain a plugin is built for.
    public struct Toolchain: Sendable, Equatable {
        /// The `swiftc` that builds (and later loads) the plugin.
        public var swiftc: String
        /// `usr/lib/swift/host`: SwiftSyntax's modules and libraries.
        public var hostLibraries: URL
        /// `swiftc --version`, verbatim: part of the cache key.
        public var version: String

        /// A toolchain given by hand; `toolchain(swiftc:)` finds the running one.
        public init(swiftc: String, hostLibraries: URL, version: String) {
            self.swiftc = swiftc
            self.hostLibraries = hostLibraries
            self.version = version
        }
    }

    /// The library's file name; the compiler derives the plugin's module (`PreviewMacros`) from it.
    public static let libraryName = "libPreviewMacros.so"

    /// Finds the toolchain of `swiftc` (a path, or a name looked up in `PATH`): its version and its
    /// `usr/lib/swift/host` (from `swiftc -print-target-info`, never a fixed path).
    /// - Throws: `PreviewMacroPluginError` when `swiftc` cannot run or the host libraries are missing.
    public static func toolchain(swiftc: String = "swiftc") throws -> Toolchain {
        let version = try run(swiftc, ["--version"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let info = try run(swiftc, ["-print-target-info"])
        guard let json = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
            let paths = json["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
        else {
            throw PreviewMacroPluginError("\(swiftc) -print-target-info gave no paths.runtimeResourcePath; cannot find SwiftSyntax")
        }
        let host = URL(fileURLWithPath: resources).appendingPathComponent("host")
        for library in ["libSwiftSyntax.so", "libSwiftSyntaxMacros.so", "libSwiftSyntaxBuilder.so"] {
            guard FileManager.default.fileExists(atPath: host.appendingPathComponent(library).path) else {
                throw PreviewMacroPluginError(
                    "the toolchain has no \(library) in \(host.path); #Preview needs a toolchain that ships SwiftSyntax (Swift 6.0 or later)"
                )
            }
        }
        return Toolchain(swiftc: swiftc, hostLibraries: host, version: version)
    }

    /// The cache directory for plugins: `$XDG_CACHE_HOME/widgetterm/preview-macros`, else
    /// `~/.cache/widgetterm/preview-macros`.
    public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
        return base.appendingPathComponent("widgetterm").appendingPathComponent("preview-macros")
    }

    /// The cache key: a hash of the toolchain's version and the plugin's source, in hex.
    public static func cacheKey(for toolchain: Toolchain) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a, 64 bits: a cache key, not a security boundary
        for byte in Array((toolchain.version + "\u{0}" + toolchain.hostLibraries.path + "\u{0}" + source).utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The plugin library for `toolchain`, built into `cacheDirectory/KEY/` when it is not there yet. Safe to call
    /// from several processes at once: each builds in a directory of its own and renames the result into place.
    /// - Returns: the library's path.
    /// - Throws: `PreviewMacroPluginError` with the compiler's output when the build fails.
    public static func library(toolchain: Toolchain, cacheDirectory: URL = defaultCacheDirectory()) throws -> URL {
        let directory = cacheDirectory.appendingPathComponent(cacheKey(for: toolchain))
        let library = directory.appendingPathComponent(libraryName)
        if FileManager.default.fileExists(atPath: library.path) { return library }
        let work = directory.appendingPathComponent("build-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw PreviewMacroPluginError("cannot create \(work.path) for the #Preview plugin: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: work) }
        let sourceFile = work.appendingPathComponent("PreviewMacro.swift")
        try Data(source.utf8).write(to: sourceFile)
        let built = work.appendingPathComponent(libraryName)
        let host = toolchain.hostLibraries.path
        _ = try run(
            toolchain.swiftc,
            [
                "-emit-library", "-module-name", "PreviewMacros", "-I", host, "-L", host,
                "-lSwiftSyntax", "-lSwiftSyntaxMacros", "-lSwiftSyntaxBuilder", "-Xlinker", "-rpath", "-Xlinker", host,
                "-module-cache-path", work.appendingPathComponent("module-cache").path,
                sourceFile.path, "-o", built.path,
            ])
        if rename(built.path, library.path) != 0, !FileManager.default.fileExists(atPath: library.path) {
            throw PreviewMacroPluginError("cannot move the #Preview plugin into \(library.path): \(String(cString: strerror(errno)))")
        }
        return library
    }

    /// The flags that make `swiftc` load the plugin (for `swiftc` itself; SwiftPM's `unsafeFlags` takes the same).
    public static func compilerFlags(loading library: URL) -> [String] {
        ["-Xfrontend", "-load-plugin-library", "-Xfrontend", library.path]
    }

    /// Runs `tool` with `arguments` and returns its standard output.
    /// - Throws: `PreviewMacroPluginError` when it cannot start or exits with a non-zero status.
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        if tool.contains("/") {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [tool] + arguments
        }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw PreviewMacroPluginError("cannot run \(tool): \(error.localizedDescription)")
        }
        // Read both pipes before waiting, so a chatty compiler cannot fill one and stall.
        let errorData = ReadBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData.data = errors.fileHandleForReading.readDataToEndOfFile() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw PreviewMacroPluginError("\(tool) \(arguments.first ?? "") failed (exit status \(process.terminationStatus)): \(message)")
        }
        return String(decoding: outputData, as: UTF8.self)
    }
}

/// Why the `#Preview` plugin could not be found or built; the message says what to do.
public struct PreviewMacroPluginError: Error, CustomStringConvertible, Sendable {
    /// What failed (the tool, its exit status and its error output) and what to do.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Standard error of a child, filled by the thread that reads it and read after that thread is done.
private final class ReadBox: @unchecked Sendable {
    var data = Data()
}
