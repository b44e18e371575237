// gzip streams read with libdeflate: documents uploaded compressed (Content-Encoding: gzip, .json.gz files).
#include "mattertype_codecs.h"

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>

int mattertype_gzip_decompress(const uint8_t *data, size_t size, size_t limit, mattertype_buffer *out) {
    out->message[0] = 0;
    out->size = 0;
    if (size < 18 || data[0] != 0x1f || data[1] != 0x8b) {
        snprintf(out->message, sizeof out->message, "not gzip data (it does not start with 1F 8B)");
        return 0;
    }
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    if (!decompressor) {
        snprintf(out->message, sizeof out->message, "out of memory for a decompressor");
        return 0;
    }
    // The trailer's ISIZE is the size modulo 2^32: a first guess, grown by doubling up to the limit.
    size_t hint = (size_t)data[size - 4] | (size_t)data[size - 3] << 8 | (size_t)data[size - 2] << 16
        | (size_t)data[size - 1] << 24;
    size_t capacity = hint > 0 ? hint : size * 4;
    if (capacity < 64) capacity = 64;
    if (capacity > limit) capacity = limit;
    if (capacity == 0) capacity = 1;  // a limit of 0: one byte of room, and any content is refused below
    int result = 0;
    for (;;) {
        uint8_t *grown = realloc(out->data, capacity);
        if (!grown) {
            snprintf(out->message, sizeof out->message, "out of memory for %zu bytes", capacity);
            break;
        }
        out->data = grown;
        out->capacity = capacity;
        size_t written = 0;
        enum libdeflate_result status = libdeflate_gzip_decompress(decompressor, data, size, out->data, capacity,
                                                                   &written);
        if (status == LIBDEFLATE_SUCCESS && written > limit) {
            snprintf(out->message, sizeof out->message, "it decompresses to more than %zu bytes", limit);
            result = -1;
            break;
        }
        if (status == LIBDEFLATE_SUCCESS) {
            out->size = written;
            result = 1;
            break;
        }
        if (status != LIBDEFLATE_INSUFFICIENT_SPACE) {
            snprintf(out->message, sizeof out->message, "damaged or cut short gzip data");
            break;
        }
        if (capacity >= limit) {
            snprintf(out->message, sizeof out->message, "it decompresses to more than %zu bytes", limit);
            result = -1;
            break;
        }
        capacity = capacity > limit / 2 ? limit : capacity * 2;
    }
    libdeflate_free_decompressor(decompressor);
    return result;
}
