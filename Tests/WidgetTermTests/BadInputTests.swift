import Foundation
import Testing
import TestSupport
import CellRender
import SampleWidgets
import TerminalUI
import WidgetDocument
import WidgetHost
import WidgetKitUI
@testable import WidgetTermCLI
#if canImport(Glibc)
import Glibc
#endif

// MARK: - The bad-input corpus

/// Every flag of every command given values a person (or a fuzzer) might type by mistake: empty, huge,
/// non-ASCII, negative, out of range, control characters, and paths that are a directory, a FIFO or an
/// unreadable file. Each is run through the real `widgetterm` binary; each must exit with status 2 and
/// exactly one line on standard error, and none may end in a signal (a Swift trap is SIGILL) or hang.
@Suite struct BadInputCorpusTests {
    /// One run of the binary: the arguments and what a failure report shows.
    struct Input: CustomStringConvertible {
        var arguments: [String]
        var description: String {
            arguments.map { $0.count > 40 ? String($0.prefix(20)) + "…(\($0.count) characters)" : $0.debugDescription }.joined(
                separator: " ")
        }
    }

    /// The files the path values point at, in a fresh directory.
    struct Fixtures {
        let root: URL
        var directory: String { root.appendingPathComponent("a-directory").path }
        var fifo: String { root.appendingPathComponent("a-fifo").path }
        var unreadable: String { root.appendingPathComponent("unreadable.json").path }
        /// A path whose parent is a file, so nothing can be created there (for root too).
        var underAFile: String { root.appendingPathComponent("unreadable.json/inside").path }
        var missingDirectory: String { root.appendingPathComponent("missing/file").path }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "widgetterm-bad-input-\(getpid())-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("a-directory"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
            #expect(mkfifo(fifo, 0o600) == 0)
            // Not JSON either, so the input stays bad for root, who can read a file of mode 000.
            try Data("not json\n".utf8).write(to: URL(fileURLWithPath: unreadable))
            #expect(chmod(unreadable, 0) == 0)
        }

        func remove() {
            chmod(unreadable, 0o600)
            try? FileManager.default.removeItem(at: root)
        }
    }

    static let huge = String(repeating: "a", count: 5000)

    /// The bad values every valued flag is given.
    static func values(_ files: Fixtures) -> [String] {
        [
            "", huge, "99999999999999999999999999", "é", "日本語", "🙂", "-1", "-99999", "1e308", "1e300d", "nan",
            "9999-12-31", "0001-01-01", "1600-01-01T00:00:00Z", "2262-04-12T00:00:00Z", "a\nb", "\u{1B}]0;title\u{07}",
            files.directory, files.fifo, files.unreadable,
        ]
    }

    /// The flags each command takes, from the command-line code itself, so a new flag joins the corpus.
    static func corpus(_ files: Fixtures) -> [Input] {
        let values = values(files)
        var inputs: [Input] = []
        // The shared flags: one command per flag and value in turn (they go through the same settings code).
        // countdown shows system-formatted dates, so a locale or a date that breaks formatting shows up.
        let sharing = [
            ["render", "countdown"], ["timeline", "water"], ["check", "water"], ["gallery", "countdown"], ["preview", "water"],
        ]
        var turn = 0
        for flag in RenderSettings.valuedFlags.sorted() {
            let flagValues = flag == "app-group" ? ["", huge, files.fifo, files.unreadable, files.underAFile] : values
            for value in flagValues {
                inputs.append(Input(arguments: sharing[turn % sharing.count] + ["--\(flag)", value]))
                turn += 1
            }
        }
        let own: [([String], [String])] = [
            (["render", "delivery"], ActivityRenderCommand.flags.sorted()),
            (["timeline", "water"], ["from", "hours", "request-every", "budget"]),
            (["check", "water"], ["surfaces"]),
            (["preview", "water"], PreviewCommand.valuedFlags.subtracting(RenderSettings.valuedFlags).sorted()),
            (["open", "shop://orders/42"], ["routes", "open-command"]),
            (["bench", "frame"], ["iterations", "warmup", "warmup-ms", "sample"]),
            (["sources", files.directory], ["target", "format"]),
            (["render", "countdown"], ["output"]),
            (["gallery", "countdown"], ["output", "modes"]),
        ]
        for (command, flags) in own {
            for flag in flags {
                // Any name in a writable directory is a good --sample; these are the paths it cannot write.
                let flagValues =
                    flag == "sample" || flag == "output"
                    ? ["", files.directory, files.fifo, files.missingDirectory, files.underAFile] : values
                inputs += flagValues.map { Input(arguments: command + ["--\(flag)", $0]) }
            }
        }
        // Widget kinds and documents that are not there, or are not files; URLs that are not URLs.
        let paths = [files.directory, files.fifo, files.unreadable, files.missingDirectory + ".json", huge + ".json", "é.json"]
        for command in ["render", "timeline", "check", "preview", "sources"] {
            inputs += paths.map { Input(arguments: [command, $0]) }
        }
        inputs += ["", huge, "é", "-1", "a\nb", "no-scheme"].map { Input(arguments: ["open", $0]) }
        return inputs
    }

    /// Failures collected from the worker threads.
    final class FailureList: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ item: String) { lock.withLock { items.append(item) } }
        var all: [String] { lock.withLock { items } }
    }

    /// What one run did.
    struct Outcome {
        var status: Int32
        var wasSignalled: Bool
        var errors: String
    }

    /// Runs the binary with `arguments` in `files.root`, standard input and output on /dev/null, a private
    /// HOME and App Group store; a run that takes more than 30 s is killed (and so reported as a signal).
    static func run(_ binary: String, _ arguments: [String], files: Fixtures) throws -> Outcome {
        let environment = [
            "HOME": files.root.appendingPathComponent("home").path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "TZ": "UTC", "TERM": "dumb", "WIDGETTERM_APP_GROUP": files.root.appendingPathComponent("app-group").path,
        ]
        let run = try ProgramRun(binary, arguments, environment: environment, in: files.root, timeLimit: 30)
        return Outcome(status: run.status, wasSignalled: run.wasSignalled, errors: run.errors)
    }

    @Test("every bad input exits 2 with one line on standard error, never a signal")
    func everyBadInputIsOneUsageLine() throws {
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build), or set WIDGETTERM_BINARY")
        let files = try Fixtures()
        defer { files.remove() }
        let inputs = Self.corpus(files)
        #expect(inputs.count > 300)

        // A few processes at a time: enough to overlap process start-up, few enough for a 2-core machine.
        let workers = 4
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: inputs.count, by: workers) {
                let input = inputs[index]
                let problem: String?
                do {
                    let outcome = try Self.run(binary, input.arguments, files: files)
                    let lines = outcome.errors.split(separator: "\n", omittingEmptySubsequences: false)
                    if outcome.wasSignalled {
                        problem = "killed by signal \(outcome.status): \(outcome.errors.prefix(300))"
                    } else if outcome.status != 2 {
                        problem = "exit status \(outcome.status), not 2: \(outcome.errors.prefix(300))"
                    } else if lines.count != 2 || !lines[1].isEmpty || !outcome.errors.hasPrefix("widgetterm: ") {
                        problem = "standard error is not one line starting \"widgetterm: \": \(outcome.errors.prefix(300).debugDescription)"
                    } else {
                        problem = nil
                    }
                } catch {
                    problem = "could not start: \(error)"
                }
                if let problem { failures.append("\(input): \(problem)") }
            }
        }
        let failed = failures.all.sorted()
        #expect(failed.isEmpty, "\(failed.count) of \(inputs.count) inputs:\n\(failed.joined(separator: "\n"))")
    }

    @Test("open and a refused --app-group leave no App Group store behind")
    func noStoreIsCreatedWhenNoneIsUsed() throws {
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build), or set WIDGETTERM_BINARY")
        let files = try Fixtures()
        defer { files.remove() }
        let home = files.root.appendingPathComponent("home")
        func run(_ arguments: [String]) throws -> Outcome {
            let run = try ProgramRun(binary, arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            return Outcome(status: run.status, wasSignalled: run.wasSignalled, errors: run.errors)
        }
        let cache = home.appendingPathComponent(".cache").path

        let opened = try run(["open", "shop://orders/42"])
        #expect(opened.status == 0, "\(opened.errors)")
        #expect(!FileManager.default.fileExists(atPath: cache), "open created \(cache)")

        let long = try run(["render", "water", "--app-group", files.root.path + "/" + String(repeating: "d", count: 5000)])
        #expect(long.status == 2)
        #expect(
            long.errors == "widgetterm: cannot use the App Group store: the App Group directory path is longer than \(PATH_MAX) bytes; "
                + "give --app-group a directory that can be created\n")
        #expect(!FileManager.default.fileExists(atPath: cache), "a refused --app-group fell back to \(cache)")

        let empty = try run(["render", "water", "--app-group", ""])
        #expect(empty.status == 2)
        #expect(empty.errors.hasPrefix("widgetterm: cannot use the App Group store: --app-group is empty;"))
        #expect(!FileManager.default.fileExists(atPath: cache), "an empty --app-group fell back to \(cache)")
    }

    @Test("bench --sample refuses a FIFO and a directory before timing, and leaves them as they were")
    func benchSampleSaysWhatItCannotWrite() throws {
        let files = try Fixtures()
        defer { files.remove() }
        for (path, kind) in [(files.fifo, "a FIFO"), (files.directory, "a directory")] {
            let result = PreviewCommandTests.run(["bench", "frame", "--sample", path])
            #expect(result.status == 2)
            #expect(result.errors == "widgetterm: cannot write --sample \(path): it is \(kind), not a file; give a file path\n")
            #expect(result.output.isEmpty)
        }
        var status = stat()
        #expect(stat(files.fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO was replaced")
        let missing = PreviewCommandTests.run(["bench", "frame", "--sample", files.missingDirectory])
        #expect(
            missing.errors
                == "widgetterm: cannot write --sample \(files.missingDirectory): the directory \(files.root.path)/missing does not exist\n")
    }
}

// MARK: - Dates the clock can hold

@Suite struct SupportedDateTests {
    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// Equal to the microsecond (the clock stores whole nanoseconds; a `Date` this far from 2001 does not).
    static func isNear(_ date: Date, _ other: Date) -> Bool { abs(date.timeIntervalSince(other)) < 1e-6 }

    @Test("the supported dates are the years 1678 to 2261, inside the clock's 64-bit nanoseconds")
    func range() {
        #expect(SupportedDates.range.lowerBound == Self.date("1678-01-01T00:00:00Z"))
        #expect(SupportedDates.range.upperBound == Self.date("2262-01-01T00:00:00Z"))
        #expect(SupportedDates.last == Self.date("2261-12-31T23:59:59Z"))
        // Int64 nanoseconds reach 1677-09-21T00:12:43Z and 2262-04-11T23:47:16Z.
        #expect(SupportedDates.range.lowerBound.timeIntervalSince1970 * 1e9 > Double(Int64.min))
        #expect(SupportedDates.range.upperBound.timeIntervalSince1970 * 1e9 < Double(Int64.max))
        #expect(SupportedDates.clamped(Self.date("9999-12-31T00:00:00Z")) == SupportedDates.last)
        #expect(SupportedDates.clamped(Date(timeIntervalSince1970: -.infinity)) == SupportedDates.range.lowerBound)
        #expect(SupportedDates.clamped(Self.date("2026-03-14T09:41:00Z")) == Self.date("2026-03-14T09:41:00Z"))
        // A date without an offset is judged by the year written, whatever the zone.
        let tonga = TimeZone(secondsFromGMT: 13 * 3600)!
        #expect(SupportedDates.contains(Self.date("2261-12-31T12:00:00Z"), yearIn: tonga) == false)
        #expect(SupportedDates.contains(Self.date("2261-12-31T10:00:00Z"), yearIn: tonga))
    }

    @Test("the host clock set far outside the supported dates stops at their ends instead of trapping")
    func hostClockClamps() {
        FixedClock.run {
            HostClock.set(Self.date("9999-12-31T00:00:00Z"))
            #expect(Self.isNear(HostClock.now, SupportedDates.last))
            HostClock.set(Date.distantPast)
            #expect(Self.isNear(HostClock.now, SupportedDates.range.lowerBound))
            HostClock.set(FixedClock.reference)
            HostClock.advance(by: 1e12)
            #expect(Self.isNear(HostClock.now, SupportedDates.last))
        }
    }

    @Test("a clock run fast past its last nanosecond stops there instead of wrapping to 1677")
    func runningClockSaturates() {
        FixedClock.run {
            HostClock.set(SupportedDates.last)
            HostClock.speed = 1e18 // any nanosecond of real time is then centuries
            HostClock.isPaused = false
            let start = DispatchTime.now().uptimeNanoseconds
            while DispatchTime.now().uptimeNanoseconds == start {} // at least one nanosecond of real time
            let now = HostClock.now
            #expect(now > SupportedDates.last)
            #expect(abs(now.timeIntervalSince1970 - Double(Int64.max) / 1e9) < 0.001, "\(now)")
        }
    }

    @Test("--at, --from and --started outside the supported years are refused with the range named")
    func dateFlags() {
        let range =
            "is outside the supported dates, years 1678 to 2261 (the clock counts nanoseconds in 64 bits); give a date in them, e.g. 2026-11-29T09:00\n"
        #expect(PreviewCommandTests.run(["render", "water", "--at", "9999-12-31"]).errors == "widgetterm: --at 9999-12-31 \(range)")
        #expect(
            PreviewCommandTests.run(["timeline", "water", "--from", "1677-12-31T23:00:00Z"]).errors
                == "widgetterm: --from 1677-12-31T23:00:00Z \(range)")
        #expect(
            PreviewCommandTests.run(["render", "delivery", "--at", "2026-03-14T09:41:00Z", "--started", "-999999999d"]).errors
                == "widgetterm: --started -999999999d \(range)")
        let lastYear = PreviewCommandTests.run([
            "render", "water", "--at", "2261-12-31T23:00", "--timezone", "Pacific/Kiritimati", "--format", "text",
        ])
        #expect(lastYear.status == 0, "\(lastYear.errors)")
    }

    @Test("a document date outside the supported years is an error at its place; a relative one stays inside them")
    func documentDates() throws {
        let far = """
            {"version": 1, "kind": "far", "families": ["systemSmall"],
             "timeline": {"entries": [{"date": "now", "data": {}}, {"date": "9999-12-31T00:00:00Z", "data": {}}], "policy": "never"},
             "view": {"Text": "{{entry.date}}", "style": "date"}}
            """
        do {
            _ = try WidgetDocument(text: far, file: "far.json")
            Issue.record("a document dated 9999-12-31 loaded")
        } catch let error as DocumentError {
            #expect(
                error.description.hasPrefix(
                    "far.json:2:65: error: $.timeline.entries[1].date: expected a date: ISO 8601 such as "
                        + "\"2026-03-14T09:41:00Z\" in years 1678 to 2261,"))
        }
        let anchor = FixedClock.reference
        #expect(DocumentDates.date("+99999999999999d", anchor: anchor) == SupportedDates.last)
        #expect(DocumentDates.date("-99999999999999d", anchor: anchor) == SupportedDates.range.lowerBound)
        #expect(
            DocumentDates.date("2261-12-31", anchor: anchor, timeZone: TimeZone(identifier: "UTC")!) == Self.date("2261-12-31T00:00:00Z"))
        #expect(DocumentDates.date("2262-01-01", anchor: anchor) == nil)
    }

    @Test("a document whose data dates run past the last supported year renders at its end, without errors")
    func documentAtTheEnd() {
        let agenda = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("examples/agenda.json").path
        let result = PreviewCommandTests.run(["render", agenda, "--at", "2261-12-31T23:00:00Z", "--format", "text"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty, "\(result.errors)")
    }

    /// Entries today and on 9999-12-31, policy never (a Swift provider can date an entry anywhere).
    private struct FarProvider: TimelineProvider {
        struct Entry: TimelineEntry { let date: Date }
        func placeholder(in context: Context) -> Entry { Entry(date: Date()) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void) { completion(Entry(date: Date())) }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void) {
            completion(
                Timeline(entries: [Entry(date: Date()), Entry(date: SupportedDateTests.date("9999-12-31T00:00:00Z"))], policy: .never))
        }
    }

    @Test("n in the preview, with the next entry dated 9999-12-31, moves the clock to the last supported second")
    func nextEntryBeyondTheClock() {
        FixedClock.run {
            let widget = StaticConfiguration(kind: "far", provider: FarProvider()) { entry in
                Text(entry.date, style: .date).containerBackground(Color.white, for: .widget)
            }.supportedFamilies([.systemSmall]).descriptor
            let terminal = MemoryTerminal(width: 120, height: 40)
            let app = PreviewApp(
                configuration: PreviewConfiguration(
                    widgets: [widget], theme: Theme.builtIn(.light),
                    format: FixedClock.utcFormat),
                terminal: terminal)
            app.renderFrame()
            #expect(terminal.text.contains("March 14, 2026"))
            app.handle(.key(.character("n")))
            #expect(Self.isNear(HostClock.now, SupportedDates.last))
            app.renderFrame()
            #expect(terminal.text.contains("March 14, 2026"), "the 9999 entry is not due yet at the last supported second")
            app.handle(.key(.character("n")))
            #expect(Self.isNear(HostClock.now, SupportedDates.last))
        }
    }
}

// MARK: - Locales

@Suite struct LocaleArgumentTests {
    @Test("--locale takes identifiers Foundation knows, in any case and with - or _")
    func known() throws {
        #expect(try LocaleArgument.parse("en_GB").identifier == "en_GB")
        #expect(try LocaleArgument.parse("en-gb").identifier == "en_GB")
        #expect(try LocaleArgument.parse("ja_JP@calendar=japanese").identifier == "ja_JP@calendar=japanese")
        // Not a usage error (2): the render is drawn, and the sample passes its own check.
        let result = PreviewCommandTests.run(["render", "countdown", "--locale", "fr-FR", "--format", "text"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors == "")
    }

    @Test("an unknown --locale is refused, with the nearest identifier when it is a near miss")
    func unknown() {
        #expect(
            PreviewCommandTests.run(["render", "countdown", "--locale", "fr_FX"]).errors
                == "widgetterm: unknown --locale fr_FX (did you mean fr_FR?); use a locale identifier such as en_US, en_GB, fr_FR, de, ja_JP or zh_Hans_CN\n"
        )
        for text in ["é", "日本語", "xx", "", "en_US@", "en_US@calendar=é"] {
            let result = PreviewCommandTests.run(["render", "countdown", "--locale", text])
            #expect(result.status == 2, "\(text)")
            #expect(!result.errors.contains("did you mean"), "\(text): \(result.errors)")
        }
    }

    @Test("system text in a locale Foundation cannot take falls back to en_US instead of trapping")
    func formatterFallback() {
        let format = SystemTextFormat(locale: Locale(identifier: "é"), timeZone: TimeZone(identifier: "UTC")!)
        #expect(format.string(for: .date(FixedClock.reference, style: .date), at: FixedClock.reference) == "March 14, 2026")
    }
}

// MARK: - Messages

@Suite struct MessageTextTests {
    @Test("a value with control characters is printed on one line, its controls visible")
    func oneLine() {
        #expect(MessageText.oneLine("a\nb\u{1B}]0;x\u{07}\tc\u{85}é") == "a\\nb\\u{1B}]0;x\\u{7}\\tc\\u{85}é")
        let result = PreviewCommandTests.run(["render", "water", "--family", "a\nb"])
        #expect(result.errors.hasPrefix("widgetterm: unknown --family a\\nb; valid families:"))
        #expect(result.errors.filter { $0 == "\n" }.count == 1)
    }
}

// MARK: - Small things a first hour hits (issue 15, item 10)

@Suite struct FirstHourTests {
    @Test("--version prints the version and exits 0")
    func version() {
        let result = PreviewCommandTests.run(["--version"])
        #expect(result.status == 0)
        #expect(result.output == "widgetterm \(WidgetTermCommand.version)\n")
        #expect(result.errors.isEmpty)
    }

    @Test("a misspelt --family, --device, --theme or --scheme value gets the nearest valid one")
    func valuesSuggestTheNearestName() {
        #expect(
            PreviewCommandTests.run(["render", "water", "--family", "systemSmal"]).errors
                == "widgetterm: unknown --family systemSmal (did you mean systemSmall?); valid families: systemSmall, systemMedium, "
                + "systemLarge, systemExtraLarge, accessoryCircular, accessoryRectangular, accessoryInline\n")
        #expect(
            PreviewCommandTests.run(["render", "water", "--device", "iphone-43"]).errors
                == "widgetterm: unknown --device iphone-43 (did you mean iphone-430?); valid devices: iphone-430, iphone-393, iphone-375, "
                + "iphone-se, ipad-1024, ipad-834\n")
        #expect(
            PreviewCommandTests.run(["gallery", "--theme", "ligt"]).errors.hasPrefix(
                "widgetterm: unknown --theme ligt (did you mean light?); valid themes: clear, dark, light, lockscreen,"))
        #expect(
            PreviewCommandTests.run(["render", "water", "--scheme", "drak"]).errors
                == "widgetterm: unknown --scheme drak (did you mean dark?); valid values: dark, light\n")
        #expect(!PreviewCommandTests.run(["render", "water", "--theme", "qqqqqq"]).errors.contains("did you mean"))
    }

    @Test("a --device naming an iPhone model says which device name is its screen class")
    func deviceModelNames() {
        let valid = "valid devices: iphone-430, iphone-393, iphone-375, iphone-se, ipad-1024, ipad-834\n"
        #expect(
            PreviewCommandTests.run(["render", "water", "--device", "iphone-16"]).errors
                == "widgetterm: unknown --device iphone-16: device names give the screen's width in points; the iPhone 16 is "
                + "iphone-393 (393×852 pt); " + valid)
        #expect(
            PreviewCommandTests.run(["render", "water", "--device", "iPhone 15 Pro Max"]).errors
                == "widgetterm: unknown --device iPhone 15 Pro Max: device names give the screen's width in points; the iPhone "
                + "15 Pro Max is iphone-430 (430×932 pt); " + valid)
        #expect(DeviceProfile.modelHint("iphone_13_mini")?.profile == .iPhone375)
        #expect(DeviceProfile.modelHint("iPhone SE 3")?.profile == .iPhoneSE)
        // The 16 Pro's own screen (402 pt) is not in the HIG's widget table: only its Dynamic Island is iphone-393's.
        #expect(
            DeviceProfile.modelHint("iphone-16-pro")?.hint
                == "the iPhone 16 Pro's screen has no published widget sizes; iphone-393 (393×852 pt) has its Dynamic Island")
        // A model no Apple document places gets no class, only the nearest-name rule.
        #expect(DeviceProfile.modelHint("iphone-17") == nil)
        #expect(DeviceProfile.modelHint("ipad-16") == nil)
        #expect(
            PreviewCommandTests.run(["render", "water", "--device", "iphone-17"]).errors.hasPrefix("widgetterm: unknown --device iphone-17")
        )
    }

    @Test("open --routes /dev/null says the file holds no routes; a FIFO or directory is named as such")
    func routesFiles() throws {
        let empty = PreviewCommandTests.run(["open", "shop://orders/42", "--routes", "/dev/null"])
        #expect(empty.status == 2)
        #expect(empty.errors.hasPrefix("widgetterm: --routes /dev/null is empty: no routes; give a JSON routes file such as {\"routes\": "))
        let files = try BadInputCorpusTests.Fixtures()
        defer { files.remove() }
        #expect(
            PreviewCommandTests.run(["open", "shop://orders/42", "--routes", files.fifo]).errors
                == "widgetterm: cannot read --routes \(files.fifo): it is a FIFO, not a file\n")
        #expect(
            PreviewCommandTests.run(["open", "shop://orders/42", "--routes", files.directory]).errors
                == "widgetterm: cannot read --routes \(files.directory): it is a directory, not a file\n")
        #expect(
            PreviewCommandTests.run(["render", files.fifo]).errors == "widgetterm: \(files.fifo) is a FIFO, not a widget document file\n")
    }
}
