// JPEG decoding with libjpeg(-turbo). libjpeg reports errors by calling error_exit, which by default exits the
// process: here it longjmps back to mattertype_jpeg_decode_rgba (all within C, never through Swift frames), which
// frees what it made and returns 0 with the library's message.
#include "mattertype_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
} mattertype_jpeg_error;

static void mattertype_jpeg_error_exit(j_common_ptr info) {
    mattertype_jpeg_error *error = (mattertype_jpeg_error *)info->err;
    longjmp(error->jump, 1);
}

static void mattertype_jpeg_silent(j_common_ptr info, int level) {
    (void)info;
    (void)level;  // not printed: a warning (a truncated file's "premature end") makes the decode fail afterwards
}

int mattertype_jpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t *width,
                                uint32_t *height, mattertype_buffer *out) {
    out->message[0] = 0;
    struct jpeg_decompress_struct info;
    mattertype_jpeg_error error;
    uint8_t *volatile pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = mattertype_jpeg_error_exit;
    error.manager.emit_message = mattertype_jpeg_silent;
    if (setjmp(error.jump)) {
        char message[JMSG_LENGTH_MAX];
        (*info.err->format_message)((j_common_ptr)&info, message);
        snprintf(out->message, sizeof out->message, "not a JPEG libjpeg can read: %s", message);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if ((uint64_t)info.image_width * (uint64_t)info.image_height > max_pixels) {
        snprintf(out->message, sizeof out->message, "the JPEG is %u x %u pixels, more than %llu", info.image_width,
                 info.image_height, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&info);
        return 0;
    }
    info.out_color_space = JCS_EXT_RGBA;  // libjpeg-turbo: gray, YCbCr and RGB come out as RGBA; CMYK is refused
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height ? stride * info.output_height : 1);
    if (!pixels) {
        snprintf(out->message, sizeof out->message, "out of memory for the decoded image");
        jpeg_destroy_decompress(&info);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    if (error.manager.num_warnings > 0) {  // a truncated or damaged file: libjpeg filled in what was missing
        char message[JMSG_LENGTH_MAX];
        (*info.err->format_message)((j_common_ptr)&info, message);
        snprintf(out->message, sizeof out->message, "the JPEG is damaged or cut short: %s", message);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return 0;
    }
    *width = info.output_width;
    *height = info.output_height;
    out->data = pixels;
    out->size = out->capacity = stride * info.output_height;
    jpeg_destroy_decompress(&info);
    return 1;
}
