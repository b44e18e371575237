#ifndef MATTERTYPE_CODECS_H
#define MATTERTYPE_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// Bytes an encoder wrote, grown as it writes; free with mattertype_buffer_free. On failure `message` says why.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    char message[200];
} mattertype_buffer;

/// Fills `row` (the encoded row's bytes) for row `y`.
typedef void (*mattertype_row_fn)(void *context, uint32_t y, uint8_t *row);

/// PNG color types, as the PNG specification numbers them.
enum {
    MATTERTYPE_PNG_GRAY = 0,
    MATTERTYPE_PNG_RGB = 2,
    MATTERTYPE_PNG_PALETTE = 3,
    MATTERTYPE_PNG_GRAY_ALPHA = 4,
    MATTERTYPE_PNG_RGBA = 6,
};

/// Rows of a PNG compressed on their own, to be joined into the PNGs of images that share them (the `head` and
/// `tail` of mattertype_png_write): a raw deflate stream of `rows` whole rows, each its filter byte (0, None) and its
/// bytes, with the bit offsets of its final block's header and of its end, and the Adler-32 and number of the bytes
/// it holds. `data` is the caller's.
typedef struct {
    const uint8_t *data;
    size_t size;
    uint64_t final_bit;
    uint64_t end_bit;
    uint32_t adler;
    uint64_t raw_size;
    uint32_t rows;
} mattertype_png_rows;

/// Writes a PNG: rows from `row` are filtered as they arrive (`filter` 0–4: None, Sub, Up, Average, Paeth, the same
/// for every row; -1: None for drawn images, whose pixels repeat nearby, Paeth for photographs) and compressed once
/// with libdeflate at `zlib_level` (1–12), or at `paeth_level` when Paeth was chosen (photographic content).
/// `palette_rgb` (3 bytes an entry) and `alpha` (one byte an entry, tRNS) are for MATTERTYPE_PNG_PALETTE.
/// `head` and `tail` (or NULL), rows compressed before by mattertype_png_compress_rows from an image whose first
/// `head->rows` and last `tail->rows` rows are this one's, are joined in instead of those rows being compressed
/// again, when the rows between them are unfiltered (`filter` 0, or -1 choosing None for them); `row` is then
/// asked for those rows only.
/// Returns 0 and sets `out->message` on failure.
int mattertype_png_write(uint32_t width, uint32_t height, int color_type, int bit_depth,
                         const uint8_t *palette_rgb, int palette_entries, const uint8_t *alpha, int alpha_entries,
                         int zlib_level, int paeth_level, int filters, const mattertype_png_rows *head,
                         const mattertype_png_rows *tail, mattertype_row_fn row, void *context,
                         mattertype_buffer *out);

/// Compresses `count` rows from row `first` on, unfiltered, from `row` into `out->data` (raw deflate at `level`)
/// and sets `rows`, with `rows->data` pointing into `out` and the bounds and checksum mattertype_png_write needs
/// to join them. Returns 0 and sets `out->message` on failure.
int mattertype_png_compress_rows(uint32_t width, int color_type, int bit_depth, uint32_t first, uint32_t count,
                                 int level, mattertype_row_fn row, void *context, mattertype_png_rows *rows,
                                 mattertype_buffer *out);

/// Encodes unpremultiplied RGBA pixels as WebP: lossless when `quality` is negative (the color of transparent
/// pixels kept exactly), else lossy at `quality` (0–100). Returns 0 on failure.
int mattertype_webp_write(const uint8_t *rgba, uint32_t width, uint32_t height, float effort, int quality,
                          mattertype_buffer *out);

/// Decodes a WebP image to unpremultiplied RGBA (libwebp's WebPDecodeRGBA) into `out`; 0 on failure (`message`
/// says why), also when it has more than `max_pixels` pixels (checked before decoding).
int mattertype_webp_decode_rgba(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t *width,
                                uint32_t *height, mattertype_buffer *out);

/// Compresses `size` bytes as a zlib stream (PDF's FlateDecode) with libdeflate at `level` (1–12) into `out`.
/// Returns 0 and sets `out->message` on failure.
int mattertype_zlib_compress(const uint8_t *data, size_t size, int level, mattertype_buffer *out);

/// Decompresses the gzip stream (RFC 1952, one member) of `size` bytes into `out`, with libdeflate. Returns 1, or
/// 0 with `out->message` saying why (not gzip, damaged or cut short), or -1 when it would be more than `limit`
/// bytes (nothing more than `limit` is ever written).
int mattertype_gzip_decompress(const uint8_t *data, size_t size, size_t limit, mattertype_buffer *out);

/// Frees what an encoder wrote.
void mattertype_buffer_free(mattertype_buffer *buffer);

#endif
