"""Running equity's work units on the shared thread pool, with progress reports."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence

from .._support.threads import _get_pool
from .inputs import ProgressFn


def run_tasks(tasks: Sequence[Callable[[], int]], threads: int,
              progress: ProgressFn | None, done0: int, total: int) -> None:
    """Run tasks (each returns its work done) on ``threads`` threads, the calling
    thread included; progress(done, total) from the calling thread. On any error
    or KeyboardInterrupt the rest is cancelled and the error re-raised once the
    running tasks (each short) have finished."""
    counter = itertools.count()
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
                progress(done[0], total)
        for f in futures:
            f.result()
    except BaseException:  # KeyboardInterrupt included: stop the workers, then re-raise
        stop.set()
        for f in futures:
            f.result()
        raise
    if errors:
        raise errors[0]
    if progress is not None:
        progress(done[0], total)

