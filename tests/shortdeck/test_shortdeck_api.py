"""handrank.shortdeck's public surface after the fresh-user review: option scales
that refuse to mix, masks in evaluate_many, compare and showdown.
Rules: docs/rules/shortdeck.md."""

import numpy as np
import pytest

from handrank import poker
from handrank import shortdeck as sd
from handrank.cards import parse_cards, to_mask
from handrank.errors import CardRangeError, DuplicateCardError, HandSizeError


def test_values_of_the_two_options_refuse_to_be_ordered():
    trips = sd.evaluate("6s 6d 6h 7c 8d")
    broadway = sd.evaluate("Ts Jd Qh Kc Ad", straight_beats_trips=True)
    assert (trips.game, broadway.game) == ("shortdeck", "shortdeck-sbt")
    with pytest.raises(TypeError, match="shortdeck-sbt"):
        trips < broadway  # noqa: B015 - the comparison is what raises
    assert trips != broadway
    # Same option: ordered as the strengths.
    assert sd.evaluate("Ts Jd Qh Kc Ad") < trips
    assert broadway > sd.evaluate("6s 6d 6h 7c 8d", straight_beats_trips=True)


def test_categories_of_two_games_compare_by_name():
    assert sd.Category.FLUSH == poker.Category.FULL_HOUSE  # IntEnum values: documented
    assert sd.Category.FLUSH.name != poker.Category.FULL_HOUSE.name
    assert "by ``.name``" in sd.Category.__doc__


def test_evaluate_many_reads_uint64_masks_as_poker_does():
    hands = ["7c 7d 7h 8c 9d Tc Js", "Ah Ad As Kh 7h 8h Th"]
    masks = np.array([to_mask(h) for h in hands], dtype=np.uint64)
    ids = np.array([parse_cards(h) for h in hands], dtype=np.uint8)
    for sbt in (False, True):
        assert sd.evaluate_many(masks, straight_beats_trips=sbt).tolist() == \
            sd.evaluate_many(ids, straight_beats_trips=sbt).tolist()
    assert sd.evaluate_many(masks[:0]).shape == (0,)
    with pytest.raises(CardRangeError, match="row 1"):
        sd.evaluate_many(np.array([masks[0], to_mask("2c 7d 7h 8c 9d Tc Js")], dtype=np.uint64))
    with pytest.raises(HandSizeError, match="row 1"):  # 7 cards, then 5: not one (N, k) array
        sd.evaluate_many(np.array([masks[0], to_mask("6c 7d 7h 8c 9d")], dtype=np.uint64))
    with pytest.raises(HandSizeError, match="row 0"):
        sd.evaluate_many(np.array([to_mask("6c 7d 7h 8c")], dtype=np.uint64))
    with pytest.raises(CardRangeError, match="row 0"):
        sd.evaluate_many(np.array([masks[0] | (1 << 60)], dtype=np.uint64))


def test_compare_and_showdown_follow_the_option():
    trips, straight = "7c 7d 7h 8c 9d Tc Js", "Qh Kd 7s 8s 9h Tc Js"
    assert sd.compare(trips, straight) == 1
    assert sd.compare(trips, straight, straight_beats_trips=True) == -1
    assert sd.compare("6h 7h 8h 9h Jh", "As Ad Ah Ks Kd") == 1  # flush beats full house
    assert sd.compare("As Ks Qs Js Ts", "Ah Kh Qh Jh Th") == 0
    board = "7c 8d 9s Tc Jd"
    assert sd.showdown(board, ["7d 7h", "Qs Kh"]) == [0]  # trips beat the king-high straight
    assert sd.showdown(board, ["7d 7h", "Qs Kh"], straight_beats_trips=True) == [1]
    assert sd.showdown("7c 7d 8c 9d Tc", ["7h Js", "Ks Kh"]) == [0]
    assert sd.showdown("7c 7d 8c 9d Tc", ["7h Js", "Ks Kh"], straight_beats_trips=True) == [0]
    assert sd.showdown("7c 7d 8c 9d Tc", ["6h Js", "Jh 6s"], straight_beats_trips=True) == [0, 1]
    with pytest.raises(DuplicateCardError, match="player 1"):
        sd.showdown(board, ["7d 7h", "7d Kh"])
    with pytest.raises(CardRangeError, match="player 1"):
        sd.showdown(board, ["7h Ah", "5d Kh"])
    with pytest.raises(HandSizeError, match="player 0: board \\+ hole cards make 8"):
        sd.showdown(board, ["7h Ah Ad"])
