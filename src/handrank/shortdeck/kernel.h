/* Short-deck (6+) kernels in plain C over the generated tables of
 * shortdeck/tables.h (layout: tools/gen_shortdeck.py).
 *
 * The bulk kernel never trusts its input: a byte that is not a short-deck card
 * (an id below 16, i.e. a deuce to five, or >= 52) or a repeated card stops the
 * loop and reports the row and column; every byte value has a table entry, so
 * no input makes it read outside a table. */
#ifndef HANDRANK_SHORTDECK_KERNEL_H
#define HANDRANK_SHORTDECK_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include "_c/cardbits.h"
#include "_c/errors.h"
#include "shortdeck/tables.h"
#include "_c/showdown_equity.h"

/* Strength (1..1404) of 5..7 cards from their summed key
 * (HR_SD_SUIT_BASE + HR_SD_KB[2 * id] of each card) and the OR of their
 * suit-major bits (HR_SD_KB[2 * id + 1]), noflush = HR_SD_NOFLUSH (default
 * order) or HR_SD_NOFLUSH_SBT (straight_beats_trips). PRECONDITION: 5 to 7 distinct
 * short-deck cards (then the key's rank part is below HR_SD_KEY_LIMIT, inside
 * the row offsets, and every offset + 63 is inside the packed tables). With five of a suit the flush table decides: no hand of at most
 * seven cards holding a flush can also hold four of a kind, the only
 * non-flush category above a flush. */
HR_INLINE int32_t hr_sd_strength(uint64_t key, uint64_t smask, const uint16_t *noflush) {
    if (key & HR_SD_FLUSH_CHECK) {
        uint64_t f = (key >> 32) & 0x8888;
        unsigned suit = (f & 0x8) ? 0 : (f & 0x80) ? 1 : (f & 0x800) ? 2 : 3;
        return HR_SD_FLUSH[(smask >> (16 * suit)) & 0x1FF];
    }
    {
        uint32_t k = (uint32_t)key;
        return noflush[HR_SD_ROW_OFFSET[k >> HR_SD_ROW_SHIFT] + (k & ((1u << HR_SD_ROW_SHIFT) - 1))];
    }
}

/* Locate the first bad column of a row already known to be bad. */
HR_INLINE void hr_sd_find_bad(const uint8_t *row, int k, int *err, int *col) {
    uint64_t seen = 0;
    int j;
    for (j = 0; j < k; j++) {
        uint8_t c = row[j];
        if (c < 16 || c >= 52) { *err = HR_ERR_RANGE; *col = j; return; }
        if (seen >> c & 1) { *err = HR_ERR_DUPLICATE; *col = j; return; }
        seen |= (uint64_t)1 << c;
    }
    *err = HR_ERR_DUPLICATE; *col = -1;
}

/* Strengths of rows start..stop of a C-contiguous (N, k) uint8 id array
 * (5 <= k <= 7) into out; sbt != 0 ranks them by straight_beats_trips.
 * Returns -1, or the first bad row (with *err, *col set). A row is bad
 * when its key has the poison bit (a non-short-deck byte) or the sum of its
 * bits differs from their OR (a repeat): one branch per row. */
#define HR_SD_DEFINE_KERNEL(K)                                                      \
HR_INLINE ptrdiff_t hr_sd_eval_ids##K(const uint8_t *ids, ptrdiff_t start,          \
        ptrdiff_t stop, int sbt, int32_t *out, int *err, int *col) {                \
    const uint16_t *noflush = sbt ? HR_SD_NOFLUSH_SBT : HR_SD_NOFLUSH;              \
    ptrdiff_t i;                                                                    \
    for (i = start; i < stop; i++) {                                                \
        const uint8_t *row = ids + i * K;                                           \
        uint64_t key = HR_SD_SUIT_BASE, sum = 0, mask = 0;                          \
        int j;                                                                      \
        for (j = 0; j < K; j++) {                                                   \
            const uint64_t *e = HR_SD_KB + 2 * row[j];                              \
            key += e[0]; sum += e[1]; mask |= e[1];                                 \
        }                                                                           \
        if ((key >> 48) | (sum ^ mask)) {                                           \
            hr_sd_find_bad(row, K, err, col);                                       \
            return i;                                                               \
        }                                                                           \
        out[i] = hr_sd_strength(key, mask, noflush);                                \
    }                                                                               \
    return -1;                                                                      \
}
HR_SD_DEFINE_KERNEL(5)
HR_SD_DEFINE_KERNEL(6)
HR_SD_DEFINE_KERNEL(7)

HR_INLINE ptrdiff_t hr_sd_eval_ids(const uint8_t *ids, int k, ptrdiff_t start,
        ptrdiff_t stop, int sbt, int32_t *out, int *err, int *col) {
    if (k == 5) return hr_sd_eval_ids5(ids, start, stop, sbt, out, err, col);
    if (k == 6) return hr_sd_eval_ids6(ids, start, stop, sbt, out, err, col);
    return hr_sd_eval_ids7(ids, start, stop, sbt, out, err, col);
}

/* The equity engine's evaluation callback (_c/showdown_equity.h): one player's
 * high strength (1..1404) from their n_own hole cards and the n_board board
 * cards, 5 to 7 in all; option != 0 ranks by straight_beats_trips. A card outside
 * the short deck or a repeated card (the engine keeps both out) or another count
 * leaves the strength 0: no byte can take a table index out of bounds. */
static void hr_sd_se_eval(int option, const uint8_t *own, int n_own, const uint8_t *board,
                          int n_board, int want, int32_t *high, int32_t *low) {
    uint64_t key = HR_SD_SUIT_BASE, smask = 0, sum = 0;
    int j;
    (void)want; (void)low;
    if (n_own < 0 || n_board < 0 || n_own + n_board < 5 || n_own + n_board > 7) return;
    for (j = 0; j < n_own + n_board; j++) {
        const uint64_t *e = HR_SD_KB + 2 * (j < n_own ? own[j] : board[j - n_own]);
        key += e[0]; sum += e[1]; smask |= e[1];
    }
    if ((key >> 48) | (sum ^ smask)) return;  /* not a short-deck card, or a card twice */
    *high = hr_sd_strength(key, smask, option ? HR_SD_NOFLUSH_SBT : HR_SD_NOFLUSH);
}

#endif
