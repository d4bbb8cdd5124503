"""handrank.omaha eight-or-better low and the Hi-Lo showdown: every rule, [D] and
example of the rules page, the reference differential, bulk == single.
Rules: docs/rules/omaha.md ("Omaha Hi-Lo (eight or better)")."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from handrank import omaha
from handrank.errors import DuplicateCardError, HandrankError, HandSizeError, OptionError
from handrank.omaha import reference as ref
from tests.omaha.test_omaha import deals

F = Fraction


def low_of(hole: str, board: str) -> tuple[int, ...]:
    return omaha.low_ranks(omaha.low(hole, board))


# =========================================================================== the low


def test_the_wheel_is_the_best_low_and_eight_seven_six_five_four_the_worst():
    assert omaha.low("Ac 2d Kh Ks", "3h 4s 5c Qd Jd") == omaha.LOW_MAX == 56
    assert omaha.describe_low(56) == "5-4-3-2-A low (the wheel)"
    assert omaha.low_ranks(1) == (8, 7, 6, 5, 4)
    assert omaha.low("8c 7d Kh Ks", "6h 5s 4c Qd Jd") == 1
    assert omaha.describe_low(omaha.NO_LOW) == "No low" and omaha.low_ranks(0) == ()


def test_lows_compare_from_the_highest_card_down():
    a = omaha.low("2c 3d Kh Kd", "4h 5s 8c Qd Jc")    # 8-5-4-3-2
    b = omaha.low("Ac 2d Kh Ks", "3h 6s 8d Qc Jd")    # 8-6-3-2-A
    assert low_of("2c 3d Kh Kd", "4h 5s 8c Qd Jc") == (8, 5, 4, 3, 2)
    assert low_of("Ac 2d Kh Ks", "3h 6s 8d Qc Jd") == (8, 6, 3, 2, 1)
    assert a > b
    c = omaha.low("7c 6d Kh Kd", "5h 4s 3c Qd Jc")    # 7-6-5-4-3
    d = omaha.low("Ac 2d Kh Ks", "3h 4s 8d Qc Jd")    # 8-4-3-2-A
    assert c > d and omaha.describe_low(c) == "7-6-5-4-3 low"


def test_straights_and_flushes_do_not_count_against_a_low():
    hole, board = "Ah 2h Kd Kc", "3h 4h 5h Qs Js"
    assert omaha.low(hole, board) == 56
    assert omaha.evaluate(hole, board).category == omaha.Category.STRAIGHT_FLUSH


def test_a_low_needs_two_hole_and_three_board_cards_of_distinct_ranks():
    assert omaha.low("Ac 2d 3h 4s", "5c Kd Qh Jd 9s") == omaha.NO_LOW   # one low board card
    assert omaha.low("Ac Kd Kh Ks", "2c 3d 4h Qs Js") == omaha.NO_LOW   # one low hole card
    assert omaha.low("Ac Ad Kc Kd", "2c 3d 4h Qs Js") == omaha.NO_LOW   # a pair is one rank
    assert omaha.low("Ac 2d Kc Kd", "Ah 3d 4h Qs Js") == omaha.NO_LOW   # counterfeited ace
    assert omaha.low("Ac 2d 9c 9d", "3h 4d 9h Qs Js") == omaha.NO_LOW   # nines are not low
    assert low_of("Ac 2d 3c Kd", "Ah 4d 5h Qs Js") == (5, 4, 3, 2, 1)   # the 3 saves it


def test_low_chosen_independently_from_the_high():
    hole, board = "Ac 2d Ks Kd", "Kh 3d 4c 7s 9s"
    assert omaha.evaluate(hole, board).category == omaha.Category.THREE_OF_A_KIND
    assert low_of(hole, board) == (7, 4, 3, 2, 1)


@pytest.mark.parametrize("n_hole", omaha.HOLE_SIZES)
def test_random_lows_match_the_reference_and_bulk_equals_single(n_hole):
    low_deck = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5, 6, 7, 8)]
    holes, boards = deals(600, n_hole, seed=31 * n_hole, deck=low_deck)
    got = omaha.low_many(holes, boards)
    want = [ref.low_strength(ref.best_low(h, b)) for h, b in zip(holes.tolist(), boards.tolist())]
    assert got.tolist() == want
    assert (got == 0).any() and (got > 0).any()
    assert [omaha.low(h, b) for h, b in zip(holes[:100].tolist(), boards[:100].tolist())] == want[:100]
    assert np.array_equal(omaha.low_many(holes.astype(np.int64), boards, threads=2), got)


def test_the_low_scale_has_every_low_once_in_order():
    lows = [omaha.low_ranks(s) for s in range(1, 57)]
    assert lows == sorted(lows, reverse=True) and len(set(lows)) == 56
    assert lows[::-1] == ref.LOWS
    with pytest.raises(HandrankError, match="outside 0..56"):
        omaha.low_ranks(57)
    with pytest.raises(TypeError):
        omaha.describe_low(True)


# =========================================================================== shares

# Board 2c 3d 7h Ks Kd: player 0 has trip kings and 7-4-3-2-A, player 1 two pair
# (kings and nines) and the same low, player 2 nothing.
BOARD = "2c 3d 7h Ks Kd"
P0, P1, P2 = "Ac 4c Kh Qc", "Ad 4d 9s 9h", "Jc Jd Tc Td"


def test_scoop_gets_the_whole_pot():
    assert omaha.showdown_hilo(["Ac 4c Kh Qc", P2], BOARD) == [F(1), F(0)]


def test_tied_for_low_with_one_other_and_alone_for_high_gets_three_quarters():
    shares = omaha.showdown_hilo([P0, P1, P2], BOARD)
    assert shares == [F(3, 4), F(1, 4), F(0)]
    assert shares == ref.hilo_shares([ref_ids(h) for h in (P0, P1, P2)], ref_ids(BOARD))


def test_no_qualifying_low_gives_the_high_the_whole_pot():
    board = "Kc Qd Jh 9s 8c"
    assert omaha.showdown_hilo(["Ac 2d 6h 3s", "Kd Kh 4s 5d"], board) == [F(0), F(1)]
    assert omaha.showdown_hilo(["Ac 2d 6h 3s", "Ad 2h 6s 3c"], board) == [F(1, 2), F(1, 2)]


def test_split_high_and_quartered_low():
    # Both make the same straight 5-4-3-2-A and the same wheel low: a chop.
    board = "2c 3d 4h Kd Qs"
    assert omaha.showdown_hilo(["Ac 5c 9h 9d", "Ad 5d Th Ts"], board) == [F(1, 2), F(1, 2)]
    # Player 0 high alone; players 0 and 1 tie for low: quartered.
    assert omaha.showdown_hilo(["Ac 4c Kh Ks", "Ad 4d 9h Ts"], "2c 3d 7h Kd Qs") == [F(3, 4), F(1, 4)]


def test_odd_chip_goes_to_the_high_half():
    """[D] pot=5, high to player 1, low to player 0: the odd chip is the high's."""
    board = "2c 3d 7h Ks Kd"
    holes = ["Ac 4c 9s 9h", "Kh Qc Jc Jd"]
    assert omaha.showdown_hilo(holes, board) == [F(1, 2), F(1, 2)]
    assert omaha.showdown_hilo(holes, board, pot=5) == [2, 3]
    assert omaha.showdown_hilo(holes, board, pot=4) == [2, 2]


def test_odd_chips_of_a_split_half_go_in_seat_order():
    """[P] P0 alone for high, P0 and P1 tie for low: pot 7 = high 4 + low 3, the
    low's odd chip to whichever of them sits first (the lower index)."""
    assert omaha.showdown_hilo([P1, P0], BOARD, pot=7) == [2, 5]
    assert omaha.showdown_hilo([P0, P1], BOARD, pot=7) == [6, 1]
    assert sum(omaha.showdown_hilo([P0, P1, P2], BOARD, pot=1001)) == 1001


def test_showdown_high_and_bad_showdowns():
    assert omaha.showdown([P0, P1, P2], BOARD) == [0]
    assert omaha.showdown(["Ac 5c 9h 9d", "Ad 5d Th Ts"], "2c 3d 4h Kd Qs") == [0, 1]
    with pytest.raises(DuplicateCardError, match="card Ac of player 1 is also in player 0's hole"):
        omaha.showdown_hilo([P0, "Ac 5d Th Ts"], BOARD)
    with pytest.raises(DuplicateCardError, match="card Kd of player 0 is also on the board"):
        omaha.showdown(["Kd 5d Th Ts"], BOARD)
    with pytest.raises(HandSizeError, match="player 1: an Omaha hole has 4, 5 or 6 cards, got 2"):
        omaha.showdown_hilo([P0, "As Ah"], BOARD)
    with pytest.raises(HandSizeError, match="board: an Omaha board has 5 cards"):
        omaha.showdown([P0], "2c 3d 7h")
    with pytest.raises(OptionError, match="pot must be an int"):
        omaha.showdown_hilo([P0], BOARD, pot=2.5)
    with pytest.raises(TypeError):
        omaha.showdown_hilo(P0, BOARD)


@pytest.mark.parametrize("n_hole", (4, 5))
def test_random_showdowns_match_the_reference(n_hole):
    import random

    rng = random.Random(n_hole)
    low_heavy = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5, 6, 10, 11)]
    for _ in range(40):
        players = rng.choice([2, 3, 4])
        cards = rng.sample(low_heavy, 5 + players * n_hole)
        board, holes = cards[:5], [cards[5 + i * n_hole: 5 + (i + 1) * n_hole] for i in range(players)]
        shares = omaha.showdown_hilo(holes, board)
        assert shares == ref.hilo_shares(holes, board) and sum(shares) == 1
        chips = omaha.showdown_hilo(holes, board, pot=101)
        assert sum(chips) == 101 and all(abs(c - 101 * s) < players for c, s in zip(chips, shares))


def ref_ids(text: str) -> list[int]:
    from handrank.cards import parse_cards

    return parse_cards(text)


@pytest.mark.parametrize("players", (1, 2, 3, 6))
def test_bulk_hilo_shares_equal_the_single_showdown(players):
    from handrank import cards

    n_hole = 4 if players < 6 else 5
    rows = cards.deal(300, 5 + players * n_hole, seed=players)
    boards, holes = rows[:, :5], rows[:, 5:].reshape(300, players, n_hole)
    shares, denom = omaha.showdown_hilo_many(holes, boards)
    assert shares.shape == (300, players) and (shares.sum(axis=1) == denom).all()
    for i in range(0, 300, 7):
        want = omaha.showdown_hilo(holes[i].tolist(), boards[i].tolist())
        assert [F(int(s), denom) for s in shares[i]] == want
    assert np.array_equal(omaha.showdown_hilo_many(holes.astype(np.int64), boards, threads=2)[0],
                          shares)


def test_bulk_hilo_bad_deals_name_the_row():
    holes = np.array([[[0, 1, 2, 3], [4, 5, 6, 7]], [[8, 9, 10, 11], [12, 13, 14, 51]]])
    boards = np.array([[20, 21, 22, 23, 24], [25, 26, 27, 28, 51]])
    with pytest.raises(DuplicateCardError, match=r"row 1: duplicate card As \(board column 4 and player 1 hole column 3\)"):
        omaha.showdown_hilo_many(holes, boards)
    boards[1, 4] = 52
    with pytest.raises(HandrankError, match="row 1, column 4: card id 52"):
        omaha.showdown_hilo_many(holes, boards)
    with pytest.raises(HandSizeError, match="4, 5 or 6 hole cards"):
        omaha.showdown_hilo_many(holes[:, :, :2], boards)
    with pytest.raises(HandrankError, match="holes must be"):
        omaha.showdown_hilo_many(holes[0], boards)


def test_review_fixes_order_mixed_sizes_and_duplicate_places():
    import numpy as np
    import pytest

    from handrank import omaha
    from handrank.errors import ArrayShapeError, DuplicateCardError, HandSizeError

    board = "2c 3d 7h Ks Kd"
    with pytest.raises(HandSizeError, match=r"order is \(holes, board\)"):
        omaha.showdown(board, ["Ac 4c Kh Qc", "Ad 4d 9s 9h"])
    with pytest.raises(HandSizeError, match=r"order is \(holes, board\)"):
        omaha.showdown_hilo(board.split(), "Ac 4c Kh Qc 9c 9d")
    with pytest.raises(HandSizeError, match="player 1: 5 hole cards, but player 0 has 4"):
        omaha.showdown_hilo(["Ac 4c Kh Qc", "Ad 4d 9s 9h 8c"], board)
    with pytest.raises(HandSizeError, match="player 1: 5 hole cards"):
        omaha.showdown(["Ac 4c Kh Qc", "Ad 4d 9s 9h 8c"], board)
    holes = np.array([[[0, 1, 2, 3], [4, 5, 6, 7]]])
    with pytest.raises(DuplicateCardError, match="board column 0 and player 1 hole column 2"):
        omaha.showdown_hilo_many(holes, np.array([[6, 20, 21, 22, 23]]))
    with pytest.raises(HandSizeError, match="got 4 hole cards per player and 4 board cards"):
        omaha.showdown_hilo_many(holes, np.array([[20, 21, 22, 23]]))
    with pytest.raises(ArrayShapeError, match="look swapped"):
        omaha.showdown_hilo_many(np.array([[20, 21, 22, 23, 24]]), holes)
    with pytest.raises(HandSizeError, match="Hold'em hand"):
        omaha.evaluate_many(["As Ks"], [board])
