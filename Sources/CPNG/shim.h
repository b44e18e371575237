#ifndef MATTERTYPE_CPNG_SHIM_H
#define MATTERTYPE_CPNG_SHIM_H

// Only libpng's simplified API is used (png_image_write_to_memory): it catches libpng's longjmp inside
// libpng, so no error ever unwinds through Swift frames.
#include <png.h>

/// PNG_FORMAT_RGBA combines two macros, which Swift does not import.
static inline png_uint_32 mattertype_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

/// PNG_FORMAT_GRAY, for symmetry with mattertype_png_format_rgba.
static inline png_uint_32 mattertype_png_format_gray(void) { return PNG_FORMAT_GRAY; }

#endif
