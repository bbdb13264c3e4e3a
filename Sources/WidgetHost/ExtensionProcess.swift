import CTerminalSignals
import Foundation
import WidgetKitUI

#if canImport(Glibc)
import Glibc
#endif

// MARK: - The preview's side: one extension process

/// Why an extension process did not answer: it died (a crash, a `fatalError`), did not answer in time and was
/// ended, could not start, or spoke another protocol.
public struct ExtensionFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened, in words: `killed by signal 4 (Illegal instruction)`, `did not answer within 2 s`...
    public var reason: String
    /// The widget code's place in the stack when standard error gave one: `File.swift:LINE: Fatal error: MESSAGE`.
    public var frame: String?
    /// The last lines the process wrote to standard error (at most 20).
    public var lastErrorLines: [String]

    /// A failure explained by `reason`, with the widget code's stack `frame` and the last standard error lines
    /// when known.
    public init(reason: String, frame: String? = nil, lastErrorLines: [String] = []) {
        self.reason = reason
        self.frame = frame
        self.lastErrorLines = lastErrorLines
    }

    /// The reason, followed by `: FRAME` when the stack frame is known.
    public var description: String { frame.map { "\(reason): \($0)" } ?? reason }

    /// True when the program could not be started or speaks another protocol: nothing of the widget code ran.
    public var isStartFailure: Bool {
        reason.hasPrefix(Self.cannotStart) || reason.hasPrefix(Self.anotherProtocol)
    }

    static let cannotStart = "cannot start "
    /// The start of every protocol mismatch's reason.
    static let anotherProtocol = "the extension speaks "
}

/// One widget extension process, started on demand: requests go one at a time, each with a deadline; a
/// process that misses one is killed, and a dead process is replaced by a new one at the next request.
public final class ExtensionProcess: @unchecked Sendable {
    /// How to start the extension: the program, its arguments and environment (the server variable is added).
    public struct Launch: Sendable {
        /// The path of the extension program.
        public var executable: String
        /// The arguments it is started with; none by default.
        public var arguments: [String]
        /// Its environment variables; this process's by default. The server variable is added to them.
        public var environment: [String: String]
        /// Whether what the process writes on standard error (widget code's `print` and log lines) is also written
        /// to this process's standard error, as a command run in one process shows it; false for the preview,
        /// which owns the terminal. The last lines are kept for the reason of a death either way.
        public var forwardsStandardError = false

        /// A launch of `executable` with `arguments` and `environment`.
        public init(executable: String, arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment) {
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
        }
    }

    /// Seconds a new process may take to answer `hello` (a debug build under load starts slowly).
    public static let startTimeLimit: TimeInterval = 60

    private let launch: Launch
    private let lock = NSLock()
    private var process: ChildProcess?
    private var input: FileHandle?
    private var output: FileHandle?
    /// The running (or last) process's standard error; a new one per process.
    private var errorLines = ErrorTail()
    private var launches = 0
    private var requests = 0

    /// An extension that is started the first time a request is sent. SIGPIPE keeps its disposition (the
    /// preview ends on one sent to it): a write to a dead process fails with SIGPIPE blocked on the writing
    /// thread only (`writeFrameToChild`).
    public init(launch: Launch) {
        self.launch = launch
    }

    deinit { stopLocked() }

    /// The running child's process id, nil when none runs.
    public var processID: Int32? { lock.withLock { process.map { $0.isRunning ? $0.processIdentifier : nil } ?? nil } }

    /// How many processes were started so far.
    public var launchCount: Int { lock.withLock { launches } }

    /// How many requests were sent so far (`hello` included).
    var requestCount: Int { lock.withLock { requests } }

    /// Sends `request` and waits at most `seconds` for the answer (starting a process first if none runs).
    /// - Throws: `ExtensionFailure` when the process cannot start, dies, or misses the deadline (it is then
    ///   killed, and the next request starts a new one).
    /// ActivityKit calls the widget code makes meanwhile (an intent's `Activity.update`) are run on `activities`:
    /// the preview's `ActivityCenter`; with none, they fail in the extension. The `WidgetCenter` and
    /// `ControlCenter` reloads it asks for are made on `host` (`CenterReloads.apply(to:)`) before this returns.
    public func send(
        _ request: ExtensionRequest, within seconds: TimeInterval, performer: IntentPerformer? = nil,
        activities: (any ActivityHostInterface)? = nil, host: HostContext = .current
    ) throws -> ExtensionResponse {
        try lock.withLock {
            if process == nil { try startLocked() }
            return try exchangeLocked(request, within: seconds, performer: performer, activities: activities, host: host)
        }
    }

    /// Ends the running process, if any.
    public func stop() { lock.withLock { stopLocked() } }

    private func startLocked() throws {
        let child = ChildProcess(executable: launch.executable, arguments: launch.arguments)
        var environment = launch.environment
        environment[ExtensionProtocol.serverEnvironmentVariable] = "1"
        // The crash backtracer symbolicates for seconds before the process ends; the fatal error line is enough.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        let requests = Pipe()
        let responses = Pipe()
        let errors = Pipe()
        child.standardInput = .pipe(requests)
        child.standardOutput = .pipe(responses)
        child.standardError = .pipe(errors)
        errorLines = ErrorTail()
        do {
            try child.run()
        } catch {
            // The launcher's message names the program already ("cannot run PATH: what to do"); keep only what to do.
            let message = "\(error)"
            let named = "cannot run \(launch.executable): "
            let advice = message.hasPrefix(named) ? String(message.dropFirst(named.count)) : message
            throw ExtensionFailure(reason: ExtensionFailure.cannotStart + "\(launch.executable): \(advice)")
        }
        launches += 1
        process = child
        // A crash of the preview kills it from the signal handler (async-signal-safe, by process id).
        widgetterm_signals_watch_child(child.processIdentifier)
        input = requests.fileHandleForWriting
        output = responses.fileHandleForReading
        let tail = errorLines
        let reader = errors.fileHandleForReading
        let forward: Int32? = launch.forwardsStandardError ? STDERR_FILENO : nil
        Thread.detachNewThread {
            withExtendedLifetime(reader) { tail.read(from: reader.fileDescriptor, forwardingTo: forward) }
        }
        let answer = try exchangeLocked(.hello(version: ExtensionProtocol.version), within: Self.startTimeLimit, performer: nil)
        guard case .hello(let version, _) = answer, version == ExtensionProtocol.version else {
            stopLocked()
            throw ExtensionFailure(reason: Self.protocolMismatch(answer))
        }
    }

    /// What a start failure says when the extension's answer to `hello` is not this WidgetTerm's protocol: the
    /// versions of both sides and the remedy.
    static func protocolMismatch(_ answer: ExtensionResponse) -> String {
        let theirs: String
        if case .hello(let version, _) = answer {
            theirs = "protocol \(version)"
        } else {
            theirs = "another protocol (it did not answer hello)"
        }
        return ExtensionFailure.anotherProtocol + theirs + ", this WidgetTerm speaks \(ExtensionProtocol.version):"
            + " rebuild the extension with this WidgetTerm"
            + " (`widgetterm preview` on its sources rebuilds it)"
    }

    private func exchangeLocked(
        _ request: ExtensionRequest, within seconds: TimeInterval, performer: IntentPerformer?,
        activities: (any ActivityHostInterface)? = nil, host: HostContext = .current
    ) throws -> ExtensionResponse {
        guard let input, let output else { throw ExtensionFailure(reason: "no extension process") }
        requests += 1
        let payload: Data
        do { payload = try JSONEncoder().encode(ExtensionCall(request)) } catch {
            throw ExtensionFailure(reason: "cannot encode \(request): \(error)")
        }
        do {
            try Self.writeFrameToChild(payload, to: input.fileDescriptor)
        } catch {
            throw deathLocked(during: request)
        }
        // ActivityKit calls made while the request is answered count against its deadline.
        let deadline = Self.monotonicSeconds() + seconds
        while true {
            guard wait(forReadable: output.fileDescriptor, seconds: deadline - Self.monotonicSeconds()) else {
                stopLocked()
                throw ExtensionFailure(
                    reason: "did not answer within \(Self.format(seconds)) s and was ended", lastErrorLines: errorLines.lines)
            }
            let frame: Data?
            do { frame = try ExtensionProtocol.readFrame(from: output.fileDescriptor) } catch { frame = nil }
            guard let frame else { throw deathLocked(during: request) }
            let response: ExtensionResponse
            do {
                response = try ViewTreeArchive.makeDecoder(performer: performer).decode(ExtensionResponse.self, from: frame)
            } catch {
                stopLocked()
                throw ExtensionFailure(reason: "sent an unreadable answer (\(error))")
            }
            if case .centerReloads(let reloads) = response {
                reloads.apply(to: host)
                continue
            }
            guard case .activityHostCall(let call) = response else { return response }
            let answer = call.answer(on: activities)
            do {
                let payload = try ViewTreeArchive.makeEncoder().encode(ExtensionCall(.activityHostAnswer(answer)))
                try Self.writeFrameToChild(payload, to: input.fileDescriptor)
            } catch {
                throw deathLocked(during: request)
            }
        }
    }

    /// Writes one frame to a child's requests pipe with SIGPIPE blocked on this thread only: a child that died
    /// makes the write fail with EPIPE, and the SIGPIPE the write raised is taken off this thread's pending
    /// set before the mask is restored, so it never reaches the preview's handler. The process-wide
    /// disposition stays what it was: SIGPIPE sent to the preview still ends it as documented.
    /// - Throws: `ExtensionProtocolError.closed` when the pipe has no reader.
    static func writeFrameToChild(_ payload: Data, to descriptor: Int32) throws {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        do {
            try ExtensionProtocol.writeFrame(payload, to: descriptor)
        } catch {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                while sigtimedwait(&pipeSignal, nil, &now) < 0 && errno == EINTR {}
            }
            throw error
        }
    }

    /// The failure for a process whose pipe closed: its exit status or signal and its last error lines.
    private func deathLocked(during request: ExtensionRequest) -> ExtensionFailure {
        guard let process else { return ExtensionFailure(reason: "no extension process") }
        // A process that closed its answers pipe without ending (widget code closing descriptors) is given 2 s:
        // a wait for its reaping, not a poll.
        if !process.wait(seconds: 2) { process.signal(SIGKILL) }
        process.waitUntilExit()
        widgetterm_signals_forget_child(process.processIdentifier)
        errorLines.waitForEnd()
        let reason: String
        if process.terminationReason == .uncaughtSignal {
            let number = process.terminationStatus
            reason = "crashed (signal \(number), \(String(cString: strsignal(number))))"
        } else {
            reason = "exited with status \(process.terminationStatus)"
        }
        let lines = errorLines.lines
        let frame = errorLines.fatalLine ?? lines.last { $0.contains(".swift:") }
        clearLocked()
        return ExtensionFailure(reason: reason, frame: frame, lastErrorLines: lines)
    }

    /// Waits for an answer on the monotonic clock (`Date()` follows the simulated clock, which may be paused).
    private func wait(forReadable descriptor: Int32, seconds: TimeInterval) -> Bool {
        let deadline = Self.monotonicSeconds() + seconds
        while true {
            let remaining = deadline - Self.monotonicSeconds()
            if remaining <= 0 { return false }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true } // let the read report what is wrong
        }
    }

    private func stopLocked() {
        if let process, process.isRunning {
            process.signal(SIGKILL)
            process.waitUntilExit()
        }
        if let process { widgetterm_signals_forget_child(process.processIdentifier) }
        clearLocked()
    }

    private func clearLocked() {
        try? input?.close()
        try? output?.close()
        input = nil
        output = nil
        process = nil
    }

    static func monotonicSeconds() -> TimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}

/// The last lines a child wrote to standard error, and whether the stream has ended.
final class ErrorTail: @unchecked Sendable {
    private let lock = NSLock()
    private let ended = MonotonicSignal()
    private var pending = Data()
    private var kept: [String] = []
    private var fatal: String?
    private static let limit = 20

    /// The Swift runtime's report of a trap (`File.swift:LINE: Fatal error: MESSAGE`, and the precondition,
    /// assertion and nil-unwrapping forms), which names the widget code's frame; the stack trace follows it.
    static func isFatal(_ line: String) -> Bool {
        [": Fatal error", ": Precondition failed", ": Assertion failed"].contains { line.contains($0) }
            || line.hasPrefix("Fatal error:")
    }

    /// The last trap report seen since the process started.
    var fatalLine: String? { lock.withLock { fatal } }

    func append(_ chunk: Data) {
        lock.withLock {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                if Self.isFatal(line) { fatal = line }
                kept.append(line)
                pending = Data(pending[pending.index(after: newline)...])
            }
            if kept.count > Self.limit { kept.removeFirst(kept.count - Self.limit) }
        }
    }

    /// Reads `descriptor` (a child's standard error) until its end, with read(2) itself: an interrupted read
    /// (EINTR: a signal handled on this thread, such as the crash reporter's while it suspends threads) is
    /// retried. Foundation's `availableData` stops the process with a fatal error on any failed read. What is
    /// read is also written to `forward` when given (this process's standard error).
    func read(from descriptor: Int32, forwardingTo forward: Int32? = nil) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            if let forward { Self.write(buffer[0..<count], to: forward) }
            append(Data(buffer[0..<count]))
        }
        close()
    }

    /// Writes all of `bytes`, retrying short and interrupted writes; stops when the descriptor refuses more.
    private static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    func close() {
        lock.withLock {
            if !pending.isEmpty {
                let line = String(decoding: pending, as: UTF8.self)
                if Self.isFatal(line) { fatal = line }
                kept.append(line)
            }
            pending = Data()
        }
        ended.signal()
    }

    /// Waits (at most 2 s: a grandchild may hold the pipe open) for the stream to end.
    func waitForEnd() {
        _ = ended.wait(seconds: 2)
    }

    var lines: [String] { lock.withLock { kept } }
}
