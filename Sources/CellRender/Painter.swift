import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Painting

/// The appearance a frame is painted in: colour scheme, system palette and the colour behind the widget.
public struct PaintStyle: Sendable {
    /// Light or dark, as SwiftUI's `ColorScheme`: picks the default palette and the colour assumed behind translucent ones.
    public var colorScheme: ColorScheme
    /// The system colours (label, secondary label, backgrounds...) for the scheme.
    public var palette: SystemPalette
    /// Full colour, accented or vibrant, as WidgetKit's `WidgetRenderingMode`: accented and vibrant recolour
    /// with `tints` (`transform`).
    public var renderingMode: WidgetRenderingMode
    /// What shows where nothing is drawn (the wallpaper); nil is the terminal's default background.
    public var surface: RGB?
    /// The colour assumed for a nil surface when blending translucent colours.
    public var surfaceForBlending: RGB
    /// Draw symbols with their narrow fallback glyphs (for monochrome modes and narrow terminals).
    public var prefersNarrowSymbols: Bool
    /// The default- and accent-group colours of accented and vibrant modes (white on iPhone).
    public var tints: RenderingModeTints = .white
    /// Accented mode: the theme's glass or tint that replaces the container background; nil leaves the
    /// surface showing. Not used in the other modes.
    public var containerMaterial: RGBA?

    /// The colour transform of `renderingMode` with `tints`.
    public var transform: RenderingModeTransform { RenderingModeTransform(mode: renderingMode, tints: tints) }

    /// True when symbols draw with their one-column fallback: asked for, or a monochrome mode, where a
    /// terminal cannot tint a colour emoji.
    public var usesNarrowSymbols: Bool { prefersNarrowSymbols || renderingMode != .fullColor }

    /// The appearance for `colorScheme`: the scheme's system palette unless `palette` is given, full colour,
    /// and white or black assumed behind translucent colours when no surface is given.
    public init(
        colorScheme: ColorScheme, palette: SystemPalette? = nil, renderingMode: WidgetRenderingMode = .fullColor,
        surface: RGB? = nil, surfaceForBlending: RGB? = nil, prefersNarrowSymbols: Bool = false
    ) {
        self.colorScheme = colorScheme
        self.palette = palette ?? (colorScheme == .dark ? .dark : .light)
        self.renderingMode = renderingMode
        self.surface = surface
        self.surfaceForBlending = surfaceForBlending ?? surface ?? (colorScheme == .dark ? RGB(0, 0, 0) : RGB(255, 255, 255))
        self.prefersNarrowSymbols = prefersNarrowSymbols
    }
}

/// Paints a placed tree into a cell buffer, collecting tap regions, widget URLs and live text.
public struct Painter {
    /// The cells painted so far.
    public internal(set) var buffer: CellBuffer
    /// Tap targets in paint order (later ones are on top).
    public internal(set) var tapRegions: [TapRegion] = []
    /// `widgetURL`s met in the tree, in depth-first order.
    public internal(set) var widgetURLs: [URL] = []
    /// Regions that repaint on a clock tick: system-animated text and timer-driven progress.
    public internal(set) var liveRegions: [LiveRegion] = []
    /// Frames of views marked `.invalidatableContent()`.
    public internal(set) var invalidatableRegions: [CellRect] = []
    /// False while repainting a live region (the region already exists).
    var recordsLiveRegions = true
    /// Every text run and symbol as drawn, for the legibility check.
    public internal(set) var textRuns: [PaintedRun] = []
    /// Filled shapes and asset images as painted (for the checks that compare elements across modes).
    public internal(set) var shapes: [PaintedShape] = []
    /// Asset and bitmap images as painted, with what the rendering mode did to them.
    public internal(set) var images: [PaintedImage] = []
    /// Rectangles filled with opaque linear gradients (for exports that draw real gradients).
    public internal(set) var gradients: [PaintedGradient] = []
    /// Problems found while painting (a symbol newer than `osVersion`...).
    public internal(set) var diagnostics: [ResolveDiagnostic] = []
    let style: PaintStyle
    let date: Date
    let format: SystemTextFormat

    /// The iOS major version the frame is painted for (`--os`): a symbol added later draws as ⍰ with a diagnostic.
    public var osVersion = 26
    var clip: CellRect
    var opacity: Double = 1
    var isAccentGroup = false

    /// A painter of a `size` buffer filled with the style's surface, drawing system text as at `date` with `format`.
    public init(size: CellSize, style: PaintStyle, date: Date, format: SystemTextFormat) {
        buffer = CellBuffer(width: size.width, height: size.height, fill: Cell(background: style.surface))
        self.style = style
        self.date = date
        self.format = format
        clip = CellRect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// A painter that draws over an existing buffer (used to repaint live regions on a tick).
    init(buffer: CellBuffer, style: PaintStyle, date: Date, format: SystemTextFormat) {
        self.buffer = buffer
        self.style = style
        self.date = date
        self.format = format
        clip = CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
    }

    /// Makes the painter ready for another frame of the same size, style, date and format, keeping its memory as a
    /// terminal program keeps its back buffer: every cell back to the style's surface, as `init(size:style:date:format:)`
    /// fills it, the tap regions, URLs, live regions, runs, shapes, images, gradients and diagnostics emptied (their
    /// capacity kept), and the clip, opacity and accent group as at the start. Painting a frame after `reset()` gives
    /// the cells and records a new painter would, without allocating the buffer again. The cells are not written here:
    /// the buffer holds the surface as a pending fill (`CellBuffer.fillAllLater(with:)`) that its first write writes,
    /// so a frame whose background fills the whole canvas writes the buffer's memory once, not twice. For a frame of
    /// another size (the terminal was resized), `reset(size:)`.
    public mutating func reset() {
        buffer.fillAllLater(with: Cell(background: style.surface))
        // Most of these are empty in most frames: only the others are emptied (`removeAll(keepingCapacity:)` costs a
        // generic range replacement even on an empty array).
        if !tapRegions.isEmpty { tapRegions.removeAll(keepingCapacity: true) }
        if !widgetURLs.isEmpty { widgetURLs.removeAll(keepingCapacity: true) }
        if !liveRegions.isEmpty { liveRegions.removeAll(keepingCapacity: true) }
        if !invalidatableRegions.isEmpty { invalidatableRegions.removeAll(keepingCapacity: true) }
        if !textRuns.isEmpty { textRuns.removeAll(keepingCapacity: true) }
        if !shapes.isEmpty { shapes.removeAll(keepingCapacity: true) }
        if !images.isEmpty { images.removeAll(keepingCapacity: true) }
        if !gradients.isEmpty { gradients.removeAll(keepingCapacity: true) }
        if !diagnostics.isEmpty { diagnostics.removeAll(keepingCapacity: true) }
        clip = CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height)
        opacity = 1
        isAccentGroup = false
    }

    /// `reset()` for a frame of `size` cells: a buffer of the new size when it differs (filled with the style's
    /// surface; the records keep their memory), the same buffer otherwise. Painting after it gives what a new painter
    /// of `size` gives.
    public mutating func reset(size: CellSize) {
        if size.width != buffer.width || size.height != buffer.height {
            buffer = CellBuffer(width: size.width, height: size.height, fill: Cell(background: style.surface))
        }
        reset()
    }

    /// The finished frame.
    public var frame: Frame {
        var frame = Frame(
            buffer: buffer, tapRegions: tapRegions, widgetURLs: widgetURLs, liveRegions: liveRegions, textRuns: textRuns,
            diagnostics: diagnostics)
        frame.shapes = shapes
        frame.invalidatableRegions = invalidatableRegions
        frame.images = images
        frame.gradients = gradients
        return frame
    }

    /// Replaces one cell as is (no blending), inside the buffer.
    mutating func setCell(_ cell: Cell, column: Int, row: Int) {
        guard buffer.contains(column: column, row: row) else { return }
        buffer[column, row] = cell
    }

    // MARK: Colours

    /// The colour a `Color` shows in the current appearance, before blending.
    public func rgba(_ color: Color) -> RGBA { color.resolved(in: style.palette) }

    /// The colour a paint shows at `position`, with the current opacity, after the rendering mode's transform
    /// (identity in full colour; the group's tint in accented; brightness as tint strength in vibrant).
    func colorOf(_ paint: Paint, position: Double = 0) -> RGBA {
        var value = rgba(paint.baseColor(at: position))
        value.alpha *= opacity
        return style.transform.apply(value, group: accentGroup)
    }

    /// The group the views being painted belong to.
    var accentGroup: AccentGroup { isAccentGroup ? .accent : .default }

    /// A gauge or progress track: in accented mode, where every colour becomes the tint, the track keeps a
    /// tertiary-level opacity (0.3) of it so the filled part stays visible, as the system controls draw it.
    func trackColor(_ paint: Paint) -> RGBA {
        var value = colorOf(paint)
        if style.renderingMode == .accented { value.alpha *= HierarchicalShapeStyle.opacity(ofLevel: 2) }
        return value
    }

    /// An image's colour after the mode's transform, honouring `Image.widgetAccentedRenderingMode(_:)`.
    func imageColor(_ color: RGBA, _ image: ImageNode) -> RGBA {
        var value = color
        value.alpha *= opacity
        return style.transform.applyToImage(value, accentedRenderingMode: image.accentedRenderingMode, enclosing: accentGroup)
    }

    /// Fills `rect` with a system colour that is not widget content (the accented container glass): no
    /// mode transform, composited over what is there.
    public mutating func fillSystemMaterial(_ rect: CellRect, color: RGBA) {
        let color = PaintColor(color)
        for row in rect.y..<rect.maxY { fill(row: row, columns: rect.x..<rect.maxX, color) }
    }

    /// What is behind a cell now.
    func backdrop(_ column: Int, _ row: Int) -> RGB {
        buffer[column, row].background ?? style.surfaceForBlending
    }

    // MARK: Tree walk

    /// Paints `node` and its children.
    public mutating func paint(_ node: PlacedNode) {
        withUnsafePointer(to: node) { paint(at: $0) }
    }

    /// `paint(_:)` for the node at `node`, its children painted where they lie in its `children` array. The switch is
    /// over the node's `kind` (one byte read in place): the content is copied (retaining what its payload holds) only
    /// in the cases that bind a payload, never for a stack, a padding or a modifier that only passes painting on; a
    /// switch over the content itself, read through the pointer while painting mutates the painter, copied it for
    /// every node.
    mutating func paint(at node: UnsafePointer<PlacedNode>) {
        switch node.pointee.kind {
        case .none, .otherModifier:
            paintChildren(of: node)
        case .text:
            guard case .text(let text, let lines) = node.pointee.content else { return }
            paintText(text, lines: lines, in: node.pointee.frame, anchor: node.pointee.anchor)
        case .image:
            guard case .image(let image) = node.pointee.content else { return }
            paintImage(image, in: node.pointee.frame)
        case .shape:
            guard case .shape(let shape) = node.pointee.content else { return }
            paintShape(shape, in: node.pointee.frame)
        case .divider:
            guard case .divider(let paint, let axis) = node.pointee.content else { return }
            let color = colorOf(paint), frame = node.pointee.frame
            if axis == .vertical {
                for column in frame.x..<frame.maxX { put("─", column, frame.y + frame.height / 2, foreground: color) }
            } else {
                for row in frame.y..<frame.maxY { put("│", frame.x + frame.width / 2, row, foreground: color) }
            }
        case .gauge:
            guard case .gauge(let gauge) = node.pointee.content else { return }
            paintGauge(gauge, in: node.pointee.frame)
            paintChildren(of: node)
        case .background:
            paintChild(1, of: node)
            paintChild(0, of: node)
        case .overlay:
            paintChild(0, of: node)
            paintChild(1, of: node)
        case .opacity:
            guard case .modifier(.opacity(let value)) = node.pointee.content else { return }
            let saved = opacity
            opacity *= value
            paintChild(0, of: node)
            opacity = saved
        case .clipShape:
            guard case .modifier(.clipShape(let kind)) = node.pointee.content else { return }
            let saved = clip, frame = node.pointee.frame
            clip = clip.intersection(frame)
            paintChild(0, of: node)
            clip = saved
            roundCorners(of: frame, kind: kind)
        case .widgetURL:
            guard case .modifier(.widgetURL(let url)) = node.pointee.content else { return }
            widgetURLs.append(url)
            paintChild(0, of: node)
        case .tapTarget:
            guard case .modifier(.tapTarget(let action)) = node.pointee.content else { return }
            tapRegions.append(TapRegion(rect: node.pointee.frame.intersection(clip), action: action))
            paintChild(0, of: node)
        case .invalidatableContent:
            invalidatableRegions.append(node.pointee.frame.intersection(clip))
            paintChild(0, of: node)
        case .layoutDirection:
            paintChild(0, of: node)
        case .hidden:
            break
        case .widgetAccentable:
            guard case .modifier(.widgetAccentable(let accentable)) = node.pointee.content else { return }
            let saved = isAccentGroup
            isAccentGroup = isAccentGroup || accentable
            paintChild(0, of: node)
            isAccentGroup = saved
        }
    }

    /// Paints child `index` of the node at `node` where it lies.
    private mutating func paintChild(_ index: Int, of node: UnsafePointer<PlacedNode>) {
        node.pointee.children.withUnsafeBufferPointer { children in
            precondition(index < children.count, "a placed modifier without its child \(index)")
            paint(at: children.baseAddress.unsafelyUnwrapped + index)
        }
    }

    /// Paints every child of the node at `node` in order, where they lie.
    private mutating func paintChildren(of node: UnsafePointer<PlacedNode>) {
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let base = children.baseAddress else { return }
            for index in children.indices { paint(at: base + index) }
        }
    }

    // MARK: Primitive cells

    /// Writes one grapheme with a foreground colour composited over the cell's background.
    mutating func put(
        _ glyph: Glyph, _ column: Int, _ row: Int, foreground: RGBA,
        attributes: CellAttributes = [], width: Int = 1
    ) {
        put(glyph, column, row, foreground: PaintColor(foreground), attributes: attributes, width: width)
    }

    /// `put` with the colour already converted to bytes (text runs convert once, not per grapheme).
    mutating func put(
        _ glyph: Glyph, _ column: Int, _ row: Int, foreground: PaintColor,
        attributes: CellAttributes = [], width: Int = 1
    ) {
        guard clip.contains(column: column, row: row), buffer.contains(column: column, row: row) else { return }
        if width == 2 && !(clip.contains(column: column + 1, row: row) && buffer.contains(column: column + 1, row: row)) { return }
        repairWideNeighbours(column, row, width: width)
        putInside(glyph, column, row, foreground: foreground, attributes: attributes)
        if width == 2 {
            var next = buffer[column + 1, row]
            next.glyph = .space
            next.isContinuation = true
            next.background = buffer[column, row].background
            buffer[column + 1, row] = next
        }
    }

    /// Writes one narrow glyph into every cell of `columns` on `row` (clipped), as `put` would cell by cell: a
    /// line of box drawing in one pass.
    mutating func put(_ glyph: Glyph, row: Int, columns: Range<Int>, foreground: PaintColor) {
        guard row >= max(clip.y, 0), row < min(clip.maxY, buffer.height) else { return }
        let start = max(columns.lowerBound, clip.x, 0), end = min(columns.upperBound, clip.maxX, buffer.width)
        guard start < end else { return }
        repairWideNeighbours(start, row, width: end - start)
        let surface = style.surfaceForBlending, first = row * buffer.width
        buffer.withUnsafeMutableCells { cells in
            // An opaque colour is the same in every cell: no backdrop read per cell.
            if foreground.isOpaque {
                let rgb = foreground.rgb
                for index in first + start..<first + end {
                    cells[index].glyph = glyph
                    cells[index].foreground = rgb
                    cells[index].attributes = []
                    cells[index].isContinuation = false
                }
                return
            }
            for index in first + start..<first + end {
                cells[index].glyph = glyph
                cells[index].foreground = foreground.composited(over: cells[index].background ?? surface)
                cells[index].attributes = []
                cells[index].isContinuation = false
            }
        }
    }

    /// Writes one narrow glyph into the cell of `column` on every row of `rows` (clipped), as `put` would cell by
    /// cell: the side of a box in one pass.
    mutating func put(_ glyph: Glyph, column: Int, rows: Range<Int>, foreground: PaintColor) {
        guard column >= max(clip.x, 0), column < min(clip.maxX, buffer.width) else { return }
        let top = max(rows.lowerBound, clip.y, 0), bottom = min(rows.upperBound, clip.maxY, buffer.height)
        guard top < bottom else { return }
        for row in top..<bottom { repairWideNeighbours(column, row, width: 1) }
        let surface = style.surfaceForBlending, width = buffer.width
        buffer.withUnsafeMutableCells { cells in
            let opaque: RGB? = foreground.isOpaque ? foreground.rgb : nil
            for row in top..<bottom {
                let index = row * width + column
                cells[index].glyph = glyph
                cells[index].foreground = opaque ?? foreground.composited(over: cells[index].background ?? surface)
                cells[index].attributes = []
                cells[index].isContinuation = false
            }
        }
    }

    /// Before overwriting, clears a wide glyph that would be cut in half.
    mutating func repairWideNeighbours(_ column: Int, _ row: Int, width: Int) {
        if buffer[column, row].isContinuation, column > 0 {
            buffer[column - 1, row].glyph = .space
        }
        let after = column + width
        if after < buffer.width, buffer[after, row].isContinuation {
            buffer[after, row].isContinuation = false
            buffer[after, row].glyph = .space
        }
    }

    /// Fills a cell's background, compositing a translucent colour over what is there.
    mutating func fill(_ column: Int, _ row: Int, _ color: RGBA) {
        fill(column, row, PaintColor(color))
    }

    mutating func fill(_ column: Int, _ row: Int, _ color: PaintColor) {
        guard clip.contains(column: column, row: row), buffer.contains(column: column, row: row), color.alpha > 0 else { return }
        var cell = buffer[column, row]
        if color.isOpaque {
            if cell.isContinuation, column > 0 { buffer[column - 1, row].glyph = .space }
            cell = Cell(background: color.rgb)
        } else {
            cell.background = color.composited(over: cell.background ?? style.surfaceForBlending)
            if let foreground = cell.foreground { cell.foreground = color.composited(over: foreground) }
        }
        buffer[column, row] = cell
    }

    /// Fills every cell of `rect` (clipped) with one colour, as `fill(row:columns:_:)` on each of its rows: an opaque
    /// colour replaces the cells in one pass, the first row written and copied to the others.
    mutating func fill(_ rect: CellRect, _ color: PaintColor) {
        guard color.isOpaque else {
            for row in rect.y..<rect.maxY { fill(row: row, columns: rect.x..<rect.maxX, color) }
            return
        }
        let top = max(rect.y, clip.y, 0), bottom = min(rect.maxY, clip.maxY, buffer.height)
        let start = max(rect.x, clip.x, 0), end = min(rect.maxX, clip.maxX, buffer.width)
        guard top < bottom, start < end else { return }
        // A wide glyph whose right half is covered loses its left half too (as `fill` does cell by cell).
        if start > 0 { for row in top..<bottom where buffer[start, row].isContinuation { buffer[start - 1, row].glyph = .space } }
        buffer.fill(rows: top..<bottom, columns: start..<end, with: Cell(background: color.rgb))
    }

    /// Fills every cell of one row from `columns` (clipped) with one colour; an opaque colour replaces the
    /// cells in one pass.
    mutating func fill(row: Int, columns: Range<Int>, _ color: PaintColor) {
        guard color.isOpaque else {
            for column in columns { fill(column, row, color) }
            return
        }
        guard row >= max(clip.y, 0), row < min(clip.maxY, buffer.height) else { return }
        let start = max(columns.lowerBound, clip.x, 0), end = min(columns.upperBound, clip.maxX, buffer.width)
        guard start < end else { return }
        // A wide glyph whose right half is covered loses its left half too (as `fill` does cell by cell).
        if buffer[start, row].isContinuation, start > 0 { buffer[start - 1, row].glyph = .space }
        buffer.fill(row: row, columns: start..<end, with: Cell(background: color.rgb))
    }

}

/// A colour ready to paint: the 8-bit colour and its alpha, converted once per view rather than per cell.
struct PaintColor {
    let rgb: RGB
    let alpha: Double

    init(_ value: RGBA) {
        rgb = RGB(red: value.red, green: value.green, blue: value.blue)
        alpha = value.alpha
    }

    var isOpaque: Bool { alpha >= 1 }

    /// This colour over `bottom` (itself when opaque).
    func composited(over bottom: RGB) -> RGB { isOpaque ? rgb : bottom.blended(with: rgb, alpha: alpha) }
}
