"""Short-deck hands: strength, evaluate (the rich HandValue), evaluate_many,
category, name and describe (the strength layout is in the package docstring)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from . import _kernel as _sd
from .._support.arrays import as_id_array, raise_kernel_error, result_array
from .._support._kernel import Team
from .._support.checks import check_bool, each_player
from .._support.threads import KernelError, run_bulk
from ..cards import RANK_NAMES, RANK_PLURALS, CardsLike, format_card, parse_cards
from ..errors import CardRangeError, HandrankError, HandSizeError
from ..poker._kernel import parse_rows
from ..result import CategoryEnum, HandValue, StrengthScale

RULES_URL = "docs/rules/shortdeck.md"

#: Weakest and strongest strengths (under either option).
MIN_STRENGTH = 1
MAX_STRENGTH = 1404
#: The royal flush's strength (T-J-Q-K-A of one suit).
ROYAL_FLUSH = 1404
HAND_SIZES = (5, 6, 7)
#: The lowest card id of the 36-card deck (the six of clubs); ids 16..51 are short-deck cards.
FIRST_CARD = 16
#: ``HandValue.game`` of each option's values: the two scales differ, so values
#: made with different options refuse to be ordered (TypeError), like two games'.
GAME = "shortdeck"
GAME_SBT = "shortdeck-sbt"


class Category(CategoryEnum):
    """Short-deck hand categories, named as :class:`handrank.poker.Category`,
    valued in the default short-deck order (weakest 0 to strongest 8): the
    straight (3) below three of a kind (4), the full house (5) below the flush
    (6). Under ``straight_beats_trips=True`` a straight beats three of a kind
    although its value is lower: compare strengths, not categories, across
    categories.

    Members are ``IntEnum`` values, so members of two games' enums with the same
    value compare equal (``shortdeck.Category.FLUSH == poker.Category.FULL_HOUSE``,
    both 6): across games compare categories by ``.name``, never by value."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    FULL_HOUSE = 5
    FLUSH = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


_SCALE = StrengthScale(GAME, Category, _sd.category_first(False), MIN_STRENGTH, MAX_STRENGTH)
_SCALE_SBT = StrengthScale(GAME_SBT, Category, _sd.category_first(True), MIN_STRENGTH,
                           MAX_STRENGTH)
_SBT = _sd.sbt_map()  # default strength -> straight_beats_trips strength of the same class
_FROM_SBT = np.argsort(_SBT).astype(np.int32)  # its inverse (index 0 -> 0)


@lru_cache(maxsize=1)
def _class_ranks() -> np.ndarray:
    return _sd.class_ranks()


def _flag(straight_beats_trips: object) -> bool:
    return check_bool(straight_beats_trips, "straight_beats_trips")


def category(strength: int, *, straight_beats_trips: bool = False) -> Category:
    """The :class:`Category` of a strength (1..1404) on the scale of the given
    option. Raises HandrankError outside that range, TypeError for a
    non-integer, OptionError for an option that is not True or False."""
    if not _flag(straight_beats_trips):
        return _SCALE.category(strength)
    c = _SCALE_SBT.category(strength)  # ranges ascending: trips (3) then straight (4)
    return Category({3: 4, 4: 3}.get(int(c), int(c)))


def categories(strengths: npt.ArrayLike, *, straight_beats_trips: bool = False) -> np.ndarray:
    """Vectorised :func:`category`: integer strengths (any shape) -> ``int8``
    category values of the same shape (compare with ``Category`` members).
    Raises HandrankError naming the index of a strength outside 1..1404,
    ArrayDtypeError for non-integers, OptionError for a bad option."""
    if not _flag(straight_beats_trips):
        return _SCALE.categories(strengths)
    c = _SCALE_SBT.categories(strengths)
    out = c.copy()
    out[c == 3] = 4
    out[c == 4] = 3
    return out


def _default(strength: int, sbt: bool) -> int:
    """The default-scale strength of a checked strength on the given scale."""
    return int(_FROM_SBT[strength]) if sbt else strength


def name(strength: int, *, straight_beats_trips: bool = False) -> str:
    """Category display name, ``"Royal flush"`` for strength 1404. Raises as :func:`category`."""
    c = category(strength, straight_beats_trips=straight_beats_trips)
    return "Royal flush" if int(strength) == ROYAL_FLUSH else c.label


def _ranks(default_strength: int) -> list[int]:
    """The class's five card ranks (4 = six .. 12 = ace), most significant first."""
    packed = int(_class_ranks()[default_strength])
    return [4 + ((packed >> (4 * (4 - i))) & 15) for i in range(5)]


def describe(strength: int, *, straight_beats_trips: bool = False) -> str:
    """Words for a strength on the given option's scale: ``"Full house, kings
    over sixes"``, ``"Straight, nine-high (A-6-7-8-9)"``. Raises as :func:`category`."""
    sbt = _flag(straight_beats_trips)
    cat = category(strength, straight_beats_trips=sbt)
    s = _default(int(strength), sbt)
    r = _ranks(s)
    P, N = RANK_PLURALS, RANK_NAMES
    if cat in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        if s == ROYAL_FLUSH:
            return "Royal flush"
        tail = " (A-6-7-8-9)" if r[4] == 12 else ""
        return f"{cat.label}, {N[r[0]]}-high{tail}"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {P[r[0]]}, {N[r[4]]} kicker"
    if cat == Category.FULL_HOUSE:
        return f"Full house, {P[r[0]]} over {P[r[3]]}"
    if cat == Category.FLUSH:
        return "Flush, " + "-".join(N[x] for x in r)
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {P[r[0]]}, kickers {N[r[3]]}, {N[r[4]]}"
    if cat == Category.TWO_PAIR:
        return f"Two pair, {P[r[0]]} and {P[r[2]]}, {N[r[4]]} kicker"
    if cat == Category.ONE_PAIR:
        return f"One pair, {P[r[0]]}, kickers {N[r[2]]}, {N[r[3]]}, {N[r[4]]}"
    return "High card, " + "-".join(N[x] for x in r)


class _Unread(Exception):
    """The compiled row scanner could not read a hand (the slow parser will say why)."""


def _unread(i: int, row: object) -> list[int]:
    raise _Unread


def _ids(cards: CardsLike) -> list[int]:
    """The hand's ids, checked: 5 to 7 distinct short-deck cards. Text and
    lists/tuples of ids go through the compiled row scanner first; anything it
    cannot read, and every bad hand, through :func:`parse_cards`, whose error
    names the culprit."""
    ids: list[int] | None = None
    if isinstance(cards, (str, list, tuple)):
        try:
            ids = parse_rows([cards], _unread)[0].tolist()
        except (_Unread, HandrankError):
            ids = None
    if ids is None or len(set(ids)) != len(ids):
        ids = parse_cards(cards)
    if not 5 <= len(ids) <= 7:
        raise HandSizeError(f"a short-deck hand has 5 to 7 cards, got {len(ids)}")
    if min(ids) < FIRST_CARD:
        pos = next(p for p, c in enumerate(ids) if c < FIRST_CARD)
        c = ids[pos]
        raise CardRangeError(f"card {format_card(c)} (id {c}) at position {pos} is not in "
                             f"the short deck (sixes to aces)", column=pos)
    return ids


def strength(cards: CardsLike, *, straight_beats_trips: bool = False) -> int:
    """Strength (1..1404, higher = stronger) of one hand of 5, 6 or 7 short-deck
    cards (best five). ``cards``: text (``"As Ks Qs Js Ts 6c 7d"``) or a sequence
    of card ids / card strings. Raises CardParseError, CardRangeError (an id
    outside 0..51, or a deuce to five: named with its position),
    DuplicateCardError, HandSizeError, OptionError. Rule: ``docs/rules/shortdeck.md``."""
    sbt = _flag(straight_beats_trips)
    return int(_sd.strength_ids(_ids(cards), sbt))


def _best_five(ids: list[int], s: int) -> tuple[int, ...]:
    """The five cards making default strength ``s``: per class rank in order the
    highest-suited unused card (of the flush suit for a flush or straight flush)."""
    fs = -1
    if _SCALE.category(s) in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suits = [c & 3 for c in ids]
        fs = max(range(4), key=suits.count)
    pool = sorted(ids, reverse=True)
    five = []
    for r in _ranks(s):
        for j, c in enumerate(pool):
            if c >> 2 == r and (fs < 0 or c & 3 == fs):
                five.append(c)
                del pool[j]
                break
    return tuple(five)


@lru_cache(maxsize=None)
def _fields(s: int, sbt: bool) -> tuple[Category, str, str]:
    """(category, name, description) of a checked strength, computed once."""
    return (category(s, straight_beats_trips=sbt), name(s, straight_beats_trips=sbt),
            describe(s, straight_beats_trips=sbt))


def evaluate(cards: CardsLike, *, straight_beats_trips: bool = False) -> HandValue:
    """Evaluate one hand of 5, 6 or 7 short-deck cards (best five) to a
    :class:`~handrank.result.HandValue` (``cards`` the best five, most
    significant first; A-6-7-8-9 as 9-8-7-6-A). Strengths are on the scale of
    the given option, and so is ``game``: ``"shortdeck"`` (:data:`GAME`) by
    default, ``"shortdeck-sbt"`` (:data:`GAME_SBT`) with
    ``straight_beats_trips=True``, so ordering values of the two options raises
    TypeError instead of comparing two scales. Raises as :func:`strength`."""
    sbt = _flag(straight_beats_trips)
    ids = _ids(cards)
    s = int(_sd.strength_ids(ids, sbt))
    cat, nm, words = _fields(s, sbt)
    return HandValue(game=GAME_SBT if sbt else GAME, category=cat, strength=s, name=nm,
                     description=words, cards=_best_five(ids, _default(s, sbt)))


def evaluate_many(cards: np.ndarray | Iterable[CardsLike], *, straight_beats_trips: bool = False,
                  threads: int | None = None, out: np.ndarray | None = None,
                  executor: Executor | None = None) -> np.ndarray:
    """Strengths of many short-deck hands at once.

    ``cards``: an ``(N, k)`` integer array of card ids, k = 5, 6 or 7 (``uint8``
    is read in place; wider dtypes are range-checked and copied), an ``(N,)``
    ``uint64`` array of card masks (bit c = card id c; every mask with the same
    number of cards, 5 to 7; turned into ids first), or rows (a list of card
    text or id lists, as :func:`handrank.poker.evaluate_many`).
    ``threads``: ``None``/1 = one thread, ``0`` = all cores, ``n`` threads (the
    kernel releases the GIL). ``out``: an ``(N,)`` ``int32`` array to write into
    (partly written when a row is bad).
    ``executor``: any ``concurrent.futures.Executor``; inputs above
    ``EXECUTOR_UNIT_ROWS`` rows go to it in units of that many (``docs/scale.md``).

    Returns an ``(N,)`` ``int32`` array of strengths (1..1404) on the scale of
    the given option. Raises ArrayDtypeError, ArrayShapeError, HandSizeError,
    CardRangeError (row and column; a deuce to five is named as a card),
    DuplicateCardError (row and both columns), CardParseError, OptionError.
    Rule: ``docs/rules/shortdeck.md``.
    """
    sbt = _flag(straight_beats_trips)
    ids = as_id_array(cards, HAND_SIZES, masks=True)
    res = result_array(out, ids.shape[0], (ids,))
    err = run_bulk(_id_unit, (ids,), res, (sbt,), threads=threads, executor=executor)
    if err is not None:
        row, col, kind = err
        value = int(ids[row, col]) if col >= 0 else -1
        if kind == _sd.KIND_RANGE and 0 <= value < FIRST_CARD:
            raise CardRangeError(f"row {row}, column {col}: card {format_card(value)} (id {value}) "
                                 f"is not in the short deck (sixes to aces)", row=row, column=col)
        raise_kernel_error(err, ids, HAND_SIZES)
    return res


def _id_unit(ids: np.ndarray, out: np.ndarray, sbt: bool, *, start: int = 0,
             stop: int | None = None, team: Team | None = None,
             lead: bool = True) -> KernelError | None:
    """``(m, k)`` uint8 ids into ``out`` (a ``run_bulk`` unit, team-capable)."""
    return _sd.eval_ids(ids, out, start, len(out) if stop is None else stop, sbt, team, lead)


def compare(a: CardsLike, b: CardsLike, *, straight_beats_trips: bool = False) -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 for a split (under the given option).

    Each hand is 5..7 short-deck cards on its own (the two may share cards, e.g.
    a board), given as for :func:`strength`, whose errors it raises.
    Rule: ``docs/rules/shortdeck.md``.
    """
    sa = strength(a, straight_beats_trips=straight_beats_trips)
    sb = strength(b, straight_beats_trips=straight_beats_trips)
    return (sa > sb) - (sa < sb)


def showdown(board: CardsLike, holes: Sequence[CardsLike], *,
             straight_beats_trips: bool = False) -> list[int]:
    """Winners among players sharing a board: indices into ``holes``, ascending
    (several = a split pot), as :func:`handrank.poker.showdown`.

    ``board``: the community cards (text or ids); ``holes``: one entry per player
    (text or ids). Each player's board + hole cards must total 5, 6 or 7
    short-deck cards (HandSizeError naming the player otherwise). All cards come
    from one deck: a card appearing twice anywhere raises DuplicateCardError
    naming it and the player; other bad cards raise as :func:`strength`, with
    ``player p`` (or ``board``) in front. Rule: ``docs/rules/shortdeck.md``.
    """
    sbt = _flag(straight_beats_trips)
    try:
        b = parse_cards(board)
    except HandrankError as e:
        raise e.with_context("board") from None
    seen = {c: "in the board" for c in b}
    strengths = []
    for p, h in each_player(holes, "holes", "one entry (hole cards)", parse_cards, seen,
                            "in player {p}'s hole cards"):
        hand = b + h
        if len(hand) not in HAND_SIZES:
            raise HandSizeError(f"player {p}: board + hole cards make {len(hand)} cards; "
                                f"a short-deck hand has 5, 6 or 7")
        try:
            strengths.append(strength(hand, straight_beats_trips=sbt))
        except HandrankError as e:
            raise e.with_context(f"player {p}") from None
    best = max(strengths)
    return [i for i, s in enumerate(strengths) if s == best]
