import Foundation
import Testing
import CellRender
import WidgetHost
@testable import WidgetKitUI
@testable import WidgetTermCLI
@testable import WidgetDocument

/// Issue 15 item 19: the fixes behind linear cost keep every answer the same, and `bench scale` times what it says.
/// (No test here asserts a time: speed is measured by `widgetterm bench scale`.)
@Suite struct ScaleTests {
    /// Positions on one long line are counted on from the previous one; they must equal a count from the line start,
    /// in Unicode scalars, across multi-byte characters and later lines.
    @Test func scannerPositionsOnALongLineCountScalarsFromTheLineStart() throws {
        let items = (0..<300).map { $0 % 3 == 0 ? #""é\#($0)🙂""# : $0 % 3 == 1 ? "\($0)" : #"{"k\#($0)": "ü"}"# }
        let text = "[" + items.joined(separator: ", ") + ",\n  \"é\", [\"second line\", 2]]"
        let root = try JSONScanner.parse(text)
        var checked = 0
        func expect(_ node: JSONNode) {
            let bytes = Array(text.utf8)
            let lineStart = bytes[..<node.position.offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let scalars = String(decoding: bytes[lineStart..<node.position.offset], as: UTF8.self).unicodeScalars.count
            let line = bytes[..<node.position.offset].filter { $0 == UInt8(ascii: "\n") }.count + 1
            #expect(node.position.line == line && node.position.column == scalars + 1, "\(node.position) at byte \(node.position.offset)")
            checked += 1
            for item in node.arrayItems ?? [] { expect(item) }
            for member in node.members ?? [] { expect(member.value) }
        }
        expect(root)
        #expect(checked == 1 + 300 + 100 + 1 + 1 + 2)
        // The last value is on line 2, after a line of more than a thousand columns.
        #expect(root.arrayItems?.last?.arrayItems?.last?.position.line == 2)
        #expect(root.arrayItems?.last?.arrayItems?.last?.position.column == 24)
    }

    /// The archive's binary search picks the same render as the latest-arrived rule read linearly, ties included.
    @Test func archiveShowsTheLatestArrivedEntryAtEveryMoment() throws {
        let entries = (0..<40).map { #"{"date":"+\#($0 / 2 * 10)m","data":{"n":\#($0)}}"# }.joined(separator: ",")
        let text =
            #"{"version":1,"kind":"ties","families":["systemSmall"],"timeline":{"entries":[\#(entries)],"policy":"never"},"#
            + #""view":{"Text":"n{{n}}","modifiers":[{"containerBackground":"background"}]}}"#
        try FixedClock.run {
            let descriptor = try WidgetDocument(text: text).descriptor
            let session = WidgetSession(descriptor: descriptor)
            let timeline = try session.fetchTimeline(family: .systemSmall, device: .default)
            let options = WidgetRenderOptions(
                family: .systemSmall, style: PaintStyle(colorScheme: .light), date: FixedClock.reference, format: FixedClock.utcFormat)
            let archive = EntryArchive(session: session, timeline: timeline, family: .systemSmall, device: .default, options: options)
            #expect(archive.renders.count == 40)
            #expect(archive.render(at: FixedClock.reference.addingTimeInterval(-1)) == nil)
            for minute in stride(from: 0.0, through: 200, by: 2.5) {
                let date = FixedClock.reference.addingTimeInterval(minute * 60)
                let linear = try #require(archive.renders.last { $0.entryDate <= date })
                let found = try #require(archive.render(at: date))
                #expect(found.entryDate == linear.entryDate)
                #expect(FrameEncoder.text(found.frame.buffer) == FrameEncoder.text(linear.frame.buffer), "at +\(minute) min")
            }
            // Of two entries dated the same minute, the later one written is shown (n1, not n0).
            let first = try #require(archive.render(at: FixedClock.reference))
            #expect(FrameEncoder.text(first.frame.buffer).contains("n1"))
        }
    }

    /// The shared formatters give the same text as a fresh one, from many threads at once.
    @Test func documentDateStringsAreTheSameFromManyThreads() {
        let dates = (0..<64).map { Date(timeIntervalSince1970: 1_773_481_260 + Double($0) * 3601 + ($0 % 2 == 0 ? 0 : 0.25)) }
        let expected = dates.map { date -> String in
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions =
                date.timeIntervalSince1970.rounded() == date.timeIntervalSince1970
                ? [.withInternetDateTime] : [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: date)
        }
        #expect(expected[1].hasSuffix(".250Z"))
        let results = ResultSlots(count: dates.count)
        DispatchQueue.concurrentPerform(iterations: dates.count) { results.set($0, DocumentDates.string(dates[$0])) }
        #expect(results.values == expected)
    }

    /// Each step's documents hold the number of entries, values, spacers or widgets the step is named for, and the
    /// command it times renders them.
    @Test(arguments: ScaleBenchmark.Axis.allCases)
    func benchmarkDocumentsHoldWhatTheStepSays(axis: ScaleBenchmark.Axis) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scale-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = axis == .widgets ? 4 : 25
        let arguments = try ScaleBenchmark.writeDocuments(axis, count: count, folder: folder)
        let files = arguments.filter { $0.hasSuffix(".json") }
        let roots = try files.map { try JSONScanner.parse(String(contentsOfFile: $0, encoding: .utf8)) }
        let entries = roots.map { $0["timeline"]?["entries"]?.arrayItems ?? [] }
        switch axis {
        case .entries:
            #expect(arguments.first == "render" && entries.map(\.count) == [count])
        case .values:
            #expect(entries[0].first?["data"]?["values"]?.arrayItems?.count == count)
        case .spacers:
            let children = roots[0]["view"]?["HStack"]?.arrayItems ?? []
            let spacers = children.filter { $0["Spacer"]?["minLength"] != nil }
            #expect(spacers.count == count)
        case .widgets:
            #expect(arguments.first == "gallery" && files.count == count && entries.map(\.count) == Array(repeating: 3, count: count))
        }
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(arguments: arguments, widgets: [], environment: [:], output: output, errors: errors)
        }
        #expect(status == 0, "\(errors.text)")
        switch axis {
        case .entries: #expect(output.text.contains("Entry 0"))
        case .values: #expect(output.text.contains("Values"))
        case .spacers: #expect(output.text.range(of: "A +B", options: .regularExpression) != nil, "\(output.text)")
        case .widgets: #expect((0..<count).allSatisfy { output.text.contains("scale-\($0)") })
        }
    }

    /// `bench scale` prints one line per 10× step with a per-item time consistent with the step's total.
    @Test func benchScalePrintsEachStep() throws {
        let output = StringStream()
        let status = try BenchCommand.run(
            ["scale", "--axis", "widgets", "--largest", "10", "--runs", "1"], widgets: { [] }, output: output)
        #expect(status == 0)
        let lines = output.text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.first == ["axis", "count", "median_ms", "us_per_item", "ratio_to_previous"])
        #expect(lines.dropFirst().map { $0.prefix(2) } == [["widgets", "1"], ["widgets", "10"]])
        for line in lines.dropFirst() {
            let count = try #require(Double(line[1])), milliseconds = try #require(Double(line[2]))
            let perItem = try #require(Double(line[3]))
            #expect(milliseconds > 0 && abs(perItem - milliseconds * 1000 / count) <= 0.01 + 50 / count)
        }
        #expect(lines.last?.last != "-" && lines[1].last == "-")
    }
}

/// Results written by index from concurrent work.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String]
    init(count: Int) { slots = Array(repeating: "", count: count) }
    func set(_ index: Int, _ value: String) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }
    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}

extension JSONNode {
    /// The items of an array node (nil for any other value).
    fileprivate var arrayItems: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }
}
