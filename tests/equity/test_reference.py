"""The pure-Python equity reference on its own: cases counted by hand."""

from fractions import Fraction

import pytest

from handrank.cards import parse_cards
from handrank.equity import reference as ref


def c(text):
    return tuple(parse_cards(text))


def test_turn_outs_counted_by_hand():
    # Kings need one of the two kings left among 44 river cards.
    t = ref.equity([[c("AhAd")], [c("KsKc")]], parse_cards("2c 7d 9h Ts"))
    assert t.deals == 44
    assert t.wins == [42, 2] and t.ties == [0, 0]
    assert t.equity == [Fraction(42, 44), Fraction(2, 44)]


def test_river_board_plays_three_ways():
    t = ref.equity([[c("2c3d")], [c("2d3c")], [c("4d2h")]], parse_cards("As Ks Qs Js Ts"))
    assert t.deals == 1 and t.ties == [1, 1, 1] and t.wins == [0, 0, 0]
    assert t.equity == [Fraction(1, 3)] * 3


def test_dead_cards_and_ranges_with_weights():
    # Player 0: KhAd (shares Kh with player 1: never dealt) or AcAs (weight 1/2).
    # Kings need the last king (Kd is dead): 1 river card of 43.
    t = ref.equity([[c("KhAd"), c("AcAs")], [c("KhKc")]], parse_cards("2c 7d 9h Ts"),
                   dead=parse_cards("Kd"), weights=[[1, 0.5], [1]])
    assert t.deals == Fraction(43, 2)
    assert t.equity == [Fraction(42, 43), Fraction(1, 43)]
    assert t.wins == [21, Fraction(1, 2)]


def test_board_size_checked():
    with pytest.raises(ValueError):
        ref.equity([[c("AhAd")], [c("KsKc")]], parse_cards("2c 7d"))
