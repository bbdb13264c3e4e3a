import Foundation
import WidgetKitUI

// MARK: - Text measurement and wrapping

/// A grapheme cluster's UTF-8 bytes as plain data: up to 15 bytes inline in two words, a longer cluster (a family
/// emoji joined with ZWJ) as its index in a process-wide table.
///
/// Laid-out text holds one per grapheme, and copies them into lines, the placed tree and painting. A `Character`
/// (a string underneath) costs reference counting on every copy and when an array of them is freed, and a
/// Unicode-aware comparison; two words cost neither. The inline layout is CellRender's `Glyph`'s, so a painter
/// turns an inline grapheme into a cell's glyph by copying the words. Two values are equal exactly when their
/// graphemes' bytes are.
public struct GraphemeBytes: Hashable, Sendable {
    /// Bytes 0...7 of the UTF-8 encoding, or the interned table index.
    public let low: UInt64
    /// Bytes 8...14 in the low seven bytes; the top byte holds the byte count, or `internedMarker`.
    public let high: UInt64

    private static let internedMarker: UInt64 = 0xFF
    private static let inlineCapacity = 15

    /// The grapheme of one ASCII byte (0...127).
    @inlinable
    public init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 1 << 56
    }

    /// The bytes of `character`.
    public init(_ character: Character) {
        // The bytes of a grapheme as one buffer: a small string's bytes are copied to the stack, no allocation.
        var string = String(character)
        let inline = string.withUTF8 { bytes -> (low: UInt64, high: UInt64)? in
            guard bytes.count <= Self.inlineCapacity else { return nil }
            var low: UInt64 = 0, high: UInt64 = 0
            for index in 0..<bytes.count {
                if index < 8 {
                    low |= UInt64(bytes[index]) << (8 * index)
                } else {
                    high |= UInt64(bytes[index]) << (8 * (index - 8))
                }
            }
            return (low, high | UInt64(bytes.count) << 56)
        }
        if let inline {
            (low, high) = inline
        } else {
            low = UInt64(InternedGraphemes.shared.index(of: string))
            high = Self.internedMarker << 56
        }
    }

    /// True when the bytes are held inline (`low` and `high` are the encoding), false for an interned cluster.
    @inlinable
    public var isInline: Bool { high >> 56 != 0xFF } // `internedMarker`, spelled out so painting inlines the test

    /// The byte, when the grapheme is one ASCII character.
    @inlinable
    public var asciiValue: UInt8? { high == 1 << 56 ? UInt8(truncatingIfNeeded: low) : nil }

    /// True for a space (U+0020).
    @inlinable
    public var isSpace: Bool { low == 0x20 && high == 1 << 56 }

    /// True for a line feed (U+000A) on its own (CR LF is a grapheme of its own, not this one).
    @inlinable
    public var isLineFeed: Bool { low == 0x0A && high == 1 << 56 }

    /// The grapheme as a `Character`.
    public var character: Character {
        if !isInline { return Character(InternedGraphemes.shared.string(at: Int(low))) }
        let count = Int(high >> 56)
        let bytes = (0..<count).map { offset in
            UInt8(truncatingIfNeeded: offset < 8 ? low >> (8 * offset) : high >> (8 * (offset - 8)))
        }
        return Character(String(decoding: bytes, as: UTF8.self))
    }
}

/// Graphemes longer than `GraphemeBytes` holds inline, each stored once per process and named by its index.
private final class InternedGraphemes: @unchecked Sendable {
    static let shared = InternedGraphemes()

    private let lock = NSLock()
    private var strings: [String] = []
    private var indices: [String: Int] = [:]

    func index(of string: String) -> Int {
        lock.withLock {
            if let index = indices[string] { return index }
            strings.append(string)
            indices[string] = strings.count - 1
            return strings.count - 1
        }
    }

    func string(at index: Int) -> String { lock.withLock { strings[index] } }
}

/// One grapheme of laid-out text with the run it belongs to, its width in columns and its advance in points.
public struct StyledGrapheme: Equatable, Sendable {
    /// The grapheme cluster drawn (one user-perceived character, possibly several scalars), as its bytes.
    public var bytes: GraphemeBytes
    /// Index into the text node's runs.
    public var run: Int
    /// Display width in columns (0, 1 or 2).
    public var width: Int
    /// The advance in points at the run's point size and weight, as line breaking measures it; the ellipsis and
    /// the condensed mark added to a cut or condensed line carry 0 (they are placed once the breaks are decided).
    public var advance: Double

    /// A grapheme of run `run`, `width` columns wide and `advance` points long.
    public init(bytes: GraphemeBytes, run: Int, width: Int, advance: Double = 0) {
        self.bytes = bytes
        self.run = run
        self.width = width
        self.advance = advance
    }

    /// The grapheme cluster drawn, as a `Character`.
    public var character: Character { bytes.character }
}

/// One laid-out line: the graphemes to draw, an ellipsis `…` included where text was cut.
public struct TextLine: Equatable, Sendable {
    /// The graphemes to draw, left to right, the ellipsis included when the line was cut.
    public var graphemes: [StyledGrapheme]
    /// True when text was cut on this line (its graphemes contain the ellipsis).
    public var isTruncated: Bool
    /// Graphemes of the line iOS shows that the terminal hides behind `TextShaper.condensedMark`, because the line
    /// fits its width in points but its glyphs, one per cell, outnumber the cells (0: the line is drawn whole).
    public var hiddenCount: Int

    /// Creates a line from its graphemes; `isTruncated` says whether text was cut on it, `hiddenCount` how many
    /// graphemes the terminal hides in it.
    public init(graphemes: [StyledGrapheme], isTruncated: Bool, hiddenCount: Int = 0) {
        self.graphemes = graphemes
        self.isTruncated = isTruncated
        self.hiddenCount = hiddenCount
    }

    /// Columns the line takes.
    public var width: Int { graphemes.reduce(0) { $0 + $1.width } }

    /// The line's characters.
    public var string: String { String(graphemes.map(\.character)) }
}

/// The lines of a placed text, in order (`PlacedNode.Content.text`).
///
/// A single line, what most texts of a widget are, is kept inline: placing a text then allocates no array of one
/// line (docs/DECISIONS.md, "Frame cost, ninth pass"). None or several lines are kept in an array.
public struct TextLines: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// One line inline, or the lines in an array: a copy retains one reference either way.
    @usableFromInline
    enum Storage: Sendable {
        case one(TextLine)
        case several([TextLine])
    }

    @usableFromInline
    var storage: Storage

    /// One line, kept inline.
    @inlinable
    public init(_ line: TextLine) { storage = .one(line) }

    /// The lines of `lines`, in order (one line is kept inline).
    @inlinable
    public init(_ lines: [TextLine]) { storage = lines.count == 1 ? .one(lines[0]) : .several(lines) }

    /// The lines listed, in order.
    public init(arrayLiteral lines: TextLine...) { self.init(lines) }

    /// 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of lines.
    @inlinable
    public var endIndex: Int {
        switch storage {
        case .one: return 1
        case .several(let lines): return lines.count
        }
    }

    /// Line `position`, counted from 0 at the top.
    @inlinable
    public subscript(position: Int) -> TextLine {
        switch storage {
        case .one(let line):
            precondition(position == 0, "TextLines: line \(position) of 1")
            return line
        case .several(let lines):
            return lines[position]
        }
    }

    /// Calls `body` with the lines in contiguous memory.
    @inlinable
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<TextLine>) throws -> Result) rethrows -> Result {
        switch storage {
        case .one(let line): return try withUnsafePointer(to: line) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
        case .several(let lines): return try lines.withUnsafeBufferPointer(body)
        }
    }

    /// True when both hold the same lines in the same order.
    public static func == (lhs: TextLines, rhs: TextLines) -> Bool { lhs.elementsEqual(rhs) }
}

/// The graphemes of a text node, prepared once and wrapped for any width.
///
/// Text is measured twice: in points, as iOS sets it (each grapheme's advance at its run's point size and weight,
/// from `TextMetrics`, SF Pro's stand-in), and in columns, as the terminal draws it (one glyph per cell). Lines
/// break where the points run out, as on iOS, or where the columns do, since a glyph is never dropped
/// (docs/DECISIONS.md "Text laid out in points, placed on cells").
public struct TextShaper: Sendable {
    /// Every grapheme of the text, in order, with its run, display width in columns and advance in points (one
    /// array, not one of graphemes and one of advances: a text costs one allocation, and a line's slice keeps both).
    public let graphemes: [StyledGrapheme]
    /// The widest line when nothing wraps.
    public let naturalWidth: Int
    /// The widest line in points when nothing wraps.
    public let naturalPointWidth: Double
    /// The text's runs, for the point size of each (what an ellipsis or a space standing for a line break takes);
    /// kept as the node's array, not copied into one of point sizes: most texts never read it.
    private let runs: [TextRun]
    /// Lines when nothing wraps (explicit line breaks only).
    public let naturalLineCount: Int
    /// The width a live (`.relative`, `.offset`) text reserves so its later values fit without truncation:
    /// the widest of its current value and a template of its widest usual value (docs/DECISIONS.md).
    public let reservedWidth: Int
    /// True when a run is live (`TextNode.isLive`), found while the runs are shaped.
    let isLive: Bool
    /// True when a run is greedy (`TextNode.isGreedy`), found while the runs are shaped.
    let isGreedy: Bool

    /// Prepares the runs of `node` as they read at `date` (system-formatted runs are formatted for that moment).
    public init(node: TextNode, date: Date, format: SystemTextFormat) {
        var graphemes: [StyledGrapheme] = []
        var lines = LineCounter()
        var reserved = 0
        var isLive = false, isGreedy = false
        // Each run is read where it lies (a copied run retains its strings, key and colour), its content copied once.
        for index in node.runs.indices {
            let content = node.runs[index].content
            isLive = isLive || content.isLive
            isGreedy = isGreedy || content.isGreedy
            let width = Self.append(
                format.string(for: content, at: date), run: index, pointSize: node.runs[index].font.pointSize,
                bold: node.runs[index].isBold, to: &graphemes, lines: &lines)
            switch content {
            case .date(_, .relative): reserved += max(width, Self.relativeTemplateWidth)
            case .date(_, .offset): reserved += max(width, Self.offsetTemplateWidth)
            default: reserved += width
            }
        }
        self.graphemes = graphemes
        runs = node.runs
        naturalWidth = max(lines.widest, lines.current)
        naturalPointWidth = max(lines.widestPoints, lines.currentPoints)
        naturalLineCount = graphemes.isEmpty ? 0 : lines.count
        reservedWidth = max(reserved, naturalWidth)
        self.isLive = isLive
        self.isGreedy = isGreedy
    }

    /// The columns of the widest usual `.relative` and `.offset` values (docs/DECISIONS.md).
    private static let relativeTemplateWidth = DisplayWidth.of("00 min, 00 sec")
    private static let offsetTemplateWidth = DisplayWidth.of("+00 minutes")

    /// The lines of unwrapped text (split at `\n` only) while its graphemes are appended.
    private struct LineCounter {
        var widest = 0, current = 0, count = 1
        var widestPoints = 0.0, currentPoints = 0.0

        mutating func add(width: Int, points: Double, isLineBreak: Bool) {
            if isLineBreak {
                widest = max(widest, current)
                current = 0
                widestPoints = max(widestPoints, currentPoints)
                currentPoints = 0
                count += 1
            } else {
                current += width
                currentPoints += points
            }
        }
    }

    /// Appends the graphemes of `string` as run `run`, with their advances at `pointSize` points, and returns the
    /// columns they take.
    private static func append(
        _ string: String, run: Int, pointSize: Double, bold: Bool, to graphemes: inout [StyledGrapheme],
        lines: inout LineCounter
    ) -> Int {
        // In ASCII every byte is a grapheme except CR LF, which is one: skip the grapheme breaking then. The bytes
        // are read as one buffer (a small string's are copied to the stack): `utf8.allSatisfy` and a walk of
        // `string.utf8` cost several times more per byte. They are read from the borrowed string, not from a copy
        // that `withUTF8` (mutating) could rewrite.
        let asciiWidth = string.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
            return appendASCII(bytes, run: run, pointSize: pointSize, bold: bold, to: &graphemes, lines: &lines)
        }
        if let asciiWidth = asciiWidth ?? nil { return asciiWidth }
        // At most one grapheme per byte: one allocation for the text, not a growth per few graphemes.
        graphemes.reserveCapacity(graphemes.count + string.utf8.count)
        var width = 0
        let asciiEms = TextMetrics.asciiEms
        for character in string {
            // An ASCII grapheme among others (the space after an emoji) is measured from its byte, as above: asking a
            // `Character` for its ASCII value or its scalars costs several hundred instructions.
            let bytes = GraphemeBytes(character)
            let columns: Int
            let advance: Double
            if let byte = bytes.asciiValue {
                columns = byte >= 0x20 && byte != 0x7F ? 1 : 0
                advance = (bold ? asciiEms[Int(byte)].bold : asciiEms[Int(byte)].regular) * pointSize
            } else {
                columns = DisplayWidth.of(character)
                advance = TextMetrics.ems(of: character, bold: bold) * pointSize
            }
            graphemes.append(StyledGrapheme(bytes: bytes, run: run, width: columns, advance: advance))
            lines.add(width: columns, points: advance, isLineBreak: bytes.isLineFeed)
            width += columns
        }
        return width
    }

    /// Appends the ASCII `bytes` (no CR) as run `run`, one grapheme a byte, and returns the columns they take. A text's
    /// first run is written straight into an array of its exact length (one allocation, no capacity check per
    /// grapheme); the line counter is kept in registers and written back once.
    private static func appendASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, run: Int, pointSize: Double, bold: Bool, to graphemes: inout [StyledGrapheme],
        lines: inout LineCounter
    ) -> Int {
        let asciiEms = TextMetrics.asciiEms
        var counter = lines
        var width = 0
        func grapheme(_ byte: UInt8) -> StyledGrapheme {
            let columns = byte >= 0x20 && byte != 0x7F ? 1 : 0 // as `DisplayWidth.of` for ASCII
            let ems = asciiEms[Int(byte)]
            let advance = (bold ? ems.bold : ems.regular) * pointSize
            counter.add(width: columns, points: advance, isLineBreak: byte == 0x0A)
            width += columns
            return StyledGrapheme(bytes: GraphemeBytes(ascii: byte), run: run, width: columns, advance: advance)
        }
        if graphemes.isEmpty {
            graphemes = Array(unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
                for offset in bytes.indices { buffer.initializeElement(at: offset, to: grapheme(bytes[offset])) }
                initialized = bytes.count
            }
        } else {
            graphemes.reserveCapacity(graphemes.count + bytes.count)
            for byte in bytes { graphemes.append(grapheme(byte)) }
        }
        lines = counter
        return width
    }

    /// The cells a width in points needs: rounded to the nearest cell, as frames and paddings in points are, so the
    /// columns offered stand for the points that round to them (a line of 24.3 pt fits 3 columns of 8 pt).
    public static func cells(forPoints points: Double, pointsPerColumn: Double) -> Int {
        guard points > 0, pointsPerColumn > 0 else { return 0 }
        let cells = (points / pointsPerColumn).rounded(.toNearestOrAwayFromZero)
        return cells < Double(Int.max / 2) ? Int(cells) : Int.max / 2
    }

    /// What one line may hold: the columns offered, for the line's width in points converted to cells when
    /// `pointsPerColumn` is set (iOS's line break), otherwise for its glyphs (one per cell).
    private struct LineRoom {
        var columns: Int
        var pointsPerColumn: Double?

        /// True when a line of `width` columns and `pointWidth` points fits.
        func fits(_ width: Int, _ pointWidth: Double) -> Bool {
            guard let pointsPerColumn, columns < Int.max / 2 else { return width <= columns }
            return TextShaper.cells(forPoints: pointWidth, pointsPerColumn: pointsPerColumn) <= columns
        }
    }

    /// Wraps at word boundaries to `width` columns (nil: no wrapping), keeping at most `maxLines` lines.
    ///
    /// With `pointsPerColumn` (the layout's cell metric), a line ends where the next word would make the line's
    /// width in points, converted to cells, exceed `width`: iOS's line break, measured with the stand-in widths,
    /// so the line count (and the height) is iOS's. A line that fits in points but whose glyphs, one per cell,
    /// need more than `width` columns is condensed (`condensed(_:columns:)`): its middle is hidden behind `⋯`.
    /// Without `pointsPerColumn`, the glyphs' columns decide the breaks and nothing is condensed.
    /// Spaces before a soft wrap are dropped; spaces after a hard line break are kept. A word wider than a
    /// line starts its own line and breaks between graphemes. When text remains after the last kept line,
    /// that line is filled grapheme by grapheme and cut with `…`; a single line honours `truncationMode`
    /// (`.head`: `…o World`, `.middle`: `Hel…orld`).
    public func lines(
        width: Int?, pointsPerColumn: Double? = nil, maxLines: Int?, truncationMode: Text.TruncationMode = .tail
    ) -> [TextLine] {
        let broken = brokenLines(width: width, pointsPerColumn: pointsPerColumn, maxLines: maxLines, truncationMode: truncationMode)
        guard pointsPerColumn != nil, let width, width > 0, broken.contains(where: { $0.width > width }) else { return broken }
        return broken.map { $0.width > width ? Self.condensed($0, columns: width) : $0 }
    }

    /// What marks the graphemes hidden in a condensed line (U+22EF MIDLINE HORIZONTAL ELLIPSIS): not iOS's `…`,
    /// so a line iOS shows whole does not read as one iOS cut.
    public static let condensedMark: Character = "\u{22EF}"
    private static let condensedMarkBytes = GraphemeBytes(condensedMark)
    /// The ellipsis that ends a cut line.
    private static let ellipsisBytes = GraphemeBytes("…")

    /// `line` in `columns` cells: its head (up to half the columns) and its tail, with `condensedMark` between
    /// them in place of the middle graphemes; spaces beside the mark are hidden first (they say least). The
    /// line's `hiddenCount` is the number of graphemes hidden (docs/DECISIONS.md "A caption that fits on iOS
    /// stays on its lines").
    public static func condensed(_ line: TextLine, columns: Int) -> TextLine {
        guard line.width > columns, columns > 0 else { return line }
        let all = line.graphemes
        let room = columns - 1
        var headEnd = 0, headWidth = 0
        while headEnd < all.count, headWidth + all[headEnd].width <= (room + 1) / 2 {
            headWidth += all[headEnd].width
            headEnd += 1
        }
        while headEnd > 0, all[headEnd - 1].bytes.isSpace {
            headEnd -= 1
            headWidth -= all[headEnd].width
        }
        var tailStart = all.count, tailWidth = 0
        while tailStart > headEnd, headWidth + tailWidth + all[tailStart - 1].width <= room {
            tailWidth += all[tailStart - 1].width
            tailStart -= 1
        }
        while tailStart < all.count, all[tailStart].bytes.isSpace { tailStart += 1 }
        let run = headEnd > 0 ? all[headEnd - 1].run : all[min(tailStart, all.count - 1)].run
        let mark = StyledGrapheme(bytes: condensedMarkBytes, run: run, width: 1)
        return TextLine(
            graphemes: Array(all[..<headEnd]) + [mark] + Array(all[tailStart...]), isTruncated: line.isTruncated,
            hiddenCount: line.hiddenCount + tailStart - headEnd)
    }

    /// The lines broken where the room runs out (in points when `pointsPerColumn` is set), before condensing.
    private func brokenLines(
        width: Int?, pointsPerColumn: Double?, maxLines: Int?, truncationMode: Text.TruncationMode
    ) -> [TextLine] {
        guard !graphemes.isEmpty else { return [] }
        let room = LineRoom(columns: width ?? Int.max, pointsPerColumn: pointsPerColumn)
        let maximum = max(maxLines ?? Int.max, 1)
        guard room.columns > 0 else { return [TextLine(graphemes: [], isTruncated: true)] }
        // One line that fits: what wrapping would return, without wrapping.
        if naturalLineCount == 1 && room.fits(naturalWidth, naturalPointWidth) {
            return [TextLine(graphemes: graphemes, isTruncated: false)]
        }
        let starts = wrap(room, stopAfter: maximum)
        guard starts.count > maximum else {
            return starts.map { TextLine(graphemes: Array(graphemes[$0.start..<$0.end]), isTruncated: false) }
        }
        if maximum == 1 && truncationMode != .tail {
            return [truncatedSingleLine(room, mode: truncationMode)]
        }
        var lines = starts.prefix(maximum - 1).map { TextLine(graphemes: Array(graphemes[$0.start..<$0.end]), isTruncated: false) }
        lines.append(cutLine(from: starts[maximum - 1].start, room: room))
        return lines
    }

    /// Greedy word wrap: the grapheme ranges of each line, stopping once `stopAfter` lines are complete
    /// and more text follows (one extra range is then returned to signal it).
    private func wrap(_ room: LineRoom, stopAfter: Int) -> [(start: Int, end: Int)] {
        var ranges: [(start: Int, end: Int)] = []
        var index = 0
        var lineStart = 0, lineEnd = 0, lineWidth = 0
        var linePoints = 0.0
        var lineHasWord = false
        var afterHardBreak = true

        func finish(next: Int, hard: Bool) {
            ranges.append((lineStart, lineEnd))
            lineStart = next
            lineEnd = next
            lineWidth = 0
            linePoints = 0
            lineHasWord = false
            afterHardBreak = hard
        }

        while index < graphemes.count {
            if ranges.count > stopAfter { break }
            let grapheme = graphemes[index]
            if grapheme.bytes.isLineFeed {
                finish(next: index + 1, hard: true)
                index += 1
                continue
            }
            if grapheme.bytes.isSpace {
                if !lineHasWord && !afterHardBreak {
                    // A soft-wrapped line does not start with spaces.
                    index += 1
                    lineStart = index
                    lineEnd = index
                    continue
                }
                if room.fits(lineWidth + grapheme.width, linePoints + graphemes[index].advance) {
                    lineWidth += grapheme.width
                    linePoints += graphemes[index].advance
                    index += 1
                    if !lineHasWord { lineEnd = index }
                } else {
                    finish(next: index + 1, hard: false)
                    index += 1
                }
                continue
            }
            var end = index, wordWidth = 0
            var wordPoints = 0.0
            while end < graphemes.count, !graphemes[end].bytes.isSpace, !graphemes[end].bytes.isLineFeed {
                wordWidth += graphemes[end].width
                wordPoints += graphemes[end].advance
                end += 1
            }
            if room.fits(lineWidth + wordWidth, linePoints + wordPoints) {
                lineWidth += wordWidth
                linePoints += wordPoints
                index = end
                lineEnd = end
                lineHasWord = true
                continue
            }
            if lineHasWord {
                // Wrap before the word; trailing spaces of the line stay outside its range.
                finish(next: index, hard: false)
                continue
            }
            // The word is wider than a whole line: fill this line grapheme by grapheme.
            var filled = false
            while index < end, room.fits(lineWidth + graphemes[index].width, linePoints + graphemes[index].advance) {
                lineWidth += graphemes[index].width
                linePoints += graphemes[index].advance
                index += 1
                filled = true
            }
            if !filled { index += 1 } // a grapheme wider than the line: skip it rather than loop
            lineEnd = index
            lineHasWord = true
            if index < end { finish(next: index, hard: false) }
        }
        // Spaces at the very end of the text count (they were only kept off the line at soft wraps).
        if index >= graphemes.count && ranges.count <= stopAfter { lineEnd = max(lineEnd, graphemes.count) }
        if lineHasWord || lineEnd > lineStart || ranges.isEmpty || afterHardBreak {
            ranges.append((lineStart, lineEnd))
        }
        return ranges
    }

    /// The points an ellipsis takes in the run of grapheme `index` (regular weight).
    private func ellipsisPoints(near index: Int) -> Double {
        guard !graphemes.isEmpty else { return 0 }
        return TextMetrics.ems(of: "…", bold: false) * runs[graphemes[min(max(index, 0), graphemes.count - 1)].run].font.pointSize
    }

    /// A last line cut with a tail ellipsis: graphemes from `start` while they fit beside `…`.
    private func cutLine(from start: Int, room: LineRoom) -> TextLine {
        var line: [StyledGrapheme] = []
        var width = 0
        var points = 0.0
        var index = start
        let ellipsis = ellipsisPoints(near: start)
        while index < graphemes.count, !graphemes[index].bytes.isLineFeed,
            room.fits(width + graphemes[index].width + 1, points + graphemes[index].advance + ellipsis)
        {
            line.append(graphemes[index])
            width += graphemes[index].width
            points += graphemes[index].advance
            index += 1
        }
        while let last = line.last, last.bytes.isSpace { line.removeLast() }
        let run = line.last?.run ?? graphemes[min(start, graphemes.count - 1)].run
        line.append(StyledGrapheme(bytes: Self.ellipsisBytes, run: run, width: 1))
        return TextLine(graphemes: line, isTruncated: true)
    }

    /// One line cut at its head or middle.
    private func truncatedSingleLine(_ room: LineRoom, mode: Text.TruncationMode) -> TextLine {
        var flat = graphemes
        for index in flat.indices where flat[index].bytes.isLineFeed {
            let run = flat[index].run
            flat[index] = StyledGrapheme(
                bytes: GraphemeBytes(ascii: 0x20), run: run, width: 1,
                advance: TextMetrics.ems(of: " ", bold: false) * runs[run].font.pointSize)
        }
        let ellipsis = ellipsisPoints(near: 0)
        // The head takes at most half the room (in columns and in points), the tail what the head leaves.
        var headRoom = room
        headRoom.columns = mode == .middle ? room.columns / 2 : 0
        var head: [StyledGrapheme] = [], tail: [StyledGrapheme] = []
        var width = 0
        var points = 0.0
        for index in flat.indices {
            guard headRoom.fits(width + flat[index].width, points + flat[index].advance) else { break }
            head.append(flat[index])
            width += flat[index].width
            points += flat[index].advance
        }
        var tailWidth = 0
        var tailPoints = 0.0
        for index in flat.indices.reversed() {
            guard room.fits(width + 1 + tailWidth + flat[index].width, points + ellipsis + tailPoints + flat[index].advance) else { break }
            tail.insert(flat[index], at: 0)
            tailWidth += flat[index].width
            tailPoints += flat[index].advance
        }
        let run = (tail.first ?? head.last ?? flat[0]).run
        return TextLine(graphemes: head + [StyledGrapheme(bytes: Self.ellipsisBytes, run: run, width: 1)] + tail, isTruncated: true)
    }
}
