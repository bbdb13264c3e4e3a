import Foundation
import Testing
import AssetCatalog
import CellLayout
import CellRender
@testable import WidgetHost
@testable import WidgetKitUI
@testable import WidgetTermCLI

/// The fixture catalogs (`Fixtures/Resources`, described in its README).
enum ResourceFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Resources").path

    static func catalogs() throws -> AssetCatalogs { try AssetCatalogs(folders: [folder]) }

    /// A host whose widget code reads the fixture catalogs.
    static func host() throws -> HostContext {
        let host = HostContext()
        host.resources = try catalogs()
        return host
    }

    /// Renders `descriptor` with the fixture catalogs bound, as `--assets` does.
    static func render(
        _ descriptor: WidgetDescriptor, family: WidgetFamily = .systemSmall, theme: String = "light",
        mode: WidgetRenderingMode? = nil, device: DeviceProfile = .default
    ) throws -> Frame {
        try host().run { try ModeFixtures.render(descriptor, family: family, theme: theme, mode: mode, device: device) }
    }

    /// The two cells of the 2 × 1 `cover` image in a frame, with the image's rectangle.
    static func coverCells(_ frame: Frame) throws -> (left: Cell, right: Cell, rect: CellRect) {
        let rect = try #require(frame.images.first { $0.name == "cover" }?.rect)
        #expect(rect.width == 2 && rect.height == 1)
        return (frame.buffer[rect.x, rect.y], frame.buffer[rect.x + 1, rect.y], rect)
    }
}

// MARK: - Reading catalogs

@Suite struct AssetCatalogReadingTests {
    @Test func colourSetsGiveLightAndDarkInSRGB() throws {
        let catalogs = try ResourceFixtures.catalogs()
        #expect(catalogs.problems == [])
        #expect(catalogs.colorNames == ["Brand", "Signal"])
        #expect(catalogs.imageNames == ["Icons/logo", "cover", "glyph", "live", "photo"])
        let brand = try #require(catalogs.color(named: "Brand"))
        // Light: floats 0.2, 0.4, 0.8; dark: 8-bit integers 255, 128, 0.
        #expect(RGB(red: brand.light.red, green: brand.light.green, blue: brand.light.blue) == RGB(51, 102, 204))
        #expect(RGB(red: brand.dark.red, green: brand.dark.green, blue: brand.dark.blue) == RGB(255, 128, 0))
        // Display P3 (0xEA, 0x33, 0x23) is sRGB's pure red.
        let signal = try #require(catalogs.color(named: "Signal"))
        #expect(abs(signal.light.red - 1) < 0.01 && signal.light.green < 0.01 && signal.light.blue < 0.01)
        #expect(signal.light.alpha == 0.5 && signal.dark == signal.light)
        #expect(catalogs.color(named: "brand") == nil)
    }

    @Test func componentsParseAsXcodeWritesThem() {
        #expect(ColorSetReaderProbe.parse("0.500") == 0.5)
        #expect(ColorSetReaderProbe.parse("255") == 1)
        #expect(ColorSetReaderProbe.parse("0x80") == 128.0 / 255)
        #expect(ColorSetReaderProbe.parse("256") == nil)
        #expect(ColorSetReaderProbe.parse("red") == nil)
    }

    @Test func imageSetsTakeTheDeviceScaleOrTheNearest() throws {
        let catalogs = try ResourceFixtures.catalogs()
        func topLeft(_ scale: Double) throws -> [UInt8] {
            guard case .found(let bitmap) = catalogs.image(named: "cover", displayScale: scale, colorScheme: .light) else {
                Issue.record("cover not found at \(scale)x")
                return []
            }
            #expect(bitmap.pointSize == CGSize(width: 16, height: 18))
            return Array(bitmap.pixels[0..<4])
        }
        #expect(try topLeft(3) == [255, 0, 0, 255])
        #expect(try topLeft(2) == [255, 0, 255, 255])
        #expect(try topLeft(1) == [255, 255, 0, 255])
        #expect(try topLeft(2.5) == [255, 0, 0, 255]) // a tie goes to the larger file
        #expect(try topLeft(4) == [255, 0, 0, 255])
    }

    @Test func jpegDecodesThroughLibjpeg() throws {
        let catalogs = try ResourceFixtures.catalogs()
        guard case .found(let photo) = catalogs.image(named: "photo", displayScale: 3, colorScheme: .dark) else {
            Issue.record("photo not decoded")
            return
        }
        #expect(photo.pixelWidth == 16 && photo.pixelHeight == 34 && photo.scale == 1)
        func pixel(_ x: Int, _ y: Int) -> [Int] { (0..<4).map { Int(photo.pixels[(y * 16 + x) * 4 + $0]) } }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 6 } }
        #expect(near(pixel(8, 4), [255, 128, 0, 255]), "\(pixel(8, 4))")
        #expect(near(pixel(8, 30), [0, 128, 255, 255]), "\(pixel(8, 30))")
    }

    @Test func vectorAndHEICImagesAreReportedNotDrawn() throws {
        let catalogs = try ResourceFixtures.catalogs()
        guard case .unusable(let code, let reason) = catalogs.image(named: "Icons/logo", displayScale: 3, colorScheme: .light) else {
            Issue.record("the SVG should be unusable")
            return
        }
        #expect(code == "vector-image-asset" && reason.contains("logo.svg") && reason.contains("PNG"))
        guard case .unusable(let heic, _) = catalogs.image(named: "live", displayScale: 3, colorScheme: .light) else {
            Issue.record("the HEIC should be unusable")
            return
        }
        #expect(heic == "heic-image-asset")
        guard case .missing = catalogs.image(named: "logo", displayScale: 3, colorScheme: .light) else {
            Issue.record("a namespaced set is found only by its full name")
            return
        }
    }

    @Test func damagedFilesAndFoldersAreExplained() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let set = root.appendingPathComponent("A.xcassets/bad.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"filename":"bad.png","idiom":"universal","scale":"3x"}]}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        try Data("not a png".utf8).write(to: set.appendingPathComponent("bad.png"))
        let colour = root.appendingPathComponent("A.xcassets/Broken.colorset")
        try FileManager.default.createDirectory(at: colour, withIntermediateDirectories: true)
        try Data(#"{"colors":[{"idiom":"universal","color":{"components":{"red":"1.0","green":"lots","blue":"0"}}}]}"#.utf8)
            .write(to: colour.appendingPathComponent("Contents.json"))
        let catalogs = try AssetCatalogs(folders: [root.path])
        #expect(catalogs.problems.count == 1)
        #expect(catalogs.problems.first?.contains("Broken.colorset/Contents.json: colors[0].color.components.green") == true)
        guard case .unusable(let code, let reason) = catalogs.image(named: "bad", displayScale: 3, colorScheme: .light) else {
            Issue.record("a damaged PNG should be unusable")
            return
        }
        #expect(code == "undecodable-image-asset" && reason.contains("bad.png"))
        #expect(throws: AssetCatalogError.missingFolder("/no/such/folder")) { try AssetCatalogs(folders: ["/no/such/folder"]) }
    }

    @Test func stringTablesFollowTheLocaleThenTheSourceLanguage() throws {
        let catalogs = try ResourceFixtures.catalogs()
        func value(_ key: String, _ locale: String) -> String? { catalogs.localizedString(forKey: key, locale: Locale(identifier: locale)) }
        #expect(value("Hello", "fr_FR") == "Bonjour")
        #expect(value("Hello", "fr") == "Bonjour")
        #expect(value("Hello", "de-CH") == "Hallo") // from de.lproj/Localizable.strings
        #expect(value("Water", "de_DE") == "Wasser")
        #expect(value("%lld steps", "fr_CA") == "%lld pas")
        #expect(value("Only in English", "fr_FR") == "Only in English (source)")
        #expect(value("Hello", "ja_JP") == nil) // the source language has no value: the key shows
        #expect(value("Unknown", "fr_FR") == nil)
    }

    @Test func formatSpecifiersTakeTheirArguments() {
        #expect(LocalizationKey.substitute(["5"], into: "%lld pas") == "5 pas")
        #expect(LocalizationKey.substitute(["a", "b"], into: "%2$@ puis %1$@") == "b puis a")
        #expect(LocalizationKey.substitute(["7"], into: "100%% %@") == "100% 7")
        #expect(LocalizationKey.substitute([], into: "%@ left") == "%@ left")
    }
}

/// `ColorSetReader.parse`, reached through the module's test seam.
enum ColorSetReaderProbe {
    static func parse(_ text: String) -> Double? { AssetCatalogs.parseComponent(text) }
}

// MARK: - Drawing what widget code names

struct StepsText: View {
    let steps: Int
    var body: some View { Text("\(steps) steps") }
}

@Suite struct AssetRenderTests {
    static let cover = ModeFixtures.widget("cover", families: [.systemSmall]) {
        Image("cover").containerBackground(Color.black, for: .widget)
    }

    @Test func aFixedImageTakesItsPointSizeInHalfBlocks() throws {
        let frame = try ResourceFixtures.render(Self.cover)
        let (left, right, rect) = try ResourceFixtures.coverCells(frame)
        // 16 × 18 pt at 3x: 2 columns × 1 row, centred in the 21 × 10 content area.
        #expect(rect == CellRect(x: 9, y: 4, width: 2, height: 1))
        #expect(left == Cell(glyph: "▀", foreground: RGB(255, 0, 0), background: RGB(0, 0, 255)))
        // The bottom-right quadrant is transparent: the container background shows through.
        #expect(right == Cell(glyph: "▀", foreground: RGB(0, 255, 0), background: RGB(0, 0, 0)))
        #expect(frame.diagnostics.isEmpty, "\(frame.diagnostics)")
    }

    @Test func theDeviceScaleChoosesTheFile() throws {
        let frame = try ResourceFixtures.render(Self.cover, device: .iPhoneSE)
        #expect(try ResourceFixtures.coverCells(frame).left.foreground == RGB(255, 0, 255)) // the @2x file
    }

    @Test func accentedFlattensTheImageToOneTintUnlessFullColor() throws {
        let frame = try ResourceFixtures.render(Self.cover, theme: "tinted")
        let (left, right, _) = try ResourceFixtures.coverCells(frame)
        let tint = try #require(Theme.builtIn(named: "tinted")).paintStyle(mode: nil).transform.tint(of: .default)
        #expect(left == Cell(glyph: "▀", foreground: tint, background: tint))
        #expect(right.foreground == tint && right.background != tint)
        #expect(frame.images.first?.treatment == .flattened)

        let kept = ModeFixtures.widget("kept", families: [.systemSmall]) {
            Image("cover").widgetAccentedRenderingMode(.fullColor).containerBackground(Color.black, for: .widget)
        }
        let keptFrame = try ResourceFixtures.render(kept, theme: "tinted")
        let keptCells = try ResourceFixtures.coverCells(keptFrame)
        #expect(keptCells.left == Cell(glyph: "▀", foreground: RGB(255, 0, 0), background: RGB(0, 0, 255)))
        #expect(keptCells.right.foreground == RGB(0, 255, 0))
        #expect(keptFrame.images.first?.treatment == .fullColor)
    }

    @Test func desaturatedMapsLuminanceToTheTintsOpacity() throws {
        let desaturated = ModeFixtures.widget("desaturated", families: [.systemSmall]) {
            Image("cover").widgetAccentedRenderingMode(.desaturated).containerBackground(Color.black, for: .widget)
        }
        let frame = try ResourceFixtures.render(desaturated, theme: "tinted")
        let (left, right, _) = try ResourceFixtures.coverCells(frame)
        #expect(frame.images.first?.treatment == .desaturated)
        let style = try #require(Theme.builtIn(named: "tinted")).paintStyle(mode: nil)
        let behind = try #require(right.background)
        func expected(_ red: Double, _ green: Double, _ blue: Double) -> RGB {
            let shown = style.transform.applyToImage(
                RGBA(red: red, green: green, blue: blue), accentedRenderingMode: .desaturated, enclosing: .default)
            return behind.blended(with: RGB(red: shown.red, green: shown.green, blue: shown.blue), alpha: shown.alpha)
        }
        #expect(left.foreground == expected(1, 0, 0) && left.background == expected(0, 0, 1))
        #expect(right.foreground == expected(0, 1, 0))
        #expect(left.foreground != right.foreground)
    }

    @Test func vibrantShowsLuminanceAsTheTintsStrength() throws {
        let frame = try ResourceFixtures.render(Self.cover, theme: "lockscreen", mode: .vibrant)
        let (left, right, _) = try ResourceFixtures.coverCells(frame)
        #expect(frame.images.first?.treatment == .vibrant)
        let style = Theme.builtIn(.lockScreen).paintStyle(mode: .vibrant)
        let behind = try #require(right.background) // the transparent quadrant: what is behind the image
        func expected(_ red: Double, _ green: Double, _ blue: Double) -> RGB {
            let shown = style.transform.apply(RGBA(red: red, green: green, blue: blue), group: .default)
            return behind.blended(with: RGB(red: shown.red, green: shown.green, blue: shown.blue), alpha: shown.alpha)
        }
        #expect(left.foreground == expected(1, 0, 0))
        #expect(left.background == expected(0, 0, 1))
        #expect(right.foreground == expected(0, 1, 0))
        // Green is lighter than red, red lighter than blue (CIELAB L* 88, 53, 32).
        func sum(_ color: RGB?) -> Int { color.map { Int($0.red) + Int($0.green) + Int($0.blue) } ?? 0 }
        #expect(sum(right.foreground) > sum(left.foreground) && sum(left.foreground) > sum(left.background))
    }

    @Test func aResizableImageFillsItsFrameAndKeepsItsRatioWhenAsked() throws {
        let stretched = ModeFixtures.widget("stretched", families: [.systemSmall]) {
            Image("photo").resizable().frame(width: 80, height: 68).containerBackground(Color.black, for: .widget)
        }
        let frame = try ResourceFixtures.render(stretched)
        let rect = try #require(frame.images.first?.rect)
        #expect(rect == CellRect(x: 5, y: 3, width: 10, height: 4))
        // Top half orange, bottom half blue, each within JPEG's rounding.
        func near(_ color: RGB?, _ expected: RGB) -> Bool {
            guard let color else { return false }
            return abs(Int(color.red) - Int(expected.red)) <= 6 && abs(Int(color.green) - Int(expected.green)) <= 6
                && abs(Int(color.blue) - Int(expected.blue)) <= 6
        }
        for column in rect.x..<rect.maxX {
            #expect(near(frame.buffer[column, rect.y].foreground, RGB(255, 128, 0)))
            #expect(near(frame.buffer[column, rect.maxY - 1].background, RGB(0, 128, 255)))
        }

        let fitted = ModeFixtures.widget("fitted", families: [.systemSmall]) {
            Image("photo").resizable().aspectRatio(contentMode: .fit).frame(width: 160, height: 34)
                .containerBackground(Color.black, for: .widget)
        }
        // 16 × 34 px fitted in 20 × 2 cells: 2 rows high and as wide as the picture's proportions allow.
        let fittedRect = try #require(try ResourceFixtures.render(fitted).images.first?.rect)
        #expect(fittedRect.height == 2 && fittedRect.width == 2)
    }

    @Test func aTemplateImageDrawsItsShapeInTheForegroundStyle() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let template = ModeFixtures.widget("template", families: [.systemSmall]) {
            Image("glyph").foregroundStyle(red).containerBackground(Color.black, for: .widget)
        }
        let original = ModeFixtures.widget("original", families: [.systemSmall]) {
            Image("glyph").renderingMode(.original).foregroundStyle(red).containerBackground(Color.white, for: .widget)
        }
        let templateFrame = try ResourceFixtures.render(template)
        let rect = try #require(templateFrame.images.first?.rect)
        for column in rect.x..<rect.maxX {
            #expect(templateFrame.buffer[column, rect.y] == Cell(glyph: "▀", foreground: RGB(255, 0, 0), background: RGB(0, 0, 0)))
        }
        let originalFrame = try ResourceFixtures.render(original)
        #expect(originalFrame.buffer[rect.x, rect.y] == Cell(glyph: "▀", foreground: RGB(0, 0, 0), background: RGB(255, 255, 255)))
    }

    @Test func colourSetsFollowTheColourScheme() throws {
        let brand = ModeFixtures.widget("brand", families: [.systemSmall]) {
            Color("Brand").containerBackground(Color.black, for: .widget)
        }
        let light = try ResourceFixtures.render(brand, theme: "light")
        let dark = try ResourceFixtures.render(brand, theme: "dark")
        #expect(light.buffer[10, 5].background == RGB(51, 102, 204))
        #expect(dark.buffer[10, 5].background == RGB(255, 128, 0))
        #expect(light.diagnostics.isEmpty)
    }

    @Test func textKeysAreTranslatedForTheLocale() throws {
        let greeting = ModeFixtures.widget("greeting", families: [.systemSmall]) {
            VStack {
                Text("Hello")
                StepsText(steps: 5)
                Text(verbatim: "Hello")
            }.containerBackground(Color.black, for: .widget)
        }
        func texts(_ locale: String) throws -> [String] {
            try ResourceFixtures.host().run {
                try FixedClock.run {
                    let session = WidgetSession(descriptor: greeting)
                    let selection = try session.selectEntry(family: .systemSmall, device: .default, context: .timeline)
                    let options = WidgetRenderOptions(
                        family: .systemSmall, device: .default, osVersion: 26,
                        style: PaintStyle(colorScheme: .light), date: HostClock.now,
                        format: SystemTextFormat(locale: Locale(identifier: locale), timeZone: TimeZone(identifier: "UTC")!))
                    return session.render(selection, options: options).textRuns.map(\.text)
                }
            }
        }
        let french = try texts("fr_FR")
        #expect(french == ["Bonjour", "5 pas", "Hello"], "\(french)")
        #expect(try texts("de_DE") == ["Hallo", "5 steps", "Hello"])
        #expect(try texts("en_US") == ["Hello", "5 steps", "Hello"])
    }

    @Test func aMissingAssetNamesTheCatalogsSearched() throws {
        let missing = ModeFixtures.widget("missing", families: [.systemSmall]) {
            VStack {
                Image("nowhere")
                Color("Nothing").frame(width: 8, height: 17)
            }.containerBackground(Color.black, for: .widget)
        }
        let frame = try ResourceFixtures.render(missing)
        let codes = frame.diagnostics.map(\.code)
        #expect(codes.sorted() == ["missing-color-asset", "missing-image-asset"], "\(frame.diagnostics)")
        let catalog = ResourceFixtures.folder + "/Assets.xcassets"
        #expect(frame.diagnostics.allSatisfy { $0.message.contains("searched \(catalog)") }, "\(frame.diagnostics)")
        #expect(frame.diagnostics.first { $0.code == "missing-image-asset" }?.message.contains("nowhere.imageset") == true)

        let vector = ModeFixtures.widget("vector", families: [.systemSmall]) {
            Image("Icons/logo").containerBackground(Color.black, for: .widget)
        }
        #expect(try ResourceFixtures.render(vector).diagnostics.map(\.code) == ["vector-image-asset"])

        // With no catalogs at all (no --assets), the labelled placeholders are drawn without a finding.
        let bare = try ModeFixtures.render(missing, family: .systemSmall, theme: "light")
        #expect(bare.diagnostics.isEmpty, "\(bare.diagnostics)")
        #expect(bare.images.first?.name == "nowhere")
    }
}

// MARK: - --assets on the command line

@Suite struct AssetsFlagTests {
    static let widget = ModeFixtures.widget("asset-card", families: [.systemSmall]) {
        VStack {
            Text("Water")
            Image("cover")
        }.containerBackground(Color("Brand"), for: .widget)
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(arguments: arguments, widgets: [widget], environment: [:], output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    @Test func renderReadsTheCatalogsOfAssetsFolders() {
        let result = Self.run([
            "render", "asset-card", "--assets", ResourceFixtures.folder, "--locale", "fr_FR",
            "--format", "text", "--at", "2026-03-14T09:41:00Z",
        ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("Eau") && result.output.contains("▀▀"), "\(result.output)")
        #expect(result.errors.isEmpty, "\(result.errors)")

        let without = Self.run(["render", "asset-card", "--format", "text", "--at", "2026-03-14T09:41:00Z"])
        #expect(without.status == 0 && without.output.contains("Water") && !without.output.contains("▀"), "\(without.output)")
    }

    @Test func galleryAndDocumentsTakeTheFlagToo() throws {
        let gallery = Self.run([
            "gallery", "asset-card", "--assets=\(ResourceFixtures.folder)", "--format", "text",
            "--at", "2026-03-14T09:41:00Z", "--locale", "de_DE",
        ])
        #expect(gallery.status == 0 && gallery.output.contains("Wasser"), "\(gallery.output)\(gallery.errors)")

        let document = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: document) }
        try Data(
            #"""
            {"version": 1, "kind": "asset-document", "families": ["systemSmall"],
             "timeline": {"entries": [{"date": "now", "data": {}}], "policy": "never"},
             "view": {"VStack": [{"Text": "Hello"}, {"Image": "cover"}, {"Image": "absent"}],
                      "modifiers": [{"containerBackground": {"asset": "Brand"}}]}}
            """#.utf8
        ).write(to: document)
        let result = Self.run([
            "render", document.path, "--assets", ResourceFixtures.folder, "--locale", "fr",
            "--format", "text", "--at", "2026-03-14T09:41:00Z",
        ])
        #expect(result.status == 0 && result.output.contains("Bonjour") && result.output.contains("▀"), "\(result.output)")
        #expect(result.errors.contains("[missing-image-asset]") && result.errors.contains("absent.imageset"), "\(result.errors)")
        let json = Self.run(["render", document.path, "--assets", ResourceFixtures.folder, "--scheme", "dark", "--format", "json"])
        #expect(json.output.contains("\"background\" : \"#FF8000\""), "\(json.errors)")
        // White text on the Brand orange is 2.52:1: the error check makes, which render reports too (exit 1).
        #expect(json.status == 1 && json.output.contains("\"Hello\\\" has contrast 2.52:1"), "\(json.output)")
    }

    @Test func aFolderThatCannotBeUsedIsAUsageError() {
        let missing = Self.run(["render", "asset-card", "--assets", "/no/such/assets"])
        #expect(missing.status == 2)
        #expect(missing.errors == "widgetterm: --assets /no/such/assets: no such folder; give the folder that holds the app's *.xcassets\n")
        let bare = FileManager.default.temporaryDirectory.appendingPathComponent("no-assets-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bare) }
        let nothing = Self.run(["render", "asset-card", "--assets", bare.path])
        #expect(nothing.status == 2 && nothing.errors.contains("no *.xcassets, *.xcstrings or *.lproj below it"), "\(nothing.errors)")
        let empty = Self.run(["render", "asset-card", "--assets="])
        #expect(empty.status == 2 && empty.errors.contains("--assets needs a folder"), "\(empty.errors)")
    }
}
