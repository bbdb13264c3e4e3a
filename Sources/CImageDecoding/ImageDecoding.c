// Decoding of PNG and JPEG asset images through Debian's libpng and libjpeg-turbo. The JPEG decoder needs
// setjmp/longjmp for libjpeg's fatal errors, which Swift cannot express; that is why this is C.
#include "CImageDecoding.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <jpeglib.h>

static void set_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    snprintf(error, error_size, "%s", message);
}

void widgetterm_image_free(widgetterm_image *image) {
    if (image == NULL) return;
    free(image->pixels);
    image->pixels = NULL;
    image->width = 0;
    image->height = 0;
}

int widgetterm_decode_png(const uint8_t *data, size_t size, widgetterm_image *image, char *error, size_t error_size) {
    memset(image, 0, sizeof *image);
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&png, data, size)) {
        set_error(error, error_size, png.message[0] ? png.message : "not a PNG file");
        png_image_free(&png);
        return -1;
    }
    if (png.width == 0 || png.height == 0 || png.width > WIDGETTERM_IMAGE_MAX_SIDE || png.height > WIDGETTERM_IMAGE_MAX_SIDE) {
        char message[128];
        snprintf(message, sizeof message, "a PNG of %u x %u pixels is outside 1...%d per side",
                 (unsigned)png.width, (unsigned)png.height, WIDGETTERM_IMAGE_MAX_SIDE);
        set_error(error, error_size, message);
        png_image_free(&png);
        return -1;
    }
    png.format = PNG_FORMAT_RGBA;
    size_t bytes = PNG_IMAGE_SIZE(png);
    uint8_t *pixels = malloc(bytes);
    if (pixels == NULL) {
        set_error(error, error_size, "out of memory");
        png_image_free(&png);
        return -1;
    }
    if (!png_image_finish_read(&png, NULL, pixels, 0, NULL)) {
        set_error(error, error_size, png.message[0] ? png.message : "the PNG data is damaged");
        free(pixels);
        png_image_free(&png);
        return -1;
    }
    image->pixels = pixels;
    image->width = png.width;
    image->height = png.height;
    png_image_free(&png);
    return 0;
}

struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr info) {
    struct jpeg_failure *failure = (struct jpeg_failure *)info->err;
    (*info->err->format_message)(info, failure->message);
    longjmp(failure->jump, 1);
}

static void jpeg_quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

int widgetterm_decode_jpeg(const uint8_t *data, size_t size, widgetterm_image *image, char *error, size_t error_size) {
    memset(image, 0, sizeof *image);
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    memset(&failure, 0, sizeof failure);
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_quiet;
    uint8_t *volatile pixels = NULL;
    if (setjmp(failure.jump)) {
        set_error(error, error_size, failure.message[0] ? failure.message : "the JPEG data is damaged");
        free(pixels);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (unsigned char *)data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) {
        set_error(error, error_size, "CMYK JPEGs are not supported; save the image as an RGB JPEG or a PNG");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    if (info.image_width == 0 || info.image_height == 0 || info.image_width > WIDGETTERM_IMAGE_MAX_SIDE ||
        info.image_height > WIDGETTERM_IMAGE_MAX_SIDE) {
        char message[128];
        snprintf(message, sizeof message, "a JPEG of %u x %u pixels is outside 1...%d per side",
                 (unsigned)info.image_width, (unsigned)info.image_height, WIDGETTERM_IMAGE_MAX_SIDE);
        set_error(error, error_size, message);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height);
    if (pixels == NULL) {
        set_error(error, error_size, "out of memory");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    image->pixels = pixels;
    image->width = info.output_width;
    image->height = info.output_height;
    jpeg_destroy_decompress(&info);
    return 0;
}
