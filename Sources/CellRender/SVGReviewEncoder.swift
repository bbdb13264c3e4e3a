import Foundation
import CellLayout
import WidgetKitUI

// MARK: - SVG for a design review: the widget's real shape on its wallpaper

/// How a review export frames a widget: the screen behind it and the shape of its container.
public struct SVGReviewStyle: Sendable {
    /// What shows around the widget and wherever it draws nothing: the theme's wallpaper (with the
    /// Lock Screen's material in vibrant mode), `PaintStyle.surface`.
    public var backdrop: RGB
    /// The text colour of cells with no colour of their own.
    public var defaultForeground: RGB
    /// Pixels of backdrop on each side of the widget.
    public var margin: Int
    /// The corner radius of the widget's container in points (the shape `ContainerRelativeShape` takes in a
    /// widget); nil for families without a container shape (accessories), which are not clipped.
    public var cornerRadius: Double?
    /// Points per cell, to turn `cornerRadius` and shape radii into pixels.
    public var metric: CellMetric
    /// Prefix of the document's element ids, so several exports can be nested in one sheet.
    public var idPrefix: String

    /// - Parameters:
    ///   - backdrop: the wallpaper colour around and behind the widget.
    ///   - cornerRadius: the container's corner radius in points, nil for none.
    public init(
        backdrop: RGB, defaultForeground: RGB, margin: Int = 24, cornerRadius: Double?, metric: CellMetric = .standard,
        idPrefix: String = "w"
    ) {
        self.backdrop = backdrop
        self.defaultForeground = defaultForeground
        self.margin = max(margin, 0)
        self.cornerRadius = cornerRadius
        self.metric = metric
        self.idPrefix = idPrefix
    }

    /// The corner radius iOS gives a Home Screen widget, in points. Apple does not publish it; 22 pt is the
    /// value measured on iPhone screenshots (DECISIONS.md "2026-12-02: widget corner radius in exports").
    public static let widgetCornerRadius = 22.0
}

extension SVGEncoder {
    /// A frame as an SVG a designer can review (`render --format svg`, `gallery --format svg|png`): the widget on
    /// its wallpaper with `style.margin` pixels around it, its container clipped to a rounded rectangle with real
    /// curves (the terminal's quadrant-block corners filled back in), gradients the painter recorded
    /// (`Frame.gradients`) drawn as `<linearGradient>`s where no later paint covers them, rounded shapes with
    /// curved corners, and glyphs in a font stack with colour emoji and symbols (`fontFamily`).
    ///
    /// The picture is `frame.size` cells of `cellWidth` × `cellHeight` pixels, plus the margin.
    public static func encodeForReview(_ frame: Frame, style: SVGReviewStyle, title: String? = nil) -> String {
        var buffer = frame.buffer
        let widgetWidth = buffer.width * cellWidth, widgetHeight = buffer.height * cellHeight
        let width = widgetWidth + 2 * style.margin, height = widgetHeight + 2 * style.margin
        let id = style.idPrefix
        let pixelsPerPointX = Double(cellWidth) / style.metric.pointsPerColumn
        let pixelsPerPointY = Double(cellHeight) / style.metric.pointsPerRow

        // The container's terminal corners (quadrant blocks in the fill colour over the wallpaper) become plain
        // filled cells: the clip path draws the curve.
        let clipsContainer = style.cornerRadius != nil && buffer.width >= 3 && buffer.height >= 2
        if clipsContainer {
            fillCornerCells(of: CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height), in: &buffer)
        }
        // Rounded shapes inside the widget: their corner cells are drawn as curves (below) instead of blocks.
        var roundedCorners: [(rect: CellRect, fill: RGB, radius: Double)] = []
        // Outlines drawn with box-drawing lines (an island's keyline) become one stroked, rounded rectangle.
        var outlines: [(rect: CellRect, stroke: RGB, radius: Double)] = []
        for shape in frame.shapes {
            guard let radius = cornerRadius(of: shape.kind, rect: shape.rect, metric: style.metric) else { continue }
            let whole = shape.rect == CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
            if whole && clipsContainer { continue }
            if let stroke = shape.stroke, hasOutlineCorners(shape.rect, stroke: stroke, in: buffer) {
                clearOutline(of: shape.rect, stroke: stroke, fill: shape.fill, in: &buffer)
                roundedCorners.append((shape.rect, shape.fill, radius))
                outlines.append((shape.rect, stroke, radius))
                continue
            }
            if hasBlockCorners(shape.rect, fill: shape.fill, in: buffer) {
                fillCornerCells(of: shape.rect, in: &buffer, withOutside: true)
                roundedCorners.append((shape.rect, shape.fill, radius))
            }
        }

        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="\(fontFamily)" font-size="\(fontSize)">

            """
        output.reserveCapacity(buffer.width * buffer.height * 90)
        if let title { output += "<title>\(escaped(title))</title>\n" }
        output += "<defs>\n"
        if clipsContainer, let radius = style.cornerRadius {
            let rx = min(radius * pixelsPerPointX, Double(widgetWidth) / 2)
            let ry = min(radius * pixelsPerPointY, Double(widgetHeight) / 2)
            output +=
                "<clipPath id=\"\(id)-shape\"><rect width=\"\(widgetWidth)\" height=\"\(widgetHeight)\" "
                + "rx=\"\(number(rx))\" ry=\"\(number(ry))\"/></clipPath>\n"
        }
        for (index, gradient) in frame.gradients.enumerated() {
            let x = Double(gradient.frame.x * cellWidth), y = Double(gradient.frame.y * cellHeight)
            let w = Double(gradient.frame.width * cellWidth), h = Double(gradient.frame.height * cellHeight)
            output +=
                "<linearGradient id=\"\(id)-gradient\(index)\" gradientUnits=\"userSpaceOnUse\" "
                + "x1=\"\(number(x + gradient.start.x * w))\" y1=\"\(number(y + gradient.start.y * h))\" "
                + "x2=\"\(number(x + gradient.end.x * w))\" y2=\"\(number(y + gradient.end.y * h))\">"
            for stop in gradient.stops {
                output += "<stop offset=\"\(number(stop.location))\" stop-color=\"\(stop.color.hex)\"/>"
            }
            output += "</linearGradient>\n"
        }
        output += "</defs>\n"
        output += "<rect class=\"wallpaper\" width=\"\(width)\" height=\"\(height)\" fill=\"\(style.backdrop.hex)\"/>\n"
        output += "<g class=\"widget\" transform=\"translate(\(style.margin) \(style.margin))\">\n"
        output += clipsContainer ? "<g clip-path=\"url(#\(id)-shape)\">\n" : "<g>\n"

        // Gradients first, in paint order; then every cell background a gradient does not show through.
        for (index, gradient) in frame.gradients.enumerated() {
            let rect = gradient.rect
            output +=
                "<rect class=\"gradient\" x=\"\(rect.x * cellWidth)\" y=\"\(rect.y * cellHeight)\" width=\"\(rect.width * cellWidth)\" "
                + "height=\"\(rect.height * cellHeight)\" fill=\"url(#\(id)-gradient\(index))\"/>\n"
        }
        func showsGradient(_ column: Int, _ row: Int) -> Bool {
            guard let background = buffer[column, row].background else { return false }
            for gradient in frame.gradients.reversed() {
                if let band = gradient.band(column: column, row: row) { return band == background }
            }
            return false
        }
        output += "<g class=\"cells\" shape-rendering=\"crispEdges\">\n"
        for row in 0..<buffer.height {
            var column = 0
            while column < buffer.width {
                let color = showsGradient(column, row) ? nil : buffer[column, row].background
                var end = column + 1
                while end < buffer.width, (showsGradient(end, row) ? nil : buffer[end, row].background) == color { end += 1 }
                if let color {
                    output +=
                        "<rect x=\"\(column * cellWidth)\" y=\"\(row * cellHeight)\" width=\"\((end - column) * cellWidth)\" "
                        + "height=\"\(cellHeight)\" fill=\"\(color.hex)\"/>\n"
                }
                column = end
            }
        }
        output += "</g>\n"
        for corner in roundedCorners {
            output += cornerPaths(corner.rect, fill: corner.fill, radius: corner.radius, pixelsPerPoint: (pixelsPerPointX, pixelsPerPointY))
        }
        for outline in outlines {
            output += outlinePath(
                outline.rect, stroke: outline.stroke, radius: outline.radius, pixelsPerPoint: (pixelsPerPointX, pixelsPerPointY))
        }
        output += "<g class=\"glyphs\" xml:space=\"preserve\">\n"
        appendGlyphs(of: buffer, defaultForeground: style.defaultForeground, to: &output)
        output += "</g>\n</g>\n</g>\n</svg>\n"
        return output
    }

    /// The quadrant blocks `Painter.roundCorners` draws at the corners of a filled rectangle, by corner.
    static let cornerBlocks: [Glyph] = ["▗", "▖", "▝", "▘"]

    /// The four corner cells of `rect`: top leading, top trailing, bottom leading, bottom trailing.
    static func corners(of rect: CellRect) -> [(column: Int, row: Int)] {
        [(rect.x, rect.y), (rect.maxX - 1, rect.y), (rect.x, rect.maxY - 1), (rect.maxX - 1, rect.maxY - 1)]
    }

    /// True when every corner of `rect` shows the quadrant block of its corner in `fill`.
    static func hasBlockCorners(_ rect: CellRect, fill: RGB, in buffer: CellBuffer) -> Bool {
        guard rect.width >= 3, rect.height >= 2 else { return false }
        for (index, corner) in corners(of: rect).enumerated() {
            guard buffer.contains(column: corner.column, row: corner.row) else { return false }
            let cell = buffer[corner.column, corner.row]
            guard cell.glyph == cornerBlocks[index], cell.foreground == fill else { return false }
        }
        return true
    }

    /// Replaces each corner block of `rect` with a plain cell: of the block's colour (the clip path rounds it),
    /// or with `withOutside`, of the colour outside the shape (a curve is drawn over it).
    static func fillCornerCells(of rect: CellRect, in buffer: inout CellBuffer, withOutside: Bool = false) {
        for (index, corner) in corners(of: rect).enumerated() where buffer.contains(column: corner.column, row: corner.row) {
            let cell = buffer[corner.column, corner.row]
            guard cell.glyph == cornerBlocks[index], !cell.isContinuation else { continue }
            buffer[corner.column, corner.row] = Cell(background: withOutside ? cell.background : cell.foreground)
        }
    }

    /// The rounded box-drawing corners `IslandRenderer.drawKeyline` draws, by corner.
    static let outlineCorners: [Glyph] = ["╭", "╮", "╰", "╯"]

    /// True when every corner of `rect` shows the rounded box-drawing corner of its corner in `stroke`.
    static func hasOutlineCorners(_ rect: CellRect, stroke: RGB, in buffer: CellBuffer) -> Bool {
        guard rect.width >= 3, rect.height >= 2 else { return false }
        for (index, corner) in corners(of: rect).enumerated() {
            guard buffer.contains(column: corner.column, row: corner.row) else { return false }
            let cell = buffer[corner.column, corner.row]
            guard cell.glyph == outlineCorners[index], cell.foreground == stroke else { return false }
        }
        return true
    }

    /// Replaces the outline's cells along the edges of `rect` with plain cells: corners of the colour outside the
    /// shape (a curve is drawn over them), lines (`─`, `│` in `stroke`) of `fill`. Content on the edge stays.
    static func clearOutline(of rect: CellRect, stroke: RGB, fill: RGB, in buffer: inout CellBuffer) {
        for (index, corner) in corners(of: rect).enumerated() where buffer.contains(column: corner.column, row: corner.row) {
            let cell = buffer[corner.column, corner.row]
            guard cell.glyph == outlineCorners[index], !cell.isContinuation else { continue }
            buffer[corner.column, corner.row] = Cell(background: cell.background)
        }
        var edges: [(Int, Int)] = []
        for column in (rect.x + 1)..<(rect.maxX - 1) { edges += [(column, rect.y), (column, rect.maxY - 1)] }
        for row in (rect.y + 1)..<max(rect.y + 1, rect.maxY - 1) { edges += [(rect.x, row), (rect.maxX - 1, row)] }
        for (column, row) in edges where buffer.contains(column: column, row: row) {
            let cell = buffer[column, row]
            guard cell.glyph == "─" || cell.glyph == "│", cell.foreground == stroke, !cell.isContinuation else { continue }
            buffer[column, row] = Cell(background: fill)
        }
    }

    /// A rounded rectangle stroked thinly in `stroke` just inside `rect`, its corners those of `cornerPaths`.
    static func outlinePath(_ rect: CellRect, stroke: RGB, radius: Double, pixelsPerPoint: (x: Double, y: Double)) -> String {
        let rx = min(radius * pixelsPerPoint.x, Double(cellWidth)), ry = min(radius * pixelsPerPoint.y, Double(cellHeight))
        let inset = 0.75
        let x = Double(rect.x * cellWidth) + inset, y = Double(rect.y * cellHeight) + inset
        let width = Double(rect.width * cellWidth) - 2 * inset, height = Double(rect.height * cellHeight) - 2 * inset
        return "<rect class=\"keyline\" x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\" "
            + "rx=\"\(number(max(0, rx - inset)))\" ry=\"\(number(max(0, ry - inset)))\" fill=\"none\" stroke=\"\(stroke.hex)\" "
            + "stroke-width=\"1.5\"/>\n"
    }

    /// The corner radius of a filled shape in points, nil for shapes without rounded corners.
    static func cornerRadius(of kind: ShapeKind, rect: CellRect, metric: CellMetric) -> Double? {
        switch kind {
        case .roundedRectangle(let radius): return radius >= 8 ? radius : nil
        case .capsule:
            return min(Double(rect.width) * metric.pointsPerColumn, Double(rect.height) * metric.pointsPerRow) / 2
        case .containerRelative: return SVGReviewStyle.widgetCornerRadius
        default: return nil
        }
    }

    /// One path per corner cell of `rect`: the part of the cell inside a corner of `radius` points (at most the
    /// cell), in `fill`.
    static func cornerPaths(_ rect: CellRect, fill: RGB, radius: Double, pixelsPerPoint: (x: Double, y: Double)) -> String {
        let rx = min(radius * pixelsPerPoint.x, Double(cellWidth)), ry = min(radius * pixelsPerPoint.y, Double(cellHeight))
        let w = Double(cellWidth), h = Double(cellHeight)
        var output = ""
        for (index, corner) in corners(of: rect).enumerated() {
            let x = Double(corner.column * cellWidth), y = Double(corner.row * cellHeight)
            // Each path walks the cell's edges and replaces the outer corner with an elliptical arc.
            let d: String
            switch index {
            case 0:
                d =
                    "M\(number(x + w)) \(number(y))V\(number(y + h))H\(number(x))V\(number(y + ry))"
                    + "A\(number(rx)) \(number(ry)) 0 0 1 \(number(x + rx)) \(number(y))Z"
            case 1:
                d =
                    "M\(number(x)) \(number(y))H\(number(x + w - rx))A\(number(rx)) \(number(ry)) 0 0 1 \(number(x + w)) \(number(y + ry))"
                    + "V\(number(y + h))H\(number(x))Z"
            case 2:
                d =
                    "M\(number(x)) \(number(y))H\(number(x + w))V\(number(y + h))H\(number(x + rx))"
                    + "A\(number(rx)) \(number(ry)) 0 0 1 \(number(x)) \(number(y + h - ry))Z"
            default:
                d =
                    "M\(number(x)) \(number(y))H\(number(x + w))V\(number(y + h - ry))"
                    + "A\(number(rx)) \(number(ry)) 0 0 1 \(number(x + w - rx)) \(number(y + h))H\(number(x))Z"
            }
            output += "<path class=\"corner\" d=\"\(d)\" fill=\"\(fill.hex)\"/>\n"
        }
        return output
    }

    /// A number for an attribute: at most two decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
