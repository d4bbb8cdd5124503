"""Planning: exact enumeration or Monte Carlo. Exact enumeration lists the compatible
combinations of the players' combos and groups them into classes equal up to a renaming
of suits (one per class is enumerated)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import OptionError, RangeSyntaxError
from . import _kernel as _equity
from .inputs import Deal, Method
from .ranges import Range

#: ``method="auto"`` enumerates exactly when it takes at most this many hand evaluations
#: (hole-card combinations enumerated -- one per class of combinations equal up to a
#: renaming of suits -- x remaining boards x players), else samples.
MAX_EXACT_EVALS = 300_000_000
# Largest pairwise product considered while listing compatible hole-card combinations.
_PAIR_LIMIT = 5_000_000


def _compatible(ranges: Sequence[Range], limit: int) -> tuple[np.ndarray, np.ndarray] | None:
    """All compatible hole-card combinations as ((A, n) int32 combo indices, (A,)
    weights), or None when listing them would pass ``limit`` pairs at some step. One
    player at a time in C (``compatible_step``: the pairs that share no card, in
    ``numpy.nonzero`` order)."""
    idx = np.zeros((1, 0), dtype=np.int32)
    masks = np.zeros(1, dtype=np.uint64)
    w = np.ones(1)
    for p, r in enumerate(ranges):
        if len(w) * len(r) > limit:
            return None
        idx, masks, w = _equity.compatible_step(idx, masks, w, r.masks(),
                                                np.ascontiguousarray(r.weights, dtype=float),
                                                p == len(ranges) - 1)
    return idx, w


@dataclass(frozen=True)
class ExactPlan:
    """What exact enumeration walks: ``holes`` ``(A, 2n)`` uint8 hole cards of every
    compatible combination, ``weights`` ``(A,)`` their products of combo weights,
    ``reps`` one combination per suit class, ``inverse`` ``(A,)`` each
    combination's class and ``idx`` ``(A, n)`` each player's combo (an index in
    their range) in each combination (per-combo results, ``combos.ExactCombos``;
    :func:`plan` always sets it)."""

    holes: np.ndarray
    weights: np.ndarray
    reps: np.ndarray
    inverse: np.ndarray
    idx: np.ndarray | None = None


def plan(deal: Deal, method: Method, monte_carlo: bool) -> ExactPlan | None:
    """The exact plan, or None for Monte Carlo.

    ``"auto"`` (without ``monte_carlo``) is exact when the enumeration takes at most
    :data:`MAX_EXACT_EVALS` hand evaluations. Raises RangeSyntaxError when every
    combination of the ranges shares a card, OptionError for ``"exact"`` when the
    combinations are too many to list."""
    if all(len(r) == 1 for r in deal.ranges) and \
            sum(int(r.masks()[0]) for r in deal.ranges).bit_count() == 2 * deal.players:
        # one combo each, no card shared (a sum of disjoint masks has 2n bits): one combination
        if monte_carlo or (method != "exact" and
                           math.comb(deal.left, deal.to_deal) * deal.players > MAX_EXACT_EVALS):
            return None
        one = np.zeros(1, dtype=np.intp)
        first = np.zeros((1, deal.players), dtype=np.intp)
        holes = np.concatenate([r.combos for r in deal.ranges], axis=1)  # (1, 2n) uint8
        return ExactPlan(holes,
                         np.array([math.prod(float(r.weights[0]) for r in deal.ranges)]),
                         one, one, first)
    listing = _compatible(deal.ranges, _PAIR_LIMIT)
    if listing is not None and len(listing[0]) == 0:
        raise RangeSyntaxError("the players' ranges can never be dealt together: every "
                               "combination shares a card")
    if method == "exact" and listing is None:
        raise OptionError("exact enumeration is too large to list every combination of the "
                          "players' ranges; use method='monte-carlo'")
    if monte_carlo or listing is None:
        return None
    idx, weights = listing
    evals_each = math.comb(deal.left, deal.to_deal) * deal.players
    if method != "exact" and len(idx) * evals_each > MAX_EXACT_EVALS * 24:
        return None  # even 24 combinations per class (every suit renaming) would be too many
    holes = _holes(deal.ranges, idx)
    reps, inverse = _suit_classes(holes, deal.board, deal.dead_mask)
    if method != "exact" and len(reps) * evals_each > MAX_EXACT_EVALS:
        return None
    return ExactPlan(holes, weights, reps, inverse, idx)


def _holes(ranges: Sequence[Range], idx: np.ndarray) -> np.ndarray:
    """(A, 2n) uint8 hole cards of the combinations ``idx`` ((A, n) combo indices;
    C kernel ``gather_holes``)."""
    return _equity.gather_holes(np.ascontiguousarray(idx, dtype=np.int32),
                                [np.ascontiguousarray(r.combos, dtype=np.uint8) for r in ranges])


def renamings(board: np.ndarray, dead_mask: int) -> int:
    """The number of suit permutations (identity included) that map the board and
    the dead cards onto themselves (C kernel ``class_keys`` on no combinations)."""
    return int(_equity.class_keys(np.zeros((0, 2), dtype=np.uint8), board, dead_mask)[1])


def _suit_classes(holes: np.ndarray, board: np.ndarray, dead_mask: int
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Group hole-card combinations that are the same deal up to a renaming of suits.

    A permutation of the four suits that maps the board onto itself and the dead
    cards onto themselves changes no showdown, so every combination it links has
    the same counts: only one per class is enumerated. Each combination's class key
    (its smallest renaming, packed) comes from the C kernel ``class_keys``
    (``equity/enumeration.h``). Returns (index of one member per class, class of each
    combination), classes in increasing key order. Up to 5 players (the packed key
    needs 12 bits per player); beyond that every combination is its own class."""
    A, k = holes.shape
    # the renamings that fix the known cards first (no combinations: no work), so
    # that a board that allows none costs no keys; then every combination its own
    # class (one read-only index array serves as both answers)
    if k > 10 or A < 2 or renamings(board, dead_mask) == 1:
        ident = np.arange(A)
        ident.flags.writeable = False
        return ident, ident
    keys, _ = _equity.class_keys(holes, board, dead_mask)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)
