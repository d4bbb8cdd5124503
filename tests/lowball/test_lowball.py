"""handrank.lowball: deuce-to-seven, ace-to-five (razz), badugi against the
pure-Python reference, the rules' examples and [D]s, bulk == single, bad input.
Rules: docs/rules/lowball.md (authoritative: ../shared/rules/poker-variants.md, "Lowball")."""

import os
import subprocess
import sys
from collections import Counter
from itertools import combinations
from math import comb, prod

import numpy as np
import pytest

from handrank import lowball
from handrank.cards import parse_cards
from handrank.errors import (CardParseError, CardRangeError, DuplicateCardError, HandrankError,
                             HandSizeError)
from handrank.lowball import _kernel as _low
from handrank.lowball import reference as ref

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
D27, A5, BADUGI = lowball.deuce_to_seven, lowball.ace_to_five, lowball.badugi
CLASSES = {D27: ref.deuce_to_seven_classes(), A5: ref.ace_to_five_classes(),
           BADUGI: ref.badugi_classes()}
VALUE = {D27: ref.deuce_to_seven_value, A5: ref.ace_to_five_value, BADUGI: ref.badugi_value}


def ref_strength(game, cards):
    return ref.strength_of(VALUE[game](cards), CLASSES[game])


@pytest.fixture(scope="module")
def all_five():
    return np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)),
                       count=2_598_960)


# ------------------------------------------------------------------ exhaustive


def _expected_counts(game):
    """Hands of one deck per strength, from the reference over the rank
    multisets (suits counted, not enumerated)."""
    counts = np.zeros(game.MAX_STRENGTH + 1, dtype=np.int64)
    for ranks, flush in ref.five_card_classes():
        if game is A5 and flush:
            continue
        c = Counter(ranks)
        if game is A5:
            n = prod(comb(4, k) for k in c.values())
        elif len(c) == 5:
            n = 4 if flush else 4 ** 5 - 4
        else:
            n = prod(comb(4, k) for k in c.values())
        s = ref.strength_of(VALUE[game](ref.sample_hand(ranks, flush)), CLASSES[game])
        counts[s] += n
    return counts


@pytest.mark.parametrize("game", [D27, A5], ids=["deuce-to-seven", "ace-to-five"])
def test_every_five_card_hand_against_the_reference(game, all_five):
    got = np.bincount(game.evaluate_many(all_five), minlength=game.MAX_STRENGTH + 1)
    want = _expected_counts(game)
    assert got.sum() == 2_598_960
    np.testing.assert_array_equal(got, want)
    assert np.count_nonzero(got) == game.MAX_STRENGTH  # every strength occurs


def test_deuce_to_seven_category_counts(all_five):
    cats = Counter(D27.categories(D27.evaluate_many(all_five)).tolist())
    C = lowball.DeuceToSevenCategory
    # high poker's counts, with the 1,020 wheels ace-high and the 4 steel wheels ace-high flushes
    assert cats == {C.HIGH_CARD: 1_302_540 + 1_020, C.ONE_PAIR: 1_098_240, C.TWO_PAIR: 123_552,
                    C.THREE_OF_A_KIND: 54_912, C.STRAIGHT: 10_200 - 1_020, C.FLUSH: 5_108 + 4,
                    C.FULL_HOUSE: 3_744, C.FOUR_OF_A_KIND: 624, C.STRAIGHT_FLUSH: 40 - 4}


def test_ace_to_five_category_counts(all_five):
    cats = Counter(A5.categories(A5.evaluate_many(all_five)).tolist())
    C = lowball.AceToFiveCategory
    assert cats == {C.NO_PAIR: 1287 * 1024, C.ONE_PAIR: 1_098_240, C.TWO_PAIR: 123_552,
                    C.THREE_OF_A_KIND: 54_912, C.FULL_HOUSE: 3_744, C.FOUR_OF_A_KIND: 624}


@pytest.mark.parametrize("game", [D27, A5, BADUGI], ids=lambda g: g.game)
def test_random_hands_match_reference(game):
    rng = np.random.default_rng(13)
    for k in game.HAND_SIZES:
        hands = np.array([rng.choice(52, k, replace=False) for _ in range(400)], dtype=np.uint8)
        got = game.evaluate_many(hands)
        want = [ref_strength(game, h.tolist()) for h in hands]
        assert got.tolist() == want


def test_badugi_category_sizes_and_best_of_each():
    cats = BADUGI.categories(np.arange(1, 1093))
    assert Counter(cats.tolist()) == {0: 13, 1: 78, 2: 286, 3: 715}


@pytest.mark.slow
def test_every_badugi_hand_against_the_reference():
    hands = np.fromiter(combinations(range(52), 4), dtype=np.dtype((np.uint8, 4)), count=270_725)
    got = BADUGI.evaluate_many(hands)
    order = {v: i + 1 for i, v in enumerate(CLASSES[BADUGI])}
    want = np.array([order[ref.badugi_value(h)] for h in hands.tolist()], dtype=np.int32)
    np.testing.assert_array_equal(got, want)


@pytest.mark.slow
def test_random_razz_hands_against_the_reference():
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(20_000)], dtype=np.uint8)
    got = A5.evaluate_many(hands)
    assert got.tolist() == [ref_strength(A5, h) for h in hands.tolist()]


# ------------------------------------------------------------------ rules and [D]


def test_deuce_to_seven_wheel_is_ace_high_not_a_straight():
    v = D27.evaluate("As 2d 3h 4c 5s")
    assert v.category == lowball.DeuceToSevenCategory.HIGH_CARD
    assert v.description == "A-5-4-3-2"
    assert D27.strength("Ks Qd Jh 9c 8s") > v.strength  # king-high beats ace-high
    steel = D27.evaluate("As 2s 3s 4s 5s")
    assert steel.category == lowball.DeuceToSevenCategory.FLUSH
    assert D27.evaluate("6s 5d 4h 3c 2s").category == lowball.DeuceToSevenCategory.STRAIGHT


def test_deuce_to_seven_best_hand_and_order():
    best = D27.evaluate("7s 5d 4h 3c 2s")
    assert best.strength == D27.MAX_STRENGTH == 7462 and best.description == "7-5-4-3-2"
    assert D27.evaluate("7s 5s 4s 3s 2s").category == lowball.DeuceToSevenCategory.FLUSH
    assert D27.strength("8s 5d 4h 3c 2s") < best.strength
    assert D27.strength("7s 6d 4h 3c 2s") < best.strength
    # pairs count: any no-pair hand beats a pair of deuces
    assert D27.strength("Ks Qd Jh 9c 8s") > D27.strength("2s 2d 3h 4c 5s")
    # the worst hand is the royal flush
    assert D27.strength("As Ks Qs Js Ts") == 1


def test_deuce_to_seven_takes_five_cards_only():
    for text in ("7s 5d 4h 3c 2s 9d", "7s 5d 4h 3c 2s 9d Td"):
        with pytest.raises(HandSizeError, match="deuce-to-seven hand has 5"):
            D27.strength(text)
    with pytest.raises(HandSizeError):
        D27.evaluate_many(np.array([[0, 1, 2, 3, 4, 5]]))


def test_ace_to_five_best_hand_ignores_straights_and_flushes():
    best = A5.evaluate("5s 4s 3s 2s As")
    assert best.strength == A5.MAX_STRENGTH == 6175
    assert best.category == lowball.AceToFiveCategory.NO_PAIR
    assert best.description == "5-4-3-2-A"
    assert A5.strength("6s 5d 4h 3c 2s") > A5.strength("7s 4d 3h 2c As")
    assert A5.strength("Ks Qd Jh Tc 9s") > A5.strength("As Ad 2h 3c 4s")  # no pair first


def test_ace_to_five_paired_order():
    S, C = A5.strength, lowball.AceToFiveCategory
    assert S("As Ad Kh Qc Js") > S("2s 2d 3h 4c 5s")  # lower pair better, ace lowest
    assert S("3s 3d Kh Qc Js") > S("4s 4d 2h Ac 5s")  # pair rank before kickers
    assert S("4s 4d 6h 3c As") > S("4h 4c 7d 2c As")  # then kickers from the top
    assert S("As Ad 2h 2c 3s") > S("Ks Kd Qh Qc Js")  # two pair: the higher pair first
    order = ["5s 4d 3h 2c As", "6s 6d 4h 3c As", "4s 4d 3h 3c As", "4s 4d 4h 3c As",
             "Ks Kd Kh Qc Qs", "As Ad Ah Ac 2s"]
    cats = [A5.category(S(h)) for h in order]
    assert cats == [C.NO_PAIR, C.ONE_PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.FULL_HOUSE,
                    C.FOUR_OF_A_KIND]
    assert [S(h) for h in order] == sorted((S(h) for h in order), reverse=True)
    assert A5.describe(S("3s 3d 6h 4c As")) == "Pair of threes, 6-4-A"


def test_razz_uses_the_best_five_of_seven():
    v = A5.evaluate("As Ad 2c 2d 3h 4s 5c")
    assert v.strength == 6175 and sorted(c >> 2 for c in v.cards) == [0, 1, 2, 3, 12]
    # only full houses and quads: queens full of kings is the best five (trips first, lower better)
    v = A5.evaluate("Ks Kd Kh Kc Qs Qd Qh")
    assert v.category == lowball.AceToFiveCategory.FULL_HOUSE
    assert v.description == "Full house, queens over kings"
    assert [c >> 2 for c in v.cards] == [10, 10, 10, 11, 11]
    assert A5.strength("8s 7d 6h 4c 3s Kd Kh") == A5.strength("8s 7d 6h 4c 3s")


def test_badugi_size_then_ranks():
    S = BADUGI.strength
    best = BADUGI.evaluate("As 2d 3h 4c")
    assert best.strength == BADUGI.MAX_STRENGTH == 1092
    assert best.description == "Badugi 4-3-2-A" and best.category == lowball.BadugiCategory.BADUGI
    assert S("Kc Qd Jh Ts") > S("As 2s 3d 4h")  # any badugi beats any three-card hand
    assert BADUGI.describe(S("As 2s 3d 4h")) == "Three-card 4-3-A"
    # several largest sets: the best of them plays
    v = BADUGI.evaluate("Ac 2c 3d Kh")
    assert v.description == "Three-card K-3-A" and sorted(v.cards) == sorted(parse_cards("Ac 3d Kh"))
    assert S("5c 4d 3h 2s") > S("6c 4d 3h 2s") > S("6c 5d 3h 2s")  # from the highest card down
    assert BADUGI.evaluate("Ac Ad Ah As").description == "One-card A"
    assert BADUGI.evaluate("Kc 2c 3c 4d").description == "Two-card 4-2"
    assert S("Ac 2c 3c 4c") == S("Ad Ah As Ac")  # suits never break ties
    assert BADUGI.category(1) == lowball.BadugiCategory.ONE_CARD


def test_higher_strength_is_better_everywhere():
    assert D27.evaluate("7s 5d 4h 3c 2s") > D27.evaluate("8s 5d 4h 3c 2s")
    assert A5.evaluate("5s 4d 3h 2c As") > A5.evaluate("6s 4d 3h 2c As")
    with pytest.raises(TypeError):
        _ = A5.evaluate("5s 4d 3h 2c As") > D27.evaluate("7s 5d 4h 3c 2s")


def test_descriptions_are_distinct_for_every_strength():
    for game in (D27, A5, BADUGI):
        words = {game.describe(s) for s in range(1, game.MAX_STRENGTH + 1)}
        assert len(words) == game.MAX_STRENGTH, game.game


# ------------------------------------------------------------------ bulk == single, errors


@pytest.mark.parametrize("game", [D27, A5, BADUGI], ids=lambda g: g.game)
def test_bulk_equals_single_and_threads(game):
    rng = np.random.default_rng(5)
    for k in game.HAND_SIZES:
        hands = np.array([rng.choice(52, k, replace=False) for _ in range(3000)])
        one = [game.strength(h.tolist()) for h in hands[:300]]
        assert game.evaluate_many(hands)[:300].tolist() == one
        assert game.evaluate_many(hands.astype(np.uint8), threads=2).tolist() == \
            game.evaluate_many(hands).tolist()
        out = np.zeros(len(hands), dtype=np.int32)
        assert game.evaluate_many(hands, out=out) is out
        rows = [" ".join(f"{'23456789TJQKA'[c >> 2]}{'cdhs'[c & 3]}" for c in h) for h in hands[:50]]
        assert game.evaluate_many(rows).tolist() == game.evaluate_many(hands[:50]).tolist()
        assert game.evaluate(hands[0].tolist()).strength == one[0]


@pytest.mark.parametrize("game", [D27, A5, BADUGI], ids=lambda g: g.game)
def test_bad_input_is_named(game):
    k = game.HAND_SIZES[0]
    hands = np.array([list(range(k)), list(range(10, 10 + k))], dtype=np.int64)
    bad = hands.copy()
    bad[1, 2] = bad[1, 0]
    with pytest.raises(DuplicateCardError, match=r"row 1: .*columns 0 and 2"):
        game.evaluate_many(bad)
    bad = hands.copy()
    bad[1, 1] = 52
    with pytest.raises(CardRangeError, match=r"row 1, column 1"):
        game.evaluate_many(bad)
    with pytest.raises(CardRangeError, match=r"row 1, column 1"):
        game.evaluate_many(bad.astype(np.uint8))
    with pytest.raises(HandSizeError):
        game.evaluate_many(np.zeros((2, 3), dtype=np.uint8))
    with pytest.raises(HandSizeError):
        game.strength("As Kd")
    with pytest.raises(DuplicateCardError):
        game.strength(["As"] * k)
    with pytest.raises(CardParseError):
        game.strength("As Kd Qh Xx 2c"[: 3 * k - 1])
    with pytest.raises(TypeError):
        game.strength([0.5] * k)
    with pytest.raises(HandrankError):
        game.category(0)
    with pytest.raises(HandrankError):
        game.category(game.MAX_STRENGTH + 1)


def test_kernel_rejects_bad_shapes_and_ranges():
    ids = np.zeros((2, 5), dtype=np.uint8)
    out = np.zeros(2, dtype=np.int32)
    with pytest.raises(ValueError):
        _low.eval_ids(_low.BADUGI, ids, out, 0, 2)
    with pytest.raises(IndexError):
        _low.eval_ids(_low.ACE_TO_FIVE, ids, out, 0, 3)
    with pytest.raises(ValueError):
        _low.eval_ids(7, ids, out, 0, 2)


# ------------------------------------------------------------------ tables


def test_tables_are_small():
    assert _low.table_bytes() < 4_000_000


@pytest.mark.slow  # regenerates every table in pure Python (seconds); CI's slow step
def test_committed_lowball_tables_match_generator():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_lowball.py"), "--check"],
                       check=False, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


@pytest.mark.slow
def test_generator_check_detects_a_stale_header(tmp_path):
    import shutil
    shutil.copytree(os.path.join(ROOT, "tools"), tmp_path / "tools")
    for game in ("lowball", "poker"):
        shutil.copytree(os.path.join(ROOT, "src", "handrank", game),
                        tmp_path / "src" / "handrank" / game,
                        ignore=shutil.ignore_patterns("*.so", "*.c", "__pycache__"))
    header = tmp_path / "src" / "handrank" / "lowball" / "tables.h"
    text = header.read_text()
    header.write_text(text.replace("HR_LOW_BADUGI_CATEGORY_FIRST[4] = {1, 14,",
                                   "HR_LOW_BADUGI_CATEGORY_FIRST[4] = {1, 15,", 1))
    r = subprocess.run([sys.executable, str(tmp_path / "tools" / "gen_lowball.py"), "--check"],
                       check=False, capture_output=True, text=True)
    assert r.returncode == 1 and "stale" in r.stderr
