"""The pure-Python Brag reference on its own: the rules page's statements as tests.

Rules: docs/rules/brag-and-crash.md ("Brag hands"). Written from the page, not from
the fast path, so that the exhaustive comparison in test_brag.py means something.
"""

from collections import Counter
from itertools import combinations

import pytest

from handrank.cards import parse_cards
from handrank.brag import reference as ref

ALL = list(combinations(range(52), 3))


def v(text, **kw):
    return ref.value(parse_cards(text), **kw)


def cat(text, **kw):
    return ref.category(parse_cards(text), **kw)


def test_category_order_strongest_first():
    order = ["2c 2d 2h", "4s 5s 6s", "4s 5d 6c", "2s 7s 9s", "Ac Ad Kc", "As Kd Jc"]
    values = [v(h) for h in order]
    assert values == sorted(values, reverse=True)
    assert [cat(h) for h in order] == [ref.PRIAL, ref.RUNNING_FLUSH, ref.RUN, ref.FLUSH,
                                       ref.PAIR, ref.HIGH_CARD]


@pytest.mark.parametrize("options", [{"prial_threes_high": p, "a23_top_run": a}
                                     for p in (True, False) for a in (True, False)])
def test_reference_counts_on_rules_page(options):
    values = [ref.value(h, **options) for h in ALL]
    counts = Counter(val[0] for val in values)
    assert counts == {ref.PRIAL: 52, ref.RUNNING_FLUSH: 48, ref.RUN: 720, ref.FLUSH: 1096,
                      ref.PAIR: 3744, ref.HIGH_CARD: 16440}
    assert len(set(values)) == 741


def test_D_prial_threes_high_default_top_prial():
    """[D] prial_threes_high (default on): 3-3-3 beats A-A-A; off, A-A-A beats 3-3-3."""
    assert v("3c 3d 3h") > v("Ac Ad Ah") > v("Kc Kd Kh") > v("2c 2d 2h")
    off = {"prial_threes_high": False}
    assert v("Ac Ad Ah", **off) > v("Kc Kd Kh", **off) > v("3c 3d 3h", **off) > v("2c 2d 2h", **off)


def test_D_a23_top_run_default_top_run():
    """[D] a23_top_run (default on): A-2-3 is the top run, then Q-K-A; off, A-2-3 is
    below 2-3-4."""
    assert v("Ac 2d 3h") > v("Qc Kd Ah") > v("Jc Qd Kh") > v("2c 3d 4h")
    off = {"a23_top_run": False}
    assert v("Qc Kd Ah", **off) > v("2c 3d 4h", **off) > v("Ac 2d 3h", **off)
    # Same for running flushes, and a running flush beats every run either way.
    assert v("As 2s 3s") > v("Qs Ks As")
    assert v("As 2s 3s", **off) < v("2s 3s 4s", **off)
    assert v("2s 3s 4s", **off) > v("Ac 2d 3h") and v("As 2s 3s", **off) > v("Qc Kd Ah")


def test_k_a_2_is_not_a_run():
    assert cat("Kc Ad 2h") == ref.HIGH_CARD
    assert cat("Ks As 2s") == ref.FLUSH
    assert ref.run_high([11, 12, 0]) is None
    assert ref.run_high([12, 0, 1]) == 13 and ref.run_high([12, 0, 1], a23_top_run=False) == 1


def test_flush_and_high_card_compare_high_middle_low_aces_high():
    assert v("As 4s 2s") > v("Ks Qs 9s")
    assert v("Ah Jh 2h") > v("Ad Td 9d")
    assert v("Ah Jh 3h") > v("As Js 2s")
    assert v("Ac 4d 2h") > v("Kc Qd 9h")
    assert v("Ac Jd 3h") > v("As Jd 2h")


def test_pair_by_rank_then_odd_card():
    assert v("Ac Ad 2h") > v("Kc Kd Qh")
    assert v("7c 7d 9h") > v("7h 7s 8c")
    assert v("2c 2d 3h") > v("Ac Kd Js")


def test_suits_never_rank_equal_hands_tie():
    assert ref.compare(parse_cards("As Ks Qs"), parse_cards("Ah Kh Qh")) == 0
    assert ref.compare(parse_cards("Ac Kd 9h"), parse_cards("As Kh 9c")) == 0
    assert ref.showdown([parse_cards("Ac Kd 9h"), parse_cards("As Kh 9c"),
                         parse_cards("Qc Qd 2s")]) == [2]
    assert ref.showdown([parse_cards("Ac Kd 9h"), parse_cards("As Kh 9c")]) == [0, 1]


def test_value_is_order_independent():
    for h in ALL[::97]:
        vals = {ref.value(list(p)) for p in [h, h[::-1], (h[1], h[0], h[2])]}
        assert len(vals) == 1


@pytest.mark.parametrize("bad", [[1, 2], [1, 2, 3, 4], [1, 1, 2], [0, 1, 52], [-1, 2, 3],
                                 [True, 2, 3], [1.0, 2, 3]])
def test_reference_rejects_bad_hands(bad):
    with pytest.raises(ValueError):
        ref.value(bad)


def test_reference_equity_splits_ties():
    hero = parse_cards("Ac Kd 9h")
    assert ref.equity(hero, [parse_cards("As Kh 9c")]) == 0.5
    assert ref.equity(hero, [parse_cards("2c 2d 3s")]) == 0.0
    assert ref.equity(hero, [parse_cards("Qc Jd 9s"), parse_cards("Ah Ks 9d")]) == 0.5
