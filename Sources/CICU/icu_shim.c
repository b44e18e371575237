#include "mattertype_icu.h"

#include <pthread.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>

// Opening a break iterator loads ICU's rules (costly), and an iterator may be used by one thread at a time:
// a small pool keeps opened ones for reuse.
enum { POOL_CAPACITY = 16 };
static UBreakIterator *pool[POOL_CAPACITY];
static int pool_count = 0;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

static UBreakIterator *take_iterator(void) {
    pthread_mutex_lock(&pool_lock);
    UBreakIterator *iterator = pool_count > 0 ? pool[--pool_count] : NULL;
    pthread_mutex_unlock(&pool_lock);
    if (iterator != NULL) return iterator;
    UErrorCode status = U_ZERO_ERROR;
    // CSS line-break: normal (Chromium's default for auto): a line may start before small kana and the
    // prolonged sound mark (class CJ), which ICU's default rules forbid.
    iterator = ubrk_open(UBRK_LINE, "@lb=normal", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    return iterator;
}

static void give_iterator(UBreakIterator *iterator) {
    pthread_mutex_lock(&pool_lock);
    if (pool_count < POOL_CAPACITY) {
        pool[pool_count++] = iterator;
        iterator = NULL;
    }
    pthread_mutex_unlock(&pool_lock);
    if (iterator != NULL) ubrk_close(iterator);
}

int32_t mattertype_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, int32_t capacity) {
    UBreakIterator *iterator = take_iterator();
    if (iterator == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator, (const UChar *)text, length, &status);
    int32_t count = 0;
    if (U_FAILURE(status)) {
        count = -1;
    } else {
        ubrk_first(iterator);
        for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
            if (count < capacity) offsets[count] = offset;
            count += 1;
        }
    }
    give_iterator(iterator);
    return count;
}

int32_t mattertype_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || bidi == NULL) return -1;
    UBiDiLevel paragraph = direction == 1 ? 1 : (direction == 0 ? 0 : UBIDI_DEFAULT_LTR);
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
    int32_t result = -1;
    if (U_SUCCESS(status)) {
        const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status) && resolved != NULL) {
            for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
            result = ubidi_getParaLevel(bidi);
        }
    }
    ubidi_close(bidi);
    return result;
}

#include <unicode/ucasemap.h>
#include <unicode/uloc.h>

int32_t mattertype_case_map(int32_t mode, const char *language, const char *text, int32_t length, char *out,
                            int32_t capacity) {
    char locale[ULOC_FULLNAME_CAPACITY] = "";
    if (language != NULL && language[0] != 0) {
        UErrorCode status = U_ZERO_ERROR;
        int32_t parsed = 0;
        uloc_forLanguageTag(language, locale, (int32_t)sizeof locale, &parsed, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) locale[0] = 0;
    }
    UErrorCode status = U_ZERO_ERROR;
    // Title case as CSS capitalize: the first letter of each word (ICU's word break iterator for the locale) in
    // title case, the rest left as written.
    UCaseMap *map = ucasemap_open(locale, mode == 2 ? U_TITLECASE_NO_LOWERCASE : 0, &status);
    if (U_FAILURE(status)) {
        if (map != NULL) ucasemap_close(map);
        return -1;
    }
    int32_t needed;
    switch (mode) {
    case 0: needed = ucasemap_utf8ToLower(map, out, capacity, text, length, &status); break;
    case 1: needed = ucasemap_utf8ToUpper(map, out, capacity, text, length, &status); break;
    default: needed = ucasemap_utf8ToTitle(map, out, capacity, text, length, &status); break;
    }
    ucasemap_close(map);
    if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) return needed;
    return U_FAILURE(status) ? -1 : needed;
}

#include <unicode/uchar.h>

int32_t mattertype_vertical_orientation(uint32_t scalar) {
    return u_getIntPropertyValue((UChar32)scalar, UCHAR_VERTICAL_ORIENTATION);
}
