"""Pure-Python reference for Broken Canada hands, written straight from
``docs/rules/broken-canada.md``: card subsets and predicates, no tables, no cleverness.

It is the specification in code that the fast kernel (``handrank.canada``) is
differential-tested against. It is slow (hundreds of microseconds per hand).

A hand is ``(set, pit)``: 4 set card ids and 2 pit card ids (ids ``4*rank+suit``,
rank 0 = deuce .. 12 = ace). Identical cards are allowed (several decks).

* :func:`category_row` -> the row number 1..35 of the rules table
  (1 = Royal Canadian, 34 = No Hand, 35 = Busted).
* :func:`compare` -> 1 if the first hand wins, -1 if the second, 0 for a tie.
* :func:`witness` -> indices (0..5, set first then pit) of cards that make the row.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product

__all__ = ["ROW_NAMES", "category_row", "compare", "lower_card_key", "witness"]

#: The 35 rows of the rules table, strongest first (index 0 = row 1).
ROW_NAMES = (
    "Royal Canadian", "Broken Canada", "Crowded House", "Full House", "Four Aces",
    "Aces In-hand Straight Pair", "Three Aces", "Kings and Aces", "6-card Straight Flush",
    "5-card Composite Curve", "6-card Flush", "5-card Straight Flush", "5-card Flush",
    "4-card Handed Curve", "Four of a Kind", "In-hand 5-card Straight Pair",
    "6-card Flat Straight", "Royal Quarter-Straight", "In-and-out 4-card Straight",
    "River of Blood / River of Oil", "In-and-out 3-card Straight",
    "In-hand 4-card Straight Pair", "4-card Composite Curve", "In-hand 3-card Straight Pair",
    "Three Pair", "Out-hand 4-card Straight Pair", "Out-hand 3-card Straight Pair",
    "5-card Flat Straight", "4-card Flat Straight", "Three of a Kind", "3-card Flat Straight",
    "Two Pair", "Pair", "No Hand", "Busted",
)

ACE, KING = 12, 11
TEN, JACK, QUEEN, TWO = 8, 9, 10, 0
RED_SUITS = {1, 2}  # diamonds, hearts
BLACK_SUITS = {0, 3}  # clubs, spades

Idx = tuple[int, ...]


def _rank(c: int) -> int:
    return c >> 2


def _suit(c: int) -> int:
    return c & 3


def _values(c: int) -> tuple[int, ...]:
    """Rank values a card may take: 2..14, an ace also 1."""
    r = _rank(c)
    return (14, 1) if r == ACE else (r + 2,)


def _steps_by(cards: Sequence[int], step: int) -> bool:
    """n cards whose rank values, sorted, step by exactly ``step`` (each ace
    plays one value)."""
    for vals in product(*(_values(c) for c in cards)):
        s = sorted(vals)
        if all(s[i + 1] == s[i] + step for i in range(len(s) - 1)):
            return True
    return False


def _is_flat_straight(cards: Sequence[int]) -> bool:
    """n cards of n consecutive rank values (each ace plays one value)."""
    return _steps_by(cards, 1)


def _is_curve(cards: Sequence[int]) -> bool:
    """n cards whose rank values step by exactly 2."""
    return _steps_by(cards, 2)


def _one_suit(cards: Sequence[int]) -> bool:
    return len({_suit(c) for c in cards}) == 1


def _same_rank(cards: Sequence[int]) -> bool:
    return len({_rank(c) for c in cards}) == 1


def _subsets(n: int, k: int, exclude: Idx = ()) -> list[Idx]:
    return [s for s in combinations([i for i in range(n) if i not in exclude], k)]


def _rest(chosen: Idx) -> Idx:
    return tuple(i for i in range(6) if i not in chosen)


class _Hand:
    def __init__(self, set_cards: Sequence[int], pit: Sequence[int]):
        if len(set_cards) != 4 or len(pit) != 2:
            raise ValueError("a hand is 4 set cards and 2 pit cards")
        self.c = list(set_cards) + list(pit)  # indices 0..3 set, 4..5 pit

    def cards(self, idx: Idx) -> list[int]:
        return [self.c[i] for i in idx]

    def ranks(self, idx: Idx) -> set[int]:
        return {_rank(self.c[i]) for i in idx}

    # ----- shapes -------------------------------------------------------------------
    def straights(self, n: int) -> list[Idx]:
        return [s for s in _subsets(6, n) if _is_flat_straight(self.cards(s))]

    def kinds(self, n: int, exclude: Idx = ()) -> list[Idx]:
        return [s for s in _subsets(6, n, exclude) if _same_rank(self.cards(s))]

    def count(self, rank: int) -> list[int]:
        return [i for i in range(6) if _rank(self.c[i]) == rank]

    # ----- straight + pair shapes (relative to a chosen flat straight) ----------------
    def in_pair(self, n: int) -> Idx | None:
        for s in self.straights(n):
            for o in _rest(s):
                if _rank(self.c[o]) in self.ranks(s):
                    return s + (o,)
        return None

    def out_pair(self, n: int) -> Idx | None:
        for s in self.straights(n):
            for p in self.kinds(2, exclude=s):
                if _rank(self.c[p[0]]) not in self.ranks(s):
                    return s + p
        return None

    def in_and_out_pair(self, n: int) -> Idx | None:
        for s in self.straights(n):
            for p in self.kinds(2, exclude=s):
                if _rank(self.c[p[0]]) in self.ranks(s):
                    return s + p
        return None

    # ----- the rows -------------------------------------------------------------------
    def row(self, r: int) -> Idx | None:
        """Witness (card indices) if the hand satisfies row r of the table, else None."""
        all6 = tuple(range(6))
        if r == 1:
            return all6 if self.row(2) and _one_suit(self.c) else None
        if r == 2:
            ok = sorted(_rank(c) for c in self.c) == sorted([TEN, JACK, QUEEN, KING, ACE, TWO])
            return all6 if ok else None
        if r == 3:
            for t in self.kinds(3):
                for u in self.kinds(3, exclude=t):
                    if _rank(self.c[u[0]]) != _rank(self.c[t[0]]):
                        return t + u
            return None
        if r == 4:
            return self.full_house()
        if r == 5:
            a = self.count(ACE)
            return tuple(a) if len(a) >= 4 else None
        if r == 6:
            for s in self.straights(5):
                if ACE in self.ranks(s):
                    o = _rest(s)[0]
                    if _rank(self.c[o]) == ACE:
                        return s + (o,)
            return None
        if r == 7:
            a = self.count(ACE)
            return tuple(a) if len(a) >= 3 else None
        if r == 8:
            k, a = self.count(KING), self.count(ACE)
            return tuple(k + a) if len(k) >= 2 and len(a) >= 2 else None
        if r == 9:
            return all6 if _is_flat_straight(self.c) and _one_suit(self.c) else None
        if r == 10:
            return next((s for s in _subsets(6, 5) if _is_curve(self.cards(s))), None)
        if r == 11:
            return all6 if _one_suit(self.c) else None
        if r == 12:
            return next((s for s in self.straights(5) if _one_suit(self.cards(s))), None)
        if r == 13:
            return next((s for s in _subsets(6, 5) if _one_suit(self.cards(s))), None)
        if r == 14:
            return (0, 1, 2, 3) if _is_curve(self.c[:4]) else None
        if r == 15:
            return next(iter(self.kinds(4)), None)
        if r == 16:
            return self.in_pair(5)
        if r == 17:
            return all6 if _is_flat_straight(self.c) else None
        if r == 18:
            return next((s for s in self.straights(4) if _one_suit(self.cards(s))), None)
        if r == 19:
            return self.in_and_out_pair(4)
        if r == 20:
            suits = {_suit(c) for c in self.c}
            return all6 if suits <= RED_SUITS or suits <= BLACK_SUITS else None
        if r == 21:
            return self.in_and_out_pair(3)
        if r == 22:
            return self.in_pair(4)
        if r == 23:
            for s in _subsets(6, 4):
                composite = any(i < 4 for i in s) and any(i >= 4 for i in s)
                if composite and _is_curve(self.cards(s)):
                    return s
            return None
        if r == 24:
            return self.in_pair(3)
        if r == 25:
            for x in self.kinds(2):
                for y in self.kinds(2, exclude=x):
                    for z in self.kinds(2, exclude=x + y):
                        if len(self.ranks(x + y + z)) == 3:
                            return x + y + z
            return None
        if r == 26:
            return self.out_pair(4)
        if r == 27:
            return self.out_pair(3)
        if r == 28:
            return next(iter(self.straights(5)), None)
        if r == 29:
            return next(iter(self.straights(4)), None)
        if r == 30:
            return next(iter(self.kinds(3)), None)
        if r == 31:
            return next(iter(self.straights(3)), None)
        if r == 32:
            for x in self.kinds(2):
                for y in self.kinds(2, exclude=x):
                    if _rank(self.c[x[0]]) != _rank(self.c[y[0]]):
                        return x + y
            return None
        if r == 33:
            return next(iter(self.kinds(2)), None)
        if r == 34:
            return ()
        raise ValueError(f"no row {r}")

    def full_house(self, aces: bool = False) -> Idx | None:
        """A triple (a four of a kind counts) and a pair of another rank; with
        ``aces``, only such a split whose triple or pair is aces."""
        for t in self.kinds(3):
            for p in self.kinds(2, exclude=t):
                rt, rp = _rank(self.c[t[0]]), _rank(self.c[p[0]])
                if rt != rp and (not aces or ACE in (rt, rp)):
                    return t + p
        return None


def category_row(set_cards: Sequence[int], pit: Sequence[int]) -> int:
    """Row 1..35 of the rules table for a hand: the first row its cards satisfy,
    then Full House with the triple or pair aces becomes row 35, Busted."""
    h = _Hand(set_cards, pit)
    for r in range(1, 35):
        if h.row(r) is not None:
            if r == 4 and h.full_house(aces=True) is not None:
                return 35
            return r
    raise AssertionError("row 34 always matches")  # pragma: no cover


def witness(set_cards: Sequence[int], pit: Sequence[int], row: int) -> Idx:
    """Indices (0..3 set, 4..5 pit) of cards that make ``row`` (Busted: the full
    house with aces). Raises ValueError if the hand does not satisfy the row."""
    h = _Hand(set_cards, pit)
    w = h.full_house(aces=True) if row == 35 else h.row(row)
    if w is None:
        raise ValueError(f"the hand does not make row {row}")
    return w


def lower_card_key(set_cards: Sequence[int], pit: Sequence[int]) -> list[int]:
    """The six ranks ascending with ace 14 (rule 2 of "Comparing two hands")."""
    return sorted(_rank(c) + 2 for c in list(set_cards) + list(pit))


def compare(a: tuple[Sequence[int], Sequence[int]], b: tuple[Sequence[int], Sequence[int]]) -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 for a tie (Full Houses tie
    here; the showdown's Family Feud settles them). Hands are ``(set, pit)``."""
    ra, rb = category_row(*a), category_row(*b)
    if ra != rb:
        return 1 if ra < rb else -1  # lower row number = stronger; Busted (35) last
    if ra == 4:
        return 0
    ka, kb = lower_card_key(*a), lower_card_key(*b)
    if ka == kb:
        return 0
    return 1 if ka < kb else -1  # the lower card wins
