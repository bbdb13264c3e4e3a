import Foundation
import WidgetKitUI

// MARK: - Text measurement and wrapping

/// One grapheme of laid-out text with the run it belongs to.
public struct StyledGrapheme: Equatable, Sendable {
    /// The grapheme cluster drawn (one user-perceived character, possibly several scalars).
    public var character: Character
    /// Index into the text node's runs.
    public var run: Int
    /// Display width in columns (0, 1 or 2).
    public var width: Int
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

/// The graphemes of a text node, prepared once and wrapped for any width.
///
/// Text is measured twice: in points, as iOS sets it (each grapheme's advance at its run's point size and weight,
/// from `TextMetrics`, SF Pro's stand-in), and in columns, as the terminal draws it (one glyph per cell). Lines
/// break where the points run out, as on iOS, or where the columns do, since a glyph is never dropped
/// (docs/DECISIONS.md "Text laid out in points, placed on cells").
public struct TextShaper: Sendable {
    /// Every grapheme of the text, in order, with its run and display width in columns.
    public let graphemes: [StyledGrapheme]
    /// Each grapheme's advance in points, in the order of `graphemes`.
    public let advances: [Double]
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

    /// Prepares the runs of `node` as they read at `date` (system-formatted runs are formatted for that moment).
    public init(node: TextNode, date: Date, format: SystemTextFormat) {
        var graphemes: [StyledGrapheme] = []
        var advances: [Double] = []
        var lines = LineCounter()
        var reserved = 0
        for index in node.runs.indices {
            let run = node.runs[index]
            let content = run.content
            let width = Self.append(
                format.string(for: content, at: date), run: index, pointSize: run.font.pointSize, bold: run.isBold,
                to: &graphemes, advances: &advances, lines: &lines)
            switch content {
            case .date(_, .relative): reserved += max(width, Self.relativeTemplateWidth)
            case .date(_, .offset): reserved += max(width, Self.offsetTemplateWidth)
            default: reserved += width
            }
        }
        self.graphemes = graphemes
        self.advances = advances
        runs = node.runs
        naturalWidth = max(lines.widest, lines.current)
        naturalPointWidth = max(lines.widestPoints, lines.currentPoints)
        naturalLineCount = graphemes.isEmpty ? 0 : lines.count
        reservedWidth = max(reserved, naturalWidth)
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

    /// The 128 ASCII characters, indexed by code (cheaper than building a `Character` from each byte).
    private static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// Appends the graphemes of `string` as run `run`, with their advances at `pointSize` points, and returns the
    /// columns they take.
    private static func append(
        _ string: String, run: Int, pointSize: Double, bold: Bool, to graphemes: inout [StyledGrapheme],
        advances: inout [Double], lines: inout LineCounter
    ) -> Int {
        // In ASCII every byte is a grapheme except CR LF, which is one: skip the grapheme breaking then. The bytes
        // are read as one buffer (a small string's are copied to the stack): `utf8.allSatisfy` and a walk of
        // `string.utf8` cost several times more per byte.
        var string = string
        let asciiWidth = string.withUTF8 { bytes -> Int? in
            for byte in bytes where byte >= 0x80 || byte == 0x0D { return nil }
            let asciiCharacters = Self.asciiCharacters
            let asciiEms = TextMetrics.asciiEms
            graphemes.reserveCapacity(graphemes.count + bytes.count)
            advances.reserveCapacity(advances.count + bytes.count)
            var width = 0
            for byte in bytes {
                let columns = byte >= 0x20 && byte != 0x7F ? 1 : 0 // as `DisplayWidth.of` for ASCII
                let ems = asciiEms[Int(byte)]
                let advance = (bold ? ems.bold : ems.regular) * pointSize
                graphemes.append(StyledGrapheme(character: asciiCharacters[Int(byte)], run: run, width: columns))
                advances.append(advance)
                lines.add(width: columns, points: advance, isLineBreak: byte == 0x0A)
                width += columns
            }
            return width
        }
        if let asciiWidth { return asciiWidth }
        var width = 0
        for character in string {
            let columns = DisplayWidth.of(character)
            let advance = TextMetrics.ems(of: character, bold: bold) * pointSize
            graphemes.append(StyledGrapheme(character: character, run: run, width: columns))
            advances.append(advance)
            lines.add(width: columns, points: advance, isLineBreak: character == "\n")
            width += columns
        }
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
        while headEnd > 0, all[headEnd - 1].character == " " {
            headEnd -= 1
            headWidth -= all[headEnd].width
        }
        var tailStart = all.count, tailWidth = 0
        while tailStart > headEnd, headWidth + tailWidth + all[tailStart - 1].width <= room {
            tailWidth += all[tailStart - 1].width
            tailStart -= 1
        }
        while tailStart < all.count, all[tailStart].character == " " { tailStart += 1 }
        let run = headEnd > 0 ? all[headEnd - 1].run : all[min(tailStart, all.count - 1)].run
        let mark = StyledGrapheme(character: condensedMark, run: run, width: 1)
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
            if grapheme.character == "\n" {
                finish(next: index + 1, hard: true)
                index += 1
                continue
            }
            if grapheme.character == " " {
                if !lineHasWord && !afterHardBreak {
                    // A soft-wrapped line does not start with spaces.
                    index += 1
                    lineStart = index
                    lineEnd = index
                    continue
                }
                if room.fits(lineWidth + grapheme.width, linePoints + advances[index]) {
                    lineWidth += grapheme.width
                    linePoints += advances[index]
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
            while end < graphemes.count, graphemes[end].character != " ", graphemes[end].character != "\n" {
                wordWidth += graphemes[end].width
                wordPoints += advances[end]
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
            while index < end, room.fits(lineWidth + graphemes[index].width, linePoints + advances[index]) {
                lineWidth += graphemes[index].width
                linePoints += advances[index]
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
        while index < graphemes.count, graphemes[index].character != "\n",
            room.fits(width + graphemes[index].width + 1, points + advances[index] + ellipsis)
        {
            line.append(graphemes[index])
            width += graphemes[index].width
            points += advances[index]
            index += 1
        }
        while let last = line.last, last.character == " " { line.removeLast() }
        let run = line.last?.run ?? graphemes[min(start, graphemes.count - 1)].run
        line.append(StyledGrapheme(character: "…", run: run, width: 1))
        return TextLine(graphemes: line, isTruncated: true)
    }

    /// One line cut at its head or middle.
    private func truncatedSingleLine(_ room: LineRoom, mode: Text.TruncationMode) -> TextLine {
        var flat = graphemes
        for index in flat.indices where flat[index].character == "\n" {
            flat[index] = StyledGrapheme(character: " ", run: flat[index].run, width: 1)
        }
        let flatAdvances = flat.indices.map { index in
            graphemes[index].character == "\n"
                ? TextMetrics.ems(of: " ", bold: false) * runs[graphemes[index].run].font.pointSize : advances[index]
        }
        let ellipsis = ellipsisPoints(near: 0)
        // The head takes at most half the room (in columns and in points), the tail what the head leaves.
        var headRoom = room
        headRoom.columns = mode == .middle ? room.columns / 2 : 0
        var head: [StyledGrapheme] = [], tail: [StyledGrapheme] = []
        var width = 0
        var points = 0.0
        for index in flat.indices {
            guard headRoom.fits(width + flat[index].width, points + flatAdvances[index]) else { break }
            head.append(flat[index])
            width += flat[index].width
            points += flatAdvances[index]
        }
        var tailWidth = 0
        var tailPoints = 0.0
        for index in flat.indices.reversed() {
            guard room.fits(width + 1 + tailWidth + flat[index].width, points + ellipsis + tailPoints + flatAdvances[index]) else { break }
            tail.insert(flat[index], at: 0)
            tailWidth += flat[index].width
            tailPoints += flatAdvances[index]
        }
        let run = (tail.first ?? head.last ?? flat[0]).run
        return TextLine(graphemes: head + [StyledGrapheme(character: "…", run: run, width: 1)] + tail, isTruncated: true)
    }
}
