import Foundation
import Testing

@testable import CellLayout
@testable import WidgetKitUI

/// `StyledGraphemes`, a range of graphemes indexed from 0, and the one array a layout shapes all its texts into.
@Suite("Shared graphemes")
struct SharedGraphemesTests {
    static func graphemes(_ string: String, run: Int = 0) -> [StyledGrapheme] {
        string.map { StyledGrapheme(bytes: GraphemeBytes($0), run: run, width: 1) }
    }

    static func string(_ graphemes: StyledGraphemes) -> String { String(graphemes.map(\.character)) }

    /// The address of the array a range of graphemes lies in.
    static func storageAddress(_ graphemes: StyledGraphemes) -> UnsafePointer<StyledGrapheme>? {
        graphemes.storage.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// The placed lines of every text under `node`, in drawing order.
    static func lines(of node: PlacedNode) -> [TextLine] {
        var lines: [TextLine] = []
        if case .text(_, let placed) = node.content { lines += placed }
        for child in node.children { lines += Self.lines(of: child) }
        return lines
    }

    static func layout(_ view: some View, width: Int = 60, height: Int = 60) -> PlacedNode {
        let node = ViewResolver.resolve(view, environment: EnvironmentValues()).0
        var environment = LayoutEnvironment(date: Date(timeIntervalSince1970: 0))
        environment.measuresTextInPoints = false
        return CellLayout.layout(node, in: CellSize(width: width, height: height), environment: environment)
    }

    @Test func emptyGraphemesHaveNoElements() {
        let empty = StyledGraphemes()
        #expect(empty.isEmpty && empty.count == 0)
        #expect(empty.withUnsafeBufferPointer(\.count) == 0)
        #expect(empty == StyledGraphemes([]))
        #expect(empty.graphemes(in: 0..<0).isEmpty)
        #expect(StyledGraphemes(Self.graphemes("abc")).graphemes(in: 3..<3).isEmpty)
    }

    @Test func oneGraphemeIsIndexedFromZero() {
        let one = StyledGraphemes(Self.graphemes("x", run: 2))
        #expect(one.count == 1 && one.startIndex == 0 && one.endIndex == 1)
        #expect(one[0].character == "x" && one[0].run == 2)
        #expect(one.withUnsafeBufferPointer { $0.map(\.character) } == ["x"])
    }

    /// A range of a range counts from its own first grapheme, reads the right ones, and shares the array.
    @Test func rangesOfManyGraphemesShareTheirArray() {
        let all = StyledGraphemes(Self.graphemes("hello, world"))
        let world = all.graphemes(in: 7..<12)
        #expect(Self.string(world) == "world" && world.count == 5 && world[0].character == "w" && world[4].character == "d")
        let orl = world.graphemes(in: 1..<4)
        #expect(Self.string(orl) == "orl")
        #expect(orl.withUnsafeBufferPointer { String($0.map(\.character)) } == "orl")
        #expect(Self.storageAddress(orl) == Self.storageAddress(all))
        // Equal by their graphemes, wherever they are stored.
        #expect(orl == StyledGraphemes(Self.graphemes("orl")))
        #expect(orl != StyledGraphemes(Self.graphemes("orld")))
        #expect(TextLine(graphemes: orl, isTruncated: false) == TextLine(graphemes: Self.graphemes("orl"), isTruncated: false))
        #expect(TextLine(graphemes: orl, isTruncated: false).width == 3)
    }

    /// A text shaped on its own holds exactly its graphemes.
    @Test func aShaperOnItsOwnHoldsItsGraphemes() throws {
        let node = try #require(ViewResolver.resolve(Text("Hi é"), environment: EnvironmentValues()).0.textNode)
        let shaper = TextShaper(node: node, date: Date(timeIntervalSince1970: 0), format: SystemTextFormat())
        #expect(Self.string(shaper.graphemes) == "Hi é")
        #expect(shaper.graphemes.storage.count == 4)
    }

    /// The texts of one layout are ranges of one array, in the order they were built, each line reading its own text.
    @Test func aLayoutsTextsShareOneArray() {
        let placed = Self.layout(
            VStack(spacing: 0) {
                Text("first")
                Text("second")
                Text("")
                Text("thïrd 🙂")
            })
        let lines = Self.lines(of: placed)
        #expect(lines.map(\.string) == ["first", "second", "thïrd 🙂"])
        let addresses = Set(lines.map { Self.storageAddress($0.graphemes) })
        #expect(addresses.count == 1)
        #expect(lines[0].graphemes.storage.count == "firstsecondthïrd 🙂".count)
    }

    /// More graphemes than the array's first room (`LayoutTree.initialGraphemeCapacity`): it grows, every text keeps its
    /// graphemes, and all still share the final array.
    @Test func textsBeyondTheFirstRoomGrowTheSharedArray() {
        let words = (0..<40).map { "text \($0 < 10 ? "0" : "")\($0)" } // 7 graphemes each: 280 in all
        #expect(words.count * 7 > LayoutTree.initialGraphemeCapacity)
        let placed = Self.layout(
            VStack(spacing: 0) {
                ForEach(words, id: \.self) { Text($0) }
            }, height: 50)
        let lines = Self.lines(of: placed)
        #expect(lines.map(\.string) == words)
        #expect(Set(lines.map { Self.storageAddress($0.graphemes) }).count == 1)
        #expect(lines[0].graphemes.storage.count == 280)
    }

    /// A wrapped text's lines (7 columns: 56 pt at 8 pt a column) are ranges of its graphemes, not copies.
    @Test func wrappedLinesAreRangesOfTheirText() {
        let placed = Self.layout(Text("one two three").frame(width: 56), width: 20, height: 10)
        let lines = Self.lines(of: placed)
        #expect(lines.map(\.string) == ["one two", "three"])
        #expect(Set(lines.map { Self.storageAddress($0.graphemes) }).count == 1)
        #expect(lines.allSatisfy { $0.graphemes.storage.count == 13 })
    }
}

extension ViewNode {
    /// The text node, when this is one.
    fileprivate var textNode: TextNode? {
        if case .text(let text) = self { return text }
        return nil
    }
}
