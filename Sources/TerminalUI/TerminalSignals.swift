import Foundation
import CNCurses
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Signals: wake the loop, never lose the terminal

/// Signal handling for the real terminal, with the self-pipe trick: SIGINT, SIGTERM, SIGHUP, SIGWINCH and
/// SIGCONT write their number to a pipe that `NCursesTerminal.waitForEvents(timeout:)` polls beside standard
/// input, so the main loop (not the handler) restores the terminal and stops, or resizes. `wake()` writes a 0
/// from any thread. A crash signal (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) puts the saved terminal
/// modes back and leaves the alternate screen with async-signal-safe calls before the process dies.
enum TerminalSignals {
    nonisolated(unsafe) static var pipeRead: Int32 = -1
    nonisolated(unsafe) static var pipeWrite: Int32 = -1
    nonisolated(unsafe) private static var savedAttributes = termios()
    nonisolated(unsafe) private static var isCursesActive = false
    /// Mouse reports off, attributes reset, cursor shown, normal screen: what a crash handler writes.
    nonisolated(unsafe) private static var resetBytes: [UInt8] = Array("\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\r\n".utf8)

    static let forwarded: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGCONT]
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Creates the pipe, saves the terminal modes and installs the handlers (before ncurses starts, so it
    /// leaves them alone).
    static func install() throws {
        if pipeRead < 0 {
            var descriptors: [Int32] = [-1, -1]
            guard widgetterm_make_pipe(&descriptors) == 0 else {
                throw TerminalError("cannot create the signal pipe: \(String(cString: strerror(errno)))")
            }
            pipeRead = descriptors[0]
            pipeWrite = descriptors[1]
        }
        _ = tcgetattr(STDIN_FILENO, &savedAttributes)
        _ = resetBytes.count
        // A parent may have started us with these signals blocked (a mask is inherited across exec, and worker
        // threads of test runners block everything): unblock them on this thread, or they would never arrive.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signalNumber in forwarded + crashes { sigaddset(&unblocked, signalNumber) }
        _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signalNumber in forwarded {
            signal(signalNumber) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(TerminalSignals.pipeWrite, &byte, 1)
            }
        }
        for signalNumber in crashes {
            signal(signalNumber) { number in
                if TerminalSignals.isCursesActive {
                    var attributes = TerminalSignals.savedAttributes
                    _ = tcsetattr(STDIN_FILENO, TCSANOW, &attributes)
                    TerminalSignals.resetBytes.withUnsafeBufferPointer { bytes in _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count) }
                }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// ncurses owns the screen from now on: a crash must give it back.
    static func markCursesActive() { isCursesActive = true }

    /// Puts the default handlers back (the terminal has been restored).
    static func uninstall() {
        isCursesActive = false
        for signalNumber in forwarded + crashes { signal(signalNumber, SIG_DFL) }
    }

    /// Makes a poll on the pipe return (from any thread).
    static func wake() {
        guard pipeWrite >= 0 else { return }
        var byte: UInt8 = 0
        _ = write(pipeWrite, &byte, 1)
    }
}
