#!/usr/bin/env python3
"""Generate ``src/handrank/equity/_preflop.py``: the preflop ordering of the 169 classes.

Each starting-hand class (``AA``, ``AKs``, ``AKo``, ...) is scored by its exact all-in
equity against one random hand: every hole-card combo of the class, every opponent
combo from the other 50 cards and every five-card board from the 48 left, all equally
likely (2,097,572,400 deals per combo), hands ranked by ``docs/rules/poker.md`` with
handrank's own evaluator. The ordering (best first) is what ``15%``, ``top 20%`` and
``5%-15%`` ranges read (see ``handrank.equity.ranges``). Usage::

    python tools/gen_preflop_order.py           # (re)write the module (~2-4 minutes)
    python tools/gen_preflop_order.py --check   # regenerate and compare: exit 1 if stale

Method (exact, integer counts). For each five-card board, the strengths of all 1,081
hole pairs from the 47 other cards are computed once; a pair ``h`` beats the pairs
with a lower strength that share no card with it, which inclusion-exclusion counts
from three sorted lists (all pairs, the pairs holding ``h``'s first card, those
holding its second). Boards that differ only by a permutation of the suits give the
same counts per class (a class is closed under suit permutations), so only the
134,459 suit-canonical boards are evaluated, each weighted by its number of suit
images. A class's score is ``2 * wins + ties`` summed over its deals; its equity
is ``score / (2 * deals)``. ``tests/equity/test_ranges_slow.py`` checks classes
against ``handrank.equity.equity([combo, "random"], method="exact")``.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _emit  # noqa: E402

TOOL = "gen_preflop_order.py"
OUT = _emit.SRC / "equity" / "_preflop.py"
#: Deals per hole-card combo: C(50, 2) opponent combos x C(48, 5) boards.
DEALS_PER_COMBO = 1225 * 1_712_304
BATCH = 1024
BIG = 1 << 14  # above every strength (1..7462): keeps batched sorted rows apart


def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """The suit-canonical five-card boards as ``(n, 5)`` uint8 ids and their counts."""
    boards = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    ranks, suits = boards // 4, boards % 4
    best = None
    for perm in itertools.permutations(range(4)):
        ids = 4 * ranks + np.array(perm)[suits]
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids.astype(np.uint64)), axis=1)
        best = masks if best is None else np.minimum(best, masks)
    uniq, first, counts = np.unique(best, return_index=True, return_counts=True)
    del uniq
    return boards[first].astype(np.uint8), counts.astype(np.int64)


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    from handrank.equity.ranges import all_combos, class_index
    pairs = all_combos().astype(np.int64)  # (1326, 2), higher id first
    one = np.uint64(1)
    pmask = (one << pairs[:, 0].astype(np.uint64)) | (one << pairs[:, 1].astype(np.uint64))
    pidx = np.full((52, 52), len(pairs), dtype=np.int64)  # the diagonal: no pair
    pidx[pairs[:, 0], pairs[:, 1]] = np.arange(len(pairs))
    pidx[pairs[:, 1], pairs[:, 0]] = np.arange(len(pairs))
    return pairs, pmask, pidx, class_index(pairs)


def batch_scores(boards: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """``(169,)`` float64 (exact integers) of ``2 * wins + ties`` over these boards."""
    from handrank.poker import evaluate_many
    pairs, pmask, pidx, cls = _tables()
    b = len(boards)
    one = np.uint64(1)
    bmask = np.bitwise_or.reduce(one << boards.astype(np.uint64), axis=1)
    valid = (pmask[None, :] & bmask[:, None]) == 0  # (b, 1326): 1,081 per board
    bi, pi = np.nonzero(valid)
    rows = np.concatenate([boards[bi], pairs[pi].astype(np.uint8)], axis=1)
    strength = np.full((b, len(pairs) + 1), -1, dtype=np.int64)
    strength[bi, pi] = evaluate_many(rows)
    invalid_all, invalid_row = len(pairs) - 1081, 6  # -1 entries: sorted first
    # every pair of the board
    s = strength[:, :-1]
    off = (np.arange(b) * BIG)[:, None]
    flat = np.sort(s + off, axis=1).ravel()
    q = strength[bi, pi] + bi * BIG
    base = bi * len(pairs) + invalid_all
    less_all = np.searchsorted(flat, q, "left") - base
    leq_all = np.searchsorted(flat, q, "right") - base
    # the pairs holding one given card: row a of the 52 x 52 matrix
    m = strength[:, pidx]  # (b, 52, 52)
    roff = (np.arange(b * 52) * BIG).reshape(b, 52, 1)
    mflat = np.sort(m + roff, axis=2).ravel()
    out = []
    for card in (pairs[pi, 0], pairs[pi, 1]):
        row = bi * 52 + card
        qq = strength[bi, pi] + row * BIG
        rb = row * 52 + invalid_row
        out.append((np.searchsorted(mflat, qq, "left") - rb,
                    np.searchsorted(mflat, qq, "right") - rb))
    (less_a, leq_a), (less_c, leq_c) = out
    beaten = less_all - less_a - less_c
    ties = (leq_all - less_all) - (leq_a - less_a) - (leq_c - less_c) + 1
    points = (2 * beaten + ties) * counts[bi]
    return np.bincount(cls[pi], weights=points, minlength=169)


def scores(threads: int = 2) -> np.ndarray:
    """``(169,)`` int64: each class's ``2 * wins + ties`` over all its deals."""
    boards, counts = canonical_boards()
    spans = [(i, min(i + BATCH, len(boards))) for i in range(0, len(boards), BATCH)]
    total = np.zeros(169)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        for part in pool.map(lambda s: batch_scores(boards[s[0]:s[1]], counts[s[0]:s[1]]),
                             spans):
            total += part
    return np.rint(total).astype(np.int64)


def render(args: argparse.Namespace) -> str:
    from handrank.equity.ranges import CLASS_SIZES, CLASSES
    sc = scores(args.threads)
    order = sorted(range(169), key=lambda i: (-sc[i] / CLASS_SIZES[i], i))
    lines = [f'"""{_emit.banner(TOOL)}',
             "",
             "The 169 starting-hand classes, best first, by exact all-in equity against one",
             "random hand (method in the generator's docstring). ``SCORES[c]`` is",
             "``2 * wins + ties`` over the class's ``CLASS_SIZES * DEALS_PER_COMBO`` deals.",
             '"""',
             "",
             f"DEALS_PER_COMBO = {DEALS_PER_COMBO}",
             "",
             "#: (class, score), best first; ties keep the grid order.",
             "SCORES = ("]
    lines += [f'    ("{CLASSES[i]}", {sc[i]}),' for i in order]
    lines += [")", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    def options(ap: argparse.ArgumentParser) -> None:
        ap.add_argument("--threads", type=int, default=2, help="worker threads (default 2)")
    return _emit.main(render, OUT, TOOL, "the preflop ordering of the 169 classes", argv,
                      options)


if __name__ == "__main__":
    sys.exit(main())
