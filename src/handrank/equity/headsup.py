"""Exact heads-up equity on a complete board (the river): no board is left to deal,
so each combo of each range has one strength. The C kernel ``river_headsup``
evaluates every combo once, sorts the villain's by strength and reads each hero
combo's wins, ties and losses from prefix sums, taking off through per-card prefix
sums the villain combos that share one of its cards (card removal). O(m log m) for
ranges of m combos, where listing every compatible combination
(:mod:`.planning`, then :mod:`.enumeration`) costs O(m^2): random vs random, about
1,070,000 combinations, takes well under a millisecond instead of 30-40.

The counts are the general path's (the same weighted wins, ties, pot share units
and deals, summed in another order: equal to within float rounding), so
:func:`applies` sends every whole heads-up river run here except Monte Carlo and
per-combo tables (``by_combo``), which keep the general path."""

from __future__ import annotations

import numpy as np

from ..errors import RangeSyntaxError
from . import _kernel as _equity
from .inputs import Deal, Options, ProgressFn
from .results import HoldemEquity, _clean, player_equity


def applies(deal: Deal, opts: Options, by_combo: bool) -> bool:
    """True for a whole exact (or ``"auto"``) heads-up run on a 5-card board."""
    return (deal.players == 2 and len(deal.board) == 5 and not opts.monte_carlo
            and opts.part is None and not by_combo)


def run_river(deal: Deal, progress: ProgressFn | None = None) -> HoldemEquity:
    """The exact result of a heads-up river deal (:func:`applies`). Raises
    RangeSyntaxError when every combination of the two ranges shares a card."""
    hero, villain = deal.ranges
    win0, tie, win1, deals, combinations = _equity.river_headsup(
        np.ascontiguousarray(hero.combos, dtype=np.uint8),
        np.ascontiguousarray(hero.weights, dtype=np.float64),
        np.ascontiguousarray(villain.combos, dtype=np.uint8),
        np.ascontiguousarray(villain.weights, dtype=np.float64), deal.board, deal.dead_mask)
    if combinations == 0:
        raise RangeSyntaxError("the players' ranges can never be dealt together: every "
                               "combination shares a card")
    if progress is not None:  # one step: the nominal evaluations, as the general path
        progress(2 * combinations, 2 * combinations)
    half = _equity.SHARE_UNITS // 2
    tallies = ((win0, win1), (tie, tie),
               (win0 * _equity.SHARE_UNITS + tie * half, win1 * _equity.SHARE_UNITS + tie * half))
    players = tuple(player_equity(deal.labels[p], len(deal.ranges[p]), tallies[0][p],
                                  tallies[1][p], tallies[2][p], deals, 0.0)
                    for p in range(2))
    return HoldemEquity(game="holdem", players=players, exact=True, deals=_clean(deals),
                        board=deal.board_text, dead=deal.dead_text,
                        combinations=int(combinations), boards=1,
                        tallies=tuple(tuple(float(x) for x in row) for row in tallies),
                        parts=(), of_parts=1)
