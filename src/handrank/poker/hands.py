"""One poker hand: strength, category, name, words and the rich :class:`HandValue`
(the strength layout is in the package docstring)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from . import _kernel as _poker
from ..cards import RANK_NAMES, RANK_PLURALS
from ..result import CategoryEnum, HandValue, StrengthScale

RULES_URL = "docs/rules/poker.md"

#: Weakest and strongest strengths.
MIN_STRENGTH = 1
MAX_STRENGTH = 7462
#: The royal flush's strength (the ace-high straight flush).
ROYAL_FLUSH = 7462

HAND_SIZES = (5, 6, 7)

#: Fast single-hand calls on card ids (no text, no result object):
#: ``strength7(c0, ..., c6) -> int``. Raise ValueError on a bad id or repeat.
strength5 = _poker.strength5
strength6 = _poker.strength6
strength7 = _poker.strength7


class Category(CategoryEnum):
    """Poker hand categories, weakest (0) to strongest (8); ``.label`` is the
    display name (``"Full house"``)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


_SCALE = StrengthScale("poker", Category, _poker.category_first(), MIN_STRENGTH, MAX_STRENGTH)


@lru_cache(maxsize=1)
def _class_ranks() -> np.ndarray:
    return _poker.class_ranks()


def category(strength: int) -> Category:
    """The :class:`Category` of a strength (1..7462). Raises ValueError outside
    that range, TypeError for a non-integer."""
    return _SCALE.category(strength)


def categories(strengths: npt.ArrayLike) -> np.ndarray:
    """Vectorised :func:`category`: ``(N,)`` strengths -> ``(N,)`` ``int8``
    category values (compare with ``Category`` members). Raises ValueError for
    any strength outside 1..7462, naming its index."""
    return _SCALE.categories(strengths)


def _unpack(strength: int) -> list[int]:
    packed = int(_class_ranks()[strength])
    return [(packed >> (4 * (4 - i))) & 15 for i in range(5)]


def name(strength: int) -> str:
    """Category display name, with ``"Royal flush"`` for strength 7462.
    Raises as :func:`category`."""
    c = category(strength)
    return "Royal flush" if int(strength) == ROYAL_FLUSH else c.label


def describe(strength: int) -> str:
    """Words for a strength: ``"Full house, kings over fours"``. Raises
    ValueError outside 1..7462, TypeError for a non-integer."""
    cat = category(strength)
    r = _unpack(int(strength))
    P, N = RANK_PLURALS, RANK_NAMES
    if cat == Category.STRAIGHT_FLUSH:
        return "Royal flush" if strength == ROYAL_FLUSH else f"Straight flush, {N[r[0]]}-high"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {P[r[0]]}, {N[r[4]]} kicker"
    if cat == Category.FULL_HOUSE:
        return f"Full house, {P[r[0]]} over {P[r[3]]}"
    if cat == Category.FLUSH:
        return "Flush, " + "-".join(N[x] for x in r)
    if cat == Category.STRAIGHT:
        return f"Straight, {N[r[0]]}-high"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {P[r[0]]}, kickers {N[r[3]]}, {N[r[4]]}"
    if cat == Category.TWO_PAIR:
        return f"Two pair, {P[r[0]]} and {P[r[2]]}, {N[r[4]]} kicker"
    if cat == Category.ONE_PAIR:
        return f"One pair, {P[r[0]]}, kickers {N[r[2]]}, {N[r[3]]}, {N[r[4]]}"
    return "High card, " + "-".join(N[x] for x in r)


#: Strength of one hand of 5, 6 or 7 cards, ``strength(cards) -> int`` (compiled:
#: text and lists/tuples of ids are parsed and checked once, in C; see its docstring).
strength = _poker.strength


#: Per strength, the HandValue fields other than ``cards`` (filled on first use).
_FIELDS: list[dict[str, object] | None] = [None] * (MAX_STRENGTH + 1)


def _fields(s: int) -> dict[str, object]:
    fields: dict[str, object] = {"game": "poker", "category": category(s), "strength": s,
                                 "name": name(s), "description": describe(s)}
    _FIELDS[s] = fields
    return fields


_poker.bind_values(HandValue, _FIELDS, _fields)
#: One hand of 5, 6 or 7 cards -> :class:`HandValue`, ``evaluate(cards)`` (compiled:
#: parsed and checked once in C, fields cached per strength; see its docstring).
evaluate = _poker.evaluate
