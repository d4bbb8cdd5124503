"""Short-deck evaluator (handrank.shortdeck) against the pure-Python reference.

Rules: docs/rules/shortdeck.md. The compiled tables (tools/gen_shortdeck.py builds them
from explicit class lists) must order hands exactly as the reference's predicates do;
the 5-card category counts must match combinatorics; single, bulk and result-object
paths agree; bad input raises the library's errors naming the culprit.
"""

import itertools
import os
import subprocess
import sys
from collections import Counter
from math import comb

import numpy as np
import pytest

from handrank import shortdeck as sd
from handrank.cards import parse_cards
from handrank.errors import (
    ArrayDtypeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
    HandrankError,
    OptionError,
)
from handrank.shortdeck import Category
from handrank.shortdeck import _kernel as _sd
from handrank.shortdeck import reference as ref
from tests.conftest import ROOT

C = Category
DECK = list(range(16, 52))


def _expected_counts() -> dict[Category, int]:
    """Five-card hands per category in the 36-card deck, by combinatorics."""
    straights = 6  # A-6-7-8-9 .. T-J-Q-K-A
    plain = comb(9, 5) - straights  # five ranks, not a straight
    return {
        C.STRAIGHT_FLUSH: straights * 4,
        C.FOUR_OF_A_KIND: 9 * 8 * 4,
        C.FLUSH: plain * 4,
        C.FULL_HOUSE: 9 * comb(4, 3) * 8 * comb(4, 2),
        C.STRAIGHT: straights * (4 ** 5 - 4),
        C.THREE_OF_A_KIND: 9 * comb(4, 3) * comb(8, 2) * 4 ** 2,
        C.TWO_PAIR: comb(9, 2) * comb(4, 2) ** 2 * 7 * 4,
        C.ONE_PAIR: 9 * comb(4, 2) * comb(8, 3) * 4 ** 3,
        C.HIGH_CARD: plain * (4 ** 5 - 4),
    }


@pytest.fixture(scope="module")
def all_fives() -> np.ndarray:
    return np.array(list(itertools.combinations(DECK, 5)), dtype=np.uint8)


# ------------------------------------------------------------------ whole-deck checks


@pytest.mark.parametrize("sbt", [False, True])
def test_every_five_card_hand_category_counts_and_distinct_strengths(all_fives, sbt):
    s = sd.evaluate_many(all_fives, straight_beats_trips=sbt)
    assert len(all_fives) == comb(36, 5) == 376_992
    cats = sd.categories(s, straight_beats_trips=sbt)
    assert {Category(c): n for c, n in Counter(cats.tolist()).items()} == _expected_counts()
    assert len(np.unique(s)) == 1404 and s.min() == 1 and s.max() == 1404


def test_class_representatives_order_as_the_reference():
    """One hand per distinct reference value (all 1,404): strengths are 1..1404 in
    the reference's order, under both options."""
    for sbt in (False, True):
        values = ref.all_values(sbt)
        assert len(values) == 1404
        hands = []
        for v in values:  # a hand with that value: search the reference's own deal
            hands.append(_hand_of(v, sbt))
        s = sd.evaluate_many(np.array(hands, dtype=np.uint8), straight_beats_trips=sbt)
        assert s.tolist() == list(range(1, 1405))


def _hand_of(v, sbt):
    cat_order, tb = v
    cat = (ref.ORDER_SBT if sbt else ref.ORDER)[cat_order]
    ranks = list(tb)
    if cat in ("STRAIGHT", "STRAIGHT_FLUSH"):
        hi = tb[0]
        ranks = [12, 4, 5, 6, 7] if hi == 7 else list(range(hi - 4, hi + 1))
    else:
        shape = {"FOUR_OF_A_KIND": [4, 1], "FULL_HOUSE": [3, 2], "THREE_OF_A_KIND": [3, 1, 1],
                 "TWO_PAIR": [2, 2, 1], "ONE_PAIR": [2, 1, 1, 1]}.get(cat, [1] * 5)
        ranks = [r for r, n in zip(tb, shape) for _ in range(n)]
    if cat in ("FLUSH", "STRAIGHT_FLUSH"):
        cards = [4 * r + 2 for r in ranks]
    else:
        seen = Counter()
        cards = []
        for r in ranks:
            cards.append(4 * r + seen[r])
            seen[r] += 1
        if len(set(ranks)) == 5:
            cards[0] += 1
    assert ref.value5(cards, sbt) == v
    return cards


def test_every_five_card_hand_matches_the_reference(all_fives):
    """All 376,992 five-card hands, under both options: hands are grouped by what
    the reference's value may depend on (sorted ranks and whether one suit), every
    hand of a group gets one strength, and that strength is the place of the
    reference value of the group's first hand among all values."""
    ranks = np.sort(all_fives >> 2, axis=1).astype(np.int64)
    suits = all_fives & 3
    key = (ranks * 13 ** np.arange(5)).sum(axis=1) * 2 + (suits == suits[:, :1]).all(axis=1)
    _, first, group = np.unique(key, return_index=True, return_inverse=True)
    for sbt in (False, True):
        s = sd.evaluate_many(all_fives, straight_beats_trips=sbt)
        index = {v: i + 1 for i, v in enumerate(ref.all_values(sbt))}
        want = np.array([index[ref.value5(all_fives[i].tolist(), sbt)] for i in first])
        assert (s == want[group]).all()


# ------------------------------------------------------------------ rules


def test_A6789_is_the_lowest_straight_and_TJQKA_the_highest():
    wheel = sd.evaluate("As 6d 7h 8c 9s")
    assert wheel.category == C.STRAIGHT and wheel.strength == 877  # the first straight
    six_high = sd.evaluate("6d 7h 8c 9s Th")
    broadway = sd.evaluate("Ts Jd Qh Kc As")
    assert wheel < six_high < broadway
    assert wheel.description == "Straight, nine-high (A-6-7-8-9)"
    assert wheel.cards == tuple(parse_cards("9s 8c 7h 6d As"))
    assert sd.evaluate("As 6s 7s 8s 9s").category == C.STRAIGHT_FLUSH
    assert sd.evaluate("As 6s 7s 8s 9s") < sd.evaluate("6s 7s 8s 9s Ts")
    # no wrap-around: K-A-6-7-8 is ace-high nothing
    assert sd.evaluate("Kd As 6h 7c 8s").category == C.HIGH_CARD


def test_D_flush_beats_full_house_under_both_options():
    """[D] flush > full house, whatever straight_beats_trips says."""
    for sbt in (False, True):
        flush = sd.evaluate("6h 7h 8h 9h Jh", straight_beats_trips=sbt)
        full = sd.evaluate("As Ad Ah Ks Kd", straight_beats_trips=sbt)
        assert flush.category == C.FLUSH and full.category == C.FULL_HOUSE
        assert flush > full
        # (seven cards cannot hold a full house and a flush: at most 4 of a suit)
        v = sd.evaluate("Ah Ad As Kh 7h 8h Th", straight_beats_trips=sbt)
        assert v.category == C.FLUSH and v.cards == tuple(parse_cards("Ah Kh Th 8h 7h"))


def test_D_trips_beat_straight_by_default_and_the_option_reverses_it():
    """[D] three of a kind > straight by default; straight_beats_trips=True restores the
    straight above; 7-7-7-8-9 with T-J plays as trips by default, as the straight with the option."""
    trips, straight = "6c 6d 6h 8s 9d", "Ts Jd Qh Kc As"
    assert sd.evaluate(trips) > sd.evaluate(straight)
    assert sd.evaluate(trips, straight_beats_trips=True) < sd.evaluate(straight, straight_beats_trips=True)
    h = "7c 7d 7h 8c 9d Tc Js"
    assert sd.evaluate(h).category == C.THREE_OF_A_KIND
    v = sd.evaluate(h, straight_beats_trips=True)
    assert v.category == C.STRAIGHT and v.cards == tuple(parse_cards("Js Tc 9d 8c 7h"))
    arr = np.array([parse_cards(h)], dtype=np.uint8)
    assert sd.evaluate_many(arr, straight_beats_trips=True)[0] == v.strength
    assert sd.evaluate_many(arr)[0] == sd.evaluate(h).strength
    assert sd.name(v.strength, straight_beats_trips=True) == "Straight"
    assert sd.category(v.strength) == C.THREE_OF_A_KIND  # same number, other scale


def test_strength_layout_ranges():
    first = {C.HIGH_CARD: 1, C.ONE_PAIR: 121, C.TWO_PAIR: 625, C.STRAIGHT: 877,
             C.THREE_OF_A_KIND: 883, C.FULL_HOUSE: 1135, C.FLUSH: 1207,
             C.FOUR_OF_A_KIND: 1327, C.STRAIGHT_FLUSH: 1399}
    for c, s in first.items():
        assert sd.category(s) == c
        if s > 1:
            assert sd.category(s - 1) == Category(c - 1)
    assert sd.category(877, straight_beats_trips=True) == C.THREE_OF_A_KIND
    assert sd.category(1128, straight_beats_trips=True) == C.THREE_OF_A_KIND
    assert sd.category(1129, straight_beats_trips=True) == C.STRAIGHT
    assert sd.category(1134, straight_beats_trips=True) == C.STRAIGHT
    assert [m.name for m in Category] == ["HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "STRAIGHT",
                                           "THREE_OF_A_KIND", "FULL_HOUSE", "FLUSH",
                                           "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"]
    from handrank.poker import Category as PokerCategory
    assert {m.name for m in Category} == {m.name for m in PokerCategory}
    assert sd.name(1404) == "Royal flush" and sd.describe(1404) == "Royal flush"
    with pytest.raises(HandrankError):
        sd.category(1405)
    with pytest.raises(HandrankError, match="index 1"):
        sd.categories([5, 0])


def test_descriptions_distinct_for_every_strength():
    for sbt in (False, True):
        words = {sd.describe(s, straight_beats_trips=sbt) for s in range(1, 1405)}
        assert len(words) == 1404


def test_six_and_seven_cards_take_the_best_five_as_the_reference():
    rng = np.random.default_rng(13)
    for k in (6, 7):
        rows = np.array([rng.choice(DECK, k, replace=False) for _ in range(300)], dtype=np.uint8)
        for sbt in (False, True):
            s = sd.evaluate_many(rows, straight_beats_trips=sbt)
            index = {v: i + 1 for i, v in enumerate(ref.all_values(sbt))}
            for row, got in zip(rows.tolist(), s.tolist()):
                assert index[ref.value(row, sbt)] == got, row
                if k == 7 and got % 7 == 0:  # a sample through the single-hand path
                    v = sd.evaluate(row, straight_beats_trips=sbt)
                    assert v.strength == got
                    assert ref.value5(list(v.cards), sbt) == ref.value(row, sbt)


def test_seeded_random_seven_card_rows_bulk_equals_single_and_threads():
    rng = np.random.default_rng(2026)
    rows = np.array([rng.choice(DECK, 7, replace=False) for _ in range(2000)], dtype=np.uint8)
    bulk = sd.evaluate_many(rows)
    assert [sd.strength(r.tolist()) for r in rows[:200]] == bulk[:200].tolist()
    assert (sd.evaluate_many(rows.astype(np.int64)) == bulk).all()
    big = np.tile(rows, (40, 1))
    assert (sd.evaluate_many(big, threads=2) == np.tile(bulk, 40)).all()
    out = np.zeros(len(rows), dtype=np.int32)
    assert sd.evaluate_many(rows, out=out) is out and (out == bulk).all()
    text = [" ".join(f"{'6789TJQKA'[c // 4 - 4]}{'cdhs'[c % 4]}" for c in r) for r in rows[:50].tolist()]
    assert (sd.evaluate_many(text) == bulk[:50]).all()


# ------------------------------------------------------------------ bad input


def test_a_deuce_to_five_is_named():
    with pytest.raises(CardRangeError, match=r"5h .*position 2.*short deck"):
        sd.evaluate("As Ks 5h Qs Js")
    with pytest.raises(CardRangeError, match=r"2c"):
        sd.strength([0, 16, 20, 24, 28])
    rows = np.array([[16, 20, 24, 28, 32], [16, 20, 15, 28, 32]], dtype=np.uint8)
    with pytest.raises(CardRangeError, match=r"row 1, column 2: card 5s") as e:
        sd.evaluate_many(rows)
    assert (e.value.row, e.value.column) == (1, 2)


def test_bad_input_errors():
    with pytest.raises(HandSizeError):
        sd.evaluate("As Ks Qs Js")
    with pytest.raises(HandSizeError):
        sd.evaluate("As Ks Qs Js Ts 9s 8s 7s")
    with pytest.raises(DuplicateCardError):
        sd.evaluate("As As Qs Js Ts")
    with pytest.raises(CardParseError):
        sd.evaluate("As Ks Qs Js Tx")
    with pytest.raises(OptionError):
        sd.evaluate("As Ks Qs Js Ts", straight_beats_trips=1)
    with pytest.raises(TypeError):
        sd.evaluate("As Ks Qs Js Ts", sbt=True)
    rows = np.array([[16, 20, 24, 28, 32]] * 3, dtype=np.uint8)
    rows[2, 4] = 60
    with pytest.raises(CardRangeError, match="row 2, column 4"):
        sd.evaluate_many(rows)
    rows[2, 4] = 20
    with pytest.raises(DuplicateCardError, match="row 2"):
        sd.evaluate_many(rows)
    with pytest.raises(CardRangeError, match="row 0, column 0"):
        sd.evaluate_many(np.array([[300, 20, 24, 28, 32]], dtype=np.int64))
    with pytest.raises(HandSizeError):
        sd.evaluate_many(np.zeros((2, 4), dtype=np.uint8))
    with pytest.raises(ArrayDtypeError):
        sd.evaluate_many(np.zeros((2, 5), dtype=np.float64))
    assert sd.evaluate_many(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)


def test_kernel_safe_on_every_byte():
    """Every byte value in every column: no crash, and only short-deck cards pass."""
    base = np.array([20, 24, 28, 32, 36, 40, 44], dtype=np.uint8)
    rows = np.tile(base, (256 * 7, 1))
    for col in range(7):
        rows[256 * col:256 * (col + 1), col] = np.arange(256)
    out = np.zeros(len(rows), dtype=np.int32)
    for i in range(len(rows)):
        err = _sd.eval_ids(rows, out, i, i + 1)
        v, col = int(rows[i, i // 256]), i // 256
        ok = 16 <= v < 52 and v not in np.delete(base, col)
        assert (err is None) == ok, (i, v)


# ------------------------------------------------------------------ tables


@pytest.mark.slow  # regenerates every table in pure Python (seconds); CI's slow step
def test_committed_shortdeck_tables_match_generator():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_shortdeck.py"), "--check"],
                       check=False, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


@pytest.mark.slow
def test_generator_check_detects_a_stale_header(tmp_path):
    import shutil
    shutil.copytree(os.path.join(ROOT, "tools"), tmp_path / "tools")
    (tmp_path / "src" / "handrank" / "shortdeck").mkdir(parents=True)
    with open(os.path.join(ROOT, "src", "handrank", "shortdeck", "tables.h")) as f:
        text = f.read()
    (tmp_path / "src" / "handrank" / "shortdeck" / "tables.h").write_text(
        text.replace("1, 121, 625, 877, 883", "1, 121, 625, 878, 883", 1))
    r = subprocess.run([sys.executable, str(tmp_path / "tools" / "gen_shortdeck.py"), "--check"],
                       check=False, capture_output=True, text=True)
    assert r.returncode == 1 and "stale" in r.stderr


def test_table_memory_under_4_mb():
    assert _sd.table_bytes() < 100_000


# ------------------------------------------------------------------ peer


def test_pokerkit_short_deck_agrees_with_straight_beats_trips():
    """pokerkit's ShortDeckHoldemHand ranks the straight above three of a kind: on
    seeded random 7-card hands its ``entry.index + 1`` is our strength on the
    ``straight_beats_trips=True`` scale (and the default scale differs)."""
    pokerkit = pytest.importorskip("pokerkit")
    from handrank.cards import format_card
    rng = np.random.default_rng(7)
    rows = (np.argsort(rng.random((60, 36)), axis=1)[:, :7] + 16).astype(np.uint8)
    rows[0] = parse_cards("7c 7d 7h 8c 9d Tc Js")  # trips and a straight
    deck = {c: next(iter(pokerkit.Card.parse(format_card(c)))) for c in DECK}
    theirs = [pokerkit.ShortDeckHoldemHand.from_game(tuple(deck[c] for c in r[:2]),
                                                     tuple(deck[c] for c in r[2:])).entry.index + 1
              for r in rows.tolist()]
    assert sd.evaluate_many(rows, straight_beats_trips=True).tolist() == theirs
    assert sd.evaluate_many(rows)[0] != theirs[0]
