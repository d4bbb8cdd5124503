"""Poker hand evaluation: 5, 6 and 7 cards (best five), single and bulk.

Rules: ``docs/rules/poker.md`` — standard ranking (straight flush > four of a kind >
full house > flush > straight > three of a kind > two pair > one pair > high
card), the wheel A-2-3-4-5 as the lowest straight (and straight flush), no
wrap-around, suits never break ties, six or seven cards worth their best five.

Strength layout
---------------
A strength is an ``int`` (``int32`` in arrays) from 1 to 7462: the position of
the hand's class among the 7,462 distinct five-card values, weakest first.
Higher is stronger, equal is a tie. Categories occupy contiguous ranges:

==================  ============  =====
category            strengths     count
==================  ============  =====
high card           1 .. 1277      1277
one pair            1278 .. 4137   2860
two pair            4138 .. 4995    858
three of a kind     4996 .. 5853    858
straight            5854 .. 5863     10
flush               5864 .. 7140   1277
full house          7141 .. 7296    156
four of a kind      7297 .. 7452    156
straight flush      7453 .. 7462     10  (7462 = royal flush)
==================  ============  =====

Strength here is the rank of the hand's value, not a win probability (what
poker-AI writing calls "hand strength", HS/EHS, is an equity).

Card ids and masks: see :mod:`handrank.cards`.

Modules
-------
``hands``      one hand: strength, evaluate (the rich HandValue), category, name, describe
``bulk``       evaluate_many over id arrays (any integer dtype), masks and text rows
``showdowns``  compare, showdown, showdown_many
``counts``     strength_counts (every hand of one deck)
``_kernel``    the compiled kernels (single-hand parser and check, bulk kernels), over
               ``kernel.h`` and the generated ``tables.h``
``reference``  the pure-Python evaluator the tables are generated from and tested against
"""

from __future__ import annotations

from .bulk import evaluate_many
from .counts import strength_counts
from .hands import (
    HAND_SIZES,
    MAX_STRENGTH,
    MIN_STRENGTH,
    ROYAL_FLUSH,
    RULES_URL,
    Category,
    categories,
    category,
    describe,
    evaluate,
    name,
    strength,
    strength5,
    strength6,
    strength7,
)
from .showdowns import compare, showdown, showdown_many

__all__ = [
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "ROYAL_FLUSH",
    "Category",
    "categories",
    "category",
    "compare",
    "describe",
    "evaluate",
    "evaluate_many",
    "name",
    "showdown",
    "showdown_many",
    "strength",
    "strength5",
    "strength6",
    "strength7",
    "strength_counts",
]
