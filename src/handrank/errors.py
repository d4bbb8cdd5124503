"""The exception hierarchy shared by every game.

All errors derive from :class:`HandrankError`, itself a :class:`ValueError`,
so ``except ValueError`` catches them. Array-shape and dtype problems are
:class:`ArrayShapeError` / :class:`ArrayDtypeError`; the dtype one is also a
:class:`TypeError`. Arguments of the wrong Python type (a float where a card id
belongs) raise plain :class:`TypeError`.

Messages name the culprit. Every index in them is 0-based, as in Python and
numpy: ``row`` (of an array or list), ``column``, ``position`` (of a card in a
hand, or of a character in card text), ``player``, ``item``. (The command-line
tool numbers file lines and command-line hands from 1, as people do.)
"""

from __future__ import annotations

__all__ = [
    "ArrayDtypeError",
    "ArrayShapeError",
    "CardParseError",
    "CardRangeError",
    "DuplicateCardError",
    "HandSizeError",
    "HandrankError",
    "OptionError",
    "RangeNotationWarning",
    "RangeSyntaxError",
    "SettingError",
]


class HandrankError(ValueError):
    """Base class of every error handrank raises for bad input."""

    def with_context(self, context: str) -> HandrankError:
        """Prefix the message with ``context`` (e.g. ``"player 2"``), keeping the
        type and attributes; returns self so callers can ``raise e.with_context(...)``."""
        self.args = (f"{context}: {self.args[0] if self.args else ''}",) + self.args[1:]
        return self


class CardParseError(HandrankError):
    """Card text that is not a card. ``token`` and ``position`` name the culprit."""

    def __init__(self, message: str, token: str | None = None, position: int | None = None):
        super().__init__(message)
        self.token = token
        self.position = position


class DuplicateCardError(HandrankError):
    """The same card twice where one deck is in play."""

    def __init__(self, message: str, card: int | None = None, row: int | None = None):
        super().__init__(message)
        self.card = card
        self.row = row


class CardRangeError(HandrankError):
    """A card id outside 0..51 (or a mask with bits at 52 or above)."""

    def __init__(self, message: str, row: int | None = None, column: int | None = None):
        super().__init__(message)
        self.row = row
        self.column = column


class HandSizeError(HandrankError):
    """A hand with a number of cards the game does not allow."""


class ArrayShapeError(HandrankError):
    """A bulk input array with the wrong number of dimensions or columns."""


class ArrayDtypeError(HandrankError, TypeError):
    """A bulk input array whose dtype cannot hold card ids or masks."""


class OptionError(HandrankError):
    """An unknown option, strategy, scoring system or game setting, or a bad value for one.
    The message names the option and lists the accepted values."""


class SettingError(HandrankError):
    """A setting (cards arranged into hands or rows) that the holding cannot make: cards the
    player does not hold, rows of the wrong size, a hand count that does not fit the cards,
    a natural declared that the cards do not make. The message names the culprit."""


class RangeSyntaxError(HandrankError):
    """Hand-range text (``QQ+``, ``AKs``, ``0.4(AsKs)``) that cannot be read, or a range left
    empty by card removal. The message names the token."""


class RangeNotationWarning(UserWarning):
    """Range text that other libraries read differently (rs-poker's ``KQ+`` climbs both
    cards): handrank keeps its documented reading; the message names the token and the
    reading used. Not an error: ``warnings.simplefilter("error", RangeNotationWarning)``
    makes it one."""
