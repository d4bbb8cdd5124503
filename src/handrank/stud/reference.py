"""Reference seven-card stud, stud Hi-Lo and razz: hands and exact equity by brute
force in plain Python, on the other games' reference evaluators; no tables, no kernel.

Rules: ``docs/rules/stud.md``. Each player ends with seven cards of their own (no
board). The high hand is the best five of the seven, ranked as standard poker
(:mod:`handrank.poker.reference`). The stud Hi-Lo low is the best eight-or-better
low of any five of the seven: five distinct ranks all eight or lower, ace low,
straights and flushes ignored, compared from the highest card down (the scale of
:mod:`handrank.omaha.reference`'s lows). Razz is ace-to-five lowball on the best
five of seven, no qualifier (:mod:`handrank.lowball.reference`).

Equity: every player's unknown cards (7 minus the known ones) are dealt from the
cards that are neither known nor dead, every completion equally likely; the
reference walks all of them, so it is for small cases only (6 or 7 known cards per
player, or a few players with dead cards). Shares are exact fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..lowball import reference as lowball_reference
from ..omaha import reference as omaha_reference
from ..poker import reference as poker_reference

#: The three pot rules: stud high, stud Hi-Lo eight or better, razz.
GAMES = ("high", "hilo", "razz")
#: A player's cards at showdown.
HAND = 7


def high_value(cards: Sequence[int]) -> poker_reference.Value:
    """The poker value of the best five of 5..7 cards (higher = stronger)."""
    return poker_reference.value(list(cards))


def low8(cards: Sequence[int]) -> omaha_reference.Low | None:
    """The best eight-or-better low of any five of 5..7 cards: its five ranks,
    highest first (ace 1 .. eight 8), or None when fewer than five distinct ranks
    are eight or lower. The five lowest such ranks are the best low."""
    cards = list(cards)
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError("need 5 to 7 distinct card ids")
    best = None
    for five in combinations(cards, 5):
        ranks = sorted((omaha_reference.low_rank(c) for c in five), reverse=True)
        if len(set(ranks)) == 5 and ranks[0] <= 8:
            low = tuple(ranks)
            if best is None or low < best:
                best = low
    return best  # type: ignore[return-value]


def low8_strength(cards: Sequence[int]) -> int:
    """The low of :func:`low8` on the Omaha scale: 1 (8-7-6-5-4) .. 56 (the wheel),
    0 without a qualifying low."""
    return omaha_reference.low_strength(low8(cards))


def razz_value(cards: Sequence[int]) -> lowball_reference.Value:
    """The ace-to-five value of the best five of 5..7 cards (higher = better low)."""
    return lowball_reference.ace_to_five_value(list(cards))


def shares(hands: Sequence[Sequence[int]], game: str = "high"
           ) -> tuple[list[Fraction], list[Fraction]]:
    """``(high half, low half)``: each player's exact share of the pot won through
    the high and through the low, for complete seven-card hands. ``high``: the best
    high hand(s) split the pot, nothing through the low. ``razz``: the best
    ace-to-five low(s) split the pot, counted as the low. ``hilo``: half to the best
    high, half to the best qualifying low, each split between tied players; without
    a qualifying low the high takes the whole pot."""
    n = len(hands)
    hi = [Fraction(0)] * n
    lo = [Fraction(0)] * n
    if game == "razz":
        values = [_razz(tuple(sorted(h))) for h in hands]
        best = [i for i, v in enumerate(values) if v == max(values)]
        for i in best:
            lo[i] += Fraction(1, len(best))
        return hi, lo
    highs = [_high(tuple(sorted(h))) for h in hands]
    hi_win = [i for i, v in enumerate(highs) if v == max(highs)]
    pot = Fraction(1)
    if game == "hilo":
        lows = [_low(tuple(sorted(h))) for h in hands]
        if max(lows) > 0:
            lo_win = [i for i, v in enumerate(lows) if v == max(lows)]
            for i in lo_win:
                lo[i] += Fraction(1, 2 * len(lo_win))
            pot = Fraction(1, 2)
    elif game != "high":
        raise ValueError(f"game is one of {GAMES}, got {game!r}")
    for i in hi_win:
        hi[i] += pot / len(hi_win)
    return hi, lo


@lru_cache(maxsize=None)
def _high(hand: tuple[int, ...]) -> poker_reference.Value:
    return high_value(hand)


@lru_cache(maxsize=None)
def _low(hand: tuple[int, ...]) -> int:
    return low8_strength(hand)


@lru_cache(maxsize=None)
def _razz(hand: tuple[int, ...]) -> lowball_reference.Value:
    return razz_value(hand)


class Totals(NamedTuple):
    """Totals over every completion, per player: ``wins`` (deals whose whole pot the
    player took alone: a scoop in Hi-Lo), ``ties`` (deals where the player won a
    part of the pot but not all of it alone), ``high`` / ``low`` (pot shares won
    through each half), and ``deals`` the number of completions.
    ``equity = (high + low) / deals``."""

    wins: list[int]
    ties: list[int]
    high: list[Fraction]
    low: list[Fraction]
    deals: int

    @property
    def shares(self) -> list[Fraction]:
        return [h + lo for h, lo in zip(self.high, self.low)]

    @property
    def equity(self) -> list[Fraction]:
        return [s / self.deals for s in self.shares]


def completions(hands: Sequence[Sequence[int]], dead: Sequence[int] = ()):
    """Every completion of the players' known cards (in player order, each
    player's unknown cards as a combination of the cards left): yields the
    seven-card hands."""
    known = [c for h in hands for c in h]
    if len(set(known) | set(dead)) != len(known) + len(dead):
        raise ValueError("a card is known twice")
    if any(not 1 <= len(h) <= HAND for h in hands):
        raise ValueError("each player has 1 to 7 known cards")
    rest = [c for c in range(52) if c not in set(known) | set(dead)]

    def deal(p: int, left: list[int], done: list[tuple[int, ...]]):
        if p == len(hands):
            yield done
            return
        for extra in combinations(left, HAND - len(hands[p])):
            taken = set(extra)
            yield from deal(p + 1, [c for c in left if c not in taken],
                            done + [tuple(hands[p]) + extra])

    yield from deal(0, rest, [])


def equity(hands: Sequence[Sequence[int]], dead: Sequence[int] = (), game: str = "high"
           ) -> Totals:
    """Exact totals for players holding the known cards ``hands`` (1 to 7 ids each)
    with ``dead`` ids out of the deck, under the pot rule ``game`` (:data:`GAMES`)."""
    if game not in GAMES:
        raise ValueError(f"game is one of {GAMES}, got {game!r}")
    n = len(hands)
    wins, ties = [0] * n, [0] * n
    high = [Fraction(0)] * n
    low = [Fraction(0)] * n
    deals = 0
    for full in completions(hands, dead):
        hi, lo = shares(full, game)
        deals += 1
        for p in range(n):
            s = hi[p] + lo[p]
            high[p] += hi[p]
            low[p] += lo[p]
            if s == 1:
                wins[p] += 1
            elif s:
                ties[p] += 1
    return Totals(wins, ties, high, low, deals)
