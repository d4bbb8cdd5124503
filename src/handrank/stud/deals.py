"""Reading a stud equity call's cards, once, at entry: every player's known cards
(3 to 7), the dead cards, 2 to 7 players, enough cards left to finish every hand.
Everything after this module trusts the :class:`StudDeal` it returns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .._support.checks import each_player, read_cards
from ..cards import CardsLike, card_repr, format_cards, parse_cards
from ..errors import HandSizeError
from .hands import CARDS, KNOWN_SIZES, MAX_PLAYERS

#: Fewest players of an equity call.
MIN_PLAYERS = 2


@dataclass(frozen=True)
class StudDeal:
    """A checked stud deal: ``hands`` every player's known ids (3..7 each, in the
    order given), ``dead`` the dead ids; no card twice."""

    hands: tuple[tuple[int, ...], ...]
    dead: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def unknown(self) -> tuple[int, ...]:
        """Each player's cards still to deal (7 minus the known ones)."""
        return tuple(CARDS - len(h) for h in self.hands)

    @property
    def left(self) -> int:
        """Cards in the deck: 52 minus every known and dead card."""
        return 52 - sum(len(h) for h in self.hands) - len(self.dead)

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(format_cards(h, sep="") for h in self.hands)

    @property
    def dead_text(self) -> str:
        return format_cards(self.dead)

    __repr__ = card_repr("hands", "dead")


def read_deal(hands: object, dead: CardsLike | None) -> StudDeal:
    """Check the players' known cards and the dead cards.

    Raises TypeError for ``hands`` that is a lone string (not a list of hands);
    HandSizeError for fewer than 2 or more than 7 players (**[D]**: 8 x 7 cards do
    not fit a deck), a player with fewer than 3 or more than 7 known cards (naming
    the player), or dead cards leaving too few cards to finish every hand;
    CardParseError / CardRangeError with player or ``dead cards`` context;
    DuplicateCardError naming the card and both places."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, (Sequence, np.ndarray)):
        raise TypeError("hands must be a sequence (list) with one entry of known cards per "
                        f"player, got {type(hands).__name__}")
    n = len(hands)
    if n > MAX_PLAYERS:
        raise HandSizeError(f"stud equity takes 2 to {MAX_PLAYERS} players, got {n}: {n} "
                            f"hands of {CARDS} cards need {n * CARDS} cards of 52 (the live "
                            f"game's shared river card is not modelled)")
    if n < MIN_PLAYERS:
        raise HandSizeError(f"stud equity takes 2 to {MAX_PLAYERS} players, got {n}")
    dead_ids = read_cards(dead, "dead cards")
    seen = {c: "among the dead cards" for c in dead_ids}
    out = []
    for p, ids in each_player(hands, "hands", "one entry (known cards)", parse_cards, seen,
                              "in player {p}'s hand"):
        if len(ids) not in KNOWN_SIZES:
            raise HandSizeError(f"player {p}: a stud hand has 3 to 7 known cards, got "
                                f"{len(ids)}")
        out.append(tuple(ids))
    deal = StudDeal(tuple(out), tuple(dead_ids))
    need = sum(deal.unknown)
    if need > deal.left:
        raise HandSizeError(f"only {deal.left} cards are left to deal the {need} unknown "
                            f"cards of {n} players ({len(dead_ids)} dead)")
    return deal

