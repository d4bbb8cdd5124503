"""What the fuzz tier (tests/fuzz) found, each kept as a quick test: bad input to a
public call is a library error (or a TypeError), never a raw ValueError from numpy,
an AttributeError or an IndexError."""

import numpy as np
import pytest

from handrank import canada, cards, chinese, crash
from handrank.errors import ArrayShapeError


@pytest.mark.parametrize("ragged", [[[], [0]], [[1, 2], [3]], [0, [1, 2]]])
def test_ragged_strengths_are_a_shape_error(ragged):
    # np.asarray of a ragged list raised numpy's own ValueError
    with pytest.raises(ArrayShapeError, match="strengths"):
        canada.categories(ragged)


@pytest.mark.parametrize("ragged", [[[], [0]], [[1, 2], [3]]])
def test_ragged_rows_with_repeats_is_a_shape_error(ragged):
    with pytest.raises(ArrayShapeError, match="rectangular"):
        cards.rows_with_repeats(ragged)


@pytest.mark.parametrize("view", [5, None, "view", (0, 4)])
def test_crash_default_exchange_wants_a_view(view):
    # it read view.holding: AttributeError
    with pytest.raises(TypeError, match="View"):
        crash.default_exchange(view)


@pytest.mark.parametrize("declare", [[[], [0]], [[0, 1], [1]]])
def test_chinese_score_many_ragged_declare_is_a_shape_error(declare):
    settings = np.array([[cards.parse_cards("2s3s4s5c5d6c6d7c8c8d8s9c9d"),
                          cards.parse_cards("AhKhQd2d2h3d3h4dTdJdJsQsKs")]])
    with pytest.raises(ArrayShapeError, match="declare"):
        chinese.score_many(settings, declare)


@pytest.mark.parametrize("combos,weights", [([[0, 1], [2]], None), ([[0, 1], [2, 3]], [[1], []])])
def test_equity_range_ragged_is_a_range_error(combos, weights):
    from handrank.equity import Range
    from handrank.errors import RangeSyntaxError
    with pytest.raises(RangeSyntaxError):
        Range(combos, weights)


@pytest.mark.parametrize("answer", [np.array(2.0), np.int64(3), np.array([1, 2, 3])])
def test_chinese_set_hand_answer_a_0d_array_names_the_player(answer):
    # a 0-d numpy array passed the Sequence/ndarray check and len() raised TypeError
    from handrank.errors import SettingError

    class Odd:
        name = "odd"

        def set_hand(self, view):
            return answer

        def declare(self, view):
            return False

    with pytest.raises(SettingError, match="player 0"):
        chinese.Game([Odd(), "greedy"], seed=1, max_rounds=1).play()


@pytest.mark.parametrize("events", [" ", [()], [("deal",)], [("show", 0)], [5], [("bogus", 0)]])
def test_canada_log_lines_names_a_bad_event(events):
    # log_lines(" ") indexed the string: IndexError
    from handrank.canada.engine import log_lines
    from handrank.errors import HandrankError
    with pytest.raises(HandrankError, match="event 0"):
        log_lines(events)


def test_canada_log_lines_still_reads_a_game():
    from handrank.canada.engine import log_lines
    result = canada.Game(3, seed=4).play()
    assert log_lines(result.events) == result.log


@pytest.mark.parametrize("low", [np.array([], np.int8), "1", None, 1.5])
def test_engine_check_rounds_checks_low(low):
    # an empty array as low: numpy's "truth value ... ambiguous" ValueError
    from handrank import engine
    from handrank.errors import OptionError
    with pytest.raises(OptionError, match="low"):
        engine.check_rounds(5, low)


@pytest.mark.parametrize("points_a,points_b,rounds,match", [
    ("", [1.0], 2, "points_a"),             # numpy's "could not convert string to float"
    ([1.0], [[1.0], [2]], 2, "points_b"),   # ragged
    ([1.0, 2.0], [1.0], 2, "one shape"),    # broadcast error
    ([1.0], [1.0], "", "rounds"),           # int(""): ValueError
])
def test_engine_head_to_head_result_bad_points(points_a, points_b, rounds, match):
    from handrank import engine
    from handrank.errors import HandrankError
    with pytest.raises(HandrankError, match=match):
        engine.head_to_head_result("crash", "a", "b", points_a, points_b, rounds, 1)


def test_engine_head_to_head_result_still_builds():
    from handrank import engine
    r = engine.head_to_head_result("crash", "a", "b", [1, 2], np.array([0.5, 1.5]), 4, 7)
    assert (r.rounds, r.margin, r.seed) == (4, 0.5, 7)


@pytest.mark.parametrize("call,error", [
    (lambda g: g.view(0, "switch", 2), "deal"),        # before deal(): the kernel's "need 6 ids"
    (lambda g: g.view(3, "switch", 2), "seat"),        # IndexError
    (lambda g: g.view(-1, "switch", 2), "seat"),       # the last seat, silently
    (lambda g: g.betting(5), "betting round"),         # IndexError
    (lambda g: g.betting(0), "betting round"),         # BETTING_PHASES[-1], silently
])
def test_canada_game_steps_check_their_arguments(call, error):
    from handrank.errors import HandrankError
    with pytest.raises(HandrankError, match=error):
        call(canada.Game(3, seed=1))


def test_canada_game_view_after_the_deal():
    g = canada.Game(3, seed=1)
    g.deal()
    assert g.view(2, "switch", 3).player == 2


@pytest.mark.parametrize("mask", [-1, 2**64, float("nan"), float("inf"), 1.5, "3", 1 << 52,
                                  bytearray(b"As"), [[], [0]]])
def test_equity_range_without_checks_the_mask(mask):
    from handrank.equity import parse_range
    from handrank.errors import HandrankError
    with pytest.raises((HandrankError, TypeError)):
        parse_range("QQ+").without(mask)


@pytest.mark.parametrize("size,most", [(np.array([], np.int8), 2), (4, np.array([], np.int8)),
                                       ("4", 2), (4, None)])
def test_engine_check_positions_checks_size_and_most(size, most):
    # an empty array as size or most: numpy's "truth value ... ambiguous" ValueError
    from handrank import engine
    from handrank.errors import OptionError
    with pytest.raises(OptionError, match="size|most"):
        engine.check_positions([0, 1], 0, "switch", size, most)


@pytest.mark.parametrize("start", [-1, -(2**63)])
def test_canada_equity_kernel_refuses_a_negative_start(start):
    # start = -2**63 with stop = 60 ran 2**63 samples (the fuzz tier's hang watchdog fired)
    from handrank.canada import _kernel as K
    hero = np.array([0, 4, 8, 12, 16, 20], dtype=np.uint8)
    stock = np.arange(24, 52, dtype=np.uint8)
    split = np.zeros(8, dtype=np.int64)
    with pytest.raises(ValueError, match="start"):
        K.equity_kernel(hero, stock, 2, 1, start, 60, split)
    assert not split.any()


@pytest.mark.parametrize("dtype", [np.uint8, np.int16])
def test_chinese_evaluate_many_bad_id_in_fronts_names_the_column(dtype):
    # uint8 fronts went to the kernel unchecked: a bare ValueError naming no column
    from handrank.errors import CardRangeError
    with pytest.raises(CardRangeError, match="row 1, column 2") as e:
        chinese.evaluate_many(np.array([[0, 1, 2], [0, 1, 60]], dtype))
    assert e.value.row == 1 and e.value.column == 2
