"""Checking what :func:`~handrank.equity.equity` is given, once, at entry: the
players (hole cards or ranges), the board, the dead cards and the options. Everything
after this module trusts the :class:`Deal` and :class:`Options` it returns."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from .._support.checks import check_int, check_option, check_part, read_cards
from .._support.seeds import SeedLike, replayable, rng
from .._support.threads import check_executor, resolve_threads
from ..cards import CardsLike, card_repr, format_card, format_cards, parse_cards
from ..errors import (
    ArrayDtypeError,
    ArrayShapeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
    OptionError,
    RangeSyntaxError,
)
from .ranges import Range, parse_range

Method = Literal["auto", "exact", "monte-carlo"]
#: Accepted values of ``method``.
METHODS: tuple[Method, ...] = ("auto", "exact", "monte-carlo")
#: Cap on deals when only ``target_stderr`` is given.
MAX_SAMPLES = 10**10
#: ``progress(done, total)``: work done so far and the total, in hand evaluations
#: (exact) or deals (Monte Carlo).
ProgressFn = Callable[[int, int], None]
#: One player: hole cards (``"AhAd"``, ``["Ah", "Ad"]``, ``[50, 49]``, an id array) or a
#: range (``"QQ+, AKs"``, a :class:`~handrank.equity.ranges.Range`).
PlayerLike = str | Range | Sequence[int | str] | npt.NDArray[np.integer[Any]]

T_co = TypeVar("T_co", covariant=True)


class SequenceNotStr(Protocol[T_co]):
    """A sequence that is not a ``str``: a ``str`` is a sequence of strings, so
    ``Sequence[str]`` would let ``equity("AhAd KsKc")`` through the type checker;
    ``str.__contains__`` takes only strings, which this protocol refuses."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[T_co]: ...

    def __contains__(self, value: object, /) -> bool: ...

    def __getitem__(self, index: int, /) -> T_co: ...


#: ``players``: a list or tuple of :data:`PlayerLike`, or an ``(n, 2)`` integer array.
PlayersLike = SequenceNotStr[PlayerLike] | npt.NDArray[np.integer[Any]]


@dataclass(frozen=True)
class Deal:
    """A checked deal: every player's range after card removal (hole cards are
    one-combo ranges), the known cards, and how many cards are left to deal from.

    ``board``: ``(0|3|4|5,)`` read-only uint8 ids; ``dead``: ids; ``dead_mask``: their
    uint64 card mask; ``left``: cards not on the board, dead or in a hand (52 minus
    those, minus 2 per player)."""

    ranges: tuple[Range, ...]
    labels: tuple[str, ...]
    board: np.ndarray
    dead: tuple[int, ...]
    dead_mask: int
    left: int

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.ranges)

    @property
    def to_deal(self) -> int:
        """Board cards still to deal (5 minus the board)."""
        return 5 - len(self.board)

    @property
    def board_text(self) -> str:
        return format_cards(self.board.tolist())

    @property
    def dead_text(self) -> str:
        return format_cards(self.dead)

    __repr__ = card_repr("board", "dead")


@dataclass(frozen=True)
class Options:
    """Checked options: ``monte_carlo`` is True when sampling was asked for (``samples``,
    ``target_stderr`` or ``method="monte-carlo"``); ``seed`` the random source (None:
    fresh entropy) and ``reported_seed`` the int seed given (None for a Generator)."""

    method: Method
    samples: int | None
    target_stderr: float | None
    seed: np.random.Generator | None
    reported_seed: int | None
    threads: int
    progress: ProgressFn | None
    executor: Any = None
    part: tuple[int, int] | None = None

    def source(self) -> tuple[np.random.Generator, int | None]:
        """The random source of a Monte Carlo run and the seed it reports: without a
        seed, a fresh one is drawn and reported so that the run can be repeated."""
        if self.seed is not None:
            return self.seed, self.reported_seed
        return replayable(None)

    @property
    def monte_carlo(self) -> bool:
        return (self.samples is not None or self.target_stderr is not None
                or self.method == "monte-carlo")


def read_options(method: object, samples: object, target_stderr: object, seed: SeedLike,
                 threads: int | None, progress: object, executor: object = None,
                 part: object = None) -> Options:
    """Check the options (OptionError naming the option and the value; ``threads``:
    TypeError / HandrankError from :func:`~handrank._support.threads.resolve_threads`;
    ``executor``: TypeError; ``part``: OptionError, also with ``target_stderr``, whose
    stopping point depends on the chunks before)."""
    m: Method = check_option(method, "method", METHODS)
    n = None if samples is None else check_int(samples, "samples", 1, MAX_SAMPLES)
    target = None
    if target_stderr is not None:
        if isinstance(target_stderr, (bool, np.bool_)) or not isinstance(
                target_stderr, (int, float, np.integer, np.floating)):
            raise OptionError(f"target_stderr must be a number between 0 and 1, got "
                              f"{target_stderr!r}")
        target = float(target_stderr)
        if not 0 < target < 1:
            raise OptionError(f"target_stderr must be between 0 and 1, got {target_stderr}")
    if m == "exact" and (n is not None or target is not None):
        raise OptionError("method='exact' takes no samples or target_stderr "
                          "(those are Monte Carlo options)")
    if progress is not None and not callable(progress):
        raise OptionError(f"progress must be a callable(done, total) or None, got "
                          f"{progress!r}")
    # None stays None: fresh entropy is drawn only if the run samples (Options.source)
    source = None if seed is None else rng(seed)  # OptionError naming a bad seed
    reported = None if seed is None or isinstance(seed, np.random.Generator) else int(seed)
    ex = check_executor(executor)
    p = check_part(part)
    if p is not None and target is not None:
        raise OptionError("part= needs a fixed sample count, not target_stderr (where a run "
                          "stops depends on every chunk before)")
    return Options(m, n, target, source, reported, resolve_threads(threads), progress, ex, p)


def read_deal(players: object, board: CardsLike | None, dead: CardsLike | None) -> Deal:
    """Check the players, the board and the dead cards; remove the known cards from
    every range. Errors name the player (from 0), the card and where else it is."""
    specs = _player_list(players)
    board_ids = read_cards(board, "board")
    if len(board_ids) not in (0, 3, 4, 5):
        raise HandSizeError(f"the board has 0, 3, 4 or 5 cards, got {len(board_ids)}")
    dead_ids = read_cards(dead, "dead cards")
    for c in dead_ids:
        if c in board_ids:
            raise DuplicateCardError(f"{format_card(c)} is both on the board and dead", card=c)
    known: dict[int, str] = {c: "the board" for c in board_ids}
    known.update({c: "the dead cards" for c in dead_ids})
    parsed = [_player(p, i) for i, p in enumerate(specs)]
    # Exact hole cards: a clash with the board, the dead cards or each other is an error.
    for i, (r, label, is_hand) in enumerate(parsed):
        if is_hand:
            hole = r.combos[0].tolist()
            for c in hole:
                if c in known:
                    raise DuplicateCardError(
                        f"player {i} ({label}): {format_card(c)} is also in {known[c]}", card=c)
            known.update({c: f"player {i}'s hole cards ({label})" for c in hole})
    known_mask = _mask(known)
    ranges = []
    for i, (r, label, is_hand) in enumerate(parsed):
        rr = r if is_hand else r.without(known_mask)
        if len(rr) == 0:
            raise RangeSyntaxError(
                f"player {i}: range {label!r} is empty after card removal (board, dead "
                f"cards, other players' hole cards)" if len(r) else
                f"player {i}: range {label!r} has no combo with a weight above 0")
        ranges.append(rr)
    n = len(ranges)
    left = 52 - len(board_ids) - len(dead_ids) - 2 * n
    if left < 5 - len(board_ids):
        raise HandSizeError(f"only {left} cards are left to deal the {5 - len(board_ids)} "
                            f"board cards ({n} players, {len(dead_ids)} dead)")
    # (players given as hole cards hold 2n distinct cards, checked above)
    in_ranges = (2 * n if all(is_hand for _, _, is_hand in parsed) else
                 int(np.bitwise_or.reduce(np.concatenate([r.masks() for r in ranges]))
                     ).bit_count())
    if in_ranges < 2 * n:
        raise RangeSyntaxError(
            f"the players' ranges can never be dealt together: {n} players need {2 * n} "
            f"cards but their combos hold only {in_ranges} cards")
    board_arr = np.array(board_ids, dtype=np.uint8)
    board_arr.setflags(write=False)
    return Deal(tuple(ranges), tuple(label for _, label, _ in parsed), board_arr,
                tuple(dead_ids), _mask(dead_ids), left)


def _player_list(players: object) -> list[Any]:
    """The players as a list (an ``(n, 2)`` integer array gives one row each); 2 to 10."""
    if isinstance(players, np.ndarray):
        if players.dtype.kind not in "iu":
            raise ArrayDtypeError(f"players: expected an integer (n, 2) array of card ids, "
                                  f"got dtype {players.dtype}")
        if players.ndim != 2 or players.shape[1] != 2:
            raise ArrayShapeError(f"players: expected an (n, 2) array of hole-card ids, got "
                                  f"shape {players.shape}")
        players = list(players)
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise TypeError("players must be a sequence (list) of hole cards or ranges, got "
                        f"{type(players).__name__}")
    if not 2 <= len(players) <= 10:
        raise HandSizeError(f"equity needs 2 to 10 players, got {len(players)}")
    return list(players)


def _hole(ids: list[int], label: str) -> Range:
    return _hole_range(max(ids), min(ids), label)


@functools.lru_cache(maxsize=4096)
def _hole_range(high: int, low: int, label: str) -> Range:
    """The one-combo range of hole cards ``high`` > ``low`` (ids): a Range is
    immutable, so the same hole cards share one (a repeated call skips numpy)."""
    return Range._trusted(np.array([[high, low]], dtype=np.uint8), np.ones(1), label)


def _player(spec: object, i: int) -> tuple[Range, str, bool]:
    """(range, label, exact hole cards?) of player ``i``. A Range was checked when it
    was made and is used as it is."""
    if isinstance(spec, Range):
        return spec, spec.text or f"{len(spec)} combos", len(spec) == 1
    if isinstance(spec, str):
        try:
            ids = parse_cards(spec)
        except HandrankError:
            ids = []
        if len(ids) == 2:
            return _hole(ids, spec.strip()), spec.strip(), True
        try:
            return parse_range(spec), spec.strip(), False
        except HandrankError as e:
            raise e.with_context(f"player {i}") from None
    if isinstance(spec, (list, tuple, np.ndarray)):
        try:
            ids = parse_cards(list(spec))
        except HandrankError as e:
            raise e.with_context(f"player {i}") from None
        if len(ids) != 2:
            raise HandSizeError(f"player {i}: hole cards are 2 cards, got {len(ids)}")
        label = format_card(ids[0]) + format_card(ids[1])
        return _hole(ids, label), label, True
    raise TypeError(f"player {i}: expected hole cards or a range, got {type(spec).__name__}")


def _mask(ids: Iterable[int]) -> int:
    """The card mask of some card ids."""
    return sum(1 << c for c in set(ids))
