import Foundation

// MARK: - Font

/// A font, as `SwiftUI.Font`: a Dynamic Type text style or an explicit point size, with weight,
/// design and italic. In cells every font is one row tall; the point size still matters for the
/// legibility check (large text is ≥ 18 pt, or ≥ 14 pt bold, WCAG 2.x).
public struct Font: Hashable, Sendable, Codable {
    /// Dynamic Type text styles at the default (Large) content size.
    public enum TextStyle: String, Hashable, Sendable, CaseIterable, Codable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2, extraLargeTitle,
            extraLargeTitle2

        /// Point size at the Large content size category (HIG "Typography", iOS Dynamic Type sizes).
        public var pointSize: Double {
            switch self {
            case .extraLargeTitle2: return 28
            case .extraLargeTitle: return 36
            case .largeTitle: return 34
            case .title: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline, .body: return 17
            case .callout: return 16
            case .subheadline: return 15
            case .footnote: return 13
            case .caption: return 12
            case .caption2: return 11
            }
        }

        /// The style's own weight (headline is semibold).
        public var defaultWeight: Weight { self == .headline ? .semibold : .regular }
    }

    /// Font weights, as `Font.Weight`, ordered from lightest to heaviest.
    public struct Weight: Hashable, Sendable, Comparable, Codable {
        /// The CSS-style weight number, 100 (ultra light) to 900 (black).
        public let value: Int
        /// Lighter weights come first.
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
        /// SwiftUI's `Font.Weight.ultraLight` (100), drawn as normal text in cells.
        public static let ultraLight = Weight(value: 100)
        /// SwiftUI's `Font.Weight.thin` (200), drawn as normal text in cells.
        public static let thin = Weight(value: 200)
        /// SwiftUI's `Font.Weight.light` (300), drawn as normal text in cells.
        public static let light = Weight(value: 300)
        /// SwiftUI's `Font.Weight.regular` (400), drawn as normal text in cells.
        public static let regular = Weight(value: 400)
        /// SwiftUI's `Font.Weight.medium` (500), drawn as normal text in cells.
        public static let medium = Weight(value: 500)
        /// SwiftUI's `Font.Weight.semibold` (600), drawn bold in cells.
        public static let semibold = Weight(value: 600)
        /// SwiftUI's `Font.Weight.bold` (700), drawn bold in cells.
        public static let bold = Weight(value: 700)
        /// SwiftUI's `Font.Weight.heavy` (800), drawn bold in cells.
        public static let heavy = Weight(value: 800)
        /// SwiftUI's `Font.Weight.black` (900), drawn bold in cells.
        public static let black = Weight(value: 900)
    }

    /// Font designs, as `Font.Design`.
    public enum Design: String, Hashable, Sendable, Codable { case `default`, serif, rounded, monospaced }

    /// Where the size comes from.
    public enum Size: Hashable, Sendable, Codable {
        case textStyle(TextStyle)
        /// An explicit size in points.
        case points(Double)
    }

    /// A text style or an explicit size in points.
    public var size: Size
    /// The weight set on the font; nil takes the text style's own (`resolvedWeight`).
    public var weight: Weight?
    /// Default, serif, rounded or monospaced, as `Font.Design`; recorded, but every design looks the same in cells.
    public var design: Design
    /// True after `.italic()`: the text is drawn in italics where the terminal has them.
    public var isItalic: Bool
    /// True after `.monospacedDigit()`: digits take equal widths (always so in cells).
    public var isMonospacedDigit: Bool

    /// A font from its parts; by default the style's own weight, default design, upright, proportional digits.
    public init(
        size: Size, weight: Weight? = nil, design: Design = .default, isItalic: Bool = false,
        isMonospacedDigit: Bool = false
    ) {
        self.size = size
        self.weight = weight
        self.design = design
        self.isItalic = isItalic
        self.isMonospacedDigit = isMonospacedDigit
    }

    /// Size in points.
    public var pointSize: Double {
        switch size {
        case .textStyle(let style): return style.pointSize
        case .points(let points): return points
        }
    }

    /// The weight to draw: the explicit one or the text style's own.
    public var resolvedWeight: Weight {
        if let weight { return weight }
        if case .textStyle(let style) = size { return style.defaultWeight }
        return .regular
    }

    // MARK: Constructors mirroring SwiftUI

    /// SwiftUI's `Font.system(_:design:weight:)`: a text style with an optional design and weight.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(size: .textStyle(style), weight: weight, design: design ?? .default)
    }
    /// SwiftUI's `Font.system(size:weight:design:)`: an explicit size in points with an optional weight and design.
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(size: .points(size), weight: weight, design: design ?? .default)
    }
    /// A custom font by name: the name is ignored in cells; the size counts.
    public static func custom(_ name: String, size: Double) -> Font { Font(size: .points(size)) }
    /// SwiftUI's `Font.custom(_:size:relativeTo:)`: the name is ignored in cells and the size does not scale
    /// with Dynamic Type (WidgetTerm renders at `.large`).
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle) -> Font {
        Font(size: .points(size))
    }

    /// SwiftUI's `Font.largeTitle`: the largeTitle text style, 34 pt at the Large size.
    public static let largeTitle = Font(size: .textStyle(.largeTitle))
    /// SwiftUI's `Font.title`: the title text style, 28 pt at the Large size.
    public static let title = Font(size: .textStyle(.title))
    /// SwiftUI's `Font.title2`: the title2 text style, 22 pt at the Large size.
    public static let title2 = Font(size: .textStyle(.title2))
    /// SwiftUI's `Font.title3`: the title3 text style, 20 pt at the Large size.
    public static let title3 = Font(size: .textStyle(.title3))
    /// SwiftUI's `Font.headline`: the headline text style, 17 pt, semibold at the Large size.
    public static let headline = Font(size: .textStyle(.headline))
    /// SwiftUI's `Font.subheadline`: the subheadline text style, 15 pt at the Large size.
    public static let subheadline = Font(size: .textStyle(.subheadline))
    /// SwiftUI's `Font.body`: the body text style, 17 pt at the Large size.
    public static let body = Font(size: .textStyle(.body))
    /// SwiftUI's `Font.callout`: the callout text style, 16 pt at the Large size.
    public static let callout = Font(size: .textStyle(.callout))
    /// SwiftUI's `Font.footnote`: the footnote text style, 13 pt at the Large size.
    public static let footnote = Font(size: .textStyle(.footnote))
    /// SwiftUI's `Font.caption`: the caption text style, 12 pt at the Large size.
    public static let caption = Font(size: .textStyle(.caption))
    /// SwiftUI's `Font.caption2`: the caption2 text style, 11 pt at the Large size.
    public static let caption2 = Font(size: .textStyle(.caption2))

    /// The same font with `weight`, as `Font.weight(_:)`; semibold and heavier draw bold in cells.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }
    /// The same font in bold, as `Font.bold()`.
    public func bold() -> Font { weight(.bold) }
    /// The same font in italics, as `Font.italic()`.
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }
    /// The same font with equal-width digits, as `Font.monospacedDigit()`.
    public func monospacedDigit() -> Font {
        var font = self
        font.isMonospacedDigit = true
        return font
    }
    /// The same font in the monospaced design, as `Font.monospaced()`.
    public func monospaced() -> Font {
        var font = self
        font.design = .monospaced
        return font
    }
    /// Width variants have no meaning in cells; accepted for source compatibility.
    public func width(_ width: Width) -> Font { self }
    /// Line spacing has no meaning in cells (one line is one row); accepted for source compatibility,
    /// as `Font.leading(_:)`.
    public func leading(_ leading: Leading) -> Font { self }

    /// Glyph widths, as `Font.Width`: `.compressed`, `.condensed`, `.standard`, `.expanded`; ignored in cells.
    public struct Width: Hashable, Sendable {
        /// SwiftUI's width value: negative narrower, 0 standard, positive wider.
        public let value: Double
        public static let compressed = Width(value: -0.3), condensed = Width(value: -0.2)
        public static let standard = Width(value: 0), expanded = Width(value: 0.2)
    }
    /// Line spacing, as `Font.Leading`: standard, tight or loose; ignored in cells.
    public enum Leading: Hashable, Sendable { case standard, tight, loose }
}

// MARK: - Alignment

/// Horizontal alignment, as `SwiftUI.HorizontalAlignment`.
public enum HorizontalAlignment: String, Hashable, Sendable, Codable {
    case leading, center, trailing
    /// SwiftUI's list-row separator guide; widgets have no lists, so it is `.leading`.
    public static let listRowSeparatorLeading = HorizontalAlignment.leading
}

/// Vertical alignment, as `SwiftUI.VerticalAlignment`; baselines align like their nearest edge in cells.
public enum VerticalAlignment: String, Hashable, Sendable, Codable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline

    /// The alignment as a fraction of the free space: 0 top, 0.5 centre, 1 bottom.
    public var fraction: Double {
        switch self {
        case .top, .firstTextBaseline: return 0
        case .center: return 0.5
        case .bottom, .lastTextBaseline: return 1
        }
    }
}

extension HorizontalAlignment {
    /// The alignment as a fraction of the free space: 0 leading, 0.5 centre, 1 trailing.
    public var fraction: Double {
        switch self {
        case .leading: return 0
        case .center: return 0.5
        case .trailing: return 1
        }
    }
}

/// A two-axis alignment, as `SwiftUI.Alignment`.
public struct Alignment: Hashable, Sendable, Codable {
    /// Where content sits across the free width.
    public var horizontal: HorizontalAlignment
    /// Where content sits across the free height.
    public var vertical: VerticalAlignment
    /// An alignment from its two axes.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    /// SwiftUI's `Alignment.center`: centre horizontally, centre vertically.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// SwiftUI's `Alignment.leading`: leading horizontally, centre vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// SwiftUI's `Alignment.trailing`: trailing horizontally, centre vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// SwiftUI's `Alignment.top`: centre horizontally, top vertically.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// SwiftUI's `Alignment.bottom`: centre horizontally, bottom vertically.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// SwiftUI's `Alignment.topLeading`: leading horizontally, top vertically.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// SwiftUI's `Alignment.topTrailing`: trailing horizontally, top vertically.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// SwiftUI's `Alignment.bottomLeading`: leading horizontally, bottom vertically.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// SwiftUI's `Alignment.bottomTrailing`: trailing horizontally, bottom vertically.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Text alignment of multiline text, as `SwiftUI.TextAlignment`.
public enum TextAlignment: String, Hashable, Sendable, Codable {
    case leading, center, trailing

    /// Where a line sits across the width left beside it: the horizontal alignment of the same name (its `fraction`
    /// places the line, 0 leading, 0.5 centre, 1 trailing).
    public var horizontalAlignment: HorizontalAlignment {
        switch self {
        case .leading: return .leading
        case .center: return .center
        case .trailing: return .trailing
        }
    }
}

/// How aspect-ratio content fits its frame, as `SwiftUI.ContentMode`.
public enum ContentMode: String, Hashable, Sendable, Codable { case fit, fill }

/// Edges, as `SwiftUI.Edge.Set`.
public struct EdgeSet: OptionSet, Hashable, Sendable {
    /// The edges' bits, one per edge.
    public let rawValue: Int
    /// Edges from their raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// SwiftUI's `Edge.Set.top`: the top edge.
    public static let top = EdgeSet(rawValue: 1)
    /// SwiftUI's `Edge.Set.leading`: the leading edge.
    public static let leading = EdgeSet(rawValue: 2)
    /// SwiftUI's `Edge.Set.bottom`: the bottom edge.
    public static let bottom = EdgeSet(rawValue: 4)
    /// SwiftUI's `Edge.Set.trailing`: the trailing edge.
    public static let trailing = EdgeSet(rawValue: 8)
    /// SwiftUI's `Edge.Set.horizontal`: the leading and trailing edges.
    public static let horizontal: EdgeSet = [.leading, .trailing]
    /// SwiftUI's `Edge.Set.vertical`: the top and bottom edges.
    public static let vertical: EdgeSet = [.top, .bottom]
    /// SwiftUI's `Edge.Set.all`: all four edges.
    public static let all: EdgeSet = [.top, .leading, .bottom, .trailing]
}

/// `SwiftUI.Edge`, whose `Set` names edge groups for `.padding(_:_:)`.
public enum Edge: Int8, Hashable, Sendable {
    case top, leading, bottom, trailing
    /// SwiftUI's `Edge.Set`, as `EdgeSet`.
    public typealias Set = EdgeSet
}

/// Insets in points, as `SwiftUI.EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    /// Insets in points for each edge; 0 where not given.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}
