import Foundation
import CellLayout
import CellRender
import WidgetHost
import WidgetKitUI
import AssetCatalog
#if canImport(Glibc)
import Glibc
import SpellingSuggestions
import WidgetDocument
#endif

// MARK: - Entry point

/// The `widgetterm` command line as a library, so a widget package gets the same commands for its own
/// bundle with one call in its `main.swift`: `WidgetTermCommand.main(bundle: MyWidgets())`.
public enum WidgetTermCommand {
    /// Runs the command line on `bundle` with the process arguments and exits with the command's status
    /// (0 ok, 1 diagnostics at error level, 2 usage or input errors). The program's `#Preview`s
    /// (`PreviewRegistry`) follow the bundle's widgets, each under its kind `File.swift#Name`.
    public static func main<Bundle: WidgetBundle>(bundle: Bundle) -> Never {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let environment = ProcessInfo.processInfo.environment
        // The bundle's body runs before the command parses its flags; an `if #available` in it (rewritten
        // to ask `OSAvailability`) must already see `--os`. A bad value is reported by the parser later.
        for value in ParsedArguments.values(of: "os", in: arguments) {
            if let version = Int(value), OSAvailability.simulatedMajorVersions.contains(version) {
                OSAvailability.iOSMajorVersion = version
            }
        }
        // `UIScreen.main` read in the bundle's body or a provider follows `--device` too.
        for name in ParsedArguments.values(of: "device", in: arguments) {
            if let device = DeviceProfile.named(name) {
                SimulatedScreen.use(size: device.screen, scale: device.displayScale)
            }
        }
        // The hidden extension mode: the preview started this program to run the bundle's code for it
        // (ExtensionServer; requests on standard input, answers on standard output).
        if environment[ExtensionProtocol.serverEnvironmentVariable] == "1" {
            do {
                try RenderSettings.installAppGroupStore(environment: environment)
            } catch {
                ControlEscapingStream(StandardStream.error).write(
                    "widgetterm extension: \(MessageText.oneLine((error as? UsageError)?.message ?? "\(error)"))\n")
                exit(2)
            }
            // `--assets DIR`: bodies resolve here, so the app's catalogs are read here (the command in the parent
            // reports their problems; a folder it refuses never gets this far).
            let assetFolders = AssetsArgument.folders(in: arguments)
            if !assetFolders.isEmpty, let catalogs = try? AssetsArgument.open(assetFolders) {
                HostContext.process.resources = catalogs
            }
            exit(
                ExtensionServer(widgets: bundle.widgetDescriptors + PreviewRegistry.descriptors(), controls: bundle.controlDescriptors)
                    .run())
        }
        // The preview plays the system, as on iOS (unless `--in-process`): this same program, started as extension
        // processes (one per widget kind), runs the bundle's widget code, so a crash or a hang in it ends only that
        // process. Controls and configurable widgets' parameters run there too.
        if let rest = ExtensionPreview.isolatedPreviewArguments(arguments, outputIsTerminal: StandardStream.output.isTerminal) {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
            exit(ExtensionPreview.run(executable: executable, arguments: rest, environment: environment))
        }
        arguments.removeAll { $0 == ExtensionPreview.extensionProcessesFlag || $0 == ExtensionPreview.inProcessFlag }
        // Widget code that runs in this process finds its App Group container in the same store its
        // UserDefaults suites were routed to before `main` (`list`, `help` and `bench` run no widget code).
        // The command as CommandDispatch reads it, without the bundle's kinds (a kind is the preview either way).
        let named = try? CommandDispatch.resolve(arguments, kinds: { [] }, pathExists: { _ in true }).command
        if !["list", "help", "--help", "-h", "--version", "bench", "open", "sources"].contains(named ?? "help") {
            do {
                try RenderSettings.installAppGroupStore(environment: environment)
            } catch {
                ControlEscapingStream(StandardStream.error).write(
                    "widgetterm: \(MessageText.oneLine((error as? UsageError)?.message ?? "\(error)"))\n")
                exit(2)
            }
        }
        let status = run(
            arguments: arguments, widgets: { bundle.widgetDescriptors + PreviewRegistry.descriptors() },
            controls: { bundle.controlDescriptors }, environment: environment, output: StandardStream.output,
            errors: StandardStream.error)
        exit(status)
    }

    /// The version `widgetterm --version` prints (semantic versioning; 0.x while the command line may change).
    public static let version = "0.1.0"

    /// Runs one command and returns its exit status; output and errors go to the given streams. Control
    /// characters in what goes to `errors` are escaped (`TerminalText`): messages quote documents and URLs.
    public static func run(
        arguments: [String], widgets: [WidgetDescriptor], environment: [String: String],
        output: TextStream, errors: TextStream
    ) -> Int32 {
        run(arguments: arguments, widgets: { widgets }, environment: environment, output: output, errors: errors)
    }

    /// `run` with the bundle's controls too (`ControlWidget`s, for `widgetterm control`).
    public static func run(
        arguments: [String], widgets: [WidgetDescriptor], controls: [ControlDescriptor], environment: [String: String],
        output: TextStream, errors: TextStream
    ) -> Int32 {
        run(arguments: arguments, widgets: { widgets }, controls: { controls }, environment: environment, output: output, errors: errors)
    }

    /// `run` with the bundle's widgets built only by the commands that use them (`bench frame` and `help`
    /// start faster without evaluating every widget's configuration).
    static func run(
        arguments: [String], widgets: () -> [WidgetDescriptor], controls: () -> [ControlDescriptor] = { [] },
        environment: [String: String], output: TextStream, errors: TextStream
    ) -> Int32 {
        // `--timezone` is the simulated device's zone for widget code too: `Calendar.current` follows it.
        SimulatedTimeZone.run(in: simulatedTimeZone(in: arguments)) {
            runInZone(arguments: arguments, widgets: widgets, controls: controls, environment: environment, output: output, errors: errors)
        }
    }

    /// The zone the command's `--timezone NAME` or `--timezone=NAME` names, read as its parser reads it
    /// (`ParsedArguments.values(of:in:)`, the last one); nil when it names none, or none that exists (the command's
    /// own parsing reports that, with the flag).
    static func simulatedTimeZone(in arguments: [String]) -> TimeZone? {
        ParsedArguments.values(of: "timezone", in: arguments).last.flatMap(TimeZone.init(identifier:))
    }

    private static func runInZone(
        arguments: [String], widgets: () -> [WidgetDescriptor], controls: () -> [ControlDescriptor],
        environment: [String: String], output: TextStream, errors: TextStream
    ) -> Int32 {
        let errors = ControlEscapingStream(errors)
        // `--assets DIR`: the app's catalogs, for every command that runs widget code, in a host context of
        // this run's own (tests run commands in parallel in one process).
        let assetFolders = AssetsArgument.folders(in: arguments)
        if !assetFolders.isEmpty {
            let catalogs: AssetCatalogs
            do {
                catalogs = try AssetsArgument.open(assetFolders)
            } catch {
                errors.write("widgetterm: \(MessageText.oneLine((error as? UsageError)?.message ?? "\(error)"))\n")
                return 2
            }
            for problem in catalogs.problems { errors.write("widgetterm: warning: \(MessageText.oneLine(problem))\n") }
            let current = HostContext.current
            let host = HostContext(
                widgetCenter: current.widgetCenter, activities: current.activities, appGroupContainers: current.appGroupContainers)
            host.resources = catalogs
            return host.run {
                runCommand(arguments, widgets: widgets, controls: controls, environment: environment, output: output, errors: errors)
            }
        }
        return runCommand(arguments, widgets: widgets, controls: controls, environment: environment, output: output, errors: errors)
    }

    private static func runCommand(
        _ arguments: [String], widgets: () -> [WidgetDescriptor], controls: () -> [ControlDescriptor],
        environment: [String: String], output: TextStream, errors: TextStream
    ) -> Int32 {
        do {
            let resolved = try CommandDispatch.resolve(arguments, kinds: { widgets().map(\.kind) })
            let command = resolved.command
            let rest = resolved.arguments
            switch command {
            case "list": return try ListCommand.run(rest, widgets: widgets(), environment: environment, output: output, errors: errors)
            case "render":
                return try RenderCommand.run(
                    rest, widgets: widgets(), controls: controls, environment: environment, output: output, errors: errors)
            case "gallery":
                return try GalleryCommand.run(rest, widgets: widgets(), environment: environment, output: output, errors: errors)
            case "preview":
                return try PreviewCommand.run(
                    rest, widgets: widgets(), controls: controls(), environment: environment, output: output, errors: errors)
            case "bench": return try BenchCommand.run(rest, widgets: widgets, output: output)
            case "open": return try OpenCommand.run(rest, widgets: widgets(), output: output, errors: errors)
            case "timeline": return try TimelineCommand.run(rest, widgets: widgets(), output: output)
            case "check":
                return try CheckCommand.run(rest, widgets: widgets(), controls: controls(), output: output, errors: errors)
            case "sources": return try SourcesCommand.run(rest, output: output, errors: errors)
            case "standby":
                return try StandByCommand.run(rest, widgets: widgets(), environment: environment, output: output, errors: errors)
            case "carplay":
                return try CarPlayCommand.run(rest, widgets: widgets(), environment: environment, output: output, errors: errors)
            case "push":
                return try PushCommand.run(
                    rest, widgets: widgets(), controls: controls(), environment: environment, output: output, errors: errors)
            case "smartstack":
                return try SmartStackCommand.run(rest, widgets: widgets(), output: output, errors: errors)
            case "control":
                return try ControlCommand.run(rest, controls: controls(), environment: environment, output: output, errors: errors)
            case "_tap": return try TapCommand.run(rest, widgets: widgets(), output: output, errors: errors)
            case "help", "--help", "-h":
                // `help COMMAND` is `COMMAND --help`, as `git help COMMAND` and `swift help COMMAND` are.
                if command == "help", let topic = rest.first, topic != "help" {
                    guard CommandDispatch.commands.contains(topic) else {
                        let nearest =
                            NearestName.suggestion(for: topic, among: CommandDispatch.commands).map { " (did you mean \($0)?)" } ?? ""
                        throw UsageError(
                            "help takes a command name, not \(topic)\(nearest); valid commands: "
                                + CommandDispatch.commands.joined(separator: ", "))
                    }
                    return runCommand(
                        [topic, "--help"], widgets: widgets, controls: controls, environment: environment, output: output, errors: errors)
                }
                output.write(Help.main)
                return 0
            case "--version":
                output.write("widgetterm \(version)\n")
                return 0
            default:
                throw UsageError("unknown command \(command); valid commands: \(CommandDispatch.commands.joined(separator: ", "))")
            }
        } catch let error as UsageError {
            errors.write("widgetterm: \(MessageText.oneLine(error.message))\n")
            return 2
        } catch let error as ProviderError {
            errors.write("widgetterm: \(MessageText.oneLine(error.description))\n")
            return 2
        } catch {
            errors.write("widgetterm: \(MessageText.oneLine("\(error)"))\n")
            return 2
        }
    }
}

/// Where commands write: standard output, standard error, or a string in tests.
public protocol TextStream: AnyObject {
    func write(_ text: String)
    /// True when the stream is an interactive terminal.
    var isTerminal: Bool { get }
}

/// Standard output and error, unbuffered per write.
public final class StandardStream: TextStream {
    let descriptor: Int32
    init(descriptor: Int32) { self.descriptor = descriptor }
    /// Standard output (file descriptor 1).
    nonisolated(unsafe) public static let output = StandardStream(descriptor: 1)
    /// Standard error (file descriptor 2).
    nonisolated(unsafe) public static let error = StandardStream(descriptor: 2)

    /// Writes `text` as UTF-8 at once, with no buffering, retrying short writes; stops silently when the
    /// descriptor refuses more (a closed pipe).
    public func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
    /// True when the descriptor is a terminal (`isatty`), so colours and the interactive preview may be used.
    public var isTerminal: Bool { isatty(descriptor) != 0 }
}

/// Collects output in memory (tests).
public final class StringStream: TextStream {
    /// Everything written so far, in order.
    public private(set) var text = ""
    /// What the stream claims to be, so a test can take the terminal or the piped code path.
    public var isTerminal: Bool
    /// Creates an empty stream that answers `isTerminal` as told (a pipe by default).
    public init(isTerminal: Bool = false) { self.isTerminal = isTerminal }
    /// Appends `text` to the collected `text`.
    public func write(_ text: String) { self.text += text }
}

// MARK: - Shared options

/// Options every rendering command shares (ARCHITECTURE.md "Command line", global flags).
struct RenderSettings {
    /// `app-group` is read before `main` by the start-up hook (CAppGroupEnvironment); it is listed so every
    /// command that runs widget code accepts it.
    static let valuedFlags: Set<String> = [
        "family", "device", "os", "scheme", "at", "context", "format", "color", "colors",
        "timezone", "locale", "param", "provider-timeout",
        "mode", "theme", "app-group", "assets",
    ]

    /// Makes `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)` answer from this process's App
    /// Group store (the one `UserDefaults(suiteName:)` already writes to), before widget code runs.
    ///
    /// - Throws: `UsageError` when the store's directory cannot be created.
    static func installAppGroupStore(environment: [String: String]) throws {
        // The start-up hook could not choose the directory (a path longer than PATH_MAX, say): say so rather
        // than let widget code write to the default store.
        if case .failed(let reason) = AppGroupStore.userDefaultsRouting, !AppGroupArgument.hookChoseDirectory {
            throw UsageError("cannot use the App Group store: \(reason); give --app-group a directory that can be created")
        }
        do {
            try AppGroupStore.forProcess(environment: environment).installAsContainerProvider(in: HostContext.current)
        } catch {
            throw UsageError("\(error)")
        }
    }

    var family: WidgetFamily?
    var device: DeviceProfile = .default
    var osVersion = 26
    var scheme: ColorScheme = .light
    var at: Date?
    var context: ProviderContext = .timeline
    var timeZone: TimeZone = .current
    var locale = Locale(identifier: "en_US")
    /// `--param name=value` for a configurable widget's intent, in order.
    var parameters: [(String, String)] = []
    /// Seconds a provider callback may take before it is treated as a killed extension.
    var providerTimeLimit: TimeInterval = 5
    /// `--mode`: overrides the mode the theme's screen uses.
    var mode: WidgetRenderingMode?
    /// `--theme NAME|PATH`, resolved; nil: the usual theme (light or dark by `--scheme`, `lockscreen` for accessories,
    /// the usual theme of `--mode`) gives the mode, the colours and the wallpaper.
    var theme: Theme?
    /// True when `--scheme` was given (it then overrides the theme's appearance).
    var isSchemeExplicit = false
    /// The usual themes when there is no `--theme` (`Surfaces.usualTheme`), by name.
    var usualThemes: [String: Theme] = [:]

    /// The version `--os` names (26 without it): one of `OSAvailability.simulatedMajorVersions`, which the preview's
    /// `o` key cycles too.
    ///
    /// - Throws: `UsageError` naming the valid versions for anything else, 19 to 25 among them.
    static func osVersion(_ raw: String?) throws -> Int {
        guard let raw else { return 26 }
        let versions = OSAvailability.simulatedMajorVersions
        guard let version = Int(raw), versions.contains(version) else {
            let listed = versions.dropLast().map(String.init).joined(separator: ", ") + " or \(versions.last!)"
            throw UsageError("--os takes an iOS major version: \(listed) (the release after iOS 18 is iOS 26), not \(raw)")
        }
        return version
    }

    init(_ arguments: ParsedArguments) throws {
        for text in arguments.allValues["param"] ?? [] {
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError(IntentParameterError.malformed(text).description)
            }
            parameters.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
        }
        if let raw = arguments["provider-timeout"] {
            guard let seconds = Double(raw), seconds > 0, seconds <= 600 else {
                throw UsageError(
                    "--provider-timeout takes the seconds a provider may take to answer before it is treated as killed, "
                        + "more than 0 and at most 600 (default 5), not \(raw)")
            }
            providerTimeLimit = seconds
        }
        if let name = arguments["device"] {
            guard let device = DeviceProfile.named(name) else {
                let valid = DeviceProfile.all.map(\.name)
                if let (_, hint) = DeviceProfile.modelHint(name) {
                    throw UsageError(
                        "unknown --device \(name): device names give the screen's width in points; \(hint); valid devices: "
                            + valid.joined(separator: ", "))
                }
                throw NameArgument.unknown("device", name, valid: valid, what: "devices")
            }
            self.device = device
        }
        // What `UIScreen.main` answers in widget code (one device per process).
        SimulatedScreen.use(size: device.screen, scale: device.displayScale)
        if let raw = arguments["family"] {
            guard let family = WidgetFamily(rawValue: raw) else {
                throw NameArgument.unknown("family", raw, valid: WidgetFamily.allCases.map(\.rawValue), what: "families")
            }
            self.family = family
        }
        osVersion = try Self.osVersion(arguments["os"])
        // What rewritten `#available(iOS N, *)` checks in widget code answer (one system per process).
        OSAvailability.iOSMajorVersion = osVersion
        scheme = try arguments.choice("scheme", ["light": .light, "dark": .dark], default: .light)
        isSchemeExplicit = arguments["scheme"] != nil
        mode = try arguments.choice(
            "mode", Dictionary(uniqueKeysWithValues: WidgetRenderingMode.allCases.map { ($0.rawValue, $0) }),
            default: nil as WidgetRenderingMode?)
        if let name = arguments["theme"] {
            theme = try NameArgument.theme(name)
        } else {
            let modes = mode.map { [$0] } ?? [.fullColor, .vibrant]
            for mode in modes {
                for family in [WidgetFamily.systemSmall, .accessoryCircular] {
                    let name = Self.usualTheme(mode: mode, family: family, scheme: scheme).rawValue
                    if usualThemes[name] == nil { usualThemes[name] = try Theme.resolve(name) }
                }
            }
        }
        context = try arguments.choice(
            "context", Dictionary(uniqueKeysWithValues: ProviderContext.allCases.map { ($0.rawValue, $0) }),
            default: .timeline)
        if let zone = arguments["timezone"] {
            guard let timeZone = TimeZone(identifier: zone) else {
                throw UsageError("unknown --timezone \(zone); use an IANA name such as Europe/Paris")
            }
            self.timeZone = timeZone
        }
        if let locale = arguments["locale"] { self.locale = try LocaleArgument.parse(locale) }
        if arguments["app-group"]?.isEmpty == true { throw UsageError("--app-group needs a directory") }
        if arguments.allValues["assets"]?.contains(where: \.isEmpty) == true {
            throw UsageError("--assets needs a folder that holds the app's *.xcassets, *.xcstrings or *.lproj")
        }
        // Commands that print no frame (timeline) still refuse a value no command understands; each command then
        // refuses what it cannot write itself (`png` is `render` and `gallery`'s, with `--output`).
        _ = try arguments.choice("format", ["text": 0, "ansi": 0, "json": 0, "svg": 0, "png": 0, "tree": 0], default: 0)
        _ = try arguments.choice("color", ["auto": 0, "always": 0, "never": 0], default: 0)
        _ = try arguments.choice("colors", ["16": 0, "256": 0, "truecolor": 0], default: 0)
        if let at = arguments["at"] { self.at = try DateArgument.parse(at, timeZone: timeZone) }
        if let text = arguments["fetched-at"] {
            let fetched = try DateArgument.parse(text, timeZone: timeZone, flag: "fetched-at")
            if let at, fetched > at {
                throw UsageError(
                    "--fetched-at \(text) is after --at \(arguments["at"]!): a timeline is fetched before it is shown; "
                        + "give a --fetched-at at or before --at")
            }
            fetchedAt = fetched
        }
    }

    /// `--fetched-at` (render, gallery, check): when the provider runs. Nil: at `--at`, as without the flag.
    var fetchedAt: Date?

    /// Runs `body` (a render, in which the widget's body is evaluated) with the host clock at `--fetched-at`: iOS
    /// renders a timeline's views when it fetches the timeline, so `Date()` in a body reads the fetch moment, while
    /// the live texts are drawn at the moment shown (the render options' date). Without the flag, as is.
    func atFetch<T>(_ body: () throws -> T) rethrows -> T {
        guard let fetchedAt else { return try body() }
        let shown = HostClock.now
        HostClock.set(fetchedAt)
        defer { HostClock.set(shown) }
        return try body()
    }

    /// The entry shown at the host clock (`--at`) from the timeline the provider returns when run at `--fetched-at`
    /// (iOS keeps showing a timeline until the next reload: its `.time` texts keep the fetch's time while
    /// `.relative`, `.offset` and `.timer` texts move). Without `--fetched-at`, `WidgetSession.selectEntry` as is.
    /// The host clock is back at `--at` afterwards.
    ///
    /// - Throws: `UsageError` when `--fetched-at` is after the moment shown; what the provider throws.
    func selectEntry(_ session: WidgetSession, family: WidgetFamily, device: DeviceProfile) throws -> EntrySelection {
        guard let fetchedAt else { return try session.selectEntry(family: family, device: device, context: context) }
        let shown = HostClock.now
        guard fetchedAt <= shown else {
            throw UsageError(
                "--fetched-at \(fetchedAt.formatted(.iso8601)) is after the moment shown (\(shown.formatted(.iso8601))); "
                    + "give --at too, or a --fetched-at in the past")
        }
        HostClock.set(fetchedAt)
        defer { HostClock.set(shown) }
        return try session.selectEntry(at: shown, family: family, device: device, context: context)
    }

    var format: SystemTextFormat { SystemTextFormat(locale: locale, timeZone: timeZone) }

    /// Applies `--param` values to a configurable widget; an error names the valid parameters.
    func applyParameters(to widget: WidgetDescriptor) throws {
        guard !parameters.isEmpty else { return }
        guard let configuration = widget.configuration else {
            throw UsageError(
                "\(widget.kind) is not configurable (it uses StaticConfiguration, or a SiriKit IntentConfiguration whose "
                    + "parameters cannot be set by name); --param needs an AppIntentConfiguration widget")
        }
        do {
            for (name, value) in parameters { try configuration.set(name, to: value) }
        } catch let error as IntentParameterError {
            throw UsageError("\(widget.kind): \(error.description)")
        }
    }

    /// A session for a widget with these settings' parameters and provider time limit.
    func session(for widget: WidgetDescriptor) throws -> WidgetSession {
        try applyParameters(to: widget)
        return WidgetSession(descriptor: widget, callbackTimeLimit: providerTimeLimit)
    }

    /// The family to render: the requested one if the widget supports it, else its first.
    func family(for widget: WidgetDescriptor) throws -> WidgetFamily {
        guard !widget.isActivity else {
            throw UsageError(
                "\(widget.kind) is a Live Activity, not a widget: it has presentations, not families; "
                    + "use widgetterm render \(widget.kind) --presentation compact|minimal|expanded|lockscreen")
        }
        guard let family else { return widget.supportedFamilies.first ?? .systemSmall }
        guard widget.supportedFamilies.contains(family) else {
            throw UsageError(
                "\(widget.kind) does not support \(family); supported families: \(widget.supportedFamilies.map(\.rawValue).joined(separator: ", "))"
            )
        }
        guard device.size(of: family) != nil else {
            throw UsageError(
                "\(device.name) has no \(family); devices with it: \(DeviceProfile.all.filter { $0.size(of: family) != nil }.map(\.name).joined(separator: ", "))"
            )
        }
        return family
    }

    func options(family: WidgetFamily, date: Date) -> WidgetRenderOptions {
        WidgetRenderOptions(
            family: family, device: device, osVersion: osVersion, style: style(for: family),
            date: date, format: format)
    }

    /// The theme a family is shown on: `--theme`; else the usual theme of `--mode` (tinted for accented,
    /// lockscreen for vibrant); else `lockscreen` for accessories and light or dark by `--scheme`.
    func theme(for family: WidgetFamily) -> Theme {
        if let theme { return theme }
        let usual = Self.usualTheme(mode: mode, family: family, scheme: scheme)
        return usualThemes[usual.rawValue] ?? Theme.builtIn(usual)
    }

    static func usualTheme(mode: WidgetRenderingMode?, family: WidgetFamily, scheme: ColorScheme) -> BuiltInTheme {
        Surfaces.usualTheme(for: mode ?? (family.isAccessory ? .vibrant : .fullColor), family: family, colorScheme: scheme)
    }

    /// The paint style: the theme's, in `--mode` or the theme's mode. Without `--theme` it is the usual theme's
    /// (`theme(for:)`), wallpaper included, so the default render is the picture `check` measures on that theme
    /// (`render water` is `render water --theme light`).
    func style(for family: WidgetFamily) -> PaintStyle {
        let theme = theme(for: family)
        return theme.paintStyle(mode: mode ?? theme.renderingMode, colorScheme: isSchemeExplicit ? scheme : nil)
    }
}

/// Finds a widget by kind, or fails naming the valid kinds.
/// An argument that names an existing file or ends in `.json` is a widget document (docs/widget-document.md); a
/// malformed or invalid one throws its `DocumentError` (file, line, column, JSON path), which exits with status 2.
func widget(named kind: String, in widgets: [WidgetDescriptor], controls: [ControlDescriptor] = []) throws -> WidgetDescriptor {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: kind, isDirectory: &isDirectory), isDirectory.boolValue {
        throw FolderArgument.error(kind)
    }
    if WidgetDocument.isDocumentArgument(kind) {
        if let what = InputFile.nonFileKind(kind) { throw UsageError("\(kind) is \(what), not a widget document file") }
        return try WidgetDocument(contentsOf: kind).descriptor
    }
    guard let widget = widgets.first(where: { $0.kind == kind }) else {
        let kinds = widgets.map(\.kind)
        if let missing = MissingPathArgument.error(kind, kinds: kinds) { throw missing }
        let hint = NearestName.suggestion(for: kind, among: kinds).map { " (did you mean \($0)?)" } ?? ""
        let controlKinds = controls.isEmpty ? "" : "; controls: \(controls.map(\.kind).joined(separator: ", "))"
        throw UsageError("unknown widget kind \(kind)\(hint); valid kinds: \(kinds.joined(separator: ", "))\(controlKinds)")
    }
    return widget
}

/// What a command says when the word where it takes a widget is a path (it holds a `/`) that names nothing: a
/// widget kind never looks like that, so "unknown widget kind ./MyApp/Widget" would send the person to the
/// wrong list.
enum MissingPathArgument {
    /// The error for `argument` when it looks like a path, exists nowhere and is no kind in `kinds`; else nil.
    static func error(_ argument: String, kinds: [String]) -> UsageError? {
        guard argument.contains("/"), !kinds.contains(argument), !FileManager.default.fileExists(atPath: argument) else { return nil }
        return UsageError(
            "no such file or folder: \(TerminalText.escaped(argument)); give an existing widget document (.json), your widget "
                + "extension's folder, Xcode project or Swift package, or a widget kind (widgetterm list)")
    }
}

// MARK: - list

enum ListCommand {
    static func run(
        _ arguments: [String], widgets: [WidgetDescriptor], environment: [String: String], output: TextStream,
        errors: TextStream
    ) throws -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: ["app-group"], boolean: ["help"])
        if parsed.switches.contains("help") {
            output.write(
                "usage: widgetterm list [--app-group DIR]\n  One line per widget kind: the kind, then its families (Live Activities: "
                    + "their presentations).\n  Standard error notes the App Group store the widgets would read "
                    + "(widgetterm: note: ...), so standard output holds only the listing.\n")
            return 0
        }
        if let kind = parsed.positionals.first {
            if let missing = MissingPathArgument.error(kind, kinds: widgets.map(\.kind)) { throw missing }
            throw UsageError("list takes no widget kind (got \(kind)); use widgetterm render \(kind)")
        }
        // A note, on standard error: standard output stays one line per kind for scripts (DECISIONS.md, "list's App Group line").
        errors.write("widgetterm: note: \(AppGroupArgument.description(arguments: arguments, environment: environment))\n")
        let width = widgets.map(\.kind.count).max() ?? 0
        for widget in widgets {
            output.write(
                widget.kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + (widget.isActivity
                        ? ActivityRenderCommand.listing
                        : widget.supportedFamilies.map(\.rawValue).joined(separator: " ")) + "\n")
        }
        return 0
    }
}

/// A stream that escapes control characters (`TerminalText`, line feeds and tabs kept) before writing to
/// another: every message and diagnostic on standard error quotes documents, URLs and file names.
final class ControlEscapingStream: TextStream {
    let base: TextStream
    init(_ base: TextStream) { self.base = (base as? ControlEscapingStream)?.base ?? base }
    func write(_ text: String) { base.write(TerminalText.escaped(text, multiline: true)) }
    var isTerminal: Bool { base.isTerminal }
}
