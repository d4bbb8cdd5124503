# cython: language_level=3
"""Compiled Crash setting kernels (see ``handrank.crash`` for the documented API).

A holding of ``c`` cards (3 <= c <= 26) is set into ``nh = c // 3`` Brag hands;
the ``c - 3 * nh`` cards left over are dropped. Both searches work on the list of
every triple of the holding (at most C(26, 3) = 2,600), sorted strongest first,
and pick hands in that order, so the hands come out sorted strongest first:

* lexicographic: at each level the strongest triple disjoint from the cards
  already used is the best possible hand for that position; only triples tied
  with it are branched on, and a branch is cut as soon as it falls behind the
  best setting found so far (exact over every setting).
* expected points: branch and bound. The objective is
  ``sum_k W[k][s_k] + prod_k W[k][s_k]`` (win chance per position plus the
  bonus point for winning every position). Each ``W[k]`` is non-decreasing in the
  strength, and later hands are never stronger than the current candidate, so
  ``partial + sum_{k>=level} W[k][s]`` bounds every completion; the loop stops
  at the first candidate whose bound cannot beat the incumbent (started from the
  lexicographic setting, so ties keep it).

Every card id is checked (range, repeats) inside the kernel before use; the
table shapes are checked before the GIL is released.
"""

cimport cython
from libc.stdint cimport uint8_t, int16_t, uint32_t
from libc.string cimport memset
from cpython.mem cimport PyMem_Malloc, PyMem_Free

cdef enum:
    KIND_RANGE_C = 1
    KIND_DUPLICATE_C = 2

KIND_RANGE = 1
KIND_DUPLICATE = 2

DEF MAXC = 26
DEF MAXT = 2600
DEF MAXH = 8
DEF MAXS = 1024

MAX_CARDS = MAXC


cdef struct Ctx:
    int n                      # triples
    int nh                     # hands to form
    uint32_t tmask[MAXT]       # local card mask of each triple (sorted strongest first)
    int16_t ts[MAXT]           # dense strength of each triple
    uint8_t tcard[MAXT][3]     # local card indices
    # search state
    int cur[MAXH]
    int best[MAXH]
    int bests[MAXH]
    double best_val
    const double* win          # nh x ns
    int ns
    double sufsum[MAXH][MAXS]  # sum_{k>=level} W[k][s]
    double sufprod[MAXH][MAXS] # prod_{k>=level} W[k][s]


cdef void _build(Ctx* x, const int16_t* table, const uint8_t* cards, int c) noexcept nogil:
    """All triples of the holding, counting-sorted by strength, strongest first."""
    cdef int a, b, d, i, s, n = 0
    cdef int ra, rb, rd
    cdef int16_t tmp_s[MAXT]
    cdef uint32_t tmp_m[MAXT]
    cdef uint8_t tmp_c[MAXT][3]
    cdef int cnt[MAXS + 1]
    memset(cnt, 0, sizeof(cnt))
    for a in range(c - 2):
        ra = cards[a] >> 2
        for b in range(a + 1, c - 1):
            rb = cards[b] >> 2
            for d in range(b + 1, c):
                rd = cards[d] >> 2
                i = ra * 169 + rb * 13 + rd
                if (cards[a] & 3) == (cards[b] & 3) and (cards[b] & 3) == (cards[d] & 3):
                    i += 2197
                s = table[i]
                tmp_s[n] = <int16_t>s
                tmp_m[n] = (<uint32_t>1 << a) | (<uint32_t>1 << b) | (<uint32_t>1 << d)
                tmp_c[n][0] = <uint8_t>a; tmp_c[n][1] = <uint8_t>b; tmp_c[n][2] = <uint8_t>d
                cnt[x.ns - 1 - s] += 1
                n += 1
    # exclusive prefix sums over descending strength
    s = 0
    for i in range(x.ns):
        a = cnt[i]
        cnt[i] = s
        s += a
    for i in range(n):
        b = cnt[x.ns - 1 - tmp_s[i]]
        cnt[x.ns - 1 - tmp_s[i]] = b + 1
        x.ts[b] = tmp_s[i]
        x.tmask[b] = tmp_m[i]
        x.tcard[b][0] = tmp_c[i][0]; x.tcard[b][1] = tmp_c[i][1]; x.tcard[b][2] = tmp_c[i][2]
    x.n = n


cdef int _lex(Ctx* x, int level, uint32_t used, int start, int eq) noexcept nogil:
    """Lexicographic search. ``eq``: the current prefix equals the best one so
    far (else it is already better). Returns 1 if the best setting changed."""
    cdef int t, s, top = -1, changed = 0, e2, k
    if level == x.nh:
        if not eq:
            for k in range(x.nh):
                x.best[k] = x.cur[k]
                x.bests[k] = x.ts[x.cur[k]]
            return 1
        return 0
    t = start
    while t < x.n:
        if not (x.tmask[t] & used):
            s = x.ts[t]
            if top < 0:
                top = s
                if eq and s < x.bests[level]:
                    return changed
            elif s < top:
                break
            # after a change the prefix equals the new best
            e2 = 1 if (changed or (eq and s == x.bests[level])) else 0
            x.cur[level] = t
            if _lex(x, level + 1, used | x.tmask[t], t + 1, e2):
                changed = 1
        t += 1
    return changed


cdef double _value(Ctx* x, const int* sel) noexcept nogil:
    cdef double sm = 0.0, pr = 1.0, w
    cdef int k
    for k in range(x.nh):
        w = x.win[k * x.ns + x.ts[sel[k]]]
        sm += w
        pr *= w
    return sm + pr


cdef void _ep(Ctx* x, int level, uint32_t used, int start, double psum, double pprod) noexcept nogil:
    """Expected-points branch and bound (see the module docstring)."""
    cdef int t, s, k
    cdef double bound
    for t in range(start, x.n):
        if x.tmask[t] & used:
            continue
        s = x.ts[t]
        bound = psum + x.sufsum[level][s] + pprod * x.sufprod[level][s]
        if bound <= x.best_val + 1e-12:
            return  # every later candidate is no stronger: no better bound
        x.cur[level] = t
        if level == x.nh - 1:
            # the strongest remaining triple completes the best setting below here
            x.best_val = bound
            for k in range(x.nh):
                x.best[k] = x.cur[k]
            return
        _ep(x, level + 1, used | x.tmask[t], t + 1,
            psum + x.win[level * x.ns + s], pprod * x.win[level * x.ns + s])


@cython.boundscheck(False)
@cython.wraparound(False)
def set_rows(const int16_t[::1] table, int ns, const uint8_t[:, ::1] ids, int nh, int mode,
             const double[:, ::1] win, uint8_t[:, ::1] out_cards, int16_t[:, ::1] out_str,
             double[::1] out_ev, Py_ssize_t start, Py_ssize_t stop):
    """Kernel: set rows start..stop of an (N, c) uint8 array of holdings into nh
    hands each. ``table``: 2 * 2197 dense strengths (index flush * 2197 +
    169 * r1 + 13 * r2 + r3, ranks in card order), values 0..ns-1. ``mode`` 0 =
    lexicographic, 1 = expected points; ``win``: (nh, ns) win chance per
    position and strength (non-decreasing in strength). Writes the cards
    rearranged (hands strongest first, then the dropped cards) to out_cards,
    the dense strength per position to out_str and the objective to out_ev.
    Returns None, or (row, column, error kind) of the first bad row. Releases
    the GIL."""
    cdef int c
    cdef Py_ssize_t i, bad = -1
    cdef int j, k, s, err = 0, col = -1, pos
    cdef uint32_t used
    cdef unsigned long long seen
    cdef uint8_t v
    cdef Ctx* x
    cdef double sm, pr, w
    if not 3 <= ids.shape[1] <= MAXC:  # checked as Py_ssize_t, then narrowed
        raise ValueError(f"holdings must have 3..{MAXC} cards, got {ids.shape[1]}")
    c = <int>ids.shape[1]
    if nh != c // 3 or nh > MAXH:
        raise ValueError("nh must be cards // 3")
    if not 1 <= ns <= MAXS or table.shape[0] != 2 * 2197:
        raise ValueError("bad strength table")
    if win.shape[0] != nh or win.shape[1] != ns:
        raise ValueError("win table must be (nh, ns)")
    if mode not in (0, 1):
        raise ValueError("mode must be 0 or 1")
    if (start < 0 or stop > ids.shape[0] or start > stop or out_cards.shape[0] < stop
            or out_cards.shape[1] != c or out_str.shape[0] < stop or out_str.shape[1] != nh
            or out_ev.shape[0] < stop):
        raise IndexError("bad row range or output shape")
    for j in range(2 * 2197):
        if not 0 <= table[j] < ns:
            raise ValueError("strength table values must be 0..ns-1")
    if stop == start:
        return None
    x = <Ctx*>PyMem_Malloc(sizeof(Ctx))
    if x == NULL:
        raise MemoryError()
    try:
        with nogil:
            x.nh = nh
            x.ns = ns
            x.win = &win[0, 0]
            for s in range(ns):
                sm = 0.0
                pr = 1.0
                for k in range(nh - 1, -1, -1):
                    w = win[k, s]
                    sm += w
                    pr *= w
                    x.sufsum[k][s] = sm
                    x.sufprod[k][s] = pr
            for i in range(start, stop):
                seen = 0
                for j in range(c):
                    v = ids[i, j]
                    if v >= 52:
                        err = KIND_RANGE_C; col = j
                        break
                    if seen & (<unsigned long long>1 << v):
                        err = KIND_DUPLICATE_C; col = j
                        break
                    seen |= <unsigned long long>1 << v
                if err:
                    bad = i
                    break
                _build(x, &table[0], &ids[i, 0], c)
                for k in range(nh):
                    x.bests[k] = -1
                _lex(x, 0, 0, 0, 0)
                x.best_val = _value(x, x.best)
                if mode == 1:
                    _ep(x, 0, 0, 0, 0.0, 1.0)
                used = 0
                pos = 0
                for k in range(nh):
                    s = x.best[k]
                    used |= x.tmask[s]
                    out_str[i, k] = x.ts[s]
                    out_cards[i, pos] = ids[i, x.tcard[s][0]]
                    out_cards[i, pos + 1] = ids[i, x.tcard[s][1]]
                    out_cards[i, pos + 2] = ids[i, x.tcard[s][2]]
                    pos += 3
                for j in range(c):
                    if not (used & (<uint32_t>1 << j)):
                        out_cards[i, pos] = ids[i, j]
                        pos += 1
                out_ev[i] = x.best_val
    finally:
        PyMem_Free(x)
    if bad >= 0:
        return (bad, col, err)
    return None

