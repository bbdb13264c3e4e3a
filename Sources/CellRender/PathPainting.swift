import Foundation
import CellLayout
import WidgetKitUI

extension Painter {
    // MARK: Custom paths

    /// Paints a custom outline: a fill covers the cells whose centres fall inside it (even-odd), a stroke
    /// draws its segments with braille dots. Points are scaled from the outline's reference size to `rect`;
    /// a bare `Path` is drawn at its own coordinates (8 points a column, 17 a row).
    mutating func paintPath(_ outline: PathOutline, fill fillPaint: Paint?, stroke strokePaint: Paint?, in rect: CellRect) {
        let scaleX: Double, scaleY: Double
        if let reference = outline.referenceSize, reference.width > 0, reference.height > 0 {
            scaleX = Double(rect.width * 2) / reference.width
            scaleY = Double(rect.height * 4) / reference.height
        } else {
            scaleX = 2 / 8
            scaleY = 4 / 17
        }
        // Points in dots (two a column, four a row) from the rect's top left.
        let polylines = outline.subpaths.map { subpath in
            (subpath.points.map { (x: $0.x * scaleX, y: $0.y * scaleY) }, subpath.isClosed)
        }
        if let fillPaint {
            let color = colorOf(fillPaint)
            for row in rect.y..<rect.maxY {
                let y = (Double(row - rect.y) + 0.5) * 4
                for column in rect.x..<rect.maxX {
                    let x = (Double(column - rect.x) + 0.5) * 2
                    var inside = false
                    for (points, _) in polylines where points.count >= 3 {
                        var previous = points[points.count - 1]
                        for point in points {
                            if (point.y > y) != (previous.y > y),
                                x < (previous.x - point.x) * (y - point.y) / (previous.y - point.y) + point.x
                            {
                                inside.toggle()
                            }
                            previous = point
                        }
                    }
                    if inside { fill(column, row, color) }
                }
            }
            recordShape(.path(outline), in: rect)
        }
        if let strokePaint {
            let color = colorOf(strokePaint)
            var canvas = BrailleCanvas(rect: rect)
            for (points, isClosed) in polylines {
                let dots = points.map { (Int($0.x.rounded(.down)), Int($0.y.rounded(.down))) }
                for (start, end) in zip(dots, dots.dropFirst()) { canvas.line(from: start, to: end, color) }
                if isClosed, let first = dots.first, let last = dots.last { canvas.line(from: last, to: first, color) }
                if dots.count == 1, let only = dots.first { canvas.set(only.0, only.1, color) }
            }
            paint(canvas)
        }
    }

    // MARK: Trimmed shapes

    /// Paints part of a shape's outline (`Shape.trim(from:to:)`). The outline starts at the trailing middle
    /// (3 o'clock) and runs clockwise; a cell belongs to the part when the angle of its centre around the
    /// frame's centre (in points) falls between the two fractions, taken modulo one turn. A stroke draws the
    /// part of the outline's edge cells; a fill, the sector of the shape's cells.
    mutating func paintTrimmed(_ base: ShapeKind, from: Double, to: Double, shape: ShapeNode, in rect: CellRect) {
        guard to > from else { return }
        let columnPoints = 8.0, rowPoints = 17.0
        let centerX = (Double(rect.x) + Double(rect.width) / 2) * columnPoints
        let centerY = (Double(rect.y) + Double(rect.height) / 2) * rowPoints
        func isInPart(_ column: Int, _ row: Int) -> Bool {
            if to - from >= 1 { return true }
            let dx = (Double(column) + 0.5) * columnPoints - centerX, dy = (Double(row) + 0.5) * rowPoints - centerY
            var fraction = atan2(dy, dx) / (2 * .pi)
            if fraction < 0 { fraction += 1 }
            let start = from - from.rounded(.down)
            let end = start + (to - from)
            return (fraction >= start && fraction <= end) || (fraction + 1 >= start && fraction + 1 <= end)
        }
        var cells: [(Int, Int)] = []
        let round = base == .circle || base == .ellipse
        if round {
            forEachCell(inEllipseOf: rect, circular: base == .circle) { cells.append(($0, $1)) }
        } else {
            for row in rect.y..<rect.maxY { for column in rect.x..<rect.maxX { cells.append((column, row)) } }
        }
        let inside = Set(cells.map { $0.1 * 10_000 + $0.0 })
        if let fillPaint = shape.fill {
            let color = colorOf(fillPaint)
            for (column, row) in cells where isInPart(column, row) { fill(column, row, color) }
        }
        if let strokePaint = shape.stroke {
            let color = colorOf(strokePaint)
            for (column, row) in cells where isInPart(column, row) {
                let left = !inside.contains(row * 10_000 + column - 1), right = !inside.contains(row * 10_000 + column + 1)
                let top = !inside.contains((row - 1) * 10_000 + column), bottom = !inside.contains((row + 1) * 10_000 + column)
                guard left || right || top || bottom else { continue }
                let glyph: Glyph = round ? "•" : (top || bottom) && !(left || right) ? "─" : (left || right) && !(top || bottom) ? "│" : "•"
                put(glyph, column, row, foreground: color)
            }
        }
    }
}
