"""The heads-up river path (``equity/river.py``, kernel ``river_headsup``): each combo
evaluated once, card removal by per-card prefix sums. Differential against the
general exact path (every compatible combination listed and enumerated), which the
rest of the equity tests check against the reference."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank import equity as E
from handrank.equity import _kernel as K
from handrank.equity import enumeration, inputs, planning, river
from handrank.equity.ranges import Range, all_combos
from handrank.errors import HandrankError, RangeSyntaxError


def general(players, board, dead=None):
    """The same deal through planning and the exact enumeration kernel."""
    deal = inputs.read_deal(players, board, dead)
    return enumeration.run_exact(deal, planning.plan(deal, "exact", False), 1, None)


def assert_same(fast, slow):
    assert fast.combinations == slow.combinations and fast.boards == slow.boards == 1
    assert fast.deals == pytest.approx(slow.deals, rel=1e-12)
    for a, b in zip(fast.tallies, slow.tallies):
        assert a == pytest.approx(b, rel=1e-12, abs=1e-9)
    for p, q in zip(fast.players, slow.players):
        assert (p.hand, p.combos) == (q.hand, q.combos)
        assert p.equity == pytest.approx(q.equity, rel=1e-12, abs=1e-12)
        assert p.tie == pytest.approx(q.tie, rel=1e-12, abs=1e-12)


@given(seed=st.integers(0, 2**32 - 1), sizes=st.tuples(st.integers(1, 300), st.integers(1, 300)),
       n_dead=st.integers(0, 3), shared=st.booleans(), flushy=st.booleans())
@settings(max_examples=60, deadline=None)
def test_river_path_equals_the_general_path(seed, sizes, n_dead, shared, flushy):
    """Random weighted ranges (``shared``: the villain's drawn from the hero's, so whole
    combos repeat and the exact-pair correction of card removal is exercised), random
    boards (``flushy``: four of one suit, for flushes and ties), dead cards."""
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    if flushy:
        suit = int(rng.integers(4))
        flush = [c for c in deck if c % 4 == suit][:4]
        deck = np.array(flush + [c for c in deck if c not in flush])
    board, dead = deck[:5].tolist(), deck[5:5 + n_dead].tolist()
    known = set(board) | set(dead)
    combos = np.array([c for c in all_combos().tolist() if not set(c) & known], dtype=np.uint8)
    hero_idx = rng.choice(len(combos), min(sizes[0], len(combos)), replace=False)
    pool = hero_idx if shared else np.arange(len(combos))
    vill_idx = rng.choice(pool, min(sizes[1], len(pool)), replace=False)
    weights = lambda k: rng.choice([1.0, 0.5, 0.25, 0.01 + 0.98 * rng.random()], k)  # noqa: E731
    players = [Range(combos[hero_idx], weights(len(hero_idx))),
               Range(combos[vill_idx], weights(len(vill_idx)))]
    try:
        slow = general(players, board, dead)
    except HandrankError as e:  # the same error either way (one-combo ranges are hands)
        with pytest.raises(type(e), match=str(e).replace("(", r"\(").replace(")", r"\)")):
            E.equity(players, board=board, dead=dead)
        return
    assert_same(E.equity(players, board=board, dead=dead), slow)


@pytest.mark.parametrize("players,board,dead", [
    (["random", "random"], "As Kd 7h 2c 9s", None),
    (["AhAd", "KsKc"], "2c 7d 9h Ts 3s", None),
    (["AsKs", "random"], "Qs Js Ts 2c 3d", None),          # a royal flush: never loses
    (["0.5(AKs), QQ+, 76s", "JJ-55, 0.25(AQo)"], "Ah Kh 7h 2c 9s", "Qd"),
    (["22", "22"], "Ac Kd Qh Js 9c", None),                  # the same range both sides
])
def test_named_river_deals(players, board, dead):
    assert_same(E.equity(players, board=board, dead=dead), general(players, board, dead))


def test_which_runs_take_the_river_path(monkeypatch):
    """Whole heads-up exact runs on 5 board cards; not Monte Carlo, by_combo, parts,
    3 players or an unfinished board."""
    calls = []
    real = river.run_river
    monkeypatch.setattr(river, "run_river", lambda *a: calls.append(1) or real(*a))
    done = []
    E.equity(["QQ+", "random"], board="As Kd 7h 2c 9s", threads=2,
             progress=lambda d, t: done.append((d, t)))
    assert calls == [1] and done and done[-1][0] == done[-1][1] > 0
    E.equity(["QQ+", "random"], board="As Kd 7h 2c 9s", samples=1000, seed=1)
    E.equity(["QQ+", "random"], board="As Kd 7h 2c 9s", by_combo=True)
    E.equity(["QQ+", "random"], board="As Kd 7h 2c 9s", part=(0, 2))
    E.equity(["QQ+", "AKs", "random"], board="As Kd 7h 2c 9s")
    E.equity(["QQ+", "random"], board="As Kd 7h 2c")
    assert calls == [1]


def test_ranges_that_never_meet_on_the_river():
    with pytest.raises(RangeSyntaxError, match="never be dealt together"):
        E.equity(["AhAd, KhKd", "AhKh, AdKd"], board="2c 3c 4c 5d 7s")


def test_river_kernel_refuses_bad_input():
    ok = np.array([[0, 1]], np.uint8)
    board = np.array([8, 12, 16, 20, 30], np.uint8)
    one = np.ones(1)
    with pytest.raises(HandrankError, match="the board has 5 cards"):
        K.river_headsup(ok, one, ok, one, board[:4], 0)
    with pytest.raises(HandrankError, match="villain combos must be"):
        K.river_headsup(ok, one, ok, np.ones(2), board, 0)
    for bad in ([60, 1], [3, 3], [8, 1], [2, 9]):  # out of range, twice, board, dead (9)
        with pytest.raises(HandrankError, match="hero combo 0 holds a card id"):
            K.river_headsup(np.array([bad], np.uint8), one, ok, one, board, 1 << 9)
    with pytest.raises(HandrankError, match="weight below 0"):
        K.river_headsup(ok, np.array([np.nan]), ok, one, board, 0)
    # the kernel alone: 2c2d vs 2c2d can never meet; 2c2d vs 3c3d is one pair
    assert K.river_headsup(ok, one, ok, one, board, 0) == (0.0, 0.0, 0.0, 0.0, 0)
    win0, tie, win1, deals, n = K.river_headsup(ok, one, np.array([[4, 5]], np.uint8), one,
                                                board, 0)
    assert (deals, n, win0 + tie + win1) == (1.0, 1, 1.0)
