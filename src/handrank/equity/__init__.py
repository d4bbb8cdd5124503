"""Texas Hold'em equity: exact enumeration and Monte Carlo, hole cards or ranges, 2-10 players.

>>> from handrank import equity
>>> r = equity.equity(["AhAd", "KsKc"])
>>> round(r.players[0].equity, 6), r.exact
(0.812555, True)

Rules: hands are ranked by ``rules/poker.md`` (best five of the seven cards:
two hole cards and the five-card board). Each deal's pot goes to the best hand;
a tie between ``k`` players gives each ``1/k`` of it. A player's **equity** is
their expected share of the pot, **win share** the part of it from deals they
win alone, **tie share** the part from split pots (equity = win + tie).

Players are given as exact hole cards (``"AhAd"``, ``["Ah", "Ad"]``, ids) or
as ranges (``"QQ+, AKs"``, a :class:`~handrank.equity.ranges.Range`; notation in
:mod:`handrank.equity.ranges`, weights included). Card removal is exact: combos that
share a card with the board, the dead cards or another player's cards never
meet, and a deal's probability is the product of the players' combo weights
over all compatible combinations, times a uniform board.
"""

from __future__ import annotations

from .calculator import equity
from .inputs import MAX_SAMPLES, METHODS
from .planning import MAX_EXACT_EVALS
from .ranges import Range, parse_range
from .results import EquityResult, PlayerEquity
from .sampling import CHUNK_SAMPLES, DEFAULT_SAMPLES, MAX_REJECTS

__all__ = [
    "CHUNK_SAMPLES",
    "DEFAULT_SAMPLES",
    "MAX_EXACT_EVALS",
    "MAX_REJECTS",
    "MAX_SAMPLES",
    "METHODS",
    "EquityResult",
    "PlayerEquity",
    "Range",
    "equity",
    "parse_range",
]
