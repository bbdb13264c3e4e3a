import Foundation
import PreviewMacroPlugin
#if canImport(Glibc)
import Glibc
#endif

// MARK: - widgetterm COMMAND PATH: a widget extension's own sources

/// Runs a command on a folder of widget sources written for Xcode (an extension folder with an `@main`
/// bundle): `widgetterm render PATH --kind K`, `widgetterm list PATH`, `widgetterm preview PATH`...
///
/// The sources are rewritten as iOS sees them (`#if os(iOS)` true, `#available` answered by `--os`) into a
/// host package in the cache (`$XDG_CACHE_HOME/widgetterm/hosts/<hash>`, or `--build-dir DIR`), which
/// depends on this WidgetTerm checkout by path; `swift build` builds it, with progress on standard error;
/// then the built program, whose `@main` is the developer's own bundle, runs the same command. Nothing is
/// written into the developer's folder. A second run with unchanged inputs skips SwiftPM.
public enum SourceFolderCommand {
    /// The commands that take a widget source folder.
    static let commands: Set<String> = ["preview", "render", "gallery", "check", "timeline", "list", "open"]
    /// Commands whose first argument is a widget kind: with a folder and no `--kind`, the first widget's.
    static let commandsTakingKind: Set<String> = ["render", "timeline"]
    /// Bumped when the generated package or the rewriting changes, so old hosts rebuild.
    static let layoutVersion = "host-package-2"

    /// Runs the command when `arguments` name a source folder (`COMMAND PATH ...`, or `PATH` alone for the
    /// preview) and returns its exit status; returns nil when they do not, so the caller runs them as usual.
    /// On success the built program replaces this process and the function does not return, except for
    /// `preview` when `preview` is given: it is called with the built program and the preview's arguments and
    /// runs the preview in this process against that program (issue 12: the widget code in its own process).
    public static func runIfSourceFolder(
        arguments: [String], environment: [String: String],
        preview: ((_ executable: String, _ arguments: [String]) -> Int32)? = nil
    ) -> Int32? {
        guard let request = Request(arguments) else { return nil }
        do {
            return try run(request, environment: environment, preview: preview)
        } catch let error as HostPackageError {
            FileHandle.standardError.write(Data("widgetterm: \(error.description)\n".utf8))
            return error.status
        } catch {
            FileHandle.standardError.write(Data("widgetterm: \(error)\n".utf8))
            return 2
        }
    }

    /// `COMMAND PATH [--kind K] [--build-dir DIR] REST...`, split.
    struct Request {
        var command: String
        var folder: String
        var kind: String?
        var buildDirectory: String?
        var rest: [String] = []
        /// A flag given without its value.
        var usageError: String?

        init?(_ arguments: [String]) {
            var arguments = arguments
            if let first = arguments.first, SourceFolderCommand.commands.contains(first) {
                command = first
                arguments.removeFirst()
            } else {
                command = "preview"
            }
            var isDirectory: ObjCBool = false
            guard let path = arguments.first, !path.hasPrefix("-"),
                FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else { return nil }
            folder = URL(fileURLWithPath: path).standardizedFileURL.path
            arguments.removeFirst()
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                var flag: String?
                var value: String?
                for name in ["kind", "build-dir"] {
                    if argument == "--\(name)" {
                        flag = name
                        if index < arguments.count {
                            value = arguments[index]
                            index += 1
                        }
                    } else if argument.hasPrefix("--\(name)=") {
                        flag = name
                        value = String(argument.dropFirst(name.count + 3))
                    }
                }
                guard let flag else {
                    rest.append(argument)
                    continue
                }
                guard let value, !value.isEmpty else {
                    usageError =
                        "--\(flag) needs a value" + (flag == "kind" ? ": a widget kind (widgetterm list \(path))" : ": a directory")
                    continue
                }
                if flag == "kind" { kind = value } else { buildDirectory = value }
            }
        }
    }

    static func run(
        _ request: Request, environment: [String: String], preview: ((String, [String]) -> Int32)? = nil
    ) throws -> Int32 {
        let started = Date()
        if let message = request.usageError { throw HostPackageError(message) }
        let sources = try SourceFolder(request.folder)
        let toolchain = try Toolchain.locate(environment: environment)
        let root = try PackageRoot.locate(environment: environment)
        let cache = try cacheDirectory(environment)
        let hostDirectory: String
        if let directory = request.buildDirectory {
            hostDirectory = URL(fileURLWithPath: directory).standardizedFileURL.path
            if (hostDirectory + "/").hasPrefix(request.folder + "/") {
                throw HostPackageError(
                    "--build-dir \(directory) is inside \(request.folder); widgetterm never writes into your sources: pick a folder outside it"
                )
            }
        } else {
            hostDirectory = cache + "/hosts/" + StableHash.of(request.folder)
        }
        let progress = Progress(started: started)
        let previewPlugin = try PreviewPluginTool.ensure(progress: progress)
        let host = HostPackage(directory: hostDirectory, moduleName: sources.moduleName, root: root, previewPlugin: previewPlugin)
        try FileManager.default.createDirectory(atPath: hostDirectory, withIntermediateDirectories: true)
        let lock = try FileLock(path: hostDirectory + "/.lock")

        var inputs = StableHash()
        inputs.add(layoutVersion)
        inputs.add(toolchain.version)
        inputs.add(root)
        inputs.add(PackageRoot.fingerprint(root))
        inputs.add(sources.moduleName)
        inputs.add(previewPlugin.path)
        for file in sources.files {
            inputs.add(file.relativePath)
            inputs.add(file.contents)
        }
        if host.builtInputs != inputs.hex || !FileManager.default.isExecutableFile(atPath: host.binary) {
            let rewriter = try RewriterTool.ensure(toolchain: toolchain, root: root, cache: cache, progress: progress)
            progress.say("reading \(sources.files.count) Swift files of \(request.folder) as iOS sees them")
            try host.write(sources: sources, rewriter: rewriter, toolchain: toolchain)
            try host.build(toolchain: toolchain, userFolder: request.folder, progress: progress)
            try host.recordBuilt(inputs: inputs.hex)
        }
        var childArguments = [request.command]
        if let kind = request.kind {
            childArguments.append(kind)
        } else if commandsTakingKind.contains(request.command), !request.rest.contains(where: { ["--help", "-h"].contains($0) }) {
            let listing = try ChildProcess.output(host.binary, ["list"])
            guard let first = listing.split(separator: "\n").first?.split(separator: " ").first else {
                throw HostPackageError("\(request.folder) declares no widget: its @main bundle's body is empty")
            }
            childArguments.append(String(first))
        }
        childArguments += request.rest
        lock.release()
        if request.command == "preview", let preview {
            return preview(host.binary, Array(childArguments.dropFirst()))
        }
        try exec(host.binary, childArguments)
    }

    /// `$XDG_CACHE_HOME/widgetterm`, else `~/.cache/widgetterm`.
    static func cacheDirectory(_ environment: [String: String]) throws -> String {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/widgetterm" }
        guard let home = environment["HOME"], home.hasPrefix("/") else {
            throw HostPackageError(
                "neither XDG_CACHE_HOME nor HOME is set to an absolute path; widgetterm builds widget sources in a cache folder: set one, or pass --build-dir DIR"
            )
        }
        return home + "/.cache/widgetterm"
    }

    /// Replaces this process with the built program, which runs the command on the developer's bundle.
    static func exec(_ binary: String, _ arguments: [String]) throws -> Never {
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        execv(binary, argv)
        let reason = String(cString: strerror(errno))
        throw HostPackageError("cannot run the built widget extension \(binary): \(reason)")
    }
}

/// Progress lines on standard error, each with the time since the command started.
final class Progress {
    let started: Date
    init(started: Date) { self.started = started }

    func say(_ text: String) {
        let seconds = Int(Date().timeIntervalSince(started))
        FileHandle.standardError.write(Data("widgetterm: \(seconds)s \(text)\n".utf8))
    }
    func pass(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}

/// An exclusive lock on a file, so two runs on the same folder take turns with its host package.
final class FileLock {
    private var descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw HostPackageError("cannot create \(path): \(String(cString: strerror(errno)))") }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
    deinit { release() }
}

/// The `#Preview` macro plugin, built from the toolchain's SwiftSyntax into its cache on first use.
enum PreviewPluginTool {
    static func ensure(progress: Progress) throws -> URL {
        do {
            let toolchain = try PreviewMacroPlugin.toolchain()
            let cache = PreviewMacroPlugin.defaultCacheDirectory()
            if !FileManager.default.fileExists(atPath: cache.path) {
                progress.say("building the #Preview macro plugin (once per toolchain)")
            }
            return try PreviewMacroPlugin.library(toolchain: toolchain)
        } catch {
            throw HostPackageError("cannot build the #Preview macro plugin: \(error)")
        }
    }
}
