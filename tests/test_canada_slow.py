"""Broken Canada, slow checks (``pytest -m slow``): larger differential runs of the
fast kernel against the pure-Python reference, and a larger sampled reference run
against the exact odds table. About 20 seconds on one core."""

import math

import numpy as np
import pytest

from handrank import canada
from handrank.canada import Category
from handrank.reference import canada as ref

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
