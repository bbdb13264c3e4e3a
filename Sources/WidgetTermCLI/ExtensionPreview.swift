import Foundation
import TerminalUI
import WidgetHost
import WidgetKitUI

// MARK: - The preview against an extension process

/// `widgetterm preview FOLDER` once the folder's extension is built: the preview runs in this process, which
/// links no widget code, and asks the built program (started as `WIDGETTERM_EXTENSION_SERVER=1`, one process
/// per widget kind) for entries, bodies and intent runs. A crash or hang in widget code ends that process
/// only; this process and its id stay.
public enum ExtensionPreview {
    /// Runs `widgetterm preview ARGUMENTS...` on the widgets of the extension program `executable` and returns
    /// the exit status (2 when the extension cannot be started or described, with the reason on standard error).
    /// The extension gets the same arguments, so its `--os` and `--app-group` match the preview's.
    /// How to rebuild the extension when its sources change: the folders to watch and the command (this
    /// program's own `list PATH`, which builds incrementally and skips SwiftPM when nothing changed).
    public struct Reload: Sendable {
        /// Absolute paths of the folders whose Swift files are the extension's inputs.
        public var folders: [String]
        /// The rebuild command line, the program first.
        public var command: [String]
        /// Variables added to the rebuild command's environment.
        public var environment: [String: String]
        /// Creates a reload plan: watch `folders` (absolute paths) and run `command` (the program first, with
        /// `environment` added to the preview's) when they change.
        public init(folders: [String], command: [String], environment: [String: String] = [:]) {
            self.folders = folders
            self.command = command
            self.environment = environment
        }
    }

    /// The reloads of the running preview, for `PreviewCommand`: bound (a task-local value, not process-wide
    /// state) only while `run` runs the preview.
    @TaskLocal static var reloads: ExtensionReloadQueue?

    /// - Parameters:
    ///   - notices: lines shown in the event log when the preview starts (the files left out of the build, each
    ///     with its first error).
    ///
    /// The bundle's controls run in the extension too (`RemoteWidgets.controlDescriptors`), as do the checks,
    /// choices and current values of configurable widgets' parameters.
    public static func run(
        executable: String, arguments: [String], environment: [String: String], reload: Reload? = nil,
        notices: [String] = []
    ) -> Int32 {
        do {
            try RenderSettings.installAppGroupStore(environment: environment)
        } catch {
            ControlEscapingStream(StandardStream.error).write(
                "widgetterm: \(MessageText.oneLine((error as? UsageError)?.message ?? "\(error)"))\n")
            return 2
        }
        let launch = ExtensionProcess.Launch(executable: executable, arguments: arguments, environment: environment)
        let remote: RemoteWidgets
        do {
            remote = try RemoteWidgets(
                launch: launch, providerTimeLimit: seconds(of: "provider-timeout", in: arguments) ?? 5,
                intentTimeLimit: seconds(of: "intent-timeout", in: arguments) ?? 5)
        } catch {
            ControlEscapingStream(StandardStream.error).write(
                "widgetterm: the widget extension \(executable) \(error); nothing to preview\n")
            return 2
        }
        let remotes = RemoteWidgetsList(remote)
        defer { remotes.stopAll() }
        var watcher: SourceWatcher?
        var reloadQueue: ExtensionReloadQueue?
        if let reload {
            let queue = ExtensionReloadQueue()
            reloadQueue = queue
            if !notices.isEmpty { queue.post(.leftOut(summaries: notices)) }
            do {
                watcher = try SourceWatcher(folders: reload.folders) {
                    let started = DispatchTime.now().uptimeNanoseconds
                    let outcome = rebuild(reload.command, environment: environment.merging(reload.environment) { _, new in new })
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                    if let log = environment["WIDGETTERM_RELOAD_LOG"], let handle = FileHandle(forWritingAtPath: log) {
                        // scripts/measure-reload.sh reads the build's share of save-to-new-pixels from here.
                        handle.seekToEndOfFile()
                        var result = "failed"
                        if case .success(let last) = outcome { result = "ok" + (last.map { " " + $0 } ?? "") }
                        handle.write(Data((String(format: "build %.3f ", seconds) + result + "\n").utf8))
                        try? handle.close()
                    }
                    switch outcome {
                    case .success:
                        remotes.stopAll()
                        queue.post(.rebuilt(buildSeconds: seconds))
                        // A save may add or remove a widget kind or a control: ask the new program, once the preview has
                        // drawn its new frame, and hand it new widgets and controls only when the kinds differ.
                        queue.waitForRedraw(seconds: 30)
                        if let fresh = try? RemoteWidgets(
                            launch: launch, providerTimeLimit: remote.providerTimeLimit, intentTimeLimit: remote.intentTimeLimit),
                            fresh.bundleKinds != remotes.current.bundleKinds
                        {
                            remotes.replace(with: fresh)
                            queue.post(widgets: fresh.descriptors, controls: fresh.controlDescriptors)
                        }
                    case .failure(let errors):
                        queue.post(.failed(errors: errors.lines))
                    }
                }
            } catch {
                ControlEscapingStream(StandardStream.error).write(
                    "widgetterm: \(MessageText.oneLine("\(error)")); saving will not reload\n")
                return 2
            }
            watcher?.start()
        }
        defer { watcher?.stop() }
        return $reloads.withValue(reloadQueue) {
            WidgetTermCommand.run(
                arguments: ["preview"] + arguments, widgets: remote.descriptors, controls: remote.controlDescriptors,
                environment: environment,
                output: StandardStream.output, errors: StandardStream.error)
        }
    }

    /// The flag that ran `preview`'s widget code in extension processes of the same program before that was the
    /// default; still accepted, and changes nothing.
    public static let extensionProcessesFlag = "--extension-processes"

    /// The flag that runs `preview`'s widget code in the preview's own process (`WidgetTermCommand.main(bundle:)`):
    /// the escape hatch from extension processes, as `bench frame` always runs.
    public static let inProcessFlag = "--in-process"

    /// The arguments of the preview command (its name, `--extension-processes` and `--in-process` left out)
    /// when `arguments` ask for the interactive preview of the bundle's own widgets on a terminal, which
    /// `WidgetTermCommand.main(bundle:)` runs against extension processes of the same program by default; nil
    /// with `--in-process`, for any other command, a widget document (it runs no widget code), a help request,
    /// `--assets`, or an output that is not a terminal (the preview refuses it in one process).
    static func isolatedPreviewArguments(_ arguments: [String], outputIsTerminal: Bool) -> [String]? {
        guard outputIsTerminal, !arguments.contains(inProcessFlag) else { return nil }
        let arguments = arguments.filter { $0 != extensionProcessesFlag }
        guard
            let resolved = try? CommandDispatch.resolve(arguments, kinds: { [] }, pathExists: { _ in true }),
            resolved.command == "preview"
        else { return nil }
        var index = 0
        let rest = resolved.arguments
        while index < rest.count {
            let argument = rest[index]
            if argument.hasPrefix("-") {
                let name = String(argument.drop { $0 == "-" })
                // Asset catalogs do not reach the extension server yet: one process.
                let oneProcess = ["help", "h", "document", "assets"]
                if oneProcess.contains(name) || oneProcess.contains(where: { name.hasPrefix($0 + "=") }) { return nil }
                if !name.contains("="), PreviewCommand.valuedFlags.contains(name) { index += 1 }
            } else if argument.hasSuffix(".json") || argument.contains("/") || FileManager.default.fileExists(atPath: argument) {
                return nil
            }
            index += 1
        }
        return rest
    }

    /// The value of `--NAME S` or `--NAME=S` (the last, as the command's parser reads it:
    /// `ParsedArguments.values(of:in:)`) when it is a number of seconds more than 0 and at most 600 (the command
    /// reports a bad one itself; 0 would end every extension process before it answers).
    static func seconds(of name: String, in arguments: [String]) -> TimeInterval? {
        guard let text = ParsedArguments.values(of: name, in: arguments).last, let value = Double(text), value > 0, value <= 600
        else { return nil }
        return value
    }

    struct BuildErrors: Error {
        var lines: [String]
    }

    /// Runs the rebuild command; on success, its last line on standard error (what it did), on failure the
    /// compiler's errors (`file:line:column: error: ...`), else the command's last lines.
    static func rebuild(_ command: [String], environment: [String: String]) -> Result<String?, BuildErrors> {
        let process = ChildProcess(executable: command[0], arguments: Array(command.dropFirst()))
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = .nullDevice
        process.standardError = .pipe(errors)
        process.standardInput = .nullDevice
        do {
            try process.run()
        } catch {
            return .failure(BuildErrors(lines: ["cannot rebuild: \(error)"]))
        }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        if process.terminationReason == .exit && process.terminationStatus == 0 { return .success(lines.last) }
        let compiler = lines.filter { $0.contains(": error: ") }
        var seen = Set<String>()
        let unique = compiler.filter { seen.insert($0).inserted }
        return .failure(BuildErrors(lines: unique.isEmpty ? Array(lines.suffix(3)) : Array(unique.prefix(5))))
    }
}

/// The `RemoteWidgets` whose descriptors the preview shows (replaced when a rebuild changes the kinds), and
/// every earlier one, whose processes a reload or the end of the preview stops too.
final class RemoteWidgetsList: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [RemoteWidgets]

    init(_ first: RemoteWidgets) { all = [first] }

    var current: RemoteWidgets { lock.withLock { all[all.count - 1] } }

    func replace(with remote: RemoteWidgets) { lock.withLock { all.append(remote) } }

    func stopAll() {
        for remote in lock.withLock({ all }) { remote.stopAll() }
    }
}

extension RemoteWidgets {
    /// The kinds `descriptors` holds, widgets and Live Activities, in order, then the controls' kinds (each as
    /// `control:KIND`): a save that adds or removes any of them hands the preview new descriptors.
    var bundleKinds: [String] { widgets.map(\.kind) + controls.map { "control:" + $0.kind } }
}

/// Watches folders' Swift sources (every `.swift` file under them, in folders added while watching too) by
/// waiting on their inotify events (`FolderEventWatcher`); after a change, once the events have been quiet for
/// `quiet` seconds (a timed wait on the events, not a sleep), calls `changed` on its own thread. Events during
/// that call stay queued and are seen afterwards, so a save made while a build runs rebuilds after it.
final class SourceWatcher: @unchecked Sendable {
    private let events: FolderEventWatcher
    private let quiet: Double
    private let changed: @Sendable () -> Void

    /// Folders that do not exist are left out (none of their files can be an input yet).
    /// - Throws: `FolderEventWatcher.WatchError` when a folder cannot be watched.
    init(folders: [String], quiet: Double = 0.1, changed: @escaping @Sendable () -> Void) throws {
        let existing = folders.filter { folder in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        events = try FolderEventWatcher(folders: existing, recursive: true)
        self.quiet = quiet
        self.changed = changed
    }

    func start() {
        Thread.detachNewThread { [self] in
            while !events.isStopped {
                guard events.waitForEvents(seconds: nil).contains(where: Self.touchesSources) else { continue }
                // Wait until `quiet` seconds pass with no event on a source (other events do not extend it).
                var deadline = DispatchTime.now().uptimeNanoseconds + UInt64(quiet * 1e9)
                while !events.isStopped {
                    let now = DispatchTime.now().uptimeNanoseconds
                    guard now < deadline else { break }
                    if events.waitForEvents(seconds: Double(deadline - now) / 1e9).contains(where: Self.touchesSources) {
                        deadline = DispatchTime.now().uptimeNanoseconds + UInt64(quiet * 1e9)
                    }
                }
                if events.isStopped { break }
                changed()
            }
        }
    }

    /// Stops watching; the thread, waiting on events, wakes and ends (after the `changed` call it may be in).
    func stop() { events.stop() }

    /// True when `event` may change what a build reads: a `.swift` file closed after writing, renamed in or out,
    /// deleted or found in a new folder, a folder renamed away (with whatever sources it held), or lost events.
    /// A created file counts once it is closed after writing (its own event), so a half-written file is not built;
    /// a folder created or renamed in counts through the `.swift` files found in it.
    static func touchesSources(_ event: FolderEventWatcher.Event) -> Bool {
        switch event.kind {
        case .overflow: return true
        case .created: return false
        case .movedOut: return event.isDirectory || event.path.hasSuffix(".swift")
        case .closedAfterWriting, .movedIn, .deleted, .appeared: return !event.isDirectory && event.path.hasSuffix(".swift")
        }
    }
}
