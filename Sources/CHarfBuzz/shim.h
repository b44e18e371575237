#ifndef MATTERTYPE_CHARFBUZZ_SHIM_H
#define MATTERTYPE_CHARFBUZZ_SHIM_H

// FreeType first, so that its types keep belonging to CFreeType.
#include "../CFreeType/shim.h"
#include <hb.h>
#include <hb-ot.h>

// HB_TAG, a function-like macro invisible to Swift, is computed in Swift by OpenTypeTag (Support/OpenTypeTag.swift).

#endif
