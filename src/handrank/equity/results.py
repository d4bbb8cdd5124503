"""Hold'em equity results: the shared :class:`~handrank.result.EquityResult` shape
(``game="holdem"``) with Hold'em's own fields in :class:`HoldemEquity`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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

    ``deals`` is the boards enumerated summed over the combinations, weighted by the
    product of the players' combo weights (exact), or the Monte Carlo deals; each
    player's ``combos`` counts the combos of their hand or range left after removing
    the board, the dead cards and the other players' hole cards.
    """

    combinations: int = 0
    boards: int = 0

    def to_dict(self) -> dict[str, Any]:
        """As :meth:`EquityResult.to_dict`; a player's ``by_combo`` / ``by_class``
        become lists of row dicts (and are left out when not asked for)."""
        out = super().to_dict()
        for p, d in zip(self.players, out["players"]):
            d.pop("_combos", None)
            for key in ("by_combo", "by_class"):
                t = getattr(p, key, None)
                if t is not None:
                    d[key] = t.to_dicts()
        return out

    def _footer(self) -> str:
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
    r = round(float(x))
    return float(r) if abs(x - r) < 1e-9 * max(1.0, abs(x)) else float(x)
