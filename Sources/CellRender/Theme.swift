import Foundation
import WidgetKitUI

// MARK: - Themes: the screen a widget sits on

/// The screen a widget is shown on and how iOS draws it there: wallpaper, material, the tints of the
/// monochrome modes, the system colour values and a terminal palette (ARCHITECTURE.md "Rendering modes and themes").
///
/// Built-in themes (widgetkit-facts §3): `light` and `dark` Home Screens (full colour), `tinted` and `clear`
/// Home Screens (accented, iOS 18+ / 26), `lockscreen` (vibrant) and `standby-night` (vibrant, red).
/// Each is a JSON file in `themes/` and is also compiled in (`Theme.builtIn(named:)`), so a release binary
/// works anywhere; `Theme.resolve(_:)` prefers a `themes/NAME.json` it finds on disk, so an edited file wins.
///
/// A theme file is a JSON object with these keys (colours are `"#RRGGBB"`; where opacity is allowed also
/// `"#RRGGBBAA"` or `"#RRGGBB NN%"`):
/// - `comment` (string): what the theme shows, one sentence.
/// - `renderingMode`: `fullColor`, `accented` or `vibrant`, the mode iOS uses on this screen.
/// - `colorScheme`: `light` or `dark`, the appearance widgets get there.
/// - `wallpaper`: what shows behind and around widgets.
/// - `material`: accented mode: the glass or tint that replaces the container background; vibrant mode: the
///   material laid over the wallpaper behind the content. Optional, default fully transparent.
/// - `defaultTint`, `accentTint`: the colours of the default and accent groups in accented and vibrant modes.
/// - `systemColors`: `{"light": {"red": "#FF3B30", ...}, "dark": {...}}`, the values of system colours in each
///   appearance; a colour not listed keeps Apple's iOS value. Optional.
/// - `terminalPalette`: the 16 colours the terminal is assumed to show for ANSI colours 0–15 (xterm's by
///   default); output limited to 16 colours picks the nearest of these. Optional.
/// - `name` (string): optional, default the file name without `.json`.
public struct Theme: Equatable, Sendable {
    /// The name `--theme` and diagnostics use.
    public var name: String
    /// What the theme shows, one sentence.
    public var comment: String
    /// The mode iOS uses on this screen; `--mode` overrides it.
    public var renderingMode: WidgetRenderingMode
    /// The appearance widgets get on this screen; `--scheme` overrides it.
    public var colorScheme: ColorScheme
    /// What shows behind and around the widget.
    public var wallpaper: RGB
    /// Accented: the glass or tint replacing the container background. Vibrant: the material over the wallpaper.
    public var material: RGBA
    /// The default- and accent-group colours of the monochrome modes.
    public var tints: RenderingModeTints
    /// System colour values in the light appearance.
    public var lightPalette: SystemPalette
    /// System colour values in the dark appearance.
    public var darkPalette: SystemPalette
    /// The 16 colours assumed for ANSI colours 0–15.
    public var terminalPalette: [RGB]

    /// A theme; unspecified parts are no material, white tints, Apple's system colours and xterm's palette.
    public init(
        name: String, comment: String, renderingMode: WidgetRenderingMode, colorScheme: ColorScheme, wallpaper: RGB,
        material: RGBA = RGBA(red: 0, green: 0, blue: 0, alpha: 0), tints: RenderingModeTints = .white,
        lightPalette: SystemPalette = .light, darkPalette: SystemPalette = .dark,
        terminalPalette: [RGB] = ColorQuantizer.palette16
    ) {
        self.name = name
        self.comment = comment
        self.renderingMode = renderingMode
        self.colorScheme = colorScheme
        self.wallpaper = wallpaper
        self.material = material
        self.tints = tints
        self.lightPalette = lightPalette
        self.darkPalette = darkPalette
        self.terminalPalette = terminalPalette
    }

    /// The system colour values of an appearance.
    public func palette(for scheme: ColorScheme) -> SystemPalette { scheme == .dark ? darkPalette : lightPalette }

    /// What is behind the content in `mode`: the wallpaper, with the material over it in vibrant mode.
    public func backdrop(in mode: WidgetRenderingMode) -> RGB {
        mode == .vibrant ? material.composited(over: wallpaper) : wallpaper
    }

    /// The paint style for this theme: its appearance (or `colorScheme`), its mode (or `mode`), the wallpaper
    /// as the surface, its tints, and its material as the accented container replacement. Symbols use their
    /// narrow fallback glyphs in the monochrome modes (a terminal cannot tint a colour emoji).
    public func paintStyle(mode: WidgetRenderingMode? = nil, colorScheme: ColorScheme? = nil) -> PaintStyle {
        let scheme = colorScheme ?? self.colorScheme
        let renderingMode = mode ?? self.renderingMode
        var style = PaintStyle(
            colorScheme: scheme, palette: palette(for: scheme), renderingMode: renderingMode,
            surface: backdrop(in: renderingMode), prefersNarrowSymbols: renderingMode != .fullColor)
        style.tints = tints
        style.containerMaterial = material
        return style
    }

    /// `buffer` with every colour replaced by the xterm colour of the nearest entry of `terminalPalette`, so a
    /// 16-colour encoder picks the ANSI colour this theme's terminal shows closest to the real colour.
    public func mappedToTerminalPalette(_ buffer: CellBuffer) -> CellBuffer {
        guard terminalPalette.count == 16, terminalPalette != ColorQuantizer.palette16 else { return buffer }
        var cache: [RGB: RGB] = [:]
        func map(_ color: RGB?) -> RGB? {
            guard let color else { return nil }
            if let known = cache[color] { return known }
            var best = 0
            for index in terminalPalette.indices
            where ColorQuantizer.distance(color, terminalPalette[index]) < ColorQuantizer.distance(color, terminalPalette[best]) {
                best = index
            }
            cache[color] = ColorQuantizer.palette16[best]
            return ColorQuantizer.palette16[best]
        }
        var mapped = buffer
        for row in 0..<buffer.height {
            for column in 0..<buffer.width {
                var cell = buffer[column, row]
                cell.foreground = map(cell.foreground)
                cell.background = map(cell.background)
                mapped[column, row] = cell
            }
        }
        return mapped
    }
}

// MARK: - Errors

/// A theme that cannot be used: names the file, the key and the problem, and says what to write instead.
public struct ThemeError: Error, Equatable, CustomStringConvertible {
    /// The file (as given), or the name that was looked up.
    public var file: String
    /// The key at fault, as a path (`systemColors.dark.red`); nil when the whole file is at fault.
    public var key: String?
    /// What is wrong and what to write instead.
    public var problem: String

    /// An error about `key` of `file`.
    public init(file: String, key: String?, problem: String) {
        self.file = file
        self.key = key
        self.problem = problem
    }

    /// `theme FILE: key "KEY": PROBLEM`.
    public var description: String {
        if let key { return "theme \(file): key \"\(key)\": \(problem)" }
        return "theme \(file): \(problem)"
    }
}

// MARK: - Loading

extension Theme {
    /// The keys a theme file may contain.
    public static let keys = [
        "name", "comment", "renderingMode", "colorScheme", "wallpaper", "material", "defaultTint",
        "accentTint", "systemColors", "terminalPalette",
    ]
    private static let requiredKeys = ["renderingMode", "colorScheme", "wallpaper", "defaultTint", "accentTint"]

    /// Reads a theme file.
    /// - Throws: `ThemeError` naming the file, the key and the problem (unreadable file, malformed JSON,
    ///   missing or unknown key, a value of the wrong kind, a malformed colour).
    public static func load(contentsOf url: URL, displayPath: String? = nil) throws -> Theme {
        let shown = displayPath ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ThemeError(file: shown, key: nil, problem: "cannot be read (\(error.localizedDescription)); check the path")
        }
        return try decode(data, file: shown, defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// Decodes theme JSON; `file` is only used in errors, `defaultName` when there is no `name` key.
    /// - Throws: `ThemeError` naming `file`, the key and the problem.
    public static func decode(_ data: Data, file: String, defaultName: String) throws -> Theme {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw ThemeError(file: file, key: nil, problem: "is not valid JSON (\(reason))")
        }
        guard let root = object as? [String: Any] else {
            throw ThemeError(file: file, key: nil, problem: "must be a JSON object with the keys \(keys.joined(separator: ", "))")
        }
        for key in root.keys.sorted() where !keys.contains(key) {
            throw ThemeError(file: file, key: key, problem: "unknown key; valid keys: \(keys.joined(separator: ", "))")
        }
        for key in requiredKeys where root[key] == nil {
            throw ThemeError(file: file, key: key, problem: "missing; every theme names \(requiredKeys.joined(separator: ", "))")
        }
        func string(_ key: String) throws -> String? {
            guard let value = root[key] else { return nil }
            guard let text = value as? String else { throw ThemeError(file: file, key: key, problem: "must be a string") }
            return text
        }
        func color(_ value: Any?, key: String, allowsAlpha: Bool) throws -> RGBA {
            guard let text = value as? String, let parsed = parseColor(text), allowsAlpha || parsed.alpha == 1 else {
                let shown = (value as? String).map { "\"\($0)\"" } ?? "\(value ?? "null")"
                throw ThemeError(
                    file: file, key: key,
                    problem:
                        "\(shown) is not a colour; write \(allowsAlpha ? "\"#RRGGBB\", \"#RRGGBBAA\" or \"#RRGGBB NN%\"" : "\"#RRGGBB\"")")
            }
            return parsed
        }
        func opaque(_ key: String) throws -> RGB {
            let value = try color(root[key], key: key, allowsAlpha: false)
            return RGB(red: value.red, green: value.green, blue: value.blue)
        }

        let modeText = try string("renderingMode") ?? ""
        guard let mode = WidgetRenderingMode(rawValue: modeText) else {
            throw ThemeError(
                file: file, key: "renderingMode",
                problem:
                    "\"\(modeText)\" is not a rendering mode; valid: \(WidgetRenderingMode.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        let schemeText = try string("colorScheme") ?? ""
        guard let scheme = ColorScheme(rawValue: schemeText) else {
            throw ThemeError(file: file, key: "colorScheme", problem: "\"\(schemeText)\" is not a colour scheme; valid: light, dark")
        }
        var theme = Theme(
            name: try string("name") ?? defaultName, comment: try string("comment") ?? "",
            renderingMode: mode, colorScheme: scheme, wallpaper: try opaque("wallpaper"),
            tints: RenderingModeTints(defaultTint: try opaque("defaultTint"), accentTint: try opaque("accentTint")))
        if root["material"] != nil { theme.material = try color(root["material"], key: "material", allowsAlpha: true) }

        if let value = root["systemColors"] {
            guard let schemes = value as? [String: Any] else {
                throw ThemeError(file: file, key: "systemColors", problem: "must be an object with \"light\" and/or \"dark\" objects")
            }
            for (schemeName, entries) in schemes.sorted(by: { $0.key < $1.key }) {
                guard let scheme = ColorScheme(rawValue: schemeName) else {
                    throw ThemeError(file: file, key: "systemColors.\(schemeName)", problem: "unknown appearance; valid: light, dark")
                }
                guard let colors = entries as? [String: Any] else {
                    throw ThemeError(file: file, key: "systemColors.\(schemeName)", problem: "must be an object of colour names to colours")
                }
                var palette = theme.palette(for: scheme)
                for (colorName, colorValue) in colors.sorted(by: { $0.key < $1.key }) {
                    let path = "systemColors.\(schemeName).\(colorName)"
                    guard let system = SystemColor(rawValue: colorName) else {
                        throw ThemeError(
                            file: file, key: path,
                            problem: "unknown system colour; valid: \(SystemColor.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    palette.values[system] = try color(colorValue, key: path, allowsAlpha: true)
                }
                if scheme == .dark { theme.darkPalette = palette } else { theme.lightPalette = palette }
            }
        }
        if let value = root["terminalPalette"] {
            guard let entries = value as? [Any], entries.count == 16 else {
                throw ThemeError(file: file, key: "terminalPalette", problem: "must be an array of 16 colours, ANSI colours 0 to 15")
            }
            theme.terminalPalette = try entries.enumerated().map { index, entry in
                let value = try color(entry, key: "terminalPalette[\(index)]", allowsAlpha: false)
                return RGB(red: value.red, green: value.green, blue: value.blue)
            }
        }
        return theme
    }

    /// Parses `#RRGGBB`, `#RRGGBBAA`, or `#RRGGBB NN%` (opacity in percent, e.g. `#3C3C43 30%`, which keeps
    /// opacities such as 30% exact); the `#` is optional. Nil when malformed.
    public static func parseColor(_ text: String) -> RGBA? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let digits = parts[0].hasPrefix("#") ? parts[0].dropFirst() : parts[0]
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16) else {
            return nil
        }
        let rgb = digits.count == 8 ? value >> 8 : value
        var alpha = digits.count == 8 ? Double(value & 0xFF) / 255 : 1
        if parts.count == 2 {
            guard digits.count == 6, parts[1].hasSuffix("%"), let percent = Double(parts[1].dropLast()), (0...100).contains(percent) else {
                return nil
            }
            alpha = percent / 100
        }
        return RGBA(Int((rgb >> 16) & 0xFF), Int((rgb >> 8) & 0xFF), Int(rgb & 0xFF), alpha: alpha)
    }

    /// `#RRGGBB`; when translucent `#RRGGBBAA`, or `#RRGGBB NN%` when the opacity is a whole percent that
    /// `AA` cannot hold exactly (so writing and reading a theme gives the same values).
    public static func hex(_ color: RGBA) -> String {
        let opaque = RGB(red: color.red, green: color.green, blue: color.blue).hex
        guard color.alpha < 1 else { return opaque }
        let byte = (min(max(color.alpha, 0), 1) * 255).rounded()
        if byte / 255 == color.alpha { return opaque + String(format: "%02X", Int(byte)) }
        return opaque + " " + String(format: "%g", color.alpha * 100) + "%"
    }
}

// MARK: - Finding themes

/// The six themes compiled into WidgetTerm (`themes/NAME.json` hold the same values), by name: a typed way to name
/// one, so code that wants `dark` gets it without looking a string up and unwrapping.
public enum BuiltInTheme: String, CaseIterable, Sendable {
    /// iOS Home Screen, light appearance (full colour).
    case light
    /// iOS Home Screen, dark appearance (full colour).
    case dark
    /// iOS 18+ tinted Home Screen (accented).
    case tinted
    /// iOS 26 clear Home Screen (accented).
    case clear
    /// iPhone Lock Screen (vibrant).
    case lockScreen = "lockscreen"
    /// iPhone StandBy in low light (vibrant, red on black).
    case standByNight = "standby-night"

    /// The theme's values.
    public var theme: Theme {
        switch self {
        case .light: return BuiltInThemes.light
        case .dark: return BuiltInThemes.dark
        case .tinted: return BuiltInThemes.tinted
        case .clear: return BuiltInThemes.clear
        case .lockScreen: return BuiltInThemes.lockscreen
        case .standByNight: return BuiltInThemes.standbyNight
        }
    }
}

extension Theme {
    /// The names of the built-in themes, in the order `check` walks them.
    public static let builtInNames = BuiltInTheme.allCases.map(\.rawValue)

    /// A built-in theme by name, compiled in (the same values as `themes/NAME.json`); nil for any other name. Code that
    /// knows which theme it wants uses `builtIn(_:)`, which cannot fail.
    public static func builtIn(named name: String) -> Theme? { BuiltInTheme(rawValue: name)?.theme }

    /// A built-in theme (the same values as `themes/NAME.json`).
    public static func builtIn(_ theme: BuiltInTheme) -> Theme { theme.theme }

    /// Where `resolve(_:)` looks for `NAME.json`: `themes/` in the current directory, then `themes/` beside the
    /// executable and in each folder above it (so `.build/debug/widgetterm` finds the package's `themes/`).
    public static var searchDirectories: [URL] {
        var directories = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("themes")]
        if var folder = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() {
            for _ in 0..<8 {
                directories.append(folder.appendingPathComponent("themes"))
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        var seen = Set<String>()
        return directories.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// The theme `--theme` names: a path (it contains `/`, ends in `.json`, or names an existing file) is
    /// loaded; a name is looked up as `NAME.json` in `directories`, then among the built-ins.
    /// - Throws: `ThemeError` for a broken file, or for an unknown name (listing the valid names).
    public static func resolve(_ nameOrPath: String, searchDirectories directories: [URL] = Theme.searchDirectories) throws -> Theme {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: nameOrPath, isDirectory: &isDirectory) && !isDirectory.boolValue
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") || exists {
            guard exists else {
                throw ThemeError(
                    file: nameOrPath, key: nil,
                    problem: "no such file; give a theme file or one of the names \(builtInNames.joined(separator: ", "))")
            }
            return try load(contentsOf: URL(fileURLWithPath: nameOrPath), displayPath: nameOrPath)
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent(nameOrPath + ".json")
            if fileManager.fileExists(atPath: candidate.path) { return try load(contentsOf: candidate) }
        }
        if let theme = builtIn(named: nameOrPath) { return theme }
        var names = Set(builtInNames)
        for directory in directories {
            let files = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
            for file in files where file.hasSuffix(".json") { names.insert(String(file.dropLast(5))) }
        }
        throw ThemeError(
            file: nameOrPath, key: nil,
            problem: "unknown theme; valid names: \(names.sorted().joined(separator: ", ")), or a path to a theme file")
    }
}

/// The six built-in themes as compiled values (`BuiltInTheme`); `themes/*.json` hold the same values (a test keeps them
/// equal).
enum BuiltInThemes {

    static let light = Theme(
        name: "light", comment: "iOS Home Screen, light appearance: full colour, colours as declared, on a pale blue wallpaper.",
        renderingMode: .fullColor, colorScheme: .light, wallpaper: RGB(0xA7, 0xC4, 0xE5))

    static let dark = Theme(
        name: "dark", comment: "iOS Home Screen, dark appearance: full colour, colours as declared, on a near-black wallpaper.",
        renderingMode: .fullColor, colorScheme: .dark, wallpaper: RGB(0x10, 0x15, 0x1C))

    static let tinted = Theme(
        name: "tinted",
        comment:
            "iOS 18+ tinted Home Screen with an amber user tint (#E8A33D): accented mode, the accent group in the tint, the default group a pale tint, the container background replaced by a dark amber tint.",
        renderingMode: .accented, colorScheme: .dark, wallpaper: RGB(0x1E, 0x25, 0x30),
        material: RGBA(0x3D, 0x2A, 0x10, alpha: 0xE6 / 255.0),
        tints: RenderingModeTints(defaultTint: RGB(0xF9, 0xEB, 0xCF), accentTint: RGB(0xE8, 0xA3, 0x3D)))

    static let clear = Theme(
        name: "clear",
        comment:
            "iOS 26 clear Home Screen: accented mode, the accent group white, the default group translucent white, the container background replaced by clear glass over a dimmed wallpaper.",
        renderingMode: .accented, colorScheme: .dark, wallpaper: RGB(0x2C, 0x3A, 0x4F),
        material: RGBA(0xFF, 0xFF, 0xFF, alpha: 0x24 / 255.0),
        tints: RenderingModeTints(defaultTint: RGB(0xE0, 0xE3, 0xE6), accentTint: RGB(0xFF, 0xFF, 0xFF)))

    static let lockscreen = Theme(
        name: "lockscreen",
        comment:
            "iPhone Lock Screen: vibrant mode, content white by brightness over a light dimming material on a blue-grey wallpaper; no container background.",
        renderingMode: .vibrant, colorScheme: .dark, wallpaper: RGB(0x23, 0x30, 0x44),
        material: RGBA(0x00, 0x00, 0x00, alpha: 0x33 / 255.0))

    static let standbyNight = Theme(
        name: "standby-night",
        comment: "iPhone StandBy in low light: vibrant mode, everything monochrome red on black; no container background.",
        renderingMode: .vibrant, colorScheme: .dark, wallpaper: RGB(0x00, 0x00, 0x00),
        tints: RenderingModeTints(defaultTint: RGB(0xFF, 0x45, 0x3A), accentTint: RGB(0xFF, 0x45, 0x3A)))
}
