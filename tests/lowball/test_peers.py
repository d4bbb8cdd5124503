"""handrank.lowball orders hands as pokerkit does (an independent implementation):
every deuce-to-seven and ace-to-five class, and seeded random razz and badugi hands.
pokerkit is in the ``test`` extra; without it these tests skip."""

import numpy as np
import pytest

from handrank import lowball
from handrank.cards import format_cards
from handrank.lowball import reference as ref

pk = pytest.importorskip("pokerkit")


def _agree(strengths, peer_keys):
    """Our strengths and the peer's keys (higher = better) order the hands alike:
    equal strength <=> equal key, and the keys rise with the strengths."""
    by_strength = {}
    for s, k in zip(strengths, peer_keys):
        assert by_strength.setdefault(s, k) == k, f"strength {s}: keys {by_strength[s]} and {k}"
    keys = [by_strength[s] for s in sorted(by_strength)]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    return len(by_strength)


def _text(ids):
    return format_cards(list(ids), sep="")


def test_every_deuce_to_seven_and_ace_to_five_class_orders_as_pokerkit():
    hands = np.array([ref.sample_hand(r, f) for r, f in ref.five_card_classes()], dtype=np.uint8)
    ours = lowball.deuce_to_seven.evaluate_many(hands).tolist()
    theirs = [-pk.StandardLowHand(_text(h)).entry.index for h in hands.tolist()]
    assert _agree(ours, theirs) == 7462
    ours = lowball.ace_to_five.evaluate_many(hands).tolist()
    theirs = [-pk.RegularLowHand(_text(h)).entry.index for h in hands.tolist()]
    assert _agree(ours, theirs) == 6175


@pytest.mark.parametrize("game, cls, k", [(lowball.ace_to_five, "RegularLowHand", 7),
                                          (lowball.ace_to_five, "RegularLowHand", 6),
                                          (lowball.badugi, "BadugiHand", 4)])
def test_random_razz_and_badugi_hands_order_as_pokerkit(game, cls, k):
    rng = np.random.default_rng(2026 + k)
    hands = np.array([rng.choice(52, k, replace=False) for _ in range(600)], dtype=np.uint8)
    ours = game.evaluate_many(hands).tolist()
    theirs = [-getattr(pk, cls).from_game(_text(h)).entry.index for h in hands.tolist()]
    assert _agree(ours, theirs) > 100
