import Foundation

// MARK: - What a widget extension is built from

/// The sources of one widget extension: what a host package compiles to preview it.
///
/// Found by `WidgetSourceSet.find(at:target:)` in an Xcode project (a widget extension target), a Swift package
/// (a target whose sources declare a widget) or a plain folder of Swift files. Every URL is an absolute file URL,
/// standardized (no `..`), and each list is sorted by path. Nothing here is read beyond the project file, the
/// folders it names and the Swift files' declarations: nothing is compiled and nothing is written.
public struct WidgetSourceSet: Equatable, Sendable {
    /// Where the set was found.
    public enum Origin: String, Equatable, Sendable {
        /// A widget extension target of an Xcode project (`projectFile` is its `project.pbxproj`).
        case xcodeProject
        /// A target of a Swift package (`projectFile` is its `Package.swift`).
        case swiftPackage
        /// A folder of Swift files with no project (`projectFile` is nil).
        case folder
    }

    /// The target's name (Xcode or package target), or the folder's name.
    public var name: String
    /// Whether the set came from an Xcode project, a Swift package or a plain folder.
    public var origin: Origin
    /// The `project.pbxproj` or `Package.swift` the set was read from; nil for a folder.
    public var projectFile: URL?
    /// The folder relative paths are shown from: the folder holding the `.xcodeproj` (its `SRCROOT`), the
    /// package's folder, or the folder itself.
    public var root: URL
    /// Every Swift file the extension compiles, its shared files included.
    public var swiftSources: [URL]
    /// The Swift files in `swiftSources` that other targets of the project also compile (a model file shared
    /// with the app): the files an extension usually needs from the app's folders.
    public var sharedSwiftSources: [URL]
    /// Other files of the extension's sources phase: Objective-C, C, Metal, `.intentdefinition`, Core Data and
    /// Core ML models.
    public var otherSources: [URL]
    /// Resources the extension bundles: asset catalogs (`.xcassets`), string catalogs (`.xcstrings`),
    /// localization folders (`.lproj`) and any other resource file, each as one entry.
    public var resources: [URL]
    /// Local Swift packages the extension uses.
    public var localPackages: [LocalPackage]
    /// Remote Swift packages the extension uses (not fetched: no package registry is reachable).
    public var remotePackages: [RemotePackage]
    /// Framework and library targets of the same project the extension depends on, with their Swift files.
    public var linkedTargets: [LinkedTarget]
    /// Files the project lists that are not on disk.
    public var missingFiles: [URL]
    /// The `Widget` and `WidgetBundle` conformances and the `@main` types in `swiftSources`, in file order.
    public var declarations: [WidgetDeclaration]

    /// The extension's Info.plist (`INFOPLIST_FILE`, or `Info.plist` in a folder), when there is one on disk.
    public var infoPlist: URL?
    /// The extension's entitlements (`CODE_SIGN_ENTITLEMENTS`, or the `.entitlements` file in a folder), when
    /// there is one on disk.
    public var entitlements: URL?
    /// The App Groups the entitlements declare (`com.apple.security.application-groups`), in their order, with the
    /// build settings they name expanded (`group.$(BUNDLE_ID_PREFIX).app`) where the project defines them: the
    /// identifiers widget code passes to `UserDefaults(suiteName:)` and `containerURL(forSecurityApplicationGroupIdentifier:)`.
    public var appGroupIdentifiers: [String]

    /// The App Groups an entitlements file declares, as written.
    static func appGroups(in entitlements: URL?) -> [String] {
        guard let entitlements, let data = FilePaths.contents(of: entitlements),
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any]
        else { return [] }
        return plist["com.apple.security.application-groups"] as? [String] ?? []
    }

    /// True when `declarations` has a `Widget` or `WidgetBundle` (not only an entry point).
    public var declaresWidgets: Bool { declarations.contains { $0.role != .entryPoint } }

    /// The `@main` type: a widget, a widget bundle, or (role `.entryPoint`) a type of the extension's own that
    /// calls a bundle's `main()`; nil when the scan found none.
    public var entryPoint: WidgetDeclaration? { declarations.first { $0.isMain } }

    /// Every file on disk whose change changes what the extension builds or shows: the project file, Info.plist,
    /// entitlements, sources, the files inside resource folders, and each local package's files (its `.build`
    /// and hidden folders left out). Sorted; for a build's input hash and for a watcher.
    public var inputFiles: [URL] {
        var files: [URL] = [projectFile, infoPlist, entitlements].compactMap { $0 }
        files += swiftSources + otherSources
        for resource in resources + localPackages.map(\.path) where !missingFiles.contains(resource) {
            if FilePaths.isDirectory(resource) {
                files += FilePaths.allFiles(in: resource, skipping: ["build", ".build"]).map { resource.appendingPathComponent($0) }
            } else {
                files.append(resource)
            }
        }
        for target in linkedTargets { files += target.swiftSources }
        return FilePaths.sorted(files.filter { FilePaths.exists($0) })
    }

    /// A Swift package on disk that the extension uses, and the products it takes from it.
    public struct LocalPackage: Equatable, Sendable {
        /// The package's folder (it holds `Package.swift`).
        public var path: URL
        /// The products the extension links, sorted; empty when the project names none.
        public var products: [String]
        /// Creates a local package at the folder `path` with the products the extension links.
        public init(path: URL, products: [String]) {
            self.path = path
            self.products = products
        }
    }

    /// A Swift package fetched from a repository.
    public struct RemotePackage: Equatable, Sendable {
        /// The repository URL as the project writes it.
        public var repositoryURL: String
        /// The products the extension links, sorted.
        public var products: [String]
        /// Creates a remote package from its repository URL, as the project writes it, and the products the extension links.
        public init(repositoryURL: String, products: [String]) {
            self.repositoryURL = repositoryURL
            self.products = products
        }
    }

    /// A framework or library target the extension depends on.
    public struct LinkedTarget: Equatable, Sendable {
        /// The target's name in the project.
        public var name: String
        /// Its product type, such as `com.apple.product-type.framework`.
        public var productType: String
        /// The target's Swift files, as absolute file URLs.
        public var swiftSources: [URL]
        /// Creates a linked target from its name, its product type and its Swift files.
        public init(name: String, productType: String, swiftSources: [URL]) {
            self.name = name
            self.productType = productType
            self.swiftSources = swiftSources
        }
    }

    /// Creates a source set; everything but the name, origin, project file, root and Swift sources defaults to
    /// empty or nil. The lists are kept as given (callers sort them).
    public init(
        name: String, origin: Origin, projectFile: URL?, root: URL, swiftSources: [URL],
        sharedSwiftSources: [URL] = [], otherSources: [URL] = [], resources: [URL] = [],
        localPackages: [LocalPackage] = [], remotePackages: [RemotePackage] = [],
        linkedTargets: [LinkedTarget] = [], missingFiles: [URL] = [], declarations: [WidgetDeclaration] = [],
        infoPlist: URL? = nil, entitlements: URL? = nil, appGroupIdentifiers: [String]? = nil
    ) {
        self.name = name
        self.origin = origin
        self.projectFile = projectFile
        self.root = root
        self.swiftSources = swiftSources
        self.sharedSwiftSources = sharedSwiftSources
        self.otherSources = otherSources
        self.resources = resources
        self.localPackages = localPackages
        self.remotePackages = remotePackages
        self.linkedTargets = linkedTargets
        self.missingFiles = missingFiles
        self.declarations = declarations
        self.infoPlist = infoPlist
        self.entitlements = entitlements
        self.appGroupIdentifiers = appGroupIdentifiers ?? Self.appGroups(in: entitlements)
    }

    /// `url`'s path relative to `root` when it lies inside it, else its absolute path.
    public func displayPath(_ url: URL) -> String {
        FilePaths.relative(url, to: root)
    }
}

// MARK: - Paths

enum FilePaths {
    /// `url` relative to `root` when inside it, else absolute.
    static func relative(_ url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        var base = root.standardizedFileURL.path
        if !base.hasSuffix("/") { base += "/" }
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }

    /// `path` appended to `base` (or `path` itself when absolute), standardized.
    static func resolve(_ path: String, against base: URL) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        if path.isEmpty { return base.standardizedFileURL }
        return base.appendingPathComponent(path).standardizedFileURL
    }

    static func sorted(_ urls: some Sequence<URL>) -> [URL] {
        var seen = Set<String>()
        return urls.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }.sorted { $0.path < $1.path }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    /// The largest file read (a Swift file, a plist, a manifest, a project): 64 MiB. Xcode's own projects are a few MiB.
    static let readLimit = 64 << 20

    /// What kind of non-file `url` is (a directory, a FIFO, a device, a socket), or nil for a regular file (after
    /// symbolic links) or a missing path. Reading a FIFO would wait for a writer, so nothing is read before this.
    static func nonFileKind(_ url: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path),
            let type = attributes[.type] as? FileAttributeType
        else { return nil }
        switch type {
        case .typeRegular: return nil
        case .typeDirectory: return "a directory"
        case .typeCharacterSpecial, .typeBlockSpecial: return "a device"
        case .typeSocket: return "a socket"
        default: return "a FIFO or other special file"
        }
    }

    /// The bytes of a regular file of at most `readLimit` bytes; nil for anything else or an unreadable file.
    static func contents(of url: URL) -> Data? {
        guard exists(url), nonFileKind(url) == nil,
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int, size <= readLimit
        else { return nil }
        return try? Data(contentsOf: url)
    }

    /// The text of a regular UTF-8 file (see `contents(of:)`).
    static func text(of url: URL) -> String? { contents(of: url).flatMap { String(data: $0, encoding: .utf8) } }

    /// Every file below `folder` (bundle-like folders walked into), relative to it; hidden entries and folders
    /// named in `skipped` left out; a symbolic link loop walked once.
    static func allFiles(in folder: URL, skipping skipped: Set<String> = []) -> [String] {
        var results: [String] = []
        var visited = Set<String>()
        func visit(_ directory: URL, prefix: String) {
            guard visited.insert(directory.resolvingSymlinksInPath().path).inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
            else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = directory.appendingPathComponent(name)
                if isDirectory(url) {
                    if !skipped.contains(name) { visit(url, prefix: prefix + name + "/") }
                } else {
                    results.append(prefix + name)
                }
            }
        }
        visit(folder, prefix: "")
        return results
    }

    /// The files directly inside `folder`, hidden ones left out, sorted.
    static func subfiles(of folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }.filter { !isDirectory($0) }
    }

    /// The folders directly inside `folder`, hidden ones left out.
    static func subfolders(of folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { folder.appendingPathComponent($0) }.filter(isDirectory)
    }

    /// Folder extensions that are one resource, never walked into.
    static let bundleLikeExtensions: Set<String> = [
        "xcassets", "lproj", "bundle", "xcdatamodeld", "xcdatamodel",
        "scnassets", "spriteatlas", "docc", "xcmappingmodel", "mlpackage",
        "rcproject", "reality", "storekit",
    ]
    /// File extensions of sources other than Swift: code, and the models Xcode compiles from a sources phase
    /// (Core Data, Core ML, SiriKit intents).
    static let otherSourceExtensions: Set<String> = [
        "m", "mm", "c", "cc", "cpp", "metal", "s", "intentdefinition",
        "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "mlmodel", "mlpackage",
    ]
    /// File extensions that are neither sources nor bundled (headers, build configuration, signing).
    static let unbundledExtensions: Set<String> = ["h", "hpp", "xcconfig", "entitlements", "modulemap", "pch"]

    /// The files of `folder` as a synchronized folder (or a folder without a project) sees them: paths relative
    /// to `folder`, bundle-like folders as one entry, hidden entries skipped.
    static func walk(_ folder: URL, skipping skipped: Set<String> = []) -> [String] {
        var results: [String] = []
        // A symbolic link may point back up the tree: each real folder is walked once.
        var visited = Set<String>()
        func visit(_ directory: URL, prefix: String) {
            guard visited.insert(directory.resolvingSymlinksInPath().path).inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
            else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = directory.appendingPathComponent(name)
                let relative = prefix + name
                if isDirectory(url) {
                    if skipped.contains(name) || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") { continue }
                    if bundleLikeExtensions.contains(url.pathExtension.lowercased()) {
                        results.append(relative)
                    } else {
                        visit(url, prefix: relative + "/")
                    }
                } else {
                    results.append(relative)
                }
            }
        }
        visit(folder, prefix: "")
        return results
    }
}
