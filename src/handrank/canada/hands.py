"""Broken Canada hand evaluation: categories, strengths (single and bulk), words.

The strength layout is described in :mod:`handrank.canada`; the rules are
``docs/rules/broken-canada.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from . import _kernel as _canada
from .._support.arrays import as_id_array, int_array, result_array
from .._support._kernel import Team
from .._support.checks import check_int, is_int
from .._support.threads import KernelError, run_bulk
from .. import errors
from ..cards import RANKS, CardsLike, format_card, format_cards, parse_cards
from ..result import CategoryEnum, HandValue

RULES_URL = "docs/rules/broken-canada.md"
TB_BITS = 15
_TOP = 18563
MIN_STRENGTH = 0
MAX_STRENGTH = (34 << TB_BITS) | _TOP
MAX_DECKS = 64

#: One hand for :func:`compare`: ``(set, pit)``, or 6 cards with the set first.
Hand = tuple[CardsLike, CardsLike] | CardsLike
#: Rows of cards for :func:`evaluate_many`: an integer array of ids, or a list of rows
#: (card text, or sequences of ids / card strings).
Rows = np.ndarray | Sequence[CardsLike]


class Category(CategoryEnum):
    """The 35 rows of the rules table; value 0 (Busted) is weakest, 34 (Royal
    Canadian) strongest, i.e. ``value == 35 - row``. ``.label`` is the name on
    the rules page (``"River of Blood / River of Oil"``); ``.row`` the row number."""

    BUSTED = 0
    NO_HAND = 1
    PAIR = 2
    TWO_PAIR = 3
    FLAT_STRAIGHT_3 = 4
    THREE_OF_A_KIND = 5
    FLAT_STRAIGHT_4 = 6
    FLAT_STRAIGHT_5 = 7
    OUT_HAND_STRAIGHT_PAIR_3 = 8
    OUT_HAND_STRAIGHT_PAIR_4 = 9
    THREE_PAIR = 10
    IN_HAND_STRAIGHT_PAIR_3 = 11
    COMPOSITE_CURVE_4 = 12
    IN_HAND_STRAIGHT_PAIR_4 = 13
    IN_AND_OUT_STRAIGHT_3 = 14
    RIVER = 15
    IN_AND_OUT_STRAIGHT_4 = 16
    ROYAL_QUARTER_STRAIGHT = 17
    FLAT_STRAIGHT_6 = 18
    IN_HAND_STRAIGHT_PAIR_5 = 19
    FOUR_OF_A_KIND = 20
    HANDED_CURVE_4 = 21
    FLUSH_5 = 22
    STRAIGHT_FLUSH_5 = 23
    FLUSH_6 = 24
    COMPOSITE_CURVE_5 = 25
    STRAIGHT_FLUSH_6 = 26
    KINGS_AND_ACES = 27
    THREE_ACES = 28
    ACES_IN_HAND_STRAIGHT_PAIR = 29
    FOUR_ACES = 30
    FULL_HOUSE = 31
    CROWDED_HOUSE = 32
    BROKEN_CANADA = 33
    ROYAL_CANADIAN = 34

    @property
    def label(self) -> str:
        """The category's name as on the rules page."""
        return LABELS[self.value]

    @property
    def row(self) -> int:
        """Row number in the rules table (1 = Royal Canadian .. 35 = Busted)."""
        return 35 - self.value


#: Names as on the rules page, indexed by category value (0 = Busted).
LABELS = (
    "Busted", "No Hand", "Pair", "Two Pair", "3-card Flat Straight", "Three of a Kind",
    "4-card Flat Straight", "5-card Flat Straight", "Out-hand 3-card Straight Pair",
    "Out-hand 4-card Straight Pair", "Three Pair", "In-hand 3-card Straight Pair",
    "4-card Composite Curve", "In-hand 4-card Straight Pair", "In-and-out 3-card Straight",
    "River of Blood / River of Oil", "In-and-out 4-card Straight", "Royal Quarter-Straight",
    "6-card Flat Straight", "In-hand 5-card Straight Pair", "Four of a Kind",
    "4-card Handed Curve", "5-card Flush", "5-card Straight Flush", "6-card Flush",
    "5-card Composite Curve", "6-card Straight Flush", "Kings and Aces", "Three Aces",
    "Aces In-hand Straight Pair", "Four Aces", "Full House", "Crowded House", "Broken Canada",
    "Royal Canadian",
)

#: The aces tier (rows 5-8), placed directly under Full House [D].
ACES_TIER = (Category.FOUR_ACES, Category.ACES_IN_HAND_STRAIGHT_PAIR, Category.THREE_ACES,
             Category.KINGS_AND_ACES)


def decks_for(players: int) -> int:
    """Decks in play for a table of ``players``: ``ceil(players / 4)`` [D]
    (``docs/rules/broken-canada.md``, "Cards, set and pit"). Raises OptionError for
    fewer than 1 player or more than ``4 * MAX_DECKS``, TypeError for a non-integer."""
    if not is_int(players):
        raise TypeError(f"players must be an int, got {type(players).__name__}")
    if not 1 <= players <= 4 * MAX_DECKS:
        raise errors.OptionError(f"players must be from 1 to {4 * MAX_DECKS}, got {players}")
    return -(-int(players) // 4)


def _check_decks(decks: object) -> int:
    """``decks`` as an int 1..64; OptionError naming the value otherwise (bools too)."""
    return check_int(decks, "decks", 1, MAX_DECKS)


def _check_copies(ids: Sequence[int], decks: int, what: str = "hand") -> None:
    """DuplicateCardError if a card appears more often than ``decks`` copies allow."""
    seen: dict[int, list[int]] = {}
    for pos, c in enumerate(ids):
        seen.setdefault(c, []).append(pos)
    for c, where_list in seen.items():
        if len(where_list) > decks:
            where = ", ".join(map(str, where_list))
            deck_words = "1 deck is" if decks == 1 else f"{decks} decks are"
            raise errors.DuplicateCardError(
                f"{what}: card {format_card(c)} appears {len(where_list)} times (positions {where}) "
                f"but only {deck_words} in play", card=c)


def _part(cards: CardsLike, context: str, words: str, size: int) -> list[int]:
    """Parse one part of a table (a set, the pit), copies allowed; parse errors name
    ``context``, a wrong count says ``"{words} is {size} cards, got n"``."""
    try:
        ids = parse_cards(cards, allow_duplicates=True)
    except errors.HandrankError as e:
        raise e.with_context(context) from None
    if len(ids) != size:
        raise errors.HandSizeError(f"{words} is {size} cards, got {len(ids)}")
    return ids


def _hand(set_cards: CardsLike, pit: CardsLike | None, decks: int) -> list[int]:
    """Parse a hand to 6 ids (set then pit), checking sizes and copies."""
    if pit is None:
        ids = parse_cards(set_cards, allow_duplicates=True)
        if len(ids) != 6:
            raise errors.HandSizeError(f"a Broken Canada hand is 4 set cards + 2 pit cards; "
                                       f"got {len(ids)} cards (give 6, set first, or set and pit apart)")
    else:
        ids = _part(set_cards, "set", "a set", 4) + _part(pit, "pit", "the pit", 2)
    _check_copies(ids, decks, "hand (set then pit)")
    return ids


def _strength6(ids: Sequence[int]) -> int:
    return int(_canada.strength_ids(np.asarray(ids, dtype=np.uint8)))


def strength(set_cards: CardsLike, pit: CardsLike | None = None, *,
             decks: int = 1) -> int:
    """Strength of one hand (see the module's layout): ``set_cards`` 4 cards and
    ``pit`` 2 cards (text or ids), or 6 cards in ``set_cards`` (set first) with
    ``pit=None``. Rule: ``docs/rules/broken-canada.md``. Raises CardParseError,
    CardRangeError, HandSizeError, DuplicateCardError (more copies of a card
    than ``decks``), OptionError (bad decks), TypeError (an unknown keyword, or
    an item that is neither card text nor an integer id, e.g. a float or bool)."""
    return _strength6(_hand(set_cards, pit, _check_decks(decks)))


def evaluate(set_cards: CardsLike, pit: CardsLike | None = None, *,
             decks: int = 1) -> HandValue:
    """Evaluate one Broken Canada hand to a :class:`~handrank.result.HandValue`.

    ``set_cards``: the player's 4 set cards; ``pit``: the 2 pit cards (text such
    as ``"Ts Js Qs Ks"`` or card ids). Or ``pit=None`` and 6 cards, set first.
    ``decks``: decks in play (1..64); a card may appear at most that many times.

    The category is the first row of the rules table the cards satisfy ("cards
    speak"), with Full House turned to Busted when its triple or pair is aces;
    ``cards`` are the cards that make it (No Hand: all six). Rule:
    ``docs/rules/broken-canada.md``. Raises CardParseError (token and position),
    CardRangeError, HandSizeError (not 4 + 2 cards), DuplicateCardError (too
    many copies for ``decks``), OptionError (bad ``decks``), TypeError
    (an unknown keyword, or an item that is neither card text nor an integer id).
    """
    return _value(_hand(set_cards, pit, _check_decks(decks)))


def _value(ids: Sequence[int]) -> HandValue:
    """The HandValue of 6 checked ids (set then pit)."""
    s = _strength6(ids)
    cat = Category(s >> TB_BITS)
    from .reference import witness  # which cards make it (small, plain search)

    w = witness(ids[:4], ids[4:], cat.row) if cat != Category.NO_HAND else tuple(range(6))
    words = describe(s)
    if cat == Category.RIVER:  # one category; the words say which river
        red = all(c & 3 in (1, 2) for c in ids)
        words = words.replace(cat.label, "River of Blood" if red else "River of Oil")
    return HandValue(game="canada", category=cat, strength=s, name=cat.label,
                     description=words, cards=tuple(ids[i] for i in w))


def _layout(sets: object, pits: object) -> tuple[np.ndarray, np.ndarray]:
    if pits is None:
        a = as_id_array(sets, (6,), "hand (4 set cards then 2 pit cards)")
        return a, a
    s = as_id_array(sets, (4,), "set")
    if isinstance(pits, np.ndarray) and pits.ndim == 1 or (
            not isinstance(pits, np.ndarray) and _is_single_pit(pits)):
        p = as_id_array([pits] if not isinstance(pits, np.ndarray) else pits.reshape(1, -1),
                        (2,), "pit")
    else:
        p = as_id_array(pits, (2,), "pit")
        if p.shape[0] != s.shape[0]:
            raise errors.ArrayShapeError(f"sets have {s.shape[0]} rows but pits have {p.shape[0]}; give "
                                         f"one pit per row, or a single pit shared by every row")
    return s, p


def _is_single_pit(pits: object) -> bool:
    """One pit (2 cards: text, or two ids / one-card strings) rather than rows of pits."""
    if isinstance(pits, str):
        return True
    try:
        items = list(pits)  # type: ignore[call-overload]
    except TypeError:
        return False
    if len(items) != 2:
        return False
    for x in items:
        if isinstance(x, str):
            try:
                if len(parse_cards(x, allow_duplicates=True)) != 1:
                    return False
            except errors.HandrankError:
                return False
        elif not np.isscalar(x):
            return False
    return True


def evaluate_many(sets: Rows, pits: Rows | CardsLike | None = None, *, decks: int = 1,
                  threads: int | None = None, out: np.ndarray | None = None,
                  executor: Executor | None = None) -> np.ndarray:
    """Strengths of many hands at once.

    Layouts (card ids ``4 * rank + suit``, any integer dtype; ``uint8`` is used
    as is, others are range-checked then cast; or lists of card text rows):

    * ``sets`` ``(N, 4)`` and ``pits`` ``(N, 2)``: set and pit of each row;
    * ``sets`` ``(N, 4)`` and ``pits`` ``(2,)`` (or one card text): one pit
      shared by every row, as at a table;
    * ``sets`` ``(N, 6)`` and ``pits=None``: columns 0..3 the set, 4..5 the pit.

    ``decks``: the most copies of one card a row may hold (1..64).
    ``threads``: ``None``/1 = one thread, 0 = all cores (the kernel releases the GIL).
    ``out``: an ``(N,)`` ``int32`` array to write the strengths into (and return),
    reused from batch to batch; None = a new array (ArrayShapeError/ArrayDtypeError
    for a bad one).
    ``executor``: any ``concurrent.futures.Executor``; inputs above
    ``EXECUTOR_UNIT_ROWS`` rows go to it in units of that many (``docs/scale.md``).

    Rule: ``docs/rules/broken-canada.md``; strength layout in this module's docstring.
    Returns an ``(N,)`` ``int32`` array of strengths. Raises ArrayDtypeError,
    ArrayShapeError, HandSizeError (wrong column count), CardRangeError (id
    outside 0..51), DuplicateCardError (too many copies), each naming the row
    and column (set column 0..3, pit column 0..1), OptionError (bad ``decks``).
    """
    d = _check_decks(decks)
    s, p = _layout(sets, pits)
    n = s.shape[0]
    out = result_array(out, n, (s, p))
    if n == 0:
        return out
    if s.shape[1] == 4 and p.shape[0] == n:  # a pit per row: cut with the sets
        err = run_bulk(_rows_unit, (s, p), out, (d,), threads=threads, executor=executor)
    else:  # one shared pit, or (N, 6) rows holding their pits (the kernel ignores ``pits``)
        err = run_bulk(_shared_unit, (s,), out, (p[:1], d), threads=threads, executor=executor)
    if err is not None:
        _raise_row_error(err, s, p, d)
    return out


def _rows_unit(s: np.ndarray, p: np.ndarray, out: np.ndarray, decks: int, *, start: int = 0,
               stop: int | None = None, team: Team | None = None,
               lead: bool = True) -> KernelError | None:
    """``(m, 4)`` sets with their ``(m, 2)`` pits into ``out`` (a ``run_bulk`` unit,
    team-capable)."""
    return _canada.eval_ids(s, p, decks, out, start, len(out) if stop is None else stop, team,
                            lead)


def _shared_unit(s: np.ndarray, out: np.ndarray, p: np.ndarray, decks: int, *, start: int = 0,
                 stop: int | None = None, team: Team | None = None,
                 lead: bool = True) -> KernelError | None:
    """``(m, 4)`` sets with one ``(1, 2)`` pit, or ``(m, 6)`` rows, into ``out`` (a
    ``run_bulk`` unit, team-capable)."""
    return _canada.eval_ids(s, p, decks, out, start, len(out) if stop is None else stop, team,
                            lead)


def _raise_row_error(err: tuple[int, int, int], s: np.ndarray, p: np.ndarray, decks: int) -> None:
    row, col, kind = err
    six = s.shape[1] == 6
    hand = [int(x) for x in (s[row] if six else list(s[row]) + list(p[row if p.shape[0] > 1 else 0]))]
    where = f"column {col}" if six else (f"set column {col}" if col < 4 else f"pit column {col - 4}")
    if kind == _canada.KIND_RANGE:
        raise errors.CardRangeError(f"row {row}, {where}: card id {hand[col]} is out of range 0..51",
                                    row=row, column=col)
    c = hand[col]
    deck_words = "1 deck is" if decks == 1 else f"{decks} decks are"
    places = [j for j in range(len(hand)) if hand[j] == c]
    names = [f"column {j}" if six else (f"set column {j}" if j < 4 else f"pit column {j - 4}")
             for j in places]
    raise errors.DuplicateCardError(f"row {row}, {where}: card {format_card(c)} appears "
                                    f"{len(places)} times ({', '.join(names)}) but only {deck_words} "
                                    f"in play", card=c, row=row)


def _check_strength(s: object) -> int:
    if not is_int(s):
        raise TypeError(f"a strength is an int, got {type(s).__name__} {s!r}")
    v = int(s)  # type: ignore[call-overload]
    if not MIN_STRENGTH <= v <= MAX_STRENGTH or (v & ((1 << TB_BITS) - 1)) > _TOP:
        raise errors.HandrankError(f"{v} is not a Broken Canada strength")
    return v


def category(strength: int) -> Category:
    """The :class:`Category` of a strength (``strength >> 15``). Raises
    HandrankError (a ValueError) for a value that is not a strength, TypeError
    for a non-integer."""
    return Category(_check_strength(strength) >> TB_BITS)


def categories(strengths: npt.ArrayLike) -> np.ndarray:
    """Vectorised :func:`category`: strengths -> ``int8`` category values (same
    shape). Raises HandrankError naming the first index that is not a strength,
    ArrayShapeError for ragged lists, ArrayDtypeError (a TypeError) for non-integers."""
    a64 = int_array(strengths, "strengths").astype(np.int64)
    bad = (a64 < MIN_STRENGTH) | (a64 > MAX_STRENGTH) | ((a64 & ((1 << TB_BITS) - 1)) > _TOP)
    if bad.any():
        i = int(np.flatnonzero(bad.ravel())[0])
        raise errors.HandrankError(f"index {i}: {a64.ravel()[i]} is not a Broken Canada strength")
    return (a64 >> TB_BITS).astype(np.int8)


def name(strength: int) -> str:
    """Category name of a strength, as on the rules page."""
    return category(strength).label


@lru_cache(maxsize=1)
def _sixes() -> list[tuple[int, ...]]:
    return list(combinations_with_replacement(range(13), 6))


def lower_cards(strength: int) -> tuple[int, ...] | None:
    """The six ranks (0 = deuce .. 12 = ace) ascending that a strength encodes,
    or None for a Full House (all Full Houses tie)."""
    v = _check_strength(strength)
    if v >> TB_BITS == Category.FULL_HOUSE:
        return None
    return _sixes()[_TOP - (v & ((1 << TB_BITS) - 1))]


def describe(strength: int) -> str:
    """Words for a strength: ``"Three Pair, 5-5-9-9-K-K"`` (the ranks low to high
    that break ties); Full House: ``"Full House (Full Houses tie; a Family Feud
    settles a tie at showdown)"``."""
    cat = category(strength)
    ranks = lower_cards(strength)
    if ranks is None:
        return f"{cat.label} (Full Houses tie; a Family Feud settles a tie at showdown)"
    return f"{cat.label}, " + "-".join(RANKS[r] for r in ranks)


def compare(a: Hand, b: Hand, *, decks: int = 1) -> int:
    """1 if hand ``a`` beats hand ``b``, -1 if it loses, 0 for a tie (every
    Full House ties here; :func:`showdown` settles them by Family Feud).

    Each hand is ``(set, pit)`` or 6 cards (set first), as for :func:`evaluate`;
    the two may share the pit. Raises as :func:`evaluate`."""
    sa, sb = _strength_of_hand(a, decks), _strength_of_hand(b, decks)
    return (sa > sb) - (sa < sb)


def _strength_of_hand(h: object, decks: int) -> int:
    if isinstance(h, tuple) and len(h) == 2:
        return strength(h[0], h[1], decks=decks)
    return strength(h, decks=decks)  # type: ignore[arg-type]


def format_hand(ids: Sequence[int]) -> str:
    """``"set | pit"`` text of 6 ids."""
    return f"{format_cards(ids[:4])} | {format_cards(ids[4:])}"
