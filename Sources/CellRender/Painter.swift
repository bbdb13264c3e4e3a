import Foundation
import CellLayout
import WidgetKitUI

// MARK: - Painting

/// The appearance a frame is painted in: colour scheme, system palette and the colour behind the widget.
public struct PaintStyle: Sendable {
    public var colorScheme: ColorScheme
    public var palette: SystemPalette
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

    public init(colorScheme: ColorScheme, palette: SystemPalette? = nil, renderingMode: WidgetRenderingMode = .fullColor,
                surface: RGB? = nil, surfaceForBlending: RGB? = nil, prefersNarrowSymbols: Bool = false) {
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
    public private(set) var buffer: CellBuffer
    public private(set) var tapRegions: [TapRegion] = []
    public private(set) var widgetURLs: [URL] = []
    public private(set) var liveRegions: [LiveRegion] = []
    /// Frames of views marked `.invalidatableContent()`.
    public private(set) var invalidatableRegions: [CellRect] = []
    /// False while repainting a live region (the region already exists).
    var recordsLiveRegions = true
    public private(set) var textRuns: [PaintedRun] = []
    /// Filled shapes and asset images as painted (for the checks that compare elements across modes).
    public private(set) var shapes: [PaintedShape] = []
    public private(set) var images: [PaintedImage] = []
    public private(set) var diagnostics: [ResolveDiagnostic] = []
    let style: PaintStyle
    let date: Date
    let format: SystemTextFormat

    var clip: CellRect
    private var opacity: Double = 1
    private var isAccentGroup = false

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

    /// The finished frame.
    public var frame: Frame {
        var frame = Frame(buffer: buffer, tapRegions: tapRegions, widgetURLs: widgetURLs, liveRegions: liveRegions, textRuns: textRuns,
              diagnostics: diagnostics)
        frame.shapes = shapes
        frame.invalidatableRegions = invalidatableRegions
        frame.images = images
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
    private func colorOf(_ paint: Paint, position: Double = 0) -> RGBA {
        var value = rgba(paint.baseColor(at: position))
        value.alpha *= opacity
        return style.transform.apply(value, group: accentGroup)
    }

    /// The group the views being painted belong to.
    private var accentGroup: AccentGroup { isAccentGroup ? .accent : .default }

    /// A gauge or progress track: in accented mode, where every colour becomes the tint, the track keeps a
    /// tertiary-level opacity (0.3) of it so the filled part stays visible, as the system controls draw it.
    private func trackColor(_ paint: Paint) -> RGBA {
        var value = colorOf(paint)
        if style.renderingMode == .accented { value.alpha *= HierarchicalShapeStyle.opacity(ofLevel: 2) }
        return value
    }

    /// An image's colour after the mode's transform, honouring `Image.widgetAccentedRenderingMode(_:)`.
    private func imageColor(_ color: RGBA, _ image: ImageNode) -> RGBA {
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
    private func backdrop(_ column: Int, _ row: Int) -> RGB {
        buffer[column, row].background ?? style.surfaceForBlending
    }


    // MARK: Tree walk

    /// Paints `node` and its children.
    public mutating func paint(_ node: PlacedNode) {
        switch node.content {
        case .none:
            for index in node.children.indices { paint(node.children[index]) }
        case .text(let text, let lines):
            paintText(text, lines: lines, in: node.frame)
        case .image(let image):
            paintImage(image, in: node.frame)
        case .shape(let shape):
            paintShape(shape, in: node.frame)
        case .divider(let paint, let axis):
            let color = colorOf(paint)
            if axis == .vertical {
                for column in node.frame.x..<node.frame.maxX { put("─", column, node.frame.y + node.frame.height / 2, foreground: color) }
            } else {
                for row in node.frame.y..<node.frame.maxY { put("│", node.frame.x + node.frame.width / 2, row, foreground: color) }
            }
        case .gauge(let gauge):
            paintGauge(gauge, in: node.frame)
            for index in node.children.indices { paint(node.children[index]) }
        case .modifier(let modifier):
            paintModified(modifier, node)
        }
    }

    private mutating func paintModified(_ modifier: NodeModifier, _ node: PlacedNode) {
        switch modifier {
        case .background:
            paint(node.children[1])
            paint(node.children[0])
        case .overlay:
            paint(node.children[0])
            paint(node.children[1])
        case .opacity(let value):
            let saved = opacity
            opacity *= value
            paint(node.children[0])
            opacity = saved
        case .clipShape(let kind):
            let saved = clip
            clip = clip.intersection(node.frame)
            paint(node.children[0])
            clip = saved
            roundCorners(of: node.frame, kind: kind)
        case .widgetURL(let url):
            widgetURLs.append(url)
            paint(node.children[0])
        case .tapTarget(let action):
            tapRegions.append(TapRegion(rect: node.frame.intersection(clip), action: action))
            paint(node.children[0])
        case .invalidatableContent:
            invalidatableRegions.append(node.frame.intersection(clip))
            paint(node.children[0])
        case .widgetAccentable(let accentable):
            let saved = isAccentGroup
            isAccentGroup = isAccentGroup || accentable
            paint(node.children[0])
            isAccentGroup = saved
        default:
            for index in node.children.indices { paint(node.children[index]) }
        }
    }

    // MARK: Primitive cells

    /// Writes one grapheme with a foreground colour composited over the cell's background.
    private mutating func put(_ glyph: Glyph, _ column: Int, _ row: Int, foreground: RGBA,
                              attributes: CellAttributes = [], width: Int = 1) {
        put(glyph, column, row, foreground: PaintColor(foreground), attributes: attributes, width: width)
    }

    /// `put` with the colour already converted to bytes (text runs convert once, not per grapheme).
    private mutating func put(_ glyph: Glyph, _ column: Int, _ row: Int, foreground: PaintColor,
                              attributes: CellAttributes = [], width: Int = 1) {
        guard clip.contains(column: column, row: row), buffer.contains(column: column, row: row) else { return }
        if width == 2 && !(clip.contains(column: column + 1, row: row) && buffer.contains(column: column + 1, row: row)) { return }
        repairWideNeighbours(column, row, width: width)
        var cell = buffer[column, row]
        cell.glyph = glyph
        cell.foreground = foreground.composited(over: cell.background ?? style.surfaceForBlending)
        cell.attributes = attributes
        cell.isContinuation = false
        buffer[column, row] = cell
        if width == 2 {
            var next = buffer[column + 1, row]
            next.glyph = .space
            next.isContinuation = true
            next.background = cell.background
            buffer[column + 1, row] = next
        }
    }

    /// Writes one narrow glyph into every cell of `columns` on `row` (clipped), as `put` would cell by cell: a
    /// line of box drawing in one pass.
    private mutating func put(_ glyph: Glyph, row: Int, columns: Range<Int>, foreground: PaintColor) {
        guard row >= max(clip.y, 0), row < min(clip.maxY, buffer.height) else { return }
        let start = max(columns.lowerBound, clip.x, 0), end = min(columns.upperBound, clip.maxX, buffer.width)
        guard start < end else { return }
        repairWideNeighbours(start, row, width: end - start)
        for column in start..<end {
            var cell = buffer[column, row]
            cell.glyph = glyph
            cell.foreground = foreground.composited(over: cell.background ?? style.surfaceForBlending)
            cell.attributes = []
            cell.isContinuation = false
            buffer[column, row] = cell
        }
    }

    /// Before overwriting, clears a wide glyph that would be cut in half.
    private mutating func repairWideNeighbours(_ column: Int, _ row: Int, width: Int) {
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
    private mutating func fill(_ column: Int, _ row: Int, _ color: RGBA) {
        fill(column, row, PaintColor(color))
    }

    private mutating func fill(_ column: Int, _ row: Int, _ color: PaintColor) {
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

    /// Fills every cell of one row from `columns` (clipped) with one colour; an opaque colour replaces the
    /// cells in one pass.
    private mutating func fill(row: Int, columns: Range<Int>, _ color: PaintColor) {
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

    // MARK: Text

    /// Records a region that moves on ticks, with the cells under it.
    private mutating func recordLiveRegion(_ content: LiveRegion.Content, in rect: CellRect) {
        guard recordsLiveRegions else { return }
        let visible = rect.intersection(clip)
        guard !visible.isEmpty else { return }
        var saved: [Cell] = []
        saved.reserveCapacity(visible.width * visible.height)
        for row in visible.y..<visible.maxY { for column in visible.x..<visible.maxX { saved.append(buffer[column, row]) } }
        liveRegions.append(LiveRegion(rect: visible, layoutRect: rect, content: content, backgroundCells: saved))
    }

    mutating func paintText(_ text: TextNode, lines: [TextLine], in rect: CellRect) {
        if text.isLive { recordLiveRegion(.text(text), in: rect) }
        let alignment: Double = text.alignment == .center ? 0.5 : text.alignment == .trailing ? 1 : 0
        // Each run's attributes and, unless it is a gradient, its colour: worked out once, not per grapheme.
        let attributes = text.runs.map(attributes(of:))
        let uniformColors = text.runs.map { $0.foreground.isUniform ? PaintColor(colorOf($0.foreground)) : nil }
        for (index, line) in lines.enumerated() where index < rect.height {
            let row = rect.y + index
            var column = rect.x + LayoutMath.offset(free: rect.width - line.width, alignment)
            if text.isRedacted {
                let bar = PaintColor(colorOf(.hierarchical(level: 3, base: nil)))
                fill(row: row, columns: column..<max(column, min(column + line.width, rect.maxX)), bar)
                continue
            }
            var runStart = column
            var runText: [UInt8] = []
            var currentRun = line.graphemes.first?.run ?? 0
            for grapheme in line.graphemes {
                if grapheme.run != currentRun {
                    record(text.runs[currentRun], runText, row: row, column: runStart, width: column - runStart)
                    runStart = column
                    runText.removeAll(keepingCapacity: true)
                    currentRun = grapheme.run
                }
                guard column + grapheme.width <= rect.maxX else { break }
                let foreground: PaintColor
                if let uniform = uniformColors[grapheme.run] {
                    foreground = uniform
                } else {
                    let position = rect.width > 1 ? Double(column - rect.x) / Double(rect.width - 1) : 0
                    foreground = PaintColor(colorOf(text.runs[grapheme.run].foreground, position: position))
                }
                let glyph = Glyph(grapheme.character)
                put(glyph, column, row, foreground: foreground, attributes: attributes[grapheme.run], width: grapheme.width)
                glyph.appendUTF8(to: &runText)
                column += grapheme.width
            }
            if !line.graphemes.isEmpty { record(text.runs[currentRun], runText, row: row, column: runStart, width: column - runStart) }
        }
    }

    /// True for a character that draws something: not whitespace (ASCII answered without a Unicode
    /// property lookup).
    private static func isInk(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii != 0x20 && !(0x09...0x0D).contains(ascii) }
        return !character.isWhitespace
    }

    private func attributes(of run: TextRun) -> CellAttributes {
        var attributes: CellAttributes = []
        if run.isBold { attributes.insert(.bold) }
        if run.italic { attributes.insert(.italic) }
        if run.underline { attributes.insert(.underline) }
        if run.strikethrough { attributes.insert(.strikethrough) }
        return attributes
    }

    /// `record` for a run's text as UTF-8 bytes (painted text collects the bytes of the glyphs it writes).
    private mutating func record(_ run: TextRun, _ utf8: [UInt8], row: Int, column: Int, width: Int) {
        record(run, String(decoding: utf8, as: UTF8.self), row: row, column: column, width: width)
    }

    private mutating func record(_ run: TextRun, _ text: String, row: Int, column: Int, width: Int, isSymbol: Bool = false) {
        guard width > 0, text.contains(where: Self.isInk),
              buffer.contains(column: column, row: row) else { return }
        let cell = buffer[column, row]
        textRuns.append(PaintedRun(text: text, row: row, column: column, width: width, pointSize: run.font.pointSize,
                                   isBold: run.isBold, isSymbol: isSymbol,
                                   foreground: cell.foreground ?? style.surfaceForBlending,
                                   background: cell.background ?? style.surfaceForBlending))
    }

    // MARK: Images

    private mutating func paintImage(_ image: ImageNode, in rect: CellRect) {
        guard !rect.isEmpty else { return }
        if image.isRedacted {
            let bar = PaintColor(colorOf(.hierarchical(level: 3, base: nil)))
            for row in rect.y..<rect.maxY { fill(row: row, columns: rect.x..<rect.maxX, bar) }
            return
        }
        switch image.source {
        case .systemSymbol(let name):
            let color = imageColor(rgba(image.foreground.baseColor()), image)
            let weight = TextRun(content: .verbatim(name), font: image.font, foreground: image.foreground)
            let row = rect.y + rect.height / 2
            guard let symbol = SymbolTable.glyph(forSystemName: name) else {
                diagnostics.append(ResolveDiagnostic(code: "unknown-symbol",
                                                     message: "SF Symbol \"\(name)\" has no glyph in WidgetTerm's table; it draws as ⍰."))
                let column = rect.x + max(0, (rect.width - 1) / 2)
                put("⍰", column, row, foreground: color)
                record(weight, "⍰", row: row, column: column, width: 1, isSymbol: true)
                return
            }
            let glyph = style.usesNarrowSymbols ? symbol.fallback : symbol.glyph
            let width = DisplayWidth.of(glyph)
            let column = rect.x + max(0, (rect.width - width) / 2)
            put(Glyph(glyph), column, row, foreground: color, attributes: weight.isBold ? .bold : [], width: width)
            record(weight, String(glyph), row: row, column: column, width: width, isSymbol: true)
        case .asset(let name), .bitmap(let name):
            // The placeholder stands for an opaque picture: in accented mode iOS flattens it to one tint unless
            // `.widgetAccentedRenderingMode` says otherwise; the label stays readable on a flat block.
            let treatment = style.transform.treatment(ofImage: image.accentedRenderingMode)
            let visible = rect.intersection(clip)
            let behind = visible.isEmpty ? style.surfaceForBlending : backdrop(visible.x, visible.y)
            let shade = imageColor(rgba(Color(storage: .system(.systemGray4))), image)
            let shadeColor = PaintColor(shade)
            for row in rect.y..<rect.maxY { fill(row: row, columns: rect.x..<rect.maxX, shadeColor) }
            let label = Array("▣ " + name)
            let row = rect.y + (rect.height - 1) / 2
            let labelColor = treatment == .flattened ? RGBA(behind)
                : treatment == .fullColor ? rgba(Color(storage: .system(.secondaryLabel)))
                : colorOf(.color(Color(storage: .system(.secondaryLabel))))
            for (offset, character) in label.prefix(rect.width).enumerated() {
                put(Glyph(character), rect.x + offset, row, foreground: labelColor)
            }
            if !visible.isEmpty {
                let center = buffer[visible.x + visible.width / 2, visible.y + visible.height / 2]
                images.append(PaintedImage(name: name, rect: visible, treatment: treatment,
                                           color: center.background ?? style.surfaceForBlending))
            }
        }
    }

    // MARK: Shapes

    private mutating func paintShape(_ shape: ShapeNode, in rect: CellRect) {
        guard !rect.isEmpty else { return }
        if let fillPaint = shape.fill {
            switch shape.kind {
            case .circle, .ellipse:
                forEachCell(inEllipseOf: rect, circular: shape.kind == .circle) { column, row in
                    let position = rect.width > 1 ? Double(column - rect.x) / Double(rect.width - 1) : 0
                    fill(column, row, colorOf(fillPaint, position: position))
                }
            default:
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
                roundCorners(of: rect, kind: shape.kind)
            }
            recordShape(shape.kind, in: rect)
        }
        if let strokePaint = shape.stroke {
            strokeOutline(rect, kind: shape.kind, color: colorOf(strokePaint))
        }
    }

    /// Records a filled shape with the colour its centre cell shows, for checks that compare elements.
    private mutating func recordShape(_ kind: ShapeKind, in rect: CellRect) {
        let visible = rect.intersection(clip).intersection(CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        guard !visible.isEmpty else { return }
        let center = buffer[visible.x + visible.width / 2, visible.y + visible.height / 2]
        shapes.append(PaintedShape(kind: kind, rect: visible, fill: center.background ?? style.surfaceForBlending))
    }

    private func isVertical(_ paint: Paint) -> Bool {
        if case .linearGradient(_, let start, let end) = paint { return abs(end.y - start.y) >= abs(end.x - start.x) }
        return true
    }

    /// Cells whose centres fall inside the ellipse (or the largest circle, in points) of `rect`.
    private func forEachCell(inEllipseOf rect: CellRect, circular: Bool, _ body: (Int, Int) -> Void) {
        let columnPoints = 8.0, rowPoints = 17.0
        var radiusX = Double(rect.width) * columnPoints / 2, radiusY = Double(rect.height) * rowPoints / 2
        if circular { radiusX = min(radiusX, radiusY); radiusY = radiusX }
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
        let corners: [(Int, Int, Glyph)] = [(rect.x, rect.y, "▗"), (rect.maxX - 1, rect.y, "▖"),
                                                (rect.x, rect.maxY - 1, "▝"), (rect.maxX - 1, rect.maxY - 1, "▘")]
        for (column, row, glyph) in corners where clip.contains(column: column, row: row) && buffer.contains(column: column, row: row) {
            let cell = buffer[column, row]
            guard cell.glyph.isSpace, !cell.isContinuation, let fillColor = cell.background else { continue }
            buffer[column, row] = Cell(glyph: glyph, foreground: fillColor, background: outside(column, row, rect))
        }
    }

    /// The colour just outside `rect` next to a corner (what the rounding reveals).
    private func outside(_ column: Int, _ row: Int, _ rect: CellRect) -> RGB? {
        let neighbour = column == rect.x ? column - 1 : column + 1
        if buffer.contains(column: neighbour, row: row), !rect.contains(column: neighbour, row: row) {
            return buffer[neighbour, row].background
        }
        return style.surface
    }

    private mutating func strokeOutline(_ rect: CellRect, kind: ShapeKind, color rgba: RGBA) {
        let color = PaintColor(rgba)
        if kind == .circle || kind == .ellipse {
            var inside = Set<Int>()
            forEachCell(inEllipseOf: rect, circular: kind == .circle) { inside.insert($1 * 10_000 + $0) }
            for key in inside {
                let column = key % 10_000, row = key / 10_000
                let edge = !inside.contains(row * 10_000 + column - 1) || !inside.contains(row * 10_000 + column + 1)
                    || !inside.contains((row - 1) * 10_000 + column) || !inside.contains((row + 1) * 10_000 + column)
                if edge { put("•", column, row, foreground: color) }
            }
            return
        }
        let rounded = kind != .rectangle
        if rect.height == 1 {
            for column in rect.x..<rect.maxX { put("─", column, rect.y, foreground: color) }
            if rect.width >= 2 { put("(", rect.x, rect.y, foreground: color); put(")", rect.maxX - 1, rect.y, foreground: color) }
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

    // MARK: Gauges

    /// Eighth blocks for partial bar cells, from one eighth to seven.
    static let eighths: [Glyph] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    mutating func paintGauge(_ gauge: GaugeNode, in rect: CellRect) {
        guard !rect.isEmpty else { return }
        if gauge.timerInterval != nil { recordLiveRegion(.progress(gauge), in: rect) }
        let fraction = gauge.timerInterval?.fraction(at: date) ?? gauge.fraction
        let tint = colorOf(gauge.tint), track = trackColor(gauge.track)
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
    private mutating func paintRing(_ rect: CellRect, fraction: Double, open: Bool, tint: RGBA, track: RGBA) {
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

/// Small integer helpers shared by layout and paint.
enum LayoutMath {
    static func offset(free: Int, _ fraction: Double) -> Int {
        guard free > 0 else { return 0 }
        return Int((Double(free) * fraction).rounded(.down))
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
