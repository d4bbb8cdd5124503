# cython: language_level=3
"""Compiled Three-card Brag kernels (see ``handrank.brag`` for the documented API).

The bulk kernels check every card id before using it in a table index, so no
input can make them read out of bounds; the Python layer turns the error
codes they return into exceptions naming the row and column.
"""

cimport cython
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_CheckExact
from libc.stdint cimport uint8_t, uint64_t, int16_t, int32_t, int64_t
from libc.stddef cimport ptrdiff_t
from libc.string cimport memcpy

from .._c.rng cimport hr_rng, hr_rng_deal_u8, hr_rng_stream
from .._support._kernel cimport Team, hr_team_rows
from ..poker._kernel cimport card_arg

import numpy as np
from time import perf_counter as _now

from ..cards import format_card
from ..errors import DuplicateCardError, OptionError

# Error kinds returned by the bulk kernels (third item of the error tuple);
# the same numbers as handrank.poker._kernel's.
KIND_RANGE = HR_BRAG_ERR_RANGE
KIND_DUPLICATE = HR_BRAG_ERR_DUPLICATE
KIND_SIZE = HR_BRAG_ERR_SIZE

NUM_STRENGTHS = HR_BRAG_NUM_STRENGTHS
FLUSH_OFFSET = HR_BRAG_FLUSH_OFFSET
TABLE_SIZE = HR_BRAG_TABLE_SIZE
DEFAULT_OPTIONS = HR_BRAG_DEFAULT_OPTIONS
#: Most opponents an equity calculation can deal (49 unseen cards, 3 each).
MAX_OPPONENTS = 16


cdef inline int _options(object options) except -1:
    # The option bits: an int 0..3 (not a bool, not a float); OptionError otherwise.
    cdef long v
    cdef int overflow = 0
    if PyLong_CheckExact(options):
        v = PyLong_AsLongAndOverflow(options, &overflow)
        if not overflow and 0 <= v <= 3:
            return <int>v
    elif (not isinstance(options, (bool, np.bool_)) and isinstance(options, (int, np.integer))
          and 0 <= options <= 3):
        return <int>options
    raise OptionError(f"options must be an int 0..3 (bit 0 = prial_threes_high, bit 1 = "
                      f"a23_top_run; 3 = the default rules), got {options!r}")


def strength3(a, b, c, options=3):
    """Strength (1..741, higher = stronger) of three card ids (ints 0..51).
    ``options``: an int 0..3, bit 0 = prial_threes_high, bit 1 = a23_top_run
    (3 = default rules). Raises CardRangeError for an id outside 0..51,
    DuplicateCardError for a repeated card, OptionError for bad ``options``
    (all ValueErrors), TypeError for a non-integer card id."""
    cdef int x = card_arg(a, 0), y = card_arg(b, 1), z = card_arg(c, 2)
    cdef int opts = _options(options)
    if x == y or x == z or y == z:
        d = y if (x == y or y == z) else z
        raise DuplicateCardError(f"duplicate card {format_card(d)} (id {d}) at position "
                                 f"{1 if x == y else 2}", card=d)
    return hr_brag_strength(x, y, z, opts)


ctypedef struct _IdRows:
    const uint8_t *ids
    const int16_t *table
    int32_t *out


cdef Py_ssize_t _id_rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                         int *col) noexcept nogil:
    cdef _IdRows *c = <_IdRows*>ctx
    return hr_brag_eval_ids(c.ids, start, stop, c.table, c.out, err, col)


def eval_ids(const uint8_t[:, ::1] ids, int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
             options=3, Team team=None, bint lead=True):
    """Kernel: strengths of rows start..stop of a C-contiguous (N, 3) uint8 array
    into out. ``team``: None, or a ``handrank._support._kernel.Team`` for rows
    start..stop that several threads pass to the same call at once, sharing its
    rows in blocks; the ``lead`` thread's call returns once all have left.
    Returns None, or (row, column, error kind) of the first bad row (with a team, the
    lead's call gives the team's lowest bad row; another's: the lowest met so far). Releases
    the GIL."""
    cdef int err = 0, col = -1
    cdef ptrdiff_t bad = -1
    cdef int64_t *t = NULL
    cdef _IdRows c
    c.table = hr_brag_table(_options(options))
    if ids.shape[1] != 3:
        raise ValueError("ids must have 3 columns")
    if start < 0 or stop > ids.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    c.ids = &ids[0, 0]; c.out = &out[0]
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _id_rows, &c, &err, &col)
    if bad >= 0:
        return (bad, col, err)
    return None


ctypedef struct _MaskRows:
    const uint64_t *masks
    const int16_t *table
    int32_t *out


cdef Py_ssize_t _mask_rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                           int *col) noexcept nogil:
    cdef _MaskRows *c = <_MaskRows*>ctx
    col[0] = -1
    return hr_brag_eval_masks(c.masks, start, stop, c.table, c.out, err)


def eval_masks(const uint64_t[::1] masks, int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
               options=3, Team team=None, bint lead=True):
    """Kernel: strengths of masks start..stop into out. ``team``, ``lead``: as for
    eval_ids. Returns None, or (row, -1, error kind) of the first bad mask.
    Releases the GIL."""
    cdef int err = 0, col = -1
    cdef ptrdiff_t bad = -1
    cdef int64_t *t = NULL
    cdef _MaskRows c
    c.table = hr_brag_table(_options(options))
    if start < 0 or stop > masks.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    c.masks = &masks[0]; c.out = &out[0]
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _mask_rows, &c, &err, &col)
    if bad >= 0:
        return (bad, -1, err)
    return None


def _plain_loop_benchmark(const uint8_t[:, ::1] ids, int32_t[::1] out, options=3,
                          int repeats=1):
    """Benchmark baseline: the bare table loop over (N, 3) uint8 ids with no
    per-row validation (the "plain C loop" the checked kernel is compared
    with), run ``repeats`` times; returns the best time of one pass in
    seconds. Ids >= 52 are refused once up front (outside the timed loop);
    repeated cards are not checked. Releases the GIL while looping."""
    cdef const int16_t* table = hr_brag_table(_options(options))
    cdef Py_ssize_t n = ids.shape[0]
    cdef int r
    cdef double best = 1e300, t0, t1
    if ids.shape[1] != 3 or out.shape[0] < n:
        raise ValueError("need (N, 3) ids and N outputs")
    if repeats < 1:
        raise ValueError("repeats must be at least 1")
    if n == 0:
        return 0.0
    if np.asarray(ids).max() >= 52:
        raise ValueError("card ids must be in 0..51")
    for r in range(repeats):
        t0 = _now()
        with nogil:
            hr_brag_plain_loop(&ids[0, 0], n, table, &out[0])
        t1 = _now()
        best = min(best, t1 - t0)
    return best


def table(options=3):
    """A copy of one option table: int16 array (4394,), index = 169*r0 + 13*r1
    + r2 (+ 2197 when the three cards share a suit)."""
    cdef const int16_t* t = hr_brag_table(_options(options))
    cdef int16_t[::1] out = np.empty(HR_BRAG_TABLE_SIZE, dtype=np.int16)
    cdef int i
    for i in range(HR_BRAG_TABLE_SIZE):
        out[i] = t[i]
    return np.asarray(out)


def category_first():
    """int32 array (6,): the lowest strength of each category, high card first."""
    return np.array([HR_BRAG_CATEGORY_FIRST[i] for i in range(6)], dtype=np.int32)


def table_bytes():
    """Total size in bytes of the compiled lookup tables."""
    return (sizeof(HR_BRAG_TABLE) + sizeof(HR_BRAG_CATEGORY_FIRST) + sizeof(HR_BRAG_CARD_BIT)
            + sizeof(HR_BRAG_RANK_OFFSET))


cdef int _unseen(int a, int b, int c, uint64_t dead, uint8_t *deck) except -1:
    """Check that a, b, c are three distinct card ids that ``dead`` holds (ValueError
    otherwise); write the ids not in ``dead`` to ``deck`` (room for 52), return how many."""
    cdef int n = 0, x
    if not (0 <= a < 52 and 0 <= b < 52 and 0 <= c < 52) or a == b or a == c or b == c:
        raise ValueError("need three distinct card ids in 0..51")
    if not ((dead >> a) & (dead >> b) & (dead >> c) & 1):
        raise ValueError("dead must hold the hand's cards")
    for x in range(52):
        if not (dead >> x) & 1:
            deck[n] = x
            n += 1
    return n


@cython.boundscheck(False)
@cython.wraparound(False)
def exact_one(int a, int b, int c, uint64_t dead, options=3):
    """Against every 3-card hand from the cards not in ``dead`` (a mask that
    must hold a, b, c): (wins, ties, losses) of the hand a-b-c. Releases the GIL."""
    cdef const int16_t* t = hr_brag_table(_options(options))
    cdef uint8_t deck[52]
    cdef int n = _unseen(a, b, c, dead, deck), i, j, k
    cdef int32_t hero, s
    cdef int64_t win = 0, tie = 0, lose = 0
    with nogil:
        hero = hr_brag_strength_t(t, a, b, c)
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    s = hr_brag_strength_t(t, deck[i], deck[j], deck[k])
                    if hero > s:
                        win += 1
                    elif hero == s:
                        tie += 1
                    else:
                        lose += 1
    return win, tie, lose


@cython.boundscheck(False)
@cython.wraparound(False)
def monte_carlo(int a, int b, int c, uint64_t dead, int opponents, uint64_t seed,
                Py_ssize_t start, Py_ssize_t stop, options=3):
    """Samples start..stop of a seeded Monte Carlo showdown of a-b-c against
    ``opponents`` hands dealt from the cards not in ``dead`` (a mask holding
    a, b, c). Sample i deals from random stream i of ``seed`` (``_c/rng.h``:
    xoshiro256**, unbiased partial Fisher-Yates), so results do not depend on
    how samples are split into chunks.

    Returns an int64 array (opponents + 2,): [wins, losses, ties with 1 opponent,
    ties with 2, ...]: exact integer counts. Releases the GIL."""
    cdef const int16_t* t = hr_brag_table(_options(options))
    cdef uint8_t deck[52]
    cdef uint8_t work[52]
    cdef int n, o, cnt
    cdef int32_t hero, s, best
    cdef Py_ssize_t i
    cdef hr_rng g
    cdef int64_t[::1] counts
    if opponents < 1 or opponents > MAX_OPPONENTS:
        raise ValueError(f"opponents must be 1..{MAX_OPPONENTS}, got {opponents}")
    counts = np.zeros(opponents + 2, dtype=np.int64)
    n = _unseen(a, b, c, dead, deck)
    if 3 * opponents > n:
        raise ValueError(f"cannot deal {opponents} opponents from {n} cards")
    if start < 0 or start > stop:
        raise IndexError("bad sample range")
    with nogil:
        hero = hr_brag_strength_t(t, a, b, c)
        for i in range(start, stop):
            hr_rng_stream(&g, seed, <uint64_t>i)
            memcpy(work, deck, n)
            hr_rng_deal_u8(&g, work, n, 3 * opponents)  # work[:3 * opponents] is the deal
            best = -1
            cnt = 0
            for o in range(opponents):
                s = hr_brag_strength_t(t, work[3 * o], work[3 * o + 1], work[3 * o + 2])
                if s > best:
                    best = s
                    cnt = 1
                elif s == best:
                    cnt += 1
            if hero > best:
                counts[0] += 1
            elif hero < best:
                counts[1] += 1
            else:
                counts[1 + cnt] += 1
    return np.asarray(counts)
