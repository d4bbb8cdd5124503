/* The shared variant-equity engine: exact and Monte Carlo equity of any poker
 * variant whose showdown is "each player's own cards (+ a shared board) ranked by
 * a per-game evaluation, the pot split by one of three pot rules".
 *
 * The deal. Every player ends with `own_size` own cards (Omaha: the 4..6 hole
 * cards; stud: 7) and all share `board_size` board cards (Omaha: 5; stud: 0).
 * Some are known: player p's first own_known[p] own cards and the board's first
 * board_known cards (the layout below). The rest are dealt from the deck
 * (`deck_mask`, 52 cards or short deck's 36) minus every known and dead card:
 * a board group of board_size - board_known cards, then per player a group of
 * own_size - own_known[p] cards, in that order (empty groups skipped).
 *
 * Layout: `cards` is players * own_size + board_size bytes: player 0's own
 * cards, player 1's, ..., then the board; known cards first in each, the slots
 * of unknown cards are filled in per deal.
 *
 * The game's evaluation: a callback (hr_se_eval_fn) gives one player's high and
 * low strength (higher = better; low 0 = no qualifying low) from their own cards
 * and the board. hr_se_settle then turns the players' strengths into pot units
 * by the pot rule:
 *   HR_SE_HIGH  the best high hand(s) split the pot (Omaha, short deck, stud);
 *   HR_SE_HILO  half to the best high(s), half to the best qualifying low(s)
 *               (low > 0); no qualifying low: the high(s) take it all
 *               (Omaha Hi-Lo, stud Hi-Lo);
 *   HR_SE_LOW   the best low(s) split the pot, no qualifier (razz: every hand
 *               must have a low > 0 or ties at 0).
 * Shares are integers: a pot is HR_SE_UNITS = 5040 = 2 * lcm(1..10) units, so
 * every half split k ways (k <= 10) is whole.
 *
 * Counters (hr_se_acc, out rows): per player wins (took the whole pot alone: a
 * scoop in Hi-Lo), ties (got part of the pot but not all), high units, low units
 * (pot units won through each half; HR_SE_HIGH puts all in high, HR_SE_LOW all
 * in low), squared total units per deal (Monte Carlo variance; 0 when exact),
 * and deals. A unit's output is HR_SE_ROWS x players int64, row-major, the last
 * row the deal count repeated in every column.
 *
 * Exact: the first non-empty group's combinations are enumerated in
 * lexicographic order of their indexes in the sorted remaining deck; the
 * "prefixes" are the distinct choices of its first `prefix` (0..2) cards, and a
 * unit is a range [start, stop) of prefixes (hr_se_prefixes counts them), each
 * prefix followed by every completion of the group and every later group. Units
 * add up: any cut of the prefixes gives the same totals.
 * Monte Carlo: deal t of a unit is in chunk first + t / chunk_deals, each chunk
 * on its own stream of `seed` (_c/rng.h), so totals never depend on how chunks
 * are cut into units or spread over threads.
 *
 * Memory safety: every size and id is checked by hr_se_check before use (returns
 * a negative HR_SE_E_* code), so any bytes are safe.
 */
#ifndef HANDRANK_SHOWDOWN_EQUITY_H
#define HANDRANK_SHOWDOWN_EQUITY_H
#include <stdint.h>
#include <stddef.h>
#include "_c/cardbits.h"
#include "_c/rng.h"
#include "_c/deal.h"

#define HR_SE_HIGH 0
#define HR_SE_HILO 1
#define HR_SE_LOW 2
#define HR_SE_UNITS 5040
#define HR_SE_MAX_PLAYERS 10
#define HR_SE_MAX_OWN 7
#define HR_SE_MAX_BOARD 5
#define HR_SE_MAX_CARDS (HR_SE_MAX_PLAYERS * HR_SE_MAX_OWN + HR_SE_MAX_BOARD)
#define HR_SE_ROWS 6
/* what the callback must compute (`want`) */
#define HR_SE_WANT_HIGH 1
#define HR_SE_WANT_LOW 2
/* errors */
#define HR_SE_E_SHAPE (-1)    /* players / sizes / counts out of range */
#define HR_SE_E_CARD (-2)     /* a known id >= 52 or outside the deck, or a card twice */
#define HR_SE_E_DECK (-3)     /* fewer cards left than the deal needs */
#define HR_SE_E_RANGE (-4)    /* prefix / start / stop out of range */

/* One player's strengths: own[0..n_own) and board[0..n_board) (all dealt) ->
 * *high (if want & HR_SE_WANT_HIGH) and *low (if want & HR_SE_WANT_LOW; 0 = no
 * qualifying low). `option` is the game's own option (0 if none). Must be
 * memory-safe on any ids 0..51. */
typedef void (*hr_se_eval_fn)(int option, const uint8_t *own, int n_own,
                              const uint8_t *board, int n_board, int want,
                              int32_t *high, int32_t *low);

typedef struct {
    hr_se_eval_fn eval;
    int option;
    int rule;          /* HR_SE_HIGH / HR_SE_HILO / HR_SE_LOW */
    int players;       /* 1..HR_SE_MAX_PLAYERS */
    int own_size;      /* 0..HR_SE_MAX_OWN */
    int board_size;    /* 0..HR_SE_MAX_BOARD */
    uint64_t deck_mask;  /* the cards of the deck (52 bits for a full deck) */
} hr_se_game;

typedef struct {
    int64_t win[HR_SE_MAX_PLAYERS], tie[HR_SE_MAX_PLAYERS];
    int64_t high[HR_SE_MAX_PLAYERS], low[HR_SE_MAX_PLAYERS], sq[HR_SE_MAX_PLAYERS];
    int64_t deals;
} hr_se_acc;

/* One deal's pot units of each player by the pot rule, into acc. */
HR_INLINE void hr_se_settle(int rule, int n, const int32_t *hi, const int32_t *lo,
                            hr_se_acc *acc, int squares) {
    static const int64_t split[HR_SE_MAX_PLAYERS + 1] = {
        0, 5040, 2520, 1680, 1260, 1008, 840, 720, 630, 560, 504};
    int64_t hu[HR_SE_MAX_PLAYERS], lu[HR_SE_MAX_PLAYERS];
    int32_t bh = INT32_MIN, bl = INT32_MIN;
    int p, nh = 0, nl = 0;
    for (p = 0; p < n; p++) {
        if (hi[p] > bh) { bh = hi[p]; nh = 1; } else if (hi[p] == bh) nh++;
        if (lo[p] > bl) { bl = lo[p]; nl = 1; } else if (lo[p] == bl) nl++;
    }
    for (p = 0; p < n; p++) { hu[p] = 0; lu[p] = 0; }
    if (rule == HR_SE_LOW) {
        for (p = 0; p < n; p++) if (lo[p] == bl) lu[p] = split[nl];
    } else if (rule == HR_SE_HILO && bl > 0) {
        for (p = 0; p < n; p++) {
            if (hi[p] == bh) hu[p] = split[nh] / 2;
            if (lo[p] == bl) lu[p] = split[nl] / 2;
        }
    } else {
        for (p = 0; p < n; p++) if (hi[p] == bh) hu[p] = split[nh];
    }
    for (p = 0; p < n; p++) {
        int64_t t = hu[p] + lu[p];
        acc->high[p] += hu[p];
        acc->low[p] += lu[p];
        acc->win[p] += t == HR_SE_UNITS;
        acc->tie[p] += t > 0 && t < HR_SE_UNITS;
        if (squares) acc->sq[p] += t * t;
    }
    acc->deals++;
}

/* Every player's strengths of one complete deal (cards laid out as above), settled. */
HR_INLINE void hr_se_showdown(const hr_se_game *g, const uint8_t *cards, hr_se_acc *acc,
                              int squares) {
    int32_t hi[HR_SE_MAX_PLAYERS], lo[HR_SE_MAX_PLAYERS];
    int p, n = g->players, want = g->rule == HR_SE_HIGH ? HR_SE_WANT_HIGH :
        g->rule == HR_SE_LOW ? HR_SE_WANT_LOW : HR_SE_WANT_HIGH | HR_SE_WANT_LOW;
    const uint8_t *board = cards + n * g->own_size;
    for (p = 0; p < n; p++) {
        hi[p] = 0; lo[p] = 0;
        g->eval(g->option, cards + p * g->own_size, g->own_size, board, g->board_size,
                want, &hi[p], &lo[p]);
    }
    hr_se_settle(g->rule, n, hi, lo, acc, squares);
}

/* The groups of unknown cards: sizes and their first slot in the layout. */
typedef struct {
    int n, size[HR_SE_MAX_PLAYERS + 1], at[HR_SE_MAX_PLAYERS + 1], total;
    uint64_t known;     /* every card not to deal: known, dead, outside the deck */
    uint8_t deck[52];   /* the cards to deal from, ascending */
    int m;
} hr_se_groups;

/* Check a game and its known cards; fill the groups. 0 or a HR_SE_E_* code. */
HR_INLINE int hr_se_check(const hr_se_game *g, const uint8_t *cards, const uint8_t *own_known,
                          int board_known, uint64_t dead_mask, hr_se_groups *gr) {
    int p, j, c, n = g->players;
    uint64_t seen = 0;
    if (n < 1 || n > HR_SE_MAX_PLAYERS || g->own_size < 0 || g->own_size > HR_SE_MAX_OWN
            || g->board_size < 0 || g->board_size > HR_SE_MAX_BOARD || board_known < 0
            || board_known > g->board_size || g->eval == NULL
            || g->rule < HR_SE_HIGH || g->rule > HR_SE_LOW)
        return HR_SE_E_SHAPE;
    gr->n = 0; gr->total = 0;
    for (p = 0; p <= n; p++) {
        int known = p < n ? own_known[p] : board_known;
        int size = p < n ? g->own_size : g->board_size;
        int at = p < n ? p * g->own_size : n * g->own_size;
        if (known > size) return HR_SE_E_SHAPE;
        for (j = 0; j < known; j++) {
            uint8_t id = cards[at + j];
            if (id >= 52 || !(g->deck_mask >> id & 1) || (seen >> id & 1)) return HR_SE_E_CARD;
            seen |= (uint64_t)1 << id;
        }
    }
    /* the board group first, then the players' */
    for (p = -1; p < n; p++) {
        int known = p < 0 ? board_known : own_known[p];
        int size = p < 0 ? g->board_size : g->own_size;
        int at = p < 0 ? n * g->own_size : p * g->own_size;
        if (size - known > 0) {
            gr->size[gr->n] = size - known;
            gr->at[gr->n] = at + known;
            gr->total += size - known;
            gr->n++;
        }
    }
    gr->known = seen | dead_mask | ~g->deck_mask | ~(((uint64_t)1 << 52) - 1);
    gr->m = 0;
    for (c = 0; c < 52; c++)
        if (!(gr->known >> c & 1)) gr->deck[gr->m++] = (uint8_t)c;
    if (gr->m < gr->total) return HR_SE_E_DECK;
    return 0;
}

/* Every completion of groups g.. (cards of `used` excluded) into cards[], showdowns
 * into acc. Group g's cards come from the deck in ascending order. */
static void hr_se_enum_groups(const hr_se_game *game, const hr_se_groups *gr, int g,
                              uint64_t used, uint8_t *cards, hr_se_acc *acc) {
    uint8_t av[52];
    int idx[HR_SE_MAX_OWN + 1], k, n = 0, i;
    if (g == gr->n) { hr_se_showdown(game, cards, acc, 0); return; }
    for (i = 0; i < gr->m; i++)
        if (!(used >> gr->deck[i] & 1)) av[n++] = gr->deck[i];
    k = gr->size[g];
    if (k > n) return;
    for (i = 0; i < k; i++) idx[i] = i;
    for (;;) {
        uint64_t u = used;
        uint8_t *dst = cards + gr->at[g];
        for (i = 0; i < k; i++) { dst[i] = av[idx[i]]; u |= (uint64_t)1 << av[idx[i]]; }
        hr_se_enum_groups(game, gr, g + 1, u, cards, acc);
        /* next combination of k indexes in 0..n-1 */
        i = k - 1;
        while (i >= 0 && idx[i] == n - k + i) i--;
        if (i < 0) break;
        idx[i]++;
        for (i = i + 1; i < k; i++) idx[i] = idx[i - 1] + 1;
    }
}

/* The first group's completions given its first `s` cards at deck indexes
 * pre[0..s) (ascending): the remaining k - s cards from indexes above pre[s-1]. */
static void hr_se_enum_first(const hr_se_game *game, const hr_se_groups *gr, const int *pre,
                             int s, uint8_t *cards, hr_se_acc *acc) {
    int idx[HR_SE_MAX_OWN + 1], k = gr->size[0], m = gr->m, i, lo = s ? pre[s - 1] + 1 : 0;
    int r = k - s;
    uint8_t *dst = cards + gr->at[0];
    uint64_t base = gr->known;
    for (i = 0; i < s; i++) { dst[i] = gr->deck[pre[i]]; base |= (uint64_t)1 << gr->deck[pre[i]]; }
    if (r == 0) { hr_se_enum_groups(game, gr, 1, base, cards, acc); return; }
    if (lo + r > m) return;
    for (i = 0; i < r; i++) idx[i] = lo + i;
    for (;;) {
        uint64_t u = base;
        for (i = 0; i < r; i++) { dst[s + i] = gr->deck[idx[i]]; u |= (uint64_t)1 << gr->deck[idx[i]]; }
        if (gr->n == 1) hr_se_showdown(game, cards, acc, 0);
        else hr_se_enum_groups(game, gr, 1, u, cards, acc);
        i = r - 1;
        while (i >= 0 && idx[i] == m - r + i) i--;
        if (i < 0) break;
        idx[i]++;
        for (i = i + 1; i < r; i++) idx[i] = idx[i - 1] + 1;
    }
}

/* Number of prefixes of `s` cards (0 <= s <= first group's size; s <= 2) for a
 * first group of k cards from m: C(m - k + s, s). 1 when nothing is dealt. */
HR_INLINE int64_t hr_se_prefix_count(int m, int k, int s) {
    int64_t a = m - k + s;
    if (s == 0) return 1;
    if (s == 1) return a;
    return a * (a - 1) / 2;
}

HR_INLINE void hr_se_out(const hr_se_acc *acc, int n, int64_t *out) {
    int p;
    for (p = 0; p < n; p++) {
        out[p] += acc->win[p]; out[n + p] += acc->tie[p];
        out[2 * n + p] += acc->high[p]; out[3 * n + p] += acc->low[p];
        out[4 * n + p] += acc->sq[p]; out[5 * n + p] += acc->deals;
    }
}

HR_INLINE void hr_se_zero(hr_se_acc *acc) {
    int p;
    for (p = 0; p < HR_SE_MAX_PLAYERS; p++)
        acc->win[p] = acc->tie[p] = acc->high[p] = acc->low[p] = acc->sq[p] = 0;
    acc->deals = 0;
}

/* Exact: prefixes [start, stop) of `s` cards (0..2, at most the first group's size);
 * counts ADDED to out (HR_SE_ROWS x players). `cards` is the layout (its unknown
 * slots are scratch). Returns 0 or a HR_SE_E_* code (nothing added). */
HR_INLINE int hr_se_exact(const hr_se_game *g, uint8_t *cards, const uint8_t *own_known,
                          int board_known, uint64_t dead_mask, int s, int64_t start,
                          int64_t stop, int64_t *out) {
    hr_se_groups gr;
    hr_se_acc acc;
    int64_t count, u = 0;
    int pre[2] = {0, 0}, rc = hr_se_check(g, cards, own_known, board_known, dead_mask, &gr);
    if (rc) return rc;
    if (s < 0 || s > 2 || (gr.n == 0 && s != 0) || (gr.n > 0 && s > gr.size[0]))
        return HR_SE_E_RANGE;
    count = gr.n == 0 ? 1 : hr_se_prefix_count(gr.m, gr.size[0], s);
    if (start < 0 || stop > count || start > stop) return HR_SE_E_RANGE;
    hr_se_zero(&acc);
    if (gr.n == 0) {
        if (start < stop) hr_se_showdown(g, cards, &acc, 0);
    } else if (s == 0) {
        if (start < stop) hr_se_enum_first(g, &gr, pre, 0, cards, &acc);
    } else {
        int k = gr.size[0], top = gr.m - k + s;  /* prefix indexes are below top */
        for (pre[0] = 0; pre[0] < top && u < stop; pre[0]++) {
            if (s == 1) {
                if (u >= start) hr_se_enum_first(g, &gr, pre, 1, cards, &acc);
                u++;
                continue;
            }
            /* s == 2: skip a whole first index when its pairs all lie before start */
            if (u + (top - 1 - pre[0]) <= start) { u += top - 1 - pre[0]; continue; }
            for (pre[1] = pre[0] + 1; pre[1] < top && u < stop; pre[1]++, u++)
                if (u >= start) hr_se_enum_first(g, &gr, pre, 2, cards, &acc);
        }
    }
    hr_se_out(&acc, g->players, out);
    return 0;
}

/* Monte Carlo: `deals` deals, deal t in chunk first + t / chunk_deals (chunk i on
 * stream i of `seed`, from its start); counts ADDED to out. 0 or a HR_SE_E_* code. */
HR_INLINE int hr_se_monte_carlo(const hr_se_game *g, uint8_t *cards, const uint8_t *own_known,
                                int board_known, uint64_t dead_mask, uint64_t seed,
                                int64_t first, int64_t chunk_deals, int64_t deals,
                                int64_t *out) {
    hr_se_groups gr;
    hr_se_acc acc;
    hr_rng rng;
    uint8_t drawn[52];
    int64_t t;
    int rc = hr_se_check(g, cards, own_known, board_known, dead_mask, &gr);
    if (rc) return rc;
    if (first < 0 || chunk_deals < 1 || deals < 0) return HR_SE_E_RANGE;
    hr_se_zero(&acc);
    for (t = 0; t < deals; t++) {
        uint64_t used = gr.known;
        int q, i, j = 0;
        if (t % chunk_deals == 0) hr_rng_stream(&rng, seed, (uint64_t)(first + t / chunk_deals));
        if (gr.total) hr_draw_cards(&rng, &used, gr.total, drawn);
        for (q = 0; q < gr.n; q++)
            for (i = 0; i < gr.size[q]; i++) cards[gr.at[q] + i] = drawn[j++];
        hr_se_showdown(g, cards, &acc, 1);
    }
    hr_se_out(&acc, g->players, out);
    return 0;
}

#endif
