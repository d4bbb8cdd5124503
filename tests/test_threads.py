"""The shared thread runners (handrank._support.threads): bounded work units, the
lowest bad row reported whatever the cut, Ctrl-C stopping after the running units."""

import threading

import pytest

from handrank._support import threads as T


@pytest.mark.parametrize("n, threads", [(0, 1), (5, 1), (5, 2), (100_000, 1), (100_000, 2),
                                        (1_000_003, 2)])
def test_units_cover_the_range_once_and_stay_bounded(n, threads):
    seen = []
    lock = threading.Lock()

    def kernel(a, b):
        with lock:
            seen.append((a, b))

    assert T.run_chunked(kernel, n, threads, min_rows=1000) is None
    seen.sort()
    covered = [i for a, b in seen for i in range(a, b)] if n < 200_000 else None
    if covered is not None:
        assert covered == list(range(n))
    assert sum(b - a for a, b in seen) == n
    assert all(b - a <= T.UNIT_FACTOR * 1000 for a, b in seen)


@pytest.mark.parametrize("threads", [1, 2])
def test_the_lowest_bad_row_is_reported(threads):
    bad = {70_000: (70_000, 1, 1), 31_000: (31_000, 2, 2)}

    def kernel(a, b):
        hits = [v for r, v in bad.items() if a <= r < b]
        return min(hits) if hits else None

    assert T.run_chunked(kernel, 100_000, threads, min_rows=1000) == (31_000, 2, 2)


def test_interrupt_stops_after_the_running_unit():
    calls = []

    def kernel(a, b):
        calls.append(a)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        T.run_chunked(kernel, 1_000_000, 1, min_rows=1000)
    assert len(calls) == 3  # the other 60 units never started


@pytest.mark.parametrize("threads", [2, 4])
def test_every_task_runs_exactly_once_under_contention(threads):
    # Many tiny tasks taken from the shared counter by several threads at once: no task
    # is run twice or skipped (without the GIL the counter itself must be locked; on a
    # free-threaded interpreter this is the test that would catch a racy one).
    runs = [0] * 20_000

    def task(i):
        def run():
            runs[i] += 1  # one writer per slot
            return 1
        return run

    seen = []
    T.run_tasks([task(i) for i in range(len(runs))], threads,
                progress=lambda done, total: seen.append(done))
    assert runs == [1] * len(runs)
    assert seen[-1] == len(runs)


def test_bulk_evaluation_gives_a_thread_at_least_bulk_min_rows():
    """A bulk hand evaluation hands rows to a second thread only when each thread gets
    at least BULK_MIN_ROWS of them (issue 11: below that the hand-off costs more than
    the thread saves); the rows are covered once either way."""
    import numpy as np
    seen: list[tuple[int, int, int]] = []

    def unit(rows, out):
        seen.append((threading.get_ident(), len(rows), len(out)))
        out[:] = rows
        return None

    for n, expect in ((2 * T.BULK_MIN_ROWS - 1, 1), (2 * T.BULK_MIN_ROWS, 2)):
        seen.clear()
        rows = np.arange(n, dtype=np.int32)
        out = np.zeros(n, dtype=np.int32)
        assert T.run_bulk(unit, (rows,), out, threads=2) is None
        assert np.array_equal(out, rows)
        assert len(seen) == expect and sum(s[1] for s in seen) == n
        if expect == 1:
            assert seen[0][0] == threading.get_ident()  # the calling thread, no pool
