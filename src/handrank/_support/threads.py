"""The thread runners of every game: ``threads=`` resolution, one process-wide
pool, :func:`run_chunked` (one GIL-releasing kernel over row ranges) and
:func:`run_tasks` (a list of short work units with progress and clean Ctrl-C)."""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from ..errors import OptionError

# Below this many rows per thread, extra threads cost more than they save.
MIN_ROWS_PER_THREAD = 32_768

#: A kernel's first bad row: (row, column, kind); kinds are ``poker._kernel.KIND_*``.
KernelError = tuple[int, int, int]


def resolve_threads(threads: int | None) -> int:
    """``None`` or 1 -> one thread; 0 -> all cores; n -> n threads."""
    if threads is None:
        return 1
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"threads must be an int, got {type(threads).__name__}")
    if not 0 <= threads <= 4096:
        raise OptionError(f"threads must be 0 (all cores) to 4096, got {threads}")
    if threads == 0:
        if hasattr(os, "sched_getaffinity"):  # cores this process may use
            return max(1, len(os.sched_getaffinity(0)))
        return os.cpu_count() or 1
    return int(threads)


_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()


def _get_pool(workers: int) -> ThreadPoolExecutor:
    """A process-wide pool, kept alive between calls (starting threads per call
    costs more than a small chunk of work) and grown when more are asked for."""
    global _pool, _pool_size
    with _pool_lock:
        if _pool is None or _pool_size < workers:
            # The old pool is not shut down: a call running on another thread may
            # still be submitting to it. Its idle workers exit once it is unreferenced.
            _pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="handrank")
            _pool_size = workers
        return _pool


def _forget_pool_after_fork() -> None:
    # A forked child inherits the pool object but not its worker threads: start afresh.
    global _pool, _pool_size, _pool_lock
    _pool, _pool_size, _pool_lock = None, 0, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool_after_fork)


#: A work unit of :func:`run_chunked` holds at most this many times ``min_rows`` rows,
#: so a long call is made of short units (a few milliseconds each) and stops soon
#: after Ctrl-C, whatever the thread count.
UNIT_FACTOR = 16


def run_chunked(kernel: Callable[[int, int], KernelError | None], n: int,
                threads: int | None, *, min_rows: int = MIN_ROWS_PER_THREAD,
                ) -> KernelError | None:
    """Run ``kernel(start, stop)`` over ``range(n)`` in units of at most
    ``UNIT_FACTOR * min_rows`` rows on up to ``threads`` threads (the calling
    thread included); return the error of the lowest bad row, or None. The kernel
    must release the GIL to gain anything from threads, and must give the same
    answer however ``range(n)`` is cut (write rows in place, or return integer
    counts to add up), so results never depend on ``threads``.

    ``min_rows``: the fewest rows worth a thread of their own (the default suits
    a hand evaluation of a few nanoseconds; heavy rows such as a solver's
    holdings or Monte Carlo deals pass a smaller number). Units keep Ctrl-C
    prompt: on KeyboardInterrupt the units not started are dropped and the
    interrupt is re-raised once the running ones end (see :func:`run_tasks`)."""
    rows = max(1, min_rows)
    unit = UNIT_FACTOR * rows
    t = min(resolve_threads(threads), max(1, n // rows))
    if n <= unit:
        if t <= 1:
            return kernel(0, n)
        unit = -(-n // t)
    errors: list[KernelError] = []

    def task(start: int, stop: int) -> Callable[[], int]:
        def run() -> int:
            err = kernel(start, stop)
            if err is not None:
                errors.append(err)
            return stop - start
        return run

    run_tasks([task(a, min(n, a + unit)) for a in range(0, n, unit)], t)
    return min(errors) if errors else None


def run_tasks(tasks: Sequence[Callable[[], int]], threads: int,
              progress: Callable[[int, int], None] | None = None, done0: int = 0,
              total: int = 0) -> None:
    """Run ``tasks`` (each returns the work it did, in any unit) on ``threads``
    threads, the calling thread included, taking them in order from one shared
    counter; ``progress(done, total)`` is called from the calling thread after each
    of its tasks, and at the end if the workers did more since (``done`` starts at
``done0``). The tasks must
    be short (they are the unit of Ctrl-C): on any error or KeyboardInterrupt the
    tasks not started are dropped and the error is re-raised once the running ones
    have finished. Use it for work whose results are added up (no order needed);
    :func:`run_chunked` is for one kernel over row ranges."""
    counter = itertools.count()
    reported = None  # the last done count passed to progress
    stop = threading.Event()
    lock = threading.Lock()
    done = [done0]
    errors: list[BaseException] = []

    def worker() -> None:
        while not stop.is_set():
            i = next(counter)
            if i >= len(tasks):
                return
            try:
                work = tasks[i]()
            except BaseException as e:  # noqa: BLE001 - re-raised by the caller
                errors.append(e)
                stop.set()
                return
            with lock:
                done[0] += work

    t = max(1, min(threads, len(tasks)))
    futures = []
    if t > 1:
        try:
            pool = _get_pool(t - 1)
            futures = [pool.submit(worker) for _ in range(t - 1)]
        except RuntimeError:  # interpreter shutting down: run here only
            futures = []
    try:
        while not stop.is_set():
            i = next(counter)
            if i >= len(tasks):
                break
            work = tasks[i]()
            with lock:
                done[0] += work
            if progress is not None:
                reported = done[0]
                progress(reported, total)
        for f in futures:
            f.result()
    except BaseException:  # KeyboardInterrupt included: stop the workers, then re-raise
        stop.set()
        for f in futures:
            f.result()
        raise
    if errors:
        raise errors[0]
    if progress is not None and done[0] != reported:
        progress(done[0], total)

