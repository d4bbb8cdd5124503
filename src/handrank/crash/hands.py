"""Crash's Brag order and table options: dense strengths (0..740) and their
lookup tables, hand counts, and the checks of players, cards and the Brag options
shared by setting, scoring and the engine."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from . import _kernel as _crash
from .._support.checks import check_bool, check_int, check_option, is_int
from ..cards import CardsLike, parse_cards
from ..errors import HandrankError, HandSizeError

#: Setting strategies understood by :func:`set_hand` and :func:`set_many`.
STRATEGIES = ("lexicographic", "expected-points")
#: Target scores offered by the rules; :class:`Game` accepts any positive int.
TARGETS = (7, 10, 15)
#: Default target score (rules: 10 **[D]**).
DEFAULT_TARGET = 10
#: Number of distinct Brag strengths (dense strengths are 0..740).
NUM_STRENGTHS = 741
MIN_PLAYERS, MAX_PLAYERS = 2, 5

HandsLike = Sequence[CardsLike]


# =========================================================================== strength tables

#: The Brag options Crash passes through: (prial_threes_high, a23_top_run).
Opts = tuple[bool, bool]
DEFAULT_OPTS: Opts = (True, True)
#: Keyword options of the scoring and setting functions, with their defaults.
OPTIONS = {"count_high_card": False, "prial_threes_high": True, "a23_top_run": True}


@lru_cache(maxsize=4)
def _tables(opts: Opts = DEFAULT_OPTS) -> tuple[np.ndarray, np.ndarray, int]:
    """(rank table, dense -> brag strength, number of high-card dense strengths)
    for one setting of the Brag options.

    The rank table is the kernels' strength lookup: ``int16`` of length 2 * 2197,
    index ``flush * 2197 + 169 * r1 + 13 * r2 + r3`` (ranks of the three cards
    in any order) -> dense strength. Built once from :mod:`handrank.brag`.
    """
    from .. import brag  # imported lazily: the Brag module is the source of truth

    r = np.arange(13)
    r1, r2, r3 = (a.ravel() for a in np.meshgrid(r, r, r, indexing="ij"))
    plain = np.stack([4 * r1 + 0, 4 * r2 + 1, 4 * r3 + 2], axis=1).astype(np.uint8)
    distinct = (r1 != r2) & (r2 != r3) & (r1 != r3)
    flush = np.stack([4 * r1, 4 * r2, 4 * r3], axis=1).astype(np.uint8)
    flush[~distinct] = plain[~distinct]  # no flush with a repeated rank; never looked up
    strengths = np.asarray(brag.evaluate_many(np.concatenate([plain, flush]),
                                              prial_threes_high=opts[0], a23_top_run=opts[1]),
                           dtype=np.int64)
    values, dense = np.unique(strengths, return_inverse=True)
    if len(values) != NUM_STRENGTHS:  # pragma: no cover - guards the Brag module
        raise RuntimeError(f"expected {NUM_STRENGTHS} Brag strengths, got {len(values)}")
    # The best high card is A-K-J offsuit (A-K-Q is a run): every dense value up to it.
    akj = int(dense[12 * 169 + 11 * 13 + 9])
    table = dense.astype(np.int16)
    table.setflags(write=False)
    values = values.astype(np.int32)
    values.setflags(write=False)
    return table, values, akj + 1


def brag_strength(dense: int, *, prial_threes_high: bool = True,
                  a23_top_run: bool = True) -> int:
    """The :mod:`handrank.brag` strength (same options) of a dense strength 0..740.
    Raises OptionError for a bad option, HandrankError outside 0..740."""
    opts = _brag_opts(prial_threes_high, a23_top_run)
    if isinstance(dense, bool) or not isinstance(dense, (int, np.integer)):
        raise TypeError(f"a dense strength is an int, got {dense!r}")
    if not 0 <= dense < NUM_STRENGTHS:
        raise HandrankError(f"dense strength {dense} is outside 0..740")
    return int(_tables(opts)[1][dense])


def dense_strength(cards: CardsLike, *, prial_threes_high: bool = True,
                   a23_top_run: bool = True) -> int:
    """Dense strength (0..740, weakest 0) of one three-card Brag hand.
    Raises CardParseError, DuplicateCardError, HandSizeError, OptionError."""
    opts = _brag_opts(prial_threes_high, a23_top_run)
    ids = parse_cards(cards)
    if len(ids) != 3:
        raise HandSizeError(f"a Brag hand has 3 cards, got {len(ids)}")
    return _dense3(ids, opts)


def _dense3(ids: Sequence[int], opts: Opts = DEFAULT_OPTS) -> int:
    a, b, c = ids
    i = 169 * (a >> 2) + 13 * (b >> 2) + (c >> 2)
    if (a & 3) == (b & 3) == (c & 3):
        i += 2197
    return int(_tables(opts)[0][i])


# =========================================================================== options

def _check_players(players: object) -> int:
    return check_int(players, "players", MIN_PLAYERS, MAX_PLAYERS)


def default_cards(players: int) -> int:
    """Cards dealt to each player by default: 13, or 10 with five players (rules
    **[D]**, ``docs/rules/brag-and-crash.md``). Raises OptionError for a player count
    outside 2..5."""
    return 10 if _check_players(players) == 5 else 13


def _check_cards_option(cards: object, players: int) -> int:
    return check_int(cards, f"cards per player with {players} players",
                     3, 52 // players)


def hand_count(cards: int) -> int:
    """Brag hands formed from a holding of ``cards`` cards: ``cards // 3``
    (the rest are dropped; ``docs/rules/brag-and-crash.md``). Raises HandSizeError
    outside 3..26 cards, TypeError for a non-integer."""
    if not is_int(cards):
        raise TypeError(f"cards must be an int, got {cards!r}")
    return check_int(cards, "a Crash holding's card count", 3, _crash.MAX_CARDS,
                     error=HandSizeError) // 3


def _check_strategy(name: object) -> int:
    return STRATEGIES.index(check_option(name, "strategy", STRATEGIES))


def _brag_opts(prial_threes_high: bool, a23_top_run: bool) -> Opts:
    """The Brag options as a key of the tables; OptionError naming a non-bool."""
    return (check_bool(prial_threes_high, "prial_threes_high"),
            check_bool(a23_top_run, "a23_top_run"))
