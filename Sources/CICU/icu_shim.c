#include "mattertype_icu.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>

void *mattertype_line_iterator_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    return iterator;
}

void mattertype_line_iterator_close(void *iterator) {
    if (iterator != NULL) ubrk_close((UBreakIterator *)iterator);
}

int32_t mattertype_line_breaks(void *iterator, const uint16_t *text, int32_t length, int32_t *offsets,
                               int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *breaks = (UBreakIterator *)iterator;
    ubrk_setText(breaks, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    ubrk_first(breaks);
    for (int32_t offset = ubrk_next(breaks); offset != UBRK_DONE; offset = ubrk_next(breaks)) {
        if (count < capacity) offsets[count] = offset;
        count += 1;
    }
    return count;
}

int32_t mattertype_base_direction(const uint16_t *text, int32_t length) {
    switch (ubidi_getBaseDirection((const UChar *)text, length)) {
    case UBIDI_RTL: return 1;
    case UBIDI_LTR: return 0;
    default: return -1;
    }
}
