import Foundation

// MARK: - The app's resources, as widget code reaches them

/// The resources of a widget extension and its app as `Color("Brand")`, `Image("cover")` and `Text("key")`
/// find them on iOS: asset catalogs (`*.xcassets`) and string tables (`Localizable.xcstrings`,
/// `*.lproj/Localizable.strings`). Mirrors what `Bundle.main` answers for those initialisers.
///
/// The host sets one on its ``HostContext`` (``HostContext/resources``); `AssetCatalogs` in the
/// `AssetCatalog` module reads folders given with `--assets DIR`. Implementations load and decode each
/// resource once and answer from memory afterwards: they are called while bodies are evaluated.
public protocol WidgetResourceProvider: AnyObject, Sendable {
    /// The colour set `name` (`Brand.colorset`), or nil when no catalog has one.
    func color(named name: String) -> CatalogColor?

    /// The image set `name` (`cover.imageset`) decoded at the scale nearest `displayScale` (1, 2 or 3),
    /// in the given appearance.
    func image(named name: String, displayScale: Double, colorScheme: ColorScheme) -> CatalogImageLookup

    /// The translation of `key` for `locale` from the string tables, falling back to the source language;
    /// nil when no table has the key.
    func localizedString(forKey key: String, locale: Locale) -> String?

    /// The asset catalogs searched, as paths, for messages about a missing colour or image.
    var searchedCatalogs: [String] { get }
}

/// A colour set's values in the two appearances, as sRGB (Display P3 values are converted).
public struct CatalogColor: Hashable, Sendable, Codable {
    /// The value for the light (or "any") appearance.
    public var light: RGBA
    /// The value for the dark appearance (the light value when the set has no dark variant).
    public var dark: RGBA

    /// A colour set of `light` and `dark` values.
    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }
}

/// A decoded asset image: 8-bit sRGB RGBA pixels with straight alpha, rows top to bottom. Immutable, so it
/// is shared between the archived view trees that show it; two bitmaps are equal when their pixels are.
public final class CatalogBitmap: Hashable, Sendable, CustomStringConvertible {
    /// The image set's name, as widget code wrote it.
    public let name: String
    /// Size in pixels.
    public let pixelWidth: Int, pixelHeight: Int
    /// The scale of the file chosen (1, 2 or 3 pixels per point).
    public let scale: Double
    /// `pixelWidth * pixelHeight * 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]
    /// True when the set says "Render As: Template Image" (`template-rendering-intent`): only the alpha is
    /// drawn, in the foreground style, unless `Image.renderingMode(.original)` says otherwise.
    public let isTemplate: Bool

    /// - Precondition: `pixels.count == pixelWidth * pixelHeight * 4`.
    public init(name: String, pixelWidth: Int, pixelHeight: Int, scale: Double, pixels: [UInt8], isTemplate: Bool = false) {
        precondition(pixels.count == pixelWidth * pixelHeight * 4, "a bitmap needs 4 bytes per pixel")
        self.name = name
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = max(scale, 1)
        self.pixels = pixels
        self.isTemplate = isTemplate
    }

    /// The image's size in points: pixels divided by its scale.
    public var pointSize: CGSize { CGSize(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// True when both are the same object, or have the same name, scale, template flag, size and pixels.
    public static func == (lhs: CatalogBitmap, rhs: CatalogBitmap) -> Bool {
        lhs === rhs
            || (lhs.name == rhs.name && lhs.scale == rhs.scale && lhs.isTemplate == rhs.isTemplate
                && lhs.pixelWidth == rhs.pixelWidth
                && lhs.pixelHeight == rhs.pixelHeight && lhs.pixels == rhs.pixels)
    }

    /// Hashes the name and the pixel size (not the pixels).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(pixelWidth)
        hasher.combine(pixelHeight)
    }

    /// The name, size and scale, e.g. `logo 120x80@2x`.
    public var description: String { "\(name) \(pixelWidth)x\(pixelHeight)@\(Int(scale))x" }
}

/// What an image lookup found.
public enum CatalogImageLookup: Sendable {
    /// The decoded image.
    case found(CatalogBitmap)
    /// No catalog has an image set of that name.
    case missing
    /// The set exists but cannot be drawn (a HEIC or vector file, a damaged PNG): the reason says which
    /// file and what to do; `code` is the diagnostic's code.
    case unusable(code: String, reason: String)
}

// MARK: - Lookups from widget code

extension HostContext {
    /// Reports a missing or unusable resource once per body (or once per provider call outside a body).
    static func reportResourceProblem(code: String, message: String) {
        let diagnostic = ResolveDiagnostic(code: code, message: message)
        if let sink = ResolveSink.current {
            if !sink.diagnostics.contains(diagnostic) { sink.report(diagnostic) }
        } else {
            current.diagnostics.report(diagnostic)
        }
    }

    /// The words naming what was searched for a missing resource, and what to do.
    static func searchedDescription(_ resources: any WidgetResourceProvider, lookingFor what: String) -> String {
        let searched = resources.searchedCatalogs
        if searched.isEmpty { return "the --assets folders hold no *.xcassets, *.xcstrings or *.lproj; add \(what) there" }
        return "searched \(searched.joined(separator: ", ")); add \(what) there or pass the folder that has it with --assets"
    }
}
