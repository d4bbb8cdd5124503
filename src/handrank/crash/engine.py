"""The Crash game engine: strategies, what a strategy sees (:class:`TableInfo`),
and :class:`Game` (deal, exchanges, setting, scoring, rounds to a target)."""

from __future__ import annotations

import abc
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from ..errors import HandrankError, OptionError
from .hands import (
    _SCORING,
    DEFAULT_OPTS,
    DEFAULT_TARGET,
    STRATEGIES,
    TARGETS,
    Opts,
    _brag_opts,
    _check_bool,
    _check_cards_option,
    _check_players,
    _check_strategy,
    _rng,
    default_cards,
)
from .scoring import RoundScore, score_round
from .setting import _dense_many, check_setting, set_hand

# =========================================================================== strategies

@dataclass(frozen=True)
class TableInfo:
    """What a :class:`Strategy` knows when it decides.

    Attributes:
        players: number of players (2..5).
        cards: cards per player.
        seat: the deciding player's index.
        scores: every player's score before this round.
        target: the target score.
        count_high_card: the table option.
        round: round number, from 0.
        prial_threes_high, a23_top_run: the Brag order in use.
    """

    players: int
    cards: int
    seat: int
    scores: tuple[int, ...]
    target: int
    count_high_card: bool
    round: int
    prial_threes_high: bool = True
    a23_top_run: bool = True


class Strategy(abc.ABC):
    """A Crash player: plug an engine or a bot into :class:`Game`.

    Subclasses implement :meth:`set_hand`; :meth:`exchange` has a default rule.
    Strategies must be deterministic given their inputs (or seeded), so a game
    with a fixed ``seed`` is reproducible.
    """

    #: Display name used in game logs.
    name: str = "strategy"

    @abc.abstractmethod
    def set_hand(self, holding: tuple[int, ...], info: TableInfo) -> Sequence[Sequence[int]]:
        """Return ``len(holding) // 3`` hands of three card ids from ``holding``
        (any order; the game validates with :func:`check_setting` and sorts)."""

    def exchange(self, holding: tuple[int, ...], info: TableInfo) -> bool:
        """Whether to swap ``holding`` for as many unseen cards (when the rules
        offer it): must return True or False (anything else is an OptionError
        naming the player). Default rule: swap when the holding's expected points (its
        best ``expected-points`` setting) are below the average of a random
        holding at this table -- a swap brings, on average, exactly that."""
        opts = (info.prial_threes_high, info.a23_top_run)
        ev = set_hand(list(holding), "expected-points", players=info.players,
                      count_high_card=info.count_high_card, prial_threes_high=opts[0],
                      a23_top_run=opts[1]).expected_points
        return ev < _mean_expected_points(info.cards, info.players, info.count_high_card, opts)


@cache
def _mean_expected_points(cards: int, players: int, count_high_card: bool,
                          opts: Opts = DEFAULT_OPTS) -> float:
    """Average expected points of a random holding (fixed-seed sample of 2,000)."""
    from ..cards import deal

    holdings = deal(2000, cards, seed=20261129)
    return float(_dense_many(holdings, "expected-points", players, count_high_card,
                             opts)[2].mean())


class _Builtin(Strategy):
    _strategy = "lexicographic"

    def __init__(self) -> None:
        self.name = self._strategy

    def set_hand(self, holding: tuple[int, ...], info: TableInfo) -> Sequence[Sequence[int]]:
        return set_hand(list(holding), self._strategy, players=info.players,
                        count_high_card=info.count_high_card,
                        prial_threes_high=info.prial_threes_high,
                        a23_top_run=info.a23_top_run).hands

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class LexicographicStrategy(_Builtin):
    """Sets hands as strong as possible, position 1 first (``lexicographic``);
    default exchange rule."""

    _strategy = "lexicographic"


class ExpectedPointsStrategy(_Builtin):
    """Sets hands to maximise the expected round score (``expected-points``);
    default exchange rule."""

    _strategy = "expected-points"


def strategy(name: str) -> Strategy:
    """A built-in strategy by name (one of :data:`STRATEGIES`). Raises
    OptionError listing the accepted names."""
    return [LexicographicStrategy, ExpectedPointsStrategy][_check_strategy(name)]()


# =========================================================================== game

@dataclass(frozen=True)
class RoundRecord:
    """One played round.

    Attributes:
        number: round number from 0.
        dealt: each player's holding as dealt.
        exchanged: per player, whether they swapped their holding.
        holdings: each player's holding after exchanges.
        settings: each player's hands, sorted strongest first.
        score: the :class:`RoundScore`.
        totals: every player's score after the round.
    """

    number: int
    dealt: tuple[tuple[int, ...], ...]
    exchanged: tuple[bool, ...]
    holdings: tuple[tuple[int, ...], ...]
    settings: tuple[tuple[tuple[int, int, int], ...], ...]
    score: RoundScore
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameResult:
    """A finished game: ``scores`` (final), ``winners`` (every player with the
    top score: equal top scores share the win), ``rounds`` (the records)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundRecord, ...] = field(repr=False)


StrategyLike = Strategy | str


class Game:
    """A game of Crash between strategy objects.

    ``players``: a sequence of 2..5 :class:`Strategy` objects or built-in
    strategy names (``"lexicographic"``, ``"expected-points"``), one per seat.
    ``seed``: int or ``numpy.random.Generator`` for the dealer (a fresh shuffled
    deck each round). ``target``: play rounds until, after a round, someone has
    at least this many points (rules offer 7, 10 or 15; default 10 **[D]**).
    ``cards``: cards per player (default 13, or 10 with five players **[D]**;
    3..52 // players). ``count_high_card``: scoring option (default off **[D]**).
    ``prial_threes_high`` / ``a23_top_run``: the Brag order (defaults as the
    rules page; see :mod:`handrank.brag`). ``max_rounds``: safety stop
    (HandrankError if reached).

    Exchanges (rules): with 2 players each, in seat order from the round's
    first player, may throw in their holding for as many new cards from the
    undealt ones (thrown-in cards leave the round; no swap if too few cards are
    left). With 3 players the undealt cards (the first ``cards`` of them) are
    offered in turn from the round's first player; the first who takes them
    swaps, and nobody else may. 4 or 5 players: no exchange. The first player
    moves one seat to the left each round.

    Raises OptionError for a bad or unknown option, naming it (also, naming
    the player, if a strategy's ``exchange`` returns anything but True/False);
    SettingError (naming the player) if a strategy returns a setting its
    holding cannot make or that is not cards at all.
    Rule: ``rules/brag-and-crash.md`` (Crash: exchange, scoring, game).
    """

    def __init__(self, players: Sequence[StrategyLike], *, seed: int | np.random.Generator | None = None,
                 target: int = DEFAULT_TARGET, cards: int | None = None,
                 count_high_card: bool = False, prial_threes_high: bool = True,
                 a23_top_run: bool = True, max_rounds: int = 10_000,
                 **unknown: object) -> None:
        self.opts = _brag_opts(prial_threes_high, a23_top_run, unknown,
                               ("seed", "target", "cards") + _SCORING + ("max_rounds",))
        if isinstance(players, (str, Strategy)):
            raise OptionError("players must be a sequence of strategies, one per seat")
        try:
            seats = list(players)
        except TypeError:
            raise OptionError(f"players must be a sequence of strategies, one per seat, "
                              f"got {type(players).__name__}") from None
        n = _check_players(len(seats))
        self.players: list[Strategy] = []
        for i, s in enumerate(seats):
            if isinstance(s, str):
                try:
                    self.players.append(strategy(s))
                except OptionError as e:
                    raise e.with_context(f"player {i}") from None
            elif isinstance(s, Strategy):
                self.players.append(s)
            else:
                raise OptionError(f"player {i}: expected a Strategy or one of "
                                  f"{', '.join(STRATEGIES)}, got {s!r}")
        if isinstance(target, bool) or not isinstance(target, (int, np.integer)) or target < 1:
            raise OptionError(f"target must be a positive int (rules offer "
                              f"{', '.join(map(str, TARGETS))}), got {target!r}")
        self.target = int(target)
        self.cards = default_cards(n) if cards is None else _check_cards_option(cards, n)
        self.count_high_card = _check_bool(count_high_card, "count_high_card")
        if (isinstance(max_rounds, bool) or not isinstance(max_rounds, (int, np.integer))
                or max_rounds < 1):
            raise OptionError(f"max_rounds must be a positive int, got {max_rounds!r}")
        self.max_rounds = int(max_rounds)
        self.rng = _rng(seed)
        self.scores = [0] * n
        self.rounds: list[RoundRecord] = []

    @property
    def n_players(self) -> int:
        return len(self.players)

    def _info(self, seat: int) -> TableInfo:
        return TableInfo(players=self.n_players, cards=self.cards, seat=seat,
                         scores=tuple(self.scores), target=self.target,
                         count_high_card=self.count_high_card, round=len(self.rounds),
                         prial_threes_high=self.opts[0], a23_top_run=self.opts[1])

    def _who(self, p: int) -> str:
        return f"player {p} ({getattr(self.players[p], 'name', type(self.players[p]).__name__)})"

    def _wants_exchange(self, p: int, holding: tuple[int, ...]) -> bool:
        """Ask player ``p``; anything but True/False is an OptionError naming them."""
        try:
            answer = self.players[p].exchange(holding, self._info(p))
        except HandrankError as e:
            raise e.with_context(self._who(p)) from None
        if not isinstance(answer, (bool, np.bool_)):
            raise OptionError(f"{self._who(p)}: exchange() must return True or False, "
                              f"got {answer!r}")
        return bool(answer)

    def play_round(self) -> RoundRecord:
        """Deal, exchange, set, score one round; update and return its record.

        Raises HandrankError once the game is over (someone has reached the target),
        SettingError / OptionError naming the player whose strategy answered badly.
        """
        if self.over:
            raise HandrankError(f"the game is over: {self.result().scores} with target "
                                f"{self.target}; start a new Game")
        n, c = self.n_players, self.cards
        deck = [int(x) for x in self.rng.permutation(52)]
        dealt = [tuple(deck[p * c:(p + 1) * c]) for p in range(n)]
        undealt = deck[n * c:]
        holdings = list(dealt)
        exchanged = [False] * n
        first = len(self.rounds) % n
        order = [(first + i) % n for i in range(n)]
        if n == 2:
            for p in order:
                if len(undealt) >= c and self._wants_exchange(p, holdings[p]):
                    holdings[p], undealt = tuple(undealt[:c]), undealt[c:]
                    exchanged[p] = True
        elif n == 3 and len(undealt) >= c:
            for p in order:
                if self._wants_exchange(p, holdings[p]):
                    holdings[p] = tuple(undealt[:c])
                    exchanged[p] = True
                    break
        settings = []
        for p in range(n):
            try:
                hands = self.players[p].set_hand(holdings[p], self._info(p))
                settings.append(check_setting(list(holdings[p]), hands,
                                              prial_threes_high=self.opts[0],
                                              a23_top_run=self.opts[1]))
            except HandrankError as e:
                raise e.with_context(self._who(p)) from None
        score = score_round(settings, count_high_card=self.count_high_card,
                            prial_threes_high=self.opts[0], a23_top_run=self.opts[1])
        for p in range(n):
            self.scores[p] += score.points[p]
        rec = RoundRecord(number=len(self.rounds), dealt=tuple(dealt), exchanged=tuple(exchanged),
                          holdings=tuple(holdings), settings=tuple(settings), score=score,
                          totals=tuple(self.scores))
        self.rounds.append(rec)
        return rec

    @property
    def over(self) -> bool:
        """True once someone has reached the target score."""
        return max(self.scores) >= self.target

    def play(self) -> GameResult:
        """Play rounds until someone reaches the target; the top score wins,
        equal top scores share the win."""
        while not self.over:
            if len(self.rounds) >= self.max_rounds:
                raise HandrankError(f"no player reached {self.target} points in "
                                    f"{self.max_rounds} rounds (max_rounds)")
            self.play_round()
        return self.result()

    def result(self) -> GameResult:
        """The result so far (winners = players with the top score)."""
        top = max(self.scores)
        return GameResult(scores=tuple(self.scores),
                          winners=tuple(p for p, s in enumerate(self.scores) if s == top),
                          rounds=tuple(self.rounds))
