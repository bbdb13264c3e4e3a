import Foundation
import CellLayout
import WidgetKitUI

/// Dots of braille cells (two columns, four rows a cell), collected per cell before they are written.
struct BrailleCanvas {
    let rect: CellRect
    private(set) var cells: [Int: (bits: UInt32, color: RGBA)] = [:]

    init(rect: CellRect) { self.rect = rect }

    /// The bit of dot (`column` 0...1, `row` 0...3) in a braille cell (U+2800 + bits).
    static func bit(column: Int, row: Int) -> UInt32 {
        switch (column, row) {
        case (0, 3): return 0x40
        case (1, 3): return 0x80
        default: return UInt32(1) << UInt32(column * 3 + row)
        }
    }

    /// Sets the dot at (`x`, `y`) in dots from the rect's top left; dots outside the rect are dropped.
    mutating func set(_ x: Int, _ y: Int, _ color: RGBA) {
        guard x >= 0, y >= 0, x < rect.width * 2, y < rect.height * 4 else { return }
        let key = (y / 4) * rect.width + x / 2
        let bit = Self.bit(column: x % 2, row: y % 4)
        cells[key] = ((cells[key]?.bits ?? 0) | bit, color)
    }

    /// A straight line of dots from one dot to another (Bresenham).
    mutating func line(from start: (Int, Int), to end: (Int, Int), _ color: RGBA) {
        var (x, y) = start
        let dx = abs(end.0 - x), dy = -abs(end.1 - y)
        let stepX = x < end.0 ? 1 : -1, stepY = y < end.1 ? 1 : -1
        var error = dx + dy
        while true {
            set(x, y, color)
            if x == end.0 && y == end.1 { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }
}

extension Painter {
    /// Writes the braille cells of `canvas` over what is painted.
    mutating func paint(_ canvas: BrailleCanvas) {
        for (key, cell) in canvas.cells.sorted(by: { $0.key < $1.key }) {
            guard let scalar = Unicode.Scalar(0x2800 + cell.bits) else { continue }
            put(
                Glyph(Character(scalar)), canvas.rect.x + key % canvas.rect.width, canvas.rect.y + key / canvas.rect.width,
                foreground: cell.color)
        }
    }

    // MARK: Charts

    /// The lower eighth blocks, one to eight eighths of a cell.
    static let lowerBlocks: [Glyph] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The left eighth blocks, one to eight eighths of a cell.
    static let leftBlocks: [Glyph] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

    /// Paints a Swift Charts plot into `rect`: bars and areas with eighth blocks, lines with braille dots,
    /// points as `●`, rules as box lines, and each shown axis as its first and last values.
    mutating func paintChart(_ plot: ChartPlot, defaultPaint: Paint?, in rect: CellRect) {
        let series = plot.marks.compactMap(\.series).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        func color(_ mark: ChartMark) -> RGBA {
            if let style = mark.style { return colorOf(style) }
            if let name = mark.series, let index = series.firstIndex(of: name) {
                return colorOf(.color(ChartPlot.seriesColors[index % ChartPlot.seriesColors.count]))
            }
            return colorOf(defaultPaint ?? .color(.accentColor))
        }
        let horizontal = plot.marks.contains { $0.kind == .bar && $0.x?.numeric != nil && $0.y?.numeric == nil }
        // The value axis: y for vertical charts, x for horizontal bars.
        let values = plot.marks.compactMap { horizontal ? $0.x?.numeric : $0.y?.numeric }
        var (low, high) = (min(values.min() ?? 0, 0), Self.niceCeiling(max(values.max() ?? 1, 0)))
        if let domain = horizontal ? plot.xDomain : plot.yDomain { (low, high) = (domain.lowerBound, domain.upperBound) }
        if high <= low { high = low + 1 }
        let labelColor = colorOf(.hierarchical(level: 1, base: nil))
        let highLabel = ChartValue.number(high).label, lowLabel = ChartValue.number(low).label
        // Room for the axes: value labels on the trailing side (or below, for horizontal bars), positions below.
        var area = rect
        let labelWidth = max(highLabel.count, lowLabel.count) + 1
        let showsValueAxis = horizontal ? plot.showsXAxis : plot.showsYAxis
        let showsPositionAxis = horizontal ? plot.showsYAxis : plot.showsXAxis
        if !horizontal && showsValueAxis && area.width > labelWidth + 2 { area.width -= labelWidth }
        if (horizontal ? showsValueAxis : showsPositionAxis) && area.height > 2 { area.height -= 1 }
        // Positions: categories (and every bar chart) in equal slots, in order of first appearance; otherwise
        // numbers and dates on a linear scale.
        let positions = plot.marks.compactMap { horizontal ? $0.y : $0.x }
        let slotted = horizontal || positions.contains { $0.numeric == nil } || plot.marks.contains { $0.kind == .bar }
        let slotValues: [ChartValue] = {
            var seen: [ChartValue] = []
            for value in positions where !seen.contains(value) { seen.append(value) }
            return slotted && positions.allSatisfy({ $0.numeric != nil }) ? seen.sorted { $0.numeric! < $1.numeric! } : seen
        }()
        let numericPositions = positions.compactMap(\.numeric)
        let positionDomain = plot.xDomain ?? ((numericPositions.min() ?? 0)...(numericPositions.max() ?? 1))
        let length = horizontal ? area.height : area.width
        let depth = horizontal ? area.width : area.height
        func slot(_ value: ChartValue) -> Range<Int>? {
            guard let index = slotValues.firstIndex(of: value), !slotValues.isEmpty else { return nil }
            return index * length / slotValues.count..<(index + 1) * length / slotValues.count
        }
        /// The position of a value along the position axis, in dots (two a column).
        func positionDot(_ value: ChartValue) -> Int? {
            if slotted {
                guard let slot = slot(value) else { return nil }
                return slot.lowerBound + slot.upperBound - 1
            }
            guard let number = value.numeric else { return nil }
            let span = positionDomain.upperBound - positionDomain.lowerBound
            let fraction = span > 0 ? (number - positionDomain.lowerBound) / span : 0.5
            return Int((fraction * Double(length * 2 - 1)).rounded())
        }
        /// A value's dot row from the top of the plot (four a cell).
        func dotRow(_ value: Double) -> Int {
            Int(((high - min(max(value, low), high)) / (high - low) * Double(depth * 4 - 1)).rounded())
        }
        /// A value's cell row: the top row for the scale's end, the bottom row for its start.
        func cellRow(_ value: Double) -> Int {
            area.y + Int(((high - min(max(value, low), high)) / (high - low) * Double(max(depth - 1, 0))).rounded())
        }
        /// A value's height above the bottom of the plot, in eighths of a cell.
        func eighths(_ value: Double) -> Int {
            Int(((min(max(value, low), high) - low) / (high - low) * Double(depth * 8)).rounded())
        }
        var stacked: [ChartValue: Double] = [:]
        var canvas = BrailleCanvas(rect: area)
        let areaMarks = plot.marks.filter { $0.kind == .area }
        for (_, marks) in Dictionary(grouping: areaMarks, by: { $0.series ?? "" }).sorted(by: { $0.key < $1.key }) {
            let points = marks.compactMap { mark -> (Int, Double, RGBA)? in
                guard let x = mark.x, let dot = positionDot(x), let y = mark.y?.numeric else { return nil }
                return (dot / 2, y, color(mark))
            }.sorted { $0.0 < $1.0 }
            for (left, right) in zip(points, points.dropFirst()) where right.0 > left.0 {
                for column in left.0...right.0 {
                    let t = Double(column - left.0) / Double(right.0 - left.0)
                    fillColumn(area.x + column, bottom: area.maxY, eighths: eighths(left.1 + (right.1 - left.1) * t), left.2)
                }
            }
            if points.count == 1, let only = points.first {
                fillColumn(area.x + only.0, bottom: area.maxY, eighths: eighths(only.1), only.2)
            }
        }
        for mark in plot.marks where mark.kind == .bar {
            guard let position = horizontal ? mark.y : mark.x, let value = (horizontal ? mark.x : mark.y)?.numeric,
                let slot = slot(position)
            else { continue }
            let base = stacked[position] ?? 0
            stacked[position] = base + value
            let bar = slot.count >= 3 ? slot.lowerBound..<slot.upperBound - 1 : slot
            let from = eighths(base), to = eighths(base + value)
            for line in bar {
                if horizontal {
                    fillRow(area.y + line, start: area.x, from: from, to: to, color(mark))
                } else {
                    fillColumn(area.x + line, bottom: area.maxY, from: from, to: to, color(mark))
                }
            }
        }
        let lineMarks = plot.marks.filter { $0.kind == .line }
        for (_, marks) in Dictionary(grouping: lineMarks, by: { $0.series ?? "" }).sorted(by: { $0.key < $1.key }) {
            let dots = marks.compactMap { mark -> ((Int, Int), RGBA)? in
                guard let x = mark.x, let dot = positionDot(x), let y = mark.y?.numeric else { return nil }
                return ((dot, dotRow(y)), color(mark))
            }
            for (start, end) in zip(dots, dots.dropFirst()) { canvas.line(from: start.0, to: end.0, end.1) }
            if dots.count == 1, let only = dots.first { canvas.set(only.0.0, only.0.1, only.1) }
        }
        paint(canvas)
        for mark in plot.marks where mark.kind == .point {
            guard let x = mark.x, let dot = positionDot(x), let y = mark.y?.numeric else { continue }
            put("●", area.x + dot / 2, cellRow(y), foreground: color(mark))
        }
        for mark in plot.marks where mark.kind == .rule {
            if let y = mark.y?.numeric {
                put("─", row: cellRow(y), columns: area.x..<area.maxX, foreground: PaintColor(color(mark)))
            } else if let x = mark.x, let dot = positionDot(x) {
                for row in area.y..<area.maxY { put("│", area.x + dot / 2, row, foreground: color(mark)) }
            }
        }
        // Axes: the value scale's ends, and the first and last positions (every category when they fit).
        if showsValueAxis {
            if horizontal {
                putLabel(lowLabel, column: area.x, row: area.maxY, color: labelColor)
                putLabel(highLabel, column: area.maxX - highLabel.count, row: area.maxY, color: labelColor)
            } else if area.width < rect.width {
                putLabel(highLabel, column: area.maxX + 1, row: area.y, color: labelColor)
                putLabel(lowLabel, column: area.maxX + 1, row: area.maxY - 1, color: labelColor)
            }
        }
        if showsPositionAxis && !horizontal && area.height < rect.height {
            let labels = slotValues.map(\.label)
            if slotted, labels.allSatisfy({ $0.count < length / max(labels.count, 1) }) {
                for (value, label) in zip(slotValues, labels) {
                    if let slot = slot(value) { putLabel(label, column: area.x + slot.lowerBound, row: area.maxY, color: labelColor) }
                }
            } else if let first = slotted ? labels.first : ChartValue.number(positionDomain.lowerBound).label,
                let last = slotted ? labels.last : ChartValue.number(positionDomain.upperBound).label
            {
                putLabel(first, column: area.x, row: area.maxY, color: labelColor)
                if area.width > first.count + last.count + 1 {
                    putLabel(last, column: area.maxX - last.count, row: area.maxY, color: labelColor)
                }
            }
        }
    }

    /// Writes a label's characters from `column` on `row`.
    mutating func putLabel(_ label: String, column: Int, row: Int, color: RGBA) {
        for (offset, character) in label.enumerated() { put(Glyph(character), column + offset, row, foreground: color) }
    }

    /// Fills one column of a vertical bar or area between two heights (eighths of a cell above `bottom`):
    /// whole cells as background, the top's part as a lower eighth block.
    mutating func fillColumn(_ column: Int, bottom: Int, from: Int = 0, eighths to: Int, _ color: RGBA) {
        fillColumn(column, bottom: bottom, from: from, to: to, color)
    }

    mutating func fillColumn(_ column: Int, bottom: Int, from: Int, to: Int, _ color: RGBA) {
        let (low, high) = (min(from, to), max(from, to))
        var level = low - low % 8
        while level < high {
            let row = bottom - 1 - level / 8
            let covered = min(high, level + 8) - max(low, level)
            if covered >= 8 || (covered > 0 && low > level && covered >= 4) {
                fill(column, row, color)
            } else if covered > 0 && low <= level {
                put(Self.lowerBlocks[covered - 1], column, row, foreground: color)
            }
            level += 8
        }
    }

    /// Fills one row of a horizontal bar between two lengths (eighths of a cell right of `start`).
    mutating func fillRow(_ row: Int, start: Int, from: Int, to: Int, _ color: RGBA) {
        let (low, high) = (min(from, to), max(from, to))
        var level = low - low % 8
        while level < high {
            let column = start + level / 8
            let covered = min(high, level + 8) - max(low, level)
            if covered >= 8 || (covered > 0 && low > level && covered >= 4) {
                fill(column, row, color)
            } else if covered > 0 && low <= level {
                put(Self.leftBlocks[covered - 1], column, row, foreground: color)
            }
            level += 8
        }
    }

    /// Where a zero-based scale ends: `value` rounded up to a whole number of ticks, the tick being the
    /// smallest 1, 2 or 5 × 10ⁿ at or above a fifth of the value (about five ticks, as Swift Charts draws).
    static func niceCeiling(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        let raw = value / 5
        let power = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw * (1 - 1e-9) } ?? 10 * power
        let ticks = (value / step * (1 - 1e-12)).rounded(.up)
        return ticks * step
    }
}
