import Foundation
import WidgetKitUI

// MARK: - Rendering modes: what iOS does to a widget's colours

/// The two tints of the monochrome modes: the default group and the accent group (`.widgetAccentable()`).
///
/// Apple's documentation calls both white in accented mode on iPhone, iPad and Mac (widgetkit-facts §3.1), but a tinted
/// Home Screen shows the accent group in the person's tint and the default group lighter (docs/DECISIONS.md "Tinted and
/// clear Home Screens"); the `tinted` and `clear` themes carry those two colours;
/// on the Lock Screen they are the Lock Screen tint (white unless the person picked one); StandBy at night is red.
public struct RenderingModeTints: Hashable, Sendable {
    /// The colour of the default group.
    public var defaultTint: RGB
    /// The colour of the accent group.
    public var accentTint: RGB

    /// Tints for the default and the accent group.
    public init(defaultTint: RGB, accentTint: RGB) {
        self.defaultTint = defaultTint
        self.accentTint = accentTint
    }

    /// White for both groups, as iPhone, iPad and Mac tint accented widgets.
    public static let white = RenderingModeTints(defaultTint: RGB(255, 255, 255), accentTint: RGB(255, 255, 255))
}

/// Which accented-mode group a view belongs to (`WidgetKit`, "accent group" and "default group").
public enum AccentGroup: String, Hashable, Sendable {
    /// Every view not marked `.widgetAccentable()`.
    case `default`
    /// Views inside `.widgetAccentable()`.
    case accent
}

/// What accented mode did to an image, so a check can tell a flattened photo from a template glyph.
public enum ImageTreatment: String, Hashable, Sendable {
    /// Drawn with its own colours (full-colour mode, or `.widgetAccentedRenderingMode(.fullColor)`).
    case fullColor
    /// Opaque image tinted one flat colour (iOS's default for images in accented mode, and `.accented`).
    case flattened
    /// Luminance mapped to opacity in a group's tint (`.desaturated`, `.accentedDesaturated`).
    case desaturated
    /// Desaturated to its brightness (vibrant mode).
    case vibrant
}

/// The colour transform of one rendering mode (`WidgetRenderingMode`, widgetkit-facts §3.1–3.2).
///
/// - `fullColor`: colours as declared ("the system doesn't alter or filter the widget's colors").
/// - `accented`: colour is ignored and only opacity counts ("treats the widget's views as if they were
///   template images"): every colour becomes its group's tint at the colour's own alpha.
/// - `vibrant`: desaturated; brightness sets how strongly the content shows against the material and opacity
///   lets the material through (HIG): a colour becomes the default tint at alpha × brightness (CIELAB L* / 100),
///   so white is the tint, black vanishes into the material, and mid grey is half way.
public struct RenderingModeTransform: Hashable, Sendable {
    /// The mode whose transform this is.
    public var mode: WidgetRenderingMode
    /// The group tints of the monochrome modes.
    public var tints: RenderingModeTints

    /// The transform of `mode` with `tints` (white on iPhone by default).
    public init(mode: WidgetRenderingMode, tints: RenderingModeTints = .white) {
        self.mode = mode
        self.tints = tints
    }

    /// The tint of a group.
    public func tint(of group: AccentGroup) -> RGB {
        group == .accent ? tints.accentTint : tints.defaultTint
    }

    /// The colour a view's foreground, fill or stroke shows in this mode; `color` carries its alpha
    /// (opacity already multiplied in). Full colour returns `color` unchanged.
    public func apply(_ color: RGBA, group: AccentGroup) -> RGBA {
        switch mode {
        case .fullColor:
            return color
        case .accented:
            return RGBA(tint(of: group), alpha: color.alpha)
        case .vibrant:
            return RGBA(tints.defaultTint, alpha: color.alpha * ColorScience.brightness(color))
        }
    }

    /// How an image is treated in this mode, given `Image.widgetAccentedRenderingMode(_:)` and its group.
    public func treatment(ofImage accentedRenderingMode: WidgetAccentedRenderingMode?) -> ImageTreatment {
        switch mode {
        case .fullColor: return .fullColor
        case .vibrant: return .vibrant
        case .accented:
            switch accentedRenderingMode {
            case .fullColor: return .fullColor
            case .desaturated, .accentedDesaturated: return .desaturated
            case .accented, nil: return .flattened
            }
        }
    }

    /// The group an image is drawn in: `.accented` and `.accentedDesaturated` join the accent group,
    /// `.desaturated` the default group, otherwise the enclosing group.
    public func group(ofImage accentedRenderingMode: WidgetAccentedRenderingMode?, enclosing: AccentGroup) -> AccentGroup {
        switch accentedRenderingMode {
        case .accented, .accentedDesaturated: return .accent
        case .desaturated: return enclosing == .accent ? .accent : .default
        case .fullColor, nil: return enclosing
        }
    }

    /// The colour of an image pixel (or a symbol's ink) in this mode.
    ///
    /// Accented: `.fullColor` keeps the colour; `.desaturated` / `.accentedDesaturated` map luminance to
    /// alpha in the group's tint; the default and `.accented` flatten to the group's tint at the pixel's alpha.
    public func applyToImage(_ color: RGBA, accentedRenderingMode: WidgetAccentedRenderingMode?, enclosing: AccentGroup) -> RGBA {
        let group = group(ofImage: accentedRenderingMode, enclosing: enclosing)
        switch treatment(ofImage: accentedRenderingMode) {
        case .fullColor: return color
        case .flattened: return RGBA(tint(of: group), alpha: color.alpha)
        case .desaturated: return RGBA(tint(of: group), alpha: color.alpha * ColorScience.brightness(color))
        case .vibrant: return apply(color, group: group)
        }
    }

    /// A colour with its saturation removed: the grey of the same CIELAB lightness, alpha kept.
    public static func desaturated(_ color: RGBA) -> RGBA {
        let lightness = ColorScience.lab(color).lightness
        // Inverse of L* for a neutral grey: Y from L*, then the sRGB component of that luminance.
        let y = lightness > 8 ? pow((lightness + 16) / 116, 3) : lightness / 903.3
        let component = y <= 0.0031308 ? 12.92 * y : 1.055 * pow(y, 1 / 2.4) - 0.055
        return RGBA(red: component, green: component, blue: component, alpha: color.alpha)
    }
}
