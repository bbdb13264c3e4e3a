import Foundation
import CImageDecoding
import WidgetKitUI

// MARK: - Image sets

/// `Name.imageset/Contents.json`: the files per scale and appearance for the iPhone.
struct ImageSet {
    struct File {
        let path: String
        /// Pixels per point: 1, 2 or 3 (`"scale": "2x"`); a file without a scale counts as 1x.
        let scale: Double
        let isDark: Bool
    }

    let path: String
    let files: [File]
    /// "Render As: Template Image" (`properties.template-rendering-intent`).
    var isTemplate = false

    static func read(_ folder: String) throws -> ImageSet {
        let contents = (folder as NSString).appendingPathComponent("Contents.json")
        let object = try ContentsJSON.read(contents)
        guard let images = object["images"] as? [[String: Any]] else {
            throw AssetCatalogError.malformed(contents, "has no \"images\" array; recreate the image set in Xcode")
        }
        var files: [File] = []
        for idiom in ["universal", "iphone"] where files.isEmpty {
            for entry in images where (entry["idiom"] as? String ?? "universal") == idiom {
                guard let name = entry["filename"] as? String, !name.isEmpty, !name.contains("/") else { continue }
                let appearances = entry["appearances"] as? [[String: Any]] ?? []
                if appearances.contains(where: { $0["appearance"] as? String == "contrast" }) { continue }
                let isDark = appearances.contains { $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark" }
                let scale = (entry["scale"] as? String).flatMap { Double($0.replacingOccurrences(of: "x", with: "")) } ?? 1
                files.append(File(path: (folder as NSString).appendingPathComponent(name), scale: scale, isDark: isDark))
            }
        }
        let properties = object["properties"] as? [String: Any]
        let isTemplate = properties?["template-rendering-intent"] as? String == "template"
        return ImageSet(path: folder, files: files, isTemplate: isTemplate)
    }

    /// The file for a screen of `displayScale` in an appearance: the appearance's files (else the light
    /// ones), then the exact scale, else the nearest, a larger one winning a tie (shrinking loses less).
    func file(displayScale: Double, isDark: Bool) -> File? {
        let candidates = files.filter { $0.isDark == isDark }.isEmpty ? files.filter { !$0.isDark } : files.filter { $0.isDark == isDark }
        let pool = candidates.isEmpty ? files : candidates
        return pool.min { a, b in
            let da = abs(a.scale - displayScale), db = abs(b.scale - displayScale)
            return da != db ? da < db : a.scale > b.scale
        }
    }
}

/// Decodes an image file with the Debian libraries behind `CImageDecoding`.
enum ImageFileDecoder {
    static func decode(_ path: String) -> DecodedFile {
        let kind = (path as NSString).pathExtension.lowercased()
        switch kind {
        case "png", "jpg", "jpeg": break
        case "heic", "heif":
            return .problem(
                code: "heic-image-asset",
                reason: "\(path) is HEIC, which WidgetTerm cannot decode; add a PNG or JPEG of the same image to the set")
        case "pdf", "svg":
            return .problem(
                code: "vector-image-asset",
                reason: "\(path) is a vector \(kind.uppercased()), which WidgetTerm does not rasterise yet; "
                    + "add PNG renditions (1x, 2x, 3x) to the set")
        default:
            return .problem(
                code: "unsupported-image-asset",
                reason: "\(path) is not a PNG or JPEG; WidgetTerm draws only those")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .problem(code: "unreadable-image-asset", reason: "\(path) is listed in Contents.json but cannot be read")
        }
        var image = widgetterm_image(pixels: nil, width: 0, height: 0)
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes -> Int32 in
            let base = bytes.bindMemory(to: UInt8.self).baseAddress
            return kind == "png"
                ? widgetterm_decode_png(base, bytes.count, &image, &message, message.count)
                : widgetterm_decode_jpeg(base, bytes.count, &image, &message, message.count)
        }
        defer { widgetterm_image_free(&image) }
        guard status == 0, let pixels = image.pixels else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .problem(code: "undecodable-image-asset", reason: "\(path) cannot be decoded (\(reason)); re-export it as PNG or JPEG")
        }
        let width = Int(image.width), height = Int(image.height)
        return .pixels(width: width, height: height, Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
    }
}
