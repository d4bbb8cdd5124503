"""Valid random input: bulk equals single, every layout and integer dtype equals the
plain one, and results equal each game's pure-Python reference (``reference.py``).

Hands are random permutations of the deck (hypothesis, derandomized). The references
return comparable values, not strengths, so they are compared through ordering: the sign
of ``strength(a) - strength(b)`` is ``reference.compare(a, b)``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from handrank import brag, canada, chinese, crash, equity, poker
from handrank.brag import reference as brag_ref
from handrank.canada import reference as canada_ref
from handrank.chinese import reference as chinese_ref
from handrank.crash import reference as crash_ref
from handrank.equity import reference as equity_ref
from handrank.poker import reference as poker_ref

from .conftest import examples
from .strategies import ALLOWED, INT_DTYPES, layouts


def _sign(x) -> int:
    return (x > 0) - (x < 0)


def _deals(draw, rows: int, width: int) -> np.ndarray:
    """``rows`` hands of ``width`` distinct cards each (rows independent)."""
    seed = draw(st.integers(0, 2**32 - 1))
    g = np.random.default_rng(seed)
    return np.array([g.permutation(52)[:width] for _ in range(rows)],
                    dtype=np.uint8).reshape(rows, width)


# ------------------------------------------------------------------ bulk equals single

BULK = {
    "poker5": (lambda a: poker.evaluate_many(a), lambda r: poker.strength(r), 5),
    "poker6": (lambda a: poker.evaluate_many(a), lambda r: poker.strength(r), 6),
    "poker7": (lambda a: poker.evaluate_many(a), lambda r: poker.strength(r), 7),
    "brag": (lambda a: brag.evaluate_many(a), lambda r: brag.strength(r), 3),
    "brag-options": (lambda a: brag.evaluate_many(a, prial_threes_high=False, a23_top_run=False),
                     lambda r: brag.strength(r, prial_threes_high=False, a23_top_run=False), 3),
    "chinese-front": (lambda a: chinese.evaluate_many(a), lambda r: chinese.front_strength(r), 3),
    "chinese-row": (lambda a: chinese.evaluate_many(a), lambda r: chinese.evaluate(r).strength, 5),
    "canada": (lambda a: canada.evaluate_many(a), lambda r: canada.strength(r[:4], r[4:]), 6),
    "crash-set": (lambda a: crash.set_many(a)[1].tolist(),
                  lambda r: list(crash.set_hand(r).strengths), 13),
}


@pytest.mark.parametrize("game", sorted(BULK))
@examples(20)
@given(data=st.data())
def test_bulk_equals_single(game, data):
    bulk, single, width = BULK[game]
    ids = _deals(data.draw, data.draw(st.integers(0, 40), label="rows"), width)
    got = bulk(ids)
    assert len(got) == len(ids)
    assert np.asarray(got).tolist() == [single(row.tolist()) for row in ids]


@examples(25)
@given(data=st.data(), board=st.sampled_from([0, 3, 4, 5]), players=st.integers(1, 5))
def test_poker_showdown_many_equals_showdown(data, board, players):
    hole = data.draw(st.sampled_from([h for h in range(1, 8) if 5 <= board + h <= 7]),
                     label="hole cards")
    if players * hole + board > 52:
        players = 1
    n = data.draw(st.integers(0, 6), label="rows")
    deals = _deals(data.draw, n, board + players * hole)
    b, h = deals[:, :board], deals[:, board:].reshape(n, players, hole)
    strengths, winners = poker.showdown_many(b, h)
    for i in range(n):
        want = poker.showdown(b[i].tolist(), h[i].tolist())
        assert np.flatnonzero(winners[i]).tolist() == sorted(want)
        assert strengths[i].tolist() == [poker.strength(b[i].tolist() + h[i, p].tolist())
                                         for p in range(players)]


@examples(10)
@given(data=st.data(), system=st.sampled_from(["basic", "western", "eastern", "mandarin"]))
def test_chinese_solve_many_and_greedy_many_equal_one_by_one(data, system):
    holdings = _deals(data.draw, data.draw(st.integers(0, 3), label="rows"), 13)
    many = chinese.solve_many(holdings, system)
    greedy = chinese.greedy_many(holdings)
    for i, h in enumerate(holdings.tolist()):
        one = chinese.solve(h, system)
        s = one.setting
        assert many["setting"][i].tolist() == [*s.front, *s.middle, *s.back]
        assert many["expected"][i] == one.expected
        assert many["natural"][i] == one.natural and many["declare"][i] == one.declare
        g = chinese.greedy(h)
        assert greedy[i].tolist() == [*g.front, *g.middle, *g.back]


@examples(20)
@given(data=st.data(), players=st.integers(2, 5), high=st.booleans())
def test_crash_score_many_equals_score_round(data, players, high):
    n = data.draw(st.integers(0, 4), label="rounds")
    per = 52 // players // 3 * 3
    deals = _deals(data.draw, n, players * per)
    hands = deals.reshape(n, players, per // 3, 3)
    strengths = np.sort(brag.evaluate_many(hands.reshape(-1, 3)).reshape(n, players, per // 3),
                        axis=2)[:, :, ::-1]
    got = crash.score_many(strengths, count_high_card=high)
    for i in range(n):
        want = crash.score_round(hands[i].tolist(), count_high_card=high)
        assert got[i].tolist() == list(want.points)


@pytest.mark.parametrize("game", ["poker7", "brag", "chinese-row", "canada"])
@examples(25)
@given(data=st.data())
def test_every_dtype_and_layout_equals_plain(game, data):
    bulk, _, width = BULK[game]
    ids = _deals(data.draw, data.draw(st.integers(1, 12), label="rows"), width)
    want = np.asarray(bulk(ids))
    dtype = data.draw(st.sampled_from(INT_DTYPES), label="dtype")
    arr = data.draw(layouts(ids.astype(dtype)), label="layout")
    assert np.asarray(bulk(arr)).tolist() == want.tolist()
    # the same as a list of lists and as card text
    assert np.asarray(bulk(arr.tolist())).tolist() == want.tolist()
    assert np.asarray(bulk([" ".join(poker_card_text(c) for c in r) for r in ids])).tolist() \
        == want.tolist()


def poker_card_text(c: int) -> str:
    return "23456789TJQKA"[c // 4] + "cdhs"[c % 4]


@pytest.mark.parametrize("game", ["poker7", "brag", "canada"])
@examples(10)
@given(data=st.data())
def test_non_integer_dtypes_are_refused_or_equal(game, data):
    # float / bool / object / str arrays of valid ids: a library error, or the right answer
    bulk, _, width = BULK[game]
    ids = _deals(data.draw, data.draw(st.integers(1, 6), label="rows"), width)
    want = np.asarray(bulk(ids)).tolist()
    dtype = data.draw(st.sampled_from([np.float32, np.float64, np.bool_, object, "U2",
                                       np.complex64]), label="dtype")
    try:
        got = np.asarray(bulk(ids.astype(dtype))).tolist()
    except ALLOWED:
        return
    assert got == want


# ---------------------------------------------------------------- equal the references

@examples(20)
@given(data=st.data())
def test_poker_orders_as_the_reference(data):
    n = data.draw(st.sampled_from([5, 6, 7]), label="cards")
    a, b = _deals(data.draw, 2, n).tolist()
    assert _sign(poker.strength(a) - poker.strength(b)) == poker_ref.compare(a, b)
    assert poker.compare(a, b) == poker_ref.compare(a, b)
    board, h1, h2 = a[:5], b[:2], b[2:4]
    if not set(board) & set(h1 + h2):
        assert poker.showdown(board, [h1, h2]) == poker_ref.showdown(board, [h1, h2])


@examples(20)
@given(data=st.data(), pth=st.booleans(), a23=st.booleans())
def test_brag_orders_as_the_reference(data, pth, a23):
    a, b = (r[:3] for r in _deals(data.draw, 2, 3).tolist())
    opts = dict(prial_threes_high=pth, a23_top_run=a23)
    assert brag.compare(a, b, **opts) == brag_ref.compare(a, b, **opts)
    assert _sign(brag.strength(a, **opts) - brag.strength(b, **opts)) == \
        brag_ref.compare(a, b, **opts)


@examples(20)
@given(data=st.data())
def test_chinese_rows_and_fouls_as_the_reference(data):
    cards = _deals(data.draw, 1, 26)[0].tolist()
    front, middle, back = cards[:3], cards[3:8], cards[8:13]
    assert chinese.is_foul(front, middle, back) == chinese_ref.is_foul(front, middle, back)
    assert chinese.front_beats_middle(front, middle) == chinese_ref.front_beats_middle(front, middle)
    other = cards[13:16]
    assert _sign(chinese.front_strength(front) - chinese.front_strength(other)) == \
        _sign(_cmp(chinese_ref.front_value(front), chinese_ref.front_value(other)))
    assert bool(chinese.naturals((front, middle, back))) == \
        bool(chinese_ref.naturals(front, middle, back))


def _cmp(x, y) -> int:
    return (x > y) - (x < y)


@examples(8)
@given(data=st.data(), system=st.sampled_from(["basic", "western", "eastern", "mandarin"]),
       players=st.integers(2, 4))
def test_chinese_score_as_the_reference(data, system, players):
    cards = _deals(data.draw, 1, 52)[0].tolist()
    seats = [cards[13 * p:13 * p + 13] for p in range(players)]
    rows = [(s[:3], s[3:8], s[8:13]) for s in seats]
    want = chinese_ref.score_table([chinese_ref.Player(*r) for r in rows], system)
    got = chinese.score(rows, system)
    assert [list(m) for m in got.matrix] == want
    bulk = chinese.score_many(np.array([seats], dtype=np.uint8), system=system)
    assert bulk[0].tolist() == want


@examples(20)
@given(data=st.data())
def test_canada_orders_as_the_reference(data):
    a, b = (r.tolist() for r in _deals(data.draw, 2, 6))
    ha, hb = (a[:4], a[4:]), (b[:4], b[4:])
    assert canada.compare(ha, hb) == canada_ref.compare(ha, hb)
    assert canada.category(canada.strength(*ha)).value == 35 - canada_ref.category_row(*ha)


@examples(15)
@given(data=st.data(), players=st.integers(2, 5), high=st.booleans())
def test_crash_round_as_the_reference(data, players, high):
    cards = _deals(data.draw, 1, 52)[0].tolist()
    per = 52 // players // 3 * 3
    hands = [[cards[i * per + 3 * h:i * per + 3 * h + 3] for h in range(per // 3)]
             for i in range(players)]
    got = crash.score_round(hands, count_high_card=high)
    assert list(got.points) == crash_ref.score_round(hands, count_high_card=high)


@examples(10)
@given(data=st.data())
def test_crash_lexicographic_setting_as_the_reference(data):
    holding = _deals(data.draw, 1, data.draw(st.sampled_from([6, 7, 9])))[0].tolist()
    got = crash.set_hand(holding, "lexicographic")
    want = crash_ref.lexicographic_setting(holding)
    keys = [crash.dense_strength(h) for h in got.hands]
    assert keys == [crash.dense_strength(h) for h in crash_ref.sort_hands(want[0])]


@examples(6)
@given(data=st.data())
def test_holdem_exact_equity_as_the_reference(data):
    # a four-card board: 44 rivers each, so the Fraction reference stays quick
    cards = _deals(data.draw, 1, 10)[0].tolist()
    board, holes = cards[:4], [cards[4:6], cards[6:8], cards[8:10]]
    got = equity.equity([list(h) for h in holes], board=board, method="exact")
    totals = equity_ref.equity([[tuple(h)] for h in holes], board=board)
    for p, pe in enumerate(got.players):
        assert pe.equity == pytest.approx(float(totals.shares[p] / totals.deals), abs=1e-12)


@examples(10)
@given(data=st.data(), opponents=st.integers(1, 3))
def test_brag_exact_equity_as_the_reference(data, opponents):
    hand = _deals(data.draw, 1, 3)[0].tolist()
    if opponents == 1:
        got = brag.equity(hand, 1)
        assert got.exact
        from itertools import combinations
        rest = [c for c in range(52) if c not in hand]
        shares = [brag_ref.equity(hand, [list(o)]) for o in combinations(rest, 3)]
        assert got.players[0].equity == pytest.approx(sum(shares) / len(shares), abs=1e-12)
    else:  # seeded Monte Carlo: the same whatever the threads
        a = brag.equity(hand, opponents, samples=2000, seed=7, threads=1)
        b = brag.equity(hand, opponents, samples=2000, seed=7, threads=2)
        assert a.players[0].equity == b.players[0].equity
