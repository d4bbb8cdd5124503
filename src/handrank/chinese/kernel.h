/* Chinese Poker kernels in plain C: front (3-card) strengths, natural
 * detection, pairwise table scoring, the greedy baseline and the expected-score
 * solver over all 72,072 settings of 13 cards. Five-card rows use the shared
 * poker tables (hr_poker_strength); there is no second 5-card evaluator.
 *
 * Every function here trusts its caller (chinese/_kernel.pyx) to have validated the
 * card ids (0..51, distinct within a holding / table); the Python layer checks
 * them in bulk before any of these run. Nothing here allocates or touches
 * Python objects, so all of it runs without the GIL.
 *
 * Rules: docs/rules/chinese-poker.md. */
#ifndef HANDRANK_CHINESE_KERNEL_H
#define HANDRANK_CHINESE_KERNEL_H
#include <stdint.h>
#include <string.h>
#include "poker/kernel.h"

#define HRC_NFRONT 455            /* distinct front values */
#define HRC_NPOKER 7462           /* distinct 5-card values */
#define HRC_FRONT_TRIPS_FIRST 443 /* high card 1..286, pair 287..442, trips 443..455 */

/* System codes. */
#define HRC_BASIC 0
#define HRC_WESTERN 1
#define HRC_EASTERN 2
#define HRC_MANDARIN 3

/* Natural codes (made by a holding + setting). */
#define HRC_NAT_NONE 0
#define HRC_NAT_DRAGON 1
#define HRC_NAT_SIX_PAIRS 2
#define HRC_NAT_THREE_FLUSHES 3
#define HRC_NAT_THREE_STRAIGHTS 4

/* Error kinds of the scoring kernel. */
#define HRC_ERR_NATURAL 10

/* ---------------------------------------------------------------- constant tables
 * Filled once by hrc_init() (called at module import, under the GIL). */
static int16_t HRC_FRONT_STRENGTH[13 * 13 * 13]; /* [hi*169+mid*13+lo] (ranks sorted) -> 1..455 */
static uint16_t HRC_FRONT_KEY[HRC_NFRONT + 1];  /* front strength -> cat<<12 | r0<<8 | r1<<4 | r2 */
static uint16_t HRC_MID_KEY[HRC_NPOKER + 1];    /* poker strength -> same key from category + top 3 ranks */
static uint8_t HRC_CAT5[HRC_NPOKER + 1];        /* poker strength -> category 0..8 */
static int16_t HRC_IDX5[8192];                  /* 13-bit mask with 5 bits -> 0..1286, else -1 */
static int16_t HRC_IDX3[8192];                  /* 13-bit mask with 3 bits -> 0..285, else -1 */
static uint16_t HRC_MASKS5[1287];
static uint16_t HRC_MASKS3[286];
static uint8_t HRC_PAT5OF8[56];                 /* the 5-of-8 bit patterns */
static uint16_t HRC_PAT5OF10[126];              /* 5-of-10 patterns holding bit 0 */

HR_INLINE int hrc_popc13(unsigned m) { return hr_popcount64((uint64_t)m); }

static void hrc_init(void) {
    int a, b, c, i, n5 = 0, n3 = 0, np = 0, s, cat;
    uint16_t keys[HRC_NFRONT];
    int nk = 0;
    /* Front keys: high card (cat 0), pair (1), trips (3); lexicographic order. */
    for (a = 0; a < 13; a++)
        for (b = 0; b <= a; b++)
            for (c = 0; c <= b; c++) {
                uint16_t k;
                if (a == c) k = (uint16_t)(3 << 12 | a << 8 | a << 4 | a);
                else if (a == b) k = (uint16_t)(1 << 12 | a << 8 | a << 4 | c);
                else if (b == c) k = (uint16_t)(1 << 12 | b << 8 | b << 4 | a);
                else k = (uint16_t)(a << 8 | b << 4 | c);
                keys[nk++] = k;
            }
    /* sort keys (insertion sort; 455 items, once) */
    for (i = 1; i < nk; i++) {
        uint16_t v = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] > v) { keys[j + 1] = keys[j]; j--; }
        keys[j + 1] = v;
    }
    HRC_FRONT_KEY[0] = 0;
    for (i = 0; i < nk; i++) HRC_FRONT_KEY[i + 1] = keys[i];
    for (a = 0; a < 13; a++)
        for (b = 0; b <= a; b++)
            for (c = 0; c <= b; c++) {
                uint16_t k;
                int lo = 0, hi = nk - 1;
                if (a == c) k = (uint16_t)(3 << 12 | a << 8 | a << 4 | a);
                else if (a == b) k = (uint16_t)(1 << 12 | a << 8 | a << 4 | c);
                else if (b == c) k = (uint16_t)(1 << 12 | b << 8 | b << 4 | a);
                else k = (uint16_t)(a << 8 | b << 4 | c);
                while (lo < hi) { int mid = (lo + hi) / 2; if (keys[mid] < k) lo = mid + 1; else hi = mid; }
                HRC_FRONT_STRENGTH[a * 169 + b * 13 + c] = (int16_t)(lo + 1);
            }
    HRC_MID_KEY[0] = 0;
    HRC_CAT5[0] = 0;
    cat = 0;
    for (s = 1; s <= HRC_NPOKER; s++) {
        uint32_t r = HR_CLASS_RANKS[s];
        while (cat < 8 && s >= HR_CATEGORY_FIRST[cat + 1]) cat++;
        HRC_CAT5[s] = (uint8_t)cat;
        HRC_MID_KEY[s] = (uint16_t)(cat << 12 | ((r >> 16) & 15) << 8 | ((r >> 12) & 15) << 4 | ((r >> 8) & 15));
    }
    for (i = 0; i < 8192; i++) {
        int p = hrc_popc13((unsigned)i);
        HRC_IDX5[i] = -1;
        HRC_IDX3[i] = -1;
        if (p == 5) { HRC_IDX5[i] = (int16_t)n5; HRC_MASKS5[n5++] = (uint16_t)i; }
        if (p == 3) { HRC_IDX3[i] = (int16_t)n3; HRC_MASKS3[n3++] = (uint16_t)i; }
    }
    for (i = 0; i < 256; i++)
        if (hrc_popc13((unsigned)i) == 5) HRC_PAT5OF8[np++] = (uint8_t)i;
    np = 0;
    for (i = 0; i < 1024; i++)
        if ((i & 1) && hrc_popc13((unsigned)i) == 5) HRC_PAT5OF10[np++] = (uint16_t)i;
}

/* ---------------------------------------------------------------- single rows */

/* 1 if any of n ids is >= 52 or repeats (the Python layer checks first; this
 * keeps every table index in bounds even for a direct kernel call). */
HR_INLINE int hrc_bad_ids(const uint8_t *c, int n) {
    uint64_t seen = 0;
    int j;
    for (j = 0; j < n; j++) {
        if (c[j] >= 52 || (seen >> c[j] & 1)) return 1;
        seen |= (uint64_t)1 << c[j];
    }
    return 0;
}

HR_INLINE int hrc_front_strength(int c0, int c1, int c2) {
    int a = c0 >> 2, b = c1 >> 2, c = c2 >> 2, t;
    if (a < b) { t = a; a = b; b = t; }
    if (b < c) { t = b; b = c; c = t; }
    if (a < b) { t = a; a = b; b = t; }
    return HRC_FRONT_STRENGTH[a * 169 + b * 13 + c];
}

HR_INLINE int hrc_strength5(const uint8_t *c) {
    uint64_t key = HR_SUIT_BASE, mask = 0;
    int j;
    for (j = 0; j < 5; j++) { key += HR_CARD_KEY[c[j]]; mask |= (uint64_t)1 << c[j]; }
    return hr_poker_strength(key, mask);
}

/* Natural flags of a row: bit 0 = flush (of one suit), bit 1 = straight; a
 * straight flush sets both. Front: A-2-3 and Q-K-A are straights. */
HR_INLINE int hrc_flags5(int strength) {
    int cat = HRC_CAT5[strength];
    return (cat == 5 ? 1 : 0) | (cat == 4 ? 2 : 0) | (cat == 8 ? 3 : 0);
}

HR_INLINE int hrc_flags3(int c0, int c1, int c2) {
    int f = ((c0 & 3) == (c1 & 3) && (c1 & 3) == (c2 & 3)) ? 1 : 0;
    unsigned m = (1u << (c0 >> 2)) | (1u << (c1 >> 2)) | (1u << (c2 >> 2));
    if (hrc_popc13(m) == 3) {
        unsigned lo = m & (0u - m);
        if (m == lo * 7u || m == ((1u << 12) | 3u)) f |= 2;
    }
    return f;
}

/* Row bonuses. eastern value of a won row, mandarin base and mandarin bonus. */
HR_INLINE int hrc_bonus5(int row, int strength) {  /* row 1 = middle, 2 = back */
    int cat = HRC_CAT5[strength];
    if (row == 2) return cat == 8 ? 5 : cat == 7 ? 4 : 0;
    return cat == 8 ? 10 : cat == 7 ? 8 : cat == 6 ? 2 : 0;
}

/* Natural made by the 13 cards of a setting laid out front(3) middle(5) back(5),
 * given the row strengths. */
static int hrc_natural13(const uint8_t *c, int mid, int back) {
    int cnt[13], i, pairs = 0;
    unsigned ranks = 0;
    memset(cnt, 0, sizeof cnt);
    for (i = 0; i < 13; i++) { cnt[c[i] >> 2]++; ranks |= 1u << (c[i] >> 2); }
    if (ranks == 0x1FFFu) return HRC_NAT_DRAGON;
    for (i = 0; i < 13; i++) pairs += cnt[i] / 2;
    if (pairs >= 6) return HRC_NAT_SIX_PAIRS;
    {
        int f = hrc_flags3(c[0], c[1], c[2]) & hrc_flags5(mid) & hrc_flags5(back);
        if (f & 1) return HRC_NAT_THREE_FLUSHES;
        if (f & 2) return HRC_NAT_THREE_STRAIGHTS;
    }
    return HRC_NAT_NONE;
}

/* ---------------------------------------------------------------- table scoring */

typedef struct {
    int s[3];       /* front 1..455, middle and back 1..7462 */
    int foul;
    int natural;    /* natural made (0 = none) */
    int declared;   /* 0 = plays its rows; 1 = dragon; 2 = another natural */
} hrc_player;

/* Row values when the row is won: eastern value, mandarin base, mandarin bonus. */
HR_INLINE int hrc_east_value(int row, int s) {
    if (row == 0) return s >= HRC_FRONT_TRIPS_FIRST ? 3 : 1;
    { int b = hrc_bonus5(row, s); return b ? b : 1; }
}
HR_INLINE int hrc_mand_base(int row, int s) { return (row == 0 && s >= HRC_FRONT_TRIPS_FIRST) ? 3 : 1; }
HR_INLINE int hrc_mand_bonus(int row, int s) { return row == 0 ? 0 : hrc_bonus5(row, s); }

/* Does a shoot b (mandarin: a shot, the building block of a home run)? */
HR_INLINE int hrc_shoots(const hrc_player *a, const hrc_player *b) {
    if (b->foul && !b->declared) return 0;           /* a fouled opponent is never shot [D] */
    if (a->declared) return !b->declared || (a->declared == 1 && b->declared == 2);
    if (b->declared || a->foul) return 0;
    return a->s[0] > b->s[0] && a->s[1] > b->s[1] && a->s[2] > b->s[2];
}

static const int HRC_SWEEP[4] = {3, 4, 3, 6};

/* A's score against B. home_a / home_b: whether each made a home run. */
static int hrc_pair_score(const hrc_player *a, const hrc_player *b, int system,
                          int home_a, int home_b) {
    int r, w = 0, l = 0, score = 0;
    if (a->declared || b->declared) {
        int sweep_a = HRC_SWEEP[system], sweep_b = HRC_SWEEP[system];
        if (system == HRC_MANDARIN) { if (home_a) sweep_a = 9; if (home_b) sweep_b = 9; }
        if (a->declared && b->declared) {
            if (a->declared == b->declared) return 0;
            return a->declared < b->declared ? sweep_a : -sweep_b;  /* dragon (1) wins */
        }
        return a->declared ? sweep_a : -sweep_b;
    }
    if (a->foul || b->foul) return a->foul && b->foul ? 0 : a->foul ? -4 : 4;
    for (r = 0; r < 3; r++) { w += a->s[r] > b->s[r]; l += a->s[r] < b->s[r]; }
    switch (system) {
    case HRC_BASIC:
        return w - l;
    case HRC_WESTERN:
        return w - l + (w > l) - (l > w);
    case HRC_EASTERN:
        for (r = 0; r < 3; r++) {
            if (a->s[r] > b->s[r]) score += hrc_east_value(r, a->s[r]);
            else if (a->s[r] < b->s[r]) score -= hrc_east_value(r, b->s[r]);
        }
        return score;
    default: {  /* mandarin */
        int ma = w == 3 ? (home_a ? 3 : 2) : 1, mb = l == 3 ? (home_b ? 3 : 2) : 1;
        for (r = 0; r < 3; r++) {
            if (a->s[r] > b->s[r]) score += ma * hrc_mand_base(r, a->s[r]) + hrc_mand_bonus(r, a->s[r]);
            else if (a->s[r] < b->s[r]) score -= mb * hrc_mand_base(r, b->s[r]) + hrc_mand_bonus(r, b->s[r]);
        }
        return score;
    }
    }
}

/* Score one table: players[P] filled by the caller, out[P*P] = pairwise scores
 * (row = the scoring player), home[P] = home-run flags. */
static void hrc_score_table(const hrc_player *p, int np, int system, int32_t *out, uint8_t *home) {
    int i, j;
    for (i = 0; i < np; i++) {
        int h = system == HRC_MANDARIN && np == 4;
        for (j = 0; j < np && h; j++)
            if (j != i && !hrc_shoots(&p[i], &p[j])) h = 0;
        home[i] = (uint8_t)h;
    }
    for (i = 0; i < np; i++)
        for (j = 0; j < np; j++)
            out[i * np + j] = i == j ? 0 : hrc_pair_score(&p[i], &p[j], system, home[i], home[j]);
}

/* Fill one player from 13 ids laid out front/middle/back. ``declare``: bit 0
 * declares a natural; bit 1 marks the rows as set with wrong card counts (a
 * foul whatever the layout; only a dragon or six pairs can then be declared,
 * which the caller checks). Returns 1 if a natural is declared that the cards
 * do not make. */
HR_INLINE int hrc_fill_player(hrc_player *p, const uint8_t *c, int declare) {
    p->s[0] = hrc_front_strength(c[0], c[1], c[2]);
    p->s[1] = hrc_strength5(c + 3);
    p->s[2] = hrc_strength5(c + 8);
    p->foul = (declare & 2) || p->s[1] > p->s[2] || HRC_FRONT_KEY[p->s[0]] > HRC_MID_KEY[p->s[1]];
    p->natural = hrc_natural13(c, p->s[1], p->s[2]);
    p->declared = 0;
    if (declare & 1) {
        if (!p->natural) return 1;
        p->declared = p->natural == HRC_NAT_DRAGON ? 1 : 2;
    }
    return 0;
}

/* ---------------------------------------------------------------- solver tables */

/* Per row (0 front, 1 middle, 2 back) and strength s, against the opponent
 * distribution: pw = P(opp < s), pl = P(opp > s), le = E[eastern value of the
 * opponent's row; opp > s], la = E[mandarin base; opp > s], lb = E[mandarin
 * bonus; opp > s]. Arrays of length n+1 (n = 455 or 7462), index 0 unused. */
typedef struct {
    const double *row[3];  /* (n+1) x 5 doubles per row: pw, pl, le, la, lb of each strength */
} hrc_tables;

typedef struct { double pw, pl, ev, a, la; } hrc_rowinfo;

typedef struct {
    int32_t s5[1287];
    uint16_t mk5[1287];
    uint8_t nf5[1287];
    hrc_rowinfo mid[1287], back[1287];
    int16_t s3[286];
    uint16_t fk3[286];
    uint8_t nf3[286];
    hrc_rowinfo front[286];
} hrc_work;

HR_INLINE void hrc_rowinfo_fill(hrc_rowinfo *ri, const hrc_tables *t, int row, int s, int system) {
    const double *e = t->row[row] + 5 * s;
    double pw = e[0], pl = e[1];
    ri->pw = pw;
    ri->pl = pl;
    ri->a = 0;
    ri->la = 0;
    if (system == HRC_EASTERN) {
        ri->ev = pw * hrc_east_value(row, s) - e[2];
    } else if (system == HRC_MANDARIN) {
        ri->a = hrc_mand_base(row, s);
        ri->la = e[3];
        ri->ev = pw * (ri->a + hrc_mand_bonus(row, s)) - ri->la - e[4];
    } else {
        ri->ev = pw - pl;
    }
}

/* Expected score of a legal setting (rows independent given the tables). */
HR_INLINE double hrc_setting_ev(const hrc_rowinfo *f, const hrc_rowinfo *m, const hrc_rowinfo *b, int system) {
    double ev = f->ev + m->ev + b->ev;
    if (system == HRC_WESTERN) {
        double t0 = 1 - f->pw - f->pl, t1 = 1 - m->pw - m->pl;
        double p2 = f->pw * m->pw, p1 = f->pw * t1 + t0 * m->pw;
        double p0 = f->pw * m->pl + f->pl * m->pw + t0 * t1;
        double n1 = f->pl * t1 + t0 * m->pl, n2 = f->pl * m->pl;
        ev += (p2 + p1 * (1 - b->pl) + p0 * b->pw) - (n2 + n1 * (1 - b->pw) + p0 * b->pl);
    } else if (system == HRC_MANDARIN) {
        ev += f->pw * m->pw * b->pw * (f->a + m->a + b->a)
            - (f->la * m->pl * b->pl + f->pl * m->la * b->pl + f->pl * m->pl * b->la);
    }
    return ev;
}

/* Expected score of one setting laid out front(3) middle(5) back(5); NaN if fouled. */
static double hrc_ev_of_setting(const uint8_t *c, const hrc_tables *t, int system) {
    hrc_rowinfo r[3];
    int fs = hrc_front_strength(c[0], c[1], c[2]), ms = hrc_strength5(c + 3), bs = hrc_strength5(c + 8);
    if (ms > bs || HRC_FRONT_KEY[fs] > HRC_MID_KEY[ms]) return 0.0 / 0.0;
    hrc_rowinfo_fill(&r[0], t, 0, fs, system);
    hrc_rowinfo_fill(&r[1], t, 1, ms, system);
    hrc_rowinfo_fill(&r[2], t, 2, bs, system);
    return hrc_setting_ev(&r[0], &r[1], &r[2], system);
}

/* Per-hand precomputation shared by the solver and the greedy baseline. */
static void hrc_prepare(hrc_work *w, const uint8_t *c, const hrc_tables *t, int system) {
    int i, j, k;
    for (i = 0; i < 1287; i++) {
        unsigned m = HRC_MASKS5[i];
        uint64_t key = HR_SUIT_BASE, mask = 0;
        int s;
        for (j = 0; j < 13; j++)
            if (m >> j & 1) { key += HR_CARD_KEY[c[j]]; mask |= (uint64_t)1 << c[j]; }
        s = hr_poker_strength(key, mask);
        w->s5[i] = s;
        w->mk5[i] = HRC_MID_KEY[s];
        w->nf5[i] = (uint8_t)hrc_flags5(s);
        if (t) {
            hrc_rowinfo_fill(&w->mid[i], t, 1, s, system);
            hrc_rowinfo_fill(&w->back[i], t, 2, s, system);
        }
    }
    for (i = 0; i < 286; i++) {
        unsigned m = HRC_MASKS3[i];
        int p[3], n = 0, s;
        for (j = 0; j < 13 && n < 3; j++) if (m >> j & 1) p[n++] = c[j];
        s = hrc_front_strength(p[0], p[1], p[2]);
        w->s3[i] = (int16_t)s;
        w->fk3[i] = HRC_FRONT_KEY[s];
        w->nf3[i] = (uint8_t)hrc_flags3(p[0], p[1], p[2]);
        if (t) hrc_rowinfo_fill(&w->front[i], t, 0, s, system);
    }
    (void)k;
}

/* Scatter tables for the 8 positions left after choosing 5 of 13. */
HR_INLINE void hrc_scatter(unsigned rem, uint16_t lo[16], uint16_t hi[16]) {
    int pos[8], n = 0, j, q;
    for (j = 0; j < 13; j++) if (rem >> j & 1) pos[n++] = j;
    for (q = 0; q < 16; q++) {
        unsigned a = 0, b = 0;
        for (j = 0; j < 4; j++) if (q >> j & 1) { a |= 1u << pos[j]; b |= 1u << pos[4 + j]; }
        lo[q] = (uint16_t)a;
        hi[q] = (uint16_t)b;
    }
}

/* Result of solving one hand: masks of positions (13-bit) of each row. */
typedef struct {
    unsigned front, mid, back;     /* best legal setting */
    double ev;                     /* its expected score */
    int natural;                   /* natural the holding can make (0 none) */
    unsigned nat_front, nat_mid, nat_back;  /* a setting making it (three flushes / straights) */
} hrc_solution;

static void hrc_solve(hrc_work *w, const uint8_t *c, const hrc_tables *t, int system, hrc_solution *out) {
    int i, q, j, cnt[13], pairs = 0, nat = 0, natlegal = 0;
    unsigned ranks = 0;
    double best = -1e300;
    uint16_t lo[32], hi[32];
    hrc_prepare(w, c, t, system);
    memset(out, 0, sizeof *out);
    memset(cnt, 0, sizeof cnt);
    for (i = 0; i < 13; i++) { cnt[c[i] >> 2]++; ranks |= 1u << (c[i] >> 2); }
    for (i = 0; i < 13; i++) pairs += cnt[i] / 2;
    /* Each front (286), then each split of the other 10 cards into two fives
     * (126, the five holding the lowest remaining card first): every setting's
     * unordered pair of five-card rows once; the stronger is the back. */
    for (i = 0; i < 286; i++) {
        unsigned f = HRC_MASKS3[i], rem = 0x1FFFu ^ f;
        int pos[10], n = 0, k;
        const hrc_rowinfo *fr = &w->front[i];
        unsigned fk = w->fk3[i], nf = w->nf3[i];
        for (j = 0; j < 13; j++) if (rem >> j & 1) pos[n++] = j;
        for (k = 0; k < 32; k++) {
            unsigned a = 0, b = 0;
            for (j = 0; j < 5; j++) if (k >> j & 1) { a |= 1u << pos[j]; b |= 1u << pos[5 + j]; }
            lo[k] = (uint16_t)a;
            hi[k] = (uint16_t)b;
        }
        for (q = 0; q < 126; q++) {
            unsigned p = HRC_PAT5OF10[q];
            unsigned x = lo[p & 31] | hi[p >> 5], y = rem ^ x;
            int ix = HRC_IDX5[x], iy = HRC_IDX5[y], ib, im, fl;
            if (w->s5[iy] > w->s5[ix]) { ib = iy; im = ix; } else { ib = ix; im = iy; }
            fl = nf & w->nf5[ix] & w->nf5[iy];
            if (fk > w->mk5[im]) {  /* front beats middle: foul */
                if (fl && !nat) {
                    nat = fl & 1 ? HRC_NAT_THREE_FLUSHES : HRC_NAT_THREE_STRAIGHTS;
                    out->nat_front = f; out->nat_mid = HRC_MASKS5[im]; out->nat_back = HRC_MASKS5[ib];
                }
                continue;
            }
            if (fl && (!nat || !natlegal || ((fl & 1) && nat != HRC_NAT_THREE_FLUSHES))) {
                nat = fl & 1 ? HRC_NAT_THREE_FLUSHES : HRC_NAT_THREE_STRAIGHTS;
                natlegal = 1;
                out->nat_front = f; out->nat_mid = HRC_MASKS5[im]; out->nat_back = HRC_MASKS5[ib];
            }
            {
                double ev = hrc_setting_ev(fr, &w->mid[im], &w->back[ib], system);
                if (ev > best) {
                    best = ev;
                    out->front = f; out->mid = HRC_MASKS5[im]; out->back = HRC_MASKS5[ib];
                }
            }
        }
    }
    out->ev = best;
    if (ranks == 0x1FFFu) nat = HRC_NAT_DRAGON;
    else if (pairs >= 6) nat = HRC_NAT_SIX_PAIRS;
    out->natural = nat;
}

/* Greedy baseline: strongest back, then strongest middle of the rest, the rest
 * in front; if that fouls (front beats middle), the strongest middle under the
 * same back that does not foul, else the legal setting with the strongest
 * (back, middle). */
static void hrc_greedy(hrc_work *w, const uint8_t *c, hrc_solution *out) {
    int i, q, ib = 0, im = -1, bestm = -1;
    uint16_t lo[16], hi[16];
    unsigned rem;
    hrc_prepare(w, c, NULL, 0);
    memset(out, 0, sizeof *out);
    for (i = 1; i < 1287; i++) if (w->s5[i] > w->s5[ib]) ib = i;
    rem = 0x1FFFu ^ HRC_MASKS5[ib];
    hrc_scatter(rem, lo, hi);
    for (q = 0; q < 56; q++) {
        unsigned p = HRC_PAT5OF8[q], y = lo[p & 15] | hi[p >> 4];
        int iy = HRC_IDX5[y];
        if (w->s5[iy] > bestm) { bestm = w->s5[iy]; im = iy; }
    }
    if (w->fk3[HRC_IDX3[rem ^ HRC_MASKS5[im]]] > w->mk5[im]) {
        im = -1; bestm = -1;
        for (q = 0; q < 56; q++) {
            unsigned p = HRC_PAT5OF8[q], y = lo[p & 15] | hi[p >> 4];
            int iy = HRC_IDX5[y];
            if (w->fk3[HRC_IDX3[rem ^ y]] <= w->mk5[iy] && w->s5[iy] > bestm) { bestm = w->s5[iy]; im = iy; }
        }
        if (im < 0) {
            int bb = -1, i2;
            for (i2 = 0; i2 < 1287; i2++) {
                unsigned r2 = 0x1FFFu ^ HRC_MASKS5[i2];
                hrc_scatter(r2, lo, hi);
                for (q = 0; q < 56; q++) {
                    unsigned p = HRC_PAT5OF8[q], y = lo[p & 15] | hi[p >> 4];
                    int iy = HRC_IDX5[y];
                    if (w->s5[iy] > w->s5[i2] || w->fk3[HRC_IDX3[r2 ^ y]] > w->mk5[iy]) continue;
                    if (w->s5[i2] > bb || (w->s5[i2] == bb && w->s5[iy] > bestm)) {
                        bb = w->s5[i2]; bestm = w->s5[iy]; ib = i2; im = iy;
                    }
                }
            }
            rem = 0x1FFFu ^ HRC_MASKS5[ib];
        }
    }
    out->back = HRC_MASKS5[ib];
    out->mid = HRC_MASKS5[im];
    out->front = rem ^ out->mid;
}

/* Write 13 ids front(3) middle(5) back(5), each row sorted high card first. */
HR_INLINE void hrc_emit(const uint8_t *c, unsigned f, unsigned m, unsigned b, uint8_t *dst) {
    unsigned rows[3];
    int r, n = 0, j, k;
    rows[0] = f; rows[1] = m; rows[2] = b;
    for (r = 0; r < 3; r++) {
        int start = n;
        for (j = 0; j < 13; j++) if (rows[r] >> j & 1) dst[n++] = c[j];
        for (j = start + 1; j < n; j++) {  /* insertion sort, descending */
            uint8_t v = dst[j];
            k = j - 1;
            while (k >= start && dst[k] < v) { dst[k + 1] = dst[k]; k--; }
            dst[k + 1] = v;
        }
    }
}

#endif
