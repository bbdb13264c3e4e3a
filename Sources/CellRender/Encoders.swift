import Foundation
import CellLayout

// MARK: - Colour depth

/// How many colours the output may use.
public enum ColorDepth: String, Sendable, CaseIterable {
    case none
    case ansi16 = "16"
    case ansi256 = "256"
    case trueColor = "truecolor"

    /// The depth a terminal announces: `COLORTERM` truecolor/24bit, else `TERM` with 256color, else 16;
    /// `NO_COLOR` (any value) turns colour off (https://no-color.org).
    public static func detect(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"] ?? ""
        if term.contains("direct") { return .trueColor }
        if term.contains("256color") { return .ansi256 }
        if term.isEmpty || term == "dumb" { return .none }
        return .ansi16
    }
}

/// Maps colours to the xterm 256-colour and 16-colour palettes.
public enum ColorQuantizer {
    /// The nearest xterm-256 index (6×6×6 cube or grey ramp).
    public static func index256(_ color: RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            var best = 0
            for (index, level) in levels.enumerated() where abs(level - Int(value)) < abs(levels[best] - Int(value)) { best = index }
            return best
        }
        let r = nearestLevel(color.red), g = nearestLevel(color.green), b = nearestLevel(color.blue)
        let cube = RGB(UInt8(levels[r]), UInt8(levels[g]), UInt8(levels[b]))
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
        let greyLevel = UInt8(8 + greyStep * 10)
        let grey = RGB(greyLevel, greyLevel, greyLevel)
        return distance(color, grey) < distance(color, cube) ? 232 + greyStep : 16 + 36 * r + 6 * g + b
    }

    /// The 16 ANSI colours as xterm draws them.
    public static let palette16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0), RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205),
        RGB(229, 229, 229), RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0), RGB(92, 92, 255),
        RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The nearest of the 16 ANSI colours.
    public static func index16(_ color: RGB) -> Int {
        var best = 0
        for index in palette16.indices where distance(color, palette16[index]) < distance(color, palette16[best]) { best = index }
        return best
    }

    /// Squared distance weighted for perceived brightness ("redmean").
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let meanRed = (Int(a.red) + Int(b.red)) / 2
        let dr = Int(a.red) - Int(b.red), dg = Int(a.green) - Int(b.green), db = Int(a.blue) - Int(b.blue)
        // Parenthesised: in Swift `>>` binds tighter than `*`.
        return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
    }
}

// MARK: - Encoders

/// Writes frames as plain text, ANSI escapes, or a golden text + style layer.
public enum FrameEncoder {
    /// Glyphs only, one line per row; trailing blanks trimmed when `trimming`.
    public static func text(_ buffer: CellBuffer, trimming: Bool = true) -> String {
        var output = ""
        for row in 0..<buffer.height {
            var line = buffer.text(ofRow: row)
            if trimming { while line.last == " " { line.removeLast() } }
            output += line + "\n"
        }
        return output
    }

    /// ANSI SGR text at `depth`; every line ends with a reset and a newline.
    public static func ansi(_ buffer: CellBuffer, depth: ColorDepth) -> String {
        guard depth != .none else { return text(buffer, trimming: false) }
        return String(decoding: ansiBytes(buffer, depth: depth), as: UTF8.self)
    }

    /// `ansi(_:depth:)` as the UTF-8 bytes a terminal receives, without building a `String` (which validates
    /// every byte again): what a renderer writes to its file descriptor. A program that writes frame after frame
    /// keeps an `ANSIFrameEncoder` instead, which reuses its memory.
    public static func ansiBytes(_ buffer: CellBuffer, depth: ColorDepth) -> [UInt8] {
        guard depth != .none else { return Array(text(buffer, trimming: false).utf8) }
        return [UInt8](unsafeUninitializedCapacity: ansiCapacity(buffer)) { memory, initializedCount in
            initializedCount = encodeANSI(buffer, depth: depth, into: memory)
        }
    }

    /// Bytes enough for `encodeANSI` to write `buffer` at any depth but `.none`: every glyph, one full SGR sequence per
    /// cell and each row's reset, plus the writer's slack.
    static func ansiCapacity(_ buffer: CellBuffer) -> Int {
        glyphByteBound(buffer) + buffer.width * buffer.height * ByteWriter.longestSGR + buffer.height * 5 + ByteWriter.slack
    }

    /// Writes `buffer` as ANSI SGR text at `depth` (not `.none`) from the start of `memory`, which holds at least
    /// `ansiCapacity(buffer)` bytes, and returns how many bytes it wrote.
    static func encodeANSI(_ buffer: CellBuffer, depth: ColorDepth, into memory: UnsafeMutableBufferPointer<UInt8>) -> Int {
        precondition(memory.count >= ansiCapacity(buffer), "encodeANSI: memory smaller than ansiCapacity")
        var writer = ByteWriter(memory)
        var sequences = WrittenSGRs()
        buffer.withUnsafeCells { cells in
            guard let base = cells.baseAddress, !cells.isEmpty else {
                // No cells (a width of 0): each row still ends.
                for _ in 0..<buffer.height { writer.appendRowEnd() }
                return
            }
            if CellWords.layoutHolds {
                encodeRows(
                    UnsafeRawPointer(base), width: buffer.width, height: buffer.height, depth: depth, sequences: &sequences, to: &writer)
            } else {
                encodeRowsCellByCell(cells, width: buffer.width, height: buffer.height, depth: depth, sequences: &sequences, to: &writer)
            }
        }
        return writer.count
    }

    /// The ANSI encoder's loop, reading each cell as words of memory (`CellWords.layoutHolds`): the glyph's two words and
    /// the style word (colours, attributes and the continuation flag). Three kinds of cell, cheapest first:
    /// - a cell of the same style word as a cell whose own style is the one written: its glyph only;
    /// - a cell equal to the last cell that took the general path (the blanks after it): the cells after it that are
    ///   equal too found by comparing words, and their glyphs written in one go (one fill for a one-byte glyph). The
    ///   style written has not changed since that cell (only the general path changes it), so they encode as it did,
    ///   without an SGR; nothing for continuation cells;
    /// - any other cell, the general path: its style key is its style word without the flag, an SGR when it differs
    ///   from the one written (a blank cell takes the foreground written, so it never breaks a run of text), then its
    ///   glyph.
    private static func encodeRows(
        _ base: UnsafeRawPointer, width: Int, height: Int, depth: ColorDepth, sequences: inout WrittenSGRs,
        to writer: inout ByteWriter
    ) {
        let stride = MemoryLayout<Cell>.stride, rowBytes = width &* stride
        var rowStart = base
        for _ in 0..<height {
            var pointer = rowStart
            let rowEnd = rowStart + rowBytes
            rowStart = rowEnd
            // The style last written on this row, and the style word of a cell whose own style it is (no cell's word is
            // all ones: bit 25 is always clear, so the initial word matches no cell).
            var written = CellStyleKey.none
            var writtenStyle = UInt64.max
            // The words of the last cell that took the general path on this row (none yet: no glyph's words are all
            // ones), and whether it continues a wide glyph.
            var glyphLow = UInt64.max, glyphHigh = UInt64.max, style = UInt64.max
            var isContinuation = false
            while pointer < rowEnd {
                let cellLow = pointer.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                let cellHigh = pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let cellStyle = pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
                if cellStyle == writtenStyle {
                    // The style written is this cell's own (the same word; not a continuation): its glyph only.
                    writer.appendGlyph(low: cellLow, high: cellHigh)
                    pointer += stride
                    continue
                }
                if cellLow == glyphLow && cellHigh == glyphHigh && cellStyle == style {
                    var next = pointer + stride
                    while next < rowEnd, next.loadUnaligned(fromByteOffset: 0, as: UInt64.self) == cellLow,
                        next.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == cellHigh,
                        next.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == cellStyle
                    {
                        next += stride
                    }
                    if !isContinuation { Glyph(low: cellLow, high: cellHigh).write(to: &writer, times: (next - pointer) / stride) }
                    pointer = next
                    continue
                }
                glyphLow = cellLow
                glyphHigh = cellHigh
                style = cellStyle
                pointer += stride
                isContinuation = cellStyle & Cell.continuationBit != 0
                if isContinuation { continue }
                let own = CellStyleKey(rawValue: cellStyle)
                var key = own
                // A blank cell takes any foreground, so it never breaks a run.
                if written != .none, cellStyle & Cell.attributesMask == 0, cellLow == 0x20, cellHigh == 1 << 56 {
                    key.takeForeground(of: written)
                }
                if key != written {
                    sequences.append(key, depth: depth, to: &writer)
                    written = key
                    writtenStyle = key == own ? cellStyle : .max
                } else if key == own {
                    writtenStyle = cellStyle
                }
                writer.appendGlyph(low: cellLow, high: cellHigh)
            }
            writer.appendRowEnd()
        }
    }

    /// The encoder's loop through `Cell`'s properties, for a layout `CellWords` does not read: an SGR wherever a cell's
    /// style differs from the one written on its row (a blank cell taking the foreground written), then its glyph.
    private static func encodeRowsCellByCell(
        _ cells: UnsafeBufferPointer<Cell>, width: Int, height: Int, depth: ColorDepth, sequences: inout WrittenSGRs,
        to writer: inout ByteWriter
    ) {
        for row in 0..<height {
            var written = CellStyleKey.none
            for cell in cells[row * width..<(row + 1) * width] where !cell.isContinuation {
                var key = CellStyleKey(cell)
                if written != .none, cell.glyph.isSpace, cell.attributes.isEmpty { key.takeForeground(of: written) }
                if key != written {
                    sequences.append(key, depth: depth, to: &writer)
                    written = key
                }
                cell.glyph.write(to: &writer)
            }
            writer.appendRowEnd()
        }
    }
}

extension FrameEncoder {
    /// At least as many bytes as the buffer's glyphs take. While no glyph has been interned in this process (the
    /// usual case: interned glyphs are clusters of 16 bytes or more) no cell can hold one, and every glyph takes at
    /// most `Glyph.longestInlineUTF8Count` bytes: no cell is read. Otherwise the glyphs' bytes are counted.
    static func glyphByteBound(_ buffer: CellBuffer) -> Int {
        guard Glyph.anyInterned else { return buffer.width * buffer.height * Glyph.longestInlineUTF8Count }
        return buffer.withUnsafeCells { cells in cells.reduce(0) { $0 + ($1.isContinuation ? 0 : $1.glyph.utf8Count) } }
    }
}

/// Encodes frames as ANSI bytes into memory it keeps from one frame to the next, as a terminal program keeps its
/// output buffer: the bytes are those of `FrameEncoder.ansiBytes(_:depth:)`. At a colour depth, once the memory has
/// grown to a frame's size, encoding another frame of that size allocates nothing; at `.none` (glyphs only) each frame
/// is built as text first, as `FrameEncoder.text(_:trimming:)` builds it, which allocates.
public struct ANSIFrameEncoder: Sendable {
    /// How many colours the output uses; `.none` writes the glyphs only, as `FrameEncoder.text(_:trimming:)` untrimmed.
    public let depth: ColorDepth
    /// The memory written into; its first `count` bytes are the last frame's.
    private var storage: [UInt8] = []
    /// The number of bytes the last `encode(_:)` wrote (0 before the first).
    public private(set) var count = 0

    /// An encoder writing at `depth`, with no memory until the first frame.
    public init(depth: ColorDepth) { self.depth = depth }

    /// Encodes `buffer`, replacing the previous frame's bytes (read them with `withBytes(_:)` or `bytes`).
    public mutating func encode(_ buffer: CellBuffer) {
        guard depth != .none else {
            storage = Array(FrameEncoder.text(buffer, trimming: false).utf8)
            count = storage.count
            return
        }
        let needed = FrameEncoder.ansiCapacity(buffer)
        // Grown to the largest frame seen; its contents are written before they are read.
        if storage.count < needed { storage = [UInt8](repeating: 0, count: needed) }
        count = storage.withUnsafeMutableBufferPointer { FrameEncoder.encodeANSI(buffer, depth: depth, into: $0) }
    }

    /// Calls `body` with the last frame's bytes, in place (valid only during the call).
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// A copy of the last frame's bytes.
    public var bytes: [UInt8] { Array(storage[..<count]) }
}

/// The SGR sequences one frame has written so far, by style (the first 16 styles met): a style met again (every
/// row starts with the border's, then the surface's) copies its bytes from where they were first written, one
/// `memcpy`, instead of formatting its numbers digit by digit again. Made for one frame and dropped with it, so
/// it never holds a sequence another frame wrote.
struct WrittenSGRs {
    /// A style written, and where its sequence lies in the output.
    private struct Entry {
        var key: UInt64
        var start: Int32
        var count: Int32
    }

    private var entries = InlineArray<16, Entry>(repeating: Entry(key: CellStyleKey.none.rawValue, start: 0, count: 0))
    private var used = 0

    /// Writes the sequence of `key` at `depth`: copied when this frame wrote it before, else formatted and noted.
    @inline(__always)
    mutating func append(_ key: CellStyleKey, depth: ColorDepth, to writer: inout ByteWriter) {
        for index in 0..<used where entries[index].key == key.rawValue {
            writer.append(copyOf: Int(entries[index].start), count: Int(entries[index].count))
            return
        }
        let start = writer.count
        writer.appendSGR(key, depth: depth)
        guard used < entries.count, start <= Int(Int32.max) else { return }
        entries[used] = Entry(key: key.rawValue, start: Int32(start), count: Int32(writer.count - start))
        used += 1
    }
}

/// A cell's foreground, background and attributes packed into one integer, so the encoder compares a cell's style with
/// the last one written in one instruction. It is a cell's style word (`Cell.style`) without the continuation flag:
/// bits 0–23 the foreground's red, green and blue and bit 24 set when there is none (its channels then 0), bits 32–55
/// and bit 56 the background likewise, and the attributes in bits 26–31 (the six `CellAttributes` bits).
struct CellStyleKey: Equatable {
    var rawValue: UInt64

    /// No style written yet (no cell packs to all ones: bit 25 is always clear).
    static let none = CellStyleKey(rawValue: .max)

    init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The key of `cell`'s style: its style word without the continuation flag.
    init(_ cell: Cell) {
        rawValue = cell.style & ~Cell.continuationBit
    }

    /// Takes `other`'s foreground when it has one (a blank cell continues the run it sits in).
    @inline(__always)
    mutating func takeForeground(of other: CellStyleKey) {
        if other.rawValue & Cell.noForeground == 0 { rawValue = rawValue & ~Cell.colourMask | other.rawValue & Cell.colourMask }
    }

    var foreground: RGB? { Cell.unpack(rawValue) }
    var background: RGB? { Cell.unpack(rawValue >> 32) }
    var attributes: CellAttributes { CellAttributes(rawValue: UInt8(truncatingIfNeeded: rawValue >> 26) & 0x3F) }
}

/// Bytes written into memory reserved up front: no capacity or uniqueness check per byte. The caller
/// reserves enough (`longestSGR` per style change plus each glyph's bytes).
struct ByteWriter {
    /// The longest SGR sequence `appendSGR` writes: ESC [ 0, six attributes, two `;38;2;255;255;255`, m.
    static let longestSGR = 3 + 12 + 2 * 17 + 1

    private let memory: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(_ memory: UnsafeMutableBufferPointer<UInt8>) { self.memory = memory }

    /// Bytes reserved past the last one written: `append(littleEndian:count:)` stores a whole word.
    static let slack = 8

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        memory[count] = byte
        count += 1
    }

    /// Appends the `count` (0...8) low-order bytes of `word`, lowest first, with one store of all eight; the
    /// bytes past `count` land in the `slack` and are written over or left outside the result.
    @inline(__always)
    mutating func append(littleEndian word: UInt64, count byteCount: Int) {
        precondition(count + 8 <= memory.count, "ByteWriter: capacity reserved without slack")
        UnsafeMutableRawPointer(memory.baseAddress.unsafelyUnwrapped + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count += byteCount
    }

    /// Appends the UTF-8 bytes of the glyph whose words are `low` and `high` (a cell's first 16 bytes): up to eight bytes
    /// with one store, in the caller's loop (the encoder writes most cells so); a longer or interned glyph out of line.
    @inline(__always)
    mutating func appendGlyph(low: UInt64, high: UInt64) {
        let byteCount = Int(truncatingIfNeeded: high >> 56)
        if byteCount <= 8 {
            append(littleEndian: low, count: byteCount)
        } else {
            appendLongGlyph(low: low, high: high)
        }
    }

    @inline(never)
    private mutating func appendLongGlyph(low: UInt64, high: UInt64) {
        Glyph(low: low, high: high).write(to: &self)
    }

    /// Appends `byte` `count` times (a run of one-byte glyphs), with one fill of the memory.
    @inline(__always)
    mutating func append(repeating byte: UInt8, count byteCount: Int) {
        precondition(byteCount >= 0 && count + byteCount <= memory.count, "ByteWriter: capacity reserved too small")
        (memory.baseAddress.unsafelyUnwrapped + count).update(repeating: byte, count: byteCount)
        count += byteCount
    }

    /// Appends a copy of the `count` bytes written from offset `start` (a sequence this frame wrote before).
    @inline(__always)
    mutating func append(copyOf start: Int, count byteCount: Int) {
        precondition(start >= 0 && start + byteCount <= count && count + byteCount <= memory.count, "ByteWriter: copy outside the bytes")
        let base = memory.baseAddress.unsafelyUnwrapped
        (base + count).update(from: base + start, count: byteCount)
        count += byteCount
    }

    /// ESC [ 0 m and a line feed: the reset that ends every row.
    @inline(__always)
    mutating func appendRowEnd() {
        append(0x1B)
        append(0x5B)
        append(0x30)
        append(0x6D)
        append(0x0A)
    }

    @inline(__always)
    private mutating func append(_ first: UInt8, _ second: UInt8) {
        append(first)
        append(second)
    }

    @inline(__always)
    private mutating func append(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
        append(first)
        append(second)
        append(third)
    }

    mutating func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        for byte in bytes { append(byte) }
    }

    /// A number 0...999 in decimal.
    @inline(__always)
    mutating func append(number value: Int) {
        if value >= 100 { append(UInt8(48 + value / 100)) }
        if value >= 10 { append(UInt8(48 + (value / 10) % 10)) }
        append(UInt8(48 + value % 10))
    }

    /// The SGR sequence of a packed cell style.
    mutating func appendSGR(_ style: CellStyleKey, depth: ColorDepth) {
        appendSGR(foreground: style.foreground, background: style.background, attributes: style.attributes, depth: depth)
    }

    /// The SGR sequence of `FrameEncoder.sgr(foreground:background:attributes:depth:)`, as bytes.
    mutating func appendSGR(foreground: RGB?, background: RGB?, attributes: CellAttributes, depth: ColorDepth) {
        append(0x1B, 0x5B, 0x30) // ESC [ 0
        if attributes.contains(.bold) { append(0x3B, 0x31) }
        if attributes.contains(.dim) { append(0x3B, 0x32) }
        if attributes.contains(.italic) { append(0x3B, 0x33) }
        if attributes.contains(.underline) { append(0x3B, 0x34) }
        if attributes.contains(.strikethrough) { append(0x3B, 0x39) }
        if attributes.contains(.reverse) { append(0x3B, 0x37) }
        if let foreground { append(foreground, isBackground: false, depth: depth) }
        if let background { append(background, isBackground: true, depth: depth) }
        append(0x6D) // m
    }

    /// 0...255 in decimal, each as its ASCII digits from the low byte up followed by a `;`, with the count of digits in
    /// the top byte: a channel written with one store instead of divisions.
    private static let channelDigits: [UInt64] = (0..<256).map { (value: Int) -> UInt64 in
        let digits = Array(String(value).utf8)
        var word: UInt64 = 0
        for (index, digit) in (digits + [0x3B]).enumerated() { word |= UInt64(digit) << (8 * index) }
        return word | UInt64(digits.count) << 56
    }

    /// A channel (0...255) in decimal, followed by `;` when `semicolon`.
    @inline(__always)
    private mutating func append(channel: UInt8, semicolon: Bool) {
        let entry = Self.channelDigits[Int(channel)]
        append(littleEndian: entry & 0xFFFF_FFFF, count: Int(entry >> 56) + (semicolon ? 1 : 0))
    }

    private mutating func append(_ color: RGB, isBackground: Bool, depth: ColorDepth) {
        switch depth {
        case .trueColor:
            // ";38;2;" or ";48;2;" in one store, then the channels.
            append(littleEndian: isBackground ? 0x3B_32_3B_38_34_3B : 0x3B_32_3B_38_33_3B, count: 6)
            append(channel: color.red, semicolon: true)
            append(channel: color.green, semicolon: true)
            append(channel: color.blue, semicolon: false)
        case .ansi256:
            append(0x3B) // ;
            append(number: isBackground ? 48 : 38)
            append(0x3B, 0x35, 0x3B) // ;5;
            append(number: ColorQuantizer.index256(color))
        case .ansi16, .none:
            append(0x3B) // ;
            let index = ColorQuantizer.index16(color)
            let base = index < 8 ? (isBackground ? 40 : 30) : (isBackground ? 100 : 90)
            append(number: base + index % 8)
        }
    }
}

extension FrameEncoder {
    /// One SGR sequence that resets and sets everything for a cell.
    public static func sgr(foreground: RGB?, background: RGB?, attributes: CellAttributes, depth: ColorDepth) -> String {
        var codes = ["0"]
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.dim) { codes.append("2") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        if attributes.contains(.strikethrough) { codes.append("9") }
        if attributes.contains(.reverse) { codes.append("7") }
        if let foreground { codes.append(colorCode(foreground, depth: depth, isBackground: false)) }
        if let background { codes.append(colorCode(background, depth: depth, isBackground: true)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    static func colorCode(_ color: RGB, depth: ColorDepth, isBackground: Bool) -> String {
        switch depth {
        case .trueColor: return "\(isBackground ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256: return "\(isBackground ? 48 : 38);5;\(ColorQuantizer.index256(color))"
        case .ansi16, .none:
            let index = ColorQuantizer.index16(color)
            let base = index < 8 ? (isBackground ? 40 : 30) : (isBackground ? 100 : 90)
            return "\(base + index % 8)"
        }
    }

    /// A golden snapshot: the text layer, then a style layer with one letter per cell and a legend.
    /// Readable in a diff; never raw escape bytes.
    public static func golden(_ buffer: CellBuffer) -> String {
        var styles: [String: Character] = [:]
        var legend: [String] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var styleRows: [String] = []
        for row in 0..<buffer.height {
            var line = ""
            for column in 0..<buffer.width {
                let cell = buffer[column, row]
                let hasInk = !cell.glyph.isSpace && !cell.isContinuation
                var key = "bg=\(cell.background?.hex ?? "default")"
                if hasInk { key = "fg=\(cell.foreground?.hex ?? "default") " + key }
                if !cell.attributes.isEmpty { key += " " + cell.attributes.names.joined(separator: ",") }
                if let letter = styles[key] {
                    line.append(letter)
                } else {
                    let letter = styles.count < letters.count ? letters[styles.count] : "?"
                    styles[key] = letter
                    legend.append("\(letter) \(key)")
                    line.append(letter)
                }
            }
            styleRows.append(line)
        }
        var output = "text \(buffer.width)x\(buffer.height)\n"
        for row in 0..<buffer.height {
            output += "|" + buffer.text(ofRow: row) + "|\n"
        }
        output += "style\n" + styleRows.map { "|\($0)|" }.joined(separator: "\n") + "\nlegend\n" + legend.joined(separator: "\n") + "\n"
        return output
    }
}
