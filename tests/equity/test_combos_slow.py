"""Exhaustive per-combo checks (slow tier): every row of ``by_combo`` equals a separate
exact run for that combo, heads-up preflop and 3-way on a flop."""

from __future__ import annotations

import pytest

from handrank import equity as E

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("players,board", [
    (["QQ+, AKs", "JJ-99, 0.5(AQs)"], None),
    (["AA, KK", "QQ, JJ", "AKs"], "2c 7c 9d"),
])
def test_every_row_equals_a_separate_run(players, board):
    r = E.equity(players, board=board, method="exact", by_combo=True)
    for p, player in enumerate(r.players):
        for row in player.by_combo:
            alone = list(players)
            alone[p] = row["hand"]
            q = E.equity(alone, board=board, method="exact").players[p]
            assert row["equity"] == pytest.approx(q.equity, rel=1e-12), row["hand"]
            assert row["win"] == pytest.approx(q.win, rel=1e-12, abs=1e-15), row["hand"]
