"""Reference Hold'em equity: every compatible deal enumerated in plain Python.

The specification in code, for small cases only (turn and river boards, a few
combos): each player holds one combo of their range, combos sharing a card are
never dealt together, every remaining board completion is equally likely, and a
deal's weight is the product of the players' combo weights. Hands are compared
with :mod:`handrank.poker.reference` (rules: ``docs/rules/poker.md``); a pot split
``k`` ways gives each winner ``1/k``. Exact rational arithmetic throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product
from typing import NamedTuple

from ..poker import reference as poker

Combo = tuple[int, int]


class Totals(NamedTuple):
    """Weighted totals over every deal: per player ``wins`` (sole best hand),
    ``ties`` (best hand shared), ``shares`` (pot fractions won); ``deals`` the
    total weight of all deals; ``equity`` = shares / deals."""

    wins: list[Fraction]
    ties: list[Fraction]
    shares: list[Fraction]
    deals: Fraction

    @property
    def equity(self) -> list[Fraction]:
        return [s / self.deals for s in self.shares]


def equity(ranges: Sequence[Sequence[Combo]], board: Sequence[int] = (),
           dead: Sequence[int] = (), weights: Sequence[Sequence[float]] | None = None) -> Totals:
    """Exact totals for players holding one combo each of ``ranges`` (lists of
    ``(card, card)`` ids), the known ``board`` (0, 3, 4 or 5 ids) and ``dead`` ids.
    ``weights[p][i]`` weighs ``ranges[p][i]`` (default 1)."""
    n = len(ranges)
    if len(board) not in (0, 3, 4, 5):
        raise ValueError("board must have 0, 3, 4 or 5 cards")
    known = set(board) | set(dead)
    wins = [Fraction(0)] * n
    ties = [Fraction(0)] * n
    shares = [Fraction(0)] * n
    deals = Fraction(0)
    choices = [list(enumerate(r)) for r in ranges]
    for pick in product(*choices):
        cards = [c for _, combo in pick for c in combo]
        if len(set(cards)) != len(cards) or known & set(cards):
            continue
        w = Fraction(1)
        if weights is not None:
            for p, (i, _) in enumerate(pick):
                w *= Fraction(weights[p][i])
        if w == 0:
            continue
        rest = [c for c in range(52) if c not in known and c not in cards]
        for extra in combinations(rest, 5 - len(board)):
            full = list(board) + list(extra)
            best = poker.showdown(full, [combo for _, combo in pick])
            deals += w
            for p in best:
                if len(best) == 1:
                    wins[p] += w
                else:
                    ties[p] += w
                shares[p] += w / len(best)
    return Totals(wins, ties, shares, deals)
