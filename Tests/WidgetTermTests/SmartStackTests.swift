import Foundation
import Testing
import SampleWidgets
import WidgetHost
import WidgetKitUI
import WidgetTermCLI

@Suite struct SmartStackTests {
    static let start = Date(timeIntervalSince1970: 1_764_403_200) // 2025-11-29 08:00 UTC
    static func at(_ hours: Double) -> Date { start.addingTimeInterval(hours * 3600) }
    static func entry(_ hours: Double, _ score: Float, duration: TimeInterval = 0) -> SmartStackMember.Entry {
        .init(date: at(hours), relevance: TimelineEntryRelevance(score: score, duration: duration))
    }

    /// weather: 10 from 8:00, 40 from 11:00, 0 (not relevant) from 13:00. agenda: 50 for an hour from 9:00, 100 for
    /// half an hour from 10:00, 20 from 12:00. steps: 5 for an hour from 8:00, 3 from 12:30.
    static let members = [
        SmartStackMember(kind: "weather", entries: [entry(0, 10), entry(3, 40), entry(5, 0)]),
        SmartStackMember(kind: "agenda", entries: [entry(1, 50, duration: 3600), entry(2, 100, duration: 1800), entry(4, 20)]),
        SmartStackMember(kind: "steps", entries: [entry(0, 5, duration: 3600), entry(4.5, 3)]),
    ]

    @Test("three scored widgets over 6 hours: steps, agenda, weather, steps, each with its reason")
    func rotationSequence() {
        let rotations = SmartStack.rotations(Self.members, from: Self.start, until: Self.at(6))
        #expect(rotations.map(\.date) == [Self.at(0), Self.at(1), Self.at(2.5), Self.at(5)])
        #expect(rotations.map(\.kind) == ["steps", "agenda", "weather", "steps"])
        #expect(
            rotations.map(\.reason) == [
                "most relevant: score 5 = 100% of its highest 5; ahead of weather 25%",
                "most relevant: score 50 = 50% of its highest 100; ahead of weather 25%",
                "most relevant: score 10 = 25% of its highest 40; no other widget is relevant now",
                "most relevant: score 3 = 60% of its highest 5; ahead of agenda 20%",
            ])
    }

    @Test("a score of 0 or less is not relevant: the stack stays on its top widget")
    func notRelevant() {
        let members = [
            SmartStackMember(kind: "a", entries: [Self.entry(0, 0), Self.entry(1, -3)]),
            SmartStackMember(kind: "b", entries: [Self.entry(0, 0)]),
        ]
        let rotations = SmartStack.rotations(members, from: Self.start, until: Self.at(6))
        #expect(
            rotations == [
                SmartStackRotation(
                    date: Self.start, kind: "a",
                    reason: "top of the stack: no widget is relevant now (no relevance, or a score of 0 or less)")
            ])
    }

    @Test("a tie keeps the widget on top")
    func tieStays() {
        let members = [
            SmartStackMember(kind: "a", entries: [Self.entry(0, 10)]),
            SmartStackMember(kind: "b", entries: [Self.entry(1, 7)]),
        ]
        let rotations = SmartStack.rotations(members, from: Self.start, until: Self.at(6))
        #expect(rotations.map(\.kind) == ["a"])
    }

    @Test("relevance that never changes is reported: relevance-never-changes")
    func neverChanges() {
        let flat = SmartStackMember(kind: "flat", entries: [Self.entry(0, 5), Self.entry(1, 5), Self.entry(2, 5)])
        #expect(SmartStack.checks(flat).map(\.code) == ["relevance-never-changes"])
        #expect(SmartStack.checks(flat).first?.values == ["entries": "3", "score": "5"])
        #expect(SmartStack.checks(Self.members[0]).isEmpty)
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(
                arguments: arguments, widgets: SampleWidgetBundle().widgetDescriptors, environment: [:], output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    static let expected = [
        "2026-03-14 09:41  countdown  most relevant: score 100 = 100% of its highest 100; ahead of steps 68%",
        "2026-03-14 10:06  steps  most relevant: score 69 = 73% of its highest 94; no other widget is relevant now",
    ]

    @Test("widgetterm smartstack with the samples steps, countdown and departures, and with their document twins")
    func commandLine() {
        let from = ["--from", "2026-03-14T09:41:00Z", "--timezone", "UTC"]
        let samples = Self.run(["smartstack", "steps", "countdown", "departures"] + from)
        #expect(samples.status == 0)
        #expect(
            samples.output == "Smart Stack of steps, countdown, departures: 6 h from 2026-03-14 09:41\n"
                + Self.expected.map { $0 + "\n" }.joined())
        #expect(samples.errors == "")
        let twins = Self.run(["smartstack"] + ["steps", "countdown", "departures"].map { "\(Self.twinsFolder)/\($0).json" } + from)
        #expect(twins.status == 0)
        #expect(
            twins.output
                == "Smart Stack of steps-document, countdown-document, departures-document: 6 h from 2026-03-14 09:41\n"
                + Self.expected.map {
                    $0.replacingOccurrences(of: "  steps  ", with: "  steps-document  ")
                        .replacingOccurrences(of: "  countdown  ", with: "  countdown-document  ")
                        .replacingOccurrences(of: "ahead of steps", with: "ahead of steps-document") + "\n"
                }.joined())
        let one = Self.run(["smartstack", "steps"])
        #expect(one.status == 2)
        #expect(one.errors.hasPrefix("widgetterm: smartstack needs two widget kinds or documents or more"))
    }

    static let twinsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples/twins").path
}
