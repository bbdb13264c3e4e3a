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
    /// The colour of a thin outline drawn around the shape with box-drawing lines (a Dynamic Island's keyline
    /// tint), nil for none.
    public var stroke: RGB?

    /// A painted shape record.
    public init(kind: ShapeKind, rect: CellRect, fill: RGB, stroke: RGB? = nil) {
        self.kind = kind
        self.rect = rect
        self.fill = fill
        self.stroke = stroke
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

/// A rectangular shape filled with a linear gradient, as painted: what the cells show in bands, kept so an
/// export that can draw real gradients (SVG) draws the gradient itself (`LinearGradient`, SwiftUI).
public struct PaintedGradient: Equatable, Sendable {
    /// One colour stop after the rendering mode's transform; `location` is 0...1 along the axis.
    public struct Stop: Equatable, Sendable {
        /// Where the stop is along the axis, 0...1 from start to end.
        public var location: Double
        /// The stop's colour, opaque, after the rendering mode's transform.
        public var color: RGB

        /// A stop at `location` (0...1).
        public init(location: Double, color: RGB) {
            self.location = location
            self.color = color
        }
    }

    /// The shape's whole frame, in frame cells (the gradient's axis runs across it).
    public var frame: CellRect
    /// The cells the gradient really covered (the frame clipped), in frame cells.
    public var rect: CellRect
    /// The stops, opaque, in location order.
    public var stops: [Stop]
    /// The axis' start and end as unit points of `frame` (0...1; `UnitPoint` in SwiftUI).
    public var start: UnitPoint
    /// The axis' end as a unit point of `frame` (0...1; `UnitPoint` in SwiftUI).
    public var end: UnitPoint
    /// The background each cell of `rect` got from the gradient, row-major: a cell that still shows it was not
    /// painted over since.
    public var bands: [RGB]

    /// A gradient record.
    public init(frame: CellRect, rect: CellRect, stops: [Stop], start: UnitPoint, end: UnitPoint, bands: [RGB]) {
        self.frame = frame
        self.rect = rect
        self.stops = stops
        self.start = start
        self.end = end
        self.bands = bands
    }

    /// The band colour the gradient gave the cell at (column, row), nil outside `rect`.
    public func band(column: Int, row: Int) -> RGB? {
        guard rect.contains(column: column, row: row) else { return nil }
        return bands[(row - rect.y) * rect.width + (column - rect.x)]
    }
}
