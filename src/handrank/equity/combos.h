/* Hold'em Monte Carlo with counts per combo (equity(..., by_combo=True)): the same
 * deals as hr_eq_monte_carlo (equity/sampling.h) for the same seed and streams, so the
 * players' totals are the same numbers; each deal's outcome is also added to the
 * combo every player was dealt. Plain C, called with the GIL released from
 * equity/_kernel.pyx. A loop of its own: hr_eq_monte_carlo (by_combo=False) keeps
 * its fast paths untouched. */
#ifndef HANDRANK_EQUITY_COMBOS_H
#define HANDRANK_EQUITY_COMBOS_H
#include "equity/sampling.h"

/* Add one deal's counts `one` (players 0..n-1) to *acc and, for player p's combo
 * idx[p], to the per-combo rows of pc ((5, K) int64, row-major: wins, ties, share
 * units, squared share units, deals). */
HR_INLINE void hr_eq_combo_add(int n, const int64_t *idx, const hr_eq_acc *one,
                               hr_eq_acc *acc, int64_t *pc, int64_t K) {
    int p;
    for (p = 0; p < n; p++) {
        int64_t i = idx[p];
        acc->win[p] += one->win[p]; acc->tie[p] += one->tie[p];
        acc->share[p] += one->share[p]; acc->share_sq[p] += one->share_sq[p];
        pc[i] += one->win[p]; pc[K + i] += one->tie[p];
        pc[2 * K + i] += one->share[p]; pc[3 * K + i] += one->share_sq[p];
        pc[4 * K + i] += 1;
    }
    acc->deals += 1;
}

/* As hr_eq_monte_carlo (same arguments, same deals, same *acc), plus per-combo
 * counts added into pc ((5, K) int64 as above, K = off[n], zeroed by the caller).
 * Heads-up deals draw both combos before checking them (hr_eq_hu_ranges' order),
 * more players draw in turn and restart on an overlap (the big loop's order): the
 * random stream is consumed exactly as hr_eq_monte_carlo consumes it. Returns 0,
 * -1 after max_reject consecutive overlaps, -2 for bad arrays or too few cards. */
HR_INLINE int hr_eq_monte_carlo_combos(int n, int r, const uint64_t *ckey, const uint64_t *cmask,
                                       const int64_t *off, const double *prob,
                                       const int64_t *alias, const uint8_t *uniform,
                                       uint64_t base_key, uint64_t board_mask,
                                       uint64_t known_mask, uint64_t seed, uint64_t stream,
                                       int64_t samples, int64_t chunk, int64_t max_reject,
                                       hr_eq_acc *acc, int64_t *pc) {
    int p;
    int64_t done = 0, K;
    for (p = 0; p < HR_EQ_MAX_PLAYERS; p++) {
        acc->win[p] = 0; acc->tie[p] = 0; acc->share[p] = 0; acc->share_sq[p] = 0;
    }
    acc->deals = 0;
    if (n < 2 || n > HR_EQ_MAX_PLAYERS || r < 0 || r > 5
        || 52 - hr_popcount64(known_mask & (((uint64_t)1 << 52) - 1)) - 2 * n < r)
        return -2;
    K = off[n];
    while (done < samples) {
        hr_rng g;
        int64_t t, rejects = 0, todo = samples - done;
        if (chunk > 0 && todo > chunk) todo = chunk;
        hr_rng_stream(&g, seed, stream++);
        done += todo;
        for (t = 0; t < todo; t++) {
            uint64_t used, pkey[HR_EQ_MAX_PLAYERS], pmask[HR_EQ_MAX_PLAYERS], k = 0, msk = 0;
            int64_t idx[HR_EQ_MAX_PLAYERS];
            hr_eq_acc one;
            uint8_t b[10];
            int i;
            if (n == 2) {  /* hr_eq_hu_ranges: both drawn, then checked */
                for (;;) {
                    idx[0] = hr_eq_draw_combo(&g, 0, off, prob, alias, uniform);
                    idx[1] = hr_eq_draw_combo(&g, 1, off, prob, alias, uniform);
                    if (idx[0] < 0 || idx[1] < 0) return -2;
                    if (!((cmask[idx[0]] & cmask[idx[1]])
                          || ((cmask[idx[0]] | cmask[idx[1]]) & known_mask))) break;
                    if (++rejects >= max_reject) return -1;
                }
                used = known_mask | cmask[idx[0]] | cmask[idx[1]];
            } else {  /* the big loop: in turn, from the first again on an overlap */
            again:
                used = known_mask;
                for (p = 0; p < n; p++) {
                    idx[p] = hr_eq_draw_combo(&g, p, off, prob, alias, uniform);
                    if (idx[p] < 0) return -2;
                    if (used & cmask[idx[p]]) {
                        if (++rejects >= max_reject) return -1;
                        goto again;
                    }
                    used |= cmask[idx[p]];
                }
            }
            rejects = 0;
            for (p = 0; p < n; p++) {
                pkey[p] = base_key + ckey[idx[p]];
                pmask[p] = board_mask | cmask[idx[p]];
                one.win[p] = 0; one.tie[p] = 0; one.share[p] = 0; one.share_sq[p] = 0;
            }
            one.deals = 0;
            hr_draw_board(&g, used, r, b);
            for (i = 0; i < r; i++) { k += HR_CARD_KEY[b[i]]; msk |= (uint64_t)1 << b[i]; }
            hr_eq_showdown(n, pkey, pmask, k, msk, &one, 1);
            hr_eq_combo_add(n, idx, &one, acc, pc, K);
        }
    }
    return 0;
}

#endif
