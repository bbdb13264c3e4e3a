import Foundation
import WidgetKitUI

// MARK: - Cell geometry

/// A size in terminal cells (columns × rows).
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// Creates a size of `width` columns by `height` rows.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    /// No columns and no rows.
    public static let zero = CellSize(width: 0, height: 0)
    /// The size as `columns×rows` (`21×10`).
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle in cells; `x` is the column and `y` the row of its top-leading corner.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    /// Creates a rectangle whose top-leading cell is column `x`, row `y`, `width` columns by `height` rows.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// Creates a rectangle from its top-leading cell (column, row) and its size in cells.
    public init(origin: (x: Int, y: Int), size: CellSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    /// The rectangle's width and height in cells.
    public var size: CellSize { CellSize(width: width, height: height) }
    /// The first column past the right edge (`x + width`).
    public var maxX: Int { x + width }
    /// The first row below the bottom edge (`y + height`).
    public var maxY: Int { y + height }
    /// True when the rectangle covers no cell (zero or negative width or height).
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// True when the cell at (`column`, `row`) lies inside; the right and bottom edges are exclusive.
    public func contains(column: Int, row: Int) -> Bool { column >= x && column < maxX && row >= y && row < maxY }
    /// The overlap of two rectangles (empty when they do not meet).
    public func intersection(_ other: CellRect) -> CellRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return CellRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
    /// The rectangle moved in by insets (never negative).
    public func inset(by insets: CellInsets) -> CellRect {
        CellRect(
            x: x + insets.leading, y: y + insets.top, width: max(0, width - insets.leading - insets.trailing),
            height: max(0, height - insets.top - insets.bottom))
    }
    /// The rectangle as `(x,y width×height)`.
    public var description: String { "(\(x),\(y) \(width)×\(height))" }
}

/// Insets in cells.
public struct CellInsets: Hashable, Sendable {
    public var top: Int, leading: Int, bottom: Int, trailing: Int
    /// Creates insets of the given number of cells on each edge (rows for top and bottom, columns for leading and trailing).
    public init(top: Int, leading: Int, bottom: Int, trailing: Int) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    /// No inset on any edge.
    public static let zero = CellInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    /// Columns taken on both sides (`leading + trailing`).
    public var horizontal: Int { leading + trailing }
    /// Rows taken above and below (`top + bottom`).
    public var vertical: Int { top + bottom }
}

/// A size offered to a view: nil asks for the ideal size on that axis; `ProposedCellSize.unbounded` offers everything.
public struct ProposedCellSize: Hashable, Sendable {
    /// Columns offered, or nil to ask for the view's ideal width.
    public var width: Int?
    /// Rows offered, or nil to ask for the view's ideal height.
    public var height: Int?
    /// Creates a proposal of `width` columns and `height` rows; nil on an axis asks for the ideal size there.
    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }
    /// Proposes exactly `size` on both axes.
    public init(_ size: CellSize) { self.init(width: size.width, height: size.height) }
    /// A length standing for infinity (`.infinity` in SwiftUI), large enough for any terminal.
    public static let unbounded = 1 << 20
    /// Asks for the ideal size on both axes, as SwiftUI's `ProposedViewSize.unspecified`.
    public static let ideal = ProposedCellSize(width: nil, height: nil)
}

/// Converts points to cells: 8 pt per column, 17 pt per row, rounded to nearest with halves up
/// (ARCHITECTURE.md "Cells"). `systemSmall` on the 430×932 pt iPhone (170×170 pt) is 21 × 10 cells.
public struct CellMetric: Hashable, Sendable {
    /// Points one column stands for (default 8).
    public var pointsPerColumn: Double
    /// Points one row stands for (default 17).
    public var pointsPerRow: Double
    /// Creates a metric of `pointsPerColumn` points per column and `pointsPerRow` points per row.
    public init(pointsPerColumn: Double = 8, pointsPerRow: Double = 17) {
        self.pointsPerColumn = pointsPerColumn
        self.pointsPerRow = pointsPerRow
    }
    /// The house metric: 8 points per column, 17 points per row.
    public static let standard = CellMetric()

    /// Columns for a width in points; infinity is `ProposedCellSize.unbounded`.
    public func columns(_ points: Double) -> Int { Self.cells(points, per: pointsPerColumn) }
    /// Rows for a height in points; infinity is `ProposedCellSize.unbounded`.
    public func rows(_ points: Double) -> Int { Self.cells(points, per: pointsPerRow) }
    /// Columns for an explicit horizontal inset or spacing: a non-zero value is at least one column
    /// (negative values, which overlap views, at least one column back).
    public func explicitColumns(_ points: Double) -> Int {
        if points > 0 { return max(1, columns(points)) }
        if points < 0 && points.isFinite { return min(-1, signedCells(points, per: pointsPerColumn)) }
        return 0
    }

    /// Rows for an explicit inset or spacing that may be negative.
    public func signedRows(_ points: Double) -> Int { signedCells(points, per: pointsPerRow) }

    private func signedCells(_ points: Double, per size: Double) -> Int {
        guard points.isFinite else { return 0 }
        return points < 0 ? -Self.cells(-points, per: size) : Self.cells(points, per: size)
    }

    static func cells(_ points: Double, per size: Double) -> Int {
        guard !points.isNaN, points > 0 else { return 0 }
        if points.isInfinite || points >= Double(ProposedCellSize.unbounded) * size { return ProposedCellSize.unbounded }
        return Int((points / size).rounded(.toNearestOrAwayFromZero))
    }

    /// A size in points converted to cells.
    public func cells(width: Double, height: Double) -> CellSize { CellSize(width: columns(width), height: rows(height)) }
}
