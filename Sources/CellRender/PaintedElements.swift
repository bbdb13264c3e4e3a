import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Painted elements other than text

/// A filled shape as painted: its visible cells and the colour its centre cell shows after the mode's
/// transform and compositing (what a person sees), for checks that compare elements across modes.
public struct PaintedShape: Equatable, Sendable {
    /// The shape's outline kind.
    public var kind: ShapeKind
    /// The visible part of the shape's frame, in frame cells.
    public var rect: CellRect
    /// The background of the centre cell right after the shape was filled.
    public var fill: RGB

    /// A painted shape record.
    public init(kind: ShapeKind, rect: CellRect, fill: RGB) {
        self.kind = kind
        self.rect = rect
        self.fill = fill
    }
}

/// An asset or bitmap image (`Image("name")`, `Image(uiImage:)`) as painted, with what accented mode did to it.
public struct PaintedImage: Equatable, Sendable {
    /// The asset name (or the bitmap's description).
    public var name: String
    /// The visible part of the image's frame, in frame cells.
    public var rect: CellRect
    /// Full colour, flattened to one tint, desaturated, or vibrant.
    public var treatment: ImageTreatment
    /// The colour the image's block shows at its centre.
    public var color: RGB

    /// A painted image record.
    public init(name: String, rect: CellRect, treatment: ImageTreatment, color: RGB) {
        self.name = name
        self.rect = rect
        self.treatment = treatment
        self.color = color
    }
}
