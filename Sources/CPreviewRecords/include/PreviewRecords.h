#ifndef WIDGETTERM_PREVIEW_RECORDS_H
#define WIDGETTERM_PREVIEW_RECORDS_H

#include <stddef.h>

/// The records `#Preview` expansions place in the linker section `widgetterm_previews` of the image this
/// function is linked into: a pointer to the first (NULL when the image has none) and their count. Each
/// record is a C function pointer that returns a retained `PreviewRegistration`.
const void *const *widgetterm_preview_records(size_t *count);

#endif
