"""Short-deck (6+) Hold'em hand evaluation: 5, 6 and 7 cards (best five), single and bulk.

Rules: ``docs/rules/shortdeck.md``. The 36-card deck (sixes to aces, card ids
16..51; a deuce to five is a CardRangeError naming the card). A-6-7-8-9 is
the lowest straight (the ace plays low), T-J-Q-K-A the highest. Category
order, strongest first: straight flush, four of a kind, **flush, full
house**, **three of a kind, straight**, two pair, one pair, high card. The
keyword-only option ``straight_beats_trips=True`` (**[D]** default False)
puts the straight above three of a kind; the flush always beats the full house.

Strength layout
---------------
A strength is an ``int`` (``int32`` in arrays) from 1 to 1404: the position of
the hand's class among the 1,404 distinct five-card short-deck values, weakest
first. Higher is stronger, equal is a tie; categories occupy contiguous
ranges, so the category is recoverable (:func:`category`). Default order:

================  ============  =====  ===============
category          strengths     count  five-card hands
================  ============  =====  ===============
high card         1 .. 120        120          122,400
one pair          121 .. 624      504          193,536
two pair          625 .. 876      252           36,288
straight          877 .. 882        6            6,120
three of a kind   883 .. 1134     252           16,128
full house        1135 .. 1206     72            1,728
flush             1207 .. 1326    120              480
four of a kind    1327 .. 1398     72              288
straight flush    1399 .. 1404      6               24  (1404 = royal flush)
================  ============  =====  ===============

(of the 376,992 five-card hands; ``docs/rules/shortdeck.md`` derives them.)

With ``straight_beats_trips=True`` three of a kind is 877 .. 1128 and the
straight 1129 .. 1134; every other range is unchanged. Strengths of the two
options are different scales: compare only strengths made with the same option
(hand values of the two options have different ``game`` names,
``"shortdeck"`` and ``"shortdeck-sbt"``, and refuse to be ordered: TypeError).
:class:`Category` members are named as :class:`handrank.poker.Category`'s and
valued in the default order; being ``IntEnum`` members, values of different games
with the same value compare equal, so compare categories across games by name.

Card ids: see :mod:`handrank.cards`.

Modules
-------
``odds``       equity: exact or Monte Carlo equity of short-deck Hold'em hole cards
               (the shared variant-equity engine with the 36-card deck)
``hands``      strength, evaluate (HandValue), evaluate_many, category(ies), name, describe,
               compare, showdown
``_kernel``    the compiled kernel over ``kernel.h`` and the generated ``tables.h``
               (``tools/gen_shortdeck.py``; 77 KB of tables, see
               :func:`handrank.shortdeck._kernel.table_bytes`)
``reference``  the pure-Python evaluator (combinations and predicates) the tests
               check the tables against
"""

from __future__ import annotations

from .hands import (
    FIRST_CARD,
    GAME,
    GAME_SBT,
    HAND_SIZES,
    MAX_STRENGTH,
    MIN_STRENGTH,
    ROYAL_FLUSH,
    RULES_URL,
    Category,
    categories,
    category,
    compare,
    describe,
    evaluate,
    evaluate_many,
    name,
    showdown,
    strength,
)
from .odds import equity

__all__ = [
    "FIRST_CARD",
    "GAME",
    "GAME_SBT",
    "HAND_SIZES",
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "ROYAL_FLUSH",
    "RULES_URL",
    "Category",
    "categories",
    "category",
    "compare",
    "describe",
    "equity",
    "evaluate",
    "evaluate_many",
    "name",
    "showdown",
    "strength",
]
