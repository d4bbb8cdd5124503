/* Broken Canada kernels over the tables of canada/tables.h (docs/rules/broken-canada.md).
 *
 * hr_canada_strength: one hand (4 set ids, 2 pit ids). PRECONDITION: ids in
 * 0..51 (unchecked; copies allowed). The bulk kernel hr_canada_eval checks
 * every id and the copy limit itself, so no input can index out of bounds.
 */
#ifndef HANDRANK_CANADA_KERNEL_H
#define HANDRANK_CANADA_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include "canada/tables.h"
#include "_c/cardbits.h"

#include "_c/errors.h"
#define HR_CA_ERR_RANGE HR_ERR_RANGE
#define HR_CA_ERR_COPIES HR_ERR_COPIES
#define HR_CA_TB_MASK ((1 << HR_CA_TB_BITS) - 1)

/* Suit and colour rows from the suit counters (8 bits per suit, packed) and the
 * per-suit rank masks; returns the strength with the better category. */
HR_INLINE int32_t hr_canada_suits(int32_t st, uint32_t cnt, const uint32_t *sm) {
    int cat = st >> HR_CA_TB_BITS, sc = HR_CA_NO_HAND - 1, s, best = 0, c;
    unsigned red = ((cnt >> 8) & 0xff) + ((cnt >> 16) & 0xff);
    if (cat == HR_CA_BUSTED) return st;  /* a Full House: beats every suit row */
    for (s = 1; s < 4; s++)
        if (((cnt >> (8 * s)) & 0xff) > ((cnt >> (8 * best)) & 0xff)) best = s;
    c = (cnt >> (8 * best)) & 0xff;
    if (c == 6) {
        if (cat == HR_CA_BROKEN_CANADA) sc = HR_CA_ROYAL_CANADIAN;
        else sc = HR_CA_RUN[sm[best]] >= 6 ? HR_CA_STRAIGHT_FLUSH_6 : HR_CA_FLUSH_6;
    } else if (c == 5) {
        sc = HR_CA_RUN[sm[best]] >= 5 ? HR_CA_STRAIGHT_FLUSH_5 : HR_CA_FLUSH_5;
    } else {
        if (c == 4 && HR_CA_RUN[sm[best]] >= 4) sc = HR_CA_ROYAL_QUARTER_STRAIGHT;
        else if (red == 6 || red == 0) sc = HR_CA_RIVER;
    }
    if (sc > cat) return (sc << HR_CA_TB_BITS) | (st & HR_CA_TB_MASK);
    return st;
}

HR_INLINE int32_t hr_canada_strength(const uint8_t *s, const uint8_t *p) {
    unsigned r0 = s[0] >> 2, r1 = s[1] >> 2, r2 = s[2] >> 2, r3 = s[3] >> 2;
    unsigned q0 = p[0] >> 2, q1 = p[1] >> 2;
    int32_t st = HR_CA_RANK_STRENGTH[HR_CA_SET_INDEX[((r0 * 13 + r1) * 13 + r2) * 13 + r3] * HR_CA_NUM_PITS
                                     + HR_CA_PIT_INDEX[q0 * 13 + q1]];
    uint32_t cnt = (1u << (8 * (s[0] & 3))) + (1u << (8 * (s[1] & 3))) + (1u << (8 * (s[2] & 3)))
                 + (1u << (8 * (s[3] & 3))) + (1u << (8 * (p[0] & 3))) + (1u << (8 * (p[1] & 3)));
    uint32_t sm[4];
    unsigned red = ((cnt >> 8) & 0xff) + ((cnt >> 16) & 0xff);
    /* Fast exit: no suit holds 4 cards and the colours are mixed. */
    if (!((cnt + 0x7c7c7c7cu) & 0x80808080u) && red != 6 && red != 0) return st;
    sm[0] = sm[1] = sm[2] = sm[3] = 0;
    sm[s[0] & 3] |= 1u << r0; sm[s[1] & 3] |= 1u << r1; sm[s[2] & 3] |= 1u << r2;
    sm[s[3] & 3] |= 1u << r3; sm[p[0] & 3] |= 1u << q0; sm[p[1] & 3] |= 1u << q1;
    return hr_canada_suits(st, cnt, sm);
}

/* Check one hand's six ids (set then pit): range, and at most `decks` copies of
 * any card. Returns 0, or the error kind with *col set to the culprit (0..5).
 * The common one-deck case (six distinct ids in range) is one mask and a popcount. */
HR_INLINE int hr_canada_check(const uint8_t *s, const uint8_t *p, int decks, int *col) {
    unsigned c[6];
    int i, j, n;
    uint64_t m;
    c[0] = s[0]; c[1] = s[1]; c[2] = s[2]; c[3] = s[3]; c[4] = p[0]; c[5] = p[1];
    m = ((uint64_t)1 << (c[0] & 63)) | ((uint64_t)1 << (c[1] & 63)) | ((uint64_t)1 << (c[2] & 63))
      | ((uint64_t)1 << (c[3] & 63)) | ((uint64_t)1 << (c[4] & 63)) | ((uint64_t)1 << (c[5] & 63));
    if (!(m >> 52) && ((c[0] | c[1] | c[2] | c[3] | c[4] | c[5]) < 64)) {
        if (hr_popcount64(m) == 6 || decks >= 6) return 0;  /* all distinct, or no limit */
    }
    for (i = 0; i < 6; i++)
        if (c[i] >= 52) { *col = i; return HR_CA_ERR_RANGE; }
    for (j = 1; j < 6; j++) {
        n = 1;
        for (i = 0; i < j; i++) n += c[i] == c[j];
        if (n > decks) { *col = j; return HR_CA_ERR_COPIES; }
    }
    return 0;
}

/* Bulk: rows start..stop; set row i at sets + i*set_stride (4 ids), pit at
 * pits + i*pit_stride (2 ids; stride 0 = one shared pit). Returns -1, or the
 * first bad row (with *err, *col). */
HR_INLINE ptrdiff_t hr_canada_eval(const uint8_t *sets, ptrdiff_t set_stride,
                                       const uint8_t *pits, ptrdiff_t pit_stride,
                                       ptrdiff_t start, ptrdiff_t stop, int decks,
                                       int32_t *out, int *err, int *col) {
    ptrdiff_t i;
    for (i = start; i < stop; i++) {
        const uint8_t *s = sets + i * set_stride, *p = pits + i * pit_stride;
        int e = hr_canada_check(s, p, decks, col);
        if (e) { *err = e; return i; }
        out[i] = hr_canada_strength(s, p);
    }
    return -1;
}

/* Plain loop (benchmark baseline: the same tables, no checks and no error
 * reports; an id >= 52 is read as 0 so that even bad rows stay in bounds). */
HR_INLINE void hr_canada_eval_unchecked(const uint8_t *ids6, ptrdiff_t n, int32_t *out) {
    ptrdiff_t i;
    int j;
    uint8_t h[6];
    for (i = 0; i < n; i++) {
        for (j = 0; j < 6; j++) h[j] = ids6[6 * i + j] < 52 ? ids6[6 * i + j] : 0;
        out[i] = hr_canada_strength(h, h + 4);
    }
}

/* Exact odds over one deck: every (set, pit) deal whose set's lowest card is
 * `first`, counted per category into hist[35]. Incremental: the set's rank
 * multiset index, suit counters and rank masks are computed once per set; the
 * 1,326 pits are precomputed. */
HR_INLINE void hr_canada_odds_first(int first, uint64_t *hist) {
    static const uint64_t one = 1;
    int a = first, b, c, d, e, f, k, npairs = 0;
    uint16_t ppidx[1326];
    uint32_t pcnt[1326];
    uint64_t pmask[1326];
    uint8_t pid[1326][2];
    for (e = 0; e < 52; e++)
        for (f = e + 1; f < 52; f++) {
            pid[npairs][0] = (uint8_t)e; pid[npairs][1] = (uint8_t)f;
            ppidx[npairs] = HR_CA_PIT_INDEX[(e >> 2) * 13 + (f >> 2)];
            pcnt[npairs] = (1u << (8 * (e & 3))) + (1u << (8 * (f & 3)));
            pmask[npairs] = (one << e) | (one << f);
            npairs++;
        }
    for (b = a + 1; b < 52; b++)
        for (c = b + 1; c < 52; c++)
            for (d = c + 1; d < 52; d++) {
                uint64_t smask = (one << a) | (one << b) | (one << c) | (one << d);
                const int32_t *row = HR_CA_RANK_STRENGTH + HR_CA_NUM_PITS *
                    HR_CA_SET_INDEX[(((a >> 2) * 13 + (b >> 2)) * 13 + (c >> 2)) * 13 + (d >> 2)];
                uint32_t scnt = (1u << (8 * (a & 3))) + (1u << (8 * (b & 3)))
                              + (1u << (8 * (c & 3))) + (1u << (8 * (d & 3)));
                uint32_t ssm[4] = {0, 0, 0, 0};
                ssm[a & 3] |= 1u << (a >> 2); ssm[b & 3] |= 1u << (b >> 2);
                ssm[c & 3] |= 1u << (c >> 2); ssm[d & 3] |= 1u << (d >> 2);
                for (k = 0; k < npairs; k++) {
                    int32_t st;
                    uint32_t cnt;
                    unsigned red;
                    if (pmask[k] & smask) continue;
                    st = row[ppidx[k]];
                    cnt = scnt + pcnt[k];
                    red = ((cnt >> 8) & 0xff) + ((cnt >> 16) & 0xff);
                    if (((cnt + 0x7c7c7c7cu) & 0x80808080u) || red == 6 || red == 0) {
                        uint32_t sm[4];
                        sm[0] = ssm[0]; sm[1] = ssm[1]; sm[2] = ssm[2]; sm[3] = ssm[3];
                        sm[pid[k][0] & 3] |= 1u << (pid[k][0] >> 2);
                        sm[pid[k][1] & 3] |= 1u << (pid[k][1] >> 2);
                        st = hr_canada_suits(st, cnt, sm);
                    }
                    hist[st >> HR_CA_TB_BITS]++;
                }
            }
}

/* Plain-loop baseline for the odds: every deal built and evaluated from scratch. */
HR_INLINE void hr_canada_odds_naive_first(int first, uint64_t *hist) {
    uint8_t s[4], p[2];
    int b, c, d, e, f;
    s[0] = (uint8_t)first;
    for (b = first + 1; b < 52; b++)
        for (c = b + 1; c < 52; c++)
            for (d = c + 1; d < 52; d++) {
                s[1] = (uint8_t)b; s[2] = (uint8_t)c; s[3] = (uint8_t)d;
                for (e = 0; e < 52; e++) {
                    if (e == first || e == b || e == c || e == d) continue;
                    for (f = e + 1; f < 52; f++) {
                        if (f == first || f == b || f == c || f == d) continue;
                        p[0] = (uint8_t)e; p[1] = (uint8_t)f;
                        hist[hr_canada_strength(s, p) >> HR_CA_TB_BITS]++;
                    }
                }
            }
}

#endif
