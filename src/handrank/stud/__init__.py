"""Seven-card stud equity: stud high, stud Hi-Lo eight or better and razz.

Rules: ``docs/rules/stud.md``. Every player ends with seven cards of their own
(no board) and the best five play: ranked as standard poker for the high
(``docs/rules/poker.md``), as the best eight-or-better low of any five for the
Hi-Lo low half (five distinct ranks all eight or lower, ace low), and as
ace-to-five lowball with no qualifier for razz (``docs/rules/lowball.md``).
In equity each player gives the cards known so far (3 to 7); the unknown cards
are dealt from what is left after every known and dead card; 2 to 7 players
(**[D]** 8 is an error: 56 cards do not fit the deck).

Strengths
---------
High: poker's 1..7462 (:mod:`handrank.poker`), higher = stronger. Eight-or-better
low (:func:`low`): Omaha's scale, 1 (8-7-6-5-4) .. 56 (the wheel), 0 for no
qualifying low (:func:`handrank.omaha.describe_low` reads one). Razz:
ace-to-five's 1..6175 (:mod:`handrank.lowball`), higher = better low.

Modules
-------
``odds``       equity (stud high, stud Hi-Lo) and razz_equity, on the shared
               variant-equity engine (``handrank._support.showdown_equity``)
``hands``      low (one hand's eight-or-better low), the size constants
``deals``      reading and checking the players' known cards and the dead cards
``_kernel``    the compiled hand values over ``kernel.h`` (poker's, Omaha's and
               lowball's tables; no table of its own)
``reference``  the pure-Python hands and exact equity the kernels are tested against
"""

from __future__ import annotations

from .odds import equity, razz_equity
from .hands import CARDS, KNOWN_SIZES, MAX_PLAYERS, RULES_URL, low

__all__ = [
    "CARDS",
    "KNOWN_SIZES",
    "MAX_PLAYERS",
    "RULES_URL",
    "equity",
    "low",
    "razz_equity",
]
