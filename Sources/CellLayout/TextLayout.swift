import Foundation
import WidgetKitUI

// MARK: - Text measurement and wrapping

/// One grapheme of laid-out text with the run it belongs to.
public struct StyledGrapheme: Equatable, Sendable {
    public var character: Character
    /// Index into the text node's runs.
    public var run: Int
    /// Display width in columns (0, 1 or 2).
    public var width: Int
}

/// One laid-out line: graphemes that fit, and whether it ends in an ellipsis.
public struct TextLine: Equatable, Sendable {
    public var graphemes: [StyledGrapheme]
    /// True when text was cut here and the painter draws `…` after the graphemes.
    public var isTruncated: Bool
    public init(graphemes: [StyledGrapheme], isTruncated: Bool) {
        self.graphemes = graphemes
        self.isTruncated = isTruncated
    }

    /// Columns the line takes, the ellipsis included.
    public var width: Int {
        graphemes.reduce(0) { $0 + $1.width } + (isTruncated ? 1 : 0)
    }
}

/// The graphemes of a text node, prepared once and wrapped for any width.
public struct TextShaper: Sendable {
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
        for (index, run) in node.runs.enumerated() {
            for character in format.string(for: run.content, at: date) {
                graphemes.append(StyledGrapheme(character: character, run: index, width: DisplayWidth.of(character)))
            }
        }
        self.graphemes = graphemes
        var widest = 0, current = 0, lines = 1
        for grapheme in graphemes {
            if grapheme.character == "\n" {
                widest = max(widest, current)
                current = 0
                lines += 1
            } else {
                current += grapheme.width
            }
        }
        naturalWidth = max(widest, current)
        naturalLineCount = graphemes.isEmpty ? 0 : lines
        var reserved = 0
        for run in node.runs {
            let width = DisplayWidth.of(format.string(for: run.content, at: date))
            switch run.content {
            case .date(_, .relative): reserved += max(width, DisplayWidth.of("00 min, 00 sec"))
            case .date(_, .offset): reserved += max(width, DisplayWidth.of("+00 minutes"))
            default: reserved += width
            }
        }
        reservedWidth = max(reserved, naturalWidth)
    }

    /// Wraps at word boundaries to `width` columns (nil: no wrapping), keeping at most `maxLines` lines;
    /// the last kept line ends in `…` when text remains. A word wider than the line breaks between graphemes.
    public func lines(width: Int?, maxLines: Int?) -> [TextLine] {
        guard !graphemes.isEmpty else { return [] }
        let limit = width ?? Int.max
        let maximum = max(maxLines ?? Int.max, 1)
        guard limit > 0 else { return [TextLine(graphemes: [], isTruncated: true)] }
        var lines: [TextLine] = []
        var line: [StyledGrapheme] = []
        var lineWidth = 0
        var index = 0
        var truncated = false

        /// Ends the current line; spaces before a soft wrap are dropped, as SwiftUI does.
        func finishLine(wrapped: Bool = false) {
            while wrapped, let last = line.last, last.character == " " {
                line.removeLast()
                lineWidth -= last.width
            }
            lines.append(TextLine(graphemes: line, isTruncated: false))
            line = []
            lineWidth = 0
        }

        while index < graphemes.count {
            let grapheme = graphemes[index]
            if grapheme.character == "\n" {
                finishLine()
                index += 1
                if lines.count == maximum { truncated = index < graphemes.count; break }
                continue
            }
            if grapheme.character == " " {
                if lineWidth + grapheme.width <= limit && (!line.isEmpty || lines.isEmpty) {
                    line.append(grapheme)
                    lineWidth += grapheme.width
                }
                index += 1
                continue
            }
            // A word: the graphemes up to the next space or line break.
            var end = index, wordWidth = 0
            while end < graphemes.count, graphemes[end].character != " ", graphemes[end].character != "\n" {
                wordWidth += graphemes[end].width
                end += 1
            }
            if lineWidth + wordWidth <= limit {
                line.append(contentsOf: graphemes[index..<end])
                lineWidth += wordWidth
                index = end
                continue
            }
            if !line.isEmpty && wordWidth <= limit {
                finishLine(wrapped: true)
                if lines.count == maximum { truncated = true; break }
                continue
            }
            // The word does not fit even alone: fill the line grapheme by grapheme.
            while index < end, lineWidth + graphemes[index].width <= limit {
                line.append(graphemes[index])
                lineWidth += graphemes[index].width
                index += 1
            }
            if index < end || line.isEmpty {
                if line.isEmpty { index += 1 } // a grapheme wider than the line: drop it rather than loop
                finishLine(wrapped: true)
                if lines.count == maximum { truncated = index < graphemes.count; break }
            }
        }
        if !line.isEmpty || lines.isEmpty { finishLine() }
        if lines.count > maximum {
            lines.removeLast(lines.count - maximum)
            truncated = true
        }
        if truncated, var last = lines.popLast() {
            // Make room for the ellipsis.
            var width = last.graphemes.reduce(0) { $0 + $1.width }
            while width + 1 > limit, let removed = last.graphemes.popLast() { width -= removed.width }
            while let tail = last.graphemes.last, tail.character == " " { last.graphemes.removeLast() }
            last.isTruncated = true
            lines.append(last)
        }
        return lines
    }
}
