#include "mattertype_codecs.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int mattertype_keep_freed_memory(int bytes) {
#if defined(__GLIBC__)
    if (bytes < 0 || bytes > (1 << 29)) return 0;
    return mallopt(M_MMAP_THRESHOLD, bytes) && mallopt(M_TRIM_THRESHOLD, 2 * bytes);
#else
    (void)bytes;
    return 0;
#endif
}
