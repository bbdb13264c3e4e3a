import Foundation

// MARK: - Decoding what the terminal sends

/// Turns the bytes a terminal sends into keys and mouse reports: UTF-8 characters, control keys, CSI and
/// SS3 sequences (arrows, Home/End, Page Up/Down, Shift-Tab), SGR 1006 mouse reports (`ESC [ < b ; x ; y M`
/// or `m`) and X10 mouse reports (`ESC [ M` and three bytes). A sequence cut off at the end of a read is
/// kept until more bytes arrive or `flush()` is called (a lone Escape key).
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder with no pending bytes.
    public init() {}

    /// True when the last read ended inside an escape sequence or a UTF-8 character.
    public var hasPendingBytes: Bool { !pending.isEmpty }

    /// Decodes `bytes` after any pending ones; returns the complete events, in order.
    public mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            guard let (event, length) = Self.decodeOne(pending, at: index) else { break }
            if let event { events.append(event) }
            index += length
        }
        pending.removeFirst(index)
        return events
    }

    /// Decodes what is pending as if no more bytes will come: an unfinished escape sequence becomes the
    /// Escape key followed by its bytes as keys; an unfinished UTF-8 character is dropped.
    public mutating func flush() -> [InputEvent] {
        var events: [InputEvent] = []
        while !pending.isEmpty {
            if pending[0] == 0x1B {
                events.append(.key(.escape))
                pending.removeFirst()
                events += decode([])
            } else {
                pending.removeAll()
            }
        }
        return events
    }

    /// One event from `bytes[index...]`: the event (nil for bytes that mean nothing) and how many bytes it
    /// took, or nil when the bytes stop in the middle of it.
    static func decodeOne(_ bytes: [UInt8], at index: Int) -> (InputEvent?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x1B:
            guard index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "[") { return decodeCSI(bytes, at: index) }
            if next == UInt8(ascii: "O") {
                guard index + 2 < bytes.count else { return nil }
                let key: Key? =
                    switch bytes[index + 2] {
                    case UInt8(ascii: "A"): .up
                    case UInt8(ascii: "B"): .down
                    case UInt8(ascii: "C"): .right
                    case UInt8(ascii: "D"): .left
                    case UInt8(ascii: "H"): .home
                    case UInt8(ascii: "F"): .end
                    default: nil
                    }
                return (key.map { .key($0) }, 3)
            }
            if next == 0x1B { return (.key(.escape), 1) }
            // Alt+key: the Escape key, then the key.
            return (.key(.escape), 1)
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x09: return (.key(.tab), 1)
        case 0x7F, 0x08: return (.key(.backspace), 1)
        case 0x00: return (nil, 1)
        case 0x01...0x1A:
            return (.key(.control(Character(UnicodeScalar(byte + 0x60)))), 1)
        case 0x1C...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.key(.character(Character(UnicodeScalar(byte)))), 1)
        default:
            return decodeUTF8(bytes, at: index)
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], at index: Int) -> (InputEvent?, Int)? {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1 else { return (nil, 1) } // a stray continuation byte
        guard index + length <= bytes.count else { return nil }
        let slice = Array(bytes[index..<index + length])
        guard let text = String(validating: slice, as: UTF8.self), let character = text.first else { return (nil, 1) }
        return (.key(.character(character)), length)
    }

    private static func decodeCSI(_ bytes: [UInt8], at index: Int) -> (InputEvent?, Int)? {
        var cursor = index + 2
        // X10 mouse: ESC [ M then button+32, column+33, row+33 (1-based + 32).
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "M") {
            guard cursor + 3 < bytes.count else { return nil }
            let code = Int(bytes[cursor + 1]) - 32
            let column = Int(bytes[cursor + 2]) - 33
            let row = Int(bytes[cursor + 3]) - 33
            let isRelease = code & 3 == 3
            let event = MouseEvent(
                button: isRelease ? 0 : Self.button(code), kind: isRelease ? .release : Self.kind(code, release: false),
                column: max(column, 0), row: max(row, 0))
            return (.mouse(event), 6)
        }
        var parameters: [UInt8] = []
        while cursor < bytes.count, (0x30...0x3F).contains(bytes[cursor]) || (0x20...0x2F).contains(bytes[cursor]) {
            parameters.append(bytes[cursor])
            cursor += 1
            if cursor - index > 64 { return (nil, cursor - index) } // runaway sequence: drop it
        }
        guard cursor < bytes.count else { return nil }
        let final = bytes[cursor]
        let length = cursor - index + 1
        guard (0x40...0x7E).contains(final) else { return (nil, length) }
        let text = String(decoding: parameters, as: UTF8.self)
        if text.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
            let fields = text.dropFirst().split(separator: ";").map { Int($0) }
            guard fields.count == 3, let code = fields[0], let column = fields[1], let row = fields[2] else { return (nil, length) }
            let isRelease = final == UInt8(ascii: "m")
            let event = MouseEvent(
                button: Self.button(code), kind: Self.kind(code, release: isRelease),
                column: max(column - 1, 0), row: max(row - 1, 0))
            return (.mouse(event), length)
        }
        let first = text.split(separator: ";").first.flatMap { Int($0) }
        let key: Key?
        switch final {
        case UInt8(ascii: "A"): key = .up
        case UInt8(ascii: "B"): key = .down
        case UInt8(ascii: "C"): key = .right
        case UInt8(ascii: "D"): key = .left
        case UInt8(ascii: "H"): key = .home
        case UInt8(ascii: "F"): key = .end
        case UInt8(ascii: "Z"): key = .backTab
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 5: key = .pageUp
            case 6: key = .pageDown
            default: key = nil
            }
        default: key = nil
        }
        return (key.map { .key($0) }, length)
    }

    /// The button of an xterm mouse code: low two bits plus the wheel flag (64).
    private static func button(_ code: Int) -> Int { (code & 3) | (code & 64) }

    private static func kind(_ code: Int, release: Bool) -> MouseEvent.Kind {
        if code & 32 != 0 || code & 64 != 0 { return .other } // motion or wheel
        return release ? .release : .press
    }
}
