"""Broken Canada hands: evaluation (single and bulk), showdown with Family Feud,
exact odds over every one-deck deal, Monte Carlo equity, and strategies played
head-to-head.

The package, by concern: :mod:`~handrank.canada.hands` (categories, strengths,
words), :mod:`~handrank.canada.showdowns` (showdown, Family Feud),
:mod:`~handrank.canada.odds` (exact odds, equity), :mod:`~handrank.canada.engine`
(the game engine, strategies, :func:`head_to_head`), ``reference`` (the rules in
plain Python) and ``_kernel`` (the compiled tables and loops).

Rules: ``docs/rules/broken-canada.md`` (authoritative; every **[D]** there is
followed here). A hand is a player's **set** (4 cards) and the shared **pit**
(2 cards); which cards are set and which are pit matters for curves. With five
or more players ``ceil(players / 4)`` decks are used, so a hand may hold
identical cards: every call takes ``decks`` (default 1), the most copies of one
card allowed.

Strength layout
---------------
A strength is an ``int`` (``int32`` in arrays), higher = stronger, equal = tie::

    strength = category << 15 | lower_card_value

* ``category`` (bits 15..20) is the :class:`Category` value, 0 (Busted) .. 34
  (Royal Canadian); ``category(strength) == strength >> 15``.
* ``lower_card_value`` (bits 0..14) encodes rule 2 of the comparison, "the
  lower card wins": the six ranks sorted ascending with ace 14 are numbered
  0 .. 18,563 in lexicographic order among all 18,564 rank multisets, and the
  value is ``18563 - that number`` (so 2-2-2-2-2-2 is 18563 and lower cards give
  higher values). Suits never break ties **[D]**.
* Full House: the value is 0, so all (non-busted) Full Houses tie; a
  :func:`showdown` settles them by Family Feud.

Strengths run from ``MIN_STRENGTH`` (0) to ``MAX_STRENGTH`` (34 << 15 | 18563).

Card ids and parsing: see :mod:`handrank.cards`.
"""

from __future__ import annotations

from .hands import (
    ACES_TIER,
    LABELS,
    MAX_DECKS,
    MAX_STRENGTH,
    MIN_STRENGTH,
    RULES_URL,
    TB_BITS,
    Category,
    _check_copies,
    _check_decks,
    _hand,
    categories,
    category,
    compare,
    decks_for,
    describe,
    evaluate,
    evaluate_many,
    format_hand,
    lower_cards,
    name,
    strength,
)
from .engine import Game, GameResult, GreedyBot, Hooks, StandPat, Strategy, View, head_to_head
from .odds import TOTAL_DEALS, CanadaEquity, equity, exact_odds, merge_odds, odds_rows
from .showdowns import FeudDraw, Showdown, showdown

__all__ = [
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "TOTAL_DEALS",
    "CanadaEquity",
    "Category",
    "FeudDraw",
    "Game",
    "GameResult",
    "GreedyBot",
    "Hooks",
    "Showdown",
    "StandPat",
    "Strategy",
    "View",
    "categories",
    "category",
    "compare",
    "decks_for",
    "describe",
    "equity",
    "evaluate",
    "evaluate_many",
    "exact_odds",
    "head_to_head",
    "lower_cards",
    "merge_odds",
    "name",
    "odds_rows",
    "showdown",
    "strength",
]
