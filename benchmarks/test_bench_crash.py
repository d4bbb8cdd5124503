"""pytest-benchmark suite for Crash setting (13-card holdings).

    pytest benchmarks/test_bench_crash.py --benchmark-only

Groups: one holding through ``set_hand`` (per-call cost), and 10,000 holdings
through ``set_many`` on one thread (per-holding kernel cost = time / 10,000),
for both strategies. Not part of the test suite.
"""

from __future__ import annotations

import pytest

from handrank import crash
from handrank.cards import deal

SEED = 20261129
N = 10_000
HOLDINGS = deal(N, 13, seed=SEED)
ONE = [int(c) for c in HOLDINGS[0]]


@pytest.mark.benchmark(group="crash set_hand, one 13-card holding")
@pytest.mark.parametrize("strategy", crash.STRATEGIES)
def test_set_hand(benchmark, strategy):
    s = benchmark(crash.set_hand, ONE, strategy)
    assert len(s.hands) == 4


@pytest.mark.benchmark(group=f"crash set_many, {N:,} holdings, 1 thread")
@pytest.mark.parametrize("strategy", crash.STRATEGIES)
def test_set_many(benchmark, strategy):
    _, strengths, _ = benchmark(crash.set_many, HOLDINGS, strategy, threads=1)
    assert strengths.shape == (N, 4)
