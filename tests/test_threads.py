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
    the thread saves); the rows are covered once either way. (In process, run_bulk
    calls its unit on the whole arrays with a row range and a Team; this unit, in
    Python, runs the whole range on the calling thread's call.)"""
    import numpy as np
    seen: list[tuple[int, int, bool]] = []

    def unit(rows, out, *, start=0, stop=None, team=None, lead=True):
        stop = len(out) if stop is None else stop
        if lead:
            seen.append((threading.get_ident(), stop - start, team is not None))
            out[start:stop] = rows[start:stop]
        return None

    for n, expect in ((2 * T.BULK_MIN_ROWS - 1, 1), (2 * T.BULK_MIN_ROWS, 2)):
        seen.clear()
        rows = np.arange(n, dtype=np.int32)
        out = np.zeros(n, dtype=np.int32)
        assert T.run_bulk(unit, (rows,), out, threads=2) is None
        assert np.array_equal(out, rows)
        assert sum(s[1] for s in seen) == n
        assert all(s[0] == threading.get_ident() for s in seen)  # the calling thread leads
        assert all(s[2] == (expect == 2) for s in seen)  # a second thread only with a Team


# ------------------------------------------------ teams: threads sharing rows in C


def _random_hands(n, seed=3):
    import numpy as np
    g = np.random.default_rng(seed)
    return np.argsort(g.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


@pytest.mark.parametrize("block", [1, 7, 1000, 10**9])
def test_a_team_writes_every_row_once_and_its_lead_waits_for_the_others(block):
    """Three threads pass one Team to the same poker kernel call at once (issue 11):
    together they write every row exactly as one thread does, the lead's call returns
    only once the others have left, and a thread arriving after the round finds the
    team spent and writes nothing."""
    import numpy as np
    from handrank._support._kernel import Team
    from handrank.poker import _kernel as K
    ids = _random_hands(20_000)
    ref = np.zeros(len(ids), np.int32)
    assert K.eval_ids(ids, ref, 0, len(ids)) is None
    for start, stop in ((0, len(ids)), (123, 17_001)):
        out = np.zeros(len(ids), np.int32)
        team = Team(start, stop, block)
        results = []
        workers = [threading.Thread(target=lambda: results.append(
            K.eval_ids(ids, out, start, stop, 1, False, team, False))) for _ in range(2)]
        for w in workers:
            w.start()
        assert K.eval_ids(ids, out, start, stop, 1, False, team, True) is None
        # the lead has returned: every row of the round is written, none outside it
        assert np.array_equal(out[start:stop], ref[start:stop])
        assert not out[:start].any() and not out[stop:].any()
        for w in workers:
            w.join()
        assert results == [None, None]
        blocks = -(-(stop - start) // block)
        assert team.blocks_taken >= blocks
        out[:] = 0  # a late thread finds the round spent
        assert K.eval_ids(ids, out, start, stop, 1, False, team, False) is None
        assert not out.any()


@pytest.mark.parametrize("kernel", ["ids", "masks"])
def test_a_team_reports_its_lowest_bad_row(kernel):
    """Bad rows in several blocks, met by different threads: the lead's call returns
    the lowest one, as one thread does; no thread starts a block past a known bad row."""
    import numpy as np
    from handrank._support._kernel import Team
    from handrank.poker import _kernel as K
    ids = _random_hands(50_000)
    rows = ids
    call = K.eval_ids
    if kernel == "masks":
        rows = (np.uint64(1) << ids.astype(np.uint64)).sum(1, dtype=np.uint64)
        call = K.eval_masks
        rows[41_234] |= np.uint64(1 << 60)  # out of range
        rows[9_876] = 0b11111111  # eight cards
    else:
        ids[41_234, 3] = 60  # out of range, column 3
        ids[9_876, 5] = ids[9_876, 1]  # a repeat: column 5 repeats column 1
    out = np.zeros(len(ids), np.int32)
    alone = call(rows, out, 0, len(ids))
    assert alone[0] == 9_876
    for block in (100, 5000):
        team = Team(0, len(ids), block)
        w = threading.Thread(target=call, args=(rows, np.zeros(len(ids), np.int32), 0, len(ids))
                             + ((1, False) if kernel == "ids" else ()) + (team, False))
        # the worker writes into its own array here: only the lead's answer matters
        w.start()
        args = (1, False) if kernel == "ids" else ()
        assert call(rows, out, 0, len(ids), *args, team, True) == alone
        w.join()


def test_a_team_is_for_one_round_of_one_range():
    """A Team names its rows and has one lead: other rows, or a second lead (a Team
    reused for a new round), are refused with a HandrankError, before any row runs."""
    import numpy as np
    from handrank._support._kernel import Team
    from handrank.errors import HandrankError
    from handrank.poker import _kernel as K
    ids = _random_hands(100)
    out = np.zeros(100, np.int32)
    team = Team(0, 100, 10)
    with pytest.raises(HandrankError, match="rows 0..100, not 0..99"):
        K.eval_ids(ids, out, 0, 99, 1, False, team, True)
    assert K.eval_ids(ids, out, 0, 100, 1, False, team, True) is None
    with pytest.raises(HandrankError, match="already has its lead"):
        K.eval_masks(np.zeros(100, np.uint64), out, 0, 100, team, True)
    with pytest.raises(HandrankError, match="0 <= start <= stop"):
        Team(5, 4, 1)
    with pytest.raises(TypeError):
        K.eval_ids(ids, out, 0, 100, 1, False, np.zeros(5, np.int64), True)
    assert Team(0, 1, 0).block == 1 and Team(0, 1, -7).block == 1
    with pytest.raises(HandrankError, match="initialised once"):
        team.__init__(0, 100, 10)  # its counters cannot be reset under running threads


@pytest.mark.parametrize("threads", [2, 3])
def test_run_team_covers_every_row_and_reports_the_lowest_bad_row(threads):
    """run_team's rounds cover the range once (rows written by whichever thread took
    their block), and the lowest bad row of the whole input comes back."""
    import numpy as np
    from handrank.poker import _kernel as K
    n = 3 * T.UNIT_FACTOR * 1000 * threads + 17  # several rounds, a short last one
    ids = _random_hands(n)
    ref = np.zeros(n, np.int32)
    K.eval_ids(ids, ref, 0, n)
    out = np.zeros(n, np.int32)
    leads = []

    def kernel(a, b, team, lead):
        leads.append((a, b, team is not None, lead))
        return K.eval_ids(ids, out, a, b, 1, False, team, lead)

    assert T.run_team(kernel, n, threads, min_rows=1000) is None
    assert np.array_equal(out, ref)
    rounds = [(a, b) for a, b, _, lead in leads if lead]
    assert rounds == [(a, min(n, a + T.UNIT_FACTOR * 1000 * threads))
                      for a in range(0, n, T.UNIT_FACTOR * 1000 * threads)]
    ids[n - 5, 0] = 99
    ids[n // 2, 6] = 52
    err = T.run_team(kernel, n, threads, min_rows=1000)
    assert err == (n // 2, 6, K.KIND_RANGE)


def test_run_team_on_one_thread_runs_units_without_a_team():
    seen = []

    def kernel(a, b, team, lead):
        seen.append((a, b, team, lead))

    assert T.run_team(kernel, 50_000, 1, min_rows=1000) is None
    assert all(t is None and lead for _, _, t, lead in seen)
    assert sum(b - a for a, b, _, _ in seen) == 50_000


# ------------------------------------- teams in every game's bulk evaluation


@pytest.fixture
def teams(monkeypatch):
    """The Teams run_team makes during the test (so it can check rows were shared)."""
    from handrank._support._kernel import Team
    made = []

    def team(start, stop, block):
        made.append(Team(start, stop, block))
        return made[-1]

    monkeypatch.setattr(T, "Team", team)
    return made


def _pool_rows(n, width, deck=52, first=0, seed=11):
    """``n`` rows of ``width`` distinct card ids ``first..first+deck-1`` (uint8), drawn
    from a pool of 4096 random rows (cheap for a few hundred thousand rows)."""
    import numpy as np
    g = np.random.default_rng(seed)
    pool = (first + np.argsort(g.random((4096, deck)), axis=1)[:, :width]).astype(np.uint8)
    return pool[g.integers(0, len(pool), n)]


def _check_team_game(teams, call, rows, spoil, error):
    """``call(rows, threads, out)`` on 2 threads equals 1 thread (every row written,
    by a team), and with two bad rows (``spoil(rows, row)`` spoils one: one past the
    middle, one earlier) both report the earlier one, with the same message."""
    import numpy as np
    n = len(rows[0])
    one = call(rows, 1, np.full(n, -1, np.int32))
    assert not teams
    two = call(rows, 2, np.full(n, -1, np.int32))
    assert np.array_equal(two, one) and (one >= 0).all()
    assert teams and all(t.blocks_taken >= -(-(t.stop - t.start) // t.block) for t in teams)
    bad = [r.copy() for r in rows]
    early, late = n // 3 + 7, 3 * n // 4 + 5
    spoil(bad, late)
    spoil(bad, early)
    messages = []
    for threads in (1, 2):
        with pytest.raises(error, match=rf"\brow {early}\b") as e:
            call(bad, threads, np.zeros(n, np.int32))
        messages.append(str(e.value))
    assert messages[0] == messages[1]


def _brag_ids(n):
    import itertools

    import numpy as np
    g = np.random.default_rng(4)
    combos = np.array(list(itertools.combinations(range(52), 3)), np.uint8)
    return combos[g.integers(0, len(combos), n)][:, g.permutation(3)]


def _team_case_brag_ids(teams):
    from handrank import brag
    from handrank.errors import CardRangeError

    def spoil(rows, r):
        rows[0][r, 1] = 77

    _check_team_game(teams, lambda r, t, out: brag.evaluate_many(r[0], threads=t, out=out),
                     [_brag_ids(2 * T.BULK_MIN_ROWS + 1000)], spoil, CardRangeError)


def _team_case_brag_masks(teams):
    import numpy as np
    from handrank import brag
    from handrank.errors import HandrankError
    ids = _brag_ids(2 * T.BULK_MIN_ROWS + 1000)
    masks = (np.uint64(1) << ids.astype(np.uint64)).sum(1, dtype=np.uint64)

    def spoil(rows, r):  # the later one out of range, the earlier four cards
        rows[0][r] = np.uint64(1 << 60) if r > len(rows[0]) // 2 else np.uint64(0b1111)

    _check_team_game(teams, lambda r, t, out: brag.evaluate_many(r[0], threads=t, out=out),
                     [masks], spoil, HandrankError)


def _team_case_shortdeck(teams):
    from handrank import shortdeck
    from handrank.errors import CardRangeError

    def spoil(rows, r):  # the later one repeats a card, the earlier is a deuce
        rows[0][r, 4] = rows[0][r, 1] if r > len(rows[0]) // 2 else 0

    _check_team_game(teams, lambda r, t, out: shortdeck.evaluate_many(r[0], threads=t, out=out),
                     [_pool_rows(2 * T.BULK_MIN_ROWS + 1000, 7, 36, 16)], spoil,
                     CardRangeError)


def _team_case_lowball(teams):
    from handrank import lowball
    from handrank.errors import CardRangeError

    def spoil(rows, r):  # the later one repeats a card, the earlier is out of range
        rows[0][r, 2] = rows[0][r, 0] if r > len(rows[0]) // 2 else 52

    for game, k in ((lowball.deuce_to_seven, 5), (lowball.ace_to_five, 7), (lowball.badugi, 4)):
        teams.clear()
        _check_team_game(teams, lambda r, t, out: game.evaluate_many(r[0], threads=t, out=out),
                         [_pool_rows(2 * T.BULK_MIN_ROWS + 1000, k)], spoil, CardRangeError)


def _team_case_omaha(teams):
    import numpy as np
    from handrank import omaha
    from handrank.errors import HandrankError
    from handrank.omaha.bulk import MIN_ROWS_PER_THREAD
    rows = _pool_rows(8 * MIN_ROWS_PER_THREAD + 100, 9)

    def spoil(rows, r):  # the later one's board is out of range, the earlier repeats a card
        rows[1][r, 2] = 60 if r > len(rows[0]) // 2 else rows[0][r, 1]

    for low, many in ((False, omaha.evaluate_many), (True, omaha.low_many)):
        teams.clear()
        _check_team_game(teams, lambda r, t, out: many(r[0], r[1], threads=t, out=out),
                         [np.ascontiguousarray(rows[:, :4]), np.ascontiguousarray(rows[:, 4:])],
                         spoil, HandrankError)


def _team_case_canada(teams):
    import numpy as np
    from handrank import canada
    from handrank.errors import HandrankError
    six = _pool_rows(2 * T.BULK_MIN_ROWS + 1000, 6)

    def spoil(rows, r):  # the later one's set is out of range, the earlier repeats a card
        rows[0][r, 3] = 52 if r > len(rows[0]) // 2 else rows[0][r, 0]

    sets = np.ascontiguousarray(six[:, :4])
    for rows, many in (([six], lambda r, t, out: canada.evaluate_many(r[0], threads=t, out=out)),
                       ([sets, np.ascontiguousarray(six[:, 4:])],
                        lambda r, t, out: canada.evaluate_many(r[0], r[1], threads=t, out=out)),
                       ([_pool_rows(len(six), 4, 50)],  # sets without the shared pit's cards
                        lambda r, t, out: canada.evaluate_many(r[0], [50, 51], threads=t,
                                                               out=out))):
        teams.clear()
        _check_team_game(teams, many, rows, spoil, HandrankError)


def _team_case_chinese(teams):
    """Fronts: the Python layer checks every row before the kernel, so a bad row is
    found there on any thread count; the kernel's team reports its lowest bad row
    itself (ValueError) when called on unchecked rows."""
    import numpy as np
    from handrank import chinese
    from handrank._support._kernel import Team
    from handrank.chinese import _kernel as K
    from handrank.errors import HandrankError

    def spoil(rows, r):  # both out of range (the Python layer checks ranges, then repeats)
        rows[0][r, 1] = 52 if r > len(rows[0]) // 2 else 60

    fronts = _pool_rows(2 * T.BULK_MIN_ROWS + 1000, 3)
    _check_team_game(teams, lambda r, t, out: chinese.evaluate_many(r[0], threads=t, out=out),
                     [fronts], spoil, HandrankError)
    n = len(fronts)
    early, late = n // 3 + 7, 3 * n // 4 + 5
    spoil([fronts], late)
    spoil([fronts], early)
    team = Team(0, n, 1000)
    seen = []

    def worker():  # a worker that met a bad row raises too (its round's lowest so far)
        try:
            K.front_strengths(fronts, np.zeros(n, np.int32), 0, n, team, False)
        except ValueError as e:
            seen.append(e)

    w = threading.Thread(target=worker)
    w.start()
    with pytest.raises(ValueError, match=rf"^row {early}:"):
        K.front_strengths(fronts, np.zeros(n, np.int32), 0, n, team, True)
    w.join()


TEAM_CASES = {
    "brag-ids": _team_case_brag_ids,
    "brag-masks": _team_case_brag_masks,
    "shortdeck": _team_case_shortdeck,
    "lowball": _team_case_lowball,
    "omaha": _team_case_omaha,
    "canada": _team_case_canada,
    "chinese": _team_case_chinese,
}


@pytest.mark.parametrize("case", sorted(TEAM_CASES))
def test_every_game_shares_bulk_rows_in_a_team(case, teams):
    """Each game's bulk evaluation on 2 threads shares one kernel call's rows in C
    (a Team, ``_c/team.h``): the same strengths as 1 thread, and the lowest of two
    bad rows in different blocks reported the same way."""
    TEAM_CASES[case](teams)


def test_a_failing_lead_cancels_its_round():
    """When the calling thread's call raises before it reaches the kernel (Ctrl-C in
    its Python wrapper), team_round cancels the round: the exception leaves only once
    the workers are out of the kernel, and they start no other block (nothing is
    written afterwards into an array the caller may already be reusing)."""
    import time
    import numpy as np
    from handrank.poker import _kernel as K
    from handrank import cards
    ids = cards.deal(2_000_000, 7, seed=4)  # 4 ms of work: the round cannot end first
    out = np.zeros(len(ids), np.int32)
    seen = []

    def kernel(a, b, team, lead):
        seen.append(team)
        if lead:
            time.sleep(0.0005)  # let the worker enter and take a block or more
            raise KeyboardInterrupt
        return K.eval_ids(ids, out, a, b, 1, False, team, lead)

    with pytest.raises(KeyboardInterrupt):
        T.team_round(kernel, 0, len(ids), 2, 10)
    team = seen[0]
    assert team.blocks_taken >= 1 << 61  # cancelled
    written = out.copy()
    time.sleep(0.05)
    assert np.array_equal(out, written)  # no write after the exception
    assert (out != 0).sum() < len(ids)  # the round stopped early
    team.cancel()  # a second cancel returns at once


def test_an_interrupt_while_handing_out_work_cancels_the_round(monkeypatch):
    """Ctrl-C can land in ``pool.submit`` after the work is queued: the round is
    cancelled all the same, so the queued worker writes nothing after the exception."""
    import time
    import numpy as np
    from handrank import cards
    from handrank.poker import _kernel as K
    ids = cards.deal(2_000_000, 7, seed=5)
    out = np.zeros(len(ids), np.int32)
    real = T._get_pool(1)

    class Interrupted:
        def submit(self, *args):
            real.submit(*args)
            raise KeyboardInterrupt  # after the item is queued

    monkeypatch.setattr(T, "_get_pool", lambda workers: Interrupted())
    teams = []

    def kernel(a, b, team, lead):
        teams.append(team)
        return K.eval_ids(ids, out, a, b, 1, False, team, lead)

    with pytest.raises(KeyboardInterrupt):
        T.team_round(kernel, 0, len(ids), 2, 10)
    written = out.copy()
    time.sleep(0.05)
    assert np.array_equal(out, written)  # no write after the exception
    from handrank._support._kernel import Team
    t = Team(0, 10, 1)
    for _ in range(9):  # cancelling again and again keeps the round stopped
        t.cancel()
    assert t.blocks_taken >= 1 << 61
    assert K.eval_ids(ids, out, 0, 10, 1, False, t, True) is None
    assert np.array_equal(out, written)
