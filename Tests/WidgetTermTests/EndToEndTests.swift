import Foundation
import Testing
import CellLayout
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Driving the real binary in tmux

/// A tmux server of its own (`-L`, no config file) with one session running a shell in which the tests start
/// the real `widgetterm` binary: keys go in with `send-keys`, mouse reports as raw SGR bytes (`send-keys -H`),
/// and what a person would see comes back with `capture-pane -p` (and `-e` for colours).
final class TmuxSession {
    static var tmuxPath: String? { TmuxCommand.path }
    static var isAvailable: Bool { tmuxPath != nil }

    /// The binary under test: `WIDGETTERM_BINARY`, else `widgetterm` beside the test bundle (the same build
    /// directory, whatever `--scratch-path` was), else `.build/debug/widgetterm` in the package.
    static var binary: String? {
        var candidates: [String] = []
        if let explicit = ProcessInfo.processInfo.environment["WIDGETTERM_BINARY"] { candidates.append(explicit) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("widgetterm").path)
            directory = directory.deletingLastPathComponent()
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/widgetterm").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let socket: String
    let name = "e2e"
    let directory: URL

    init(width: Int = 120, height: Int = 40) throws {
        socket = "widgetterm-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
            "env", "-i", "HOME=\(directory.path)", "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TERM=tmux-256color", "PS1=$ ", "bash", "--norc",
            "--noprofile",
        ])
        try tmux(["set-option", "-t", name, "status", "off"])
        try tmux(["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs one tmux command on this session's server and returns what it printed (see `TmuxCommand`).
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try TmuxCommand.run(socket: socket, scratch: directory, arguments)
    }

    /// Starts the binary in the shell with `arguments`; after it ends the shell prints `EXIT=status` and the
    /// terminal modes (`stty -a`).
    func launch(
        _ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
        reportsExit: Bool = true
    ) throws {
        let binary = try #require(Self.binary, "no widgetterm binary: build it first (swift build), or set WIDGETTERM_BINARY")
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let command = "env \(variables) '\(binary)' \(arguments.joined(separator: " ")) --app-group '\(directory.path)/app-group'"
        try tmux(["send-keys", "-t", name, "-l", command + (reportsExit ? "; " + Self.report : "")])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Prints the last exit status and the terminal modes on one line, ending in `MODES-END`. The marker is
    /// typed as `MODES-''END`, so waiting for it never matches the command line the shell echoes.
    static let report = "echo EXIT=$?; stty -a | tr '\\n' ' '; echo MODES-''END"

    /// Runs `report` in the shell (after a program ended on its own or by a signal).
    func reportExit() throws {
        try tmux(["send-keys", "-t", name, "-l", Self.report])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// A left click at a 0-based screen cell: the SGR press and release reports, as raw bytes.
    func click(column: Int, row: Int) throws {
        let report = "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m"
        try tmux(["send-keys", "-t", name, "-H"] + report.utf8.map { String(format: "%02x", $0) })
    }

    /// The pane's text; with `escapes`, its colours and attributes as SGR sequences.
    func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", name, "-p"] + (escapes ? ["-e"] : []))
    }

    func lines() throws -> [String] { try capture().components(separatedBy: "\n") }

    /// A tmux format for the pane (`#{alternate_on}`, `#{mouse_any_flag}`...).
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the pane until `condition` holds, for at most `seconds` (a wait for the next frame, not a timing
    /// measurement). Returns the last capture.
    @discardableResult
    func wait(
        seconds: Double = 15, escapes: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (String) -> Bool
    ) throws -> String {
        // On the monotonic clock: other tests in this process move the realtime clock (FixedClock, --at).
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
        var text = try capture(escapes: escapes)
        while !condition(text) {
            if DispatchTime.now().uptimeNanoseconds > deadline {
                Issue.record("the pane never showed what was expected; it shows:\n\(text)", sourceLocation: sourceLocation)
                return text
            }
            usleep(50_000)
            text = try capture(escapes: escapes)
        }
        return text
    }

    @discardableResult
    func wait(for text: String, seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try wait(seconds: seconds, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until the pane shows every one of `texts` at once: a capture can land while a frame is half
    /// written, so texts from different parts of one frame are waited for together, not checked after.
    @discardableResult
    func wait(forAll texts: [String], seconds: Double = 15, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try wait(seconds: seconds, sourceLocation: sourceLocation) { capture in texts.allSatisfy { capture.contains($0) } }
    }

    /// The pid of the program the shell is running, nil when it runs nothing.
    func childPID() throws -> pid_t? {
        let shell = try format("#{pane_pid}")
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// The 0-based screen cell where `text` starts on the first line that contains it (wide glyphs counted).
    func position(of text: String) throws -> (column: Int, row: Int)? {
        for (row, line) in try lines().enumerated() {
            guard let range = line.range(of: text) else { continue }
            return (DisplayWidth.of(line[..<range.lowerBound]), row)
        }
        return nil
    }
}

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "tmux is not installed: apt-get install tmux to run the end-to-end tests"))
struct EndToEndTests {
    @Test func opensCyclesWidgetsAndModesAndQuits() throws {
        let session = try TmuxSession()
        try session.launch([])
        try session.wait(forAll: [
            "water │ systemSmall │ fullColor │ theme light", " WidgetTerm  Gallery  Mode matrix   Water (water)  1/8",
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
        try session.wait { _ in (try? session.childPID()) == nil }
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
        try session.wait(seconds: 30) { _ in (try? session.childPID()) == nil }
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
        try session.wait(seconds: 30) { _ in (try? session.childPID()) == nil }
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "preview", "--app-group", FileManager.default.temporaryDirectory.appendingPathComponent("wt-e2e-\(getpid())").path,
        ]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.hasPrefix("widgetterm: preview is interactive and needs a terminal, but standard output is not one."))
    }
}
