/* Hold'em equity Monte Carlo kernels (the shared showdown and counters are in
 * equity/kernel.h). Plain C, called with the GIL released from equity/_kernel.pyx. */
#ifndef HANDRANK_EQUITY_SAMPLING_H
#define HANDRANK_EQUITY_SAMPLING_H
#include "equity/kernel.h"


/* Monte Carlo: `samples` deals. Player p's range is combos[2*off[p] ..
 * 2*off[p+1]) (pairs of ids); where uniform[p] is 0 it is drawn by weight with
 * Walker's alias method: slot i = off[p] + below(count) is kept with probability
 * prob[i], else alias[i] (an index in the same player's segment) is taken. Each deal draws every player's combo
 * independently by weight and starts again if two overlap (exactly the
 * weights' product restricted to compatible hands), then deals the r missing
 * board cards uniformly from the rest of the deck. Returns 0, or -1 after
 * max_reject consecutive overlaps (ranges that hardly ever fit together).
 * The random numbers come from stream `stream` of `seed` (hr_rng_stream), so
 * a chunk's result depends on (seed, stream) only, never on the thread. */
HR_INLINE int hr_eq_monte_carlo(int n, int r, const uint8_t *combos, const int64_t *off,
                                const double *prob, const int64_t *alias,
                                const uint8_t *uniform,
                                uint64_t base_key, uint64_t board_mask, uint64_t known_mask,
                                uint64_t seed, uint64_t stream, int64_t samples,
                                int64_t max_reject, hr_eq_acc *acc) {
    hr_rng g;
    int64_t t, rejects = 0;
    int p;
    hr_rng_stream(&g, seed, stream);
    for (p = 0; p < HR_EQ_MAX_PLAYERS; p++) {
        acc->win[p] = 0; acc->tie[p] = 0; acc->share[p] = 0; acc->share_sq[p] = 0;
    }
    acc->deals = 0;
    for (t = 0; t < samples; t++) {
        uint64_t used, pkey[HR_EQ_MAX_PLAYERS], pmask[HR_EQ_MAX_PLAYERS], k = 0, msk = 0;
        int dealt;
    again:
        used = known_mask;
        for (p = 0; p < n; p++) {
            int64_t lo = off[p], cnt = off[p + 1] - off[p], idx;
            uint8_t c0, c1;
            uint64_t b;
            if (cnt <= 0) return -2;
            if (cnt == 1) {
                idx = lo;
            } else if (uniform[p]) {
                idx = lo + (int64_t)hr_rng_below(&g, (uint32_t)cnt);
            } else {
                int64_t i = lo + (int64_t)hr_rng_below(&g, (uint32_t)cnt);
                idx = hr_rng_unit(&g) < prob[i] ? i : alias[i];
                if (idx < lo || idx >= lo + cnt) return -2;
            }
            c0 = combos[2 * idx] & 63; c1 = combos[2 * idx + 1] & 63;
            if (c0 >= 52 || c1 >= 52) return -2;
            b = ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
            if (used & b) {
                if (++rejects >= max_reject) return -1;
                goto again;
            }
            used |= b;
            pkey[p] = base_key + HR_CARD_KEY[c0] + HR_CARD_KEY[c1];
            pmask[p] = board_mask | b;
        }
        rejects = 0;
        for (dealt = 0; dealt < r;) {
            /* two unbiased draws in 0..51 from one 64-bit output (Lemire's
             * multiply-shift on each 32-bit half; 2^32 mod 52 = 48 low words rejected) */
            uint64_t x = hr_rng_next(&g);
            int half;
            for (half = 0; half < 2 && dealt < r; half++) {
                uint32_t c;
                uint64_t b;
                if (!hr_lemire32((uint32_t)(half ? x >> 32 : x), 52, 48, &c)) continue;
                b = (uint64_t)1 << c;
                if (used & b) continue;
                used |= b; k += HR_CARD_KEY[c]; msk |= b; dealt++;
            }
        }
        hr_eq_showdown(n, pkey, pmask, k, msk, acc, 1);
    }
    return 0;
}

#endif
