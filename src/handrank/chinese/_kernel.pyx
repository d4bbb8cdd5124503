# cython: language_level=3
"""Compiled Chinese Poker kernels (see ``handrank.chinese`` for the documented API).

The C code lives in ``kernel.h``; five-card rows use the shared poker
tables through ``handrank/poker/_kernel.pxd``. Card ids are validated by the Python layer
(range 0..51, one deck per holding / table) before any kernel runs; the
kernels here only check the array shapes they are given, so no input reaches
a table index unchecked. Every kernel releases the GIL.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int8_t, int16_t, int32_t, int64_t
from libc.stdlib cimport malloc, free

from handrank._support._kernel cimport Team, hr_team_rows
from handrank.poker._kernel cimport hr_poker_strength  # noqa: F401  (shared 5-card tables)

import numpy as np

cdef extern from "chinese/tables.h" nogil:
    const int HRC_TABLE_SAMPLES
    const uint32_t HRC_COUNT_FRONT[456]
    const uint32_t HRC_COUNT_MIDDLE[7463]
    const uint32_t HRC_COUNT_BACK[7463]

cdef extern from "chinese/kernel.h" nogil:
    const int HRC_ERR_NATURAL
    int16_t HRC_FRONT_STRENGTH[2197]
    uint16_t HRC_FRONT_KEY[456]
    uint16_t HRC_MID_KEY[7463]
    void hrc_init()
    int hrc_bad_ids(const uint8_t* c, int n)
    int hrc_front_strength(int c0, int c1, int c2)
    ctypedef struct hrc_player:
        int s[3]
        int foul
        int natural
        int declared
    int hrc_fill_player(hrc_player* p, const uint8_t* c, int declare)
    void hrc_score_table(const hrc_player* p, int n_players, int system, int32_t* out, uint8_t* home)
    ctypedef struct hrc_tables:
        const double* row[3]
    ctypedef struct hrc_work:
        pass
    ctypedef struct hrc_solution:
        unsigned front, mid, back
        double ev
        int natural
        unsigned nat_front, nat_mid, nat_back
    void hrc_solve(hrc_work* w, const uint8_t* c, const hrc_tables* t, int system, hrc_solution* out)
    double hrc_ev_of_setting(const uint8_t* c, const hrc_tables* t, int system)
    void hrc_greedy(hrc_work* w, const uint8_t* c, hrc_solution* out)
    void hrc_emit(const uint8_t* c, unsigned f, unsigned m, unsigned b, uint8_t* dst)

hrc_init()

ERR_NATURAL = HRC_ERR_NATURAL
TABLE_SAMPLES = HRC_TABLE_SAMPLES


def default_counts():
    """The committed opponent row-strength histograms (``chinese/tables.h``):
    ``(front (456,), middle (7463,), back (7463,))`` ``int64`` arrays indexed by
    strength (index 0 unused)."""
    return (np.array([HRC_COUNT_FRONT[i] for i in range(456)], dtype=np.int64),
            np.array([HRC_COUNT_MIDDLE[i] for i in range(7463)], dtype=np.int64),
            np.array([HRC_COUNT_BACK[i] for i in range(7463)], dtype=np.int64))


def front_strength_table():
    """int16 (2197,): front strength (1..455) indexed by hi*169 + mid*13 + lo
    (the three ranks sorted high first)."""
    return np.array([HRC_FRONT_STRENGTH[i] for i in range(2197)], dtype=np.int16)


def front_key_table():
    """uint16 (456,): the comparison key of each front strength
    (category << 12 | r0 << 8 | r1 << 4 | r2); index 0 unused."""
    return np.array([HRC_FRONT_KEY[i] for i in range(456)], dtype=np.uint16)


def middle_key_table():
    """uint16 (7463,): the key of each poker strength for the front-vs-middle
    comparison (category << 12 | its three most significant ranks)."""
    return np.array([HRC_MID_KEY[i] for i in range(7463)], dtype=np.uint16)


@cython.auto_pickle(False)
cdef class Tables:
    """Per-row expected-outcome tables for the solver (built by
    ``handrank.chinese.solver_tables``).

    ``Tables(arrays, samples)``: ``arrays[row][k]`` for row 0 front (length 456),
    1 middle, 2 back (length 7463), k = 0 P(opponent < s), 1 P(opponent > s),
    2 expected eastern value the opponent scores when it beats s, 3 the same
    for the mandarin base, 4 for the mandarin bonus; ``float64`` arrays indexed
    by strength s (index 0 unused).
    """
    cdef readonly object arrays
    cdef object packed
    cdef hrc_tables t
    cdef readonly long samples

    def __init__(self, arrays, long samples):
        cdef int row, k
        cdef const double[::1] v
        sizes = (456, 7463, 7463)
        kept = []
        if len(arrays) != 3:
            raise ValueError("need three rows of tables")
        for row in range(3):
            if len(arrays[row]) != 5:
                raise ValueError("need five tables per row")
            r = []
            for k in range(5):
                a = np.ascontiguousarray(arrays[row][k], dtype=np.float64)
                if a.shape != (sizes[row],):
                    raise ValueError(f"row {row} table {k}: shape {a.shape}, need ({sizes[row]},)")
                if not np.isfinite(a).all():
                    raise ValueError(f"row {row} table {k}: values must be finite")
                a.setflags(write=False)
                r.append(a)
            kept.append(r)
        self.arrays = kept
        self.samples = samples
        # Interleaved copy for the kernel: the five values of a strength share a cache line.
        self.packed = [np.ascontiguousarray(np.stack(r, axis=1)).ravel() for r in kept]
        for row in range(3):
            v = self.packed[row]
            self.t.row[row] = &v[0]

    def __reduce__(self):
        # Pickles as its arrays (about 600 KB), so tables travel to worker processes.
        return (Tables, (self.arrays, self.samples))


ctypedef struct _FrontRows:
    const uint8_t *ids
    int32_t *out


cdef Py_ssize_t _front_rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                            int *col) noexcept nogil:
    cdef _FrontRows *c = <_FrontRows*>ctx
    cdef Py_ssize_t i
    cdef const uint8_t *r
    for i in range(start, stop):
        r = c.ids + 3 * i
        if hrc_bad_ids(r, 3):
            return i
        c.out[i] = hrc_front_strength(r[0], r[1], r[2])
    return -1


def front_strengths(const uint8_t[:, ::1] ids, int32_t[::1] out, Py_ssize_t start=0,
                    stop=None, Team team=None, bint lead=True):
    """Kernel: front strengths (1..455) of rows start..stop (None: all) of (N, 3)
    validated card ids. ``team``: None, or a ``handrank._support._kernel.Team`` for
    rows start..stop that several threads pass to the same call at once, sharing
    its rows in blocks; the ``lead`` thread's call returns once all have left.
    ValueError naming the first bad row (with a team, the lead's call: the team's
    lowest; another's: the lowest met so far). Releases the GIL."""
    cdef Py_ssize_t n = ids.shape[0], bad = -1, end
    cdef int err = 0, col = -1
    cdef int64_t *t = NULL
    cdef _FrontRows c
    if ids.shape[1] != 3 or out.shape[0] < n:
        raise ValueError("need (N, 3) ids and N outputs")
    end = n if stop is None else stop
    if start < 0 or end > n or start > end:
        raise IndexError("bad row range")
    if end == start:
        return
    c.ids = &ids[0, 0]; c.out = &out[0]
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, end, lead)
    with nogil:
        bad = hr_team_rows(t, start, end, lead, _front_rows, &c, &err, &col)
    if bad >= 0:
        raise ValueError(f"row {bad}: card ids out of range or repeated")


def score_tables(const uint8_t[:, :, ::1] ids, const uint8_t[:, ::1] declare, int system,
                 int32_t[:, :, ::1] pair_out, int32_t[:, :, ::1] rows_out,
                 uint8_t[:, ::1] foul_out, uint8_t[:, ::1] natural_out, uint8_t[:, ::1] home_out,
                 Py_ssize_t start, Py_ssize_t stop):
    """Kernel: score tables start..stop of (N, P, 13) validated ids (front 3,
    middle 5, back 5 per player), P in 2..4. Returns None, or (table, player,
    ERR_NATURAL) for the first natural declared that the cards do not make.
    ``declare``: bit 0 declares a natural, bit 1 forces a foul (rows set with
    wrong card counts). Releases the GIL."""
    cdef Py_ssize_t i
    cdef int p, np_, bad_p = -1
    cdef Py_ssize_t bad = -1
    cdef hrc_player pl[4]
    # The player count is checked as Py_ssize_t before it is narrowed to int.
    if ids.shape[2] != 13 or not 2 <= ids.shape[1] <= 4 or not 0 <= system <= 3:
        raise ValueError("need (N, 2..4, 13) ids and a system 0..3")
    np_ = <int>ids.shape[1]
    if (declare.shape[0] < stop or declare.shape[1] != np_ or foul_out.shape[0] < stop
            or foul_out.shape[1] != np_ or natural_out.shape[0] < stop or natural_out.shape[1] != np_
            or home_out.shape[0] < stop or home_out.shape[1] != np_):
        raise ValueError("output shapes do not match")
    if (pair_out.shape[0] < stop or pair_out.shape[1] != np_ or pair_out.shape[2] != np_
            or rows_out.shape[0] < stop or rows_out.shape[1] != np_ or rows_out.shape[2] != 3):
        raise ValueError("output shapes do not match")
    if start < 0 or stop > ids.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    with nogil:
        for i in range(start, stop):
            if hrc_bad_ids(&ids[i, 0, 0], np_ * 13):
                bad = i
                break
            for p in range(np_):
                if hrc_fill_player(&pl[p], &ids[i, p, 0], declare[i, p]):
                    bad = i
                    bad_p = p
                    break
                rows_out[i, p, 0] = pl[p].s[0]
                rows_out[i, p, 1] = pl[p].s[1]
                rows_out[i, p, 2] = pl[p].s[2]
                foul_out[i, p] = pl[p].foul
                natural_out[i, p] = pl[p].natural
            if bad >= 0:
                break
            hrc_score_table(pl, np_, system, &pair_out[i, 0, 0], &home_out[i, 0])
    if bad >= 0 and bad_p < 0:
        raise ValueError(f"table {bad}: card ids out of range or repeated")
    if bad >= 0:
        return (bad, bad_p, HRC_ERR_NATURAL)
    return None


cdef object _setting_rows(const uint8_t[:, ::1] ids, const hrc_tables* t, int system,
                          uint8_t* setting_out, double* ev_out, int8_t* natural_out,
                          uint8_t* natural_setting_out, Py_ssize_t start, Py_ssize_t stop):
    """Set holdings start..stop (start < stop, shapes checked by the caller): the
    solver when ``t`` is given, else the greedy baseline (which writes only
    ``setting_out``). Outputs are C-contiguous rows (13 ids a setting)."""
    cdef Py_ssize_t i, bad = -1
    cdef hrc_solution s
    cdef hrc_work* w = <hrc_work*>malloc(sizeof(hrc_work))
    if w == NULL:
        raise MemoryError()
    try:
        with nogil:
            for i in range(start, stop):
                if hrc_bad_ids(&ids[i, 0], 13):
                    bad = i
                    break
                if t == NULL:
                    hrc_greedy(w, &ids[i, 0], &s)
                    hrc_emit(&ids[i, 0], s.front, s.mid, s.back, setting_out + 13 * i)
                    continue
                hrc_solve(w, &ids[i, 0], t, system, &s)
                hrc_emit(&ids[i, 0], s.front, s.mid, s.back, setting_out + 13 * i)
                ev_out[i] = s.ev
                natural_out[i] = <int8_t>s.natural
                if s.nat_front:
                    hrc_emit(&ids[i, 0], s.nat_front, s.nat_mid, s.nat_back,
                             natural_setting_out + 13 * i)
                else:
                    hrc_emit(&ids[i, 0], s.front, s.mid, s.back, natural_setting_out + 13 * i)
    finally:
        free(w)
    if bad >= 0:
        raise ValueError(f"row {bad}: card ids out of range or repeated")
    return None


def solve(const uint8_t[:, ::1] ids, int system, Tables tables not None, uint8_t[:, ::1] setting_out,
          double[::1] ev_out, int8_t[::1] natural_out, uint8_t[:, ::1] natural_setting_out,
          Py_ssize_t start, Py_ssize_t stop):
    """Kernel: for holdings start..stop of (N, 13) validated ids, the legal
    setting with the highest expected score (front 3, middle 5, back 5, each row
    high card first), its expected score, the natural the holding makes (0..4)
    and a setting that makes it (for three flushes / straights; otherwise the
    best setting). Releases the GIL."""
    if ids.shape[1] != 13 or not 0 <= system <= 3:
        raise ValueError("need (N, 13) ids and a system 0..3")
    if tables.t.row[0] == NULL or tables.t.row[1] == NULL or tables.t.row[2] == NULL:
        raise ValueError("Tables not initialised (build them with chinese.solver_tables)")
    if start < 0 or stop > ids.shape[0] or start > stop:
        raise IndexError("bad row range")
    if (setting_out.shape[0] < stop or setting_out.shape[1] != 13 or ev_out.shape[0] < stop
            or natural_out.shape[0] < stop or natural_setting_out.shape[0] < stop
            or natural_setting_out.shape[1] != 13):
        raise ValueError("output shapes do not match")
    if stop == start:
        return None
    return _setting_rows(ids, &tables.t, system, &setting_out[0, 0], &ev_out[0], &natural_out[0],
                         &natural_setting_out[0, 0], start, stop)


def greedy(const uint8_t[:, ::1] ids, uint8_t[:, ::1] setting_out, Py_ssize_t start, Py_ssize_t stop):
    """Kernel: the greedy baseline setting of holdings start..stop of (N, 13)
    validated ids. Releases the GIL."""
    if ids.shape[1] != 13 or setting_out.shape[1] != 13:
        raise ValueError("need (N, 13) ids")
    if start < 0 or stop > ids.shape[0] or stop > setting_out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    return _setting_rows(ids, NULL, 0, &setting_out[0, 0], NULL, NULL, NULL, start, stop)


def setting_ev(const uint8_t[:, ::1] ids, int system, Tables tables not None, double[::1] out):
    """Kernel: expected score of each validated (N, 13) setting (front 3,
    middle 5, back 5) under the solver's model; NaN for a fouled setting."""
    cdef Py_ssize_t i, n = ids.shape[0], bad = -1
    cdef const hrc_tables* t = &tables.t
    if ids.shape[1] != 13 or out.shape[0] < n or not 0 <= system <= 3:
        raise ValueError("need (N, 13) ids, N outputs and a system 0..3")
    if tables.t.row[0] == NULL or tables.t.row[1] == NULL or tables.t.row[2] == NULL:
        raise ValueError("Tables not initialised (build them with chinese.solver_tables)")
    with nogil:
        for i in range(n):
            if hrc_bad_ids(&ids[i, 0], 13):
                bad = i
                break
            out[i] = hrc_ev_of_setting(&ids[i, 0], t, system)
    if bad >= 0:
        raise ValueError(f"row {bad}: card ids out of range or repeated")
