#include "deflate_blocks.h"

#include <string.h>

/* Reads a deflate stream's blocks (RFC 1951 §3.2) for where they start and end: every Huffman code is decoded
   and every extra bit skipped, but nothing is written out. A code of up to FAST_BITS bits (nearly all of them) is
   decoded, and a length's or distance's extra bits skipped with it, by one table lookup; a longer code a bit at a
   time from the canonical code's counts (puff's way). */

enum { FAST_BITS = 10, MAX_BITS = 15 };

typedef struct {
    /* Indexed by the next FAST_BITS bits of the stream: symbol << 8 | the bits to skip (the code's and, for a
       length or distance, its extra bits'); 0 for a code longer than FAST_BITS. */
    uint32_t fast[1 << FAST_BITS];
    /* How many codes have each length, and the symbols in canonical order (by length, then by value). */
    uint16_t count[MAX_BITS + 1];
    uint16_t symbol[288];
    /* The extra bits after each symbol (NULL: none), the first for symbol `extra_from`. */
    const uint8_t *extra;
    int extra_from;
} huffman;

/* A 64-bit window on the stream: `buffer` holds the next `available` bits, the first one lowest; bytes past the
   end read as zeros (the position then passes the end, which the callers check). */
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t next;  /* the next byte to load */
    uint64_t buffer;
    unsigned available;
} bit_reader;

/* Tops the window up to at least 56 bits: eight bytes at once (those already there are loaded again and
   discarded) while they are all in the stream; a byte at a time near its end. */
static inline void refill(bit_reader *in) {
    if (in->next + 8 <= in->size) {
        uint64_t word;
        memcpy(&word, in->data + in->next, 8);  /* little-endian hosts only (Linux on x86-64 and arm64) */
        in->buffer |= word << in->available;
        in->next += (63 - in->available) >> 3;
        in->available |= 56;
        return;
    }
    while (in->available <= 56) {
        uint64_t byte = in->next < in->size ? in->data[in->next] : 0;
        in->buffer |= byte << in->available;
        in->next++;
        in->available += 8;
    }
}

/* Bits read so far. */
static inline uint64_t position(const bit_reader *in) {
    return (uint64_t)in->next * 8 - in->available;
}

static inline void drop(bit_reader *in, unsigned count) {
    in->buffer >>= count;
    in->available -= count;
}

/* The next `count` (at most 32) bits, taken; the window must hold them. */
static inline uint32_t take(bit_reader *in, unsigned count) {
    uint32_t bits = (uint32_t)(in->buffer & (((uint64_t)1 << count) - 1));
    drop(in, count);
    return bits;
}

static int exhausted(const bit_reader *in) {
    return position(in) > (uint64_t)in->size * 8;
}

/* The canonical code of `lengths[0..<n]`, each symbol from `extra_from` on followed by `extra` bits; 0 when the
   lengths over-subscribe the code space. */
static int build(huffman *code, const uint8_t *lengths, int n, const uint8_t *extra, int extra_from) {
    memset(code->count, 0, sizeof code->count);
    for (int s = 0; s < n; s++) code->count[lengths[s]]++;
    code->count[0] = 0;
    int left = 1;
    for (int length = 1; length <= MAX_BITS; length++) {
        left <<= 1;
        left -= code->count[length];
        if (left < 0) return 0;
    }
    uint16_t offset[MAX_BITS + 2];
    offset[1] = 0;
    for (int length = 1; length <= MAX_BITS; length++) offset[length + 1] = offset[length] + code->count[length];
    for (int s = 0; s < n; s++) {
        if (lengths[s]) code->symbol[offset[lengths[s]]++] = (uint16_t)s;
    }
    code->extra = extra;
    code->extra_from = extra_from;
    memset(code->fast, 0, sizeof code->fast);
    unsigned next = 0, index = 0;
    for (unsigned length = 1; length <= FAST_BITS; length++) {
        for (unsigned k = 0; k < code->count[length]; k++, index++, next++) {
            unsigned reversed = 0;  /* codes are sent first bit first, which is the code's highest */
            for (unsigned bit = 0; bit < length; bit++) reversed |= ((next >> bit) & 1) << (length - 1 - bit);
            int symbol = code->symbol[index];
            unsigned skip = length + (extra && symbol >= extra_from ? extra[symbol - extra_from] : 0);
            uint32_t entry = (uint32_t)symbol << 8 | skip;
            for (unsigned slot = reversed; slot < (1u << FAST_BITS); slot += 1u << length) code->fast[slot] = entry;
        }
        next <<= 1;
    }
    return 1;
}

/* The next symbol of `code`, its extra bits skipped, or -1 when the bits are no code of it; the window must hold
   the code and its extra bits. */
static inline int decode(bit_reader *in, const huffman *code) {
    uint32_t entry = code->fast[in->buffer & ((1u << FAST_BITS) - 1)];
    if (entry) {
        drop(in, entry & 0xFF);
        return (int)(entry >> 8);
    }
    int value = 0, first = 0, index = 0;
    for (int length = 1; length <= MAX_BITS; length++) {
        value |= (int)take(in, 1);
        int count = code->count[length];
        if (value - count < first) {
            int symbol = code->symbol[index + (value - first)];
            if (code->extra && symbol >= code->extra_from) drop(in, code->extra[symbol - code->extra_from]);
            return symbol;
        }
        index += count;
        first = (first + count) << 1;
        value <<= 1;
    }
    return -1;
}

/* Extra bits after length symbols 257–285 (§3.2.5; 286 and 287 are none) and distance symbols 0–29. */
static const uint8_t length_extra[31] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                         3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0, 0, 0};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                           6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* Skips a block's compressed symbols up to and with its end-of-block code. A length with its extra bits and a
   distance with its extra bits take at most 15 + 5 + 15 + 13 = 48 bits: the window is topped up below that.
   Literals and matches alternate unpredictably, so the common step has no branch on which came: the distance
   table is read after every symbol and its bits dropped only after a length. */
static int skip_symbols(bit_reader *reader, const huffman *lengths, const huffman *distances) {
    /* A copy the compiler can keep in registers (through `reader`, every load from the stream's bytes, which may
       alias anything, would make it store and reload the window). */
    bit_reader copy = *reader, *in = &copy;
    const uint64_t mask = (1u << FAST_BITS) - 1;
    int result;
    for (;;) {
        if (in->available < 48) {
            if (in->next + 8 > in->size && exhausted(in)) {
                result = 0;
                break;
            }
            refill(in);
        }
        uint32_t entry = lengths->fast[in->buffer & mask];
        int symbol;
        if (entry) {
            drop(in, entry & 0xFF);
            symbol = (int)(entry >> 8);
        } else {
            symbol = decode(in, lengths);
        }
        if ((symbol == 256) | (symbol > 285) | (symbol < 0)) {  /* bitwise: one branch, rarely taken */
            result = symbol == 256;
            break;
        }
        uint32_t distance = distances->fast[in->buffer & mask];
        int match = symbol > 256;
        if (match & ((distance == 0) | ((distance >> 8) >= 30))) {  /* a long code, or no distance code */
            int slow = decode(in, distances);
            if (slow < 0 || slow >= 30) {
                result = 0;
                break;
            }
            continue;
        }
        drop(in, (unsigned)-match & distance & 0xFF);
    }
    *reader = copy;
    return result;
}

/* A dynamic block's code-length code and the two codes it describes (§3.2.7). */
static int read_codes(bit_reader *in, huffman *lengths, huffman *distances) {
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    refill(in);
    int literal_count = (int)take(in, 5) + 257, distance_count = (int)take(in, 5) + 1;
    int length_code_count = (int)take(in, 4) + 4;
    if (literal_count > 286 || distance_count > 30) return 0;
    uint8_t code_lengths[19] = {0};
    for (int i = 0; i < length_code_count; i++) {
        refill(in);
        code_lengths[order[i]] = (uint8_t)take(in, 3);
    }
    huffman code_length_code;
    if (!build(&code_length_code, code_lengths, 19, NULL, 0)) return 0;
    uint8_t all[286 + 30];
    int total = literal_count + distance_count;
    for (int i = 0; i < total;) {
        refill(in);
        if (exhausted(in)) return 0;
        int symbol = decode(in, &code_length_code);
        if (symbol < 0) return 0;
        if (symbol < 16) {
            all[i++] = (uint8_t)symbol;
            continue;
        }
        uint8_t repeated = 0;
        int times;
        if (symbol == 16) {
            if (i == 0) return 0;
            repeated = all[i - 1];
            times = 3 + (int)take(in, 2);
        } else if (symbol == 17) {
            times = 3 + (int)take(in, 3);
        } else {
            times = 11 + (int)take(in, 7);
        }
        if (i + times > total) return 0;
        while (times--) all[i++] = repeated;
    }
    if (all[256] == 0) return 0;  // no end-of-block code
    return build(lengths, all, literal_count, length_extra, 257)
        && build(distances, all + literal_count, distance_count, distance_extra, 0);
}

int mattertype_deflate_bounds(const uint8_t *data, size_t size, uint64_t *final_bit, uint64_t *end_bit) {
    bit_reader in = {data, size, 0, 0, 0};
    huffman lengths, distances;
    for (;;) {
        refill(&in);
        uint64_t header = position(&in);
        unsigned final = take(&in, 1), type = take(&in, 2);
        if (type == 0) {  // stored: aligned to a byte, LEN, NLEN, LEN bytes
            drop(&in, in.available & 7);
            uint32_t length = take(&in, 16), complement = take(&in, 16);
            if ((length ^ 0xFFFF) != complement) return 0;
            uint64_t after = position(&in) + (uint64_t)length * 8;
            if (after > (uint64_t)size * 8) return 0;
            in.next = (size_t)(after >> 3);
            in.buffer = 0;
            in.available = 0;
        } else if (type == 1) {  // fixed codes (§3.2.6)
            uint8_t fixed[288 + 30];
            memset(fixed, 8, 144);
            memset(fixed + 144, 9, 112);
            memset(fixed + 256, 7, 24);
            memset(fixed + 280, 8, 8);
            memset(fixed + 288, 5, 30);
            if (!build(&lengths, fixed, 288, length_extra, 257)
                || !build(&distances, fixed + 288, 30, distance_extra, 0)) return 0;
            if (!skip_symbols(&in, &lengths, &distances)) return 0;
        } else if (type == 2) {
            if (!read_codes(&in, &lengths, &distances) || !skip_symbols(&in, &lengths, &distances)) return 0;
        } else {
            return 0;
        }
        if (exhausted(&in)) return 0;
        if (final) {
            *final_bit = header;
            *end_bit = position(&in);
            return 1;
        }
    }
}
