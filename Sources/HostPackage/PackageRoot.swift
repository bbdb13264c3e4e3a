import Foundation

// MARK: - Where WidgetTerm's own package is

/// The WidgetTerm checkout that a host package depends on by path (docs/DECISIONS.md, "The host package").
///
/// In order: `WIDGETTERM_PACKAGE_ROOT`; the checkout this binary was built from (its sources' path, recorded
/// at compile time), while it still holds WidgetTerm's `Package.swift`; the folders above the running binary.
enum PackageRoot {
    static func locate(environment: [String: String]) throws -> String {
        if let root = environment["WIDGETTERM_PACKAGE_ROOT"], !root.isEmpty {
            guard isWidgetTermRoot(root) else {
                throw HostPackageError(
                    "WIDGETTERM_PACKAGE_ROOT=\(root) is not a WidgetTerm checkout (no Package.swift naming WidgetTerm, or no Tools/IOSSourceRewriter)"
                )
            }
            return URL(fileURLWithPath: root).standardizedFileURL.path
        }
        // #filePath is Sources/HostPackage/PackageRoot.swift in the checkout that built this binary.
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        if isWidgetTermRoot(built.path) { return built.path }
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            var directory = executable.deletingLastPathComponent()
            while directory.path != "/" {
                if isWidgetTermRoot(directory.path) { return directory.path }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw HostPackageError("cannot find the WidgetTerm checkout this widgetterm was built from; set WIDGETTERM_PACKAGE_ROOT to it")
    }

    static func isWidgetTermRoot(_ path: String) -> Bool {
        guard let manifest = FileManager.default.contents(atPath: path + "/Package.swift") else { return false }
        return String(decoding: manifest, as: UTF8.self).contains("name: \"WidgetTerm\"")
            && FileManager.default.fileExists(atPath: path + "/Tools/IOSSourceRewriter/main.swift")
    }

    /// A fingerprint of the checkout's sources (path, size and modification time of every file under
    /// `Sources` and `Tools`, and `Package.swift`), so a host rebuilds when WidgetTerm changes.
    static func fingerprint(_ root: String) -> String {
        var hash = StableHash()
        for folder in ["Sources", "Tools"] {
            guard let walker = FileManager.default.enumerator(atPath: root + "/" + folder) else { continue }
            var entries: [String] = []
            while let relative = walker.nextObject() as? String { entries.append(relative) }
            for relative in entries.sorted() {
                let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + folder + "/" + relative)
                let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
                let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                hash.add("\(folder)/\(relative) \(size) \(modified)")
            }
        }
        hash.add(FileManager.default.contents(atPath: root + "/Package.swift") ?? Data())
        return hash.hex
    }
}

/// FNV-1a, 64 bits: a cache key that stays the same across runs (Swift's `Hasher` is seeded per process).
/// Not cryptographic; it only decides whether a build can be skipped.
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        value ^= 0xff
        value = value &* 0x0000_0100_0000_01b3
    }
    mutating func add(_ text: String) { add(Array(text.utf8)) }
    mutating func add(_ data: Data) { add(Array(data)) }

    /// Adds each module's name and dependencies and each of its files' source path and path in the module, in
    /// order; `withContents` adds each file's bytes after its paths. Without them: the host package's layout
    /// (`ExtensionLibrary.structure`); with them: what a build reads (`HostBuild`).
    mutating func add(_ modules: [HostSources.Module], withContents: Bool) {
        for module in modules {
            add(module.name)
            add(module.dependencies.joined(separator: ","))
            for file in module.files {
                add(file.source.path)
                add(file.relativePath)
                if withContents { add(file.contents) }
            }
        }
    }

    var hex: String { String(value, radix: 16).leftPadded(to: 16) }
    static func of(_ text: String) -> String {
        var hash = StableHash()
        hash.add(text)
        return hash.hex
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
