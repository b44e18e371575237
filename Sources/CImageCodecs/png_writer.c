#include "mattertype_codecs.h"

#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int reserve(mattertype_buffer *out, size_t extra) {
    if (out->size + extra <= out->capacity) return 1;
    size_t capacity = out->capacity ? out->capacity : 65536;
    while (capacity < out->size + extra) capacity *= 2;
    uint8_t *grown = realloc(out->data, capacity);
    if (!grown) return 0;
    out->data = grown;
    out->capacity = capacity;
    return 1;
}

/* One compressor kept per thread, for the level it last used: making one allocates and touches hundreds of
   kilobytes, which for a small image (a card) cost more than compressing it and, with every thread doing so at
   once, made concurrent encodes wait on the kernel's page faults. Freed when the thread ends. */
typedef struct {
    int level;
    struct libdeflate_compressor *compressor;
} cached_compressor;

static pthread_key_t compressor_key;
static pthread_once_t compressor_once = PTHREAD_ONCE_INIT;
static int compressor_key_made = 0;

static void free_cached_compressor(void *pointer) {
    cached_compressor *cached = pointer;
    if (!cached) return;
    libdeflate_free_compressor(cached->compressor);
    free(cached);
}

static void make_compressor_key(void) {
    compressor_key_made = pthread_key_create(&compressor_key, free_cached_compressor) == 0;
}

/* This thread's compressor for `level`; *owned is set when the caller must free it (no per-thread slot). */
static struct libdeflate_compressor *take_compressor(int level, int *owned) {
    *owned = 0;
    pthread_once(&compressor_once, make_compressor_key);
    cached_compressor *cached = compressor_key_made ? pthread_getspecific(compressor_key) : NULL;
    if (cached && cached->level == level) return cached->compressor;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (!compressor) return NULL;
    if (!compressor_key_made) {
        *owned = 1;
        return compressor;
    }
    if (!cached) {
        cached = malloc(sizeof *cached);
        if (!cached || pthread_setspecific(compressor_key, cached) != 0) {
            free(cached);
            *owned = 1;
            return compressor;
        }
    } else {
        libdeflate_free_compressor(cached->compressor);
    }
    cached->level = level;
    cached->compressor = compressor;
    return compressor;
}

static void put32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/// Appends a chunk: length, type, data, CRC-32 of type and data.
static int chunk(mattertype_buffer *out, const char type[4], const uint8_t *data, size_t length) {
    if (!reserve(out, length + 12)) return 0;
    uint8_t *p = out->data + out->size;
    put32(p, (uint32_t)length);
    memcpy(p + 4, type, 4);
    if (length) memcpy(p + 8, data, length);
    put32(p + 8 + length, (uint32_t)libdeflate_crc32(0, p + 4, length + 4));
    out->size += length + 12;
    return 1;
}

static uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

/// Filters `row` against `previous` (NULL for the first row) with PNG filter `type` into `out`.
static void apply(int type, const uint8_t *row, const uint8_t *previous, size_t bytes, size_t bpp, uint8_t *out) {
    if (type == 0 || (type == 2 && !previous)) {
        memcpy(out, row, bytes);
        return;
    }
    if (type == 1) {
        for (size_t i = 0; i < bytes; i++) out[i] = (uint8_t)(row[i] - (i >= bpp ? row[i - bpp] : 0));
        return;
    }
    for (size_t i = 0; i < bytes; i++) {
        uint8_t a = i >= bpp ? row[i - bpp] : 0;
        uint8_t b = previous ? previous[i] : 0;
        uint8_t c = (previous && i >= bpp) ? previous[i - bpp] : 0;
        uint8_t predicted = 0;
        switch (type) {
        case 1: predicted = a; break;
        case 2: predicted = b; break;
        case 3: predicted = (uint8_t)(((int)a + b) / 2); break;
        case 4: predicted = paeth(a, b, c); break;
        default: break;
        }
        out[i] = (uint8_t)(row[i] - predicted);
    }
}

/* Which filter suits an image best, None (0) or Paeth (4), from `raw` (unfiltered rows, each after its filter
   byte): three bands of 16 rows (at a quarter, half and three quarters of the height; the whole image when it is
   smaller) are filtered both ways and compressed with `compressor`, and the smaller wins. Flat colors and gradients
   (a diagonal gradient's rows repeat, shifted, which deflate finds unfiltered) compress best unfiltered; photographs
   with Paeth. -1 when out of memory. */
static int choose_filter(const uint8_t *raw, size_t row_bytes, uint32_t height, size_t bpp,
                         struct libdeflate_compressor *compressor) {
    const uint32_t band = 16;
    uint32_t starts[3] = {0, 0, 0}, bands = 1, count = height;
    if (height >= 4 * band) {
        bands = 3;
        count = band;
        for (int i = 0; i < 3; i++) starts[i] = height / 4 * (uint32_t)(i + 1) - band / 2;
    }
    size_t sample_size = (size_t)bands * count * (row_bytes + 1);
    size_t bound = libdeflate_zlib_compress_bound(compressor, sample_size);
    uint8_t *sample = malloc(2 * sample_size), *scratch = malloc(bound);
    if (!sample || !scratch) {
        free(sample);
        free(scratch);
        return -1;
    }
    uint8_t *plain = sample, *paeth_rows = sample + sample_size;
    size_t at = 0;
    for (uint32_t b = 0; b < bands; b++) {
        for (uint32_t y = starts[b]; y < starts[b] + count; y++, at += row_bytes + 1) {
            const uint8_t *line = raw + (size_t)y * (row_bytes + 1) + 1;
            memcpy(plain + at, line - 1, row_bytes + 1);
            paeth_rows[at] = 4;
            apply(4, line, y ? line - row_bytes - 1 : NULL, row_bytes, bpp, paeth_rows + at + 1);
        }
    }
    size_t unfiltered = libdeflate_zlib_compress(compressor, plain, sample_size, scratch, bound);
    size_t filtered = libdeflate_zlib_compress(compressor, paeth_rows, sample_size, scratch, bound);
    free(sample);
    free(scratch);
    return filtered && filtered < unfiltered ? 4 : 0;
}

int mattertype_png_write(uint32_t width, uint32_t height, int color_type, int bit_depth,
                         const uint8_t *palette_rgb, int palette_entries, const uint8_t *alpha, int alpha_entries,
                         int level, int filter, mattertype_row_fn row, void *context, mattertype_buffer *out) {
    out->message[0] = 0;
    int channels = color_type == 2 ? 3 : color_type == 4 ? 2 : color_type == 6 ? 4 : 1;
    size_t bits = (size_t)width * channels * bit_depth;
    size_t row_bytes = (bits + 7) / 8;
    size_t bpp = (size_t)channels * bit_depth >= 8 ? (size_t)channels * bit_depth / 8 : 1;
    size_t raw_size = (row_bytes + 1) * (size_t)height;
    uint8_t *raw = malloc(raw_size);
    uint8_t *rows = malloc(2 * row_bytes);
    int owns_compressor = 0;
    struct libdeflate_compressor *compressor = take_compressor(level, &owns_compressor);
    uint8_t *compressed = NULL;
    int ok = 0;
    if (!raw || !rows || !compressor) {
        snprintf(out->message, sizeof out->message, "out of memory for a %u × %u image", width, height);
        goto done;
    }
    if (filter < 0) {
        // Every row unfiltered first, then the filter whose sample compresses smaller.
        for (uint32_t y = 0; y < height; y++) {
            uint8_t *line = raw + (size_t)y * (row_bytes + 1);
            row(context, y, line + 1);
            line[0] = 0;
        }
        filter = choose_filter(raw, row_bytes, height, bpp, compressor);
        if (filter < 0) {
            snprintf(out->message, sizeof out->message, "out of memory while choosing a filter");
            goto done;
        }
        // Bottom up, so that each row is filtered against its predecessor while that is still unfiltered.
        for (uint32_t y = height; filter && y-- > 0;) {
            uint8_t *line = raw + (size_t)y * (row_bytes + 1);
            memcpy(rows, line + 1, row_bytes);
            apply(filter, rows, y ? line - row_bytes : NULL, row_bytes, bpp, line + 1);
            line[0] = (uint8_t)filter;
        }
    } else {
        uint8_t *current = rows, *previous = rows + row_bytes;
        for (uint32_t y = 0; y < height; y++) {
            row(context, y, current);
            uint8_t *line = raw + (size_t)y * (row_bytes + 1);
            apply(filter, current, y ? previous : NULL, row_bytes, bpp, line + 1);
            line[0] = (uint8_t)filter;
            uint8_t *swap = previous; previous = current; current = swap;
        }
    }
    size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
    compressed = malloc(bound);
    if (!compressed) {
        snprintf(out->message, sizeof out->message, "out of memory for the compressed image");
        goto done;
    }
    size_t compressed_size = libdeflate_zlib_compress(compressor, raw, raw_size, compressed, bound);
    free(raw);
    raw = NULL;  // peak memory: the raw rows or the compressed bytes, briefly both
    if (!compressed_size) {
        snprintf(out->message, sizeof out->message, "libdeflate could not compress the image");
        goto done;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    uint8_t header[13];
    put32(header, width);
    put32(header + 4, height);
    header[8] = (uint8_t)bit_depth;
    header[9] = (uint8_t)color_type;
    header[10] = header[11] = header[12] = 0;  // deflate, adaptive filtering, no interlace
    if (!reserve(out, compressed_size + 1024)) goto oom;
    memcpy(out->data, signature, 8);
    out->size = 8;
    if (!chunk(out, "IHDR", header, 13)) goto oom;
    if (color_type == 3) {
        if (!chunk(out, "PLTE", palette_rgb, (size_t)palette_entries * 3)) goto oom;
        if (alpha_entries > 0 && !chunk(out, "tRNS", alpha, (size_t)alpha_entries)) goto oom;
    }
    // IDAT chunks of at most 1 GiB (a chunk's length is below 2^31).
    for (size_t offset = 0; offset < compressed_size; offset += (size_t)1 << 30) {
        size_t length = compressed_size - offset < ((size_t)1 << 30) ? compressed_size - offset : (size_t)1 << 30;
        if (!chunk(out, "IDAT", compressed + offset, length)) goto oom;
    }
    if (!chunk(out, "IEND", NULL, 0)) goto oom;
    ok = 1;
    goto done;
oom:
    snprintf(out->message, sizeof out->message, "out of memory for the encoded image");
done:
    free(raw);
    free(rows);
    free(compressed);
    if (compressor && owns_compressor) libdeflate_free_compressor(compressor);
    return ok;
}

void mattertype_buffer_free(mattertype_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}

int mattertype_zlib_compress(const uint8_t *data, size_t size, int level, mattertype_buffer *out) {
    out->message[0] = 0;
    int owns_compressor = 0;
    struct libdeflate_compressor *compressor = take_compressor(level, &owns_compressor);
    if (!compressor) {
        snprintf(out->message, sizeof out->message, "out of memory for a compressor");
        return 0;
    }
    size_t bound = libdeflate_zlib_compress_bound(compressor, size);
    int ok = 0;
    if (!reserve(out, bound)) {
        snprintf(out->message, sizeof out->message, "out of memory for %zu compressed bytes", bound);
    } else {
        out->size = libdeflate_zlib_compress(compressor, data, size, out->data, bound);
        ok = out->size > 0;
        if (!ok) snprintf(out->message, sizeof out->message, "libdeflate could not compress %zu bytes", size);
    }
    if (owns_compressor) libdeflate_free_compressor(compressor);
    return ok;
}
