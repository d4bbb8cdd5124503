"""One Omaha hand: the high hand (:func:`evaluate`, :func:`strength`) and the
eight-or-better low (:func:`low`, :func:`describe_low`); the parsing and
checking every single-hand call shares."""

from __future__ import annotations

from ..cards import CardsLike, format_card, parse_cards
from ..errors import DuplicateCardError, HandrankError, HandSizeError
from ..poker import evaluate as _poker_evaluate
from ..result import HandValue
from . import _kernel

RULES_URL = "docs/rules/omaha.md"

#: Hole card counts: PLO4, PLO5, PLO6.
HOLE_SIZES = (4, 5, 6)
#: Board cards at showdown.
BOARD_SIZE = 5
#: The low strength of a hand with no qualifying eight-or-better low.
NO_LOW = 0
#: The best low's strength (the wheel 5-4-3-2-A); the worst low, 8-7-6-5-4, is 1.
LOW_MAX = 56

_LOW_NAMES = "A2345678"


def parse_hand(hole: CardsLike, board: CardsLike) -> tuple[list[int], list[int]]:
    """``(hole ids, board ids)`` of one Omaha hand, checked: 4, 5 or 6 hole
    cards, 5 board cards, no card twice. Raises CardParseError / CardRangeError
    (with ``hole`` or ``board`` context), HandSizeError (naming the count; two
    hole cards are called a Hold'em hand), DuplicateCardError naming the card
    and both places."""
    try:
        h = parse_cards(hole)
    except HandrankError as e:
        raise e.with_context("hole") from None
    try:
        b = parse_cards(board)
    except HandrankError as e:
        raise e.with_context("board") from None
    if len(h) not in HOLE_SIZES:
        hint = (" (two hole cards is a Hold'em hand: use handrank.poker.evaluate"
                "(hole + board))" if len(h) == 2 else "")
        raise HandSizeError(f"an Omaha hole has 4, 5 or 6 cards, got {len(h)}{hint}")
    if len(b) != BOARD_SIZE:
        raise HandSizeError(f"an Omaha board has 5 cards at showdown, got {len(b)}")
    for pos, c in enumerate(h):
        if c in b:
            raise DuplicateCardError(f"card {format_card(c)} is both in the hole (position "
                                     f"{pos}) and on the board (position {b.index(c)})", card=c)
    return h, b


def strength(hole: CardsLike, board: CardsLike) -> int:
    """High strength (1..7462, higher = stronger, poker's scale: equal to the
    Hold'em strength of the same five-card value) of ``hole`` (4, 5 or 6 cards)
    with ``board`` (5 cards), using exactly two hole and three board cards.

    Cards are text (``"As Kd Qh Jc"``) or sequences of ids / card strings.
    Raises as :func:`parse_hand`. Rule: ``docs/rules/omaha.md``."""
    s = _kernel.fast_high(hole, board)  # plain text or id lists, parsed and checked in C
    if s < 0:
        h, b = parse_hand(hole, board)
        s = _kernel.high(h, b)
    return s


def evaluate(hole: CardsLike, board: CardsLike) -> HandValue:
    """The high hand of ``hole`` (4, 5 or 6 cards) with ``board`` (5 cards):
    the poker :class:`~handrank.result.HandValue` (``game == "poker"``) of the
    best five made of exactly two hole and three board cards, so it compares
    equal to a Hold'em hand of the same value. ``cards`` are those five, most
    significant first; category, name and description are poker's.

    Raises as :func:`parse_hand`. Rule: ``docs/rules/omaha.md``."""
    h, b = parse_hand(hole, board)
    _, five = _kernel.best_high(h, b)
    return _poker_evaluate(list(five))


def low(hole: CardsLike, board: CardsLike) -> int:
    """Eight-or-better low strength of ``hole`` (4, 5 or 6 cards) with ``board``
    (5 cards): 1 (8-7-6-5-4) .. 56 (the wheel 5-4-3-2-A), higher = better low;
    :data:`NO_LOW` (0) when no two hole + three board cards make five distinct
    ranks all eight or lower (ace low; straights and flushes do not count).

    Raises as :func:`parse_hand`. Rule: ``docs/rules/omaha.md``."""
    s = _kernel.fast_low(hole, board)
    if s < 0:
        h, b = parse_hand(hole, board)
        s = _kernel.low(h, b)
    return s


def low_ranks(strength: int) -> tuple[int, ...]:
    """The five ranks of a low strength (1..56), highest first, as low ranks
    (ace 1, deuce 2 .. eight 8); ``()`` for :data:`NO_LOW`. Raises HandrankError
    outside 0..56, TypeError for a non-integer."""
    s = _check_low(strength)
    if s == NO_LOW:
        return ()
    return _LOWS[LOW_MAX - s]


def describe_low(strength: int) -> str:
    """Words for a low strength: ``"8-5-4-3-2 low"``, ``"5-4-3-2-A low (the wheel)"``,
    ``"No low"`` for 0. Raises as :func:`low_ranks`."""
    ranks = low_ranks(strength)
    if not ranks:
        return "No low"
    text = "-".join(_LOW_NAMES[r - 1] for r in ranks) + " low"
    return text + " (the wheel)" if strength == LOW_MAX else text


def _check_low(strength: object) -> int:
    import numpy as np

    if isinstance(strength, bool) or not isinstance(strength, (int, np.integer)):
        raise TypeError(f"a low strength is an int, got {type(strength).__name__} {strength!r}")
    s = int(strength)
    if not NO_LOW <= s <= LOW_MAX:
        raise HandrankError(f"Omaha low strength {s} is outside {NO_LOW}..{LOW_MAX}")
    return s


def _all_lows() -> list[tuple[int, ...]]:
    """Every low, best first (index = LOW_MAX - strength), from the kernel's own order."""
    masks = [m for m in range(256) if bin(m).count("1") == 5]
    by_strength = sorted(masks, key=_kernel.low_strength_of_mask, reverse=True)
    return [tuple(r + 1 for r in range(7, -1, -1) if m >> r & 1) for m in by_strength]


_LOWS = _all_lows()
