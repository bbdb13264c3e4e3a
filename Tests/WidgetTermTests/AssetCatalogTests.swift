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
    static func render(_ descriptor: WidgetDescriptor, family: WidgetFamily = .systemSmall, theme: String = "light",
                       mode: WidgetRenderingMode? = nil, device: DeviceProfile = .default) throws -> Frame {
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
        #expect(catalogs.imageNames == ["Icons/logo", "cover", "live", "photo"])
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
        #expect(try topLeft(2.5) == [255, 0, 0, 255])  // a tie goes to the larger file
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
        #expect(value("Hello", "de-CH") == "Hallo")  // from de.lproj/Localizable.strings
        #expect(value("Water", "de_DE") == "Wasser")
        #expect(value("%lld steps", "fr_CA") == "%lld pas")
        #expect(value("Only in English", "fr_FR") == "Only in English (source)")
        #expect(value("Hello", "ja_JP") == nil)  // the source language has no value: the key shows
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
