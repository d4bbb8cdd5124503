"""pytest-benchmark suite for Broken Canada (no peers exist; the baseline is a
plain C loop over the same tables, ``_canada.eval_unchecked``).

    pytest benchmarks/test_bench_canada.py --benchmark-only

Groups: ``single`` (one ``canada.strength`` call), ``bulk 1M`` (evaluate_many
in both layouts, 1 and 2 threads, and the plain C loop), ``odds`` (all
305,377,800 one-deck deals, incremental and naive). Timings are per round.
"""

from __future__ import annotations

import numpy as np
import pytest

from handrank.canada import _kernel as _canada
from handrank import canada
from handrank.cards import deal

N = 1_000_000
HANDS = deal(N, 6, seed=20240607)
SETS = np.ascontiguousarray(HANDS[:, :4])
PITS = np.ascontiguousarray(HANDS[:, 4:])


@pytest.mark.benchmark(group="canada single call")
def test_single_strength(benchmark):
    benchmark(canada.strength, [48, 13, 22, 31], [47, 33])


@pytest.mark.benchmark(group="canada bulk 1M")
def test_plain_c_loop(benchmark):
    out = np.empty(N, dtype=np.int32)
    benchmark(_canada.eval_unchecked, HANDS, out)


@pytest.mark.benchmark(group="canada bulk 1M")
def test_evaluate_many_six(benchmark):
    benchmark(canada.evaluate_many, HANDS)


@pytest.mark.benchmark(group="canada bulk 1M")
def test_evaluate_many_split(benchmark):
    benchmark(canada.evaluate_many, SETS, PITS)


@pytest.mark.benchmark(group="canada bulk 1M")
def test_evaluate_many_two_threads(benchmark):
    benchmark(canada.evaluate_many, HANDS, threads=2)


@pytest.mark.benchmark(group="canada odds (305,377,800 deals)")
def test_exact_odds(benchmark):
    counts = benchmark.pedantic(canada.exact_odds, rounds=2, iterations=1)
    assert counts.sum() == canada.TOTAL_DEALS


@pytest.mark.benchmark(group="canada odds (305,377,800 deals)")
def test_exact_odds_naive_c_loop(benchmark):
    counts = benchmark.pedantic(canada.exact_odds, kwargs={"naive": True}, rounds=2, iterations=1)
    assert counts.sum() == canada.TOTAL_DEALS
