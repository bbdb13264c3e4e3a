import Foundation
import Testing
@testable import CellLayout
@testable import CellRender
@testable import WidgetTermCLI
import WidgetKitUI
import SampleWidgets

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The elements of an SVG document in document order, with their attributes and the text inside them.
struct SVGElements {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    var elements: [Element] = []

    init?(_ document: String) {
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [Element] = []
            var open: [Int] = []
            func parser(
                _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                elements.append(Element(name: elementName, attributes: attributes))
                open.append(elements.count - 1)
            }
            func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
                _ = open.popLast()
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if let index = open.last { elements[index].text += string }
            }
        }
        let parser = XMLParser(data: Data(document.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else { return nil }
        elements = collector.elements
    }

    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
    func withClass(_ name: String) -> [Element] { elements.filter { $0.attributes["class"] == name } }
}

/// The width and height a PNG's IHDR chunk gives, nil when `data` is not a PNG.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count > 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    func integer(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (integer(16), integer(20))
}

/// Issue 15 item 18: SVG a designer can review (real corners, wallpaper, gradients, emoji) and PNG sheets.
@Suite struct ReviewExportTests {
    static let at = ["--at", "2026-11-29T09:00:00Z", "--timezone", "UTC"]

    @Test("render --format svg: the widget on the wallpaper, clipped to 22 pt corners, its gradient container as one SVG gradient")
    func weatherOnItsWallpaper() throws {
        let result = PreviewCommandTests.run(["render", "weather", "--format", "svg"] + Self.at)
        #expect(result.status == 0)
        let svg = try #require(SVGElements(result.output))
        let root = try #require(svg.named("svg").first)
        // systemSmall on iphone-430 is 21 × 10 cells of 10 × 20 px, plus 24 px of wallpaper on each side.
        #expect(root.attributes["width"] == "258" && root.attributes["height"] == "248")
        let wallpaper = try #require(svg.withClass("wallpaper").first)
        #expect(wallpaper.attributes["fill"] == Theme.builtIn(.light).wallpaper.hex)
        #expect(wallpaper.attributes["width"] == "258")
        let clip = try #require(svg.named("clipPath").first)
        #expect(clip.attributes["id"] == "w-shape")
        let shape = try #require(svg.elements.first { $0.name == "rect" && $0.attributes["rx"] != nil })
        // 22 pt at 8 pt per 10 px column and 17 pt per 20 px row.
        #expect(shape.attributes["rx"] == "27.5" && shape.attributes["ry"] == "25.88")
        #expect(shape.attributes["width"] == "210" && shape.attributes["height"] == "200")
        #expect(svg.elements.contains { $0.name == "g" && $0.attributes["clip-path"] == "url(#w-shape)" })
        let gradients = svg.named("linearGradient")
        #expect(gradients.count == 1)
        #expect(gradients.first?.attributes["y1"] == "0" && gradients.first?.attributes["y2"] == "200")
        #expect(svg.named("stop").map { $0.attributes["stop-color"] ?? "" } == ["#1A5CB3", "#0F408C"])
        #expect(svg.named("stop").map { $0.attributes["offset"] ?? "" } == ["0", "1"])
        let filled = try #require(svg.withClass("gradient").first)
        #expect(filled.attributes["fill"] == "url(#w-gradient0)" && filled.attributes["width"] == "210")
        // The gradient shows through everywhere: no banded cell rectangles, and no quadrant-block corners.
        let cellsGroup = try #require(svg.elements.firstIndex { $0.attributes["class"] == "cells" })
        let glyphsGroup = try #require(svg.elements.firstIndex { $0.attributes["class"] == "glyphs" })
        #expect(svg.elements[cellsGroup + 1..<glyphsGroup].filter { $0.name == "rect" }.isEmpty)
        #expect(!svg.named("text").contains { ["▗", "▖", "▝", "▘"].contains($0.text) })
        // The condition symbol is a colour emoji, marked for the PNG export.
        #expect(svg.withClass("emoji").map(\.text) == ["⛅"])
    }

    @Test("accessories have no container shape: no clip path, the Lock Screen around them")
    func accessoryIsNotClipped() throws {
        let result = PreviewCommandTests.run(["render", "steps", "--format", "svg", "--family", "accessoryRectangular"] + Self.at)
        #expect(result.status == 0, "\(result.errors)")
        let svg = try #require(SVGElements(result.output))
        #expect(svg.named("clipPath").isEmpty)
        let lockscreen = Theme.builtIn(.lockScreen).paintStyle().surface
        #expect(svg.withClass("wallpaper").first?.attributes["fill"] == lockscreen?.hex)
    }

    @Test("a rounded rectangle's block corners become curves of its radius, and the cells keep the colour outside")
    func roundedShapeCorners() throws {
        let fill = RGB(0x34, 0xC7, 0x59), outside = RGB(255, 255, 255)
        var buffer = CellBuffer(width: 8, height: 4, fill: Cell(background: outside))
        for row in 1..<3 { for column in 1..<7 { buffer[column, row] = Cell(background: fill) } }
        let blocks: [(Int, Int, Glyph)] = [(1, 1, "▗"), (6, 1, "▖"), (1, 2, "▝"), (6, 2, "▘")]
        for (column, row, glyph) in blocks { buffer[column, row] = Cell(glyph: glyph, foreground: fill, background: outside) }
        var frame = Frame(buffer: buffer)
        frame.shapes = [
            PaintedShape(kind: .roundedRectangle(cornerRadius: 12), rect: CellRect(x: 1, y: 1, width: 6, height: 2), fill: fill)
        ]
        let style = SVGReviewStyle(backdrop: outside, defaultForeground: RGB(0, 0, 0), margin: 0, cornerRadius: nil)
        let svg = try #require(SVGElements(SVGEncoder.encodeForReview(frame, style: style)))
        let corners = svg.withClass("corner")
        // 12 pt is 15 px across (one 10 px cell at most) and 14.12 px down.
        #expect(
            corners.map { $0.attributes["d"] ?? "" } == [
                "M20 20V40H10V34.12A10 14.12 0 0 1 20 20Z",
                "M60 20H60A10 14.12 0 0 1 70 34.12V40H60Z",
                "M10 40H20V60H20A10 14.12 0 0 1 10 45.88Z",
                "M60 40H70V45.88A10 14.12 0 0 1 60 60H60Z",
            ])
        #expect(corners.allSatisfy { $0.attributes["fill"] == "#34C759" })
        #expect(svg.named("text").isEmpty, "no quadrant blocks left")
        // Row 1: the corner cells in the outside colour, the four between in the fill.
        let rects = svg.named("rect").filter { $0.attributes["y"] == "20" }
        #expect(rects.map { $0.attributes["fill"] ?? "" } == ["#FFFFFF", "#34C759", "#FFFFFF"])
        #expect(rects.map { $0.attributes["width"] ?? "" } == ["20", "40", "20"])
    }

    @Test("a gradient painted over is not shown through: later cells keep their own rectangles")
    func gradientCoveredByLaterPaint() throws {
        let top = RGB(255, 0, 0), bottom = RGB(0, 0, 255), badge = RGB(0, 255, 0)
        var buffer = CellBuffer(width: 4, height: 2)
        for column in 0..<4 {
            buffer[column, 0] = Cell(background: top)
            buffer[column, 1] = Cell(background: bottom)
        }
        buffer[2, 1] = Cell(background: badge)
        var frame = Frame(buffer: buffer)
        let whole = CellRect(x: 0, y: 0, width: 4, height: 2)
        frame.gradients = [
            PaintedGradient(
                frame: whole, rect: whole,
                stops: [.init(location: 0, color: top), .init(location: 1, color: bottom)],
                start: UnitPoint(x: 0.5, y: 0), end: UnitPoint(x: 0.5, y: 1), bands: [top, top, top, top, bottom, bottom, bottom, bottom])
        ]
        let style = SVGReviewStyle(backdrop: RGB(0, 0, 0), defaultForeground: RGB(255, 255, 255), margin: 0, cornerRadius: nil)
        let svg = try #require(SVGElements(SVGEncoder.encodeForReview(frame, style: style)))
        #expect(svg.named("stop").map { $0.attributes["stop-color"] ?? "" } == ["#FF0000", "#0000FF"])
        let cellRects = svg.named("rect").filter { $0.attributes["class"] == nil }
        #expect(cellRects.count == 1)
        #expect(cellRects.first?.attributes["fill"] == "#00FF00" && cellRects.first?.attributes["x"] == "20")
    }

    @Test("accented mode replaces the gradient container background with the theme's glass: no gradient is drawn")
    func accentedHasNoContainerGradient() throws {
        let result = PreviewCommandTests.run(["render", "weather", "--format", "svg", "--mode", "accented"] + Self.at)
        #expect(result.status == 0)
        let svg = try #require(SVGElements(result.output))
        #expect(svg.named("linearGradient").isEmpty)
    }

    @Test("gallery --modes all: every family in every mode on one sheet, captioned with mode and theme")
    func galleryModesAll() throws {
        let result = PreviewCommandTests.run(["gallery", "water", "--format", "svg", "--modes", "all"] + Self.at)
        #expect(result.status == 0, "\(result.errors)")
        let svg = try #require(SVGElements(result.output))
        let water = try #require(SampleWidgetBundle().widgetDescriptors.first { $0.kind == "water" })
        let families = water.supportedFamilies.filter { DeviceProfile.default.size(of: $0) != nil }
        #expect(svg.named("svg").count == 1 + families.count * 3)
        #expect(svg.named("title").count == families.count * 3)
        let captions = svg.named("text").map(\.text).filter { $0.contains(" · ") }
        #expect(captions.count == families.count * 3)
        #expect(Array(captions.prefix(3)) == ["fullColor · light", "accented · tinted", "vibrant · lockscreen"])
        // accessoryCircular's frames are narrower than their captions: each next frame starts clear of the caption
        // ("fullColor · lockscreen", 22 characters of about 7.2 px).
        let circular = try #require(DeviceProfile.default.cells(of: .accessoryCircular)).width * 10 + 48
        let nested = svg.named("svg").dropFirst().filter { $0.attributes["width"] == String(circular) }
        #expect(nested.map { $0.attributes["x"] ?? "" }.prefix(2) == ["16", String(16 + max(circular, 159) + 16)])
        // Each nested frame has its own ids, so the sheet's clip paths and gradients do not collide.
        let ids = svg.elements.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count)
    }

    @Test("gallery --format png writes a PNG of the sheet's size; its emoji are images")
    func galleryPNG() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sheet.png").path
        let arguments = ["gallery", "weather", "--modes", "fullColor,vibrant", "--family", "systemSmall"] + Self.at
        let png = PreviewCommandTests.run(arguments + ["--format", "png", "--output", file])
        #expect(png.status == 0, "\(png.errors)")
        let sheet = PreviewCommandTests.run(arguments + ["--format", "svg"])
        let root = try #require(SVGElements(sheet.output)?.named("svg").first)
        let size = try #require(pngSize(try Data(contentsOf: URL(fileURLWithPath: file))))
        #expect(size.width == Int(root.attributes["width"] ?? ""))
        #expect(size.height == Int(root.attributes["height"] ?? ""))
        #expect(size.width == 16 + 258 + 16 + 258 + 16 && size.height > 248)
    }

    @Test("render --format png --output writes the widget's PNG at the review SVG's size; --output takes any format")
    func renderPNG() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("weather.png").path, svg = directory.appendingPathComponent("weather.svg").path
        let pngRun = PreviewCommandTests.run(["render", "weather", "--format", "png", "--output", png] + Self.at)
        #expect(pngRun.status == 0 && pngRun.output.isEmpty, "\(pngRun.errors)")
        let size = try #require(pngSize(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(size.width == 258 && size.height == 248)
        let svgRun = PreviewCommandTests.run(["render", "weather", "--format", "svg", "--output", svg] + Self.at)
        #expect(svgRun.status == 0 && svgRun.output.isEmpty)
        let written = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(written == PreviewCommandTests.run(["render", "weather", "--format", "svg"] + Self.at).output)
    }

    @Test("render of a Live Activity writes --output as a widget does: the SVG stdout would show, or its PNG")
    func renderActivityToFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-activity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let png = directory.appendingPathComponent("min.png").path, svg = directory.appendingPathComponent("min.svg").path
        let arguments = ["render", "workout", "--presentation", "minimal"] + Self.at
        let svgRun = PreviewCommandTests.run(arguments + ["--format", "svg", "--output", svg])
        #expect(svgRun.status == 0 && svgRun.output.isEmpty, "\(svgRun.errors)")
        let written = try String(contentsOfFile: svg, encoding: .utf8)
        let shown = PreviewCommandTests.run(arguments + ["--format", "svg"]).output
        #expect(written == shown)
        let root = try #require(SVGElements(written)?.named("svg").first)
        let pngRun = PreviewCommandTests.run(arguments + ["--format", "png", "--output", png])
        #expect(pngRun.status == 0 && pngRun.output.isEmpty, "\(pngRun.errors)")
        let size = try #require(pngSize(try Data(contentsOf: URL(fileURLWithPath: png))))
        #expect(size.width == Int(root.attributes["width"] ?? "") && size.height == Int(root.attributes["height"] ?? ""))
        // PNG still needs a file to write to.
        let noFile = PreviewCommandTests.run(["render", "delivery", "--format", "png"])
        #expect(noFile.status == 2)
        #expect(noFile.errors == "widgetterm: render --format png writes a binary file: give --output FILE\n")
    }

    @Test("emoji text becomes a colour image in its two cells before librsvg draws it")
    func emojiBecomeImages() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><text class="emoji" x="10" y="15" fill="#FFFFFF">⛅</text>\
            <text x="30" y="15">a</text></svg>
            """
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-emoji-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let painter = try #require(PNGConverter.find("pango-view", path: "/usr/bin:/bin"), "CI installs pango1.0-tools")
        let inlined = try #require(SVGElements(EmojiImages.inline(svg, pangoView: painter, scratch: scratch)))
        let image = try #require(inlined.named("image").first)
        #expect(image.attributes["x"] == "10" && image.attributes["y"] == "0")
        #expect(image.attributes["width"] == "20" && image.attributes["height"] == "20")
        let data = try #require(Data(base64Encoded: String((image.attributes["href"] ?? "").dropFirst("data:image/png;base64,".count))))
        #expect(pngSize(data) != nil)
        #expect(inlined.named("text").map(\.text) == ["a"])
    }

    @Test("PNG and --modes mistakes are clear usage errors")
    func usageErrors() {
        for (arguments, message) in [
            (["gallery", "--format", "png"], "widgetterm: gallery --format png writes a binary file: give --output FILE\n"),
            (["gallery", "--modes", "all", "--mode", "vibrant"], "widgetterm: give --mode or --modes, not both\n"),
            (
                ["gallery", "--modes", "acented"],
                "widgetterm: unknown --modes acented (did you mean accented?); valid modes: all, fullColor, accented, vibrant\n"
            ),
            (
                ["gallery", "--format", "svg", "--output", "/"],
                "widgetterm: cannot write --output /: it is a directory, not a file; give a file path\n"
            ),
        ] {
            let result = PreviewCommandTests.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errors == message, "\(arguments)")
        }
    }
}
