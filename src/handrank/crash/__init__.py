"""Crash (13-card Brag): round scoring, setting a holding, and a game engine.

Rules: ``docs/rules/brag-and-crash.md`` (Crash section). A player's holding of
``cards`` cards is split into ``cards // 3`` Brag hands (three cards each, ranked
by :mod:`handrank.brag`); leftover cards are dropped unseen. The hands are sorted
strongest first and compared position by position against the other players'.

Main entry points, by module:

* :mod:`.hands` -- the Brag order Crash uses: :func:`dense_strength`,
  :func:`brag_strength`, :func:`hand_count`, :func:`default_cards`.
* :mod:`.setting` -- :func:`set_hand` / :func:`set_many` set a holding with the
  ``lexicographic`` or ``expected-points`` strategy (Cython kernels, GIL
  released; :func:`win_table` is the latter's model); :func:`check_setting`
  validates a player's own setting against the holding.
* :mod:`.scoring` -- :func:`score_round` (one round, 2-5 players, any hand
  count) and :func:`score_many` (many rounds, vectorised).
* :mod:`.engine` -- :class:`Game`: seedable dealer, exchanges, rounds to a target
  score. Players are strategies in the shape of :mod:`handrank.engine`: built-in
  names (``"lexicographic"``, ``"expected-points"``) or objects with ``name``,
  ``set_hand(view)`` and ``exchange(view)`` (:class:`Strategy`), each decision
  given a frozen :class:`View`; every answer is checked, errors name the player.
* :mod:`.simulation` -- :func:`head_to_head`: two strategies (names or objects),
  seats swapped, with a confidence interval (the shared
  :class:`~handrank.engine.HeadToHead`).

Players are numbered from 0 (seats) everywhere in the API; positions (hands
strongest first) from 1, as the rules number them.

Strengths reported here are :mod:`handrank.brag` strengths (``int32``, higher
is stronger). The kernels work on *dense* strengths ``0..740`` (the rank of a
Brag hand among the 741 distinct strengths, weakest 0); :func:`dense_strength`
maps between them.

By default Crash uses the Brag order of the rules page (3-3-3 the top prial,
A-2-3 the top run); the Brag options ``prial_threes_high`` and ``a23_top_run``
pass through every scoring and setting function and :class:`Game`.
"""

from .engine import (
    ExpectedPointsStrategy,
    Game,
    GameResult,
    LexicographicStrategy,
    RoundRecord,
    Strategy,
    TableInfo,
    View,
    default_exchange,
    strategy,
)
from .hands import (
    DEFAULT_TARGET,
    NUM_STRENGTHS,
    OPTIONS,
    STRATEGIES,
    TARGETS,
    brag_strength,
    default_cards,
    dense_strength,
    hand_count,
)
from .scoring import RoundScore, score_many, score_round
from .setting import Setting, check_setting, set_hand, set_many, win_table
from .simulation import HeadToHead, head_to_head

# tools/gen_crash_tables.py builds the win-table counts with these two.
from .hands import _tables  # noqa: E402,F401
from .setting import _win_from_counts  # noqa: E402,F401

__all__ = [
    "DEFAULT_TARGET",
    "NUM_STRENGTHS",
    "OPTIONS",
    "STRATEGIES",
    "TARGETS",
    "ExpectedPointsStrategy",
    "Game",
    "GameResult",
    "HeadToHead",
    "LexicographicStrategy",
    "RoundRecord",
    "RoundScore",
    "Setting",
    "Strategy",
    "TableInfo",
    "View",
    "brag_strength",
    "check_setting",
    "default_cards",
    "default_exchange",
    "dense_strength",
    "hand_count",
    "head_to_head",
    "score_many",
    "score_round",
    "set_hand",
    "set_many",
    "strategy",
    "win_table",
]

