"""pytest-benchmark suite: Hold'em equity, handrank next to its peers.

    pytest benchmarks/test_bench_equity.py --benchmark-only

Groups: ``exact AhAd vs KsKc preflop`` (handrank 1 and 2 threads, poker-equity's
``exact_from_text``), ``Monte Carlo 200k deals`` (handrank vs eval7's
``py_hand_vs_range_monte_carlo`` and poker-equity's ``chunk_from_text``, one thread, and
the plain C loop limit), ``Monte Carlo 200k deals AhAd vs QQ+,AK`` (handrank vs eval7),
``exact AA vs KK ranges`` (handrank 1 and 2 threads), ``exact QQ+,AKs vs JJ-99,AQs+``
(handrank 1 and 2 threads), ``limit: C kernel only`` (the exact kernel on AhAd vs KsKc
with no Python layer), ``small call`` (handrank on the river: the per-call cost of checking
the input once at entry and planning). Peers that are not installed are skipped. Not part of the test
suite (``testpaths`` is ``tests/``); runs in well under a minute. The
peer-ratio table is printed by ``bench_equity.py``.
"""

from __future__ import annotations

import pytest

from handrank import equity as eq

G_EXACT = "exact AhAd vs KsKc preflop"
G_MC = "Monte Carlo 200k deals heads-up"
G_RANGE = "exact AA vs KK ranges"
G_MC_RANGE = "Monte Carlo 200k deals AhAd vs QQ+,AK"
N_MC = 200_000


@pytest.mark.benchmark(group=G_EXACT)
@pytest.mark.parametrize("threads", [1, 2])
def test_handrank_exact(benchmark, threads):
    r = benchmark(eq.equity, ["AhAd", "KsKc"], method="exact", threads=threads)
    assert round(r.players[0].equity, 6) == 0.812555


@pytest.mark.benchmark(group=G_EXACT)
def test_poker_equity_exact(benchmark):
    pe = pytest.importorskip("poker_equity")
    r = benchmark.pedantic(pe.exact_from_text, args=("holdem", ["AhAd", "KsKc"]),
                           rounds=3, iterations=1)
    assert abs(r["players"][0]["equity"] - 0.8125549) < 1e-6


@pytest.mark.benchmark(group=G_MC)
def test_handrank_monte_carlo(benchmark):
    r = benchmark(eq.equity, ["AhAd", "KsKc"], samples=N_MC, seed=1, threads=1)
    assert abs(r.players[0].equity - 0.8125549) < 6 * r.players[0].stderr


@pytest.mark.benchmark(group=G_MC)
def test_eval7_monte_carlo(benchmark):
    eval7 = pytest.importorskip("eval7")
    hand = [eval7.Card("Ah"), eval7.Card("Ad")]
    vr = eval7.HandRange("KsKc")
    r = benchmark(eval7.py_hand_vs_range_monte_carlo, hand, vr, [], N_MC)
    assert abs(r - 0.8125549) < 0.01


@pytest.mark.benchmark(group=G_MC_RANGE)
def test_handrank_monte_carlo_vs_range(benchmark):
    r = benchmark(eq.equity, ["AhAd", "QQ+,AK"], samples=N_MC, seed=1, threads=1)
    assert abs(r.players[0].equity - 0.8408) < 6 * r.players[0].stderr + 1e-3


@pytest.mark.benchmark(group=G_MC_RANGE)
def test_eval7_monte_carlo_vs_range(benchmark):
    eval7 = pytest.importorskip("eval7")
    hand = [eval7.Card("Ah"), eval7.Card("Ad")]
    vr = eval7.HandRange("QQ+,AK")
    r = benchmark(eval7.py_hand_vs_range_monte_carlo, hand, vr, [], N_MC)
    assert abs(r - 0.8408) < 0.01


@pytest.mark.benchmark(group=G_MC)
def test_handrank_plain_c_loop_limit(benchmark):
    """The "limit of this design": the same deals in one plain C loop, no Python."""
    import numpy as np
    from handrank.equity import _kernel
    hands = np.array([50, 49, 47, 44], dtype=np.uint8)  # AhAd, KsKc
    w0, w1 = benchmark(_kernel._plain_monte_carlo_benchmark, hands, 1, N_MC)
    assert abs((w0 + (N_MC - w0 - w1) / 2) / N_MC - 0.8125549) < 0.01


@pytest.mark.benchmark(group=G_MC)
def test_poker_equity_monte_carlo(benchmark):
    pe = pytest.importorskip("poker_equity")
    r = benchmark.pedantic(pe.chunk_from_text, args=("holdem", ["AhAd", "KsKc"]),
                           kwargs={"samples": N_MC, "seed": 1, "threads": 1},
                           rounds=5, iterations=1)
    assert abs(r["players"][0]["equity"] - 0.8125549) < 0.01


@pytest.mark.benchmark(group=G_RANGE)
@pytest.mark.parametrize("threads", [1, 2])
def test_handrank_range_exact(benchmark, threads):
    r = benchmark(eq.equity, ["AA", "KK"], method="exact", threads=threads)
    assert round(r.players[0].equity, 6) == 0.819461


@pytest.mark.benchmark(group="exact QQ+,AKs vs JJ-99,AQs+")
@pytest.mark.parametrize("threads", [1, 2])
def test_handrank_big_range_exact(benchmark, threads):
    r = benchmark.pedantic(eq.equity, args=(["QQ+, AKs", "JJ-99, AQs+"],),
                           kwargs={"method": "exact", "threads": threads}, rounds=5,
                           iterations=1)
    assert round(r.players[0].equity, 6) == 0.731159


@pytest.mark.benchmark(group="limit: C kernel only")
def test_kernel_only_exact(benchmark):
    import numpy as np

    from handrank.cards import parse_cards
    from handrank.equity import _kernel

    holes = np.array([parse_cards("AhAd") + parse_cards("KsKc")], dtype=np.uint8)
    board = np.zeros(0, dtype=np.uint8)
    _, evaluated, res = benchmark(_kernel._kernel_only_benchmark, holes, board, 0, 1)
    assert evaluated == 82_167 and res[0, 0] == 1_388_072


@pytest.mark.benchmark(group="small call")
def test_handrank_river_call(benchmark):
    r = benchmark(eq.equity, ["AhAd", "KsKc"], board="2c 7d 9h Ts 3s", threads=1)
    assert r.exact and r.deals == 1 and r.players[0].wins == 1
