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
