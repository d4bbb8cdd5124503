"""pytest-benchmark suite for Chinese Poker (``pytest benchmarks/test_bench_chinese.py
--benchmark-only``): solver per hand (kernel) next to the naive Python search,
and scorer throughput. Timings are per round; divide by the group's count.
Not part of the test suite (``testpaths`` is ``tests/``); runs in well under a minute.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_chinese import naive_search

from handrank import chinese
from handrank.cards import deal

HOLDINGS = deal(200, 13, 7)
TABLES2 = chinese.greedy_many(deal(20_000, 26, 8).reshape(-1, 13)).reshape(20_000, 2, 13)
TABLES4 = chinese.greedy_many(deal(10_000, 52, 9).reshape(-1, 13)).reshape(10_000, 4, 13)


@pytest.mark.benchmark(group="solver: one hand")
def test_solve_one_kernel(benchmark):
    h = HOLDINGS[0].tolist()
    benchmark(chinese.solve, h)


@pytest.mark.benchmark(group="solver: one hand")
def test_solve_one_naive_python(benchmark):
    h = HOLDINGS[0].tolist()
    benchmark.pedantic(naive_search, args=(h, chinese.default_tables()), rounds=1, iterations=1)


@pytest.mark.benchmark(group="solver: 200 hands")
@pytest.mark.parametrize("system", chinese.SYSTEMS)
def test_solve_many(benchmark, system):
    benchmark(chinese.solve_many, HOLDINGS, system, threads=1)


@pytest.mark.benchmark(group="scorer")
@pytest.mark.parametrize("tables", [TABLES2, TABLES4], ids=["2 players x 20k", "4 players x 10k"])
def test_score_many(benchmark, tables):
    out = benchmark(chinese.score_many, tables, None, "western", threads=1)
    assert np.all(out.sum(axis=(1, 2)) == 0)
