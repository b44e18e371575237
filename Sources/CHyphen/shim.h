#ifndef MATTERTYPE_CHYPHEN_SHIM_H
#define MATTERTYPE_CHYPHEN_SHIM_H

// libhyphen (Debian's libhyphen-dev, no pkg-config file): the hyphenation library LibreOffice uses, reading the
// pattern dictionaries Debian ships in /usr/share/hyphen (hyphen-en-us, hyphen-de, hyphen-fr, …).
#include <hyphen.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// Marks in `flags` (one per character, `size` + 5 bytes) the standard hyphenation points of `word` (`size` bytes
/// in the dictionary's encoding, lowercase) with an odd value, keeping at least `left`/`right` characters (or the
/// dictionary's minimums, when larger) on each side. A non-standard point (one that changes the spelling, as old
/// German "Schiff-fahrt") is left out. libhyphen's replacement arrays are freed here. Returns 0 on success.
static inline int mattertype_hyphen_points(HyphenDict *dict, const char *word, int size, char *flags, int left,
                                           int right) {
    char **replacements = NULL;
    int *positions = NULL;
    int *cuts = NULL;
    int failed = hnj_hyphen_hyphenate3(dict, word, size, flags, NULL, &replacements, &positions, &cuts, left,
                                       right, left, right);
    if (replacements) {
        for (int i = 0; i < size; i++) {
            if (replacements[i]) {
                flags[i] = 0;
                free(replacements[i]);
            }
        }
        free(replacements);
    }
    free(positions);
    free(cuts);
    return failed;
}

/// For an 8-bit character set (ISO8859-1, KOI8-R, …) fills `scalars[b - 128]` with the Unicode scalar byte `b`
/// stands for (0 where iconv has none). Returns 0 when iconv does not know the set.
static inline int mattertype_hyphen_charset_scalars(const char *charset, uint32_t scalars[128]) {
    iconv_t converter = iconv_open("UTF-32LE", charset);
    if (converter == (iconv_t)-1) return 0;
    for (int b = 0x80; b <= 0xFF; b++) {
        char input = (char)b;
        unsigned char output[8];
        char *in = &input, *out = (char *)output;
        size_t in_left = 1, out_left = sizeof output;
        scalars[b - 0x80] = 0;
        if (iconv(converter, &in, &in_left, &out, &out_left) != (size_t)-1 && out_left == 4) {
            scalars[b - 0x80] = (uint32_t)output[0] | (uint32_t)output[1] << 8 | (uint32_t)output[2] << 16
                | (uint32_t)output[3] << 24;
        }
    }
    iconv_close(converter);
    return 1;
}

#endif
