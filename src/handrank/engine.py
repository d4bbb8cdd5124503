"""What every game engine shares: the strategy protocol, head-to-head results, and
strict checks of a strategy's answers.

The multi-hand games (:mod:`handrank.crash`, :mod:`handrank.chinese`,
:mod:`handrank.canada`) each have a ``Game`` that deals, asks each seat's strategy
for its decisions, scores and plays rounds to a target, and a ``head_to_head(a, b)``
that pits two strategies against each other with seats swapped.

One shape for strategies
------------------------
A strategy is any object with a ``name`` (used in logs) and the game's decision
methods. Every decision method takes one argument, a frozen *view* of what the
player may see (the game's ``View`` dataclass, always with ``player``, the seat
index from 0, and ``players``), and returns a plain answer that the engine checks
strictly (:func:`check_positions`, :func:`check_flag`): a wrong answer raises
:class:`~handrank.errors.OptionError` naming the player (numbered from 0 in the API,
from 1 on the command line) and the answer. Each game's ``Strategy`` protocol
lists its decision methods; built-in strategies are named by strings (for example
``"expected-points"``) and :func:`resolve_strategy` turns a name or an object
into a strategy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np

from ._support.checks import check_int, is_int
from ._support.seeds import SeedLike, rng
from .errors import ArrayDtypeError, ArrayShapeError, HandrankError, OptionError, SettingError

__all__ = [
    "MAX_ROUNDS",
    "HeadToHead",
    "Strategy",
    "Table",
    "check_flag",
    "check_positions",
    "check_rounds",
    "head_to_head_result",
    "paired_deals",
    "resolve_seats",
    "resolve_strategy",
    "setting_error",
]

S = TypeVar("S")
T = TypeVar("T")

#: Most rounds a head-to-head run or a game may be asked for.
MAX_ROUNDS = 10**9


@runtime_checkable
class Strategy(Protocol):
    """The part every game's strategy shares: a display name. Each game's own
    ``Strategy`` protocol adds its decision methods (each ``method(view) -> answer``)."""

    name: str


def resolve_strategy(strategy: object, builtins: Mapping[str, Callable[[], S]],
                     methods: Sequence[str], what: str = "strategy") -> S:
    """A strategy object from a built-in name or a user object.

    ``builtins`` maps names to factories; ``methods`` are the decision methods a user
    object must have. Raises OptionError listing the built-in names for an unknown
    name, or naming the missing method of an object."""
    if isinstance(strategy, str):
        if strategy not in builtins:
            raise OptionError(f"unknown {what} {strategy!r}; expected one of "
                              f"{', '.join(map(repr, builtins))} or a strategy object")
        return builtins[strategy]()
    missing = [m for m in methods if not callable(getattr(strategy, m, None))]
    if missing:
        raise OptionError(f"{what} {strategy!r} is neither a built-in name "
                          f"({', '.join(map(repr, builtins))}) nor an object with "
                          f"{', '.join(m + '()' for m in missing)}")
    return strategy  # type: ignore[return-value]


def strategy_name(strategy: object) -> str:
    """The display name of a strategy: its ``name`` attribute, else its class name."""
    name = getattr(strategy, "name", None)
    return name if isinstance(name, str) and name else type(strategy).__name__


def _who(player: int) -> str:
    return f"player {player}"


def setting_error(error: HandrankError, who: str) -> SettingError:
    """A strategy's ``set_hand`` answer that is not a setting of its holding, as one
    error class in every engine: :class:`~handrank.errors.SettingError` prefixed with
    ``who`` (``"player 2 (name)"``), whatever the check found (a bad or repeated card,
    a card not held, a wrong row size, an answer that is not rows at all)."""
    if isinstance(error, SettingError):
        return error.with_context(who)  # type: ignore[return-value]
    return SettingError(f"{who}: {error}")


def check_flag(answer: object, player: int, method: str) -> bool:
    """A strategy's yes/no answer: must be ``True`` or ``False`` (numpy bools too).
    Raises OptionError naming the player, the method and the answer."""
    if isinstance(answer, (bool, np.bool_)):
        return bool(answer)
    raise OptionError(f"{_who(player)}: {method}() must return True or False, got {answer!r}")


def check_positions(answer: object, player: int, method: str, size: int, most: int,
                    ) -> tuple[int, ...]:
    """A strategy's answer naming positions ``0..size-1`` (distinct, at most ``most``):
    must be a list, tuple, set or 1-D numpy array of ints (not a dict, a bool, a float,
    a string or None). Raises OptionError naming the player, the method and the answer
    (and for a ``size`` or ``most`` that is not a count)."""
    size, most = check_int(size, "size", 0), check_int(most, "most", 0)
    where = f"{_who(player)}: {method}()"
    if not isinstance(answer, (list, tuple, set, frozenset, np.ndarray)) or (
            isinstance(answer, np.ndarray) and answer.ndim != 1):
        raise OptionError(f"{where} must return a sequence of positions 0..{size - 1}, "
                          f"got {answer!r}")
    items = list(answer)  # type: ignore[call-overload]
    if isinstance(answer, (set, frozenset)) and all(is_int(x) for x in items):
        items.sort()  # a set has no order of its own: take the positions in order
    for x in items:
        if not is_int(x) or not 0 <= int(x) < size:
            raise OptionError(f"{where} returned {answer!r}: {x!r} is not a position "
                              f"0..{size - 1}")
    out = tuple(int(x) for x in items)
    if len(set(out)) != len(out):
        raise OptionError(f"{where} returned {answer!r}: a position repeats")
    if len(out) > most:
        raise OptionError(f"{where} returned {len(out)} positions, at most {most} allowed now")
    return out


def paired_deals(rounds: object) -> int:
    """The deals a head-to-head run of ``rounds`` plays: every deal is played twice,
    seats swapped, so ``rounds`` (1 to :data:`MAX_ROUNDS`) is rounded up to an even
    number. OptionError naming the cap otherwise."""
    return (check_rounds(rounds) + 1) // 2


def check_rounds(rounds: object, low: int = 1, name: str = "rounds") -> int:
    """A round count ``low..MAX_ROUNDS``; OptionError naming the cap otherwise."""
    low = check_int(low, "low")
    if not is_int(rounds) or not low <= int(rounds) <= MAX_ROUNDS:  # type: ignore[call-overload]
        raise OptionError(f"{name} must be an int from {low} to {MAX_ROUNDS:,}, got {rounds!r}")
    return int(rounds)  # type: ignore[call-overload]


def resolve_seats(seats: Iterable[T], resolve: Callable[[T], S]) -> list[S]:
    """One strategy per seat, ``resolve(seat)`` each; its OptionError names the player."""
    out = []
    for p, seat in enumerate(seats):
        try:
            out.append(resolve(seat))
        except OptionError as e:
            raise e.with_context(f"player {p}") from None
    return out


class Table:
    """What every table game keeps: ``players`` (one strategy per seat), the
    ``max_rounds`` limit, the dealer's ``rng`` and the running ``scores``; each
    game adds its options and its ``rounds`` records."""

    players: Sequence[Any]

    def _open_table(self, max_rounds: object, seed: SeedLike) -> None:
        """Check ``max_rounds``, seed the dealer and zero the scores (players seated)."""
        self.max_rounds = check_rounds(max_rounds, name="max_rounds")
        self.rng = rng(seed)
        self.scores = [0] * len(self.players)

    @property
    def n_players(self) -> int:
        """Players at the table."""
        return len(self.players)

    def _leaders(self) -> tuple[int, ...]:
        """The seats with the top score (the winners when the game ends)."""
        top = max(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == top)


@dataclass(frozen=True)
class HeadToHead:
    """The result of a game's ``head_to_head(a, b, ...)``.

    Attributes:
        game: ``"crash"``, ``"chinese"`` or ``"canada"``.
        a, b: the two strategies' names.
        rounds: rounds played (every deal twice, seats swapped, so luck cancels).
        mean_a, mean_b: mean points per round of one seat playing a / b.
        margin: ``mean_a - mean_b``, points per round.
        ci95: 95% confidence interval of the margin (normal approximation over
            deals, the two plays of a deal paired).
        seed: the seed used (None when a Generator was given).
    """

    game: str
    a: str
    b: str
    rounds: int
    mean_a: float
    mean_b: float
    margin: float
    ci95: tuple[float, float]
    seed: int | None = None

    def __str__(self) -> str:
        lo, hi = self.ci95
        return (f"{self.a} vs {self.b} over {self.rounds:,} {self.game} rounds: "
                f"{self.mean_a:.4f} vs {self.mean_b:.4f} points per round, margin "
                f"{self.margin:+.4f} [{lo:+.4f}, {hi:+.4f}] (95% CI)")

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the result."""
        d = dict(vars(self))
        d["ci95"] = list(self.ci95)
        return d


def _points(value: object, name: str) -> np.ndarray:
    from ._support.arrays import rectangular  # (it imports the poker kernel)

    a = rectangular(value, name)
    if a.dtype.kind not in "iuf" or a.dtype == np.bool_:
        raise ArrayDtypeError(f"{name} must hold numbers, got dtype {a.dtype}")
    if a.ndim != 1:
        raise ArrayShapeError(f"{name} must be a (deals,) array, got shape {a.shape}")
    return a.astype(np.float64)


def head_to_head_result(game: str, a: str, b: str, points_a: np.ndarray,
                        points_b: np.ndarray, rounds: int, seed: object) -> HeadToHead:
    """Build a :class:`HeadToHead` from per-deal mean points of each side
    (``(deals,)`` float arrays, each deal's two seat-swapped plays already averaged).
    Raises ArrayShapeError / ArrayDtypeError for points that are not two such arrays of
    one length, OptionError for a ``rounds`` that is not an int."""
    rounds = check_int(rounds, "rounds")
    pa, pb = (_points(p, name) for p, name in ((points_a, "points_a"), (points_b, "points_b")))
    if pa.shape != pb.shape:
        raise ArrayShapeError(f"points_a and points_b must have one shape, got {pa.shape} "
                              f"and {pb.shape}")
    d = pa - pb
    n = len(d)
    half = 1.96 * float(d.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    mean = float(d.mean()) if n else math.nan
    return HeadToHead(game=game, a=a, b=b, rounds=int(rounds),
                      mean_a=float(pa.mean()) if n else math.nan,
                      mean_b=float(pb.mean()) if n else math.nan,
                      margin=mean, ci95=(mean - half, mean + half),
                      seed=int(seed) if is_int(seed) else None)  # type: ignore[call-overload]
