#ifndef MATTERTYPE_CICU_SHIM_H
#define MATTERTYPE_CICU_SHIM_H

#include <unicode/ubrk.h>
#include <unicode/ubidi.h>

// ICU renames every C function with its version (ubrk_open is really ubrk_open_72) through macros that Swift
// cannot see; these re-export the ones MatterType uses under stable names.

static inline UBreakIterator *mattertype_ubrk_open(UBreakIteratorType type, const char *locale, const UChar *text,
                                                   int32_t length, UErrorCode *status) {
    return ubrk_open(type, locale, text, length, status);
}

static inline void mattertype_ubrk_setText(UBreakIterator *iterator, const UChar *text, int32_t length,
                                           UErrorCode *status) {
    ubrk_setText(iterator, text, length, status);
}

static inline int32_t mattertype_ubrk_first(UBreakIterator *iterator) { return ubrk_first(iterator); }

static inline int32_t mattertype_ubrk_next(UBreakIterator *iterator) { return ubrk_next(iterator); }

static inline void mattertype_ubrk_close(UBreakIterator *iterator) { ubrk_close(iterator); }

static inline UBiDiDirection mattertype_ubidi_getBaseDirection(const UChar *text, int32_t length) {
    return ubidi_getBaseDirection(text, length);
}

#endif
