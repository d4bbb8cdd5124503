"""Past threads (issue 15): ``threads=0`` as the CPUs the process may use, work units
on any ``concurrent.futures.Executor`` giving the in-process answer bit for bit, and
``EquityResult.merge`` of a split run."""

import os
import pickle
import signal
import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import numpy as np
import pytest

import handrank.poker.bulk as bulk
from handrank import brag, canada, chinese, crash, lowball, omaha, poker, shortdeck
from handrank._support import threads as T
from handrank.equity import enumeration, equity
from handrank.errors import CardRangeError, HandrankError, OptionError
from handrank.result import EquityResult

# ------------------------------------------------------------------ threads=0


@pytest.fixture
def machine(monkeypatch, tmp_path):
    """A process allowed CPUs 0..7, no cgroup files, no variables; returns a
    function writing a cgroup file (v2 ``cpu.max``, or v1 quota and period)."""
    for name in T.THREADS_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(T.os, "sched_getaffinity", lambda pid: set(range(8)), raising=False)
    for attr in ("CGROUP_V2_CPU_MAX", "CGROUP_V1_QUOTA", "CGROUP_V1_PERIOD"):
        monkeypatch.setattr(T, attr, str(tmp_path / attr))

    def write(attr, text):
        (tmp_path / attr).write_text(text)
    return write


def test_threads_0_is_the_affinity_mask(machine):
    assert T.available_cpus() == 8 == T.resolve_threads(0)


@pytest.mark.parametrize("cpu_max, want", [("max 100000", 8), ("150000 100000", 2),
                                           ("100000 100000", 1), ("50000 100000", 1),
                                           ("400000 100000", 4), ("2000000 100000", 8),
                                           ("garbage", 8), ("", 8)])
def test_threads_0_is_capped_by_the_cgroup_v2_quota(machine, cpu_max, want):
    machine("CGROUP_V2_CPU_MAX", cpu_max)
    assert T.resolve_threads(0) == want


@pytest.mark.parametrize("quota, period, want", [("-1", "100000", 8), ("300000", "100000", 3),
                                                 ("250000", "100000", 3), ("x", "1", 8)])
def test_threads_0_is_capped_by_the_cgroup_v1_quota(machine, quota, period, want):
    machine("CGROUP_V1_QUOTA", quota)
    machine("CGROUP_V1_PERIOD", period)
    assert T.resolve_threads(0) == want


def test_threads_0_follows_the_variables_handrank_first(machine, monkeypatch):
    machine("CGROUP_V2_CPU_MAX", "100000 100000")
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    assert T.resolve_threads(0) == 3  # the variable overrides affinity and quota
    monkeypatch.setenv("OMP_NUM_THREADS", "5,2")  # OpenMP's nested list: the first level
    assert T.resolve_threads(0) == 5
    monkeypatch.setenv("HANDRANK_NUM_THREADS", "6")
    assert T.resolve_threads(0) == 6
    assert T.resolve_threads(2) == 2  # an explicit count is never changed
    monkeypatch.setenv("HANDRANK_NUM_THREADS", "")  # empty = unset
    assert T.resolve_threads(0) == 5


@pytest.mark.parametrize("value", ["0", "-2", "two", "1.5"])
def test_a_bad_thread_variable_is_named(machine, monkeypatch, value):
    monkeypatch.setenv("HANDRANK_NUM_THREADS", value)
    with pytest.raises(OptionError, match="HANDRANK_NUM_THREADS"):
        T.resolve_threads(0)


# ------------------------------------------------------------------ run_units


class Shuffled(Executor):
    """Runs units on threads, finishing them in reverse order of submission."""

    def __init__(self):
        self.submitted = []
        self.cancelled = 0

    def submit(self, fn, *args):
        f = Future()
        self.submitted.append((f, fn, args))
        if len(self.submitted) == 3:
            for g, fn_, a in reversed(self.submitted):
                g.set_result(fn_(*a))
            self.submitted.clear()
        return f


def _square(x):
    return x * x


def test_units_come_back_in_unit_order_whatever_finishes_first():
    done = []
    got = T.run_units(_square, [(i,) for i in range(9)], executor=Shuffled(),
                      progress=lambda d, t: done.append(d), work=[1] * 9, total=9)
    # the executor resolves batches of 3 in reverse (IN_FLIGHT_PER_WORKER x 4 >= 3
    # units are in flight at a time, else it would wait for ever)
    assert got == [i * i for i in range(9)]
    assert done[-1] == 9 and done == sorted(done)


class Failing(Executor):
    """Unit 2 fails; counts the futures cancelled afterwards."""

    def __init__(self):
        self.futures = []

    def submit(self, fn, *args):
        f = Future()
        self.futures.append(f)
        if args[0] == 2:
            f.set_exception(KeyboardInterrupt())
        elif args[0] < 2:
            f.set_result(fn(*args))
        return f  # later units stay pending


def test_an_interrupt_cancels_the_pending_units():
    ex = Failing()
    with pytest.raises(KeyboardInterrupt):
        T.run_units(_square, [(i,) for i in range(100)], executor=ex)
    assert 3 < len(ex.futures) <= T.IN_FLIGHT_PER_WORKER * 4  # a bounded window
    assert all(f.cancelled() for f in ex.futures[3:])


def test_a_bad_executor_is_a_type_error():
    with pytest.raises(TypeError, match="executor"):
        equity(["AhAd", "KsKd"], "2c 3d 4h", executor="processes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="executor"):
        poker.evaluate_many(np.zeros((1, 5), np.uint8), executor=4)  # type: ignore[arg-type]


# ------------------------------------------------------------------ a process pool


@pytest.fixture(scope="module")
def pool():
    with ProcessPoolExecutor(2) as ex:
        yield ex


def test_equity_on_a_process_pool_is_bit_identical(pool, monkeypatch):
    # small units (many of them) even for this small enumeration, which would
    # otherwise stay in process (one unit's work)
    monkeypatch.setattr(enumeration, "_TASK_EVALS", 20_000)
    players = ["AhKh", "QQ+, AKs", "7c7d"]
    for kw in ({"board": "2h 9h Td"}, {"board": "2h 9h Td", "threads": 2},
               {"samples": 100_000, "seed": 7}):
        want = equity(players, **{k: v for k, v in kw.items() if k != "threads"}, threads=1)
        got = equity(players, **kw, executor=pool)
        assert got == want
        assert got.tallies == want.tallies and got.tallies


def test_by_combo_on_a_process_pool_equals_the_in_process_tables(pool, monkeypatch):
    """The per-combo tables are built from the units' counts on the caller's side:
    the same rows whoever ran the units (exact and Monte Carlo)."""
    monkeypatch.setattr(enumeration, "_TASK_EVALS", 20_000)
    players = ["AhKh", "QQ+, AKs"]
    for kw in ({"board": "2h 9h Td"}, {"samples": 50_000, "seed": 3}):
        want = equity(players, **kw, threads=1, by_combo=True)
        got = equity(players, **kw, executor=pool, by_combo=True)
        assert got == want
        t, u = got.players[1].by_combo, want.players[1].by_combo
        assert t is not None and len(t) > 1 and t.array.tobytes() == u.array.tobytes()


def test_by_combo_with_part_is_refused():
    with pytest.raises(OptionError, match="by_combo"):
        equity(["AhKh", "QQ+"], by_combo=True, part=(0, 2))


def test_heavy_calls_on_a_process_pool_are_bit_identical(pool, monkeypatch):
    rng = np.random.default_rng(15)
    deals = np.argsort(rng.random((20, 52)), axis=1).astype(np.uint8)
    holdings = np.ascontiguousarray(deals[:, :13])
    monkeypatch.setattr(chinese.solver, "EXECUTOR_UNIT_HOLDINGS", 7)  # 3 units
    for tables in (None, chinese.solver_tables(*[np.ones(n) for n in (456, 7463, 7463)])):
        want = chinese.solve_many(holdings, tables=tables)
        got = chinese.solve_many(holdings, tables=tables, executor=pool)
        assert want.keys() == got.keys()
        for k in want:
            assert np.array_equal(want[k], got[k]), k
    monkeypatch.setattr(crash.setting, "EXECUTOR_UNIT_HOLDINGS", 6)
    for strategy in ("lexicographic", "expected-points"):
        want = crash.set_many(holdings, strategy)
        got = crash.set_many(holdings, strategy, executor=pool)
        assert all(np.array_equal(a, b) for a, b in zip(want, got))
    monkeypatch.setattr(T, "EXECUTOR_UNIT_ROWS", 1000)
    hands = np.ascontiguousarray(np.argsort(rng.random((2500, 52)), axis=1)[:, :7])
    assert np.array_equal(poker.evaluate_many(hands, executor=pool),
                          poker.evaluate_many(hands))
    masks = (np.uint64(1) << hands.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
    assert np.array_equal(poker.evaluate_many(masks, executor=pool), poker.evaluate_many(hands))


def test_bad_rows_on_an_executor_name_the_row_of_the_whole_input(pool, monkeypatch):
    monkeypatch.setattr(T, "EXECUTOR_UNIT_ROWS", 1000)
    hands = np.tile(np.arange(7, dtype=np.uint8), (2500, 1))
    hands[1700, 3] = 60
    with pytest.raises(Exception, match="row 1700") as local:
        poker.evaluate_many(hands)
    with pytest.raises(type(local.value), match="row 1700"):
        poker.evaluate_many(hands, executor=pool)


class Counting(Executor):
    """Forwards to ``inner``, counting the units submitted."""

    def __init__(self, inner):
        self.inner, self.units, self._max_workers = inner, 0, 2

    def submit(self, fn, *args):
        self.units += 1
        return self.inner.submit(fn, *args)


def _c(a):
    return np.ascontiguousarray(a)


def _masks(a):
    return (np.uint64(1) << a.astype(np.uint64)).sum(axis=1, dtype=np.uint64)


#: Every game's bulk call on a deal matrix ``d`` (rows of distinct card ids 2..51;
#: short deck: 16..51), 2500 rows: more than one unit once the unit size is 1000.
BULK_CALLS = {
    "brag ids": lambda d, **kw: brag.evaluate_many(_c(d[:, :3]), **kw),
    "brag masks": lambda d, **kw: brag.evaluate_many(_masks(d[:, :3]), **kw),
    "canada pit per row": lambda d, **kw: canada.evaluate_many(_c(d[:, :4]), _c(d[:, 4:6]), **kw),
    "canada shared pit": lambda d, **kw: canada.evaluate_many(_c(d[:, :4]), np.array([0, 1]), **kw),
    "canada six columns": lambda d, **kw: canada.evaluate_many(_c(d[:, :6]), **kw),
    "chinese fronts": lambda d, **kw: chinese.evaluate_many(_c(d[:, :3]), **kw),
    "chinese five-card rows": lambda d, **kw: chinese.evaluate_many(_c(d[:, :5]), **kw),
    "omaha high": lambda d, **kw: omaha.evaluate_many(_c(d[:, :4]), _c(d[:, 4:9]), **kw),
    "omaha low": lambda d, **kw: omaha.low_many(_c(d[:, :5]), _c(d[:, 5:10]), **kw),
    "omaha hilo": lambda d, **kw: np.concatenate(omaha.showdown_hilo_many(
        _c(d[:, :8]).reshape(-1, 2, 4), _c(d[:, 8:13]), **kw)[0]),
    "shortdeck": lambda d, **kw: shortdeck.evaluate_many(_c(d[:, :7] % 36 + 16), **kw),
    **{f"lowball {name}": (lambda g: lambda d, **kw: g.evaluate_many(
        _c(d[:, :max(g.HAND_SIZES)]), **kw))(g)
       for name, g in lowball.GAMES.items() if name != "razz"},
}


def _deals(seed, n=2500):
    """Rows of 13 distinct ids from 2..51 whose first 7 are also distinct mod 36."""
    rng = np.random.default_rng(seed)
    d = (np.argsort(rng.random((n, 36)), axis=1) + 16).astype(np.uint8)
    rest = np.argsort(rng.random((n, 16)), axis=1).astype(np.uint8)
    # 7 short-deck cards, then 6 more ids from 2..15 (distinct, and distinct from 16..51)
    return _c(np.concatenate([d[:, :7], rest[rest >= 2].reshape(n, -1)[:, :6]], axis=1))


@pytest.mark.parametrize("name", sorted(BULK_CALLS))
def test_bulk_calls_on_a_process_pool_are_bit_identical(pool, monkeypatch, name):
    monkeypatch.setattr(T, "EXECUTOR_UNIT_ROWS", 1000)  # 3 units (omaha hilo: 5)
    call, d = BULK_CALLS[name], _deals(15)
    want = call(d, threads=1)
    counted = Counting(pool)
    assert np.array_equal(call(d, executor=counted), want)
    assert counted.units >= 3  # the rows really went to the pool, in units
    assert np.array_equal(call(d, threads=2), want)
    bad = d.copy()
    bad[1700, 2] = bad[1700, 1]  # a card twice in row 1700 (for every layout above)
    with pytest.raises(HandrankError, match="row 1700") as local:
        call(bad)
    with pytest.raises(type(local.value), match="row 1700"):
        call(bad, executor=pool)


def test_brag_and_canada_monte_carlo_on_a_process_pool_are_bit_identical(pool, monkeypatch):
    """Each deal has its own stream of the seed: the counts summed over units run on
    the pool are those of one thread (and of two)."""
    import handrank.brag.odds as brag_odds
    import handrank.canada.odds as canada_odds
    monkeypatch.setattr(brag_odds, "EXECUTOR_UNIT_DEALS", 40_000)  # 3 units (min 32,768)
    monkeypatch.setattr(canada_odds, "EXECUTOR_UNIT_SAMPLES", 1000)  # 4 units
    calls = [lambda **kw: brag.equity("As Ks Qs", 3, samples=100_000, seed=5, **kw),
             lambda **kw: canada.equity("As Ks Qs Js", "2c 3d", 3, samples=4000, seed=5, **kw)]
    for call in calls:
        want = call(threads=1)
        counted = Counting(pool)
        got = call(executor=counted)
        assert counted.units >= 3
        assert got == want and got.players[0].wins > 0
        assert call(threads=2) == want


def test_canada_odds_units_on_a_process_pool(pool):
    firsts = [(a, False) for a in range(40, 49)]  # the light units (sets of high cards)
    got = T.run_units(canada.odds._odds_unit, firsts, executor=pool)
    assert all(np.array_equal(g, canada.odds._odds_unit(*u)) for g, u in zip(got, firsts))


@pytest.mark.slow
def test_canada_exact_odds_on_a_process_pool(pool):
    seen = []
    got = canada.exact_odds(executor=pool, progress=lambda d, t: seen.append(d))
    assert np.array_equal(got, canada.exact_odds(threads=1))
    assert seen[-1] == canada.TOTAL_DEALS and seen == sorted(seen)


def test_chinese_solver_tables_pickle():
    t = chinese.default_tables()
    u = pickle.loads(pickle.dumps(t))
    assert u.samples == t.samples
    assert all(np.array_equal(a, b) for ra, rb in zip(t.arrays, u.arrays) for a, b in zip(ra, rb))
    h = np.arange(13, dtype=np.uint8)[None]
    assert chinese.solve_many(h, tables=u)["expected"][0] == chinese.solve_many(h)["expected"][0]


# ------------------------------------------------------------------ a worker dies


def _die_once(marker, fn, *args):
    """A unit whose worker process dies the first time it runs (``marker`` records
    that it has): SIGKILL, as the OOM killer or a lost node would."""
    if not os.path.exists(marker):
        open(marker, "w").close()
        os.kill(os.getpid(), signal.SIGKILL)
    return fn(*args)


class Respawning(Executor):
    """A process pool that re-runs units lost with a dead worker on a fresh pool (what
    Dask does by itself); the ``crash_at``-th unit submitted kills the worker process
    running it, once (``marker``: a path that does not exist yet)."""

    def __init__(self, crash_at, marker):
        self.pool = ProcessPoolExecutor(2)
        self.crash_at = crash_at
        self.marker = marker
        self.submitted = 0
        self.retried = 0
        self.lock = threading.Lock()

    def submit(self, fn, *args):
        outer = Future()
        with self.lock:
            self.submitted += 1
            if self.submitted == self.crash_at:
                fn, args = _die_once, (self.marker, fn, *args)
        self._run(outer, fn, args)
        return outer

    def _fresh_pool(self, broken):
        with self.lock:
            if self.pool is broken:
                self.pool = ProcessPoolExecutor(2)
            self.retried += 1

    def _run(self, outer, fn, args):
        f_pool = self.pool
        try:
            inner = f_pool.submit(fn, *args)
        except BrokenProcessPool:  # broken before its futures said so
            self._fresh_pool(f_pool)
            return self._run(outer, fn, args)

        def finished(f):
            exc = f.exception()
            if exc is None:
                outer.set_result(f.result())
            elif isinstance(exc, BrokenProcessPool):
                self._fresh_pool(f_pool)
                self._run(outer, fn, args)
            else:
                outer.set_exception(exc)
        inner.add_done_callback(finished)

    def shutdown(self, wait=True, **kw):
        self.pool.shutdown(wait=wait)


def test_a_worker_killed_mid_run_still_gives_the_exact_answer(tmp_path):
    """The third unit's worker process is killed while it runs (the run is then
    under way: units before it done, units after it queued); the units lost with
    it run again on a fresh pool and the answer is bit for bit the in-process one."""
    players, kw = ["AhKh", "QQ+, AKs"], {"samples": 600_000, "seed": 5}
    want = equity(players, **kw)
    ex = Respawning(crash_at=3, marker=str(tmp_path / "died"))
    try:
        got = equity(players, **kw, executor=ex)
    finally:
        ex.shutdown()
    assert (tmp_path / "died").exists() and ex.submitted > 3
    assert ex.retried >= 1  # units were lost with the worker, and run again
    assert got == want


# ------------------------------------------------------------------ merge


@pytest.mark.parametrize("kw", [{"board": "2h 9h Td"}, {},
                                {"board": "Qs 9h 2d", "samples": 150_000, "seed": 3}])
def test_merging_the_parts_of_a_split_run_gives_the_whole_run(kw):
    players = ["AhKh", "QQ+, AKs", "7c7d"] if "samples" in kw or kw else ["AhKh", "7c7d"]
    whole = equity(players, **kw)
    parts = [equity(players, **kw, part=(i, 3)) for i in range(3)]
    assert sum(p.deals for p in parts) == whole.deals
    assert all(p.parts == (i,) and p.of_parts == 3 for i, p in enumerate(parts))
    for order in (parts, parts[::-1], [parts[1], parts[2], parts[0]]):
        merged = EquityResult.merge(*order)
        assert merged == whole  # every field, the integer tallies included
        assert merged.table() == whole.table()
    half = EquityResult.merge(parts[0], parts[2])
    assert half.parts == (0, 2) and EquityResult.merge(half, parts[1]) == whole


def test_pooled_monte_carlo_runs_add_their_deals():
    a = equity(["AhKh", "7c7d"], samples=20_000, seed=1)
    b = equity(["AhKh", "7c7d"], samples=30_000, seed=2)
    m = EquityResult.merge(a, b)
    assert m.deals == 50_000 and m.seed is None
    assert m.players[0].wins == a.players[0].wins + b.players[0].wins
    assert min(a.players[0].equity, b.players[0].equity) <= m.players[0].equity \
        <= max(a.players[0].equity, b.players[0].equity)


def test_merge_refuses_what_does_not_belong_together():
    a = equity(["AhKh", "7c7d"], "2h 9h Td", part=(0, 2))
    with pytest.raises(OptionError, match="twice"):
        EquityResult.merge(a, a)
    with pytest.raises(OptionError, match="twice"):
        EquityResult.merge(equity(["AhKh", "7c7d"], "2h 9h Td"), a)
    with pytest.raises(OptionError, match="same players"):
        EquityResult.merge(a, equity(["AhKh", "7c7s"], "2h 9h Td", part=(1, 2)))
    with pytest.raises(OptionError, match="same k"):
        EquityResult.merge(a, equity(["AhKh", "7c7d"], "2h 9h Td", part=(1, 3)))
    with pytest.raises(OptionError, match="twice"):
        s = equity(["AhKh", "7c7d"], samples=20_000, seed=1)
        EquityResult.merge(s, s)
    with pytest.raises(OptionError, match="same seed"):
        c = canada.equity("Ac 3d 5h 7s", "Kc 9d", samples=100, seed=1)
        EquityResult.merge(c, c)
    with pytest.raises(OptionError, match="at least one"):
        EquityResult.merge()


def test_brag_and_canada_monte_carlo_runs_of_different_seeds_pool_their_deals():
    """The other games' equity has no part=: runs of different seeds merge by pooling
    (integer counts add exactly, equity is the deal-weighted mean); exact runs and
    different calls are refused."""
    from handrank import brag
    for run in (lambda s, n: brag.equity("Qh Qd 9c", opponents=2, samples=n, seed=s),
                lambda s, n: canada.equity("8c 7c 3d 3h", "Ks Qs", opponents=2, samples=n,
                                           seed=s)):
        a, b = run(1, 20_000), run(2, 10_000)
        m = EquityResult.merge(b, a)
        assert m.deals == 30_000 and m.seed is None and type(m) is type(a)
        for pm, pa, pb in zip(m.players, a.players, b.players):
            assert (pm.wins, pm.ties, pm.losses) == (pa.wins + pb.wins, pa.ties + pb.ties,
                                                     pa.losses + pb.losses)
            assert pm.equity == pytest.approx((2 * pa.equity + pb.equity) / 3, abs=1e-15)
            assert pm.win == pm.wins / 30_000
            assert min(pa.stderr, pb.stderr) > pm.stderr > 0
    with pytest.raises(OptionError, match="same call"):
        EquityResult.merge(brag.equity("Qh Qd 9c", opponents=2, samples=1000, seed=1),
                           brag.equity("Qh Qd 9c", opponents=3, samples=1000, seed=2))
    x = brag.equity("Qh Qd 9c", opponents=1)  # one opponent: enumerated exactly
    assert x.exact
    with pytest.raises(OptionError, match="exact"):
        EquityResult.merge(x)


@pytest.mark.parametrize("part, match", [((2, 2), "part's i"), ((0, 0), "part's k"),
                                         ([0, 2], "tuple"), ((0.0, 2), "part's i")])
def test_a_bad_part_is_named(part, match):
    with pytest.raises(OptionError, match=match):
        equity(["AhKh", "7c7d"], part=part)


def test_a_monte_carlo_part_needs_an_int_seed_and_a_fixed_count():
    with pytest.raises(OptionError, match="int seed"):
        equity(["AhKh", "7c7d"], samples=1000, part=(0, 2))
    with pytest.raises(OptionError, match="target_stderr"):
        equity(["AhKh", "7c7d"], target_stderr=0.01, seed=1, part=(0, 2))


# ------------------------------------------------------------------ a Dask cluster


@pytest.fixture(scope="module")
def dask_client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, worker_dashboard_address=None,
                                  ) as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.mark.slow
def test_heavy_calls_on_a_dask_cluster_are_bit_identical(dask_client, monkeypatch):
    """The issue's CI check: a LocalCluster of 2 worker processes, each heavy call."""
    ex = dask_client.get_executor()
    monkeypatch.setattr(enumeration, "_TASK_EVALS", 20_000)
    players = ["AhKh", "QQ+, AKs", "7c7d"]
    for kw in ({"board": "2h 9h Td"}, {"samples": 100_000, "seed": 7}):
        assert equity(players, **kw, executor=ex) == equity(players, **kw)
    rng = np.random.default_rng(16)
    holdings = np.ascontiguousarray(
        np.argsort(rng.random((12, 52)), axis=1)[:, :13].astype(np.uint8))
    monkeypatch.setattr(chinese.solver, "EXECUTOR_UNIT_HOLDINGS", 5)
    want, got = chinese.solve_many(holdings), chinese.solve_many(holdings, executor=ex)
    assert all(np.array_equal(want[k], got[k]) for k in want)
    monkeypatch.setattr(crash.setting, "EXECUTOR_UNIT_HOLDINGS", 5)
    assert all(np.array_equal(a, b) for a, b in zip(crash.set_many(holdings),
                                                    crash.set_many(holdings, executor=ex)))
    monkeypatch.setattr(T, "EXECUTOR_UNIT_ROWS", 1000)
    hands = np.ascontiguousarray(np.argsort(rng.random((2500, 52)), axis=1)[:, :7])
    assert np.array_equal(poker.evaluate_many(hands, executor=ex), poker.evaluate_many(hands))
    d = _deals(16)
    for name in ("brag masks", "canada shared pit", "omaha hilo", "lowball badugi", "shortdeck"):
        assert np.array_equal(BULK_CALLS[name](d, executor=ex), BULK_CALLS[name](d)), name
    import handrank.canada.odds as canada_odds
    monkeypatch.setattr(canada_odds, "EXECUTOR_UNIT_SAMPLES", 1000)
    mc = lambda **kw: canada.equity("As Ks Qs Js", "2c 3d", 3, samples=3000, seed=5, **kw)  # noqa: E731
    assert mc(executor=ex) == mc()
    got = T.run_units(canada.odds._odds_unit, [(a, False) for a in range(44, 49)], executor=ex)
    assert all(np.array_equal(g, canada.odds._odds_unit(a, False))
               for g, a in zip(got, range(44, 49)))


@pytest.mark.slow
def test_a_dask_worker_killed_mid_run_still_gives_the_exact_answer(dask_client):
    """Dask reruns the units of a worker that died (its nanny starts a new one)."""
    players, kw = ["AhKh", "QQ+, AKs"], {"samples": 500_000, "seed": 9}
    pids = list(dask_client.run(os.getpid).values())
    calls = []

    def progress(done, total):
        calls.append(done)
        if len(calls) == 2:
            os.kill(pids[0], signal.SIGKILL)

    got = equity(players, **kw, executor=dask_client.get_executor(), progress=progress)
    assert len(calls) > 2  # the kill came mid-run
    assert got == equity(players, **kw)


def test_partial_results_say_so():
    ps = [equity(["AhKh", "7c7d"], "2h 9h Td", part=(i, 4)) for i in range(4)]
    one = ps[1]
    assert one.partial and str(one).endswith("; part 1 of 4 (incomplete)")
    assert "parts=(1,), of_parts=4" in repr(one)
    d = one.to_dict()
    assert d["parts"] == [1] and d["of_parts"] == 4
    some = EquityResult.merge(ps[2], ps[0], ps[1])
    assert str(some).endswith("; parts 0, 1, 2 of 4 (incomplete)")
    assert some.to_dict()["parts"] == [0, 1, 2]
    whole = EquityResult.merge(*ps)
    assert not whole.partial and "incomplete" not in str(whole)
    assert "parts" not in whole.to_dict() and "parts=" not in repr(whole)
    assert "of_parts" not in equity(["AhKh", "7c7d"], "2h 9h Td", part=(0, 1)).to_dict()


class _FailsOnce(Executor):
    """Runs units in the caller; the futures of the units in ``fail`` fail once with
    ``exc`` (as distributed's ClientExecutor reports a unit whose worker died after
    it finished: ``ValueError: not enough values to unpack``)."""

    def __init__(self, fail, exc):
        self.fail, self.exc, self.calls = set(fail), exc, []

    def submit(self, fn, *args):
        f = Future()
        i = args[0]
        self.calls.append(i)
        if i in self.fail:
            self.fail.discard(i)
            f.set_exception(self.exc)
        else:
            f.set_result(fn(*args))
        return f


def test_a_unit_the_engine_failed_is_run_once_more():
    ex = _FailsOnce({2, 5}, ValueError("not enough values to unpack (expected 3, got 2)"))
    assert T.run_units(_square, [(i,) for i in range(8)], executor=ex) == \
        [i * i for i in range(8)]
    assert sorted(ex.calls) == [0, 1, 2, 2, 3, 4, 5, 5, 6, 7]


def test_a_unit_failing_twice_or_with_a_handrank_error_raises():
    class Always(_FailsOnce):  # unit 3 fails every time it is sent
        def submit(self, fn, *args):
            if args[0] == 3:
                self.fail.add(3)
            return super().submit(fn, *args)
    ex = Always({3}, ValueError("engine trouble"))
    with pytest.raises(ValueError, match="engine trouble"):
        T.run_units(_square, [(i,) for i in range(5)], executor=ex)
    assert ex.calls.count(3) == 2  # sent once more, then the error
    ex = _FailsOnce({1}, CardRangeError("card id 60 is out of range"))
    with pytest.raises(CardRangeError):
        T.run_units(_square, [(i,) for i in range(3)], executor=ex)
    assert ex.calls.count(1) == 1  # the unit's own error: not run again
