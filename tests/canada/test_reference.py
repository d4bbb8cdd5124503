"""The pure-Python Broken Canada reference on its own: the rules page's examples
(docs/rules/broken-canada.md), one hand per table row, and its [D] decisions."""

import pytest

from handrank.cards import parse_cards
from handrank.canada import reference as ref

# One hand per row of the rules table: (row, set, pit). Shared with test_canada.py.
EXAMPLES = [
    (1, "Ts Js Qs Ks", "As 2s"),
    (2, "Ts Jd Qs Ks", "As 2s"),
    (3, "5c 5d 5h 9c", "9d 9h"),
    (4, "Kc Kd Kh 5c", "5d 9h"),
    (4, "5c 5d 5h 5s", "9c 9d"),  # a four of a kind counts as the triple
    (5, "Ac Ad Ah As", "2c 7d"),
    (6, "Ac 2d 3h 4s", "5c Ad"),
    (7, "Ac Ad Ah 7s", "9c 2d"),
    (8, "Kc Kd Ac Ad", "7h 2s"),
    (9, "4h 5h 6h 7h", "8h 9h"),
    (10, "2c 4d 6h 8s", "Tc Kd"),
    (11, "2h 3h 9h Jh", "Kh 7h"),
    (12, "4h 5h 6h 7h", "8h 2c"),
    (13, "2h 3h 9h Jh", "Kh 7c"),
    (14, "Ac 3d 5h 7s", "Kc Qd"),
    (15, "9c 9d 9h 9s", "2c 5d"),
    (16, "4c 5d 6h 7s", "8c 8d"),
    (17, "4c 5d 6h 7s", "8c 9d"),
    (18, "4h 5h 6h 7h", "Kc 2d"),
    (19, "4c 5d 6h 7s", "7c 7d"),
    (20, "2h 3d 9h Jd", "Kh 6d"),
    (21, "4c 5d 6h 6s", "6c Kd"),
    (22, "4c 5d 6h 7s", "7c Kd"),
    (23, "2c 4d 6h Kc", "8s Jd"),
    (24, "4c 5d 6h 6s", "Jc Kd"),
    (25, "2c 2d 9h 9s", "Kc Kd"),
    (26, "4c 5d 6h 7s", "Kc Kd"),
    (27, "4c 5d 6h Kc", "Kd 9s"),
    (28, "4c 5d 6h 7s", "8c Kd"),
    (29, "4c 5d 6h 7s", "Jc Kd"),
    (30, "9c 9d 9h 2s", "5c Kd"),
    (31, "4c 5d 6h Jc", "Kd 9s"),
    (32, "2c 2d 9h 9s", "Kc 5d"),
    (33, "2c 2d 9h Js", "Kc 5d"),
    (34, "2c 6d 9h Js", "Kc 4d"),
    (35, "Ac Ad Ah Kc", "Kd 2s"),
]


def row(set_text, pit_text):
    return ref.category_row(parse_cards(set_text, allow_duplicates=True),
                            parse_cards(pit_text, allow_duplicates=True))


@pytest.mark.parametrize("expected, set_text, pit_text", EXAMPLES)
def test_one_example_per_row(expected, set_text, pit_text):
    assert row(set_text, pit_text) == expected, ref.ROW_NAMES[expected - 1]


def test_examples_cover_every_row():
    assert {r for r, _, _ in EXAMPLES} == set(range(1, 36))


def test_consequence_aaaa_kk_is_busted():
    """Rules: `AAAA KK` is Busted (it holds AAA + KK)."""
    assert row("Ac Ad Ah As", "Kc Kd") == 35


def test_consequence_kkk_aa_x_is_busted():
    """Rules: `KKK AA x` is Busted."""
    assert row("Kc Kd Kh Ac", "Ad 5s") == 35


def test_consequence_aaa_kkk_is_crowded_house():
    """Rules: `AAA KKK` is a Crowded House (the Busted modifier applies to Full House only)."""
    assert row("Ac Ad Ah Kc", "Kd Kh") == 3


def test_consequence_wheel_plus_ace_is_aces_in_hand_straight_pair():
    """Rules: `A-2-3-4-5 + A` is Aces In-hand Straight Pair."""
    assert row("Ac 2d 3h 4s", "5c Ad") == 6
    assert row("Tc Jd Qh Ks", "Ac Ad") == 6  # the high ace straight too


def test_consequence_set_a357_is_at_least_handed_curve():
    """Rules: a set `A 3 5 7` with any pit is at least a 4-card Handed Curve."""
    s = parse_cards("Ac 3d 5h 7s")
    deck = [c for c in range(52) if c not in s]
    for i, a in enumerate(deck):
        for b in deck[i + 1::7]:
            assert ref.category_row(s, [a, b]) <= 14


def test_d_no_wrap_around_except_broken_canada():
    """[D] No straight or curve wraps around K-A-2 (Broken Canada is the named exception)."""
    assert row("Kc Ad 2h 6s", "9c 4d") == 34  # K-A-2 is not a 3-card flat straight
    assert row("Qc Kd Ah 2s", "7c 4d") == 31  # Q-K-A is one, Q-K-A-2 is not a 4-card one
    assert row("Qc Ad 3h 5s", "8c 9d") == 34  # Q-A-3-5 would be a wrapping handed curve


def test_d_ace_high_and_low_one_role():
    """[D] The ace is 14 and may play 1 in a straight or curve, one role at a time."""
    assert row("Ac 2d 3h 4s", "9c Jd") == 29  # A-2-3-4 (ace low)
    assert row("Jc Qd Kh As", "2c 7d") == 29  # J-Q-K-A (ace high)
    assert row("8c Td Qh As", "2c 5d") == 14  # 8-10-Q-A curve (ace high)
    assert row("Ac 3d 5h 7s", "Jc Qd") == 14  # A-3-5-7 curve (ace low)


def test_d_multi_deck_identical_cards_accepted():
    """[D] With several decks a hand may hold two identical cards."""
    assert row("Ah Ah 9h 9s", "Kc Kd") == 8  # kings and aces, with a doubled Ah
    assert row("7h 7h 7h 2c", "2c 9d") == 4  # triple of identical cards + pair


def test_d_in_and_out_reading():
    """[D] In-and-out pair = two more cards of a rank that is in the straight."""
    assert row("4c 5d 6h 7s", "7c 7d") == 19
    assert row("4c 5d 6h 6s", "6c Kd") == 21
    assert row("4c 5d 6h 7s", "Kc Kd") == 26  # pair outside: out-hand, not in-and-out


def test_d_royal_quarter_straight_is_four_card_straight_flush():
    """[D] Royal Quarter-Straight = a 4-card straight flush."""
    assert row("4h 5h 6h 7h", "Kc 2d") == 18
    assert row("4h 5h 6h 8h", "Kc 2d") != 18


def test_d_aces_tier_under_full_house():
    """[D] Rows 5-8 (the aces tier) sit directly under Full House: they beat the
    straight flushes but lose to Full House, Crowded House, Broken Canada."""
    four_aces = (parse_cards("Ac Ad Ah As"), parse_cards("2c 7d"))
    sf6 = (parse_cards("4h 5h 6h 7h"), parse_cards("8h 9h"))
    full = (parse_cards("Kc Kd Kh 5c"), parse_cards("5d 9h"))
    royal = (parse_cards("Ts Js Qs Ks"), parse_cards("As 2s"))
    assert ref.compare(four_aces, sf6) == 1
    assert ref.compare(full, four_aces) == 1
    assert ref.compare(royal, four_aces) == 1


def test_d_lower_card_wins_and_suits_never_break_ties():
    """[D] Same category: the lower card wins (ranks ascending, ace 14); suits never break ties."""
    low = (parse_cards("2c 2d 9h Js"), parse_cards("Kc 5d"))
    high = (parse_cards("3c 3d 9h Js"), parse_cards("Kc 5d"))
    assert ref.compare(low, high) == 1
    same = (parse_cards("2h 2s 9c Jd"), parse_cards("Kc 5d"))
    assert ref.compare(low, same) == 0


def test_full_houses_tie_and_busted_loses_to_no_hand():
    full1 = (parse_cards("Kc Kd Kh 5c"), parse_cards("5d 9h"))
    full2 = (parse_cards("3c 3d 3h 5s"), parse_cards("5h 9c"))
    busted = (parse_cards("Ac Ad Ah Kc"), parse_cards("Kd 2s"))
    nothing = (parse_cards("2c 6d 9h Js"), parse_cards("Kc 4d"))
    assert ref.compare(full1, full2) == 0
    assert ref.compare(nothing, busted) == 1


def test_witness_is_cards_of_the_row():
    s, p = parse_cards("4c 5d 6h 7s"), parse_cards("7c 7d")
    w = ref.witness(s, p, 19)
    assert sorted(w) == [0, 1, 2, 3, 4, 5]
    with pytest.raises(ValueError):
        ref.witness(s, p, 1)
