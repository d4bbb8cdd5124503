"""handrank.lowball's public surface after the fresh-user review: the constants'
names, masks in evaluate_many, compare and showdown. Rules: docs/rules/lowball.md."""

import numpy as np
import pytest

from handrank import lowball, shortdeck
from handrank.cards import parse_cards, to_mask
from handrank.errors import DuplicateCardError, HandSizeError

GAMES = {"7s 5d 4h 3c 2s": lowball.deuce_to_seven, "Ks Qd 4h 3c 2s Ac 5d": lowball.ace_to_five,
         "As 2d 3h 4c": lowball.badugi}


def test_constants_are_named_as_the_other_games():
    for best, game in GAMES.items():  # each key is its game's best hand
        assert game.MIN_STRENGTH == 1 and len(parse_cards(best)) in game.HAND_SIZES
        assert game.MAX_STRENGTH == game.strength(best)
        assert not hasattr(game, "max_strength")
    assert (lowball.deuce_to_seven.MAX_STRENGTH, shortdeck.MAX_STRENGTH) == (7462, 1404)


def test_evaluate_many_reads_uint64_masks():
    for hand, game in GAMES.items():
        other = hand.replace("2s", "8s").replace("4c", "Kc")
        rows = [parse_cards(hand), parse_cards(other)]
        masks = np.array([to_mask(r) for r in rows], dtype=np.uint64)
        assert game.evaluate_many(masks).tolist() == \
            game.evaluate_many(np.array(rows, dtype=np.uint8)).tolist()
    with pytest.raises(HandSizeError, match="row 0"):
        lowball.badugi.evaluate_many(np.array([to_mask("As 2d 3h 4c 5s")], dtype=np.uint64))


def test_size_error_reads_as_english():
    with pytest.raises(HandSizeError, match=r"^an ace-to-five hand has 5, 6 or 7 cards, got 4$"):
        lowball.ace_to_five.strength("As 2d 3h 4c")
    with pytest.raises(HandSizeError, match=r"^a badugi hand has 4 cards, got 5$"):
        lowball.badugi.strength("As 2d 3h 4c 5s")


def test_compare_and_showdown():
    d27, a5 = lowball.deuce_to_seven, lowball.ace_to_five
    # 7-5-4-3-2 beats 8-5-4-3-2; A-2-3-4-5 is ace-high in deuce-to-seven, a wheel in razz.
    assert d27.compare("7s 5d 4h 3c 2s", "8s 5c 4d 3h 2d") == 1
    assert d27.compare("8s 5c 4d 3h 2d", "7s 5d 4h 3c 2s") == -1
    assert d27.compare("7s 5d 4h 3c 2s", "7d 5c 4s 3h 2h") == 0
    assert d27.compare("As 2d 3h 4c 5s", "Ks Qd Jh 9c 8s") == -1
    assert a5.compare("As 2d 3h 4c 5s", "6s 4d 3h 2c Ad") == 1
    assert a5.showdown(["As 2d 3h 4c 5s Ks Kd", "Ah 2c 3d 4s 5h Qc Qd", "6c 4h 3s 2h Ac 9d 9h"]) \
        == [0, 1]
    assert lowball.badugi.showdown(["Ks Qd Jh Tc", "As 2d 3h 4c", "Ad 2h 3c 3s"]) == [1]
    with pytest.raises(DuplicateCardError, match="card As of player 1 is also held by player 0"):
        a5.showdown(["As 2d 3h 4c 5s", "As 2c 3d 4s 6h"])
    with pytest.raises(HandSizeError, match="player 1: a deuce-to-seven hand has 5 cards"):
        d27.showdown(["7s 5d 4h 3c 2s", "8s 5c 4d 3h"])
    with pytest.raises(TypeError):
        d27.showdown("7s 5d 4h 3c 2s")
