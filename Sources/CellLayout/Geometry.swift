import Foundation
import WidgetKitUI

// MARK: - Cell geometry

/// A size in terminal cells (columns × rows).
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public static let zero = CellSize(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle in cells; `x` is the column and `y` the row of its top-leading corner.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public init(origin: (x: Int, y: Int), size: CellSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
    public var size: CellSize { CellSize(width: width, height: height) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
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
    public var description: String { "(\(x),\(y) \(width)×\(height))" }
}

/// Insets in cells.
public struct CellInsets: Hashable, Sendable {
    public var top: Int, leading: Int, bottom: Int, trailing: Int
    public init(top: Int, leading: Int, bottom: Int, trailing: Int) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public static let zero = CellInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    public var horizontal: Int { leading + trailing }
    public var vertical: Int { top + bottom }
}

/// A size offered to a view: nil asks for the ideal size on that axis; `ProposedCellSize.unbounded` offers everything.
public struct ProposedCellSize: Hashable, Sendable {
    public var width: Int?
    public var height: Int?
    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }
    public init(_ size: CellSize) { self.init(width: size.width, height: size.height) }
    /// A length standing for infinity (`.infinity` in SwiftUI), large enough for any terminal.
    public static let unbounded = 1 << 20
    public static let ideal = ProposedCellSize(width: nil, height: nil)
}

/// Converts points to cells: 8 pt per column, 17 pt per row, rounded to nearest with halves up
/// (ARCHITECTURE.md "Cells"). `systemSmall` on the 430×932 pt iPhone (170×170 pt) is 21 × 10 cells.
public struct CellMetric: Hashable, Sendable {
    public var pointsPerColumn: Double
    public var pointsPerRow: Double
    public init(pointsPerColumn: Double = 8, pointsPerRow: Double = 17) {
        self.pointsPerColumn = pointsPerColumn
        self.pointsPerRow = pointsPerRow
    }
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
