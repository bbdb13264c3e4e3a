import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Ticks: repainting what moves

/// A cell position in a frame.
public struct CellPosition: Hashable, Sendable {
    /// The column, 0-based, in frame cells.
    public var column: Int
    /// The row, 0-based, in frame cells.
    public var row: Int
    /// The cell at `column` and `row`, both 0-based.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

extension Frame {
    /// The frame as it looks at `date`: every live region (system-animated text, timer progress) is
    /// restored to the cells under it and repainted; everything else stays as archived.
    ///
    /// - Returns: the new frame and the cells whose glyph, colours or attributes changed, in row order.
    ///   A wide glyph replaced by a narrow one changes both of its cells.
    public func repaintingLiveRegions(at date: Date, style: PaintStyle, format: SystemTextFormat) -> (frame: Frame, changed: [CellPosition])
    {
        guard !liveRegions.isEmpty else { return (self, []) }
        var painter = Painter(buffer: buffer, style: style, date: date, format: format)
        painter.recordsLiveRegions = false
        for region in liveRegions {
            painter.restore(region)
            painter.clip = region.rect
            switch region.content {
            case .text(let text):
                let shaper = TextShaper(node: text, date: date, format: format)
                let lines: TextLines
                if text.isGreedy {
                    lines = TextLines(TextLine(graphemes: shaper.graphemes, isTruncated: false))
                } else {
                    lines = TextLines(
                        shaper.lines(
                            width: region.layoutRect.width, maxLines: min(text.lineLimit ?? Int.max, max(region.layoutRect.height, 1))))
                }
                painter.paintText(text, lines: lines, in: region.layoutRect, anchor: region.anchor)
            case .progress(let gauge):
                painter.paintGauge(gauge, in: region.layoutRect)
            }
        }
        var changed: [CellPosition] = []
        let newBuffer = painter.buffer
        for region in liveRegions {
            for row in region.rect.y..<region.rect.maxY {
                for column in region.rect.x..<region.rect.maxX where newBuffer[column, row] != buffer[column, row] {
                    changed.append(CellPosition(column: column, row: row))
                }
            }
        }
        var frame = self
        frame.buffer = newBuffer
        return (frame, changed)
    }
}

extension Frame {
    /// True when a live text's value takes a different number of columns at `date` than at `rendered`, the moment
    /// the frame was laid out: a timer sized to its value (`9:59` → `10:00`) then needs a new layout, and a Dynamic
    /// Island around it resizes, rather than a repaint in its old cells (docs/DECISIONS.md "Compact and minimal
    /// timers resize with their digits").
    public func liveTextWidthChanges(from rendered: Date, to date: Date, format: SystemTextFormat) -> Bool {
        liveRegions.contains { region in
            guard case .text(let text) = region.content else { return false }
            return TextShaper(node: text, date: rendered, format: format).naturalWidth
                != TextShaper(node: text, date: date, format: format).naturalWidth
        }
    }
}

extension Painter {
    /// Puts back the cells that were under a live region before its content was painted.
    mutating func restore(_ region: LiveRegion) {
        var index = 0
        for row in region.rect.y..<region.rect.maxY {
            for column in region.rect.x..<region.rect.maxX {
                setCell(region.backgroundCells[index], column: column, row: row)
                index += 1
            }
        }
    }
}
