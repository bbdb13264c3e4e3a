// MARK: - Runs: one inline, several in an array

/// A list that keeps one element inline and several (or none) in an array, for the runs of a text: nearly every
/// `Text` has one run, and an array of one is an allocation for every text of every body evaluation.
///
/// The storage of `TextRuns` (a resolved text's runs) and of `Text`'s own runs (docs/DECISIONS.md, "Frame cost,
/// thirteenth pass").
@usableFromInline
struct OneOrMany<Element>: RandomAccessCollection, MutableCollection {
    /// One element inline, or the elements (none, or two and more) in an array.
    @usableFromInline
    enum Storage {
        case one(Element)
        case several([Element])
    }

    @usableFromInline
    var storage: Storage

    /// No elements (an empty array allocates nothing).
    @inlinable
    init() { storage = .several([]) }

    /// One element, kept inline.
    @inlinable
    init(_ element: Element) { storage = .one(element) }

    /// The elements of `elements`, in order; one is kept inline.
    @inlinable
    init(_ elements: [Element]) { storage = elements.count == 1 ? .one(elements[0]) : .several(elements) }

    /// 0.
    @inlinable
    var startIndex: Int { 0 }

    /// The number of elements.
    @inlinable
    var endIndex: Int { count }

    /// The number of elements.
    @inlinable
    var count: Int {
        switch storage {
        case .one: return 1
        case .several(let elements): return elements.count
        }
    }

    /// Element `position`, counted from 0; read in place, changed in place.
    @inlinable
    subscript(position: Int) -> Element {
        get {
            switch storage {
            case .one(let element):
                precondition(position == 0, "index \(position) out of range of 1 run")
                return element
            case .several(let elements):
                return elements[position]
            }
        }
        _modify {
            // The payload is taken out of the storage while it is changed, so it stays uniquely referenced.
            switch storage {
            case .one(var element):
                precondition(position == 0, "index \(position) out of range of 1 run")
                storage = .several([])
                defer { storage = .one(element) }
                yield &element
            case .several(var elements):
                storage = .several([])
                defer { storage = .several(elements) }
                yield &elements[position]
            }
        }
    }

    /// Appends `element`: an empty list keeps it inline, a list of one moves both into an array.
    @inlinable
    mutating func append(_ element: Element) {
        switch storage {
        case .one(let first):
            storage = .several([first, element])
        case .several(var elements):
            if elements.isEmpty {
                storage = .one(element)
            } else {
                storage = .several([])
                elements.append(element)
                storage = .several(elements)
            }
        }
    }

    /// Calls `body` with the elements in contiguous memory.
    @inlinable
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        switch storage {
        case .one(let element): return try withUnsafePointer(to: element) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
        case .several(let elements): return try elements.withUnsafeBufferPointer(body)
        }
    }

    /// The elements as an array (for encoding and concatenation, not for the frame).
    @inlinable
    var array: [Element] {
        switch storage {
        case .one(let element): return [element]
        case .several(let elements): return elements
        }
    }
}

extension OneOrMany: Sendable where Element: Sendable {}
extension OneOrMany.Storage: Sendable where Element: Sendable {}

extension OneOrMany: Equatable where Element: Equatable {
    /// True when both hold equal elements in the same order, however they are stored.
    @inlinable
    static func == (lhs: OneOrMany, rhs: OneOrMany) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs[index] != rhs[index] { return false }
        return true
    }
}

// MARK: - TextRuns

/// The styled runs of a resolved text (`TextNode.runs`), in order: a random-access, mutable collection of
/// `TextRun` written like an array (`[run]`, `TextRuns(array)`).
///
/// One run, nearly every text's, is kept inline instead of in an array of one, so resolving a `Text` allocates
/// nothing for its runs; concatenated texts keep theirs in an array. It encodes exactly as `[TextRun]` does (an
/// unkeyed list of runs), so archives and documents read and write the same bytes as before it existed.
public struct TextRuns: RandomAccessCollection, MutableCollection, Equatable, Sendable, Codable, ExpressibleByArrayLiteral {
    @usableFromInline
    var list: OneOrMany<TextRun>

    /// No runs.
    @inlinable
    public init() { list = OneOrMany() }

    /// One run, kept inline.
    @inlinable
    public init(_ run: TextRun) { list = OneOrMany(run) }

    /// The runs of `runs`, in order (one run is kept inline).
    @inlinable
    public init(_ runs: [TextRun]) { list = OneOrMany(runs) }

    /// The runs listed, in order.
    public init(arrayLiteral runs: TextRun...) { self.init(runs) }

    @inlinable
    init(list: OneOrMany<TextRun>) { self.list = list }

    /// 0.
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of runs.
    @inlinable
    public var endIndex: Int { list.count }

    /// Run `position`, counted from 0 in reading order.
    @inlinable
    public subscript(position: Int) -> TextRun {
        get { list[position] }
        _modify { yield &list[position] }
    }

    /// Appends `run` after the others.
    @inlinable
    public mutating func append(_ run: TextRun) { list.append(run) }

    /// Calls `body` with the runs in contiguous memory; the pointer is valid only inside `body`.
    @inlinable
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<TextRun>) throws -> Result) rethrows -> Result {
        try list.withUnsafeBufferPointer(body)
    }

    /// True when both hold the same runs in the same order.
    public static func == (lhs: TextRuns, rhs: TextRuns) -> Bool { lhs.list == rhs.list }

    /// Reads the runs written by `encode(to:)` (or by an array of runs): an unkeyed list.
    public init(from decoder: any Decoder) throws { self.init(try [TextRun](from: decoder)) }

    /// Writes the runs as `[TextRun]` does: an unkeyed list of runs.
    public func encode(to encoder: any Encoder) throws { try list.array.encode(to: encoder) }
}
