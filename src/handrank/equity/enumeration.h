/* Exact Hold'em enumeration with board suit isomorphism.
 *
 * The boards still to deal are walked rank by rank, from aces down, choosing how
 * many cards of each rank join the board (ranks strictly decrease along a path,
 * so every board is reached once). At each rank a suit is *relevant* when some
 * player could still finish with five cards of it:
 *
 *     most hole cards of the suit one player holds + board cards of the suit so far
 *     + min(cards still to deal, cards of the suit left at this rank or below) >= 5.
 *
 * Cards of the relevant suits are chosen one by one. The cards of this rank in the
 * other suits are interchangeable: no player can make a flush in those suits
 * whatever comes later (a suit never becomes relevant again: the cards to deal and
 * the cards left only shrink), no later choice depends on which of them was taken
 * (later ranks are other cards), and a hand's value then depends on their ranks
 * only. So j of the k such cards are represented by the first j of them, with
 * weight C(k, j), and a board is evaluated once per class. Weights multiply along
 * a path; their sum over all leaves is C(cards left, cards to deal).
 *
 * Second, the suit renamings that map every player's hand, the board and the dead
 * cards onto themselves (AhAd vs KsKc: swap h/d, swap s/c) change no showdown.
 * Along a path H holds those that also fix every relevant choice made so far; of
 * the relevant sets a rank offers, only the smallest of each H-orbit is walked,
 * weighted by the orbit size, and H shrinks to its stabiliser below it (the
 * classification into relevant suits is H-invariant, so this is exact).
 * For AhAd vs KsKc preflop this evaluates 82,167 boards instead of 1,712,304.
 * With one card to deal (a turn board) every card is dealt plainly: the
 * per-combination tables would cost more than the few evaluations they save.
 *
 * Counts are weighted integers (int64: at most C(48, 5) boards x 2520 units),
 * so the result is exactly what the plain enumeration (hr_eq_exact in
 * equity/kernel.h) gives. Plain C, called with the GIL released from
 * equity/_kernel.pyx; card ids are validated there and masked with & 63 here.
 */
#ifndef HANDRANK_EQUITY_ENUMERATION_H
#define HANDRANK_EQUITY_ENUMERATION_H
#include "equity/kernel.h"

/* A group H of suit renamings (a bit set over hr_eq_perm) and, for each suit set
 * sub, the size of sub's orbit under H (0 when a smaller set of the orbit stands
 * for it) and the index (in hr_eq_iso.groups) of the stabiliser of sub in H: what
 * the walk needs at each choice, looked up instead of recomputed. Every stabiliser
 * is a subgroup of the 24 permutations of four suits, which has 30 subgroups (the
 * table holds 32: hr_eq_build_groups never overflows it). */
#define HR_EQ_MAX_GROUPS 32
typedef struct {
    uint32_t H;
    uint8_t orbit[16];
    uint8_t stab[16];
} hr_eq_group;

/* What one enumeration walks, and its weighted counters. Suits are 4-bit sets. */
typedef struct {
    int n;                                  /* players */
    uint64_t pkey[HR_EQ_MAX_PLAYERS];       /* hole cards + known board keys (with HR_SUIT_BASE) */
    uint64_t pmask[HR_EQ_MAX_PLAYERS];      /* hole cards + known board, suit-major masks */
    const uint64_t (*rkey)[16];             /* [R][set]: key sum of those suits of rank R */
    uint8_t avail[13];                      /* suits of rank R still in the deck */
    uint8_t upto[13][5];                    /* cards left at ranks <= R: per suit, [4] all suits */
    int hole[4];                            /* most hole cards of the suit one player holds */
    uint16_t reach[13][6];                  /* nibble s: min(n, cards of suit s left at ranks <= R) */
    uint32_t group;                         /* suit permutations fixing every hand, board, dead */
    int ngroups;                            /* subgroups of `group` met along paths: */
    hr_eq_group groups[HR_EQ_MAX_GROUPS];   /* [0] is `group`, each its orbit table */
    uint64_t used;                          /* cards not in the deck */
    int64_t win[HR_EQ_MAX_PLAYERS], tie[HR_EQ_MAX_PLAYERS], share[HR_EQ_MAX_PLAYERS];
    int64_t evaluated;                      /* boards evaluated (showdowns) */
    int64_t top;                            /* split-level choices seen (work split) */
    int part, parts;                        /* this call takes the choices top % parts == part */
} hr_eq_iso;

static const int64_t hr_eq_binom[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
/* Per-suit counts are packed in nibbles (suit s in bits 4s..4s+3). hr_eq_spread[set]:
 * 1 in the nibble of each suit of a 4-bit set; hr_eq_nibbles(x): the set of suits
 * whose nibble has bit 0 set in x (x & 0x1111 compressed to 4 bits). */
static const uint16_t hr_eq_spread[16] = {
    0x0000, 0x0001, 0x0010, 0x0011, 0x0100, 0x0101, 0x0110, 0x0111,
    0x1000, 0x1001, 0x1010, 0x1011, 0x1100, 0x1101, 0x1110, 0x1111};
/* hr_eq_sm[set]: the suit-major mask (bit 16 * suit + rank, as HR_BYTE_SUIT_BIT) of
 * the cards of a 4-bit suit set at rank 0; shifted left by R for rank R. */
static const uint64_t hr_eq_sm[16] = {
    0x0ULL, 0x1ULL, 0x10000ULL, 0x10001ULL, 0x100000000ULL, 0x100000001ULL,
    0x100010000ULL, 0x100010001ULL, 0x1000000000000ULL, 0x1000000000001ULL,
    0x1000000010000ULL, 0x1000000010001ULL, 0x1000100000000ULL, 0x1000100000001ULL,
    0x1000100010000ULL, 0x1000100010001ULL};
HR_INLINE unsigned hr_eq_nibbles(unsigned x) {
    x &= 0x1111u;
    return (x | x >> 3 | x >> 6 | x >> 9) & 0xFu;
}
/* Size of a 4-bit suit set; hr_eq_low[set][j]: its j lowest suits. */
static const uint8_t hr_eq_pc4[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
static const uint8_t hr_eq_low[16][5] = {
    {0, 0, 0, 0, 0}, {0, 1, 1, 1, 1}, {0, 2, 2, 2, 2}, {0, 1, 3, 3, 3},
    {0, 4, 4, 4, 4}, {0, 1, 5, 5, 5}, {0, 2, 6, 6, 6}, {0, 1, 3, 7, 7},
    {0, 8, 8, 8, 8}, {0, 1, 9, 9, 9}, {0, 2, 10, 10, 10}, {0, 1, 3, 11, 11},
    {0, 4, 12, 12, 12}, {0, 1, 5, 13, 13}, {0, 2, 6, 14, 14}, {0, 1, 3, 7, 15}};

/* hr_eq_perm[g][set]: the image of a 4-bit suit set under permutation g of the
 * four suits (g = 0 is the identity; all 24, in lexicographic order). */
static const uint8_t hr_eq_perm[24][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15},
    {0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15},
    {0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15},
    {0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15},
    {0, 1, 8, 9, 4, 5, 12, 13, 2, 3, 10, 11, 6, 7, 14, 15},
    {0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11, 12, 14, 13, 15},
    {0, 2, 1, 3, 8, 10, 9, 11, 4, 6, 5, 7, 12, 14, 13, 15},
    {0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15},
    {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15},
    {0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15},
    {0, 2, 8, 10, 4, 6, 12, 14, 1, 3, 9, 11, 5, 7, 13, 15},
    {0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15},
    {0, 4, 1, 5, 8, 12, 9, 13, 2, 6, 3, 7, 10, 14, 11, 15},
    {0, 4, 2, 6, 1, 5, 3, 7, 8, 12, 10, 14, 9, 13, 11, 15},
    {0, 4, 2, 6, 8, 12, 10, 14, 1, 5, 3, 7, 9, 13, 11, 15},
    {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15},
    {0, 4, 8, 12, 2, 6, 10, 14, 1, 5, 9, 13, 3, 7, 11, 15},
    {0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15},
    {0, 8, 1, 9, 4, 12, 5, 13, 2, 10, 3, 11, 6, 14, 7, 15},
    {0, 8, 2, 10, 1, 9, 3, 11, 4, 12, 6, 14, 5, 13, 7, 15},
    {0, 8, 2, 10, 4, 12, 6, 14, 1, 9, 3, 11, 5, 13, 7, 15},
    {0, 8, 4, 12, 1, 9, 5, 13, 2, 10, 6, 14, 3, 11, 7, 15},
    {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15}};

/* Orbit of the suit set `sub` under the permutations H (a bit set over
 * hr_eq_perm, identity included): 0 when sub is not the smallest set of its orbit
 * (that one stands for it), else the orbit size; *stab gets the members of H
 * that fix sub. */
HR_INLINE int64_t hr_eq_orbit(uint32_t H, unsigned sub, uint32_t *stab) {
    uint32_t h = H, fix = 0;
    int size = 0, fixed = 0;
    if (H == 1) { *stab = 1; return 1; }
    while (h) {
        int g = hr_ctz64(h);
        unsigned im = hr_eq_perm[g][sub];
        h &= h - 1;
        if (im < sub) return 0;
        size++;
        if (im == sub) { fix |= (uint32_t)1 << g; fixed++; }
    }
    *stab = fix;
    return size / fixed;  /* |orbit| = |H| / |stabiliser| */
}

/* One class of boards: weight w, dealt-card key k and mask m. */
HR_INLINE void hr_eq_iso_leaf(hr_eq_iso *st, uint64_t k, uint64_t m, int64_t w) {
    int n = st->n, p, cnt = 0;
    int32_t s[HR_EQ_MAX_PLAYERS], best = -1;
    st->evaluated++;
    if (n == 2) {
        int32_t a = hr_poker_strength_sm(st->pkey[0] + k, st->pmask[0] | m);
        int32_t b = hr_poker_strength_sm(st->pkey[1] + k, st->pmask[1] | m);
        if (a > b) st->win[0] += w;
        else if (b > a) st->win[1] += w;
        else { st->tie[0] += w; st->tie[1] += w; }
        return;
    }
    for (p = 0; p < n; p++) {
        int32_t v = hr_poker_strength_sm(st->pkey[p] + k, st->pmask[p] | m);
        s[p] = v;
        if (v > best) { best = v; cnt = 1; }
        else if (v == best) cnt++;
    }
    if (cnt == 1) {
        for (p = 0; p < n; p++)
            if (s[p] == best) st->win[p] += w;
    } else {
        int64_t u = w * hr_eq_split[cnt];
        for (p = 0; p < n; p++)
            if (s[p] == best) { st->tie[p] += w; st->share[p] += u; }
    }
}

/* The last card, from ranks <= R: a suit is relevant when a player holding its
 * most hole cards would reach five with this card (hole + board >= 4; hb: those
 * sums packed per suit, at most 7 each). The orbit weight of each relevant suit
 * (0 when another suit of its orbit under H = st->groups[gid] stands for it) is
 * read once per call; weights are summed as small integers and multiplied by w
 * once. Heads-up (the common case) keeps the two players' keys, masks and
 * counters in locals. */
HR_INLINE void hr_eq_iso_last(hr_eq_iso *st, int R, unsigned hb, uint64_t k, uint64_t m,
                              int64_t w, int gid) {
    unsigned hot = hr_eq_nibbles(hb >> 2), h;
    const uint8_t *orbit = st->groups[gid].orbit;
    int64_t ow[4] = {0, 0, 0, 0};
    int RR;
    for (h = hot; h; h &= h - 1) {
        int s = hr_ctz64(h);
        ow[s] = orbit[1u << s];
    }
    if (st->n == 2) {
        const uint64_t k0 = st->pkey[0] + k, k1 = st->pkey[1] + k;
        const uint64_t m0 = st->pmask[0] | m, m1 = st->pmask[1] | m;
        int64_t w0 = 0, w1 = 0, t = 0, ev = 0;
        if (!hot) {  /* no suit holds 4 for anyone: no flush on any leaf (none made yet
                        either), so the last card counts by its rank alone */
            const uint32_t r0 = (uint32_t)k0, r1 = (uint32_t)k1;
            for (RR = R; RR >= 0; RR--) {
                unsigned c = st->avail[RR];
                if (c) {
                    uint32_t q0 = r0 + (uint32_t)HR_CARD_KEY[4 * RR];
                    uint32_t q1 = r1 + (uint32_t)HR_CARD_KEY[4 * RR];
                    int32_t a = HR_NOFLUSH[(q0 & 0xFFF) + HR_ROW_OFFSET[q0 >> 12]];
                    int32_t b = HR_NOFLUSH[(q1 & 0xFFF) + HR_ROW_OFFSET[q1 >> 12]];
                    int64_t o = hr_eq_pc4[c];
                    ev++;
                    if (a > b) w0 += o; else if (b > a) w1 += o; else t += o;
                }
            }
            st->evaluated += ev;
            st->win[0] += w * w0; st->win[1] += w * w1;
            st->tie[0] += w * t; st->tie[1] += w * t;
            return;
        }
        for (RR = R; RR >= 0; RR--) {
            unsigned av = st->avail[RR], c = av & ~hot;
            for (h = av & hot; h; h &= h - 1) {
                int s = hr_ctz64(h);
                int64_t o = ow[s];
                if (o) {
                    uint64_t kk = HR_CARD_KEY[4 * RR + s], mm = hr_eq_sm[1u << s] << RR;
                    int32_t a = hr_poker_strength_sm(k0 + kk, m0 | mm);
                    int32_t b = hr_poker_strength_sm(k1 + kk, m1 | mm);
                    ev++;
                    if (a > b) w0 += o; else if (b > a) w1 += o; else t += o;
                }
            }
            if (c) {  /* a suit no one can flush in: its card leaves the masks'
                         flush suit (if any) unchanged */
                uint64_t kk = HR_CARD_KEY[4 * RR + hr_ctz64(c)];
                int32_t a = hr_poker_strength_sm(k0 + kk, m0);
                int32_t b = hr_poker_strength_sm(k1 + kk, m1);
                int64_t o = hr_eq_pc4[c];
                ev++;
                if (a > b) w0 += o; else if (b > a) w1 += o; else t += o;
            }
        }
        st->evaluated += ev;
        st->win[0] += w * w0; st->win[1] += w * w1;
        st->tie[0] += w * t; st->tie[1] += w * t;
        return;
    }
    for (RR = R; RR >= 0; RR--) {
        unsigned av = st->avail[RR], c = av & ~hot;
        for (h = av & hot; h; h &= h - 1) {
            int s = hr_ctz64(h);
            if (ow[s])
                hr_eq_iso_leaf(st, k + HR_CARD_KEY[4 * RR + s], m | hr_eq_sm[1u << s] << RR,
                               w * ow[s]);
        }
        if (c) {
            int s = hr_ctz64(c);
            hr_eq_iso_leaf(st, k + HR_CARD_KEY[4 * RR + s], m | hr_eq_sm[1u << s] << RR,
                           w * hr_eq_pc4[c]);
        }
    }
}

/* Deal `rem` more cards from ranks <= R; hb: per suit (packed nibbles) the most
 * hole cards one player holds + the board cards so far (known board included),
 * k/m: key and mask of the cards dealt so far, w: weight, gid: the group H of the
 * suit renamings that fix everything so far (st->groups[gid]); first: levels left
 * to split the work into parts at (choices at the last of them, or ending within a
 * card, are dealt round-robin). */
static void hr_eq_iso_rec(hr_eq_iso *st, int R, int rem, unsigned hb,
                          uint64_t k, uint64_t m, int64_t w, int gid, int first) {
    const hr_eq_group *G = &st->groups[gid];
    int RR;
    for (RR = R; RR >= 0 && st->upto[RR][4] >= rem; RR--) {
        /* relevant: hole + board + reach >= 5, i.e. bit 3 of each nibble + 3 (<= 15) */
        unsigned av = st->avail[RR], rs, is, sub,
                 rel = hr_eq_nibbles((hb + st->reach[RR][rem] + 0x3333u) >> 3);
        int ni, below = 0;
        if (!av) continue;
        rs = av & rel; is = av & ~rel; ni = hr_eq_pc4[is];
        if (!rs && !first) {  /* no relevant card here: j of the others, as one */
            int j, top = ni < rem ? ni : rem;
            for (j = 1; j <= top; j++) {
                unsigned T = hr_eq_low[is][j];
                uint64_t k1 = k + st->rkey[RR][T], m1 = m | hr_eq_sm[T] << RR;
                int64_t w1 = w * hr_eq_binom[ni][j];
                if (j == rem) hr_eq_iso_leaf(st, k1, m1, w1);
                else if (rem - j == 1) hr_eq_iso_last(st, RR - 1, hb + hr_eq_spread[T], k1, m1, w1, gid);
                else hr_eq_iso_rec(st, RR - 1, rem - j, hb + hr_eq_spread[T], k1, m1, w1, gid, 0);
            }
            continue;
        }
        sub = rs;
        for (;;) {  /* every subset of the relevant cards, then j of the others */
            int ns = hr_eq_pc4[sub], j;
            int64_t orbit = G->orbit[sub];
            int fix = G->stab[sub];
            for (j = 0; j <= ni && ns + j <= rem && orbit; j++) {
                unsigned T = sub | hr_eq_low[is][j];
                int t = ns + j;
                uint64_t k1, m1;
                int64_t w1;
                if (t == 0) continue;
                if (first) {  /* a split level: count this choice, or split below it */
                    int here = first == 1 || rem - t <= 1;
                    if (here && st->top++ % st->parts != st->part) continue;
                    below = here ? 0 : first - 1;
                }
                k1 = k + st->rkey[RR][T];
                m1 = m | hr_eq_sm[T] << RR;
                w1 = w * hr_eq_binom[ni][j] * orbit;
                if (t == rem) { hr_eq_iso_leaf(st, k1, m1, w1); continue; }
                if (rem - t == 1) hr_eq_iso_last(st, RR - 1, hb + hr_eq_spread[T], k1, m1, w1, fix);
                else hr_eq_iso_rec(st, RR - 1, rem - t, hb + hr_eq_spread[T], k1, m1, w1, fix, below);
            }
            if (!sub) break;
            sub = (sub - 1) & rs;
        }
    }
}

/* The image of a card mask under suit permutation g. */
HR_INLINE uint64_t hr_eq_image(int g, uint64_t mask) {
    uint64_t out = 0;
    int R;
    for (R = 0; R < 13; R++) out |= (uint64_t)hr_eq_perm[g][mask >> (4 * R) & 15] << (4 * R);
    return out;
}

/* The suit permutations (bit set over hr_eq_perm) that map the board and the dead
 * cards onto themselves: computed once per call. */
HR_INLINE uint32_t hr_eq_known_group(uint64_t board_mask, uint64_t known_mask) {
    uint32_t group = 0;
    int g;
    for (g = 0; g < 24; g++)
        if (hr_eq_image(g, board_mask) == board_mask
            && hr_eq_image(g, known_mask & ~board_mask) == (known_mask & ~board_mask))
            group |= (uint32_t)1 << g;
    return group;
}

/* Class keys of assignments (planning: combinations equal up to a renaming of
 * suits are enumerated once). keys[a]: the smallest, over the suit permutations g
 * of `group` (a bit set over hr_eq_perm, identity included), of assignment a
 * renamed by g and packed as 12 bits per player, the first player highest: the
 * higher card id << 6 | the lower one. Two assignments get the same key exactly
 * when a renaming in `group` maps one onto the other. n: 1..5 players (60 bits);
 * ids are masked with & 63 (any byte is safe). */
HR_INLINE void hr_eq_class_keys(int n, const uint8_t *holes, int64_t A, uint32_t group,
                                uint64_t *keys) {
    uint8_t img[24][4];
    int np = 0, g, s, p, i;
    int64_t a;
    for (g = 0; g < 24; g++) {
        if (!(group >> g & 1)) continue;
        for (s = 0; s < 4; s++) img[np][s] = (uint8_t)hr_ctz64(hr_eq_perm[g][1u << s]);
        np++;
    }
    for (a = 0; a < A; a++) {
        const uint8_t *h = holes + a * 2 * n;
        uint64_t best = ~(uint64_t)0;
        for (i = 0; i < np; i++) {
            uint64_t key = 0;
            for (p = 0; p < n; p++) {
                unsigned x = h[2 * p] & 63, y = h[2 * p + 1] & 63, t;
                x = (x & 0x3Cu) | img[i][x & 3];
                y = (y & 0x3Cu) | img[i][y & 3];
                if (x < y) { t = x; x = y; y = t; }
                key = key << 12 | (uint64_t)x << 6 | y;
            }
            if (key < best) best = key;
        }
        keys[a] = best;
    }
}

/* Fill st->groups from st->group: [0] is that group, then every stabiliser met
 * below it (breadth first). They are subgroups of the 24 suit permutations, so at
 * most 30; were the table ever full, a stabiliser would be replaced by the trivial
 * group {identity} in its last slot, which walks more sets and counts the same. */
HR_INLINE void hr_eq_build_groups(hr_eq_iso *st) {
    int i, j;
    unsigned sub;
    st->groups[0].H = st->group;
    st->ngroups = 1;
    for (i = 0; i < st->ngroups; i++) {
        hr_eq_group *G = &st->groups[i];
        for (sub = 0; sub < 16; sub++) {
            uint32_t fix = 1;
            int64_t o = hr_eq_orbit(G->H, sub, &fix);
            G->orbit[sub] = (uint8_t)o;
            G->stab[sub] = 0;
            if (!o) continue;  /* not walked: no stabiliser needed */
            for (j = 0; j < st->ngroups && st->groups[j].H != fix; j++) {}
            if (j == st->ngroups) {
                if (j >= HR_EQ_MAX_GROUPS - 1) fix = 1;  /* never reached (see above) */
                for (j = 0; j < st->ngroups && st->groups[j].H != fix; j++) {}
                if (j == st->ngroups) st->groups[st->ngroups++].H = fix;
            }
            G->stab[sub] = (uint8_t)j;
        }
    }
}

/* What every unit of one exact call shares, made once per call (per thread):
 * the rank keys of each rank's suit sets, the suit renamings the known cards
 * allow, the board's suit-major mask, and the 7-card tables brought into the
 * cache (hr_eq_iso_prepare, below). */
typedef struct {
    uint64_t rkey[13][16];
    uint32_t known_group;
    uint64_t board_sm;
} hr_eq_iso_prep;

/* Set up one assignment: players' hole cards h[0 .. 2n) on the known board, from
 * the call's preparation pr. With r <= 1 only the players' keys and masks and
 * st->used are set (one card or none is dealt plainly: the rank tables would cost
 * more than they save). Returns 0, or -1 if the cards leave fewer than r cards to
 * deal. */

HR_INLINE int hr_eq_iso_init(hr_eq_iso *st, int n, int r, const uint8_t *h, uint64_t base_key,
                             uint64_t known_mask, const hr_eq_iso_prep *pr) {
    uint64_t used = known_mask, board_sm = pr->board_sm;
    uint32_t known_group = pr->known_group;
    int p, s, R, c, left = 0;
    unsigned T;
    st->n = n;
    st->rkey = (const uint64_t (*)[16])pr->rkey;
    for (s = 0; s < 4; s++) st->hole[s] = 0;
    for (p = 0; p < n; p++) {
        uint8_t c0 = h[2 * p] & 63, c1 = h[2 * p + 1] & 63;
        int cs[4] = {0, 0, 0, 0};
        if (c0 >= 52 || c1 >= 52) return -1;
        st->pkey[p] = base_key + HR_CARD_KEY[c0] + HR_CARD_KEY[c1];
        st->pmask[p] = board_sm | HR_BYTE_SUIT_BIT[c0] | HR_BYTE_SUIT_BIT[c1];
        used |= ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
        cs[c0 & 3]++; cs[c1 & 3]++;
        for (s = 0; s < 4; s++)
            if (cs[s] > st->hole[s]) st->hole[s] = cs[s];
    }
    st->used = used;
    for (p = 0; p < HR_EQ_MAX_PLAYERS; p++) { st->win[p] = 0; st->tie[p] = 0; st->share[p] = 0; }
    st->evaluated = 0; st->top = 0;
    if (r <= 1) return 52 - hr_popcount64(used) < r ? -1 : 0;
    for (R = 0; R < 13; R++) {
        st->avail[R] = 0;
        for (s = 0; s < 5; s++) st->upto[R][s] = R ? st->upto[R - 1][s] : 0;
        for (s = 0; s < 4; s++) {
            c = 4 * R + s;
            if (!(used >> c & 1)) {
                st->avail[R] |= (uint8_t)(1u << s);
                st->upto[R][s]++; st->upto[R][4]++; left++;
            }
        }
        for (T = 0; T <= (unsigned)r && T <= 5; T++) {
            st->reach[R][T] = 0;
            for (s = 0; s < 4; s++)
                st->reach[R][T] |= (uint16_t)((st->upto[R][s] < T ? st->upto[R][s] : T) << (4 * s));
        }
    }
    /* the renamings that also map every player's hand onto itself */
    st->group = known_group & 1u;
    if (known_group != 1u) {
        uint32_t gs = known_group;
        while (gs) {
            int g = hr_ctz64(gs), ok = 1;
            gs &= gs - 1;
            for (p = 0; p < n && ok; p++) {
                uint8_t c0 = h[2 * p] & 63, c1 = h[2 * p + 1] & 63;
                uint64_t hm = ((uint64_t)1 << c0) | ((uint64_t)1 << c1);
                uint64_t im = ((uint64_t)hr_eq_perm[g][1u << (c0 & 3)] << (c0 & ~3))
                              | ((uint64_t)hr_eq_perm[g][1u << (c1 & 3)] << (c1 & ~3));
                ok = im == hm;
            }
            if (ok) st->group |= (uint32_t)1 << g;
        }
    }
    hr_eq_build_groups(st);
    return left < r ? -1 : 0;
}

HR_INLINE void hr_eq_iso_prepare(hr_eq_iso_prep *pr, uint64_t board_mask, uint64_t known_mask) {
    unsigned T;
    int s, R;
    for (R = 0; R < 13; R++)
        for (T = 0; T < 16; T++) {
            pr->rkey[R][T] = 0;
            for (s = 0; s < 4; s++)
                if (T >> s & 1) pr->rkey[R][T] += HR_CARD_KEY[4 * R + s];
        }
    hr_poker_prefetch_tables();
    pr->known_group = hr_eq_known_group(board_mask, known_mask);
    pr->board_sm = 0;
    for (s = 0; s < 52; s++)
        if (board_mask >> s & 1) pr->board_sm |= HR_BYTE_SUIT_BIT[s];
}

/* Exact enumeration over work units [start, stop) (after hr_eq_iso_prepare): unit u
 * is assignment u / parts (hole cards holes[a * 2n .. a * 2n + 2n)), part u % parts
 * of its boards (the choices t of the first level -- which ranks and suits the
 * board's highest cards take -- with t % parts == u % parts; walking that level is
 * all a part repeats: 0.2% of AhAd vs KsKc's preflop instructions per part, where a
 * split at the second level cost 2.3% per part; parts >= 1).
 * Unit u's weighted counts go to out[u * 3n ..]: wins[n], ties[n], pot share
 * units[n] (1/2520 each). *evaluated (if not NULL) receives the boards evaluated.
 * Every unit writes only its own row of out, so threads can share a call's units
 * (equity/_kernel.pyx runs this over a team's blocks of units: _c/team.h).
 * Returns 0, or -1 if a unit's cards are out of range or leave too few cards. */
HR_INLINE int hr_eq_exact_iso_units(const hr_eq_iso_prep *pr, int n, int r,
                                    const uint8_t *holes, int64_t num_assign,
                                    uint64_t base_key, uint64_t board_mask,
                                    uint64_t known_mask, int parts, int64_t start,
                                    int64_t stop, int64_t *out, int64_t *evaluated) {
    int64_t u, ev = 0;
    hr_eq_iso st;
    int s, p;
    if (n < 2 || n > HR_EQ_MAX_PLAYERS || r < 0 || r > 5 || parts < 1) return -1;
    for (u = start; u < stop; u++) {
        int64_t a, *o;
        a = u / parts; o = out + u * 3 * n;
        if (a >= num_assign) return -1;
        if (hr_eq_iso_init(&st, n, r, holes + a * 2 * n, base_key, known_mask, pr))
            return -1;
        st.part = (int)(u % parts); st.parts = parts;
        if (r == 0) {
            if (st.part == 0) hr_eq_iso_leaf(&st, 0, 0, 1);
        } else if (r == 1) {  /* the river card: every card, plainly */
            int c;
            if (st.part == 0)
                for (c = 0; c < 52; c++)
                    if (!(st.used >> c & 1)) hr_eq_iso_leaf(&st, HR_CARD_KEY[c], HR_BYTE_SUIT_BIT[c], 1);
        } else {
            unsigned hb = 0;
            for (s = 0; s < 4; s++)
                hb |= (unsigned)(st.hole[s] + hr_popcount64(board_mask & (0x1111111111111ULL << s)))
                      << (4 * s);
            hr_eq_iso_rec(&st, 12, r, hb, 0, 0, 1, 0, 1);
        }
        ev += st.evaluated;
        for (p = 0; p < n; p++) {
            o[p] = st.win[p]; o[n + p] = st.tie[p];
            /* wins take 2520 units, k-way ties 2520/k (summed per leaf above) */
            o[2 * n + p] = st.win[p] * HR_EQ_UNITS + (n == 2 ? st.tie[p] * (HR_EQ_UNITS / 2)
                                                              : st.share[p]);
        }
    }
    if (evaluated) *evaluated = ev;
    return 0;
}

/* hr_eq_exact_iso_units with its preparation: one call over units [start, stop). */
HR_INLINE int hr_eq_exact_iso(int n, int r, const uint8_t *holes, int64_t num_assign,
                              uint64_t base_key, uint64_t board_mask, uint64_t known_mask,
                              int parts, int64_t start, int64_t stop, int64_t *out,
                              int64_t *evaluated) {
    hr_eq_iso_prep pr;
    hr_eq_iso_prepare(&pr, board_mask, known_mask);
    return hr_eq_exact_iso_units(&pr, n, r, holes, num_assign, base_key, board_mask,
                                 known_mask, parts, start, stop, out, evaluated);
}

#endif
