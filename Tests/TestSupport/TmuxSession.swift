// The harness is for the test target; a static release build of every target (`swift build -c release
// --static-swift-stdlib`) has no Testing module, and builds this file empty.
#if canImport(Testing)
import CellLayout
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A tmux server of its own (`-L`, no config file) with one session running a shell in which the tests start
/// the real `widgetterm` binary: keys go in with `send-keys`, mouse reports as raw SGR bytes (`send-keys -H`),
/// and what a person would see comes back with `capture-pane -p` (and `-e` for colours).
///
/// Waits are driven by the pane changing: everything the program writes is copied by `pipe-pane` into a FIFO
/// the session blocks on, and each wait checks one whole capture after every change, never a sleep.
///
/// A capture can land while a frame is half written (ncurses writes a large frame in several `write`s, and tmux
/// reads the pane in chunks), so a capture that satisfies a wait is only returned once it is settled: taken while
/// the program was between frames and wrote nothing (see `settledCapture(escapes:seconds:)`).
public final class TmuxSession {
    /// The tmux executable, nil when tmux is not installed.
    public static var tmuxPath: String? { TmuxCommand.path }

    /// Why the tmux tests cannot run here, naming the Debian package to install; nil when they can.
    public static let unavailableReason: String? = {
        guard TmuxCommand.path != nil else {
            return "tmux is not installed: apt-get install tmux to run the tests that drive the real binary"
        }
        guard hasTerminfo("xterm-direct") else {
            return "the xterm-direct terminfo entry is missing: apt-get install ncurses-term to run the tests that drive the real binary"
        }
        return nil
    }()

    /// True when tmux and the `xterm-direct` terminfo entry are installed.
    public static var isAvailable: Bool { unavailableReason == nil }

    /// Whether ncurses can find the terminfo entry `name` in its usual directories (or `TERMINFO`).
    static func hasTerminfo(_ name: String) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        var directories = [environment["TERMINFO"], environment["HOME"].map { $0 + "/.terminfo" }].compactMap { $0 }
        directories += (environment["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        directories += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        let first = String(name.prefix(1))
        return directories.contains { directory in
            FileManager.default.fileExists(atPath: "\(directory)/\(first)/\(name)")
                || FileManager.default.fileExists(atPath: "\(directory)/\(String(format: "%02x", first.utf8.first!))/\(name)")
        }
    }

    /// The binary under test: `WIDGETTERM_BINARY`, else `widgetterm` beside the test bundle (the same build
    /// directory, whatever `--scratch-path` was), else `.build/debug/widgetterm` in the package.
    public static var binary: String? {
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

    // MARK: Servers named after their owner, and swept when it has ended

    /// What every server's socket name starts with. The rest is `PID-START-RANDOM`: the test process that owns
    /// the server, its start time (so a reused pid is not taken for the owner) and a random part.
    public static let socketPrefix = "widgetterm-e2e-"

    /// This process's part of its servers' names: its pid and start time.
    public static let owner = "\(getpid())-\(startTime(of: getpid()) ?? 0)"

    /// When process `pid` started, in clock ticks after boot (field 22 of `/proc/PID/stat`); nil when there is no
    /// such process.
    public static func startTime(of pid: pid_t) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's closing parenthesis: field 3 (the state) onwards, so field 22 is the 20th.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// The folder tmux keeps its sockets in: `$TMUX_TMPDIR/tmux-UID`, `/tmp/tmux-UID` without it.
    public static var socketDirectory: String {
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(base)/tmux-\(getuid())"
    }

    /// Whether the test process named in `socket` (a name with `socketPrefix`) is still running: its pid exists
    /// and started when the name says. A name of the older form `PID-RANDOM` is judged by its pid alone.
    public static func isOwnerRunning(socket: String) -> Bool {
        let parts = socket.dropFirst(socketPrefix.count).split(separator: "-")
        guard socket.hasPrefix(socketPrefix), let pid = parts.first.flatMap({ pid_t($0) }) else { return true }
        guard let started = startTime(of: pid) else { return false }
        if parts.count >= 3, let named = UInt64(parts[1]) { return named == started }
        return true
    }

    /// Stops the servers whose test process has ended (a run killed before its sessions closed): each server
    /// is killed, with the programs in it, and its socket and scratch directory are removed. Servers of
    /// running test processes, this one's and other runs' alike, are left alone.
    /// - Returns: The socket names swept, sorted.
    @discardableResult
    public static func sweepAbandonedServers() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: socketDirectory)) ?? []
        var swept: [String] = []
        for name in names.sorted() where name.hasPrefix(socketPrefix) && !isOwnerRunning(socket: name) {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(name)
            try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            _ = try? TmuxCommand.run(socket: name, scratch: scratch, ["kill-server"])
            unlink("\(socketDirectory)/\(name)")
            try? FileManager.default.removeItem(at: scratch)
            swept.append(name)
        }
        return swept
    }

    /// Sweeps once per test process, before its first server starts.
    private static let sweptOnce: Void = { _ = sweepAbandonedServers() }()

    /// The tmux server's socket name (`tmux -L`).
    public let socket: String
    /// The session (and its one pane) that the commands address.
    public let name = "e2e"
    /// A scratch directory of this session: the shell's `HOME`, the App Group store, tmux output files.
    public let directory: URL
    /// The FIFO that `pipe-pane` copies the pane's output into.
    private let changes: URL
    /// The FIFO's read end (non-blocking) and a write end kept open so the read end never sees end of file.
    private var readEnd: Int32 = -1
    private var writeEnd: Int32 = -1
    private var isClosed = false
    /// The pane's terminal (`/dev/pts/N`), where `settledCapture` writes its markers.
    private var paneTerminal = ""
    /// The shell the pane runs (for the session's whole life).
    private var shellPID: pid_t = 0
    /// Markers (NUL bytes) written into the pane so far, and seen in its output so far.
    private var markersWritten = 0
    private var markersSeen = 0
    /// Bytes other than markers in the pane's output since the last marker seen.
    private var outputSinceMarker = 0
    /// Whether the pane wrote anything between the last marker seen and the one before it.
    private var outputBeforeLastMarker = true

    /// Starts a server with one `width`×`height` session (cells) running `bash` with a clean environment.
    /// Throws when tmux is missing or the session cannot be set up.
    public init(width: Int = 120, height: Int = 40) throws {
        if let reason = Self.unavailableReason { try #require(Bool(false), Comment(rawValue: reason)) }
        _ = Self.sweptOnce
        socket = "\(Self.socketPrefix)\(Self.owner)-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        changes = directory.appendingPathComponent("pane-output.fifo")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard mkfifo(changes.path, 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        readEnd = open(changes.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        writeEnd = open(changes.path, O_WRONLY | O_CLOEXEC)
        guard readEnd >= 0, writeEnd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        try tmux([
            "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
            "env", "-i", "HOME=\(directory.path)", "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "TERM=tmux-256color", "PS1=$ ", "bash", "--norc",
            "--noprofile",
        ])
        try tmux(["set-option", "-t", name, "status", "off"])
        try tmux(["set-option", "-t", name, "remain-on-exit", "on"])
        try tmux(["pipe-pane", "-t", name, "-O", "exec cat > '\(changes.path)'"])
        let pane = try format("#{pane_tty} #{pane_pid}").split(separator: " ")
        paneTerminal = pane.first.map(String.init) ?? ""
        shellPID = pane.last.flatMap { pid_t($0) } ?? 0
    }

    deinit { close() }

    /// Stops the tmux server (and the program in it) and removes its socket and the directory; safe to call twice. Records
    /// an issue when the server is still running afterwards.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = try? tmux(["kill-server"])
        let remaining = (try? tmux(["list-sessions"])) ?? ""
        if remaining.contains("\(name):") { Issue.record("the tmux server \(socket) is still running after kill-server") }
        // tmux leaves its socket file behind when the server exits.
        unlink("\(Self.socketDirectory)/\(socket)")
        if readEnd >= 0 { Glibc.close(readEnd) }
        if writeEnd >= 0 { Glibc.close(writeEnd) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs one tmux command on this session's server and returns what it printed (see `TmuxCommand`).
    @discardableResult
    public func tmux(_ arguments: [String]) throws -> String {
        try TmuxCommand.run(socket: socket, scratch: directory, arguments)
    }

    /// Starts the binary in the shell with `arguments` (and `--app-group` in this session's directory) and
    /// `environment`; with `reportsExit`, after it ends the shell prints `EXIT=status` and the terminal modes
    /// (`stty -a`). Throws when the binary is not built. `executable` runs another program (a `main(bundle:)`
    /// package) in place of widgetterm.
    public func launch(
        _ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color", "COLORTERM": "truecolor"],
        reportsExit: Bool = true, executable: String? = nil
    ) throws {
        let binary = try #require(
            executable ?? Self.binary, "no widgetterm binary: build it first (swift build), or set WIDGETTERM_BINARY")
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let command = "env \(variables) '\(binary)' \(arguments.joined(separator: " ")) --app-group '\(directory.path)/app-group'"
        try tmux(["send-keys", "-t", name, "-l", command + (reportsExit ? "; " + Self.report : "")])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Prints the last exit status and the terminal modes on one line, ending in `MODES-END`. The marker is
    /// typed as `MODES-''END`, so waiting for it never matches the command line the shell echoes.
    public static let report = "echo EXIT=$?; stty -a | tr '\\n' ' '; echo MODES-''END"

    /// Runs `report` in the shell (after a program ended on its own or by a signal).
    public func reportExit() throws {
        try tmux(["send-keys", "-t", name, "-l", Self.report])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// Sends `keys` with `tmux send-keys` (key names such as `Enter`, `BTab`, or `-l` then literal text).
    public func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// A left click at a 0-based screen cell: the SGR press and release reports, as raw bytes.
    public func click(column: Int, row: Int) throws {
        let report = "\u{1B}[<0;\(column + 1);\(row + 1)M\u{1B}[<0;\(column + 1);\(row + 1)m"
        try tmux(["send-keys", "-t", name, "-H"] + report.utf8.map { String(format: "%02x", $0) })
    }

    /// The pane's text; with `escapes`, its colours and attributes as SGR sequences.
    public func capture(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-t", name, "-p"] + (escapes ? ["-e"] : []))
    }

    /// The pane's text in a settled capture (`settledCapture`), one string per screen row.
    public func lines() throws -> [String] { try settledCapture().components(separatedBy: "\n") }

    /// A tmux format for the pane (`#{alternate_on}`, `#{mouse_any_flag}`...).
    public func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the window to `width`×`height` cells (the program gets SIGWINCH).
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Reads whatever the pane wrote since the last call, counting the markers in it (and the output around them).
    private func drainChanges() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                if byte == 0 {
                    markersSeen += 1
                    outputBeforeLastMarker = outputSinceMarker > 0
                    outputSinceMarker = 0
                } else {
                    outputSinceMarker += 1
                }
            }
        }
    }

    /// Blocks until the pane writes something or `deadline` (monotonic nanoseconds) passes.
    private func awaitChange(before deadline: UInt64) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline > now else { return }
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
        _ = poll(&descriptor, 1, milliseconds)
    }

    /// How long a wait on the pane may take by default, in seconds. Generous: a wait ends at the change it waits
    /// for, so the limit only matters when that change never comes, and a loaded 2-core machine can take
    /// seconds to draw a frame.
    public static let defaultWait: Double = 60

    /// Monotonic nanoseconds `seconds` from now. On the monotonic clock: other tests in this process move the
    /// realtime clock (FixedClock, --at).
    private static func deadline(in seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
    }

    /// Captures the pane each time it changes until one whole capture satisfies `condition`, for at most
    /// `seconds` (a wait for the next frame, not a timing measurement). The capture returned is settled (see
    /// `settledCapture(escapes:seconds:)`): never a frame half written. Returns the last capture; records an
    /// issue at `sourceLocation` with the pane's text when the time runs out.
    @discardableResult
    public func wait(
        seconds: Double = defaultWait, escapes: Bool = false, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (String) -> Bool
    ) throws -> String {
        try wait(seconds: seconds, escapes: escapes, what: "what was expected", sourceLocation: sourceLocation, until: condition)
    }

    private func wait(
        seconds: Double, escapes: Bool, what: String, sourceLocation: SourceLocation, until condition: (String) -> Bool
    ) throws -> String {
        let deadline = Self.deadline(in: seconds)
        // Drained before each capture: a change after the capture wakes the next wait at once.
        drainChanges()
        var text = try capture(escapes: escapes)
        while true {
            if condition(text) {
                // The capture may hold half a frame: decide on a settled one (taken after the frame's last byte).
                guard let settled = try settle(escapes: escapes, before: deadline) else { break }
                if condition(settled) { return settled }
                text = settled
            }
            if DispatchTime.now().uptimeNanoseconds >= deadline { break }
            awaitChange(before: deadline)
            drainChanges()
            text = try capture(escapes: escapes)
        }
        Issue.record("the pane never showed \(what); it shows:\n\(text)", sourceLocation: sourceLocation)
        return text
    }

    /// Waits (at most `seconds`) until the pane shows `text`; returns that capture.
    @discardableResult
    public func wait(for text: String, seconds: Double = defaultWait, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        try wait(seconds: seconds, escapes: false, what: "\"\(text)\"", sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until one capture shows every text of `shown` and none of `gone`: texts from different parts of one
    /// frame are waited for together, not checked after. At most `seconds`; returns that capture.
    @discardableResult
    public func wait(
        forAll shown: [String], without gone: [String] = [], seconds: Double = defaultWait,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        try wait(seconds: seconds, escapes: false, what: "\(shown) without \(gone)", sourceLocation: sourceLocation) { screen in
            shown.allSatisfy { screen.contains($0) } && !gone.contains { screen.contains($0) }
        }
    }

    /// The pid of the program the shell is running, nil when it runs nothing.
    public func childPID() throws -> pid_t? {
        let children = (try? String(contentsOfFile: "/proc/\(shellPID)/task/\(shellPID)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").first.flatMap { pid_t($0) }
    }

    /// Waits (at most `seconds`) until the shell runs no program any more: the shell's prompt after the
    /// program ended is the pane change that wakes the check.
    public func waitForExit(seconds: Double = defaultWait, sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try wait(seconds: seconds, escapes: false, what: "the program's end", sourceLocation: sourceLocation) { _ in
            (try? self.childPID()) == nil
        }
    }

    // MARK: Settled captures

    /// A capture of a whole frame: taken while the program is between frames and has written nothing since its
    /// last frame reached tmux. Waits for that at most `seconds`; records an issue at `sourceLocation` and returns
    /// a plain capture when the pane never settles.
    ///
    /// How: when the program is not in the middle of writing a frame (`isBetweenFrames`), a NUL byte (a marker,
    /// which tmux ignores) is written into the pane's terminal behind everything the program wrote; once it
    /// comes out of `pipe-pane`, tmux has drawn all of that, and the pane is captured. A second marker follows
    /// the capture: when no output came between the two markers, the capture shows the frame whole.
    public func settledCapture(
        escapes: Bool = false, seconds: Double = defaultWait, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        if let settled = try settle(escapes: escapes, before: Self.deadline(in: seconds)) { return settled }
        Issue.record("the pane never settled (a frame was always being written)", sourceLocation: sourceLocation)
        return try capture(escapes: escapes)
    }

    /// A settled capture (see `settledCapture`), nil when `deadline` (monotonic nanoseconds) passes first. Where the
    /// pane's terminal cannot be opened for writing, no marker can be written: a plain capture.
    private func settle(escapes: Bool, before deadline: UInt64) throws -> String? {
        switch try writeMarker(before: deadline) {
        case .timedOut: return nil
        case .unavailable: return try capture(escapes: escapes)
        case .passed: break
        }
        while true {
            let text = try capture(escapes: escapes)
            switch try writeMarker(before: deadline) {
            case .timedOut: return nil
            case .unavailable: return text
            case .passed: if !outputBeforeLastMarker { return text }
            }
            // Output came between the markers: the last one starts the next try.
        }
    }

    /// How writing a marker went.
    private enum Marker {
        /// It came out of `pipe-pane`: tmux has drawn everything written before it.
        case passed
        /// The deadline passed first.
        case timedOut
        /// The pane's terminal cannot be opened for writing here.
        case unavailable
    }

    /// Writes one marker into the pane's terminal when the program is between frames, and waits until it comes
    /// out of `pipe-pane`.
    private func writeMarker(before deadline: UInt64) throws -> Marker {
        while true {
            drainChanges()
            if DispatchTime.now().uptimeNanoseconds >= deadline { return .timedOut }
            // A marker inside a frame could split an escape sequence or a character, and so draw something wrong.
            // Writing to a full terminal fails at once (EAGAIN): the program is then blocked in a write of its own.
            if try isBetweenFrames() {
                let written = writeNUL()
                if written == nil { return .unavailable }
                if written == true { break }
            }
            // Not between frames is a state, not an event: checked again at the next output, or after 10 ms.
            awaitChange(before: min(deadline, Self.deadline(in: 0.01)))
        }
        markersWritten += 1
        while markersSeen < markersWritten {
            if DispatchTime.now().uptimeNanoseconds >= deadline { return .timedOut }
            awaitChange(before: deadline)
            drainChanges()
        }
        return .passed
    }

    /// Writes one NUL byte into the pane's terminal without waiting: true when written, false when the terminal
    /// is full, nil when it cannot be opened or written (no terminal, or one hung up).
    private func writeNUL() -> Bool? {
        let descriptor = open(paneTerminal, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { Glibc.close(descriptor) }
        var byte: UInt8 = 0
        if write(descriptor, &byte, 1) == 1 { return true }
        return errno == EAGAIN || errno == EINTR ? false : nil
    }

    /// Whether the program in the pane (the shell when it runs none) is between frames: its main thread, which
    /// draws, is asleep (`S`, in `poll` for the next event; a write blocked on a full terminal also sleeps, and
    /// `writeNUL` finds that out), stopped, or gone. Running (`R`) or in the kernel (`D`) may be inside a frame.
    private func isBetweenFrames() throws -> Bool {
        let pid = try childPID() ?? shellPID
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
        else { return true }
        let state = stat[stat.index(after: close)...].split(separator: " ").first ?? ""
        return ["S", "T", "t", "Z", "X"].contains(state)
    }

    /// The 0-based screen cell where `text` starts on the first line that contains it (wide glyphs counted), in
    /// a settled capture.
    public func position(of text: String) throws -> (column: Int, row: Int)? {
        for (row, line) in try lines().enumerated() {
            guard let range = line.range(of: text) else { continue }
            return (DisplayWidth.of(line[..<range.lowerBound]), row)
        }
        return nil
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a suite or test only where tmux and the `xterm-direct` terminfo entry are installed; elsewhere it
    /// is skipped with the Debian package to install (`tmux`, `ncurses-term`).
    public static var tmuxInstalled: Self {
        .enabled(if: TmuxSession.isAvailable, Comment(rawValue: TmuxSession.unavailableReason ?? "tmux and xterm-direct are installed"))
    }
}
#endif
