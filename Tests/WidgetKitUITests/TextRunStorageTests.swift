import Foundation
import Testing

@testable import WidgetKitUI

/// `Text` keeps its first run in the text and the others in an array: a text of one run (a literal, a verbatim
/// string, a date) allocates nothing for its runs, and concatenation, interpolation and the style modifiers keep
/// every run in order.
@Suite struct TextRunStorageTests {
    /// The characters of each verbatim run, "?" for another content.
    static func strings(_ contents: [TextContent]) -> [String] {
        contents.map { content in
            if case .verbatim(let string) = content { return string }
            return "?"
        }
    }

    /// The text node `text` resolves to in the default environment.
    static func node(_ text: Text) throws -> TextNode {
        let node = ViewResolver.resolve(text, environment: EnvironmentValues()).0
        guard case .text(let resolved) = node else { throw TextRunStorageError.notText("\(node)") }
        return resolved
    }

    enum TextRunStorageError: Error { case notText(String) }

    @Test("a text of one run keeps it in the text, with no further runs")
    func oneRun() {
        let date = Date(timeIntervalSince1970: 0)
        for text in [Text(verbatim: "a"), Text("a"), Text(date, style: .timer), Text(date...date.addingTimeInterval(60))] {
            #expect(text.moreRuns.isEmpty && text.runs.count == 1)
        }
        #expect(Text("key").firstRun.localization?.formatKey == "key")
        #expect(Text(verbatim: "key").firstRun.localization == nil)
    }

    @Test("concatenation keeps every run in order: one, two, then three and four")
    func concatenation() {
        let two = Text(verbatim: "a") + Text(verbatim: "b").bold()
        #expect(Self.strings(two.runs.map(\.content)) == ["a", "b"] && two.moreRuns.count == 1)
        #expect(two.runs[0].weight == nil && two.runs[1].weight == .bold)
        let four = two + (Text(verbatim: "c") + Text(verbatim: "d"))
        #expect(Self.strings(four.runs.map(\.content)) == ["a", "b", "c", "d"] && four.moreRuns.count == 3)
    }

    @Test("a key with an interpolated date is three runs, none with a string-table key")
    func interpolatedKey() {
        let date = Date(timeIntervalSince1970: 0)
        let text = Text("at \(date, style: .time) now")
        #expect(text.runs.map(\.content) == [.verbatim("at "), .date(date, style: .time), .verbatim(" now")])
        #expect(text.runs.allSatisfy { $0.localization == nil })
        let value = Text("\(3) steps")
        #expect(value.runs.count == 1 && value.firstRun.localization?.formatKey == "%lld steps")
    }

    @Test("a key of another string table is read as written: no run keeps a string-table key")
    func otherTable() {
        let one = Text("Hello", tableName: "Other")
        #expect(one.runs.count == 1 && one.firstRun.localization == nil && one.unreadTable?.table == "Other")
        let localizable = Text("Hello", tableName: "Localizable")
        #expect(localizable.firstRun.localization != nil && localizable.unreadTable == nil)
        let date = Date(timeIntervalSince1970: 0)
        let several = Text("at \(date, style: .time) \(4)", tableName: "Other")
        #expect(several.runs.count == 3 && several.runs.allSatisfy { $0.localization == nil })
    }

    @Test("style modifiers and colours change every run, of one text or of several")
    func modifiers() {
        let one = Text(verbatim: "a").foregroundColor(.red).italic()
        #expect(one.firstRun.color == .red && one.firstRun.italic)
        let three = (Text(verbatim: "a") + Text(verbatim: "b") + Text(verbatim: "c")).foregroundColor(.blue).underline()
        #expect(three.runs.count == 3 && three.runs.allSatisfy { $0.color == .blue && $0.underline })
        let cleared = three.foregroundColor(nil)
        #expect(cleared.runs.allSatisfy { $0.color == nil })
    }

    @Test("equality compares every run and the unread table")
    func equality() {
        #expect(Text(verbatim: "a") == Text(verbatim: "a"))
        #expect(Text(verbatim: "a") != Text(verbatim: "b"))
        #expect(Text(verbatim: "a") + Text(verbatim: "b") == Text(verbatim: "a") + Text(verbatim: "b"))
        #expect(Text(verbatim: "a") + Text(verbatim: "b") != Text(verbatim: "a") + Text(verbatim: "c"))
        #expect(Text(verbatim: "a") + Text(verbatim: "b") != Text(verbatim: "a"))
        #expect(Text("a", tableName: "Other") != Text("a"))
    }

    @Test("a text resolves to a node of its runs in order, each styled")
    func resolve() throws {
        let single = try Self.node(Text(verbatim: "one").bold())
        #expect(single.runs.count == 1 && single.runs[0].isBold)
        #expect(single.runs[0].content == .verbatim("one"))
        let sum = try Self.node((Text(verbatim: "a") + Text(verbatim: "b").italic()).foregroundColor(.red))
        #expect(Self.strings(sum.runs.map(\.content)) == ["a", "b"])
        #expect(sum.runs.map(\.italic) == [false, true] && sum.runs.allSatisfy { $0.foreground == .color(.red) })
    }
}
