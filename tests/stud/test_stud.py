"""handrank.stud hands: the eight-or-better low of 5..7 cards (``stud.low``) and the
kernel's high / low / razz values against the pure-Python reference and the other
games' evaluators. Rules: docs/rules/stud.md."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from handrank import lowball, omaha, poker, stud
from handrank.cards import parse_cards
from handrank.errors import CardParseError, DuplicateCardError, HandSizeError
from handrank.omaha import reference as omaha_ref
from handrank.stud import _kernel
from handrank.stud import reference as ref


def test_low_is_the_best_five_of_seven():
    # The five lowest distinct low ranks play: 7-5-4-3-A, not 8-7-5-4-3.
    assert omaha.describe_low(stud.low("8c 7d 5h 4s 3c Ad Kh")) == "7-5-4-3-A low"
    # Pairs do not stop a low: A-A-2-2-3-4-5 has the wheel.
    assert stud.low("Ac Ad 2c 2d 3h 4s 5c") == omaha.LOW_MAX
    # Straights and flushes do not count against it: a suited wheel is the best low.
    assert stud.low("Ah 2h 3h 4h 5h Kc Kd") == omaha.LOW_MAX
    # Four low ranks (an eight-or-better low needs five): no low.
    assert stud.low("Ac 2d 3h 4s 9c 9d Kh") == omaha.NO_LOW
    assert stud.low("Ac 2d 3h 4s 4c 4d 4h") == omaha.NO_LOW
    # Five or six cards: the best of those.
    assert omaha.describe_low(stud.low("8c 6d 4h 2s Ac")) == "8-6-4-2-A low"
    assert omaha.describe_low(stud.low("8c 6d 4h 2s Ac 7s")) == "7-6-4-2-A low"


def test_low_is_on_omahas_scale():
    # The same five low ranks: the same strength in Omaha (two hole + three board).
    assert stud.low("8c 5d 4h 3s 2c Kd Kh") == omaha.low("8h 5s Kc Qd", "4c 3d 2h Jc Td")
    # Every stud low names the same five ranks through omaha.low_ranks.
    rng = random.Random(7)
    for _ in range(500):
        cards = rng.sample(range(52), 7)
        s = stud.low(cards)
        want = ref.low8(cards)
        assert omaha.low_ranks(s) == (() if want is None else tuple(want))


def test_kernel_hands_match_the_reference():
    rng = random.Random(13)
    for _ in range(3000):
        k = rng.choice((5, 6, 7))
        cards = rng.sample(range(52), k)
        assert _kernel.low(cards) == ref.low8_strength(cards), cards
        if k == 7:
            assert _kernel.high(cards) == poker.strength(cards)
            assert _kernel.razz(cards) == lowball.ace_to_five.strength(cards)
    # The reference's own values order as the other games' evaluators do.
    for _ in range(300):
        a, b = rng.sample(range(52), 7), rng.sample(range(52), 7)
        assert (ref.high_value(a) > ref.high_value(b)) == (poker.strength(a) > poker.strength(b))
        assert ((ref.razz_value(a) > ref.razz_value(b))
                == (lowball.ace_to_five.strength(a) > lowball.ace_to_five.strength(b)))


def test_reference_low_agrees_with_omahas_list_of_lows():
    assert ref.low8(parse_cards("Ac 2d 3h 4s 5c 6d 7h")) == omaha_ref.LOWS[0]
    assert ref.low8_strength(parse_cards("8c 7d 6h 5s 4c Kd Kh")) == 1
    assert ref.low8(parse_cards("8c 8d 7h 7s 6c 6d 5h")) is None


def test_reference_shares_of_the_three_pot_rules():
    a = parse_cards("As Ah Ad 2c 3c 4c 5c")   # trips, wheel
    b = parse_cards("Ks Kh Kd Kc 8d 7d 6d")   # quads, 8-7-6-K... no low
    assert ref.shares([a, b], "high") == ([0, 1], [0, 0])
    assert ref.shares([a, b], "hilo") == ([0, 1 / Fraction(2)], [Fraction(1, 2), 0])
    assert ref.shares([a, b], "razz") == ([0, 0], [1, 0])


def test_low_bad_input_is_named():
    with pytest.raises(HandSizeError, match="5, 6 or 7 cards, got 4"):
        stud.low("Ac 2d 3h 4s")
    with pytest.raises(HandSizeError, match="got 8"):
        stud.low("Ac 2d 3h 4s 5c 6c 7c 8c")
    with pytest.raises(DuplicateCardError, match="Ac"):
        stud.low("Ac 2d 3h 4s Ac")
    with pytest.raises(CardParseError, match="Xx"):
        stud.low("Ac 2d 3h 4s Xx")


def test_kernel_refuses_bad_ids():
    for bad in ([1, 2, 3, 4], [1, 2, 3, 4, 52], [1, 2, 3, 4, 4], [-1, 2, 3, 4, 5], list(range(8))):
        with pytest.raises(ValueError):
            _kernel.low(bad)
    with pytest.raises(ValueError):
        _kernel.high([1, 2, 3, 4, 5])
    with pytest.raises(ValueError):
        _kernel.razz([1, 2, 3, 4, 5, 6])
