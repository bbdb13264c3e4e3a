import Foundation
import CellLayout
import Synchronization

// MARK: - Glyphs

/// The grapheme cluster one terminal cell shows, stored inline so a `Cell` is plain data.
///
/// A `Character` is a string underneath: copying, comparing or encoding one per cell costs reference
/// counting and Unicode-aware comparison, which dominated painting and ANSI encoding. A glyph keeps the
/// grapheme's UTF-8 bytes in two machine words instead: up to 15 bytes inline (every SF Symbol
/// replacement, box-drawing character, emoji with a variation selector or skin tone, flag and keycap),
/// longer clusters (family emoji joined with ZWJ) interned once per process in a table. Two glyphs are
/// equal exactly when their graphemes' bytes are equal, so equality and hashing are two integer compares.
///
/// Glyphs are built from a `Character` or a literal (`let corner: Glyph = "╭"`); `character` and
/// `description` give the grapheme back.
public struct Glyph: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral, CustomStringConvertible {
    /// Bytes 0...7 of the UTF-8 encoding, or the interned table index.
    private var low: UInt64
    /// Bytes 8...14 in the low seven bytes; the top byte holds the byte count, or `internedMarker`.
    private var high: UInt64

    private static let internedMarker: UInt64 = 0xFF
    private static let inlineCapacity = 15

    /// The most UTF-8 bytes a glyph stored inline has; only an interned glyph has more.
    static let longestInlineUTF8Count = inlineCapacity

    /// False until a glyph longer than `longestInlineUTF8Count` bytes has been interned in this process: while it
    /// is, every glyph is inline (the ANSI encoder then bounds a frame's bytes without reading its cells).
    static var anyInterned: Bool { InternedGlyphs.count.load(ordering: .acquiring) > 0 }

    /// The space, the glyph of a blank cell.
    public static var space: Glyph { Glyph(ascii: 0x20) }

    /// A glyph for one ASCII byte (0...127).
    @inlinable
    public init(ascii byte: UInt8) {
        self.init(low: UInt64(byte), high: 1 << 56)
    }

    @usableFromInline
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The glyph of `character`.
    public init(_ character: Character) {
        // The bytes of a grapheme as one buffer: a small string's bytes are copied to the stack, no allocation
        // (walking `Character.utf8` with an iterator, or asking `asciiValue`, costs several times more).
        var string = String(character)
        let inline = string.withUTF8 { bytes -> Glyph? in
            if bytes.count == 1 { return Glyph(ascii: bytes[0]) }
            guard bytes.count <= Self.inlineCapacity else { return nil }
            var low: UInt64 = 0, high: UInt64 = 0
            for index in 0..<bytes.count {
                if index < 8 {
                    low |= UInt64(bytes[index]) << (8 * index)
                } else {
                    high |= UInt64(bytes[index]) << (8 * (index - 8))
                }
            }
            return Glyph(low: low, high: high | UInt64(bytes.count) << 56)
        }
        if let inline {
            self = inline
        } else {
            self.init(low: UInt64(InternedGlyphs.shared.index(of: string)), high: Self.internedMarker << 56)
        }
    }

    /// A glyph from a character literal, as `let corner: Glyph = "╭"`.
    public init(extendedGraphemeClusterLiteral value: Character) {
        self.init(value)
    }

    /// True for the space of a blank cell (compared in place: the encoders ask for every cell).
    public var isSpace: Bool { low == 0x20 && high == 1 << 56 }

    /// The byte, when the glyph is one ASCII character.
    public var asciiValue: UInt8? { high == 1 << 56 && low < 0x80 ? UInt8(low) : nil }

    private var isInterned: Bool { high >> 56 == Self.internedMarker }

    /// Appends the grapheme's UTF-8 bytes to `bytes` (encoders write cells without building strings).
    public func appendUTF8(to bytes: inout [UInt8]) {
        forEachUTF8Byte { bytes.append($0) }
    }

    /// Copies the grapheme's UTF-8 bytes into `memory` from `offset` and returns the offset after them; nil (nothing
    /// copied) when they do not fit.
    func copyUTF8(into memory: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int? {
        guard offset >= 0, utf8Count <= memory.count - offset else { return nil }
        var end = offset
        forEachUTF8Byte { byte in
            memory[end] = byte
            end += 1
        }
        return end
    }

    /// How many UTF-8 bytes the grapheme has.
    public var utf8Count: Int { isInterned ? InternedGlyphs.shared.string(at: Int(low)).utf8.count : Int(high >> 56) }

    /// The byte of a one-byte (ASCII) grapheme, the common case the encoders write without a loop.
    var singleByte: UInt8? { high == 1 << 56 ? UInt8(truncatingIfNeeded: low) : nil }

    /// Writes the grapheme's UTF-8 bytes (the ANSI encoder's inner loop): an inline grapheme as one or two
    /// word stores, not byte by byte.
    @inline(__always)
    func write(to writer: inout ByteWriter) {
        let count = Int(high >> 56)
        if count <= 8 {
            writer.append(littleEndian: low, count: count)
        } else if count <= Self.inlineCapacity {
            writer.append(littleEndian: low, count: 8)
            writer.append(littleEndian: high & 0x00FF_FFFF_FFFF_FFFF, count: count - 8)
        } else {
            forEachUTF8Byte { writer.append($0) }
        }
    }

    /// Writes the grapheme's UTF-8 bytes `times` times (a run of equal cells): a one-byte grapheme as one fill.
    @inline(__always)
    func write(to writer: inout ByteWriter, times: Int) {
        if high == 1 << 56 {
            writer.append(repeating: UInt8(truncatingIfNeeded: low), count: times)
        } else {
            for _ in 0..<times { write(to: &writer) }
        }
    }

    @inline(__always)
    private func forEachUTF8Byte(_ body: (UInt8) -> Void) {
        let count = Int(high >> 56)
        if count == 1 {
            body(UInt8(truncatingIfNeeded: low))
        } else if isInterned {
            for byte in InternedGlyphs.shared.string(at: Int(low)).utf8 { body(byte) }
        } else {
            for offset in 0..<count {
                body(UInt8(truncatingIfNeeded: offset < 8 ? low >> (8 * offset) : high >> (8 * (offset - 8))))
            }
        }
    }

    /// Columns the grapheme takes in a terminal (`wcwidth`, see `DisplayWidth`).
    public var displayWidth: Int {
        if let ascii = asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        return DisplayWidth.of(description)
    }

    /// The grapheme as a `Character`.
    public var character: Character { Character(description) }

    /// The grapheme as a string.
    public var description: String {
        if isInterned { return InternedGlyphs.shared.string(at: Int(low)) }
        if let ascii = asciiValue { return String(UnicodeScalar(ascii)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.inlineCapacity)
        appendUTF8(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Graphemes longer than a glyph holds inline, each stored once per process and named by its index.
private final class InternedGlyphs: @unchecked Sendable {
    static let shared = InternedGlyphs()
    /// How many graphemes are interned, readable without the lock (`Glyph.anyInterned`).
    static let count = Atomic<Int>(0)

    private let lock = NSLock()
    private var strings: [String] = []
    private var indices: [String: Int] = [:]

    func index(of string: String) -> Int {
        lock.withLock {
            if let index = indices[string] { return index }
            strings.append(string)
            indices[string] = strings.count - 1
            Self.count.store(strings.count, ordering: .releasing)
            return strings.count - 1
        }
    }

    func string(at index: Int) -> String { lock.withLock { strings[index] } }
}
