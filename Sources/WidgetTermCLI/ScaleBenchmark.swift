import Foundation
import WidgetHost
import WidgetKitUI

// MARK: - bench scale

/// `widgetterm bench scale`: how the cost of `render FILE` and `gallery FILE...` grows with the size of widget
/// documents. It writes generated documents to a temporary folder, runs the commands in this process exactly as
/// the command line does (load, validate, fetch the timeline, resolve, lay out, paint, encode as text), and prints
/// the time per entry (per value, per spacer, per widget) at each 10× step, so a cost that grows faster than
/// the document shows as a rising per-item time.
enum ScaleBenchmark {
    /// What grows from step to step.
    enum Axis: String, CaseIterable, Sendable {
        /// Timeline entries of one document (`render FILE`).
        case entries
        /// Numbers in one entry's data array (`render FILE`).
        case values
        /// `Spacer`s in one `HStack` (`render FILE`).
        case spacers
        /// Documents of three entries each, given together to `gallery`.
        case widgets

        /// The counts measured: 10× steps.
        var counts: [Int] {
            switch self {
            case .entries, .spacers: return [10, 100, 1000, 10_000]
            case .values: return [100, 1000, 10_000, 100_000]
            case .widgets: return [1, 10, 100]
            }
        }
    }

    /// One measured step.
    struct Step: Equatable, Sendable {
        var axis: Axis
        var count: Int
        /// Median wall time of one command, in milliseconds.
        var milliseconds: Double
        /// `milliseconds` per item, in microseconds.
        var microsecondsPerItem: Double { milliseconds * 1000 / Double(count) }
    }

    static func run(_ parsed: ParsedArguments, output: TextStream) throws -> Int32 {
        let runs = try parsed.integer("runs", in: 1...1000, default: 3)
        let largest = try parsed.integer("largest", in: 1...100_000, default: 100_000)
        var axes = Axis.allCases
        if let name = parsed["axis"] {
            guard let axis = Axis(rawValue: name) else {
                throw UsageError("--axis takes \(Axis.allCases.map(\.rawValue).joined(separator: ", ")), not \(name)")
            }
            axes = [axis]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetterm-bench-scale-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        output.write("axis\tcount\tmedian_ms\tus_per_item\tratio_to_previous\n")
        for axis in axes {
            var previous: Step?
            for count in axis.counts where count <= largest {
                let step = try measure(axis, count: count, runs: runs, folder: folder)
                let ratio = previous.map { String(format: "%.2f", step.microsecondsPerItem / $0.microsecondsPerItem) } ?? "-"
                output.write(
                    "\(axis.rawValue)\t\(count)\t\(String(format: "%.1f", step.milliseconds))\t"
                        + "\(String(format: "%.2f", step.microsecondsPerItem))\t\(ratio)\n")
                previous = step
            }
        }
        return 0
    }

    /// Writes the documents of one step, checks that the command renders them, and times it `runs` times.
    ///
    /// - Throws: `UsageError` when a command fails (the benchmark would be timing an error).
    static func measure(_ axis: Axis, count: Int, runs: Int, folder: URL) throws -> Step {
        let arguments = try writeDocuments(axis, count: count, folder: folder)
        var samples: [Double] = []
        for _ in 0..<runs {
            let output = StringStream(), errors = StringStream()
            let start = DispatchTime.now().uptimeNanoseconds
            let status = WidgetTermCommand.run(arguments: arguments, widgets: { [] }, environment: [:], output: output, errors: errors)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            guard status == 0, !output.text.isEmpty else {
                throw UsageError("bench scale: \(arguments.joined(separator: " ")) failed (status \(status)): \(errors.text)")
            }
        }
        return Step(axis: axis, count: count, milliseconds: Statistics.median(samples))
    }

    /// Writes the documents of one step into `folder` and returns the command line that renders them.
    static func writeDocuments(_ axis: Axis, count: Int, folder: URL) throws -> [String] {
        func write(_ text: String, _ name: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        switch axis {
        case .entries:
            return ["render", try write(timelineDocument(entries: count), "entries-\(count).json"), "--format", "text"]
        case .values:
            return ["render", try write(valuesDocument(values: count), "values-\(count).json"), "--format", "text"]
        case .spacers:
            return ["render", try write(spacersDocument(spacers: count), "spacers-\(count).json"), "--format", "text"]
        case .widgets:
            let files = try (0..<count).map { try write(timelineDocument(entries: 3, kind: "scale-\($0)"), "widget-\(count)-\($0).json") }
            return ["gallery"] + files + ["--format", "text"]
        }
    }

    // MARK: Generated documents

    /// A `systemSmall` document with `entries` timeline entries a minute apart, written on one line as
    /// programs write JSON.
    static func timelineDocument(entries: Int, kind: String = "scale-entries") -> String {
        let items = (0..<entries).map { #"{"date":"+\#($0)m","data":{"n":\#($0),"title":"Entry \#($0)"}}"# }
        return document(
            kind: kind, entries: items.joined(separator: ","),
            view: #"{"VStack":[{"Text":"{{title}}"},{"Text":"{{n}}"}],"modifiers":[{"containerBackground":"background"}]}"#)
    }

    /// A document whose one entry holds an array of `values` numbers.
    static func valuesDocument(values: Int) -> String {
        let numbers = (0..<values).map(String.init).joined(separator: ",")
        return document(
            kind: "scale-values", entries: #"{"date":"now","data":{"values":[\#(numbers)]}}"#,
            view: #"{"Text":"Values","modifiers":[{"containerBackground":"background"}]}"#)
    }

    /// A document whose view is an `HStack` (spacing 0) of `spacers` spacers of no minimum length between two
    /// texts, so the texts keep their room at every count.
    static func spacersDocument(spacers: Int) -> String {
        let children = [#"{"Text":"A"}"#] + Array(repeating: #"{"Spacer":{"minLength":0}}"#, count: spacers) + [#"{"Text":"B"}"#]
        return document(
            kind: "scale-spacers", entries: #"{"date":"now","data":{}}"#,
            view: #"{"HStack":[\#(children.joined(separator: ","))],"spacing":0,"modifiers":[{"containerBackground":"background"}]}"#)
    }

    private static func document(kind: String, entries: String, view: String) -> String {
        #"{"version":1,"kind":"\#(kind)","displayName":"Scale","families":["systemSmall"],"#
            + #""timeline":{"entries":[\#(entries)],"policy":"never"},"view":\#(view)}"#
    }
}
