"""Argument checks shared by every game: integers that are not bools, flags that are
real bools, options chosen from a list. Each raises a library error that names the
argument and, for options, lists the accepted values."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

import numpy as np

from ..cards import CardsLike, format_card, parse_cards
from ..errors import DuplicateCardError, HandrankError, HandSizeError, OptionError

T = TypeVar("T")


def is_int(value: object) -> bool:
    """True for a Python or numpy integer that is not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_part(part: object, most: int = 1_000_000) -> tuple[int, int] | None:
    """``part=(i, k)`` of a split run (``docs/scale.md``): None or two ints with
    ``0 <= i < k <= most``; OptionError naming the value otherwise."""
    if part is None:
        return None
    if not isinstance(part, tuple) or len(part) != 2:
        raise OptionError(f"part must be a tuple (i, k) with 0 <= i < k, got {part!r}")
    k = check_int(part[1], "part's k", 1, most)
    i = check_int(part[0], "part's i", 0, k - 1)
    return i, k


def check_int(value: object, name: str, low: int | None = None, high: int | None = None,
              error: type[Exception] = OptionError) -> int:
    """``value`` as an ``int`` in ``low..high`` (either bound optional).

    Raises ``error`` (OptionError by default) naming ``name``, the bounds and the value
    for a non-integer (bools included) or a value out of range."""
    if not is_int(value):
        raise error(f"{name} must be an int{_bounds(low, high)}, got {value!r}")
    v = int(value)  # type: ignore[call-overload]
    if (low is not None and v < low) or (high is not None and v > high):
        raise error(f"{name} must be an int{_bounds(low, high)}, got {v}")
    return v


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" from {low:,} to {high:,}"
    if low is not None:
        return f" >= {low:,}"
    if high is not None:
        return f" <= {high:,}"
    return ""


def check_bool(value: object, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (numpy bools too); OptionError otherwise
    (a truthy object is not a flag)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise OptionError(f"{name} must be True or False, got {value!r}")


def check_option(value: object, name: str, choices: Iterable[T]) -> T:
    """``value`` if it is one of ``choices``; OptionError listing them otherwise."""
    options = list(choices)
    for c in options:
        if type(value) is type(c) and value == c:
            return c
    listed = ", ".join(repr(c) for c in options)
    raise OptionError(f"unknown {name} {value!r}; expected one of {listed}")


def read_cards(value: CardsLike | None, what: str,
               parse: Callable[[CardsLike], list[int]] | None = None) -> list[int]:
    """Card ids of ``value`` (text, ids, card objects; None = no cards) read by ``parse``
    (default :func:`~handrank.cards.parse_cards`; a game's own reader, e.g. short deck's
    36-card one); its errors get ``what`` (``"board"``, ``"dead cards"``) as context."""
    if value is None:
        return []
    try:
        return (parse or parse_cards)(value)
    except HandrankError as e:
        raise e.with_context(what) from None


def each_player(hands: Iterable[T], what: str, one: str, parse: Callable[[T], list[int]],
                seen: dict[int, str], held: str) -> Iterator[tuple[int, list[int]]]:
    """``(p, ids)`` for each player's cards of a one-deck showdown, in seat order.

    ``hands``: a sequence, one entry per player (``what`` names it, ``one`` says
    what an entry is); TypeError for a lone string or scalar, HandSizeError for
    no player. ``parse`` reads one entry; its errors get ``player p`` context.
    ``seen`` maps the cards already dealt to where they are (``"the board"``);
    each player's cards join it as ``held.format(p=p)``, and a card seen before
    raises DuplicateCardError naming both places.
    """
    if isinstance(hands, (str, bytes)) or np.isscalar(hands):
        raise TypeError(f"{what} must be a sequence with {one} per player, "
                        f"got {type(hands).__name__}")
    entries = list(hands)
    if not entries:
        raise HandSizeError("showdown needs at least one player")
    for p, entry in enumerate(entries):
        try:
            ids = parse(entry)
        except HandrankError as e:
            raise e.with_context(f"player {p}") from None
        for c in ids:
            if c in seen:
                raise DuplicateCardError(f"card {format_card(c)} of player {p} is also {seen[c]}",
                                         card=c, row=p)
            seen[c] = held.format(p=p)
        yield p, ids
