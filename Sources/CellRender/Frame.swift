import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Frames

/// A rendered widget: its cells plus what the host needs to make it live (ARCHITECTURE.md "One frame").
public struct Frame: Sendable {
    /// The cells, row by row.
    public var buffer: CellBuffer
    /// Tap targets in paint order (later ones are on top).
    public var tapRegions: [TapRegion]
    /// `widgetURL`s applied in the tree, in depth-first order.
    public var widgetURLs: [URL]
    /// Regions that repaint on a clock tick: system-animated text and timer-driven progress.
    public var liveRegions: [LiveRegion]
    /// Every text run and symbol as drawn, for the legibility check.
    public var textRuns: [PaintedRun]
    /// Problems found while resolving, laying out or painting.
    public var diagnostics: [ResolveDiagnostic]
    /// Filled shapes as painted, in paint order (for the hue-only check).
    public var shapes: [PaintedShape] = []
    /// Asset and bitmap images as painted, with what the rendering mode did to them.
    public var images: [PaintedImage] = []
    /// Rectangles filled with opaque linear gradients, in paint order (what the SVG export draws as gradients).
    public var gradients: [PaintedGradient] = []
    /// Regions of views marked `.invalidatableContent()`: shown pending between an intent tap and the next
    /// render (`showingPendingContent(surface:)`).
    public var invalidatableRegions: [CellRect] = []

    /// A frame of `buffer` with what the painter recorded; shapes, images, gradients and invalidatable
    /// regions start empty.
    public init(
        buffer: CellBuffer, tapRegions: [TapRegion] = [], widgetURLs: [URL] = [], liveRegions: [LiveRegion] = [],
        textRuns: [PaintedRun] = [], diagnostics: [ResolveDiagnostic] = []
    ) {
        self.buffer = buffer
        self.tapRegions = tapRegions
        self.widgetURLs = widgetURLs
        self.liveRegions = liveRegions
        self.textRuns = textRuns
        self.diagnostics = diagnostics
    }

    /// The width and height in cells.
    public var size: CellSize { buffer.size }
}

/// A region that reacts to a tap, in frame cells.
public struct TapRegion: Equatable, Sendable {
    /// The region's cells in the frame (column `x`, row `y`).
    public var rect: CellRect
    /// What a tap there does: open a URL, or run a button's or toggle's intent.
    public var action: TapAction
}

/// Something placed in the frame that moves while the entry is on screen: re-formatted and repainted
/// on each clock tick, everything else staying archived (ARCHITECTURE.md "The fidelity rule").
public struct LiveRegion: Equatable, Sendable {
    /// What moves.
    public enum Content: Equatable, Sendable {
        /// `Text(_:style:)` with `.timer`, `.relative` or `.offset`, or `Text(timerInterval:...)`.
        case text(TextNode)
        /// `ProgressView(timerInterval:countsDown:)`.
        case progress(GaugeNode)
    }

    /// The region's cells (already clipped to what was visible).
    public var rect: CellRect
    /// The layout rectangle the content was given (the text's frame), which may exceed `rect` when clipped.
    public var layoutRect: CellRect
    /// What is repainted on each tick: system-animated text or timer-driven progress.
    public var content: Content
    /// The cells under the region before the content was painted (restored before each repaint).
    public var backgroundCells: [Cell]
    /// Where a text's glyphs sit in `layoutRect` when they take fewer columns than it (`PlacedNode.anchor`).
    public var anchor: TextAnchor
}

/// One text run or symbol as painted: where, what, and the colours it really got.
public struct PaintedRun: Equatable, Sendable {
    /// The text as drawn (a symbol's replacement glyph for a symbol).
    public var text: String
    /// The row, 0-based, in frame cells.
    public var row: Int
    /// The first column, 0-based, in frame cells.
    public var column: Int
    /// The number of columns the run covers.
    public var width: Int
    /// Point size of the font (for WCAG's large-text rule).
    public var pointSize: Double
    /// True when drawn bold (weight semibold or heavier), for WCAG's large-text rule.
    public var isBold: Bool
    /// True for an SF Symbol drawn as a glyph rather than text.
    public var isSymbol: Bool
    /// Foreground as painted (alpha composited).
    public var foreground: RGB
    /// What was behind the first cell.
    public var background: RGB
    /// True when the run's colour is one of Apple's own label styles (`.primary`, `.secondary`, `.tertiary`,
    /// `.quaternary`, `Color(.label)`...): the system chose its contrast, not the widget.
    public var isSystemStyle: Bool = false
}

extension Frame {
    /// The frame while an intent runs: views marked `.invalidatableContent()` are drawn redacted, their ink
    /// replaced by a faint bar of the text colour over what is behind it ("automatically redacted with a
    /// standard styling", `invalidatableContent(_:)`, iOS 17), until the reload lands.
    ///
    /// - Parameter surface: the colour assumed behind cells with no background.
    public func showingPendingContent(surface: RGB) -> Frame {
        guard !invalidatableRegions.isEmpty else { return self }
        var frame = self
        for region in invalidatableRegions {
            for row in max(region.y, 0)..<min(region.maxY, buffer.height) {
                for column in max(region.x, 0)..<min(region.maxX, buffer.width) {
                    let cell = frame.buffer[column, row]
                    guard cell.glyph != " " || cell.isContinuation else { continue }
                    let behind = cell.background ?? surface
                    let ink = cell.foreground ?? RGB(142, 142, 147)
                    frame.buffer[column, row] = Cell(background: behind.blended(with: ink, alpha: 0.22))
                }
            }
        }
        return frame
    }
}
