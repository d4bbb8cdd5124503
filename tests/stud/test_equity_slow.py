"""Slower stud equity checks (``-m slow``): many more random small deals against the
pure-Python reference, for each pot rule, with and without low cards."""

from __future__ import annotations

import pytest

from tests.stud.test_equity import assert_matches_reference, small_cases

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("game", ["high", "hilo", "razz"])
@pytest.mark.parametrize("low_cards", [False, True])
def test_many_small_deals_match_the_reference(game, low_cards):
    for hands, dead in small_cases(100 + low_cards, 40, low_cards=low_cards):
        assert_matches_reference(hands, dead, game)
