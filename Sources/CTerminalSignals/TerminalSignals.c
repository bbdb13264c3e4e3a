// Signal handlers that give the terminal back before the process ends. See CTerminalSignals.h.
//
// Everything a handler calls is async-signal-safe (write, tcsetattr, open, dup2, close, sigaction,
// sigprocmask, raise, kill); the state it reads is set before the handlers are installed.
#define _GNU_SOURCE
#include "CTerminalSignals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#define SIGNAL_LIMIT 65 // Linux signals are 1...64

static int pipe_descriptor = -1;
static struct termios saved_modes;
static int has_saved_modes = 0;
static unsigned char reset_bytes[256];
static size_t reset_length = 0;
static volatile sig_atomic_t terminal_active = 0;
static struct sigaction previous[SIGNAL_LIMIT];
static unsigned char replaced[SIGNAL_LIMIT];

#define CHILD_LIMIT 256
/// Process ids of running children (extension processes) that a crash kills; 0 marks a free slot.
static int children[CHILD_LIMIT];

/// Signals the main loop reacts to without ending: the terminal changed size, or the process was continued.
static const int notified[] = {SIGWINCH, SIGCONT};

/// Signals whose default action ends the process (apart from the real-time ones, added at run time) and that
/// do not mean the process is broken: the main loop restores the terminal, then dies of the signal.
static const int terminating[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM,
                                  SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT, SIGIO};

/// Signals that say the process is broken, or ask for a report of its threads (SIGQUIT): handled at once.
static const int fatal[] = {SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS};

#define COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

static void write_fully(int descriptor, const unsigned char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(descriptor, bytes, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += written;
        length -= (size_t)written;
    }
}

/// Gives the terminal back once (whichever thread or signal gets here first). Returns 1 when it did.
static int restore_terminal(void) {
    if (!__atomic_exchange_n(&terminal_active, 0, __ATOMIC_SEQ_CST)) return 0;
    if (has_saved_modes) tcsetattr(STDIN_FILENO, TCSANOW, &saved_modes);
    write_fully(STDOUT_FILENO, reset_bytes, reset_length);
    return 1;
}

static void notify(int number) {
    int saved = errno;
    unsigned char byte = (unsigned char)number;
    if (pipe_descriptor >= 0) (void)write(pipe_descriptor, &byte, 1);
    errno = saved;
}

static void die(int number) {
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(number, &fallback, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, number);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    raise(number);
}

/// Kills every watched child (SIGKILL, by process id), so their pipes close before the report is written.
static void kill_children(void) {
    for (int index = 0; index < CHILD_LIMIT; index++) {
        int pid = __atomic_exchange_n(&children[index], 0, __ATOMIC_SEQ_CST);
        if (pid > 0) kill(pid, SIGKILL);
    }
}

static void crash(int number, siginfo_t *info, void *context) {
    struct sigaction before = previous[number];
    int saved = errno;
    kill_children();
    errno = saved;
    if (restore_terminal()) {
        // The screen is the person's again. The report that follows goes where standard error goes, and
        // must not wait at the backtracer's interactive prompt ("Press space to interact, D to debug, or any
        // other key to quit"): its standard input becomes a pipe holding one key, "q". (At end of file, as
        // from /dev/null, the backtracer says "failed" after a complete report.)
        int keys[2];
        if (pipe(keys) == 0) {
            const unsigned char quit = 'q';
            write_fully(keys[1], &quit, 1);
            close(keys[1]);
            dup2(keys[0], STDIN_FILENO);
            if (keys[0] != STDIN_FILENO) close(keys[0]);
        }
        dup2(STDERR_FILENO, STDOUT_FILENO);
    }
    // From here a second fault kills the process with the default action instead of coming back here.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(number, &fallback, NULL);
    if ((before.sa_flags & SA_SIGINFO) && before.sa_sigaction != NULL) {
        before.sa_sigaction(number, info, context);
    } else if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN) {
        before.sa_handler(number);
    }
    die(number);
}

static int take_over(int number, struct sigaction *action) {
    if (number <= 0 || number >= SIGNAL_LIMIT || replaced[number]) return 0;
    struct sigaction current;
    if (sigaction(number, NULL, &current) != 0) return -1;
    if (sigaction(number, action, NULL) != 0) return -1;
    previous[number] = current;
    replaced[number] = 1;
    return 0;
}

/// Whether `number` has its default disposition (no handler, not ignored).
static int is_default(int number) {
    struct sigaction current;
    if (sigaction(number, NULL, &current) != 0) return 0;
    return !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL;
}

int widgetterm_signals_install(int pipe_write, const unsigned char *reset, size_t reset_length_in) {
    if (reset_length_in > sizeof reset_bytes) {
        errno = EINVAL;
        return -1;
    }
    terminal_active = 0;
    pipe_descriptor = pipe_write;
    memcpy(reset_bytes, reset, reset_length_in);
    reset_length = reset_length_in;
    has_saved_modes = tcgetattr(STDIN_FILENO, &saved_modes) == 0;

    // A parent may have started us with signals blocked (a mask is inherited across exec, and worker threads
    // of test runners block everything): unblock the ones handled here, or they would never arrive.
    sigset_t handled;
    sigemptyset(&handled);

    struct sigaction forward;
    memset(&forward, 0, sizeof forward);
    forward.sa_handler = notify;
    sigemptyset(&forward.sa_mask);
    forward.sa_flags = SA_RESTART;

    struct sigaction fault;
    memset(&fault, 0, sizeof fault);
    fault.sa_sigaction = crash;
    sigfillset(&fault.sa_mask);
    for (int index = 0; index < COUNT(fatal); index++) sigdelset(&fault.sa_mask, fatal[index]);
    fault.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;

    for (int index = 0; index < COUNT(notified); index++) {
        if (take_over(notified[index], &forward) != 0) return -1;
        sigaddset(&handled, notified[index]);
    }
    for (int index = 0; index < COUNT(terminating); index++) {
        if (!replaced[terminating[index]] && !is_default(terminating[index])) continue;
        if (take_over(terminating[index], &forward) != 0) return -1;
        sigaddset(&handled, terminating[index]);
    }
    for (int number = SIGRTMIN; number <= SIGRTMAX && number < SIGNAL_LIMIT; number++) {
        if (!replaced[number] && !is_default(number)) continue;
        if (take_over(number, &forward) != 0) return -1;
        sigaddset(&handled, number);
    }
    for (int index = 0; index < COUNT(fatal); index++) {
        int number = fatal[index];
        struct sigaction current;
        if (!replaced[number] && sigaction(number, NULL, &current) == 0 && !(current.sa_flags & SA_SIGINFO)
            && current.sa_handler == SIG_IGN) continue; // SIGQUIT ignored by the parent stays ignored
        if (take_over(number, &fault) != 0) return -1;
        sigaddset(&handled, number);
    }
    sigprocmask(SIG_UNBLOCK, &handled, NULL);
    return 0;
}

void widgetterm_signals_set_terminal_active(int active) { terminal_active = active ? 1 : 0; }

void widgetterm_signals_uninstall(void) {
    terminal_active = 0;
    for (int number = 1; number < SIGNAL_LIMIT; number++) {
        if (!replaced[number]) continue;
        sigaction(number, &previous[number], NULL);
        replaced[number] = 0;
    }
}

int widgetterm_signals_watch_child(int pid) {
    if (pid <= 0) return -1;
    for (int index = 0; index < CHILD_LIMIT; index++) {
        int expected = 0;
        if (__atomic_compare_exchange_n(&children[index], &expected, pid, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return 0;
    }
    return -1;
}

void widgetterm_signals_forget_child(int pid) {
    if (pid <= 0) return;
    for (int index = 0; index < CHILD_LIMIT; index++) {
        int expected = pid;
        if (__atomic_compare_exchange_n(&children[index], &expected, 0, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return;
    }
}

int widgetterm_signals_is_watched_child(int pid) {
    if (pid <= 0) return 0;
    for (int index = 0; index < CHILD_LIMIT; index++) {
        if (__atomic_load_n(&children[index], __ATOMIC_SEQ_CST) == pid) return 1;
    }
    return 0;
}
