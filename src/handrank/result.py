"""The result types every game shares: :class:`HandValue` (``evaluate``) and
:class:`EquityResult` / :class:`PlayerEquity` (``equity``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields
from enum import IntEnum
from typing import Any, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from .cards import card_repr, format_cards
from .errors import HandrankError

__all__ = ["CategoryEnum", "EquityResult", "HandValue", "HiLoPlayer", "PlayerEquity",
           "ShowdownEquity", "StrengthScale"]


class CategoryEnum(IntEnum):
    """Base of every game's category enum: weakest = 0, higher = stronger."""

    @property
    def label(self) -> str:
        """Display name: ``FULL_HOUSE`` -> ``"Full house"``."""
        return self.name.replace("_", " ").capitalize()


E = TypeVar("E", bound=CategoryEnum)


class StrengthScale(Generic[E]):
    """A game's strengths ``low..high``, cut into contiguous categories: ``first[c]``
    is the lowest strength of category ``c`` of ``enum``. What a game's
    ``category`` and ``categories`` do; ``game`` names it in errors."""

    def __init__(self, game: str, enum: type[E], first: npt.ArrayLike, low: int,
                 high: int) -> None:
        self.game, self.enum, self.low, self.high = game, enum, low, high
        self.first = np.asarray(first)
        self._first = [int(x) for x in self.first]

    def check(self, strength: object) -> int:
        """``strength`` as an int; TypeError for a non-integer (a bool),
        HandrankError outside ``low..high``."""
        if isinstance(strength, bool) or not isinstance(strength, (int, np.integer)):
            raise TypeError(f"a strength is an int, got {type(strength).__name__} {strength!r}")
        s = int(strength)
        if not self.low <= s <= self.high:
            raise HandrankError(f"{self.game} strength {s} is outside {self.low}..{self.high}")
        return s

    def category(self, strength: object) -> E:
        """The category of one strength; raises as :meth:`check`."""
        s = self.check(strength)
        c = len(self._first) - 1
        while self._first[c] > s:
            c -= 1
        return self.enum(c)

    def categories(self, strengths: npt.ArrayLike) -> np.ndarray:
        """``int8`` category values of integer strengths (any shape); HandrankError
        naming the index of a strength outside ``low..high``, ArrayDtypeError for
        non-integers."""
        from ._support.arrays import int_array  # (it imports the poker kernel)

        s = int_array(strengths, "strengths")
        if s.size == 0:
            return np.zeros(s.shape, dtype=np.int8)
        bad = (s < self.low) | (s > self.high)
        if bad.any():
            i = int(np.flatnonzero(bad.ravel())[0])
            raise HandrankError(f"index {i}: {self.game} strength {s.ravel()[i]} is outside "
                                f"{self.low}..{self.high}")
        return (np.searchsorted(self.first, s, side="right") - 1).astype(np.int8)


@dataclass(frozen=True, eq=False)
class HandValue:
    """One evaluated hand.

    Attributes:
        game: which evaluator produced it (``"poker"``, ...).
        category: the game's category enum member (a :class:`CategoryEnum`, an
            ``IntEnum``; higher = stronger).
        strength: ``int``, higher = stronger; equal strengths tie. Only comparable
            within one game (and one set of options).
        name: the category's display name; named sub-cases get their own name
            (poker: ``"Royal flush"`` for the ace-high straight flush).
        description: words for the whole hand (``"Full house, kings over fours"``).
        cards: card ids of the cards that make the hand (poker: the best five,
            most significant first).

    Hand values compare by strength: ``a > b`` means ``a`` beats ``b`` and
    ``a == b`` means a split (even when the cards differ, e.g. only by suit).
    Ordering values of different games raises ``TypeError``; they are never equal.
    """

    game: str
    category: CategoryEnum
    strength: int
    name: str
    description: str
    cards: tuple[int, ...]

    def _strengths(self, other: object) -> tuple[int, int] | None:
        if not isinstance(other, HandValue):
            return None
        if other.game != self.game:
            raise TypeError(f"cannot compare a {self.game} hand with a {other.game} hand")
        return self.strength, other.strength

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.game == other.game and self.strength == other.strength

    def __hash__(self) -> int:
        return hash((self.game, self.strength))

    def __lt__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] < s[1]

    def __le__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] <= s[1]

    def __gt__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] > s[1]

    def __ge__(self, other: object) -> bool:
        s = self._strengths(other)
        return NotImplemented if s is None else s[0] >= s[1]

    def __str__(self) -> str:
        return f"{self.description} [{format_cards(self.cards)}]"

    __repr__ = card_repr("cards")


@dataclass(frozen=True)
class PlayerEquity:
    """One player's share of the pot, in every game's equity result.

    Attributes:
        hand: the player's cards or range as text (``"random"`` for a random opponent).
        equity: expected share of the pot, 0..1 (a tie among ``k`` players pays ``1/k``);
            ``equity == win + tie``.
        win: share of the pot from deals won alone (= won deals / deals).
        tie: share of the pot from split pots (each split deal counts ``1/k``).
        lose: share of deals lost (``wins + ties + losses == deals``).
        wins, ties, losses: deals won alone, tied for best, lost (counts; weighted by
            range weights where a game has ranges, so not always whole numbers).
        stderr: standard error of ``equity`` (0.0 when exact; ``inf`` from a single
            Monte Carlo deal).
        combos: hole-card combinations the player's hand or range stands for after card
            removal (1 for a fixed hand).
    """

    hand: str
    equity: float
    win: float
    tie: float
    lose: float
    wins: float
    ties: float
    losses: float
    stderr: float
    combos: int = 1


@dataclass(frozen=True)
class EquityResult:
    """The result of every game's ``equity(...)``: one :class:`PlayerEquity` per player.

    Attributes:
        game: ``"holdem"``, ``"brag"``, ``"canada"``, ``"omaha"`` or ``"omaha-hilo"``.
        players: the players in the order given (a hand against random opponents has
            the hand first; ``opponents`` says how many random opponents it faced).
        exact: True for a full enumeration, False for Monte Carlo.
        deals: deals counted (exact: enumerated, weighted where ranges have weights;
            Monte Carlo: samples).
        seed: the seed of a Monte Carlo run (None when exact or given a Generator).
        opponents: random opponents beside ``players`` (0 when every player is given).
        board, dead: the board and dead cards as text ("" when none).

    Games add their own fields in a subclass (Hold'em: ``combinations``, ``boards``;
    Broken Canada: ``decks``, ``pit``; the poker variants: :class:`ShowdownEquity`).
    """

    game: str
    players: tuple[PlayerEquity, ...]
    exact: bool
    deals: float
    seed: int | None = None
    opponents: int = 0
    board: str = ""
    dead: str = ""

    @classmethod
    def merge(cls, *results: EquityResult) -> EquityResult:
        """One result from the results of a split run, equal to the whole run.

        ``results``: results of one game's ``equity`` with the same players, board and
        dead cards, each from a different ``part=(i, k)`` of the same call (exact: a
        slice of the hole-card classes; Monte Carlo: a slice of the seed's chunks, the
        same ``seed`` and ``samples`` in each), or Monte Carlo runs of different seeds
        (their deals pooled; the merged seed is None). Counts add as integers, so all
        ``k`` parts of a split give the whole run bit for bit, whatever the order
        (exact enumeration with weighted ranges: to float rounding). See
        ``docs/scale.md`` ("Splitting a run yourself").

        Brag and Broken Canada equity (Monte Carlo; no ``part=``): runs of the same call
        with different seeds pool their deals (counts exact; ``equity`` the deal-weighted
        mean; ``stderr`` combined as independent estimates).

        Raises OptionError when the results do not belong together (another game,
        players, board or method; a part given twice, or one seed twice, which would
        count the same deals twice; Brag or Canada exact results)."""
        from .errors import OptionError

        if not results:
            raise OptionError("merge needs at least one result")
        first = results[0]
        for r in results:
            if not isinstance(r, EquityResult):
                raise TypeError(f"merge takes equity results, got {type(r).__name__}")
            if type(r) is not type(first):
                raise OptionError(f"cannot merge a {type(first).__name__} with a "
                                  f"{type(r).__name__}")
        return type(first)._merge(results)

    @classmethod
    def _merge(cls, results: tuple[EquityResult, ...]) -> EquityResult:
        """Brag and Broken Canada (no split of one run): independent Monte Carlo runs of
        the same call with different seeds, their deals pooled. Counts add exactly;
        ``equity`` and ``tie`` are the deal-weighted means (float rounding), ``stderr``
        combines the runs' errors as independent estimates; the merged seed is None."""
        import dataclasses

        from .errors import OptionError

        first = results[0]
        if any(r.exact for r in results):
            raise OptionError(f"{first.game} exact results cannot be merged: each one is a "
                              f"whole enumeration (only Hold'em equity splits one run, with "
                              f"part=(i, k))")

        def key(r: EquityResult) -> tuple:
            return (tuple(getattr(r, f.name) for f in fields(r)
                          if f.name not in ("players", "deals", "seed")),
                    tuple((p.hand, p.combos) for p in r.players))

        if any(key(r) != key(first) for r in results):
            raise OptionError("merge needs Monte Carlo runs of the same call (game, players, "
                              "opponents, board, dead cards and options)")
        seeds = [r.seed for r in results if r.seed is not None]
        if len(set(seeds)) < len(seeds):
            raise OptionError("merge got two runs of the same seed: the same deals would "
                              "count twice (merge runs of different seeds)")
        n = sum(r.deals for r in results)
        players = []
        for i, p0 in enumerate(first.players):
            ps = [(r.players[i], r.deals) for r in results]
            wins, ties, losses = (sum(getattr(p, a) for p, _ in ps)
                                  for a in ("wins", "ties", "losses"))
            players.append(dataclasses.replace(
                p0, equity=sum(p.equity * d for p, d in ps) / n, win=wins / n,
                tie=sum(p.tie * d for p, d in ps) / n, lose=losses / n, wins=wins,
                ties=ties, losses=losses,
                stderr=math.sqrt(sum((p.stderr * d) ** 2 for p, d in ps)) / n))
        return dataclasses.replace(first, players=tuple(players), deals=n, seed=None)

    @property
    def method(self) -> str:
        """``"exact"`` or ``"monte-carlo"``."""
        return "exact" if self.exact else "monte-carlo"

    @property
    def equities(self) -> np.ndarray:
        """``(n,)`` ``float64`` equities, in player order."""
        return np.array([p.equity for p in self.players], dtype=np.float64)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (non-finite numbers become None; whole counts ints)."""
        out: dict[str, Any] = {"method": self.method}
        for f in fields(self):
            if f.name != "players" and f.metadata.get("to_dict", True):
                out[f.name] = _json(getattr(self, f.name))
        out["players"] = [{k: _json(v) for k, v in vars(p).items()} for p in self.players]
        return out

    def _footer(self) -> str:
        """The line under the table: how the result was computed."""
        if self.exact:
            what = f"exact: {_num(self.deals)} deals"
        else:
            what = (f"Monte Carlo: {_num(self.deals)} deal{'s' if self.deals != 1 else ''}"
                    + (f", seed {self.seed}" if self.seed is not None else ""))
        if self.opponents:
            what += f", {self.opponents} random opponent{'s' if self.opponents != 1 else ''}"
        return what + "".join(f", {k} {v}" for k, v in (("board", self.board),
                                                         ("dead", self.dead)) if v)

    def __str__(self) -> str:
        return self.table()

    def table(self, first: int = 0) -> str:
        """The result as a text table, players numbered from ``first`` (0 as in the API;
        the command line passes 1), then a line saying how it was computed."""
        head = ["player", "hand", "equity", "win", "tie", "wins", "ties", "losses"]
        if not self.exact:
            head.append("stderr")
        rows = []
        for i, p in enumerate(self.players):
            row = [str(i + first), p.hand, f"{100 * p.equity:.4f}%", f"{100 * p.win:.4f}%",
                   f"{100 * p.tie:.4f}%", _num(p.wins), _num(p.ties), _num(p.losses)]
            if not self.exact:
                row.append(f"{100 * p.stderr:.4f}%")
            rows.append(row)
        widths = [max(len(h), *(len(r[j]) for r in rows)) for j, h in enumerate(head)]
        lines = ["  ".join(c.ljust(w) if j < 2 else c.rjust(w)
                           for j, (c, w) in enumerate(zip(r, widths))).rstrip()
                 for r in [head, *rows]]
        return "\n".join(lines) + "\n" + self._footer()


@dataclass(frozen=True)
class HiLoPlayer(PlayerEquity):
    """One player of a high-low split game (Omaha Hi-Lo, stud Hi-Lo): a
    :class:`PlayerEquity` where ``win`` / ``wins`` are scoops and ``tie`` /
    ``ties`` every other deal with a share of the pot, and

    Attributes:
        scoop: probability of taking the whole pot alone (``== win``).
        high: expected share of the pot won through the high half (the whole pot
            when no low qualifies).
        low: expected share of the pot won through the low half.

    ``equity == high + low`` (computed from the same integer pot units).
    """

    scoop: float = 0.0
    high: float = 0.0
    low: float = 0.0


#: The pot rules of :class:`ShowdownEquity`: ``pot`` is one of these.
POT_RULES = ("high", "hi-lo", "low")


@dataclass(frozen=True)
class ShowdownEquity(EquityResult):
    """The result of the poker variants' equity (``handrank.omaha.equity`` and the
    games built on the same engine, ``handrank._support.showdown_equity``): an
    :class:`EquityResult` with

    Attributes:
        pot: how each deal's pot was split: ``"high"`` (best high hand(s)),
            ``"hi-lo"`` (half to the best high, half to the best qualifying low,
            all to the high without one; players are :class:`HiLoPlayer`) or
            ``"low"`` (best low(s), no qualifier).
        units: pot units per deal the counts were kept in (every share of every
            deal is a whole number of them: ``2 * lcm(1..10)``).
        parts, of_parts: as :class:`~handrank.equity.HoldemEquity`: the ``i`` of
            each ``part=(i, k)`` this result holds (``()`` = a whole run) and ``k``.

    ``deals`` is the deals enumerated (exact) or sampled (Monte Carlo), a whole
    number either way. Merge the ``k`` parts of a split run, or Monte Carlo runs
    of different seeds, with :meth:`EquityResult.merge`.
    """

    pot: str = "high"
    units: int = 5040
    #: Integer counts the result was built from, kept for merge: six tuples (wins, ties,
    #: high units, low units, squared total units, deals), each with one count per player.
    tallies: tuple[tuple[int, ...], ...] = field(default=(), repr=False,
                                                 metadata={"to_dict": False})
    parts: tuple[int, ...] = field(default=(), repr=False, metadata={"to_dict": False})
    of_parts: int = field(default=1, repr=False, metadata={"to_dict": False})

    @classmethod
    def from_tallies(cls, game: str, pot: str, hands: tuple[str, ...], tallies: Any,
                     exact: bool, units: int = 5040, seed: int | None = None,
                     board: str = "", dead: str = "", parts: tuple[int, ...] = (),
                     of_parts: int = 1) -> ShowdownEquity:
        """The result of ``(6, players)`` integer ``tallies`` (rows as :attr:`tallies`)."""
        t = [[int(x) for x in row] for row in tallies]
        n = t[5][0] if t[5] else 0
        d = float(n) if n else float("nan")  # an empty part of a split run
        players = []
        for p, hand in enumerate(hands):
            wins, ties, hi, lo, sq = t[0][p], t[1][p], t[2][p], t[3][p], t[4][p]
            share = hi + lo
            se = 0.0
            if not exact:
                if n < 2:
                    se = math.inf
                else:
                    mean = share / units / n
                    var = (sq / (units * units) - n * mean * mean) / (n - 1)
                    se = math.sqrt(max(var, 0.0) / n)
            common = dict(hand=hand, equity=share / units / d, win=wins / d,
                          tie=(share - units * wins) / units / d,
                          lose=(n - wins - ties) / d, wins=float(wins), ties=float(ties),
                          losses=float(n - wins - ties), stderr=se)
            if pot == "hi-lo":
                players.append(HiLoPlayer(**common, scoop=wins / d,  # type: ignore[arg-type]
                                          high=hi / units / d, low=lo / units / d))
            else:
                players.append(PlayerEquity(**common))  # type: ignore[arg-type]
        return cls(game=game, players=tuple(players), exact=exact, deals=float(n), seed=seed,
                   board=board, dead=dead, pot=pot, units=units,
                   tallies=tuple(tuple(row) for row in t), parts=parts, of_parts=of_parts)

    @classmethod
    def _merge(cls, results: tuple[EquityResult, ...]) -> ShowdownEquity:
        from .errors import OptionError

        rs = [r for r in results if isinstance(r, ShowdownEquity)]
        a = rs[0]

        def key(r: ShowdownEquity) -> tuple:
            return (r.game, r.exact, r.board, r.dead, r.pot, r.units,
                    tuple(p.hand for p in r.players))

        for r in rs:
            if not r.tallies:
                raise OptionError("a result without tallies cannot be merged")
            if key(r) != key(a):
                raise OptionError("merge needs results of the same game, players, board, "
                                  "dead cards and method")
        pooled = not a.exact and (len({r.seed for r in rs}) > 1 or a.seed is None)
        if pooled:  # independent Monte Carlo runs: their deals add up
            seeds = [r.seed for r in rs if r.seed is not None]
            if len(set(seeds)) < len(seeds):
                raise OptionError("merge got two runs of the same seed: the same deals would "
                                  "count twice (merge runs of different seeds)")
            parts: tuple[int, ...] = ()
            of = 1
        else:
            if len(rs) > 1 and any(not r.parts for r in rs):
                raise OptionError("merge got a whole run with more of the same deals: they "
                                  "would count twice (merge the parts of part=(i, k))")
            if len({r.of_parts for r in rs}) > 1:
                raise OptionError("merge needs parts of one split (the same k in part=(i, k))")
            seen = [i for r in rs for i in (r.parts or range(r.of_parts))]
            if len(seen) != len(set(seen)):
                raise OptionError("merge got the same part twice: its deals would count "
                                  "twice (give each part=(i, k) once)")
            parts = () if len(seen) == a.of_parts else tuple(sorted(seen))
            of = a.of_parts if parts else 1
        t = np.sum([np.array(r.tallies, dtype=np.int64) for r in rs], axis=0)
        return cls.from_tallies(a.game, a.pot, tuple(p.hand for p in a.players), t, a.exact,
                                a.units, None if pooled else a.seed, a.board, a.dead, parts,
                                of)

    @property
    def partial(self) -> bool:
        """True when the result holds only some of the parts of a split run."""
        return bool(self.parts) and len(self.parts) < self.of_parts

    def to_dict(self) -> dict[str, Any]:
        """As :meth:`EquityResult.to_dict`; a partial result adds ``"parts"`` and
        ``"of_parts"``."""
        out = super().to_dict()
        if self.partial:
            out["parts"] = list(self.parts)
            out["of_parts"] = self.of_parts
        return out

    def _footer(self) -> str:
        what = super()._footer()
        if self.pot != "high":
            what += f"; pot {self.pot}"
        if self.partial:
            many = len(self.parts) > 1
            what += (f"; part{'s' if many else ''} {', '.join(map(str, self.parts))} of "
                     f"{self.of_parts} (incomplete)")
        return what

    def table(self, first: int = 0) -> str:
        """As :meth:`EquityResult.table`; Hi-Lo adds each player's ``high`` and
        ``low`` shares (the ``win`` column is then scoops)."""
        text = super().table(first)
        if self.pot != "hi-lo":
            return text
        lines = text.split("\n")
        rows = [[f"{100 * p.high:.4f}%", f"{100 * p.low:.4f}%"]  # type: ignore[attr-defined]
                for p in self.players]
        wh = max(4, *(len(r[0]) for r in rows))
        wl = max(3, *(len(r[1]) for r in rows))
        out = [lines[0] + "  " + "high".rjust(wh) + "  " + "low".rjust(wl)]
        for line, r in zip(lines[1:1 + len(rows)], rows):
            out.append(line + "  " + r[0].rjust(wh) + "  " + r[1].rjust(wl))
        return "\n".join(out + lines[1 + len(rows):])


def _num(x: float) -> str:
    """A count as text: whole numbers with thousands separators, else 2 decimals."""
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.2f}"


def _json(x: Any) -> Any:
    if isinstance(x, float):
        if not math.isfinite(x):
            return None
        return int(x) if x.is_integer() and abs(x) < 2**53 else x
    if isinstance(x, tuple):
        return [_json(v) for v in x]
    return x
