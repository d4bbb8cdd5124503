# The shared variant-equity engine (showdown_equity.h) for the games' Cython modules.
# A game plugs in with its C evaluation callback (hr_se_eval_fn) and two thin defs:
#
#     from .._c.showdown_equity cimport se_exact, se_monte_carlo
#     def showdown_exact(own, own_known, board, int board_known, uint64_t dead_mask,
#                        uint64_t deck_mask, int rule, int option, int prefix,
#                        int64_t start, int64_t stop, int64_t[:, ::1] out):
#         se_exact(<hr_se_eval_fn>my_eval, option, rule, own, own_known, board,
#                  board_known, dead_mask, deck_mask, prefix, start, stop, out)
#
# (and the same for se_monte_carlo); handrank._support.showdown_equity drives them.
from libc.stdint cimport uint8_t, int32_t, int64_t, uint64_t

cdef extern from "_c/showdown_equity.h" nogil:
    const int HR_SE_HIGH
    const int HR_SE_HILO
    const int HR_SE_LOW
    const int HR_SE_UNITS
    const int HR_SE_ROWS
    const int HR_SE_MAX_PLAYERS
    const int HR_SE_MAX_OWN
    const int HR_SE_MAX_BOARD
    const int HR_SE_MAX_CARDS
    const int HR_SE_WANT_HIGH
    const int HR_SE_WANT_LOW
    const int HR_SE_E_SHAPE
    const int HR_SE_E_CARD
    const int HR_SE_E_DECK
    const int HR_SE_E_RANGE
    ctypedef void (*hr_se_eval_fn)(int option, const uint8_t* own, int n_own,
                                   const uint8_t* board, int n_board, int want,
                                   int32_t* high, int32_t* low) noexcept nogil
    ctypedef struct hr_se_game:
        hr_se_eval_fn eval
        int option
        int rule
        int players
        int own_size
        int board_size
        uint64_t deck_mask
    int hr_se_exact(const hr_se_game* g, uint8_t* cards, const uint8_t* own_known,
                    int board_known, uint64_t dead_mask, int s, int64_t start,
                    int64_t stop, int64_t* out) noexcept nogil
    int hr_se_monte_carlo(const hr_se_game* g, uint8_t* cards, const uint8_t* own_known,
                          int board_known, uint64_t dead_mask, uint64_t seed,
                          int64_t first, int64_t chunk_deals, int64_t deals,
                          int64_t* out) noexcept nogil


cdef inline int _se_setup(hr_se_game* g, uint8_t* cards, uint8_t* known,
                          hr_se_eval_fn fn, int option, int rule,
                          const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                          const uint8_t[::1] board, uint64_t deck_mask,
                          int64_t[:, ::1] out) except -1:
    """Fill the game and a private copy of the layout (threads share the arrays; the
    kernel writes the dealt cards into its copy)."""
    cdef Py_ssize_t n = own.shape[0], h = own.shape[1], b = board.shape[0], p, j
    if not 1 <= n <= HR_SE_MAX_PLAYERS or h > HR_SE_MAX_OWN or b > HR_SE_MAX_BOARD:
        raise ValueError("showdown equity: 1..10 players, at most 7 own and 5 board cards")
    if own_known.shape[0] != n or out.shape[0] != HR_SE_ROWS or out.shape[1] != n:
        raise ValueError("showdown equity: own_known needs one entry per player and out "
                         "the shape (6, players)")
    g.eval = fn
    g.option = option
    g.rule = rule
    g.players = <int>n
    g.own_size = <int>h
    g.board_size = <int>b
    g.deck_mask = deck_mask
    for p in range(n):
        known[p] = own_known[p]
        for j in range(h):
            cards[p * h + j] = own[p, j]
    for j in range(b):
        cards[n * h + j] = board[j]
    return 0


cdef inline int _se_raise(int rc) except -1:
    if rc == HR_SE_E_SHAPE:
        raise ValueError("showdown equity: bad sizes or known-card counts")
    if rc == HR_SE_E_CARD:
        raise ValueError("showdown equity: a known card is out of range, outside the deck "
                         "or given twice")
    if rc == HR_SE_E_DECK:
        raise ValueError("showdown equity: too few cards left in the deck for the deal")
    if rc:
        raise IndexError("showdown equity: prefix length or unit range out of range")
    return 0


cdef inline int se_exact(hr_se_eval_fn fn, int option, int rule,
                         const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                         const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                         uint64_t deck_mask, int prefix, int64_t start, int64_t stop,
                         int64_t[:, ::1] out) except -1:
    """Exact counts of prefixes [start, stop) added to out (6, players); GIL released."""
    cdef hr_se_game g
    cdef uint8_t cards[80]
    cdef uint8_t known[10]
    cdef int rc
    _se_setup(&g, cards, known, fn, option, rule, own, own_known, board, deck_mask, out)
    with nogil:
        rc = hr_se_exact(&g, cards, known, board_known, dead_mask, prefix, start, stop,
                         &out[0, 0])
    return _se_raise(rc)


cdef inline int se_monte_carlo(hr_se_eval_fn fn, int option, int rule,
                               const uint8_t[:, ::1] own, const uint8_t[::1] own_known,
                               const uint8_t[::1] board, int board_known, uint64_t dead_mask,
                               uint64_t deck_mask, uint64_t seed, int64_t first,
                               int64_t chunk_deals, int64_t deals,
                               int64_t[:, ::1] out) except -1:
    """Monte Carlo counts of `deals` deals from chunk `first` added to out; GIL released."""
    cdef hr_se_game g
    cdef uint8_t cards[80]
    cdef uint8_t known[10]
    cdef int rc
    _se_setup(&g, cards, known, fn, option, rule, own, own_known, board, deck_mask, out)
    with nogil:
        rc = hr_se_monte_carlo(&g, cards, known, board_known, dead_mask, seed, first,
                               chunk_deals, deals, &out[0, 0])
    return _se_raise(rc)
