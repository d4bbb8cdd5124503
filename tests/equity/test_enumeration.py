"""Exact enumeration with board suit isomorphism (``equity/enumeration.h``, issue 11):
the weighted counts of ``exact_iso`` equal the plain enumeration (``exact_units``,
every board evaluated) on many deals: preflop, flop, turn, river, dead cards, 2-10
players, any split into parts; ranges give the counts of every combination."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handrank import equity as E
from handrank.cards import parse_cards
from handrank.equity import _kernel as K
from handrank.equity import inputs, planning
from handrank.errors import HandrankError

u8 = lambda a: np.ascontiguousarray(a, dtype=np.uint8)  # noqa: E731


def plain(holes: np.ndarray, board: np.ndarray, dead_mask: int) -> np.ndarray:
    """(A, 3n) counts of every assignment from the plain kernel (every board)."""
    A, n = holes.shape[0], holes.shape[1] // 2
    r = 5 - len(board)
    split = r >= 3
    m0 = K.deck_left(board, dead_mask, n) - r + 1 if split else 1
    out = np.zeros((A * m0, 3 * n), dtype=np.int64)
    K.exact_units(holes, board, dead_mask, 0, A * m0, out, split)
    return out.reshape(A, m0, 3 * n).sum(axis=1)


def iso(holes: np.ndarray, board: np.ndarray, dead_mask: int, parts: int = 1
        ) -> tuple[np.ndarray, int]:
    A, n = holes.shape[0], holes.shape[1] // 2
    out = np.zeros((A * parts, 3 * n), dtype=np.int64)
    ev = K.exact_iso(holes, board, dead_mask, parts, 0, A * parts, out)
    return out.reshape(A, parts, 3 * n).sum(axis=1), ev


def deal(seed: int, n: int, board_len: int, n_dead: int) -> tuple[np.ndarray, np.ndarray, int]:
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52)
    holes = u8(cards[:2 * n].reshape(1, -1))
    board = u8(cards[2 * n:2 * n + board_len])
    dead = cards[2 * n + board_len:2 * n + board_len + n_dead]
    return holes, board, sum(1 << int(c) for c in dead)


def test_aces_vs_kings_counts_and_boards_evaluated():
    holes = u8([parse_cards("AhAd") + parse_cards("KsKc")])
    board = u8([])
    counts, ev = iso(holes, board, 0)
    # wins, ties, share units: identical integers to every board evaluated
    assert counts[0].tolist() == [1_388_072, 317_694, 6_538, 6_538,
                                  1_388_072 * 2520 + 6_538 * 1260, 317_694 * 2520 + 6_538 * 1260]
    assert np.array_equal(counts, plain(holes, board, 0))
    # one evaluation per class of boards equal up to suits that cannot make a flush
    assert ev == 82_167 < math.comb(48, 5) // 20


@pytest.mark.parametrize("hands,board,dead", [
    (["AhAd", "KsKc"], "", ""),                       # preflop, every suit relevant at first
    (["AhKh", "QhJh"], "", "2h 3h"),                  # suited hands, dead cards of their suit
    (["7c2d", "8s3h", "9h4c"], "", ""),               # 3-way preflop
    (["AhAd", "KsKc"], "2h 7h 9c", ""),               # flop with a flush draw
    (["AhAd", "KsKc"], "2h 7h 9h", "Th"),             # flop: one more heart makes a flush
    (["AsKs", "QdQc", "7h7d", "2c3c"], "4s 5s", ""),  # not a board size: refused below
    (["AhAd", "KsKc"], "2h 7h 9c Th", "3s 4s"),       # turn
    (["AhAd", "KsKc"], "2h 7h 9c Th Jh", ""),         # river: one board
])
def test_named_deals_match_plain_enumeration(hands, board, dead):
    holes = u8([sum((parse_cards(h) for h in hands), [])])
    b = u8(parse_cards(board) if board else [])
    dm = sum(1 << c for c in (parse_cards(dead) if dead else []))
    if len(b) not in (0, 3, 4, 5):
        with pytest.raises(HandrankError):
            iso(holes, b, dm)
        return
    counts, ev = iso(holes, b, dm)
    expect = plain(holes, b, dm)
    assert np.array_equal(counts, expect)
    boards = math.comb(K.deck_left(b, dm, len(hands)), 5 - len(b))
    assert 1 <= ev <= boards
    if len(hands) == 2:  # every board counted once: a win for one player or a tie
        assert counts[0, 0] + counts[0, 1] + counts[0, 2] == boards


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6),
       board_len=st.sampled_from([3, 3, 4, 4, 5, 0]), n_dead=st.integers(0, 4),
       parts=st.integers(1, 5))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_iso_equals_plain_enumeration(seed, n, board_len, n_dead, parts):
    if board_len == 0:
        n = max(n, 5)  # preflop: keep the plain enumeration quick (fewer boards)
        n_dead = max(n_dead, 4)
    holes, board, dm = deal(seed, n, board_len, n_dead)
    counts, _ = iso(holes, board, dm, parts)
    assert np.array_equal(counts, plain(holes, board, dm))


def symmetric_deal(seed: int, n: int, board_len: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Pocket pairs and suited hands from few suits: deals that suit renamings fix
    (the second isomorphism), e.g. AhAd vs KhKd (swap h/d, swap c/s)."""
    rng = np.random.default_rng(seed)
    ranks = rng.permutation(13)
    holes: list[int] = []
    for p in range(n):
        a, b = rng.choice(4, size=2, replace=False)
        if rng.random() < 0.6:   # pocket pair in suits a, b
            holes += [4 * ranks[p] + a, 4 * ranks[p] + b]
        else:                    # suited: ranks p and p + 6 (distinct from the pairs' ranks)
            holes += [4 * ranks[p] + a, 4 * ranks[(p + 6) % 13] + a]
    rest = [c for c in range(52) if c not in holes]
    if len(set(holes)) != len(holes):
        holes = [int(c) for c in rng.permutation(52)[:2 * n]]
        rest = [c for c in range(52) if c not in holes]
    # a board of one rank's cards (a trips/pair board keeps most symmetry) or random
    board = [int(c) for c in rng.choice(rest, size=board_len, replace=False)]
    return u8([holes]), u8(board), 0


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4),
       board_len=st.sampled_from([0, 3, 3, 4, 4, 5]), parts=st.integers(1, 4))
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_symmetric_deals_equal_plain_enumeration(seed, n, board_len, parts):
    if board_len == 0:
        n = 4  # preflop: the plain enumeration stays quick
    holes, board, dm = symmetric_deal(seed, n, board_len)
    counts, _ = iso(holes, board, dm, parts)
    assert np.array_equal(counts, plain(holes, board, dm))


@pytest.mark.slow
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 6),
       board_len=st.sampled_from([0, 3, 4, 5]), parts=st.integers(1, 9))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_symmetric_deals_sweep(seed, n, board_len, parts):
    holes, board, dm = symmetric_deal(seed, n, board_len)
    counts, _ = iso(holes, board, dm, parts)
    assert np.array_equal(counts, plain(holes, board, dm))


@pytest.mark.slow
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 10),
       board_len=st.sampled_from([0, 3, 4, 5]), n_dead=st.integers(0, 8),
       parts=st.integers(1, 9))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_iso_equals_plain_enumeration_sweep(seed, n, board_len, n_dead, parts):
    holes, board, dm = deal(seed, n, board_len, min(n_dead, 52 - 2 * n - board_len - 5))
    counts, _ = iso(holes, board, dm, parts)
    assert np.array_equal(counts, plain(holes, board, dm))


def test_several_assignments_and_parts_add_up():
    d = inputs.read_deal(["QQ+, AKs", "JJ-99"], "2h 7h 9c", None)
    p = planning.plan(d, "exact", False)
    holes = u8(p.holes)
    expect = plain(holes, d.board, d.dead_mask)
    for parts in (1, 2, 7):
        counts, _ = iso(holes, d.board, d.dead_mask, parts)
        assert np.array_equal(counts, expect)
    # a unit range in the middle fills only its rows
    A, n = holes.shape[0], 2
    out = np.zeros((A * 3, 3 * n), dtype=np.int64)
    K.exact_iso(holes, d.board, d.dead_mask, 3, 4, 11, out)
    assert not out[:4].any() and not out[11:].any() and out[4:11].any()


def test_threads_sharing_units_fill_every_row_once():
    """``exact_iso`` with a team (issue 11): two threads calling it at once with the
    same arguments and one Team run every unit exactly once between them (the rows
    are those of one call), the lead's call returns only when the other has left,
    and a late thread finds nothing left."""
    import threading
    from handrank._support._kernel import Team
    d = inputs.read_deal(["QQ+, AKs", "JJ-99"], None, None)
    p = planning.plan(d, "exact", False)
    holes = u8(p.holes[p.reps][:6])
    A, n, parts = holes.shape[0], 2, 5
    a, b = 3, A * parts - 2
    expect = np.zeros((A * parts, 3 * n), dtype=np.int64)
    alone = K.exact_iso(holes, d.board, d.dead_mask, parts, a, b, expect)
    out = np.zeros_like(expect)
    team = Team(a, b, 1)
    evaluated = []
    w = threading.Thread(target=lambda: evaluated.append(K.exact_iso(
        holes, d.board, d.dead_mask, parts, a, b, out, team, False)))
    w.start()
    evaluated.append(K.exact_iso(holes, d.board, d.dead_mask, parts, a, b, out, team, True))
    assert np.array_equal(out, expect)  # complete when the lead returns
    w.join()
    assert sum(evaluated) == alone  # each unit evaluated by one thread
    assert team.blocks_taken >= b - a
    assert K.exact_iso(holes, d.board, d.dead_mask, parts, a, b, out, team, False) == 0
    with pytest.raises(HandrankError, match="already has its lead"):
        K.exact_iso(holes, d.board, d.dead_mask, parts, a, b, out, team, True)
    with pytest.raises(HandrankError, match="not 0..1"):
        K.exact_iso(holes, d.board, d.dead_mask, parts, 0, 1, out, Team(a, b, 1))
    with pytest.raises(TypeError):
        K.exact_iso(holes, d.board, d.dead_mask, parts, 0, 1, out, np.zeros(1, np.int64))


@pytest.mark.parametrize("bad", [(2, 1, 60), (3, 0, 13), (1, 3, 16)])
def test_exact_iso_names_the_first_bad_assignment(bad):
    """Each thread checks the cards of the assignments it runs (an id >= 52, a card
    twice, a card of the board): the call raises naming the first bad assignment
    (the last one is bad too), alone and when two threads share the units in a
    team."""
    import threading
    from handrank._support._kernel import Team
    a, j, card = bad
    board = u8([16, 25, 38])
    holes = u8([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15], [99, 41, 42, 43]])
    holes[a, j] = card
    out = np.zeros((5 * 2, 6), np.int64)
    with pytest.raises(HandrankError, match=f"assignment {a}: card id {card} "):
        K.exact_iso(holes, board, 0, 2, 0, 10, out)
    team, raised = Team(0, 10, 1), []

    def worker() -> None:  # a worker's call raises too when its blocks hold a bad one
        try:
            K.exact_iso(holes, board, 0, 2, 0, 10, out, team, False)
        except HandrankError as e:
            raised.append(str(e))
    w = threading.Thread(target=worker, daemon=True)
    w.start()
    with pytest.raises(HandrankError, match=f"assignment {a}: card id {card} "):
        K.exact_iso(holes, board, 0, 2, 0, 10, out, team, True)
    w.join()
    assert all(m.startswith("assignment ") for m in raised), raised


def test_small_exact_work_stays_on_one_thread(monkeypatch):
    """Less than about 0.5 ms of exact work (AhAd vs KsKc preflop) runs on the calling
    thread whatever ``threads`` says (a second thread costs more than it saves);
    larger work (AA vs KK) is shared between threads. Same result either way."""
    from handrank.equity import enumeration
    calls = []
    real = enumeration._shared
    monkeypatch.setattr(enumeration, "_shared", lambda *a: calls.append(a) or real(*a))
    assert E.equity(["AhAd", "KsKc"], method="exact", threads=2) == \
        E.equity(["AhAd", "KsKc"], method="exact", threads=1)
    assert calls == []
    assert E.equity(["AA", "KK"], method="exact", threads=2) == \
        E.equity(["AA", "KK"], method="exact", threads=1)
    assert len(calls) == 1


@pytest.mark.parametrize("players,board", [
    (["AKs, AQs", "JJ+", "random"], "Ks 8d 3c 2h"),  # 3-way: heads-up has its own path
    (["AKs, AQs", "JJ+", "random"], "Ks 8d 3c 2h 9s"),
])
def test_postflop_ranges_identical_whatever_the_threads(players, board, monkeypatch):
    """Turn and river units are tiny (46 or 1 boards): threads take them in blocks
    of many units (``_BLOCK_EVALS``), the last block of a round cut short; the
    counts are the same as on one thread."""
    from handrank.equity import enumeration
    blocks = []
    real = enumeration.team_round
    monkeypatch.setattr(enumeration, "team_round",
                        lambda k, a, b, t, block: blocks.append(block) or real(k, a, b, t, block))
    one = E.equity(players, board=board, method="exact", threads=1)
    assert one == E.equity(players, board=board, method="exact", threads=2)
    assert blocks and min(blocks) > 1
    assert one == E.equity(players, board=board, method="exact", threads=3)


def weighted_every_combination(players, board=None, dead=None) -> np.ndarray:
    """(3, n) weighted totals over every compatible combination, plain kernel."""
    d = inputs.read_deal(players, board, dead)
    idx, w = planning._compatible(d.ranges, 10**7)
    holes = u8(planning._holes(d.ranges, idx))
    return (w @ plain(holes, d.board, d.dead_mask)).reshape(3, d.players)


@pytest.mark.parametrize("players,board,dead", [
    (["AA", "KK"], "2c 7d 9h", None),
    (["QQ+, AKs", "JJ-99, AQs+"], "2c 7d 9h Ts", None),
    (["0.5(AKs), QQ", "JJ, 0.25(TT)", "99"], "2c 7c 9h", "Qh"),
    (["AKs", "KQs"], "", "2c 3c 4c 5c 6c 7c 8c 9c 2d 3d 4d 5d 6d 7d 8d 9d 2h 3h 4h 5h 6h"),
])
def test_ranges_give_the_counts_of_every_combination(players, board, dead):
    r = E.equity(players, board=board, dead=dead, method="exact")
    tot = weighted_every_combination(players, board, dead)
    assert [p.wins for p in r.players] == pytest.approx(tot[0].tolist(), rel=1e-12)
    shares = tot[2] / tot[2].sum()
    assert [p.equity for p in r.players] == pytest.approx(shares.tolist(), rel=1e-12)


def test_preflop_ranges_identical_whatever_the_threads():
    one = E.equity(["AA", "KK"], method="exact", threads=1)
    assert one == E.equity(["AA", "KK"], method="exact", threads=2)
    assert one == E.equity(["AA", "KK"], method="exact", threads=3)
    assert round(one.players[0].equity, 6) == 0.819461
    h = E.equity(["AhAd", "KsKc", "QhQd"], method="exact", threads=1)
    assert h == E.equity(["AhAd", "KsKc", "QhQd"], method="exact", threads=2)


def test_exact_iso_refuses_bad_arrays():
    holes, board = u8([[50, 49, 47, 46]]), u8([0, 4, 8, 12])
    good = np.zeros((1, 6), dtype=np.int64)
    K.exact_iso(holes, board, 0, 1, 0, 1, good)
    assert good[0, :2].sum() + good[0, 2:4].sum() // 2 == K.deck_left(board, 0, 2)
    bad = [
        (u8([[50, 49, 47]]), board, 0, 1, 0, 1, good),            # odd columns
        (u8([[50, 49, 52, 46]]), board, 0, 1, 0, 1, good),        # card id 52
        (u8([[50, 49, 49, 46]]), board, 0, 1, 0, 1, good),        # repeated card
        (u8([[50, 49, 4, 46]]), board, 0, 1, 0, 1, good),         # card on the board
        (holes, board, 1 << 46, 1, 0, 1, good),                   # card dead
        (holes, board, 1 << 60, 1, 0, 1, good),                   # dead mask past 51
        (holes, u8([0, 4]), 0, 1, 0, 1, good),                    # 2-card board
        (holes, board, 0, 1, 0, 2, good),                         # stop past the units
        (holes, board, 0, 0, 0, 1, good),                         # parts 0
        (holes, board, 0, 2, 0, 1, good),                         # out rows != A * parts
        (holes, board, 0, 1, 0, 1, np.zeros((1, 5), dtype=np.int64)),  # out columns
    ]
    for args in bad:
        with pytest.raises(HandrankError):
            K.exact_iso(*args)
    with pytest.raises(HandrankError):
        K._kernel_only_benchmark(holes, board, 0, 0)
    sec, ev, res = K._kernel_only_benchmark(holes, board, 0, 2)
    # one card to deal (a turn): every card evaluated, plainly
    assert sec > 0 and ev == K.deck_left(board, 0, 2) and np.array_equal(res, good)


def python_class_keys(holes: np.ndarray, board: list[int], dead: list[int]) -> np.ndarray:
    """The class keys as planning computed them in numpy before ``class_keys`` (the
    oracle): the smallest packed renaming over the suit permutations fixing board and
    dead cards."""
    import itertools
    bs, ds = set(board), set(dead)
    perms = [sg for sg in itertools.permutations(range(4))
             if {c - (c & 3) + sg[c & 3] for c in bs} == bs
             and {c - (c & 3) + sg[c & 3] for c in ds} == ds]
    ranks, suits = holes & np.uint8(0xFC), holes & np.uint8(3)
    best = None
    for sg in perms:
        m = (ranks | np.array(sg, dtype=np.uint8)[suits]).astype(np.uint64)
        key = np.zeros(len(holes), dtype=np.uint64)
        for p in range(holes.shape[1] // 2):
            a, b = m[:, 2 * p], m[:, 2 * p + 1]
            key = (key << np.uint64(12)) | (np.maximum(a, b) << np.uint64(6)) | np.minimum(a, b)
        best = key if best is None else np.minimum(best, key)
    return best


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 5), rows=st.integers(0, 40),
       board_len=st.sampled_from([0, 3, 4, 5]), n_dead=st.integers(0, 3),
       mirror=st.booleans())
@settings(max_examples=60, deadline=None)
def test_class_keys_equal_the_numpy_classes(seed, n, rows, board_len, n_dead, mirror):
    """``class_keys`` (C) gives each combination the key planning's numpy code gave, so
    the classes, their representatives and their order are unchanged. ``mirror``
    draws a paired board and dead cards (suits swapped in pairs) so that some
    renamings fix them."""
    rng = np.random.default_rng(seed)
    known = rng.permutation(52)[:board_len + n_dead].tolist()
    if mirror:  # ranks of the known cards taken in both suits of {c, d} or {h, s}
        known = sorted({4 * (c >> 2) + s for c in known[:(board_len + n_dead) // 2]
                        for s in ((0, 1) if c & 2 == 0 else (2, 3))})
        board_len = min(board_len, len(known))
        known = known[:board_len + min(n_dead, len(known) - board_len)]
    board, dead = known[:board_len], known[board_len:]
    deck = [c for c in range(52) if c not in known]
    holes = u8([rng.choice(deck, 2 * n, replace=False) for _ in range(rows)]).reshape(rows, 2 * n)
    keys, renamings = K.class_keys(holes, u8(board), sum(1 << c for c in dead))
    if rows:
        assert np.array_equal(keys, python_class_keys(holes, board, dead))
    assert 1 <= renamings <= 24 and 24 % renamings == 0
    if not board and not dead:
        assert renamings == 24


def numpy_compatible(ranges):
    """Planning's former numpy listing (the oracle): an outer AND per player, pairs in
    ``numpy.nonzero`` order."""
    idx, masks, w = np.zeros((1, 0), dtype=np.int32), np.zeros(1, dtype=np.uint64), np.ones(1)
    for r in ranges:
        rm = r.masks()
        ai, ci = np.nonzero((masks[:, None] & rm[None, :]) == 0)
        idx = np.column_stack([idx[ai], ci.astype(np.int32)])
        masks, w = masks[ai] | rm[ci], w[ai] * r.weights[ci]
    return idx, w


@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 4),
       sizes=st.lists(st.integers(1, 40), min_size=4, max_size=4))
@settings(max_examples=40, deadline=None)
def test_compatible_listing_equals_the_numpy_listing(seed, n, sizes):
    """``compatible_step`` and ``gather_holes`` (C) list the same combinations, in the
    same order, with bit-identical weights and hole cards, as the numpy code they
    replace."""
    from handrank.equity.ranges import Range, all_combos
    rng = np.random.default_rng(seed)
    ranges = [Range(all_combos()[rng.choice(1326, sizes[p], replace=False)],
                    rng.choice([1.0, 0.5, 0.25, rng.random()], sizes[p])) for p in range(n)]
    idx, w = planning._compatible(ranges, 10**9)
    ref_idx, ref_w = numpy_compatible(ranges)
    assert idx.dtype == np.int32 and np.array_equal(idx, ref_idx)
    assert np.array_equal(w, ref_w)
    holes = planning._holes(ranges, idx)
    ref = np.concatenate([r.combos[ref_idx[:, p]] for p, r in enumerate(ranges)], axis=1)
    assert holes.dtype == np.uint8 and np.array_equal(holes, ref.reshape(len(ref_idx), 2 * n))


def test_compatible_listing_kernels_refuse_bad_input():
    one = np.ones(1)
    with pytest.raises(HandrankError, match="inconsistent lengths"):
        K.compatible_step(np.zeros((2, 1), np.int32), np.zeros(1, np.uint64), one,
                          np.zeros(3, np.uint64), np.ones(3))
    with pytest.raises(HandrankError, match="inconsistent lengths"):
        K.compatible_step(np.zeros((1, 0), np.int32), np.zeros(1, np.uint64), one,
                          np.zeros(3, np.uint64), np.ones(2))
    combos = [u8([[0, 1], [2, 3]]), u8([[4, 5]])]
    with pytest.raises(HandrankError, match="combo index 1 out of range for player 1"):
        K.gather_holes(np.array([[0, 0], [1, 1]], np.int32), combos)
    with pytest.raises(HandrankError, match="combo index -1 out of range for player 0"):
        K.gather_holes(np.array([[-1, 0]], np.int32), combos)
    with pytest.raises(HandrankError, match="1 ranges for 2 players"):
        K.gather_holes(np.zeros((1, 2), np.int32), combos[:1])
    assert K.gather_holes(np.array([[1, 0]], np.int32), combos).tolist() == [[2, 3, 4, 5]]


@given(seed=st.integers(0, 2**32 - 1), m=st.integers(0, 2000), k=st.integers(1, 9))
@settings(max_examples=30, deadline=None)
def test_weighted_sum_is_the_exact_weighted_sum(seed, m, k):
    """``weighted_sum`` (the totals of exact equity, C) adds to ``out`` what the exact
    sum of weights x counts is, to within rounding (summed in blocks of 256 rows)."""
    import math
    rng = np.random.default_rng(seed)
    w, counts = rng.random(m), rng.integers(0, 10**7, (m, k))
    out = np.full(k, 0.5)
    K.weighted_sum(w, counts, out)
    for j in range(k):
        exact = 0.5 + math.fsum(float(a) * float(c) for a, c in zip(w, counts[:, j]))
        assert out[j] == pytest.approx(exact, rel=1e-14, abs=1e-300)


def test_weighted_sum_refuses_bad_shapes():
    with pytest.raises(HandrankError, match="inconsistent shapes"):
        K.weighted_sum(np.ones(3), np.zeros((2, 2), np.int64), np.zeros(2))
    with pytest.raises(HandrankError, match="inconsistent shapes"):
        K.weighted_sum(np.ones(2), np.zeros((2, 2), np.int64), np.zeros(3))
    with pytest.raises(HandrankError, match="at most 64 columns"):
        K.weighted_sum(np.ones(1), np.zeros((1, 65), np.int64), np.zeros(65))


def test_class_keys_refuses_bad_shapes():
    with pytest.raises(HandrankError, match="2n columns"):
        K.class_keys(np.zeros((2, 12), np.uint8), u8([]), 0)
    with pytest.raises(HandrankError, match="2n columns"):
        K.class_keys(np.zeros((2, 3), np.uint8), u8([]), 0)
    with pytest.raises(HandrankError):
        K.class_keys(np.zeros((2, 4), np.uint8), u8([1, 1, 2]), 0)


@pytest.mark.parametrize("players,board,dead", [
    (["AhAd", "KsKc"], None, None),
    (["AhAd", "KsKc", "7c8c"], "2c 3d 9h", "Ts"),
    (["AhAd", "0.5(KsKc)"], "2c 3d 9h Tc", None),
    (["AhKh", "QsQd"], "2h 7h 9c Jd 3s", None),
])
def test_one_combination_fast_path_equals_the_general_path(players, board, dead):
    """A single combination on one thread skips the batching of ``_exact`` (one C call);
    a progress callback forces the general path: same tallies, equities and counts,
    also per combo."""
    for by_combo in (False, True):
        fast = E.equity(players, board, dead, method="exact", threads=1, by_combo=by_combo)
        slow = E.equity(players, board, dead, method="exact", threads=1, by_combo=by_combo,
                        progress=lambda done, total: None)
        assert fast.tallies == slow.tallies and fast.deals == slow.deals
        assert fast.to_dict() == slow.to_dict()


def test_a_one_thread_exact_run_keeps_to_its_thread():
    """Adding up the weighted counts between kernel calls must not wake helper
    threads (numpy's ``@`` went to OpenBLAS, whose threads then spun on the other
    core and took it from the run's own second thread): on one thread the process
    spends no more CPU time than the calling thread."""
    import time
    players, board = ["AhKh", "random", "random"], "Qs8d3h2c9s"
    E.equity(players, board=board, method="exact", threads=1)
    thread0, process0 = time.thread_time(), time.process_time()
    r = E.equity(players, board=board, method="exact", threads=1)
    thread, process = time.thread_time() - thread0, time.process_time() - process0
    assert r.combinations > 8 * 65536  # many batches, each added up between kernel calls
    assert process < 1.2 * thread + 0.01, (process, thread)
