#ifndef MATTERTYPE_CPNG_SHIM_H
#define MATTERTYPE_CPNG_SHIM_H

// libpng reads PNGs back (PNGDecoder, and the tests' check that every encoding is exact), through its simplified
// API only (png_image_begin_read_from_memory, png_image_finish_read): it catches libpng's longjmp inside libpng,
// so no error ever unwinds through Swift frames. Writing is libdeflate's, in CImageCodecs.
#include <png.h>

/// PNG_FORMAT_RGBA combines two macros, which Swift does not import.
static inline png_uint_32 mattertype_png_format_rgba(void) { return PNG_FORMAT_RGBA; }

#endif
