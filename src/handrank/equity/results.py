"""Hold'em equity results: the shared :class:`~handrank.result.EquityResult` shape
(``game="holdem"``) with Hold'em's own fields in :class:`HoldemEquity`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..result import EquityResult, PlayerEquity, _num
from ._kernel import SHARE_UNITS

if TYPE_CHECKING:
    from .combos import ComboEquity

__all__ = ["EquityResult", "HoldemEquity", "HoldemPlayer", "PlayerEquity"]


@dataclass(frozen=True)
class HoldemPlayer(PlayerEquity):
    """One player of a Hold'em result: a :class:`~handrank.result.PlayerEquity`, and
    with ``equity(..., by_combo=True)``

    Attributes:
        by_combo: a :class:`~handrank.equity.combos.ComboEquity` with one row per
            combo of the player's range after card removal (range order), else None.
        by_class: the same per starting-hand class present (the 169 classes, grid
            order; combos, weights and counts summed), else None.

    Neither is compared or shown in ``repr``. Without ``by_combo`` the players are
    plain :class:`~handrank.result.PlayerEquity`.
    """

    by_combo: ComboEquity | None = field(default=None, compare=False, repr=False)
    by_class: ComboEquity | None = field(default=None, compare=False, repr=False)


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
            for key in ("by_combo", "by_class"):
                t = getattr(p, key, None)
                if t is None:
                    d.pop(key, None)
                else:
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
                  tables: tuple[ComboEquity, ComboEquity] | None = None) -> PlayerEquity:
    """One player's result from their (weighted) counts: deals won alone, deals tied
    for best, pot share in units of ``1 / SHARE_UNITS``, out of ``deals``; with
    ``tables`` (by_combo, by_class) a :class:`HoldemPlayer` carrying them."""
    losses = deals - wins - ties
    extra = {} if tables is None else {"by_combo": tables[0], "by_class": tables[1]}
    return (HoldemPlayer if tables is not None else PlayerEquity)(
        hand=hand, combos=combos,
        equity=float(share_units / SHARE_UNITS / deals), win=float(wins / deals),
        # the split-pot units alone: exact, no float noise from equity - win
        tie=float((share_units - SHARE_UNITS * wins) / SHARE_UNITS / deals),
        lose=float(losses / deals),
        wins=_clean(wins), ties=_clean(ties), losses=_clean(losses), stderr=float(stderr),
        **extra)


def _clean(x: float) -> float:
    """Weighted counts: snap float noise to whole numbers when within 1e-9."""
    r = round(float(x))
    return float(r) if abs(x - r) < 1e-9 * max(1.0, abs(x)) else float(x)
