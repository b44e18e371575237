#ifndef MATTERTYPE_DEFLATE_BLOCKS_H
#define MATTERTYPE_DEFLATE_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

/* Where a raw deflate stream's final block starts (the bit offset of its BFINAL bit) and where the stream ends (the
   bit just past its final end-of-block code), found by reading its blocks' headers and codes without inflating.
   What joining streams needs: clear the final bit and the next stream's bits can follow at `end_bit`. Returns 0
   when `data` is not a complete deflate stream. */
int mattertype_deflate_bounds(const uint8_t *data, size_t size, uint64_t *final_bit, uint64_t *end_bit);

#endif
