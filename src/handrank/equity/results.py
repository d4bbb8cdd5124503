"""Hold'em equity results: :class:`EquityResult` (one per call) holding one
:class:`PlayerEquity` per player."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    ``hand``: the hole cards or range text given; ``combos``: combos left after
    removing the board and dead cards; ``equity`` = ``win`` + ``tie`` (fractions of
    the pot, 0..1); ``wins`` / ``ties`` / ``losses``: deals won alone, split, lost
    (weighted by range weights in exact mode: whole numbers when every weight is
    1); ``stderr``: standard error of ``equity`` (0 when exact; ``inf`` from a
    single Monte Carlo deal, ``None`` in :meth:`EquityResult.to_dict`)."""

    hand: str
    combos: int
    equity: float
    win: float
    tie: float
    wins: float
    ties: float
    losses: float
    stderr: float


@dataclass(frozen=True)
class EquityResult:
    """The result of :func:`equity`.

    ``players``: one :class:`PlayerEquity` each, in the order given; ``board``,
    ``dead``: the cards as text; ``exact``: True for full enumeration;
    ``deals``: boards enumerated (summed over compatible hole-card combinations,
    weighted) or Monte Carlo samples; ``combinations``: compatible hole-card
    combinations enumerated (exact) or 0; ``boards``: boards per combination
    (exact) or 0; ``seed``: the seed used (Monte Carlo) or None."""

    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    exact: bool
    deals: float
    combinations: int
    boards: int
    seed: int | None

    @property
    def equities(self) -> np.ndarray:
        """``(n,)`` float64 equities, in player order."""
        return np.array([p.equity for p in self.players])

    @property
    def method(self) -> str:
        """``"exact"`` or ``"monte-carlo"``."""
        return "exact" if self.exact else "monte-carlo"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the result."""
        return {
            "method": self.method, "board": self.board, "dead": self.dead,
            "deals": _json_num(self.deals), "combinations": self.combinations, "boards": self.boards,
            "seed": self.seed,
            "players": [{k: _json_num(v) if k in ("wins", "ties", "losses") else
                         None if k == "stderr" and not math.isfinite(v) else v
                         for k, v in vars(p).items()} for p in self.players],
        }

    def __str__(self) -> str:
        head = ["player", "hand", "equity", "win", "tie", "wins", "ties", "losses"]
        if not self.exact:
            head.append("stderr")
        rows = []
        for i, p in enumerate(self.players):
            row = [str(i + 1), p.hand, f"{100 * p.equity:.4f}%", f"{100 * p.win:.4f}%",
                   f"{100 * p.tie:.4f}%", _num(p.wins), _num(p.ties), _num(p.losses)]
            if not self.exact:
                row.append(f"{100 * p.stderr:.4f}%")
            rows.append(row)
        widths = [max(len(h), *(len(r[j]) for r in rows)) for j, h in enumerate(head)]
        lines = ["  ".join(h.ljust(w) if j < 2 else h.rjust(w) for j, (h, w) in
                           enumerate(zip(head, widths))).rstrip()]
        for r in rows:
            lines.append("  ".join(c.ljust(w) if j < 2 else c.rjust(w) for j, (c, w) in
                                   enumerate(zip(r, widths))).rstrip())
        if self.exact:
            weighted = self.deals != self.combinations * self.boards
            what = (f"exact: {_num(self.deals)} {'weighted ' if weighted else ''}boards "
                    f"({self.combinations:,} hole-card "
                    f"combination{'s' if self.combinations != 1 else ''} x {self.boards:,} "
                    f"boards{', counts weighted by the range weights' if weighted else ''})")
        else:
            what = (f"Monte Carlo: {_num(self.deals)} deal{'s' if self.deals != 1 else ''}, "
                    f"seed {self.seed}")
        extra = "".join(f", {k} {v}" for k, v in (("board", self.board), ("dead", self.dead)) if v)
        return "\n".join(lines) + f"\n{what}{extra}"


def _json_num(x: Any) -> Any:
    """Whole-number counts as ints in JSON (shares stay floats)."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _num(x: float) -> str:
    return f"{int(x):,}" if float(x).is_integer() else f"{x:,.2f}"



def _clean(x: float) -> float:
    """Weighted counts: snap float noise to whole numbers when within 1e-9."""
    r = round(float(x))
    return float(r) if abs(x - r) < 1e-9 * max(1.0, abs(x)) else float(x)
