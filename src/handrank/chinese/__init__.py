"""Chinese Poker (13 cards set 3 / 5 / 5): rows, fouls, naturals, the four
scoring systems, pairwise table scoring, an expected-score solver, a game
engine and head-to-head simulation.

The package, by concern:

* :mod:`.rows` -- the front evaluator, five-card rows, fouls, :class:`Setting`;
* :mod:`.natural_hands` -- naturals (:class:`Natural`, :func:`naturals`);
* :mod:`.scoring` -- :func:`score` (one table, explained) and :func:`score_many`;
* :mod:`.solver` -- :func:`solve` (expected-score solver) and :func:`greedy`;
* :mod:`.engine` -- :class:`Game`, the :class:`Strategy` protocol and its
  :class:`View`, the built-in strategies ``"solver"`` and ``"greedy"``;
* :mod:`.simulation` -- :func:`head_to_head` (any two strategies, seats swapped)
  and :func:`heads_up` (solver against greedy);
* :mod:`.reference` -- the pure-Python specification the kernels are tested against.

Rules: ``docs/rules/chinese-poker.md`` (and ``docs/rules/poker.md`` for the five-card
rows). Five-card rows (middle, back) use the poker evaluator's tables and
strengths (1..7462, see :mod:`handrank.poker`).

Front strength layout
---------------------
A front (three cards; only three of a kind, pair and high card count) has a
strength from 1 to 455, higher = stronger, equal = tie:

===============  ==========  =====
category         strengths   count
===============  ==========  =====
high card        1 .. 286     286
pair             287 .. 442   156
three of a kind  443 .. 455    13
===============  ==========  =====

Within a category the order is by rank: the trips rank; the pair rank then the
kicker; the three ranks high to low. Suits never count.

Front against middle (the foul test): the front loses to, or equals, a legal
middle when its category (high card < pair < trips, set against the middle's
full poker category) is lower, or when the categories match and the front's
ranks (pair rank, then kickers high to low) are not higher rank by rank than
the middle's ranks in the same order; when every front rank equals the
middle's, the middle is the stronger (it has more cards) **[D]**.

Scoring systems
---------------
``basic``, ``western`` (the default), ``eastern`` and ``mandarin``, exactly as
the rules page's table; see :func:`score`. A fouled hand pays 4 to every
player who did not foul; a declared natural scores a plain sweep of the system
(3 basic / eastern, 4 western, 6 mandarin, 9 for a mandarin home run); a dragon
beats the other naturals, which tie with each other.

Settings
--------
A setting is three rows: front (3 cards), middle (5), back (5). Bulk arrays lay
a setting out as 13 card ids in that order (columns 0-2 front, 3-7 middle,
8-12 back). Rows set with the wrong card counts (13 cards in all, but not 3,
5 and 5) are a foul, as the rules page defines it: :func:`is_foul` says so and
:func:`score` scores such a player as fouled. Anything that is not a player's
13 distinct cards (another total, a card used twice, a card not in the holding)
is bad input and raises.
"""

from __future__ import annotations

from .engine import (
    Game,
    GameResult,
    GreedyStrategy,
    RoundRecord,
    SolverStrategy,
    Strategy,
    View,
)
from .natural_hands import Natural, natural, naturals
from .rows import (
    DEFAULT_SYSTEM,
    FRONT_FIRST,
    FRONT_MAX,
    PLAYER_KEYS,
    ROW_SIZES,
    ROWS,
    RULES_URL,
    SYSTEMS,
    FrontCategory,
    Setting,
    SettingLike,
    describe_front,
    evaluate,
    evaluate_many,
    front_beats_middle,
    front_category,
    front_strength,
    is_foul,
    make_setting,
)
from .scoring import FOUL_PENALTY, SWEEP, PairScore, TableScore, score, score_many
from .simulation import HeadsUp, head_to_head, heads_up
from .solver import (
    Solution,
    default_tables,
    expected_scores,
    greedy,
    greedy_many,
    solve,
    solve_many,
    solver_tables,
)

__all__ = [
    "DEFAULT_SYSTEM",
    "ROWS",
    "SYSTEMS",
    "FrontCategory",
    "Game",
    "GameResult",
    "GreedyStrategy",
    "HeadsUp",
    "Natural",
    "PairScore",
    "RoundRecord",
    "Setting",
    "Solution",
    "SolverStrategy",
    "Strategy",
    "TableScore",
    "View",
    "default_tables",
    "describe_front",
    "evaluate",
    "evaluate_many",
    "expected_scores",
    "front_beats_middle",
    "front_category",
    "front_strength",
    "greedy",
    "greedy_many",
    "head_to_head",
    "heads_up",
    "is_foul",
    "make_setting",
    "natural",
    "naturals",
    "score",
    "score_many",
    "solve",
    "solve_many",
    "solver_tables",
]
