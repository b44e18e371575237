#include "mattertype_codecs.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int append(mattertype_buffer *out, const uint8_t *bytes, size_t count) {
    if (out->size + count > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < out->size + count) capacity *= 2;
        uint8_t *grown = realloc(out->data, capacity);
        if (!grown) return 0;
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, bytes, count);
    out->size += count;
    return 1;
}

static void write_bytes(png_structp png, png_bytep bytes, png_size_t count) {
    mattertype_buffer *out = png_get_io_ptr(png);
    if (!append(out, bytes, count)) png_error(png, "out of memory for the encoded image");
}

static void flush_nothing(png_structp png) { (void)png; }

static void on_error(png_structp png, png_const_charp message) {
    mattertype_buffer *out = png_get_error_ptr(png);
    snprintf(out->message, sizeof out->message, "%s", message ? message : "unknown libpng error");
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

int mattertype_png_write(uint32_t width, uint32_t height, int color_type, int bit_depth,
                         const uint8_t *palette_rgb, int palette_entries, const uint8_t *alpha, int alpha_entries,
                         int zlib_level, int filters, mattertype_row_fn row, void *context, mattertype_buffer *out) {
    out->message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, out, on_error, on_warning);
    if (!png) {
        snprintf(out->message, sizeof out->message, "libpng could not start a write");
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    png_bytep buffer = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        if (!out->message[0]) snprintf(out->message, sizeof out->message, "libpng could not start a write");
        free(buffer);
        png_destroy_write_struct(&png, info ? &info : NULL);
        return 0;
    }
    png_set_write_fn(png, out, write_bytes, flush_nothing);
    png_set_IHDR(png, info, width, height, bit_depth, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color colors[256];
        for (int i = 0; i < palette_entries && i < 256; i++) {
            colors[i].red = palette_rgb[3 * i];
            colors[i].green = palette_rgb[3 * i + 1];
            colors[i].blue = palette_rgb[3 * i + 2];
        }
        png_set_PLTE(png, info, colors, palette_entries);
        if (alpha_entries > 0) png_set_tRNS(png, info, (png_bytep)alpha, alpha_entries, NULL);
    }
    png_set_compression_level(png, zlib_level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    png_write_info(png, info);
    size_t row_bytes = png_get_rowbytes(png, info);
    buffer = malloc(row_bytes);
    if (!buffer) png_error(png, "out of memory for a row");
    for (uint32_t y = 0; y < height; y++) {
        row(context, y, buffer);
        png_write_row(png, buffer);
    }
    png_write_end(png, info);
    free(buffer);
    png_destroy_write_struct(&png, &info);
    return 1;
}

void mattertype_buffer_free(mattertype_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}
