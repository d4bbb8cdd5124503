"""Exact heads-up equity after the flop, board by board.

Two players and a flop, turn or river: instead of listing every compatible pair of
combos (about 1,000,000 for random vs random) and enumerating each one's boards
(:mod:`.planning`, :mod:`.enumeration`), the C kernel ``headsup_boards`` takes the
boards one at a time. On each, every combo of both ranges is evaluated once, the
villain's are sorted by strength, and each hero combo's wins, ties and losses are
differences of prefix sums of the villain's weights, the villain combos that hold
one of the hero's cards taken off through one sorted list per card (card removal).
Per board that is O(m log m) for ranges of m combos, where the listing costs
O(m^2): random vs random takes about 2 ms on a river, 3 ms on a turn and 70 ms on a
flop on one thread, against 35-100 ms, 0.15-0.2 s and 0.7 s.

The counts are the general path's (the same weighted wins, ties, pot share units
and deals; the prefix sums are double-double, so a heavy blocked combo cancelling
against light ones loses nothing): equal to within float rounding
(``tests/equity/test_headsup.py``). Each board's counts go to its own row, added up
in board order, so the result does not depend on ``threads``. :func:`applies`
sends a whole exact (or ``"auto"``) heads-up run after the flop here when it is
the cheaper path: a board costs this path about 2.5 us plus 18 ns per combo of
either range, whatever the ranges, so narrow ranges (AhAd vs KsKc, AA vs random on
a flop) stay on the general path, which costs per compatible pair of combos
(``_GENERAL_NS``). Either way ``"auto"`` is exact (the general path below the
crossing is far under ``MAX_EXACT_EVALS``). Here ``executor`` is not used (the work
is too small to send out); Monte Carlo, ``by_combo`` and ``part=`` runs keep the
general path."""

from __future__ import annotations

import itertools
import math

import numpy as np

from .._support._kernel import Team
from .._support.threads import team_round
from ..errors import RangeSyntaxError
from . import _kernel as _equity
from .inputs import Deal, Options, ProgressFn
from .planning import renamings
from .results import HoldemEquity, _clean, player_equity

# Hand evaluations per thread per round of boards (about 10-20 ms: Ctrl-C and progress
# between rounds), and the least work worth a second thread (about 1 ms: the boards
# cost more than their evaluations, a sort each).
_ROUND_EVALS = 400_000
_MIN_THREADED_EVALS = 20_000


# The two paths' costs on one thread (2-core AMD EPYC VM, issue 11 round 6,
# benchmarks/README.md): this path, per board, about _BOARD_NS + _COMBO_NS x (hero
# combos + villain combos); the general path (planning + enumeration), per
# compatible pair of combos and board, by cards still to deal (a flop's two cards,
# measured on a board no suit renaming keeps, 2c7d9h; a turn's one; a river's none:
# its fixed cost per combination). On a flop that suit renamings keep (with the
# dead cards), the general path enumerates one pair per class of renamed pairs
# (4.7-4.9x fewer on a monotone or trips flop, where 6 renamings keep it) but each
# costs more (fewer of its boards share a suit class): its cost there fits the
# pairs / sqrt(renamings) (per enumerated pair and board: 0.45 ns on 2c7d9h, 0.56
# on QcQd8h, 0.87 on QcQdQh, 1.2-1.4 on Th9h8h, in units of the first).
# AhAd vs KsKc on a flop: 26 us there, 2.9 ms here; random vs random on a flop:
# 0.73 s there, 62 ms here; 55+ vs random on QcQdQh: 10 ms there, 26 ms here.
_BOARD_NS = 2_500.0
_COMBO_NS = 18.0
_GENERAL_NS = {2: 0.45, 1: 3.0, 0: 30.0}


def applies(deal: Deal, opts: Options, by_combo: bool) -> bool:
    """True for a whole exact (or ``"auto"``) heads-up run with a flop, turn or river
    that costs less board by board than on the general path (see ``_GENERAL_NS``)."""
    if not (deal.players == 2 and len(deal.board) >= 3 and not opts.monte_carlo
            and opts.part is None and not by_combo):
        return False
    hero, villain = deal.ranges
    pairs = _equity.headsup_pairs(np.ascontiguousarray(hero.combos, dtype=np.uint8),
                                  np.ascontiguousarray(villain.combos, dtype=np.uint8))
    general = pairs * _GENERAL_NS[deal.to_deal]
    if deal.to_deal == 2:
        general /= renamings(deal.board, deal.dead_mask) ** 0.5
    return general > _BOARD_NS + _COMBO_NS * (len(hero) + len(villain))


def _completions(deal: Deal) -> np.ndarray:
    """``(B, 5 - len(board))`` uint8: every way to complete the board from the cards
    off the board and the dead cards, in increasing order."""
    known = set(deal.board.tolist()) | set(deal.dead)
    deck = [c for c in range(52) if c not in known]
    r = 5 - len(deal.board)
    rows = list(itertools.combinations(deck, r)) if r else [()]
    return np.array(rows, dtype=np.uint8).reshape(len(rows), r)


def run_headsup(deal: Deal, threads: int = 1,
                progress: ProgressFn | None = None) -> HoldemEquity:
    """The exact result of a heads-up deal after the flop (:func:`applies`), the
    boards shared between ``threads`` threads in rounds. ``progress(done, total)``
    counts the hand evaluations of the boards done (every combo of both ranges per
    board). Raises RangeSyntaxError when every pair of combos shares a card."""
    hero, villain = deal.ranges
    hc = np.ascontiguousarray(hero.combos, dtype=np.uint8)
    vc = np.ascontiguousarray(villain.combos, dtype=np.uint8)
    hw = np.ascontiguousarray(hero.weights, dtype=np.float64)
    vw = np.ascontiguousarray(villain.weights, dtype=np.float64)
    combinations = _equity.headsup_pairs(hc, vc)
    if combinations == 0:
        raise RangeSyntaxError("the players' ranges can never be dealt together: every "
                               "combination shares a card")
    comp = _completions(deal)
    B = len(comp)
    out = np.zeros((B, 4))
    per = len(hc) + len(vc)  # evaluations per board
    total = B * per
    workers = threads if total >= _MIN_THREADED_EVALS else 1
    step = max(1, _ROUND_EVALS // per) * workers  # boards per round

    def kernel(a: int, b: int, team: Team | None, lead: bool) -> None:
        _equity.headsup_boards(hc, hw, vc, vw, deal.board, deal.dead_mask, comp, a, b, out,
                               team, lead)

    for r0 in range(0, B, step):
        r1 = min(B, r0 + step)
        # one board per take: a board is tens of microseconds of work (an atomic add is
        # nothing beside it), and the thread that finishes first waits for at most one
        # board of the other's (blocks of 1/16 of a round's boards, 23 boards of a flop,
        # left it waiting up to 1.4 ms at the end of each of its 3 rounds)
        team_round(kernel, r0, r1, min(workers, r1 - r0), 1)
        if progress is not None:
            progress(r1 * per, total)
    win0, tie, win1, deals = (float(x) for x in out.sum(axis=0))
    units, half = _equity.SHARE_UNITS, _equity.SHARE_UNITS // 2
    tallies = ((win0, win1), (tie, tie), (win0 * units + tie * half, win1 * units + tie * half))
    players = tuple(player_equity(deal.labels[p], len(deal.ranges[p]), tallies[0][p],
                                  tallies[1][p], tallies[2][p], deals, 0.0)
                    for p in range(2))
    return HoldemEquity(game="holdem", players=players, exact=True, deals=_clean(deals),
                        board=deal.board_text, dead=deal.dead_text,
                        combinations=int(combinations),
                        boards=math.comb(deal.left, deal.to_deal),
                        tallies=tallies, parts=(), of_parts=1)
