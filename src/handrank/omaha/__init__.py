"""Omaha hand evaluation: high hands for 4, 5 and 6 hole cards (PLO4/5/6), the
eight-or-better low and the Hi-Lo showdown with exact pot shares.

Rules: ``docs/rules/omaha.md``. A hand is the best five cards made of **exactly
two** hole cards and **exactly three** of the five board cards, ranked as
standard poker (``docs/rules/poker.md``); the low (Omaha Hi-Lo) is chosen the
same way, independently, from five distinct ranks all eight or lower, ace low.

Strength layout
---------------
High strengths are poker's (:mod:`handrank.poker`): ``int`` (``int32`` in
arrays) 1..7462, higher = stronger, the same number a Hold'em hand of the same
five-card value gets, so :func:`category`, :func:`name` and :func:`describe`
are poker's and :func:`evaluate` returns a poker
:class:`~handrank.result.HandValue` (``game == "poker"``).

Low strengths: 1 (8-7-6-5-4) .. 56 (5-4-3-2-A, the wheel), higher = better low,
one per each of the 56 possible lows; :data:`NO_LOW` = 0 means no qualifying
low (:func:`low_ranks`, :func:`describe_low` read one back).

Modules
-------
``hands``      one hand: strength, evaluate, low, low_ranks, describe_low
``bulk``       evaluate_many and low_many over (N, h) holes + (N, 5) boards
``showdowns``  showdown (high winners), showdown_hilo (shares of the pot) and
               showdown_hilo_many (exact shares of many deals)
``odds``       equity (high and Hi-Lo, exact or Monte Carlo) on the shared
               engine of ``_support/showdown_equity.py``
``_kernel``    the compiled kernels over ``kernel.h`` (poker's tables, no table of its own)
``reference``  the pure-Python evaluator the kernels are tested against
"""

from __future__ import annotations

from ..poker import Category, categories, category, describe, name
from .bulk import evaluate_many, low_many
from .odds import equity
from .hands import (
    BOARD_SIZE,
    HOLE_SIZES,
    LOW_MAX,
    NO_LOW,
    RULES_URL,
    describe_low,
    evaluate,
    low,
    low_ranks,
    strength,
)
from .showdowns import showdown, showdown_hilo, showdown_hilo_many

__all__ = [
    "BOARD_SIZE",
    "HOLE_SIZES",
    "LOW_MAX",
    "NO_LOW",
    "Category",
    "categories",
    "category",
    "describe",
    "describe_low",
    "equity",
    "evaluate",
    "evaluate_many",
    "low",
    "low_many",
    "low_ranks",
    "name",
    "showdown",
    "showdown_hilo",
    "showdown_hilo_many",
    "strength",
]
