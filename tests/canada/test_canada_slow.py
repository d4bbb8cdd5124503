"""Broken Canada, slow checks (``pytest -m slow``): larger differential runs of the
fast kernel against the pure-Python reference, and a larger sampled reference run
against the exact odds table, and the rank tables over their whole space (sampled)."""

import math

import numpy as np
import pytest

from handrank import canada
from handrank.canada import Category
from handrank.canada import reference as ref

pytestmark = pytest.mark.slow


def _deals(n, decks, seed):
    rng = np.random.default_rng(seed)
    pool = np.tile(np.arange(52, dtype=np.uint8), decks)
    return np.array([rng.choice(pool, 6, replace=False) for _ in range(n)], dtype=np.uint8)


@pytest.mark.parametrize("decks, n", [(1, 7_000), (2, 5_000), (3, 2_500)])
def test_large_differential_against_reference(decks, n):
    hands = _deals(n, decks, 1000 + decks)
    fast = canada.evaluate_many(hands, decks=decks)
    rows = np.array([ref.category_row(h[:4], h[4:]) for h in hands.tolist()])
    assert (35 - (fast >> 15) == rows).all()
    keys = [ref.lower_card_key(h[:4], h[4:]) for h in hands.tolist()]
    for i in range(0, n - 1, 3):  # comparisons between neighbours
        want = ref.compare((hands[i, :4].tolist(), hands[i, 4:].tolist()),
                           (hands[i + 1, :4].tolist(), hands[i + 1, 4:].tolist()))
        got = int(fast[i] > fast[i + 1]) - int(fast[i] < fast[i + 1])
        assert got == want, (hands[i].tolist(), hands[i + 1].tolist(), keys[i], keys[i + 1])


def test_exact_odds_against_a_large_sampled_reference_run():
    """Chi-square of 6,000 reference-evaluated deals against the exact table."""
    counts = canada.exact_odds(threads=0)
    p = counts / counts.sum()
    n = 6_000
    hands = _deals(n, 1, 77)
    rows = np.array([ref.category_row(h[:4], h[4:]) for h in hands.tolist()])
    observed = np.array([np.sum(rows == c.row) for c in Category])
    expected = p * n
    common = expected >= 5
    rare_obs, rare_exp = observed[~common].sum(), expected[~common].sum()
    obs = np.append(observed[common], rare_obs)
    exp = np.append(expected[common], rare_exp)
    chi2 = float(((obs - exp) ** 2 / exp).sum())
    dof = len(obs) - 1
    # 99.99th percentile of chi-square, Wilson-Hilferty approximation
    z = 3.719
    limit = dof * (1 - 2 / (9 * dof) + z * math.sqrt(2 / (9 * dof))) ** 3
    assert chi2 < limit, (chi2, limit)


def test_rank_tables_against_reference_over_the_whole_rank_space():
    """The rank tables (every 4-card set rank multiset x 2-card pit rank multiset,
    165,620 pairs) against the reference: each of the 1,820 set multisets meets
    every 8th pit multiset, staggered by set so that all 91 pit multisets are
    used (about 20,700 pairs, an eighth of the space), with suits that make no
    suit or colour row, so the rank-only category and the lower-card key are
    what is compared. (The full space was checked the same way in review, 0
    differences; it takes a few minutes.)"""
    from itertools import combinations_with_replacement as cwr

    suits = [0, 1, 2, 3, 0, 1]  # at most two of a suit, three red: no flush, no river
    pits = list(cwr(range(13), 2))
    hands = []
    for k, s in enumerate(cwr(range(13), 4)):
        for p in pits[k % 8::8]:
            r = list(s) + list(p)
            hands.append([4 * r[i] + suits[i] for i in range(6)])
    arr = np.array(hands, dtype=np.uint8)
    fast = canada.evaluate_many(arr, decks=6)
    assert len(hands) > 20_000
    for h, st in zip(hands, fast.tolist()):
        row = ref.category_row(h[:4], h[4:])
        assert 35 - (st >> 15) == row, h
        if row != 4:
            key = tuple(r - 2 for r in ref.lower_card_key(h[:4], h[4:]))
            assert canada.lower_cards(st) == key, h
