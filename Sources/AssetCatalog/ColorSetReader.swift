import Foundation
import WidgetKitUI

// MARK: - Colour sets

/// Reads `Name.colorset/Contents.json`: the light ("any" or "light") and dark entries for the iPhone
/// (`universal`, else `iphone`), in the colour spaces Xcode writes, converted to sRGB.
enum ColorSetReader {
    static func read(_ folder: String) throws -> CatalogColor {
        let file = (folder as NSString).appendingPathComponent("Contents.json")
        let object = try ContentsJSON.read(file)
        guard let entries = object["colors"] as? [[String: Any]] else {
            throw AssetCatalogError.malformed(file, "has no \"colors\" array; recreate the colour set in Xcode")
        }
        var light: RGBA?, explicitLight: RGBA?, dark: RGBA?
        for idiom in ["universal", "iphone"] where light == nil && explicitLight == nil {
            for (index, entry) in entries.enumerated() where (entry["idiom"] as? String ?? "universal") == idiom {
                let appearances = entry["appearances"] as? [[String: Any]] ?? []
                // High-contrast variants are for Increase Contrast, which WidgetTerm does not simulate.
                if appearances.contains(where: { $0["appearance"] as? String == "contrast" }) { continue }
                let luminosity = appearances.first { $0["appearance"] as? String == "luminosity" }?["value"] as? String
                guard let color = entry["color"] as? [String: Any] else { continue }
                let value = try rgba(color, at: "\(file): colors[\(index)].color")
                switch luminosity {
                case "dark": dark = dark ?? value
                case "light": explicitLight = explicitLight ?? value
                default: light = light ?? value
                }
            }
        }
        guard let base = explicitLight ?? light ?? dark else {
            throw AssetCatalogError.malformed(file, "has no colour for the iPhone (idiom universal or iphone)")
        }
        return CatalogColor(light: base, dark: dark ?? light ?? base)
    }

    /// One entry's `color`: `color-space` and `components` (`red`, `green`, `blue` or `white`, `alpha`), each a
    /// float 0...1 (`"0.500"`), an 8-bit integer (`"128"`) or hexadecimal (`"0x80"`).
    static func rgba(_ color: [String: Any], at place: String) throws -> RGBA {
        if color["reference"] != nil || color["platform"] != nil {
            throw AssetCatalogError.malformed(place, "refers to a system colour; WidgetTerm reads only colour sets with components")
        }
        guard let components = color["components"] as? [String: Any] else {
            throw AssetCatalogError.malformed(place, "has no \"components\"")
        }
        func component(_ key: String) throws -> Double? {
            guard let raw = components[key] else { return nil }
            guard let value = parse(raw) else {
                throw AssetCatalogError.malformed(
                    "\(place).components.\(key)",
                    "\"\(raw)\" is not a component; write 0.0...1.0, 0...255 or 0x00...0xFF")
            }
            return value
        }
        let alpha = try component("alpha") ?? 1
        let space = color["color-space"] as? String ?? "srgb"
        if let white = try component("white") {
            let level = space.contains("gray-gamma-22") ? ColorSpaces.encodeSRGB(pow(max(white, 0), 2.2)) : white
            return RGBA(red: clamp(level), green: clamp(level), blue: clamp(level), alpha: clamp(alpha))
        }
        guard let red = try component("red"), let green = try component("green"), let blue = try component("blue") else {
            throw AssetCatalogError.malformed(place, "needs red, green and blue (or white) components")
        }
        let rgb: (Double, Double, Double)
        switch space {
        case "display-p3", "extended-display-p3": rgb = ColorSpaces.displayP3ToSRGB(red, green, blue)
        case "extended-linear-srgb", "linear-srgb":
            rgb = (ColorSpaces.encodeSRGB(red), ColorSpaces.encodeSRGB(green), ColorSpaces.encodeSRGB(blue))
        case "srgb", "extended-srgb": rgb = (red, green, blue)
        default:
            throw AssetCatalogError.malformed(
                place,
                "colour space \"\(space)\" is not one of srgb, extended-srgb, display-p3, "
                    + "extended-linear-srgb, gray-gamma-22")
        }
        return RGBA(red: clamp(rgb.0), green: clamp(rgb.1), blue: clamp(rgb.2), alpha: clamp(alpha))
    }

    /// A component as Xcode writes it: a decimal with a point is 0...1, a whole number is 0...255, `0x..` is
    /// hexadecimal 0...255.
    static func parse(_ raw: Any) -> Double? {
        if let number = raw as? NSNumber, !(raw is String) { return number.doubleValue }
        guard let text = (raw as? String)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("0x") {
            return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
        }
        if text.contains(".") || text.contains("e") { return Double(text) }
        return UInt8(text).map { Double($0) / 255 }
    }

    private static func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
}

/// Colour-space conversions for colour sets (IEC 61966-2-1 sRGB; Display P3 has sRGB's transfer curve and
/// DCI-P3 primaries with a D65 white point).
enum ColorSpaces {
    static func decodeSRGB(_ value: Double) -> Double {
        let v = abs(value)
        let linear = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    static func encodeSRGB(_ value: Double) -> Double {
        let v = abs(value)
        let encoded = v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
        return value < 0 ? -encoded : encoded
    }

    /// Display P3 to sRGB: both curves removed, the linear P3 → linear sRGB matrix (through XYZ D65), the
    /// curve put back. Out-of-gamut values are clamped by the caller.
    static func displayP3ToSRGB(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        let r = decodeSRGB(red), g = decodeSRGB(green), b = decodeSRGB(blue)
        let linearRed = 1.2249401 * r - 0.2249404 * g + 0.0000001 * b
        let linearGreen = -0.0420569 * r + 1.0420571 * g - 0.0000001 * b
        let linearBlue = -0.0196376 * r - 0.0786361 * g + 1.0982735 * b
        return (encodeSRGB(linearRed), encodeSRGB(linearGreen), encodeSRGB(linearBlue))
    }
}

/// Reads a catalog's `Contents.json` as a dictionary.
enum ContentsJSON {
    static func read(_ file: String) throws -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw AssetCatalogError.malformed(file, "is missing or unreadable; every set folder needs its Contents.json")
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw AssetCatalogError.malformed(file, "is not valid JSON (\(error.localizedDescription))")
        }
        guard let dictionary = object as? [String: Any] else {
            throw AssetCatalogError.malformed(file, "is not a JSON object")
        }
        return dictionary
    }
}
