import Foundation
import Testing
import CellLayout
import CellRender
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

// MARK: - Field-case widgets for the legibility check

enum LegibilityFixtures {
    /// Pale grey text on a white card, on the Lock Screen (vibrant): the card stays, both turn white.
    static let paleGrey = ModeFixtures.widget("pale-grey", families: [.accessoryRectangular]) {
        VStack(alignment: .leading, spacing: 0) {
            Text("Gate B12").font(.headline)
            Text("Boarding 9:40")
        }
        .foregroundStyle(Color(white: 0.75))
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        .background(Color.white)
        .containerBackground(for: .widget) { Color.white }
    }

    /// A service status shown only by a green or red dot, with no glyph or word for the state.
    static let statusDots = ModeFixtures.widget("status-dots", families: [.systemMedium]) {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 4) {
                Circle().fill(Color.green).frame(width: 10, height: 10)
                Text("API")
            }
            HStack(spacing: 4) {
                Circle().fill(Color.red).frame(width: 10, height: 10)
                Text("Database")
            }
        }
        .containerBackground(.background, for: .widget)
    }

    /// The same status with a different symbol per state: the meaning survives every mode.
    static let statusSymbols = ModeFixtures.widget("status-symbols", families: [.systemMedium]) {
        VStack(alignment: .leading, spacing: 0) {
            Label("API", systemImage: "checkmark.circle.fill").foregroundStyle(.green)
            Label("Database", systemImage: "xmark.circle.fill").foregroundStyle(.red)
        }
        .containerBackground(.background, for: .widget)
    }

    /// Field case 8: coloured rounded-rectangle fills behind white text (legible in full colour).
    static let tintedFills = ModeFixtures.widget("tinted-fills", families: [.systemMedium]) {
        HStack(spacing: 4) {
            Text("Run").foregroundStyle(.white).padding(.horizontal, 4)
                .background(RoundedRectangle(cornerRadius: 6).fill(Color(red: 0, green: 0.35, blue: 0.75)))
            Text("Swim").foregroundStyle(.white).padding(.horizontal, 4)
                .background(RoundedRectangle(cornerRadius: 6).fill(Color(red: 0, green: 0.45, blue: 0.2)))
            Spacer()
        }
        .containerBackground(.background, for: .widget)
    }

    /// A cover image: flattened to a white block in accented mode.
    static let cover = ModeFixtures.widget("cover", families: [.systemMedium]) {
        HStack {
            Image("cover").resizable().frame(width: 48, height: 34)
            Text("Now Playing")
        }
        .containerBackground(.background, for: .widget)
    }

    /// The same cover opted into full colour, as Apple recommends for album art.
    static let fullColorCover = ModeFixtures.widget("full-color-cover", families: [.systemMedium]) {
        HStack {
            Image("cover").resizable().widgetAccentedRenderingMode(.fullColor).frame(width: 48, height: 34)
            Text("Now Playing")
        }
        .containerBackground(.background, for: .widget)
    }

    /// Field case 7: the background set with `.background(...)`, no `containerBackground`.
    static let plainBackground = ModeFixtures.widget("plain-background", families: [.systemSmall]) {
        Text("Hello")
            .foregroundStyle(.white)
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .background(Color(red: 0.1, green: 0.3, blue: 0.6))
    }

    static let all = [paleGrey, statusDots, statusSymbols, tintedFills, cover, fullColorCover, plainBackground]
}

/// One finding as `check --format json` prints it.
struct Finding: Decodable, Equatable, CustomStringConvertible {
    struct Position: Decodable, Equatable { var row: Int, column: Int }
    var severity: String
    var code: String
    var message: String
    var widget: String
    var family: String?
    var mode: String?
    var theme: String?
    var position: Position?
    var values: [String: String]

    /// `code family/mode/theme @row:column text ratio` — the parts a test pins down.
    var summary: String {
        var place = [family, mode, theme].compactMap { $0 }.joined(separator: "/")
        if let position { place += " @\(position.row):\(position.column)" }
        let measured = ["text", "ratio", "required", "image", "elements", "fullColors", "renderedColors"].compactMap { key in
            values[key].map { "\(key)=\($0)" }
        }
        return "\(severity) \(code) \(place)" + (measured.isEmpty ? "" : " " + measured.joined(separator: " "))
    }
    var description: String { summary }
}

/// Runs `widgetterm check` on the fixtures at the fixed clock and decodes the JSON findings.
func runCheck(_ arguments: [String], widgets: [WidgetDescriptor] = LegibilityFixtures.all) throws -> (
    status: Int32, findings: [Finding], errors: String
) {
    let output = StringStream(), errors = StringStream()
    let status = FixedClock.run {
        WidgetTermCommand.run(
            arguments: ["check"] + arguments + ["--format", "json"], widgets: widgets, environment: [:],
            output: output, errors: errors)
    }
    guard let findings = try? JSONDecoder().decode([Finding].self, from: Data(output.text.utf8)) else {
        throw UsageError("check printed no JSON findings (status \(status)): \(errors.text)")
    }
    return (status, findings, errors.text)
}

// MARK: - The check cases of issue 3

@Suite struct LegibilityCheckTests {
    @Test func largeTextThresholds() {
        #expect(LegibilityCheck.isLargeText(pointSize: 18, isBold: false))
        #expect(!LegibilityCheck.isLargeText(pointSize: 17, isBold: false))
        #expect(LegibilityCheck.isLargeText(pointSize: 14, isBold: true))
        #expect(!LegibilityCheck.isLargeText(pointSize: 13, isBold: true))
    }

    @Test func paleGreyTextOnAWhiteContainerInVibrantMode() throws {
        let result = try runCheck(["pale-grey"])
        #expect(result.status == 1)
        #expect(
            result.findings.map(\.summary) == [
                "error low-contrast accessoryRectangular/vibrant/lockscreen @1:0 text=Gate B12 ratio=1.00 required=3.00",
                "error low-contrast accessoryRectangular/vibrant/lockscreen @2:0 text=Boarding 9:40 ratio=1.00 required=4.50",
            ])
        #expect(result.findings.first?.values["foreground"] == "#FFFFFF")
        #expect(result.findings.first?.values["background"] == "#FFFFFF")
        #expect(result.errors == "widgetterm: check: 2 errors, 0 warnings, 0 notes on 1 surface; 0 of 1 widget clean\n")
    }

    @Test func statusShownOnlyByHueIsReportedInAccented() throws {
        let result = try runCheck(["status-dots"])
        #expect(
            result.findings.map(\.summary) == [
                "warning hue-only systemMedium/accented/tinted @4:17 elements=4:17 5:17 fullColors=#30D158 #FF453A renderedColors=#F9EBCF #F9EBCF",
                "warning hue-only systemMedium/accented/clear @4:17 elements=4:17 5:17 fullColors=#30D158 #FF453A renderedColors=#E0E3E6 #E0E3E6",
            ])
        #expect(result.status == 0)
        let message = try #require(result.findings.first?.message)
        #expect(
            message.hasPrefix(
                "2 × circle 1x1 differ only in colour (#30D158, #FF453A in full colour) and all show as #F9EBCF in accented mode"))
    }

    @Test func aDifferentSymbolPerStateIsNotHueOnly() throws {
        let result = try runCheck(["status-symbols", "--mode", "accented"])
        #expect(result.findings.filter { $0.code == "hue-only" }.isEmpty, "\(result.findings)")
    }

    @Test func tintedFillsBecomeWhiteSlabsBehindWhiteText() throws {
        let result = try runCheck(["tinted-fills"])
        #expect(
            result.findings.map(\.summary) == [
                "error low-contrast systemMedium/accented/tinted @4:3 text=Run ratio=1.00 required=4.50",
                "error low-contrast systemMedium/accented/tinted @4:10 text=Swim ratio=1.00 required=4.50",
                "error low-contrast systemMedium/accented/clear @4:3 text=Run ratio=1.00 required=4.50",
                "error low-contrast systemMedium/accented/clear @4:10 text=Swim ratio=1.00 required=4.50",
            ])
        #expect(result.status == 1)
        #expect(result.findings.first?.message.contains("opaque fills behind text take the same tint") == true)
    }

    @Test func coverImageFlattenedUnlessFullColor() throws {
        let flattened = try runCheck(["cover"])
        #expect(
            flattened.findings.map(\.summary) == [
                "warning image-flattened systemMedium/accented/tinted @4:13 image=cover",
                "warning image-flattened systemMedium/accented/clear @4:13 image=cover",
            ])
        #expect(flattened.findings.first?.values["color"] == "#F9EBCF")
        #expect(flattened.findings.first?.message.contains(".widgetAccentedRenderingMode(.fullColor)") == true)
        let kept = try runCheck(["full-color-cover"])
        #expect(kept.findings.isEmpty, "\(kept.findings)")
        #expect(kept.status == 0)
    }

    @Test func backgroundWithoutContainerBackgroundOnIOS17AndLater() throws {
        let frame = try ModeFixtures.render(LegibilityFixtures.plainBackground, family: .systemSmall, theme: "light")
        #expect(
            FrameEncoder.text(frame.buffer)
                == [
                    "▗                   ▖", "", "", "    Please adopt", " containerBackground", "         API", "", "", "",
                    "▝                   ▘", "",
                ].joined(separator: "\n"))
        let result = try runCheck(["plain-background"])
        #expect(result.status == 1)
        #expect(
            result.findings.map(\.summary)
                == Surfaces.defaults(for: .systemSmall).map { surface in
                    "error missing-container-background systemSmall/\(surface.mode.rawValue)/\(surface.theme)"
                })
        #expect(result.findings.first?.message.contains("Move the background into .containerBackground(for: .widget)") == true)
        #expect(try runCheck(["plain-background", "--os", "17"]).status == 1)
    }

    @Test func backgroundWithoutContainerBackgroundRendersOnIOS16AndStaysInVibrant() throws {
        let fullColor = try ModeFixtures.render(LegibilityFixtures.plainBackground, family: .systemSmall, theme: "light", osVersion: 16)
        #expect(fullColor.diagnostics.isEmpty)
        #expect(fullColor.buffer.text(ofRow: 4) == "        Hello        ")
        #expect(fullColor.buffer[1, 0].background == RGB(0x1A, 0x4D, 0x99))
        // The widget's corners are rounded on iOS 16 too: the corner cell shows the wallpaper around a quadrant.
        #expect(fullColor.buffer[0, 0].glyph == "▗")
        #expect(fullColor.buffer[0, 0].background == RGB(0xA7, 0xC4, 0xE5))
        let vibrant = try ModeFixtures.render(LegibilityFixtures.plainBackground, family: .systemSmall, theme: "lockscreen", osVersion: 16)
        let lockscreen = Theme.builtIn(.lockScreen)
        let expected = RenderingModeTransform(mode: .vibrant).apply(RGBA(red: 0.1, green: 0.3, blue: 0.6), group: .default)
            .composited(over: lockscreen.backdrop(in: .vibrant))
        #expect(vibrant.buffer[0, 0].background == expected)
        #expect(expected == RGB(0x68, 0x6F, 0x79))
        #expect(expected != lockscreen.backdrop(in: .vibrant))
        #expect(vibrant.buffer.text(ofRow: 4) == "        Hello        ")
        let result = try runCheck(["plain-background", "--os", "16"])
        #expect(result.findings.filter { $0.code == "missing-container-background" }.isEmpty)
    }

    /// Before iOS 17 a widget with no background of its own sits on the system background: white in light
    /// appearance, black in dark, inside the rounded widget shape; no finding. On iOS 17 it is the adopt-API text.
    @Test func noBackgroundAtAllSitsOnTheSystemBackgroundBeforeIOS17() throws {
        let bare = ModeFixtures.widget("bare", families: [.systemSmall]) { Text("Hello") }
        let light = try ModeFixtures.render(bare, family: .systemSmall, theme: "light", osVersion: 16)
        #expect(light.diagnostics.isEmpty)
        #expect(light.buffer[1, 0].background == RGB(0xFF, 0xFF, 0xFF))
        #expect(light.buffer[10, 9].background == RGB(0xFF, 0xFF, 0xFF))
        #expect(light.buffer[0, 0].glyph == "▗")
        #expect(light.buffer.text(ofRow: 4).trimmingCharacters(in: .whitespaces) == "Hello")
        #expect(light.buffer[10, 4].foreground == RGB(0x00, 0x00, 0x00))
        let dark = try ModeFixtures.render(bare, family: .systemSmall, theme: "dark", osVersion: 16)
        #expect(dark.buffer[1, 0].background == RGB(0x00, 0x00, 0x00))
        #expect(dark.buffer[10, 4].foreground == RGB(0xFF, 0xFF, 0xFF))
        let adopt = try ModeFixtures.render(bare, family: .systemSmall, theme: "light", osVersion: 17)
        #expect(adopt.diagnostics.map(\.code) == ["missing-container-background"])
    }

    @Test func defaultSurfacesAreIOSs() {
        #expect(
            Surfaces.defaults(for: .systemSmall).map(\.description) == [
                "home-screen/fullColor/light", "home-screen/fullColor/dark", "home-screen/accented/tinted", "home-screen/accented/clear",
                "standby/fullColor/dark", "standby/vibrant/standby-night",
            ])
        #expect(Surfaces.defaults(for: .systemSmall)[4].removesContainerBackground)
        #expect(Surfaces.defaults(for: .systemLarge).count == 4)
        #expect(Surfaces.defaults(for: .accessoryCircular).map(\.description) == ["lock-screen/vibrant/lockscreen"])
        #expect(
            Surfaces.select(for: .systemSmall, mode: .vibrant, theme: nil, themeMode: nil).map(\.description)
                == ["standby/vibrant/standby-night"])
        #expect(
            Surfaces.select(for: .systemMedium, mode: .vibrant, theme: nil, themeMode: nil).map(\.description)
                == ["lock-screen/vibrant/lockscreen"])
        #expect(
            Surfaces.select(for: .accessoryInline, mode: .accented, theme: nil, themeMode: nil).map(\.description)
                == ["lock-screen/accented/tinted"])
        #expect(
            Surfaces.select(for: .systemMedium, mode: nil, theme: "clear", themeMode: .accented).map(\.description)
                == ["home-screen/accented/clear"])
        #expect(Surfaces.all(for: .accessoryInline).count == 18)
    }

    @Test func checkFiltersByFamilyModeAndTheme() throws {
        let result = try runCheck(["tinted-fills", "--theme", "clear"])
        #expect(result.findings.map(\.theme) == ["clear", "clear"])
        let fullColor = try runCheck(["tinted-fills", "--mode", "fullColor"])
        #expect(fullColor.findings.isEmpty && fullColor.status == 0)
        let every = try runCheck(["status-dots", "--surfaces", "all", "--mode", "accented"])
        #expect(
            every.findings.filter { $0.code == "hue-only" }.map { $0.theme ?? "" }
                == ["light", "dark", "tinted", "clear", "lockscreen", "standby-night"])
        // The light theme has no glass: in accented mode its white text sits on the pale wallpaper.
        #expect(
            every.findings.filter { $0.code == "low-contrast" }.map(\.summary) == [
                "error low-contrast systemMedium/accented/light @4:19 text=API ratio=1.80 required=4.50",
                "error low-contrast systemMedium/accented/light @5:19 text=Database ratio=1.80 required=4.50",
            ])
        #expect(every.errors == "widgetterm: check: 2 errors, 6 warnings, 0 notes on 6 surfaces; 0 of 1 widget clean\n")
    }

    @Test func checkTextOutputGroupsFindingsByWidgetAndKind() {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: ["check", "tinted-fills", "--theme", "tinted"], widgets: LegibilityFixtures.all,
                environment: [:], output: output, errors: errors)
        }
        #expect(status == 1)
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(Array(lines.prefix(3)) == ["tinted-fills: 2 errors", "  to fix:", "    low-contrast: 2 errors"])
        #expect(
            lines[3].hasPrefix(
                "      error: \"Run\" has contrast 1.00:1 (#F9EBCF on #F9EBCF); normal text needs 4.50:1.")
        )
        #expect(lines[4] == "        at systemMedium/accented/tinted @4:3")
        #expect(lines[6] == "        at systemMedium/accented/tinted @4:10")
    }

    @Test func badInputIsAUsageError() {
        let output = StringStream(), errors = StringStream()
        let status = WidgetTermCommand.run(
            arguments: ["check", "tinted-fills", "--mode", "sepia"], widgets: LegibilityFixtures.all,
            environment: [:], output: output, errors: errors)
        #expect(status == 2)
        #expect(errors.text == "widgetterm: unknown --mode sepia; valid values: accented, fullColor, vibrant\n")
        let themeErrors = StringStream()
        let themeStatus = WidgetTermCommand.run(
            arguments: ["render", "tinted-fills", "--theme", "/nonexistent/theme.json"],
            widgets: LegibilityFixtures.all, environment: [:], output: output, errors: themeErrors)
        #expect(themeStatus == 2)
        #expect(themeErrors.text.hasPrefix("widgetterm: theme /nonexistent/theme.json: no such file"))
    }

    @Test func renderTakesModeThemeAndSVG() {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: ["render", "tinted-fills", "--mode", "accented", "--theme", "clear", "--format", "svg"],
                widgets: LegibilityFixtures.all, environment: [:], output: output, errors: errors)
        }
        // What check finds on accented/clear (white text on fills that take the same tint, 1.00:1) render reports
        // too, and exits 1 as check does (issue 14 item 13).
        #expect(status == 1)
        #expect(
            errors.text.split(separator: "\n").map { $0.prefix(45) } == [
                "widgetterm: error: [low-contrast] \"Run\" has c", "widgetterm: error: [low-contrast] \"Swim\" has ",
            ])
        #expect(
            output.text.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"508\" height=\"248\""))
        #expect(output.text.contains("<title>tinted-fills systemMedium accented clear</title>"))
        #expect(output.text.hasSuffix("</svg>\n"))
        let adopt = StringStream(), adoptErrors = StringStream()
        let adoptStatus = FixedClock.run {
            WidgetTermCommand.run(
                arguments: ["render", "plain-background"], widgets: LegibilityFixtures.all, environment: [:],
                output: adopt, errors: adoptErrors)
        }
        #expect(adoptStatus == 1)
        let usual = StringStream()
        _ = FixedClock.run {
            WidgetTermCommand.run(
                arguments: ["render", "tinted-fills", "--mode", "accented", "--format", "svg"],
                widgets: LegibilityFixtures.all, environment: [:], output: usual, errors: StringStream())
        }
        #expect(usual.text.contains("<title>tinted-fills systemMedium accented tinted</title>"))
        #expect(adoptErrors.text.hasPrefix("widgetterm: error: [missing-container-background]"))
    }

    @Test func everySurfaceIsEveryThemeInEveryMode() throws {
        let result = try runCheck(["--surfaces", "all"])
        let families = LegibilityFixtures.all.map(\.supportedFamilies.count).reduce(0, +)
        #expect(result.errors.contains(" on \(families * 18) surfaces; "), "\(result.errors)")
    }
}
