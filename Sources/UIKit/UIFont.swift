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
        /// The lightest weight (100), as `UIFont.Weight.ultraLight`; drawn as plain text in cells.
        public static let ultraLight = Weight(.ultraLight)
        /// Weight 200, as `UIFont.Weight.thin`; drawn as plain text in cells.
        public static let thin = Weight(.thin)
        /// Weight 300, as `UIFont.Weight.light`; drawn as plain text in cells.
        public static let light = Weight(.light)
        /// The normal weight (400), as `UIFont.Weight.regular`.
        public static let regular = Weight(.regular)
        /// Weight 500, as `UIFont.Weight.medium`; drawn as plain text in cells.
        public static let medium = Weight(.medium)
        /// Weight 600, as `UIFont.Weight.semibold`; the lightest weight drawn bold in cells.
        public static let semibold = Weight(.semibold)
        /// Weight 700, as `UIFont.Weight.bold`; drawn bold in cells.
        public static let bold = Weight(.bold)
        /// Weight 800, as `UIFont.Weight.heavy`; drawn bold in cells.
        public static let heavy = Weight(.heavy)
        /// The heaviest weight (900), as `UIFont.Weight.black`; drawn bold in cells.
        public static let black = Weight(.black)
    }

    /// Dynamic Type styles, as `UIFont.TextStyle`.
    public struct TextStyle: Hashable, Sendable {
        let font: Font.TextStyle
        /// The large title style, 34 points at the Large size, as `UIFont.TextStyle.largeTitle`.
        public static let largeTitle = TextStyle(font: .largeTitle)
        /// The first-level title style, 28 points, as `UIFont.TextStyle.title1` (SwiftUI's `Font.TextStyle.title`).
        public static let title1 = TextStyle(font: .title)
        /// The second-level title style, 22 points, as `UIFont.TextStyle.title2`.
        public static let title2 = TextStyle(font: .title2)
        /// The third-level title style, 20 points, as `UIFont.TextStyle.title3`.
        public static let title3 = TextStyle(font: .title3)
        /// The headline style, 17 points semibold, as `UIFont.TextStyle.headline`.
        public static let headline = TextStyle(font: .headline)
        /// The subheadline style, 15 points, as `UIFont.TextStyle.subheadline`.
        public static let subheadline = TextStyle(font: .subheadline)
        /// The body style, 17 points, as `UIFont.TextStyle.body`.
        public static let body = TextStyle(font: .body)
        /// The callout style, 16 points, as `UIFont.TextStyle.callout`.
        public static let callout = TextStyle(font: .callout)
        /// The footnote style, 13 points, as `UIFont.TextStyle.footnote`.
        public static let footnote = TextStyle(font: .footnote)
        /// The first caption style, 12 points, as `UIFont.TextStyle.caption1` (SwiftUI's `Font.TextStyle.caption`).
        public static let caption1 = TextStyle(font: .caption)
        /// The second caption style, 11 points, as `UIFont.TextStyle.caption2`.
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
