# cython: language_level=3
"""Compiled Omaha kernels (see ``handrank.omaha`` for the documented API).

The bulk kernel checks every card id of a row (range and repeats across hole and
board) before using any as a table index, so no input can make it read out of
bounds; the Python layer turns the (row, column, kind) it returns into the
exception naming them.
"""

cimport cython
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int32_t, int64_t
from libc.stddef cimport ptrdiff_t

from ..poker._kernel cimport HR_CARD_KEY, HR_SUIT_BASE, _scan, hr_poker_strength
from .._c.showdown_equity cimport hr_se_eval_fn, se_exact, se_monte_carlo
from .._support._kernel cimport Team, hr_team_rows

KIND_RANGE = HR_ERR_RANGE
KIND_DUPLICATE = HR_ERR_DUPLICATE
NO_LOW = HR_OMAHA_NO_LOW
LOW_MAX = HR_OMAHA_LOW_MAX

cdef extern from "omaha/kernel.h" nogil:
    const int HR_ERR_RANGE
    const int HR_ERR_DUPLICATE
    const uint8_t HR_OMAHA_TRIPLES[10][3]
    const uint8_t HR_OMAHA_PAIRS[15][2]
    void hr_omaha_se_eval(int option, const uint8_t* own, int n_own, const uint8_t* board,
                          int n_board, int want, int32_t* high, int32_t* low) noexcept


cdef int _load(object hole, object board, uint8_t* h, uint8_t* b) except -1:
    """Copy checked id lists (the Python layer has parsed and checked them) into
    h / b; returns the hole count. Re-checked here so no call can index out of
    bounds: 2..6 hole ids, 5 board ids, all distinct in 0..51."""
    cdef Py_ssize_t nh = len(hole), j
    cdef int col = 0
    if not 2 <= nh <= 6 or len(board) != 5:
        raise ValueError("need 2..6 hole ids and 5 board ids")
    for j in range(nh):
        if not 0 <= hole[j] < 52:
            raise ValueError("card ids must be in 0..51")
        h[j] = <uint8_t>hole[j]
    for j in range(5):
        if not 0 <= board[j] < 52:
            raise ValueError("card ids must be in 0..51")
        b[j] = <uint8_t>board[j]
    if hr_omaha_check_row(h, <int>nh, b, &col):
        raise ValueError("card ids must be distinct")
    return <int>nh


cdef int _fast(object hole, object board, uint8_t* h, uint8_t* b) noexcept:
    """The fast path of the single-hand calls: hole and board as card text or
    lists/tuples of int ids, read by poker's compiled scanner; the hole count
    (4..6) when both read and the cards are distinct, else -1 (the caller then
    parses in Python, which raises the error naming the culprit)."""
    cdef Py_ssize_t nh = _scan(hole, h, 6)
    cdef int col = 0
    if nh < 4 or _scan(board, b, 5) != 5 or hr_omaha_check_row(h, <int>nh, b, &col):
        return -1
    return <int>nh


def fast_high(hole, board):
    """High strength of a hand in plain text or id lists, or -1 when it needs the
    Python parser (another spelling, or a bad hand)."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = _fast(hole, board, h, b)
    return -1 if nh < 0 else hr_omaha_high(h, nh, b)


def fast_low(hole, board):
    """Low strength of a hand in plain text or id lists, or -1 (see fast_high)."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = _fast(hole, board, h, b)
    return -1 if nh < 0 else hr_omaha_low(h, nh, b)


def high(hole, board):
    """High strength (1..7462) of checked id lists: 2..6 hole ids, 5 board ids."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = _load(hole, board, h, b)
    return hr_omaha_high(h, nh, b)


def best_high(hole, board):
    """``(strength, five)``: the high strength and the five ids (two hole, then
    three board) of a best hand, by trying every two + three on poker's
    evaluator (the single-hand path: cares for the cards, not for speed)."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = _load(hole, board, h, b)
    cdef int p, t, j, np_ = nh * (nh - 1) // 2
    cdef int32_t s, best = 0
    cdef uint64_t key, mask
    cdef uint8_t five[5]
    cdef uint8_t bestfive[5]
    for t in range(10):
        for p in range(np_):
            five[0] = h[HR_OMAHA_PAIRS[p][0]]
            five[1] = h[HR_OMAHA_PAIRS[p][1]]
            for j in range(3):
                five[2 + j] = b[HR_OMAHA_TRIPLES[t][j]]
            key = HR_SUIT_BASE
            mask = 0
            for j in range(5):
                key += HR_CARD_KEY[five[j]]
                mask |= (<uint64_t>1) << five[j]
            s = hr_poker_strength(key, mask)
            if s > best:
                best = s
                for j in range(5):
                    bestfive[j] = five[j]
    return best, tuple(bestfive[j] for j in range(5))


def low(hole, board):
    """Low strength (1..56, 0 = none) of checked id lists."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = _load(hole, board, h, b)
    return hr_omaha_low(h, nh, b)


def low_mask(hole, board):
    """The best low's rank mask (bit 0 = ace .. bit 7 = eight; 0 = none)."""
    cdef uint8_t h[6]
    cdef uint8_t b[5]
    cdef int nh = _load(hole, board, h, b)
    return hr_omaha_low_mask(h, nh, b)


def low_strength_of_mask(uint32_t mask):
    """Low strength 1..56 of a mask of exactly five of the bits 0..7."""
    if mask >> 8 or bin(mask).count("1") != 5:
        raise ValueError("need a mask of five of the bits 0..7")
    return hr_omaha_low_strength(mask)


ctypedef struct _Rows:
    const uint8_t *holes
    const uint8_t *boards
    int32_t *out
    int h, low


cdef Py_ssize_t _rows(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                      int *col) noexcept nogil:
    cdef _Rows *c = <_Rows*>ctx
    return hr_omaha_eval_rows(c.holes, c.h, c.boards, start, stop, c.low, c.out, err, col)


def eval_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards, int32_t[::1] out,
              Py_ssize_t start, Py_ssize_t stop, bint low=False, Team team=None,
              bint lead=True):
    """Kernel: high (or, with ``low``, eight-or-better low) strengths of rows
    start..stop of (N, h) hole ids (h 2..6) and (N, 5) board ids into out.
    ``team``: None, or a ``handrank._support._kernel.Team`` for rows start..stop
    that several threads pass to the same call at once, sharing its rows in blocks;
    the ``lead`` thread's call returns once all have left.
    Returns None, or (row, column, kind) of the first bad row, the column counting the
    hole's first (0..h-1) then the board's (h..h+4) (with a team, the lead's call gives the
    team's lowest bad row; another's: the lowest met so far). Releases the GIL."""
    cdef int h = <int>holes.shape[1], err = 0, col = -1
    cdef Py_ssize_t bad = -1
    cdef int64_t *t = NULL
    cdef _Rows c
    if not 2 <= h <= 6 or boards.shape[1] != 5:
        raise ValueError("need (N, 2..6) holes and (N, 5) boards")
    if (start < 0 or stop > holes.shape[0] or stop > boards.shape[0] or stop > out.shape[0]
            or start > stop):
        raise IndexError("bad row range")
    if stop == start:
        return None
    c.holes = &holes[0, 0]; c.boards = &boards[0, 0]; c.out = &out[0]; c.h = h; c.low = low
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _rows, &c, &err, &col)
    if bad >= 0:
        return (bad, col, err)
    return None


cdef extern from "omaha/tables.h" nogil:
    const uint8_t HR_OMAHA_PAIR_IDX[169]
    const uint16_t HR_OMAHA_TRIPLE_OFF[2197]
    const uint16_t HR_OMAHA_HIGH[41405]


def table_entry(int a, int b, int c, int d, int e):
    """HR_OMAHA_HIGH's entry for board ranks a, b, c and hole ranks d, e (0..12):
    the rank-only strength of the five (0 for five of a rank)."""
    for r in (a, b, c, d, e):
        if not 0 <= r <= 12:
            raise ValueError("ranks are 0..12")
    return HR_OMAHA_HIGH[HR_OMAHA_TRIPLE_OFF[169 * a + 13 * b + c] + HR_OMAHA_PAIR_IDX[13 * d + e]]


def table_bytes():
    """Size in bytes of Omaha's own tables (poker's HR_FLUSH / HR_BYTE_KEY are shared)."""
    return sizeof(HR_OMAHA_PAIR_IDX) + sizeof(HR_OMAHA_TRIPLE_OFF) + sizeof(HR_OMAHA_HIGH)


def showdown_exact(const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                   const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                   uint64_t deck_mask, int rule, int option, int prefix, int64_t start,
                   int64_t stop, int64_t[:, ::1] out):
    """Equity engine unit (``_c/showdown_equity.h``), exact: the counts of prefixes
    start..stop added to ``out`` (6, players) int64, Omaha's evaluation (high, and
    the eight-or-better low for the Hi-Lo rule). Releases the GIL; ValueError /
    IndexError for bad sizes, cards or ranges (nothing added)."""
    se_exact(<hr_se_eval_fn>hr_omaha_se_eval, option, rule, own, own_known, board,
             board_known, dead_mask, deck_mask, prefix, start, stop, out)


def showdown_monte_carlo(const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                         const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                         uint64_t deck_mask, int rule, int option, uint64_t seed,
                         int64_t first, int64_t chunk_deals, int64_t deals,
                         int64_t[:, ::1] out):
    """Equity engine unit, Monte Carlo: ``deals`` deals from chunk ``first`` (chunk i
    on stream i of ``seed``) added to ``out`` (6, players). As :func:`showdown_exact`."""
    se_monte_carlo(<hr_se_eval_fn>hr_omaha_se_eval, option, rule, own, own_known, board,
                   board_known, dead_mask, deck_mask, seed, first, chunk_deals, deals, out)
