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
