#ifndef MATTERTYPE_CMALLOC_SHIM_H
#define MATTERTYPE_CMALLOC_SHIM_H

// glibc's allocator settings (mallopt and its M_* parameters), which Swift's Glibc module does not export.
// (macOS has no <malloc.h>; FreedMemory calls mallopt only where Glibc is.)
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

#endif
