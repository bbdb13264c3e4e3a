import Foundation

// MARK: - Image

/// An image, as `SwiftUI.Image`: an SF Symbol (drawn from WidgetTerm's glyph table), an image set from the
/// app's asset catalog (decoded and drawn with half-block cells), or a bitmap stand-in (a labelled
/// placeholder block, as is an asset no catalog has).
public struct Image: PrimitiveView, Equatable {
    var source: ImageSource
    var isResizable = false
    var accentedRenderingMode: WidgetAccentedRenderingMode?
    var templateRenderingMode: TemplateRenderingMode?

    /// An SF Symbol by name, e.g. `"drop.fill"`.
    public init(systemName: String) { source = .systemSymbol(systemName) }
    /// An image set from the app's asset catalog (`Name.imageset`), as `Image(_:bundle:)`. The host's
    /// catalogs (``HostContext/resources``, `--assets DIR`) are read when the body is resolved, at the
    /// device's scale and in the widget's colour scheme.
    public init(_ name: String, bundle: Bundle? = nil) { source = .asset(name) }
    /// A bitmap, through the `UIImage` stand-in: a `UIImage(systemName:)` draws as that SF Symbol, a
    /// `UIImage(named:)` as that image set; other images draw as a labelled block.
    public init(uiImage: UIImage) {
        source = uiImage.isSystemSymbol ? .systemSymbol(uiImage.name) : uiImage.isAsset ? .asset(uiImage.name) : .bitmap(uiImage.name)
    }
    /// A decorative asset image.
    public init(decorative name: String, bundle: Bundle? = nil) { source = .asset(name) }

    /// Lets the image stretch to its frame, as `Image.resizable(capInsets:resizingMode:)`.
    public consuming func resizable() -> Image {
        isResizable = true
        return self
    }

    /// Draws an asset image as a template (its shape in the foreground style) or with its own colours, as
    /// `Image.renderingMode(_:)`; nil keeps the image set's "Render As" setting. SF Symbols are always drawn
    /// in the foreground style.
    public consuming func renderingMode(_ mode: TemplateRenderingMode?) -> Image {
        templateRenderingMode = mode
        return self
    }
    /// Sets the resampling quality, as `Image.interpolation(_:)`; cells have no resampling, so it changes nothing.
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    /// Smooths edges, as `Image.antialiased(_:)`; cells have no antialiasing, so it changes nothing.
    public func antialiased(_ isAntialiased: Bool) -> Image { self }

    /// How this image renders in accented mode (iOS 18+), as `Image.widgetAccentedRenderingMode(_:)`.
    public consuming func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> Image {
        accentedRenderingMode = mode
        return self
    }

    /// As SwiftUI's `Image.TemplateRenderingMode`: `template` draws the image's shape in the foreground style,
    /// `original` keeps its own colours.
    public enum TemplateRenderingMode: String, Sendable, Codable { case template, original }
    /// Resampling quality, as `Image.Interpolation`; accepted for source compatibility and ignored in cells.
    public enum Interpolation: Sendable { case none, low, medium, high }
    /// Symbol scales, as `Image.Scale`; a symbol is one glyph in cells at every scale.
    public enum Scale: Sendable { case small, medium, large }

    /// Resolves to an image node: an asset is looked up in the host's catalogs, a symbol gets the environment's
    /// symbol variants, and the environment's font and foreground style travel with it.
    public func resolve(in context: ResolveContext) -> ViewNode {
        var source = self.source
        if case .asset(let name) = source { source = Self.catalogSource(named: name, environment: context.environment) }
        if case .systemSymbol(let name) = source, context.environment.symbolVariants != .none {
            source = .systemSymbol(context.environment.symbolVariants.apply(to: name))
        }
        return .image(
            ImageNode(
                source: source, isResizable: isResizable, font: context.environment.font ?? .body,
                foreground: context.environment.foregroundStyle,
                accentedRenderingMode: accentedRenderingMode ?? context.environment.accentedRenderingMode,
                templateRenderingMode: templateRenderingMode,
                isRedacted: context.environment.isRedacting))
    }
}

extension Image {
    /// The decoded image set `name` from the host's catalogs, else `.asset(name)` with a diagnostic.
    static func catalogSource(named name: String, environment: EnvironmentValues) -> ImageSource {
        // Without catalogs (a widget previewed without its app's resources) the labelled placeholder says enough.
        guard let resources = HostContext.current.resources else { return .asset(name) }
        switch resources.image(named: name, displayScale: environment.displayScale, colorScheme: environment.colorScheme) {
        case .found(let bitmap):
            return .catalog(bitmap)
        case .unusable(let code, let reason):
            HostContext.reportResourceProblem(
                code: code, message: "Image(\"\(name)\") draws as a placeholder: \(reason)")
        case .missing:
            HostContext.reportResourceProblem(
                code: "missing-image-asset",
                message: "Image(\"\(name)\") found no image set \"\(name)\"; it draws as a placeholder. "
                    + HostContext.searchedDescription(resources, lookingFor: "\(name).imageset"))
        }
        return .asset(name)
    }
}

/// A stand-in for UIKit's `UIImage` so widget code that loads bitmaps compiles; draws as a labelled block.
public struct UIImage: Sendable, Equatable {
    /// The image's name: the asset name, the file's last path component, "image N bytes" for data, or the SF Symbol name.
    public let name: String
    /// True for `UIImage(systemName:)`: `Image(uiImage:)` draws it as that SF Symbol.
    public let isSystemSymbol: Bool
    /// True for `UIImage(named:)`: `Image(uiImage:)` draws it as the image set of that name.
    public var isAsset = false
    /// The image's size in points, as `UIImage.size`: the image set's size for `UIImage(named:)` when the host's
    /// catalogs have it, else zero (the file or data is not decoded).
    public var size: CGSize = .zero
    /// Pixels per point of the file chosen, as `UIImage.scale`; 1 when the image was not found.
    public var scale: Double = 1

    /// An asset image by name, as `UIImage(named:)`, looked up in the host's catalogs (`--assets`) at the
    /// environment's display scale and colour scheme, as `Image(_:)` is. Never nil here: without catalogs,
    /// or when none has the set, `size` is zero, and drawing it reports the missing image.
    public init?(named name: String) {
        self.name = name
        isSystemSymbol = false
        isAsset = true
        guard let resources = HostContext.current.resources else { return }
        let lookup = resources.image(
            named: name, displayScale: CurrentEnvironment.value(at: \.displayScale),
            colorScheme: CurrentEnvironment.value(at: \.colorScheme))
        if case .found(let bitmap) = lookup {
            size = bitmap.pointSize
            scale = bitmap.scale
        }
    }
    /// An image from a file, as `UIImage(contentsOfFile:)`; never nil here, the file is not read and its name labels the block.
    public init?(contentsOfFile path: String) {
        name = (path as NSString).lastPathComponent
        isSystemSymbol = false
    }
    /// An image from encoded data, as `UIImage(data:)`; never nil here, the data is not decoded and its byte count labels the block.
    public init?(data: Data) {
        name = "image \(data.count) bytes"
        isSystemSymbol = false
    }
    /// An SF Symbol, as the failable `UIImage(systemName:)`. It is never nil here: which names have a glyph is
    /// known only when the image is drawn, where an unknown name is reported as `unknown-symbol`.
    public init?(systemName: String) {
        name = systemName
        isSystemSymbol = true
    }
}
