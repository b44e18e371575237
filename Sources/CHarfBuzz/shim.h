#ifndef MATTERTYPE_CHARFBUZZ_SHIM_H
#define MATTERTYPE_CHARFBUZZ_SHIM_H

// FreeType first, so that its types keep belonging to CFreeType.
#include "../CFreeType/shim.h"
#include <hb.h>
#include <hb-ot.h>

/// HB_TAG is a function-like macro, invisible to Swift.
static inline hb_tag_t mattertype_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }

#endif
