"""pytest-benchmark suite: Three-card Brag bulk and single-hand evaluation.

    pytest benchmarks/test_bench_brag.py --benchmark-only

Groups: ``bulk 1M`` (evaluate_many on 1,000,000 seeded random hands as a
(N, 3) uint8 array, default rules and both options off, masks, 2 threads,
and the unchecked plain C loop over the same table as the ceiling) and
``single`` (one ``strength3`` / ``strength`` / ``evaluate`` call), plus the
exact one-opponent equity. Timings are per round (per call), not per hand.
Not part of the test suite; runs in a few seconds. The table with ratios is
``benchmarks/bench_brag.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from handrank.brag import _kernel as _brag
from handrank import brag

N = 1_000_000
G_BULK = f"brag bulk, {N:,} hands"
G_SINGLE = "brag single hand"


@pytest.fixture(scope="module")
def ids():
    rng = np.random.default_rng(20261129)
    rows = rng.integers(0, 52, size=(N + N // 4, 3), dtype=np.uint8)
    ok = (rows[:, 0] != rows[:, 1]) & (rows[:, 0] != rows[:, 2]) & (rows[:, 1] != rows[:, 2])
    return np.ascontiguousarray(rows[ok][:N])


@pytest.mark.benchmark(group=G_BULK)
def test_evaluate_many(benchmark, ids):
    out = benchmark(brag.evaluate_many, ids)
    assert out.shape == (N,) and out.min() >= 1 and out.max() <= 741


@pytest.mark.benchmark(group=G_BULK)
def test_evaluate_many_options_off(benchmark, ids):
    out = benchmark(brag.evaluate_many, ids, prial_threes_high=False, a23_top_run=False)
    assert out.shape == (N,)


@pytest.mark.benchmark(group=G_BULK)
def test_evaluate_many_masks(benchmark, ids):
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids.astype(np.uint64)), axis=1)
    out = benchmark(brag.evaluate_many, masks)
    np.testing.assert_array_equal(out, brag.evaluate_many(ids))


@pytest.mark.benchmark(group=G_BULK)
def test_evaluate_many_two_threads(benchmark, ids):
    out = benchmark(brag.evaluate_many, ids, threads=2)
    assert out.shape == (N,)


@pytest.mark.benchmark(group=G_BULK)
def test_plain_c_loop_ceiling(benchmark, ids):
    """The unchecked loop; the timed call also includes one numpy ``max()`` pass
    over the ids (about 0.1 ms here, a few % of the loop), so this ceiling is a
    little low. bench_brag.py times the bare loop alone for its ratio."""
    out = np.empty(N, dtype=np.int32)
    benchmark(_brag._plain_loop_benchmark, ids, out)
    np.testing.assert_array_equal(out, brag.evaluate_many(ids))


@pytest.mark.benchmark(group=G_SINGLE)
def test_strength3(benchmark):
    assert benchmark(brag.strength3, 4, 5, 6) == 741


@pytest.mark.benchmark(group=G_SINGLE)
def test_strength_text(benchmark):
    assert benchmark(brag.strength, "3c 3d 3h") == 741


@pytest.mark.benchmark(group=G_SINGLE)
def test_evaluate(benchmark):
    assert benchmark(brag.evaluate, "Ah 2d 3c").description == "Run, three-high (A-2-3)"


@pytest.mark.benchmark(group="brag equity")
def test_equity_exact_one_opponent(benchmark):
    assert benchmark(brag.equity, "Kc Kd 4h").exact
