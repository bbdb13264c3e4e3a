import Foundation

// MARK: - A developer's widget sources

/// The Swift files of a widget extension folder, read once: every `*.swift` under it, except in hidden
/// folders and build products (`.build`, `build`, `DerivedData`).
struct SourceFolder {
    struct File {
        /// The path below the folder, such as `Views/WaterView.swift`.
        let relativePath: String
        let contents: Data
    }

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
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || ["build", "DerivedData"].contains(name) {
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
        self.files = files.sorted { $0.relativePath < $1.relativePath }
        moduleName = Self.moduleName(for: (path as NSString).lastPathComponent)
    }

    /// Letters, digits and underscores, not starting with a digit, and not one of the modules it imports.
    static func moduleName(for folderName: String) -> String {
        var name = String(folderName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }.filter(\.isASCII))
        if name.isEmpty || name.first!.isNumber { name = "_" + name }
        let taken: Set<String> = [
            "SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "os", "OSLog", "UIKit", "WidgetKitUI", "WidgetTermCLI", "Foundation",
        ]
        return taken.contains(name) ? name + "Extension" : name
    }
}
