import Foundation
import Testing
import CellRender
import WidgetHost
import WidgetKitUI
@testable import WidgetTermCLI

// MARK: - Test widgets for issue 14 (time, and check as a designer's tool)

/// Entries labelled `ok` draw on a container background; `late` ones fall back to a body without one.
struct FallbackView: View {
    let entry: TimeEntry
    var body: some View {
        if entry.label == "late" {
            Text("late")
        } else {
            Text("ok").containerBackground(.background, for: .widget)
        }
    }
}

/// A provider whose `getTimeline` never calls its completion.
struct SilentProvider: TimelineProvider {
    func placeholder(in context: Context) -> TimeEntry { TimeEntry(date: Date(), label: "placeholder") }
    func getSnapshot(in context: Context, completion: @escaping (TimeEntry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<TimeEntry>) -> Void) {}
}

/// Secondary text (Apple's own style) and a primary title on the system background.
struct SecondaryTextView: View {
    let entry: TimeEntry
    var body: some View {
        VStack(alignment: .leading) {
            Text("Title")
            Text("Goal 2000 ml").foregroundStyle(.secondary)
        }
        .containerBackground(.background, for: .widget)
    }
}

enum CheckFixtures {
    /// Two entries an hour apart: `ok` now, `late` (no container background) an hour later.
    static let fallback = StaticConfiguration(
        kind: "fallback",
        provider: FixedProvider(
            entries: { now in [TimeEntry(date: now, label: "ok"), TimeEntry(date: now.addingTimeInterval(3600), label: "late")] },
            policy: { _ in .never })
    ) { FallbackView(entry: $0) }.supportedFamilies([.systemSmall]).descriptor

    static let silent = StaticConfiguration(kind: "silent", provider: SilentProvider()) { FallbackView(entry: $0) }
        .supportedFamilies([.systemSmall]).descriptor

    static let secondary = StaticConfiguration(
        kind: "secondary", provider: FixedProvider(entries: { [TimeEntry(date: $0, label: "x")] }, policy: { _ in .never })
    ) { SecondaryTextView(entry: $0) }.supportedFamilies([.systemSmall]).descriptor

    /// One entry dated at the fetch (policy never), drawn by `ClockFaceView`.
    static let clockFace = descriptor(
        kind: "clock-face", provider: FixedProvider(entries: { [TimeEntry(date: $0, label: "now")] }, policy: { _ in .never }))

    /// Three entries at or before the fetch (two minutes, one minute and no time before it).
    static let pastEntries = descriptor(
        kind: "past-entries",
        provider: FixedProvider(
            entries: { now in [-120.0, -60, 0].map { TimeEntry(date: now.addingTimeInterval($0), label: "\($0)") } },
            policy: { _ in .never }))

    static let all = [fallback, silent, secondary, clockFace, pastEntries, TapTests.twoLinksSmall]

    static func run(_ arguments: [String], widgets: [WidgetDescriptor] = all) -> (status: Int32, output: String, errors: String) {
        let output = StringStream(), errors = StringStream()
        let status = FixedClock.run {
            WidgetTermCommand.run(arguments: arguments, widgets: widgets, environment: [:], output: output, errors: errors)
        }
        return (status, output.text, errors.text)
    }

    /// `check --format json` decoded as plain objects (every field the JSON keeps).
    static func jsonFindings(_ arguments: [String]) throws -> (status: Int32, findings: [[String: Any]]) {
        let result = run(["check"] + arguments + ["--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return (result.status, try #require(object as? [[String: Any]]))
    }
}

// MARK: - Time

@Suite struct FetchedAtTests {
    /// Item 1: fetched at 09:00 and shown at 11:30, `.time` reads 9:00 while `.timer`, `.relative` and `.offset` move.
    @Test func aTimelineFetchedEarlierIsShownLaterWithItsTimeFrozen() {
        let later = CheckFixtures.run([
            "render", "clock-face", "--at", "2026-03-14T11:30:00Z", "--fetched-at", "2026-03-14T09:00:00Z",
            "--timezone", "UTC", "--format", "text",
        ])
        #expect(later.status == 0, "\(later.errors)")
        // The rows between the container's rounded corners.
        let rows = later.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.dropFirst().dropLast()
        #expect(Array(rows) == ["now", "9:00\u{202F}AM", "1:30:00", "2 hr, 30 min", "+2 hours"])

        let fetchedWhenShown = CheckFixtures.run([
            "render", "clock-face", "--at", "2026-03-14T11:30:00Z", "--timezone", "UTC", "--format", "text",
        ])
        let nowRows = fetchedWhenShown.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .dropFirst().dropLast()
        #expect(Array(nowRows) == ["now", "11:30\u{202F}AM", "1:00:00", "0 sec", "+0 seconds"])
    }

    @Test func gallerySharesTheFetchMoment() {
        let gallery = CheckFixtures.run([
            "gallery", "clock-face", "--at", "2026-03-14T11:30:00Z", "--fetched-at", "2026-03-14T09:00:00Z",
            "--timezone", "UTC", "--format", "text",
        ])
        #expect(gallery.status == 0)
        #expect(gallery.output.contains("9:00\u{202F}AM"))
        #expect(gallery.output.contains("2 hr, 30 min"))
    }

    /// `check --fetched-at`: the timeline checks run from the fetch, the surfaces at `--at`.
    @Test func checkRunsTheProviderAtTheFetch() throws {
        let (status, findings) = try CheckFixtures.jsonFindings([
            "past-entries", "--theme", "light", "--at", "2026-03-14T11:30:00Z", "--fetched-at", "2026-03-14T09:00:00Z",
        ])
        #expect(status == 0)
        let past = try #require(findings.first { $0["code"] as? String == "entries-before-fetch" })
        #expect(
            (past["message"] as? String)?.hasPrefix(
                "3 entries are dated at or before the moment the timeline is fetched (2026-03-14T09:00:00Z): only the last of "
                    + "them, dated 2026-03-14T09:00:00Z, is ever shown") == true)
        let refused = CheckFixtures.run([
            "check", "past-entries", "--at", "2026-03-14T09:00:00Z", "--fetched-at", "2026-03-14T09:00:01Z",
        ])
        #expect(refused.status == 2)
    }

    @Test func aFetchAfterTheMomentShownIsRefused() {
        let refused = CheckFixtures.run([
            "render", "clock-face", "--at", "2026-03-14T09:00:00Z", "--fetched-at", "2026-03-14T10:00:00Z", "--timezone", "UTC",
        ])
        #expect(refused.status == 2)
        #expect(
            refused.errors
                == "widgetterm: --fetched-at 2026-03-14T10:00:00Z is after --at 2026-03-14T09:00:00Z: a timeline is fetched "
                + "before it is shown; give a --fetched-at at or before --at\n")
        #expect(CheckFixtures.run(["timeline", "clock-face", "--fetched-at", "2026-03-14T09:00:00Z"]).status == 2)
    }

    /// Item 3: `--started` takes compound durations, as documents do.
    @Test func startedTakesCompoundDurations() throws {
        let at = FixedClock.reference
        let utc = TimeZone(identifier: "UTC")!
        #expect(try ActivityRenderCommand.startDate("-9m59s", before: at, timeZone: utc) == at.addingTimeInterval(-599))
        #expect(try ActivityRenderCommand.startDate("-1h30m", before: at, timeZone: utc) == at.addingTimeInterval(-5400))
        #expect(try ActivityRenderCommand.startDate("-1d2h", before: at, timeZone: utc) == at.addingTimeInterval(-93_600))
        #expect(try ActivityRenderCommand.startDate("-90m", before: at, timeZone: utc) == at.addingTimeInterval(-5400))
        #expect(throws: UsageError.self) { try ActivityRenderCommand.startDate("-9m59q", before: at, timeZone: utc) }
        let bad = CheckFixtures.run(["render", "delivery", "--started", "-9x"], widgets: [])
        #expect(bad.status == 2)
    }

    /// Item 2: `.atEnd` asks for the next timeline 5 minutes after the last entry, so the last entry is seen.
    @Test func atEndReloadsFiveMinutesAfterTheLastEntry() {
        let nine = Date(timeIntervalSince1970: 1_773_478_800) // 2026-03-14 09:00 UTC
        let provider = FixedProvider(
            entries: { now in [TimeEntry(date: now, label: "a"), TimeEntry(date: now.addingTimeInterval(600), label: "b")] },
            policy: { _ in .atEnd })
        FixedClock.run(at: nine) {
            let simulation = TimelineSimulation(
                session: WidgetSession(descriptor: descriptor(kind: "at-end", provider: provider)), family: .systemMedium,
                device: .default, budget: ReloadBudget(), start: nine, duration: 1200)
            #expect(simulation.reloads.map(\.date) == [nine, nine.addingTimeInterval(900)])
            let lines = simulation.lines(timeZone: TimeZone(identifier: "UTC")!)
            #expect(lines.contains("2026-03-14 09:10  entry    2 of 2, dated 2026-03-14 09:10"))
            #expect(
                lines.contains(
                    "2026-03-14 09:15  reload   policy atEnd  budget left 38  (.atEnd: WidgetKit asks 5 min after the last entry's date)"))
        }
        #expect(TimelineScheduler.atEndLatency == 300)
    }
}

// MARK: - check

@Suite struct CheckAsADesignersToolTests {
    /// Item 11: a fault only in a later entry is reported with that entry's date.
    @Test func aFaultInALaterEntryIsReportedWithItsDate() throws {
        let (status, findings) = try CheckFixtures.jsonFindings(["fallback"])
        #expect(status == 1)
        let missing = findings.filter { $0["code"] as? String == "missing-container-background" }
        #expect(missing.count == 6)
        #expect(Set(missing.compactMap { $0["entryDate"] as? String }) == ["2026-03-14T10:41:00Z"])
        #expect(missing.allSatisfy { $0["origin"] as? String == "developer" && $0["severity"] as? String == "error" })
        let text = CheckFixtures.run(["check", "fallback"])
        #expect(text.output.hasPrefix("fallback: 6 errors\n  to fix:\n    missing-container-background: 6 errors\n"))
        #expect(text.output.contains("      error (in the entry dated 2026-03-14T10:41:00Z): No .containerBackground(for: .widget)"))
    }

    /// Item 12: Apple's own secondary style is a note (the system's), and a widget with only notes is clean.
    @Test func appleSecondaryStyleIsANoteAndTheWidgetReadsAsClean() throws {
        let (status, findings) = try CheckFixtures.jsonFindings(["secondary", "--theme", "light"])
        #expect(status == 0)
        let summaries = findings.map {
            "\($0["severity"]!) \($0["origin"]!) \($0["code"]!) \(($0["values"] as? [String: String])?["text"] ?? "")"
        }
        #expect(summaries == ["note system low-contrast Goal 2000 ml"])
        let text = CheckFixtures.run(["check", "secondary", "--theme", "light"])
        #expect(
            text.output
                == "secondary: clean (1 note on what iOS does)\n  what iOS does (notes, nothing to fix):\n"
                + "    low-contrast: 1 note on systemSmall/fullColor/light\n"
                + "      e.g. \"Goal 2000 ml\" has contrast 3.44:1 (#8A8A8E on #FFFFFF); normal text needs 4.50:1. This is Apple's own "
                + "hierarchical label style (.secondary is 3.44:1 on white by design); use .primary where the text must be read at a glance.\n"
        )
        #expect(text.errors == "widgetterm: check: 0 errors, 0 warnings, 1 note on 1 surface; 1 of 1 widget clean\n")
        let summary = CheckFixtures.run(["check", "secondary", "fallback", "--summary"])
        #expect(summary.output == "secondary: clean (3 notes on what iOS does)\nfallback: 6 errors\n")
    }

    /// Item 12: StandBy at night is the system's doing, whatever the widget's colours.
    @Test func standByNightIsANote() throws {
        let (_, findings) = try CheckFixtures.jsonFindings(["secondary", "--theme", "standby-night"])
        #expect(!findings.isEmpty)
        #expect(findings.allSatisfy { $0["severity"] as? String == "note" && $0["origin"] as? String == "system" })
    }

    @Test func theReportGroupsByWidgetThenKind() {
        func finding(_ severity: Diagnostic.Severity, _ code: String, _ message: String, family: WidgetFamily, row: Int) -> Diagnostic {
            Diagnostic(
                severity: severity, code: code, message: message, widget: "w", family: family, mode: .fullColor, theme: "light",
                position: Diagnostic.Position(row: row, column: 2))
        }
        let report = CheckReport(
            widgets: ["w", "quiet"],
            findings: [
                finding(.warning, "hue-only", "Dots differ only in colour.", family: .systemSmall, row: 1),
                finding(.error, "low-contrast", "\"A\" is faint.", family: .systemSmall, row: 2),
                finding(.error, "low-contrast", "\"A\" is faint.", family: .systemMedium, row: 3),
                finding(.note, "low-contrast", "Secondary label.", family: .systemSmall, row: 4),
            ],
            surfaceCount: 4)
        #expect(
            report.text
                == """
                w: 2 errors, 1 warning, 1 note
                  to fix:
                    low-contrast: 2 errors
                      error: "A" is faint.
                        at systemSmall/fullColor/light @2:2, systemMedium/fullColor/light @3:2
                    hue-only: 1 warning
                      warning: Dots differ only in colour.
                        at systemSmall/fullColor/light @1:2
                  what iOS does (notes, nothing to fix):
                    low-contrast: 1 note on systemSmall/fullColor/light
                      e.g. Secondary label.
                quiet: clean

                """)
        #expect(report.summary == "w: 2 errors, 1 warning, 1 note\nquiet: clean\n")
        #expect(report.summaryLine == "check: 2 errors, 1 warning, 1 note on 4 surfaces; 1 of 2 widgets clean")
        var withControl = report
        withControl.controls = [report.widgets[0]]
        #expect(withControl.summaryLine == "check: 2 errors, 1 warning, 1 note on 4 surfaces; 1 of 2 widgets and controls clean")
        withControl.controls = Set(report.widgets)
        #expect(withControl.summaryLine == "check: 2 errors, 1 warning, 1 note on 4 surfaces; 1 of 2 controls clean")
    }

    /// Item 14: a provider that never calls its completion draws the placeholder, names the callback, exits 1.
    @Test func aProviderThatNeverAnswersIsAFinding() throws {
        let rendered = CheckFixtures.run(["render", "silent", "--provider-timeout", "0.2", "--format", "text"])
        #expect(rendered.status == 1)
        #expect(
            rendered.errors
                == "widgetterm: error: [provider-timed-out] silent: getTimeline(in:completion:) did not call its completion within "
                + "0.2 s; on a device the extension would be killed. The widget keeps its last render.\n")
        #expect(!rendered.output.contains("ok")) // the placeholder is drawn redacted
        let (status, findings) = try CheckFixtures.jsonFindings(["silent", "--provider-timeout", "0.2", "--theme", "light"])
        #expect(status == 1)
        #expect(findings.map { $0["code"] as? String } == ["provider-timed-out"])
    }

    /// Item 15: of the entries at or before the fetch only the last is ever shown.
    @Test func entriesBeforeTheFetchAreReported() throws {
        let (_, findings) = try CheckFixtures.jsonFindings(["past-entries", "--theme", "light"])
        let past = try #require(findings.first { $0["code"] as? String == "entries-before-fetch" })
        #expect(past["severity"] as? String == "warning")
        #expect(past["values"] as? [String: String] == ["entries": "3", "neverShown": "2"])
        #expect(
            past["message"] as? String
                == "3 entries are dated at or before the moment the timeline is fetched (2026-03-14T09:41:00Z): only the last of "
                + "them, dated 2026-03-14T09:41:00Z, is ever shown, however far apart they are; the other 2 never are. Date each "
                + "entry at the moment it should appear (entries made with Date() in a loop are microseconds apart).")
        #expect(!findings.contains { $0["code"] as? String == "entries-too-close" })
    }

    /// Item 13: render reports the tap findings check finds, and marks ignored links in JSON.
    @Test func renderReportsTapFindingsAndMarksIgnoredLinks() throws {
        let text = CheckFixtures.run(["render", "two-links", "--os", "16", "--format", "text"])
        #expect(text.status == 1)
        let lines = text.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("widgetterm: error: [link-ignored] Link “") })
        let json = CheckFixtures.run(["render", "two-links", "--os", "16", "--format", "json"])
        #expect(json.status == 1)
        #expect(json.errors == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let taps = try #require(document["tapRegions"] as? [[String: Any]])
        #expect(taps.map { $0["ignored"] as? Bool } == [true, true])
        #expect(taps.allSatisfy { ($0["ignoredReason"] as? String)?.isEmpty == false })
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { "\($0["severity"]!) \($0["code"]!)" } == ["error link-ignored", "error link-ignored"])
        let modern = CheckFixtures.run(["render", "two-links", "--os", "17", "--format", "json"])
        #expect(modern.status == 0)
        #expect(!modern.output.contains("\"ignored\""))
    }
}

// MARK: - Deep links of list rows

@Suite struct PositionalDeepLinkTests {
    static func rows(_ kind: String, _ urls: [String]) -> WidgetDescriptor {
        tapTestWidget(kind, families: [.systemMedium]) {
            VStack(alignment: .leading) {
                ForEach(Array(urls.enumerated()), id: \.offset) { item in
                    Link(destination: URL(string: item.element)!) { Text("Row \(item.offset)") }
                }
            }
        }
    }

    /// Item 16: links that count rows from 0 are a warning; ids, and numbers that do not count 0, 1, 2…, are not.
    @Test func linksThatCountRowsAreReported() throws {
        func codes(_ urls: [String]) throws -> [Diagnostic] {
            let frame = try renderWidget(Self.rows("rows", urls), family: .systemMedium)
            #expect(frame.tapRegions.count == urls.count)
            return DeepLinkChecks.positionalRowLinks(frame, widget: "rows", family: .systemMedium)
        }
        let positional = try codes(["notes://item/0", "notes://item/1", "notes://item/2"])
        #expect(positional.map(\.code) == ["positional-deep-links"])
        #expect(positional.first?.values == ["count": "3", "pattern": "notes://item/{n}"])
        #expect(positional.first?.severity == .warning)
        #expect(try codes(["notes://list?row=0&x=a", "notes://list?row=1&x=a"]).first?.values["pattern"] == "notes://list?row={n}&x=a")
        #expect(try codes(["notes://item/1", "notes://item/2", "notes://item/3"]).isEmpty) // as likely ids
        #expect(try codes(["notes://item/a7f", "notes://item/b21", "notes://item/c03"]).isEmpty)
        #expect(try codes(["notes://item/12", "notes://item/40"]).isEmpty)
        #expect(try codes(["notes://item/0"]).isEmpty)
    }

    @Test func checkAndRenderReportThem() {
        let widget = Self.rows("rows", ["notes://item/0", "notes://item/1"])
        let checked = CheckFixtures.run(["check", "rows", "--theme", "light", "--summary"], widgets: [widget])
        #expect(checked.output == "rows: 1 warning\n")
        let rendered = CheckFixtures.run(["render", "rows", "--format", "text"], widgets: [widget])
        #expect(rendered.status == 0)
        #expect(rendered.errors.hasPrefix("widgetterm: warning: [positional-deep-links] 2 links open notes://item/0, notes://item/1:"))
    }
}
