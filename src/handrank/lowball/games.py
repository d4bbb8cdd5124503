"""The three lowball evaluators, one :class:`LowballGame` object each with the same
verbs (strength layouts in the package docstring; rules in ``docs/rules/lowball.md``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from functools import lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from . import _kernel as _low
from . import reference as _ref
from .._support.arrays import as_id_array, raise_kernel_error, result_array
from .._support._kernel import Team
from .._support.checks import each_player
from .._support.threads import KernelError, run_bulk
from ..cards import RANK_NAMES, RANK_PLURALS, RANKS, CardsLike, parse_cards
from ..errors import HandSizeError
from ..result import CategoryEnum, HandValue, StrengthScale

RULES_URL = "docs/rules/lowball.md"


class DeuceToSevenCategory(CategoryEnum):
    """Deuce-to-seven categories, worst (0) to best (8): high poker turned around."""

    STRAIGHT_FLUSH = 0
    FOUR_OF_A_KIND = 1
    FULL_HOUSE = 2
    FLUSH = 3
    STRAIGHT = 4
    THREE_OF_A_KIND = 5
    TWO_PAIR = 6
    ONE_PAIR = 7
    HIGH_CARD = 8


class AceToFiveCategory(CategoryEnum):
    """Ace-to-five categories, worst (0) to best (5); straights and flushes do not count."""

    FOUR_OF_A_KIND = 0
    FULL_HOUSE = 1
    THREE_OF_A_KIND = 2
    TWO_PAIR = 3
    ONE_PAIR = 4
    NO_PAIR = 5


class BadugiCategory(CategoryEnum):
    """Badugi categories by the number of cards that play, worst (0) to best (3)."""

    ONE_CARD = 0
    TWO_CARD = 1
    THREE_CARD = 2
    BADUGI = 3


def _deuce_high_char(r: int) -> str:
    """Rank character of a deuce-high rank (0 = deuce .. 12 = ace)."""
    return RANKS[r]


def _ace_low_char(r: int) -> str:
    """Rank character of an ace-low rank (0 = ace .. 12 = king)."""
    return RANKS[(r - 1) % 13]


class LowballGame:
    """One lowball evaluator: ``strength``, ``evaluate``, ``evaluate_many``,
    ``compare``, ``showdown``, ``category``, ``categories``, ``name``, ``describe``.
    Higher strength = better low (the best hand has ``MAX_STRENGTH``); equal
    strengths split."""

    def __init__(self, game: str, number: int, hand_sizes: tuple[int, ...],
                 category_enum: type[CategoryEnum]) -> None:
        self.game = game
        self._number = number
        self.HAND_SIZES = hand_sizes
        self.Category = category_enum
        self.MIN_STRENGTH = 1
        self.MAX_STRENGTH = int(_low.NUM_STRENGTHS[number])
        self._scale = StrengthScale(game, category_enum, _low.category_first(number),
                                    self.MIN_STRENGTH, self.MAX_STRENGTH)

    def __repr__(self) -> str:
        return f"<handrank.lowball evaluator {self.game!r}>"

    # ------------------------------------------------------------------ one hand

    def _ids(self, cards: CardsLike) -> list[int]:
        ids = parse_cards(cards)
        if len(ids) not in self.HAND_SIZES:
            *most, last = map(str, self.HAND_SIZES)
            sizes = f"{', '.join(most)} or {last}" if most else last
            article = "an" if self.game[0] in "aeiou" else "a"
            raise HandSizeError(f"{article} {self.game} hand has {sizes} cards, got {len(ids)}")
        return ids

    def strength(self, cards: CardsLike) -> int:
        """Strength of one hand (1..``MAX_STRENGTH``, higher = better low).

        ``cards``: text (``"7s 5d 4h 3c 2s"``) or a sequence of card ids / card
        strings, as many as the game takes (``HAND_SIZES``). Raises
        CardParseError, CardRangeError, DuplicateCardError, HandSizeError (all
        ValueErrors); TypeError for an item that is neither a card string nor an int.
        """
        if type(cards) is list or type(cards) is tuple:
            try:  # card ids: checked and evaluated in one compiled call
                return int(_low.strength_ids(self._number, cards))
            except (TypeError, HandSizeError):
                pass  # card strings, or a size error the path below words for this game
        return int(_low.strength_ids(self._number, self._ids(cards)))

    def evaluate(self, cards: CardsLike) -> HandValue:
        """One hand -> :class:`~handrank.result.HandValue` (``game`` is this
        evaluator's name). ``cards`` in the value are the cards that play
        (ace-to-five: the best five; badugi: the badugi's cards), most
        significant first. Raises as :meth:`strength`."""
        ids = self._ids(cards)
        s = int(_low.strength_ids(self._number, ids))
        cat = self.category(s)
        return HandValue(game=self.game, category=cat, strength=s, name=cat.label,
                         description=self.describe(s), cards=self._playing(ids, s))

    def _playing(self, ids: list[int], s: int) -> tuple[int, ...]:
        if self._number == _low.DEUCE_TO_SEVEN:
            cnt = Counter(c >> 2 for c in ids)
            return tuple(sorted(ids, key=lambda c: (cnt[c >> 2], c), reverse=True))
        if self._number == _low.ACE_TO_FIVE:
            play = next(list(f) for f in combinations(ids, 5)
                        if _low.strength_ids(self._number, f) == s)
        else:
            table = _badugi_table()
            play = max((list(sub) for n in range(4, 0, -1) for sub in combinations(ids, n)
                        if len({c >> 2 for c in sub}) == n and len({c & 3 for c in sub}) == n),
                       key=lambda sub: table[sum(1 << _ref.ace_low_rank(c) for c in sub)])
        cnt = Counter(_ref.ace_low_rank(c) for c in play)
        return tuple(sorted(play, key=lambda c: (cnt[_ref.ace_low_rank(c)],
                                                 _ref.ace_low_rank(c), c), reverse=True))

    def compare(self, a: CardsLike, b: CardsLike) -> int:
        """1 if hand ``a`` is the better low, -1 if it is worse, 0 for a split.
        The two hands are read on their own (they may share cards); raises as
        :meth:`strength`. Rule: ``docs/rules/lowball.md``."""
        sa, sb = self.strength(a), self.strength(b)
        return (sa > sb) - (sa < sb)

    def showdown(self, hands: Sequence[CardsLike]) -> list[int]:
        """Winners (best lows) among players: indices into ``hands``, ascending
        (several = a split pot). ``hands``: one entry per player (text or ids),
        each as many cards as the game takes (``HAND_SIZES``); all cards come
        from one deck: a card held twice raises DuplicateCardError naming it and
        both players. Other errors as :meth:`strength`, with ``player p`` in
        front; HandSizeError for no player. Rule: ``docs/rules/lowball.md``."""
        strengths = [int(_low.strength_ids(self._number, ids)) for _, ids in
                     each_player(hands, "hands", "one entry (a hand)", self._ids, {},
                                 "held by player {p}")]
        best = max(strengths)
        return [i for i, s in enumerate(strengths) if s == best]

    # ------------------------------------------------------------------ many hands

    def evaluate_many(self, cards: np.ndarray | Sequence[CardsLike], *,
                      threads: int | None = None, out: np.ndarray | None = None,
                      executor: Executor | None = None) -> np.ndarray:
        """Strengths of many hands at once.

        ``cards``: an ``(N, k)`` integer array of card ids with k in
        ``HAND_SIZES`` (``uint8`` is read as is; wider dtypes are range-checked,
        then cast), an ``(N,)`` ``uint64`` array of card masks (bit c = card id c,
        as :func:`handrank.poker.evaluate_many` reads them; every mask with the
        same number of cards, in ``HAND_SIZES``; turned into ids first), or rows:
        a list of card text or id lists.
        ``threads``: ``None``/1 = one thread, ``0`` = all cores, ``n`` = n threads
        (the kernel releases the GIL; small inputs stay on one thread).
        ``out``: an ``(N,)`` ``int32`` array to write the strengths into (and
        return); None = a new array.
        ``executor``: any ``concurrent.futures.Executor``; inputs above
        ``EXECUTOR_UNIT_ROWS`` rows go to it in units of that many (``docs/scale.md``).

        Returns an ``(N,)`` ``int32`` array of strengths (1..``MAX_STRENGTH``).
        Raises ArrayDtypeError (a TypeError), ArrayShapeError (also for a bad
        ``out``), HandSizeError (wrong number of columns), CardRangeError (row,
        column), DuplicateCardError (row, both columns), CardParseError (row,
        token). Rule: ``docs/rules/lowball.md``.
        """
        ids = as_id_array(cards, self.HAND_SIZES, what=f"{self.game} hand", masks=True)
        res = result_array(out, ids.shape[0], (ids,))
        err = run_bulk(_id_unit, (ids,), res, (self._number,), threads=threads,
                       executor=executor)
        if err is not None:
            raise_kernel_error(err, ids, self.HAND_SIZES)
        return res

    # ------------------------------------------------------------------ layout

    def category(self, strength: int) -> CategoryEnum:
        """The category of a strength. Raises HandrankError outside
        1..``MAX_STRENGTH``, TypeError for a non-integer."""
        return self._scale.category(strength)

    def categories(self, strengths: npt.ArrayLike) -> np.ndarray:
        """Vectorised :meth:`category`: integer strengths (any shape) -> ``int8``
        category values. Raises HandrankError naming the index of a strength out
        of range; ArrayDtypeError for non-integers."""
        return self._scale.categories(strengths)

    def name(self, strength: int) -> str:
        """Category display name (``"One pair"``, ``"Badugi"``). Raises as :meth:`category`."""
        return self.category(strength).label

    def describe(self, strength: int) -> str:
        """Words for a strength: ``"7-5-4-3-2"``, ``"Pair of threes, 6-4-A"``,
        ``"Badugi 4-3-2-A"``, ``"Three-card 5-3-A"``. Raises as :meth:`category`."""
        return _describe(self._number, self._scale.check(strength))


def _id_unit(ids: np.ndarray, out: np.ndarray, game: int, *, start: int = 0,
             stop: int | None = None, team: Team | None = None,
             lead: bool = True) -> KernelError | None:
    """``(m, k)`` uint8 ids of game number ``game`` into ``out`` (a ``run_bulk`` unit,
    team-capable)."""
    return _low.eval_ids(game, ids, out, start, len(out) if stop is None else stop, team, lead)


@lru_cache(maxsize=1)
def _badugi_table() -> np.ndarray:
    return _low.badugi_table()


@lru_cache(maxsize=3)
def _classes(number: int) -> list[_ref.Value]:
    return [_ref.deuce_to_seven_classes, _ref.ace_to_five_classes,
            _ref.badugi_classes][number]()


@lru_cache(maxsize=None)
def _describe(number: int, s: int) -> str:
    value = _classes(number)[s - 1]
    if number == _low.BADUGI:
        n, neg = value
        chars = "-".join(_ace_low_char(-r) for r in neg)
        return f"Badugi {chars}" if n == 4 else \
            f"{('One', 'Two', 'Three')[n - 1]}-card {chars}"
    cat, neg = -value[0], [-r for r in value[1]]
    if number == _low.DEUCE_TO_SEVEN:
        char: Callable[[int], str] = _deuce_high_char
        names: Sequence[str] = RANK_NAMES
        plurals: Sequence[str] = RANK_PLURALS
        kind = ["High card", "One pair", "Two pair", "Three of a kind", "Straight", "Flush",
                "Full house", "Four of a kind", "Straight flush"][cat]
    else:
        char = _ace_low_char
        names = tuple(RANK_NAMES[(r - 1) % 13] for r in range(13))
        plurals = tuple(RANK_PLURALS[(r - 1) % 13] for r in range(13))
        kind = ["High card", "One pair", "Two pair", "Three of a kind", "Full house",
                "Four of a kind"][cat]
    r = neg
    if kind == "High card":
        return "-".join(char(x) for x in r)
    if kind == "Flush":
        return "Flush, " + "-".join(char(x) for x in r)
    if kind in ("Straight", "Straight flush"):
        return f"{kind}, {names[r[0]]}-high"
    if kind == "One pair":
        return f"Pair of {plurals[r[0]]}, " + "-".join(char(x) for x in r[1:])
    if kind == "Two pair":
        return f"Two pair, {plurals[r[0]]} and {plurals[r[1]]}, {char(r[2])} kicker"
    if kind == "Three of a kind":
        return f"Three {plurals[r[0]]}, " + "-".join(char(x) for x in r[1:])
    if kind == "Full house":
        return f"Full house, {plurals[r[0]]} over {plurals[r[1]]}"
    return f"Four {plurals[r[0]]}, {char(r[1])} kicker"


#: Deuce-to-seven ("Kansas City") lowball: exactly five cards; aces high only,
#: straights and flushes count against the hand; best hand 7-5-4-3-2 (not one suit).
deuce_to_seven = LowballGame("deuce-to-seven", _low.DEUCE_TO_SEVEN, (5,), DeuceToSevenCategory)
#: Ace-to-five (California) lowball and razz: 5 to 7 cards, best five; aces low,
#: straights and flushes ignored; best hand 5-4-3-2-A.
ace_to_five = LowballGame("ace-to-five", _low.ACE_TO_FIVE, (5, 6, 7), AceToFiveCategory)
#: Badugi: four cards; the largest set with no two of a rank or a suit plays, then
#: the lowest from the top down, aces low; best hand A-2-3-4 of four suits.
badugi = LowballGame("badugi", _low.BADUGI, (4,), BadugiCategory)
