import Foundation
import CellLayout
import WidgetKitUI

extension Painter {
    // MARK: Gauges

    /// Eighth blocks for partial bar cells, from one eighth to seven.
    static let eighths: [Glyph] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    mutating func paintGauge(_ gauge: GaugeNode, in rect: CellRect) {
        guard !rect.isEmpty else { return }
        if gauge.timerInterval != nil { recordLiveRegion(.progress(gauge), in: rect) }
        let fraction = gauge.timerInterval?.fraction(at: date) ?? gauge.fraction
        let tint = colorOf(gauge.tint, position: fraction), track = trackColor(gauge.track)
        switch gauge.kind {
        case .accessoryCircular, .accessoryCircularCapacity, .progressCircular:
            paintRing(
                rect, fraction: fraction, open: gauge.kind == .accessoryCircular, tint: tint, track: track,
                counterClockwise: gauge.layoutDirection == .rightToLeft)
        case .accessoryLinear:
            let row = rect.y + (gauge.label == .empty ? 0 : 1)
            for column in rect.x..<rect.maxX { put("─", column, row, foreground: track) }
            let offset = Int((Double(max(rect.width - 1, 0)) * fraction).rounded())
            let marker = gauge.layoutDirection == .rightToLeft ? rect.maxX - 1 - offset : rect.x + offset
            put("●", marker, row, foreground: tint)
        case .accessoryLinearCapacity, .linearCapacity, .progressLinear:
            let row = rect.y + (gauge.label == .empty ? 0 : 1)
            paintBar(
                row: row, from: rect.x, width: rect.width, fraction: fraction, tint: tint, track: track,
                fromTrailing: gauge.layoutDirection == .rightToLeft)
        }
    }

    /// A bar with eighth-cell precision: full cells in the tint, one partial cell, the rest track. With
    /// `fromTrailing` (a right-to-left layout) the tint starts at the right edge; the partial cell is then the
    /// tint behind a left block of track, as block elements only grow from the left.
    public mutating func paintBar(
        row: Int, from column: Int, width: Int, fraction: Double, tint: RGBA, track: RGBA, fromTrailing: Bool = false
    ) {
        let eighthsFilled = Int((Double(width * 8) * min(max(fraction, 0), 1)).rounded(.down))
        let full = eighthsFilled / 8, partial = eighthsFilled % 8
        if fromTrailing {
            let tintColor = PaintColor(tint)
            for x in 0..<width {
                let cellColumn = column + width - 1 - x
                if x < full {
                    fill(cellColumn, row, tintColor)
                } else {
                    fill(cellColumn, row, PaintColor(track))
                    if x == full && partial > 0 {
                        fill(cellColumn, row, tintColor)
                        put(Self.eighths[8 - partial - 1], cellColumn, row, foreground: track)
                    }
                }
            }
            return
        }
        let tint = PaintColor(tint), track = PaintColor(track)
        // Two runs of one colour each, filled a row segment at a time (as cell by cell), then the partial cell's glyph.
        fill(row: row, columns: column..<column + full, tint)
        fill(row: row, columns: column + full..<column + max(width, full), track)
        if full < width && partial > 0 { put(Self.eighths[partial - 1], column + full, row, foreground: tint) }
    }

    /// A round ring inside the rectangle, drawn with braille dots (2×4 per cell, so the outline is round rather
    /// than a box), filled clockwise from the top (capacity) or, for the open accessoryCircular style, along a
    /// 270° arc with a gap at the bottom and a marker at the value. Each cell takes the tint when most of its
    /// dots lie at or before the value, else the track colour (a cell has one foreground colour). With
    /// `counterClockwise` (a right-to-left layout) the ring is the mirror image: it fills anticlockwise from the
    /// top, or along the open arc from its right end.
    mutating func paintRing(_ rect: CellRect, fraction: Double, open: Bool, tint: RGBA, track: RGBA, counterClockwise: Bool = false) {
        guard rect.width >= 2, rect.height >= 2 else {
            put("◔", rect.x, rect.y, foreground: tint)
            return
        }
        var marker: (column: Int, row: Int, distance: Double)?
        forEachRingCell(rect, arc: open ? 270 : 360, counterClockwise: counterClockwise) { column, row, bits, positions in
            let filled = positions.filter { $0 <= fraction }.count
            let color = filled * 2 >= positions.count ? tint : track
            put(Glyph(Character(UnicodeScalar(0x2800 + bits)!)), column, row, foreground: color)
            guard open else { return }
            let nearest = positions.map { abs($0 - fraction) }.min() ?? .infinity
            if nearest < (marker?.distance ?? .infinity) { marker = (column, row, nearest) }
        }
        if let marker { put("●", marker.column, marker.row, foreground: tint) }
    }

    /// Calls `body` for every cell of `rect` that a round ring crosses, with its braille dot bits and each lit
    /// dot's position along the ring (0 at the top, growing clockwise to 1 at the end of `arc` degrees; an arc
    /// under 360° is centred on the top, leaving its gap at the bottom). The ring is the largest circle, in
    /// points (a cell is 8×17 pt, a braille dot 4×4.25 pt), that fits the rectangle, about 1.5 dots thick.
    /// `counterClockwise` measures positions the other way round (the ring's mirror image).
    func forEachRingCell(_ rect: CellRect, arc: Double, counterClockwise: Bool = false, _ body: (Int, Int, UInt32, [Double]) -> Void) {
        let columnPoints = 8.0, rowPoints = 17.0
        let dotWidth = columnPoints / 2, dotHeight = rowPoints / 4
        let centerX = (Double(rect.x) + Double(rect.width) / 2) * columnPoints
        let centerY = (Double(rect.y) + Double(rect.height) / 2) * rowPoints
        let thickness = 1.5 * max(dotWidth, dotHeight)
        let radius = min(Double(rect.width) * columnPoints, Double(rect.height) * rowPoints) / 2 - thickness / 2
        // Bits of the braille cell's dots by (dot column, dot row): 1 4 / 2 5 / 3 6 / 7 8.
        let dotBits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX {
                var bits: UInt32 = 0
                var positions: [Double] = []
                for dotColumn in 0..<2 {
                    for dotRow in 0..<4 {
                        let x = Double(column) * columnPoints + (Double(dotColumn) + 0.5) * dotWidth - centerX
                        let y = Double(row) * rowPoints + (Double(dotRow) + 0.5) * dotHeight - centerY
                        guard abs((x * x + y * y).squareRoot() - radius) <= thickness / 2 else { continue }
                        let angle = atan2(counterClockwise ? -x : x, -y) * 180 / .pi // 0 at the top, clockwise positive
                        let position: Double
                        if arc < 360 {
                            guard abs(angle) <= arc / 2 else { continue }
                            position = (angle + arc / 2) / arc
                        } else {
                            position = (angle < 0 ? angle + 360 : angle) / 360
                        }
                        bits |= dotBits[dotColumn][dotRow]
                        positions.append(position)
                    }
                }
                if bits != 0 { body(column, row, bits, positions) }
            }
        }
    }
}
