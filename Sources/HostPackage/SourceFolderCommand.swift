import Foundation
import PreviewMacroPlugin
#if canImport(Glibc)
import Glibc
#endif

// MARK: - widgetterm COMMAND PATH: a widget extension's own sources

/// Runs a command on a widget extension written for Xcode: `widgetterm render PATH --kind K`,
/// `widgetterm list PATH`, `widgetterm preview PATH`... PATH is an extension folder, an `.xcodeproj`, an
/// `.xcworkspace`, the folder holding one, or a Swift package (`WidgetSourceSet.find(at:target:)`).
///
/// `HostBuild.prepare` rewrites the sources as iOS sees them (`#if os(iOS)` true, `#available` answered by
/// `--os`) into a host package in the cache (`$XDG_CACHE_HOME/widgetterm/hosts/<hash>`, or `--build-dir DIR`),
/// which depends on this WidgetTerm checkout by path, and builds it with progress on standard error; then the
/// built program, whose `@main` is the developer's own bundle, runs the same command. Nothing is written into
/// the developer's folders. A second run with unchanged inputs skips SwiftPM.
public enum SourceFolderCommand {
    /// A built extension and what the preview needs to run against it and rebuild it on save.
    public struct PreviewLaunch: Sendable {
        /// The built program (it serves as the extension process).
        public var executable: String
        /// The preview's own arguments (after `preview`), without the path and the launcher's flags.
        public var arguments: [String]
        /// The folders whose Swift files are the extension's inputs (absolute paths).
        public var watchedFolders: [String]
        /// widgetterm's arguments that rebuild the same extension (`list PATH` with its `--target`, `--include`
        /// and `--build-dir`): incremental, and no SwiftPM run when nothing changed.
        public var rebuildArguments: [String]
        /// The files left out because they cannot compile here, each with its first error.
        public var leftOut: [LeftOutFile]
        /// Variables to add to the extension processes' environment: `executable` is the stub that loads the
        /// developer's code as a shared library (`ExtensionLibrary.environment`), rebuilt on save without SwiftPM.
        public var environment: [String: String] = [:]
    }

    /// A built extension and the command to run against it in this process (`render`, `gallery`, `check`,
    /// `timeline`, `list`, `open`, `control`): the caller starts `executable` as the extension process, asks it
    /// for the widgets, and runs the command on them itself, so this process links no widget code.
    public struct CommandLaunch: Sendable {
        /// The built program (it serves as the extension process).
        public var executable: String
        /// The command's name (`render`...).
        public var command: String
        /// `--kind`, when given.
        public var kind: String?
        /// True when the command takes a widget kind and none was given: the bundle's first widget is meant.
        public var needsFirstKind: Bool
        /// The command's own arguments, without the path and the launcher's flags.
        public var arguments: [String]
        /// The path as given, for messages.
        public var path: String

        /// The command line the built program would have run: the command, the kind (`firstKind` when
        /// `needsFirstKind`), then the arguments.
        public func commandLine(firstKind: String?) -> [String] {
            let kind = self.kind ?? (needsFirstKind ? firstKind : nil)
            return [command] + (kind.map { [$0] } ?? []) + arguments
        }
    }

    /// Set to `1` in the environment of the preview's rebuild command (`list PATH`): it rebuilds the extension's
    /// shared library (fast, without SwiftPM when only file contents changed) and runs nothing.
    public static let reloadBuildVariable = "WIDGETTERM_RELOAD_BUILD"

    /// The commands that take a widget source path.
    static let commands: Set<String> = ["preview", "render", "gallery", "check", "timeline", "list", "open", "control"]
    /// Commands whose first argument is a widget kind: with a path and no `--kind`, the first widget's.
    static let commandsTakingKind: Set<String> = ["render", "timeline"]
    /// The flags this launcher reads itself; each takes a value.
    static let ownFlags: Set<String> = ["kind", "build-dir", "target", "include"]

    /// Runs the command when `arguments` name a widget source path (`COMMAND PATH ...`, or `PATH` alone for the
    /// preview, with flags anywhere) and returns its exit status; returns nil when they do not, so the caller
    /// runs them as usual. `preview` runs the preview and `command` every other command in this process against
    /// the built extension (the widget code in processes of its own); without them the built program replaces
    /// this process and runs the command itself (the function does not return then).
    ///
    /// - Parameters:
    ///   - allCommands: every command name of the command line (a command that takes no path is never read as one).
    ///   - valuedFlags: every flag that takes its value as the next argument, so `--timezone UTC` is not a path.
    ///   - preview: runs the preview on a built extension and returns its exit status.
    ///   - command: runs any other command on a built extension and returns its exit status.
    public static func runIfSourceFolder(
        arguments: [String], environment: [String: String], allCommands: Set<String> = [], valuedFlags: Set<String> = [],
        preview: ((PreviewLaunch) -> Int32)? = nil, command: ((CommandLaunch) -> Int32)? = nil
    ) -> Int32? {
        guard let request = Request(arguments, allCommands: allCommands, valuedFlags: valuedFlags) else { return nil }
        do {
            return try run(request, environment: environment, preview: preview, command: command)
        } catch let error as HostPackageError {
            FileHandle.standardError.write(Data("widgetterm: \(error.description)\n".utf8))
            return error.status
        } catch {
            FileHandle.standardError.write(Data("widgetterm: \(error)\n".utf8))
            return 2
        }
    }

    /// `[FLAGS] COMMAND [FLAGS] PATH [--kind K] [--target T] [--include DIR]... [--build-dir DIR] REST...`, split.
    struct Request {
        var command: String
        /// The path as given.
        var path: String
        var kind: String?
        var target: String?
        var includes: [String] = []
        var buildDirectory: String?
        /// The command's own arguments, flags given before the command first, in their order.
        var rest: [String] = []
        /// A flag given without its value.
        var usageError: String?

        /// Nil when `arguments` name no command that takes a path, or no existing folder or project for it.
        init?(_ arguments: [String], allCommands: Set<String> = [], valuedFlags: Set<String> = []) {
            let valued = valuedFlags.union(SourceFolderCommand.ownFlags)
            guard let first = Self.firstWord(arguments, valuedFlags: valued) else { return nil }
            var before = Array(arguments[..<first.index])
            var after = Array(arguments[(first.index + 1)...])
            if SourceFolderCommand.commands.contains(first.word) {
                command = first.word
                guard let second = Self.firstWord(after, valuedFlags: valued) else { return nil }
                before += after[..<second.index]
                path = second.word
                after = Array(after[(second.index + 1)...])
            } else if allCommands.contains(first.word) {
                return nil
            } else {
                command = "preview"
                path = first.word
            }
            guard Self.isSourcePath(path) else { return nil }
            let arguments = before + after
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                var flag: String?
                var value: String?
                for name in SourceFolderCommand.ownFlags {
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
                    let needs = [
                        "kind": "a widget kind (widgetterm list \(path))", "target": "an extension target's name",
                        "include": "a folder of Swift files", "build-dir": "a directory",
                    ]
                    usageError = "--\(flag) needs a value: \(needs[flag] ?? "a value")"
                    continue
                }
                switch flag {
                case "kind": kind = value
                case "target": target = value
                case "include": includes.append(value)
                default: buildDirectory = value
                }
            }
        }

        /// A folder (an extension, a project's folder, a package, an `.xcodeproj`, an `.xcworkspace`) or a
        /// `project.pbxproj`.
        static func isSourcePath(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
            return isDirectory.boolValue || path.hasSuffix(".pbxproj")
        }

        /// The first argument that is neither a flag nor a flag's value, with its index.
        static func firstWord(_ arguments: [String], valuedFlags: Set<String>) -> (index: Int, word: String)? {
            var index = 0
            while index < arguments.count {
                let argument = arguments[index]
                guard argument.hasPrefix("-"), argument.count > 1 else { return (index, argument) }
                let name = String(argument.drop { $0 == "-" })
                index += !name.contains("=") && valuedFlags.contains(name) ? 2 : 1
            }
            return nil
        }
    }

    static func run(
        _ request: Request, environment: [String: String], preview: ((PreviewLaunch) -> Int32)? = nil,
        command: ((CommandLaunch) -> Int32)? = nil
    ) throws -> Int32 {
        let reloadBuild = environment[reloadBuildVariable] == "1"
        let host = try HostBuild.prepare(
            request, environment: environment, extensionLibrary: reloadBuild || (request.command == "preview" && preview != nil))
        if reloadBuild { return 0 }
        let needsFirstKind =
            request.kind == nil && commandsTakingKind.contains(request.command)
            && !request.rest.contains(where: { ["--help", "-h"].contains($0) })
        if request.command != "preview", let command {
            return command(
                CommandLaunch(
                    executable: host.binary, command: request.command, kind: request.kind, needsFirstKind: needsFirstKind,
                    arguments: request.rest, path: request.path))
        }
        var childArguments = [request.command]
        if let kind = request.kind {
            childArguments.append(kind)
        } else if needsFirstKind {
            guard let first = try host.kinds().first else {
                throw HostPackageError("\(request.path) declares no widget: its @main bundle's body is empty")
            }
            childArguments.append(first)
        }
        childArguments += request.rest
        if request.command == "preview", let preview {
            var rebuild = ["list", request.path]
            if let target = request.target { rebuild += ["--target", target] }
            for folder in request.includes { rebuild += ["--include", folder] }
            if let directory = request.buildDirectory { rebuild += ["--build-dir", directory] }
            var launch = PreviewLaunch(
                executable: host.binary, arguments: Array(childArguments.dropFirst()),
                watchedFolders: host.watchedFolders.map(\.path), rebuildArguments: rebuild, leftOut: host.leftOut)
            if let library = host.extensionLibrary {
                launch.executable = library.stub
                launch.environment = library.environment
            }
            return preview(launch)
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
    static func ensure(toolchain: Toolchain, progress: Progress) throws -> URL {
        do {
            // The toolchain as `PreviewMacroPlugin.toolchain()` would find it, without running the compiler again.
            let pluginToolchain = PreviewMacroPlugin.Toolchain(
                swiftc: toolchain.swiftc, hostLibraries: URL(fileURLWithPath: toolchain.hostLibraries), version: toolchain.versionText)
            let cache = PreviewMacroPlugin.defaultCacheDirectory()
            if !FileManager.default.fileExists(atPath: cache.path) {
                progress.say("building the #Preview macro plugin (once per toolchain)")
            }
            return try PreviewMacroPlugin.library(toolchain: pluginToolchain)
        } catch {
            throw HostPackageError("cannot build the #Preview macro plugin: \(error)")
        }
    }
}
