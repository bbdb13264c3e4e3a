import Foundation
import CellLayout

// MARK: - Cells and buffers

/// An opaque sRGB colour, 8 bits per channel: what a terminal cell shows.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8, green: UInt8, blue: UInt8
    /// A colour from its red, green and blue channels, each 0...255.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
    /// From 0...1 components (clamped, rounded).
    public init(red: Double, green: Double, blue: Double) {
        func byte(_ value: Double) -> UInt8 {
            // Rounded half away from zero, as `rounded()`, without a call into libm: the whole part and the fraction of a
            // value in 0...255 are exact.
            let scaled = min(max(value, 0), 1) * 255
            let whole = Int(scaled)
            return UInt8(scaled - Double(whole) >= 0.5 ? whole + 1 : whole)
        }
        self.init(byte(red), byte(green), byte(blue))
    }
    /// Parses `#RRGGBB` or `RRGGBB`; nil when malformed.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    }
    /// `#RRGGBB`.
    public var hex: String {
        let digits = "0123456789ABCDEF".map { $0 }
        return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined()
    }
    /// The colour as `#RRGGBB`.
    public var description: String { hex }

    /// `top` with alpha `alpha` (0...1) composited over this colour.
    public func blended(with top: RGB, alpha: Double) -> RGB {
        let a = min(max(alpha, 0), 1)
        func mix(_ bottom: UInt8, _ over: UInt8) -> UInt8 { UInt8((Double(bottom) * (1 - a) + Double(over) * a).rounded()) }
        return RGB(mix(red, top.red), mix(green, top.green), mix(blue, top.blue))
    }
}

/// Text attributes of a cell.
public struct CellAttributes: OptionSet, Hashable, Sendable {
    /// The attributes as bits: 1 bold, 2 italic, 4 underline, 8 strikethrough, 16 dim, 32 reverse.
    public let rawValue: UInt8
    /// The attributes whose bits are set in `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold text (SGR 1): what weights from semibold up are drawn with.
    public static let bold = CellAttributes(rawValue: 1)
    /// Italic text (SGR 3).
    public static let italic = CellAttributes(rawValue: 2)
    /// Underlined text (SGR 4).
    public static let underline = CellAttributes(rawValue: 4)
    /// Struck-through text (SGR 9).
    public static let strikethrough = CellAttributes(rawValue: 8)
    /// Faint text (SGR 2).
    public static let dim = CellAttributes(rawValue: 16)
    /// Foreground and background swapped (SGR 7): what the preview draws chrome with on a monochrome terminal.
    public static let reverse = CellAttributes(rawValue: 32)

    /// Names in a fixed order, for goldens and JSON.
    public var names: [String] {
        var names: [String] = []
        if contains(.bold) { names.append("bold") }
        if contains(.italic) { names.append("italic") }
        if contains(.underline) { names.append("underline") }
        if contains(.strikethrough) { names.append("strikethrough") }
        if contains(.dim) { names.append("dim") }
        if contains(.reverse) { names.append("reverse") }
        return names
    }
}

/// One terminal cell: a grapheme, its colours and attributes. A wide grapheme occupies its cell and
/// the next, which is marked as a continuation. Nil colours mean the terminal's default. Plain data: no
/// reference counting when cells are copied or compared.
///
/// Stored in 24 bytes (a buffer's stride; 32 when the colours, attributes and flag were separate properties): the
/// glyph's two words, then one word `style` holding both colours, the attributes and the continuation flag. The
/// colours, `attributes` and `isContinuation` are computed from that word and write into it.
public struct Cell: Hashable, Sendable {
    /// The grapheme the cell shows; a space when empty, and ignored in a continuation cell.
    public var glyph: Glyph
    /// Bits 0–23 the foreground's red, green and blue, bit 24 set when there is none (its channels then 0), bits 26–31
    /// the six `CellAttributes` bits, bits 32–55 and bit 56 the background likewise, bit 57 the continuation flag, the
    /// others 0. One value per cell: equal cells have equal words (the encoder and `rowEquals` compare them as such).
    var style: UInt64

    static let noForeground: UInt64 = 1 << 24
    static let noBackground: UInt64 = 1 << 56
    static let continuationBit: UInt64 = 1 << 57
    static let attributesMask: UInt64 = 0x3F << 26
    /// A colour's channels and its "none" bit, at the foreground's place.
    static let colourMask: UInt64 = (1 << 25) - 1

    /// The text colour; nil is the terminal's default foreground.
    public var foreground: RGB? {
        get { Self.unpack(style) }
        set { style = style & ~Self.colourMask | Self.pack(newValue) }
    }
    /// The cell's background colour; nil is the terminal's default background.
    public var background: RGB? {
        get { Self.unpack(style >> 32) }
        set { style = style & ~(Self.colourMask << 32) | Self.pack(newValue) << 32 }
    }
    /// Bold, italic, underline and the other text attributes (the six that `CellAttributes` names; other bits are
    /// not kept).
    public var attributes: CellAttributes {
        get { CellAttributes(rawValue: UInt8(truncatingIfNeeded: style >> 26) & 0x3F) }
        set { style = style & ~Self.attributesMask | UInt64(newValue.rawValue & 0x3F) << 26 }
    }
    /// True for the right half of a wide grapheme.
    public var isContinuation: Bool {
        get { style & Self.continuationBit != 0 }
        set { style = newValue ? style | Self.continuationBit : style & ~Self.continuationBit }
    }

    /// A cell showing `glyph` in the given colours and attributes; by default a space in the terminal's colours.
    public init(
        glyph: Glyph = .space, foreground: RGB? = nil, background: RGB? = nil,
        attributes: CellAttributes = [], isContinuation: Bool = false
    ) {
        self.glyph = glyph
        style =
            Self.pack(foreground) | Self.pack(background) << 32 | UInt64(attributes.rawValue & 0x3F) << 26
            | (isContinuation ? Self.continuationBit : 0)
    }

    /// A space in the terminal's default colours, with no attributes.
    public static let blank = Cell()

    /// A colour's bits at the foreground's place: its channels, or the "none" bit alone.
    @inline(__always)
    static func pack(_ color: RGB?) -> UInt64 {
        guard let color else { return noForeground }
        return UInt64(color.red) | UInt64(color.green) << 8 | UInt64(color.blue) << 16
    }

    /// The colour whose bits are at the foreground's place in `bits` (shift the background's down by 32 first).
    @inline(__always)
    static func unpack(_ bits: UInt64) -> RGB? {
        bits & noForeground != 0
            ? nil : RGB(UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits >> 16))
    }
}

/// A rectangle of cells, row-major.
///
/// A buffer can hold a pending fill (`fillAllLater(with:)`, a painter's reset between frames): every cell reads as
/// that cell until the first write, which writes it into the memory first, unless that write is an opaque fill of the
/// whole buffer (`fill(rows:columns:with:)`), which then writes the memory once. Reads, equality and hashing see the
/// cells as an eager fill would have left them.
public struct CellBuffer: Hashable, Sendable {
    /// The number of columns, 0 or more.
    public let width: Int
    /// The number of rows, 0 or more.
    public let height: Int
    /// The cells' memory: `width` × `height` cells, stale while `isPending`.
    private var storage: [Cell]
    /// True while every cell is `pendingCell` and `storage` does not hold them yet (the next write writes it first).
    private var isPending = false
    /// The cell every cell shows while `isPending`.
    private var pendingCell = Cell.blank

    /// Every cell, row by row from the top, `width` cells a row. While a fill is pending (a painter's reset, before
    /// anything is painted) each read builds the array: read it once, not per cell (`subscript(column:row:)` reads one).
    public var cells: [Cell] {
        isPending ? [Cell](repeating: pendingCell, count: storage.count) : storage
    }

    /// Calls `body` with every cell's memory, row by row from the top (a pending fill written into a copy first): the
    /// encoders' read of the whole buffer, with no copy of the array.
    @inline(__always)
    func withUnsafeCells<Result>(_ body: (UnsafeBufferPointer<Cell>) -> Result) -> Result {
        guard isPending else { return storage.withUnsafeBufferPointer(body) }
        return [Cell](repeating: pendingCell, count: storage.count).withUnsafeBufferPointer(body)
    }

    /// A buffer of `width` × `height` cells, each `fill` (blank by default); negative sizes count as 0.
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let count = self.width * self.height, rowWidth = self.width
        // The first row cell by cell, then copies of the rows written so far (one `memcpy` each, doubling): a frame's
        // buffer in a few copies instead of a store per cell.
        storage = [Cell](unsafeUninitializedCapacity: count) { memory, initializedCount in
            guard count > 0, let base = memory.baseAddress else {
                initializedCount = 0
                return
            }
            base.initialize(repeating: fill, count: rowWidth)
            var filled = rowWidth
            while filled < count {
                let copied = min(filled, count - filled)
                (base + filled).initialize(from: base, count: copied)
                filled += copied
            }
            initializedCount = count
        }
    }

    /// Equal sizes and equal cells (a pending fill compared as the cells it stands for).
    public static func == (lhs: CellBuffer, rhs: CellBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        switch (lhs.isPending, rhs.isPending) {
        case (false, false): return lhs.storage == rhs.storage
        case (true, true): return lhs.pendingCell == rhs.pendingCell || lhs.storage.isEmpty
        case (true, false): return rhs.storage.allSatisfy { $0 == lhs.pendingCell }
        case (false, true): return lhs.storage.allSatisfy { $0 == rhs.pendingCell }
        }
    }

    /// Hashes the size and every cell, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        if isPending {
            // As `Array` hashes: its count, then its elements.
            hasher.combine(storage.count)
            for _ in 0..<storage.count { hasher.combine(pendingCell) }
        } else {
            hasher.combine(storage)
        }
    }

    /// Writes a pending fill into the memory (before a write that does not cover every cell).
    @inline(__always)
    private mutating func materialize() {
        guard isPending else { return }
        isPending = false
        fill(rows: 0..<height, columns: 0..<width, with: pendingCell)
    }

    /// Makes every cell `cell` without writing the memory now: the next write writes it first, unless it is an opaque
    /// fill of the whole buffer (a painter's reset between frames, before a frame whose background covers it all).
    mutating func fillAllLater(with cell: Cell) {
        pendingCell = cell
        isPending = true
    }

    /// The width and height in cells.
    public var size: CellSize { CellSize(width: width, height: height) }

    /// True when the cell at `column` and `row` (both 0-based) is inside the buffer.
    public func contains(column: Int, row: Int) -> Bool { column >= 0 && column < width && row >= 0 && row < height }

    /// The cell at `column` and `row`, both 0-based; they must be inside the buffer (`contains(column:row:)`).
    public subscript(column: Int, row: Int) -> Cell {
        get {
            guard isPending else { return storage[row * width + column] }
            precondition(contains(column: column, row: row), "CellBuffer: cell (\(column), \(row)) outside \(width) × \(height)")
            return pendingCell
        }
        set {
            materialize()
            storage[row * width + column] = newValue
        }
    }

    /// Sets the cells of `columns` on `row` (both already inside the buffer) to `cell`.
    mutating func fill(row: Int, columns: Range<Int>, with cell: Cell) {
        precondition(row >= 0 && row < height && columns.lowerBound >= 0 && columns.upperBound <= width, "fill outside the buffer")
        let start = row * width
        materialize()
        // One pass over the row's memory: no bounds or uniqueness check per cell.
        storage.withUnsafeMutableBufferPointer { all in
            UnsafeMutableBufferPointer(rebasing: all[start + columns.lowerBound..<start + columns.upperBound]).update(repeating: cell)
        }
    }

    /// Sets the cells of `columns` on every row of `rows` (all already inside the buffer) to `cell`: the first row's
    /// span cell by cell, the others copied from it (one span when the columns are whole rows).
    mutating func fill(rows: Range<Int>, columns: Range<Int>, with cell: Cell) {
        precondition(
            rows.lowerBound >= 0 && rows.upperBound <= height && columns.lowerBound >= 0 && columns.upperBound <= width,
            "fill outside the buffer")
        guard !rows.isEmpty, !columns.isEmpty else { return }
        let width = width
        if isPending {
            // The whole buffer: the pending fill is dropped unwritten and the memory written once, by this fill.
            if rows.count == height && columns.count == width { isPending = false } else { materialize() }
        }
        storage.withUnsafeMutableBufferPointer { all in
            let base = all.baseAddress.unsafelyUnwrapped
            let first = base + rows.lowerBound * width + columns.lowerBound
            first.update(repeating: cell, count: columns.count)
            guard columns.count == width else {
                for row in rows.dropFirst() { (base + row * width + columns.lowerBound).update(from: first, count: columns.count) }
                return
            }
            // Whole rows lie end to end: the rows written so far copied after them, doubling, one `memcpy` each.
            let count = rows.count * width
            var filled = width
            while filled < count {
                let copied = min(filled, count - filled)
                (first + filled).update(from: first, count: copied)
                filled += copied
            }
        }
    }

    /// Calls `body` with the cells' memory, row by row from the top (the painter's one-pass writes: a loop over it costs
    /// no bounds or uniqueness check per cell, and no call per cell).
    @inline(__always)
    mutating func withUnsafeMutableCells<Result>(_ body: (UnsafeMutableBufferPointer<Cell>) -> Result) -> Result {
        materialize()
        return storage.withUnsafeMutableBufferPointer { body($0) }
    }

    /// True when row `row` shows the same cells in this buffer and in `other` (of the same width; `row` inside
    /// both): what `ScreenDiff` asks of every row. Cells are compared as their three words of memory (`CellWords`: a
    /// cell has no padding and a nil colour's channels are always 0, so equal cells have equal words). Falls back to
    /// `==` if `Cell`'s memory is not laid out as `CellWords` expects, or while a buffer holds a pending fill.
    public func rowEquals(_ other: CellBuffer, row: Int) -> Bool {
        precondition(other.width == width && row >= 0 && row < height && row < other.height, "rowEquals: rows outside the buffers")
        let start = row * width
        guard CellWords.layoutHolds, !isPending, !other.isPending else {
            return (0..<width).allSatisfy { self[$0, row] == other[$0, row] }
        }
        return storage.withUnsafeBytes { mine in
            other.storage.withUnsafeBytes { theirs in
                let stride = MemoryLayout<Cell>.stride
                for index in start..<start + width
                where CellWords(mine.baseAddress.unsafelyUnwrapped + index &* stride)
                    != CellWords(theirs.baseAddress.unsafelyUnwrapped + index &* stride)
                {
                    return false
                }
                return true
            }
        }
    }

    /// The glyphs of one row, continuation cells skipped.
    public func text(ofRow row: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width)
        for column in 0..<width {
            let cell = self[column, row]
            if !cell.isContinuation { cell.glyph.appendUTF8(to: &bytes) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Copies `other` into this buffer with its top-leading corner at (column, row), clipped.
    public mutating func draw(_ other: CellBuffer, atColumn column: Int, row: Int) {
        for y in 0..<other.height where row + y >= 0 && row + y < height {
            for x in 0..<other.width where column + x >= 0 && column + x < width {
                self[column + x, row + y] = other[x, y]
            }
        }
    }
}

/// A cell's content as words read from its memory: the glyph's two words and the style word. Equal words are equal
/// cells and equal cells give equal words (a nil colour's channels are always 0). Relies on `Cell`'s stored layout
/// (the glyph at 0, `style` at 16), which `layoutHolds` checks once.
struct CellWords: Equatable {
    var glyphLow: UInt64, glyphHigh: UInt64, style: UInt64

    @inline(__always)
    init(_ pointer: UnsafeRawPointer) {
        glyphLow = pointer.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        glyphHigh = pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        style = pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
    }

    /// True when `Cell` is laid out as the initialiser reads it (checked once per process).
    static let layoutHolds: Bool = {
        guard MemoryLayout<Cell>.size == 24, MemoryLayout<Glyph>.size == 16, MemoryLayout<Cell>.offset(of: \Cell.style) == 16
        else { return false }
        let cell = Cell(glyph: "x", foreground: RGB(1, 2, 3), background: nil, attributes: .underline, isContinuation: true)
        return withUnsafeBytes(of: cell) { CellWords($0.baseAddress.unsafelyUnwrapped) }
            == CellWords(glyphLow: 0x78, glyphHigh: 1 << 56, style: 0x030201 | 4 << 26 | Cell.noBackground | Cell.continuationBit)
    }()

    init(glyphLow: UInt64, glyphHigh: UInt64, style: UInt64) {
        self.glyphLow = glyphLow
        self.glyphHigh = glyphHigh
        self.style = style
    }
}
