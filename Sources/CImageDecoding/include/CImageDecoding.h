#ifndef CIMAGEDECODING_H
#define CIMAGEDECODING_H

#include <stddef.h>
#include <stdint.h>

/// A decoded bitmap: 8-bit sRGB red, green, blue and straight (not premultiplied) alpha per pixel, rows top
/// to bottom with no padding. `pixels` is allocated with `malloc`; release it with `widgetterm_image_free`.
typedef struct {
    uint8_t *pixels;
    uint32_t width;
    uint32_t height;
} widgetterm_image;

/// Decodes a PNG file held in memory with libpng's simplified API (any bit depth, palette, grey or
/// alpha; gamma converted to sRGB). Returns 0 on success; otherwise writes a reason to `error`
/// (at most `error_size` bytes, NUL-terminated) and returns -1.
int widgetterm_decode_png(const uint8_t *data, size_t size, widgetterm_image *image, char *error, size_t error_size);

/// Decodes a baseline or progressive JPEG held in memory with libjpeg(-turbo), to RGBA with alpha 255.
/// Greyscale and YCbCr JPEGs are converted to RGB; CMYK is refused. Returns 0 on success; otherwise
/// writes a reason to `error` and returns -1. libjpeg's fatal errors never exit the process.
int widgetterm_decode_jpeg(const uint8_t *data, size_t size, widgetterm_image *image, char *error, size_t error_size);

/// Releases the pixels of an image that a decoder filled (safe on a zeroed image).
void widgetterm_image_free(widgetterm_image *image);

/// The largest width or height a decoder accepts, in pixels (larger images are refused before allocation).
#define WIDGETTERM_IMAGE_MAX_SIDE 8192

#endif
