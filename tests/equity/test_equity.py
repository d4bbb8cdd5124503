"""Hold'em equity (handrank.equity): known values, differential tests against the
pure-Python reference (handrank.equity.reference), Monte Carlo, threads, bad input."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handrank import equity as E
from handrank.cards import format_card, parse_cards
from handrank.errors import (
    CardParseError,
    DuplicateCardError,
    HandSizeError,
    OptionError,
    RangeSyntaxError,
)
from handrank.equity.ranges import parse_range
from handrank.equity import enumeration, inputs, planning, sampling
from handrank.equity import reference as ref

# ---------------------------------------------------------------- known values (issue 6)

KNOWN = [
    ("AhAd", "KsKc", 0.812555),
    ("AhAd", "KhKd", 0.826366),
    ("AA", "KK", 0.819461),
    ("AKs", "QQ", 0.460485),
    ("AKo", "QQ", 0.432423),
    ("72o", "AA", 0.118004),
    ("AKo", "22", 0.473508),
]


@pytest.mark.parametrize("a,b,expected", KNOWN)
def test_known_preflop_equities(a, b, expected):
    r = E.equity([a, b])
    assert r.exact
    assert round(r.players[0].equity, 6) == expected
    assert r.players[0].equity + r.players[1].equity == pytest.approx(1.0, abs=1e-12)


def test_aces_vs_kings_exact_counts():
    r = E.equity(["AhAd", "KsKc"], method="exact")
    a, k = r.players
    assert (a.wins, a.ties, a.losses) == (1_388_072, 6_538, 317_694)
    assert (k.wins, k.ties, k.losses) == (317_694, 6_538, 1_388_072)
    assert r.deals == 1_712_304 and r.boards == 1_712_304 and r.combinations == 1
    # ties count half: equity = (wins + ties / 2) / boards, win + tie shares separately
    assert a.equity == pytest.approx((1_388_072 + 6_538 / 2) / 1_712_304, abs=1e-15)
    assert a.win == pytest.approx(1_388_072 / 1_712_304, abs=1e-15)
    assert a.tie == pytest.approx(6_538 / 2 / 1_712_304, abs=1e-15)
    assert a.stderr == 0.0


def test_range_vs_range_counts_combinations():
    r = E.equity(["AA", "KK"])
    assert r.combinations == 36 and r.boards == 1_712_304
    assert r.deals == 36 * 1_712_304
    assert [p.combos for p in r.players] == [6, 6]


# ---------------------------------------------------------------- against the reference


def _ref(ranges, board=(), dead=(), weights=None):
    return ref.equity([[tuple(int(c) for c in combo) for combo in r] for r in ranges],
                      board, dead, weights)


def _check_against_reference(players, board, dead=(), weights=None):
    """players: lists of combos (id pairs). Compare every field with the reference."""
    ranges = []
    for i, combos in enumerate(players):
        txt = ", ".join(format_card(a) + format_card(b) for a, b in combos)
        if weights is None:
            ranges.append(txt)
        else:
            ranges.append(", ".join(f"{format_card(a)}{format_card(b)}:{w}"
                                    for (a, b), w in zip(combos, weights[i])))
    got = E.equity(ranges, board=list(board), dead=list(dead), method="exact")
    want = _ref(players, board, dead, weights)
    assert got.deals == pytest.approx(float(want.deals), rel=1e-12)
    for p, pe in enumerate(got.players):
        assert pe.equity == pytest.approx(float(want.equity[p]), abs=1e-12)
        assert pe.wins == pytest.approx(float(want.wins[p]), rel=1e-12, abs=1e-12)
        assert pe.ties == pytest.approx(float(want.ties[p]), rel=1e-12, abs=1e-12)
        assert pe.tie == pytest.approx(float((want.shares[p] - want.wins[p]) / want.deals),
                                       abs=1e-12)


def _deal_small_case(rng: random.Random, n_players: int, board_len: int, combos_each: int,
                     n_dead: int):
    deck = list(range(52))
    rng.shuffle(deck)
    board = deck[:board_len]
    dead = deck[board_len:board_len + n_dead]
    pool = deck[board_len + n_dead:]
    players = []
    for _ in range(n_players):
        combos = set()
        while len(combos) < combos_each:
            a, b = rng.sample(pool[:14], 2)
            combos.add((max(a, b), min(a, b)))
        players.append(sorted(combos))
    return players, board, dead


def _compatible_exists(players, board, dead):
    known = set(board) | set(dead)
    def rec(p, used):
        if p == len(players):
            return True
        return any(not (set(c) & used) and rec(p + 1, used | set(c)) for c in players[p])
    return rec(0, set(known))


@pytest.mark.parametrize("seed", range(12))
def test_river_and_turn_cases_match_reference(seed):
    rng = random.Random(seed)
    n = 2 + seed % 4
    board_len = 5 if seed % 2 else 4
    while True:  # redraw until the ranges can be dealt together
        players, board, dead = _deal_small_case(rng, n, board_len, 1 + seed % 3, seed % 3)
        if _compatible_exists(players, board, dead):
            break
    _check_against_reference(players, board, dead)


@pytest.mark.parametrize("seed", range(4))
def test_weighted_ranges_match_reference(seed):
    rng = random.Random(100 + seed)
    while True:
        players, board, dead = _deal_small_case(rng, 2 + seed % 2, 4, 3, 1)
        if _compatible_exists(players, board, dead):
            break
    weights = [[rng.choice([0.25, 0.5, 0.75, 1]) for _ in c] for c in players]
    _check_against_reference(players, board, dead, weights)


def test_flop_heads_up_matches_reference():
    players = [[tuple(parse_cards("AhKh"))], [tuple(parse_cards("Qs Qd"))]]
    _check_against_reference(players, parse_cards("Jh Th 2c"), parse_cards("3s"))


def test_dead_cards_only_leave_the_deck():
    # Dead hearts must not give the player holding hearts a flush (they are out of play).
    board = parse_cards("2h 5h 9h Kc")
    players = [[tuple(parse_cards("Ah3c"))], [tuple(parse_cards("QsQd"))]]
    _check_against_reference(players, board, parse_cards("Th Jh 7h"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.integers(2, 6), st.sampled_from([4, 5]),
       st.integers(1, 3), st.integers(0, 4))
def test_hypothesis_small_cases_match_reference(seed, n, board_len, k, n_dead):
    players, board, dead = _deal_small_case(random.Random(seed), n, board_len, k, n_dead)
    if not _compatible_exists(players, board, dead):
        # exact hole cards that clash are a DuplicateCardError; ranges, a RangeSyntaxError
        with pytest.raises((RangeSyntaxError, DuplicateCardError)):
            E.equity([", ".join(format_card(a) + format_card(b) for a, b in c) for c in players],
                     board=board, dead=dead)
        return
    _check_against_reference(players, board, dead)


def test_k_way_tie_gives_each_one_kth():
    # The board is a royal flush: every player plays it, a 7-way split.
    board = parse_cards("As Ks Qs Js Ts")
    holes = ["2c3c", "2d3d", "2h3h", "4c5c", "4d5d", "4h5h", "6c7c"]
    r = E.equity(holes, board=board)
    for p in r.players:
        assert p.equity == pytest.approx(1 / 7, abs=1e-15)
        assert p.win == 0 and p.ties == 1 and p.wins == 0
        assert p.tie == pytest.approx(1 / 7, abs=1e-15)


def test_ten_players_exact_river_against_reference():
    rng = random.Random(7)
    deck = list(range(52))
    rng.shuffle(deck)
    players = [[(max(deck[2 * i], deck[2 * i + 1]), min(deck[2 * i], deck[2 * i + 1]))]
               for i in range(10)]
    _check_against_reference(players, deck[20:25])


@pytest.mark.parametrize("players,board,dead", [
    (["AA", "KK"], "", ""),
    (["AKs, QQ", "JJ-99", "T9s"], "2c 7c 9d", ""),
    (["AK, 22", "QQ+"], "2c 7d 9h Ts", "3c"),
    (["random", "AhAd"], "2c 2d 5h Th 9s", ""),
    (["76s, 55", "AK"], "8h 8d 2c", "3h 3d"),
    # dead cards that break a symmetry of the board (only renamings fixing them count)
    (["AK", "QQ, 76s"], "2c 7c 9c", "Ah"),
    (["AK, 22", "QQ"], "8h 8d 2c", "3h"),
])
def test_suit_classes_give_the_same_counts_as_every_combination(players, board, dead):
    """Combinations that differ only by a renaming of suits (fixing board and dead
    cards) are enumerated once; the totals must equal enumerating each of them."""
    deal = inputs.read_deal(players, board, dead)
    plan = planning.plan(deal, "exact", False)
    assert plan is not None
    every = np.arange(len(plan.holes))
    each = planning.ExactPlan(plan.holes, plan.weights, every, every)
    got = enumeration._exact(deal, plan, 1, None)
    want = enumeration._exact(deal, each, 1, None)
    assert np.array_equal(got[0], want[0]) and got[1:] == want[1:]
    b, d, reps, holes = board, dead, plan.reps, plan.holes
    if not b and not d:
        assert len(reps) < len(holes)


# ---------------------------------------------------------------- Monte Carlo


def test_monte_carlo_agrees_with_exact_within_stderr():
    exact = E.equity(["AhAd", "KsKc"]).players[0].equity
    r = E.equity(["AhAd", "KsKc"], samples=200_000, seed=3)
    assert not r.exact and r.deals == 200_000
    p = r.players[0]
    assert 0.0005 < p.stderr < 0.002  # sqrt(p(1-p)/N) ~ 0.00087
    assert abs(p.equity - exact) < 5 * p.stderr


def test_monte_carlo_weighted_ranges_agree_with_exact():
    players = ["0.25(AA), KK", "QQ+, AKs:0.5"]
    exact = E.equity(players, board="2c 7d 9h", method="exact")
    mc = E.equity(players, board="2c 7d 9h", samples=300_000, seed=11)
    for pe, pm in zip(exact.players, mc.players):
        assert abs(pe.equity - pm.equity) < 5 * pm.stderr


def test_monte_carlo_card_removal_between_ranges_is_exact():
    # Compatible deals: (AsAh, 2c2d), (KdKc, AsAd), (KdKc, 2c2d), each 1/3. Redrawing
    # only the clashing player would give them 1/2, 1/4, 1/4 (player 0 ~5 points higher).
    players = ["AsAh, KdKc", "AsAd, 2c2d"]
    exact = E.equity(players)
    assert exact.combinations == 3
    mc = E.equity(players, samples=100_000, seed=8)
    for pe, pm in zip(exact.players, mc.players):
        assert abs(pe.equity - pm.equity) < 5 * pm.stderr


def test_monte_carlo_dead_cards_are_never_dealt():
    # Kh Kd dead: the kings have no set outs. Dealing them anyway would lift KK by ~8 points.
    players, dead = ["AhAd", "KsKc"], "Kh Kd"
    exact = E.equity(players, dead=dead)
    mc = E.equity(players, dead=dead, samples=100_000, seed=4)
    for pe, pm in zip(exact.players, mc.players):
        assert abs(pe.equity - pm.equity) < 5 * pm.stderr
    assert exact.players[1].equity < E.equity(players).players[1].equity - 0.05


def test_monte_carlo_multiway_agrees_with_exact():
    players = ["AhKh", "QQ", "JcTc"]
    exact = E.equity(players, board="Qh 8c 2h 3d", method="exact")
    mc = E.equity(players, board="Qh 8c 2h 3d", samples=100_000, seed=5)
    for pe, pm in zip(exact.players, mc.players):
        assert abs(pe.equity - pm.equity) < 5 * pm.stderr + 1e-12
        assert abs(pe.tie - pm.tie) < 0.01


# Every path of the Monte Carlo kernel (equity/sampling.h): two fixed hands (no combo
# drawn), hand vs range, weighted range vs range, heads-up on the flop and turn, dead
# cards, and the generic loop (3 players). Seeded: the estimates are fixed numbers, so
# the check cannot flake; a bias of a few tenths of a point in any path fails it.
@pytest.mark.parametrize("players,board,dead", [
    (["AhAd", "KsKc"], "", ""),
    (["7c2d", "JhTh"], "", "Ad"),
    (["AhAd", "QQ+, AK"], "", ""),
    (["0.5(AKs), QQ", "JJ-99, AQs+"], "", ""),
    (["AsKs", "QhQd"], "2s 7d 9s", ""),
    (["AsKs", "random"], "2s 7d 9s Th", "3c"),
    (["AhAd", "KsKc", "7c6c"], "", ""),
])
def test_monte_carlo_estimates_within_a_few_stderr_of_exact(players, board, dead):
    exact = E.equity(players, board=board, dead=dead, method="exact")
    mc = E.equity(players, board=board, dead=dead, samples=200_000, seed=20261202)
    assert mc.deals == 200_000
    for pe, pm in zip(exact.players, mc.players):
        assert 0 < pm.stderr < 0.0015
        assert abs(pe.equity - pm.equity) < 4.5 * pm.stderr, (pe, pm)
        assert abs(pe.win - pm.win) < 0.006 and abs(pe.tie - pm.tie) < 0.004


def test_monte_carlo_chunks_grouped_in_one_call_count_the_same():
    """One kernel call over several chunks (stream per chunk) == one call per chunk."""
    from handrank.equity import _kernel as K
    combos = np.array([[50, 49], [47, 44], [46, 45], [43, 42]], dtype=np.uint8)
    off = np.array([0, 1, 4], dtype=np.int64)
    prob, alias = np.ones(4), np.arange(4, dtype=np.int64)
    for uniform, board in ((np.array([1, 1], np.uint8), np.zeros(0, np.uint8)),
                           (np.array([1, 0], np.uint8), np.array([0, 5, 9], np.uint8))):
        args = (combos, off, prob, alias, uniform, board, 0, 99)
        rc, whole = K.monte_carlo(*args, 2500, 1000, 7, 1000)
        parts = [K.monte_carlo(*args, k, 1000, 7 + j)[1] for j, k in enumerate((1000, 1000, 500))]
        assert rc == 0 and whole[4, 0] == 2500
        assert np.array_equal(whole, sum(parts))
        assert not np.array_equal(parts[0], parts[1])


def test_monte_carlo_threads_and_units_give_identical_results():
    # 40 chunks: units of several chunks on one thread, of fewer on two.
    n = 40 * E.CHUNK_SAMPLES - 123
    a = E.equity(["AhAd", "KsKc"], samples=n, seed=5, threads=1)
    b = E.equity(["AhAd", "KsKc"], samples=n, seed=5, threads=2)
    c = E.equity(["AhAd", "KsKc"], samples=n, seed=5, threads=7)
    assert a == b == c and a.deals == n


def test_monte_carlo_cuts_more_units_for_threads_than_for_one_thread(monkeypatch):
    # threads take units as they finish them: at least UNITS_PER_WORKER per thread so
    # that a slowed thread ends at most one short unit late; one thread keeps 4 (fewer
    # calls). 100 chunks: after the first (alone), 3 chunks a unit on two threads (33
    # units), 16 on one (the UNIT_CHUNKS cap: 7 units). Same result either way.
    sizes: list[int] = []
    real = sampling._mc_unit

    def counted(*a, **kw):
        sizes.append(a[8])
        return real(*a, **kw)

    monkeypatch.setattr(sampling, "_mc_unit", counted)
    monkeypatch.setattr(sampling, "UNIT_SECONDS", 1e9)  # size by the counts alone
    n = 100 * E.CHUNK_SAMPLES
    one = E.equity(["AhAd", "KsKc"], samples=n, seed=3, threads=1)
    units_one, sizes[:] = len(sizes), []
    two = E.equity(["AhAd", "KsKc"], samples=n, seed=3, threads=2)
    assert one == two
    assert units_one == 1 + 7
    assert len(sizes) == 1 + 33 >= 1 + 2 * sampling.UNITS_PER_WORKER
    assert max(sizes) == 3 * E.CHUNK_SAMPLES


def test_target_stderr_stops_when_reached():
    r = E.equity(["AhAd", "KK"], target_stderr=0.002, seed=1)
    assert max(p.stderr for p in r.players) <= 0.002
    assert r.deals % E.CHUNK_SAMPLES == 0
    # one chunk fewer would not have reached it (the stop is the first chunk that does)
    if r.deals > E.CHUNK_SAMPLES:
        fewer = E.equity(["AhAd", "KK"], samples=int(r.deals) - E.CHUNK_SAMPLES, seed=1)
        assert max(p.stderr for p in fewer.players) > 0.002


def test_one_deal_has_no_finite_stderr_and_json_stays_valid():
    import json
    r = E.equity(["AhAd", "KK"], samples=1, seed=1)
    assert r.deals == 1 and all(p.stderr == float("inf") for p in r.players)
    d = json.loads(json.dumps(r.to_dict(), allow_nan=False))
    assert [p["stderr"] for p in d["players"]] == [None, None]
    assert "1 deal," in str(r)


def test_samples_cap_target_stderr():
    r = E.equity(["AhAd", "KK"], target_stderr=1e-6, samples=40_000, seed=1)
    assert r.deals == 40_000


def test_results_depend_only_on_inputs_and_seed():
    a = E.equity(["AhAd", "QQ+, AK"], samples=70_000, seed=42, threads=1)
    E.equity(["7c7d", "random"], samples=30_000, seed=1)  # an unrelated call in between
    b = E.equity(["AhAd", "QQ+, AK"], samples=70_000, seed=42, threads=2)
    assert a == b
    c = E.equity(["AhAd", "QQ+, AK"], samples=70_000, seed=43)
    assert c.players[0].equity != a.players[0].equity
    g1 = E.equity(["AhAd", "KK"], samples=20_000, seed=np.random.default_rng(9))
    g2 = E.equity(["AhAd", "KK"], samples=20_000, seed=np.random.default_rng(9))
    assert g1.players == g2.players


def test_exact_threads_give_identical_results():
    a = E.equity(["AKs, QQ", "JJ, TT"], board="2c 5d 9h", threads=1)
    b = E.equity(["AKs, QQ", "JJ, TT"], board="2c 5d 9h", threads=2)
    assert a == b


def test_seed_none_reports_seed_that_reproduces():
    r = E.equity(["AhAd", "KK"], samples=20_000)
    again = E.equity(["AhAd", "KK"], samples=20_000, seed=r.seed)
    assert r.players == again.players


def test_auto_switches_to_monte_carlo_when_large():
    r = E.equity(["random", "random", "random"], samples=20_000, seed=1)
    assert not r.exact
    # too many combinations to even list: Monte Carlo
    r = E.equity(["random"] * 3, board="2c 7d 9h Ts 3s", samples=None, seed=1)
    assert not r.exact and r.deals == E.DEFAULT_SAMPLES
    r = E.equity(["random", "random"], seed=1)  # 1326 x 1225 x 1.7M boards: too large
    assert not r.exact and r.deals == E.DEFAULT_SAMPLES
    assert r.players[0].equity == pytest.approx(0.5, abs=5 * r.players[0].stderr)


def test_progress_reports_and_interrupt_is_clean():
    calls = []
    E.equity(["AA", "KK"], progress=lambda d, t: calls.append((d, t)))
    # 36 combinations, 3 classes up to suit renaming (AA and KK share 0, 1 or 2 suits)
    assert calls and calls[-1][0] == calls[-1][1] == 3 * 1_712_304 * 2

    def boom(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        E.equity(["AA", "KK"], progress=boom, threads=2)
    with pytest.raises(KeyboardInterrupt):
        E.equity(["AA", "KK"], samples=10**8, progress=boom, threads=2)
    # the library is usable afterwards
    assert round(E.equity(["AhAd", "KsKc"], threads=2).players[0].equity, 6) == 0.812555


# ---------------------------------------------------------------- input forms and output


def test_player_input_forms():
    ids = parse_cards("AhAd")
    for form in (["AhAd", "KsKc"], [["Ah", "Ad"], "Ks Kc"], [ids, parse_cards("KsKc")],
                 [parse_range("AhAd"), "KsKc"], np.array([ids, parse_cards("KsKc")])):
        assert round(E.equity(form).players[0].equity, 6) == 0.812555


def test_text_and_dict_output():
    r = E.equity(["AhAd", "KsKc"], board="2c 7d 9h Ts")
    text = str(r)
    assert "AhAd" in text and "95.4545%" in text and "44 boards" in text
    d = r.to_dict()
    assert d["method"] == "exact" and d["players"][0]["wins"] == 42
    assert d["board"] == "2c 7d 9h Ts"


def test_result_is_the_shared_equity_shape():
    from handrank import result
    from handrank.equity import EquityResult, HoldemEquity, PlayerEquity
    assert EquityResult is result.EquityResult and PlayerEquity is result.PlayerEquity
    r = E.equity(["AhAd", "KsKc"], board="2c 7d 9h Ts", dead="3s")
    assert isinstance(r, HoldemEquity) and isinstance(r, result.EquityResult)
    assert r.game == "holdem" and r.opponents == 0 and r.seed is None
    assert (r.combinations, r.boards, r.deals) == (1, 43, 43.0)
    a, k = r.players
    # lose is the share of deals lost: wins + ties + losses == deals
    assert (a.wins, a.ties, a.losses) == (41, 0, 2) and a.lose == pytest.approx(2 / 43)
    assert k.lose == pytest.approx(41 / 43) and k.equity == pytest.approx(2 / 43)
    assert np.array_equal(r.equities, [a.equity, k.equity])


def test_to_dict_has_every_field_json_ready():
    import json
    r = E.equity(["AA", "0.5(KK)"], board="2c 7d 9h Ts")
    d = json.loads(json.dumps(r.to_dict(), allow_nan=False))
    assert d["game"] == "holdem" and d["exact"] is True and d["method"] == "exact"
    assert d["combinations"] == 36 and d["boards"] == 44 and d["deals"] == 36 * 44 * 0.5
    assert set(d["players"][0]) == {"hand", "equity", "win", "tie", "lose", "wins", "ties",
                                    "losses", "stderr", "combos"}
    p = d["players"][1]
    assert p["hand"] == "0.5(KK)" and p["combos"] == 6
    assert p["wins"] + p["ties"] + p["losses"] == d["deals"]
    mc = E.equity(["AA", "KK"], samples=1000, seed=5).to_dict()
    assert mc["seed"] == 5 and mc["combinations"] == 0 and mc["method"] == "monte-carlo"


def test_text_footer_says_how_it_was_computed():
    weighted = str(E.equity(["AA", "0.5(KK)"], board="2c 7d 9h Ts"))
    assert ("exact: 792 weighted boards (36 hole-card combinations x 44 boards, counts "
            "weighted by the range weights), board 2c 7d 9h Ts") in weighted
    mc = str(E.equity(["AA", "KK"], samples=2000, seed=5, dead="2c"))
    assert mc.splitlines()[-1] == "Monte Carlo: 2,000 deals, seed 5, dead 2c"
    assert "stderr" in mc.splitlines()[0]


# ---------------------------------------------------------------- validation once


def test_input_is_checked_once_at_entry(monkeypatch):
    """The players, board and options are read once; the work units (exact tasks,
    Monte Carlo chunks) get the checked deal and never parse or check again."""
    from handrank.equity import _kernel, ranges
    calls = {"parse_cards": 0, "parse_range": 0, "check": 0}

    def counting(name, fn):
        def wrapper(*a, **k):
            calls[name] += 1
            return fn(*a, **k)
        return wrapper

    from handrank._support import checks
    monkeypatch.setattr(inputs, "parse_cards", counting("parse_cards", inputs.parse_cards))
    monkeypatch.setattr(checks, "parse_cards", counting("parse_cards", checks.parse_cards))
    monkeypatch.setattr(inputs, "parse_range", counting("parse_range", inputs.parse_range))
    monkeypatch.setattr(ranges, "_checked_arrays", counting("check", ranges._checked_arrays))
    monkeypatch.setattr(_kernel, "deck_left", None)  # the deck is counted in Python, once
    qq = ranges.Range([[40, 41], [42, 43]])
    assert calls["check"] == 1
    for kw in ({"threads": 2}, {"samples": 5 * E.CHUNK_SAMPLES, "seed": 1, "threads": 2}):
        for k in calls:
            calls[k] = 0
        r = E.equity(["AhAd", "KK, QQ", qq], board="2c 7d 9h", dead="3s", **kw)
        assert r.players[2].combos == 2
        # AhAd (1 try as cards), "KK, QQ" (1 try as cards, then 1 range), board, dead
        assert calls == {"parse_cards": 4, "parse_range": 1, "check": 0}, (kw, calls)


def test_error_messages_number_players_from_0():
    with pytest.raises(DuplicateCardError, match=r"^player 2 \(AhKc\): Ah is also in "
                                                 r"player 0's hole cards \(AhAd\)$"):
        E.equity(["AhAd", "KsKc", "AhKc"])
    with pytest.raises(HandSizeError, match="^player 1: hole cards are 2 cards, got 3$"):
        E.equity(["AhAd", ["Ks", "Kc", "Kd"]])
    with pytest.raises(TypeError, match="^player 0: expected hole cards or a range"):
        E.equity([None, "KK"])  # type: ignore[list-item]


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("players,board,dead,err,words", [
    (["AhAd", "AhKc"], None, None, DuplicateCardError, ["player 1", "Ah"]),
    (["AhAd", "KsKc"], "Ah 2c 3c", None, DuplicateCardError, ["player 0", "Ah", "board"]),
    (["AhAd", "KsKc"], None, "Kc", DuplicateCardError, ["player 1", "Kc", "dead"]),
    (["AhAd", "KsKc"], "2c 3c 4c", "3c", DuplicateCardError, ["3c", "board", "dead"]),
    (["AhAd", "KsKc"], "2c 3c", None, HandSizeError, ["0, 3, 4 or 5", "2"]),
    (["AhAd", "KsKc"], "2c 3c 4c 5c 6c 7c", None, HandSizeError, ["6"]),
    (["AhAd"], None, None, HandSizeError, ["2 to 10 players", "1"]),
    (["AhAd"] * 11, None, None, HandSizeError, ["11"]),
    (["AhAd", "QQ+, AKx"], None, None, RangeSyntaxError, ["player 1", "'AKx'", "position 5"]),
    (["AhAd", "AA"], None, "As Ac", RangeSyntaxError, ["player 1", "'AA'", "empty"]),
    (["AhAd", "AsAc", "AA"], None, None, RangeSyntaxError, ["player 2", "empty"]),
    (["AA", "AA", "AA"], None, None, RangeSyntaxError, ["never"]),
    (["AhAd", "KsKc"], "2c 3c Xx", None, CardParseError, ["board", "Xx"]),
    (["AhAd", "0(KK)"], None, None, RangeSyntaxError, ["player 1", "'0(KK)'", "no combo"]),
    (["AhAd", "KsKs"], None, None, RangeSyntaxError, ["player 1", "'KsKs'", "repeats"]),
    # 9 players need 18 cards; these ranges hold 16 (too many combinations to list)
    (["AA,KK,QQ,JJ,AK,AQ,AJ,KQ,KJ,QJ"] * 9, None, None, RangeSyntaxError,
     ["never", "18 cards", "16"]),
])
def test_bad_input_names_the_culprit(players, board, dead, err, words):
    with pytest.raises(err) as info:
        E.equity(players, board=board, dead=dead)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_too_many_dead_cards_for_the_board():
    holes = ["AhAd", "KhKd", "QhQd", "JhJd", "ThTd", "9h9d", "8h8d", "7h7d", "6h6d", "5h5d"]
    dead = [c for c in range(52) if c % 4 in (0, 3)] + parse_cards("4h 4d 3h")  # 29 cards
    with pytest.raises(HandSizeError, match="only 3 cards are left to deal the 5"):
        E.equity(holes, dead=dead)


def test_bad_options():
    with pytest.raises(OptionError, match="'auto', 'exact', 'monte-carlo'"):
        E.equity(["AhAd", "KK"], method="fast")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="takes no samples"):
        E.equity(["AhAd", "KK"], method="exact", samples=10)
    with pytest.raises(OptionError, match="samples"):
        E.equity(["AhAd", "KK"], samples=0)
    with pytest.raises(OptionError, match="target_stderr"):
        E.equity(["AhAd", "KK"], target_stderr=0)
    with pytest.raises(OptionError, match="monte-carlo"):
        E.equity(["random", "random", "random"], method="exact")
    with pytest.raises(TypeError):
        E.equity("AhAd KsKc")
    with pytest.raises(OptionError):
        E.equity(["AhAd", "KK"], samples=100, seed=-1)
    with pytest.raises(OptionError, match="progress"):
        E.equity(["AhAd", "KK"], progress=5)


@pytest.mark.parametrize("kw,words", [
    ({"samples": True}, ["samples", "True"]),          # a bool is not a count
    ({"samples": 10.0}, ["samples", "10.0"]),
    ({"samples": "100"}, ["samples", "'100'"]),
    ({"target_stderr": True}, ["target_stderr", "True"]),
    ({"target_stderr": "0.01"}, ["target_stderr", "'0.01'"]),
    ({"target_stderr": float("nan")}, ["target_stderr", "nan"]),
    ({"seed": 1.5}, ["seed", "1.5"]),
    ({"seed": True}, ["seed", "True"]),
])
def test_bad_option_values_name_the_option_and_value(kw, words):
    # checked at entry, on the exact path too (AhAd vs KK is exact by default)
    with pytest.raises(OptionError) as info:
        E.equity(["AhAd", "KK"], **kw)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_unknown_keyword_is_a_type_error():
    """Real signatures: Python itself refuses a misspelt option."""
    with pytest.raises(TypeError, match="sampels"):
        E.equity(["AhAd", "KK"], sampels=100)  # type: ignore[call-arg]


def test_reference_exact_fraction_on_turn():
    # AA vs KK on 2c 7d 9h Ts: kings need one of two kings among 44 rivers.
    r = E.equity(["AhAd", "KsKc"], board="2c 7d 9h Ts")
    assert r.players[0].equity == pytest.approx(float(Fraction(42, 44)), abs=1e-15)


@pytest.mark.parametrize("kw", [{}, {"samples": 20_000, "seed": 1}])
def test_result_fields_are_plain_python_numbers(kw):
    r = E.equity(["AA", "KK"], **kw)
    for p in r.players:
        for v in (p.equity, p.win, p.tie, p.wins, p.ties, p.losses, p.stderr):
            assert type(v) is float
        assert type(p.combos) is int
    assert type(r.deals) is float and type(r.combinations) is int


def test_range_objects_are_used_as_checked_at_construction():
    from handrank.equity.ranges import Range
    # low card first is accepted and normalised
    r = E.equity(["AhAd", Range(np.array([[44, 45]]), np.array([1.0]))])
    assert r.players[1].hand and r.exact and r.players[1].combos == 1
    # a bad Range cannot be built, so equity never sees one (see test_ranges.py)
    with pytest.raises(RangeSyntaxError, match="combo 0"):
        Range(np.array([[60, 1]], dtype=np.uint8), np.ones(1))


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(0.01, 1.0), min_size=1, max_size=60))
def test_alias_tables_give_each_combo_its_weight(weights):
    """Monte Carlo draws weighted combos with Walker alias tables: the implied
    probability of every index must be its weight over the total."""
    w = np.array(weights)
    prob, alias = sampling._alias_table(w)
    k = len(w)
    assert ((alias >= 0) & (alias < k)).all() and ((prob >= 0) & (prob <= 1)).all()
    implied = prob / k
    np.add.at(implied, alias, (1 - prob) / k)
    assert np.allclose(implied, w / w.sum(), atol=1e-12)


PLAYER_TOKENS = ["AhAd", "KsKc", "7c2d", "QQ+", "AKs", "AKo", "22-55", "A5s-A2s", "KTo+",
                 "0.4(AsKs, QQ)", "AKs:0.5", "random", "T9s", "JJ", "AK", "XYZ", "AhAh", ""]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PLAYER_TOKENS), min_size=1, max_size=11),
       st.sampled_from([0, 1, 3, 4, 5, 6]), st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_hypothesis_any_input_gives_a_result_or_a_library_error(players, nb, nd, seed):
    """Arbitrary player lists, boards and dead cards: a consistent result (shares add
    up, win + tie = equity, counts add up) or a HandrankError, never anything else."""
    from handrank.errors import HandrankError
    rng = random.Random(seed)
    cards = rng.sample(range(52), nb + nd)
    board, dead = cards[:nb], cards[nb:]
    try:
        r = E.equity(players, board=board, dead=dead, samples=3_000, seed=seed)
    except HandrankError:
        return
    assert 2 <= len(r.players) <= 10
    assert sum(p.equity for p in r.players) == pytest.approx(1.0, abs=1e-9)
    for p in r.players:
        assert p.win + p.tie == pytest.approx(p.equity, abs=1e-12)
        assert p.wins + p.ties + p.losses == r.deals
        assert 0 <= p.win <= 1 and 0 <= p.tie <= 1


def test_kernels_refuse_bad_arrays():
    """The compiled kernels check every shape, id and index themselves: bad arrays
    raise HandrankError, never read outside their buffers."""
    from handrank.equity import _kernel as K
    from handrank.errors import HandrankError
    u8 = lambda a: np.ascontiguousarray(a, dtype=np.uint8)
    holes, board = u8([[50, 49, 47, 46]]), u8([0, 4, 8, 12])
    left = K.deck_left(board, 0, 2)
    good = np.zeros((1, 6), dtype=np.int64)
    K.exact_units(holes, board, 0, 0, 1, good, False)  # turn, whole combination
    assert good[0, :2].sum() + good[0, 2:4].sum() // 2 == left  # wins + ties / 2
    split = np.zeros((left, 6), dtype=np.int64)
    K.exact_units(holes, board, 0, 0, left, split, True)
    assert np.array_equal(split.sum(axis=0), good[0])
    bad = [
        (u8([[50, 49, 47]]), board, 0, 0, 1, good),            # odd columns
        (u8([[50, 49, 52, 46]]), board, 0, 0, 1, good),        # card id 52
        (u8([[50, 49, 49, 46]]), board, 0, 0, 1, good),        # repeated card
        (u8([[50, 49, 4, 46]]), board, 0, 0, 1, good),         # card on the board
        (holes, board, 1 << 46, 0, 1, good),                   # card dead
        (holes, board, 1 << 60, 0, 1, good),                   # dead mask past 51
        (holes, u8([0, 4]), 0, 0, 1, good),                    # 2-card board
        (holes, board, 0, 0, 2, good),                         # stop past the units
        (holes, board, 0, 0, 1, np.zeros((2, 6), dtype=np.int64)),  # out shape
    ]
    for args in bad:
        with pytest.raises(HandrankError):
            K.exact_units(*args, False)
    combos = u8([[50, 49], [47, 46], [45, 44]])
    off = np.array([0, 1, 3], dtype=np.int64)
    prob, uni = np.ones(3), u8([1, 1])
    alias = np.arange(3, dtype=np.int64)
    rc, res = K.monte_carlo(combos, off, prob, alias, uni, board, 0, 1, 100, 10)
    assert rc == 0 and res[4, 0] == 100
    for kw in ({"off": np.array([0, 2, 3], dtype=np.int64)[::-1].copy()},
               {"off": np.array([0, 1, 4], dtype=np.int64)},
               {"alias": np.array([0, 0, 2], dtype=np.int64)},   # alias crosses players
               {"combos": u8([[50, 49], [47, 47], [45, 44]])},
               {"combos": u8([[50, 49], [47, 60], [45, 44]])},
               {"uniform": u8([1])},
               {"prob": np.ones(2)}):
        a = {"combos": combos, "off": off, "prob": prob, "alias": alias, "uniform": uni}
        a.update(kw)
        with pytest.raises(HandrankError):
            K.monte_carlo(a["combos"], a["off"], a["prob"], a["alias"], a["uniform"], board,
                          0, 1, 100, 10)


def test_player_arrays_of_the_wrong_dtype_or_shape_are_named():
    import numpy as np

    from handrank.errors import ArrayDtypeError, ArrayShapeError

    with pytest.raises(ArrayDtypeError, match="players"):
        E.equity(np.array([[50.0, 49.0], [47, 46]]))
    with pytest.raises(ArrayShapeError, match=r"\(2, 2, 2\)"):
        E.equity(np.zeros((2, 2, 2), np.uint8))
