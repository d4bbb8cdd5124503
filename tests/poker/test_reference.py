"""The reference evaluator on its own, against the rules page's statements
(docs/rules/poker.md), independent of the tables built from it."""

import pytest

from handrank.cards import parse_cards
from handrank.poker import reference as ref


def v(text):
    return ref.value(parse_cards(text))


def test_category_order_strongest_first():
    hands = ["9s 8s 7s 6s 5s", "Tc Td Th Ts 2c", "Ks Kh Kd 4c 4d", "Ah Jh 8h 4h 2h",
             "9c 8d 7h 6s 5c", "5c 5d 5h Ks 3c", "Ah Ad Ks Kc 9h", "9c 9d Ah 7s 3c", "Ac Jd 8h 4s 2c"]
    values = [v(h) for h in hands]
    assert values == sorted(values, reverse=True)
    assert [c for c, _ in values] == list(range(8, -1, -1))


def test_wheel_is_lowest_straight_no_wraparound():
    assert ref.straight_high([12, 0, 1, 2, 3]) == 3
    assert ref.straight_high([10, 11, 12, 0, 1]) is None
    assert v("Ad 2c 3h 4s 5d") < v("2c 3h 4s 5d 6c")
    assert v("Ah 2h 3h 4h 5h") < v("2c 3c 4c 5c 6c") < v("Ts Js Qs Ks As")


def test_tie_rules_and_suits():
    assert v("AsAhAdAc Kd") > v("AsAhAdAc Qd")
    assert v("3s3d3c 2h2d") > v("2s2c2h AhAd")
    assert v("KsKd 3c3d 2h") > v("KhKc 2s2h Ah")
    assert v("Ah Kh 9h 7h 3h") > v("Ad Kd 9d 7d 2d")
    assert v("2c3c4c5c7d") == v("2d3d4d5d7c")


def test_best_five_compare_and_showdown():
    value, five = ref.best_five(parse_cards("As Ks Qs Js Ts 2d 3c"))
    assert value == (ref.STRAIGHT_FLUSH, (12,)) and len(five) == 5
    assert ref.compare(parse_cards("AsAhAdAc Kd"), parse_cards("AsAhAdAc Qd")) == 1
    assert ref.compare(parse_cards("2c3c4c5c7d"), parse_cards("2d3d4d5d7c")) == 0
    board = parse_cards("Ks Qs Js Ts 2d")
    assert ref.showdown(board, [parse_cards("As 3c"), parse_cards("9s 3d")]) == [0]
    assert ref.showdown(parse_cards("As Ks Qs Js Ts"), [parse_cards("2c 3c"), parse_cards("4d 5d")]) == [0, 1]


@pytest.mark.parametrize("bad", [[0, 1, 2, 3], list(range(8)), [0, 0, 1, 2, 3], [0, 1, 2, 3, 52]])
def test_reference_rejects_bad_hands(bad):
    with pytest.raises(ValueError):
        ref.best_five(bad)
