"""Hold'em equity results: the shared :class:`~handrank.result.EquityResult` shape
(``game="holdem"``) with Hold'em's own fields in :class:`HoldemEquity`."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from ..errors import OptionError
from ..result import EquityResult, PlayerEquity, _num
from ._kernel import SHARE_UNITS

if TYPE_CHECKING:
    from .combos import ComboEquity, ComboSums

__all__ = ["EquityResult", "HoldemEquity", "HoldemPlayer", "PlayerEquity"]


@dataclass(frozen=True)
class HoldemPlayer(PlayerEquity):
    """One player of a Hold'em result: a :class:`~handrank.result.PlayerEquity` with

    Attributes:
        by_combo: with ``equity(..., by_combo=True)``, a
            :class:`~handrank.equity.combos.ComboEquity` with one row per combo of the
            player's range after card removal (range order); else None.
        by_class: the same per starting-hand class present (the 169 classes, grid
            order; combos, weights and counts summed); else None.

    The tables are built on first use from the per-combo counts the run kept; they
    are not compared and not shown in ``repr``.
    """

    _combos: ComboSums | None = field(default=None, compare=False, repr=False)

    @property
    def by_combo(self) -> ComboEquity | None:
        return None if self._combos is None else self._combos.by_combo()

    @property
    def by_class(self) -> ComboEquity | None:
        return None if self._combos is None else self._combos.by_class()


@dataclass(frozen=True)
class HoldemEquity(EquityResult):
    """The result of :func:`~handrank.equity.equity`: an
    :class:`~handrank.result.EquityResult` with ``game="holdem"`` and

    Attributes:
        combinations: compatible hole-card combinations enumerated (exact), else 0.
        boards: boards per combination (exact), else 0.

        parts: the ``i`` of each ``equity(..., part=(i, k))`` this result holds,
            sorted (``()``: a whole run); see :attr:`partial`.
        of_parts: the ``k`` of that split (1 for a whole run).

    ``deals`` is the boards enumerated summed over the combinations, weighted by the
    product of the players' combo weights (exact), or the Monte Carlo deals; each
    player's ``combos`` counts the combos of their hand or range left after removing
    the board, the dead cards and the other players' hole cards.

    A partial result (some of the ``k`` parts of a split, :attr:`partial` True) says
    so: ``str`` ends its footer with ``part 1 of 4 (incomplete)`` or ``parts 0, 1, 2
    of 4 (incomplete)``, ``repr`` shows ``parts`` and ``of_parts``, and
    :meth:`to_dict` adds ``"parts": [...]`` and ``"of_parts": k``. Merge all ``k``
    parts (:meth:`~handrank.result.EquityResult.merge`) for the whole run; see
    ``docs/scale.md`` ("Splitting a run yourself").
    """

    combinations: int = 0
    boards: int = 0
    #: The counts the result was built from, kept for :meth:`merge`: rows wins, ties,
    #: pot share units (``1 / SHARE_UNITS``), then for Monte Carlo squared share units
    #: and deals; one column per player (exact: weighted, floats; Monte Carlo: ints).
    tallies: tuple[tuple[float, ...], ...] = field(default=(), repr=False,
                                                   metadata={"to_dict": False})
    #: The parts ``i`` of ``equity(..., part=(i, k))`` this result holds (``()``: all).
    parts: tuple[int, ...] = field(default=(), repr=False, metadata={"to_dict": False})
    #: ``k`` of those parts (1: a whole run).
    of_parts: int = field(default=1, repr=False, metadata={"to_dict": False})

    @classmethod
    def _merge(cls, results: tuple[EquityResult, ...]) -> HoldemEquity:
        rs = [r for r in results if isinstance(r, HoldemEquity)]
        a = rs[0]
        key = (a.game, a.exact, a.board, a.dead, a.boards,
               tuple((p.hand, p.combos) for p in a.players))
        for r in rs:
            if not r.tallies:
                raise OptionError("a result without tallies cannot be merged")
            if (r.game, r.exact, r.board, r.dead, r.boards,
                    tuple((p.hand, p.combos) for p in r.players)) != key:
                raise OptionError("merge needs results of the same players, board, dead "
                                  "cards and method")
        pooled = not a.exact and len({r.seed for r in rs}) > 1 or \
            not a.exact and a.seed is None
        if pooled:  # independent Monte Carlo runs: their deals add up
            parts: tuple[int, ...] = ()
            of = 1
        else:
            if len(rs) > 1 and any(not r.parts for r in rs):
                raise OptionError("merge got a whole run with more of the same deals: they "
                                  "would count twice (merge the parts of part=(i, k))")
            if len({r.of_parts for r in rs}) > 1:
                raise OptionError("merge needs parts of one split (the same k in part=(i, k))")
            seen: list[int] = [i for r in rs for i in (r.parts or range(r.of_parts))]
            if len(seen) != len(set(seen)):
                raise OptionError("merge got the same part twice: its deals would count "
                                  "twice (give each part=(i, k) once)")
            of = a.of_parts
            parts = () if len(seen) == of else tuple(sorted(seen))
            of = 1 if not parts else of
        rows = len(a.tallies)
        if a.exact:
            tot = [[sum(float(r.tallies[j][p]) for r in rs) for p in range(len(a.players))]
                   for j in range(rows)]
            deals = _clean(sum(float(r.deals) for r in rs))
            players = tuple(player_equity(q.hand, q.combos, tot[0][p], tot[1][p], tot[2][p],
                                          deals, 0.0) for p, q in enumerate(a.players))
            return HoldemEquity(game=a.game, players=players, exact=True, deals=deals,
                                board=a.board, dead=a.dead,
                                combinations=sum(r.combinations for r in rs), boards=a.boards,
                                tallies=tuple(tuple(row) for row in tot), parts=parts,
                                of_parts=of)
        import numpy as np

        from .sampling import _stderr

        t = np.sum([np.array(r.tallies, dtype=np.int64) for r in rs], axis=0)
        se = _stderr(t)
        n = int(t[4, 0])
        players = tuple(player_equity(q.hand, q.combos, int(t[0, p]), int(t[1, p]),
                                      int(t[2, p]), n, float(se[p]))
                        for p, q in enumerate(a.players))
        return HoldemEquity(game=a.game, players=players, exact=False, deals=float(n),
                            seed=None if pooled else a.seed, board=a.board, dead=a.dead,
                            tallies=tuple(tuple(int(x) for x in row) for row in t),
                            parts=parts, of_parts=of)

    @property
    def partial(self) -> bool:
        """True when the result holds only some of the parts of a split run."""
        return bool(self.parts) and len(self.parts) < self.of_parts

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                          if f.repr)
        if self.partial:
            shown += f", parts={self.parts!r}, of_parts={self.of_parts!r}"
        return f"{type(self).__name__}({shown})"

    def to_dict(self) -> dict[str, Any]:
        """As :meth:`EquityResult.to_dict`; a player's ``by_combo`` / ``by_class``
        become lists of row dicts (and are left out when not asked for); a partial
        result adds ``"parts"`` (list of ints) and ``"of_parts"`` (int)."""
        out = super().to_dict()
        if self.partial:
            out["parts"] = list(self.parts)
            out["of_parts"] = self.of_parts
        for p, d in zip(self.players, out["players"]):
            d.pop("_combos", None)
            for key in ("by_combo", "by_class"):
                t = getattr(p, key, None)
                if t is not None:
                    d[key] = t.to_dicts()
        return out

    def _footer(self) -> str:
        what = self._method_footer()
        if self.partial:
            many = len(self.parts) > 1
            what += (f"; part{'s' if many else ''} {', '.join(map(str, self.parts))} of "
                     f"{self.of_parts} (incomplete)")
        return what

    def _method_footer(self) -> str:
        if not self.exact:
            return super()._footer()
        weighted = self.deals != self.combinations * self.boards
        plural = "s" if self.combinations != 1 else ""
        return (f"exact: {_num(self.deals)} {'weighted ' if weighted else ''}boards "
                f"({self.combinations:,} hole-card combination{plural} x {self.boards:,} "
                f"boards{', counts weighted by the range weights' if weighted else ''})"
                + "".join(f", {k} {v}" for k, v in (("board", self.board),
                                                    ("dead", self.dead)) if v))


def player_equity(hand: str, combos: int, wins: float, ties: float, share_units: float,
                  deals: float, stderr: float,
                  combos_sums: ComboSums | None = None) -> HoldemPlayer:
    """One player's result from their (weighted) counts: deals won alone, deals tied
    for best, pot share in units of ``1 / SHARE_UNITS``, out of ``deals``; and the
    per-combo counts when ``by_combo`` was asked for."""
    losses = deals - wins - ties
    if not deals:  # an empty part of a split run (part=(i, k) with fewer units than k)
        deals = float("nan")
    return HoldemPlayer(
        hand=hand, combos=combos,
        equity=float(share_units / SHARE_UNITS / deals), win=float(wins / deals),
        # the split-pot units alone: exact, no float noise from equity - win
        tie=float((share_units - SHARE_UNITS * wins) / SHARE_UNITS / deals),
        lose=float(losses / deals),
        wins=_clean(wins), ties=_clean(ties), losses=_clean(losses), stderr=float(stderr),
        _combos=combos_sums)


def _clean(x: float) -> float:
    """Weighted counts: snap float noise to whole numbers when within 1e-9."""
    x = float(x)
    if x.is_integer():  # the common case (every unweighted count): nothing to snap
        return x
    r = round(x)
    return float(r) if abs(x - r) < 1e-9 * max(1.0, abs(x)) else x
