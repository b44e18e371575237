#ifndef MATTERTYPE_CHARFBUZZ_SHIM_H
#define MATTERTYPE_CHARFBUZZ_SHIM_H

// FreeType first, so that its types keep belonging to CFreeType.
#include "../CFreeType/shim.h"
#include <hb.h>
#include <hb-ot.h>
// Pinning a variable font's axes when subsetting (hb_subset_input_pin_axis_location) is experimental API in
// HarfBuzz 6; Debian's libharfbuzz-subset0 exports it.
#define HB_EXPERIMENTAL_API
#include <hb-subset.h>

// HB_TAG, a function-like macro invisible to Swift, is computed in Swift by OpenTypeTag (Support/OpenTypeTag.swift).

#endif
