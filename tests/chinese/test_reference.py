"""The pure-Python Chinese Poker reference (handrank.chinese.reference) checked
on its own against the numbers of docs/rules/chinese-poker.md, so that a mistake
shared by the reference and the fast path cannot hide behind the differential
tests; and the solver's expected-score model checked against the scorer."""

from __future__ import annotations

import numpy as np
import pytest

from handrank import chinese, poker
from handrank.cards import deal, parse_cards
from handrank.chinese import reference as ref
from handrank.poker import reference as rp

SYSTEMS = ref.SYSTEMS


def P(front: str, middle: str, back: str, declare: bool = False) -> ref.Player:
    return ref.Player(parse_cards(front), parse_cards(middle), parse_cards(back), declare)


TOP = ("AsAdAc", "KsKdKhKc2h", "QsJsTs9s8s")    # front trips; middle quads; back straight flush
WEAK = [("2c3d5h", "4s4d6c7d9h", "6s6d6hJhJd"),
        ("2d3c7s", "4h4c5c8d9c", "5s5d7h7cTc"),
        ("2s3h9d", "8h8c3sJcAh", "QhQdQcThTd")]


def test_rules_table_bonuses():
    """docs/rules/chinese-poker.md, eastern: back straight flush 5, four of a kind 4;
    middle straight flush 10, four of a kind 8, full house 2; front trips 3."""
    five = {rp.STRAIGHT_FLUSH: "9s8s7s6s5s", rp.FOUR_OF_A_KIND: "9s9d9h9c2d",
            rp.FULL_HOUSE: "9s9d9h2c2d", rp.FLUSH: "Ks9s7s4s2s", rp.STRAIGHT: "9s8d7h6c5d"}
    want = {1: {rp.STRAIGHT_FLUSH: 10, rp.FOUR_OF_A_KIND: 8, rp.FULL_HOUSE: 2},
            2: {rp.STRAIGHT_FLUSH: 5, rp.FOUR_OF_A_KIND: 4}}
    for row in (1, 2):
        for cat, cards in five.items():
            v = rp.value5(parse_cards(cards))
            assert v[0] == cat
            assert ref.bonus(row, v) == want[row].get(cat, 0), (row, cat)
    assert ref.bonus(0, ref.front_value(parse_cards("7s7d7h"))) == 3
    assert ref.bonus(0, ref.front_value(parse_cards("7s7dAh"))) == 0


@pytest.mark.parametrize("system,want", [("basic", 3), ("western", 4), ("eastern", 3 + 8 + 5),
                                         ("mandarin", 2 * 3 + (2 + 8) + (2 + 5))])
def test_sweep_in_each_system(system, want):
    """A 3-0 sweep: basic 3, western 4, eastern bonuses, mandarin shot doubles
    the row values (1 or 3) but not the bonuses."""
    a, b = P(*TOP), P(*WEAK[0])
    assert ref.pair_score(a, b, system) == want
    assert ref.pair_score(b, a, system) == -want


def test_mandarin_home_run_triples_row_values():
    players = [P(*TOP)] + [P(*w) for w in WEAK]
    m = ref.score_table(players, "mandarin")
    assert m[0][1:] == [3 * 3 + (3 + 8) + (3 + 5)] * 3
    assert ref.score_table(players[:3], "mandarin")[0][1:] == [23, 23]  # three players: shots only


def test_D_western_ties_reference():
    """[D] western with ties: 1-0 (two ties) 2, 2-0 (one tie) 3, 1-1 (one tie) 0."""
    a = P("2c3d5h", "AsKsQdJc9h", "8s8d8h8c6c")
    assert ref.pair_score(a, P("2d3c5c", "AhKhQcJd9c", "7s7d7h7c3s"), "western") == 2
    assert ref.pair_score(a, P("2d3c4c", "AhKhQcJd9c", "7s7d7h7c3s"), "western") == 3
    assert ref.pair_score(a, P("2d3c6d", "AhKhQcJd9c", "7s7d7h7c3s"), "western") == 0


def test_D_fouls_reference():
    """[D] a foul pays 4 in every system, two fouls 0, a fouled opponent
    prevents a home run; wrong card counts are a foul."""
    good, foul = P("2c3d5h", "AsQdJcTc9h", "8s8d8h8c2d"), P("AhAcKd", "7s7d7c6c6d", "Ts9c6h4h3h")
    foul2 = P("QhQcJd", "Th9d5s4s3s", "KhKcKsJsJh")
    for system in SYSTEMS:
        assert ref.pair_score(good, foul, system) == 4
        assert ref.pair_score(foul, foul2, system) == 0
    fouled = P("QhQdQc", "8h8c3sJcAh", "2s3h9dThTd")
    m = ref.score_table([P(*TOP), P(*WEAK[0]), P(*WEAK[1]), fouled], "mandarin")
    assert m[0][1:] == [23, 23, 4]
    assert ref.is_foul(parse_cards("2s3s4s5c"), parse_cards("5d6c6d7c"), parse_cards("8c8d8s9c9d"))


def test_D_naturals_reference():
    """[D] declared naturals: a plain sweep 3 / 4 / 3 / 6, 9 for a mandarin
    home run; dragon beats the others, which tie; no foul penalty against a
    natural; its rows are not checked; not made -> error."""
    dragon = P("2c3d4h", "5s6c7d8h9s", "TcJdQhKcAc", True)
    flushes = P("2h5h9h", "2d4d6d8dTd", "4s7sJsKsAs", True)
    plain = P("2s3c4c", "5c5d6h6s7c", "8c8s9c9dTh")
    rest = P("3s3h7h", "KhKdJhJcTs", "AhAdQsQdQc")
    for system, sweep in ref.SWEEP.items():
        assert ref.pair_score(dragon, plain, system) == sweep
        assert ref.pair_score(dragon, flushes, system) == sweep
        assert ref.pair_score(plain, flushes, system) == -sweep
    assert ref.SWEEP == {"basic": 3, "western": 4, "eastern": 3, "mandarin": 6}
    undeclared = P("2h5h9h", "2d4d6d8dTd", "4s7sJsKsAs")
    m = ref.score_table([dragon, undeclared, plain, rest], "mandarin")
    assert m[0][1:] == [9, 9, 9]
    fouled_flushes = P("2h5h9h", "4s7sJsKsAs", "2d4d6d8dTd", True)   # middle beats back
    assert fouled_flushes.foul and ref.pair_score(fouled_flushes, plain, "western") == 4
    with pytest.raises(ValueError):
        P("2s3c4c", "5c5d6h6s7c", "8c8s9c9dTh", True)
    six = ref.naturals(parse_cards("2c2d2h"), parse_cards("3s3c4d4h5s"), parse_cards("5c6d6h7s7c"))
    assert six == {"six pairs"}  # five pairs and trips


def test_D_front_against_middle_reference():
    """[D] category first, then rank by rank; all equal: the middle is stronger."""
    fbm = ref.front_beats_middle
    assert not fbm(parse_cards("KsKdAc"), parse_cards("KhKcAdQcJc"))
    assert fbm(parse_cards("KsKdAc"), parse_cards("KhKcQdJcTh"))
    assert fbm(parse_cards("5s5d5c"), parse_cards("AhAcKdKc2h"))
    assert not fbm(parse_cards("AsKdQc"), parse_cards("AhKhQd5c3c"))
    assert not fbm(parse_cards("2c3d4h"), parse_cards("2s3s4d5c7h"))  # no straights in front


def _categories() -> list[list[int]]:
    front = [0] + [int(chinese.front_category(s)) for s in range(1, 456)]
    five = [0] + poker.categories(np.arange(1, 7463, dtype=np.int32)).tolist()
    return [front, five, five]


@pytest.mark.parametrize("system", SYSTEMS)
def test_expected_score_of_a_known_opponent_is_the_pair_score(system):
    """With an opponent distribution that is one fixed legal setting B (all the
    weight on B's three row strengths), the solver's expected score of A must
    be exactly A's score against B: the reference model, and the kernel's
    (chinese.expected_scores with solver_tables), against the scorer."""
    rng = np.random.default_rng(41 + SYSTEMS.index(system))
    d = deal(60, 26, rng)
    a_set = chinese.greedy_many(d[:, :13])
    b_set = chinese.greedy_many(d[:, 13:])
    cats = _categories()
    for a, b in zip(a_set.tolist(), b_set.tolist()):
        sa = chinese.Setting(tuple(a[:3]), tuple(a[3:8]), tuple(a[8:]))
        sb = chinese.Setting(tuple(b[:3]), tuple(b[3:8]), tuple(b[8:]))
        counts = [np.zeros(456, np.int64), np.zeros(7463, np.int64), np.zeros(7463, np.int64)]
        for row, s in enumerate(sb.strengths):
            counts[row][s] = 1
        opp = ref.OpponentRows(counts, cats)
        vals = (ref.front_value(sa.front), rp.value5(sa.middle), rp.value5(sa.back))
        want = chinese.score([sa, sb], system).matrix[0][1]
        assert ref.pair_score(ref.Player(*(list(r) for r in (sa.front, sa.middle, sa.back))),
                              ref.Player(*(list(r) for r in (sb.front, sb.middle, sb.back))),
                              system) == want
        assert ref.expected_score(vals, sa.strengths, opp, system) == pytest.approx(want)
        fast = chinese.expected_scores(np.array([a], np.uint8), system,
                                       tables=chinese.solver_tables(*counts))
        assert fast[0] == pytest.approx(want)
