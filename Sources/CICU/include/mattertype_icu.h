#ifndef MATTERTYPE_ICU_H
#define MATTERTYPE_ICU_H

// MatterType's window onto ICU. Only stdint types cross it: ICU's own headers declare UErrorCode, UProperty and
// friends, and so do the private copies of ICU inside Swift's Foundation; a Swift module that saw both (any module
// importing Foundation and, even transitively, a module map over <unicode/*.h>) fails to build with
// "'UErrorCode' has different definitions in different modules". So ICU is included only in icu_shim.c.

#include <stdint.h>

/// Writes the UTF-16 offsets at which a line may start (UAX #14, ICU's line break iterator, root locale), after
/// the first, into `offsets`, at most `capacity` of them, and returns how many there were; -1 when ICU fails.
/// `capacity` = `length` + 1 always suffices. Safe to call from any thread: opened iterators are pooled behind a
/// mutex and each is used by one call at a time.
int32_t mattertype_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity);

/// The base direction of `text` by its first strong character (ubidi_getBaseDirection): 1 right-to-left,
/// 0 left-to-right, -1 none.
int32_t mattertype_base_direction(const uint16_t *text, int32_t length);

#endif
