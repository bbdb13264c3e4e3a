// CNCurses: the parts of ncursesw the interactive preview uses (ARCHITECTURE.md "Notes on CNCurses").
//
// Wide characters need NCURSES_WIDECHAR and _XOPEN_SOURCE_EXTENDED before the include. In Swift 6
// language mode the C globals (COLORS, COLOR_PAIRS, LINES, COLS, stdscr, stdin, stdout) cannot be
// touched and function-like macros (COLOR_PAIR, the A_* attributes, the BUTTON* mouse masks) are not
// imported, so each one the preview needs is wrapped in a static inline function here.
#ifndef WIDGETTERM_CNCURSES_SHIM_H
#define WIDGETTERM_CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>

/// Cell attributes the preview passes as one bit mask (bit values match `CellAttributes` in CellRender).
enum {
    WIDGETTERM_ATTRIBUTE_BOLD = 1,
    WIDGETTERM_ATTRIBUTE_ITALIC = 2,
    WIDGETTERM_ATTRIBUTE_UNDERLINE = 4,
    WIDGETTERM_ATTRIBUTE_STRIKETHROUGH = 8,
    WIDGETTERM_ATTRIBUTE_DIM = 16,
    WIDGETTERM_ATTRIBUTE_REVERSE = 32,
};

/// Opens the terminal on standard output and input with the terminfo entry `type` (NULL: $TERM).
/// Returns NULL when the entry does not exist or the terminal cannot be used.
static inline SCREEN *widgetterm_newterm(const char *type) {
    return newterm(type, stdout, stdin);
}

static inline WINDOW *widgetterm_stdscr(void) { return stdscr; }
static inline int widgetterm_lines(void) { return LINES; }
static inline int widgetterm_columns(void) { return COLS; }
static inline int widgetterm_colors(void) { return COLORS; }
static inline int widgetterm_color_pairs(void) { return COLOR_PAIRS; }

/// The ncurses attributes for a WIDGETTERM_ATTRIBUTE_* mask (ncurses has no strikethrough: ignored).
static inline attr_t widgetterm_attributes(unsigned mask) {
    attr_t attributes = A_NORMAL;
    if (mask & WIDGETTERM_ATTRIBUTE_BOLD) attributes |= A_BOLD;
    if (mask & WIDGETTERM_ATTRIBUTE_ITALIC) attributes |= A_ITALIC;
    if (mask & WIDGETTERM_ATTRIBUTE_UNDERLINE) attributes |= A_UNDERLINE;
    if (mask & WIDGETTERM_ATTRIBUTE_DIM) attributes |= A_DIM;
    if (mask & WIDGETTERM_ATTRIBUTE_REVERSE) attributes |= A_REVERSE;
    return attributes;
}

/// Writes one grapheme (up to 4 code points, NUL-terminated) at (row, column) of stdscr with an
/// extended colour pair. A wide grapheme covers the next column too.
static inline int widgetterm_put_cell(int row, int column, const wchar_t *grapheme, unsigned attributeMask, int pair) {
    cchar_t cell;
    if (setcchar(&cell, grapheme, widgetterm_attributes(attributeMask), 0, &pair) == ERR) return ERR;
    return mvwadd_wch(stdscr, row, column, &cell);
}

/// Asks for button-1 press and release reports (ncurses writes the terminal's mouse-enable string).
static inline mmask_t widgetterm_enable_mouse(void) {
    return mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, NULL);
}

/// Stops mouse reports.
static inline mmask_t widgetterm_disable_mouse(void) { return mousemask(0, NULL); }

/// Makes the next refresh repaint the whole screen (after a resize or when the screen may be garbled).
static inline int widgetterm_force_full_repaint(void) { return clearok(curscr, TRUE); }

/// Standard output's stdio stream, flushed (ncurses writes through it).
static inline int widgetterm_flush_stdout(void) { return fflush(stdout); }

/// The size of the terminal on `fd` in cells (TIOCGWINSZ). Returns 0 on success, -1 when `fd` is not a
/// terminal or reports no size.
static inline int widgetterm_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/// A pipe whose ends are non-blocking and closed on exec (for waking the main loop from signal
/// handlers and other threads). Returns 0 on success, -1 with errno set.
static inline int widgetterm_make_pipe(int descriptors[2]) {
    if (pipe(descriptors) != 0) return -1;
    for (int index = 0; index < 2; index++) {
        int flags = fcntl(descriptors[index], F_GETFL);
        fcntl(descriptors[index], F_SETFL, flags | O_NONBLOCK);
        fcntl(descriptors[index], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}

#endif
