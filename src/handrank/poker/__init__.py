"""Poker hand evaluation: 5, 6 and 7 cards (best five), single and bulk.

Rules: ``rules/poker.md`` — standard ranking (straight flush > four of a kind >
full house > flush > straight > three of a kind > two pair > one pair > high
card), the wheel A-2-3-4-5 as the lowest straight (and straight flush), no
wrap-around, suits never break ties, six or seven cards worth their best five.

Strength layout
---------------
A strength is an ``int`` (``int32`` in arrays) from 1 to 7462: the position of
the hand's class among the 7,462 distinct five-card values, weakest first.
Higher is stronger, equal is a tie. Categories occupy contiguous ranges:

==================  ===========  =====
category            strengths    count
==================  ===========  =====
high card           1 .. 1277    1277
one pair            1278 .. 4137 2860
two pair            4138 .. 4995  858
three of a kind     4996 .. 5853  858
straight            5854 .. 5863   10
flush               5864 .. 7140 1277
full house          7141 .. 7296  156
four of a kind      7297 .. 7452  156
straight flush      7453 .. 7462   10  (7462 = royal flush)
==================  ===========  =====

Strength here is the rank of the hand's value, not a win probability (what
poker-AI writing calls "hand strength", HS/EHS, is an equity).

Card ids and masks: see :mod:`handrank.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

import numpy as np

from . import _kernel as _poker
from .._support.arrays import as_id_array, as_mask_array, raise_kernel_error
from .._support.threads import run_chunked
from ..cards import RANK_NAMES, RANK_PLURALS, CardsLike, format_card, parse_cards
from ..errors import (
    ArrayDtypeError,
    ArrayShapeError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
)
from ..result import CategoryEnum, HandValue

__all__ = [
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "ROYAL_FLUSH",
    "Category",
    "categories",
    "category",
    "compare",
    "describe",
    "evaluate",
    "evaluate_many",
    "name",
    "showdown",
    "showdown_many",
    "strength",
    "strength5",
    "strength6",
    "strength7",
    "strength_counts",
]

RULES_URL = "rules/poker.md"

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


_FIRST = _poker.category_first()  # lowest strength of each category
_FIRST_LIST = [int(x) for x in _FIRST]


@lru_cache(maxsize=1)
def _class_ranks() -> np.ndarray:
    return _poker.class_ranks()


def category(strength: int) -> Category:
    """The :class:`Category` of a strength (1..7462). Raises ValueError outside
    that range, TypeError for a non-integer."""
    if isinstance(strength, bool) or not isinstance(strength, (int, np.integer)):
        raise TypeError(f"a strength is an int, got {type(strength).__name__} {strength!r}")
    s = int(strength)
    if not MIN_STRENGTH <= s <= MAX_STRENGTH:
        raise HandrankError(f"poker strength {s} is outside {MIN_STRENGTH}..{MAX_STRENGTH}")
    c = 8
    while _FIRST_LIST[c] > s:
        c -= 1
    return Category(c)


def categories(strengths: np.ndarray) -> np.ndarray:
    """Vectorised :func:`category`: ``(N,)`` strengths -> ``(N,)`` ``int8``
    category values (compare with ``Category`` members). Raises ValueError for
    any strength outside 1..7462, naming its index."""
    s = _int_array(strengths, "strengths")
    if s.size == 0:
        return np.zeros(s.shape, dtype=np.int8)
    bad = (s < MIN_STRENGTH) | (s > MAX_STRENGTH)
    if bad.any():
        i = int(np.flatnonzero(bad.ravel())[0])
        raise HandrankError(f"index {i}: poker strength {s.ravel()[i]} is outside 1..7462")
    return (np.searchsorted(_FIRST, s, side="right") - 1).astype(np.int8)


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


def _ids(cards: CardsLike) -> list[int]:
    ids = parse_cards(cards)
    if len(ids) not in HAND_SIZES:
        raise HandSizeError(f"a poker hand has 5, 6 or 7 cards, got {len(ids)}")
    return ids


def _strength_of(ids: Sequence[int]) -> int:
    if len(ids) == 7:
        return strength7(*ids)
    if len(ids) == 6:
        return strength6(*ids)
    return strength5(*ids)


def strength(cards: CardsLike) -> int:
    """Strength (1..7462, higher = stronger) of one hand of 5, 6 or 7 cards.

    ``cards``: text (``"AsKsQsJsTs"``) or a sequence of card ids / card strings.
    Raises CardParseError, CardRangeError, DuplicateCardError, HandSizeError.
    For the fastest single call on ids use :func:`strength7` and friends.
    """
    return _strength_of(_ids(cards))


def evaluate(cards: CardsLike) -> HandValue:
    """Evaluate one hand of 5, 6 or 7 cards (best five) to a :class:`HandValue`.

    ``cards``: text (``"As Ks Qs Js Ts 2c 3d"``) or a sequence of card ids or
    card strings. The result's ``cards`` are the best five, most significant
    first (e.g. trips before kickers). Rule: ``rules/poker.md``.
    Raises CardParseError (names the token and position), CardRangeError,
    DuplicateCardError, HandSizeError (fewer than 5 or more than 7 cards).
    """
    ids = _ids(cards)
    s = _strength_of(ids)
    cat, ranks, label, words = _class_info(s)
    return HandValue(game="poker", category=cat, strength=s, name=label,
                     description=words, cards=_best_five(ids, cat, ranks))


@cache
def _class_info(s: int) -> tuple[Category, tuple[int, ...], str, str]:
    """(category, class ranks most significant first, name, description) of a strength."""
    return category(s), tuple(_unpack(s)), name(s), describe(s)


def _best_five(ids: Sequence[int], cat: Category, ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The five cards of ``ids`` that make the class, most significant first
    (for each rank of the class, in order, the highest-suited unused card)."""
    pool = sorted(ids, reverse=True)
    if cat == Category.FLUSH or cat == Category.STRAIGHT_FLUSH:
        suits = [c & 3 for c in ids]
        flush_suit = max(range(4), key=suits.count)
        pool = [c for c in pool if c & 3 == flush_suit]
    five = []
    for r in ranks:
        for c in pool:
            if c >> 2 == r:
                pool.remove(c)
                five.append(c)
                break
    return tuple(five)


def evaluate_many(cards: object, *, threads: int | None = None) -> np.ndarray:
    """Strengths of many hands at once.

    ``cards``: an ``(N, k)`` integer array of card ids with k = 5, 6 or 7
    (``uint8`` is used as is; other integer dtypes are range-checked, then
    cast), an ``(N,)`` ``uint64`` array of card masks (5 to 7 bits each, bits
    52..63 clear), or a list of rows (card text or id lists).
    ``threads``: ``None``/1 = one thread, ``0`` = all cores, ``n`` = n threads
    (the kernel releases the GIL; small inputs stay on one thread).

    Returns an ``(N,)`` ``int32`` array of strengths (1..7462).
    Raises ArrayDtypeError (a TypeError), ArrayShapeError, HandSizeError,
    CardRangeError (row, column), DuplicateCardError (row, both columns).
    Rule: ``rules/poker.md``.
    """
    if isinstance(cards, np.ndarray) and cards.ndim == 1:
        if not (cards.dtype.kind == "u" and cards.dtype.itemsize == 8):
            raise ArrayDtypeError(
                f"a 1-D input must be uint64 card masks, got dtype {cards.dtype}; "
                f"card ids go in a 2-D (N, k) array")
        masks = as_mask_array(cards)
        out = np.empty(len(masks), dtype=np.int32)
        err = run_chunked(lambda a, b: _poker.eval_masks(masks, out, a, b), len(masks), threads)
        if err is not None:
            raise_kernel_error(err, masks, HAND_SIZES)
        return out
    ids = as_id_array(cards, HAND_SIZES)
    out = np.empty(ids.shape[0], dtype=np.int32)
    err = run_chunked(lambda a, b: _poker.eval_ids(ids, out, a, b), ids.shape[0], threads)
    if err is not None:
        raise_kernel_error(err, ids, HAND_SIZES)
    return out


def compare(a: CardsLike, b: CardsLike) -> int:
    """1 if hand ``a`` beats ``b``, -1 if it loses, 0 for a split.

    Each hand is 5..7 cards on its own (the two may share cards, e.g. a board),
    given as for :func:`evaluate`, whose errors it raises.
    """
    sa, sb = strength(a), strength(b)
    return (sa > sb) - (sa < sb)


def showdown(board: CardsLike, holes: Sequence[CardsLike]) -> list[int]:
    """Winners among players sharing a board: indices into ``holes``, ascending.

    ``board``: the community cards (text or ids); ``holes``: one entry per
    player (text or ids). Each player's hand is board + hole cards and must
    total 5, 6 or 7 cards. All cards come from one deck: a card appearing twice
    anywhere raises DuplicateCardError naming it and the player. Several
    indices mean a split pot.
    """
    try:
        b = parse_cards(board)
    except HandrankError as e:
        raise e.with_context("board") from None
    if isinstance(holes, (str, bytes)) or np.isscalar(holes):
        raise TypeError("holes must be a sequence with one entry (hole cards) per player, "
                        f"got {type(holes).__name__}")
    holes = list(holes)
    if len(holes) == 0:
        raise HandSizeError("showdown needs at least one player")
    seen = {c: "the board" for c in b}
    strengths = []
    for p, hole in enumerate(holes):
        try:
            h = parse_cards(hole)
        except HandrankError as e:
            raise e.with_context(f"player {p}") from None
        for c in h:
            if c in seen:
                raise DuplicateCardError(
                    f"card {format_card(c)} of player {p} is also in {seen[c]}", card=c, row=p)
            seen[c] = f"player {p}'s hole cards"
        hand = b + h
        if len(hand) not in HAND_SIZES:
            raise HandSizeError(f"player {p}: board + hole cards make {len(hand)} cards; "
                                f"a poker hand has 5, 6 or 7")
        strengths.append(_strength_of(hand))
    best = max(strengths)
    return [i for i, s in enumerate(strengths) if s == best]


def _int_array(value: object, what: str) -> np.ndarray:
    """``value`` as an integer numpy array, or ArrayShapeError / ArrayDtypeError."""
    try:
        a = np.asarray(value)
    except ValueError as e:  # ragged nested lists
        raise ArrayShapeError(f"{what}: not a rectangular array ({e})") from None
    if a.size == 0 and not isinstance(value, np.ndarray):
        a = a.astype(np.int64)  # an empty list has no dtype of its own
    if a.dtype.kind not in "iu":
        raise ArrayDtypeError(f"{what} must hold integers, got dtype {a.dtype}")
    return a


def showdown_many(board: object, holes: object, *,
                  threads: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Many showdowns at once: each row is one deal of ``board`` + every player's
    ``holes``, all from one deck.

    ``board``: ``(N, b)`` integer card ids (b = 0..5); ``holes``: ``(N, P, h)``
    card ids, P >= 1 players with h hole cards each, b + h in 5..7.
    Returns ``(strengths, winners)``: ``(N, P)`` ``int32`` strengths and an
    ``(N, P)`` ``bool`` array, True for each player holding the best hand of the
    row (several Trues = split pot).
    Raises ArrayShapeError / ArrayDtypeError / HandSizeError for shapes and
    dtypes, CardRangeError for ids outside 0..51 (row, and column in the layout
    board then each player's hole cards), DuplicateCardError naming the row
    when a card appears twice in one deal. Rule: ``rules/poker.md``.
    """
    b, hl = _int_array(board, "board"), _int_array(holes, "holes")
    if b.ndim != 2 or hl.ndim != 3:
        raise ArrayShapeError(f"board must be (N, b) and holes (N, P, h); got shapes "
                              f"{b.shape} and {hl.shape}")
    n, players, h = hl.shape
    if b.shape[0] != n:
        raise ArrayShapeError(f"board has {b.shape[0]} rows but holes has {n}")
    if players < 1:
        raise HandSizeError("showdown needs at least one player")
    if b.shape[1] + h not in HAND_SIZES:
        raise HandSizeError(f"board ({b.shape[1]} cards) + hole cards ({h}) make "
                            f"{b.shape[1] + h}; a poker hand has 5, 6 or 7")
    if n == 0:
        return np.zeros((0, players), np.int32), np.zeros((0, players), bool)
    # Validated as one (N, b + P*h) array: errors name the row and the column in
    # that layout (board first, then each player's hole cards in turn).
    deal = np.concatenate([b, hl.reshape(n, players * h)], axis=1)
    bad = (deal < 0) | (deal >= 52) if deal.dtype.kind == "i" else deal >= 52
    if bad.any():
        r, c = (int(x) for x in np.argwhere(bad)[0])
        raise CardRangeError(f"row {r}, column {c}: card id {deal[r, c]} is out of range 0..51",
                             row=r, column=c)
    deal = deal.astype(np.uint8)
    # One deck per row: the OR of the card bits has every bit once.
    bits = np.left_shift(np.uint64(1), deal.astype(np.uint64))
    repeats = np.bitwise_or.reduce(bits, axis=1) != bits.sum(axis=1, dtype=np.uint64)
    if repeats.any():
        r = int(np.flatnonzero(repeats)[0])
        row = deal[r].tolist()
        c = next(c for i, c in enumerate(row) if c in row[:i])
        raise DuplicateCardError(f"row {r}: card {format_card(c)} appears twice in the deal "
                                 f"(board + every player's hole cards)", card=c, row=r)
    hands = np.empty((n, players, b.shape[1] + h), dtype=np.uint8)
    hands[:, :, :b.shape[1]] = deal[:, None, :b.shape[1]]
    hands[:, :, b.shape[1]:] = deal[:, b.shape[1]:].reshape(n, players, h)
    strengths = evaluate_many(hands.reshape(n * players, -1), threads=threads).reshape(n, players)
    return strengths, strengths == strengths.max(axis=1, keepdims=True)


def strength_counts(n_cards: int = 7) -> np.ndarray:
    """How many of all ``n_cards``-card hands (5, 6 or 7; one deck) have each
    strength: an ``int64`` array of length 7463 indexed by strength (index 0 is
    always 0). Enumerates all 133,784,560 seven-card hands in about a quarter
    of a second on one core. Raises ValueError for another ``n_cards``."""
    if isinstance(n_cards, bool) or not isinstance(n_cards, (int, np.integer)):
        raise TypeError(f"n_cards must be an int, got {type(n_cards).__name__}")
    if n_cards not in HAND_SIZES:
        raise HandSizeError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    return _poker.strength_counts(int(n_cards))
