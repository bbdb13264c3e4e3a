import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Frames

/// A rendered widget: its cells plus what the host needs to make it live (DESIGN.md, the pipeline).
public struct Frame: Sendable {
    public var buffer: CellBuffer
    /// Tap targets in paint order (later ones are on top).
    public var tapRegions: [TapRegion]
    /// `widgetURL`s applied in the tree, in depth-first order.
    public var widgetURLs: [URL]
    /// Cells that repaint on a clock tick.
    public var liveTexts: [LiveTextRegion]
    /// Every text run and symbol as drawn, for the legibility check.
    public var textRuns: [PaintedRun]
    /// Problems found while resolving, laying out or painting.
    public var diagnostics: [ResolveDiagnostic]

    public init(buffer: CellBuffer, tapRegions: [TapRegion] = [], widgetURLs: [URL] = [], liveTexts: [LiveTextRegion] = [],
                textRuns: [PaintedRun] = [], diagnostics: [ResolveDiagnostic] = []) {
        self.buffer = buffer
        self.tapRegions = tapRegions
        self.widgetURLs = widgetURLs
        self.liveTexts = liveTexts
        self.textRuns = textRuns
        self.diagnostics = diagnostics
    }

    public var size: CellSize { buffer.size }
}

/// A region that reacts to a tap, in frame cells.
public struct TapRegion: Equatable, Sendable {
    public var rect: CellRect
    public var action: TapAction
}

/// A system-animated text placed in the frame: re-formatted and repainted on each tick.
public struct LiveTextRegion: Equatable, Sendable {
    public var rect: CellRect
    public var text: TextNode
    /// The cells as painted at render time (restored before each repaint).
    public var backgroundCells: [Cell]
}

/// One text run or symbol as painted: where, what, and the colours it really got.
public struct PaintedRun: Equatable, Sendable {
    public var text: String
    public var row: Int
    public var column: Int
    public var width: Int
    /// Point size of the font (for WCAG's large-text rule).
    public var pointSize: Double
    public var isBold: Bool
    public var isSymbol: Bool
    /// Foreground as painted (alpha composited).
    public var foreground: RGB
    /// What was behind the first cell.
    public var background: RGB
}
