# cython: language_level=3
"""Compiled short-deck kernels (see ``handrank.shortdeck`` for the documented API).

The bulk kernel checks every byte before it indexes a table by the sum of
keys (see ``kernel.h``), so no input can make it read out of bounds; the
Python layer turns the (row, column, kind) it returns into an exception.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.stddef cimport ptrdiff_t

from .._c.showdown_equity cimport hr_se_eval_fn, se_exact, se_monte_carlo
from .._support._kernel cimport Team, hr_team_rows

import numpy as np

cdef extern from "shortdeck/tables.h" nogil:
    const int HR_SD_NUM_STRENGTHS
    const int HR_SD_KEY_LIMIT
    const int HR_SD_ROW_SHIFT
    const uint16_t HR_SD_CATEGORY_FIRST[9]
    const uint16_t HR_SD_CATEGORY_FIRST_SBT[9]
    const uint32_t HR_SD_RANK_KEY[9]
    const uint64_t HR_SD_KB[512]
    const uint16_t HR_SD_FLUSH[512]
    const uint16_t HR_SD_SBT[1405]
    const uint32_t HR_SD_CLASS_RANKS[1405]
    const uint16_t HR_SD_ROW_OFFSET[]
    const uint16_t HR_SD_NOFLUSH[]
    const uint16_t HR_SD_NOFLUSH_SBT[]

cdef extern from "shortdeck/kernel.h" nogil:
    ptrdiff_t hr_sd_eval_ids(const uint8_t* ids, int k, ptrdiff_t start, ptrdiff_t stop,
                             int sbt, int32_t* out, int* err, int* col)
    const int HR_ERR_RANGE
    const int HR_ERR_DUPLICATE
    void hr_sd_se_eval(int option, const uint8_t* own, int n_own, const uint8_t* board,
                       int n_board, int want, int32_t* high, int32_t* low) noexcept

KIND_RANGE = HR_ERR_RANGE
KIND_DUPLICATE = HR_ERR_DUPLICATE
NUM_STRENGTHS = HR_SD_NUM_STRENGTHS


ctypedef struct _IdRows:
    const uint8_t *ids
    int32_t *out
    int k, sbt


cdef Py_ssize_t _id_rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                         int *col) noexcept nogil:
    cdef _IdRows *c = <_IdRows*>ctx
    return hr_sd_eval_ids(c.ids, c.k, start, stop, c.sbt, c.out, err, col)


def eval_ids(const uint8_t[:, ::1] ids, int32_t[::1] out, Py_ssize_t start, Py_ssize_t stop,
             bint straight_beats_trips=False, Team team=None, bint lead=True):
    """Kernel: strengths of rows start..stop of a C-contiguous (N, k) uint8 id
    array (k = 5, 6 or 7) into out. ``team``: None, or a
    ``handrank._support._kernel.Team`` for rows start..stop that several threads pass to
    the same call at once, sharing its rows in blocks; the ``lead`` thread's call
    returns once all have left. Returns None, or (row, column, error kind) of the first
    bad row (kind KIND_RANGE: not a short-deck card; with a team, the lead's call gives the
    team's lowest bad row; another's: the lowest met so far). Releases the GIL."""
    cdef int err = 0, col = -1, k = ids.shape[1]
    cdef ptrdiff_t bad = -1
    cdef int64_t *t = NULL
    cdef _IdRows c
    if not 5 <= k <= 7:
        raise ValueError("ids must have 5, 6 or 7 columns")
    if start < 0 or stop > ids.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    c.ids = &ids[0, 0]; c.out = &out[0]; c.k = k; c.sbt = straight_beats_trips
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _id_rows, &c, &err, &col)
    if bad >= 0:
        return (bad, col, err)
    return None


def strength_ids(ids, bint straight_beats_trips=False):
    """Strength of one hand given as a list of 5..7 distinct short-deck card ids
    (checked by the caller; ValueError here for anything else)."""
    cdef uint8_t row[7]
    cdef int32_t out[1]
    cdef int err = 0, col = -1, n = len(ids), j
    if not 5 <= n <= 7:
        raise ValueError("need 5 to 7 card ids")
    for j in range(n):
        v = ids[j]
        if not 0 <= v < 52:
            raise ValueError("card ids must be in 0..51")
        row[j] = <uint8_t>v
    if hr_sd_eval_ids(row, n, 0, 1, straight_beats_trips, out, &err, &col) >= 0:
        raise ValueError(f"not distinct short-deck cards (column {col})")
    return out[0]


def class_ranks():
    """uint32 array (1405,): per default strength, the five short ranks (0 = six
    .. 8 = ace) of its class, most significant first, packed 4 bits each."""
    return np.array([HR_SD_CLASS_RANKS[i] for i in range(HR_SD_NUM_STRENGTHS + 1)],
                    dtype=np.uint32)


def sbt_map():
    """int32 array (1405,): default strength -> straight_beats_trips strength."""
    return np.array([HR_SD_SBT[i] for i in range(HR_SD_NUM_STRENGTHS + 1)], dtype=np.int32)


def category_first(bint straight_beats_trips=False):
    """int32 array (9,): the lowest strength of each category range, ascending
    (under straight_beats_trips, index 3 is three of a kind and 4 the straight)."""
    if straight_beats_trips:
        return np.array([HR_SD_CATEGORY_FIRST_SBT[i] for i in range(9)], dtype=np.int32)
    return np.array([HR_SD_CATEGORY_FIRST[i] for i in range(9)], dtype=np.int32)


def table_bytes():
    """Total size in bytes of the compiled lookup tables."""
    return (((HR_SD_KEY_LIMIT >> HR_SD_ROW_SHIFT) + 1) * 2 + sizeof(HR_SD_NOFLUSH)
            + sizeof(HR_SD_NOFLUSH_SBT) + sizeof(HR_SD_KB) + sizeof(HR_SD_FLUSH) + sizeof(HR_SD_SBT)
            + sizeof(HR_SD_CLASS_RANKS) + sizeof(HR_SD_RANK_KEY) + 2 * sizeof(HR_SD_CATEGORY_FIRST))


def showdown_exact(const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                   const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                   uint64_t deck_mask, int rule, int option, int prefix, int64_t start,
                   int64_t stop, int64_t[:, ::1] out):
    """Equity engine unit (``_c/showdown_equity.h``), exact: the counts of prefixes
    start..stop added to ``out`` (6, players) int64, short deck's evaluation (option
    1: straight_beats_trips). Releases the GIL; ValueError / IndexError for bad
    sizes, cards or ranges (nothing added)."""
    se_exact(<hr_se_eval_fn>hr_sd_se_eval, option, rule, own, own_known, board,
             board_known, dead_mask, deck_mask, prefix, start, stop, out)


def showdown_monte_carlo(const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                         const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                         uint64_t deck_mask, int rule, int option, uint64_t seed,
                         int64_t first, int64_t chunk_deals, int64_t deals,
                         int64_t[:, ::1] out):
    """Equity engine unit, Monte Carlo: ``deals`` deals from chunk ``first`` (chunk i
    on stream i of ``seed``) added to ``out`` (6, players). As :func:`showdown_exact`."""
    se_monte_carlo(<hr_se_eval_fn>hr_sd_se_eval, option, rule, own, own_known, board,
                   board_known, dead_mask, deck_mask, seed, first, chunk_deals, deals, out)
