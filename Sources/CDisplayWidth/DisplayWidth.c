// wcwidth needs _XOPEN_SOURCE to be declared and a UTF-8 LC_CTYPE to answer for non-ASCII scalars.
#define _XOPEN_SOURCE 700
#include "CDisplayWidth.h"

#include <locale.h>
#include <pthread.h>
#include <wchar.h>

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void open_utf8_locale(void) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (!utf8_locale) utf8_locale = newlocale(LC_CTYPE_MASK, "en_US.UTF-8", (locale_t)0);
}

int widgetterm_scalar_width(uint32_t scalar) {
    pthread_once(&utf8_once, open_utf8_locale);
    if (!utf8_locale) return wcwidth((wchar_t)scalar);
    // uselocale is per thread: answer in the UTF-8 locale without touching the process locale.
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}
