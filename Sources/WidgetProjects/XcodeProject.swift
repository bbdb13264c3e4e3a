import Foundation

// MARK: - An Xcode project

/// An Xcode project read from its `project.pbxproj`: its native targets with their product types, and for each
/// target the files it compiles and bundles.
///
/// File membership is read in both of the forms Xcode writes: classic groups (a target's sources and resources
/// build phases list `PBXBuildFile`s that point into the `PBXGroup` tree) and Xcode 16's synchronized folders
/// (`PBXFileSystemSynchronizedRootGroup`s a target names in `fileSystemSynchronizedGroups`: every file in the
/// folder is a member unless a `PBXFileSystemSynchronizedBuildFileExceptionSet` for that target lists it; a
/// target that does not name the folder takes exactly the files its exception set lists).
public struct XcodeProject {
    /// A native target (`PBXNativeTarget`).
    public struct Target: Equatable, Sendable {
        /// The target's name, as `--target` takes it.
        public let name: String
        /// Its product type, such as `com.apple.product-type.app-extension`.
        public let productType: String
        /// The extension point its Info.plist or build settings declare (`com.apple.widgetkit-extension` for a
        /// widget extension), if any was found.
        public let extensionPointIdentifier: String?
        /// True for a widget extension: an app extension whose extension point is WidgetKit's or, when none is
        /// found, whose Swift sources declare a `Widget` or `WidgetBundle`.
        public let isWidgetExtension: Bool
        let id: String
    }

    /// WidgetKit's extension point, from `NSExtension` › `NSExtensionPointIdentifier` in a widget extension's
    /// Info.plist (Apple: "Creating a widget extension").
    public static let widgetKitExtensionPoint = "com.apple.widgetkit-extension"
    /// The product types of extensions.
    static let extensionProductTypes: Set<String> = [
        "com.apple.product-type.app-extension",
        "com.apple.product-type.extensionkit-extension",
    ]
    /// Product types whose sources an extension may link.
    static let libraryProductTypes: Set<String> = [
        "com.apple.product-type.framework",
        "com.apple.product-type.library.static",
        "com.apple.product-type.library.dynamic",
    ]

    /// The `project.pbxproj` read.
    public let projectFile: URL
    /// The folder that holds the `.xcodeproj` joined with the project's `projectDirPath`: `SRCROOT`.
    public let sourceRoot: URL
    /// The native targets, in the order the project lists them.
    public let targets: [Target]

    let graph: PBXObjectGraph
    /// Each group-tree object's absolute path (nil for a path under the SDK or the build folder).
    let paths: [String: URL?]
    /// Synchronized folders' listings, `.xcconfig` files and targets' settings, read once per project (every
    /// target's membership reads them).
    let folders = ProjectCache()

    /// Reads the project at `url`: an `.xcodeproj` folder or its `project.pbxproj`.
    ///
    /// - Throws: `WidgetProjectError` naming the file when it is missing or not a project.
    public init(contentsOf url: URL) throws {
        let file = url.pathExtension == "xcodeproj" ? url.appendingPathComponent("project.pbxproj") : url
        guard FilePaths.exists(file) else {
            throw WidgetProjectError(file: file, "no such file; an .xcodeproj folder holds project.pbxproj, so check the path")
        }
        let graph = try PBXObjectGraph(contentsOf: file)
        let projectFolder = file.deletingLastPathComponent().deletingLastPathComponent()
        let root = graph[graph.rootObjectID]
        let sourceRoot = FilePaths.resolve(root?.string("projectDirPath") ?? "", against: projectFolder)
        self.projectFile = file.standardizedFileURL
        self.sourceRoot = sourceRoot
        self.graph = graph
        self.paths = Self.groupTreePaths(graph, mainGroup: root?.string("mainGroup"), sourceRoot: sourceRoot)
        var targets: [Target] = []
        for id in root?.strings("targets") ?? [] {
            guard let object = graph[id], object.isa == "PBXNativeTarget" else { continue }
            targets.append(
                Target(
                    name: object.string("name") ?? id, productType: object.string("productType") ?? "",
                    extensionPointIdentifier: nil, isWidgetExtension: false, id: id))
        }
        // Recognise widget extensions once the paths are known (an Info.plist, or the sources, is read).
        var recognised: [Target] = []
        for target in targets {
            let settings = folders.settings(target: target.id, name: target.name, graph: graph, paths: paths, sourceRoot: sourceRoot)
            let point = Self.extensionPoint(of: settings)
            var isWidget = false
            if Self.extensionProductTypes.contains(target.productType) {
                if let point {
                    isWidget = point == Self.widgetKitExtensionPoint
                } else {
                    let sources = Self.members(of: target.id, graph: graph, paths: paths, sourceRoot: sourceRoot, folders: folders).swift
                    isWidget = sources.contains { WidgetDeclarationScan.declarations(inFile: $0).contains { $0.role != .entryPoint } }
                }
            }
            recognised.append(
                Target(
                    name: target.name, productType: target.productType, extensionPointIdentifier: point,
                    isWidgetExtension: isWidget, id: target.id))
        }
        self.targets = recognised
    }

    /// The widget extension targets.
    public var widgetExtensions: [Target] { targets.filter(\.isWidgetExtension) }

    /// The source set of `target`: its files, those it shares with other targets, its packages and linked targets.
    public func sourceSet(of target: Target) -> WidgetSourceSet {
        let settings = buildSettings(of: target)
        let entitlements = settings.path("CODE_SIGN_ENTITLEMENTS").flatMap { FilePaths.exists($0) ? $0 : nil }
        let own = Self.members(of: target.id, graph: graph, paths: paths, sourceRoot: sourceRoot, folders: folders)
        var elsewhere = Set<String>()
        for other in targets where other.id != target.id {
            for url in Self.members(of: other.id, graph: graph, paths: paths, sourceRoot: sourceRoot, folders: folders).swift {
                elsewhere.insert(url.path)
            }
        }
        var linked: [WidgetSourceSet.LinkedTarget] = []
        for dependency in dependencies(of: target.id) where Self.libraryProductTypes.contains(dependency.productType) {
            let members = Self.members(of: dependency.id, graph: graph, paths: paths, sourceRoot: sourceRoot, folders: folders)
            linked.append(.init(name: dependency.name, productType: dependency.productType, swiftSources: FilePaths.sorted(members.swift)))
        }
        let (local, remote) = packages(of: target.id)
        let all = own.swift + own.other + own.resources
        let swift = FilePaths.sorted(own.swift)
        return WidgetSourceSet(
            name: target.name, origin: .xcodeProject, projectFile: projectFile, root: sourceRoot,
            swiftSources: swift,
            sharedSwiftSources: swift.filter { elsewhere.contains($0.path) },
            otherSources: FilePaths.sorted(own.other),
            resources: FilePaths.sorted(own.resources),
            localPackages: local, remotePackages: remote, linkedTargets: linked,
            missingFiles: FilePaths.sorted(all.filter { !FilePaths.exists($0) }),
            declarations: swift.flatMap { WidgetDeclarationScan.declarations(inFile: $0) },
            infoPlist: settings.path("INFOPLIST_FILE").flatMap { FilePaths.exists($0) ? $0 : nil },
            entitlements: entitlements,
            appGroupIdentifiers: WidgetSourceSet.appGroups(in: entitlements).map(settings.expanded))
    }

    /// The build settings of `target`, its configurations and their `.xcconfig` files included.
    public func buildSettings(of target: Target) -> BuildSettings {
        folders.settings(target: target.id, name: target.name, graph: graph, paths: paths, sourceRoot: sourceRoot)
    }

    // MARK: Group tree

    /// The absolute path of every object in the group tree under `mainGroup`, resolving each `sourceTree`:
    /// `<group>` (relative to the parent group), `SOURCE_ROOT`, `<absolute>`; others (`SDKROOT`,
    /// `BUILT_PRODUCTS_DIR`, `DEVELOPER_DIR`) are outside the project and map to nil.
    static func groupTreePaths(_ graph: PBXObjectGraph, mainGroup: String?, sourceRoot: URL) -> [String: URL?] {
        var paths: [String: URL?] = [:]
        func visit(_ id: String, parent: URL?) {
            guard paths[id] == nil, let object = graph[id] else { return }
            let path = object.string("path")
            let resolved: URL?
            switch object.string("sourceTree") ?? "<group>" {
            case "<group>": resolved = parent.map { FilePaths.resolve(path ?? "", against: $0) }
            case "SOURCE_ROOT": resolved = FilePaths.resolve(path ?? "", against: sourceRoot)
            case "<absolute>": resolved = path.map { URL(fileURLWithPath: $0).standardizedFileURL }
            default: resolved = nil
            }
            paths[id] = .some(resolved)
            for child in object.strings("children") { visit(child, parent: resolved) }
        }
        if let mainGroup { visit(mainGroup, parent: sourceRoot) }
        return paths
    }

    /// The path of a group-tree object; an object outside the tree is taken as relative to `SRCROOT`.
    static func path(of id: String, graph: PBXObjectGraph, paths: [String: URL?], sourceRoot: URL) -> URL? {
        if let known = paths[id] { return known }
        guard let object = graph[id] else { return nil }
        switch object.string("sourceTree") ?? "<group>" {
        case "<group>", "SOURCE_ROOT": return object.string("path").map { FilePaths.resolve($0, against: sourceRoot) }
        case "<absolute>": return object.string("path").map { URL(fileURLWithPath: $0).standardizedFileURL }
        default: return nil
        }
    }

    // MARK: Membership

    struct Members {
        var swift: [URL] = []
        var other: [URL] = []
        var resources: [URL] = []
    }

    /// The files `targetID` compiles and bundles, from its build phases and its synchronized folders.
    static func members(of targetID: String, graph: PBXObjectGraph, paths: [String: URL?], sourceRoot: URL, folders: ProjectCache)
        -> Members
    {
        var members = Members()
        guard let target = graph[targetID] else { return members }
        let infoPlist = folders.settings(
            target: targetID, name: target.string("name") ?? "", graph: graph, paths: paths, sourceRoot: sourceRoot
        )
        .path("INFOPLIST_FILE")

        func add(_ url: URL, asResource: Bool) {
            let fileExtension = url.pathExtension.lowercased()
            if url.path == infoPlist?.path || FilePaths.unbundledExtensions.contains(fileExtension) { return }
            if fileExtension == "swift" && !asResource {
                members.swift.append(url)
            } else if FilePaths.otherSourceExtensions.contains(fileExtension) && !asResource {
                members.other.append(url)
            } else {
                members.resources.append(url)
            }
        }
        /// The files one build file stands for: a file reference, or each localization of a variant group (as
        /// its `.lproj` folder).
        func files(ofReference id: String) -> [URL] {
            guard let reference = graph[id] else { return [] }
            if reference.isa == "PBXVariantGroup" {
                return reference.strings("children").compactMap { child -> URL? in
                    guard let url = path(of: child, graph: graph, paths: paths, sourceRoot: sourceRoot) else { return nil }
                    let folder = url.deletingLastPathComponent()
                    return folder.pathExtension == "lproj" ? folder : url
                }
            }
            return path(of: id, graph: graph, paths: paths, sourceRoot: sourceRoot).map { [$0] } ?? []
        }

        // Classic membership: the sources and resources phases.
        for phaseID in target.strings("buildPhases") {
            guard let phase = graph[phaseID] else { continue }
            let isSources = phase.isa == "PBXSourcesBuildPhase"
            guard isSources || phase.isa == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase.strings("files") {
                guard let reference = graph[buildFileID]?.string("fileRef") else { continue }
                for url in files(ofReference: reference) { add(url, asResource: !isSources) }
            }
        }

        // Synchronized folders: those the target names, less its exceptions; and the files other targets'
        // folders lend it through an exception set naming this target.
        let ownFolders = Set(target.strings("fileSystemSynchronizedGroups"))
        for folder in graph.all("PBXFileSystemSynchronizedRootGroup") {
            guard let folderURL = path(of: folder.id, graph: graph, paths: paths, sourceRoot: sourceRoot) else { continue }
            let exceptions = folder.strings("exceptions").compactMap { graph[$0] }.filter {
                $0.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet" && $0.string("target") == targetID
            }.flatMap { $0.strings("membershipExceptions") }
            let explicitFolders = Set(folder.strings("explicitFolders"))
            if ownFolders.contains(folder.id) {
                for relative in folders.listing(of: folderURL, explicitFolders: explicitFolders) where !covers(exceptions, relative) {
                    add(folderURL.appendingPathComponent(relative), asResource: false)
                }
            } else if !exceptions.isEmpty {
                for relative in folders.listing(of: folderURL, explicitFolders: explicitFolders) where covers(exceptions, relative) {
                    add(folderURL.appendingPathComponent(relative), asResource: false)
                }
                // An exception naming a file that is not on disk still says the target wants it.
                for relative in exceptions where !FilePaths.exists(folderURL.appendingPathComponent(relative)) {
                    add(folderURL.appendingPathComponent(relative), asResource: false)
                }
            }
        }
        return members
    }

    /// A synchronized folder's files, with its `explicitFolders` (folders Xcode copies whole) as one entry each.
    static func walk(_ folder: URL, explicitFolders: Set<String>) -> [String] {
        let files = FilePaths.walk(folder)
        guard !explicitFolders.isEmpty else { return files }
        var results: [String] = []
        for file in files {
            if let explicit = explicitFolders.first(where: { file.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
                let entry = explicit.hasSuffix("/") ? String(explicit.dropLast()) : explicit
                if results.last != entry { results.append(entry) }
            } else {
                results.append(file)
            }
        }
        return results
    }

    /// True when one of `exceptions` (paths relative to the folder, a folder covering what it holds) names `relative`.
    private static func covers(_ exceptions: [String], _ relative: String) -> Bool {
        exceptions.contains { exception in
            let trimmed = exception.hasSuffix("/") ? String(exception.dropLast()) : exception
            return relative == trimmed || relative.hasPrefix(trimmed + "/")
        }
    }

    // MARK: Build settings and Info.plist

    /// The extension point a target declares: in a build setting (`INFOPLIST_KEY_...` or any setting whose value
    /// is an extension point), else in its Info.plist's `NSExtension` › `NSExtensionPointIdentifier`.
    static func extensionPoint(of settings: BuildSettings) -> String? {
        for layer in settings.layers {
            for (key, value) in layer.sorted(by: { $0.key < $1.key }) where key.hasPrefix("INFOPLIST_KEY_NSExtension") {
                if value.hasPrefix("com.apple.") { return value }
            }
        }
        guard let file = settings.path("INFOPLIST_FILE"),
            let data = FilePaths.contents(of: file),
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any],
            let nsExtension = plist["NSExtension"] as? [String: Any]
        else { return nil }
        return nsExtension["NSExtensionPointIdentifier"] as? String
    }

    // MARK: Dependencies and packages

    /// The native targets `targetID` depends on (`PBXTargetDependency`), transitively, in order.
    func dependencies(of targetID: String) -> [Target] {
        var seen: Set<String> = [targetID]
        var result: [Target] = []
        var queue = [targetID]
        while !queue.isEmpty {
            let id = queue.removeFirst()
            for dependencyID in graph[id]?.strings("dependencies") ?? [] {
                guard let dependency = graph[dependencyID]?.string("target"), seen.insert(dependency).inserted,
                    let target = targets.first(where: { $0.id == dependency })
                else { continue }
                result.append(target)
                queue.append(dependency)
            }
        }
        return result
    }

    /// The Swift packages `targetID` (and the library targets it depends on) takes products from.
    func packages(of targetID: String) -> ([WidgetSourceSet.LocalPackage], [WidgetSourceSet.RemotePackage]) {
        var local: [String: (URL, Set<String>)] = [:]
        var remote: [String: Set<String>] = [:]
        let ids = [targetID] + dependencies(of: targetID).filter { Self.libraryProductTypes.contains($0.productType) }.map(\.id)
        for id in ids {
            for productID in graph[id]?.strings("packageProductDependencies") ?? [] {
                guard let product = graph[productID] else { continue }
                let name = product.string("productName") ?? ""
                let package = graph[product.string("package")]
                switch package?.isa {
                case "XCLocalSwiftPackageReference":
                    let url = FilePaths.resolve(package?.string("relativePath") ?? "", against: projectFolder)
                    local[url.path, default: (url, [])].1.insert(name)
                case "XCRemoteSwiftPackageReference":
                    remote[package?.string("repositoryURL") ?? "", default: []].insert(name)
                default:
                    // Before Xcode 15 a local package was a folder in the group tree: find the one whose
                    // Package.swift declares the product.
                    if let url = legacyLocalPackage(declaring: name) {
                        local[url.path, default: (url, [])].1.insert(name)
                    }
                }
            }
        }
        return (
            local.values.sorted { $0.0.path < $1.0.path }.map { .init(path: $0.0, products: $0.1.sorted()) },
            remote.sorted { $0.key < $1.key }.map { .init(repositoryURL: $0.key, products: $0.value.sorted()) }
        )
    }

    /// The folder holding the `.xcodeproj`, which `XCLocalSwiftPackageReference.relativePath` is relative to.
    var projectFolder: URL { projectFile.deletingLastPathComponent().deletingLastPathComponent() }

    /// The local package declaring `product` among the folders Xcode finds packages in: the group tree's folder
    /// references (before Xcode 15 a package was dragged in as one), and the folders of synchronized folders up to
    /// two levels down (a package inside a synchronized folder is picked up by Xcode 16).
    private func legacyLocalPackage(declaring product: String) -> URL? {
        var candidates = paths.values.compactMap { $0 }
        for folder in graph.all("PBXFileSystemSynchronizedRootGroup") {
            guard let root = Self.path(of: folder.id, graph: graph, paths: paths, sourceRoot: sourceRoot) else { continue }
            for child in FilePaths.subfolders(of: root) {
                candidates.append(child)
                candidates.append(contentsOf: FilePaths.subfolders(of: child))
            }
        }
        let folders = Set(candidates.map(\.path)).sorted().map { URL(fileURLWithPath: $0) }
            .filter { FilePaths.exists($0.appendingPathComponent("Package.swift")) }
        return folders.first { PackageManifestScan.libraryProducts(manifest: $0.appendingPathComponent("Package.swift")).contains(product) }
    }
}

/// What every target of a project reads, read once: synchronized folders' listings, `.xcconfig` files (with their
/// includes) and each target's `BuildSettings`.
final class ProjectCache: @unchecked Sendable {
    private let lock = NSLock()
    private var listings: [String: [String]] = [:]
    private var configurationFiles: [String: [String: String]] = [:]
    private var settings: [String: BuildSettings] = [:]

    func listing(of folder: URL, explicitFolders: Set<String>) -> [String] {
        let key = folder.path + "\u{0}" + explicitFolders.sorted().joined(separator: "\u{0}")
        if let known = lock.withLock({ listings[key] }) { return known }
        let listing = XcodeProject.walk(folder, explicitFolders: explicitFolders)
        lock.withLock { listings[key] = listing }
        return listing
    }

    func configurationFile(_ file: URL) -> [String: String] {
        if let known = lock.withLock({ configurationFiles[file.path] }) { return known }
        var visited = Set<String>()
        let values = BuildSettings.readConfigurationFile(file, visited: &visited)
        lock.withLock { configurationFiles[file.path] = values }
        return values
    }

    func settings(target: String, name: String, graph: PBXObjectGraph, paths: [String: URL?], sourceRoot: URL) -> BuildSettings {
        if let known = lock.withLock({ settings[target] }) { return known }
        let value = BuildSettings(target: target, name: name, graph: graph, paths: paths, sourceRoot: sourceRoot, cache: self)
        lock.withLock { settings[target] = value }
        return value
    }
}
