import Foundation
import CellLayout
import WidgetKitUI

extension Painter {
    // MARK: Shapes

    mutating func paintShape(_ shape: ShapeNode, in rect: CellRect) {
        guard !rect.isEmpty else { return }
        switch shape.kind {
        case .chart(let plot): return paintChart(plot, defaultPaint: shape.fill, in: rect)
        case .path(let outline): return paintPath(outline, fill: shape.fill, stroke: shape.stroke, in: rect)
        case .trimmed(let base, let from, let to): return paintTrimmed(base, from: from, to: to, shape: shape, in: rect)
        default: break
        }
        if let fillPaint = shape.fill {
            switch shape.kind {
            case .circle, .ellipse:
                let centred = centredPosition(of: fillPaint, in: rect)
                let position = { (column: Int, row: Int) in
                    centred?(column, row) ?? (rect.width > 1 ? Double(column - rect.x) / Double(rect.width - 1) : 0)
                }
                guard Self.showsRoundEdges(rect) else {
                    forEachCell(inEllipseOf: rect, circular: shape.kind == .circle) { column, row in
                        fill(column, row, colorOf(fillPaint, position: position(column, row)))
                    }
                    break
                }
                let inside = Self.ellipseTest(rect, circular: shape.kind == .circle)
                forEachQuadrantCoverage(of: rect, inside: inside) { column, row, coverage in
                    paintCoverage(coverage, column, row, colorOf(fillPaint, position: position(column, row)))
                }
            case .capsule where fillPaint.isUniform && Self.showsRoundEdges(rect):
                let color = colorOf(fillPaint)
                forEachQuadrantCoverage(of: rect, inside: Self.capsuleTest(rect)) { column, row, coverage in
                    paintCoverage(coverage, column, row, color)
                }
            default:
                if let centred = centredPosition(of: fillPaint, in: rect) {
                    for row in rect.y..<rect.maxY {
                        for column in rect.x..<rect.maxX { fill(column, row, colorOf(fillPaint, position: centred(column, row))) }
                    }
                    roundCorners(of: rect, kind: shape.kind)
                    break
                }
                if fillPaint.isUniform {
                    fill(rect, PaintColor(colorOf(fillPaint)))
                    roundCorners(of: rect, kind: shape.kind)
                    break
                }
                let vertical = isVertical(fillPaint)
                for row in rect.y..<rect.maxY {
                    let position = rect.height > 1 ? Double(row - rect.y) / Double(rect.height - 1) : 0
                    let color = colorOf(fillPaint, position: vertical ? position : 0)
                    for column in rect.x..<rect.maxX {
                        let horizontal = rect.width > 1 ? Double(column - rect.x) / Double(rect.width - 1) : 0
                        fill(column, row, vertical ? color : colorOf(fillPaint, position: horizontal))
                    }
                }
                recordGradient(fillPaint, in: rect)
                roundCorners(of: rect, kind: shape.kind)
            }
            recordShape(shape.kind, in: rect)
        }
        if let strokePaint = shape.stroke {
            strokeOutline(rect, kind: shape.kind, color: colorOf(strokePaint))
        }
    }

    /// Records a filled shape with the colour its centre cell shows, for checks that compare elements.
    mutating func recordShape(_ kind: ShapeKind, in rect: CellRect) {
        let visible = rect.intersection(clip).intersection(CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        guard !visible.isEmpty else { return }
        let center = buffer[visible.x + visible.width / 2, visible.y + visible.height / 2]
        shapes.append(PaintedShape(kind: kind, rect: visible, fill: center.background ?? style.surfaceForBlending))
    }

    /// Records a rectangle filled with an opaque linear gradient and the bands its cells got, for exports that
    /// draw real gradients. Translucent gradients stay bands (what is behind them is cells).
    mutating func recordGradient(_ paint: Paint, in frame: CellRect) {
        guard case .linearGradient(let stops, let start, let end) = paint, stops.count >= 2 else { return }
        let visible = frame.intersection(clip).intersection(CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        guard !visible.isEmpty else { return }
        var painted: [PaintedGradient.Stop] = []
        for stop in stops.sorted(by: { $0.location < $1.location }) {
            let color = colorOf(.color(stop.color))
            guard color.alpha >= 1 else { return }
            painted.append(PaintedGradient.Stop(location: min(max(stop.location, 0), 1), color: PaintColor(color).rgb))
        }
        var bands: [RGB] = []
        bands.reserveCapacity(visible.width * visible.height)
        for row in visible.y..<visible.maxY {
            for column in visible.x..<visible.maxX {
                guard let background = buffer[column, row].background else { return }
                bands.append(background)
            }
        }
        gradients.append(PaintedGradient(frame: frame, rect: visible, stops: painted, start: start, end: end, bands: bands))
    }

    /// For a radial or angular gradient, the position 0...1 of a cell's centre along it (in points, 8 a column
    /// and 17 a row): where its distance from the centre falls between the two radii, or its angle clockwise
    /// from 3 o'clock over one turn. Nil for other paints.
    func centredPosition(of paint: Paint, in rect: CellRect) -> ((Int, Int) -> Double)? {
        let center: UnitPoint, radii: (Double, Double)?
        switch paint {
        case .radialGradient(_, let point, let start, let end): (center, radii) = (point, (start, end))
        case .angularGradient(_, let point): (center, radii) = (point, nil)
        default: return nil
        }
        let width = Double(rect.width) * 8, height = Double(rect.height) * 17
        let centerX = center.x * width, centerY = center.y * height
        return { column, row in
            let dx = (Double(column - rect.x) + 0.5) * 8 - centerX, dy = (Double(row - rect.y) + 0.5) * 17 - centerY
            if let (start, end) = radii {
                return end > start ? min(max((hypot(dx, dy) - start) / (end - start), 0), 1) : 1
            }
            let angle = atan2(dy, dx) / (2 * .pi)
            return angle < 0 ? angle + 1 : angle
        }
    }

    func isVertical(_ paint: Paint) -> Bool {
        if case .linearGradient(_, let start, let end) = paint { return abs(end.y - start.y) >= abs(end.x - start.x) }
        return true
    }

    /// Cells whose centres fall inside the ellipse (or the largest circle, in points) of `rect`.
    func forEachCell(inEllipseOf rect: CellRect, circular: Bool, _ body: (Int, Int) -> Void) {
        let columnPoints = 8.0, rowPoints = 17.0
        var radiusX = Double(rect.width) * columnPoints / 2, radiusY = Double(rect.height) * rowPoints / 2
        if circular {
            radiusX = min(radiusX, radiusY)
            radiusY = radiusX
        }
        let centerX = Double(rect.x) * columnPoints + Double(rect.width) * columnPoints / 2
        let centerY = Double(rect.y) * rowPoints + Double(rect.height) * rowPoints / 2
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX {
                let dx = (Double(column) + 0.5) * columnPoints - centerX, dy = (Double(row) + 0.5) * rowPoints - centerY
                if (dx * dx) / (radiusX * radiusX) + (dy * dy) / (radiusY * radiusY) <= 1.0001 { body(column, row) }
            }
        }
    }

    /// True when a filled circle, ellipse or capsule in `rect` is large enough for its edge cells to be drawn
    /// as quadrant blocks (at least 3 columns and 2 rows, or a one-row capsule of 3 columns); smaller ones stay
    /// whole cells, where a quarter block would read as a speck rather than a curve.
    static func showsRoundEdges(_ rect: CellRect) -> Bool { rect.width >= 3 && rect.height >= 1 }

    /// Whether a point (in points, 8 a column and 17 a row, from the buffer's origin) lies in the ellipse, or
    /// the largest centred circle, of `rect`.
    static func ellipseTest(_ rect: CellRect, circular: Bool) -> (Double, Double) -> Bool {
        var radiusX = Double(rect.width) * 4, radiusY = Double(rect.height) * 8.5
        if circular {
            radiusX = min(radiusX, radiusY)
            radiusY = radiusX
        }
        let centerX = (Double(rect.x) + Double(rect.width) / 2) * 8, centerY = (Double(rect.y) + Double(rect.height) / 2) * 17
        return { x, y in
            let dx = x - centerX, dy = y - centerY
            return (dx * dx) / (radiusX * radiusX) + (dy * dy) / (radiusY * radiusY) <= 1.0001
        }
    }

    /// Whether a point (in points) lies in the capsule of `rect`: within half the short side of the segment
    /// that joins the centres of its two round ends.
    static func capsuleTest(_ rect: CellRect) -> (Double, Double) -> Bool {
        let minX = Double(rect.x) * 8, minY = Double(rect.y) * 17
        let width = Double(rect.width) * 8, height = Double(rect.height) * 17
        let radius = min(width, height) / 2
        let fromX = minX + radius, toX = minX + width - radius
        let fromY = minY + radius, toY = minY + height - radius
        return { x, y in
            let dx = x - min(max(x, fromX), toX), dy = y - min(max(y, fromY), toY)
            return dx * dx + dy * dy <= radius * radius * 1.0001
        }
    }

    /// Calls `body` for each cell of `rect` any quarter of which lies inside (`inside` tested at the centre of
    /// each quarter, in points): the coverage is a 4-bit mask, 1 top left, 2 top right, 4 bottom left, 8
    /// bottom right, as the quadrant blocks draw them.
    func forEachQuadrantCoverage(of rect: CellRect, inside: (Double, Double) -> Bool, _ body: (Int, Int, Int) -> Void) {
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX {
                let left = Double(column) * 8 + 2, right = Double(column) * 8 + 6
                let top = Double(row) * 17 + 4.25, bottom = Double(row) * 17 + 12.75
                var coverage = 0
                if inside(left, top) { coverage |= 1 }
                if inside(right, top) { coverage |= 2 }
                if inside(left, bottom) { coverage |= 4 }
                if inside(right, bottom) { coverage |= 8 }
                if coverage != 0 { body(column, row, coverage) }
            }
        }
    }

    /// The quadrant block for each 4-bit coverage mask (see `forEachQuadrantCoverage`); 0 is a space and 15 a
    /// full cell, which are painted as a background instead.
    static let quadrantBlocks: [Glyph] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]

    /// Paints one cell of a round shape: a whole cell in `color`, or the quadrant block of `coverage` in
    /// `color` over what is behind it, so the shape's edge follows its curve (translucent: whole cells only).
    mutating func paintCoverage(_ coverage: Int, _ column: Int, _ row: Int, _ color: RGBA) {
        if coverage == 15 {
            fill(column, row, color)
        } else if color.alpha < 1 {
            // A translucent edge cannot be a block over what is behind it: the cell is tinted when most of it is in.
            if coverage.nonzeroBitCount >= 3 { fill(column, row, color) }
        } else {
            put(Self.quadrantBlocks[coverage], column, row, foreground: color)
        }
    }

    /// The quadrant blocks `roundCorners(of:kind:clippingContent:)` draws in the top-left, top-right, bottom-left and
    /// bottom-right corner cells: the shape's edge, not text, so the legibility check does not measure them.
    public static let roundedCornerGlyphs: [Glyph] = ["▗", "▖", "▝", "▘"]

    /// Rounds the four corner cells of a filled rectangle with quadrant blocks in the fill colour over
    /// what was behind it, so a widget or card reads as rounded.
    ///
    /// - Parameter clippingContent: true for the widget's own shape, which iOS clips its content to: a glyph
    ///   the content drew in a corner cell (and the rest of a wide glyph the corner cuts) gives way to the
    ///   cell's background, so the corner is rounded there too. False (the default) leaves such a cell as it is.
    public mutating func roundCorners(of rect: CellRect, kind: ShapeKind, clippingContent: Bool = false) {
        let radius: Double
        switch kind {
        case .roundedRectangle(let value): radius = value
        case .capsule, .containerRelative: radius = 20
        default: return
        }
        guard radius >= 8, rect.width >= 3, rect.height >= 2 else { return }
        let corners: [(Int, Int, Glyph)] = [
            (rect.x, rect.y, Self.roundedCornerGlyphs[0]), (rect.maxX - 1, rect.y, Self.roundedCornerGlyphs[1]),
            (rect.x, rect.maxY - 1, Self.roundedCornerGlyphs[2]), (rect.maxX - 1, rect.maxY - 1, Self.roundedCornerGlyphs[3]),
        ]
        for (column, row, glyph) in corners where clip.contains(column: column, row: row) && buffer.contains(column: column, row: row) {
            if clippingContent, !buffer[column, row].glyph.isSpace || buffer[column, row].isContinuation {
                repairWideNeighbours(column, row, width: 1)
                buffer[column, row] = Cell(background: buffer[column, row].background)
            }
            let cell = buffer[column, row]
            guard cell.glyph.isSpace, !cell.isContinuation, let fillColor = cell.background else { continue }
            buffer[column, row] = Cell(glyph: glyph, foreground: fillColor, background: outside(column, row, rect))
        }
    }

    /// The colour just outside `rect` next to a corner (what the rounding reveals).
    func outside(_ column: Int, _ row: Int, _ rect: CellRect) -> RGB? {
        let neighbour = column == rect.x ? column - 1 : column + 1
        if buffer.contains(column: neighbour, row: row), !rect.contains(column: neighbour, row: row) {
            return buffer[neighbour, row].background
        }
        return style.surface
    }

    mutating func strokeOutline(_ rect: CellRect, kind: ShapeKind, color rgba: RGBA) {
        let color = PaintColor(rgba)
        if kind == .circle, rect.width >= 2, rect.height >= 2 {
            // A round outline in braille dots, as the gauges' rings.
            forEachRingCell(rect, arc: 360) { column, row, bits, _ in
                put(Glyph(Character(UnicodeScalar(0x2800 + bits)!)), column, row, foreground: color)
            }
            return
        }
        if kind == .circle || kind == .ellipse {
            var inside = Set<Int>()
            forEachCell(inEllipseOf: rect, circular: kind == .circle) { inside.insert($1 * 10_000 + $0) }
            for key in inside {
                let column = key % 10_000, row = key / 10_000
                let edge =
                    !inside.contains(row * 10_000 + column - 1) || !inside.contains(row * 10_000 + column + 1)
                    || !inside.contains((row - 1) * 10_000 + column) || !inside.contains((row + 1) * 10_000 + column)
                if edge { put("•", column, row, foreground: color) }
            }
            return
        }
        let rounded = kind != .rectangle
        if rect.height == 1 {
            for column in rect.x..<rect.maxX { put("─", column, rect.y, foreground: color) }
            if rect.width >= 2 {
                put("(", rect.x, rect.y, foreground: color)
                put(")", rect.maxX - 1, rect.y, foreground: color)
            }
            return
        }
        let glyphs = rounded ? OutlineGlyphs.rounded : OutlineGlyphs.square
        put(glyphs.horizontal, row: rect.y, columns: rect.x + 1..<max(rect.maxX - 1, rect.x + 1), foreground: color)
        put(glyphs.horizontal, row: rect.maxY - 1, columns: rect.x + 1..<max(rect.maxX - 1, rect.x + 1), foreground: color)
        // Each side in one pass down its column; a one-column outline draws its left side, then its right over it.
        put(glyphs.vertical, column: rect.x, rows: rect.y + 1..<max(rect.maxY - 1, rect.y + 1), foreground: color)
        put(glyphs.vertical, column: rect.maxX - 1, rows: rect.y + 1..<max(rect.maxY - 1, rect.y + 1), foreground: color)
        put(glyphs.topLeading, rect.x, rect.y, foreground: color)
        put(glyphs.topTrailing, rect.maxX - 1, rect.y, foreground: color)
        put(glyphs.bottomLeading, rect.x, rect.maxY - 1, foreground: color)
        put(glyphs.bottomTrailing, rect.maxX - 1, rect.maxY - 1, foreground: color)
    }
}

/// The box-drawing glyphs of a rectangle's outline, made once (a glyph literal encodes its character each time).
private struct OutlineGlyphs {
    let horizontal: Glyph, vertical: Glyph
    let topLeading: Glyph, topTrailing: Glyph, bottomLeading: Glyph, bottomTrailing: Glyph

    /// Rounded corners, for rounded rectangles and capsules.
    static let rounded = OutlineGlyphs(
        horizontal: "─", vertical: "│", topLeading: "╭", topTrailing: "╮", bottomLeading: "╰", bottomTrailing: "╯")
    /// Square corners, for rectangles.
    static let square = OutlineGlyphs(
        horizontal: "─", vertical: "│", topLeading: "┌", topTrailing: "┐", bottomLeading: "└", bottomTrailing: "┘")
}
