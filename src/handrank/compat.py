"""Coming from another poker library: treys, phevaluator, eval7, pokerkit.

The guide is ``docs/migrating.md`` (a table of equivalent calls). This module converts
their cards, hand ranks and ranges to handrank's and back. It is pure Python and
imports none of those libraries when it is imported: only :func:`to_eval7`,
:func:`to_pokerkit` and a range given as text to :func:`range_from_eval7` /
:func:`range_from_pokerkit` import their library, when called (ImportError naming
the package to install).

Cards
-----
A handrank card is an id ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits
c, d, h, s = 0..3; :mod:`handrank.cards`).

- **treys** uses Cactus-Kev ints, ``prime | rank << 8 | suit bit << 12 | rank bit << 16``
  (prime: 2, 3, 5, ... 41 by rank; suit bit: c = 8, d = 4, h = 2, s = 1; rank bit
  ``1 << rank``): :func:`from_treys`, :func:`to_treys`. handrank refuses these ints as
  card ids (they are far above 51) rather than guessing.
- **phevaluator** numbers cards exactly as handrank does: :func:`from_phevaluator`
  and :func:`to_phevaluator` only check.
- **eval7** and **pokerkit** use card objects. handrank reads any card object through
  its text wherever it takes cards (``poker.evaluate([eval7.Card("Ah"), ...])``, see
  :func:`handrank.cards.parse_cards`); :func:`from_eval7`, :func:`from_pokerkit` give
  the ids, :func:`to_eval7`, :func:`to_pokerkit` the objects.

Conversions are card by card: a repeated card is not checked here (evaluating the
hand checks it).

Hand values
-----------
treys' ``Evaluator.evaluate`` and phevaluator's ``evaluate_cards`` return the
Cactus-Kev hand **rank**, 1 (royal flush) .. 7462 (7-5-4-3-2 offsuit), lower is
stronger. A handrank **strength** is ``7463 - rank``, higher is stronger
(``docs/rules/poker.md``): :func:`strength_from_rank`, :func:`rank_from_strength`.
**A treys user who keeps ``a < b`` to find the better hand now picks the loser.**
:func:`treys_rank_class` and :func:`treys_class_to_string` are treys'
``get_rank_class`` / ``class_to_string`` on strengths.

Ranges
------
Range text in eval7's and pokerkit's notation parses as it is with
:func:`handrank.equity.parse_range`; :func:`range_from_eval7` and
:func:`range_from_pokerkit` convert their range objects (combos and weights) to a
:class:`~handrank.equity.ranges.Range`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, overload

import numpy as np
import numpy.typing as npt

from .cards import NUM_CARDS, parse_cards
from .errors import ArrayDtypeError, CardRangeError, HandrankError

if TYPE_CHECKING:  # pragma: no cover
    from .equity.ranges import Range

__all__ = [
    "TREYS_CLASS_STRINGS",
    "from_eval7",
    "from_phevaluator",
    "from_pokerkit",
    "from_treys",
    "range_from_eval7",
    "range_from_pokerkit",
    "rank_from_strength",
    "strength_from_rank",
    "to_eval7",
    "to_phevaluator",
    "to_pokerkit",
    "to_treys",
    "treys_class_to_string",
    "treys_rank_class",
]

#: The weakest and strongest Cactus-Kev rank / handrank strength, and their sum minus 1.
_LOW, _HIGH = 1, 7462
_SUM = _HIGH + 1

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_SUIT_BITS = (8, 4, 2, 1)  # treys' suit bit of clubs, diamonds, hearts, spades


def _cactus_kev(card_id: int) -> int:
    r, s = card_id >> 2, card_id & 3
    return _PRIMES[r] | r << 8 | _SUIT_BITS[s] << 12 | 1 << (16 + r)


#: treys int of each card id 0..51, and back.
_TREYS = tuple(_cactus_kev(c) for c in range(NUM_CARDS))
_FROM_TREYS = {v: c for c, v in enumerate(_TREYS)}
_TREYS_ARRAY = np.array(_TREYS, dtype=np.int64)
_TREYS_SORTED = np.sort(_TREYS_ARRAY)
_TREYS_SORTED_IDS = np.argsort(_TREYS_ARRAY).astype(np.uint8)

#: treys' ``class_to_string`` table (treys 0.1.8): class 0 is the royal flush alone,
#: 1 the other straight flushes ... 9 high card.
TREYS_CLASS_STRINGS = ("Royal Flush", "Straight Flush", "Four of a Kind", "Full House",
                       "Flush", "Straight", "Three of a Kind", "Two Pair", "Pair",
                       "High Card")


def _is_int(value: object) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _where(index: tuple[int, ...]) -> str:
    """An array position for a message: ``index 3`` (1-d), ``index (1, 0)``."""
    return f"index {index[0]}" if len(index) == 1 else f"index {index}"


def _int_array(a: np.ndarray, what: str) -> np.ndarray:
    if a.dtype.kind not in "iu":
        raise ArrayDtypeError(f"{what} must be an integer array, got dtype {a.dtype}")
    return a


def _treys_hint(value: int) -> str:
    """A hint to append to an out-of-range card id error when ``value`` is a treys
    card int (``""`` otherwise). Used by :mod:`handrank.cards`; not public API."""
    if value in _FROM_TREYS:
        return (f" ({value} is treys' int for {_text(_FROM_TREYS[value])}: convert treys "
                f"cards with handrank.compat.from_treys)")
    return ""


def _text(card_id: int) -> str:
    from .cards import format_card
    return format_card(card_id)


# ------------------------------------------------------------------------------- treys

@overload
def from_treys(cards: int | np.integer) -> int: ...
@overload
def from_treys(cards: np.ndarray) -> np.ndarray: ...
@overload
def from_treys(cards: Iterable[int]) -> list[int]: ...
def from_treys(cards: Any) -> Any:
    """treys (Cactus-Kev) card ints -> handrank card ids.

    ``cards``: one int (-> one id), a numpy integer array of any shape (-> a ``uint8``
    array of ids, same shape) or an iterable of ints (-> a list of ids), e.g. treys'
    ``Card.new("Ah")`` or the lists given to ``Evaluator.evaluate(board, hand)``.
    Raises CardRangeError naming the position (index) and value of an int that is not
    one of treys' 52 card ints, TypeError for a value that is not an int (card text:
    use :func:`handrank.cards.parse_cards`), ArrayDtypeError for a non-integer array.
    """
    if _is_int(cards):
        v = int(cards)
        if v not in _FROM_TREYS:
            raise CardRangeError(f"{v} is not a treys card int")
        return _FROM_TREYS[v]
    if isinstance(cards, np.ndarray):
        a = _int_array(cards, "treys cards").astype(np.int64, casting="unsafe")
        at = np.minimum(np.searchsorted(_TREYS_SORTED, a), NUM_CARDS - 1)
        ok = _TREYS_SORTED[at] == a
        if not ok.all():
            i = tuple(int(x) for x in np.argwhere(~ok)[0])
            raise CardRangeError(f"{_where(i)}: {cards[i]} is not a treys card int")
        return _TREYS_SORTED_IDS[at]
    if isinstance(cards, (str, bytes, bytearray)):
        raise TypeError("from_treys takes treys card ints; to read card text use "
                        "handrank.cards.parse_cards")
    try:
        items = list(cards)
    except TypeError:
        raise TypeError(f"from_treys takes a treys card int or ints, got "
                        f"{type(cards).__name__}") from None
    out = []
    for pos, v in enumerate(items):
        if not _is_int(v):
            raise TypeError(f"position {pos}: {v!r} is not a treys card int")
        if int(v) not in _FROM_TREYS:
            raise CardRangeError(f"position {pos}: {int(v)} is not a treys card int",
                                 column=pos)
        out.append(_FROM_TREYS[int(v)])
    return out


@overload
def to_treys(cards: int | np.integer) -> int: ...
@overload
def to_treys(cards: np.ndarray) -> np.ndarray: ...
@overload
def to_treys(cards: Any) -> list[int]: ...
def to_treys(cards: Any) -> Any:
    """handrank card ids (or card text, card objects) -> treys (Cactus-Kev) card ints.

    ``cards``: one id (-> one int), a numpy integer array of ids of any shape (-> an
    ``int32`` array, same shape) or anything :func:`handrank.cards.parse_cards` reads
    (``"Ah Kd"``, a list of ids or card objects; -> a list of ints; repeats allowed).
    Raises CardRangeError for an id outside 0..51 (naming its index), CardParseError
    for bad text, ArrayDtypeError for a non-integer array, TypeError otherwise.
    """
    if _is_int(cards):
        v = int(cards)
        if not 0 <= v < NUM_CARDS:
            raise CardRangeError(f"card id {v} is out of range 0..51")
        return _TREYS[v]
    if isinstance(cards, np.ndarray):
        a = _int_array(cards, "card ids")
        bad = (a < 0) | (a >= NUM_CARDS)
        if bad.any():
            i = tuple(int(x) for x in np.argwhere(bad)[0])
            raise CardRangeError(f"{_where(i)}: card id {a[i]} is out of range 0..51")
        return _TREYS_ARRAY.astype(np.int32)[a.astype(np.intp)]
    return [_TREYS[c] for c in parse_cards(cards, allow_duplicates=True)]


def _strength_array(values: np.ndarray, what: str) -> np.ndarray:
    a = _int_array(values, f"{what}s")
    bad = (a < _LOW) | (a > _HIGH)
    if bad.any():
        i = tuple(int(x) for x in np.argwhere(bad)[0])
        raise HandrankError(f"{_where(i)}: {what} {a[i]} is outside {_LOW}..{_HIGH}")
    return (_SUM - a.astype(np.int32)).astype(np.int32)


def _flip(value: Any, what: str) -> Any:
    """``7463 - value`` for one int or an integer array, checked to 1..7462."""
    if isinstance(value, np.ndarray):
        return _strength_array(value, what)
    if not _is_int(value):
        raise TypeError(f"a {what} is an int, got {type(value).__name__} {value!r}")
    v = int(value)
    if not _LOW <= v <= _HIGH:
        raise HandrankError(f"{what} {v} is outside {_LOW}..{_HIGH}")
    return _SUM - v


@overload
def strength_from_rank(rank: int | np.integer) -> int: ...
@overload
def strength_from_rank(rank: np.ndarray) -> np.ndarray: ...
def strength_from_rank(rank: Any) -> Any:
    """handrank strength of a Cactus-Kev hand rank: ``7463 - rank``.

    ``rank``: what treys' ``Evaluator.evaluate`` or phevaluator's ``evaluate_cards``
    returns, 1 (royal flush) .. 7462 (7-5-4-3-2 offsuit), lower stronger; one int, or
    an integer array of any shape (-> ``int32``, same shape). The strength is
    1..7462, higher stronger (``docs/rules/poker.md``). Raises HandrankError (a
    ValueError) outside 1..7462 (naming the index in an array), TypeError for a
    non-integer, ArrayDtypeError for a non-integer array.
    """
    return _flip(rank, "Cactus-Kev rank")


@overload
def rank_from_strength(strength: int | np.integer) -> int: ...
@overload
def rank_from_strength(strength: np.ndarray) -> np.ndarray: ...
def rank_from_strength(strength: Any) -> Any:
    """Cactus-Kev hand rank (treys, phevaluator: 1 = royal flush, lower stronger) of
    a handrank strength: ``7463 - strength``. One int, or an integer array of any
    shape (-> ``int32``). Raises as :func:`strength_from_rank`."""
    return _flip(strength, "strength")


def treys_rank_class(strength: int) -> int:
    """treys' ``Evaluator.get_rank_class`` of the hand of this handrank ``strength``
    (1..7462): 0 royal flush, 1 straight flush, 2 four of a kind, 3 full house,
    4 flush, 5 straight, 6 three of a kind, 7 two pair, 8 pair, 9 high card (treys
    0.1.8; earlier releases counted the royal flush in class 1). That is
    ``9 - poker.category(strength)`` except for the royal flush. Raises HandrankError
    outside 1..7462, TypeError for a non-integer."""
    from .poker import ROYAL_FLUSH, category
    cat = category(strength)  # checks the strength
    return 0 if int(strength) == ROYAL_FLUSH else 9 - int(cat)


def treys_class_to_string(rank_class: int) -> str:
    """treys' ``Evaluator.class_to_string``: the name of a treys rank class 0..9
    (:data:`TREYS_CLASS_STRINGS`; handrank's own names are ``poker.name`` and
    ``poker.describe``). Raises HandrankError outside 0..9, TypeError for a
    non-integer."""
    if not _is_int(rank_class):
        raise TypeError(f"a treys rank class is an int, got {type(rank_class).__name__} "
                        f"{rank_class!r}")
    c = int(rank_class)
    if not 0 <= c < len(TREYS_CLASS_STRINGS):
        raise HandrankError(f"treys rank class {c} is outside 0..9")
    return TREYS_CLASS_STRINGS[c]


# ------------------------------------------------------- phevaluator, eval7, pokerkit

def _ids(cards: Any) -> Any:
    """Card ids of one card (an id or a card object -> an int) or of several (text or
    an iterable -> a list), card by card (repeats allowed)."""
    if _is_int(cards):
        return parse_cards([cards])[0]
    if isinstance(cards, str) or (not isinstance(cards, (bytes, bytearray))
                                  and hasattr(cards, "__iter__")):
        return parse_cards(cards, allow_duplicates=True)
    if isinstance(cards, (bool, float, complex, bytes, bytearray)) or cards is None:
        raise TypeError(f"expected a card or cards, got {type(cards).__name__} {cards!r}")
    return parse_cards([cards])[0]


@overload
def from_phevaluator(cards: int | np.integer) -> int: ...
@overload
def from_phevaluator(cards: Any) -> Any: ...
def from_phevaluator(cards: Any) -> Any:
    """phevaluator cards -> handrank card ids: the same numbers (``4 * rank + suit``,
    ``"2c"`` = 0 .. ``"As"`` = 51), checked.

    ``cards``: one id or ``phevaluator.Card`` (-> an int), or card text / an iterable
    of ids, texts or ``Card`` objects (-> a list). Raises CardRangeError for an id
    outside 0..51, CardParseError for bad text, TypeError for anything else."""
    return _ids(cards)


@overload
def to_phevaluator(cards: int | np.integer) -> int: ...
@overload
def to_phevaluator(cards: Any) -> Any: ...
def to_phevaluator(cards: Any) -> Any:
    """handrank cards -> phevaluator card ids (the same numbers), for
    ``phevaluator.evaluate_cards(*ids)``. Takes and raises as :func:`from_phevaluator`."""
    return _ids(cards)


def _peer(module: str, caller: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"handrank.compat.{caller} needs the {module} package: "
                          f"pip install {module}") from None


def from_eval7(cards: Any) -> Any:
    """eval7 cards -> handrank card ids, read through their text (``str(eval7.Card("Ah"))``
    is ``"Ah"``).

    ``cards``: one ``eval7.Card`` (-> an int) or an iterable of them (-> a list; ids and
    card text are taken too). Raises CardParseError / TypeError for an object whose
    text is not one card, CardRangeError for an id outside 0..51."""
    return _ids(cards)


def to_eval7(cards: Any) -> Any:
    """handrank cards -> ``eval7.Card`` objects: one id -> one Card; text or an
    iterable of ids / texts / card objects -> a list of Cards. Imports eval7
    (ImportError if it is missing); raises as :func:`handrank.cards.parse_cards`."""
    ids = _ids(cards)
    card = _peer("eval7", "to_eval7").Card
    from .cards import format_card
    if isinstance(ids, int):
        return card(format_card(ids))
    return [card(format_card(c)) for c in ids]


def from_pokerkit(cards: Any) -> Any:
    """pokerkit cards -> handrank card ids, read through their ``rank`` and ``suit``
    (``str(card)`` is ``"ACE OF HEARTS (Ah)"``).

    ``cards``: one ``pokerkit.Card`` (-> an int) or an iterable of them such as
    ``Card.parse("AhKs")`` (-> a list; ids and card text are taken too). An unknown
    card (``??``) raises CardParseError; CardRangeError for an id outside 0..51,
    TypeError for anything that is not a card."""
    return _ids(cards)


def to_pokerkit(cards: Any) -> Any:
    """handrank cards -> ``pokerkit.Card`` objects: one id -> one Card; text or an
    iterable of ids / texts / card objects -> a list of Cards. Imports pokerkit
    (ImportError if it is missing); raises as :func:`handrank.cards.parse_cards`."""
    ids = _ids(cards)
    pk = _peer("pokerkit", "to_pokerkit")
    from .cards import RANKS, SUITS

    def one(c: int) -> Any:
        return pk.Card(pk.Rank(RANKS[c >> 2]), pk.Suit(SUITS[c & 3]))
    if isinstance(ids, int):
        return one(ids)
    return [one(c) for c in ids]


def _read_peer_range(parse: Any, text: str, library: str) -> Any:
    """``parse(text)``, the peer library's range parser; whatever it raises becomes a
    RangeSyntaxError naming the text (its exception types are its own)."""
    from .errors import RangeSyntaxError
    try:
        return parse(text)
    except Exception as e:  # noqa: BLE001 - the peer's own parse errors, any type
        shown = text if len(text) <= 60 else text[:57] + "..."
        raise RangeSyntaxError(f"{library} cannot read the range {shown!r}: "
                               f"{type(e).__name__}: {e}") from None


def range_from_eval7(hand_range: Any) -> Range:
    """An ``eval7.HandRange`` (or its text, read by eval7 itself) -> a handrank
    :class:`~handrank.equity.ranges.Range` with the same combos and weights (text kept).

    eval7's range text also parses as it is with :func:`handrank.equity.parse_range`;
    this function is for a ``HandRange`` object you already have, or for eval7's exact
    reading of a text. Raises RangeSyntaxError for text eval7 refuses, RangeSyntaxError / the card errors naming the combo's
    index for a bad combo, TypeError for an object with no ``hands``, ImportError for
    text without eval7 installed."""
    from .equity.ranges import Range
    if isinstance(hand_range, str):
        hand_range = _read_peer_range(_peer("eval7", "range_from_eval7").HandRange,
                                      hand_range, "eval7")
    try:
        hands = list(hand_range.hands)
    except (AttributeError, TypeError):
        raise TypeError(f"expected an eval7.HandRange or range text, got "
                        f"{type(hand_range).__name__}") from None
    try:
        combos = [list(h) for h, _ in hands]
        weights = [w for _, w in hands]
    except (TypeError, ValueError):
        raise TypeError("an eval7.HandRange's hands are ((card, card), weight) pairs") from None
    return Range.from_combos(combos, weights, text=str(getattr(hand_range, "string", "")))


def range_from_pokerkit(combos: Any) -> Range:
    """pokerkit's ``parse_range`` result (a set of 2-card frozensets of ``pokerkit.Card``),
    or range text read by pokerkit's ``parse_range`` -> a handrank
    :class:`~handrank.equity.ranges.Range` of those combos (weight 1 each).

    pokerkit's range text also parses as it is with :func:`handrank.equity.parse_range`.
    Raises RangeSyntaxError naming a combo that is not two cards, the card errors of
    :func:`handrank.cards.parse_cards`, TypeError for a non-iterable, ImportError for
    text without pokerkit installed, RangeSyntaxError for text pokerkit refuses."""
    from .equity.ranges import Range
    text = ""
    if isinstance(combos, str):
        text = combos
        combos = _read_peer_range(_peer("pokerkit", "range_from_pokerkit").parse_range,
                                  combos, "pokerkit")
    if isinstance(combos, (bytes, bytearray)):
        raise TypeError("expected pokerkit combos or range text, not bytes")
    try:
        items = [c if isinstance(c, str) else list(c) for c in combos]
    except TypeError:
        raise TypeError(f"expected a collection of 2-card combos, got "
                        f"{type(combos).__name__}") from None
    return Range.from_combos(items, text=text)
