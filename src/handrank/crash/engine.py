"""The Crash game engine: the :class:`Strategy` protocol, what a strategy sees
(:class:`View`), the built-in strategies, and :class:`Game` (deal, exchanges,
setting, scoring, rounds to a target). The shape is :mod:`handrank.engine`'s."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol, runtime_checkable

from .._support.checks import check_bool, check_int
from .._support.seeds import SeedLike
from ..cards import CardsLike, card_repr, deal, format_cards
from ..engine import Strategy as BaseStrategy
from ..engine import Table, check_flag, resolve_seats, resolve_strategy, setting_error, strategy_name
from ..errors import HandrankError, OptionError
from .hands import (
    DEFAULT_OPTS,
    DEFAULT_TARGET,
    STRATEGIES,
    TARGETS,
    Opts,
    _brag_opts,
    _check_cards_option,
    _check_players,
    default_cards,
)
from .scoring import RoundScore, _score
from .setting import _check_setting, _dense_many, _set_one

# =========================================================================== strategies


@dataclass(frozen=True)
class View:
    """What a :class:`Strategy` sees when it decides (frozen).

    Attributes:
        player: the deciding player's seat, from 0.
        players: number of players (2..5).
        holding: the player's cards (card ids, as dealt or as exchanged).
        cards: cards per player.
        scores: every player's score before this round (by seat).
        target: the target score.
        count_high_card: the table option.
        round: round number, from 0.
        prial_threes_high, a23_top_run: the Brag order in use.
    """

    player: int
    players: int
    holding: tuple[int, ...]
    cards: int
    scores: tuple[int, ...]
    target: int
    count_high_card: bool
    round: int
    prial_threes_high: bool = True
    a23_top_run: bool = True

    @property
    def opts(self) -> Opts:
        """The Brag options as ``(prial_threes_high, a23_top_run)``."""
        return self.prial_threes_high, self.a23_top_run

    def __str__(self) -> str:
        return (f"player {self.player} of {self.players}, round {self.round}: holding "
                f"{format_cards(self.holding)}; scores {list(self.scores)}, "
                f"target {self.target}")

    __repr__ = card_repr("holding")


#: The former name of :class:`View`.
TableInfo = View


@runtime_checkable
class Strategy(BaseStrategy, Protocol):
    """A Crash player (the shape of :mod:`handrank.engine`, whose ``Strategy`` it
    extends): a ``name`` and two decisions, each given one frozen :class:`View`.

    Any object with these members plays (it need not subclass this class). A
    subclass that does not define :meth:`exchange` gets the default rule.
    Strategies should be deterministic given their inputs (or seeded), so a game
    with a fixed ``seed`` is reproducible.
    """

    #: Display name used in game logs.
    name: str

    def set_hand(self, view: View) -> Sequence[CardsLike]:
        """Return ``len(view.holding) // 3`` hands of three cards (ids or text) from
        ``view.holding``, in any order; the game checks them with
        :func:`~handrank.crash.check_setting` (SettingError naming the player
        otherwise) and sorts them."""
        ...

    def exchange(self, view: View) -> bool:
        """Whether to swap ``view.holding`` for as many unseen cards (asked only when
        the rules offer it): must return True or False (numpy bools too; anything
        else is an OptionError naming the player). Default: :func:`default_exchange`."""
        return default_exchange(view)


def default_exchange(view: View) -> bool:
    """The built-in exchange rule: swap when the holding's expected points (its best
    ``expected-points`` setting) are below the average of a random holding at this
    table -- a swap brings, on average, exactly that. The view's values are trusted
    (the engine made it); anything but a :class:`View` is a TypeError."""
    if not isinstance(view, View):
        raise TypeError(f"default_exchange needs a crash View, got {type(view).__name__}")
    ev = _set_one(view.holding, "expected-points", view.players, view.count_high_card,
                  view.opts).expected_points
    return ev < _mean_expected_points(view.cards, view.players, view.count_high_card, view.opts)


@cache
def _mean_expected_points(cards: int, players: int, count_high_card: bool,
                          opts: Opts = DEFAULT_OPTS) -> float:
    """Average expected points of a random holding (fixed-seed sample of 2,000)."""
    holdings = deal(2000, cards, seed=20261129)
    return float(_dense_many(holdings, "expected-points", players, count_high_card,
                             opts)[2].mean())


class _Builtin(Strategy):
    _strategy = "lexicographic"

    def __init__(self) -> None:
        self.name = self._strategy

    def set_hand(self, view: View) -> Sequence[CardsLike]:
        return _set_one(view.holding, self._strategy, view.players, view.count_high_card,
                        view.opts).hands

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


_BUILTINS: dict[str, Callable[[], Strategy]] = {"lexicographic": LexicographicStrategy, "expected-points": ExpectedPointsStrategy}
assert tuple(_BUILTINS) == STRATEGIES
_METHODS = ("set_hand", "exchange")


def strategy(name: str) -> Strategy:
    """A built-in strategy by name (one of :data:`STRATEGIES`). Raises
    OptionError listing the accepted names."""
    if not isinstance(name, str):
        raise OptionError(f"a built-in strategy is named by a string "
                          f"({', '.join(map(repr, STRATEGIES))}), got {name!r}")
    return resolve_strategy(name, _BUILTINS, _METHODS)


def _resolve_seats(seats: Sequence[Strategy | str]) -> list[Strategy]:
    """One strategy per seat from names or objects; OptionError naming the player."""
    return resolve_seats(seats, lambda s: resolve_strategy(s, _BUILTINS, _METHODS))


# =========================================================================== game

@dataclass(frozen=True)
class RoundRecord:
    """One played round (players by seat, from 0).

    Attributes:
        number: round number from 0.
        dealt: each player's holding as dealt (card ids).
        exchanged: per player, whether they swapped their holding.
        holdings: each player's holding after exchanges (card ids).
        settings: each player's hands, sorted strongest first (card ids).
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

    def __str__(self) -> str:
        """Card text: the round, exchanges, each player's hands and points, totals."""
        lines = [f"round {self.number}"]
        lines += [f"player {p} exchanged" for p, x in enumerate(self.exchanged) if x]
        lines.append(str(self.score))
        lines.append("totals: " + ", ".join(f"player {p} {t}" for p, t in enumerate(self.totals)))
        return "\n".join(lines)

    __repr__ = card_repr("dealt", "holdings", "settings")


@dataclass(frozen=True)
class GameResult:
    """A finished game: ``scores`` (final, by seat from 0), ``winners`` (every
    player with the top score: equal top scores share the win), ``rounds`` (the
    records)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundRecord, ...] = field(repr=False)

    def __str__(self) -> str:
        who = " and ".join(f"player {p}" for p in self.winners)
        n = len(self.rounds)
        return (f"after {n} round{'s' if n != 1 else ''} {who} "
                f"win{'' if len(self.winners) > 1 else 's'} with {max(self.scores)} points; "
                f"scores {list(self.scores)}")


StrategyLike = Strategy | str


class Game(Table):
    """A game of Crash between strategies.

    ``players``: a sequence of 2..5 strategies, one per seat (seat ``p`` is
    "player p", from 0): built-in names (``"lexicographic"``,
    ``"expected-points"``) or objects with ``name``, ``set_hand(view)`` and
    ``exchange(view)`` (see :class:`Strategy`).
    ``seed``: int or ``numpy.random.Generator`` for the dealer (a fresh shuffled
    deck each round). ``target``: play rounds until, after a round, someone has
    at least this many points (rules offer 7, 10 or 15; default 10 **[D]**).
    ``cards``: cards per player (default 13, or 10 with five players **[D]**;
    3..52 // players). ``count_high_card``: scoring option (default off **[D]**).
    ``prial_threes_high`` / ``a23_top_run``: the Brag order (defaults as the
    rules page; see :mod:`handrank.brag`). ``max_rounds``: safety stop, 1 to
    :data:`handrank.engine.MAX_ROUNDS` (HandrankError if reached).

    Exchanges (rules): with 2 players each, in seat order from the round's
    first player, may throw in their holding for as many new cards from the
    undealt ones (thrown-in cards leave the round; no swap if too few cards are
    left). With 3 players the undealt cards (the first ``cards`` of them) are
    offered in turn from the round's first player; the first who takes them
    swaps, and nobody else may. 4 or 5 players: no exchange. The first player
    moves one seat to the left each round.

    Raises OptionError for a bad option, naming it (TypeError for an unknown
    keyword); OptionError naming the player for a strategy that is neither a
    built-in name nor an object with both methods, or whose ``exchange`` returns
    anything but True/False; SettingError (naming the player) if a strategy returns
    a setting its holding cannot make or that is not cards at all.
    Rule: ``docs/rules/brag-and-crash.md`` (Crash: exchange, scoring, game).
    """

    def __init__(self, players: Sequence[StrategyLike], *, seed: SeedLike = None,
                 target: int = DEFAULT_TARGET, cards: int | None = None,
                 count_high_card: bool = False, prial_threes_high: bool = True,
                 a23_top_run: bool = True, max_rounds: int = 10_000) -> None:
        self.opts = _brag_opts(prial_threes_high, a23_top_run)
        try:
            if isinstance(players, str):
                raise TypeError
            seats = list(players)
        except TypeError:
            raise OptionError(f"players must be a sequence of strategies, one per seat, "
                              f"got {type(players).__name__}") from None
        n = _check_players(len(seats))
        self.players: list[Strategy] = _resolve_seats(seats)
        self.target = check_int(target, f"target (rules offer {', '.join(map(str, TARGETS))})",
                                1)
        self.cards = default_cards(n) if cards is None else _check_cards_option(cards, n)
        self.count_high_card = check_bool(count_high_card, "count_high_card")
        self._open_table(max_rounds, seed)
        self.rounds: list[RoundRecord] = []

    def _view(self, p: int, holding: tuple[int, ...], number: int) -> View:
        return View(player=p, players=self.n_players, holding=holding, cards=self.cards,
                    scores=tuple(self.scores), target=self.target,
                    count_high_card=self.count_high_card, round=number,
                    prial_threes_high=self.opts[0], a23_top_run=self.opts[1])

    def _who(self, p: int) -> str:
        return f"player {p} ({strategy_name(self.players[p])})"

    def _wants_exchange(self, p: int, holding: tuple[int, ...]) -> bool:
        """Ask player ``p``; anything but True/False is an OptionError naming them."""
        try:
            answer = self.players[p].exchange(self._view(p, holding, len(self.rounds)))
        except HandrankError as e:
            raise e.with_context(self._who(p)) from None
        return check_flag(answer, p, "exchange")

    def _settle(self, holdings: Sequence[tuple[int, ...]], number: int,
                ) -> tuple[list[tuple[tuple[int, int, int], ...]], RoundScore]:
        """Ask every seat for its setting of its holding, check each strictly and
        score the round (nothing recorded)."""
        settings = []
        for p, holding in enumerate(holdings):
            try:
                hands = self.players[p].set_hand(self._view(p, holding, number))
                settings.append(_check_setting(list(holding), hands, self.opts))
            except HandrankError as e:
                raise setting_error(e, self._who(p)) from None
        return settings, _score(settings, self.count_high_card, self.opts)

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
        settings, score = self._settle(holdings, len(self.rounds))
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
        equal top scores share the win. HandrankError after ``max_rounds``."""
        while not self.over:
            if len(self.rounds) >= self.max_rounds:
                raise HandrankError(f"no player reached {self.target} points in "
                                    f"{self.max_rounds} rounds (max_rounds)")
            self.play_round()
        return self.result()

    def result(self) -> GameResult:
        """The result so far (winners = players with the top score)."""
        return GameResult(scores=tuple(self.scores), winners=self._leaders(),
                          rounds=tuple(self.rounds))
