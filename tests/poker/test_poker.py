"""Poker evaluator: exhaustive counts, ordering and differential tests
against the pure-Python reference (docs/rules/poker.md)."""

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handrank import cards, poker
from handrank.errors import (
    ArrayDtypeError,
    ArrayShapeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
)
from handrank.poker import Category
from handrank.poker import reference as ref

# docs/rules/poker.md: category counts (5 cards, 7 cards), weakest category first.
COUNTS_5 = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
COUNTS_7 = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
            3_473_184, 224_848, 41_584]


def by_category(hist):
    cats = poker.categories(np.arange(1, poker.MAX_STRENGTH + 1))
    return np.bincount(cats, weights=hist[1:], minlength=9).astype(np.int64).tolist()


@pytest.fixture(scope="module")
def all_five():
    return np.fromiter(combinations(range(52), 5), dtype=np.dtype((np.uint8, 5)), count=2_598_960)


@pytest.fixture(scope="module")
def all_five_strengths(all_five):
    return poker.evaluate_many(all_five)


@pytest.fixture(scope="module")
def strength_of_value(all_five, all_five_strengths):
    """Reference value -> fast strength, from one representative hand per strength."""
    _, first = np.unique(all_five_strengths, return_index=True)
    return {ref.value(all_five[i].tolist()): int(all_five_strengths[i]) for i in first}


def test_five_card_space(all_five_strengths):
    s = all_five_strengths
    assert s.dtype == np.int32 and len(s) == 2_598_960
    assert len(np.unique(s)) == 7462
    assert s.min() == 1 and s.max() == 7462
    hist = np.bincount(s, minlength=7463)
    assert by_category(hist) == COUNTS_5
    assert hist[poker.ROYAL_FLUSH] == 4
    # The incremental enumeration kernel agrees with the bulk kernel.
    assert np.array_equal(poker.strength_counts(5), hist)


def test_seven_card_space():
    hist = poker.strength_counts(7)
    assert hist.sum() == 133_784_560
    assert np.count_nonzero(hist) == 4824
    assert by_category(hist) == COUNTS_7
    assert hist[poker.ROYAL_FLUSH] == 4324


def test_six_card_space():
    hist = poker.strength_counts(6)
    assert hist.sum() == 20_358_520
    assert np.count_nonzero(hist) == 6075  # distinct best-five values among six cards
    assert all(c > 0 for c in by_category(hist))


def test_strengths_ordered_as_reference_orders_them(strength_of_value):
    # 7,462 distinct reference values, one per strength, in the same order.
    assert len(strength_of_value) == 7462
    values = sorted(strength_of_value)
    assert [strength_of_value[v] for v in values] == list(range(1, 7463))


def test_random_five_card_hands_match_reference(all_five, all_five_strengths, strength_of_value):
    rng = np.random.default_rng(5)
    for i in rng.choice(len(all_five), 20_000, replace=False):
        assert strength_of_value[ref.value(all_five[i].tolist())] == all_five_strengths[i]


@pytest.mark.slow
def test_every_five_card_hand_matches_reference(all_five, all_five_strengths, strength_of_value):
    for hand, s in zip(all_five.tolist(), all_five_strengths.tolist()):
        assert strength_of_value[ref.value(hand)] == s


def random_hands(rng, n, k):
    return cards.deal(n, k, seed=rng)


@pytest.mark.parametrize("k", [6, 7])
def test_seeded_random_six_and_seven_card_hands_match_reference(k, strength_of_value):
    rng = np.random.default_rng(100 + k)
    hands = random_hands(rng, 4000, k)
    fast = poker.evaluate_many(hands)
    for hand, s in zip(hands.tolist(), fast.tolist()):
        assert strength_of_value[ref.value(hand)] == s


hands_st = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@settings(max_examples=400, deadline=None)
@given(hands_st)
def test_hypothesis_all_entry_points_agree_with_reference(strength_of_value, hand):
    expected = strength_of_value[ref.value(hand)]
    single = {5: poker.strength5, 6: poker.strength6, 7: poker.strength7}[len(hand)]
    assert single(*hand) == expected
    assert poker.strength(hand) == expected
    assert poker.strength(cards.format_cards(hand)) == expected
    v = poker.evaluate(hand)
    assert v.strength == expected and int(v.category) == ref.value(hand)[0]
    assert len(v.cards) == 5 and set(v.cards) <= set(hand)
    assert poker.strength5(*v.cards) == expected  # the reported five make the hand
    assert poker.evaluate_many(np.array([hand], dtype=np.uint8))[0] == expected
    assert poker.evaluate_many(np.array([hand], dtype=np.int64))[0] == expected
    mask = np.array([sum(1 << c for c in hand)], dtype=np.uint64)
    assert poker.evaluate_many(mask)[0] == expected


def test_wheel_is_the_lowest_straight_and_straight_flush():
    wheel = poker.strength("Ad 2c 3h 4s 5d")
    six_high = poker.strength("2c 3h 4s 5d 6c")
    assert poker.category(wheel) == Category.STRAIGHT
    straights = [s for s in range(1, 7463) if poker.category(s) == Category.STRAIGHT]
    assert wheel == min(straights) and wheel < six_high
    steel = poker.strength("Ah 2h 3h 4h 5h")
    sfs = [s for s in range(1, 7463) if poker.category(s) == Category.STRAIGHT_FLUSH]
    assert steel == min(sfs)
    assert poker.describe(wheel) == "Straight, five-high"
    # No wrap-around.
    assert poker.category(poker.strength("Qc Kd Ah 2s 3c")) == Category.HIGH_CARD


def test_royal_beats_king_high_straight_flush_on_the_same_board():
    board = "Ks Qs Js Ts 2d"
    assert poker.showdown(board, ["As 3c", "9s 3d"]) == [0]
    royal = poker.evaluate("As Ks Qs Js Ts 2d 3c")
    kinghigh = poker.evaluate("9s Ks Qs Js Ts 2d 3d")
    assert royal.name == "Royal flush" and royal.category == Category.STRAIGHT_FLUSH
    assert kinghigh.name == "Straight flush" and royal > kinghigh
    assert royal.strength == poker.ROYAL_FLUSH == poker.MAX_STRENGTH


@pytest.mark.parametrize("hand,description,category", [
    ("Ks Kh Kd 4c 4d", "Full house, kings over fours", Category.FULL_HOUSE),
    ("7c 5d 4h 3s 2c", "High card, seven-five-four-three-two", Category.HIGH_CARD),
    ("Ah Ad Ks Kc 9h", "Two pair, aces and kings, nine kicker", Category.TWO_PAIR),
    ("Tc Td Th Ts 2c Kd 9s", "Four of a kind, tens, king kicker", Category.FOUR_OF_A_KIND),
    ("9c 9d Ah 7s 3c", "One pair, nines, kickers ace, seven, three", Category.ONE_PAIR),
    ("5c 5d 5h Ks 3c", "Three of a kind, fives, kickers king, three", Category.THREE_OF_A_KIND),
    ("Ah Jh 8h 4h 2h", "Flush, ace-jack-eight-four-two", Category.FLUSH),
    ("9s 8s 7s 6s 5s", "Straight flush, nine-high", Category.STRAIGHT_FLUSH),
])
def test_descriptions(hand, description, category):
    v = poker.evaluate(hand)
    assert v.description == description and v.category == category


def test_tie_rules():
    # Kicker decides four of a kind; suits never break ties.
    assert poker.compare("AsAhAdAc Kd", "AsAhAdAc Qd") == 1
    assert poker.compare("2c3c4c5c7d", "2d3d4d5d7c") == 0
    # Two pair: high pair, low pair, kicker.
    assert poker.compare("KsKd 2c2d Ah", "QsQd JcJd Ah") == 1
    assert poker.compare("KsKd 3c3d 2h", "KhKc 2s2h Ah") == 1
    assert poker.compare("KsKd 3c3d 2h", "KhKc 3s3h 4h") == -1
    # Full house: triple first.
    assert poker.compare("3s3d3c 2h2d", "2s2c2h AhAd") == 1
    # Flush and high card card by card.
    assert poker.compare("Ah Kh 9h 7h 3h", "Ad Kd 9d 7d 2d") == 1


def test_best_five_of_seven_ignores_extra_cards():
    assert poker.strength("As Ks Qs Js Ts 2d 3c") == poker.strength("As Ks Qs Js Ts")
    v = poker.evaluate("2c 2d 2h 9s 9d 9c Ah")
    assert v.description == "Full house, nines over twos"
    assert sorted(cards.rank_of(c) for c in v.cards) == [0, 0, 7, 7, 7]


def test_showdown_split_and_errors():
    assert poker.showdown("As Ks Qs Js Ts", ["2c 3c", "4d 5d"]) == [0, 1]
    assert poker.showdown("2c 7d 9h Js Kd", ["Ac Ad", "Ah 3s", "As 4s"]) == [0]
    with pytest.raises(DuplicateCardError, match="As of player 1 is also in the board"):
        poker.showdown("As Ks Qs Js Ts", ["2c 3c", "As 5d"])
    with pytest.raises(DuplicateCardError, match="player 1 .*player 0"):
        poker.showdown("Ks Qs Js Ts 9c", ["2c 3c", "2c 5d"])
    with pytest.raises(HandSizeError, match="player 0"):
        poker.showdown("Ks Qs", ["2c 3c"])
    with pytest.raises(ValueError):
        poker.showdown("Ks Qs Js Ts 9c", [])


# ---- bad input -----------------------------------------------------------

@pytest.mark.parametrize("hand,exc,match", [
    ("AsKsQsJsXs", CardParseError, "'Xs' at position 8"),
    ("AsKsQsJsAs", DuplicateCardError, "As"),
    ("AsKsQsJs", HandSizeError, "got 4"),
    ("AsKsQsJsTs9s8s7s", HandSizeError, "got 8"),
    ([0, 1, 2, 3, 52], CardRangeError, "52"),
])
def test_single_hand_errors(hand, exc, match):
    with pytest.raises(exc, match=match):
        poker.evaluate(hand)
    with pytest.raises(exc):
        poker.strength(hand)


def test_fast_single_calls_validate():
    with pytest.raises(CardRangeError, match="out of range"):
        poker.strength7(0, 1, 2, 3, 4, 5, 52)
    with pytest.raises(CardRangeError, match="out of range"):
        poker.strength5(-1, 1, 2, 3, 4)
    with pytest.raises(DuplicateCardError, match="duplicate card 3c"):
        poker.strength6(0, 1, 2, 3, 4, 4)
    with pytest.raises(TypeError):
        poker.strength5(0, 1, 2, 3)
    # Floats and bools are not card ids; huge ints are out of range, not overflow.
    with pytest.raises(TypeError, match="position 0 must be an int, got float"):
        poker.strength5(-0.5, 47, 43, 39, 35)
    with pytest.raises(TypeError, match="got bool"):
        poker.strength5(0, 5, 9, 13, True)
    with pytest.raises(ValueError, match="out of range"):
        poker.strength7(0, 1, 2, 3, 4, 5, 2**40)
    with pytest.raises(ValueError, match="out of range"):
        poker.strength7(0, 1, 2, 3, 4, 5, -2**80)
    assert poker.strength5(np.int64(0), np.uint8(5), 9, 13, 17) == poker.strength5(0, 5, 9, 13, 17)


def test_bulk_errors_name_row_and_column():
    a = random_hands(np.random.default_rng(0), 100, 7)
    bad = a.copy()
    bad[37, 4] = 60
    with pytest.raises(CardRangeError, match=r"row 37, column 4: card id 60") as ei:
        poker.evaluate_many(bad)
    assert (ei.value.row, ei.value.column) == (37, 4)
    dup = a.copy()
    dup[12, 6] = dup[12, 2]
    with pytest.raises(DuplicateCardError, match=r"row 12: duplicate card .* \(columns 2 and 6\)"):
        poker.evaluate_many(dup)
    neg = a.astype(np.int64)
    neg[3, 0] = -1
    with pytest.raises(CardRangeError, match="row 3, column 0: card id -1"):
        poker.evaluate_many(neg)
    big = a.astype(np.int16)
    big[5, 1] = 300  # would wrap to 44 in a blind uint8 cast
    with pytest.raises(CardRangeError, match="row 5, column 1: card id 300"):
        poker.evaluate_many(big)


@pytest.mark.parametrize("arr,exc", [
    (np.zeros((3, 4), np.uint8), HandSizeError),
    (np.zeros((3, 8), np.uint8), HandSizeError),
    (np.zeros((2, 3, 7), np.uint8), ArrayShapeError),
    (np.zeros((3, 7), np.float64), ArrayDtypeError),
    (np.zeros((3, 7), bool), ArrayDtypeError),
    (np.zeros(7, np.uint8), ArrayDtypeError),
    (np.zeros((2, 2), np.uint64), HandSizeError),
])
def test_bulk_shape_and_dtype_errors(arr, exc):
    with pytest.raises(exc):
        poker.evaluate_many(arr)


def test_dtype_error_is_also_a_type_error():
    with pytest.raises(TypeError):
        poker.evaluate_many(np.zeros((3, 7), np.float32))


def test_mask_errors():
    good = sum(1 << c for c in range(7))
    with pytest.raises(CardRangeError, match="row 1: mask .* bits set at 52"):
        poker.evaluate_many(np.array([good, good | (1 << 60)], dtype=np.uint64))
    with pytest.raises(HandSizeError, match="row 2: mask .* holds 4 cards"):
        poker.evaluate_many(np.array([good, good, 0b1111], dtype=np.uint64))
    with pytest.raises(HandSizeError, match="holds 8 cards"):
        poker.evaluate_many(np.array([(1 << 8) - 1], dtype=np.uint64))


def test_list_inputs_and_text_rows():
    out = poker.evaluate_many(["AsKsQsJsTs", "2c3d4h5s7c"])
    assert out.tolist() == [7462, 1]
    assert poker.evaluate_many([[48, 44, 40, 36, 32]]).tolist() == [poker.strength("AcKcQcJcTc")]
    with pytest.raises(CardParseError, match="row 1"):
        poker.evaluate_many(["AsKsQsJsTs", "2c3d4h5s7x"])
    with pytest.raises(HandSizeError, match="row 1 has 6 cards"):
        poker.evaluate_many(["AsKsQsJsTs", "2c3d4h5s7c8c"])


def test_empty_and_non_contiguous_inputs():
    assert poker.evaluate_many(np.zeros((0, 7), np.uint8)).shape == (0,)
    assert poker.evaluate_many(np.zeros(0, np.uint64)).shape == (0,)
    a = random_hands(np.random.default_rng(2), 1000, 7)
    expected = poker.evaluate_many(a)
    assert np.array_equal(poker.evaluate_many(np.asfortranarray(a)), expected)
    wide = np.concatenate([a, a], axis=1)[:, ::2]  # strided view
    assert np.array_equal(poker.evaluate_many(wide), poker.evaluate_many(np.ascontiguousarray(wide)))
    assert np.array_equal(poker.evaluate_many(a[::2]), expected[::2])


def test_threads_give_identical_results_and_lowest_bad_row():
    a = random_hands(np.random.default_rng(3), 200_000, 7)
    one = poker.evaluate_many(a)
    assert np.array_equal(poker.evaluate_many(a, threads=2), one)
    assert np.array_equal(poker.evaluate_many(a, threads=0), one)
    bad = a.copy()
    bad[150_000, 0] = 99
    bad[120_000, 1] = 77
    with pytest.raises(CardRangeError, match="row 120000"):
        poker.evaluate_many(bad, threads=2)
    with pytest.raises(ValueError):
        poker.evaluate_many(a, threads=-1)
    with pytest.raises(TypeError):
        poker.evaluate_many(a, threads=1.5)
    # No state kept: a good call after a failed one is unaffected.
    assert np.array_equal(poker.evaluate_many(a, threads=2), one)


def test_category_and_describe_bounds():
    assert poker.category(1) == Category.HIGH_CARD
    assert poker.category(7462) == Category.STRAIGHT_FLUSH
    for bad in (0, 7463, -5):
        with pytest.raises(ValueError):
            poker.category(bad)
    with pytest.raises(ValueError, match="index 1"):
        poker.categories(np.array([5, 0]))


def test_hand_values_of_different_games_do_not_compare():
    from dataclasses import replace
    v = poker.evaluate("AsKsQsJsTs")
    other = replace(v, game="brag")
    with pytest.raises(TypeError):
        _ = v > other


# ---- arbitrary input never crashes or reads out of bounds -------------------

@pytest.mark.parametrize("mask,count", [
    (0x44444444466EF, 20),   # a whole suit: 4-bit suit counters would overflow
    (0xFDDD111111111, 22),
    (0x88888CCC99999, 21),
    (0xFFFFFFFFFFFFE, 51),
    ((1 << 52) - 1, 52),
])
def test_masks_with_many_cards_are_rejected(mask, count):
    with pytest.raises(HandSizeError, match=f"holds {count} cards"):
        poker.evaluate_many(np.array([mask], dtype=np.uint64))


def DISTINCT_CARDS(lo: int, hi: int):
    """lo..hi distinct card ids (a prefix of st.permutations(range(52)) draws 51 numbers
    for it, seven times the work)."""
    return st.lists(st.integers(0, 51), min_size=lo, max_size=hi, unique=True)


@st.composite
def mask_batches(draw):
    """Batches of valid masks (5..7 cards), some replaced by an arbitrary uint64."""
    n = draw(st.integers(1, 20))
    masks = [sum(1 << c for c in draw(DISTINCT_CARDS(5, 7))) for _ in range(n)]
    for _ in range(draw(st.integers(0, 2))):
        masks[draw(st.integers(0, n - 1))] = draw(st.integers(0, 2**64 - 1))
    return masks


@settings(max_examples=300, deadline=None)
@given(mask_batches())
def test_hypothesis_arbitrary_masks(masks):
    arr = np.array(masks, dtype=np.uint64)
    valid = [m >> 52 == 0 and 5 <= bin(m).count("1") <= 7 for m in masks]
    if all(valid):
        got = poker.evaluate_many(arr)
        assert got.tolist() == [poker.strength(cards.from_mask(m)) for m in masks]
    else:
        first = valid.index(False)
        with pytest.raises((CardRangeError, HandSizeError), match=f"row {first}:"):
            poker.evaluate_many(arr)


@st.composite
def id_batches(draw):
    """Batches of valid 7-card rows, some with one cell corrupted (out of range
    or a repeat), so that valid batches and late first-bad rows both occur."""
    n = draw(st.integers(1, 30))
    rows = [draw(DISTINCT_CARDS(7, 7)) for _ in range(n)]
    for _ in range(draw(st.integers(0, 2))):
        i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, 6))
        rows[i] = list(rows[i])
        rows[i][j] = draw(st.one_of(st.integers(52, 255), st.sampled_from(rows[i])))
    return rows


@settings(max_examples=300, deadline=None)
@given(id_batches())
def test_hypothesis_arbitrary_id_bytes(rows):
    arr = np.array(rows, dtype=np.uint8)
    valid = [all(c < 52 for c in r) and len(set(r)) == 7 for r in rows]
    if all(valid):
        assert poker.evaluate_many(arr).tolist() == [poker.strength(list(r)) for r in rows]
    else:
        first = valid.index(False)
        with pytest.raises((CardRangeError, DuplicateCardError), match=f"row {first}[,:]"):
            poker.evaluate_many(arr)


def test_concurrent_callers_with_growing_thread_counts():
    # Callers on several Python threads, each asking for more worker threads
    # than the last: none may fail because another grew the shared pool.
    import threading
    hands = random_hands(np.random.default_rng(9), 300_000, 7)
    expected = poker.evaluate_many(hands)
    errors, results = [], []

    def call(t):
        try:
            results.append(np.array_equal(poker.evaluate_many(hands, threads=t), expected))
        except Exception as e:  # pragma: no cover - the failure being tested for
            errors.append(repr(e))

    threads = [threading.Thread(target=call, args=(t,)) for t in range(2, 10)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == [] and results == [True] * 8


def test_hand_value_equality_is_a_split():
    a, b = poker.evaluate("AsKsQsJsTs"), poker.evaluate("AhKhQhJhTh")
    assert a == b and a <= b and a >= b and not a < b and hash(a) == hash(b)
    assert a != poker.evaluate("KsQsJsTs9s") and a != "Royal flush"


@pytest.mark.parametrize("bad,exc,match", [
    ([[0, 1, 2, 3, 4], [0, 1, 2, 3]], HandSizeError, "row 1 has 4 cards"),
    ("AsKsQsJsTs", TypeError, "for one hand use evaluate"),
    (np.uint64(5), TypeError, "got uint64"),
    (None, TypeError, "got NoneType"),
    ([1, 2, 3], ArrayShapeError, "row 0 is a single value"),
    (["AsKsQsJsTs", "As Ks Qs Js Xs"], CardParseError, "row 1: invalid card 'Xs'"),
])
def test_bulk_input_forms_give_clear_errors(bad, exc, match):
    with pytest.raises(exc, match=match):
        poker.evaluate_many(bad)


def test_bulk_accepts_empty_lists_and_big_endian_masks():
    assert poker.evaluate_many([]).shape == (0,)
    m = np.array([0b1111111 << 8], dtype=">u8")
    assert poker.evaluate_many(m).tolist() == poker.evaluate_many(m.astype(np.uint64)).tolist()


def test_errors_keep_their_type_and_attributes_with_context():
    with pytest.raises(CardParseError) as ei:
        poker.evaluate_many(["AsKsQsJsTs", "As Ks Qs Js Xs"])
    assert ei.value.token == "Xs" and ei.value.position == 12
    with pytest.raises(DuplicateCardError, match=r"player 0: duplicate card 3c"):
        poker.showdown("Ks Qs Js Ts 9c", ["3c 3c", "9s 3d"])
    with pytest.raises(CardParseError, match=r"player 1: invalid card 'Xd'"):
        poker.showdown("Ks Qs Js Ts 9c", ["3c 4c", "9s Xd"])


def test_strength_type_checks():
    with pytest.raises(TypeError):
        poker.category(7462.5)
    with pytest.raises(ArrayDtypeError):
        poker.categories([1.5])


def test_showdown_input_forms():
    board = [0, 6, 11, 21, 26]  # 2c 3h 4s 7d 8h: no flush, no straight
    assert poker.showdown(board, np.array([[51, 50], [40, 41]])) == [0]  # aces beat queens
    with pytest.raises(TypeError, match="one entry"):
        poker.showdown(board, "As 3c")
    with pytest.raises(ValueError, match="at least one player"):
        poker.showdown(board, (x for x in []))
    with pytest.raises(DuplicateCardError, match="board: duplicate card Ks"):
        poker.showdown("Ks Ks Js Ts 2d", ["As 3c"])


def test_list_rows_errors_carry_the_row():
    with pytest.raises(CardRangeError) as ei:
        poker.evaluate_many([[0, 1, 2, 3, 4], [0, 1, 2, 3, 52]])
    assert ei.value.row == 1 and "row 1" in str(ei.value)
    with pytest.raises(TypeError, match="row 1"):
        poker.evaluate_many([[0, 1, 2, 3, 4], [0, 1, 2, 3, None]])


def test_fork_after_threaded_call_does_not_hang():
    import subprocess
    import sys
    if not hasattr(__import__("os"), "fork"):
        pytest.skip("no fork on this platform")
    code = (
        "import os, numpy as np\n"
        "from handrank import poker\n"
        "h = np.tile(np.arange(7, dtype=np.uint8), (100_000, 1))\n"
        "poker.evaluate_many(h, threads=2)\n"
        "pid = os.fork()\n"
        "if pid == 0:\n"
        "    poker.evaluate_many(h, threads=2); os._exit(0)\n"
        "_, status = os.waitpid(pid, 0)\n"
        "print('child status', status)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "child status 0" in r.stdout, r.stderr


def test_documented_strength_ranges():
    firsts = [min(s for s in range(1, 7463) if poker.category(s) == c) for c in Category]
    assert firsts == [1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453]


@pytest.mark.parametrize("hand,expected", [
    ("Ad 2c 3h 4s 5d 6c", "Straight, six-high"),           # the six lifts the wheel
    ("Ah 2h 3h 4h 5h 6c", "Straight flush, five-high"),    # steel wheel beats the off-suit six
    ("Ah 2h 3h 4h 5h 6h Kd", "Straight flush, six-high"),
    ("Qc Kd Ah 2s 3c 9d 8h", "High card, ace-king-queen-nine-eight"),  # no wrap-around
    ("Ad 2c 3h 4s 5d Kc Kh", "Straight, five-high"),       # a straight beats the pair
])
def test_wheel_and_wrap_around_in_six_and_seven_cards(hand, expected):
    assert poker.evaluate(hand).description == expected
    ids = cards.parse_cards(hand)
    assert poker.strength(hand) == poker.strength5(*ref.best_five(ids)[1])


def test_showdown_many_matches_showdown():
    deals = cards.deal(3000, 5 + 3 * 2, seed=11)
    board, holes = deals[:, :5], deals[:, 5:].reshape(-1, 3, 2)
    strengths, winners = poker.showdown_many(board, holes)
    assert strengths.shape == winners.shape == (3000, 3) and winners.dtype == bool
    for i in range(0, 3000, 7):
        expected = poker.showdown(board[i].tolist(), holes[i].tolist())
        assert np.flatnonzero(winners[i]).tolist() == expected
        assert strengths[i, 0] == poker.strength(board[i].tolist() + holes[i, 0].tolist())
    assert np.array_equal(poker.showdown_many(board, holes, threads=2)[0], strengths)


def test_showdown_many_errors():
    deals = cards.deal(10, 9, seed=12)
    board, holes = deals[:, :5].copy(), deals[:, 5:].reshape(-1, 2, 2).copy()
    holes[4, 1, 0] = board[4, 2]
    with pytest.raises(DuplicateCardError, match="row 4: card .* appears twice"):
        poker.showdown_many(board, holes)
    with pytest.raises(HandSizeError, match="make 8"):
        poker.showdown_many(board, np.zeros((10, 2, 3), np.uint8))
    with pytest.raises(ArrayShapeError):
        poker.showdown_many(board, holes[:5])
    with pytest.raises(ArrayShapeError):
        poker.showdown_many(board, holes.reshape(10, 4))
    big = holes.astype(np.int64)
    big[2, 0, 1] = 77
    with pytest.raises(CardRangeError, match="row 2, column 6"):
        poker.showdown_many(board, big)
    s, w = poker.showdown_many(np.zeros((0, 5), np.uint8), np.zeros((0, 2, 2), np.uint8))
    assert s.shape == w.shape == (0, 2)


def test_deal_is_uniform_distinct_and_seeded():
    d = cards.deal(200_000, 7, seed=3)
    assert d.shape == (200_000, 7) and d.dtype == np.uint8
    srt = np.sort(d, axis=1)
    assert (srt[:, 1:] != srt[:, :-1]).all() and d.max() < 52
    counts = np.bincount(d[:, 6], minlength=52)
    assert abs(counts - 200_000 / 52).max() < 6 * np.sqrt(200_000 / 52)
    assert np.array_equal(cards.deal(100, 7, seed=3), cards.deal(100, 7, seed=3))
    assert not np.array_equal(cards.deal(100, 7, seed=3), cards.deal(100, 7, seed=4))
    assert cards.deal(0, 7).shape == (0, 7) and cards.deal(3, 52, seed=1).shape == (3, 52)
    with pytest.raises(ValueError):
        cards.deal(5, 53)
    with pytest.raises(TypeError):
        cards.deal(5.0, 7)


def test_showdown_many_names_rows_in_the_callers_layout():
    deals = cards.deal(4, 9, seed=1)
    board, holes = deals[:, :5], deals[:, 5:].reshape(4, 2, 2).copy()
    holes[2, 1, 0] = 60  # uint8 input: checked in the caller's layout, not per player
    with pytest.raises(CardRangeError, match=r"row 2, column 7: card id 60") as ei:
        poker.showdown_many(board, holes)
    assert (ei.value.row, ei.value.column) == (2, 7)
    with pytest.raises(CardRangeError):
        poker.showdown_many(np.arange(5, dtype=np.uint8)[None], np.array([[[52, 52]]], np.uint8))
    with pytest.raises(ArrayDtypeError):
        poker.showdown_many(np.zeros((0, 5)), np.zeros((0, 2, 2)))
    with pytest.raises(ArrayDtypeError):
        poker.showdown_many([["Ks Qs Js Ts 2d"]], [[["As 3c"]]])
    with pytest.raises(ArrayShapeError):
        poker.showdown_many([[0, 1, 2, 3, 4]], [[[10, 11], [12]]])


def test_argument_errors_are_library_errors():
    from handrank.errors import HandrankError
    for call in (lambda: cards.deal(-1, 5), lambda: cards.deal(3, 53),
                 lambda: poker.evaluate_many(np.zeros((1, 7), np.uint8), threads=-1),
                 lambda: poker.strength_counts(4), lambda: cards.check_cards([52, 52]),
                 lambda: poker.categories([[1, 2], [3]])):
        with pytest.raises(HandrankError):
            call()
