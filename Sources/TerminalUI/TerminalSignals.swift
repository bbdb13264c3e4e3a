import Foundation
import CNCurses
import CTerminalSignals
#if canImport(Glibc)
import Glibc
#endif

// MARK: - Signals: wake the loop, never lose the terminal

/// Signal handling for the real terminal (the handlers are in C, `CTerminalSignals`, so they stay
/// async-signal-safe), with the self-pipe trick:
///
/// - SIGWINCH and SIGCONT write their number to a pipe that `NCursesTerminal.waitForEvents(timeout:)` polls
///   beside standard input: the loop resizes.
/// - SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE and the other signals whose default action
///   ends the process write their number to the same pipe: the main loop (not the handler) stops, restores
///   the terminal, saves the App Group store, and the process then dies of that signal (`PreviewCommand`).
/// - SIGQUIT and the crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS) put the saved
///   terminal modes back and leave the alternate screen in the handler, then hand over to the Swift
///   runtime's backtracer, whose report goes to standard error without waiting at its interactive prompt.
///
/// `wake()` writes a 0 to the pipe from any thread.
enum TerminalSignals {
    nonisolated(unsafe) static var pipeRead: Int32 = -1
    nonisolated(unsafe) static var pipeWrite: Int32 = -1
    /// Mouse reports off (every mode ncurses may have asked for), attributes reset, the alternate screen erased
    /// (so tmux has nothing to reflow into the shell after a resize: `NCursesTerminal.restore()`), cursor shown,
    /// normal screen: what a crash handler writes.
    static let resetBytes: [UInt8] = Array(
        "\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[?25h\u{1B}[?1049l\r\n"
            .utf8)

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
        let installed = resetBytes.withUnsafeBufferPointer { bytes in
            widgetterm_signals_install(pipeWrite, bytes.baseAddress, bytes.count)
        }
        guard installed == 0 else {
            let reason = String(cString: strerror(errno))
            widgetterm_signals_uninstall()
            throw TerminalError("cannot install the signal handlers: \(reason)")
        }
    }

    /// ncurses owns the screen from now on: a crash must give it back.
    static func markCursesActive() { widgetterm_signals_set_terminal_active(1) }

    /// Puts back the dispositions `install()` replaced, the Swift runtime's crash handlers included (the
    /// terminal has been restored).
    static func uninstall() { widgetterm_signals_uninstall() }

    /// Makes a poll on the pipe return (from any thread).
    static func wake() {
        guard pipeWrite >= 0 else { return }
        var byte: UInt8 = 0
        _ = write(pipeWrite, &byte, 1)
    }
}
