import Foundation
import SpellingSuggestions

// MARK: - Placeholders

/// What a `{{...}}` placeholder holds: a data path (`{{order.title}}`), or after `=` an arithmetic expression
/// (`{{= total / goal}}`).
enum Placeholder: Hashable, Sendable, CustomStringConvertible {
    case path(DataPath)
    case expression(DocumentExpression)

    /// The placeholder as written between the braces: `order.title`, `= total / goal`.
    var description: String {
        switch self {
        case .path(let path): return path.text
        case .expression(let expression): return "= " + expression.text
        }
    }

    /// The data paths the placeholder reads.
    var paths: [DataPath] {
        switch self {
        case .path(let path): return [path]
        case .expression(let expression): return expression.paths
        }
    }
}

// MARK: - Expressions

/// An arithmetic expression inside a placeholder, `{{= EXPR}}`, parsed once into a tree and evaluated with each
/// entry's data; nothing is handed to an interpreter.
///
/// The grammar: numbers (`250`, `0.5`), data paths (`goal`, `store["water.total"]`, `orders.count`), `+ - * / %`
/// with the usual precedence, unary `-`, parentheses, and the functions `int` (towards zero, as Swift's `Int(_:)`),
/// `round` (half away from zero, as `.rounded()`), `floor`, `ceil`, `abs`, `min` and `max`; `now`, the clock in seconds
/// since 2001-01-01 UTC (`Date().timeIntervalSinceReferenceDate`); and `path ?? fallback`, Swift's nil-coalescing
/// operator, which reads the fallback when the path's value is null or its last key is missing (an optional
/// `ContentState` property that is nil). Every value is a `Double`; a string holding an ISO 8601 date reads as its
/// seconds since 2001-01-01, as `JSONEncoder` writes a `Date`, so `now - state.startDate` is the seconds elapsed.
/// A name in an expression cannot contain `-` (it is the minus sign): write `["a-b"]` after a root instead.
struct DocumentExpression: Hashable, Sendable {
    /// A node of the tree; `offset` is where it starts in the template string (Unicode scalars from 0), for errors.
    indirect enum Node: Hashable, Sendable {
        case number(Double)
        case path(DataPath, offset: Int)
        case negate(Node)
        case binary(Operator, Node, Node, offset: Int)
        case call(Function, [Node], offset: Int)
        /// `now`: the clock, in seconds since 2001-01-01 UTC.
        case now(offset: Int)
        /// `path ?? fallback`: the fallback when the path's value is null or its last key is missing.
        case coalesce(DataPath, offset: Int, Node)
    }

    enum Operator: String, Hashable, Sendable {
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"
        case remainder = "%"
    }

    enum Function: String, Hashable, Sendable, CaseIterable {
        case int, round, floor, ceil, abs, min, max

        /// How many arguments the function takes.
        var arity: ClosedRange<Int> {
            switch self {
            case .min, .max: return 2...8
            default: return 1...1
            }
        }
    }

    /// The tree.
    let root: Node
    /// The expression as written (after the `=`), trimmed.
    let text: String

    /// The data paths the expression reads.
    var paths: [DataPath] {
        func walk(_ node: Node) -> [DataPath] {
            switch node {
            case .number, .now: return []
            case .path(let path, _): return [path]
            case .coalesce(let path, _, let fallback): return [path] + walk(fallback)
            case .negate(let inner): return walk(inner)
            case .binary(_, let left, let right, _): return walk(left) + walk(right)
            case .call(_, let arguments, _): return arguments.flatMap(walk)
            }
        }
        return walk(root)
    }

    /// Where the first `now` is in the template string (Unicode scalars from 0), or nil when the expression does not read
    /// the clock.
    var nowOffset: Int? {
        func walk(_ node: Node) -> Int? {
            switch node {
            case .number, .path: return nil
            case .now(let offset): return offset
            case .coalesce(_, _, let fallback): return walk(fallback)
            case .negate(let inner): return walk(inner)
            case .binary(_, let left, let right, _): return walk(left) ?? walk(right)
            case .call(_, let arguments, _): return arguments.lazy.compactMap(walk).first
            }
        }
        return walk(root)
    }

    /// Why an expression cannot be parsed or evaluated: what was expected, what was found, and where in the
    /// template string (Unicode scalars from 0).
    struct Failure: Error {
        var offset: Int
        var expected: String
        var found: String
        var suggestion: String?
    }

    // MARK: Parsing

    /// Parses `source`, which starts `offset` scalars into the template string.
    static func parse(_ source: String, offset: Int) -> Result<DocumentExpression, Failure> {
        var parser = Parser(scalars: Array(source.unicodeScalars), base: offset)
        do {
            parser.skipSpaces()
            guard !parser.atEnd else {
                return .failure(Failure(offset: offset, expected: "an expression after = such as {{= total / goal}}", found: "nothing"))
            }
            let root = try parser.parseCoalescing(depth: 0)
            parser.skipSpaces()
            if parser.current == "|" {
                throw Failure(
                    offset: parser.offset,
                    expected: "the end of the expression, or a number format after it such as |%.2f or |clock",
                    found: parser.foundHere)
            }
            guard parser.atEnd else {
                throw Failure(
                    offset: parser.offset, expected: "an operator (+ - * / % ??) or the end of the expression", found: parser.foundHere)
            }
            return .success(DocumentExpression(root: root, text: source.trimmingCharacters(in: .whitespaces)))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(offset: offset, expected: "an expression", found: "\(error)"))
        }
    }

    /// A recursive-descent parser over the expression's scalars. Parentheses, calls and signs in a row are limited to
    /// `maximumDepth` levels, and binary operators to `maximumOperators` in one expression, so the tree is at most a few
    /// hundred nodes deep and no input overflows the stack when it is evaluated, compared, hashed or freed.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        let base: Int
        var index = 0
        /// The binary operators read so far.
        var operators = 0

        static let maximumDepth = 32
        static let maximumOperators = 256

        var atEnd: Bool { index >= scalars.count }
        var offset: Int { base + index }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        /// What is at the cursor, for "found ...".
        var foundHere: String {
            guard !atEnd else { return "the end of the expression" }
            return "\"" + String(String.UnicodeScalarView(scalars[index...].prefix(12))) + "\""
        }

        /// Counts the binary operator at `at` (its offset in the template string).
        /// - Throws: `Failure` at the operator's column when it is one more than `maximumOperators`.
        mutating func countOperator(at: Int) throws {
            operators += 1
            guard operators <= Self.maximumOperators else {
                throw Failure(
                    offset: at, expected: "at most \(Self.maximumOperators) operators in one expression; compute parts in data fields",
                    found: "more")
            }
        }

        mutating func skipSpaces() {
            while let scalar = current, scalar == " " || scalar == "\t" { index += 1 }
        }

        /// `path ?? fallback`, below the arithmetic operators and right-associative, as Swift's `??`.
        mutating func parseCoalescing(depth: Int) throws -> Node {
            let left = try parseSum(depth: depth)
            skipSpaces()
            guard current == "?" else { return left }
            let at = offset
            guard index + 1 < scalars.count, scalars[index + 1] == "?" else {
                throw Failure(offset: at, expected: "?? (nil-coalescing) or the end of the expression", found: foundHere)
            }
            guard case .path(let path, let pathOffset) = left else {
                throw Failure(
                    offset: at, expected: "a data path before ?? (the optional value, such as state.pausedElapsed ?? 0)",
                    found: "an expression")
            }
            try countOperator(at: at)
            index += 2
            let fallback = try parseCoalescing(depth: depth)
            return .coalesce(path, offset: pathOffset, fallback)
        }

        mutating func parseSum(depth: Int) throws -> Node {
            guard depth < Self.maximumDepth else {
                throw Failure(offset: offset, expected: "at most \(Self.maximumDepth) levels of parentheses and calls", found: "more")
            }
            var left = try parseProduct(depth: depth)
            while true {
                skipSpaces()
                guard let scalar = current, scalar == "+" || scalar == "-" else { return left }
                let at = offset
                try countOperator(at: at)
                index += 1
                let right = try parseProduct(depth: depth)
                left = .binary(scalar == "+" ? .add : .subtract, left, right, offset: at)
            }
        }

        mutating func parseProduct(depth: Int) throws -> Node {
            var left = try parseUnary(depth: depth)
            while true {
                skipSpaces()
                guard let scalar = current, let op = Operator(rawValue: String(scalar)), op != .add, op != .subtract else {
                    return left
                }
                let at = offset
                try countOperator(at: at)
                index += 1
                let right = try parseUnary(depth: depth)
                left = .binary(op, left, right, offset: at)
            }
        }

        mutating func parseUnary(depth: Int) throws -> Node {
            skipSpaces()
            if current == "-" {
                index += 1
                guard depth < Self.maximumDepth else {
                    throw Failure(offset: offset, expected: "at most \(Self.maximumDepth) signs in a row", found: "more")
                }
                return .negate(try parseUnary(depth: depth + 1))
            }
            return try parsePrimary(depth: depth)
        }

        mutating func parsePrimary(depth: Int) throws -> Node {
            skipSpaces()
            guard let scalar = current else {
                throw Failure(offset: offset, expected: "a number, a data path, a function or (", found: "the end of the expression")
            }
            if scalar == "(" {
                index += 1
                let inner = try parseCoalescing(depth: depth + 1)
                skipSpaces()
                guard current == ")" else { throw Failure(offset: offset, expected: ") to close the (", found: foundHere) }
                index += 1
                return inner
            }
            if scalar.properties.numericType != nil && scalar.isASCII || scalar == "." {
                let start = index
                while let digit = current, digit.isASCII, digit.properties.numericType != nil || digit == "." { index += 1 }
                let literal = String(String.UnicodeScalarView(scalars[start..<index]))
                if let letter = current, letter == "e" || letter == "E" {
                    // `1e5`: read the exponent only to say what to write instead.
                    var end = index + 1
                    if end < scalars.count, scalars[end] == "+" || scalars[end] == "-" { end += 1 }
                    while end < scalars.count, scalars[end].isASCII, scalars[end].properties.numericType != nil { end += 1 }
                    let written = String(String.UnicodeScalarView(scalars[start..<end]))
                    if let value = Double(written), value.isFinite, end > index + 1 {
                        throw Failure(
                            offset: base + start,
                            expected: "a number without an exponent (exponents are not supported): write \(DocumentValue.text(of: value))",
                            found: "\"\(written)\"")
                    }
                }
                guard let value = Double(literal), value.isFinite else {
                    throw Failure(offset: base + start, expected: "a number such as 250 or 0.5", found: "\"\(literal)\"")
                }
                return .number(value)
            }
            if Self.isNameStart(scalar) {
                let start = index
                let text = scanPath()
                skipSpaces()
                if current == "(" {
                    guard let function = Function(rawValue: text) else {
                        let names = Function.allCases.map(\.rawValue)
                        throw Failure(
                            offset: base + start, expected: "a function: \(names.joined(separator: ", "))", found: "\"\(text)\"",
                            suggestion: NearestName.suggestion(for: text, among: names))
                    }
                    index += 1
                    var arguments: [Node] = []
                    skipSpaces()
                    if current != ")" {
                        while true {
                            arguments.append(try parseCoalescing(depth: depth + 1))
                            skipSpaces()
                            if current == "," {
                                index += 1
                                continue
                            }
                            break
                        }
                    }
                    guard current == ")" else {
                        throw Failure(offset: offset, expected: ", or ) in the call to \(text)", found: foundHere)
                    }
                    index += 1
                    guard function.arity.contains(arguments.count) else {
                        let wanted =
                            function.arity.count == 1
                            ? "\(function.arity.lowerBound) argument" + (function.arity.lowerBound == 1 ? "" : "s")
                            : "\(function.arity.lowerBound) to \(function.arity.upperBound) arguments"
                        throw Failure(offset: base + start, expected: "\(text)(...) with \(wanted)", found: "\(arguments.count)")
                    }
                    return .call(function, arguments, offset: base + start)
                }
                if text == "now" { return .now(offset: base + start) }
                switch DataPath.parse(text) {
                case .success(let path): return .path(path, offset: base + start)
                case .failure(let error):
                    throw Failure(offset: base + start, expected: "a data path such as goal or store[\"key\"]", found: error.reason)
                }
            }
            throw Failure(offset: offset, expected: "a number, a data path, a function or (", found: foundHere)
        }

        static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
        }

        static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
            isNameStart(scalar) || scalar.properties.numericType != nil
        }

        /// A data path: names joined by dots, and `[...]` subscripts (a quoted name may hold any character but its quote).
        mutating func scanPath() -> String {
            let start = index
            while let scalar = current {
                if Self.isNameCharacter(scalar) || scalar == "." {
                    index += 1
                } else if scalar == "[" {
                    index += 1
                    var quote: Unicode.Scalar?
                    while let inside = current {
                        index += 1
                        if let open = quote {
                            if inside == open { quote = nil }
                        } else if inside == "\"" || inside == "'" {
                            quote = inside
                        } else if inside == "]" {
                            break
                        }
                    }
                } else {
                    break
                }
            }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }
    }

    // MARK: Evaluating

    /// The expression's value, with `lookup` reading a data path (given with its offset in the template string); a
    /// path that does not exist is `lookup`'s to report, by throwing. `now` is the clock reading `now` gives, in
    /// seconds since 2001-01-01 UTC (default: `Date()`, which the host's simulated clock sets).
    /// - Throws: `Failure` for a division or remainder by zero, a value that is not a number, or a result that is
    ///   not finite; whatever `lookup` throws.
    /// `timeZone` is the zone a date without an offset (`2026-05-01T09:00`) is read in: the environment's, as a date
    /// attribute reads it.
    func evaluate(
        now: Double = Date().timeIntervalSinceReferenceDate, timeZone: TimeZone,
        _ lookup: (DataPath, Int) throws -> DocumentValue
    ) throws -> Double {
        try Self.evaluate(root, now: now, timeZone: timeZone, lookup)
    }

    /// The number a data value reads as: a number, a string or boolean that reads as one, or an ISO 8601 date's seconds
    /// since 2001-01-01 (what `JSONEncoder` writes for a `Date`); a date without an offset is read in `timeZone`.
    static func number(of value: DocumentValue, timeZone: TimeZone) -> Double? {
        if let number = value.number { return number }
        guard case .string(let text) = value, text.count >= 10, text.first?.isASCII == true, text.first?.isNumber == true,
            text.contains("T"),
            let date = DocumentDates.date(text, anchor: Date(timeIntervalSinceReferenceDate: 0), timeZone: timeZone)
        else { return nil }
        return date.timeIntervalSinceReferenceDate
    }

    private static func evaluate(
        _ node: Node, now: Double, timeZone: TimeZone, _ lookup: (DataPath, Int) throws -> DocumentValue
    ) throws -> Double {
        func evaluate(_ node: Node) throws -> Double { try Self.evaluate(node, now: now, timeZone: timeZone, lookup) }
        func read(_ path: DataPath, _ offset: Int, _ value: DocumentValue) throws -> Double {
            guard let number = number(of: value, timeZone: timeZone), number.isFinite else {
                throw Failure(offset: offset, expected: "a number at \(path)", found: "\(value.typeName) \"\(value.text)\"")
            }
            return number
        }
        switch node {
        case .number(let value):
            return value
        case .now:
            return now
        case .path(let path, let offset):
            return try read(path, offset, try lookup(path, offset))
        case .coalesce(let path, let offset, let fallback):
            let value: DocumentValue
            do {
                value = try lookup(path, offset)
            } catch {
                // A missing last key is a nil optional; a missing parent (a misspelt root or member) stays an error.
                guard path.steps.count > 1 else { throw error }
                let parent = DataPath(steps: Array(path.steps.dropLast()))
                guard case .object = try lookup(parent, offset) else { throw error }
                return try evaluate(fallback)
            }
            if value == .null { return try evaluate(fallback) }
            return try read(path, offset, value)
        case .negate(let inner):
            return -(try evaluate(inner))
        case .binary(let op, let left, let right, let offset):
            let a = try evaluate(left)
            let b = try evaluate(right)
            let result: Double
            switch op {
            case .add: result = a + b
            case .subtract: result = a - b
            case .multiply: result = a * b
            case .divide, .remainder:
                guard b != 0 else {
                    throw Failure(
                        offset: offset, expected: "a divisor other than zero after \(op.rawValue)",
                        found: "\(DocumentValue.text(of: a)) \(op.rawValue) 0")
                }
                result = op == .divide ? a / b : a.truncatingRemainder(dividingBy: b)
            }
            guard result.isFinite else {
                throw Failure(
                    offset: offset, expected: "a finite result",
                    found: "\(DocumentValue.text(of: a)) \(op.rawValue) \(DocumentValue.text(of: b))")
            }
            return result
        case .call(let function, let arguments, let offset):
            let values = try arguments.map { try evaluate($0) }
            switch function {
            case .int:
                guard abs(values[0]) < 1e15 else {
                    throw Failure(
                        offset: offset, expected: "a value int() can hold (below 10^15)", found: DocumentValue.text(of: values[0]))
                }
                return values[0].rounded(.towardZero)
            case .round: return values[0].rounded(.toNearestOrAwayFromZero)
            case .floor: return values[0].rounded(.down)
            case .ceil: return values[0].rounded(.up)
            case .abs: return Swift.abs(values[0])
            case .min: return values.min()!
            case .max: return values.max()!
            }
        }
    }
}
