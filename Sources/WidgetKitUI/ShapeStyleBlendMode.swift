import Foundation

// MARK: - Blend modes on shape styles

/// How a style's colours combine with what lies beneath them, as `SwiftUI.BlendMode`.
///
/// A terminal cell holds one colour per half and cannot read what lies beneath it, so every mode draws as
/// `.normal` (docs/DECISIONS.md, "custom shape styles").
public enum BlendMode: Sendable, Hashable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight
    case difference, exclusion, hue, saturation, color, luminosity, sourceAtop, destinationOver, destinationOut
    case plusDarker, plusLighter
}

/// A style drawn with a blend mode, as the style `ShapeStyle.blendMode(_:)` returns.
public struct BlendedShapeStyle<Base: ShapeStyle>: ShapeStyle {
    /// The style being blended.
    public let base: Base
    /// The mode asked for (drawn as `.normal`).
    public let mode: BlendMode

    /// The base style's paint: cells cannot blend.
    public func resolvePaint(inheriting foreground: Paint) -> Paint { base.resolvePaint(inheriting: foreground) }
}

extension ShapeStyle {
    /// This style with a blend mode, as `ShapeStyle.blendMode(_:)`; drawn as the style itself.
    public func blendMode(_ mode: BlendMode) -> BlendedShapeStyle<Self> { BlendedShapeStyle(base: self, mode: mode) }
}
