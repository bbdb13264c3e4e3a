import Foundation

// MARK: - A developer's widget sources

/// The Swift files of a widget extension folder, read once: every `*.swift` under it, except in hidden
/// folders, build products (`.build`, `build`, `DerivedData`) and Swift packages inside it.
struct SourceFolder {
    struct File {
        /// The path below the folder, such as `Views/WaterView.swift`.
        let relativePath: String
        let contents: Data
    }

    /// The most entries and Swift files a folder may hold: far more than any extension has.
    static let entryLimit = 50_000
    static let fileLimit = 2_000

    let path: String
    let files: [File]
    /// The module the host compiles them into: the folder's name as Xcode makes a product module name of it.
    let moduleName: String

    init(_ path: String) throws {
        self.path = path
        var files: [File] = []
        guard let walker = FileManager.default.enumerator(atPath: path) else {
            throw HostPackageError("cannot read the folder \(path)")
        }
        var visited = 0
        while let relative = walker.nextObject() as? String {
            visited += 1
            // A home folder or a disk given by mistake would take minutes to read.
            guard visited <= Self.entryLimit, files.count <= Self.fileLimit else {
                throw HostPackageError(
                    "\(path) holds more than \(visited > Self.entryLimit ? "\(Self.entryLimit) entries" : "\(Self.fileLimit) Swift files"); "
                        + "give the folder of one widget extension's sources (the one with the @main WidgetBundle)")
            }
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || ["build", "DerivedData"].contains(name) {
                walker.skipDescendants()
                continue
            }
            // A Swift package inside the folder (a local package of models, say) is not the extension's
            // own sources, nor is a manifest.
            if name == "Package.swift" { continue }
            if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory,
                FileManager.default.fileExists(atPath: path + "/" + relative + "/Package.swift")
            {
                walker.skipDescendants()
                continue
            }
            guard relative.hasSuffix(".swift"), (walker.fileAttributes?[.type] as? FileAttributeType) == .typeRegular else { continue }
            guard let contents = FileManager.default.contents(atPath: path + "/" + relative) else {
                throw HostPackageError("cannot read \(path)/\(relative)")
            }
            files.append(File(relativePath: relative, contents: contents))
        }
        guard !files.isEmpty else {
            throw HostPackageError(
                "\(path) has no .swift files; give the folder of a widget extension's sources (the one with the @main WidgetBundle)")
        }
        guard files.contains(where: { String(decoding: $0.contents, as: UTF8.self).contains("@main") }) else {
            throw HostPackageError(
                "no @main in the \(files.count) Swift files of \(path); give the folder of a widget extension, whose "
                    + "@main WidgetBundle (or Widget) WidgetTerm runs")
        }
        self.files = files.sorted { $0.relativePath < $1.relativePath }
        moduleName = Self.moduleName(for: (path as NSString).lastPathComponent)
    }

    /// Letters, digits and underscores, not starting with a digit, and not one of the modules it imports.
    static func moduleName(for folderName: String) -> String {
        var name = String(folderName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }.filter(\.isASCII))
        if name.isEmpty || name.first!.isNumber { name = "_" + name }
        let taken: Set<String> = [
            "SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "os", "OSLog", "UIKit", "Charts", "Combine", "WidgetKitUI",
            "WidgetTermCLI", "Foundation",
        ]
        return taken.contains(name) ? name + "Extension" : name
    }
}
