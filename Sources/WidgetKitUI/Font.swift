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
        public let value: Int
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.value < rhs.value }
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
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

    public var size: Size
    public var weight: Weight?
    public var design: Design
    public var isItalic: Bool
    public var isMonospacedDigit: Bool

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

    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(size: .textStyle(style), weight: weight, design: design ?? .default)
    }
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(size: .points(size), weight: weight, design: design ?? .default)
    }
    /// A custom font by name: the name is ignored in cells; the size counts.
    public static func custom(_ name: String, size: Double) -> Font { Font(size: .points(size)) }
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle) -> Font {
        Font(size: .points(size))
    }

    public static let largeTitle = Font(size: .textStyle(.largeTitle))
    public static let title = Font(size: .textStyle(.title))
    public static let title2 = Font(size: .textStyle(.title2))
    public static let title3 = Font(size: .textStyle(.title3))
    public static let headline = Font(size: .textStyle(.headline))
    public static let subheadline = Font(size: .textStyle(.subheadline))
    public static let body = Font(size: .textStyle(.body))
    public static let callout = Font(size: .textStyle(.callout))
    public static let footnote = Font(size: .textStyle(.footnote))
    public static let caption = Font(size: .textStyle(.caption))
    public static let caption2 = Font(size: .textStyle(.caption2))

    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }
    public func bold() -> Font { weight(.bold) }
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }
    public func monospacedDigit() -> Font {
        var font = self
        font.isMonospacedDigit = true
        return font
    }
    public func monospaced() -> Font {
        var font = self
        font.design = .monospaced
        return font
    }
    /// Width variants have no meaning in cells; accepted for source compatibility.
    public func width(_ width: Width) -> Font { self }
    public func leading(_ leading: Leading) -> Font { self }

    public struct Width: Hashable, Sendable {
        public let value: Double
        public static let compressed = Width(value: -0.3), condensed = Width(value: -0.2)
        public static let standard = Width(value: 0), expanded = Width(value: 0.2)
    }
    public enum Leading: Hashable, Sendable { case standard, tight, loose }
}

// MARK: - Alignment

/// Horizontal alignment, as `SwiftUI.HorizontalAlignment`.
public enum HorizontalAlignment: String, Hashable, Sendable, Codable {
    case leading, center, trailing
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
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// Text alignment of multiline text, as `SwiftUI.TextAlignment`.
public enum TextAlignment: String, Hashable, Sendable, Codable {
    case leading, center, trailing
}

/// How aspect-ratio content fits its frame, as `SwiftUI.ContentMode`.
public enum ContentMode: String, Hashable, Sendable, Codable { case fit, fill }

/// Edges, as `SwiftUI.Edge.Set`.
public struct EdgeSet: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = EdgeSet(rawValue: 1)
    public static let leading = EdgeSet(rawValue: 2)
    public static let bottom = EdgeSet(rawValue: 4)
    public static let trailing = EdgeSet(rawValue: 8)
    public static let horizontal: EdgeSet = [.leading, .trailing]
    public static let vertical: EdgeSet = [.top, .bottom]
    public static let all: EdgeSet = [.top, .leading, .bottom, .trailing]
}

/// `SwiftUI.Edge`, whose `Set` names edge groups for `.padding(_:_:)`.
public enum Edge: Int8, Hashable, Sendable {
    case top, leading, bottom, trailing
    public typealias Set = EdgeSet
}

/// Insets in points, as `SwiftUI.EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}
