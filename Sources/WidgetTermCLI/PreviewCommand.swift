import Foundation
import CellLayout
import CellRender
import TerminalUI
import WidgetHost
import WidgetKitUI
#if canImport(Glibc)
import Glibc
import WidgetDocument
#endif

// MARK: - preview

/// `widgetterm` and `widgetterm preview [KIND] [options]`: the interactive preview (issue 5). Needs a terminal
/// on standard output and input; otherwise it says so and exits 2. The terminal is restored on quit, on error
/// and on every signal whose default action ends the process (SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM,
/// SIGPIPE...: the signal is then re-raised, so the exit status says which); on SIGQUIT and crashes the terminal
/// is restored before the Swift runtime's report, which goes to standard error.
enum PreviewCommand {
    static let valuedFlags = RenderSettings.valuedFlags.union([
        "speed", "routes", "open-command", "intent-timeout", "push-file", "widget-push-file",
    ])

    /// The flags without a value the preview accepts. `--in-process` and `--extension-processes` choose where the
    /// widget code runs, which `WidgetTermCommand.main(bundle:)` decides before the command runs; here they change
    /// nothing.
    static let booleanFlags: Set<String> = ["help", "in-process", "extension-processes"]

    /// Flags the preview has no use for, though other commands share them: each is refused with what to use
    /// instead, and they are not among its valid flags.
    static let refusedFlags: Set<String> = ["format", "context"]

    static func run(
        _ arguments: [String], widgets bundle: [WidgetDescriptor], controls: [ControlDescriptor] = [],
        environment: [String: String], output: TextStream, errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: valuedFlags, boolean: booleanFlags, unlisted: refusedFlags)
        if parsed.switches.contains("help") {
            output.write(help)
            return 0
        }
        if let format = parsed["format"] {
            throw UsageError(
                "preview draws on the terminal and takes no --format (\(format)); to write a file, use "
                    + "widgetterm render KIND --format \(format) or widgetterm gallery --format \(format)")
        }
        if let context = parsed["context"] {
            throw UsageError(
                "preview starts on the timeline and takes no --context (\(context)); press c in the preview to show the "
                    + "placeholder or the snapshot, or use widgetterm render KIND --context \(context)")
        }
        // Widget documents (`preview FILE...`) are previewed on their own and reloaded when saved. Control documents
        // among them are the preview's controls (the Control Center screen, C), beside the widgets.
        let allDocuments = parsed.positionals.filter(WidgetDocument.isDocumentArgument)
        let controlFiles = allDocuments.filter { ControlDocument.isControlDocument(atPath: $0) }
        let documentFiles = allDocuments.filter { !controlFiles.contains($0) }
        let kindArguments = parsed.positionals.filter { !controlFiles.contains($0) }
        guard documentFiles.isEmpty ? kindArguments.count <= 1 : documentFiles.count == kindArguments.count else {
            throw UsageError(
                "preview takes at most one widget kind, or widget and control document files, got "
                    + parsed.positionals.joined(separator: " "))
        }
        let documentControls = try controlFiles.map { file -> ControlDescriptor in
            do {
                return try ControlDocument(contentsOf: file).descriptor
            } catch let error as DocumentError {
                throw UsageError(error.description)
            }
        }
        // A document that does not compile opens as a stand-in with the error in the banner, waiting for a fix; a file
        // that cannot be read at all (missing, a directory) is still a usage error.
        var brokenDocuments: [(file: String, error: String)] = []
        let widgets =
            documentFiles.isEmpty
            ? bundle
            : try documentFiles.map { file -> WidgetDescriptor in
                do {
                    return try widget(named: file, in: bundle)
                } catch let error as DocumentError where error.kind != .file {
                    brokenDocuments.append((file, error.description))
                    return BrokenDocument.placeholder(file: file)
                }
            }
        let settings = try RenderSettings(parsed)
        guard !widgets.isEmpty else { throw UsageError("the bundle has no widgets to preview") }
        let first =
            documentFiles.isEmpty ? try kindArguments.first.map { try widget(named: $0, in: widgets) } ?? widgets[0] : widgets[0]
        if settings.family != nil { _ = try settings.family(for: first) }
        let speed =
            try parsed["speed"].map { text -> Double in
                guard let value = Double(text), value > 0, value <= 86_400 else {
                    throw UsageError("--speed takes simulated seconds per real second, more than 0 and at most 86400, not \(text)")
                }
                return value
            } ?? 1
        let intentTimeLimit =
            try parsed["intent-timeout"].map { text -> Double in
                guard let value = Double(text), value > 0, value <= 600 else {
                    throw UsageError(
                        "--intent-timeout takes the seconds an intent's perform() may run before it is stopped, more than 0 "
                            + "and at most 600 (default 5), not \(text)")
                }
                return value
            } ?? 5
        let forcedDepth = try parsed.choice(
            "colors", ["16": ColorDepth.ansi16, "256": .ansi256, "truecolor": .trueColor],
            default: nil as ColorDepth?)
        let router = try OpenCommand.router(for: widgets, parsed)
        let opener = try OpenCommand.opener(parsed)
        guard output.isTerminal else {
            errors.write(
                "widgetterm: preview is interactive and needs a terminal, but standard output is not one. "
                    + "To print widgets instead, use `widgetterm gallery` or `widgetterm render KIND`.\n")
            return 2
        }
        try RenderSettings.installAppGroupStore(environment: environment)

        let theme = settings.theme ?? Theme.builtIn(settings.isSchemeExplicit && settings.scheme == .dark ? .dark : .light)
        let configuration = PreviewConfiguration(
            widgets: widgets, initialKind: first.kind, initialFamily: settings.family, mode: settings.mode, theme: theme,
            colorScheme: settings.isSchemeExplicit ? settings.scheme : nil, device: settings.device, osVersion: settings.osVersion,
            format: settings.format, router: router, urlOpener: opener, providerTimeLimit: settings.providerTimeLimit,
            intentTimeLimit: intentTimeLimit)
        try settings.applyParameters(to: first)
        var previewConfiguration = configuration
        previewConfiguration.appGroupDescription = AppGroupArgument.description(arguments: arguments, environment: environment)
        // Documents are previewed on their own: the bundle's controls (the built-in samples' when no bundle was given)
        // are not theirs, so the controls screen shows the control documents given, or none and how to add one.
        previewConfiguration.controls = allDocuments.isEmpty ? controls : documentControls
        if let pushFile = parsed["push-file"] {
            guard FileManager.default.isReadableFile(atPath: pushFile) else {
                throw UsageError("--push-file \(pushFile): no such file, or it cannot be read (a JSON payload as APNs delivers it)")
            }
            previewConfiguration.pushFile = pushFile
        }
        if let widgetPushFile = parsed["widget-push-file"] {
            guard FileManager.default.isReadableFile(atPath: widgetPushFile) else {
                throw UsageError(
                    "--widget-push-file \(widgetPushFile): no such file, or it cannot be read (a JSON payload as APNs delivers it, "
                        + "such as {\"aps\": {\"content-changed\": true}})")
            }
            previewConfiguration.widgetPushFile = widgetPushFile
        }

        if let at = settings.at { HostClock.set(at) }
        HostClock.speed = speed

        let terminal: NCursesTerminal
        do {
            // The colour rule (OutputFormat): --color never is NO_COLOR, --color always overrides it; the terminal's
            // own depth is the most --colors can ask for.
            var terminalEnvironment = environment
            switch parsed["color"] ?? "auto" {
            case "never": terminalEnvironment["NO_COLOR"] = "1"
            case "always": terminalEnvironment["NO_COLOR"] = nil
            default: break
            }
            terminal = try NCursesTerminal(
                environment: terminalEnvironment,
                forcedDepth: parsed["color"] == "never" ? nil : forcedDepth)
        } catch let error as TerminalError {
            errors.write("widgetterm: cannot open the terminal: \(error.message)\n")
            return 2
        }
        let app = PreviewApp(configuration: previewConfiguration, terminal: terminal)
        app.extensionReloads = ExtensionPreview.reloads
        if !documentFiles.isEmpty {
            do {
                app.documentWatcher = try DocumentFileWatcher(files: documentFiles)
            } catch {
                terminal.restore()
                throw UsageError("\(error)")
            }
        }
        for broken in brokenDocuments { app.showBrokenDocument(file: broken.file, error: broken.error) }
        if !documentControls.isEmpty {
            app.logNote(
                "\(documentControls.map(\.kind).joined(separator: ", ")): press C for Control Center (control documents are "
                    + "read once; restart the preview after editing one)")
        }
        // --colors above what the terminal's entry has is capped (the colour rule): say so rather than draw less silently.
        if let forcedDepth, parsed["color"] != "never", terminal.colorDepth != forcedDepth, terminal.colorDepth != .none {
            app.logNote(
                "--colors \(forcedDepth.rawValue) is more than the terminal's entry (\(terminal.terminfoName)) has; "
                    + "drawing with \(terminal.colorDepth.rawValue) colours at most")
        }
        let frameLog = environment["WIDGETTERM_FRAME_LOG"].flatMap(FrameLog.init(path:))
        if let frameLog { app.frameObserver = frameLog.record }
        let exit = app.run()
        terminal.restore()
        frameLog?.close()
        switch exit {
        case .quit:
            return 0
        case .signal(let number):
            // Die of the same signal, as a program without a handler would: the shell sees 128 + number.
            signal(number, SIG_DFL)
            raise(number)
            return 128 + number
        }
    }

    static let help = """
        usage: widgetterm [preview] [KIND | FILE...] [options]

        The interactive preview: the widget KIND (default: the first) in every family it supports, or one family
        in fullColor, accented and vibrant (v), with a status bar, an event log and the app a tap opens. Press ?
        for every key. Needs a terminal; when standard output is not one it says so and exits 2.
        FILE... are widget documents (docs/widget-document.md): each save re-renders within half a second; a broken
        save keeps the last good render and shows the error in a banner.

        options:
          --family F         the family focused first
          --mode M           fullColor, accented or vibrant (default: the theme's mode)
          --theme T          light, dark, tinted, clear, lockscreen, standby-night, or a theme file (default light)
          --scheme S         light or dark: overrides the theme's appearance
          --device NAME      device profile (default iphone-430)
          --os N             iOS major version whose rules apply, 14 to 18 or 26 (default 26): links in systemSmall need 17
          --at ISO8601       start the clock here, e.g. 2026-11-29T09:00 (local) or ...Z
          --speed N          simulated seconds per real second (default 1)
          --routes FILE      more deep-link routes (JSON, see `widgetterm open --help`)
          --open-command CMD run CMD with each opened URL as its one argument (never through a shell); at most 4
                             run at once (more taps are refused, in the log), each stopped with its process
                             group after 10 s
          --app-group DIR    the App Group store directory (default under the user's cache directory)
          --assets DIR       a folder with the app's *.xcassets, *.xcstrings and *.lproj (repeatable)
          --intent-timeout S seconds an intent's perform() may take (default 5)
          --push-file FILE   a Live Activity push payload (JSON as APNs delivers it) that P applies to the
                             focused activity of the i screen (a start push: a new one of the kind k
                             selects); read again at each press
          --widget-push-file FILE  the content-changed push U sends to the focused widget, or on the C screen to the
                             selected control (default {"aps": {"content-changed": true}}); read again at each press
          --provider-timeout S  seconds a provider callback may take (default 5)
          --in-process       run the widget code in the preview's own process (by default it runs in
                             extension processes of this program, one per widget kind; --extension-processes,
                             once needed for that, is still accepted)
          --color WHEN       auto, always or never (never: no colour, as NO_COLOR; always: colour despite NO_COLOR)
          --colors DEPTH     16, 256 or truecolor (default: what the terminal offers; COLORTERM=truecolor uses
                             a direct-colour terminfo entry such as xterm-direct)
          --timezone ZONE, --locale ID, --param NAME=VALUE   as for render

        """
}

/// Appends one line per presented frame to a file (`WIDGETTERM_FRAME_LOG=PATH`): the frame number, the runs
/// and cells written, whether it was a full repaint, and the milliseconds since the process started (from
/// `/proc/self/stat`, 10 ms resolution). For the benchmarks: first frame after launch, bytes per changed run.
final class FrameLog {
    private let handle: FileHandle
    /// Seconds since boot when the process started, nil when /proc cannot say.
    private let processStart: Double?

    init?(path: String) {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            return nil
        }
        self.handle = handle
        processStart = Self.processStartSinceBoot()
    }

    func record(_ statistics: FrameStatistics) {
        var line = "frame \(statistics.index) runs \(statistics.runs) cells \(statistics.cells)"
        if let processStart {
            var now = timespec()
            clock_gettime(CLOCK_BOOTTIME, &now)
            let elapsed = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - processStart
            line += String(format: " ms %.0f", elapsed * 1000)
        }
        handle.write(Data((line + (statistics.isFullRepaint ? " full" : "") + "\n").utf8))
    }

    /// Field 22 of /proc/self/stat (start time in clock ticks since boot), in seconds.
    static func processStartSinceBoot() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command name: state is field 3, so start time (field 22) is at index 19.
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func close() { try? handle.close() }
}
