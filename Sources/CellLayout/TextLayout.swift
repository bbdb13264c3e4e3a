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

    /// Creates a line from its graphemes; `isTruncated` says whether text was cut on it.
    public init(graphemes: [StyledGrapheme], isTruncated: Bool) {
        self.graphemes = graphemes
        self.isTruncated = isTruncated
    }

    /// Columns the line takes.
    public var width: Int { graphemes.reduce(0) { $0 + $1.width } }

    /// The line's characters.
    public var string: String { String(graphemes.map(\.character)) }
}

/// The graphemes of a text node, prepared once and wrapped for any width.
public struct TextShaper: Sendable {
    /// Every grapheme of the text, in order, with its run and display width in columns.
    public let graphemes: [StyledGrapheme]
    /// The widest line when nothing wraps.
    public let naturalWidth: Int
    /// Lines when nothing wraps (explicit line breaks only).
    public let naturalLineCount: Int
    /// The width a live (`.relative`, `.offset`) text reserves so its later values fit without truncation:
    /// the widest of its current value and a template of its widest usual value (docs/DECISIONS.md).
    public let reservedWidth: Int

    /// Prepares the runs of `node` as they read at `date` (system-formatted runs are formatted for that moment).
    public init(node: TextNode, date: Date, format: SystemTextFormat) {
        var graphemes: [StyledGrapheme] = []
        var lines = LineCounter()
        var reserved = 0
        for index in node.runs.indices {
            let content = node.runs[index].content
            let width = Self.append(format.string(for: content, at: date), run: index, to: &graphemes, lines: &lines)
            switch content {
            case .date(_, .relative): reserved += max(width, Self.relativeTemplateWidth)
            case .date(_, .offset): reserved += max(width, Self.offsetTemplateWidth)
            default: reserved += width
            }
        }
        self.graphemes = graphemes
        naturalWidth = max(lines.widest, lines.current)
        naturalLineCount = graphemes.isEmpty ? 0 : lines.count
        reservedWidth = max(reserved, naturalWidth)
    }

    /// The columns of the widest usual `.relative` and `.offset` values (docs/DECISIONS.md).
    private static let relativeTemplateWidth = DisplayWidth.of("00 min, 00 sec")
    private static let offsetTemplateWidth = DisplayWidth.of("+00 minutes")

    /// The lines of unwrapped text (split at `\n` only) while its graphemes are appended.
    private struct LineCounter {
        var widest = 0, current = 0, count = 1

        mutating func add(width: Int, isLineBreak: Bool) {
            if isLineBreak {
                widest = max(widest, current)
                current = 0
                count += 1
            } else {
                current += width
            }
        }
    }

    /// The 128 ASCII characters, indexed by code (cheaper than building a `Character` from each byte).
    private static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// Appends the graphemes of `string` as run `run` and returns the columns they take.
    private static func append(_ string: String, run: Int, to graphemes: inout [StyledGrapheme], lines: inout LineCounter) -> Int {
        var width = 0
        // In ASCII every byte is a grapheme except CR LF, which is one: skip the grapheme breaking then.
        if string.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            let asciiCharacters = Self.asciiCharacters
            graphemes.reserveCapacity(graphemes.count + string.utf8.count)
            for byte in string.utf8 {
                let columns = byte >= 0x20 && byte != 0x7F ? 1 : 0 // as `DisplayWidth.of` for ASCII
                graphemes.append(StyledGrapheme(character: asciiCharacters[Int(byte)], run: run, width: columns))
                lines.add(width: columns, isLineBreak: byte == 0x0A)
                width += columns
            }
            return width
        }
        for character in string {
            let columns = DisplayWidth.of(character)
            graphemes.append(StyledGrapheme(character: character, run: run, width: columns))
            lines.add(width: columns, isLineBreak: character == "\n")
            width += columns
        }
        return width
    }

    /// Wraps at word boundaries to `width` columns (nil: no wrapping), keeping at most `maxLines` lines.
    ///
    /// Spaces before a soft wrap are dropped; spaces after a hard line break are kept. A word wider than a
    /// line starts its own line and breaks between graphemes. When text remains after the last kept line,
    /// that line is filled grapheme by grapheme and cut with `…`; a single line honours `truncationMode`
    /// (`.head`: `…o World`, `.middle`: `Hel…orld`).
    public func lines(width: Int?, maxLines: Int?, truncationMode: Text.TruncationMode = .tail) -> [TextLine] {
        guard !graphemes.isEmpty else { return [] }
        let limit = width ?? Int.max
        let maximum = max(maxLines ?? Int.max, 1)
        guard limit > 0 else { return [TextLine(graphemes: [], isTruncated: true)] }
        // One line that fits: what wrapping would return, without wrapping.
        if naturalLineCount == 1 && limit >= naturalWidth { return [TextLine(graphemes: graphemes, isTruncated: false)] }
        let starts = wrap(limit: limit, stopAfter: maximum)
        guard starts.count > maximum else {
            return starts.map { TextLine(graphemes: Array(graphemes[$0.start..<$0.end]), isTruncated: false) }
        }
        if maximum == 1 && truncationMode != .tail {
            return [truncatedSingleLine(limit: limit, mode: truncationMode)]
        }
        var lines = starts.prefix(maximum - 1).map { TextLine(graphemes: Array(graphemes[$0.start..<$0.end]), isTruncated: false) }
        lines.append(cutLine(from: starts[maximum - 1].start, limit: limit))
        return lines
    }

    /// Greedy word wrap: the grapheme ranges of each line, stopping once `stopAfter` lines are complete
    /// and more text follows (one extra range is then returned to signal it).
    private func wrap(limit: Int, stopAfter: Int) -> [(start: Int, end: Int)] {
        var ranges: [(start: Int, end: Int)] = []
        var index = 0
        var lineStart = 0, lineEnd = 0, lineWidth = 0
        var lineHasWord = false
        var afterHardBreak = true

        func finish(next: Int, hard: Bool) {
            ranges.append((lineStart, lineEnd))
            lineStart = next
            lineEnd = next
            lineWidth = 0
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
                if lineWidth + grapheme.width <= limit {
                    lineWidth += grapheme.width
                    index += 1
                    if !lineHasWord { lineEnd = index }
                } else {
                    finish(next: index + 1, hard: false)
                    index += 1
                }
                continue
            }
            var end = index, wordWidth = 0
            while end < graphemes.count, graphemes[end].character != " ", graphemes[end].character != "\n" {
                wordWidth += graphemes[end].width
                end += 1
            }
            if lineWidth + wordWidth <= limit {
                lineWidth += wordWidth
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
            while index < end, lineWidth + graphemes[index].width <= limit {
                lineWidth += graphemes[index].width
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

    /// A last line cut with a tail ellipsis: graphemes from `start` while they fit beside `…`.
    private func cutLine(from start: Int, limit: Int) -> TextLine {
        var line: [StyledGrapheme] = []
        var width = 0
        var index = start
        while index < graphemes.count, graphemes[index].character != "\n", width + graphemes[index].width <= limit - 1 {
            line.append(graphemes[index])
            width += graphemes[index].width
            index += 1
        }
        while let last = line.last, last.character == " " { line.removeLast() }
        let run = line.last?.run ?? graphemes[min(start, graphemes.count - 1)].run
        line.append(StyledGrapheme(character: "…", run: run, width: 1))
        return TextLine(graphemes: line, isTruncated: true)
    }

    /// One line cut at its head or middle.
    private func truncatedSingleLine(limit: Int, mode: Text.TruncationMode) -> TextLine {
        let flat = graphemes.map { $0.character == "\n" ? StyledGrapheme(character: " ", run: $0.run, width: 1) : $0 }
        let room = limit - 1
        var head: [StyledGrapheme] = [], tail: [StyledGrapheme] = []
        let headRoom = mode == .middle ? (room + 1) / 2 : 0
        var width = 0
        for grapheme in flat where width + grapheme.width <= headRoom {
            head.append(grapheme)
            width += grapheme.width
        }
        var tailWidth = 0
        for grapheme in flat.reversed() where tailWidth + grapheme.width <= room - width {
            tail.insert(grapheme, at: 0)
            tailWidth += grapheme.width
        }
        let run = (tail.first ?? head.last ?? flat[0]).run
        return TextLine(graphemes: head + [StyledGrapheme(character: "…", run: run, width: 1)] + tail, isTruncated: true)
    }
}
