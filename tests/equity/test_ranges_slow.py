"""The preflop ordering (handrank/equity/_preflop.py, tools/gen_preflop_order.py):
the generator's board sweep against a brute force on a few boards (quick), and a few
classes' committed equities against handrank's exact equity engine (slow)."""

from __future__ import annotations

import importlib.util
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from handrank import equity
from handrank.equity.ranges import CLASS_SIZES, CLASSES, all_combos, class_index
from handrank.poker import evaluate_many

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _generator():
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location("gen_preflop_order",
                                                      TOOLS / "gen_preflop_order.py")
        gen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(gen)
    finally:
        sys.path.remove(str(TOOLS))
    return gen


def test_board_sweep_matches_brute_force():
    """On a few boards: 2 * wins + ties of every class, counted pair by pair."""
    gen = _generator()
    boards = np.array([[0, 1, 2, 3, 4], [51, 47, 43, 39, 10], [8, 9, 22, 30, 44]],
                      dtype=np.uint8)
    counts = np.array([1, 3, 2])
    got = gen.batch_scores(boards, counts)
    pairs = all_combos().astype(np.int64)
    cls = class_index(pairs)
    want = np.zeros(169)
    for board, n in zip(boards, counts):
        ok = ~np.isin(pairs, board).any(axis=1)
        p = pairs[ok]
        rows = np.concatenate([np.repeat(board[None], len(p), 0), p.astype(np.uint8)], 1)
        s = evaluate_many(rows).astype(np.int64)
        disjoint = ~((p[:, None, :, None] == p[None, :, None, :]).any(axis=(2, 3)))
        assert (disjoint.sum(axis=1) == 990).all()
        pts = 2 * ((s[:, None] > s[None, :]) & disjoint).sum(1) + \
            ((s[:, None] == s[None, :]) & disjoint).sum(1)
        np.add.at(want, cls[ok], pts * n)
    assert np.array_equal(got, want)


def test_committed_module_records_the_deal_count():
    from handrank.equity import _preflop
    assert _preflop.DEALS_PER_COMBO == 1225 * 1_712_304
    assert len(_preflop.SCORES) == 169
    # every score is an integer count within its class's deals
    for name, score in _preflop.SCORES:
        assert 0 < score < 2 * CLASS_SIZES[CLASSES.index(name)] * _preflop.DEALS_PER_COMBO


@pytest.mark.slow
@pytest.mark.parametrize("combo", ["AhAd", "7c2d"])
def test_committed_equity_is_handrank_exact_equity(combo):
    """One combo of the class against ``random`` with the exact engine (2.1e9 deals)."""
    from handrank.equity import _preflop
    r = equity.equity([combo, "random"], method="exact", threads=0)
    p = r.players[0]
    name = CLASSES[int(class_index([[*map(int, _ids(combo))]])[0])]
    score = dict(_preflop.SCORES)[name]
    size = int(CLASS_SIZES[CLASSES.index(name)])
    assert r.deals == _preflop.DEALS_PER_COMBO
    assert Fraction(2 * int(p.wins) + int(p.ties), 1) * size == score
    assert p.equity == pytest.approx(score / (2 * size * _preflop.DEALS_PER_COMBO), abs=1e-12)


def _ids(combo):
    from handrank.cards import parse_cards
    return parse_cards(combo)
