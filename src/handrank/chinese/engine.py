"""The Chinese Poker game engine: what a strategy sees (:class:`View`), the
strategy protocol (:class:`Strategy`), the built-in strategies (``"solver"``,
``"greedy"``) and :class:`Game` (deal, set by strategy, declare naturals, score,
rounds to a target).

A round: one shuffled deck, 13 cards to each of the 2 to 4 players; each
player's strategy sets its holding (``set_hand(view)``: a :class:`Setting` or
``(front, middle, back)``), then every player whose setting makes a natural is
asked ``declare(view)`` (True or False); the table is scored pairwise under
``system`` (:func:`handrank.chinese.score`) and each player's points (the sum
of its pairwise scores, zero-sum over the table) are added to its total. Every
answer is checked strictly: a setting must use exactly the holding's 13 cards
as 3 / 5 / 5 rows, a declaration must be a real bool; a bad answer raises an
error naming the player (numbered from 0) and its strategy.
Rule: ``docs/rules/chinese-poker.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from .._support.checks import check_int
from .._support.seeds import SeedLike
from ..cards import CardsLike, card_repr, format_cards
from .. import engine as _engine
from ..engine import Table, check_flag, resolve_seats, resolve_strategy, setting_error, strategy_name
from ..errors import HandrankError, OptionError, SettingError
from .natural_hands import Natural, naturals
from .rows import DEFAULT_SYSTEM, ROWS, SYSTEMS, Setting, _system, make_setting
from .scoring import TableScore, _table_score
from .solver import Solution, greedy, solve

__all__ = [
    "BUILTIN_STRATEGIES",
    "Game",
    "GameResult",
    "GreedyStrategy",
    "RoundRecord",
    "SolverStrategy",
    "Strategy",
    "View",
    "strategy",
]

#: The decision methods every strategy has.
DECISIONS = ("set_hand", "declare")
#: Most players at a table (one deck, 13 cards each).
MAX_PLAYERS = 4


@dataclass(frozen=True)
class View:
    """What a player may see when asked to decide (frozen; one per question).

    Attributes:
        player: the deciding player's seat, from 0.
        players: players at the table (2..4).
        holding: the player's 13 card ids as dealt (``card.id = 4 * rank + suit``).
        scores: every player's total before this round, by seat.
        round: round number, from 0.
        system: the scoring system (``"basic"``, ``"western"``, ``"eastern"``,
            ``"mandarin"``).
        target: the target total that ends the game, or None.
        setting: for ``declare``: the player's own (checked) setting; None for
            ``set_hand``.
        naturals: for ``declare``: the naturals that setting makes (never empty
            there); ``()`` for ``set_hand``.
    """

    player: int
    players: int
    holding: tuple[int, ...]
    scores: tuple[int, ...]
    round: int
    system: str
    target: int | None
    setting: Setting | None = None
    naturals: tuple[Natural, ...] = ()

    @property
    def cards(self) -> str:
        """The holding as card text."""
        return format_cards(self.holding)

    __repr__ = card_repr("holding")


#: What ``set_hand`` may return: a Setting or (front, middle, back) rows of card text / ids.
SettingAnswer = Setting | Sequence[CardsLike]


@runtime_checkable
class Strategy(_engine.Strategy, Protocol):
    """A Chinese Poker player: plug a bot or a person into :class:`Game` (the shared
    :class:`handrank.engine.Strategy` shape with this game's decision methods).

    * ``name``: display name used in messages and logs.
    * ``set_hand(view)``: the rows for ``view.holding``: a :class:`Setting` or a
      ``(front, middle, back)`` triple of card text / ids (3, 5 and 5 cards, exactly
      the holding's 13). A fouled setting is legal (it is scored as a foul).
    * ``declare(view)``: ``True`` to declare the natural ``view.setting`` makes
      (scored as the best of ``view.naturals``), ``False`` to play the rows; only
      asked when the setting makes a natural.

    Strategies should be deterministic given their views (or seeded), so a game
    with a fixed ``seed`` is reproducible.
    """

    name: str

    def set_hand(self, view: View) -> SettingAnswer: ...

    def declare(self, view: View) -> bool: ...


class SolverStrategy:
    """``"solver"``: the expected-score solver (:func:`handrank.chinese.solve`);
    declares a natural when its sweep is worth more than the rows' expected score."""

    name = "solver"

    def __init__(self) -> None:
        self._last: tuple[tuple[int, ...], str, Solution] | None = None

    def _solve(self, view: View) -> Solution:
        if self._last is None or self._last[:2] != (view.holding, view.system):
            self._last = (view.holding, view.system, solve(view.holding, view.system))
        return self._last[2]

    def set_hand(self, view: View) -> Setting:
        sol = self._solve(view)
        return sol.natural_setting if sol.declare else sol.setting

    def declare(self, view: View) -> bool:
        return self._solve(view).declare

    def __repr__(self) -> str:
        return "SolverStrategy()"


class GreedyStrategy:
    """``"greedy"``: the greedy baseline (:func:`handrank.chinese.greedy`: strongest
    back, then middle, the rest in front, avoiding a foul); never declares."""

    name = "greedy"

    def set_hand(self, view: View) -> Setting:
        return greedy(view.holding)

    def declare(self, view: View) -> bool:
        return False

    def __repr__(self) -> str:
        return "GreedyStrategy()"


#: Built-in strategies by name.
BUILTIN_STRATEGIES: dict[str, type[SolverStrategy] | type[GreedyStrategy]] = {
    "solver": SolverStrategy, "greedy": GreedyStrategy}

_BUILTINS: dict[str, Callable[[], Strategy]] = dict(BUILTIN_STRATEGIES)

StrategyLike = Strategy | str


def strategy(name: StrategyLike) -> Strategy:
    """A strategy from a built-in name (``"solver"``, ``"greedy"``) or a user object
    with ``set_hand`` and ``declare``. Raises OptionError listing the built-in names,
    or naming the missing method."""
    return resolve_strategy(name, _BUILTINS, DECISIONS)


def _who(player: int, s: object) -> str:
    return f"player {player} ({strategy_name(s)})"


def _checked_setting(answer: object, holding: tuple[int, ...]) -> Setting:
    """A ``set_hand`` answer as a Setting of exactly the holding's cards."""
    if isinstance(answer, Setting):
        held = set(holding)
        for r in ROWS:
            for c in getattr(answer, r):
                if c not in held:
                    raise SettingError(f"set_hand() returned card {format_cards([c])} in the "
                                       f"{r}, which is not in the holding {format_cards(holding)}")
        return answer
    if (isinstance(answer, (str, bytes)) or not isinstance(answer, (Sequence, np.ndarray))
            or (isinstance(answer, np.ndarray) and answer.ndim == 0)  # no len()
            or len(answer) != 3):
        raise SettingError(f"set_hand() must return a Setting or (front, middle, back), "
                           f"got {answer!r}")
    try:
        return make_setting(answer[0], answer[1], answer[2], holding=holding)
    except HandrankError as e:
        raise e.with_context("set_hand()") from None
    except TypeError as e:
        raise SettingError(f"set_hand() returned {answer!r}: {e}") from None


def _play_table(seats: Sequence[Strategy], holdings: Sequence[tuple[int, ...]], code: int,
               round_: int = 0, scores: Sequence[int] | None = None,
               target: int | None = None) -> tuple[tuple[Setting, ...], tuple[bool, ...],
                                                   TableScore]:
    """One table: ask every seat to set and declare, check each answer, score.

    ``holdings``: one 13-card holding per seat from one deck (the caller deals them).
    Returns the settings, the declarations and the :class:`TableScore` (names
    ``"player 0"``...). Raises SettingError / OptionError naming the player."""
    n = len(seats)
    system = SYSTEMS[code]
    totals = tuple(scores) if scores is not None else (0,) * n
    settings: list[Setting] = []
    for p, s in enumerate(seats):
        view = View(player=p, players=n, holding=holdings[p], scores=totals, round=round_,
                    system=system, target=target)
        try:
            settings.append(_checked_setting(s.set_hand(view), holdings[p]))
        except HandrankError as e:
            raise setting_error(e, _who(p, s)) from None
    declared: list[Natural] = []
    for p, s in enumerate(seats):
        made = naturals(settings[p])
        if not made:
            declared.append(Natural.NONE)
            continue
        view = View(player=p, players=n, holding=holdings[p], scores=totals, round=round_,
                    system=system, target=target, setting=settings[p],
                    naturals=tuple(sorted(made)))
        try:
            answer = s.declare(view)
        except HandrankError as e:
            raise e.with_context(_who(p, s)) from None
        yes = check_flag(answer, p, "declare")
        declared.append(min(made) if yes else Natural.NONE)
    labels = tuple(f"player {p}" for p in range(n))
    rows = [(s.front, s.middle, s.back) for s in settings]
    table = _table_score(code, labels, settings, rows, [None] * n, declared)
    return tuple(settings), tuple(d != Natural.NONE for d in declared), table


@dataclass(frozen=True)
class RoundRecord:
    """One played round.

    Attributes:
        number: round number from 0.
        holdings: each player's 13 card ids as dealt.
        settings: each player's checked :class:`Setting`.
        declared: per player, whether a natural was declared.
        score: the :class:`TableScore` of the table (``score.totals`` are this
            round's points, zero-sum).
        totals: every player's total after the round.
    """

    number: int
    holdings: tuple[tuple[int, ...], ...]
    settings: tuple[Setting, ...]
    declared: tuple[bool, ...]
    score: TableScore = field(repr=False)
    totals: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        """This round's points per player (zero-sum)."""
        return self.score.totals

    __repr__ = card_repr("holdings")

    def __str__(self) -> str:
        """The round as card text: each player's rows, declaration or foul, points."""
        lines = [f"round {self.number}"]
        for p, (s, d) in enumerate(zip(self.settings, self.declared)):
            tag = (f" declares {self.score.declared[p].label}" if d else
                   " FOUL" if self.score.fouls[p] else "")
            lines.append(f"  player {p}: {s}{tag}: {self.points[p]:+d} (total {self.totals[p]})")
        return "\n".join(lines)


@dataclass(frozen=True)
class GameResult:
    """A finished game: ``scores`` (final totals), ``winners`` (every player with
    the top total: equal top totals share the win), ``target_reached`` (False when
    the game stopped at ``max_rounds``), ``rounds`` (the records)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    target_reached: bool
    rounds: tuple[RoundRecord, ...] = field(repr=False)


class Game(Table):
    """A game of Chinese Poker between strategies.

    ``players``: 2..4 :class:`Strategy` objects or built-in names (``"solver"``,
    ``"greedy"``), one per seat (player 0 first). ``seed``: int, numpy Generator or
    None (fresh entropy) for the dealer (a freshly shuffled deck each round).
    ``system``: the scoring system (default ``"western"``). ``target``: the game
    ends after a round in which some player's total reaches this many points
    (int >= 1), or None. ``max_rounds``: the game ends after this many rounds
    (int 1..``engine.MAX_ROUNDS``; default 1,000 **[D]**), whether or not a target
    was reached.

    Raises OptionError naming a bad option, or the seat of a bad strategy.
    Rule: ``docs/rules/chinese-poker.md``.
    """

    def __init__(self, players: Sequence[StrategyLike], *, seed: SeedLike = None,
                 system: str = DEFAULT_SYSTEM, target: int | None = None,
                 max_rounds: int = 1000) -> None:
        if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
            raise OptionError(f"players must be a sequence of strategies, one per seat, "
                              f"got {players!r}")
        n = len(players)
        if not 2 <= n <= MAX_PLAYERS:
            raise OptionError(f"a table has 2 to {MAX_PLAYERS} players, got {n}")
        self.players: list[Strategy] = resolve_seats(players, strategy)
        self._code = _system(system)
        self.system = SYSTEMS[self._code]
        self.target = None if target is None else check_int(target, "target", 1)
        self._open_table(max_rounds, seed)
        self.rounds: list[RoundRecord] = []

    @property
    def over(self) -> bool:
        """True once a total reached the target or ``max_rounds`` rounds were played."""
        return (len(self.rounds) >= self.max_rounds
                or (self.target is not None and max(self.scores) >= self.target))

    def deal(self) -> tuple[tuple[int, ...], ...]:
        """Shuffle a deck and deal 13 card ids to each player (draws from the dealer's
        random source)."""
        deck = [int(x) for x in self.rng.permutation(52)]
        return tuple(tuple(deck[13 * p:13 * (p + 1)]) for p in range(self.n_players))

    def play_round(self) -> RoundRecord:
        """Deal, set, declare, score one round; update the totals and return its record.

        Raises HandrankError once the game is over, SettingError / OptionError naming
        the player whose strategy answered badly (the totals are then unchanged)."""
        if self.over:
            raise HandrankError(f"the game is over after {len(self.rounds)} rounds, totals "
                                f"{tuple(self.scores)}; start a new Game")
        holdings = self.deal()
        settings, declared, table = _play_table(self.players, holdings, self._code,
                                               len(self.rounds), self.scores, self.target)
        for p, pts in enumerate(table.totals):
            self.scores[p] += pts
        rec = RoundRecord(number=len(self.rounds), holdings=holdings, settings=settings,
                          declared=declared, score=table, totals=tuple(self.scores))
        self.rounds.append(rec)
        return rec

    def play(self) -> GameResult:
        """Play rounds until the game is over (:attr:`over`); return the result."""
        while not self.over:
            self.play_round()
        return self.result()

    def result(self) -> GameResult:
        """The result so far (winners = players with the top total)."""
        return GameResult(scores=tuple(self.scores), winners=self._leaders(),
                          target_reached=(self.target is not None
                                          and max(self.scores) >= self.target),
                          rounds=tuple(self.rounds))
