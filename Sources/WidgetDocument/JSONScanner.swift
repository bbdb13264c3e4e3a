import Foundation
import WidgetKitUI

// MARK: - JSON with positions

/// Where a value starts in a document: 1-based line and column, and the byte offset.
///
/// Columns count Unicode scalars from the start of the line (a tab is one column), so an editor that shows
/// character columns lands on the same place.
public struct DocumentPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, in Unicode scalars.
    public var column: Int
    /// 0-based byte offset in the UTF-8 text.
    public var offset: Int

    /// Creates a position from a 1-based line and column (in Unicode scalars) and a 0-based byte offset.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// True when `lhs` starts earlier in the text (compares byte offsets).
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }

    /// The position as `line:column`, as in compiler messages.
    public var description: String { "\(line):\(column)" }
}

/// A JSON value as written, with the position of every value and key, members in the order written.
///
/// Foundation's `JSONSerialization` keeps no positions and no member order; widget documents need both
/// (errors name line and column; view trees keep the order of modifiers).
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number and whether it was written without a fraction or exponent.
    case number(Double, isInteger: Bool)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// What a person would call this value in an error message ("a string", "the number 3"...).
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value, let isInteger):
            return "the number " + (isInteger && abs(value) < 1e15 ? String(Int(value)) : String(value))
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(37)) + "..." : text
            return "the string \"\(shown)\""
        case .array(let items): return items.isEmpty ? "an empty array" : "an array of \(items.count)"
        case .object(let members):
            if members.isEmpty { return "an empty object" }
            let keys = members.prefix(3).map { "\"\($0.key)\"" }.joined(separator: ", ")
            return "an object with " + keys + (members.count > 3 ? ", ..." : "")
        }
    }
}

/// A JSON value and where it starts.
public struct JSONNode: Equatable, Sendable {
    /// The value as written; arrays and objects hold nodes with their own positions.
    public var value: JSONValue
    /// Where the value's first character is.
    public var position: DocumentPosition

    /// Creates a node for `value` starting at `position`.
    public init(_ value: JSONValue, at position: DocumentPosition) {
        self.value = value
        self.position = position
    }

    /// The members of an object, or nil.
    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The member named `key` of an object, or nil.
    public subscript(key: String) -> JSONNode? { members?.first { $0.key == key }?.value }
}

/// One `"key": value` member of an object.
public struct JSONMember: Equatable, Sendable {
    /// The member's name, unescaped.
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: DocumentPosition
    /// The member's value, with its own position.
    public var value: JSONNode

    /// Creates a member `key` (starting at `keyPosition`) holding `value`.
    public init(key: String, keyPosition: DocumentPosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

// MARK: - Limits

/// The most a widget document may be: larger or deeper input is refused with a message naming the limit,
/// before any recursion could exhaust the stack.
public struct DocumentLimits: Hashable, Sendable {
    /// Bytes of UTF-8 text (default 2 MiB).
    public var maximumBytes: Int
    /// Arrays and objects inside each other (default 128).
    public var maximumDepth: Int
    /// Values in the whole document (default 200 000).
    public var maximumValues: Int

    /// Creates limits; the defaults are 2 MiB of text, 128 levels of nesting and 200 000 values.
    public init(maximumBytes: Int = 2 * 1024 * 1024, maximumDepth: Int = 128, maximumValues: Int = 200_000) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
        self.maximumValues = maximumValues
    }

    /// The limits `widgetterm` applies.
    public static let standard = DocumentLimits()
}

// MARK: - Scanner

/// Parses JSON text (RFC 8259) into `JSONNode`s that keep positions, refusing input past `DocumentLimits`.
///
/// Errors are `DocumentError`s with the file, line, column and JSON path of the problem, what was expected
/// and what was found. Duplicate keys in an object are an error (RFC 8259 leaves them undefined).
public struct JSONScanner {
    private let bytes: [UInt8]
    private let file: String
    private let limits: DocumentLimits
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// A byte offset on the current line whose column is known (`markColumn`), so positions on a long line
    /// are counted from the last one rather than from the line start: one scan of each line in all.
    private var markOffset = 0
    private var markColumn = 1
    private var valueCount = 0

    /// Parses `text`.
    ///
    /// - Parameters:
    ///   - text: the UTF-8 bytes of the document.
    ///   - file: the name errors show (a path, or `<input>`).
    ///   - limits: size, depth and value-count limits.
    /// - Throws: `DocumentError` for malformed JSON, invalid UTF-8, or input past a limit.
    public static func parse(_ text: [UInt8], file: String, limits: DocumentLimits = .standard) throws -> JSONNode {
        var scanner = JSONScanner(bytes: text, file: file, limits: limits)
        return try scanner.parseDocument()
    }

    /// Parses a string (tests and tools).
    public static func parse(_ text: String, file: String = "<input>", limits: DocumentLimits = .standard) throws -> JSONNode {
        try parse(Array(text.utf8), file: file, limits: limits)
    }

    private init(bytes: [UInt8], file: String, limits: DocumentLimits) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
    }

    private mutating func parseDocument() throws -> JSONNode {
        if bytes.count > limits.maximumBytes {
            throw DocumentError(
                file: file, position: DocumentPosition(line: 1, column: 1, offset: 0), path: .root,
                expected: "a document of at most \(limits.maximumBytes) bytes (limit)",
                found: "\(bytes.count) bytes", kind: .limit)
        }
        try validateUTF8()
        // A byte-order mark is tolerated at the very start.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count else {
            throw error(expected: "a JSON value (the document is empty)", found: "the end of the file", path: .root)
        }
        let root = try parseValue(path: .root, depth: 0)
        skipWhitespace()
        if index < bytes.count {
            throw error(expected: "the end of the document after the top-level value", found: describeHere(), path: .root)
        }
        return root
    }

    // MARK: Values

    private mutating func parseValue(path: JSONPath, depth: Int) throws -> JSONNode {
        let start = advancePosition()
        valueCount += 1
        if valueCount > limits.maximumValues {
            throw DocumentError(
                file: file, position: start, path: path,
                expected: "at most \(limits.maximumValues) values in a document (limit)", found: "more", kind: .limit)
        }
        guard index < bytes.count else { throw error(expected: "a value", found: "the end of the file", path: path) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONNode(try parseObject(path: path, depth: depth + 1, start: start), at: start)
        case UInt8(ascii: "["):
            return JSONNode(try parseArray(path: path, depth: depth + 1, start: start), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString(path: path)), at: start)
        case UInt8(ascii: "t"):
            try expectWord("true", path: path)
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectWord("false", path: path)
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectWord("null", path: path)
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(try parseNumber(path: path), at: start)
        default:
            throw error(expected: "a value (object, array, string, number, true, false or null)", found: describeHere(), path: path)
        }
    }

    private mutating func checkDepth(_ depth: Int, path: JSONPath, start: DocumentPosition) throws {
        if depth > limits.maximumDepth {
            throw DocumentError(
                file: file, position: start, path: path,
                expected: "at most \(limits.maximumDepth) levels of nested arrays and objects (limit)",
                found: "level \(depth)", kind: .limit)
        }
    }

    private mutating func parseObject(path: JSONPath, depth: Int, start: DocumentPosition) throws -> JSONValue {
        try checkDepth(depth, path: path, start: start)
        index += 1
        var members: [JSONMember] = []
        var seen: [String: DocumentPosition] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw error(
                    expected: members.isEmpty ? "a member name in double quotes or }" : "a member name in double quotes",
                    found: describeHere(), path: path)
            }
            let keyPosition = advancePosition()
            let key = try parseString(path: path)
            if let first = seen[key] {
                throw DocumentError(
                    file: file, position: keyPosition, path: path.appending(key),
                    expected: "each member name once per object (\"\(key)\" is already at line \(first.line), column \(first.column))",
                    found: "\"\(key)\" again", kind: .invalid)
            }
            seen[key] = keyPosition
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw error(expected: "a colon after the member name \"\(key)\"", found: describeHere(), path: path.appending(key))
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(path: path.appending(key), depth: depth)
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            let valueEnd = (index: index, line: line, lineStart: lineStart)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    throw error(expected: "another member after the comma (JSON allows no trailing comma)", found: "}", path: path)
                }
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default:
                if let missingComma = missingComma(after: valueEnd, expected: "a comma or } after the member \"\(key)\"", path: path) {
                    throw missingComma
                }
                throw error(expected: "a comma or } after the member \"\(key)\"", found: describeHere(), path: path)
            }
        }
    }

    private mutating func parseArray(path: JSONPath, depth: Int, start: DocumentPosition) throws -> JSONValue {
        try checkDepth(depth, path: path, start: start)
        index += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(path: path.appending(items.count), depth: depth))
            let itemEnd = (index: index, line: line, lineStart: lineStart)
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    throw error(expected: "another value after the comma (JSON allows no trailing comma)", found: "]", path: path)
                }
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default:
                if let missingComma = missingComma(after: itemEnd, expected: "a comma or ] after item \(items.count - 1)", path: path) {
                    throw missingComma
                }
                throw error(expected: "a comma or ] after item \(items.count - 1)", found: describeHere(), path: path)
            }
        }
    }

    private mutating func parseString(path: JSONPath) throws -> String {
        index += 1 // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) {
            if end > runStart { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard index < bytes.count else { throw error(expected: "a closing double quote", found: "the end of the file", path: path) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                guard index < bytes.count else {
                    throw error(expected: "an escape character after \\", found: "the end of the file", path: path)
                }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let first = try hexQuad(path: path)
                    if (0xD800...0xDBFF).contains(first) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error(
                                expected: "a low surrogate \\uDC00-\\uDFFF after the high surrogate", found: describeHere(), path: path)
                        }
                        index += 2
                        let second = try hexQuad(path: path)
                        guard (0xDC00...0xDFFF).contains(second) else {
                            throw error(expected: "a low surrogate \\uDC00-\\uDFFF", found: String(format: "\\u%04X", second), path: path)
                        }
                        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        scalars.append(Unicode.Scalar(UInt32(value))!)
                    } else if (0xDC00...0xDFFF).contains(first) {
                        throw error(expected: "a high surrogate before a low one", found: String(format: "\\u%04X", first), path: path)
                    } else {
                        scalars.append(Unicode.Scalar(UInt32(first))!)
                    }
                default:
                    index -= 1
                    throw error(
                        expected: "one of the escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", found: "\\" + describeHere(), path: path)
                }
                runStart = index
            case 0x00..<0x20:
                throw error(
                    expected: "no control characters inside a string (write \\n, \\t or \\u00XX)",
                    found: String(format: "the control character U+%04X", Int(byte)), path: path)
            default:
                index += 1
            }
        }
    }

    private mutating func hexQuad(path: JSONPath) throws -> Int {
        var value = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw error(expected: "four hexadecimal digits after \\u", found: describeHere(), path: path)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    private mutating func parseNumber(path: JSONPath) throws -> JSONValue {
        let start = index
        var isInteger = true
        if peek == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        let leadingZero = peek == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error(expected: "a digit after the minus sign", found: describeHere(), path: path) }
        if leadingZero && integerDigits > 1 {
            index = start
            throw error(expected: "a number without leading zeros", found: describeHere(), path: path)
        }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digits() > 0 else { throw error(expected: "a digit after the decimal point", found: describeHere(), path: path) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error(expected: "a digit in the exponent", found: describeHere(), path: path) }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error(expected: "a number within the range of a 64-bit float", found: text, path: path)
        }
        return .number(value, isInteger: isInteger)
    }

    private mutating func expectWord(_ word: String, path: JSONPath) throws {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else {
            throw error(expected: "a value (object, array, string, number, true, false or null)", found: describeHere(), path: path)
        }
        index += utf8.count
    }

    // MARK: Positions and errors

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The position of `index`, computed from the line start (columns count scalars: continuation bytes are skipped).
    private var position: DocumentPosition {
        var column = 1
        var scan = lineStart
        while scan < index {
            if bytes[scan] & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        return DocumentPosition(line: line, column: column, offset: index)
    }

    /// The position of `index`, counted on from the last position asked for on the same line: the scanner
    /// only moves forward, so a document on one line costs one scan rather than one scan per value.
    private mutating func advancePosition() -> DocumentPosition {
        if markOffset < lineStart || markOffset > index {
            markOffset = lineStart
            markColumn = 1
        }
        while markOffset < index {
            if bytes[markOffset] & 0xC0 != 0x80 { markColumn += 1 }
            markOffset += 1
        }
        return DocumentPosition(line: line, column: markColumn, offset: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: "/")
            where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
                // Comments are not JSON; the error names them so the fix is obvious.
                return
            default:
                return
            }
        }
    }

    /// What is at `index`, for "found ..." (a character, a comment, the end of the file).
    private func describeHere() -> String {
        guard index < bytes.count else { return "the end of the file" }
        if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
            bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")
        {
            return "a comment (JSON has no comments)"
        }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[index..<end], as: UTF8.self)
        if character == "'" { return "' (JSON strings use double quotes)" }
        if Self.isWordByte(bytes[index]), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            var wordEnd = index
            while wordEnd < bytes.count, wordEnd - index < 24, Self.isWordByte(bytes[wordEnd]) { wordEnd += 1 }
            return "\(String(decoding: bytes[index..<wordEnd], as: UTF8.self)) (strings need double quotes)"
        }
        return character
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The error for a value followed by the start of another value with no comma between (the commonest slip in
    /// hand-written JSON), or nil when what follows starts no value. It is placed where the comma belongs, right
    /// after the value, as compilers place a missing separator, and names what follows and where, with the fix.
    private func missingComma(
        after end: (index: Int, line: Int, lineStart: Int), expected: String, path: JSONPath
    ) -> DocumentError? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        let startsValue =
            byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "-")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        let literal = ["true", "false", "null"].first { bytes[index...].starts(with: $0.utf8) }
        guard startsValue || literal != nil else { return nil }
        let next = position
        var column = 1
        for scan in end.lineStart..<end.index where bytes[scan] & 0xC0 != 0x80 { column += 1 }
        let commaPosition = DocumentPosition(line: end.line, column: column, offset: end.index)
        var token = literal ?? describeHere()
        if byte == UInt8(ascii: "\"") {
            var close = index + 1
            while close < bytes.count, close - index < 40, bytes[close] != UInt8(ascii: "\""), bytes[close] != UInt8(ascii: "\n") {
                close += 1
            }
            if close < bytes.count, bytes[close] == UInt8(ascii: "\"") { token = String(decoding: bytes[index...close], as: UTF8.self) }
        }
        return DocumentError(
            file: file, position: commaPosition, path: path, expected: expected,
            found: "\(token) at line \(next.line), column \(next.column), with no comma before it: "
                + "add a comma here, at line \(end.line), column \(column)",
            kind: .syntax)
    }

    private func error(expected: String, found: String, path: JSONPath) -> DocumentError {
        DocumentError(file: file, position: position, path: path, expected: expected, found: found, kind: .syntax)
    }

    /// Refuses bytes that are not UTF-8, naming the first bad byte's line and column.
    private mutating func validateUTF8() throws {
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            let length: Int
            switch byte {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            var valid = length > 0 && offset + length <= bytes.count
            if valid && length > 1 {
                for continuation in 1..<length where bytes[offset + continuation] & 0xC0 != 0x80 { valid = false }
                if valid {
                    let second = bytes[offset + 1]
                    if byte == 0xE0 && second < 0xA0 { valid = false } // overlong
                    if byte == 0xED && second > 0x9F { valid = false } // surrogates
                    if byte == 0xF0 && second < 0x90 { valid = false } // overlong
                    if byte == 0xF4 && second > 0x8F { valid = false } // past U+10FFFF
                }
            }
            if !valid {
                index = offset
                // Line and column of the bad byte.
                line = 1
                lineStart = 0
                for scan in 0..<offset where bytes[scan] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = scan + 1
                }
                throw DocumentError(
                    file: file, position: position, path: .root, expected: "UTF-8 text",
                    found: String(format: "the byte 0x%02X, which is not valid UTF-8", Int(byte)), kind: .syntax)
            }
            offset += length
        }
    }
}
