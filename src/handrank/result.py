"""The small result type every game's ``evaluate`` returns."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .cards import format_cards

__all__ = ["CategoryEnum", "HandValue"]


class CategoryEnum(IntEnum):
    """Base of every game's category enum: weakest = 0, higher = stronger."""

    @property
    def label(self) -> str:
        """Display name: ``FULL_HOUSE`` -> ``"Full house"``."""
        return self.name.replace("_", " ").capitalize()


@dataclass(frozen=True, eq=False)
class HandValue:
    """One evaluated hand.

    Attributes:
        game: which evaluator produced it (``"poker"``, ...).
        category: the game's category enum member (a :class:`CategoryEnum`, an
            ``IntEnum``; higher = stronger).
        strength: ``int``, higher = stronger; equal strengths tie. Only comparable
            within one game (and one set of options).
        name: the category's display name; named sub-cases get their own name
            (poker: ``"Royal flush"`` for the ace-high straight flush).
        description: words for the whole hand (``"Full house, kings over fours"``).
        cards: card ids of the cards that make the hand (poker: the best five,
            most significant first).

    Hand values compare by strength: ``a > b`` means ``a`` beats ``b`` and
    ``a == b`` means a split (even when the cards differ, e.g. only by suit).
    Ordering values of different games raises ``TypeError``; they are never equal.
    """

    game: str
    category: CategoryEnum
    strength: int
    name: str
    description: str
    cards: tuple[int, ...]

    def _strengths(self, other: object) -> tuple[int, int] | None:
        if not isinstance(other, HandValue):
            return None
        if other.game != self.game:
            raise TypeError(f"cannot compare a {self.game} hand with a {other.game} hand")
        return self.strength, other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.game == other.game and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((self.game, self.strength))

    def __lt__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] < s[1]

    def __le__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] <= s[1]

    def __gt__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] > s[1]

    def __ge__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] >= s[1]

    def __str__(self) -> str:
        return f"{self.description} [{format_cards(self.cards)}]"
