import Foundation
import WidgetProjects

// MARK: - Building a widget extension's host

/// A widget extension's host program, built and ready to run.
///
/// What `HostBuild.prepare` returns, and all that what runs after the build needs: the program, and what to
/// watch to rebuild it.
public struct BuiltHost: Sendable {
    /// The built program: its `@main` is the developer's bundle, and it takes widgetterm's commands.
    public let binary: String
    /// The Swift module the extension's sources were compiled into.
    public let moduleName: String
    /// The generated host package's folder.
    public let packageDirectory: String
    /// The developer's Swift files compiled into the host, every module's (absolute paths).
    public let sourceFiles: [URL]
    /// The files whose change changes the build (sources, the project file, Info.plist, entitlements,
    /// resources, local packages' files): a watcher rebuilds when one of them is saved.
    public let watchedFiles: [URL]
    /// The folders holding `watchedFiles` and the `--include` folders: a new file there is an input too.
    public let watchedFolders: [URL]
    /// The files left out because they cannot compile here, each with its first error and the widgets it declared
    /// (removed from the bundle).
    public let leftOut: [LeftOutFile]
    /// True when this call ran SwiftPM or the fast rebuild; false when the inputs matched the last good build.
    public let didBuild: Bool
    /// The stub and shared library the preview runs as its extension processes, when asked for
    /// (`HostBuild.prepare(..., extensionLibrary: true)`); after a fast rebuild `binary` is older than it.
    public var extensionLibrary: ExtensionLibrary? = nil

    /// The widget kinds and preview names of the built bundle, in the bundle's order (`list`'s first column).
    ///
    /// - Throws: `HostPackageError` when the program fails.
    public func kinds() throws -> [String] {
        Self.kinds(listing: try ProgramRunner.output(binary, ["list"]))
    }

    /// The kinds in `list`'s output: each line is the kind, then its families. A kind may hold spaces ("Busy
    /// as bees"), so the families are taken off the end of the line rather than the kind off its front.
    static func kinds(listing: String) -> [String] {
        listing.split(separator: "\n").compactMap { line in
            var words = line.split(separator: " ")
            while words.count > 1, let last = words.last, last.hasPrefix("system") || last.hasPrefix("accessory") {
                words.removeLast()
            }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
    }
}

/// Builds the host program of a widget extension: finds its sources, rewrites them as iOS sees them into a host
/// package in the cache, and runs `swift build` unless the inputs match the last good build.
public enum HostBuild {
    /// Bumped when the generated package or the rewriting changes, so old hosts rebuild.
    static let layoutVersion = "host-package-3"

    /// Builds the extension at `path` (see `WidgetSourceSet.find(at:target:)` for what a path may be).
    ///
    /// - Parameters:
    ///   - path: an extension folder, an `.xcodeproj`, an `.xcworkspace`, the folder holding one, or a Swift package.
    ///   - target: the extension target to build when the project has several (`--target`).
    ///   - includes: more folders of Swift files compiled into the extension's module (`--include`).
    ///   - buildDirectory: the host package's folder (`--build-dir`); by default the one host package in the cache
    ///     for this WidgetTerm checkout and toolchain, which every extension shares.
    ///   - environment: `HOME` or `XDG_CACHE_HOME`, `PATH` (the toolchain), `WIDGETTERM_PACKAGE_ROOT`.
    ///   - extensionLibrary: also build the extension as a shared library and its stub (`ExtensionLibrary`), and
    ///     when that library was built before with the same files, rebuild only it, with `swiftc` and no SwiftPM
    ///     (the preview's hot reload).
    /// - Throws: `HostPackageError` (exit status 2) naming the path and what to do: nothing to build there, a
    ///   project without a widget extension (listing its targets), a build folder inside the developer's folders,
    ///   or a failed build (its errors already printed at the developer's own paths).
    public static func prepare(
        path: String, target: String? = nil, includes: [String] = [], buildDirectory: String? = nil, environment: [String: String],
        extensionLibrary: Bool = false
    ) throws -> BuiltHost {
        let progress = Progress(started: Date())
        let set: WidgetSourceSet
        do {
            set = try WidgetSourceSet.find(at: path, target: target)
        } catch let error as WidgetProjectError {
            throw HostPackageError(error.description)
        }
        let includeURLs = includes.map { URL(fileURLWithPath: $0).standardizedFileURL }
        let sources = try HostSources(set, includes: includeURLs)
        let given = URL(fileURLWithPath: path).standardizedFileURL
        let userFolders = [set.root, given] + includeURLs + set.localPackages.map(\.path)
        if let directory = buildDirectory {
            let standardized = URL(fileURLWithPath: directory).standardizedFileURL.path
            if let folder = userFolders.first(where: { (standardized + "/").hasPrefix($0.path + "/") }) {
                throw HostPackageError(
                    "--build-dir \(directory) is inside \(folder.path); widgetterm never writes into your sources: pick a folder outside it"
                )
            }
        }
        let toolchain = try Toolchain.locate(environment: environment)
        let root = try PackageRoot.locate(environment: environment)
        let cache = try SourceFolderCommand.cacheDirectory(environment)
        let hostDirectory =
            buildDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ?? cache + "/hosts/" + StableHash.of(root + "#" + toolchain.swiftc + "#" + toolchain.version)
        let previewPlugin = try PreviewPluginTool.ensure(toolchain: toolchain, progress: progress)
        let host = HostPackage(directory: hostDirectory, sources: sources, root: root, previewPlugin: previewPlugin)
        try FileManager.default.createDirectory(atPath: hostDirectory, withIntermediateDirectories: true)
        let lock = try FileLock(path: hostDirectory + "/.lock")
        defer { lock.release() }

        var inputs = StableHash()
        inputs.add(layoutVersion)
        inputs.add(toolchain.version)
        inputs.add(root)
        inputs.add(PackageRoot.fingerprint(root))
        inputs.add(previewPlugin.path)
        let base = inputs.hex
        inputs.add(sources.modules, withContents: true)
        for definition in sources.intentDefinitions {
            inputs.add(definition.source.path)
            inputs.add(definition.contents)
        }
        func built(_ leftOut: [LeftOutFile], didBuild: Bool, library: ExtensionLibrary?) -> BuiltHost {
            var result = BuiltHost(
                binary: host.binary, moduleName: host.moduleName, packageDirectory: hostDirectory,
                sourceFiles: sources.modules.flatMap { $0.files.map(\.source) }, watchedFiles: sources.watchedFiles,
                watchedFolders: sources.watchedFolders, leftOut: leftOut, didBuild: didBuild)
            result.extensionLibrary = library
            return result
        }
        let libraryBuild = ExtensionLibraryBuild(host: host, toolchain: toolchain, base: base)
        if extensionLibrary, libraryBuild.isBuilt, let plan = libraryBuild.plan {
            if libraryBuild.builtInputs == inputs.hex {
                for item in plan.leftOut { progress.say(item.summary) }
                return built(plan.leftOut, didBuild: false, library: libraryBuild.product)
            }
            let rewriter = try RewriterTool.ensure(toolchain: toolchain, root: root, cache: cache, progress: progress)
            if try libraryBuild.fastRebuild(rewriter: rewriter, userFolder: given.path, progress: progress) == .built {
                for item in plan.leftOut { progress.say(item.summary) }
                try libraryBuild.recordBuilt(inputs: inputs.hex)
                return built(plan.leftOut, didBuild: true, library: libraryBuild.product)
            }
        }
        let didBuild = host.builtInputs != inputs.hex || !FileManager.default.isExecutableFile(atPath: host.binary)
        let leftOut: [LeftOutFile]
        if didBuild {
            let rewriter = try RewriterTool.ensure(toolchain: toolchain, root: root, cache: cache, progress: progress)
            let fileCount = sources.modules.reduce(0) { $0 + $1.files.count }
            progress.say("reading \(fileCount) Swift files of \(set.name) (\(set.root.path)) as iOS sees them")
            try host.write(rewriter: rewriter, toolchain: toolchain)
            leftOut = try host.build(toolchain: toolchain, userFolder: given.path, progress: progress)
            try host.recordBuilt(inputs: inputs.hex, leftOut: leftOut)
        } else {
            leftOut = host.builtLeftOut
            for item in leftOut { progress.say(item.summary) }
        }
        guard extensionLibrary else { return built(leftOut, didBuild: didBuild, library: nil) }
        if didBuild || libraryBuild.builtInputs != inputs.hex || !libraryBuild.isBuilt {
            do {
                try libraryBuild.prepareFromSwiftPMBuild(leftOut: leftOut, progress: progress)
                try libraryBuild.recordBuilt(inputs: inputs.hex)
            } catch let error as HostPackageError {
                // The SwiftPM program still serves: the preview runs it, and every save goes through SwiftPM.
                progress.say("no fast reload (\(error.description)); saves rebuild through SwiftPM")
                return built(leftOut, didBuild: didBuild, library: nil)
            }
        }
        return built(leftOut, didBuild: didBuild, library: libraryBuild.product)
    }

    /// Builds the extension a parsed command line names.
    static func prepare(_ request: SourceFolderCommand.Request, environment: [String: String], extensionLibrary: Bool = false) throws
        -> BuiltHost
    {
        if let message = request.usageError { throw HostPackageError(message) }
        return try prepare(
            path: request.path, target: request.target, includes: request.includes, buildDirectory: request.buildDirectory,
            environment: environment, extensionLibrary: extensionLibrary)
    }
}
