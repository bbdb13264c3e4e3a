import Foundation
import CellLayout
import WidgetKitUI

extension Painter {
    // MARK: Text

    /// Records a region that moves on ticks, with the cells under it; `anchor` is where a text's glyphs sit in `rect`.
    mutating func recordLiveRegion(_ content: LiveRegion.Content, in rect: CellRect, anchor: TextAnchor = .leading) {
        guard recordsLiveRegions else { return }
        let visible = rect.intersection(clip)
        guard !visible.isEmpty else { return }
        var saved: [Cell] = []
        saved.reserveCapacity(visible.width * visible.height)
        for row in visible.y..<visible.maxY { for column in visible.x..<visible.maxX { saved.append(buffer[column, row]) } }
        liveRegions.append(LiveRegion(rect: visible, layoutRect: rect, content: content, backgroundCells: saved, anchor: anchor))
    }

    /// Paints `lines` of `text` in `rect`, their glyphs placed at `anchor` (`PlacedNode.anchor`) when they take fewer
    /// columns than `rect`.
    mutating func paintText(_ text: TextNode, lines: TextLines, in rect: CellRect, anchor: TextAnchor = .leading) {
        if text.isLive { recordLiveRegion(.text(text), in: rect, anchor: anchor) }
        // Read in place: iterating the lines would copy each one (and retain its graphemes).
        if recordsLiveRegions, lines.withUnsafeBufferPointer({ lines in lines.indices.contains { lines[$0].hiddenCount > 0 } }),
            let note = CondensedText.diagnostic(for: text, lines: lines, columns: rect.width, date: date, format: format)
        {
            diagnostics.append(note)
        }
        // Each run's attributes and, unless it is a gradient, its colour: worked out once, not per grapheme, in
        // buffers on the stack (no allocation per text; a `map` closure over `self` would also copy the painter). The
        // runs and lines are read in place: a copied run retains its strings and colours, a copied line its graphemes.
        text.runs.withUnsafeBufferPointer { runs in
            withUnsafeTemporaryAllocation(of: CellAttributes.self, capacity: runs.count) { attributes in
                withUnsafeTemporaryAllocation(of: PaintColor?.self, capacity: runs.count) { uniformColors in
                    withUnsafeTemporaryAllocation(of: RunRecord.self, capacity: runs.count) { records in
                        for index in runs.indices {
                            let runAttributes = Self.attributes(of: runs, at: index)
                            attributes.initializeElement(at: index, to: runAttributes)
                            uniformColors.initializeElement(
                                at: index, to: runs[index].foreground.isUniform ? PaintColor(colorOf(runs[index].foreground)) : nil)
                            records.initializeElement(
                                at: index,
                                to: RunRecord(
                                    pointSize: runs[index].font.pointSize, isBold: runAttributes.contains(.bold),
                                    isSystemStyle: Self.isSystemStyle(runs[index].foreground)))
                        }
                        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: RunText.stackCapacity) { scratch in
                            lines.withUnsafeBufferPointer { lines in
                                paintLines(
                                    of: text, runs: runs, lines, in: rect, anchor: anchor, attributes: UnsafeBufferPointer(attributes),
                                    uniformColors: UnsafeBufferPointer(uniformColors), records: UnsafeBufferPointer(records),
                                    scratch: scratch)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The lines of `text` (whose runs are `runs`) in `rect`, given each run's attributes, uniform colour (nil for a
    /// gradient) and what its painted runs record (`records`), collecting each run's bytes in `scratch`.
    ///
    /// The lines' glyphs form a block as wide as the widest line, placed in `rect` at `anchor` (a frame wider than its
    /// glyphs, when the cells their points need are more than their columns, sits where iOS puts the text), and each
    /// line is placed in the block at the text's `multilineTextAlignment`.
    private mutating func paintLines(
        of text: TextNode, runs: UnsafeBufferPointer<TextRun>, _ lines: UnsafeBufferPointer<TextLine>, in rect: CellRect,
        anchor: TextAnchor, attributes: UnsafeBufferPointer<CellAttributes>, uniformColors: UnsafeBufferPointer<PaintColor?>,
        records: UnsafeBufferPointer<RunRecord>, scratch: UnsafeMutableBufferPointer<UInt8>
    ) {
        let alignment = text.alignment.horizontalAlignment.fraction
        let lineCount = min(lines.count, max(rect.height, 0))
        // The block: where its glyphs start and how wide it is. One line is its own block (no second walk).
        var blockX = rect.x, blockWidth = rect.width
        if lineCount > 1 {
            blockWidth = 0
            for index in 0..<lineCount {
                var width = 0
                lines[index].graphemes.withUnsafeBufferPointer { for grapheme in $0 { width += grapheme.width } }
                blockWidth = max(blockWidth, width)
            }
            blockX = rect.x + anchor.offset(free: rect.width - blockWidth)
        }
        var runText = RunText(scratch)
        for index in 0..<lineCount {
            let row = rect.y + index
            lines[index].graphemes.withUnsafeBufferPointer { graphemes in
                // The line's width, and whether all its graphemes take one column in a uniform colour, in one walk.
                var width = 0, isNarrow = true
                for grapheme in graphemes {
                    width += grapheme.width
                    if grapheme.width != 1 || uniformColors[grapheme.run] == nil { isNarrow = false }
                }
                var column =
                    lineCount == 1
                    ? rect.x + anchor.offset(free: rect.width - width)
                    : blockX + LayoutMath.offset(free: blockWidth - width, alignment)
                if text.isRedacted {
                    let bar = PaintColor(colorOf(.hierarchical(level: 3, base: nil)))
                    fill(row: row, columns: column..<max(column, min(column + width, rect.maxX)), bar)
                    return
                }
                // A line of one-column graphemes in uniform colours lying wholly inside the clip and the buffer writes its
                // cells directly: its wide neighbours are repaired once for the whole span, not per grapheme.
                let isInsideSpan = isNarrow && isInside(count: graphemes.count, column: column, row: row, maxColumn: rect.maxX)
                if isInsideSpan {
                    // The line's cells in one pass over the row's memory, then its runs recorded as below.
                    repairWideNeighbours(column, row, width: graphemes.count)
                    writeSpan(graphemes, column: column, row: row, attributes: attributes, uniformColors: uniformColors)
                }
                var runStart = column
                runText.removeAll()
                var currentRun = graphemes.first?.run ?? 0
                for grapheme in graphemes {
                    if grapheme.run != currentRun {
                        runText.withBytes { recordText($0, of: records[currentRun], row: row, column: runStart, width: column - runStart) }
                        runStart = column
                        runText.removeAll()
                        currentRun = grapheme.run
                    }
                    guard column + grapheme.width <= rect.maxX else { break }
                    let glyph = Glyph(grapheme.bytes)
                    // A zero-width grapheme (a control or format character on its own) takes no cell: put, it would stay
                    // in the cell after the line's last glyph, where the terminal would act on it.
                    if !isInsideSpan && grapheme.width > 0 {
                        let foreground: PaintColor
                        if let uniform = uniformColors[grapheme.run] {
                            foreground = uniform
                        } else {
                            let position = rect.width > 1 ? Double(column - rect.x) / Double(rect.width - 1) : 0
                            foreground = PaintColor(colorOf(runs[grapheme.run].foreground, position: position))
                        }
                        put(glyph, column, row, foreground: foreground, attributes: attributes[grapheme.run], width: grapheme.width)
                    }
                    runText.append(glyph)
                    column += grapheme.width
                }
                if !graphemes.isEmpty {
                    runText.withBytes { recordText($0, of: records[currentRun], row: row, column: runStart, width: column - runStart) }
                }
            }
        }
    }

    /// True when `count` (1 or more) cells from `column` on `row` lie inside the clip, the buffer and `maxColumn`.
    private func isInside(count: Int, column: Int, row: Int, maxColumn: Int) -> Bool {
        let end = column + count
        return count > 0 && end <= maxColumn && clip.contains(column: column, row: row) && clip.contains(column: end - 1, row: row)
            && buffer.contains(column: column, row: row) && buffer.contains(column: end - 1, row: row)
    }

    /// Writes the cells of a line of one-column graphemes in uniform colours, lying inside the clip and the buffer (its
    /// wide neighbours already repaired), from `column` on `row`, as `putInside` would grapheme by grapheme, in one pass
    /// over the row's memory.
    private mutating func writeSpan(
        _ graphemes: UnsafeBufferPointer<StyledGrapheme>, column: Int, row: Int, attributes: UnsafeBufferPointer<CellAttributes>,
        uniformColors: UnsafeBufferPointer<PaintColor?>
    ) {
        let surface = style.surfaceForBlending, first = row * buffer.width + column
        buffer.withUnsafeMutableCells { cells in
            var index = first
            for grapheme in graphemes {
                cells[index].glyph = Glyph(grapheme.bytes)
                cells[index].foreground = uniformColors[grapheme.run].unsafelyUnwrapped.composited(over: cells[index].background ?? surface)
                cells[index].attributes = attributes[grapheme.run]
                cells[index].isContinuation = false
                index += 1
            }
        }
    }

    /// The cell write of `put`: a glyph at a cell known to be inside the clip and the buffer, whose wide
    /// neighbours were already repaired (the text fast path calls it directly).
    @inline(__always)
    mutating func putInside(_ glyph: Glyph, _ column: Int, _ row: Int, foreground: PaintColor, attributes: CellAttributes) {
        var cell = buffer[column, row]
        cell.glyph = glyph
        cell.foreground = foreground.composited(over: cell.background ?? style.surfaceForBlending)
        cell.attributes = attributes
        cell.isContinuation = false
        buffer[column, row] = cell
    }

    /// True for a character that draws something: not whitespace (ASCII answered without a Unicode
    /// property lookup).
    static func isInk(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii != 0x20 && !(0x09...0x0D).contains(ascii) }
        return !character.isWhitespace
    }

    static func attributes(of run: TextRun) -> CellAttributes {
        var attributes: CellAttributes = []
        if run.isBold { attributes.insert(.bold) }
        if run.italic { attributes.insert(.italic) }
        if run.underline { attributes.insert(.underline) }
        if run.strikethrough { attributes.insert(.strikethrough) }
        return attributes
    }

    /// `attributes(of:)` for run `index` of `runs`, read in place (no copy of the run, its strings and colours).
    static func attributes(of runs: UnsafeBufferPointer<TextRun>, at index: Int) -> CellAttributes {
        var attributes: CellAttributes = []
        if runs[index].isBold { attributes.insert(.bold) }
        if runs[index].italic { attributes.insert(.italic) }
        if runs[index].underline { attributes.insert(.underline) }
        if runs[index].strikethrough { attributes.insert(.strikethrough) }
        return attributes
    }

    /// `record` for a run of a text (whose size, weight and style `run` holds), painted as UTF-8 bytes (painted text
    /// collects the bytes of the glyphs it writes). ASCII is checked for ink on its bytes, as `isInk` answers for ASCII,
    /// before any string is made. The run's facts were read once per text (`RunRecord`): reading them from the text's
    /// runs here, while the painter changes, copied the whole run (retaining its strings and colours) for each record.
    mutating func recordText(_ utf8: UnsafeBufferPointer<UInt8>, of run: RunRecord, row: Int, column: Int, width: Int) {
        guard width > 0, buffer.contains(column: column, row: row) else { return }
        let text: String
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard utf8.contains(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) else { return }
            text = String(decoding: utf8, as: UTF8.self)
        } else {
            text = String(decoding: utf8, as: UTF8.self)
            guard text.contains(where: Self.isInk) else { return }
        }
        appendRun(
            text, pointSize: run.pointSize, isBold: run.isBold, row: row, column: column, width: width, isSymbol: false,
            isSystemStyle: run.isSystemStyle)
    }

    mutating func record(_ run: TextRun, _ text: String, row: Int, column: Int, width: Int, isSymbol: Bool = false) {
        guard width > 0, text.contains(where: Self.isInk),
            buffer.contains(column: column, row: row)
        else { return }
        appendRun(
            text, pointSize: run.font.pointSize, isBold: run.isBold, row: row, column: column, width: width, isSymbol: isSymbol,
            isSystemStyle: Self.isSystemStyle(run.foreground))
    }

    /// Appends a `PaintedRun` for text that passed `record`'s checks, in the colours of its first cell.
    private mutating func appendRun(
        _ text: String, pointSize: Double, isBold: Bool, row: Int, column: Int, width: Int, isSymbol: Bool, isSystemStyle: Bool
    ) {
        let cell = buffer[column, row]
        // A widget paints a handful of runs: one allocation for them, not one per doubling.
        if textRuns.isEmpty { textRuns.reserveCapacity(16) }
        textRuns.append(
            PaintedRun(
                text: text, row: row, column: column, width: width, pointSize: pointSize, isBold: isBold, isSymbol: isSymbol,
                foreground: cell.foreground ?? style.surfaceForBlending,
                background: cell.background ?? style.surfaceForBlending, isSystemStyle: isSystemStyle))
    }

    /// True for Apple's own label styles: a hierarchical style with no base colour, or a system label colour.
    static func isSystemStyle(_ paint: Paint) -> Bool {
        switch paint {
        case .hierarchical(_, nil): return true
        case .color(let color):
            switch color.storage {
            case .system(.label), .system(.secondaryLabel), .system(.tertiaryLabel), .system(.quaternaryLabel): return true
            default: return false
            }
        default: return false
        }
    }

    // MARK: Images

    mutating func paintImage(_ image: ImageNode, in rect: CellRect) {
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
            let missing = SymbolAvailabilityCheck.problem(withSystemName: name, osVersion: osVersion)
            guard missing == nil, let symbol = SymbolTable.glyph(forSystemName: name) else {
                diagnostics.append(
                    missing
                        ?? ResolveDiagnostic(
                            code: "symbol-without-glyph",
                            message: "SF Symbol \"\(name)\" exists, but WidgetTerm has no terminal glyph for it; it draws as ⍰."))
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
        case .catalog(let bitmap):
            paintBitmap(bitmap, image, in: rect)
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
            let labelColor =
                treatment == .flattened
                ? RGBA(behind)
                : treatment == .fullColor
                    ? rgba(Color(storage: .system(.secondaryLabel)))
                    : colorOf(.color(Color(storage: .system(.secondaryLabel))))
            for (offset, character) in label.prefix(rect.width).enumerated() {
                put(Glyph(character), rect.x + offset, row, foreground: labelColor)
            }
            if !visible.isEmpty {
                let center = buffer[visible.x + visible.width / 2, visible.y + visible.height / 2]
                images.append(
                    PaintedImage(
                        name: name, rect: visible, treatment: treatment,
                        color: center.background ?? style.surfaceForBlending))
            }
        }
    }

    /// Draws a decoded asset image over `rect` with half-block cells: each cell is `▀` with the top half's
    /// colour as foreground and the bottom half's as background, so a cell shows two samples, 8 × 8.5 pt each
    /// at the standard metric. Each sample is the alpha-weighted average of the pixels under it (a box
    /// filter), passed through the rendering mode like any image pixel (`imageColor`) and composited over
    /// what is behind; a cell whose two samples are both transparent is left as it was. A template image
    /// (the set's "Render As: Template Image", or `.renderingMode(.template)`) keeps only each sample's alpha,
    /// in the foreground style.
    mutating func paintBitmap(_ bitmap: CatalogBitmap, _ image: ImageNode, in rect: CellRect) {
        let visible = rect.intersection(clip).intersection(CellRect(x: 0, y: 0, width: buffer.width, height: buffer.height))
        guard !visible.isEmpty, bitmap.pixelWidth > 0, bitmap.pixelHeight > 0 else { return }
        let columns = rect.width, sampleRows = rect.height * 2
        // A template image draws its shape (alpha) in the foreground style, as a symbol does.
        let isTemplate = image.templateRenderingMode.map { $0 == .template } ?? bitmap.isTemplate
        let ink = rgba(image.foreground.baseColor())
        let pixels = bitmap.pixels
        let pixelWidth = bitmap.pixelWidth, pixelHeight = bitmap.pixelHeight
        /// The pixel range under sample `index` of `count` along a side of `length` pixels (never empty).
        func span(_ index: Int, of count: Int, length: Int) -> Range<Int> {
            let start = index * length / count
            let end = max(start + 1, ((index + 1) * length + count - 1) / count)
            return start..<min(end, length)
        }
        func sample(column: Int, row: Int) -> RGBA {
            var red = 0.0, green = 0.0, blue = 0.0, alpha = 0.0
            let xs = span(column, of: columns, length: pixelWidth), ys = span(row, of: sampleRows, length: pixelHeight)
            for y in ys {
                var offset = (y * pixelWidth + xs.lowerBound) * 4
                for _ in xs {
                    let a = Double(pixels[offset + 3])
                    red += Double(pixels[offset]) * a
                    green += Double(pixels[offset + 1]) * a
                    blue += Double(pixels[offset + 2]) * a
                    alpha += a
                    offset += 4
                }
            }
            guard alpha > 0 else { return RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
            let count = Double(xs.count * ys.count)
            return RGBA(red: red / alpha / 255, green: green / alpha / 255, blue: blue / alpha / 255, alpha: alpha / 255 / count)
        }
        for row in visible.y..<visible.maxY {
            for column in visible.x..<visible.maxX {
                var top = sample(column: column - rect.x, row: (row - rect.y) * 2)
                var bottom = sample(column: column - rect.x, row: (row - rect.y) * 2 + 1)
                if isTemplate {
                    top = RGBA(red: ink.red, green: ink.green, blue: ink.blue, alpha: ink.alpha * top.alpha)
                    bottom = RGBA(red: ink.red, green: ink.green, blue: ink.blue, alpha: ink.alpha * bottom.alpha)
                }
                guard top.alpha > 0 || bottom.alpha > 0 else { continue }
                let behind = backdrop(column, row)
                let topColor = PaintColor(imageColor(top, image)).composited(over: behind)
                let bottomColor = PaintColor(imageColor(bottom, image)).composited(over: behind)
                fill(column, row, PaintColor(RGBA(bottomColor)))
                put("▀", column, row, foreground: PaintColor(RGBA(topColor)))
            }
        }
        let center = buffer[visible.x + visible.width / 2, visible.y + visible.height / 2]
        let treatment = style.transform.treatment(ofImage: image.accentedRenderingMode)
        let color = center.background ?? style.surfaceForBlending
        images.append(PaintedImage(name: bitmap.name, rect: visible, treatment: treatment, color: color))
    }
}

/// The UTF-8 bytes of the text run being painted (for its `PaintedRun`), collected in memory on the stack rather
/// than in an array per line; a run longer than that memory moves to an array.
struct RunText {
    /// Bytes kept on the stack: a widget's text run on one line is almost always shorter.
    static let stackCapacity = 256

    private let scratch: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var spilled: [UInt8]?

    init(_ scratch: UnsafeMutableBufferPointer<UInt8>) { self.scratch = scratch }

    /// Empties the run (a new line or a new run).
    mutating func removeAll() {
        count = 0
        spilled = nil
    }

    /// Appends the glyph's UTF-8 bytes.
    @inline(__always)
    mutating func append(_ glyph: Glyph) {
        if spilled == nil {
            if let byte = glyph.singleByte, count < scratch.count {
                scratch[count] = byte
                count += 1
                return
            }
            if let end = glyph.copyUTF8(into: scratch, at: count) {
                count = end
                return
            }
            spilled = Array(scratch[0..<count])
        }
        glyph.appendUTF8(to: &spilled!)
    }

    /// Calls `body` with the bytes collected so far.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let spilled { return spilled.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(rebasing: scratch[0..<count]))
    }
}

extension Glyph {
    /// The glyph of a laid-out grapheme: inline bytes are copied as they are (`GraphemeBytes` keeps them in the
    /// glyph's own layout), so painting text builds no `Character` per cell; a grapheme too long to be inline
    /// goes through its `Character`.
    @inline(__always)
    public init(_ grapheme: GraphemeBytes) {
        if grapheme.isInline {
            self.init(low: grapheme.low, high: grapheme.high)
        } else {
            self.init(grapheme.character)
        }
    }
}

/// What a painted run records of its text run (`PaintedRun`), read once per text rather than per record.
struct RunRecord {
    /// The run's font size in points.
    let pointSize: Double
    /// The run is bold (`TextRun.isBold`).
    let isBold: Bool
    /// The run is in one of Apple's own label styles (`Painter.isSystemStyle(_:)`).
    let isSystemStyle: Bool
}
