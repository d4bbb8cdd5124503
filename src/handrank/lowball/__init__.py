"""Lowball hand evaluation: deuce-to-seven, ace-to-five (razz) and badugi.

Rules: ``docs/rules/lowball.md``. Three evaluator objects with the same verbs
(``strength``, ``evaluate``, ``evaluate_many``, ``compare``, ``showdown``,
``category``, ``categories``,
``name``, ``describe``; attributes ``game``, ``HAND_SIZES``, ``MIN_STRENGTH``,
``MAX_STRENGTH``, ``Category``, named as the other games' module constants):

* :data:`deuce_to_seven` -- exactly 5 cards (6 or 7 raise HandSizeError). Aces
  high only, straights and flushes count against the hand, A-2-3-4-5 is ace-high
  (not a straight). The ranking is high poker turned around; best 7-5-4-3-2.
* :data:`ace_to_five` -- 5, 6 or 7 cards, best five (razz). Aces low only,
  straights and flushes ignored, pairs count; best 5-4-3-2-A.
* :data:`badugi` -- 4 cards. The largest set with no two cards of a rank or of a
  suit plays (the best of the largest when several); more cards beat fewer, then
  the lowest from the highest card down, aces low; best A-2-3-4 of four suits.

Strength layout
---------------
Higher strength = better low, everywhere; equal strengths split. A strength is
the position of the hand's class among the game's distinct values, worst first:

==============  ====================================  =====  =========
game            categories, worst first (first)       count  best
==============  ====================================  =====  =========
deuce-to-seven  straight flush 1, four of a kind       7462  7-5-4-3-2
                10, full house 166, flush 322,
                straight 1600, three of a kind
                1609, two pair 2467, one pair 3325,
                high card 6185
ace-to-five     four of a kind 1, full house 157,      6175  5-4-3-2-A
                three of a kind 313, two pair 1171,
                one pair 2029, no pair 4889
badugi          one card 1, two card 14, three         1092  A-2-3-4
                card 92, badugi 378
==============  ====================================  =====  =========

Deuce-to-seven strength is not ``7463 - poker strength``: the wheel A-2-3-4-5
(a straight in high poker) is an ace-high hand here, so the kernel maps poker's
strength through one table. Strengths of different games are different scales.

Modules
-------
``games``      :class:`LowballGame` and the three evaluators
``_kernel``    the compiled kernels over ``kernel.h`` and the generated ``tables.h``
               (``tools/gen_lowball.py``; 200 KB of tables)
``reference``  the pure-Python evaluator the tables are generated from and tested against
"""

from __future__ import annotations

from .games import (
    RULES_URL,
    AceToFiveCategory,
    BadugiCategory,
    DeuceToSevenCategory,
    LowballGame,
    ace_to_five,
    badugi,
    deuce_to_seven,
)

#: The evaluators by game name (``razz`` is ace-to-five).
GAMES = {"deuce-to-seven": deuce_to_seven, "ace-to-five": ace_to_five, "razz": ace_to_five,
         "badugi": badugi}

__all__ = [
    "GAMES",
    "RULES_URL",
    "AceToFiveCategory",
    "BadugiCategory",
    "DeuceToSevenCategory",
    "ace_to_five",
    "badugi",
    "deuce_to_seven",
]
