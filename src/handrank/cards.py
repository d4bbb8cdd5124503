"""Card encoding, parsing and formatting shared by every game.

Encoding
--------
A card is an integer id ``0..51``::

    id = 4 * rank + suit
    rank: 0 = deuce, 1 = trey, ... 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace
    suit: 0 = clubs (c), 1 = diamonds (d), 2 = hearts (h), 3 = spades (s)

so ``2c`` is 0, ``2d`` is 1, ``As`` is 51. A set of distinct cards is a
``uint64`` bit mask with bit ``id`` set for each card (bits 52..63 always
clear). Bulk inputs are numpy arrays: ``(N, k)`` ``uint8`` card ids or ``(N,)``
``uint64`` masks.

Text
----
A card is a rank (``2``-``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``;
any case) followed by a suit (``c d h s`` in any case, or ``♣ ♦ ♥ ♠`` and the
outlined ``♧ ♢ ♡ ♤``). Cards may be run together (``"AsKd"``) or separated by
spaces, commas or semicolons (``"As Kd, 10h"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Union

import numpy as np

from ._cards._kernel import DEAL_BLOCK, deal_rows
from ._support.seeds import rng, seed_word
from ._support.threads import run_tasks
from .errors import (
    ArrayShapeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
)

__all__ = [
    "NUM_CARDS",
    "RANKS",
    "SUITS",
    "Card",
    "CardsLike",
    "card",
    "check_cards",
    "deal",
    "deal_stream",
    "rng",
    "deck",
    "decode_rows",
    "format_card",
    "format_cards",
    "from_mask",
    "parse_card",
    "parse_cards",
    "rank_of",
    "rows_with_repeats",
    "suit_of",
    "to_mask",
]

#: Rank characters, index = rank (0 = deuce ... 12 = ace).
RANKS = "23456789TJQKA"
#: Suit characters, index = suit (0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades).
SUITS = "cdhs"
#: Number of distinct cards in one deck.
NUM_CARDS = 52

RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                "nines", "tens", "jacks", "queens", "kings", "aces")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

Card = int
#: Cards as the API takes them: text, or an iterable of ids, card strings and other
#: libraries' card objects (read through their text: see parse_cards).
CardsLike = Union[str, Iterable[object]]

_RANK_CHARS = {c: i for i, c in enumerate(RANKS)}
_RANK_CHARS.update({c.lower(): i for i, c in enumerate(RANKS)})
_SUIT_CHARS = {c: i for i, c in enumerate(SUITS)}
_SUIT_CHARS.update({c.upper(): i for i, c in enumerate(SUITS)})
_SUIT_CHARS.update({"♣": 0, "♦": 1, "♥": 2, "♠": 3, "♧": 0, "♢": 1, "♡": 2, "♤": 3})
# Variation selectors that sometimes follow emoji-style suit symbols.
_IGNORED = {"\ufe0e", "\ufe0f"}
_SEPARATORS = set(" \t\r\n,;")

_UNICODE_SUITS = "♣♦♥♠"

# Every two-character card spelling -> id (the parser's fast path).
_PAIRS = {rc + sc: 4 * r + s for rc, r in _RANK_CHARS.items() for sc, s in _SUIT_CHARS.items()}

# ASCII byte -> rank / suit (-1 = not one), for the bulk row decoder.
_RANK_LUT = np.full(256, -1, dtype=np.int16)
_SUIT_LUT = np.full(256, -1, dtype=np.int16)
for _ch, _v in _RANK_CHARS.items():
    _RANK_LUT[ord(_ch)] = _v
for _ch, _v in _SUIT_CHARS.items():
    if _ch.isascii():
        _SUIT_LUT[ord(_ch)] = _v


def _check_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {value!r}")
    return int(value)


def _check_flag(value: object, name: str) -> bool:
    """``value`` if it is True or False, else _support.checks.check_bool's answer
    (a numpy bool, or OptionError naming ``name``); imported here, as checks imports
    this module."""
    if value is True or value is False:
        return value is True
    from ._support.checks import check_bool
    return check_bool(value, name)


def card(rank: int, suit: int) -> int:
    """Card id for ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3 = c, d, h, s).

    Raises :class:`~handrank.errors.CardRangeError` outside those ranges."""
    rank, suit = _check_int(rank, "rank"), _check_int(suit, "suit")
    if not (0 <= rank < 13) or not (0 <= suit < 4):
        raise CardRangeError(f"rank {rank} / suit {suit} out of range (rank 0..12, suit 0..3)")
    return 4 * rank + suit


def rank_of(card_id: int) -> int:
    """Rank of a card id: 0 = deuce .. 12 = ace. No validation (hot helper):
    pass ids in 0..51."""
    return card_id >> 2


def suit_of(card_id: int) -> int:
    """Suit of a card id: 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. No
    validation (hot helper): pass ids in 0..51."""
    return card_id & 3


def _bad_token(text: str, start: int) -> str:
    """The card-sized piece of text at ``start`` (2 characters, 3 for "10x")."""
    width = 3 if text.startswith("10", start) else 2
    end = start
    while end < len(text) and text[end] not in _SEPARATORS and not text[end].isspace() \
            and end - start < width:
        end += 1
    return text[start:max(end, start + 1)]


#: Longest card text quoted whole in an error message; longer text is shown around the culprit.
_QUOTE_MAX = 60


def _quote(text: str, start: int) -> str:
    """``repr`` of ``text`` for an error message, cut to about ``_QUOTE_MAX`` characters
    around position ``start`` (a binary file read as text must not flood the terminal)."""
    if len(text) <= _QUOTE_MAX:
        return repr(text)
    lo = max(0, start - 20)
    hi = min(len(text), lo + _QUOTE_MAX)
    return (("..." if lo else "") + repr(text[lo:hi]) + ("..." if hi < len(text) else "")
            + f" ({len(text):,} characters)")


def _parse_text(text: str) -> list[int]:
    # Fast path: whitespace/comma separated runs of two-character cards.
    try:
        toks = text.replace(",", " ").replace(";", " ").split()
        if len(toks) == 1:  # run together: "AsKdQh"
            tok = toks[0]
            if len(tok) & 1:
                raise KeyError(tok)
            return [_PAIRS[tok[i:i + 2]] for i in range(0, len(tok), 2)]
        return [_PAIRS[tok] for tok in toks]
    except KeyError:
        pass
    # Exact scanner: "10x", variation selectors, and errors that name the token.
    out = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS or ch.isspace() or ch in _IGNORED:
            i += 1
            continue
        start = i
        if ch == "1" and i + 1 < n and text[i + 1] == "0":
            rank, i = 8, i + 2
        elif ch in _RANK_CHARS:
            rank, i = _RANK_CHARS[ch], i + 1
        else:
            tok = _bad_token(text, start)
            raise CardParseError(
                f"invalid card {tok!r} at position {start} in {_quote(text, start)}: "
                f"{ch!r} is not a rank (2-9, T or 10, J, Q, K, A)",
                token=tok, position=start)
        if i >= n or text[i] not in _SUIT_CHARS:
            tok = _bad_token(text, start)
            got = "end of text" if i >= n else repr(text[i])
            raise CardParseError(
                f"invalid card {tok!r} at position {start} in {_quote(text, start)}: expected a suit "
                f"(c, d, h, s or ♣ ♦ ♥ ♠) after the rank, got {got}",
                token=tok, position=start)
        out.append(4 * rank + _SUIT_CHARS[text[i]])
        i += 1
    return out


def rows_with_repeats(ids: np.ndarray) -> np.ndarray:
    """``(n,)`` ``bool``: which rows of an ``(n, k)`` integer array hold some
    value twice (a repeated card where one deck is in play). Raises ArrayShapeError
    for anything but a 2-D array (ragged lists included)."""
    try:
        a = np.asarray(ids)
    except ValueError as e:  # ragged nested lists
        raise ArrayShapeError(f"expected a 2-D (n, k) array, not a rectangular array ({e})") from None
    if a.ndim != 2:
        raise ArrayShapeError(f"expected a 2-D (n, k) array, got shape {a.shape}")
    if a.shape[1] < 2:
        return np.zeros(a.shape[0], dtype=bool)
    srt = np.sort(a, axis=1)
    return (srt[:, 1:] == srt[:, :-1]).any(axis=1)


def decode_rows(texts: Sequence[str], k: int) -> tuple[np.ndarray, np.ndarray]:
    """Bulk decoder for the two common layouts of ``k`` cards per text:
    run together (``"AsKdQh..."``) or single-space separated (``"As Kd Qh ..."``).

    Returns ``(ids, ok)``: an ``(n, k)`` ``int64`` array of card ids and an
    ``(n,)`` ``bool`` mask of the rows decoded (ASCII, exactly that layout,
    valid cards, no repeats). Rows not ``ok`` are not errors yet: pass them to
    :func:`parse_cards`, which accepts every spelling and names bad tokens.
    """
    k = _check_int(k, "k")
    if not 0 < k <= NUM_CARDS:
        raise HandSizeError(f"k must be 1..52, got {k}")
    n = len(texts)
    out = np.zeros((n, k), dtype=np.int64)
    ok = np.zeros(n, dtype=bool)
    if n == 0:
        return out, ok
    lens = np.fromiter(map(len, texts), dtype=np.int64, count=n)
    ascii_ = np.fromiter(map(str.isascii, texts), dtype=bool, count=n)
    for width, step in ((2 * k, 2), (3 * k - 1, 3)):
        idx = np.flatnonzero(ascii_ & (lens == width) & ~ok)
        if not len(idx):
            continue
        arr = np.frombuffer("".join([texts[i] for i in idx.tolist()]).encode("ascii"),
                            dtype=np.uint8).reshape(len(idx), width)
        r = _RANK_LUT[arr[:, 0::step]]
        s = _SUIT_LUT[arr[:, 1::step]]
        good = (r >= 0).all(1) & (s >= 0).all(1)
        if step == 3:
            good &= (arr[:, 2::3] == 32).all(1)
        ids = 4 * r.astype(np.int64) + s
        good &= ~rows_with_repeats(ids)
        out[idx[good]] = ids[good]
        ok[idx[good]] = True
    return out, ok


def parse_card(text: str) -> int:
    """Parse exactly one card (``"As"``, ``"10d"``, ``"a♠"``) to its id.

    Raises :class:`~handrank.errors.CardParseError` naming the bad text.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_card expects a str, got {type(text).__name__}")
    ids = _parse_text(text)
    if len(ids) != 1:
        raise CardParseError(f"expected exactly one card in {text!r}, found {len(ids)}",
                             token=text, position=0)
    return ids[0]


def _range_error(value: int, pos: int) -> CardRangeError:
    """The error for card id ``value`` (outside 0..51) at position ``pos``; a treys
    (Cactus-Kev) card int gets a hint to convert it (handrank.compat.from_treys)."""
    from .compat import _treys_hint
    return CardRangeError(f"card id {value} at position {pos} is out of range 0..51"
                          f"{_treys_hint(value)}", column=pos)


def _object_card(item: object, pos: int) -> int:
    """Card id of item ``pos``, a card object of another library, read through its text:
    its ``rank`` and ``suit`` joined when both are strings (pokerkit's Card, whose
    ``str`` is ``"ACE OF HEARTS (Ah)"``), else (or when that is not one card)
    ``str(item)`` (eval7's and phevaluator's Card: ``"Ah"``). Raises CardParseError
    when an object with string ``rank`` and ``suit`` reads as no card (pokerkit's
    unknown card ``??``); TypeError for None, bytes, a number that is not an int, a
    container (list, tuple, dict, set, range, array: never turned into text), and any
    other object whose text is not exactly one card."""
    if item is None or isinstance(item, _NOT_CARD_OBJECTS):
        raise TypeError(f"item {pos} ({item!r}) is neither a card string nor an integer card id")
    rank, suit = getattr(item, "rank", None), getattr(item, "suit", None)
    card_like = isinstance(rank, str) and isinstance(suit, str)
    first = str(rank) + str(suit) if card_like else str(item)
    if first in _PAIRS:  # the common case, one lookup
        return _PAIRS[first]
    texts = [first, str(item)] if card_like else [first]
    for text in texts:
        if text in _PAIRS:
            return _PAIRS[text]
        try:
            parsed = _parse_text(text)
        except CardParseError:
            continue
        if len(parsed) == 1:
            return parsed[0]
    if card_like:
        raise CardParseError(f"item {pos} ({_quote(texts[1], 0)}): rank {str(rank)!r} and suit "
                             f"{str(suit)!r} are not a card", token=first, position=pos)
    raise TypeError(f"item {pos} ({type(item).__name__} {_quote(texts[0], 0)}) is neither a "
                    f"card string, an integer card id nor a card object whose text is one card")


#: Items parse_cards never reads through their text.
_NOT_CARD_OBJECTS = (bool, float, complex, bytes, bytearray, np.generic, np.ndarray, list,
                     tuple, dict, set, frozenset, range)


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> list[int]:
    """Parse cards to a list of ids.

    ``cards`` is a string (``"AsKd Qh"``) or an iterable of card strings, integer
    ids and/or other libraries' card objects, read through their text (eval7's and
    phevaluator's ``Card`` by ``str``, pokerkit's by its ``rank`` and ``suit``; see
    :mod:`handrank.compat`). Raises :class:`~handrank.errors.CardParseError` for bad text
    (naming the token and its position), :class:`~handrank.errors.CardRangeError`
    for an integer outside 0..51, and (unless ``allow_duplicates``)
    :class:`~handrank.errors.DuplicateCardError` naming the repeated card;
    OptionError for an ``allow_duplicates`` that is not a bool.
    """
    allow_duplicates = _check_flag(allow_duplicates, "allow_duplicates")
    if type(cards) in (list, tuple) and all(type(c) is int and 0 <= c < NUM_CARDS for c in cards):
        # Fast path: plain card ids.
        ids: list[int] = list(cards)  # type: ignore[arg-type]  # all ints, checked above
        if not allow_duplicates and len(set(ids)) != len(ids):
            check_cards(ids)
        return ids
    if isinstance(cards, str):
        ids = _parse_text(cards)
    elif isinstance(cards, (bytes, bytearray)):
        raise TypeError("cards must be str or an iterable of str/int, not bytes")
    else:
        ids = []
        try:
            items = list(cards)
        except TypeError:
            raise TypeError(
                f"cards must be a str or an iterable of card strings/ids, got {type(cards).__name__}"
            ) from None
        for pos, item in enumerate(items):
            if isinstance(item, str):
                if item in _PAIRS:  # the common spelling: "As"
                    ids.append(_PAIRS[item])
                    continue
                try:
                    parsed = _parse_text(item)
                except CardParseError as e:
                    raise e.with_context(f"item {pos} ({item!r})") from None
                if len(parsed) != 1:
                    raise CardParseError(
                        f"item {pos} ({item!r}) is not exactly one card", token=item, position=pos)
                ids.append(parsed[0])
            elif isinstance(item, (int, np.integer)) and not isinstance(item, bool):
                v = int(item)
                if not 0 <= v < NUM_CARDS:
                    raise _range_error(v, pos)
                ids.append(v)
            else:
                ids.append(_object_card(item, pos))
    if not allow_duplicates:
        check_cards(ids)
    return ids


def check_cards(ids: Iterable[int]) -> None:
    """Raise :class:`~handrank.errors.DuplicateCardError` if a card id repeats
    (CardRangeError for an id outside 0..51, TypeError for a non-integer)."""
    first: dict[int, int] = {}
    for pos, c in enumerate(ids):
        if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
            raise TypeError(f"card id at position {pos} must be an int, got {c!r}")
        if not 0 <= c < NUM_CARDS:
            raise _range_error(int(c), pos)
        if c in first:
            raise DuplicateCardError(
                f"duplicate card {format_card(c)} (positions {first[c]} and {pos})", card=c)
        first[c] = pos


def format_card(card_id: int, *, unicode: bool = False) -> str:
    """Text of one card id: ``51 -> "As"`` (``"A♠"`` with ``unicode=True``).

    Raises :class:`~handrank.errors.CardRangeError` for an id outside 0..51."""
    suits = _UNICODE_SUITS if _check_flag(unicode, "unicode") else SUITS
    c = _check_int(card_id, "a card id")
    if not 0 <= c < NUM_CARDS:
        raise CardRangeError(f"card id {c} is out of range 0..51")
    return RANKS[c >> 2] + suits[c & 3]


def format_cards(ids: Iterable[int], *, sep: str = " ", unicode: bool = False) -> str:
    """Text of several card ids, joined by ``sep``. Raises
    :class:`~handrank.errors.CardRangeError` for an id outside 0..51 and
    TypeError for a non-integer (including a string: parse it first)."""
    if isinstance(ids, str):
        raise TypeError("format_cards takes card ids; to parse text use parse_cards")
    if not isinstance(sep, str):
        raise OptionError(f"sep must be a str, got {sep!r}")
    unicode = _check_flag(unicode, "unicode")
    return sep.join(format_card(c, unicode=unicode) for c in ids)


def _shown(value: object) -> object:
    """A card-id value as card text: an id -> ``'7s'``, a sequence of ids -> ``'As Ks'``,
    a sequence of those -> the same kind of sequence of texts; anything else
    (None, a bad id) as it is."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return format_card(int(value)) if 0 <= value < NUM_CARDS else value
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if not isinstance(value, (tuple, list)):
        return value
    if all(isinstance(c, (int, np.integer)) and not isinstance(c, bool)
           and 0 <= c < NUM_CARDS for c in value):
        return format_cards(int(c) for c in value)
    return type(value)(_shown(v) for v in value)


def card_repr(*card_fields: str) -> Callable[[Any], str]:
    """A dataclass ``__repr__`` showing the named card-id fields as card text.

    Declare it in the class body: ``__repr__ = card_repr("hands", "dropped")``. Each
    named field (an id, a sequence of ids, nested sequences of those, None) is shown
    as quoted text (``card='7s'``, ``cards='As Ks Qs Js Ts'``, ``hands=('As Ad Ac',
    'Kh Qh Jh')``); every other field with ``repr=True`` keeps its own repr. Display
    only: the attributes stay card ids."""
    names = frozenset(card_fields)

    def __repr__(self: Any) -> str:
        parts = []
        for f in dataclasses.fields(self):
            if f.repr:
                value = getattr(self, f.name)
                parts.append(f"{f.name}={_shown(value) if f.name in names else value!r}")
        return f"{type(self).__qualname__}({', '.join(parts)})"

    return __repr__


def to_mask(cards: CardsLike) -> int:
    """The ``uint64`` bit mask (as a Python int) of distinct cards.

    ``cards`` as for :func:`parse_cards`, whose errors it raises
    (CardParseError, CardRangeError, DuplicateCardError)."""
    m = 0
    for c in parse_cards(cards):
        m |= 1 << c
    return m


def from_mask(mask: int) -> list[int]:
    """Card ids set in a mask, ascending. Bits at 52 or above raise CardRangeError."""
    m = _check_int(mask, "a card mask")
    if m < 0 or m >> NUM_CARDS:
        raise CardRangeError(f"mask {m:#x} has bits outside 0..51")
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


#: The most rows :func:`deal` makes in one call.
MAX_DEAL_ROWS = 2**40
#: The most cards (``n * k``, one byte each) :func:`deal` returns in one call (4 GiB).
MAX_DEAL_CARDS = 2**32
_DEAL_UNIT = 1 << 16  # rows per C call (a multiple of _cards._kernel.DEAL_BLOCK)


def deal(n: int, k: int, seed: int | np.random.Generator | None = None) -> np.ndarray:
    """``n`` random deals of ``k`` distinct cards each (one fresh deck per row):
    an ``(n, k)`` ``uint8`` array, uniformly distributed, reproducible for a
    given ``seed`` (an int, a :class:`numpy.random.Generator`, or None for
    fresh entropy). Memory is the result (``n * k`` bytes) and a few MB more.

    The rows come from the kernels' generator (xoshiro256**, ``_c/rng.h``) seeded
    by one 64-bit word drawn from ``seed`` (a Generator advances by that one draw),
    by a partial Fisher-Yates shuffle per row in C (``_c/deal.h``, GIL released).

    Raises HandSizeError for ``n`` outside 0..2**40 (:data:`MAX_DEAL_ROWS`), ``k``
    outside 0..52, or more than 2**32 cards in all (``n * k`` above
    :data:`MAX_DEAL_CARDS`, or more than memory holds); TypeError for non-integers,
    OptionError for a bad seed (see :func:`rng`).
    """
    n, k = _check_int(n, "n"), _check_int(k, "k")
    if not 0 <= n <= MAX_DEAL_ROWS or not 0 <= k <= NUM_CARDS:
        raise HandSizeError(f"need 0 <= n <= 2**40 and 0 <= k <= 52, got n={n}, k={k}")
    if n * k > MAX_DEAL_CARDS:
        raise HandSizeError(f"deal(n={n:,}, k={k}) would return {n * k:,} cards, more than "
                            f"the cap MAX_DEAL_CARDS = 2**32 ({MAX_DEAL_CARDS:,}): deal fewer "
                            f"rows per call")
    word = seed_word(seed)  # validates the seed; a Generator advances by one draw
    try:
        out = np.empty((n, k), dtype=np.uint8)
    except MemoryError:
        raise HandSizeError(f"deal(n={n:,}, k={k}): no memory for the {n * k:,}-byte "
                            f"result") from None
    if n == 0 or k == 0:
        return out
    # One C loop (partial Fisher-Yates on the shared generator, _c/deal.h) per unit of
    # _DEAL_UNIT rows, GIL released; row i comes from stream i // DEAL_BLOCK of the seed
    # word, so the rows do not depend on the unit size. Units keep Ctrl-C prompt.
    unit = max(1, _DEAL_UNIT // DEAL_BLOCK) * DEAL_BLOCK

    def task(a: int) -> Callable[[], int]:
        def run() -> int:
            b = min(n, a + unit)
            deal_rows(word, a, b, out[a:b])
            return b - a
        return run

    run_tasks([task(a) for a in range(0, n, unit)], 1)
    return out


def deal_stream(seed: int | np.random.Generator | None) -> Callable[[int, int, int], np.ndarray]:
    """A seeded stream of deals to read in pieces: ``take(first, n, k)`` returns
    rows ``first..first + n`` (``(n, k)`` ``uint8``) of the stream, exactly the rows
    :func:`deal` ``(first + n, k, word)`` would end with, so a simulation that deals
    in chunks gives the same deals whatever its chunk size. One 64-bit word is drawn
    from ``seed`` up front (OptionError for a bad seed, as :func:`rng`); ``first``,
    ``n``, ``k`` are not checked (callers pass their own counts)."""
    word = seed_word(seed)

    def take(first: int, n: int, k: int) -> np.ndarray:
        out = np.empty((n, k), dtype=np.uint8)
        deal_rows(word, first, first + n, out)
        return out
    return take


def deck() -> np.ndarray:
    """All 52 card ids, ``uint8``, ascending (``2c`` first, ``As`` last)."""
    return np.arange(NUM_CARDS, dtype=np.uint8)
