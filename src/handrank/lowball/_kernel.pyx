# cython: language_level=3
"""Compiled lowball kernels (see ``handrank.lowball`` for the documented API).

The bulk kernels check every card id before using it, so no input can make
them read out of bounds; the Python layer turns the error codes they return
into exceptions naming the row and column.
"""

from libc.stdint cimport uint8_t, int16_t, int32_t, int64_t
from libc.stddef cimport ptrdiff_t

from .._support._kernel cimport Team, hr_team_rows
from ..poker._kernel cimport card_arg

import numpy as np

from ..cards import format_card
from ..errors import DuplicateCardError, HandSizeError

KIND_RANGE = HR_LOW_ERR_RANGE
KIND_DUPLICATE = HR_LOW_ERR_DUPLICATE

cdef enum:
    _D27 = 0
    _A5 = 1
    _BADUGI = 2

#: Game numbers of the generic entry points.
DEUCE_TO_SEVEN = _D27
ACE_TO_FIVE = _A5
BADUGI = _BADUGI

NUM_STRENGTHS = (HR_LOW_27_NUM_STRENGTHS, HR_LOW_A5_NUM_STRENGTHS, HR_LOW_BADUGI_NUM_STRENGTHS)


cdef int _row(object cards, uint8_t* buf, int lo, int hi) except -1:
    """Copy a list/tuple of lo..hi card ids into buf; CardRangeError / TypeError /
    DuplicateCardError naming the position, HandSizeError for a bad count."""
    cdef Py_ssize_t n = len(cards)
    cdef long v
    cdef unsigned long long seen = 0
    cdef int j
    if n < lo or n > hi:
        raise HandSizeError(f"expected {lo if lo == hi else f'{lo} to {hi}'} cards, got {n}")
    for j in range(n):
        v = card_arg(cards[j], j)
        if seen >> v & 1:
            raise DuplicateCardError(f"duplicate card {format_card(v)} (id {v}) at position {j}",
                                     card=v)
        seen |= (<unsigned long long>1) << v
        buf[j] = <uint8_t>v
    return <int>n


def strength_ids(int game, cards):
    """Strength of one hand given as a list/tuple of card ids: ``game`` 0 =
    deuce-to-seven (5 ids), 1 = ace-to-five (5..7 ids, best five), 2 = badugi
    (4 ids). Raises CardRangeError, DuplicateCardError, HandSizeError, TypeError."""
    cdef uint8_t buf[8]
    cdef int32_t out = 0
    cdef int err = 0, col = -1, n
    if game == DEUCE_TO_SEVEN:
        _row(cards, buf, 5, 5)
        hr_low_27_eval_ids(buf, 0, 1, &out, &err, &col)
        return out
    if game == ACE_TO_FIVE:
        n = _row(cards, buf, 5, 7)
        return hr_low_a5_row(buf, n)
    if game == BADUGI:
        _row(cards, buf, 4, 4)
        return hr_low_badugi_row(buf)
    raise ValueError(f"unknown lowball game {game}")


ctypedef struct _IdRows:
    const uint8_t *ids
    int32_t *out
    int game, k


cdef Py_ssize_t _id_rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                         int *col) noexcept nogil:
    cdef _IdRows *c = <_IdRows*>ctx
    if c.game == _D27:
        return hr_low_27_eval_ids(c.ids, start, stop, c.out, err, col)
    if c.game == _A5:
        return hr_low_a5_eval_ids(c.ids, c.k, start, stop, c.out, err, col)
    return hr_low_badugi_eval_ids(c.ids, start, stop, c.out, err, col)


def eval_ids(int game, const uint8_t[:, ::1] ids, int32_t[::1] out, Py_ssize_t start,
             Py_ssize_t stop, Team team=None, bint lead=True):
    """Kernel: strengths of rows start..stop of a C-contiguous (N, k) uint8 array
    into out (k = 5 for game 0, 5..7 for game 1, 4 for game 2). ``team``: None, or a
    ``handrank._support._kernel.Team`` for rows start..stop that several threads pass to
    the same call at once, sharing its rows in blocks; the ``lead`` thread's call
    returns once all have left. Returns None, or (row, column, error kind) of the first
    bad row (with a team, the lead's call gives the team's lowest bad row; another's: the
    lowest met so far). Releases the GIL."""
    cdef int err = 0, col = -1
    cdef int k = <int>ids.shape[1]
    cdef ptrdiff_t bad = -1
    cdef int64_t *t = NULL
    cdef _IdRows c
    if game == DEUCE_TO_SEVEN:
        if k != 5:
            raise ValueError("deuce-to-seven ids must have 5 columns")
    elif game == ACE_TO_FIVE:
        if not 5 <= k <= 7:
            raise ValueError("ace-to-five ids must have 5 to 7 columns")
    elif game == BADUGI:
        if k != 4:
            raise ValueError("badugi ids must have 4 columns")
    else:
        raise ValueError(f"unknown lowball game {game}")
    if start < 0 or stop > ids.shape[0] or stop > out.shape[0] or start > stop:
        raise IndexError("bad row range")
    if stop == start:
        return None
    c.ids = &ids[0, 0]; c.out = &out[0]; c.game = game; c.k = k
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _id_rows, &c, &err, &col)
    if bad >= 0:
        return (bad, col, err)
    return None


def category_first(int game):
    """int32 array: the lowest strength of each category of ``game``, worst first."""
    if game == DEUCE_TO_SEVEN:
        return np.array([HR_LOW_27_CATEGORY_FIRST[i] for i in range(9)], dtype=np.int32)
    if game == ACE_TO_FIVE:
        return np.array([HR_LOW_A5_CATEGORY_FIRST[i] for i in range(6)], dtype=np.int32)
    if game == BADUGI:
        return np.array([HR_LOW_BADUGI_CATEGORY_FIRST[i] for i in range(4)], dtype=np.int32)
    raise ValueError(f"unknown lowball game {game}")


def badugi_table():
    """A copy of the badugi rank-set table: int16 (8192,), index = 13-bit mask of
    ace-low ranks (bit 0 = ace), strength for 1..4 ranks, else 0."""
    return np.array([HR_LOW_BADUGI[i] for i in range(8192)], dtype=np.int16)


def table_bytes():
    """Total size in bytes of the compiled lowball tables (poker's, which
    deuce-to-seven also reads, not counted)."""
    return (sizeof(HR_LOW_27_FROM_POKER) + sizeof(HR_LOW_A5) + sizeof(HR_LOW_BADUGI)
            + sizeof(HR_LOW_BADUGI_SUBSETS) + sizeof(HR_LOW_27_CATEGORY_FIRST) + sizeof(HR_LOW_A5_CATEGORY_FIRST)
            + sizeof(HR_LOW_BADUGI_CATEGORY_FIRST))
