import Foundation

// MARK: - Dynamic Type sizes

extension Font.TextStyle {
    /// Point sizes at each Dynamic Type size, `xSmall` to `accessibility5`, from Apple's HIG "Typography",
    /// "iOS, iPadOS Dynamic Type sizes" (docs/DECISIONS.md, "Dynamic Type in the preview").
    static let dynamicTypeTable: [Font.TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// The style's point size at a Dynamic Type size, as iOS scales it (HIG table above); the visionOS-only
    /// extra-large titles scale with `largeTitle`.
    public func pointSize(at size: DynamicTypeSize) -> Double {
        if let row = Self.dynamicTypeTable[self] { return row[size.rawValue] }
        let largeTitle = Self.dynamicTypeTable[.largeTitle]!
        return (pointSize * largeTitle[size.rawValue] / largeTitle[DynamicTypeSize.large.rawValue]).rounded()
    }
}

extension DynamicTypeSize {
    /// Every size, `xSmall` to `accessibility5`.
    public static let all: [DynamicTypeSize] = (0...11).compactMap(DynamicTypeSize.init(rawValue:))

    /// True for the five accessibility sizes, as `DynamicTypeSize.isAccessibilitySize`.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The name as in SwiftUI (`large`, `accessibility3`).
    public var name: String { "\(self)" }
}

extension Font {
    /// The font at a Dynamic Type size: a text style becomes its scaled point size (keeping the style's own weight);
    /// an explicit point size does not scale (as `Font.system(size:)`).
    public func scaled(to size: DynamicTypeSize) -> Font {
        guard size != .large, case .textStyle(let style) = self.size else { return self }
        var font = self
        if font.weight == nil { font.weight = style.defaultWeight }
        font.size = .points(style.pointSize(at: size))
        return font
    }
}
