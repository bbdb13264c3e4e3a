// The linker defines __start_SECTION and __stop_SECTION around every section whose name is a C identifier
// (GNU ld, gold and lld on ELF). Weak and hidden: an image without previews has no such section, and the
// references then resolve to NULL instead of failing the link.
#include "PreviewRecords.h"

extern const void *const __start_widgetterm_previews[] __attribute__((weak, visibility("hidden")));
extern const void *const __stop_widgetterm_previews[] __attribute__((weak, visibility("hidden")));

const void *const *widgetterm_preview_records(size_t *count) {
    if (__start_widgetterm_previews == NULL || __stop_widgetterm_previews == NULL
        || __stop_widgetterm_previews <= __start_widgetterm_previews) {
        *count = 0;
        return NULL;
    }
    *count = (size_t)(__stop_widgetterm_previews - __start_widgetterm_previews);
    return __start_widgetterm_previews;
}
