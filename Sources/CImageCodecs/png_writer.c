#include "mattertype_codecs.h"
#include "deflate_blocks.h"

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

/* What each thread keeps between encodes: making a compressor allocates and touches hundreds of kilobytes, and a
   card's unfiltered rows are megabytes; fresh each time, they cost more than compressing a small image (the
   kernel zeroes every page on first touch) and, with every thread doing so at once, made concurrent encodes wait
   on its page faults. A compressor for each level used (a server mixes text at level 6 with cards at 7 and
   photographs at 1) and the rows' buffer (up to 16 MiB: larger images are rare and allocate their own). Freed when
   the thread ends. */
enum { LEVELS = 13 };
typedef struct {
    struct libdeflate_compressor *compressors[LEVELS];
    uint8_t *scratch;
    size_t scratch_size;
} thread_state;

enum { MAX_KEPT_SCRATCH = 16 << 20 };

static pthread_key_t state_key;
static pthread_once_t state_once = PTHREAD_ONCE_INIT;
static int state_key_made = 0;

static void free_thread_state(void *pointer) {
    thread_state *state = pointer;
    if (!state) return;
    for (int level = 0; level < LEVELS; level++) {
        if (state->compressors[level]) libdeflate_free_compressor(state->compressors[level]);
    }
    free(state->scratch);
    free(state);
}

static void make_state_key(void) {
    state_key_made = pthread_key_create(&state_key, free_thread_state) == 0;
}

/* This thread's state, made on first use; NULL when there can be none (the caller then allocates its own). */
static thread_state *this_thread(void) {
    pthread_once(&state_once, make_state_key);
    if (!state_key_made) return NULL;
    thread_state *state = pthread_getspecific(state_key);
    if (state) return state;
    state = calloc(1, sizeof *state);
    if (!state || pthread_setspecific(state_key, state) != 0) {
        free(state);
        return NULL;
    }
    return state;
}

/* This thread's compressor for `level`; *owned is set when the caller must free it (no per-thread slot). */
static struct libdeflate_compressor *take_compressor(int level, int *owned) {
    *owned = 0;
    thread_state *state = level >= 0 && level < LEVELS ? this_thread() : NULL;
    if (state && state->compressors[level]) return state->compressors[level];
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (!compressor) return NULL;
    if (!state) *owned = 1;
    else state->compressors[level] = compressor;
    return compressor;
}

/* `size` bytes of this thread's scratch buffer, or of a new one the caller frees (*owned) when too large. */
static uint8_t *take_scratch(size_t size, int *owned) {
    *owned = 0;
    thread_state *state = this_thread();
    if (!state || size > MAX_KEPT_SCRATCH) {
        *owned = 1;
        return malloc(size);
    }
    if (state->scratch_size < size) {
        free(state->scratch);  // nothing in it to keep
        state->scratch = malloc(size);
        state->scratch_size = state->scratch ? size : 0;
        if (!state->scratch) return NULL;
    }
    return state->scratch;
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
    if (type == 4 && previous && bytes > bpp) {
        /* The first pixel has no left neighbours (Paeth then predicts from above); the rest without branches, as
           selects on 16-bit values, which the compiler vectorizes: photographs are Paeth-filtered, and this loop
           was a fifth of a photo card's time as the general one below. */
        for (size_t i = 0; i < bpp; i++) out[i] = (uint8_t)(row[i] - previous[i]);
        for (size_t i = bpp; i < bytes; i++) {
            int16_t a = row[i - bpp], b = previous[i], c = previous[i - bpp];
            int16_t pa = (int16_t)(b - c), pb = (int16_t)(a - c), pc = (int16_t)(pa + pb);
            pa = pa < 0 ? (int16_t)-pa : pa;
            pb = pb < 0 ? (int16_t)-pb : pb;
            pc = pc < 0 ? (int16_t)-pc : pc;
            int16_t predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
            out[i] = (uint8_t)(row[i] - predicted);
        }
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

/* Whether pixel `p` equals the `bpp`-byte pixel at `q`. */
static inline int same_pixel(const uint8_t *p, const uint8_t *q, size_t bpp) {
    switch (bpp) {
    case 3: return p[0] == q[0] && p[1] == q[1] && p[2] == q[2];
    case 4: {
        uint32_t a, b;
        memcpy(&a, p, 4);
        memcpy(&b, q, 4);
        return a == b;
    }
    default: return memcmp(p, q, bpp) == 0;
    }
}

/* Which filter suits an image best, None (0) or Paeth (4), from `raw` (unfiltered rows, each after its filter
   byte). Drawn images (flat colors, gradients, text, shadows) compress best unfiltered: their pixels repeat ones
   nearby exactly, which deflate finds as matches (a diagonal gradient's rows repeat, shifted); photographs best
   Paeth-filtered, as their noise never repeats exactly but is predicted. So: the share of pixels, on 16 to 32
   rows spread down the image (every 32nd of a card's), equal to the one before, above, or above and one to either
   side. (Every eighth row, as before, read 0.949 and 0.177 on the two cards below, against 0.953 and 0.172, in 4×
   the time: 2 % of a card.) Measured: 0.95 on
   Examples/card.json (and on the same card drawn by takumi), 0.98–0.99 without its text or shadow, 0.18–0.19 on
   Examples/photo-card.json (a photograph with a scrim and a headline); above half is drawn. Compressing three
   16-row samples both ways instead (what this replaced) cost 2–4 ms a card and depends on the level: at levels 1
   and 7 it picks Paeth for Examples/card.json, whose whole image is 10 % smaller unfiltered (the samples miss the
   rows' long-distance repeats). */
static int choose_filter(const uint8_t *raw, size_t row_bytes, uint32_t height, size_t bpp) {
    size_t stride = row_bytes + 1, pixels = row_bytes / bpp, repeated = 0, counted = 0;
    if (pixels < 3 || height < 2) return 0;
    uint32_t step = height / 16 < 1 ? 1 : height / 16 > 32 ? 32 : height / 16;
    for (uint32_t y = 1; y < height; y += step) {
        const uint8_t *row = raw + (size_t)y * stride + 1, *above = row - stride;
        for (size_t x = 1; x + 1 < pixels; x++) {
            const uint8_t *p = row + x * bpp, *up = above + x * bpp;
            repeated += same_pixel(p, p - bpp, bpp) || same_pixel(p, up, bpp) || same_pixel(p, up - bpp, bpp)
                || same_pixel(p, up + bpp, bpp);
        }
        counted += pixels - 2;
    }
    return 2 * repeated >= counted ? 0 : 4;
}

/* The bytes of a row of `width` pixels and of a pixel (at least one: what the filters step by). */
static size_t row_size(uint32_t width, int color_type, int bit_depth, size_t *bpp) {
    int channels = color_type == 2 ? 3 : color_type == 4 ? 2 : color_type == 6 ? 4 : 1;
    size_t bits = (size_t)width * channels * bit_depth;
    *bpp = (size_t)channels * bit_depth >= 8 ? (size_t)channels * bit_depth / 8 : 1;
    return (bits + 7) / 8;
}

/* The Adler-32 of two byte strings one after the other, from each one's and the second one's length (the sums
   of RFC 1950 §8.2, the second's shifted by the first's). */
static uint32_t adler32_join(uint32_t first, uint32_t second, uint64_t second_length) {
    const uint32_t base = 65521;
    uint32_t length = (uint32_t)(second_length % base);
    uint32_t a1 = first & 0xFFFF, b1 = first >> 16, a2 = second & 0xFFFF, b2 = second >> 16;
    uint32_t a = (a1 + a2 + base - 1) % base;
    uint32_t b = (uint32_t)(((uint64_t)b1 + b2 + (uint64_t)length * a1 + base - length) % base);
    return b << 16 | a;
}

/* Appends a deflate stream's bits [0, end_bit) at bit `*bits` of `out`, clearing its final block's BFINAL bit when
   more follows. The stream starts on a byte, as it was written: a stored block in it (libdeflate stores what it
   cannot compress) is aligned to a byte of the stream, so an empty stored block first ends the bits before it on
   one (at most 5 bytes). The bits past the new end are left zero. */
static void append_stream(uint8_t *out, uint64_t *bits, const uint8_t *data, uint64_t final_bit, uint64_t end_bit,
                          int more) {
    if (*bits & 7) {
        /* BFINAL 0 and BTYPE 00 (the bits past the end are zero; the header may reach into the next byte), to
           the next byte, LEN 0 and NLEN 0xFFFF. */
        out[(*bits >> 3) + 1] = 0;
        *bits = (*bits + 3 + 7) & ~(uint64_t)7;
        static const uint8_t empty[4] = {0x00, 0x00, 0xFF, 0xFF};
        memcpy(out + (*bits >> 3), empty, 4);
        *bits += 32;
    }
    uint8_t *to = out + (*bits >> 3);
    size_t bytes = (size_t)((end_bit + 7) / 8);
    memcpy(to, data, bytes);
    if (more) to[final_bit >> 3] &= (uint8_t)~(1u << (final_bit & 7));
    if (end_bit & 7) to[end_bit >> 3] &= (uint8_t)((1u << (end_bit & 7)) - 1);
    *bits += end_bit;
}

/* A zlib stream (RFC 1950) of `head`'s rows, `middle` compressed at `level`, then `tail`'s rows, in `out` (which
   the caller frees); its size, or 0 (with `message` set) on failure. */
static size_t join_rows(const mattertype_png_rows *head, const uint8_t *middle, size_t middle_size, int level,
                        const mattertype_png_rows *tail, uint8_t **out, char *message, size_t message_size) {
    int owns_compressor = 0;
    struct libdeflate_compressor *compressor = take_compressor(level, &owns_compressor);
    uint8_t *compressed = NULL;
    size_t size = 0;
    *out = NULL;
    if (!compressor) {
        snprintf(message, message_size, "out of memory for a compressor");
        goto done;
    }
    size_t bound = libdeflate_deflate_compress_bound(compressor, middle_size);
    compressed = malloc(bound);
    if (!compressed) {
        snprintf(message, message_size, "out of memory for the compressed image");
        goto done;
    }
    size_t compressed_size = libdeflate_deflate_compress(compressor, middle, middle_size, compressed, bound);
    /* Its final block and end are only needed when kept rows follow (the last stream keeps its final bit and
       its padding bits, which are zero): the walk, about an inflate's time, is skipped otherwise. */
    uint64_t final_bit = 0, end_bit = (uint64_t)compressed_size * 8;
    if (!compressed_size) {
        snprintf(message, message_size, "libdeflate could not compress the image");
        goto done;
    }
    if (tail && !mattertype_deflate_bounds(compressed, compressed_size, &final_bit, &end_bit)) {
        snprintf(message, message_size, "the compressed rows could not be read back to join the kept ones");
        goto done;
    }
    size_t total = 2 + (head ? head->size : 0) + 5 + compressed_size + 5 + (tail ? tail->size : 0) + 4;
    uint8_t *joined = malloc(total);
    if (!joined) {
        snprintf(message, message_size, "out of memory for the compressed image");
        goto done;
    }
    /* zlib's header: deflate with a 32 KiB window, and the level class libdeflate would write for `level`. */
    joined[0] = 0x78;
    joined[1] = level < 2 ? 0x01 : level < 6 ? 0x5E : level == 6 ? 0x9C : 0xDA;
    uint64_t bits = 16;
    uint32_t adler = 1;
    if (head) {
        append_stream(joined, &bits, head->data, head->final_bit, head->end_bit, 1);
        adler = head->adler;
    }
    append_stream(joined, &bits, compressed, final_bit, end_bit, tail != NULL);
    adler = adler32_join(adler, libdeflate_adler32(1, middle, middle_size), middle_size);
    if (tail) {
        append_stream(joined, &bits, tail->data, tail->final_bit, tail->end_bit, 0);
        adler = adler32_join(adler, tail->adler, tail->raw_size);
    }
    size = (size_t)((bits + 7) / 8);
    put32(joined + size, adler);
    size += 4;
    *out = joined;
done:
    free(compressed);
    if (compressor && owns_compressor) libdeflate_free_compressor(compressor);
    return size;
}

int mattertype_png_compress_rows(uint32_t width, int color_type, int bit_depth, uint32_t first, uint32_t count,
                                 int level, mattertype_row_fn row, void *context, mattertype_png_rows *rows,
                                 mattertype_buffer *out) {
    out->message[0] = 0;
    size_t bpp;
    size_t stride = row_size(width, color_type, bit_depth, &bpp) + 1;
    size_t raw_size = stride * count;
    uint8_t *raw = malloc(raw_size ? raw_size : 1);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);  /* rare: not kept */
    int ok = 0;
    if (!raw || !compressor) {
        snprintf(out->message, sizeof out->message, "out of memory for %u rows", count);
        goto done;
    }
    for (uint32_t y = 0; y < count; y++) {
        raw[y * stride] = 0;
        row(context, first + y, raw + y * stride + 1);
    }
    size_t bound = libdeflate_deflate_compress_bound(compressor, raw_size);
    if (!reserve(out, bound)) {
        snprintf(out->message, sizeof out->message, "out of memory for %zu compressed bytes", bound);
        goto done;
    }
    out->size = libdeflate_deflate_compress(compressor, raw, raw_size, out->data, bound);
    if (!out->size || !mattertype_deflate_bounds(out->data, out->size, &rows->final_bit, &rows->end_bit)) {
        snprintf(out->message, sizeof out->message, "libdeflate could not compress %u rows", count);
        goto done;
    }
    rows->data = out->data;
    rows->size = out->size;
    rows->adler = libdeflate_adler32(1, raw, raw_size);
    rows->raw_size = raw_size;
    rows->rows = count;
    ok = 1;
done:
    free(raw);
    if (compressor) libdeflate_free_compressor(compressor);
    return ok;
}

int mattertype_png_write(uint32_t width, uint32_t height, int color_type, int bit_depth,
                         const uint8_t *palette_rgb, int palette_entries, const uint8_t *alpha, int alpha_entries,
                         int level, int paeth_level, int filter, const mattertype_png_rows *head,
                         const mattertype_png_rows *tail, mattertype_row_fn row, void *context,
                         mattertype_buffer *out) {
    out->message[0] = 0;
    size_t bpp;
    size_t row_bytes = row_size(width, color_type, bit_depth, &bpp), stride = row_bytes + 1;
    size_t raw_size = stride * (size_t)height;
    /* The rows compressed here: all, or those between the rows joined in. */
    uint32_t first = head ? head->rows : 0, end = tail && tail->rows <= height ? height - tail->rows : height;
    if (filter > 0 || first >= end) first = 0, end = height;
    int owns_raw = 0;
    uint8_t *raw = take_scratch(raw_size, &owns_raw);
    uint8_t *rows = malloc(2 * row_bytes);
    int owns_compressor = 0;
    struct libdeflate_compressor *compressor = NULL;
    uint8_t *compressed = NULL;
    size_t compressed_size = 0;
    int ok = 0;
    if (!raw || !rows) {
        snprintf(out->message, sizeof out->message, "out of memory for a %u × %u image", width, height);
        goto done;
    }
    if (filter <= 0) {
        // The rows unfiltered first, then (-1) the filter that suits them.
        for (uint32_t y = first; y < end; y++) {
            uint8_t *line = raw + (size_t)y * stride;
            row(context, y, line + 1);
            line[0] = 0;
        }
        if (filter < 0) filter = choose_filter(raw + (size_t)first * stride, row_bytes, end - first, bpp);
        if (filter && (first > 0 || end < height)) {  // not drawn, after all: every row is compressed here
            for (uint32_t y = 0; y < height; y++) {
                if (y == first) y = end;
                if (y == height) break;
                row(context, y, raw + (size_t)y * stride + 1);
            }
            first = 0, end = height;
        }
        // Bottom up, so that each row is filtered against its predecessor while that is still unfiltered.
        for (uint32_t y = height; filter && y-- > 0;) {
            uint8_t *line = raw + (size_t)y * stride;
            memcpy(rows, line + 1, row_bytes);
            apply(filter, rows, y ? line - row_bytes : NULL, row_bytes, bpp, line + 1);
            line[0] = (uint8_t)filter;
        }
    } else {
        uint8_t *current = rows, *previous = rows + row_bytes;
        for (uint32_t y = 0; y < height; y++) {
            row(context, y, current);
            uint8_t *line = raw + (size_t)y * stride;
            apply(filter, current, y ? previous : NULL, row_bytes, bpp, line + 1);
            line[0] = (uint8_t)filter;
            uint8_t *swap = previous; previous = current; current = swap;
        }
    }
    if (first > 0 || end < height) {
        compressed_size = join_rows(first > 0 ? head : NULL, raw + (size_t)first * stride,
                                    (size_t)(end - first) * stride, level, end < height ? tail : NULL, &compressed,
                                    out->message, sizeof out->message);
        if (!compressed_size) goto done;
    } else {
        compressor = take_compressor(filter == 4 ? paeth_level : level, &owns_compressor);
        if (!compressor) {
            snprintf(out->message, sizeof out->message, "out of memory for a compressor");
            goto done;
        }
        size_t bound = libdeflate_zlib_compress_bound(compressor, raw_size);
        compressed = malloc(bound);
        if (!compressed) {
            snprintf(out->message, sizeof out->message, "out of memory for the compressed image");
            goto done;
        }
        compressed_size = libdeflate_zlib_compress(compressor, raw, raw_size, compressed, bound);
    }
    if (owns_raw) free(raw);
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
    if (owns_raw) free(raw);
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
