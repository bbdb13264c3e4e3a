import Foundation
import WidgetProjects

// MARK: - What a host package compiles

/// The Swift files a host package compiles for one widget extension, read once, grouped into modules as Xcode
/// builds them: the extension's own module (its sources, the files it shares with the app, the framework
/// targets it links and every `--include DIR`), and one module per target of each local Swift package it uses.
struct HostSources {
    /// One Swift file: where it is in the developer's folders, and where its rewrite goes in the host module.
    struct File {
        /// The developer's file (absolute, standardized).
        let source: URL
        /// Its path inside the host module's folder, such as `Views/WaterView.swift`.
        let relativePath: String
        let contents: Data
    }

    /// A module of the host package.
    struct Module {
        /// The Swift module name (a valid identifier).
        let name: String
        let files: [File]
        /// The other host modules it imports.
        let dependencies: [String]
    }

    /// The most Swift files one build takes: far more than any extension has.
    static let fileLimit = 2_000

    /// The extension's module, whose `@main` is the developer's bundle.
    let main: Module
    /// The local packages' modules, each before the modules that import it.
    let libraries: [Module]
    /// What the sources were found from (`WidgetSourceSet.find`).
    let sourceSet: WidgetSourceSet
    /// The `--include` folders, absolute.
    let includes: [URL]
    /// The extension's SiriKit intent definitions (`.intentdefinition` files of its sources, and those inside
    /// its `.lproj` folders, one per file name, `Base.lproj` first) with their contents: Xcode generates Swift
    /// classes from them (`IntentDefinitionCode`).
    let intentDefinitions: [(source: URL, contents: Data)]

    var modules: [Module] { libraries + [main] }

    /// Every file and folder whose change changes the build: for a watcher and the inputs hash.
    var watchedFiles: [URL] { modules.flatMap { $0.files.map(\.source) } + sourceSet.inputFiles }
    var watchedFolders: [URL] {
        var seen = Set<String>()
        return (watchedFiles.map { $0.deletingLastPathComponent() } + includes).filter { seen.insert($0.path).inserted }
    }

    /// Reads the Swift files of `set` and of each folder in `includes`.
    ///
    /// - Throws: `HostPackageError` when a file cannot be read, an include folder does not exist, there are more
    ///   than `fileLimit` files, or the extension has no `@main` type.
    init(_ set: WidgetSourceSet, includes: [URL]) throws {
        sourceSet = set
        self.includes = includes
        var definitionNames = Set<String>()
        var definitions: [(source: URL, contents: Data)] = []
        let localized = set.resources.filter { $0.pathExtension == "lproj" }.sorted { first, _ in first.lastPathComponent == "Base.lproj" }
        let candidates =
            set.otherSources.filter { $0.pathExtension == "intentdefinition" }
            + localized.flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().filter {
                    $0.hasSuffix(".intentdefinition")
                }
                .map { folder.appendingPathComponent($0) }
            }
        for url in candidates where definitionNames.insert(url.lastPathComponent).inserted {
            guard let contents = FileManager.default.contents(atPath: url.path) else { throw HostPackageError("cannot read \(url.path)") }
            definitions.append((url.standardizedFileURL, contents))
        }
        intentDefinitions = definitions
        var count = 0
        func read(_ url: URL, as relativePath: String) throws -> File {
            count += 1
            guard count <= Self.fileLimit else {
                throw HostPackageError(
                    "\(set.root.path): more than \(Self.fileLimit) Swift files to build; give the folder or project of one widget extension"
                )
            }
            guard let contents = FileManager.default.contents(atPath: url.path) else { throw HostPackageError("cannot read \(url.path)") }
            return File(source: url.standardizedFileURL, relativePath: relativePath, contents: contents)
        }

        // The extension's own module: files below the project's root keep their path under it; others (a shared
        // folder outside it, an include) go under a folder of their own, so two files of one name never collide.
        var mainFiles: [File] = []
        var taken = Set<String>()
        func add(_ url: URL, preferred: String) throws {
            var relative = preferred
            var suffix = 2
            while taken.contains(relative) {
                relative = "_\(suffix)/" + preferred
                suffix += 1
            }
            taken.insert(relative)
            mainFiles.append(try read(url, as: relative))
        }
        let ownSources = set.swiftSources + set.linkedTargets.flatMap(\.swiftSources)
        for url in Self.unique(ownSources) {
            let relative = set.displayPath(url)
            try add(url, preferred: relative.hasPrefix("/") ? "_outside/" + url.lastPathComponent : relative)
        }
        let known = Set(ownSources.map(\.standardizedFileURL.path))
        for include in includes {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: include.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw HostPackageError("--include \(include.path): no such folder; give a folder of Swift files the extension uses")
            }
            for relative in Self.swiftFiles(in: include)
            where !known.contains(include.appendingPathComponent(relative).standardizedFileURL.path) {
                try add(include.appendingPathComponent(relative), preferred: "_include/\(include.lastPathComponent)/\(relative)")
            }
        }

        // Local packages (and, for a widget target of a Swift package, the package's other targets): one module per
        // folder under `Sources/`.
        var packageFolders = set.localPackages.map(\.path)
        if set.origin == .swiftPackage, let manifest = set.projectFile {
            packageFolders.insert(manifest.deletingLastPathComponent(), at: 0)
        }
        var libraryFolders: [(name: String, folder: URL)] = []
        var names = Set<String>()
        for package in Self.unique(packageFolders) {
            let sources = package.appendingPathComponent("Sources")
            let folders = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted().filter {
                !$0.hasPrefix(".")
            }
            for name in folders {
                let folder = sources.appendingPathComponent(name)
                if set.origin == .swiftPackage && name == set.name && package == packageFolders.first { continue }
                let moduleName = HostSources.moduleName(for: name)
                guard names.insert(moduleName).inserted, !Self.swiftFiles(in: folder).isEmpty else { continue }
                libraryFolders.append((moduleName, folder))
            }
        }
        var libraryFiles: [String: [File]] = [:]
        for (name, folder) in libraryFolders {
            libraryFiles[name] = try Self.swiftFiles(in: folder).map { try read(folder.appendingPathComponent($0), as: $0) }
        }
        // A module depends on the others it imports; ordered so each comes after what it imports.
        let libraryNames = libraryFolders.map(\.name)
        func imports(_ files: [File], except own: String) -> [String] {
            let text = files.map { String(decoding: $0.contents, as: UTF8.self) }.joined(separator: "\n")
            return libraryNames.filter { $0 != own && Self.imports(text, module: $0) }
        }
        var ordered: [Module] = []
        var pending = libraryFolders.map { folder in
            let files = libraryFiles[folder.name] ?? []
            return Module(name: folder.name, files: files, dependencies: imports(files, except: folder.name))
        }
        while !pending.isEmpty {
            let placed = Set(ordered.map(\.name))
            // An import cycle cannot build in SwiftPM either: its first module keeps only what is already placed.
            let next =
                pending.first { $0.dependencies.allSatisfy(placed.contains) }
                ?? Module(name: pending[0].name, files: pending[0].files, dependencies: pending[0].dependencies.filter(placed.contains))
            ordered.append(next)
            pending.removeAll { $0.name == next.name }
        }
        libraries = ordered

        guard !mainFiles.isEmpty else {
            throw HostPackageError(
                "\(set.root.path): the widget extension \(set.name) has no Swift files on disk; give the folder of a widget extension's sources"
            )
        }
        guard set.entryPoint != nil else {
            let widgets = set.declarations.map(\.typeName)
            throw HostPackageError(
                "\(set.root.path): no @main type in the \(mainFiles.count) Swift file\(mainFiles.count == 1 ? "" : "s") of \(set.name)"
                    + (widgets.isEmpty ? "" : " (it declares \(widgets.joined(separator: ", ")))")
                    + "; a widget extension's @main WidgetBundle (or Widget) is what WidgetTerm runs"
                    + Self.ownCommandLineHint(set))
        }
        var mainName = Self.moduleName(for: set.name)
        while names.contains(mainName) { mainName += "Extension" }
        main = Module(name: mainName, files: mainFiles, dependencies: ordered.map(\.name))
        for module in [main] + ordered {
            try Self.checkFileNames(of: module, displayName: module.name == mainName ? set.name : module.name)
        }
    }

    /// Fails when two files of `module` share a file name (`Foo/View.swift` and `Bar/View.swift`): Swift names a
    /// file's private declarations after its file name, so one module cannot compile both (Xcode's build stops
    /// with "filename "View.swift" used twice"). Saying so before the build names the developer's own paths.
    ///
    /// - Throws: `HostPackageError` naming every path of the first repeated name and how to fix it.
    static func checkFileNames(of module: Module, displayName: String) throws {
        var byName: [String: [URL]] = [:]
        var order: [String] = []
        for file in module.files {
            let name = file.source.lastPathComponent
            if byName[name] == nil { order.append(name) }
            byName[name, default: []].append(file.source)
        }
        let repeated = order.filter { byName[$0]!.count > 1 }
        guard let name = repeated.first, let paths = byName[name] else { return }
        let listed = paths.map(\.path)
        let both = listed.count == 2 ? "\(listed[0]) and \(listed[1])" : listed.joined(separator: ", ")
        let folder = paths[1].deletingLastPathComponent().lastPathComponent
        let renamed = paths[1].deletingLastPathComponent().appendingPathComponent(folder + name).path
        let others =
            repeated.count > 1
            ? " (\(repeated.count - 1) more file name\(repeated.count == 2 ? "" : "s") repeat: "
                + repeated.dropFirst().joined(separator: ", ") + ")" : ""
        throw HostPackageError(
            "\(displayName) has \(listed.count) Swift files named \(name): \(both)\(others); Swift compiles each file name "
                + "once in a module (Xcode stops too: filename \"\(name)\" used twice), so rename all but one, such as "
                + "\(listed[1]) to \(renamed)")
    }

    /// For a Swift package whose executable runs WidgetTerm's command line on its own bundle
    /// (`WidgetTermCommand.main(bundle:)`, as `examples/MyWidgets`), how to run it instead:
    /// `; this package runs WidgetTerm itself (WidgetTermCommand.main(bundle:) in Sources/T/main.swift): cd ROOT &&
    /// swift run T preview`. Empty for anything else.
    static func ownCommandLineHint(_ set: WidgetSourceSet) -> String {
        guard set.origin == .swiftPackage, let manifest = set.projectFile else { return "" }
        let root = manifest.deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        for relative in swiftFiles(in: sources) {
            guard let text = try? String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8),
                text.contains("WidgetTermCommand.main(bundle:")
            else { continue }
            guard let target = relative.split(separator: "/").first, relative.contains("/") else { continue }
            return "; this package runs WidgetTerm itself (WidgetTermCommand.main(bundle:) in Sources/\(relative)): "
                + "cd \(root.path) && swift run \(target) preview"
        }
        return ""
    }

    /// Whether `text` has an `import` of `module` (`import M`, `@testable import M`, `import struct M.T`).
    static func imports(_ text: String, module: String) -> Bool {
        let escaped = NSRegularExpression.escapedPattern(for: module)
        let pattern = #"(?m)^\s*(@\w+\s+)*import\s+((typealias|struct|class|enum|protocol|let|var|func)\s+)?"# + escaped + #"(\.|\s|$)"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    /// The `.swift` files below `folder`, relative to it, sorted; hidden and build folders and nested packages
    /// left out.
    static func swiftFiles(in folder: URL) -> [String] {
        var results: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            let isDirectory = (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory
            if isDirectory {
                if name.hasPrefix(".") || ["build", "DerivedData", "Pods", "Carthage"].contains(name)
                    || FileManager.default.fileExists(atPath: folder.path + "/" + relative + "/Package.swift")
                {
                    walker.skipDescendants()
                }
                continue
            }
            if relative.hasSuffix(".swift"), name != "Package.swift", !name.hasPrefix(".") { results.append(relative) }
        }
        return results.sorted()
    }

    /// Letters, digits and underscores, not starting with a digit, and not one of the modules it imports.
    static func moduleName(for folderName: String) -> String {
        var name = String(folderName.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" }.filter(\.isASCII))
        if name.isEmpty || name.first!.isNumber { name = "_" + name }
        let taken: Set<String> = [
            "SwiftUI", "WidgetKit", "AppIntents", "ActivityKit", "os", "OSLog", "UIKit", "Charts", "Combine", "Intents", "WidgetKitUI",
            "WidgetTermCLI", "Foundation",
        ]
        return taken.contains(name) ? name + "Extension" : name
    }

    /// `urls` standardized, each path once, in their order.
    static func unique(_ urls: [URL]) -> [URL] {
        var seen = Set<String>()
        return urls.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }
}
