import Foundation
import Testing
import CellLayout
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI

// MARK: - Colour science against published vectors

@Suite struct ColorScienceTests {
    @Test func contrastRatioMatchesWCAGVectors() {
        #expect(ColorScience.contrastRatio(RGB(0, 0, 0), RGB(255, 255, 255)) == 21)
        #expect(ColorScience.contrastRatio(RGB(255, 255, 255), RGB(0, 0, 0)) == 21)
        #expect(
            ColorScience.contrastRatio(RGB(0x77, 0x77, 0x77), RGB(255, 255, 255)).formatted(.number.precision(.fractionLength(2))) == "4.48"
        )
        #expect(abs(ColorScience.contrastRatio(RGB(0x77, 0x77, 0x77), RGB(255, 255, 255)) - 4.478) < 0.001)
        #expect(ColorScience.contrastRatio(RGB(0x12, 0x34, 0x56), RGB(0x12, 0x34, 0x56)) == 1)
        // Apple's secondaryLabel composited on white: the familiar 3.44:1.
        #expect(String(format: "%.2f", ColorScience.contrastRatio(RGB(0x8A, 0x8A, 0x8E), RGB(255, 255, 255))) == "3.44")
    }

    @Test func relativeLuminanceEndsAndPrimaries() {
        #expect(ColorScience.relativeLuminance(RGB(0, 0, 0)) == 0)
        #expect(abs(ColorScience.relativeLuminance(RGB(255, 255, 255)) - 1) < 1e-12)
        #expect(abs(ColorScience.relativeLuminance(RGB(255, 0, 0)) - 0.2126) < 1e-12)
        #expect(abs(ColorScience.relativeLuminance(RGB(0, 255, 0)) - 0.7152) < 1e-12)
        #expect(abs(ColorScience.relativeLuminance(RGB(0, 0, 255)) - 0.0722) < 1e-12)
    }

    @Test func labOfKnownColours() {
        let white = ColorScience.lab(RGB(255, 255, 255))
        #expect(abs(white.lightness - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        let grey = ColorScience.lab(RGB(0x77, 0x77, 0x77))
        #expect(String(format: "%.2f", grey.lightness) == "50.03")
        let red = ColorScience.lab(RGB(255, 0, 0))
        #expect(String(format: "%.1f %.1f %.1f", red.lightness, red.a, red.b) == "53.2 80.1 67.2")
    }

    /// Sharma, Wu & Dalal (2005), table 1: pairs 1, 4, 7, 17, 18, 19, 20.
    @Test func ciede2000MatchesSharmaVectors() {
        let pairs: [(LabColor, LabColor, Double)] = [
            (LabColor(lightness: 50, a: 2.6772, b: -79.7751), LabColor(lightness: 50, a: 0, b: -82.7485), 2.0425),
            (LabColor(lightness: 50, a: -1.3802, b: -84.2814), LabColor(lightness: 50, a: 0, b: -82.7485), 1.0000),
            (LabColor(lightness: 50, a: 0, b: 0), LabColor(lightness: 50, a: -1, b: 2), 2.3669),
            (LabColor(lightness: 50, a: 2.5, b: 0), LabColor(lightness: 73, a: 25, b: -18), 27.1492),
            (LabColor(lightness: 50, a: 2.5, b: 0), LabColor(lightness: 61, a: -5, b: 29), 22.8977),
            (LabColor(lightness: 50, a: 2.5, b: 0), LabColor(lightness: 56, a: -27, b: -3), 31.9030),
            (LabColor(lightness: 50, a: 2.5, b: 0), LabColor(lightness: 58, a: 24, b: 15), 19.4535),
        ]
        for (first, second, expected) in pairs {
            #expect(abs(ColorScience.deltaE2000(first, second) - expected) < 0.0001, "\(first) \(second)")
            #expect(abs(ColorScience.deltaE2000(second, first) - expected) < 0.0001, "symmetric \(first) \(second)")
        }
        #expect(ColorScience.deltaE2000(RGB(10, 20, 30), RGB(10, 20, 30)) == 0)
    }

    @Test func systemRedAndGreenAreFarApartInHue() {
        let red = RGB(0xFF, 0x3B, 0x30), green = RGB(0x34, 0xC7, 0x59)
        #expect(ColorScience.deltaE2000(red, green) >= LegibilityCheck.distinctHueDifference)
    }
}

// MARK: - Mode transforms on known colours

@Suite struct RenderingModeTransformTests {
    let red = RGBA(255, 59, 48)
    let fullColor = RenderingModeTransform(mode: .fullColor)
    let accented = RenderingModeTransform(mode: .accented)
    let vibrant = RenderingModeTransform(mode: .vibrant)

    @Test func fullColorLeavesColoursAlone() {
        #expect(fullColor.apply(red, group: .default) == red)
        #expect(fullColor.apply(RGBA(0, 122, 255, alpha: 0.2), group: .accent) == RGBA(0, 122, 255, alpha: 0.2))
    }

    @Test func accentedKeepsOnlyOpacityInTheGroupTint() {
        #expect(accented.apply(red, group: .default) == RGBA(255, 255, 255))
        #expect(accented.apply(RGBA(0, 122, 255, alpha: 0.2), group: .default) == RGBA(255, 255, 255, alpha: 0.2))
        #expect(accented.apply(RGBA(0, 0, 0), group: .default) == RGBA(255, 255, 255))
        let watch = RenderingModeTransform(
            mode: .accented, tints: RenderingModeTints(defaultTint: RGB(255, 255, 255), accentTint: RGB(255, 149, 0)))
        #expect(watch.apply(red, group: .accent) == RGBA(255, 149, 0))
        #expect(watch.apply(red, group: .default) == RGBA(255, 255, 255))
    }

    @Test func vibrantTurnsBrightnessIntoTintStrength() {
        #expect(vibrant.apply(RGBA(255, 255, 255), group: .default) == RGBA(255, 255, 255, alpha: 1))
        #expect(vibrant.apply(RGBA(0, 0, 0), group: .default).alpha == 0)
        let grey = vibrant.apply(RGBA(0x77, 0x77, 0x77), group: .default)
        #expect(String(format: "%.4f", grey.alpha) == "0.5003")
        let halfWhite = vibrant.apply(RGBA(255, 255, 255, alpha: 0.5), group: .default)
        #expect(abs(halfWhite.alpha - 0.5) < 1e-9)
        // Composited on black, the grey shows as a grey of about half the brightness.
        #expect(grey.composited(over: RGB(0, 0, 0)) == RGB(0x80, 0x80, 0x80))
    }

    @Test func standByNightTintsEverythingRed() throws {
        let night = try #require(Theme.builtIn(named: "standby-night")).paintStyle().transform
        #expect(night.mode == .vibrant)
        #expect(night.apply(RGBA(255, 255, 255), group: .default) == RGBA(255, 69, 58))
        // System blue is L* 53: a red at 53% strength on black.
        #expect(night.apply(RGBA(0, 122, 255), group: .accent).composited(over: RGB(0, 0, 0)) == RGB(0x87, 0x25, 0x1F))
    }

    @Test func desaturationKeepsLightness() {
        let grey = RenderingModeTransform.desaturated(red)
        #expect(grey.red == grey.green && grey.green == grey.blue)
        #expect(abs(ColorScience.lab(grey).lightness - ColorScience.lab(red).lightness) < 0.01)
        #expect(RenderingModeTransform.desaturated(RGBA(255, 255, 255, alpha: 0.4)).alpha == 0.4)
    }

    @Test func imagesFollowWidgetAccentedRenderingMode() {
        let photo = RGBA(200, 120, 40)
        let tints = RenderingModeTints(defaultTint: RGB(255, 255, 255), accentTint: RGB(255, 149, 0))
        let mode = RenderingModeTransform(mode: .accented, tints: tints)
        #expect(mode.treatment(ofImage: nil) == .flattened)
        #expect(mode.applyToImage(photo, accentedRenderingMode: nil, enclosing: .default) == RGBA(255, 255, 255))
        #expect(mode.applyToImage(photo, accentedRenderingMode: .accented, enclosing: .default) == RGBA(255, 149, 0))
        #expect(mode.applyToImage(photo, accentedRenderingMode: .fullColor, enclosing: .default) == photo)
        #expect(mode.treatment(ofImage: .fullColor) == .fullColor)
        let desaturated = mode.applyToImage(photo, accentedRenderingMode: .desaturated, enclosing: .default)
        #expect(desaturated.red == 1 && desaturated.green == 1 && desaturated.blue == 1)
        #expect(abs(desaturated.alpha - ColorScience.brightness(photo)) < 1e-12)
        let accentDesaturated = mode.applyToImage(photo, accentedRenderingMode: .accentedDesaturated, enclosing: .default)
        #expect(RGB(red: accentDesaturated.red, green: accentDesaturated.green, blue: accentDesaturated.blue) == RGB(255, 149, 0))
        // Once in the accent group, .desaturated cannot take an image out of it.
        #expect(mode.group(ofImage: .desaturated, enclosing: .accent) == .accent)
        #expect(fullColor.treatment(ofImage: nil) == .fullColor)
        #expect(vibrant.treatment(ofImage: .fullColor) == .vibrant)
    }
}

// MARK: - Themes

@Suite struct ThemeTests {
    static let themesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("themes")

    @Test(arguments: Theme.builtInNames)
    func themeFileMatchesTheCompiledTheme(name: String) throws {
        let file = try Theme.load(contentsOf: Self.themesDirectory.appendingPathComponent(name + ".json"))
        let compiled = try #require(Theme.builtIn(named: name))
        #expect(file == compiled)
        #expect(!file.comment.isEmpty && file.comment.count <= 200)
        let raw =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Self.themesDirectory.appendingPathComponent(name + ".json")))
            as? [String: Any]
        #expect(raw?["comment"] is String)
    }

    @Test func builtInThemesPickTheModeOfTheirScreen() throws {
        let modes = try Theme.builtInNames.map { try #require(Theme.builtIn(named: $0)).renderingMode }
        #expect(modes == [.fullColor, .fullColor, .accented, .accented, .vibrant, .vibrant])
        #expect(Theme.builtIn(named: "standby-night")?.tints.defaultTint == RGB(0xFF, 0x45, 0x3A))
        // The accent group in the person's tint, the default group a pale tint (DECISIONS "Tinted and clear Home Screens").
        #expect(
            Theme.builtIn(named: "tinted")?.tints
                == RenderingModeTints(defaultTint: RGB(0xF9, 0xEB, 0xCF), accentTint: RGB(0xE8, 0xA3, 0x3D)))
    }

    @Test("BuiltInTheme names each built-in theme: its name is the theme's, in check's order; other names find none")
    func typedBuiltInThemes() {
        #expect(Theme.builtInNames == ["light", "dark", "tinted", "clear", "lockscreen", "standby-night"])
        for builtIn in BuiltInTheme.allCases {
            #expect(Theme.builtIn(builtIn).name == builtIn.rawValue)
            #expect(Theme.builtIn(named: builtIn.rawValue) == Theme.builtIn(builtIn))
        }
        #expect(Theme.builtIn(.standByNight).renderingMode == .vibrant && Theme.builtIn(.dark).colorScheme == .dark)
        #expect(Theme.builtIn(named: "Dark") == nil && Theme.builtIn(named: "") == nil)
        // StandBy's two surfaces carry their theme by value, and are check's default StandBy surfaces.
        let day = Surfaces.standBy(night: false), night = Surfaces.standBy(night: true)
        #expect(day.theme == .dark && day.surface.theme == "dark" && day.surface.removesContainerBackground)
        #expect(night.theme == .standByNight && night.surface.mode == .vibrant)
        #expect(Surfaces.defaults(for: .systemSmall).filter { $0.place == .standBy } == [day.surface, night.surface])
    }

    @Test func colourSyntax() {
        #expect(Theme.parseColor("#FF3B30") == RGBA(255, 59, 48))
        #expect(Theme.parseColor("3C3C4399") == RGBA(60, 60, 67, alpha: 0.6))
        #expect(Theme.parseColor("#3C3C43 30%") == RGBA(60, 60, 67, alpha: 0.3))
        #expect(Theme.parseColor("#3C3C43 130%") == nil)
        #expect(Theme.parseColor("#3C3C4399 30%") == nil)
        #expect(Theme.parseColor("#12345") == nil)
        #expect(Theme.parseColor("#GG0000") == nil)
        #expect(Theme.hex(RGBA(60, 60, 67, alpha: 0.3)) == "#3C3C43 30%")
        #expect(Theme.hex(RGBA(60, 60, 67, alpha: 0.6)) == "#3C3C4399")
    }

    func decodeError(_ json: String) -> String {
        do {
            _ = try Theme.decode(Data(json.utf8), file: "themes/broken.json", defaultName: "broken")
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static let minimal =
        ##""renderingMode": "fullColor", "colorScheme": "dark", "wallpaper": "#000000", "defaultTint": "#FFFFFF", "accentTint": "#FFFFFF""##

    @Test func brokenThemesNameFileKeyAndProblem() {
        #expect(decodeError("{\(Self.minimal)}") == "no error")
        #expect(
            decodeError("{\(Self.minimal), \"wallpaper\": \"#12345\"}".replacingOccurrences(of: "\"wallpaper\": \"#000000\", ", with: ""))
                == ##"theme themes/broken.json: key "wallpaper": "#12345" is not a colour; write "#RRGGBB""##)
        #expect(
            decodeError("{\(Self.minimal), \"walpaper\": \"#000000\"}")
                == #"theme themes/broken.json: key "walpaper": unknown key; valid keys: name, comment, renderingMode, colorScheme, wallpaper, material, defaultTint, accentTint, systemColors, terminalPalette"#
        )
        #expect(
            decodeError(#"{"renderingMode": "fullColor"}"#)
                == #"theme themes/broken.json: key "colorScheme": missing; every theme names renderingMode, colorScheme, wallpaper, defaultTint, accentTint"#
        )
        #expect(
            decodeError("{\(Self.minimal.replacingOccurrences(of: "fullColor", with: "tinted"))}")
                == #"theme themes/broken.json: key "renderingMode": "tinted" is not a rendering mode; valid: fullColor, accented, vibrant"#)
        #expect(
            decodeError("{\(Self.minimal), \"systemColors\": {\"dark\": {\"rouge\": \"#FF0000\"}}}").hasPrefix(
                #"theme themes/broken.json: key "systemColors.dark.rouge": unknown system colour; valid: red, orange"#))
        #expect(
            decodeError("{\(Self.minimal), \"systemColors\": {\"dark\": {\"red\": 12}}}")
                == ##"theme themes/broken.json: key "systemColors.dark.red": 12 is not a colour; write "#RRGGBB", "#RRGGBBAA" or "#RRGGBB NN%""##
        )
        #expect(
            decodeError("{\(Self.minimal), \"terminalPalette\": [\"#000000\"]}")
                == #"theme themes/broken.json: key "terminalPalette": must be an array of 16 colours, ANSI colours 0 to 15"#)
        #expect(decodeError("{\(Self.minimal), \"comment\": 3}") == #"theme themes/broken.json: key "comment": must be a string"#)
        #expect(decodeError("[1, 2]").hasPrefix("theme themes/broken.json: must be a JSON object"))
        #expect(decodeError("{\"renderingMode\": ").hasPrefix("theme themes/broken.json: is not valid JSON ("))
    }

    @Test func partialSystemColoursKeepApplesValues() throws {
        let theme = try Theme.decode(
            Data("{\(Self.minimal), \"systemColors\": {\"dark\": {\"red\": \"#AA0000\"}}}".utf8),
            file: "x.json", defaultName: "x")
        #expect(theme.name == "x")
        #expect(theme.darkPalette[.red] == RGBA(0xAA, 0, 0))
        #expect(theme.darkPalette[.blue] == SystemPalette.dark[.blue])
        #expect(theme.lightPalette == SystemPalette.light)
        #expect(theme.material.alpha == 0)
    }

    @Test func resolveFindsFilesNamesAndSaysWhatIsValid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{\(Self.minimal), \"comment\": \"mine\"}".utf8).write(to: directory.appendingPathComponent("sunset.json"))
        try Data("{\(Self.minimal), \"comment\": \"a light I edited\"}".utf8).write(to: directory.appendingPathComponent("light.json"))
        #expect(try Theme.resolve("sunset", searchDirectories: [directory]).comment == "mine")
        #expect(try Theme.resolve("light", searchDirectories: [directory]).comment == "a light I edited")
        #expect(try Theme.resolve("tinted", searchDirectories: [directory]) == Theme.builtIn(named: "tinted"))
        let path = directory.appendingPathComponent("sunset.json").path
        #expect(try Theme.resolve(path, searchDirectories: []).name == "sunset")
        #expect(
            throws: ThemeError(
                file: "dusk", key: nil,
                problem:
                    "unknown theme; valid names: clear, dark, light, lockscreen, standby-night, sunset, tinted, or a path to a theme file")
        ) {
            try Theme.resolve("dusk", searchDirectories: [directory])
        }
        #expect(
            throws: ThemeError(
                file: "nowhere/x.json", key: nil,
                problem: "no such file; give a theme file or one of the names light, dark, tinted, clear, lockscreen, standby-night")
        ) {
            try Theme.resolve("nowhere/x.json", searchDirectories: [])
        }
    }

    @Test func themeStyleSetsSurfaceModeAndTints() throws {
        let lockscreen = Theme.builtIn(.lockScreen)
        let style = lockscreen.paintStyle()
        #expect(style.renderingMode == .vibrant)
        #expect(style.colorScheme == .dark)
        #expect(style.surface == RGB(0x1C, 0x26, 0x36)) // 20% black over #233044
        #expect(style.usesNarrowSymbols)
        let light = Theme.builtIn(.light).paintStyle(mode: .accented, colorScheme: .dark)
        #expect(light.renderingMode == .accented && light.colorScheme == .dark && light.palette == SystemPalette.dark)
        #expect(light.surface == RGB(0xA7, 0xC4, 0xE5))
    }

    @Test func terminalPaletteMapsSixteenColourOutput() {
        var theme = Theme(name: "t", comment: "", renderingMode: .fullColor, colorScheme: .dark, wallpaper: RGB(0, 0, 0))
        var buffer = CellBuffer(width: 1, height: 1)
        buffer[0, 0] = Cell(glyph: "x", foreground: RGB(0x30, 0x30, 0x80), background: RGB(250, 250, 250))
        #expect(theme.mappedToTerminalPalette(buffer) == buffer)
        theme.terminalPalette = ColorQuantizer.palette16
        theme.terminalPalette[4] = RGB(0x30, 0x30, 0x80) // this terminal's "blue" is a dark navy
        let mapped = theme.mappedToTerminalPalette(buffer)
        #expect(mapped[0, 0].foreground == ColorQuantizer.palette16[4])
        #expect(mapped[0, 0].background == ColorQuantizer.palette16[15])
        // Near-white quantises to bright white (the weighted distance needs its shifts parenthesised).
        #expect(ColorQuantizer.index16(RGB(250, 250, 250)) == 15)
        #expect(ColorQuantizer.index16(RGB(0, 0, 200)) == 4)
    }
}

// MARK: - Rendering in each mode

/// A widget whose text is what its environment says, to prove the body sees the mode it is rendered in.
struct EnvironmentReportView: View {
    @Environment(\.widgetRenderingMode) var mode
    @Environment(\.showsWidgetContainerBackground) var showsBackground
    var body: some View {
        Text("\(mode.rawValue) \(showsBackground ? "bg" : "no-bg")")
            .containerBackground(Color.blue, for: .widget)
    }
}

struct ModeEntry: TimelineEntry { let date: Date }

struct ModeProvider: TimelineProvider {
    func placeholder(in context: Context) -> ModeEntry { ModeEntry(date: Date()) }
    func getSnapshot(in context: Context, completion: @escaping (ModeEntry) -> Void) { completion(ModeEntry(date: Date())) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<ModeEntry>) -> Void) {
        completion(Timeline(entries: [ModeEntry(date: Date())], policy: .never))
    }
}

/// Test widgets for the rendering-mode and legibility suites.
enum ModeFixtures {
    static func widget<Content: View>(_ kind: String, families: [WidgetFamily], @ViewBuilder content: @escaping () -> Content)
        -> WidgetDescriptor
    {
        StaticConfiguration(kind: kind, provider: ModeProvider()) { _ in content() }.supportedFamilies(families).descriptor
    }

    /// Renders `descriptor` at the fixed clock with a theme, a mode and the other options of a surface.
    static func render(
        _ descriptor: WidgetDescriptor, family: WidgetFamily, theme: String, mode: WidgetRenderingMode? = nil,
        osVersion: Int = 26, removesContainerBackground: Bool = false, device: DeviceProfile = .default
    ) throws -> Frame {
        let resolved = try #require(Theme.builtIn(named: theme))
        return try FixedClock.run {
            let session = WidgetSession(descriptor: descriptor)
            let selection = try session.selectEntry(family: family, device: device, context: .timeline)
            var options = WidgetRenderOptions(
                family: family, device: device, osVersion: osVersion, style: resolved.paintStyle(mode: mode),
                date: HostClock.now, format: FixedClock.utcFormat)
            options.removesContainerBackground = removesContainerBackground
            return session.render(selection, options: options)
        }
    }
}

@Suite struct RenderingModeRenderTests {
    static let environmentWidget = ModeFixtures.widget("environment", families: [.systemSmall, .accessoryRectangular]) {
        EnvironmentReportView()
    }

    @Test func bodySeesTheModeAndWhetherTheBackgroundShows() throws {
        func text(_ family: WidgetFamily, _ theme: String, _ mode: WidgetRenderingMode? = nil, removes: Bool = false) throws -> String {
            let frame = try ModeFixtures.render(
                Self.environmentWidget, family: family, theme: theme, mode: mode, removesContainerBackground: removes)
            return frame.textRuns.map(\.text).joined(separator: " ")
        }
        #expect(try text(.systemSmall, "light") == "fullColor bg")
        #expect(try text(.systemSmall, "tinted") == "accented no-bg")
        #expect(try text(.systemSmall, "standby-night") == "vibrant no-bg")
        #expect(try text(.systemSmall, "dark", removes: true) == "fullColor no-bg")
        #expect(try text(.accessoryRectangular, "lockscreen") == "vibrant no-bg")
        #expect(try text(.accessoryRectangular, "lockscreen", .fullColor) == "fullColor no-bg")
    }

    @Test func accentedReplacesTheContainerBackgroundWithTheThemesGlass() throws {
        let frame = try ModeFixtures.render(Self.environmentWidget, family: .systemSmall, theme: "tinted")
        let tinted = try #require(Theme.builtIn(named: "tinted"))
        let glass = tinted.material.composited(over: tinted.wallpaper)
        #expect(glass == RGB(0x3A, 0x2A, 0x13))
        #expect(frame.buffer[10, 8].background == glass)
        #expect(frame.buffer[0, 0] == Cell(glyph: "▗", foreground: glass, background: tinted.wallpaper))
        // The text is the default group's pale tint: colour ignored, opacity kept.
        #expect(frame.textRuns.first?.foreground == RGB(0xF9, 0xEB, 0xCF))
    }

    @Test func vibrantAndStandByRemoveTheContainerBackground() throws {
        let night = try ModeFixtures.render(Self.environmentWidget, family: .systemSmall, theme: "standby-night")
        #expect(night.buffer[10, 8].background == RGB(0, 0, 0))
        #expect(night.buffer[0, 0].glyph == " ")
        #expect(night.textRuns.first?.foreground == RGB(0xFF, 0x45, 0x3A))
        let standBy = try ModeFixtures.render(Self.environmentWidget, family: .systemSmall, theme: "dark", removesContainerBackground: true)
        #expect(standBy.buffer[10, 8].background == RGB(0x10, 0x15, 0x1C))
        let home = try ModeFixtures.render(Self.environmentWidget, family: .systemSmall, theme: "dark")
        #expect(home.buffer[10, 8].background == RGB(0x0A, 0x84, 0xFF))
    }

    @Test func monochromeModesDrawNarrowSymbolsAndLayoutMeasuresThem() throws {
        let water = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "water" })
        let full = try ModeFixtures.render(water, family: .systemSmall, theme: "light")
        let accented = try ModeFixtures.render(water, family: .systemSmall, theme: "tinted")
        #expect(full.buffer.text(ofRow: 1) == "  💧 Water           ")
        #expect(accented.buffer.text(ofRow: 1) == "  ⬨ Water            ")
        let symbol = try #require(accented.textRuns.first { $0.isSymbol })
        #expect(symbol.text == "⬨" && symbol.width == 1 && symbol.column == 2)
        #expect(accented.textRuns.first { $0.text == "Water" }?.column == 4)
    }

    @Test func flattenedImagesAreOneTintUnlessFullColor() throws {
        let flat = ModeFixtures.widget("flat", families: [.systemSmall]) {
            Image("cover").resizable().frame(width: 48, height: 34).containerBackground(.background, for: .widget)
        }
        let kept = ModeFixtures.widget("kept", families: [.systemSmall]) {
            Image("cover").resizable().widgetAccentedRenderingMode(.fullColor).frame(width: 48, height: 34)
                .containerBackground(.background, for: .widget)
        }
        let flatFrame = try ModeFixtures.render(flat, family: .systemSmall, theme: "tinted")
        let image = try #require(flatFrame.images.first)
        #expect(image.treatment == .flattened && image.color == RGB(0xF9, 0xEB, 0xCF) && image.name == "cover")
        #expect(image.rect == CellRect(x: 7, y: 4, width: 6, height: 2))
        let keptFrame = try ModeFixtures.render(kept, family: .systemSmall, theme: "tinted")
        #expect(keptFrame.images.first?.treatment == .fullColor)
        #expect(keptFrame.images.first?.color == SystemPalette.dark[.systemGray4].composited(over: RGB(0, 0, 0)))
    }

    @Test func svgIsAStandaloneGridOfCells() {
        var buffer = CellBuffer(width: 3, height: 1, fill: Cell(background: RGB(0, 0, 0)))
        buffer[0, 0] = Cell(glyph: "A", foreground: RGB(255, 255, 255), background: RGB(0x11, 0x22, 0x33), attributes: [.bold, .italic])
        buffer[1, 0] = Cell(glyph: "<", foreground: RGB(255, 0, 0), background: RGB(0x11, 0x22, 0x33), attributes: [.underline])
        let svg = SVGEncoder.encode(buffer, defaultForeground: RGB(255, 255, 255), defaultBackground: RGB(0, 0, 0), title: "a & b")
        #expect(
            svg == """
                <?xml version="1.0" encoding="UTF-8"?>
                <svg xmlns="http://www.w3.org/2000/svg" width="30" height="20" viewBox="0 0 30 20" font-family="Menlo, 'DejaVu Sans Mono', 'Liberation Mono', Consolas, 'Apple Color Emoji', 'Noto Color Emoji', 'Segoe UI Emoji', 'Apple Symbols', 'Noto Sans Symbols 2', Symbola, 'DejaVu Sans', monospace" font-size="16">
                <title>a &amp; b</title>
                <rect width="30" height="20" fill="#000000"/>
                <g shape-rendering="crispEdges">
                <rect x="0" y="0" width="20" height="20" fill="#112233"/>
                </g>
                <g xml:space="preserve">
                <text x="0" y="15" fill="#FFFFFF" font-weight="bold" font-style="italic">A</text>
                <text x="10" y="15" fill="#FF0000" text-decoration="underline">&lt;</text>
                </g>
                </svg>

                """)
    }
}

// MARK: - Golden snapshots of every sample in every mode

@Suite struct SampleModeGoldenTests {
    static let widgets = SampleWidgetBundle().widgetDescriptors
    /// Each mode with the theme that shows it: full colour on the light Home Screen, accented on the tinted one,
    /// vibrant on the Lock Screen.
    static let modes: [(WidgetRenderingMode, String)] = [(.fullColor, "light"), (.accented, "tinted"), (.vibrant, "lockscreen")]

    static var cases: [(String, WidgetFamily, WidgetRenderingMode)] {
        widgets.flatMap { widget in widget.supportedFamilies.flatMap { family in modes.map { (widget.kind, family, $0.0) } } }
    }

    @Test("sample golden in a mode", arguments: cases)
    func sampleInMode(kind: String, family: WidgetFamily, mode: WidgetRenderingMode) throws {
        let widget = try #require(Self.widgets.first { $0.kind == kind })
        let theme = try #require(Self.modes.first { $0.0 == mode }).1
        let device: DeviceProfile = family == .systemExtraLarge ? .iPad1024 : .default
        let frame = try ModeFixtures.render(widget, family: family, theme: theme, mode: mode, device: device)
        #expect(frame.size == device.cells(of: family))
        #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
        Golden.check(FrameEncoder.golden(frame.buffer), named: "\(kind).\(family).\(mode).\(theme)")
    }
}
