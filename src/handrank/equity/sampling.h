/* Hold'em equity Monte Carlo kernels (the shared showdown and counters are in
 * equity/kernel.h). Plain C, called with the GIL released from equity/_kernel.pyx. */
#ifndef HANDRANK_EQUITY_SAMPLING_H
#define HANDRANK_EQUITY_SAMPLING_H
#include "equity/kernel.h"
#include "_c/deal.h"

/* Why the Monte Carlo loop looks the way it does (issue 11):
 * - the missing board cards come from hr_draw_board (_c/deal.h): 6-bit chunks of
 *   one 64-bit output rejected on the mask of cards already out, no branch per
 *   rejection, so a 5-card board nearly always costs one generator output;
 * - heads-up (the common case) has loops of its own (hr_eq_hu_fixed: two fixed
 *   hands, no combo drawn at all; hr_eq_hu_ranges), compiled apart from the
 *   big kernel so their counters stay in registers, with a copy for preflop
 *   (5 board cards, a constant: the key loop unrolled);
 * - each combo's key and mask are computed once per call (ckey, cmask);
 * - a work unit covers several chunks (streams) in one call. */

/* One heads-up deal of r board cards: hands (k0, m0) and (k1, m1) (keys and masks
 * of hole cards + known board), `used0` every card out (known cards, both hands).
 * Adds 1 to *w0 when hand 0 wins, to *w1 when hand 1 wins (a tie adds nothing). */
HR_INLINE void hr_eq_hu_deal(hr_rng *g, int r, uint64_t used0,
                             uint64_t k0, uint64_t m0, uint64_t k1, uint64_t m1,
                             int64_t *w0, int64_t *w1) {
    uint8_t b[10];
    uint64_t k = 0, m = 0;
    int32_t a, c;
    int i;
    hr_draw_board(g, used0, r, b);
    for (i = 0; i < r; i++) { k += HR_CARD_KEY[b[i]]; m |= (uint64_t)1 << b[i]; }
    a = hr_poker_strength(k0 + k, m0 | m);
    c = hr_poker_strength(k1 + k, m1 | m);
    *w0 += a > c;
    *w1 += c > a;
}

#if defined(__GNUC__) || defined(__clang__)
#define HR_EQ_NOINLINE __attribute__((noinline))
#else
#define HR_EQ_NOINLINE
#endif

/* `deals` heads-up deals of r board cards for two fixed hands (as hr_eq_hu_deal),
 * wins added to *w0 and *w1. A function of its own (not inlined into the big
 * kernel), so its counters and hands stay in registers. */
static HR_EQ_NOINLINE void hr_eq_hu_fixed(hr_rng *g, int r, uint64_t used0, uint64_t k0,
                                          uint64_t m0, uint64_t k1, uint64_t m1,
                                          int64_t deals, int64_t *w0, int64_t *w1) {
    hr_rng st = *g;
    int64_t t, a = 0, b = 0;
    for (t = 0; t < deals; t++) hr_eq_hu_deal(&st, r, used0, k0, m0, k1, m1, &a, &b);
    *g = st;
    *w0 += a; *w1 += b;
}

/* Heads-up counts into acc: w0, w1 wins of `deals` deals, the rest ties. */
HR_INLINE void hr_eq_hu_counts(int64_t w0, int64_t w1, int64_t deals, hr_eq_acc *acc) {
    const int64_t U = HR_EQ_UNITS, H = HR_EQ_UNITS / 2;
    int64_t ties = deals - w0 - w1;
    acc->win[0] += w0; acc->win[1] += w1;
    acc->tie[0] += ties; acc->tie[1] += ties;
    acc->share[0] += U * w0 + H * ties; acc->share[1] += U * w1 + H * ties;
    acc->share_sq[0] += U * U * w0 + H * H * ties;
    acc->share_sq[1] += U * U * w1 + H * H * ties;
    acc->deals += deals;
}

/* The "limit of this design" loop of benchmarks/: `samples` heads-up deals of
 * the 5 board cards for two fixed hands, one stream, no Python. The hands are
 * (c[0], c[1]) and (c[2], c[3]), four distinct ids below 52 (else -1). */
HR_INLINE int hr_eq_plain_headsup(const uint8_t *c, uint64_t seed, int64_t samples,
                                  int64_t *w0, int64_t *w1) {
    hr_rng g;
    uint64_t m0, m1;
    int64_t a = 0, b = 0;
    if (c[0] >= 52 || c[1] >= 52 || c[2] >= 52 || c[3] >= 52) return -1;
    m0 = ((uint64_t)1 << c[0]) | ((uint64_t)1 << c[1]);
    m1 = ((uint64_t)1 << c[2]) | ((uint64_t)1 << c[3]);
    if (hr_popcount64(m0 | m1) != 4) return -1;
    hr_rng_stream(&g, seed, 0);
    hr_eq_hu_fixed(&g, 5, m0 | m1, HR_SUIT_BASE + HR_CARD_KEY[c[0]] + HR_CARD_KEY[c[1]], m0,
                   HR_SUIT_BASE + HR_CARD_KEY[c[2]] + HR_CARD_KEY[c[3]], m1, samples, &a, &b);
    *w0 = a; *w1 = b;
    return 0;
}

/* Player p's combo for one deal: an index in [off[p], off[p+1]) drawn by weight
 * (see hr_eq_monte_carlo), or -1 if the range arrays are bad. */
HR_INLINE int64_t hr_eq_draw_combo(hr_rng *g, int p, const int64_t *off, const double *prob,
                                   const int64_t *alias, const uint8_t *uniform) {
    int64_t lo = off[p], cnt = off[p + 1] - off[p], i;
    if (cnt <= 0) return -1;
    if (cnt == 1) return lo;
    i = lo + (int64_t)hr_rng_below(g, (uint32_t)cnt);
    if (uniform[p]) return i;
    i = hr_rng_unit(g) < prob[i] ? i : alias[i];
    return (i < lo || i >= lo + cnt) ? -1 : i;
}

/* `deals` heads-up deals where a player has a range: both combos drawn by weight
 * (redrawn together while they overlap each other or the known cards), then the
 * board (hr_eq_hu_deal). Returns 0, -1 after max_reject overlaps in a row, -2 for
 * bad range arrays. */
static HR_EQ_NOINLINE int hr_eq_hu_ranges(hr_rng *g, int r, const int64_t *off,
                                          const uint64_t *cmask, const uint64_t *ckey,
                                          const double *prob, const int64_t *alias,
                                          const uint8_t *uniform, uint64_t base_key,
                                          uint64_t board_mask, uint64_t known_mask,
                                          int64_t deals, int64_t max_reject,
                                          int64_t *w0, int64_t *w1) {
    hr_rng st = *g;
    int64_t t, rejects = 0, a = 0, b = 0;
    for (t = 0; t < deals; t++) {
        int64_t i0, i1;
        uint64_t ma, mb;
        for (;;) {
            i0 = hr_eq_draw_combo(&st, 0, off, prob, alias, uniform);
            i1 = hr_eq_draw_combo(&st, 1, off, prob, alias, uniform);
            if (i0 < 0 || i1 < 0) return -2;
            ma = cmask[i0]; mb = cmask[i1];
            if (!((ma & mb) || ((ma | mb) & known_mask))) break;
            if (++rejects >= max_reject) return -1;
        }
        rejects = 0;
        hr_eq_hu_deal(&st, r, known_mask | ma | mb, base_key + ckey[i0], board_mask | ma,
                      base_key + ckey[i1], board_mask | mb, &a, &b);
    }
    *g = st;
    *w0 += a; *w1 += b;
    return 0;
}

/* Monte Carlo: `samples` deals. Player p's range is the combos off[p] ..
 * off[p+1] - 1, combo i given by its key ckey[i] (the sum of its two cards'
 * HR_CARD_KEY) and its mask cmask[i] (two bits below 52: the caller checks).
 * Where uniform[p] is 0 it is drawn by weight with Walker's alias method: slot i = off[p] + below(count) is kept with probability
 * prob[i], else alias[i] (an index in the same player's segment) is taken. Each
 * deal draws every player's combo independently by weight and starts again if
 * two overlap (exactly the weights' product restricted to compatible hands),
 * then deals the r missing board cards uniformly from the rest of the deck
 * (hr_draw_board). Returns 0, -1 after max_reject consecutive overlaps (ranges
 * that hardly ever fit together), or -2 for bad range arrays or too few cards.
 *
 * Streams: with chunk >= 1 the deals are cut into chunks of `chunk` (the last
 * one shorter), chunk j drawn from stream `stream + j` of `seed`; with chunk 0
 * they all come from stream `stream`. So a chunk's deals depend on (seed, its
 * stream, its size) only, never on the thread or on how chunks are grouped into
 * calls, and the counts (integers, added into *acc after it is zeroed) neither. */
HR_INLINE int hr_eq_monte_carlo(int n, int r, const uint64_t *ckey, const uint64_t *cmask,
                                const int64_t *off,
                                const double *prob, const int64_t *alias,
                                const uint8_t *uniform,
                                uint64_t base_key, uint64_t board_mask, uint64_t known_mask,
                                uint64_t seed, uint64_t stream, int64_t samples, int64_t chunk,
                                int64_t max_reject, hr_eq_acc *acc) {
    int p;
    int64_t done = 0;
    for (p = 0; p < HR_EQ_MAX_PLAYERS; p++) {
        acc->win[p] = 0; acc->tie[p] = 0; acc->share[p] = 0; acc->share_sq[p] = 0;
    }
    acc->deals = 0;
    /* hr_draw_cards needs r free cards whatever the hands: never loop forever. */
    if (n < 2 || n > HR_EQ_MAX_PLAYERS || r < 0 || r > 5
        || 52 - hr_popcount64(known_mask & (((uint64_t)1 << 52) - 1)) - 2 * n < r)
        return -2;
    while (done < samples) {
        hr_rng g;
            int64_t t, rejects = 0, todo = samples - done;
        if (chunk > 0 && todo > chunk) todo = chunk;
        hr_rng_stream(&g, seed, stream++);
            done += todo;
        if (n == 2 && off[1] - off[0] == 1 && off[2] - off[1] == 1) {
            /* two fixed hands: nothing to draw but the board */
            uint64_t ma = cmask[off[0]], mb = cmask[off[1]];
            uint64_t ka = base_key + ckey[off[0]], kb = base_key + ckey[off[1]];
            int64_t w0 = 0, w1 = 0;
            if ((ma & mb) || ((ma | mb) & known_mask)) return -1;
            if (r == 5)  /* preflop: a copy of the loop with the board size known */
                hr_eq_hu_fixed(&g, 5, known_mask | ma | mb, ka, board_mask | ma, kb,
                               board_mask | mb, todo, &w0, &w1);
            else
                hr_eq_hu_fixed(&g, r, known_mask | ma | mb, ka, board_mask | ma, kb,
                               board_mask | mb, todo, &w0, &w1);
            hr_eq_hu_counts(w0, w1, todo, acc);
        } else if (n == 2) {
            int64_t w0 = 0, w1 = 0;
            int rc = r == 5
                ? hr_eq_hu_ranges(&g, 5, off, cmask, ckey, prob, alias, uniform, base_key,
                                  board_mask, known_mask, todo, max_reject, &w0, &w1)
                : hr_eq_hu_ranges(&g, r, off, cmask, ckey, prob, alias, uniform, base_key,
                                  board_mask, known_mask, todo, max_reject, &w0, &w1);
            if (rc) return rc;
            hr_eq_hu_counts(w0, w1, todo, acc);
        } else {
            for (t = 0; t < todo; t++) {
                uint64_t used, pkey[HR_EQ_MAX_PLAYERS], pmask[HR_EQ_MAX_PLAYERS], k = 0, msk;
                uint8_t b[10];
                int i;
            again:
                used = known_mask;
                for (p = 0; p < n; p++) {
                    int64_t idx = hr_eq_draw_combo(&g, p, off, prob, alias, uniform);
                    uint64_t bb;
                    if (idx < 0) return -2;
                    bb = cmask[idx];
                    if (used & bb) {
                        if (++rejects >= max_reject) return -1;
                        goto again;
                    }
                    used |= bb;
                    pkey[p] = base_key + ckey[idx];
                    pmask[p] = board_mask | bb;
                }
                rejects = 0;
                msk = 0;
                hr_draw_board(&g, used, r, b);
                for (i = 0; i < r; i++) { k += HR_CARD_KEY[b[i]]; msk |= (uint64_t)1 << b[i]; }
                hr_eq_showdown(n, pkey, pmask, k, msk, acc, 1);
            }
        }
    }
    return 0;
}

#endif
