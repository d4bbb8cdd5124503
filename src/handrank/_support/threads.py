"""The thread runners of every game: ``threads=`` resolution (:func:`available_cpus`
for ``threads=0``), one process-wide pool, :func:`run_chunked` (one GIL-releasing
kernel over row ranges), :func:`run_team` / :func:`team_round` (threads sharing
one kernel call's rows in C: bulk evaluation, exact equity), :func:`run_tasks` (a
list of short work units with progress and clean Ctrl-C) and :func:`run_units` (picklable work units on threads or on any
``concurrent.futures.Executor``: ``executor=`` of the heavy calls, ``docs/scale.md``).

Safe without the GIL (free-threaded CPython, ``docs/reliability.md``): the process-wide
state (the pool and its size) changes only under ``_pool_lock``; a run's own state (the
next task, the work done) only under that run's lock; results go to distinct list
slots or through ``list.append``, which free-threaded CPython keeps atomic, and are read
after the workers are joined."""

from __future__ import annotations

import concurrent.futures as cf
import math
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

import numpy as np

from ..errors import HandrankError, OptionError
from ._kernel import Team

# Below this many rows per thread, extra threads cost more than they save.
MIN_ROWS_PER_THREAD = 32_768
# The same for a bulk hand evaluation (:func:`run_bulk`, a few nanoseconds a row):
# handing work to a pool thread and joining it costs 0.1-0.2 ms on the 2-core
# development VMs, 50,000-100,000 evaluated hands (2 threads on 65,536 7-card hands
# took 1.7x as long as one, on 100,000 hands 1.25x; issue 11).
BULK_MIN_ROWS = 100_000

#: A kernel's first bad row: (row, column, kind); kinds are ``poker._kernel.KIND_*``.
KernelError = tuple[int, int, int]


#: Environment variables that set the CPU count of ``threads=0``, the first set one wins.
THREADS_ENV = ("HANDRANK_NUM_THREADS", "OMP_NUM_THREADS")
#: cgroup v2 CPU quota file (``"max 100000"`` or ``"<quota> <period>"`` microseconds).
CGROUP_V2_CPU_MAX = "/sys/fs/cgroup/cpu.max"
#: cgroup v1 CPU quota files (quota -1 = no limit).
CGROUP_V1_QUOTA = "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"
CGROUP_V1_PERIOD = "/sys/fs/cgroup/cpu/cpu.cfs_period_us"


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="ascii") as f:
            return f.read().strip()
    except (OSError, UnicodeDecodeError):
        return None


def cgroup_cpu_quota() -> float | None:
    """The CPU quota of this process's cgroup in CPUs (``1.5`` = 150 ms of CPU per
    100 ms), or None when there is none or it cannot be read: cgroup v2
    :data:`CGROUP_V2_CPU_MAX` first, then v1 :data:`CGROUP_V1_QUOTA` /
    :data:`CGROUP_V1_PERIOD`. Unreadable or malformed files count as no quota."""
    text = _read(CGROUP_V2_CPU_MAX)
    if text is not None:
        parts = text.split()
        if len(parts) >= 1 and parts[0] != "max":
            try:
                quota = int(parts[0])
                period = int(parts[1]) if len(parts) > 1 else 100_000
            except ValueError:
                return None
            return quota / period if quota > 0 and period > 0 else None
        return None
    q, p = _read(CGROUP_V1_QUOTA), _read(CGROUP_V1_PERIOD)
    if q is None or p is None:
        return None
    try:
        quota, period = int(q), int(p)
    except ValueError:
        return None
    return quota / period if quota > 0 and period > 0 else None


def available_cpus() -> int:
    """The CPUs this process may use, what ``threads=0`` means (at least 1).

    ``HANDRANK_NUM_THREADS``, else ``OMP_NUM_THREADS`` (a positive integer; the first
    set one wins, so a Dask worker started with ``OMP_NUM_THREADS=1`` runs each unit on
    one thread), else the CPUs of the process's affinity mask
    (``os.sched_getaffinity``; ``os.cpu_count()`` where there is none) capped by the
    cgroup CPU quota rounded up (:func:`cgroup_cpu_quota`: a container given 1.5 CPUs
    of a 64-core host gets 2). Raises OptionError naming the variable when it is set
    to anything but a positive integer."""
    for name in THREADS_ENV:
        value = os.environ.get(name, "").strip()
        if value:
            # OpenMP allows a list ("4,2" for nested levels): the first level counts.
            first = value.split(",")[0].strip()
            if not first.isdigit() or int(first) < 1:
                raise OptionError(f"{name} must be a positive integer, got {value!r}")
            return min(int(first), 4096)
    if hasattr(os, "sched_getaffinity"):
        cpus = len(os.sched_getaffinity(0))
    else:  # pragma: no cover - macOS, Windows
        cpus = os.cpu_count() or 1
    quota = cgroup_cpu_quota()
    if quota is not None:
        cpus = min(cpus, math.ceil(quota))
    return max(1, cpus)


def resolve_threads(threads: int | None) -> int:
    """``None`` or 1 -> one thread; 0 -> :func:`available_cpus`; n -> n threads."""
    if threads is None:
        return 1
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)):
        raise TypeError(f"threads must be an int, got {type(threads).__name__}")
    if not 0 <= threads <= 4096:
        raise OptionError(f"threads must be 0 (all cores) to 4096, got {threads}")
    if threads == 0:
        return available_cpus()
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


#: Threads of :func:`run_team` take rows in blocks of this fraction of ``min_rows``
#: (BULK_MIN_ROWS / 8 = 12,500 hands, 20-30 microseconds: the calling thread waits at
#: most about one block for the others, and a block costs one atomic add).
TEAM_BLOCK_DIVISOR = 8

TeamKernel = Callable[[int, int, "Team | None", bool], "KernelError | None"]


def run_team(kernel: TeamKernel, n: int, threads: int | None, *,
             min_rows: int = BULK_MIN_ROWS) -> KernelError | None:
    """Run ``kernel(start, stop, team, lead)`` over ``range(n)`` on up to ``threads``
    threads (the calling thread included) that share each call's rows in C, in
    rounds of at most ``UNIT_FACTOR * min_rows`` rows per thread (each a
    :func:`team_round` with blocks of ``min_rows / TEAM_BLOCK_DIVISOR`` rows), so
    Ctrl-C stays prompt: a KeyboardInterrupt is raised between rounds. Returns the
    lowest bad row of the input, or None; the rows after it may be partly written.
    One thread: the kernel alone (``team=None``) over units of :func:`run_chunked`."""
    rows = max(1, min_rows)
    t = min(resolve_threads(threads), max(1, n // rows))
    if t <= 1:
        return run_chunked(lambda a, b: kernel(a, b, None, True), n, 1, min_rows=rows)
    size = UNIT_FACTOR * rows * t
    block = max(1, rows // TEAM_BLOCK_DIVISOR)
    for a in range(0, n, size):
        b = min(n, a + size)
        err = team_round(kernel, a, b, min(t, max(1, (b - a) // rows)), block)
        if err is not None:
            return err
    return None


def team_round(kernel: TeamKernel, start: int, stop: int, threads: int,
               block: int) -> KernelError | None:
    """One round of threads sharing rows ``start..stop`` of one kernel call in C:
    every thread (the calling one and ``threads - 1`` of the pool) calls
    ``kernel(start, stop, team, lead)`` with the same fresh
    :class:`~handrank._support._kernel.Team` (``_c/team.h``) and takes blocks of
    ``block`` rows from it with one atomic add each; the calling thread's call
    (``lead=True``) returns once every thread that entered has left, with the
    round's lowest bad row or None, which is returned. A worker that starts late
    takes fewer blocks, and the caller is never woken by a worker nor joins it (a
    wake-up and a join cost 0.1-0.2 ms on the 2-core VMs; issue 11): a late worker
    finds its round's team spent and returns at once. If handing out the work or
    the caller's own call raises (Ctrl-C before it reached the kernel), the team is
    cancelled first: no worker starts another block, and the ones running have
    finished when the exception leaves. ``threads`` <= 1: the kernel alone
    (``team=None``)."""
    if threads > 1 and stop > start:
        try:
            pool = _get_pool(threads - 1)
        except RuntimeError:  # interpreter shutting down: run here only
            threads = 1
    if threads <= 1 or stop <= start:
        return kernel(start, stop, None, True)
    team = Team(start, stop, block)
    try:
        for _ in range(threads - 1):
            pool.submit(kernel, start, stop, team, False)
        return kernel(start, stop, team, True)
    except BaseException:  # KeyboardInterrupt included: no worker writes after this
        team.cancel()
        raise


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
    reported = None  # the last done count passed to progress
    stop = threading.Event()
    lock = threading.Lock()
    done = [done0]
    nxt = [0]  # the next task to take, under ``lock``
    errors: list[BaseException] = []

    def take() -> int:
        # Under the lock, not next(itertools.count()): without the GIL (free-threaded
        # CPython) nothing else makes the increment atomic, and two threads must never
        # run the same task. Tasks last milliseconds, so the lock is never contended.
        with lock:
            i = nxt[0]
            nxt[0] = i + 1
            return i

    def worker() -> None:
        while not stop.is_set():
            i = take()
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
            i = take()
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



def check_executor(executor: object) -> Executor | None:
    """``executor`` if it is None or a ``concurrent.futures.Executor`` (or anything
    with ``submit``, such as Ray's); TypeError naming the type otherwise."""
    if executor is None or isinstance(executor, Executor) or callable(
            getattr(executor, "submit", None)):
        return executor  # type: ignore[return-value]
    raise TypeError(f"executor must be a concurrent.futures.Executor (a ProcessPoolExecutor, "
                    f"dask's Client.get_executor(), ...), got {type(executor).__name__}")


def executor_workers(executor: Executor | None, threads: int) -> int:
    """How many units the work should at least be cut into per pass: ``threads``
    in-process, else the executor's worker count when it tells (4 otherwise)."""
    if executor is None:
        return threads
    n = getattr(executor, "_max_workers", None)
    if n is None and hasattr(executor, "_client"):  # Dask's ClientExecutor: its threads
        try:
            n = sum(executor._client.nthreads().values())
        except Exception:  # noqa: BLE001 - a guess only
            n = None
    return n if isinstance(n, int) and n > 0 else 4


#: At most this many units per worker are in flight on an executor (the rest wait
#: in the caller, so memory stays bounded and Ctrl-C drops them at once).
IN_FLIGHT_PER_WORKER = 2


def run_units(fn: Callable[..., Any], units: Sequence[tuple[Any, ...]], *,
              threads: int = 1, executor: Executor | None = None,
              progress: Callable[[int, int], None] | None = None,
              work: Sequence[int] | None = None, done0: int = 0, total: int = 0
              ) -> list[Any]:
    """``[fn(*u) for u in units]``, run on ``threads`` threads (:func:`run_tasks`)
    or, given ``executor``, submitted to it: the results come back in unit order
    whatever the order units finish in. ``fn`` must be a module-level function and
    the units plain picklable values (numpy arrays, ints), so any executor works:
    a ``ProcessPoolExecutor``, Dask's ``Client.get_executor()``, Ray's.

    ``work[i]``: unit i's work (default 1) for ``progress(done, total)``, called from
    the calling thread as units finish (``done`` starts at ``done0``). On an
    executor at most ``IN_FLIGHT_PER_WORKER`` units per worker are pending at a
    time; on KeyboardInterrupt or a unit's error the pending ones are cancelled and
    the error re-raised. A unit lost with its worker is retried by engines that do
    so (Dask reruns it); a ``ProcessPoolExecutor`` raises ``BrokenProcessPool``. A
    unit whose future fails with anything but a handrank error is submitted once
    more (units are pure, so a rerun gives the same result; a KeyboardInterrupt is
    not an ``Exception`` and is raised at once): an engine can report a
    lost worker's finished unit as an error of its own (distributed 2026.8's
    ``ClientExecutor`` raises ``ValueError: not enough values to unpack`` when the
    worker dies after the unit finished); a second failure is raised."""
    sizes = list(work) if work is not None else [1] * len(units)
    results: list[Any] = [None] * len(units)
    if executor is None:
        def task(i: int) -> Callable[[], int]:
            def run() -> int:
                results[i] = fn(*units[i])
                return sizes[i]
            return run
        run_tasks([task(i) for i in range(len(units))], threads, progress, done0, total)
        return results
    window = max(1, IN_FLIGHT_PER_WORKER * executor_workers(executor, threads))
    pending: dict[Any, int] = {}
    retried: set[int] = set()
    done = done0
    nxt = 0
    try:
        while nxt < len(units) or pending:
            while nxt < len(units) and len(pending) < window:
                pending[executor.submit(fn, *units[nxt])] = nxt
                nxt += 1
            finished, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
            for f in finished:
                i = pending.pop(f)
                exc = f.exception()
                if isinstance(exc, Exception) and i not in retried and \
                        not isinstance(exc, (HandrankError, cf.BrokenExecutor)):
                    retried.add(i)
                    pending[executor.submit(fn, *units[i])] = i
                    continue
                results[i] = f.result()
                done += sizes[i]
            if progress is not None:
                progress(done, total)
    except BaseException:
        for f in pending:
            f.cancel()
        raise
    return results


def row_spans(n: int, unit: int) -> list[tuple[int, int]]:
    """``range(n)`` cut into ``[start, stop)`` spans of at most ``unit`` rows."""
    unit = max(1, unit)
    return [(a, min(n, a + unit)) for a in range(0, n, unit)]


#: Bulk ``evaluate_many(executor=...)`` calls of every game send rows to the executor
#: in units of this many rows (a few milliseconds of evaluation each, a few MB over the
#: wire); inputs of at most this many rows run in-process (:func:`run_bulk`).
EXECUTOR_UNIT_ROWS = 1 << 20


def run_bulk(unit: Callable[..., KernelError | None], rows: Sequence[np.ndarray],
             out: np.ndarray, args: tuple[Any, ...] = (), *, threads: int | None = None,
             executor: Executor | None = None, unit_rows: int | None = None,
             min_rows: int = BULK_MIN_ROWS) -> KernelError | None:
    """The bulk ``evaluate_many`` of every game: ``unit(*[r[a:b] for r in rows],
    out[a:b], *args)`` evaluates rows ``a..b`` into ``out`` and returns its first
    bad row ``(row within the slice, column, kind)`` or None; return the lowest bad
    row of the whole input, numbered in the whole input, or None. In process,
    ``unit`` is called on the whole arrays with keywords ``start``, ``stop``,
    ``team`` and ``lead`` instead (rows ``start..stop``, numbered in the whole input,
    shared with the other threads of a :func:`run_team` round; the row numbers it
    returns are the whole input's).

    ``rows``: arrays cut along their first axis (``len(out)`` rows each); ``args``:
    values every unit gets whole (options, a shared pit). In-process
    (:func:`run_chunked` on ``threads``) unless ``executor`` is given and there are
    more than ``unit_rows`` (default :data:`EXECUTOR_UNIT_ROWS`) rows: then units of
    that many rows go to it through :func:`run_units` (``unit`` must be a
    module-level function, the arrays and ``args`` picklable) and their results are
    copied into ``out``, the same values as in-process. ``min_rows``: the fewest rows
    worth a thread of their own (default :data:`BULK_MIN_ROWS`, for rows of a few
    nanoseconds; heavier rows pass fewer). Raises TypeError for an ``executor``
    without ``submit``."""
    ex = check_executor(executor)
    n = len(out)
    size = EXECUTOR_UNIT_ROWS if unit_rows is None else unit_rows
    if ex is None or n <= size:
        def kernel(a: int, b: int, t: Team | None, lead: bool) -> KernelError | None:
            return unit(*rows, out, *args, start=a, stop=b, team=t, lead=lead)
        return run_team(kernel, n, threads, min_rows=min_rows)
    spans = row_spans(n, size)
    results = run_units(_bulk_unit, [(unit, tuple(r[a:b] for r in rows), out.dtype.str, args)
                                     for a, b in spans], executor=ex)
    for (a, b), (part, err) in zip(spans, results):
        if err is not None:  # units in row order: the first error is the lowest bad row
            return a + err[0], err[1], err[2]
        out[a:b] = part
    return None


def _bulk_unit(unit: Callable[..., KernelError | None], rows: tuple[np.ndarray, ...],
               dtype: str, args: tuple[Any, ...]) -> tuple[np.ndarray, KernelError | None]:
    """One executor unit of :func:`run_bulk` (runs on the worker): the slice's results
    in a fresh array and its first bad row."""
    # an engine may hand over unaligned or read-only buffers (Dask's serialisation does)
    rows = tuple(np.require(r, requirements=["C", "A"]) for r in rows)
    res = np.empty(len(rows[0]) if rows else 0, dtype=np.dtype(dtype))
    return res, unit(*rows, res, *args)


def run_counts(unit: Callable[..., np.ndarray], args: tuple[Any, ...], n: int, *,
               threads: int | None = None, executor: Executor | None = None,
               min_rows: int = MIN_ROWS_PER_THREAD, unit_rows: int = 1 << 20) -> np.ndarray:
    """The sum of ``unit(*args, start, stop)`` (an integer count array, the same
    shape for every span) over ``range(n)`` cut into spans: Monte Carlo deals
    numbered ``0..n-1``, each drawn from its own stream, so the sum is bit for bit
    the same however the range is cut and whoever runs the spans. In-process on
    ``threads`` (:func:`run_chunked` with ``min_rows``), or, given ``executor``,
    every span sent to it (:func:`run_units`): spans of at most ``unit_rows`` and at
    least ``min_rows`` deals, at least one per worker when there are enough.
    ``unit`` must be a module-level function and ``args`` picklable. Raises
    TypeError for an ``executor`` without ``submit``."""
    ex = check_executor(executor)
    parts: list[np.ndarray] = []
    if ex is None:
        def kernel(a: int, b: int) -> None:
            parts.append(unit(*args, a, b))
        run_chunked(kernel, n, threads, min_rows=min_rows)
    else:
        size = max(min_rows, min(unit_rows, -(-n // executor_workers(ex, 1))))
        parts = run_units(unit, [(*args, a, b) for a, b in row_spans(n, size)], executor=ex)
    return np.sum(parts, axis=0)
