# cython: language_level=3
"""Compiled Broken Canada kernels (see ``handrank.canada`` for the documented API).

Every bulk kernel checks each card id (0..51) and the copy limit (at most
``decks`` copies of a card) before using it as a table index, so no input can
make them read out of bounds; the Python layer turns the (row, column, kind)
they return into exceptions naming the culprit.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.stddef cimport ptrdiff_t
from libc.string cimport memcpy

from .._c.rng cimport hr_rng, hr_rng_deal_u8, hr_rng_stream
from .._support._kernel cimport Team, hr_team_rows

import numpy as np

KIND_RANGE = HR_CA_ERR_RANGE    # card id >= 52
KIND_COPIES = HR_CA_ERR_COPIES  # more copies of a card than decks in play
TB_BITS = HR_CA_TB_BITS


def strength_ids(const uint8_t[::1] six):
    """Strength of one hand from 6 trusted-range ids (set 0..3, pit 4..5).
    Raises ValueError for a wrong length or an id >= 52 (copies are not checked here)."""
    cdef int i
    if six.shape[0] != 6:
        raise ValueError("need 6 ids")
    for i in range(6):
        if six[i] >= 52:
            raise ValueError("card id out of range")
    return hr_canada_strength(&six[0], &six[4])


ctypedef struct _Rows:
    const uint8_t *sets
    const uint8_t *pits
    ptrdiff_t sstride, pstride
    int32_t *out
    int decks


cdef Py_ssize_t _rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                      int *col) noexcept nogil:
    cdef _Rows *c = <_Rows*>ctx
    return hr_canada_eval(c.sets, c.sstride, c.pits, c.pstride, start, stop, c.decks, c.out,
                          err, col)


def eval_ids(const uint8_t[:, ::1] sets, const uint8_t[:, ::1] pits, int decks,
             int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop, Team team=None,
             bint lead=True):
    """Kernel: strengths of rows start..stop into out. ``sets`` is (N, 4) with
    ``pits`` (N, 2) or (1, 2) (one shared pit), or ``sets`` is (N, 6) (set then pit;
    ``pits`` ignored). ``team``: None, or a ``handrank._support._kernel.Team`` for rows
    start..stop that several threads pass to the same call at once, sharing its rows in
    blocks; the ``lead`` thread's call returns once all have left. Returns None or (row,
    column 0..5, kind) of the first bad row (with a team, the lead's call gives the team's
    lowest bad row; another's: the lowest met so far). Releases the GIL."""
    cdef Py_ssize_t n = sets.shape[0], bad = -1
    cdef int err = 0, col = -1
    cdef int64_t *t = NULL
    cdef _Rows c
    if start < 0 or stop > n or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    if sets.shape[1] == 6:
        c.sets = &sets[0, 0]
        c.pits = c.sets + 4
        c.sstride = c.pstride = 6
    elif sets.shape[1] == 4:
        if pits.shape[1] != 2 or not (pits.shape[0] == n or pits.shape[0] == 1):
            raise ValueError("pits must be (N, 2) or (1, 2)")
        c.sets = &sets[0, 0]
        c.pits = &pits[0, 0]
        c.sstride = 4
        c.pstride = 2 if pits.shape[0] == n and n > 1 else 0
        if pits.shape[0] == 1:
            c.pstride = 0
    else:
        raise ValueError("sets must have 4 or 6 columns")
    c.out = &out[0]; c.decks = decks
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _rows, &c, &err, &col)
    if bad >= 0:
        return (bad, col, err)
    return None


def eval_unchecked(const uint8_t[:, ::1] ids6, int32_t[::1] out):
    """Benchmark baseline: a plain C loop over (N, 6) rows with no checks or
    error reports (an id >= 52 reads as 0), no threads. Releases the GIL."""
    cdef Py_ssize_t n = ids6.shape[0]
    if ids6.shape[1] != 6 or out.shape[0] < n:
        raise ValueError("need (N, 6) ids and N outputs")
    if n == 0:
        return
    with nogil:
        hr_canada_eval_unchecked(&ids6[0, 0], n, &out[0])


def odds_first(int first, bint naive=False):
    """Category counts (int64, length 35) of every one-deck (set, pit) deal
    whose set's lowest card id is ``first`` (0..48). ``naive``: the plain-loop
    baseline (each deal from scratch). Releases the GIL."""
    if not 0 <= first <= 48:
        raise ValueError("first must be 0..48")
    cdef uint64_t[::1] hist = np.zeros(35, dtype=np.uint64)
    with nogil:
        if naive:
            hr_canada_odds_naive_first(first, &hist[0])
        else:
            hr_canada_odds_first(first, &hist[0])
    return np.asarray(hist).astype(np.int64)


@cython.boundscheck(False)
@cython.wraparound(False)
def equity_kernel(const uint8_t[::1] hero, const uint8_t[::1] stock, int opponents,
                  uint64_t seed, Py_ssize_t start, Py_ssize_t stop, int64_t[::1] split):
    """Monte Carlo kernel: samples start..stop; sample i deals ``opponents`` sets
    of 4 from ``stock`` with random stream i of ``seed`` (``_c/rng.h``:
    xoshiro256**, unbiased partial Fisher-Yates), so results do not depend on
    how samples are split among threads (``start`` >= 0). ``hero`` = 4 set + 2 pit ids.
    Adds integer counts to ``split`` (length >= opponents + 2): ``split[0]`` the
    samples lost, ``split[k]`` (k >= 1) those where the hero's hand was best
    together with k - 1 others (k = 1: won alone). Releases the GIL."""
    cdef Py_ssize_t m = stock.shape[0], i
    cdef int k, j, nbest
    cdef hr_rng g
    cdef int32_t mine, best, st
    cdef uint8_t work[4096]
    # Sizes are compared in Py_ssize_t: ``4 * opponents`` and ``opponents + 2`` in C int
    # arithmetic overflow for opponents >= 2**29 and would let the deal run past ``work``.
    if hero.shape[0] != 6 or m > 4096:
        raise ValueError("bad equity arguments: hero must hold 6 ids and stock at most 4096")
    if opponents < 1 or 4 * <Py_ssize_t>opponents > m:
        raise ValueError(f"bad equity arguments: opponents must be 1..{m // 4} "
                         f"(4 cards each from a stock of {m}), got {opponents}")
    if split.shape[0] < <Py_ssize_t>opponents + 2:
        raise ValueError(f"bad equity arguments: split needs at least {opponents + 2} counters, "
                         f"got {split.shape[0]}")
    for j in range(6):
        if hero[j] >= 52:
            raise ValueError("card id out of range")
    for j in range(m):
        if stock[j] >= 52:
            raise ValueError("card id out of range")
    if start < 0:  # sample i is stream i: a negative start is no sample (and 2**63 of them)
        raise ValueError(f"bad equity arguments: samples start at 0 or later, got {start}")
    if stop <= start:
        return
    with nogil:
        mine = hr_canada_strength(&hero[0], &hero[4])
        for i in range(start, stop):
            hr_rng_stream(&g, seed, <uint64_t>i)
            memcpy(work, &stock[0], m)
            hr_rng_deal_u8(&g, work, <uint32_t>m, 4 * opponents)  # work[:4 * opponents]: the deal
            best = mine
            nbest = 1
            for k in range(opponents):
                st = hr_canada_strength(&work[4 * k], &hero[4])
                if st > best:
                    best = st
                    nbest = 1
                elif st == best:
                    nbest += 1
            split[nbest if best == mine else 0] += 1


def table_bytes():
    """Bytes of lookup tables the kernel reads."""
    return sizeof(HR_CA_SET_INDEX) + sizeof(HR_CA_PIT_INDEX) + sizeof(HR_CA_RANK_STRENGTH) + sizeof(HR_CA_RUN)
