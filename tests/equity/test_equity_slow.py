"""Slower equity checks (``-m slow``): flop boards against the pure-Python reference,
large Monte Carlo runs against exact answers, the known values on every thread count."""

from __future__ import annotations

import random

import pytest
from tests.equity.test_equity import (
    KNOWN,
    _check_against_reference,
    _compatible_exists,
    _deal_small_case,
)

from handrank import equity as E
from handrank.cards import format_card

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("seed", range(4))
def test_flop_cases_match_reference(seed):
    rng = random.Random(500 + seed)
    while True:
        players, board, dead = _deal_small_case(rng, 2 + seed % 2, 3, 2, seed % 2)
        if _compatible_exists(players, board, dead):
            break
    _check_against_reference(players, board, dead)


@pytest.mark.parametrize("threads", [2, 0])
@pytest.mark.parametrize("a,b,expected", KNOWN)
def test_known_values_any_thread_count(a, b, expected, threads):
    assert round(E.equity([a, b], threads=threads).players[0].equity, 6) == expected


@pytest.mark.parametrize("players,board", [
    (["AhAd", "KsKc"], ""),
    (["0.3(AA), KK, AKs:0.5", "QQ-TT, AQs+", "random"], "Kh 9c 4d"),
    (["76s", "AK", "22", "T9o"], "8h 5d 2c 9s"),
])
def test_large_monte_carlo_matches_exact(players, board):
    exact = E.equity(players, board=board, method="exact", threads=2)
    mc = E.equity(players, board=board, samples=5_000_000, seed=2024, threads=2)
    for pe, pm in zip(exact.players, mc.players):
        assert abs(pe.equity - pm.equity) < 4.5 * pm.stderr + 1e-12, (pe, pm)
        assert abs(pe.win - pm.win) < 0.003


def test_reference_board_labels():
    # Readable labels in the text table come from the cards given.
    r = E.equity(["AhKh", "QsQd"], board=[format_card(c) for c in (36, 34, 0)])
    assert "board Jc Th 2c" in str(r)
