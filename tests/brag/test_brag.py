"""Three-card Brag evaluator (handrank.brag) against the pure-Python reference.

Rules: docs/rules/brag-and-crash.md ("Brag hands"). Every one of the 22,100 hands is
checked under each of the four option settings; bulk, mask, single-hand and
result-object paths must agree; bad input raises the library's errors.
"""

import itertools
import os
import subprocess
import sys
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank.brag import _kernel as _brag
from handrank import brag
from handrank.brag import Category
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
from handrank.brag import reference as ref

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALL = np.array(list(itertools.combinations(range(52), 3)), dtype=np.uint8)
OPTION_SETS = [{"prial_threes_high": p, "a23_top_run": a} for p in (True, False)
               for a in (True, False)]
REF_CATEGORY = {ref.HIGH_CARD: Category.HIGH_CARD, ref.PAIR: Category.PAIR,
                ref.FLUSH: Category.FLUSH, ref.RUN: Category.RUN,
                ref.RUNNING_FLUSH: Category.RUNNING_FLUSH, ref.PRIAL: Category.PRIAL}


def _ref_dense_ranks(hands, **options):
    """Reference values of ``hands`` turned into dense ranks 1..n (weakest = 1)."""
    values = [ref.value([int(c) for c in h], **options) for h in hands]
    order = {val: i + 1 for i, val in enumerate(sorted(set(values)))}
    return np.array([order[val] for val in values]), values


# ----------------------------------------------------------------- exhaustive


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"p{int(o['prial_threes_high'])}"
                         f"a{int(o['a23_top_run'])}")
def test_all_22100_hands_ordered_as_reference(options):
    got = brag.evaluate_many(ALL, **options)
    expected, values = _ref_dense_ranks(ALL, **options)
    # Same order as the reference, tie for tie: the dense ranks are identical.
    np.testing.assert_array_equal(got, expected)
    assert len(np.unique(got)) == 741
    assert got.dtype == np.int32 and got.min() == brag.MIN_STRENGTH and got.max() == brag.MAX_STRENGTH
    counts = Counter(brag.categories(got).tolist())
    assert counts == {Category.PRIAL: 52, Category.RUNNING_FLUSH: 48, Category.RUN: 720,
                      Category.FLUSH: 1096, Category.PAIR: 3744, Category.HIGH_CARD: 16440}
    # The category recovered from each strength is the reference's category.
    ref_cats = np.array([REF_CATEGORY[val[0]] for val in values])
    np.testing.assert_array_equal(brag.categories(got), ref_cats)


@pytest.mark.parametrize("opts", range(4))
def test_every_card_order_and_masks_agree(opts):
    options = OPTION_SETS[[3, 1, 2, 0].index(opts)]  # bits -> keyword options
    assert (int(options["prial_threes_high"]) | 2 * int(options["a23_top_run"])) == opts
    base = brag.evaluate_many(ALL, **options)
    for perm in itertools.permutations(range(3)):
        np.testing.assert_array_equal(brag.evaluate_many(ALL[:, perm], **options), base)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), ALL.astype(np.uint64)), axis=1)
    np.testing.assert_array_equal(brag.evaluate_many(masks, **options), base)
    # Single-hand kernel entry and the documented single call agree too.
    for i in range(0, len(ALL), 211):
        a, b, c = (int(x) for x in ALL[i])
        assert _brag.strength3(a, b, c, opts) == base[i] == brag.strength([a, b, c], **options)


def test_strength_counts_histogram():
    counts = brag.strength_counts()
    assert counts.shape == (742,) and counts[0] == 0 and counts.sum() == 22100
    assert (counts[1:] > 0).all()
    first = _brag.category_first().tolist()
    assert first == [1, 275, 431, 705, 717, 729]
    per_cat = [counts[first[i]:(first[i + 1] if i < 5 else 742)].sum() for i in range(6)]
    assert per_cat == [16440, 3744, 1096, 720, 48, 52]


def test_descriptions_are_distinct_for_every_strength():
    for options in OPTION_SETS:
        words = [brag.describe(s, **options) for s in range(1, 742)]
        assert len(set(words)) == 741
        names = {brag.name(s) for s in range(1, 742)}
        assert names == {"Prial", "Running flush", "Run", "Flush", "Pair", "High card"}


def test_committed_brag_tables_match_generator():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_brag_tables.py"),
                        "--check"], check=False, capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def test_generator_check_detects_a_stale_header(tmp_path):
    import shutil
    shutil.copytree(os.path.join(ROOT, "tools"), tmp_path / "tools")
    (tmp_path / "src" / "handrank" / "brag").mkdir(parents=True)
    src = os.path.join(ROOT, "src", "handrank", "brag", "tables.h")
    with open(src) as f:
        text = f.read()
    (tmp_path / "src" / "handrank" / "brag" / "tables.h").write_text(
        text.replace("{1, 275, 431", "{1, 276, 431", 1))
    r = subprocess.run([sys.executable, str(tmp_path / "tools" / "gen_brag_tables.py"),
                        "--check"], check=False, capture_output=True, text=True)
    assert r.returncode == 1 and "stale" in r.stderr


def test_table_memory_small():
    assert _brag.table_bytes() < 40_000


# ----------------------------------------------------------------- [D] options


def test_D_prial_threes_high_default_and_option():
    """[D] prial_threes_high: default on (3-3-3 is the top prial, then A-A-A);
    off ranks prials by rank (A-A-A top, 3-3-3 just above 2-2-2)."""
    assert brag.evaluate("3c 3d 3h").strength == brag.MAX_STRENGTH
    assert brag.compare("3c 3d 3h", "Ac Ad As") == 1
    assert brag.compare("Ac Ad As", "Kc Kd Ks") == 1
    assert brag.compare("3c 3d 3h", "Ac Ad As", prial_threes_high=False) == -1
    assert brag.evaluate("Ac Ad As", prial_threes_high=False).strength == brag.MAX_STRENGTH
    assert brag.compare("3c 3d 3h", "2c 2d 2s", prial_threes_high=False) == 1
    assert brag.compare("3c 3d 3h", "4c 4d 4s", prial_threes_high=False) == -1


def test_D_a23_top_run_default_and_option():
    """[D] a23_top_run: default on (A-2-3 is the top run and running flush, then
    Q-K-A); off ranks A-2-3 the lowest run, below 2-3-4."""
    assert brag.compare("Ac 2d 3h", "Qc Kd Ah") == 1
    assert brag.compare("As 2s 3s", "Qs Ks As") == 1
    assert brag.evaluate("As 2s 3s").strength == 728  # top of the running flushes
    assert brag.compare("Ac 2d 3h", "2c 3d 4h", a23_top_run=False) == -1
    assert brag.compare("As 2s 3s", "2s 3s 4s", a23_top_run=False) == -1
    assert brag.evaluate("Ac 2d 3h", a23_top_run=False).strength == 705  # lowest run
    assert brag.evaluate("Ac 2d 3h").description == "Run, three-high (A-2-3)"
    assert brag.evaluate("Ac 2d 3h", a23_top_run=False).description == "Run, three-high (A-2-3)"


def test_D_options_keep_category_ranges():
    """[D] options only reorder inside prial / run / running flush: categories stay put."""
    for options in OPTION_SETS:
        s = brag.evaluate_many(ALL, **options)
        base = brag.evaluate_many(ALL)
        np.testing.assert_array_equal(brag.categories(s), brag.categories(base))
        moved = s != base
        assert set(brag.categories(base[moved]).tolist()) <= {Category.PRIAL, Category.RUN,
                                                               Category.RUNNING_FLUSH}


# ----------------------------------------------------------------- single hands


@pytest.mark.parametrize("text, cat, words, cards", [
    ("3s 3h 3d", Category.PRIAL, "Prial of threes", "3s 3h 3d"),
    ("2c Ah 3d", Category.RUN, "Run, three-high (A-2-3)", "3d 2c Ah"),
    ("Qs As Ks", Category.RUNNING_FLUSH, "Running flush, ace-high (Q-K-A)", "As Ks Qs"),
    ("4h 2h 3h", Category.RUNNING_FLUSH, "Running flush, four-high (2-3-4)", "4h 3h 2h"),
    ("9h Ah Kh", Category.FLUSH, "Flush, ace-king-nine", "Ah Kh 9h"),
    ("4c Kh Kd", Category.PAIR, "Pair of kings, four kicker", "Kh Kd 4c"),
    ("Ks Ad 2c", Category.HIGH_CARD, "High card, ace-king-two", "Ad Ks 2c"),
])
def test_evaluate_examples(text, cat, words, cards):
    v = brag.evaluate(text)
    assert v.game == "brag" and v.category == cat and v.name == cat.label
    assert v.description == words
    assert v.cards == tuple(parse_cards(cards))
    assert v.strength == brag.strength(text) == brag.strength(parse_cards(text))
    assert brag.category(v.strength) == cat


def test_hand_values_tie_on_suits_and_order():
    a, b = brag.evaluate("As Kh 9c"), brag.evaluate("Ad Ks 9h")
    assert a == b and not a < b
    assert brag.evaluate("Ks Kh 2c") > brag.evaluate("Qs Qh Ac")
    assert brag.compare("As Kh 9c", "Ad Ks 9h") == 0


def test_showdown_winners_and_ties():
    assert brag.showdown(["As Kh 9c", "2c 2d 5s", "Ad Ks 9h"]) == [1]
    assert brag.showdown(["As Kh 9c", "Qd Js 8h", "Ad Ks 9h"]) == [0, 2]
    assert brag.showdown(["3c 3d 3h", "Ac Ad Ah"]) == [0]
    assert brag.showdown(["3c 3d 3h", "Ac Ad Ah"], prial_threes_high=False) == [1]


def test_showdown_rejects_a_card_held_twice():
    with pytest.raises(DuplicateCardError, match="player 2.*player 0"):
        brag.showdown(["As Kh 9c", "2c 2d 5s", "Ad As 9h"])
    with pytest.raises(HandSizeError, match="player 1"):
        brag.showdown(["As Kh 9c", "2c 2d"])
    with pytest.raises(HandSizeError):
        brag.showdown([])


# ----------------------------------------------------------------- bad input


@pytest.mark.parametrize("cards, error, match", [
    ("As Kd", HandSizeError, "3 cards, got 2"),
    ("As Kd Qh Jc", HandSizeError, "3 cards, got 4"),
    ("As Kd As", DuplicateCardError, "As"),
    ([0, 1, 52], CardRangeError, "52"),
    ([0, -1, 5], CardRangeError, "-1"),
    ("As Kx Qh", CardParseError, "Kx"),
])
def test_single_hand_bad_input(cards, error, match):
    for fn in (brag.evaluate, brag.strength):
        with pytest.raises(error, match=match):
            fn(cards)


def test_unknown_or_bad_options():
    # Unknown keywords are Python's TypeError naming the keyword (real signatures).
    with pytest.raises(TypeError, match="prial_three_high"):
        brag.evaluate("As Kd Qh", prial_three_high=False)
    with pytest.raises(TypeError, match="aces_low"):
        brag.describe(700, aces_low=True)
    with pytest.raises(TypeError, match="colour"):
        brag.equity("As Kd Qh", colour=True)
    with pytest.raises(TypeError, match="aces_low"):
        brag.compare("As Kd Qh", "2c 2d 2h", aces_low=True)
    # Options must be real bools, named in the error.
    with pytest.raises(OptionError, match="a23_top_run must be True or False, got 'no'"):
        brag.evaluate_many(ALL[:3], a23_top_run="no")
    with pytest.raises(OptionError, match="prial_threes_high must be True or False, got 1"):
        brag.showdown(["As Kd Qh"], prial_threes_high=1)
    for fn in (brag.strength, brag.evaluate):
        with pytest.raises(OptionError, match="prial_threes_high"):
            fn("As Kd Qh", prial_threes_high=None)
    with pytest.raises(OptionError, match="a23_top_run"):
        brag.describe(700, a23_top_run="yes")
    with pytest.raises(OptionError, match="a23_top_run"):
        brag.strength_counts(a23_top_run=0)
    with pytest.raises(OptionError, match="prial_threes_high"):
        brag.equity("As Kd Qh", prial_threes_high=np.int64(1))
    assert brag.strength("3s 3h 3d", prial_threes_high=np.False_) == brag.strength(
        "3s 3h 3d", prial_threes_high=False)
    # An option error is not blamed on a hand.
    with pytest.raises(OptionError) as info:
        brag.compare("As Kd Qh", "2c 2d 2h", a23_top_run="no")
    assert "hand" not in str(info.value)


def test_bulk_bad_input_names_row_and_column():
    ids = ALL[:10].copy()
    ids[7, 2] = ids[7, 0]
    with pytest.raises(DuplicateCardError, match=r"row 7.*columns 0 and 2"):
        brag.evaluate_many(ids)
    ids = ALL[:10].astype(np.int64)
    ids[4, 1] = 60
    with pytest.raises(CardRangeError, match=r"row 4, column 1"):
        brag.evaluate_many(ids)
    ids = ALL[:10].copy()
    ids[5, 1] = 200  # uint8 goes straight to the kernel, which checks it
    with pytest.raises(CardRangeError, match=r"row 5, column 1"):
        brag.evaluate_many(ids)
    with pytest.raises(HandSizeError, match="3 cards"):
        brag.evaluate_many(np.zeros((4, 5), dtype=np.uint8))
    with pytest.raises(ArrayShapeError):
        brag.evaluate_many(np.zeros((4, 3, 1), dtype=np.uint8))
    with pytest.raises(ArrayDtypeError):
        brag.evaluate_many(ALL[:4].astype(np.float64))
    with pytest.raises(ArrayDtypeError):
        brag.evaluate_many(np.zeros(4, dtype=np.int64))
    masks = np.array([0b111, 0b1111, 0b111], dtype=np.uint64)
    with pytest.raises(HandSizeError, match=r"row 1: mask 0xf holds 4 cards; a Brag hand has 3$"):
        brag.evaluate_many(masks)
    masks = np.array([0b111, (1 << 60) | 3], dtype=np.uint64)
    with pytest.raises(CardRangeError, match="row 1"):
        brag.evaluate_many(masks)
    with pytest.raises(HandSizeError, match="row 1"):
        brag.evaluate_many(["As Kd Qh", "2c 3c"])
    with pytest.raises(CardParseError, match="row 1"):
        brag.evaluate_many(["As Kd Qh", "2c 3c Zz"])
    with pytest.raises(TypeError):
        brag.evaluate_many("As Kd Qh")


def test_bulk_accepts_lists_and_empty():
    assert brag.evaluate_many(["As Kd Qh", [0, 1, 2]]).tolist() == [
        brag.strength("As Kd Qh"), brag.strength([0, 1, 2])]
    assert brag.evaluate_many(np.zeros((0, 3), dtype=np.uint8)).shape == (0,)
    assert brag.evaluate_many(np.zeros(0, dtype=np.uint64)).shape == (0,)


def test_category_of_bad_strengths():
    for s in (0, 742, -3):
        with pytest.raises(HandrankError, match=str(s)):
            brag.category(s)
    with pytest.raises(TypeError):
        brag.category(3.0)
    with pytest.raises(HandrankError, match="index 1"):
        brag.categories([5, 900])
    with pytest.raises(ArrayDtypeError):
        brag.categories([1.5])


def test_threads_give_the_same_answer():
    rng = np.random.default_rng(7)
    ids = ALL[rng.integers(0, len(ALL), 150_000)][:, rng.permutation(3)]
    one = brag.evaluate_many(ids, threads=1)
    np.testing.assert_array_equal(brag.evaluate_many(ids, threads=2), one)
    np.testing.assert_array_equal(brag.evaluate_many(ids, threads=0), one)
    bad = ids.copy()
    bad[100_000, 1] = 77
    with pytest.raises(CardRangeError, match="row 100000"):
        brag.evaluate_many(bad, threads=2)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)),
                min_size=1, max_size=30),
       st.sampled_from(OPTION_SETS))
def test_hypothesis_arbitrary_id_bytes(rows, options):
    """Any byte values: valid rows match the reference; the first bad row is named."""
    # Bias towards valid rows so both outcomes are exercised.
    rows = [tuple(x % 52 if i % 3 else x for x in r) for i, r in enumerate(rows)]
    arr = np.array(rows, dtype=np.uint8)
    valid = [max(r) < 52 and len(set(r)) == 3 for r in rows]
    if all(valid):
        got = brag.evaluate_many(arr, **options)
        want = [ref.value(list(r), **options) for r in rows]
        for s, v in zip(got, want):
            for s2, v2 in zip(got, want):
                assert (s > s2) == (v > v2)
    else:
        first = valid.index(False)
        with pytest.raises((CardRangeError, DuplicateCardError), match=f"row {first}"):
            brag.evaluate_many(arr, **options)


# ----------------------------------------------------------------- equity


def _ref_exact(hand, **options):
    hero = parse_cards(hand)
    rest = [c for c in range(52) if c not in hero]
    shares = [ref.equity(hero, [list(o)], **options) for o in itertools.combinations(rest, 3)]
    c = Counter(shares)
    n = len(shares)
    return c[1.0] / n, c[0.5] / n, c[0.0] / n


@pytest.mark.parametrize("hand, options", [("Kc Kd 4h", {}), ("3s 3h 3d", {}),
                                           ("Ah 2h 3h", {"a23_top_run": False}),
                                           ("3s 3h 3d", {"prial_threes_high": False})])
def test_exact_equity_one_opponent_matches_reference(hand, options):
    e = brag.equity(hand, **options)
    win, tie, lose = _ref_exact(hand, **options)
    assert e.game == "brag" and len(e.players) == 1 and e.opponents == 1
    p = e.players[0]
    assert e.exact and e.deals == 18424 and p.stderr == 0.0 and e.seed is None
    assert p.wins + p.ties + p.losses == e.deals
    assert p.win == pytest.approx(win, abs=1e-12)
    assert p.ties / e.deals == pytest.approx(tie, abs=1e-12)
    assert p.tie == pytest.approx(tie / 2, abs=1e-12)  # a split pot pays half
    assert p.lose == pytest.approx(lose, abs=1e-12)
    assert p.equity == pytest.approx(win + tie / 2, abs=1e-12)


def test_exact_equity_with_dead_cards():
    e = brag.equity("Kc Kd 4h", dead="Ks Kh")
    assert e.deals == 16215 and e.dead == "Ks Kh"  # C(47, 3)
    hero = parse_cards("Kc Kd 4h")
    rest = [c for c in range(52) if c not in hero + parse_cards("Ks Kh")]
    wins = sum(ref.compare(hero, list(o)) == 1 for o in itertools.combinations(rest, 3))
    assert e.players[0].wins == wins and e.players[0].win == pytest.approx(wins / 16215)
    with pytest.raises(DuplicateCardError, match="Kd"):
        brag.equity("Kc Kd 4h", dead="Kd")


def test_monte_carlo_one_opponent_within_stderr_of_exact():
    exact = brag.equity("Jc Td 8h").players[0]
    r = brag.equity("Jc Td 8h", samples=100_000, seed=11)
    mc = r.players[0]
    assert not r.exact and r.deals == 100_000 and r.seed == 11 and 0 < mc.stderr < 0.01
    assert abs(mc.equity - exact.equity) < 4 * mc.stderr
    assert mc.wins + mc.ties + mc.losses == r.deals
    assert mc.equity == pytest.approx(mc.win + mc.tie)
    assert mc.win + mc.ties / r.deals + mc.lose == pytest.approx(1.0)


def test_monte_carlo_two_opponents_vs_reference_monte_carlo():
    hand = parse_cards("Qc Qd 7s")
    mc = brag.equity(hand, 2, samples=200_000, seed=5).players[0]
    rng = np.random.default_rng(99)
    rest = np.array([c for c in range(52) if c not in hand])
    n = 6000
    shares = np.array([ref.equity(hand, [list(d[:3]), list(d[3:6])])
                       for d in (rng.permutation(rest)[:6].tolist() for _ in range(n))])
    ref_se = shares.std(ddof=1) / np.sqrt(n)
    assert abs(mc.equity - shares.mean()) < 4 * np.hypot(ref_se, mc.stderr)


def test_monte_carlo_seeded_and_thread_independent():
    a = brag.equity("9s 9h 2c", 3, samples=80_000, seed=123)
    b = brag.equity("9s 9h 2c", 3, samples=80_000, seed=123, threads=2)
    c = brag.equity("9s 9h 2c", 3, samples=80_000, seed=124)
    assert a == b and a != c
    g1 = brag.equity("9s 9h 2c", 2, samples=1000, seed=np.random.default_rng(3))
    g2 = brag.equity("9s 9h 2c", 2, samples=1000, seed=np.random.default_rng(3))
    assert g1 == g2


def test_equity_bad_arguments():
    with pytest.raises(OptionError, match="opponents"):
        brag.equity("As Kd Qh", 0)
    with pytest.raises(OptionError, match="opponents"):
        brag.equity("As Kd Qh", 17)
    with pytest.raises(OptionError, match="samples"):
        brag.equity("As Kd Qh", 2, samples=0)
    with pytest.raises(HandSizeError, match="hand"):
        brag.equity("As Kd")
    with pytest.raises(OptionError, match="seed"):
        brag.equity("As Kd Qh", 2, samples=10, seed=1.5)
    # seed and threads are checked on the exact path too, where they are unused.
    with pytest.raises(OptionError, match="seed"):
        brag.equity("As Kd Qh", seed="42")
    with pytest.raises(HandrankError, match="seed"):
        brag.equity("As Kd Qh", seed=-1)
    with pytest.raises(HandrankError, match="threads"):
        brag.equity("As Kd Qh", threads=-2)
    # 16 opponents fit in 49 cards (48 dealt); with a dead card 15 is the most.
    assert brag.equity("As Kd Qh", 16, samples=100, seed=0).opponents == 16
    with pytest.raises(OptionError, match="opponents"):
        brag.equity("As Kd Qh", 16, samples=100, seed=0, dead="2c 3c")
    rest = [c for c in range(52) if c not in parse_cards("As Kd Qh")]
    with pytest.raises(OptionError, match="only 2 unseen cards"):
        brag.equity("As Kd Qh", dead=rest[:47])
    last = brag.equity("As Kd Qh", dead=rest[:46])  # exactly one opponent hand is left
    assert last.deals == 1 and last.exact


def test_strength3_fast_single_call_checks_its_ids():
    assert brag.strength3(4, 5, 6) == brag.strength("3c 3d 3h") == 741
    assert brag.strength3(4, 5, 6, 0) == brag.strength("3c 3d 3h", prial_threes_high=False)
    assert brag.strength3(np.uint8(48), np.int64(1), 2) == brag.strength([48, 1, 2])
    with pytest.raises(DuplicateCardError, match="position 2"):
        brag.strength3(7, 8, 7)
    with pytest.raises(CardRangeError, match="position 1"):
        brag.strength3(7, 52, 9)
    with pytest.raises(CardRangeError, match="position 0"):
        brag.strength3(2**70, 1, 2)
    with pytest.raises(TypeError):
        brag.strength3(1.0, 2, 3)
    with pytest.raises(TypeError):
        brag.strength3(True, 2, 3)
    for bad in (4, -1, 2**70, 1.5, True, "3", None):
        with pytest.raises(OptionError, match="options"):
            brag.strength3(1, 2, 3, bad)
    assert brag.strength3(0, 5, 9, np.int64(1)) == brag.strength([0, 5, 9], a23_top_run=False)


def test_private_kernels_refuse_bad_options_and_counts():
    """The module-level kernels are callable from Python: bad arguments raise, they never
    index outside their tables or the deal buffer."""
    ids, out = ALL[:4].copy(), np.empty(4, dtype=np.int32)
    for bad in (4, -1, 2.0, True):
        with pytest.raises(OptionError):
            _brag.eval_ids(ids, out, 0, 4, bad)
        with pytest.raises(OptionError):
            _brag.table(bad)
    with pytest.raises(IndexError):
        _brag.eval_ids(ids, out[:2], 0, 4)
    for opponents in (0, 17, 715_827_883):  # 3 * 715,827,883 overflows a C int
        with pytest.raises(ValueError, match="opponents"):
            _brag.monte_carlo(0, 1, 2, 7, opponents, 1, 0, 10)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"p{int(o['prial_threes_high'])}"
                         f"a{int(o['a23_top_run'])}")
def test_exact_equity_of_every_class_matches_reference_counts(options):
    """One hand of each of the 741 classes: win/tie/lose counts against every
    disjoint opponent hand, counted from the reference's order of all 22,100 hands."""
    dense, _ = _ref_dense_ranks(ALL, **options)
    cards = ALL.astype(np.int64)
    bits = np.bitwise_or.reduce(np.left_shift(np.int64(1), cards), axis=1)
    first_of_class = np.unique(dense, return_index=True)[1]
    for i in first_of_class:
        hero = [int(c) for c in ALL[i]]
        opp = (bits & bits[i]) == 0
        win = int((dense[opp] < dense[i]).sum())
        tie = int((dense[opp] == dense[i]).sum())
        e = brag.equity(hero, **options)
        n = int(opp.sum())
        p = e.players[0]
        assert e.deals == n == 18424
        assert (p.wins, p.ties, p.losses) == (win, tie, n - win - tie)


@pytest.mark.slow
@pytest.mark.parametrize("opponents", [3, 6, 16])
def test_monte_carlo_many_opponents_vs_reference_monte_carlo(opponents):
    hand = parse_cards("Jh Jd 9c")
    mc = brag.equity(hand, opponents, samples=300_000, seed=opponents).players[0]
    rng = np.random.default_rng(1000 + opponents)
    rest = np.array([c for c in range(52) if c not in hand])
    n = 15_000
    shares = []
    for _ in range(n):
        d = rng.permutation(rest)[:3 * opponents].tolist()
        shares.append(ref.equity(hand, [d[3 * k:3 * k + 3] for k in range(opponents)]))
    shares = np.array(shares)
    ref_se = shares.std(ddof=1) / np.sqrt(n)
    assert abs(mc.equity - shares.mean()) < 4 * np.hypot(ref_se, mc.stderr)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(
    st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True).map(
        lambda c: (1 << c[0]) | (1 << c[1]) | (1 << c[2])),
    st.integers(0, 2**64 - 1),
    st.sampled_from([0, 1, 3, 0b1111, 1 << 51 | 1 << 50 | 1 << 49, 1 << 52 | 3, 1 << 63 | 7])),
    min_size=1, max_size=20))
def test_hypothesis_arbitrary_masks(masks):
    """Any uint64: a mask of exactly three cards matches the ids path; the first
    other mask is named (bits at 52+ -> CardRangeError, else HandSizeError)."""
    arr = np.array(masks, dtype=np.uint64)
    valid = [m >> 52 == 0 and m.bit_count() == 3 for m in masks]
    if all(valid):
        ids = [[c for c in range(52) if m >> c & 1] for m in masks]
        np.testing.assert_array_equal(brag.evaluate_many(arr), brag.evaluate_many(ids))
    else:
        first = valid.index(False)
        error = CardRangeError if masks[first] >> 52 else HandSizeError
        with pytest.raises(error, match=f"row {first}"):
            brag.evaluate_many(arr)


def test_bulk_any_integer_dtype_and_layout_gives_the_same_strengths():
    """Non-uint8 dtypes are range-checked then cast; strided, Fortran-order,
    big-endian and read-only arrays are accepted; bool/object/float are refused."""
    ids = ALL[::37]
    base = brag.evaluate_many(ids)
    for dtype in (np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, ">i4"):
        np.testing.assert_array_equal(brag.evaluate_many(ids.astype(dtype)), base)
    np.testing.assert_array_equal(brag.evaluate_many(np.asfortranarray(ids)), base)
    np.testing.assert_array_equal(brag.evaluate_many(np.repeat(ids, 2, axis=0)[::2]), base)
    ro = ids.copy()
    ro.setflags(write=False)
    np.testing.assert_array_equal(brag.evaluate_many(ro), base)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids.astype(np.uint64)), axis=1)
    np.testing.assert_array_equal(brag.evaluate_many(masks.astype(">u8")), base)
    np.testing.assert_array_equal(brag.evaluate_many(np.repeat(masks, 2)[::2]), base)
    for dtype in (bool, object, np.float32):
        with pytest.raises(ArrayDtypeError):
            brag.evaluate_many(ids.astype(dtype))
    neg = ids.astype(np.int16)
    neg[3, 2] = -1
    with pytest.raises(CardRangeError, match=r"row 3, column 2: card id -1"):
        brag.evaluate_many(neg)
    with pytest.raises(HandSizeError, match="0 columns"):
        brag.evaluate_many(np.zeros((0, 0), dtype=np.uint8))


def test_misspelt_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="'thread'"):
        brag.evaluate_many(np.array([[0, 5, 9]], dtype=np.uint8), thread=2)
