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
