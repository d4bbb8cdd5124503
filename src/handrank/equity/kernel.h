/* Hold'em equity kernels: exact board enumeration (Monte Carlo: equity/sampling.h).
 *
 * Plain C (no Python), called with the GIL released from equity/_kernel.pyx. Every
 * card id and count is validated by the Python layer before these run (ids
 * 0..51, no overlaps, 2..10 players, 0..5 cards to deal); the kernels
 * additionally mask ids with & 63 and check array bounds they compute
 * themselves, so no input can make them read outside their buffers.
 *
 * Pot shares are counted in integer units of 1/2520 (2520 = lcm(1..10)), so a
 * k-way tie gives each of the k players exactly 2520/k units and every total
 * is an exact integer.
 */
#ifndef HANDRANK_EQUITY_KERNEL_H
#define HANDRANK_EQUITY_KERNEL_H
#include <stdint.h>
#include <stddef.h>
#include <math.h>
#include "poker/kernel.h"
#include "_c/rng.h"

#define HR_EQ_UNITS 2520
#define HR_EQ_MAX_PLAYERS 10

/* Per-player counters: wins (sole best hand), ties (best hand shared), pot
 * share units (2520 per win, 2520/k per k-way tie), and the sum of squared
 * share units per deal (Monte Carlo variance). */
typedef struct {
    int64_t win[HR_EQ_MAX_PLAYERS];
    int64_t tie[HR_EQ_MAX_PLAYERS];
    int64_t share[HR_EQ_MAX_PLAYERS];
    int64_t share_sq[HR_EQ_MAX_PLAYERS];
    int64_t deals;
} hr_eq_acc;

static const int64_t hr_eq_split[HR_EQ_MAX_PLAYERS + 1] = {
    0, 2520, 1260, 840, 630, 504, 420, 360, 315, 280, 252};

/* One showdown: players' keys/masks already hold hole cards + known board;
 * k/m add the dealt board cards. */
HR_INLINE void hr_eq_showdown(int n, const uint64_t *pkey, const uint64_t *pmask,
                              uint64_t k, uint64_t m, hr_eq_acc *acc, int squares) {
    int32_t s[HR_EQ_MAX_PLAYERS];
    int32_t best = -1;
    int cnt = 0, p;
    if (n == 2) {
        int32_t a = hr_poker_strength(pkey[0] + k, pmask[0] | m);
        int32_t b = hr_poker_strength(pkey[1] + k, pmask[1] | m);
        acc->deals++;
        if (a > b) { acc->win[0]++; acc->share[0] += HR_EQ_UNITS;
                     if (squares) acc->share_sq[0] += (int64_t)HR_EQ_UNITS * HR_EQ_UNITS; }
        else if (b > a) { acc->win[1]++; acc->share[1] += HR_EQ_UNITS;
                          if (squares) acc->share_sq[1] += (int64_t)HR_EQ_UNITS * HR_EQ_UNITS; }
        else {
            acc->tie[0]++; acc->tie[1]++;
            acc->share[0] += HR_EQ_UNITS / 2; acc->share[1] += HR_EQ_UNITS / 2;
            if (squares) {
                acc->share_sq[0] += (int64_t)(HR_EQ_UNITS / 2) * (HR_EQ_UNITS / 2);
                acc->share_sq[1] += (int64_t)(HR_EQ_UNITS / 2) * (HR_EQ_UNITS / 2);
            }
        }
        return;
    }
    for (p = 0; p < n; p++) {
        int32_t v = hr_poker_strength(pkey[p] + k, pmask[p] | m);
        s[p] = v;
        if (v > best) { best = v; cnt = 1; }
        else if (v == best) cnt++;
    }
    acc->deals++;
    if (cnt == 1) {
        for (p = 0; p < n; p++)
            if (s[p] == best) {
                acc->win[p]++; acc->share[p] += HR_EQ_UNITS;
                if (squares) acc->share_sq[p] += (int64_t)HR_EQ_UNITS * HR_EQ_UNITS;
            }
    } else {
        int64_t u = hr_eq_split[cnt];
        for (p = 0; p < n; p++)
            if (s[p] == best) {
                acc->tie[p]++; acc->share[p] += u;
                if (squares) acc->share_sq[p] += u * u;
            }
    }
}

/* All boards completing `depth` more cards from deck[from..m), keys summed. */
static void hr_eq_enum(int n, const uint64_t *pkey, const uint64_t *pmask,
                       const uint8_t *deck, int m, int from, int depth,
                       uint64_t k, uint64_t msk, hr_eq_acc *acc) {
    int i;
    if (depth == 0) { hr_eq_showdown(n, pkey, pmask, k, msk, acc, 0); return; }
    if (depth == 1) {
        for (i = from; i < m; i++) {
            uint8_t c = deck[i];
            hr_eq_showdown(n, pkey, pmask, k + HR_CARD_KEY[c], msk | ((uint64_t)1 << c), acc, 0);
        }
        return;
    }
    for (i = from; i <= m - depth; i++) {
        uint8_t c = deck[i];
        hr_eq_enum(n, pkey, pmask, deck, m, i + 1, depth - 1,
                   k + HR_CARD_KEY[c], msk | ((uint64_t)1 << c), acc);
    }
}

/* board_mask: the known board cards (they join every hand); known_mask: board
 * and dead cards (never dealt). base_key: HR_SUIT_BASE + the board's keys. */

/* Exact enumeration over work units [start, stop). With split = 1, unit u is
 * assignment a = u / m0 (hole cards holes[a * 2n .. a * 2n + 2n)) and, when
 * r >= 1 cards are dealt, the index i0 = u % m0 of the first dealt card in the
 * remaining deck (m0 = remaining - r + 1; m0 = 1 when r = 0). With split = 0
 * (few boards per assignment: turn and flop), m0 = 1 and unit u is assignment
 * u with every board. The counters of unit u go to out[u * 3n ..]: wins[n],
 * ties[n], share units[n]. Returns 0, or -1 if a unit's cards leave a deck of
 * the wrong size (input changed underneath). */
HR_INLINE int hr_eq_exact(int n, int r, const uint8_t *holes, int64_t num_assign,
                          uint64_t base_key, uint64_t board_mask, uint64_t known_mask, int m0,
                          int split, int64_t start, int64_t stop, int64_t *out) {
    int64_t u;
    for (u = start; u < stop; u++) {
        int64_t a = u / m0;
        int i0 = (int)(u % m0), p, c, m = 0;
        const uint8_t *h;
        uint64_t used = known_mask, pkey[HR_EQ_MAX_PLAYERS], pmask[HR_EQ_MAX_PLAYERS];
        uint8_t deck[52];
        hr_eq_acc acc;
        int64_t *o = out + u * 3 * n;
        if (a >= num_assign) return -1;
        h = holes + a * 2 * n;
        for (p = 0; p < n; p++) {
            uint8_t c0 = h[2 * p] & 63, c1 = h[2 * p + 1] & 63;
            if (c0 >= 52 || c1 >= 52) return -1;
            pkey[p] = base_key + HR_CARD_KEY[c0] + HR_CARD_KEY[c1];
            pmask[p] = board_mask | ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
            used |= ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
        }
        for (c = 0; c < 52; c++)
            if (!(used >> c & 1)) deck[m++] = (uint8_t)c;
        if (m < r || ((r == 0 || !split) && m0 != 1) || (r > 0 && split && m - r + 1 != m0))
            return -1;
        for (p = 0; p < n; p++) { acc.win[p] = 0; acc.tie[p] = 0; acc.share[p] = 0; }
        acc.deals = 0;
        if (r == 0) {
            hr_eq_showdown(n, pkey, pmask, 0, 0, &acc, 0);
        } else if (!split) {
            hr_eq_enum(n, pkey, pmask, deck, m, 0, r, 0, 0, &acc);
        } else {
            uint8_t c0 = deck[i0];
            hr_eq_enum(n, pkey, pmask, deck, m, i0 + 1, r - 1,
                       HR_CARD_KEY[c0], (uint64_t)1 << c0, &acc);
        }
        for (p = 0; p < n; p++) {
            o[p] = acc.win[p]; o[n + p] = acc.tie[p]; o[2 * n + p] = acc.share[p];
        }
    }
    return 0;
}

#endif
