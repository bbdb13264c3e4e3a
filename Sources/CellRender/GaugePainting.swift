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
            paintRing(rect, fraction: fraction, open: gauge.kind == .accessoryCircular, tint: tint, track: track)
        case .accessoryLinear:
            let row = rect.y + (gauge.label == .empty ? 0 : 1)
            for column in rect.x..<rect.maxX { put("─", column, row, foreground: track) }
            let marker = rect.x + Int((Double(max(rect.width - 1, 0)) * fraction).rounded())
            put("●", marker, row, foreground: tint)
        case .accessoryLinearCapacity, .linearCapacity, .progressLinear:
            let row = rect.y + (gauge.label == .empty ? 0 : 1)
            paintBar(row: row, from: rect.x, width: rect.width, fraction: fraction, tint: tint, track: track)
        }
    }

    /// A bar with eighth-cell precision: full cells in the tint, one partial cell, the rest track.
    public mutating func paintBar(row: Int, from column: Int, width: Int, fraction: Double, tint: RGBA, track: RGBA) {
        let eighthsFilled = Int((Double(width * 8) * min(max(fraction, 0), 1)).rounded(.down))
        let full = eighthsFilled / 8, partial = eighthsFilled % 8
        let tint = PaintColor(tint), track = PaintColor(track)
        for x in 0..<width {
            let cellColumn = column + x
            if x < full {
                fill(cellColumn, row, tint)
            } else {
                fill(cellColumn, row, track)
                if x == full && partial > 0 { put(Self.eighths[partial - 1], cellColumn, row, foreground: tint) }
            }
        }
    }

    /// A ring around the rectangle's edge, filled clockwise from the top (capacity) or, for the open
    /// accessoryCircular style, along a 270° arc with a gap at the bottom and a marker at the value.
    mutating func paintRing(_ rect: CellRect, fraction: Double, open: Bool, tint: RGBA, track: RGBA) {
        guard rect.width >= 2, rect.height >= 2 else {
            put("◔", rect.x, rect.y, foreground: tint)
            return
        }
        let centerX = (Double(rect.x) + Double(rect.width) / 2) * 8, centerY = (Double(rect.y) + Double(rect.height) / 2) * 17
        var markerColumn = rect.x, markerRow = rect.y, markerDistance = Double.infinity
        for row in rect.y..<rect.maxY {
            for column in rect.x..<rect.maxX {
                let onEdge = row == rect.y || row == rect.maxY - 1 || column == rect.x || column == rect.maxX - 1
                guard onEdge else { continue }
                let dx = (Double(column) + 0.5) * 8 - centerX, dy = (Double(row) + 0.5) * 17 - centerY
                let angle = atan2(dx, -dy) * 180 / .pi // 0 at top, clockwise positive
                let position: Double
                if open {
                    guard abs(angle) <= 135 else { continue }
                    position = (angle + 135) / 270
                } else {
                    position = (angle < 0 ? angle + 360 : angle) / 360
                }
                let glyph: Glyph
                switch (row == rect.y, row == rect.maxY - 1, column == rect.x, column == rect.maxX - 1) {
                case (true, _, true, _): glyph = "╭"
                case (true, _, _, true): glyph = "╮"
                case (_, true, true, _): glyph = "╰"
                case (_, true, _, true): glyph = "╯"
                case (true, _, _, _), (_, true, _, _): glyph = "━"
                default: glyph = "┃"
                }
                put(glyph, column, row, foreground: position <= fraction ? tint : track, attributes: [])
                if open, abs(position - fraction) < markerDistance {
                    markerDistance = abs(position - fraction)
                    markerColumn = column
                    markerRow = row
                }
            }
        }
        if open { put("●", markerColumn, markerRow, foreground: tint) }
    }
}
