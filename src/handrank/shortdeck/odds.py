"""Short-deck (6+) Hold'em equity: :func:`equity`, exact or Monte Carlo, on the
shared variant-equity engine (:mod:`handrank._support.showdown_equity`) with the
36-card deck."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor

import numpy as np

from .._support.checks import check_bool, each_player, read_cards
from .._support.seeds import SeedLike
from .._support.showdown_equity import HIGH, make_deal, showdown_equity
from ..cards import CardsLike, format_card, format_cards, parse_cards
from ..equity.inputs import Method, ProgressFn, read_options
from ..errors import CardRangeError, DuplicateCardError, HandSizeError
from ..result import ShowdownEquity
from .hands import FIRST_CARD

_KERNEL = "handrank.shortdeck._kernel"
#: The 36 cards of the short deck (ids 16..51) as a card mask.
DECK_MASK = ((1 << 52) - 1) ^ ((1 << FIRST_CARD) - 1)
#: Hole cards per player.
HOLE = 2
#: Board cards at showdown.
BOARD = 5
#: Players of one equity call: 2 to 10 (ten hands and a board are 25 of the 36 cards;
#: the engine counts pot shares for at most ten players).
MIN_PLAYERS, MAX_PLAYERS = 2, 10


def _short(cards: CardsLike) -> list[int]:
    """Parse and check that every card is in the short deck (CardRangeError naming
    the card and its position otherwise)."""
    ids = parse_cards(cards)
    for pos, c in enumerate(ids):
        if c < FIRST_CARD:
            raise CardRangeError(f"card {format_card(c)} (id {c}) at position {pos} is not "
                                 f"in the short deck (sixes to aces)", column=pos)
    return ids


def _read(holes: object, board: CardsLike | None, dead: CardsLike | None
          ) -> tuple[list[list[int]], list[int], list[int]]:
    if isinstance(holes, (str, bytes)) or not isinstance(holes, (Sequence, np.ndarray)):
        raise TypeError("holes must be a sequence (list) with one entry of hole cards per "
                        f"player, got {type(holes).__name__}")
    if not MIN_PLAYERS <= len(holes) <= MAX_PLAYERS:
        raise HandSizeError(f"short-deck equity takes {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                            f"got {len(holes)}")
    b = read_cards(board, "board", _short)
    d = read_cards(dead, "dead cards", _short)
    if len(b) not in (0, 3, 4, 5):
        raise HandSizeError(f"board: the board has 0, 3, 4 or 5 cards, got {len(b)}")
    seen = {c: "on the board" for c in b}
    for c in d:
        if c in seen:
            raise DuplicateCardError(f"card {format_card(c)} is both on the board and among "
                                     f"the dead cards", card=c)
        seen[c] = "among the dead cards"
    out = []
    for p, h in each_player(holes, "holes", "one entry (hole cards)", _short, seen,
                            "in player {p}'s hole cards"):
        if len(h) != HOLE:
            raise HandSizeError(f"player {p}: short-deck hole cards are 2 cards, got {len(h)}")
        out.append(h)
    return out, b, d


def equity(holes: Sequence[CardsLike], board: CardsLike | None = None,
           dead: CardsLike | None = None, *, straight_beats_trips: bool = False,
           method: Method = "auto", samples: int | None = None,
           target_stderr: float | None = None, seed: SeedLike = None,
           threads: int | None = None, progress: ProgressFn | None = None,
           executor: Executor | None = None,
           part: tuple[int, int] | None = None) -> ShowdownEquity:
    """Short-deck Hold'em equity of 2 to 10 players' exact hole cards.

    ``holes``: one entry of 2 cards per player (``"AhKh"``, a list of card strings
    or ids); ``board``: 0, 3, 4 or 5 community cards; ``dead``: cards out of play.
    The rest of the board is dealt from the 36-card deck (sixes to aces) minus
    every known and dead card; hands rank by the short-deck order
    (``docs/rules/shortdeck.md``: a flush beats a full house, three of a kind
    beats a straight unless ``straight_beats_trips=True``); the best hand(s)
    split the pot.

    Options as :func:`handrank.omaha.equity` (``method``, ``samples``,
    ``target_stderr``, ``seed``, ``threads``, ``progress``, ``executor``,
    ``part``). Returns a :class:`~handrank.result.ShowdownEquity` with
    ``game="shortdeck"`` (``"shortdeck-sbt"`` with the option).

    Raises CardRangeError naming a deuce to five (``player p`` / ``board`` /
    ``dead cards`` and its position), HandSizeError (a player without exactly
    two hole cards, a board of 1, 2 or 6+ cards, fewer than 2 or more than 10
    players), DuplicateCardError naming the card and both places, CardParseError,
    OptionError for a bad option, TypeError for ``holes`` given as one string.
    """
    sbt = check_bool(straight_beats_trips, "straight_beats_trips")
    opts = read_options(method, samples, target_stderr, seed, threads, progress, executor, part)
    hs, b, d = _read(holes, board, dead)
    deal = make_deal("shortdeck-sbt" if sbt else "shortdeck", HIGH, hs, HOLE, b, BOARD, d,
                     tuple(format_cards(h, sep="") for h in hs), deck_mask=DECK_MASK,
                     option=int(sbt), board_text=format_cards(b), dead_text=format_cards(d))
    return showdown_equity(deal, opts, _KERNEL)
