#ifndef CTERMINALSIGNALS_H
#define CTERMINALSIGNALS_H

#include <stddef.h>

/// Signal handling for a full-screen terminal program: whatever signal ends the process, the terminal is
/// given back first (saved modes, mouse reports off, cursor shown, normal screen).
///
/// The handlers are written in C so that everything they do is async-signal-safe. Three kinds of signal:
///
///   - Resizes and continues (SIGWINCH, SIGCONT) write their number to a pipe that the main loop polls.
///   - Signals whose default action ends the process and that say nothing about the process's health
///     (SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
///     SIGPWR, SIGSTKFLT, SIGIO and the real-time signals) also write their number to the pipe: the main
///     loop restores the terminal, saves what it has to save and then dies of the same signal. Each is
///     only taken over when its disposition is the default one, so a signal a parent ignores (`nohup`)
///     stays ignored and a handler someone else installed is left alone.
///   - Crashes and SIGQUIT (SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS) restore the
///     terminal in the handler itself, then hand the signal to whatever handled it before (the Swift
///     runtime's backtracer) with standard input on a pipe holding one "q" (so the backtracer does not wait
///     at its interactive prompt) and standard output on standard error (so the report goes wherever
///     standard error goes: the terminal, or the file it was redirected to). The process then dies of the
///     signal. Before anything else, the crash handler kills the watched children (extension processes) with
///     SIGKILL by process id, so none outlives the report and their pipes close while it is written.

/// Saves the modes of the terminal on standard input, remembers `pipe_write` (non-blocking) and the bytes
/// that give the screen back (at most 255), and installs the handlers. Returns 0, or -1 with errno set.
int widgetterm_signals_install(int pipe_write, const unsigned char *reset, size_t reset_length);

/// 1: the terminal is in the program's modes and must be restored when a crash signal arrives; 0: not.
void widgetterm_signals_set_terminal_active(int active);

/// Puts back every disposition `widgetterm_signals_install` replaced (the Swift runtime's crash handlers
/// included) and forgets the terminal.
void widgetterm_signals_uninstall(void);

/// Adds a child process id that a crash signal kills (at most 256 at once). Returns 0, or -1 when the table
/// is full or `pid` is not positive. Safe from any thread.
int widgetterm_signals_watch_child(int pid);

/// Forgets a child added with `widgetterm_signals_watch_child` (it ended and was reaped). Safe from any thread.
void widgetterm_signals_forget_child(int pid);

/// 1 when `pid` is watched now, else 0.
int widgetterm_signals_is_watched_child(int pid);

#endif
