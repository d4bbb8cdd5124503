# cython: language_level=3
"""Compiled Hold'em equity kernels (see ``handrank.equity`` for the documented API).

The C code lives in ``equity/kernel.h`` (exact), ``equity/enumeration.h`` (exact with
suit isomorphism) and ``equity/sampling.h`` (Monte Carlo) and evaluates hands with
the shared poker kernel (``hr_poker_strength`` from ``poker/kernel.h``); the
heads-up board-by-board kernel is here. These wrappers check every shape, count
and card id before the kernels use them (``exact_iso`` checks each assignment's
cards in C in the block that runs it; ``headsup_boards`` works on checked copies;
``compatible_step`` bounds its second pass by its first), so no input, not even one
another thread changes during the call, can make the kernels read or write outside
their buffers.
"""

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from .._c.rng cimport hr_rng, hr_rng_below, hr_rng_next, hr_rng_stream
from .._support._kernel cimport Team, hr_team_rows

import numpy as np

from ..errors import HandrankError

cdef extern from "poker/tables.h" nogil:
    const uint64_t HR_SUIT_BASE
    const uint64_t HR_CARD_KEY[52]
    const uint64_t HR_BYTE_SUIT_BIT[256]
    const int HR_NUM_STRENGTHS

cdef extern from "poker/kernel.h" nogil:
    int32_t hr_poker_strength_sm(uint64_t key, uint64_t smask)

cdef extern from "equity/kernel.h" nogil:
    const int HR_EQ_UNITS
    const int HR_EQ_MAX_PLAYERS
    ctypedef struct hr_eq_acc:
        int64_t win[10]
        int64_t tie[10]
        int64_t share[10]
        int64_t share_sq[10]
        int64_t deals
    int hr_eq_exact(int n, int r, const uint8_t *holes, int64_t num_assign,
                    uint64_t base_key, uint64_t board_mask, uint64_t known_mask, int m0,
                    int split, int64_t start, int64_t stop, int64_t *out)

cdef extern from "equity/sampling.h" nogil:
    int hr_eq_monte_carlo(int n, int r, const uint64_t *ckey, const uint64_t *cmask,
                          const int64_t *off,
                          const double *prob, const int64_t *alias, const uint8_t *uniform,
                          uint64_t base_key, uint64_t board_mask, uint64_t known_mask,
                          uint64_t seed, uint64_t stream, int64_t samples, int64_t chunk,
                          int64_t max_reject, hr_eq_acc *acc)
    int hr_eq_plain_headsup(const uint8_t *c, uint64_t seed, int64_t samples,
                            int64_t *w0, int64_t *w1)

cdef extern from "equity/combos.h" nogil:
    int hr_eq_monte_carlo_combos(int n, int r, const uint64_t *ckey, const uint64_t *cmask,
                                 const int64_t *off, const double *prob, const int64_t *alias,
                                 const uint8_t *uniform, uint64_t base_key, uint64_t board_mask,
                                 uint64_t known_mask, uint64_t seed, uint64_t stream,
                                 int64_t samples, int64_t chunk, int64_t max_reject,
                                 hr_eq_acc *acc, int64_t *pc)

cdef extern from "equity/enumeration.h" nogil:
    int hr_eq_exact_iso(int n, int r, const uint8_t *holes, int64_t num_assign,
                        uint64_t base_key, uint64_t board_mask, uint64_t known_mask,
                        int parts, int64_t start, int64_t stop, int64_t *out,
                        int64_t *evaluated)
    ctypedef struct hr_eq_iso_prep:
        pass
    void hr_eq_iso_prepare(hr_eq_iso_prep *pr, uint64_t board_mask, uint64_t known_mask)
    int hr_eq_exact_iso_units(const hr_eq_iso_prep *pr, int n, int r, const uint8_t *holes,
                              int64_t num_assign, uint64_t base_key, uint64_t board_mask,
                              uint64_t known_mask, int parts, int64_t start, int64_t stop,
                              int64_t *out, int64_t *evaluated)
    uint32_t hr_eq_known_group(uint64_t board_mask, uint64_t known_mask)
    void hr_eq_class_keys(int n, const uint8_t *holes, int64_t A, uint32_t group,
                          uint64_t *keys)

#: Pot shares are counted in units of 1/SHARE_UNITS (lcm(1..10)): exact for any k-way tie.
SHARE_UNITS = HR_EQ_UNITS
MAX_PLAYERS = HR_EQ_MAX_PLAYERS


cdef int _board(const uint8_t[::1] board, uint64_t dead_mask,
                uint64_t *base_key, uint64_t *board_mask, uint64_t *known_mask) except -1:
    cdef Py_ssize_t i
    cdef uint64_t bit
    if board.shape[0] > 5:
        raise HandrankError(f"a board has at most 5 cards, got {board.shape[0]}")
    if dead_mask >> 52:
        raise HandrankError("dead-card mask has bits at 52 or above")
    base_key[0] = HR_SUIT_BASE
    board_mask[0] = 0
    for i in range(board.shape[0]):
        if board[i] >= 52:
            raise HandrankError(f"board card id {board[i]} is out of range 0..51")
        bit = (<uint64_t>1) << board[i]
        if board_mask[0] & bit or dead_mask & bit:
            raise HandrankError(f"board card id {board[i]} repeats")
        board_mask[0] |= bit
        base_key[0] += HR_CARD_KEY[board[i]]
    known_mask[0] = board_mask[0] | dead_mask
    return 0


def deck_left(const uint8_t[::1] board, uint64_t dead_mask, int players):
    """Cards left to deal from after the board, dead cards and 2 hole cards per player."""
    cdef uint64_t bk, bm, km
    if not 0 <= players <= HR_EQ_MAX_PLAYERS:  # before any arithmetic: 2 * players overflows an int
        raise HandrankError(f"players must be 0..{HR_EQ_MAX_PLAYERS}, got {players}")
    _board(board, dead_mask, &bk, &bm, &km)
    return 52 - bin(km).count("1") - 2 * players


def exact_units(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead_mask,
                int64_t start, int64_t stop, int64_t[:, ::1] out, bint split=True):
    """Kernel: exact enumeration of work units ``start..stop``.

    ``holes``: ``(A, 2n)`` uint8 hole cards of A assignments (each row: every
    player's two cards, all distinct and off the board and dead cards).
    Unit ``u`` is assignment ``u // m0`` and first dealt board card index
    ``u % m0`` in the remaining deck, ``m0 = deck_left - r + 1`` (1 when no card
    is dealt, or when ``split`` is false: then unit ``u`` is assignment ``u``
    with every board), ``r = 5 - len(board)``. ``out``: ``(A * m0, 3n)`` int64, row u
    receives wins[n], ties[n], pot share units[n] (1/SHARE_UNITS each) of unit u.
    Releases the GIL. Raises HandrankError on shape or card problems."""
    cdef int n, r
    cdef uint64_t bk, bm, km, used
    cdef int64_t a, A = holes.shape[0], m0
    cdef int j, left, rc = 0
    cdef uint8_t c
    # Shapes are checked as Py_ssize_t before they are narrowed to int.
    if holes.shape[1] % 2 or not 4 <= holes.shape[1] <= 2 * HR_EQ_MAX_PLAYERS:
        raise HandrankError(f"holes must have 2n columns, n = 2..10; got {holes.shape[1]}")
    if board.shape[0] not in (0, 3, 4, 5):
        raise HandrankError(f"a board has 0, 3, 4 or 5 cards, got {board.shape[0]}")
    n = <int>(holes.shape[1] // 2)
    r = 5 - <int>board.shape[0]
    _board(board, dead_mask, &bk, &bm, &km)
    left = 52 - bin(km).count("1") - 2 * n
    if left < r:
        raise HandrankError(f"only {left} cards left to deal {r} board cards")
    m0 = 1 if r == 0 or not split else left - r + 1
    if out.shape[1] != 3 * n or out.shape[0] != A * m0:
        raise HandrankError(f"out must have shape ({A * m0}, {3 * n}), got "
                            f"({out.shape[0]}, {out.shape[1]})")
    if not 0 <= start <= stop <= A * m0:
        raise HandrankError("bad unit range")
    if stop == start:
        return
    # Validate the assignments touched by this unit range.
    for a in range(start // m0, (stop - 1) // m0 + 1):
        used = km
        for j in range(2 * n):
            c = holes[a, j]
            if c >= 52 or used >> c & 1:
                raise HandrankError(f"assignment {a}: card id {c} is out of range or repeats")
            used |= (<uint64_t>1) << c
    with nogil:
        rc = hr_eq_exact(n, r, &holes[0, 0], A, bk, bm, km, <int>m0, split, start, stop,
                         &out[0, 0])
    if rc:
        raise HandrankError("equity input changed while the kernel ran")


cdef int _exact_args(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead_mask,
                     int64_t parts, int64_t start, int64_t stop, Py_ssize_t out_rows,
                     Py_ssize_t out_cols, uint64_t *bk, uint64_t *bm, uint64_t *km) except -1:
    """Check the arguments of ``exact_iso`` (shapes as Py_ssize_t before any is
    narrowed to int, and the board; the hole cards of each assignment are checked
    in C by the thread that runs its units, ``_iso_units``)."""
    cdef int64_t A = holes.shape[0]
    cdef int n, r, left
    if holes.shape[1] % 2 or not 4 <= holes.shape[1] <= 2 * HR_EQ_MAX_PLAYERS:
        raise HandrankError(f"holes must have 2n columns, n = 2..10; got {holes.shape[1]}")
    if board.shape[0] not in (0, 3, 4, 5):
        raise HandrankError(f"a board has 0, 3, 4 or 5 cards, got {board.shape[0]}")
    if not 1 <= parts <= 1 << 20:
        raise HandrankError(f"parts must be 1..{1 << 20}, got {parts}")
    n = <int>(holes.shape[1] // 2)
    r = 5 - <int>board.shape[0]
    _board(board, dead_mask, bk, bm, km)
    left = 52 - bin(km[0]).count("1") - 2 * n
    if left < r:
        raise HandrankError(f"only {left} cards left to deal {r} board cards")
    if out_cols != 3 * n or out_rows != A * parts:
        raise HandrankError(f"out must have shape ({A * parts}, {3 * n}), got "
                            f"({out_rows}, {out_cols})")
    if not 0 <= start <= stop <= A * parts:
        raise HandrankError("bad unit range")
    return 0


cdef inline Py_ssize_t _bad_assignment(const uint8_t *h, int k, uint64_t known) noexcept nogil:
    # The first of an assignment's k card ids that is >= 52 or repeats (a known card
    # included), or -1.
    cdef int j
    cdef uint8_t c
    for j in range(k):
        c = h[j]
        if c >= 52 or known >> c & 1:
            return j
        known |= (<uint64_t>1) << c
    return -1


cdef int _raise_bad_assignment(const uint8_t[:, ::1] holes, int64_t a, uint64_t known) except -1:
    cdef Py_ssize_t j = _bad_assignment(&holes[a, 0], <int>holes.shape[1], known)
    raise HandrankError(f"assignment {a}: card id {holes[a, j] if j >= 0 else '?'} is out "
                        f"of range or repeats")


ctypedef struct _IsoUnits:
    const hr_eq_iso_prep *prep  # made once per call, shared by its blocks
    const uint8_t *holes
    int64_t num_assign, evaluated
    int64_t *out
    uint64_t bk, bm, km
    int n, r, parts


cdef Py_ssize_t _iso_units(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                           int *col) noexcept nogil:
    # Units start..stop of one exact_iso call (a team's block, or all of them): the
    # cards of their assignments checked first (by the thread that runs them, once),
    # then enumerated.
    cdef _IsoUnits *c = <_IsoUnits*>ctx
    cdef int64_t ev = 0, a
    for a in range(start // c.parts, (stop - 1) // c.parts + 1):
        if _bad_assignment(c.holes + a * 2 * c.n, 2 * c.n, c.km) >= 0:
            err[0] = 2
            col[0] = -1
            return a * c.parts if a * c.parts >= start else start
    if hr_eq_exact_iso_units(c.prep, c.n, c.r, c.holes, c.num_assign, c.bk, c.bm, c.km,
                             c.parts, start, stop, c.out, &ev):
        err[0] = 1
        col[0] = -1
        return start
    c.evaluated += ev
    return -1


def exact_iso(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead_mask,
              int64_t parts, int64_t start, int64_t stop, int64_t[:, ::1] out,
              Team team=None, bint lead=True):
    """Kernel: exact enumeration of work units ``start..stop`` with board suit
    isomorphism (``equity/enumeration.h``): boards that differ only in cards of
    suits no player can still make a flush in are evaluated once and weighted.

    ``holes``: ``(A, 2n)`` uint8 hole cards of A assignments (each row: every
    player's two cards, all distinct and off the board and dead cards). Unit ``u``
    is assignment ``u // parts``, part ``u % parts`` of its boards (``parts`` >= 1;
    the parts of an assignment add up to all its boards). ``out``:
    ``(A * parts, 3n)`` int64; row u receives the counts of unit u: wins[n],
    ties[n], pot share units[n] (1/SHARE_UNITS each), over boards (not classes).
    ``team``: None, or a ``handrank._support._kernel.Team`` for units start..stop
    that several threads pass to the same call at once: they share the units in
    blocks (``_c/team.h``; each unit runs once, on the first thread free to take it,
    and writes only its row of ``out``), and the ``lead`` thread's call returns once
    the others have left, so one call per thread runs them all with no Python
    between units.
    Returns the number of boards evaluated (one per class) by this call's thread.
    Releases the GIL. Raises HandrankError on shape or card problems, and for a team
    of other units or a second lead."""
    cdef _IsoUnits c
    cdef hr_eq_iso_prep prep
    cdef int64_t *t = NULL
    cdef Py_ssize_t bad = -1
    cdef int err = 0, col = -1
    c.n = <int>(holes.shape[1] // 2)
    c.r = 5 - <int>board.shape[0]
    _exact_args(holes, board, dead_mask, parts, start, stop, out.shape[0], out.shape[1],
                &c.bk, &c.bm, &c.km)
    if stop == start:
        return 0
    c.holes = &holes[0, 0]; c.num_assign = holes.shape[0]; c.out = &out[0, 0]
    c.parts = <int>parts; c.evaluated = 0; c.prep = &prep
    if team is not None:  # after every argument check: a lead claims its round
        t = team.slots_for(start, stop, lead)
    with nogil:
        hr_eq_iso_prepare(&prep, c.bm, c.km)
        bad = hr_team_rows(t, start, stop, lead, _iso_units, &c, &err, &col)
    if bad >= 0 and err == 2:
        _raise_bad_assignment(holes, bad // parts, c.km)
    if bad >= 0:
        raise HandrankError("equity input changed while the kernel ran")
    return c.evaluated


def class_keys(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t dead_mask):
    """Kernel of exact planning's suit classes (``planning._suit_classes``).

    ``holes``: ``(A, 2n)`` uint8 hole cards of A assignments, n = 1..5 (ids are read
    ``& 63``; any byte is safe). Returns ``(keys, renamings)``: ``keys`` ``(A,)``
    uint64, for each assignment the smallest over the suit permutations that map the
    board and the dead cards onto themselves of the assignment renamed and packed as
    12 bits per player (first player highest: higher card id << 6 | lower one), so
    two assignments share a key exactly when such a renaming maps one onto the
    other; ``renamings`` the number of those permutations (identity included).
    Releases the GIL. Raises HandrankError on a bad shape or board."""
    cdef uint64_t bk, bm, km
    cdef uint32_t group
    cdef int n
    cdef Py_ssize_t A = holes.shape[0]
    if holes.shape[1] % 2 or not 2 <= holes.shape[1] <= 10:
        raise HandrankError(f"holes must have 2n columns, n = 1..5; got {holes.shape[1]}")
    n = <int>(holes.shape[1] // 2)
    _board(board, dead_mask, &bk, &bm, &km)
    keys = np.empty(A, dtype=np.uint64)
    cdef uint64_t[::1] kv = keys
    group = hr_eq_known_group(bm, km)
    if A:
        with nogil:
            hr_eq_class_keys(n, &holes[0, 0], A, group, &kv[0])
    return keys, bin(group).count("1")


def _kernel_only_benchmark(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                           uint64_t dead_mask, int repeat):
    """The "limit of this design" figure: ``repeat`` whole exact enumerations of every
    assignment of ``holes`` (one unit each) in one C loop, no Python between them.
    Returns (seconds per enumeration, boards evaluated per enumeration, ``(A, 3n)``
    counts of the last one)."""
    import time
    cdef uint64_t bk, bm, km
    cdef int64_t evaluated = 0, A = holes.shape[0]
    cdef int i, rc = 0, n = <int>(holes.shape[1] // 2), r = 5 - <int>board.shape[0]
    res = np.zeros((A, 3 * n), dtype=np.int64)
    cdef int64_t[:, ::1] out = res
    if repeat < 1 or A < 1:
        raise HandrankError("repeat and the number of assignments must be at least 1")
    _exact_args(holes, board, dead_mask, 1, 0, A, out.shape[0], out.shape[1], &bk, &bm, &km)
    for i in range(A):  # the cards, as _iso_units checks them per block
        if _bad_assignment(&holes[i, 0], 2 * n, km) >= 0:
            _raise_bad_assignment(holes, i, km)
    t = time.perf_counter()
    with nogil:
        for i in range(repeat):
            rc |= hr_eq_exact_iso(n, r, &holes[0, 0], A, bk, bm, km, 1, 0, A, &out[0, 0],
                                  &evaluated)
    t = time.perf_counter() - t
    if rc:
        raise HandrankError("equity input changed while the kernel ran")
    return t / repeat, evaluated, res


def monte_carlo(const uint8_t[:, ::1] combos, const int64_t[::1] off, const double[::1] prob,
                const int64_t[::1] alias, const uint8_t[::1] uniform, const uint8_t[::1] board, uint64_t dead_mask,
                uint64_t seed, int64_t samples, int64_t max_reject, uint64_t stream=0,
                int64_t chunk=0, int64_t[:, ::1] per_combo=None):
    """Kernel: ``samples`` Monte Carlo deals from random stream ``stream`` of
    ``seed`` (the same pair always gives the same deals, whichever thread); with
    ``chunk`` >= 1 the deals are cut into chunks of ``chunk`` (the last shorter),
    chunk j from stream ``stream + j``, and their counts added up: one call for
    many chunks gives exactly the counts of one call per chunk.

    Player p's range is ``combos[off[p]:off[p+1]]`` (``(K, 2)`` uint8 card ids),
    Where ``uniform[p]`` is 0 its combos are drawn by weight from Walker alias
    tables: ``prob`` (keep probability) and ``alias`` (global index of the
    alternative, inside the same player's slice).
    Returns ``(status, counts)``: status 0, or -1 when ``max_reject`` deals in a
    row found overlapping hands; counts ``(5, n)`` int64 rows wins, ties, share
    units, squared share units, and (first column) the number of deals.
    With ``per_combo`` (a ``(5, K)`` int64 array) the same deals (the same counts)
    also add each deal's counts to the combo every player was dealt: rows wins, ties,
    share units, squared share units, deals of combo i in column i
    (``equity/combos.h``).
    Releases the GIL."""
    cdef int n, r
    cdef uint64_t bk, bm, km
    cdef hr_eq_acc acc
    cdef int p, rc = 0
    cdef Py_ssize_t i, K = combos.shape[0]
    if not 3 <= off.shape[0] <= HR_EQ_MAX_PLAYERS + 1:
        raise HandrankError(f"2 to 10 players, got {off.shape[0] - 1}")
    n = <int>(off.shape[0] - 1)
    if board.shape[0] not in (0, 3, 4, 5):
        raise HandrankError(f"a board has 0, 3, 4 or 5 cards, got {board.shape[0]}")
    r = 5 - <int>board.shape[0]
    if uniform.shape[0] != n or prob.shape[0] != K or alias.shape[0] != K \
            or combos.shape[1] != 2 or K == 0:
        raise HandrankError("inconsistent range arrays")
    if K > 0x7FFFFFFF:  # a player's count is drawn from with a 32-bit bound
        raise HandrankError(f"at most {0x7FFFFFFF} combos, got {K}")
    # Every offset is checked (from 0, increasing, ending at K) before any indexes an array.
    if off[0] != 0 or off[n] != K:
        raise HandrankError("range offsets must run from 0 to the number of combos")
    for p in range(n):
        if off[p + 1] <= off[p] or off[p + 1] > K:
            raise HandrankError(f"range offsets must increase from 0 to the number of combos "
                                f"({K}); player {p} has offsets {off[p]}..{off[p + 1]}")
    for p in range(n):
        for i in range(off[p], off[p + 1]):
            if alias[i] < off[p] or alias[i] >= off[p + 1]:
                raise HandrankError(f"player {p}: alias index {alias[i]} outside its range")
    cdef uint64_t[::1] ckey = np.empty(K, dtype=np.uint64)
    cdef uint64_t[::1] cmask = np.empty(K, dtype=np.uint64)
    for i in range(K):
        if combos[i, 0] >= 52 or combos[i, 1] >= 52 or combos[i, 0] == combos[i, 1]:
            raise HandrankError(f"combo {i} is not two distinct card ids")
        ckey[i] = HR_CARD_KEY[combos[i, 0]] + HR_CARD_KEY[combos[i, 1]]
        cmask[i] = ((<uint64_t>1) << combos[i, 0]) | ((<uint64_t>1) << combos[i, 1])
    if samples < 0 or max_reject < 1 or chunk < 0:
        raise HandrankError("samples and chunk must be >= 0 and max_reject >= 1")
    _board(board, dead_mask, &bk, &bm, &km)
    if 52 - bin(km).count("1") - 2 * n < r:
        raise HandrankError(f"not enough cards left to deal {r} board cards")
    if per_combo is not None and (per_combo.shape[0] != 5 or per_combo.shape[1] != K):
        raise HandrankError(f"per_combo must have shape (5, {K}), got "
                            f"({per_combo.shape[0]}, {per_combo.shape[1]})")
    if per_combo is None:
        with nogil:
            rc = hr_eq_monte_carlo(n, r, &ckey[0], &cmask[0], &off[0], &prob[0], &alias[0],
                                   &uniform[0], bk, bm, km, seed, stream, samples, chunk,
                                   max_reject, &acc)
    else:
        with nogil:
            rc = hr_eq_monte_carlo_combos(n, r, &ckey[0], &cmask[0], &off[0], &prob[0],
                                          &alias[0], &uniform[0], bk, bm, km, seed, stream,
                                          samples, chunk, max_reject, &acc, &per_combo[0, 0])
    if rc == -2:
        raise HandrankError("bad range arrays")
    res = np.zeros((5, n), dtype=np.int64)
    for p in range(n):
        res[0, p] = acc.win[p]
        res[1, p] = acc.tie[p]
        res[2, p] = acc.share[p]
        res[3, p] = acc.share_sq[p]
    res[4, 0] = acc.deals
    return rc, res


def _plain_monte_carlo_benchmark(const uint8_t[::1] hands, uint64_t seed, int64_t samples):
    """The "limit of this design" row of benchmarks/bench_equity.py: ``samples``
    heads-up deals of a whole board for two fixed hands ``hands`` (4 card ids:
    hand 0 then hand 1) in one plain C loop on one stream: the same generator,
    card draw and tables as :func:`monte_carlo`, no chunks, no Python. Returns
    (wins of hand 0, wins of hand 1); the rest are ties. Releases the GIL."""
    cdef int64_t w0 = 0, w1 = 0
    cdef int rc
    if hands.shape[0] != 4 or samples < 0:
        raise HandrankError("need 4 card ids (two hands) and samples >= 0")
    with nogil:
        rc = hr_eq_plain_headsup(&hands[0], seed, samples, &w0, &w1)
    if rc:
        raise HandrankError("the two hands must be 4 distinct card ids 0..51")
    return w0, w1


def _rng_draws(uint64_t seed, uint64_t stream, Py_ssize_t n, uint32_t bound=0):
    """Test hook for the shared generator (``_c/rng.h``): ``n`` draws of stream
    ``stream`` of ``seed`` as a uint64 array of shape (n,): raw 64-bit outputs
    when ``bound`` is 0, else unbiased integers in ``0..bound-1``."""
    cdef hr_rng g
    cdef Py_ssize_t i
    cdef uint64_t[::1] out = np.empty(max(n, 0), dtype=np.uint64)
    hr_rng_stream(&g, seed, stream)
    for i in range(out.shape[0]):
        out[i] = hr_rng_next(&g) if bound == 0 else hr_rng_below(&g, bound)
    return np.asarray(out)


def scatter_combos(const int64_t[:, ::1] counts, int64_t b0, const int64_t[::1] order,
                   int64_t s, int64_t e, const int64_t[::1] inverse, const double[::1] weights,
                   const int64_t[:, ::1] idx, const int64_t[::1] off, double[:, ::1] out):
    """Kernel of ``equity(..., by_combo=True)`` (exact): add the counts of class
    representatives ``b0 .. b0 + len(counts)`` to every player's combo in each
    combination of those classes.

    ``counts``: ``(nb, 3n)`` int64 wins[n], ties[n], share units[n] of each
    representative; the combinations are ``order[s:e]`` (an ``(A,)`` int64 order of
    the combinations by class), or ``s .. e`` themselves when ``order`` is empty
    (every combination its own class); ``inverse`` ``(A,)`` each combination's class,
    ``weights`` ``(A,)`` its weight, ``idx`` ``(A, n)`` each player's combo in it,
    ``off`` ``(n + 1,)`` where each player's combos start in ``out``. ``out``
    ``(4, K)`` float64 receives, per combo, weight x wins, ties, share units, and the
    weight itself. Releases the GIL; HandrankError on any bad shape or index."""
    cdef Py_ssize_t n = idx.shape[1], A = idx.shape[0], nb = counts.shape[0], K
    cdef Py_ssize_t j, i, c, p, q, bad = -1
    cdef double w
    if not 2 <= n <= HR_EQ_MAX_PLAYERS or counts.shape[1] != 3 * n or off.shape[0] != n + 1:
        raise HandrankError("scatter_combos: inconsistent player counts")
    K = off[n]
    if out.shape[0] != 4 or out.shape[1] != K or inverse.shape[0] != A \
            or weights.shape[0] != A:
        raise HandrankError("scatter_combos: inconsistent shapes")
    for p in range(n):
        if off[p] < 0 or off[p + 1] < off[p] or off[p + 1] > K:
            raise HandrankError("scatter_combos: bad offsets")
    if not 0 <= s <= e or e > (order.shape[0] if order.shape[0] else A):
        raise HandrankError("scatter_combos: bad member range")
    with nogil:
        for j in range(s, e):
            i = order[j] if order.shape[0] else j
            if i < 0 or i >= A:
                bad = j
                break
            c = inverse[i] - b0
            if c < 0 or c >= nb:
                bad = j
                break
            w = weights[i]
            for p in range(n):
                q = off[p] + idx[i, p]
                if q < off[p] or q >= off[p + 1]:
                    bad = j
                    break
                out[0, q] += w * counts[c, p]
                out[1, q] += w * counts[c, n + p]
                out[2, q] += w * counts[c, 2 * n + p]
                out[3, q] += w
            if bad >= 0:
                break
    if bad >= 0:
        raise HandrankError(f"scatter_combos: member {bad} has an index out of range")


def compatible_step(const int32_t[:, ::1] idx, const uint64_t[::1] masks,
                    const double[::1] weights, const uint64_t[::1] range_masks,
                    const double[::1] range_weights, bint last=False):
    """Kernel of exact planning (``planning._compatible``): one more player's combos
    added to every combination of the players before.

    ``idx`` ``(A, k)`` int32 each combination's combo per player so far, ``masks``
    ``(A,)`` uint64 its cards, ``weights`` ``(A,)`` float64 its weight; the next
    player's range as ``range_masks`` ``(m,)`` uint64 and ``range_weights`` ``(m,)``.
    Returns ``(idx, masks, weights)`` of every pair (combination a, combo c) that
    shares no card, in the order of ``numpy.nonzero`` over the ``(A, m)`` table (a
    first): ``idx`` ``(A', k + 1)`` with c appended, ``masks[a] | range_masks[c]``,
    ``weights[a] * range_weights[c]``; with ``last`` (the last player) the masks
    are not made (an empty array: a third less fresh memory). Two passes (count,
    then fill), the GIL released. Raises HandrankError on inconsistent lengths."""
    cdef Py_ssize_t A = idx.shape[0], k = idx.shape[1], m = range_masks.shape[0]
    cdef Py_ssize_t a, c, j, n = 0, q = 0
    cdef uint64_t ma
    if masks.shape[0] != A or weights.shape[0] != A or range_weights.shape[0] != m:
        raise HandrankError("compatible_step: inconsistent lengths")
    with nogil:
        for a in range(A):
            ma = masks[a]
            for c in range(m):
                n += (ma & range_masks[c]) == 0
    out_idx = np.empty((n, k + 1), dtype=np.int32)
    out_masks = np.empty(0 if last else n, dtype=np.uint64)
    out_w = np.empty(n, dtype=np.float64)
    cdef int32_t[:, ::1] oi = out_idx
    cdef uint64_t[::1] om = out_masks
    cdef double[::1] ow = out_w
    if n:
        with nogil:
            for a in range(A):
                ma = masks[a]
                for c in range(m):
                    if ma & range_masks[c]:
                        continue
                    if q == n:  # the masks changed since they were counted
                        break
                    for j in range(k):
                        oi[q, j] = idx[a, j]
                    oi[q, k] = <int32_t>c
                    if not last:
                        om[q] = ma | range_masks[c]
                    ow[q] = weights[a] * range_weights[c]
                    q += 1
    if q != n:
        raise HandrankError("equity input changed while the kernel ran")
    return out_idx, out_masks, out_w


def gather_holes(const int32_t[:, ::1] idx, list combos):
    """Kernel of exact planning (``planning._holes``): ``(A, 2n)`` uint8 hole cards of
    the combinations ``idx`` (``(A, n)`` int32 combo indices), player p's two cards
    from ``combos[p]`` (a C-contiguous ``(m_p, 2)`` uint8 array). Releases the GIL.
    Raises HandrankError for a wrong number of players or an index out of range."""
    cdef Py_ssize_t A = idx.shape[0], n = idx.shape[1], a, p
    cdef int32_t c
    cdef const uint8_t[:, ::1] cp
    if len(combos) != n:
        raise HandrankError(f"gather_holes: {len(combos)} ranges for {n} players")
    holes = np.empty((A, 2 * n), dtype=np.uint8)
    cdef uint8_t[:, ::1] h = holes
    for p in range(n):
        cp = combos[p]
        if cp.shape[1] != 2:
            raise HandrankError("gather_holes: combos must be (m, 2)")
        with nogil:
            for a in range(A):
                c = idx[a, p]
                if c < 0 or c >= cp.shape[0]:
                    with gil:
                        raise HandrankError(f"gather_holes: combo index {c} out of range "
                                            f"for player {p}")
                h[a, 2 * p] = cp[c, 0]
                h[a, 2 * p + 1] = cp[c, 1]
    return holes


def weighted_sum(const double[::1] weights, const int64_t[:, ::1] counts, double[::1] out):
    """Kernel of exact equity's totals: ``out[j] += sum_i weights[i] * counts[i, j]``
    (``weights`` ``(m,)`` float64, ``counts`` ``(m, k)`` int64, ``out`` ``(k,)``
    float64), rows in order in blocks of 256 (each block summed on its own, then
    added to ``out``: the same rounding for any thread count). Replaces
    numpy's ``weights @ counts``, which went to OpenBLAS, whose threads then spun on
    the other cores. Releases the GIL; HandrankError on inconsistent shapes."""
    cdef Py_ssize_t m = counts.shape[0], k = counts.shape[1], i, j, b, e
    cdef double part[64]
    if weights.shape[0] != m or out.shape[0] != k:
        raise HandrankError("weighted_sum: inconsistent shapes")
    if k > 64:
        raise HandrankError(f"weighted_sum: at most 64 columns, got {k}")
    with nogil:
        for b in range(0, m, 256):
            e = min(m, b + 256)
            for j in range(k):
                part[j] = 0.0
            for i in range(b, e):
                for j in range(k):
                    part[j] += weights[i] * <double>counts[i, j]
            for j in range(k):
                out[j] += part[j]


# ----------------------------------------------------------------- heads-up, board by board
# Exact heads-up equity of two ranges after the flop (equity/headsup.py): for each
# completion of the board, every combo of both ranges is evaluated once, the
# villain's are sorted by strength, and each hero combo's wins, ties and losses are
# differences of prefix sums of the villain's weights (the whole sorted list, minus
# the villain combos that hold either of the hero's cards: one sorted list per card,
# plus the villain combo of exactly the hero's two cards, which both lists took off).
# The prefix sums are double-double (a value and its rounding error), so a heavy
# blocked combo cancelling against light ones loses nothing (weights are in (0, 1]).

ctypedef struct _dd:
    double hi, lo

cdef inline _dd _dd_add(_dd a, double w) noexcept nogil:
    cdef _dd r
    cdef double s = a.hi + w, bb = s - a.hi
    cdef double e = (a.hi - (s - bb)) + (w - bb) + a.lo
    r.hi = s + e
    r.lo = e - (r.hi - s)
    return r

cdef inline _dd _dd_sub(_dd a, _dd b) noexcept nogil:
    cdef _dd r
    cdef double s = a.hi - b.hi, bb = s - a.hi
    cdef double e = (a.hi - (s - bb)) + (-b.hi - bb) + (a.lo - b.lo)
    r.hi = s + e
    r.lo = e - (r.hi - s)
    return r

ctypedef struct _Villain:
    int32_t s
    int32_t a, b
    double w

ctypedef struct _HeadsUp:
    const uint8_t *hero       # (H, 2) checked copies
    const double *hero_w
    const uint8_t *vill       # (V, 2) checked copies
    const double *vill_w
    const uint8_t *comp       # (nb, r) checked copies: each board's completion
    int64_t H, V, r
    uint64_t base_key, board_sm, known
    double *out               # (nb, 4): hero wins, ties, villain wins, deals
    # per-thread scratch (the call's own)
    _Villain *vs              # this board's villain combos, sorted by strength
    _Villain *tmp             # the same, in range order (before the counting sort)
    int32_t *below            # [s]: this board's villain combos weaker than s (0..7463)
    int32_t *ss
    _dd *pw
    int32_t *pair


cdef inline Py_ssize_t _below(const int32_t *s, Py_ssize_t n, int32_t v) noexcept nogil:
    # entries of the sorted s[0..n) below v
    cdef Py_ssize_t lo = 0, hi = n, mid
    while lo < hi:
        mid = (lo + hi) >> 1
        if s[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


cdef inline double _pos(_dd x) noexcept nogil:
    # a difference of prefix sums, rounded once; never below 0 (a true 0 may round
    # to a tiny negative)
    cdef double v = x.hi + x.lo
    return v if v > 0 else 0.0


cdef void _headsup_board(_HeadsUp *c, int64_t bidx) noexcept nogil:
    cdef uint64_t key = c.base_key, sm = c.board_sm, dealt = c.known
    cdef _Villain *vs = c.vs
    cdef _Villain *tmp = c.tmp
    cdef int32_t *below = c.below
    cdef int32_t *ss = c.ss
    cdef _dd *pw = c.pw
    cdef int32_t *pair = c.pair
    cdef Py_ssize_t off[53]
    cdef Py_ssize_t fill[52]
    cdef Py_ssize_t i, n = 0, k0, ka, kb, na, nb, e0, e1, a0, a1, b0, b1
    cdef int a, b, x, q
    cdef int32_t sh
    cdef int64_t j
    cdef double win0 = 0, tie = 0, win1 = 0, deals = 0, wh, less, eq, gt
    cdef _dd z, d
    z.hi = 0
    z.lo = 0
    for q in range(c.r):
        a = c.comp[bidx * c.r + q]
        key += HR_CARD_KEY[a]
        sm |= HR_BYTE_SUIT_BIT[a]
        dealt |= (<uint64_t>1) << a
    # the villain's combos off this board, evaluated, then sorted by strength with a
    # counting sort (strengths are 1..7462); below[s] = how many are weaker than s
    memset(below, 0, (HR_NUM_STRENGTHS + 2) * sizeof(int32_t))
    for i in range(c.V):
        a, b = c.vill[2 * i], c.vill[2 * i + 1]
        if (dealt >> a | dealt >> b) & 1:
            continue
        tmp[n].a, tmp[n].b, tmp[n].w = a, b, c.vill_w[i]
        tmp[n].s = hr_poker_strength_sm(key + HR_CARD_KEY[a] + HR_CARD_KEY[b],
                                        sm | HR_BYTE_SUIT_BIT[a] | HR_BYTE_SUIT_BIT[b])
        below[tmp[n].s + 1] += 1
        n += 1
    for i in range(1, HR_NUM_STRENGTHS + 2):
        below[i] += below[i - 1]
    for i in range(n):  # stable: below[s] walks up through strength s's places
        vs[below[tmp[i].s]] = tmp[i]
        below[tmp[i].s] += 1
    for i in range(HR_NUM_STRENGTHS + 1, 0, -1):  # back to "weaker than s"
        below[i] = below[i - 1]
    below[0] = 0
    # strengths: [0, n) the whole list, then card c's list at n + off[c] ..; prefix
    # sums: the whole list at pw[0 .. n], card c's at pw[n + 1 + off[c] + c ..]
    for i in range(53):
        off[i] = 0
    for i in range(n):
        off[vs[i].a + 1] += 1
        off[vs[i].b + 1] += 1
    for i in range(52):
        off[i + 1] += off[i]
        fill[i] = 0
    pw[0] = z
    for i in range(n):
        ss[i] = vs[i].s
        pw[i + 1] = _dd_add(pw[i], vs[i].w)
        pair[vs[i].a * 52 + vs[i].b] = <int32_t>i
        pair[vs[i].b * 52 + vs[i].a] = <int32_t>i
    for i in range(52):
        pw[n + 1 + off[i] + i] = z
    for i in range(n):
        for x in range(2):
            a = vs[i].a if x == 0 else vs[i].b
            ss[n + off[a] + fill[a]] = vs[i].s
            k0 = n + 1 + off[a] + a + fill[a]
            pw[k0 + 1] = _dd_add(pw[k0], vs[i].w)
            fill[a] += 1
    for i in range(c.H):
        a, b = c.hero[2 * i], c.hero[2 * i + 1]
        if (dealt >> a | dealt >> b) & 1:
            continue
        wh = c.hero_w[i]
        sh = hr_poker_strength_sm(key + HR_CARD_KEY[a] + HR_CARD_KEY[b],
                                  sm | HR_BYTE_SUIT_BIT[a] | HR_BYTE_SUIT_BIT[b])
        na, nb = off[a + 1] - off[a], off[b + 1] - off[b]
        ka, kb = n + 1 + off[a] + a, n + 1 + off[b] + b     # prefix starts
        e0, e1 = below[sh], below[sh + 1]
        a0, a1 = _below(ss + n + off[a], na, sh), _below(ss + n + off[a], na, sh + 1)
        b0, b1 = _below(ss + n + off[b], nb, sh), _below(ss + n + off[b], nb, sh + 1)
        # below, equal to and above the hero's strength, the hero's cards taken off
        less = _pos(_dd_sub(_dd_sub(pw[e0], pw[ka + a0]), pw[kb + b0]))
        d = _dd_sub(_dd_sub(_dd_sub(pw[e1], pw[e0]), _dd_sub(pw[ka + a1], pw[ka + a0])),
                    _dd_sub(pw[kb + b1], pw[kb + b0]))
        j = pair[a * 52 + b]
        if j >= 0:  # exactly the hero's two cards: taken off twice, it has his strength
            d = _dd_add(d, vs[j].w)
        eq = _pos(d)
        gt = _pos(_dd_sub(_dd_sub(_dd_sub(pw[n], pw[e1]), _dd_sub(pw[ka + na], pw[ka + a1])),
                          _dd_sub(pw[kb + nb], pw[kb + b1])))
        win0 += wh * less
        tie += wh * eq
        win1 += wh * gt
        deals += wh * (less + eq + gt)
    for i in range(n):
        pair[vs[i].a * 52 + vs[i].b] = -1
        pair[vs[i].b * 52 + vs[i].a] = -1
    c.out[4 * bidx] = win0
    c.out[4 * bidx + 1] = tie
    c.out[4 * bidx + 2] = win1
    c.out[4 * bidx + 3] = deals


cdef void _headsup_free(_HeadsUp *c) noexcept:
    free(c.vs); free(c.tmp); free(c.below); free(c.ss); free(c.pw); free(c.pair)


cdef Py_ssize_t _headsup_boards(void *ctx, Py_ssize_t start, Py_ssize_t stop, int *err,
                                int *col) noexcept nogil:
    cdef Py_ssize_t b
    for b in range(start, stop):
        _headsup_board(<_HeadsUp *>ctx, b)
    return -1


cdef uint8_t[:, ::1] _combo_copy(const uint8_t[:, ::1] combos, const double[::1] w,
                                  uint64_t known, str who):
    # A checked copy (the kernel reads only the copy: another thread writing the
    # caller's array cannot move an id out of range after the check).
    cdef Py_ssize_t i, m = combos.shape[0]
    cdef uint8_t a, b
    cdef uint8_t[:, ::1] out
    cdef uint8_t seen[2704]
    if combos.shape[1] != 2 or w.shape[0] != m:
        raise HandrankError(f"headsup_boards: {who} combos must be (m, 2) with m weights")
    out = np.empty((m, 2), dtype=np.uint8)
    for i in range(2704):
        seen[i] = 0
    for i in range(m):
        a, b = combos[i, 0], combos[i, 1]
        if a >= 52 or b >= 52 or a == b or (known >> a | known >> b) & 1:
            raise HandrankError(f"headsup_boards: {who} combo {i} holds a card id out of "
                                f"range, twice, or on the board or dead")
        if seen[a * 52 + b]:
            raise HandrankError(f"headsup_boards: {who} combo {i} repeats an earlier combo")
        seen[a * 52 + b] = seen[b * 52 + a] = 1
        if not 0 < w[i] <= 1:
            raise HandrankError(f"headsup_boards: {who} combo {i} has a weight outside (0, 1]")
        out[i, 0], out[i, 1] = a, b
    return out


def headsup_pairs(const uint8_t[:, ::1] hero, const uint8_t[:, ::1] villain):
    """Kernel of ``equity/headsup.py``: the number of (hero combo, villain combo) pairs
    that share no card, from per-card counts (O(m)). ``hero``, ``villain``: ``(m, 2)``
    uint8 combos of card ids < 52, each combo at most once per range (unchecked here:
    a bad id raises HandrankError, a repeated combo miscounts)."""
    cdef int64_t per[52]
    cdef int64_t total = 0, V = villain.shape[0]
    cdef uint8_t seen[2704]
    cdef Py_ssize_t i
    cdef uint8_t a, b
    if hero.shape[1] != 2 or villain.shape[1] != 2:
        raise HandrankError("headsup_pairs: combos must be (m, 2)")
    for i in range(52):
        per[i] = 0
    for i in range(2704):
        seen[i] = 0
    for i in range(V):
        a, b = villain[i, 0], villain[i, 1]
        if a >= 52 or b >= 52 or a == b:
            raise HandrankError(f"headsup_pairs: villain combo {i} is not two cards")
        per[a] += 1
        per[b] += 1
        seen[a * 52 + b] = seen[b * 52 + a] = 1
    for i in range(hero.shape[0]):
        a, b = hero[i, 0], hero[i, 1]
        if a >= 52 or b >= 52 or a == b:
            raise HandrankError(f"headsup_pairs: hero combo {i} is not two cards")
        total += V - per[a] - per[b] + seen[a * 52 + b]
    return total


def headsup_boards(const uint8_t[:, ::1] hero, const double[::1] hero_w,
                   const uint8_t[:, ::1] villain, const double[::1] villain_w,
                   const uint8_t[::1] board, uint64_t dead_mask,
                   const uint8_t[:, ::1] completions, int64_t start, int64_t stop,
                   double[:, ::1] out, Team team=None, bint lead=True):
    """Kernel of ``equity/headsup.py``: exact heads-up equity, board by board.

    ``hero``, ``villain``: ``(m, 2)`` uint8 combos (distinct ids < 52 off the board and
    the dead cards, no combo twice) with ``(m,)`` float64 weights in (0, 1];
    ``board`` 3 to 5 card ids; ``completions`` ``(B, 5 - len(board))`` uint8, the cards
    that complete the board, one row per board (a ``(1, 0)`` array on the river).
    Boards ``start..stop`` are evaluated: ``out`` ``(B, 4)`` float64 row b receives
    the weight (hero weight x villain weight) of the compatible pairs that the hero
    wins, that tie, that the villain wins, and their sum, on board b. With ``team``
    (a ``handrank._support._kernel.Team`` for boards start..stop) several threads
    share the boards as ``exact_iso`` does. Releases the GIL; raises HandrankError on
    a bad board, completion, combo or weight (before any board is evaluated)."""
    cdef uint64_t bk, bm, km, bit
    cdef Py_ssize_t B = completions.shape[0], r = completions.shape[1], i, q, V
    cdef _HeadsUp c
    cdef int64_t *t = NULL
    cdef Py_ssize_t bad = -1
    cdef int err = 0, col = -1
    cdef uint8_t[:, ::1] hc, vc
    cdef uint8_t[:, ::1] comp
    cdef uint64_t used
    cdef uint8_t card
    if board.shape[0] < 3 or board.shape[0] + r != 5:
        raise HandrankError(f"headsup_boards: a board of 3 to 5 cards and completions of "
                            f"the rest; got {board.shape[0]} and {r}")
    _board(board, dead_mask, &bk, &bm, &km)
    hw = np.array(hero_w, dtype=np.float64)  # copies: checked, then read by the kernel
    vw = np.array(villain_w, dtype=np.float64)
    hc = _combo_copy(hero, hw, km, "hero")
    vc = _combo_copy(villain, vw, km, "villain")
    if out.shape[0] != B or out.shape[1] != 4:
        raise HandrankError(f"headsup_boards: out must have shape ({B}, 4)")
    if not 0 <= start <= stop <= B:
        raise HandrankError("headsup_boards: bad board range")
    comp = np.empty((max(B, 1), max(r, 1)), dtype=np.uint8)
    for i in range(B):
        used = km
        for q in range(r):
            card = completions[i, q]  # read once: the copy is what was checked
            if card >= 52 or used >> card & 1:
                raise HandrankError(f"headsup_boards: completion {i} holds a card id out "
                                    f"of range, twice, or on the board or dead")
            used |= (<uint64_t>1) << card
            comp[i, q] = card
    cdef double[::1] hwv = hw, vwv = vw
    V = vc.shape[0]
    c.hero = &hc[0, 0] if hc.shape[0] else NULL
    c.vill = &vc[0, 0] if V else NULL
    c.hero_w = &hwv[0] if hwv.shape[0] else NULL
    c.vill_w = &vwv[0] if V else NULL
    c.comp = &comp[0, 0]
    c.H, c.V, c.r = hc.shape[0], V, r
    c.base_key, c.known = bk, km
    c.board_sm = 0
    for i in range(52):
        if bm >> i & 1:
            c.board_sm |= HR_BYTE_SUIT_BIT[i]
    c.out = &out[0, 0] if B else NULL
    if stop == start:
        return None
    c.vs = <_Villain *>malloc(max(V, 1) * sizeof(_Villain))
    c.tmp = <_Villain *>malloc(max(V, 1) * sizeof(_Villain))
    c.below = <int32_t *>malloc((HR_NUM_STRENGTHS + 2) * sizeof(int32_t))
    c.ss = <int32_t *>malloc(max(3 * V, 1) * sizeof(int32_t))
    c.pw = <_dd *>malloc((3 * V + 53) * sizeof(_dd))
    c.pair = <int32_t *>malloc(2704 * sizeof(int32_t))
    if c.vs == NULL or c.tmp == NULL or c.below == NULL or c.ss == NULL or c.pw == NULL \
            or c.pair == NULL:
        _headsup_free(&c)
        raise MemoryError()
    for i in range(2704):
        c.pair[i] = -1
    if team is not None:  # after every argument check: a lead claims its round
        try:
            t = team.slots_for(start, stop, lead)
        except BaseException:
            _headsup_free(&c)
            raise
    with nogil:
        bad = hr_team_rows(t, start, stop, lead, _headsup_boards, &c, &err, &col)
    _headsup_free(&c)
    return None
