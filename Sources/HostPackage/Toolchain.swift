import Foundation

// MARK: - The running Swift toolchain

/// The Swift toolchain that builds host packages: `swift` and `swiftc` on `PATH` (or `WIDGETTERM_SWIFT`'s
/// directory), its version, and where it keeps its SwiftSyntax libraries.
struct Toolchain {
    /// The `swift` driver.
    let swift: String
    /// The `swiftc` compiler.
    let swiftc: String
    /// The compiler version, as `swiftc --version` prints it (`6.3.1`).
    let version: String
    /// All that `swiftc --version` prints, trimmed: the `#Preview` plugin's cache key.
    let versionText: String
    /// `usr/lib/swift/host`: SwiftSyntax, SwiftParser and SwiftIfConfig as shared libraries and modules.
    let hostLibraries: String

    /// Finds the toolchain; the error says what was looked for.
    static func locate(environment: [String: String]) throws -> Toolchain {
        let directories: [String]
        if let directory = environment["WIDGETTERM_SWIFT_BIN"], !directory.isEmpty {
            directories = [directory]
        } else {
            directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        }
        guard let swiftc = directories.map({ $0 + "/swiftc" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw HostPackageError(
                "no swiftc on PATH; building widget sources needs a Swift 6 toolchain (https://www.swift.org/install/linux/)")
        }
        let swift = (swiftc as NSString).deletingLastPathComponent + "/swift"
        let facts = try Facts.of(swiftc, environment: environment)
        guard let range = facts.versionText.range(of: #"Swift version [0-9]+(\.[0-9]+)*"#, options: .regularExpression) else {
            throw HostPackageError("\(swiftc) --version printed no Swift version: \(facts.versionText.prefix(200))")
        }
        let version = String(facts.versionText[range].dropFirst("Swift version ".count))
        // The resource directory of the running compiler; its `host` folder holds the SwiftSyntax libraries.
        return Toolchain(
            swift: swift, swiftc: swiftc, version: version, versionText: facts.versionText, hostLibraries: facts.resources + "/host")
    }

    /// What `swiftc --version` and `swiftc -print-target-info` say, kept in the cache for the compiler file they came
    /// from (its path, size and modification time), so a run that builds nothing starts no compiler.
    struct Facts: Codable {
        /// `swiftc --version`, trimmed.
        let versionText: String
        /// `paths.runtimeResourcePath` of `swiftc -print-target-info`.
        let resources: String

        static func of(_ swiftc: String, environment: [String: String]) throws -> Facts {
            let resolved = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let cacheFile = (try? SourceFolderCommand.cacheDirectory(environment)).map {
                $0 + "/toolchains/" + StableHash.of("\(swiftc)\n\(resolved)\n\(size)\n\(modified)") + ".json"
            }
            if let cacheFile, let data = FileManager.default.contents(atPath: cacheFile),
                let facts = try? JSONDecoder().decode(Facts.self, from: data)
            {
                return facts
            }
            let versionText = try ProgramRunner.output(swiftc, ["--version"]).trimmingCharacters(in: .whitespacesAndNewlines)
            let info = try ProgramRunner.output(swiftc, ["-print-target-info"])
            guard let object = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
                let paths = object["paths"] as? [String: Any],
                let resources = paths["runtimeResourcePath"] as? String
            else {
                throw HostPackageError("\(swiftc) -print-target-info gave no paths.runtimeResourcePath")
            }
            let facts = Facts(versionText: versionText, resources: resources)
            if let cacheFile, let data = try? JSONEncoder().encode(facts) {
                try? FileManager.default.createDirectory(
                    atPath: (cacheFile as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? data.write(to: URL(fileURLWithPath: cacheFile), options: .atomic)
            }
            return facts
        }
    }

    /// The host libraries the source rewriter links, checked to be present.
    static let rewriterLibraries = ["SwiftIfConfig", "SwiftParser", "SwiftSyntax", "SwiftDiagnostics", "SwiftOperators"]

    /// Throws, naming the missing file, when the toolchain ships no SwiftSyntax host libraries.
    func checkHostLibraries() throws {
        for library in Self.rewriterLibraries {
            let path = "\(hostLibraries)/lib\(library).so"
            guard FileManager.default.fileExists(atPath: path) else {
                throw HostPackageError(
                    "the Swift \(version) toolchain has no \(path); widget sources are read with the "
                        + "toolchain's SwiftSyntax libraries: install a swift.org toolchain, which ships them in usr/lib/swift/host")
            }
        }
    }
}

/// A problem building or running a host package, with a message a person can act on.
public struct HostPackageError: Error, CustomStringConvertible {
    /// One line: the path or flag concerned, what is wrong and what to do.
    public let description: String
    /// The exit status: 2 (usage, input or build errors), unless the command itself said otherwise.
    public var status: Int32 = 2
    init(_ description: String, status: Int32 = 2) {
        self.description = description
        self.status = status
    }
}
