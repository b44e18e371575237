#ifndef MATTERTYPE_CJPEG_SHIM_H
#define MATTERTYPE_CJPEG_SHIM_H

// JPEG decoding with libjpeg-turbo (libjpeg62-turbo-dev), for card images. libjpeg reports errors by calling
// error_exit, which by default exits the process: here it longjmps back to mattertype_jpeg_decode_rgba (all within
// C, never through Swift frames), which frees what it made and returns NULL with the library's message.
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    /// Set when the progress monitor stopped a file with more scans than `max_scans`.
    int too_many_scans;
    int max_scans;
    /// The first warning libjpeg gave, in its words.
    char first_warning[JMSG_LENGTH_MAX];
} mattertype_jpeg_error;

static inline void mattertype_jpeg_error_exit(j_common_ptr info) {
    mattertype_jpeg_error *error = (mattertype_jpeg_error *)info->err;
    longjmp(error->jump, 1);
}

/// Not printed, but counted as libjpeg's own handler counts them: a warning (a truncated file's "premature end", a
/// damaged entropy segment) makes the decode fail afterwards instead of showing the gray libjpeg filled in.
static inline void mattertype_jpeg_silent(j_common_ptr info, int level) {
    if (level >= 0) return;
    if (info->err->num_warnings++ == 0) {
        (*info->err->format_message)(info, ((mattertype_jpeg_error *)info->err)->first_warning);
    }
}

/// Stops a progressive file past `max_scans` scans (each scan is a pass over the whole image's coefficients:
/// thousands of them in a small file are minutes of work), as djpeg's -maxscans does.
static inline void mattertype_jpeg_progress(j_common_ptr info) {
    mattertype_jpeg_error *error = (mattertype_jpeg_error *)info->err;
    if (info->is_decompressor && ((j_decompress_ptr)info)->input_scan_number > error->max_scans) {
        error->too_many_scans = 1;
        longjmp(error->jump, 1);
    }
}

/// Decodes a JPEG (baseline or progressive; gray, YCbCr or RGB) to RGBA, `*width` × `*height` pixels, freed with
/// mattertype_jpeg_free; NULL on failure, with `message` saying why: not a JPEG, CMYK, damaged or cut short, more
/// than `max_pixels` pixels (checked from the header, before decoding), or more than `max_scans` scans.
static inline uint8_t *mattertype_jpeg_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels,
                                                   int max_scans, uint32_t *width, uint32_t *height,
                                                   char *message, size_t message_size) {
    message[0] = 0;
    struct jpeg_decompress_struct info;
    struct jpeg_progress_mgr progress;
    mattertype_jpeg_error error;
    uint8_t *volatile pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = mattertype_jpeg_error_exit;
    error.manager.emit_message = mattertype_jpeg_silent;
    error.too_many_scans = 0;
    error.max_scans = max_scans;
    error.first_warning[0] = 0;
    if (setjmp(error.jump)) {
        if (error.too_many_scans) {
            snprintf(message, message_size, "the JPEG has more than %d scans (a progressive JPEG has about 10)",
                     max_scans);
        } else {
            char reason[JMSG_LENGTH_MAX];
            (*info.err->format_message)((j_common_ptr)&info, reason);
            snprintf(message, message_size, "not a JPEG libjpeg can read: %s", reason);
        }
        jpeg_destroy_decompress(&info);
        free(pixels);
        return NULL;
    }
    jpeg_create_decompress(&info);
    progress.progress_monitor = mattertype_jpeg_progress;
    info.progress = &progress;
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    if ((uint64_t)info.image_width * (uint64_t)info.image_height > max_pixels) {
        snprintf(message, message_size, "the JPEG is %u x %u pixels, more than %llu", info.image_width,
                 info.image_height, (unsigned long long)max_pixels);
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    info.out_color_space = JCS_EXT_RGBA;  // libjpeg-turbo: gray, YCbCr and RGB come out as RGBA; CMYK is refused
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 4;
    pixels = malloc(stride * info.output_height ? stride * info.output_height : 1);
    if (!pixels) {
        snprintf(message, message_size, "out of memory for the decoded image");
        jpeg_destroy_decompress(&info);
        return NULL;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    if (error.manager.num_warnings > 0) {  // a truncated or damaged file: libjpeg filled in what was missing
        snprintf(message, message_size, "the JPEG is damaged or cut short: %s", error.first_warning);
        jpeg_destroy_decompress(&info);
        free(pixels);
        return NULL;
    }
    *width = info.output_width;
    *height = info.output_height;
    jpeg_destroy_decompress(&info);
    return pixels;
}

/// Frees pixels mattertype_jpeg_decode_rgba returned, and files mattertype_jpeg_encode_rgb wrote.
static inline void mattertype_jpeg_free(uint8_t *pixels) { free(pixels); }

/// Encodes `width` × `height` RGB pixels (3 bytes each, rows packed) as a baseline JPEG at `quality` (1–100, 4:2:0
/// chroma below 90, 4:4:4 from 90 as text keeps its colored edges there), optimized Huffman tables; the file in
/// `*out` (`*size` bytes), freed with mattertype_jpeg_free. Returns 0 with `message` saying why on failure.
static inline int mattertype_jpeg_encode_rgb(const uint8_t *rgb, uint32_t width, uint32_t height, int quality,
                                             uint8_t **out, unsigned long *size, char *message,
                                             size_t message_size) {
    message[0] = 0;
    struct jpeg_compress_struct info;
    mattertype_jpeg_error error;
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = mattertype_jpeg_error_exit;
    error.manager.emit_message = mattertype_jpeg_silent;
    error.too_many_scans = 0;
    error.first_warning[0] = 0;
    if (setjmp(error.jump)) {
        char reason[JMSG_LENGTH_MAX];
        (*info.err->format_message)((j_common_ptr)&info, reason);
        snprintf(message, message_size, "libjpeg could not write the image: %s", reason);
        jpeg_destroy_compress(&info);
        free(buffer);
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &length);
    info.image_width = width;
    info.image_height = height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;
    if (quality >= 90) {
        info.comp_info[0].h_samp_factor = 1;
        info.comp_info[0].v_samp_factor = 1;
    }
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *size = length;
    return 1;
}

#endif
