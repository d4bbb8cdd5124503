"""Broken Canada hands: evaluation (single and bulk), showdown with Family Feud,
exact odds over every one-deck deal, and Monte Carlo equity.

Rules: ``rules/broken-canada.md`` (authoritative; every **[D]** there is
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

import math
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from . import _kernel as _canada
from .. import cards
from .._support.arrays import as_id_array
from .._support.seeds import seed_word
from .._support.threads import resolve_threads, run_chunked
from ..cards import RANKS, CardsLike, format_card, format_cards, parse_cards
from ..errors import (
    ArrayShapeError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
    OptionError,
)
from ..result import CategoryEnum, HandValue

__all__ = [
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "TOTAL_DEALS",
    "CanadaEquity",
    "Category",
    "FeudDraw",
    "Showdown",
    "categories",
    "category",
    "compare",
    "decks_for",
    "describe",
    "equity",
    "evaluate",
    "evaluate_many",
    "exact_odds",
    "lower_cards",
    "name",
    "odds_rows",
    "showdown",
    "strength",
]

RULES_URL = "rules/broken-canada.md"
TB_BITS = 15
_TOP = 18563
MIN_STRENGTH = 0
MAX_STRENGTH = (34 << TB_BITS) | _TOP
#: Number of one-deck (set, pit) deals: C(52, 4) * C(48, 2).
TOTAL_DEALS = 305_377_800
MAX_DECKS = 64

SeedLike = int | np.random.Generator | None


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
    (``rules/broken-canada.md``, "Cards, set and pit"). Raises OptionError for
    fewer than 1 player, TypeError for a non-integer."""
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise TypeError(f"players must be an int, got {type(players).__name__}")
    if players < 1:
        raise OptionError(f"players must be at least 1, got {players}")
    return -(-int(players) // 4)


def _no_unknown(what: str, unknown: dict, accepted: str) -> None:
    """OptionError for unknown keyword options, listing the accepted ones."""
    if unknown:
        raise OptionError(f"unknown option {min(unknown)!r} for canada.{what}; "
                          f"accepted options: {accepted}")


def _check_decks(decks: object) -> int:
    if isinstance(decks, bool) or not isinstance(decks, (int, np.integer)):
        raise OptionError(f"decks must be an int from 1 to {MAX_DECKS}, got {decks!r}")
    if not 1 <= int(decks) <= MAX_DECKS:
        raise OptionError(f"decks must be from 1 to {MAX_DECKS}, got {decks}")
    return int(decks)


def _check_copies(ids: Sequence[int], decks: int, what: str = "hand") -> None:
    """DuplicateCardError if a card appears more often than ``decks`` copies allow."""
    seen: dict[int, list[int]] = {}
    for pos, c in enumerate(ids):
        seen.setdefault(c, []).append(pos)
    for c, where_list in seen.items():
        if len(where_list) > decks:
            where = ", ".join(map(str, where_list))
            deck_words = "1 deck is" if decks == 1 else f"{decks} decks are"
            raise DuplicateCardError(
                f"{what}: card {format_card(c)} appears {len(where_list)} times (positions {where}) "
                f"but only {deck_words} in play", card=c)


def _hand(set_cards: CardsLike, pit: CardsLike | None, decks: int) -> list[int]:
    """Parse a hand to 6 ids (set then pit), checking sizes and copies."""
    if pit is None:
        ids = parse_cards(set_cards, allow_duplicates=True)
        if len(ids) != 6:
            raise HandSizeError(f"a Broken Canada hand is 4 set cards + 2 pit cards; "
                                f"got {len(ids)} cards (give 6, set first, or set and pit apart)")
    else:
        try:
            s = parse_cards(set_cards, allow_duplicates=True)
        except HandrankError as e:
            raise e.with_context("set") from None
        try:
            p = parse_cards(pit, allow_duplicates=True)
        except HandrankError as e:
            raise e.with_context("pit") from None
        if len(s) != 4:
            raise HandSizeError(f"a set is 4 cards, got {len(s)}")
        if len(p) != 2:
            raise HandSizeError(f"the pit is 2 cards, got {len(p)}")
        ids = s + p
    _check_copies(ids, decks, "hand (set then pit)")
    return ids


def _strength6(ids: Sequence[int]) -> int:
    return int(_canada.strength_ids(np.asarray(ids, dtype=np.uint8)))


def strength(set_cards: CardsLike, pit: CardsLike | None = None, *, decks: int = 1,
             **unknown: object) -> int:
    """Strength of one hand (see the module's layout): ``set_cards`` 4 cards and
    ``pit`` 2 cards (text or ids), or 6 cards in ``set_cards`` (set first) with
    ``pit=None``. Rule: ``rules/broken-canada.md``. Raises CardParseError,
    CardRangeError, HandSizeError, DuplicateCardError (more copies of a card
    than ``decks``), OptionError (bad decks or an unknown option), TypeError
    (an item that is neither card text nor an integer id, e.g. a float or bool)."""
    _no_unknown("strength", unknown, "decks")
    return _strength6(_hand(set_cards, pit, _check_decks(decks)))


def evaluate(set_cards: CardsLike, pit: CardsLike | None = None, *, decks: int = 1,
             **unknown: object) -> HandValue:
    """Evaluate one Broken Canada hand to a :class:`~handrank.result.HandValue`.

    ``set_cards``: the player's 4 set cards; ``pit``: the 2 pit cards (text such
    as ``"Ts Js Qs Ks"`` or card ids). Or ``pit=None`` and 6 cards, set first.
    ``decks``: decks in play (1..64); a card may appear at most that many times.

    The category is the first row of the rules table the cards satisfy ("cards
    speak"), with Full House turned to Busted when its triple or pair is aces;
    ``cards`` are the cards that make it (No Hand: all six). Rule:
    ``rules/broken-canada.md``. Raises CardParseError (token and position),
    CardRangeError, HandSizeError (not 4 + 2 cards), DuplicateCardError (too
    many copies for ``decks``), OptionError (bad ``decks`` or an unknown
    option), TypeError (an item that is neither card text nor an integer id).
    """
    _no_unknown("evaluate", unknown, "decks")
    ids = _hand(set_cards, pit, _check_decks(decks))
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
            raise ArrayShapeError(f"sets have {s.shape[0]} rows but pits have {p.shape[0]}; give "
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
            except HandrankError:
                return False
        elif not np.isscalar(x):
            return False
    return True


def evaluate_many(sets: object, pits: object = None, *, decks: int = 1,
                  threads: int | None = None, **unknown: object) -> np.ndarray:
    """Strengths of many hands at once.

    Layouts (card ids ``4 * rank + suit``, any integer dtype; ``uint8`` is used
    as is, others are range-checked then cast; or lists of card text rows):

    * ``sets`` ``(N, 4)`` and ``pits`` ``(N, 2)``: set and pit of each row;
    * ``sets`` ``(N, 4)`` and ``pits`` ``(2,)`` (or one card text): one pit
      shared by every row, as at a table;
    * ``sets`` ``(N, 6)`` and ``pits=None``: columns 0..3 the set, 4..5 the pit.

    ``decks``: the most copies of one card a row may hold (1..64).
    ``threads``: ``None``/1 = one thread, 0 = all cores (the kernel releases the GIL).

    Rule: ``rules/broken-canada.md``; strength layout in this module's docstring.
    Returns an ``(N,)`` ``int32`` array of strengths. Raises ArrayDtypeError,
    ArrayShapeError, HandSizeError (wrong column count), CardRangeError (id
    outside 0..51), DuplicateCardError (too many copies), each naming the row
    and column (set column 0..3, pit column 0..1), OptionError (bad ``decks``).
    """
    _no_unknown("evaluate_many", unknown, "decks, threads")
    d = _check_decks(decks)
    s, p = _layout(sets, pits)
    n = s.shape[0]
    out = np.empty(n, dtype=np.int32)
    if n == 0:
        return out
    err = run_chunked(lambda a, b: _canada.eval_ids(s, p, d, out, a, b), n, threads)
    if err is not None:
        _raise_row_error(err, s, p, d)
    return out


def _raise_row_error(err: tuple[int, int, int], s: np.ndarray, p: np.ndarray, decks: int) -> None:
    row, col, kind = err
    six = s.shape[1] == 6
    hand = [int(x) for x in (s[row] if six else list(s[row]) + list(p[row if p.shape[0] > 1 else 0]))]
    where = f"column {col}" if six else (f"set column {col}" if col < 4 else f"pit column {col - 4}")
    if kind == _canada.KIND_RANGE:
        raise CardRangeError(f"row {row}, {where}: card id {hand[col]} is out of range 0..51",
                             row=row, column=col)
    c = hand[col]
    deck_words = "1 deck is" if decks == 1 else f"{decks} decks are"
    places = [j for j in range(len(hand)) if hand[j] == c]
    names = [f"column {j}" if six else (f"set column {j}" if j < 4 else f"pit column {j - 4}")
             for j in places]
    raise DuplicateCardError(f"row {row}, {where}: card {format_card(c)} appears "
                             f"{len(places)} times ({', '.join(names)}) but only {deck_words} "
                             f"in play", card=c, row=row)


def _check_strength(s: object) -> int:
    if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
        raise TypeError(f"a strength is an int, got {type(s).__name__} {s!r}")
    v = int(s)
    if not MIN_STRENGTH <= v <= MAX_STRENGTH or (v & ((1 << TB_BITS) - 1)) > _TOP:
        raise HandrankError(f"{v} is not a Broken Canada strength")
    return v


def category(strength: int) -> Category:
    """The :class:`Category` of a strength (``strength >> 15``). Raises
    HandrankError (a ValueError) for a value that is not a strength, TypeError
    for a non-integer."""
    return Category(_check_strength(strength) >> TB_BITS)


def categories(strengths: object) -> np.ndarray:
    """Vectorised :func:`category`: strengths -> ``int8`` category values (same
    shape). Raises HandrankError naming the first index that is not a strength."""
    a = np.asarray(strengths)
    if a.dtype.kind not in "iu":
        raise TypeError(f"strengths must be integers, got dtype {a.dtype}")
    a64 = a.astype(np.int64)
    bad = (a64 < MIN_STRENGTH) | (a64 > MAX_STRENGTH) | ((a64 & ((1 << TB_BITS) - 1)) > _TOP)
    if bad.any():
        i = int(np.flatnonzero(bad.ravel())[0])
        raise HandrankError(f"index {i}: {a64.ravel()[i]} is not a Broken Canada strength")
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


def compare(a: object, b: object, *, decks: int = 1, **unknown: object) -> int:
    """1 if hand ``a`` beats hand ``b``, -1 if it loses, 0 for a tie (every
    Full House ties here; :func:`showdown` settles them by Family Feud).

    Each hand is ``(set, pit)`` or 6 cards (set first), as for :func:`evaluate`;
    the two may share the pit. Raises as :func:`evaluate`."""
    _no_unknown("compare", unknown, "decks")
    sa, sb = _strength_of_hand(a, decks), _strength_of_hand(b, decks)
    return (sa > sb) - (sa < sb)


def _strength_of_hand(h: object, decks: int) -> int:
    if isinstance(h, tuple) and len(h) == 2:
        return strength(h[0], h[1], decks=decks)
    return strength(h, decks=decks)  # type: ignore[arg-type]


# =========================================================================== showdown


@dataclass(frozen=True)
class FeudDraw:
    """One Family Feud draw: ``round`` (0 first), ``player`` index, ``card`` id."""

    round: int
    player: int
    card: int


@dataclass(frozen=True)
class Showdown:
    """Result of :func:`showdown`.

    Attributes:
        strengths: each player's strength (list, player order).
        winners: player indices who share the pot, ascending (one player
            after a Family Feud).
        tied: the players tied for best before any Family Feud.
        feud: the Family Feud draws in order (empty when none was needed).
    """

    strengths: list[int]
    winners: list[int]
    tied: list[int]
    feud: list[FeudDraw] = field(default_factory=list)

    def describe(self) -> list[str]:
        """One line per player: category and words."""
        return [f"player {i}: {describe(s)}" for i, s in enumerate(self.strengths)]


_rng = cards.rng  # seed checking shared by every game (OptionError for bad seeds)


def _triple_rank(ids: Sequence[int]) -> int:
    counts = np.bincount([c >> 2 for c in ids], minlength=13)
    return int(np.argmax(counts >= 3)) if (counts >= 3).any() else 13


def showdown(sets: Sequence[CardsLike], pit: CardsLike, *, decks: int | None = None,
             seed: SeedLike = None, stock: CardsLike | None = None,
             **unknown: object) -> Showdown:
    """Showdown of players sharing a pit (rules: "Comparing two hands").

    ``sets``: one 4-card set per player; ``pit``: the 2 pit cards.
    ``decks``: decks in play, default ``ceil(players / 4)`` [D]; the whole
    table (all sets + pit) may hold at most that many copies of a card.
    A better category wins; within a category the lower card wins; identical
    rank lists split; Busted hands lose to everything. Players tied with Full
    Houses play **Family Feud**: each draws one card from ``stock`` (default:
    the undealt cards of the decks), the holder of the lowest triple first;
    the lowest rank (ace high) wins, players tied for lowest draw again. The
    draws use ``seed`` (int or numpy Generator) and are recorded in
    :attr:`Showdown.feud`; if the stock runs out, the drawn cards are shuffled
    back in. Raises HandSizeError, DuplicateCardError (too many copies, naming
    the player; or a ``stock`` card that, with the dealt cards, exceeds the
    decks), CardParseError, OptionError (bad ``decks`` or ``seed``, too many
    players), HandrankError (a Family Feud the stock cannot settle).
    """
    _no_unknown("showdown", unknown, "decks, seed, stock")
    rng = _rng(seed)
    if isinstance(sets, (str, bytes)) or sets is None or np.isscalar(sets):
        raise TypeError("sets must be a sequence with one 4-card set per player")
    sets = list(sets)
    if not sets:
        raise HandSizeError("showdown needs at least one player")
    if decks is None and decks_for(len(sets)) > MAX_DECKS:
        raise OptionError(f"{len(sets)} players would need {decks_for(len(sets))} decks; "
                          f"at most {MAX_DECKS} decks ({4 * MAX_DECKS} players) are supported")
    d = _check_decks(decks_for(len(sets)) if decks is None else decks)
    try:
        p = parse_cards(pit, allow_duplicates=True)
    except HandrankError as e:
        raise e.with_context("pit") from None
    if len(p) != 2:
        raise HandSizeError(f"the pit is 2 cards, got {len(p)}")
    hands: list[list[int]] = []
    table: list[int] = list(p)
    for i, s in enumerate(sets):
        try:
            ids = parse_cards(s, allow_duplicates=True)
        except HandrankError as e:
            raise e.with_context(f"player {i}") from None
        if len(ids) != 4:
            raise HandSizeError(f"player {i}: a set is 4 cards, got {len(ids)}")
        hands.append(ids + p)
        table += ids
    counts = np.bincount(table, minlength=52)
    if counts.max() > d:
        c = int(np.argmax(counts))
        holders = [i for i, h in enumerate(hands) if c in h[:4]]
        raise DuplicateCardError(
            f"card {format_card(c)} is dealt {counts[c]} times (players {holders}"
            f"{' and the pit' if c in p else ''}) but only {d} deck{'s' if d > 1 else ''} "
            f"in play", card=c)
    strengths = [_strength6(h) for h in hands]
    best = max(strengths)
    tied = [i for i, s in enumerate(strengths) if s == best]
    feud: list[FeudDraw] = []
    winners = tied
    if len(tied) > 1 and best >> TB_BITS == Category.FULL_HOUSE:
        if stock is None:
            left = np.repeat(np.arange(52), d) if d > 1 else np.arange(52)
            left_list = [int(x) for x in left]
            for c in table:
                left_list.remove(c)
            pool = left_list
        else:
            try:
                pool = parse_cards(stock, allow_duplicates=True)
            except HandrankError as e:
                raise e.with_context("stock") from None
            both = np.bincount(table + pool, minlength=52)
            if both.max() > d:
                c = int(np.argmax(both))
                raise DuplicateCardError(
                    f"stock: card {format_card(c)} is in the stock {pool.count(c)} time(s) and "
                    f"dealt {counts[c]} time(s), but only {d} deck{'s' if d > 1 else ''} in play",
                    card=c)
        winners, feud = _family_feud(tied, hands, pool, rng)
    return Showdown(strengths=strengths, winners=winners, tied=tied, feud=feud)


def _family_feud(tied: list[int], hands: list[list[int]], pool: list[int],
                 rng: np.random.Generator) -> tuple[list[int], list[FeudDraw]]:
    """Settle tied Full Houses: draws in order of lowest triple; lowest rank wins (ace high)."""
    order = sorted(tied, key=lambda i: (_triple_rank(hands[i]), i))
    stock = list(pool)
    earlier: list[int] = []  # cards drawn in finished rounds
    draws: list[FeudDraw] = []
    rnd = 0
    while True:
        got = {}
        for player in order:
            if not stock:  # shuffle the cards of earlier rounds back in
                stock, earlier = earlier, []
            if not stock:
                raise HandrankError("Family Feud cannot be settled: no stock left to draw from")
            c = stock.pop(int(rng.integers(len(stock))))
            got[player] = c
            draws.append(FeudDraw(rnd, player, c))
        earlier += list(got.values())
        low = min(c >> 2 for c in got.values())
        order = [pl for pl in order if got[pl] >> 2 == low]
        if len(order) == 1:
            return order, draws
        rnd += 1
        if rnd >= 1000 or len({c >> 2 for c in stock + earlier}) < 2:
            raise HandrankError("Family Feud cannot be settled: the stock holds only one rank")


# =========================================================================== exact odds


def exact_odds(*, threads: int | None = None,
               progress: bool | Callable[[int, int], None] = False, naive: bool = False,
               **unknown: object) -> np.ndarray:
    """Exact category counts over all 305,377,800 one-deck (set, pit) deals.

    Enumerates every 4-card set and every 2-card pit from the other 48 cards
    with the fast kernel, incrementally (set state computed once per set).
    ``threads``: None/1 one thread, 0 all cores. ``progress``: True for a tqdm
    bar on stderr, or a callable ``(deals_done, total)``. ``naive``: use the
    plain-loop baseline (each deal evaluated from scratch; for benchmarks).

    Returns an ``int64`` array of length 35 indexed by :class:`Category` value;
    it sums to :data:`TOTAL_DEALS`. See :func:`odds_rows` for a table.
    """
    _no_unknown("exact_odds", unknown, "threads, progress, naive")
    if not isinstance(progress, bool) and not callable(progress):
        raise OptionError(f"progress must be True, False or a callable (done, total), "
                          f"got {progress!r}")
    t = resolve_threads(threads)
    firsts = list(range(49))
    weight = {a: math.comb(51 - a, 3) * 1128 for a in firsts}
    hist = np.zeros(35, dtype=np.int64)
    bar = None
    callback: Callable[[int, int], None] | None = None
    if progress is True:
        from tqdm import tqdm
        bar = tqdm(total=TOTAL_DEALS, desc="deals", unit_scale=True, file=sys.stderr, leave=False)
    elif callable(progress):
        callback = progress
    done = 0

    def one(a: int) -> np.ndarray:
        return _canada.odds_first(a, naive)

    pool = ThreadPoolExecutor(max_workers=t) if t > 1 else None
    try:
        results: Iterator[np.ndarray]
        results = map(one, firsts) if pool is None else pool.map(one, firsts)
        for a, h in zip(firsts, results):
            hist += h
            done += weight[a]
            if bar is not None:
                bar.update(weight[a])
            if callback is not None:
                callback(done, TOTAL_DEALS)
    finally:
        if pool is not None:  # also when a progress callback raises
            pool.shutdown(cancel_futures=True)
        if bar is not None:
            bar.close()
    return hist


def odds_rows(counts: np.ndarray) -> list[tuple[Category, int, float]]:
    """``(category, count, probability)`` strongest first, from :func:`exact_odds`."""
    total = int(np.sum(counts))
    return [(c, int(counts[c.value]), int(counts[c.value]) / total if total else 0.0)
            for c in (Category(v) for v in range(34, -1, -1))]


# =========================================================================== equity


@dataclass(frozen=True)
class CanadaEquity:
    """Result of :func:`equity`.

    Attributes:
        equity: the set's expected share of the pot (0..1): wins count 1, a tie
            among k players 1/k (Full House ties shared, not feuded).
        win: share of samples won outright; tie: share of samples tied for best.
        samples: number of random deals; stderr: standard error of ``equity``.
        opponents, decks: the settings used.
    """

    equity: float
    win: float
    tie: float
    samples: int
    stderr: float
    opponents: int
    decks: int


def equity(set_cards: CardsLike, pit: CardsLike, opponents: int = 1, *,
           samples: int = 100_000, seed: SeedLike = None, threads: int | None = None,
           decks: int | None = None, **unknown: object) -> CanadaEquity:
    """A set's equity against ``opponents`` random sets given the pit (Monte Carlo).

    Each sample deals every opponent 4 cards from the cards not in the hero's
    set or the pit (``decks`` decks, default ``ceil((opponents + 1) / 4)`` [D])
    and compares at showdown by the rules (``rules/broken-canada.md``): a better
    category wins, then the lower card; Full House ties are counted as shared
    (the Family Feud is a coin the equity splits evenly); the one-time redeal
    after a Broken Canada is not modelled (hands are compared as dealt).

    ``samples``: number of deals (1..10**10); ``seed``: int or numpy Generator
    (same seed -> same result, whatever ``threads``); ``threads``: None/1 one
    thread, 0 all cores. Returns a :class:`CanadaEquity` (equity, win, tie,
    samples, stderr). Raises HandSizeError, CardParseError, DuplicateCardError,
    OptionError (opponents, samples, decks or seed out of range).
    """
    _no_unknown("equity", unknown, "samples, seed, threads, decks")
    if isinstance(opponents, bool) or not isinstance(opponents, (int, np.integer)):
        raise OptionError(f"opponents must be an int, got {opponents!r}")
    if opponents < 1 or (decks is None and opponents >= 4 * MAX_DECKS):
        raise OptionError(f"opponents must be from 1 to {4 * MAX_DECKS - 1} (more with an "
                          f"explicit decks), got {opponents}")
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)):
        raise OptionError(f"samples must be an int, got {samples!r}")
    if not 1 <= samples <= 10**10:
        raise OptionError(f"samples must be from 1 to 10**10, got {samples}")
    d = _check_decks(decks_for(opponents + 1) if decks is None else decks)
    ids = _hand(set_cards, pit, d)
    stock = np.repeat(np.arange(52, dtype=np.uint8), d)
    keep = np.ones(stock.size, dtype=bool)
    for c in ids:
        keep[np.flatnonzero((stock == c) & keep)[0]] = False
    stock = np.ascontiguousarray(stock[keep])
    if not 1 <= opponents <= stock.size // 4:
        raise OptionError(f"opponents must be from 1 to {stock.size // 4} with {d} "
                          f"deck{'s' if d > 1 else ''}, got {opponents}")
    base = seed_word(seed)
    hero = np.asarray(ids, dtype=np.uint8)
    parts: dict[int, tuple[float, float, int, int]] = {}

    def kernel(a: int, b: int) -> None:
        parts[a] = _canada.equity_kernel(hero, stock, int(opponents), base, a, b)

    n = int(samples)
    run_chunked(kernel, n, threads, min_rows=256)  # a sample is far heavier than a row
    s1 = sum(x[0] for x in parts.values())
    s2 = sum(x[1] for x in parts.values())
    wins = sum(x[2] for x in parts.values())
    ties = sum(x[3] for x in parts.values())
    mean = s1 / n
    var = max(s2 / n - mean * mean, 0.0)
    se = math.sqrt(var / (n - 1)) if n > 1 else float("nan")
    return CanadaEquity(equity=mean, win=wins / n, tie=ties / n, samples=n, stderr=se,
                        opponents=int(opponents), decks=d)


def format_hand(ids: Sequence[int]) -> str:
    """``"set | pit"`` text of 6 ids."""
    return f"{format_cards(ids[:4])} | {format_cards(ids[4:])}"
