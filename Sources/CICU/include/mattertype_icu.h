#ifndef MATTERTYPE_ICU_H
#define MATTERTYPE_ICU_H

// MatterType's window onto ICU. Only stdint types cross it: ICU's own headers declare UErrorCode, UProperty and
// friends, and so do the private copies of ICU inside Swift's Foundation; a Swift module that saw both (any module
// importing Foundation and, even transitively, a module map over <unicode/*.h>) fails to build with
// "'UErrorCode' has different definitions in different modules". So ICU is included only in icu_shim.c.

#include <stdint.h>

/// Opens an ICU line break iterator (UBRK_LINE, root locale); NULL on failure. Close it with
/// mattertype_line_iterator_close. One thread may use an iterator at a time.
void *mattertype_line_iterator_open(void);

/// Closes an iterator from mattertype_line_iterator_open (ubrk_close).
void mattertype_line_iterator_close(void *iterator);

/// Writes the UTF-16 offsets at which a line may start (after the first) into `offsets`, at most `capacity` of
/// them, and returns how many there were; -1 on an ICU error. `capacity` = `length` + 1 always suffices.
int32_t mattertype_line_breaks(void *iterator, const uint16_t *text, int32_t length, int32_t *offsets,
                               int32_t capacity);

/// The base direction of `text` by its first strong character (ubidi_getBaseDirection): 1 right-to-left,
/// 0 left-to-right, -1 none.
int32_t mattertype_base_direction(const uint16_t *text, int32_t length);

#endif
