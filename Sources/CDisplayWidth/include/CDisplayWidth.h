#ifndef CDISPLAYWIDTH_H
#define CDISPLAYWIDTH_H

#include <stdint.h>

/// Columns a Unicode scalar takes in a terminal: the C library's `wcwidth` (the function ncurses uses),
/// evaluated in a UTF-8 locale. Returns -1 for non-printable scalars, 0 for combining marks.
int widgetterm_scalar_width(uint32_t scalar);

#endif
