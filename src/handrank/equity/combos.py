"""Per-combo and per-class Hold'em equity: ``equity(..., by_combo=True)``,
:func:`vs_range` and :func:`distribution`.

A player's **combo** is one pair of hole cards of their range (after card removal);
its **class** is one of the 169 starting hands (``"AA"``, ``"AKs"``, ``"AKo"``).
Every number of a row is conditional on the player holding that combo (or a combo
of that class): ``equity`` is the expected share of the pot over the deals where
they hold it, ``deals`` counts those deals (exact: boards weighted by the product
of the players' combo weights; Monte Carlo: samples), ``frequency`` is ``deals``
over the player's deals -- how often they hold it once card removal and the other
ranges are taken into account. So ``sum(frequency * equity)`` is the player's
equity, and in exact runs the rows' ``wins`` and ``ties`` add up to the player's
counts (a test says so, in integers).

How it is computed: exact runs keep the integer counts the kernel returns for each
class of hole-card combinations (``enumeration._exact``) and add them, weighted, to
every player's combo in each combination (:class:`ExactCombos`), one pass per batch;
Monte Carlo runs the per-combo loop of ``equity/combos.h`` (the same deals, so the
same player totals, as ``by_combo=False`` with the same seed) and divides per combo.
Rules: ``docs/rules/poker.md`` (ranking); equity shares as in :mod:`handrank.equity`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._support.checks import check_bool, check_int
from ..cards import CardsLike, format_card
from ..errors import HandrankError, OptionError
from ..result import _json
from . import _kernel as _equity
from ._kernel import SHARE_UNITS
from .inputs import Deal, PlayerLike
from .planning import ExactPlan
from .ranges import CLASSES, Range, class_index
from .results import HoldemPlayer

__all__ = ["COMBO_DTYPE", "ComboEquity", "EquityDistribution", "distribution", "vs_range"]

#: The row layout of a :class:`ComboEquity` (a numpy structured dtype).
COMBO_DTYPE = np.dtype([("hand", "U4"), ("combos", np.int64), ("weight", np.float64),
                        ("deals", np.float64), ("frequency", np.float64),
                        ("equity", np.float64), ("win", np.float64), ("tie", np.float64),
                        ("wins", np.float64), ("ties", np.float64),
                        ("stderr", np.float64)])


_CLASS_NAMES = np.array(CLASSES)
_COUNTS = frozenset({"deals", "wins", "ties"})  # whole counts -> int in to_dicts


class ComboEquity:
    """Per-combo (or per-class) equity of one player: a table of rows, one per combo
    of the range (or per starting-hand class present), as a numpy structured array.

    Columns (:data:`COMBO_DTYPE`): ``hand`` (``"AhKd"`` or ``"AKs"``), ``combos`` (1
    for a combo; a class: its combos in the range), ``weight`` (the range weight; a
    class: the sum of its combos' weights), ``deals``, ``frequency``, ``equity``,
    ``win``, ``tie`` (shares of the pot, ``equity == win + tie``), ``wins``,
    ``ties`` (weighted deal counts) and ``stderr`` (0.0 exact; Monte Carlo: the
    standard error of that row's equity, ``inf`` below 2 deals). A row never dealt
    (Monte Carlo, or a combo no compatible combination holds) has ``deals`` 0 and
    NaN shares. Meanings: :mod:`handrank.equity.combos`.

    ``len(t)``, iteration (rows as dicts), ``t["AKs"]`` (a row by hand text, as a
    dict; KeyError if absent), ``t[3]`` (a row by position), ``t.array`` (the
    structured array, read-only), ``t.column("equity")``, :meth:`grid` (13x13 per
    class), :meth:`to_pandas` (needs pandas), :meth:`table` / ``str(t)``.
    """

    __slots__ = ("_index", "array", "exact")

    def __init__(self, array: np.ndarray, exact: bool):
        if not isinstance(array, np.ndarray) or array.dtype != COMBO_DTYPE or array.ndim != 1:
            raise TypeError("a ComboEquity is built from a 1-d numpy array of dtype "
                            "handrank.equity.combos.COMBO_DTYPE")
        self.exact = check_bool(exact, "exact")
        self.array = array.copy()
        self.array.setflags(write=False)
        self._index: dict[str, int] | None = None

    def __len__(self) -> int:
        return len(self.array)

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self._row(i) for i in range(len(self.array)))

    def __getitem__(self, key: int | str) -> dict[str, Any]:
        if isinstance(key, str):
            if self._index is None:
                self._index = {str(h): i for i, h in enumerate(self.array["hand"])}
            return self._row(self._index[key])
        return self._row(range(len(self.array))[key])

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and bool((self.array["hand"] == key).any())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ComboEquity):
            return NotImplemented
        return self.exact == other.exact and self.array.tobytes() == other.array.tobytes()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ComboEquity({len(self)} rows, {'exact' if self.exact else 'monte-carlo'})"

    def _row(self, i: int) -> dict[str, Any]:
        r = self.array[i]
        return {name: (str(r[name]) if name == "hand" else
                       int(r[name]) if name == "combos" else float(r[name]))
                for name in COMBO_DTYPE.names or ()}

    def column(self, name: str) -> np.ndarray:
        """One column as a read-only array (``"equity"``, ``"deals"``, ...)."""
        if not isinstance(name, str) or name not in (COMBO_DTYPE.names or ()):
            raise OptionError(f"no column {name!r}; columns: {', '.join(COMBO_DTYPE.names or ())}")
        return self.array[name]

    @property
    def equity(self) -> float:
        """The equity of all rows together: ``sum(frequency * equity)`` over the rows
        dealt (the player's equity for ``by_combo`` / ``by_class``; for
        :func:`vs_range`, the hand's equity against the whole range)."""
        a = self.array
        dealt = a["deals"] > 0
        d = a["deals"][dealt]
        return float((d * a["equity"][dealt]).sum() / d.sum()) if d.size else float("nan")

    def to_dicts(self) -> list[dict[str, Any]]:
        """The rows as JSON-ready dicts (non-finite numbers become None; the counts
        ``deals``, ``wins``, ``ties`` are ints when whole, as a player's counts are in
        :meth:`~handrank.result.EquityResult.to_dict`)."""
        return [{k: (_json(v) if k in _COUNTS else
                     None if isinstance(v, float) and not np.isfinite(v) else v)
                 for k, v in row.items()} for row in self]

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` of the rows (needs pandas: ``pip install
        'handrank[pandas]'``; ImportError otherwise)."""
        import importlib

        pd: Any = importlib.import_module("pandas")  # optional: imported only here
        return pd.DataFrame({name: self.array[name] for name in COMBO_DTYPE.names or ()})

    def grid(self, column: str = "equity") -> np.ndarray:
        """``(13, 13)`` float64 of one column per starting-hand class, cell ``[i, j]``
        the class ``CLASSES[13 * i + j]`` of :mod:`handrank.equity.ranges` (AA top-left,
        suited above the diagonal, offsuit below), NaN where no row; what
        :mod:`handrank.equity.grid` draws.
        On a per-combo table the column is combined per class: ``combos``,
        ``weight``, ``deals``, ``frequency``, ``wins``, ``ties`` are summed, the
        shares weighted by deals (``stderr`` is not combined: use ``by_class``)."""
        col = self.column(column)
        hands = self.array["hand"]
        if len(hands) and len(str(hands[0])) == 4:  # per combo: combine per class
            return by_class_table(self).grid(column)
        out = np.full(169, np.nan)
        if len(hands):
            out[_class_positions(hands)] = col
        return out.reshape(13, 13)

    def table(self, limit: int | None = None) -> str:
        """The rows as a text table (the first ``limit`` rows when given)."""
        head = ["hand", "weight", "freq", "equity", "win", "tie"]
        if not self.exact:
            head.append("stderr")
        if limit is not None:
            limit = check_int(limit, "limit", 0)
        rows = []
        for r in list(self)[:limit]:
            row = [r["hand"], f"{r['weight']:g}", f"{100 * r['frequency']:.3f}%",
                   f"{100 * r['equity']:.3f}%", f"{100 * r['win']:.3f}%",
                   f"{100 * r['tie']:.3f}%"]
            if not self.exact:
                row.append(f"{100 * r['stderr']:.3f}%")
            rows.append(row)
        widths = [max(len(h), *(len(r[j]) for r in rows)) if rows else len(h)
                  for j, h in enumerate(head)]
        lines = ["  ".join(c.ljust(w) if j == 0 else c.rjust(w)
                           for j, (c, w) in enumerate(zip(r, widths))).rstrip()
                 for r in [head, *rows]]
        if limit is not None and len(self) > limit:
            lines.append(f"... {len(self) - limit} more rows")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _class_positions(hands: np.ndarray) -> np.ndarray:
    pos = {h: i for i, h in enumerate(_CLASS_NAMES)}
    return np.array([pos[str(h)] for h in hands], dtype=np.int64)


def _table(hands: np.ndarray, combos: np.ndarray, weight: np.ndarray, counts: np.ndarray,
           player_deals: float, exact: bool) -> ComboEquity:
    """A table from per-row sums: ``counts`` ``(5, k)`` float64 rows wins, ties, share
    units, squared share units (Monte Carlo), deals."""
    wins, ties, share, sq, deals = counts
    a = np.zeros(len(hands), dtype=COMBO_DTYPE)
    a["hand"], a["combos"], a["weight"], a["deals"] = hands, combos, weight, deals
    with np.errstate(divide="ignore", invalid="ignore"):
        a["frequency"] = deals / player_deals if player_deals > 0 else np.nan
        a["equity"] = share / SHARE_UNITS / deals
        a["win"] = wins / deals
        a["tie"] = (share - SHARE_UNITS * wins) / SHARE_UNITS / deals
        if exact:
            a["stderr"] = np.where(deals > 0, 0.0, np.nan)
        else:
            u = float(SHARE_UNITS)
            mean = share / u / deals
            var = (sq / (u * u) - deals * mean * mean) / (deals - 1)
            a["stderr"] = np.where(deals >= 2, np.sqrt(np.maximum(var, 0.0) / deals),
                                   np.where(deals > 0, np.inf, np.nan))
    a["wins"], a["ties"] = wins, ties
    return ComboEquity(a, exact)


def by_class_table(t: ComboEquity) -> ComboEquity:
    """The per-class table of any per-combo table (a ``vs_range`` table too; classes
    present, :data:`CLASSES` order), its sums recovered from the rows (Monte Carlo
    squares from each row's standard error)."""
    a = t.array
    share = np.where(a["deals"] > 0, a["equity"] * a["deals"] * SHARE_UNITS, 0.0)
    counts = np.stack([a["wins"], a["ties"], share, np.zeros(len(a)), a["deals"]])
    if not t.exact:
        d = a["deals"]
        with np.errstate(invalid="ignore"):
            var = np.where(d >= 2, a["stderr"] ** 2 * d * (d - 1), 0.0)
            counts[3] = np.where(d > 0, (var + d * a["equity"] ** 2) * SHARE_UNITS ** 2, 0.0)
    player_deals = float(a["deals"].sum())
    cls = _combo_classes(a["hand"])
    present = np.unique(cls)
    slot = np.searchsorted(present, cls)
    k = len(present)
    summed = np.stack([np.bincount(slot, weights=np.nan_to_num(row), minlength=k)
                       for row in counts]) if k else np.zeros((5, 0))
    return _table(_CLASS_NAMES[present], np.bincount(slot, minlength=k),
                  np.bincount(slot, weights=a["weight"], minlength=k), summed,
                  player_deals, t.exact)


def _combo_classes(hands: np.ndarray) -> np.ndarray:
    """Grid cells of combo texts (``"AhKd"``)."""
    if not len(hands):
        return np.zeros(0, dtype=np.int64)
    from ..cards import parse_cards

    ids = np.array([parse_cards(str(h)) for h in hands], dtype=np.int64)
    return np.asarray(_lookups()[1][ids.max(axis=1), ids.min(axis=1)])


@functools.cache
def _lookups() -> tuple[np.ndarray, np.ndarray]:
    """(52, 52) lookups over (higher id, lower id): a combo's text and its grid cell
    (built on first use, not at import)."""
    card = [format_card(c) for c in range(52)]
    text = np.array([[card[a] + card[b] for b in range(52)] for a in range(52)], dtype="U4")
    cell = class_index(np.array([[a, b] for a in range(52) for b in range(52)]))
    return text, cell.reshape(52, 52)


class ComboSums:
    """One player's per-combo counts kept by a run over the combos of ``range_``:
    ``(5, k)`` float64 rows wins, ties, share units, squared share units, deals
    (Monte Carlo), or, with ``boards``, ``(4, k)`` rows weight x wins, ties, share
    units and the weight itself (exact: deals = weight x boards). Turned into the
    :class:`ComboEquity` tables on first use (then kept)."""

    __slots__ = ("_tables", "boards", "counts", "exact", "player_deals", "range_")

    def __init__(self, range_: Range, counts: np.ndarray, player_deals: float, exact: bool,
                 boards: int | None = None):
        self.range_, self.counts, self.boards = range_, counts, boards
        self.player_deals, self.exact = player_deals, exact
        self._tables: tuple[ComboEquity, ComboEquity] | None = None

    def _build(self) -> tuple[ComboEquity, ComboEquity]:
        if self._tables is None:
            r, counts = self.range_, self.counts
            if self.boards is not None:
                counts = np.stack([counts[0], counts[1], counts[2], np.zeros(len(r)),
                                   counts[3] * self.boards])
            c0, c1 = r.combos[:, 0], r.combos[:, 1]
            combo_text, combo_class = _lookups()
            combo = _table(combo_text[c0, c1], np.ones(len(r), dtype=np.int64), r.weights,
                           counts, self.player_deals, self.exact)
            present, slot = np.unique(combo_class[c0, c1], return_inverse=True)
            k = len(present)
            summed = np.stack([np.bincount(slot, weights=row, minlength=k) for row in counts])
            by_class = _table(_CLASS_NAMES[present], np.bincount(slot, minlength=k),
                              np.bincount(slot, weights=r.weights, minlength=k), summed,
                              self.player_deals, self.exact)
            self._tables = (combo, by_class)
        return self._tables

    def by_combo(self) -> ComboEquity:
        return self._build()[0]

    def by_class(self) -> ComboEquity:
        return self._build()[1]


class ExactCombos:
    """Per-combo sums of an exact run, filled batch by batch by ``enumeration._exact``
    (:meth:`add`: the integer counts of representatives ``b0 .. b0 + len(counts)``):
    each combination's counts, times its weight, are added to every player's combo in
    it (``plan.idx``) by the kernel ``scatter_combos``. Memory: O(combinations)."""

    def __init__(self, deal: Deal, plan: ExactPlan, boards: int):
        self.n, self.boards = deal.players, boards
        sizes = [len(r) for r in deal.ranges]
        self.off = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        self.inverse = np.ascontiguousarray(plan.inverse, dtype=np.int64)
        self.weights = np.ascontiguousarray(plan.weights, dtype=np.float64)
        if plan.idx is None:
            raise HandrankError("by_combo needs the plan's combo indices (plan.idx)")
        self.idx = np.ascontiguousarray(plan.idx, dtype=np.int64)
        if len(plan.reps) == len(plan.holes):  # every combination its own class
            self.order = np.zeros(0, dtype=np.int64)
        else:
            self.order = np.argsort(self.inverse, kind="stable").astype(np.int64)
            self.sorted_inv = self.inverse[self.order]
        self.out = np.zeros((4, int(self.off[-1])))

    def add(self, b0: int, counts: np.ndarray) -> None:
        """Add the ``(nb, 3n)`` int64 counts (wins, ties, share units per player) of
        class representatives ``b0 ..``."""
        nb = len(counts)
        if len(self.order):
            s, e = (int(x) for x in np.searchsorted(self.sorted_inv, [b0, b0 + nb]))
        else:
            s, e = b0, b0 + nb
        _equity.scatter_combos(np.ascontiguousarray(counts, dtype=np.int64), b0, self.order,
                               s, e, self.inverse, self.weights, self.idx, self.off, self.out)

    def tables(self, deal: Deal, total: float) -> list[ComboSums]:
        """Each player's :class:`ComboSums` (``total``: the player's deals)."""
        return [ComboSums(deal.ranges[p], self.out[:, self.off[p]:self.off[p + 1]], total,
                          True, self.boards) for p in range(self.n)]


def monte_carlo_tables(deal: Deal, totals: np.ndarray, per_combo: np.ndarray | None
                       ) -> list[ComboSums]:
    """Per-player tables of a Monte Carlo run: ``per_combo`` ``(5, K)`` int64 sums
    over every player's combos in order (None when every player has one combo: the
    player totals ``(5, n)`` are then their combos' sums)."""
    N = float(totals[4, 0])
    out = []
    start = 0
    for p, r in enumerate(deal.ranges):
        k = len(r)
        if per_combo is None:
            c = np.array([[totals[0, p]], [totals[1, p]], [totals[2, p]], [totals[3, p]], [N]],
                         dtype=np.float64)
        else:
            c = per_combo[:, start:start + k].astype(np.float64)
        start += k
        out.append(ComboSums(r, c, N, False))
    return out


# ---------------------------------------------------------------- hand vs range


def vs_range(hand: PlayerLike, villain: PlayerLike, board: CardsLike | None = None,
             dead: CardsLike | None = None, **options: Any) -> ComboEquity:
    """``hand``'s equity against each combo of the range ``villain`` (heads-up).

    ``hand``: hole cards or a range; ``villain``: a range (or hole cards); ``board``,
    ``dead`` and the keyword ``options`` (``method``, ``samples``, ``target_stderr``,
    ``seed``, ``threads``, ``progress``) as in :func:`~handrank.equity.equity`.
    A range as ``hand`` is accepted on purpose (``vs_range("AK", "QQ+")``): each row
    is then the whole ``hand`` range, its combos compatible with the villain's combo
    (card removal) weighted as in :func:`~handrank.equity.equity`, against that combo;
    the rows are still one per villain combo.

    Returns a :class:`ComboEquity` with one row per combo of ``villain`` left after
    card removal: ``hand`` is the villain's combo, ``equity`` / ``win`` / ``tie`` /
    ``wins`` / ``ties`` are the HAND's against it (``win``: deals the hand wins),
    ``weight`` the combo's weight in ``villain``, ``frequency`` how often the villain
    holds it. ``.equity`` of the table is the hand's equity against the whole range
    (what eval7's ``py_hand_vs_range_exact`` returns). Exact or Monte Carlo as
    :func:`~handrank.equity.equity` decides. Raises what
    :func:`~handrank.equity.equity` raises.
    """
    from .calculator import equity

    res = equity([hand, villain], board, dead, by_combo=True, **options)
    player = res.players[1]
    assert isinstance(player, HoldemPlayer) and player.by_combo is not None
    v = player.by_combo
    a = v.array.copy()
    losses = a["deals"] - a["wins"] - a["ties"]  # villain lost = hand won alone
    with np.errstate(divide="ignore", invalid="ignore"):
        a["equity"] = 1.0 - v.array["equity"]
        a["win"] = losses / a["deals"]
        a["tie"] = v.array["tie"]  # heads-up: a split gives each half
    a["wins"] = losses
    return ComboEquity(a, v.exact)


@dataclass(frozen=True)
class EquityDistribution:
    """How a range's equity is spread: the Equilab picture.

    Attributes:
        edges: ``(bins + 1,)`` float64 bin edges from 0 to 1 (bin i is
            ``edges[i] <= equity < edges[i+1]``, the last bin includes 1).
        combos: ``(bins,)`` float64 weighted combos per bin (each combo counts its
            range weight).
        fraction: ``(bins,)`` ``combos`` over their sum.
        by_combo: the per-combo table the bins were counted from
            (:class:`ComboEquity`; rows never dealt are left out of the bins).
    """

    edges: np.ndarray
    combos: np.ndarray
    fraction: np.ndarray
    by_combo: ComboEquity

    def table(self) -> str:
        """One line per bin: range, weighted combos, percentage and a bar."""
        lines = []
        for i in range(len(self.combos)):
            lo, hi = 100 * self.edges[i], 100 * self.edges[i + 1]
            bar = "#" * int(round(40 * self.fraction[i]))
            lines.append(f"{lo:5.1f}-{hi:5.1f}%  {self.combos[i]:9.2f}  "
                         f"{100 * self.fraction[i]:6.2f}%  {bar}".rstrip())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def distribution(range_: PlayerLike, board: CardsLike | None = None,
                 vs: PlayerLike | Sequence[PlayerLike] = "random",
                 dead: CardsLike | None = None, *, bins: int = 10,
                 **options: Any) -> EquityDistribution:
    """The equity distribution of ``range_`` on ``board``: each of its combos' equity
    against ``vs`` (one opponent's hand or range, default ``"random"``, or a list of
    opponents), counted into ``bins`` equal bins of 0-100 % (default 10: 0-10 %,
    10-20 %, ...), each combo weighing its range weight.

    ``dead`` and ``options`` (``method``, ``samples``, ``seed``, ...) as in
    :func:`~handrank.equity.equity` (a random opponent preflop or on the flop is
    usually Monte Carlo: pass ``samples`` for tighter per-combo numbers). Returns an
    :class:`EquityDistribution`. Raises OptionError (``bins`` not 1..1000) and what
    :func:`~handrank.equity.equity` raises.
    """
    from .calculator import equity

    bins = check_int(bins, "bins", 1, 1000)
    players: list[Any] = [range_, *(vs if isinstance(vs, (list, tuple)) else [vs])]
    res = equity(players, board, dead, by_combo=True, **options)
    player = res.players[0]
    assert isinstance(player, HoldemPlayer) and player.by_combo is not None
    t = player.by_combo
    a = t.array
    dealt = a["deals"] > 0
    edges = np.linspace(0.0, 1.0, bins + 1)
    slot = np.minimum((a["equity"][dealt] * bins).astype(np.int64), bins - 1)
    combos = np.bincount(slot, weights=a["weight"][dealt], minlength=bins).astype(np.float64)
    total = combos.sum()
    fraction = combos / total if total > 0 else np.zeros(bins)
    return EquityDistribution(edges, combos, fraction, t)
