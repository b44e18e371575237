#ifndef MATTERTYPE_ICU_H
#define MATTERTYPE_ICU_H

// MatterType's window onto ICU. Only stdint types cross it: ICU's own headers declare UErrorCode, UProperty and
// friends, and so do the private copies of ICU inside Swift's Foundation; a Swift module that saw both (any module
// importing Foundation and, even transitively, a module map over <unicode/*.h>) fails to build with
// "'UErrorCode' has different definitions in different modules". So ICU is included only in icu_shim.c.

#include <stdint.h>

/// Writes the UTF-16 offsets at which a line may start (UAX #14, ICU's line break iterator, root locale with
/// CSS line-break: normal), after
/// the first, into `offsets`, at most `capacity` of them, and returns how many there were; -1 when ICU fails.
/// `capacity` = `length` + 1 always suffices. Safe to call from any thread: opened iterators are pooled behind a
/// mutex and each is used by one call at a time.
int32_t mattertype_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity);

/// Resolves the bidi embedding levels (UAX #9, rules P2–I2) of one paragraph of UTF-16 `text`, writing one level
/// per UTF-16 unit into `levels` (`length` bytes). `direction` is 0 for a left-to-right paragraph, 1 for a
/// right-to-left one, -1 for the direction of the first strong character (left to right when there is none).
/// Returns the paragraph's level (0 or 1), or -1 when ICU fails. Safe to call from any thread.
int32_t mattertype_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels);

/// Case-maps UTF-8 `text` (`length` bytes) as the language (a BCP 47 tag, or NULL or "" for none) does, with ICU's
/// full, context-sensitive mappings (Turkish dotted and dotless i, Lithuanian dot above, Greek final sigma and
/// accents dropped in uppercase, Dutch IJ in title case): `mode` 0 lowercase, 1 uppercase, 2 title case of each
/// word's first letter, the rest as written (CSS capitalize). Writes at most `capacity` bytes to `out` and returns
/// the length the result needs (call again with a larger buffer when it exceeds `capacity`), or -1 when ICU fails.
/// Safe to call from any thread.
int32_t mattertype_case_map(int32_t mode, const char *language, const char *text, int32_t length, char *out,
                            int32_t capacity);

/// UAX #50's Vertical_Orientation of `scalar`: 0 Rotated (R), 1 Transformed_Rotated (Tr), 2 Transformed_Upright
/// (Tu), 3 Upright (U), as ICU's UVerticalOrientation numbers them. Safe to call from any thread.
int32_t mattertype_vertical_orientation(uint32_t scalar);

#endif
