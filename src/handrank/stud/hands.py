"""One stud hand's eight-or-better low (:func:`low`), on Omaha's low scale."""

from __future__ import annotations

from ..cards import CardsLike, parse_cards
from ..errors import HandSizeError
from . import _kernel

RULES_URL = "docs/rules/stud.md"

#: A player's cards at showdown.
CARDS = 7
#: Known cards per player that equity takes (3 to 7).
KNOWN_SIZES = (3, 4, 5, 6, 7)
#: Players of one stud deal: 7 x 7 = 49 cards of 52; 8 would need 56 **[D]**.
MAX_PLAYERS = 7


def low(cards: CardsLike) -> int:
    """Eight-or-better low strength of 5, 6 or 7 cards: the best low of any five
    of them (five distinct ranks all eight or lower, ace low; straights and flushes
    do not count), on the scale of :func:`handrank.omaha.low`: 1 (8-7-6-5-4) .. 56
    (5-4-3-2-A, the wheel), higher = better low, 0 (:data:`handrank.omaha.NO_LOW`)
    without a qualifying low. Read it back with :func:`handrank.omaha.low_ranks` /
    :func:`handrank.omaha.describe_low`.

    Cards are text (``"As 2d 3h 4c 5s Kd Kh"``) or a sequence of ids / card strings.
    Raises CardParseError / CardRangeError naming the token, DuplicateCardError
    naming the card, HandSizeError for fewer than 5 or more than 7 cards. Rule:
    ``docs/rules/stud.md``."""
    ids = parse_cards(cards)
    if not 5 <= len(ids) <= CARDS:
        raise HandSizeError(f"a stud low takes 5, 6 or 7 cards, got {len(ids)}")
    return int(_kernel.low(ids))
