import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized, .tmuxInstalled)
struct EndToEndTests {
    @Test func opensCyclesWidgetsAndModesAndQuits() throws {
        let session = try TmuxSession()
        try session.launch([])
        try session.wait(forAll: [
            "water │ systemSmall │ fullColor │ theme light", " WidgetTerm  Gallery  Mode matrix   Water (water)  1/10",
            "▸ systemSmall",
        ])
        let colours = try session.capture(escapes: true)
        #expect(colours.contains("48;2;167;196;229"), "the light theme's wallpaper in truecolour")
        try session.keys("w")
        try session.wait(for: "orders │ systemMedium │ fullColor")
        try session.keys("m")
        try session.wait(for: "orders │ systemMedium │ accented │ theme light")
        try session.keys("t")
        try session.wait(for: "orders │ systemMedium │ fullColor │ theme dark")
        try session.keys("v")
        try session.wait(forAll: ["▸ fullColor · dark", "accented · tinted"])
        try session.keys("?")
        try session.wait(for: "other keys close")
        try session.keys("Escape")
        try session.wait { !$0.contains("other keys close") }
        try session.keys("q")
        let after = try session.wait(for: "MODES-END")
        #expect(after.contains("EXIT=0"))
        #expect(after.contains(" icanon") && after.contains(" echo ") && !after.contains("-icanon"), "cooked mode back after quit")
        #expect(try session.format("#{alternate_on}") == "0")
    }

    @Test func tabToALinkAndEnterRoutesIt() throws {
        let session = try TmuxSession()
        try session.launch(["preview", "orders"])
        try session.wait(for: "2 tap targets")
        try session.keys("Tab")
        let highlighted = try session.wait(escapes: true) { $0.contains("48;2;255;214;10") }
        #expect(highlighted.contains("48;2;255;214;10"), "the focused link is highlighted")
        try session.keys("Enter")
        try session.wait(forAll: ["opened shop://orders/A1027", "route: shop.orders.id", "id = A1027"])
        try session.keys("BTab", "Enter")
        try session.wait(for: "opened shop://orders/A1031")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }

    @Test func mouseClickTapsWhereItLands() throws {
        let session = try TmuxSession()
        try session.launch(["preview", "orders"])
        try session.wait(for: "Coffee beans")
        let target = try #require(try session.position(of: "Coffee beans"))
        try session.click(column: target.column + 2, row: target.row)
        try session.wait(for: "opened shop://orders/A1031")
        let title = try #require(try session.position(of: "4 active"))
        try session.click(column: title.column, row: title.row)
        try session.wait(for: "route: shop.orders (shop://orders)")
        try session.keys("q")
        let after = try session.wait(for: "EXIT=0")
        #expect(try session.format("#{mouse_any_flag}#{mouse_sgr_flag}") == "00", "mouse reports off after quit:\n\(after)")
    }

    @Test("field case 6 on iOS 16 and 17, field case 5")
    func fieldCases() throws {
        let session = try TmuxSession()
        try session.launch(["preview", "departures", "--os", "16"])
        try session.wait(for: "0 tap targets, 2 ignored")
        try session.keys("Tab", "Enter")
        try session.wait(for: "opened with no URL")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
        try session.keys("clear", "Enter")

        try session.launch(["preview", "departures", "--os", "17"])
        try session.wait(for: "2 tap targets")
        try session.keys("Tab", "Tab", "Enter")
        try session.wait(for: "opened transit://departure/D415")
        try session.keys("q")
        try session.wait(for: "EXIT=0")
        try session.keys("clear", "Enter")

        try session.launch(["preview", "memories"])
        try session.wait(for: "multiple-widget-urls")
        try session.keys("Enter")
        try session.wait(for: "opened photos://memory/kyoto-2023")
        let lisbon = try #require(try session.position(of: "Lisbon"))
        try session.click(column: lisbon.column, row: lisbon.row)
        // The click lands on row 3 of the frame ("Lisbon, 2019"); Enter tapped the centre, row 5.
        try session.wait(forAll: ["tap @3:", "opened photos://memory/kyoto-2023"])
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }

    @Test func resizeAtAnyMomentIncludingTooSmall() throws {
        let session = try TmuxSession()
        try session.launch(["preview", "departures"])
        try session.wait(for: "departures │ systemSmall")
        try session.resize(width: 40, height: 12)
        try session.wait(forAll: ["Terminal too small: 40×12", "WidgetTerm needs at least 50×16."])
        try session.resize(width: 80, height: 30)
        // 80 columns: the log goes under the widgets and the status bar uses thin separators.
        try session.wait { $0.contains("departures│systemSmall│fullColor│light") && $0.contains("Event log") && !$0.contains("too small") }
        try session.resize(width: 120, height: 40)
        try session.wait {
            $0.contains("departures │ systemSmall") && $0.components(separatedBy: "\n")[1].contains("│ Timeline (timeline)")
        }
        try session.keys("q")
        try session.wait(for: "EXIT=0")
    }

    @Test(
        "SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2, SIGPIPE and SIGALRM restore the terminal",
        arguments: [(SIGTERM, 143), (SIGINT, 130), (SIGHUP, 129), (SIGUSR1, 138), (SIGUSR2, 140), (SIGPIPE, 141), (SIGALRM, 142)]
    )
    func signalsRestoreTheTerminal(signal: Int32, status: Int) throws {
        let session = try TmuxSession()
        // Bash abandons the rest of a command line whose program died of SIGINT: report after it ends instead.
        try session.launch(["preview", "orders"], reportsExit: false)
        try session.wait(for: "orders │ systemMedium")
        #expect(try session.format("#{alternate_on}") == "1")
        let pid = try #require(try session.childPID())
        #expect(kill(pid, signal) == 0)
        try session.waitForExit()
        try session.reportExit()
        let after = try session.wait(for: "MODES-END")
        #expect(after.contains("EXIT=\(status)"))
        #expect(after.contains(" icanon") && after.contains(" echo ") && !after.contains("-icanon"), "cooked mode, echo on:\n\(after)")
        #expect(try session.format("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}") == "0001")
        try session.keys("-l", "echo usable")
        try session.keys("Enter")
        try session.wait { $0.components(separatedBy: "\n").contains("usable") }
    }

    /// SIGQUIT and crash signals: the terminal comes back first, then the Swift runtime's report follows on the
    /// normal screen, line by line from the first column (not a staircase in raw mode), without waiting at the
    /// backtracer's interactive prompt, and the process dies of the signal.
    @Test(
        "SIGQUIT, SIGSEGV and SIGABRT restore the terminal before the crash report",
        arguments: [(SIGQUIT, 131), (SIGSEGV, 139), (SIGABRT, 134)]
    )
    func crashSignalsRestoreTheTerminalFirst(signal: Int32, status: Int) throws {
        let session = try TmuxSession()
        try session.launch(["preview", "orders"], reportsExit: false)
        try session.wait(for: "orders │ systemMedium")
        #expect(try session.format("#{alternate_on}#{mouse_any_flag}") == "11")
        let pid = try #require(try session.childPID())
        #expect(kill(pid, signal) == 0)
        try session.waitForExit(seconds: 30)
        try session.reportExit()
        let after = try session.wait(for: "MODES-END")
        // The whole pane, scrolled-off lines included: the report is longer than the screen.
        let lines = try session.tmux(["capture-pane", "-t", session.name, "-p", "-S", "-"]).components(separatedBy: "\n")
        #expect(after.contains("EXIT=\(status)"), "\(after)")
        #expect(lines.contains { $0.hasPrefix("💣 Program crashed") }, "the report starts at the first column:\n\(after)")
        #expect(lines.contains { $0.hasPrefix("Thread 0") }, "each line of the report starts at the first column:\n\(after)")
        #expect(!after.contains("Press space to interact"), "no interactive prompt:\n\(after)")
        #expect(after.contains(" icanon") && after.contains(" echo ") && !after.contains("-icanon"), "cooked mode, echo on:\n\(after)")
        #expect(try session.format("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}#{cursor_flag}") == "0001")
        try session.keys("-l", "echo usable")
        try session.keys("Enter")
        try session.wait { $0.components(separatedBy: "\n").contains("usable") }
    }

    /// The crash report goes where standard error goes: here a file, and the screen stays clean.
    @Test func crashReportGoesToStandardError() throws {
        let session = try TmuxSession()
        let report = session.directory.appendingPathComponent("crash report.txt")
        try session.launch(["preview", "orders", "2>'\(report.path)'"], reportsExit: false)
        try session.wait(for: "orders │ systemMedium")
        let pid = try #require(try session.childPID())
        #expect(kill(pid, SIGQUIT) == 0)
        try session.waitForExit(seconds: 30)
        try session.reportExit()
        let after = try session.wait(for: "MODES-END")
        #expect(after.contains("EXIT=131"))
        #expect(!after.contains("Program crashed"), "the report is not on the screen:\n\(after)")
        let written = try String(contentsOf: report, encoding: .utf8)
        #expect(written.contains("Program crashed") && written.contains("PreviewApp.run()"), "\(written)")
        #expect(try session.format("#{alternate_on}#{mouse_any_flag}#{cursor_flag}") == "001")
    }

    @Test func notATerminalSaysSoAndExitsTwo() throws {
        let binary = try #require(TmuxSession.binary, "no widgetterm binary: build it first (swift build)")
        let run = try ProgramRun(
            binary, ["preview", "--app-group", TestScratch.path("wt-e2e")])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("widgetterm: preview is interactive and needs a terminal, but standard output is not one."))
    }
}
