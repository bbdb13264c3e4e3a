import WidgetKitUI

// MARK: - Fonts, as UIKit's

/// A font with a point size and weight, as `UIKit.UIFont`; `Font(uiFont)` turns it into a SwiftUI font.
public struct UIFont: Sendable, Equatable {
    /// The size in points.
    public let pointSize: Double
    /// The weight.
    public let weight: UIFont.Weight
    /// The Dynamic Type style it was made from, if any.
    public let textStyle: UIFont.TextStyle?

    init(pointSize: Double, weight: UIFont.Weight, textStyle: UIFont.TextStyle? = nil) {
        self.pointSize = pointSize
        self.weight = weight
        self.textStyle = textStyle
    }

    /// The system font at a size, as `UIFont.systemFont(ofSize:weight:)`.
    public static func systemFont(ofSize size: Double, weight: UIFont.Weight = .regular) -> UIFont {
        UIFont(pointSize: size, weight: weight)
    }
    /// The bold system font at a size, as `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: Double) -> UIFont { UIFont(pointSize: size, weight: .bold) }
    /// The monospaced-digit system font, as `UIFont.monospacedDigitSystemFont(ofSize:weight:)`.
    public static func monospacedDigitSystemFont(ofSize size: Double, weight: UIFont.Weight) -> UIFont {
        UIFont(pointSize: size, weight: weight)
    }
    /// The font of a Dynamic Type style at the default (Large) size, as `UIFont.preferredFont(forTextStyle:)`.
    public static func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        UIFont(pointSize: style.font.pointSize, weight: Weight(style.font.defaultWeight), textStyle: style)
    }
    /// A named font; the name is ignored in cells, the size counts, as `UIFont(name:size:)`.
    public init?(name: String, size: Double) { self.init(pointSize: size, weight: .regular) }

    /// The same font at another size, as `UIFont.withSize(_:)`.
    public func withSize(_ size: Double) -> UIFont { UIFont(pointSize: size, weight: weight, textStyle: textStyle) }

    /// Font weights, as `UIFont.Weight`.
    public struct Weight: Hashable, Sendable {
        let font: Font.Weight
        init(_ font: Font.Weight) { self.font = font }
        public static let ultraLight = Weight(.ultraLight)
        public static let thin = Weight(.thin)
        public static let light = Weight(.light)
        public static let regular = Weight(.regular)
        public static let medium = Weight(.medium)
        public static let semibold = Weight(.semibold)
        public static let bold = Weight(.bold)
        public static let heavy = Weight(.heavy)
        public static let black = Weight(.black)
    }

    /// Dynamic Type styles, as `UIFont.TextStyle`.
    public struct TextStyle: Hashable, Sendable {
        let font: Font.TextStyle
        public static let largeTitle = TextStyle(font: .largeTitle)
        public static let title1 = TextStyle(font: .title)
        public static let title2 = TextStyle(font: .title2)
        public static let title3 = TextStyle(font: .title3)
        public static let headline = TextStyle(font: .headline)
        public static let subheadline = TextStyle(font: .subheadline)
        public static let body = TextStyle(font: .body)
        public static let callout = TextStyle(font: .callout)
        public static let footnote = TextStyle(font: .footnote)
        public static let caption1 = TextStyle(font: .caption)
        public static let caption2 = TextStyle(font: .caption2)
    }
}

/// Scales custom sizes with Dynamic Type, as `UIKit.UIFontMetrics`. WidgetTerm renders at the default
/// (Large) content size category, where every scale is 1, so values come back unchanged.
public struct UIFontMetrics: Sendable {
    /// Metrics for a text style, as `UIFontMetrics(forTextStyle:)`.
    public init(forTextStyle style: UIFont.TextStyle) {}
    /// The body style's metrics, as `UIFontMetrics.default`.
    public static let `default` = UIFontMetrics(forTextStyle: .body)
    /// A size scaled to the current content size (unchanged at Large), as `scaledValue(for:)`.
    public func scaledValue(for value: Double) -> Double { value }
    /// A font scaled to the current content size (unchanged at Large), as `scaledFont(for:)`.
    public func scaledFont(for font: UIFont) -> UIFont { font }
}

extension Font {
    /// A SwiftUI font from a UIKit font, as `Font(_ font: UIFont)`: its Dynamic Type style when it has
    /// one, else its size and weight.
    public init(_ font: UIFont) {
        if let style = font.textStyle {
            self = .system(style.font, weight: font.weight.font)
        } else {
            self = .system(size: font.pointSize, weight: font.weight.font)
        }
    }
}
