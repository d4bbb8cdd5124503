"""Broken Canada fast path (handrank.canada): differential tests against the
pure-Python reference, the rules page's [D] decisions and consequences, the
strength layout, bulk layouts, bad input, showdown / Family Feud, exact odds,
equity. Rules: docs/rules/broken-canada.md."""

import math
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.canada.test_reference import EXAMPLES

from handrank import canada
from handrank.canada import Category
from handrank.cards import parse_cards
from handrank.errors import (
    ArrayDtypeError,
    ArrayShapeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandrankError,
    HandSizeError,
    OptionError,
)
from handrank.canada import reference as ref

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fast_row(set_text, pit_text, decks=1):
    return canada.evaluate(set_text, pit_text, decks=decks).category.row


def random_hands(n, decks, seed):
    rng = np.random.default_rng(seed)
    pool = np.tile(np.arange(52, dtype=np.uint8), decks)
    return np.array([rng.choice(pool, 6, replace=False) for _ in range(n)], dtype=np.uint8)


# =========================================================================== categories


def test_labels_match_the_rules_page_names():
    assert [c.label for c in sorted(Category, reverse=True)] == list(ref.ROW_NAMES)
    assert len(Category) == 35


@pytest.mark.parametrize("expected, set_text, pit_text", EXAMPLES)
def test_one_example_per_row_fast(expected, set_text, pit_text):
    hv = canada.evaluate(set_text, pit_text)
    assert hv.category.row == expected
    assert hv.name == ref.ROW_NAMES[expected - 1]
    assert canada.category(hv.strength) == hv.category


@pytest.mark.parametrize("decks, seed", [
    (1, 1), pytest.param(1, 2, marks=pytest.mark.slow),  # the reference is pure Python:
    (2, 3), pytest.param(2, 4, marks=pytest.mark.slow),  # a second seed each in the slow tier
])
def test_differential_random_deals(decks, seed):
    """Seeded random one- and two-deck deals: category and pairwise comparison match the reference."""
    hands = random_hands(700, decks, seed)
    fast = canada.evaluate_many(hands, decks=decks)
    rows = [ref.category_row(list(h[:4]), list(h[4:])) for h in hands.tolist()]
    assert [35 - (s >> 15) for s in fast.tolist()] == rows
    # pairwise: consecutive hands
    for i in range(len(hands) - 1):
        a = (hands[i, :4].tolist(), hands[i, 4:].tolist())
        b = (hands[i + 1, :4].tolist(), hands[i + 1, 4:].tolist())
        want = ref.compare(a, b)
        got = int(fast[i] > fast[i + 1]) - int(fast[i] < fast[i + 1])
        assert got == want, (a, b)


def test_differential_rare_rows_targeted():
    """Random hands built to reach the rare rows (one suit, few ranks, aces)."""
    rng = np.random.default_rng(7)
    hands = []
    for _ in range(600):
        kind = rng.integers(4)
        if kind == 0:  # one suit mostly
            ranks = rng.choice(13, 6, replace=False)
            suits = np.where(rng.random(6) < 0.85, 2, rng.integers(4, size=6))
        elif kind == 1:  # few ranks (pairs, trips, full houses), two decks
            ranks = rng.choice(rng.choice(13, 3, replace=False), 6)
            suits = rng.integers(4, size=6)
        elif kind == 2:  # aces and kings and broad straights
            ranks = rng.choice([12, 12, 11, 11, 0, 1, 2, 3, 8, 9, 10], 6, replace=False)
            suits = rng.integers(4, size=6)
        else:  # curves: even or odd ranks only
            ranks = rng.choice(np.arange(rng.integers(2), 13, 2), 6)
            suits = rng.integers(4, size=6)
        hands.append(4 * ranks + suits)
    arr = np.array(hands, dtype=np.uint8)
    fast = canada.evaluate_many(arr, decks=6)
    rows = [ref.category_row(h[:4], h[4:]) for h in arr.tolist()]
    assert [35 - (s >> 15) for s in fast.tolist()] == rows
    assert len(set(rows)) >= 24  # the generator really reaches most rows


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=6, max_size=6),
       st.lists(st.integers(0, 51), min_size=6, max_size=6))
def test_hypothesis_against_reference(h1, h2):
    s1 = canada.strength(h1, decks=6)
    s2 = canada.strength(h2, decks=6)
    assert 35 - (s1 >> 15) == ref.category_row(h1[:4], h1[4:])
    want = ref.compare((h1[:4], h1[4:]), (h2[:4], h2[4:]))
    assert (s1 > s2) - (s1 < s2) == want


def test_consequence_aaaa_kk_is_busted_fast():
    """Rules consequence: `AAAA KK` is Busted."""
    assert canada.evaluate("Ac Ad Ah As", "Kc Kd").category == Category.BUSTED


def test_consequence_kkk_aa_x_is_busted_fast():
    """Rules consequence: `KKK AA x` is Busted."""
    assert canada.evaluate("Kc Kd Kh Ac", "Ad 5s").category == Category.BUSTED


def test_consequence_aaa_kkk_is_crowded_house_fast():
    """Rules consequence: `AAA KKK` is a Crowded House."""
    assert canada.evaluate("Ac Ad Ah Kc", "Kd Kh").category == Category.CROWDED_HOUSE


def test_consequence_wheel_plus_ace_fast():
    """Rules consequence: `A-2-3-4-5 + A` is Aces In-hand Straight Pair."""
    assert canada.evaluate("Ac 2d 3h 4s", "5c Ad").category == Category.ACES_IN_HAND_STRAIGHT_PAIR


def test_consequence_set_a357_any_pit_at_least_handed_curve_fast():
    """Rules consequence: a set `A 3 5 7` with *any* pit is at least a 4-card Handed Curve
    (all 1,128 pits, exhaustively)."""
    s = parse_cards("Ac 3d 5h 7s")
    rest = [c for c in range(52) if c not in s]
    pits = np.array([(a, b) for i, a in enumerate(rest) for b in rest[i + 1:]], dtype=np.uint8)
    sets = np.tile(np.array(s, dtype=np.uint8), (len(pits), 1))
    cats = canada.categories(canada.evaluate_many(sets, pits))
    assert len(pits) == 1128
    assert (cats >= Category.HANDED_CURVE_4).all()


def test_d_multi_deck_identical_cards_fast():
    """[D] ceil(players/4) decks: hands may hold identical cards; decks bounds the copies."""
    assert canada.evaluate("Ah Ah 9h 9s", "Kc Kd", decks=2).category == Category.KINGS_AND_ACES
    with pytest.raises(DuplicateCardError, match="Ah"):
        canada.evaluate("Ah Ah 9h 9s", "Kc Kd")
    with pytest.raises(DuplicateCardError, match="row 0, pit column 1"):
        canada.evaluate_many(np.array([[0, 0, 1, 2]]), np.array([[3, 0]]), decks=2)
    assert canada.decks_for(4) == 1 and canada.decks_for(5) == 2 and canada.decks_for(9) == 3


def test_d_no_wrap_fast():
    """[D] No straight or curve wraps around K-A-2 (except Broken Canada itself)."""
    assert fast_row("Kc Ad 2h 6s", "9c 4d") == 34
    assert fast_row("Qc Kd Ah 2s", "7c 4d") == 31
    assert fast_row("Qc Ad 3h 5s", "8c 9d") == 34
    assert fast_row("Ts Jd Qs Ks", "As 2s") == 2


def test_d_ace_one_role_fast():
    """[D] Ace 14, also 1 in a straight or curve."""
    assert fast_row("Ac 2d 3h 4s", "9c Jd") == 29
    assert fast_row("Jc Qd Kh As", "2c 7d") == 29
    assert fast_row("8c Td Qh As", "2c 5d") == 14
    assert fast_row("Ac 3d 5h 7s", "Jc Qd") == 14


def test_d_in_and_out_fast():
    """[D] In-and-out pair: a rank of the straight held three times."""
    assert fast_row("4c 5d 6h 7s", "7c 7d") == 19
    assert fast_row("4c 5d 6h 6s", "6c Kd") == 21


def test_d_royal_quarter_straight_fast():
    """[D] Royal Quarter-Straight is a 4-card straight flush."""
    assert fast_row("4h 5h 6h 7h", "Kc 2d") == 18
    assert fast_row("Ah 2h 3h 4h", "Kc 9d") == 18  # ace low in the suit too


def test_d_aces_tier_directly_under_full_house_fast():
    """[D] The aces tier (rows 5-8) sits directly under Full House: order is total."""
    full = canada.strength("Kc Kd Kh 5c", "5d 9h")
    tier = [canada.strength("Ac Ad Ah As", "2c 7d"), canada.strength("Ac 2d 3h 4s", "5c Ad"),
            canada.strength("Ac Ad Ah 7s", "9c 2d"), canada.strength("Kc Kd Ac Ad", "7h 2s")]
    sf6 = canada.strength("4h 5h 6h 7h", "8h 9h")
    royal = canada.strength("Ts Js Qs Ks", "As 2s")
    assert royal > full > tier[0] > tier[1] > tier[2] > tier[3] > sf6
    assert [canada.category(s) for s in tier] == list(canada.ACES_TIER)


def test_d_lower_card_wins_suits_never_fast():
    """[D] Same category: ranks ascending (ace 14) compared, the lower wins; suits never."""
    assert canada.compare(("2c 2d 9h Js", "Kc 5d"), ("3c 3d 9h Js", "Kc 5d")) == 1
    assert canada.compare(("2c 2d 9h Js", "Kc 5d"), ("2h 2s 9c Jd", "Kc 5d")) == 0
    # ace counts 14 in the comparison even where it played low in the straight
    assert canada.compare(("Ac 2d 3h 9s", "Jc Kd"), ("2c 3d 4h 9s", "Jc Kd")) == -1


def test_full_houses_all_tie_busted_last():
    """Rule 3: all non-busted Full Houses tie at the evaluator; rule 4: Busted loses to all."""
    a = canada.strength("Kc Kd Kh 5c", "5d 9h")
    b = canada.strength("3c 3d 3h 5s", "5h 2c")
    assert a == b
    busted = canada.strength("Ac Ad Ah Kc", "Kd 2s")
    nothing = canada.strength("Kc 7d 9h Js", "Qc 4d")
    assert busted < nothing
    # Busted hands compare among themselves by the lower card: Q-Q beats K-K
    assert canada.compare(("Ac Ad Ah Kc", "Kd 2s"), ("Ac Ad Ah Qc", "Qd 2s")) == -1


def test_strength_layout_and_describe():
    s = canada.strength("2c 2d 9h 9s", "Kc Kd")
    assert s >> 15 == Category.THREE_PAIR
    assert canada.lower_cards(s) == (0, 0, 7, 7, 11, 11)
    assert canada.describe(s) == "Three Pair, 2-2-9-9-K-K"
    assert canada.describe(canada.strength("Kc Kd Kh 5c", "5d 9h")).startswith("Full House")
    assert canada.strength("Kc Kd Kh 5c", "5d 9h") == Category.FULL_HOUSE << 15
    assert canada.lower_cards(canada.strength("Kc Kd Kh 5c", "5d 9h")) is None
    lowest = canada.strength("2c 2d 2h 2s", "2c 2d", decks=2)
    assert lowest & 0x7FFF == 18563  # six deuces: the lowest cards of all


def test_six_of_a_kind_two_decks():
    # six deuces: a triple and... every split of the six has both parts deuces -> no pair of
    # another rank: not a full house; two triples of the same rank: not a crowded house.
    s = canada.strength("2c 2d 2h 2s", "2c 2d", decks=2)
    assert canada.category(s) == Category(35 - ref.category_row(
        parse_cards("2c 2d 2h 2s"), parse_cards("2c 2d")))
    assert canada.category(s) == Category.FOUR_OF_A_KIND


def test_strength_range_and_categories_vectorised():
    hands = random_hands(2000, 1, 11)
    s = canada.evaluate_many(hands)
    assert s.dtype == np.int32
    assert (s >= canada.MIN_STRENGTH).all() and (s <= canada.MAX_STRENGTH).all()
    assert (canada.categories(s) == s >> 15).all()
    with pytest.raises(HandrankError, match="index 1"):
        canada.categories(np.array([s[0], -5]))
    with pytest.raises(HandrankError):
        canada.category(canada.MAX_STRENGTH + 1)
    with pytest.raises(TypeError):
        canada.category(1.5)  # type: ignore[arg-type]


def test_river_of_blood_or_oil_is_one_category():
    """Row 20: all red (blood) or all black (oil), one category; the words say which."""
    blood = canada.evaluate("2h 3d 9h Jd", "Kh 6d")
    oil = canada.evaluate("2c 3s 9c Js", "Kc 6s")
    assert blood.category == oil.category == Category.RIVER
    assert blood.strength == oil.strength  # same ranks: a tie, suits never break it
    assert blood.description.startswith("River of Blood,")
    assert oil.description.startswith("River of Oil,")


def test_evaluate_cards_make_the_category():
    hv = canada.evaluate("2c 4d 6h Kc", "8s Jd")
    assert hv.category == Category.COMPOSITE_CURVE_4
    assert sorted(hv.cards) == sorted(parse_cards("2c 4d 6h 8s"))
    hv = canada.evaluate("Ac Ad Ah As", "Kc Kd")
    assert sorted(hv.cards) == sorted(parse_cards("Ac Ad Ah Kc Kd"))
    assert canada.evaluate("2c 6d 9h Js", "Kc 4d").cards == tuple(parse_cards("2c 6d 9h Js Kc 4d"))


# =========================================================================== bulk layouts


def test_bulk_layouts_agree():
    hands = random_hands(3000, 1, 5)
    six = canada.evaluate_many(hands)
    split = canada.evaluate_many(hands[:, :4], hands[:, 4:])
    as_int64 = canada.evaluate_many(hands.astype(np.int64))
    threaded = canada.evaluate_many(np.tile(hands, (30, 1)), threads=2)
    assert (six == split).all() and (six == as_int64).all()
    assert (threaded == np.tile(six, 30)).all()
    shared = canada.evaluate_many(hands[:50, :4], "Kc Kd", decks=2)
    one_by_one = [canada.strength(h[:4].tolist(), "Kc Kd", decks=2) for h in hands[:50]]
    assert shared.tolist() == one_by_one
    shared_ids = canada.evaluate_many(hands[:50, :4], np.array(parse_cards("Kc Kd")), decks=2)
    assert (shared_ids == shared).all()
    rows = canada.evaluate_many(["Ac 3d 5h 7s Kc 9d", "2c 2d 9h 9s Kc Kd"])
    assert canada.categories(rows).tolist() == [Category.COMPOSITE_CURVE_5, Category.THREE_PAIR]
    assert canada.evaluate_many(np.zeros((0, 6), dtype=np.uint8)).shape == (0,)


def test_bulk_bad_input_names_the_culprit():
    bad = np.array([[0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 52]], dtype=np.uint8)
    with pytest.raises(CardRangeError, match="row 1, column 5"):
        canada.evaluate_many(bad)
    with pytest.raises(CardRangeError, match="row 1, pit column 1"):
        canada.evaluate_many(bad[:, :4], bad[:, 4:])
    with pytest.raises(CardRangeError, match="row 0, column 2"):
        canada.evaluate_many(np.array([[0, 1, -1, 3, 4, 5]]))
    dup = np.array([[0, 1, 2, 3, 4, 5], [9, 1, 2, 9, 4, 5]], dtype=np.uint8)
    with pytest.raises(DuplicateCardError, match="row 1, set column 3"):
        canada.evaluate_many(dup[:, :4], dup[:, 4:])
    assert canada.evaluate_many(dup, decks=2).shape == (2,)
    with pytest.raises(HandSizeError, match="5 columns"):
        canada.evaluate_many(np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(HandSizeError):
        canada.evaluate_many(np.zeros((3, 6), dtype=np.uint8), np.zeros((3, 2), dtype=np.uint8))
    with pytest.raises(ArrayShapeError, match="3 rows but pits have 2"):
        canada.evaluate_many(np.zeros((3, 4), dtype=np.uint8) + [0, 1, 2, 3],
                             np.zeros((2, 2), dtype=np.uint8) + [4, 5])
    with pytest.raises(ArrayDtypeError):
        canada.evaluate_many(np.zeros((3, 6), dtype=float))
    with pytest.raises(OptionError, match="decks"):
        canada.evaluate_many(bad[:1], decks=0)
    with pytest.raises(CardParseError):
        canada.evaluate_many(["Ac 3d 5h 7s Kc 1x"])


def test_single_bad_input():
    with pytest.raises(HandSizeError, match="set is 4 cards, got 3"):
        canada.evaluate("Ac 3d 5h", "Kc 9d")
    with pytest.raises(HandSizeError, match="pit is 2 cards, got 3"):
        canada.evaluate("Ac 3d 5h 7s", "Kc 9d 2c")
    with pytest.raises(HandSizeError, match="got 5 cards"):
        canada.evaluate("Ac 3d 5h 7s Kc")
    with pytest.raises(CardParseError, match="pit"):
        canada.evaluate("Ac 3d 5h 7s", "Kc Zz")
    with pytest.raises(CardRangeError):
        canada.evaluate([0, 1, 2, 99], [4, 5])
    with pytest.raises(DuplicateCardError, match=r"Ac appears 2 times \(positions 0, 4\)"):
        canada.evaluate("Ac 3d 5h 7s", "Ac 9d")
    with pytest.raises(OptionError, match="decks"):
        canada.evaluate("Ac 3d 5h 7s", "Kc 9d", decks=100)
    with pytest.raises(TypeError, match="colour"):
        canada.evaluate("Ac 3d 5h 7s", "Kc 9d", colour=True)  # type: ignore[call-arg]
    for fn, args in ((canada.evaluate_many, (np.zeros((1, 6), dtype=np.uint8),)),
                     (canada.strength, ("Ac 3d 5h 7s Kc 9d",)),
                     (canada.showdown, (["Ac 3d 5h 7s"], "Kc 9d")),
                     (canada.exact_odds, ()),
                     (canada.equity, ("Ac 3d 5h 7s", "Kc 9d"))):
        with pytest.raises(TypeError, match="bogus"):
            fn(*args, bogus=1)  # type: ignore[operator]


# =========================================================================== showdown


def test_showdown_winner_and_split():
    r = canada.showdown(["2c 2d 9h Js", "3c 3d 9c Jd", "2h 2s 9s Jh"], "Kc 5d")
    assert r.winners == [0, 2] and r.tied == [0, 2] and r.feud == []
    r = canada.showdown(["Ac Ad Ah Kc", "2c 6d 9h Js"], "Kd 4s")  # busted loses to no hand
    assert r.winners == [1]


def test_showdown_family_feud_is_seeded_and_recorded():
    sets = ["Kc Kd Kh 5c", "3c 3d 3h 5s", "Qc Qd Qh 7c"]
    pit = "5h 7d"  # KKK55 / 333 55 / QQQ 77: three full houses
    a = canada.showdown(sets, pit, seed=42)
    b = canada.showdown(sets, pit, seed=42)
    assert a == b
    assert a.tied == [0, 1, 2] and len(a.winners) == 1
    first_round = [d for d in a.feud if d.round == 0]
    # the holder of the lowest triple (threes: player 1) cuts first, then queens, then kings
    assert [d.player for d in first_round] == [1, 2, 0]
    last = max(d.round for d in a.feud)
    final = {d.player: d.card >> 2 for d in a.feud if d.round == last}
    assert final[a.winners[0]] == min(final.values())
    assert list(final.values()).count(min(final.values())) == 1
    dealt = set(parse_cards(" ".join(sets) + " " + pit))
    assert not dealt & {d.card for d in a.feud}  # draws come from the undealt stock
    winners = {tuple(canada.showdown(sets, pit, seed=s).winners) for s in range(40)}
    assert len(winners) == 3  # every tied player can win the draw


def test_showdown_feud_redraw_on_tie():
    """Players tied for the lowest draw draw again (here from a tiny given stock,
    which also exercises shuffling the drawn cards back in)."""
    rounds = set()
    for seed in range(30):
        r = canada.showdown(["Kc Kd Kh 5c", "3c 3d 3h 5s"], "5h 9d", seed=seed, stock="2c 2d 3s")
        last = max(d.round for d in r.feud)
        rounds.add(last)
        final = {d.player: d.card >> 2 for d in r.feud if d.round == last}
        assert final[r.winners[0]] < max(final.values())
        if last > 0:  # the first round was two deuces
            assert sorted(d.card >> 2 for d in r.feud if d.round == 0) == [0, 0]
    assert rounds == {0, 1}
    with pytest.raises(HandrankError, match="Family Feud"):
        canada.showdown(["Kc Kd Kh 5c", "3c 3d 3h 5s"], "5h 9d", seed=1, stock="2c 2d")


def test_showdown_prints_card_text():
    """A Showdown and its Family Feud draws print cards as text, players from 0."""
    r = canada.showdown(["Kc Kd Kh 5c", "3c 3d 3h 5s"], "5h 9d", seed=1, stock="Ac 3s")
    first = r.feud[0]
    assert str(first) == (f"Family Feud round 1: player {first.player} draws "
                          f"{'Ac' if first.card == parse_cards('Ac')[0] else '3s'}")
    lines = str(r).splitlines()
    assert lines[0] == "player 0: Full House (Full Houses tie; a Family Feud settles a tie at showdown)"
    assert lines[2:4] == [str(d) for d in r.feud]
    assert lines[-1] == f"winner: player {r.winners[0]}"
    split = canada.showdown(["2c 2d 9h Js", "2h 2s 9c Jd"], "Kc 5d")
    assert str(split).splitlines() == ["player 0: Pair, 2-2-5-9-J-K",
                                       "player 1: Pair, 2-2-5-9-J-K",
                                       "winners: player 0 and player 1"]


def test_showdown_family_feud_lowest_rank_wins_ace_high():
    """Rule 3: the lowest Family Feud draw wins, the ace counting high (an ace
    loses to a three)."""
    for seed in range(8):
        r = canada.showdown(["Kc Kd Kh 5c", "3c 3d 3h 5s"], "5h 9d", seed=seed, stock="Ac 3s")
        drew = {d.player: d.card for d in r.feud}
        assert r.winners == [p for p, c in drew.items() if c == parse_cards("3s")[0]]


def test_showdown_stock_and_seed_are_checked():
    """The Family Feud stock holds undealt cards only; seeds are checked even
    when no feud is needed."""
    sets, pit = ["Kc Kd Kh 5c", "3c 3d 3h 5s"], "5h 9d"
    with pytest.raises(DuplicateCardError, match="stock: card Kc"):
        canada.showdown(sets, pit, seed=1, stock="Kc 2d")
    with pytest.raises(CardParseError, match="stock"):
        canada.showdown(sets, pit, seed=1, stock="2c Zz")
    for bad in (-1, 1.5, "7", True):
        with pytest.raises(OptionError, match="seed"):
            canada.showdown(["2c 6d 9h Js", "3c 7d Th Qs"], "Kc 4d", seed=bad)
        with pytest.raises(OptionError, match="seed"):
            canada.equity("Ac 3d 5h 7s", "Kc 9d", 1, samples=10, seed=bad)
    with pytest.raises(OptionError, match="2000 players"):
        canada.showdown(["Kc Kd Kh 5c"] * 2000, pit)
    with pytest.raises(TypeError, match="sets"):
        canada.showdown(None, pit)  # type: ignore[arg-type]


def test_showdown_bad_input():
    with pytest.raises(DuplicateCardError, match="players"):
        canada.showdown(["Kc Kd Kh 5c", "Kc 3d 3h 5s"], "5h 9d")
    # five players: two decks, so each card may be dealt twice
    canada.showdown(["Kc Kd Kh 5c", "Kc Kd Kh 5c", "2c 3c 4c 6c", "2c 3c 4c 6c", "7s 8s 9s Ts"],
                    "5h 9d")
    with pytest.raises(DuplicateCardError):
        canada.showdown(["Kc Kd Kh 5c"] * 3, "5h 9d")
    with pytest.raises(HandSizeError, match="player 1"):
        canada.showdown(["Kc Kd Kh 5c", "Kc 3d"], "5h 9d")
    with pytest.raises(HandSizeError):
        canada.showdown([], "5h 9d")


# =========================================================================== exact odds


_ODDS_CALLS: list = []


@pytest.fixture(scope="module")
def odds():
    """The exact table, computed once for this module (with a progress callback)."""
    return canada.exact_odds(progress=lambda done, total: _ODDS_CALLS.append((done, total)))


def test_exact_odds_total_and_closed_forms(odds):
    """All 305,377,800 deals; closed-form counts for rows that can be counted by hand."""
    counts = odds
    calls = [d for d, _ in _ODDS_CALLS]
    assert calls == sorted(calls) and len(calls) == 49
    assert counts.sum() == canada.TOTAL_DEALS == math.comb(52, 4) * math.comb(48, 2)
    assert calls[-1] == canada.TOTAL_DEALS
    # Broken Canada / Royal Canadian: 15 set/pit splits of the six ranks, 4^6 suitings.
    assert counts[Category.ROYAL_CANADIAN] == 15 * 4
    assert counts[Category.BROKEN_CANADA] == 15 * (4 ** 6 - 4)
    # Crowded house: two ranks, 4 suits each for each triple, 15 splits of the six cards.
    assert counts[Category.CROWDED_HOUSE] == math.comb(13, 2) * 4 * 4 * 15
    assert (counts > 0).all()


def test_exact_odds_bad_options():
    with pytest.raises(OptionError, match="progress"):
        canada.exact_odds(progress="yes")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="naive must be True or False"):
        canada.exact_odds(naive=1)  # type: ignore[arg-type]


def test_exact_odds_stops_when_the_progress_callback_raises():
    """An interrupt from the progress callback propagates at once (the shared pool's
    queued tasks are cancelled), on one thread or two."""
    for threads in (1, 2):
        calls = []

        def stop(done, total):
            calls.append(done)
            if len(calls) == 2:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            canada.exact_odds(threads=threads, progress=stop)
        assert len(calls) == 2


def test_exact_odds_parts_merge_to_the_whole_bit_for_bit(odds):
    """part=(i, k) keeps units i, i + k, ...; the merge of all k parts, in any order,
    is the whole table; a part merged twice or a bad part is refused by name."""
    parts = [canada.exact_odds(part=(i, 3), threads=2) for i in range(3)]
    assert [int(p.sum()) for p in parts] == [
        sum(math.comb(51 - a, 3) * 1128 for a in range(i, 49, 3)) for i in range(3)]
    merged = canada.merge_odds(*parts[::-1])
    assert merged.dtype == np.int64 and np.array_equal(merged, odds)
    assert np.array_equal(canada.merge_odds(parts[1], parts[2], parts[0]), odds)
    with pytest.raises(OptionError, match="given twice"):
        canada.merge_odds(*parts, parts[0])
    with pytest.raises(ArrayShapeError, match="part 1: counts must have shape"):
        canada.merge_odds(parts[0], parts[1][:34])
    with pytest.raises(OptionError, match="at least one part"):
        canada.merge_odds()
    with pytest.raises(OptionError, match="part's k must be an int from 1 to 49"):
        canada.exact_odds(part=(0, 50))
    with pytest.raises(OptionError, match="part must be a tuple"):
        canada.exact_odds(part=[0, 2])  # type: ignore[arg-type]


@pytest.mark.slow  # the whole space twice more (seconds)
def test_exact_odds_threads_and_naive_loop_agree(odds):
    assert (canada.exact_odds(threads=2) == odds).all()
    assert (canada.exact_odds(naive=True) == odds).all()


def test_exact_odds_match_a_sampled_reference_run(odds):
    """The exact table against a sampled run of the pure-Python reference: each
    common category's sampled share lies within 5 standard errors."""
    p = odds / odds.sum()
    hands = random_hands(1500, 1, 99)
    rows = np.array([ref.category_row(h[:4], h[4:]) for h in hands.tolist()])
    for cat in Category:
        share = np.mean(rows == cat.row)
        se = math.sqrt(p[cat] * (1 - p[cat]) / len(rows))
        assert abs(share - p[cat]) <= 5 * se + 1.5 / len(rows), cat.label


# =========================================================================== equity


def test_equity_seeded_thread_independent_and_sane():
    a = canada.equity("Ac 3d 5h 7s", "Kc 9d", 2, samples=20_000, seed=3)
    b = canada.equity("Ac 3d 5h 7s", "Kc 9d", 2, samples=20_000, seed=3, threads=2)
    assert a == b
    me = a.players[0]
    assert 0 < me.equity <= 1 and me.stderr > 0 and a.deals == 20_000 and not a.exact
    assert me.wins + me.ties + me.losses == 20_000
    assert me.equity == pytest.approx(me.win + me.tie) and me.win == me.wins / 20_000
    assert me.ties / 20_000 / 3 <= me.tie <= me.ties / 20_000 / 2  # split 2 or 3 ways
    assert (a.decks, a.pit, a.opponents, a.seed, a.game) == (1, "Kc 9d", 2, 3, "canada")
    assert me.hand == "Ac 3d 5h 7s | Kc 9d"
    nothing = canada.equity("2c 6d 9h Js", "Kc 4d", 2, samples=20_000, seed=3)
    assert nothing.players[0].equity < me.equity


def test_equity_is_the_same_for_any_thread_count():
    """Seeded results do not depend on ``threads``: the kernel counts whole samples
    (by how many hands split the pot) and the shares are divided out once. With
    three-way and larger splits (full houses, 20 opponents, 6 decks) summing float
    shares per thread gave different last digits for 1, 2, 3 and 4 threads."""
    runs = [canada.equity("Kc Kd Kh 5c", "5d 9h", 20, samples=20_000, seed=5, threads=t)
            for t in (1, 2, 3, 4)]
    assert runs[0].players[0].ties > 0
    assert all(r == runs[0] for r in runs)
    assert len({(r.players[0].equity, r.players[0].stderr) for r in runs}) == 1


def test_equity_result_prints_and_serialises():
    r = canada.equity("Ac 3d 5h 7s", "Kc 9d", 3, samples=1000, seed=2)
    text = str(r)
    assert "Ac 3d 5h 7s | Kc 9d" in text and "3 random opponents" in text
    assert text.endswith("pit Kc 9d, 1 deck") and "seed 2" in text
    d = r.to_dict()
    assert d["game"] == "canada" and d["method"] == "monte-carlo" and d["decks"] == 1
    assert d["players"][0]["wins"] == r.players[0].wins and d["deals"] == 1000
    assert canada.equity("Ac 3d 5h 7s", "Kc 9d", 1, samples=1, seed=1).players[0].stderr == math.inf


def test_equity_matches_explicit_showdowns():
    """Monte Carlo equity against a plain loop of reference comparisons (heads-up)."""
    hero_set, pit = parse_cards("2c 2d 9h Js"), parse_cards("Kc 5d")
    rng = np.random.default_rng(5)
    rest = [c for c in range(52) if c not in hero_set + pit]
    total = 0.0
    n = 400
    for _ in range(n):
        opp = [int(x) for x in rng.choice(rest, 4, replace=False)]
        c = ref.compare((hero_set, pit), (opp, pit))
        total += 1.0 if c > 0 else 0.5 if c == 0 else 0.0
    mc = canada.equity(hero_set, pit, 1, samples=200_000, seed=1).players[0]
    assert abs(mc.equity - total / n) < 5 * math.sqrt(0.25 / n)


def test_equity_full_house_ties_are_shared():
    # Two decks, hero holds a full house; an opponent with another full house splits.
    r = canada.equity("Kc Kd Kh 5c", "5d 9h", 7, samples=5000, seed=1)
    me = r.players[0]
    assert r.decks == 2 and 0 < me.equity <= 1 and me.ties > 0
    assert me.tie < me.ties / 5000  # a tied pot pays a share, not the whole pot


def test_equity_bad_input():
    with pytest.raises(OptionError, match="opponents"):
        canada.equity("Ac 3d 5h 7s", "Kc 9d", 12, samples=10, seed=1, decks=1)
    with pytest.raises(OptionError, match="samples"):
        canada.equity("Ac 3d 5h 7s", "Kc 9d", 1, samples=0, seed=1)
    with pytest.raises(OptionError, match="opponents"):
        canada.equity("Ac 3d 5h 7s", "Kc 9d", True, samples=10, seed=1)
    for bad in (True, 10.0, "10"):
        with pytest.raises(OptionError, match="samples must be an int"):
            canada.equity("Ac 3d 5h 7s", "Kc 9d", 1, samples=bad, seed=1)  # type: ignore[arg-type]
    with pytest.raises(HandSizeError):
        canada.equity("Ac 3d 5h", "Kc 9d", 1, samples=10, seed=1)
    with pytest.raises(OptionError, match="opponents must be from 1 to 255"):
        canada.equity("Ac 3d 5h 7s", "Kc 9d", 10**20, samples=10, seed=1)
    assert canada.equity("Ac 3d 5h 7s", "Kc 9d", 300, samples=10, seed=1, decks=64).decks == 64


# =========================================================================== tables


@pytest.mark.slow  # regenerates every table in pure Python (seconds); CI's slow step
def test_committed_canada_tables_match_generator():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_canada_tables.py"),
                        "--check"], check=False, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def test_unchecked_loop_agrees_with_checked_kernel():
    from handrank.canada import _kernel as _canada
    hands = random_hands(1000, 1, 8)
    out = np.empty(len(hands), dtype=np.int32)
    _canada.eval_unchecked(hands, out)
    assert (out == canada.evaluate_many(hands)).all()
    assert _canada.table_bytes() < 1_000_000


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 255), min_size=6, max_size=6), min_size=1, max_size=30),
       st.integers(1, 3))
def test_hypothesis_any_bytes_give_strengths_or_a_named_error(rows, decks):
    """No input crashes the kernel or reads out of bounds: every uint8 row either
    evaluates like the single call, or the first bad row is named."""
    arr = np.array(rows, dtype=np.uint8)
    bad_rows = []
    for i, r in enumerate(rows):
        if max(r) >= 52 or max(np.bincount(r)) > decks:
            bad_rows.append(i)
    if not bad_rows:
        got = canada.evaluate_many(arr, decks=decks)
        assert got.tolist() == [canada.strength(r, decks=decks) for r in rows]
    else:
        with pytest.raises((CardRangeError, DuplicateCardError), match=f"row {bad_rows[0]}, "):
            canada.evaluate_many(arr, decks=decks)
