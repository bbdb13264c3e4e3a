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
                forEachCell(inEllipseOf: rect, circular: shape.kind == .circle) { column, row in
                    let position = centred?(column, row) ?? (rect.width > 1 ? Double(column - rect.x) / Double(rect.width - 1) : 0)
                    fill(column, row, colorOf(fillPaint, position: position))
                }
            default:
                if let centred = centredPosition(of: fillPaint, in: rect) {
                    for row in rect.y..<rect.maxY {
                        for column in rect.x..<rect.maxX { fill(column, row, colorOf(fillPaint, position: centred(column, row))) }
                    }
                    roundCorners(of: rect, kind: shape.kind)
                    break
                }
                let uniform = fillPaint.isUniform ? PaintColor(colorOf(fillPaint)) : nil
                let vertical = isVertical(fillPaint)
                for row in rect.y..<rect.maxY {
                    if let uniform {
                        fill(row: row, columns: rect.x..<rect.maxX, uniform)
                        continue
                    }
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

    /// Rounds the four corner cells of a filled rectangle with quadrant blocks in the fill colour over
    /// what was behind it, so a widget or card reads as rounded.
    public mutating func roundCorners(of rect: CellRect, kind: ShapeKind) {
        let radius: Double
        switch kind {
        case .roundedRectangle(let value): radius = value
        case .capsule, .containerRelative: radius = 20
        default: return
        }
        guard radius >= 8, rect.width >= 3, rect.height >= 2 else { return }
        let corners: [(Int, Int, Glyph)] = [
            (rect.x, rect.y, "▗"), (rect.maxX - 1, rect.y, "▖"),
            (rect.x, rect.maxY - 1, "▝"), (rect.maxX - 1, rect.maxY - 1, "▘"),
        ]
        for (column, row, glyph) in corners where clip.contains(column: column, row: row) && buffer.contains(column: column, row: row) {
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
        let horizontal: Glyph = "─", vertical: Glyph = "│"
        put(horizontal, row: rect.y, columns: rect.x + 1..<max(rect.maxX - 1, rect.x + 1), foreground: color)
        put(horizontal, row: rect.maxY - 1, columns: rect.x + 1..<max(rect.maxX - 1, rect.x + 1), foreground: color)
        for row in rect.y + 1..<max(rect.maxY - 1, rect.y + 1) {
            put(vertical, rect.x, row, foreground: color)
            put(vertical, rect.maxX - 1, row, foreground: color)
        }
        put(rounded ? "╭" : "┌", rect.x, rect.y, foreground: color)
        put(rounded ? "╮" : "┐", rect.maxX - 1, rect.y, foreground: color)
        put(rounded ? "╰" : "└", rect.x, rect.maxY - 1, foreground: color)
        put(rounded ? "╯" : "┘", rect.maxX - 1, rect.maxY - 1, foreground: color)
    }
}
