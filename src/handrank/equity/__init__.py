"""Texas Hold'em equity: exact enumeration and Monte Carlo, hole cards or ranges, 2-10 players.

>>> from handrank import equity
>>> r = equity.equity(["AhAd", "KsKc"])
>>> round(r.players[0].equity, 6), r.exact
(0.812555, True)

Rules: hands are ranked by ``docs/rules/poker.md`` (best five of the seven cards:
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

The result is the equity shape every game shares (:class:`~handrank.result.EquityResult`
with one :class:`~handrank.result.PlayerEquity` per player, also importable from here):
a :class:`HoldemEquity` adds the hole-card ``combinations`` and ``boards`` enumerated.
Players are numbered from 0 in errors (the command line numbers them from 1).

The package, by concern: :mod:`.inputs` (checking players, board, dead cards and
options, once), :mod:`.planning` (exact or Monte Carlo; compatible combinations and
suit classes), :mod:`.enumeration` (the exact driver), :mod:`.sampling` (the Monte
Carlo driver; both run short work units with ``_support.threads.run_tasks``), :mod:`.results`,
:mod:`.combos` (per-combo and per-class results: ``by_combo=True``, :func:`vs_range`,
:func:`distribution`),
:mod:`.calculator` (:func:`equity`), :mod:`.ranges` (range notation), :mod:`.reference`
(plain-Python specification), ``_kernel`` (the C kernels).
"""

from __future__ import annotations

from .calculator import equity
from .combos import ComboEquity, EquityDistribution, distribution, vs_range
from .inputs import MAX_SAMPLES, METHODS
from .planning import MAX_EXACT_EVALS
from .ranges import Range, parse_range
from .results import EquityResult, HoldemEquity, HoldemPlayer, PlayerEquity
from .sampling import CHUNK_SAMPLES, DEFAULT_SAMPLES, MAX_REJECTS

__all__ = [
    "CHUNK_SAMPLES",
    "DEFAULT_SAMPLES",
    "MAX_EXACT_EVALS",
    "MAX_REJECTS",
    "MAX_SAMPLES",
    "METHODS",
    "ComboEquity",
    "EquityDistribution",
    "EquityResult",
    "HoldemEquity",
    "HoldemPlayer",
    "PlayerEquity",
    "Range",
    "distribution",
    "equity",
    "parse_range",
    "vs_range",
]
