"""handrank.omaha high hands: the rules' consequences, the phevaluator PLO4/5/6
fixtures, a seeded differential against the reference, bulk == single, bad input.
Rules: docs/rules/omaha.md."""

from __future__ import annotations

import csv
import os
import random

import numpy as np
import pytest

from handrank import omaha, poker
from handrank.cards import parse_cards
from handrank.errors import (
    ArrayShapeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
)
from handrank.omaha import _kernel
from handrank.omaha import reference as ref
from tests.conftest import REQUIRE_DATA, SHARED

C = poker.Category
FIXTURES = os.path.join(SHARED, "peer-fixtures", "phevaluator")


def deals(n: int, h: int, seed: int, deck: list[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """n random deals of h hole + 5 board cards (distinct in a row) from ``deck``."""
    rng = random.Random(seed)
    deck = list(range(52)) if deck is None else deck
    rows = [rng.sample(deck, h + 5) for _ in range(n)]
    a = np.array(rows, dtype=np.uint8)
    return np.ascontiguousarray(a[:, :h]), np.ascontiguousarray(a[:, h:])


def ref_strength(hole, board) -> int:
    """The reference's best five, on poker's (independently tested) evaluator."""
    return poker.strength(list(ref.best_high(list(hole), list(board))[1]))


# =========================================================================== the rules


def test_four_suited_hole_cards_with_two_on_the_board_are_no_flush():
    v = omaha.evaluate("As Ks Qs Js", "Ts 9s 2c 3d 4h")
    assert v.category == C.HIGH_CARD
    assert poker.evaluate("As Ks Qs Js Ts 9s 2c").category == C.STRAIGHT_FLUSH  # as Hold'em
    # Three spades on the board and two in the hole do make it.
    assert omaha.evaluate("As Ks 2d 3d", "Qs Js Ts 4c 5h").strength == poker.ROYAL_FLUSH


def test_four_of_a_kind_on_the_board_is_not_quads_without_the_fifth_card():
    board = "7c 7d 7h 7s 2c"
    assert omaha.evaluate("Ac Kd Qh Jh", board).category == C.THREE_OF_A_KIND
    assert omaha.evaluate("Ac Ad Qh Jh", board).category == C.FULL_HOUSE  # 777 AA
    # A royal flush on the board plays as two hole + three board only.
    assert omaha.evaluate("2c 3d 4h 5c", "As Ks Qs Js Ts").category == C.HIGH_CARD


def test_a_board_straight_needs_two_hole_cards_with_three_of_it():
    board = "5c 6d 7h 8s 9c"
    assert omaha.evaluate("Kd Kh 2s 2d", board).category == C.ONE_PAIR
    assert omaha.evaluate("Td 2s 2h 3c", board).category == C.ONE_PAIR  # one card is not enough
    assert omaha.evaluate("Td Jd 2s 2h", board).description == "Straight, jack-high"


def test_exactly_two_hole_cards_never_three():
    # A-K-Q of spades in the hole + J-T of spades on the board is no royal flush.
    v = omaha.evaluate("As Ks Qs 2d", "Js Ts 3c 4d 8h")
    assert v.category == C.HIGH_CARD
    assert sum(c in parse_cards("As Ks Qs 2d") for c in v.cards) == 2


def test_strengths_are_on_the_holdem_scale_and_values_compare_equal():
    hole, board = "Ah Kh 2c 3d", "Qh Jh Th 4s 9c"
    v = omaha.evaluate(hole, board)
    five = poker.evaluate(list(v.cards))
    assert v == five and v.strength == five.strength == poker.ROYAL_FLUSH
    assert v.game == "poker" and v.name == "Royal flush"
    # Equal value = equal strength: a Hold'em hand with the same five-card value.
    holdem = poker.evaluate("Ad Kd Qd Jd Td 2s 3s")
    assert holdem == v and omaha.category(v.strength) == C.STRAIGHT_FLUSH
    assert omaha.describe(v.strength) == poker.describe(v.strength)


def test_evaluate_cards_are_two_hole_and_three_board_most_significant_first():
    hole, board = parse_cards("Kc Kd 5h 6h"), parse_cards("Ks 9d 9c 2s 3h")
    v = omaha.evaluate(hole, board)
    assert v.description == "Full house, kings over nines"
    assert sorted(c in hole for c in v.cards) == [False] * 3 + [True] * 2
    assert [c >> 2 for c in v.cards] == [11, 11, 11, 7, 7]


# =========================================================================== peer fixtures


def fixture_rows(n_hole: int) -> tuple[list[str], list[str], np.ndarray]:
    path = os.path.join(FIXTURES, f"plo{n_hole}_string_input_tests.csv")
    if not os.path.isfile(path):
        if REQUIRE_DATA:
            pytest.fail(f"peer fixture {path} not found (HANDRANK_REQUIRE_DATA is set)")
        pytest.skip(f"peer fixture {path} not found")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    cards = [[r[f"card_{i}"] for i in range(1, 6 + n_hole)] for r in rows]
    return ([" ".join(c[5:]) for c in cards], [" ".join(c[:5]) for c in cards],
            np.array([int(r["rank"]) for r in rows]))


@pytest.mark.parametrize("n_hole", omaha.HOLE_SIZES)
def test_phevaluator_fixtures(n_hole):
    """Every row: strength == 7463 - phevaluator's rank (board first, then hole)."""
    holes, boards, rank = fixture_rows(n_hole)
    assert len(rank) == 1000
    got = omaha.evaluate_many(holes, boards)
    bad = np.flatnonzero(got != 7463 - rank)
    assert not len(bad), [(holes[i], boards[i], got[i], 7463 - rank[i]) for i in bad[:5]]
    assert [omaha.strength(h, b) for h, b in zip(holes[:200], boards[:200])] == list(got[:200])


# =========================================================================== differential


@pytest.mark.parametrize("n_hole", omaha.HOLE_SIZES)
def test_random_hands_match_the_reference(n_hole):
    holes, boards = deals(150, n_hole, seed=13 + n_hole)
    got = omaha.evaluate_many(holes, boards)
    want = [ref_strength(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    assert got.tolist() == want


@pytest.mark.parametrize("n_hole", omaha.HOLE_SIZES)
def test_flush_heavy_hands_match_the_reference(n_hole):
    """Cards of two suits only: flushes, straight flushes and counterfeits everywhere
    (the kernel's flush path)."""
    two_suits = [c for c in range(52) if c % 4 in (1, 3)]
    holes, boards = deals(150, n_hole, seed=7 * n_hole, deck=two_suits)
    got = omaha.evaluate_many(holes, boards)
    want = [ref_strength(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    assert got.tolist() == want
    assert (poker.categories(got) >= C.FLUSH).any()


@pytest.mark.slow
@pytest.mark.parametrize("n_hole", omaha.HOLE_SIZES)
def test_many_random_hands_match_the_reference(n_hole):
    holes, boards = deals(2000, n_hole, seed=1000 + n_hole)
    got = omaha.evaluate_many(holes, boards)
    want = [ref_strength(h, b) for h, b in zip(holes.tolist(), boards.tolist())]
    assert got.tolist() == want


# =========================================================================== bulk


@pytest.mark.parametrize("n_hole", omaha.HOLE_SIZES)
def test_bulk_equals_single_and_every_dtype_and_thread_count(n_hole):
    holes, boards = deals(5000, n_hole, seed=n_hole)
    got = omaha.evaluate_many(holes, boards)
    assert got.dtype == np.int32 and got.shape == (5000,)
    single = [omaha.strength(h, b) for h, b in zip(holes[:300].tolist(), boards[:300].tolist())]
    assert got[:300].tolist() == single
    for dt in (np.int64, np.int16, np.uint32):
        assert np.array_equal(omaha.evaluate_many(holes.astype(dt), boards.astype(dt)), got)
    assert np.array_equal(omaha.evaluate_many(holes, boards, threads=2), got)
    out = np.zeros(5000, dtype=np.int32)
    assert omaha.evaluate_many(holes, boards, out=out) is out and np.array_equal(out, got)


def test_bulk_reads_rows_of_text():
    got = omaha.evaluate_many(["As Ks 2d 3d", "Kd Kh 2s 2d"], ["Qs Js Ts 4c 5h", "5c 6d 7h 8s 9c"])
    assert got.tolist() == [poker.ROYAL_FLUSH, omaha.strength("Kd Kh 2s 2d", "5c 6d 7h 8s 9c")]
    assert omaha.evaluate_many(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8)).shape == (0,)


def test_bulk_kernel_is_safe_on_any_bytes_and_names_the_first_bad_row():
    rng = np.random.default_rng(5)
    holes = rng.integers(0, 256, (400, 6), dtype=np.uint8)
    boards = rng.integers(0, 256, (400, 5), dtype=np.uint8)
    out = np.zeros(400, dtype=np.int32)
    err = _kernel.eval_rows(holes, boards, out, 0, 400)
    assert err is not None and err[0] == 0  # row 0 is almost surely bad
    ok_h, ok_b = deals(400, 6, seed=3)
    ok_h[250, 2] = 200
    err = _kernel.eval_rows(ok_h, ok_b, out, 0, 400)
    assert err == (250, 2, _kernel.KIND_RANGE)
    ok_b[100, 4] = ok_h[100, 1]
    assert _kernel.eval_rows(ok_h, ok_b, out, 0, 400) == (100, 10, _kernel.KIND_DUPLICATE)


# =========================================================================== bad input


def test_wrong_hole_or_board_counts_name_the_culprit():
    with pytest.raises(HandSizeError, match="Omaha hole has 4, 5 or 6 cards, got 3"):
        omaha.evaluate("As Ks Qs", "2c 3d 4h 5s 7c")
    with pytest.raises(HandSizeError, match="Omaha board has 5 cards.*got 3"):
        omaha.strength("As Ks Qs Js", "2c 3d 4h")
    with pytest.raises(HandSizeError, match="holes: each Omaha hole must have 4 or 5 or 6 cards"):
        omaha.evaluate_many(np.zeros((2, 7), np.uint8), np.zeros((2, 5), np.uint8))
    with pytest.raises(HandSizeError, match="boards: each Omaha board must have 5 cards"):
        omaha.evaluate_many(*deals(2, 4, 1)[:1], np.zeros((2, 4), np.uint8))
    with pytest.raises(ArrayShapeError, match="holes has 3 rows and boards 2"):
        omaha.evaluate_many(deals(3, 4, 1)[0], deals(2, 4, 1)[1])


def test_an_omaha_hand_given_as_holdem_and_a_holdem_hand_given_as_omaha():
    with pytest.raises(HandSizeError, match="a poker hand has 5, 6 or 7 cards, got 9"):
        poker.evaluate("As Ks Qs Js Ts 9s 2c 3d 4h")
    with pytest.raises(HandSizeError, match="two hole cards is a Hold'em hand"):
        omaha.evaluate("As Ks", "2c 3d 4h 5s 7c")


def test_duplicates_and_bad_cards_name_the_card_and_place():
    with pytest.raises(DuplicateCardError, match=r"card As is both in the hole \(position 0\) "
                                                 r"and on the board \(position 2\)"):
        omaha.evaluate("As Kd Qh Jc", "2c 3d As 5s 7c")
    with pytest.raises(DuplicateCardError, match="duplicate card Kd"):
        omaha.evaluate("As Kd Kd Jc", "2c 3d 4s 5s 7c")
    with pytest.raises(CardParseError, match="^hole: .*Xx"):
        omaha.evaluate("As Kd Xx Jc", "2c 3d 4s 5s 7c")
    with pytest.raises(CardParseError, match="^board: "):
        omaha.evaluate("As Kd Qd Jc", "2c 3d 4s 5s 1c")
    holes, boards = deals(4, 5, seed=2)
    boards[1, 2] = holes[1, 0]
    with pytest.raises(DuplicateCardError, match=r"row 1: duplicate card \w\w "
                                                 r"\(hole column 0 and board column 2\)") as e:
        omaha.evaluate_many(holes, boards)
    assert e.value.row == 1
    boards[1, 2], boards[3, 4] = 0 if 0 not in holes[1] else 1, 52
    boards[1, 2] = next(c for c in range(52) if c not in holes[1] and c not in boards[1])
    with pytest.raises(CardRangeError, match="row 3, board column 4: card id 52") as e:
        omaha.evaluate_many(holes, boards)
    assert (e.value.row, e.value.column) == (3, 4)
    with pytest.raises(CardRangeError, match="^holes: row 0, column 1: card id -1"):
        omaha.evaluate_many(np.array([[5, -1, 7, 9]]), np.array([[0, 1, 2, 3, 4]]))


def test_single_calls_read_every_spelling_alike():
    """Plain text and id lists take the compiled path; other spellings the Python
    parser: the same strengths either way."""
    hole, board = "As Ks 2d 3d", "Qs Js Ts 4c 5h"
    ids_h, ids_b = parse_cards(hole), parse_cards(board)
    spellings = [(hole, board), (ids_h, ids_b), (tuple(ids_h), tuple(ids_b)),
                 (hole.split(), board.split()), ("A♠ K♠ 2♦ 3♦", "Q♠ J♠ 10♠ 4♣ 5♥"),
                 (np.array(ids_h), np.array(ids_b))]
    assert {omaha.strength(h, b) for h, b in spellings} == {poker.ROYAL_FLUSH}
    assert {omaha.low(h, b) for h, b in spellings} == {omaha.low(hole, board)}
