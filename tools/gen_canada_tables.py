#!/usr/bin/env python3
"""Generate ``src/handrank/canada/tables.h``, the Broken Canada evaluator's lookup tables.

Run from the repository root::

    python tools/gen_canada_tables.py            # rewrite the header
    python tools/gen_canada_tables.py --check    # exit 1 if the committed header is stale

Rules: ``docs/rules/broken-canada.md``. How the tables work (kernel: ``canada/kernel.h``):

* A hand is a set (4 cards) and a pit (2 cards). Everything except the suit
  rows depends only on the *rank multiset of the set* (one of 1,820) and the
  *rank multiset of the pit* (one of 91): curves care which cards are set and
  which are pit, the rest only about the six ranks together.
* ``HR_CA_SET_INDEX[r0*2197 + r1*169 + r2*13 + r3]`` (any order of the four set
  ranks) and ``HR_CA_PIT_INDEX[p0*13 + p1]`` give those multiset numbers.
* ``HR_CA_RANK_STRENGTH[set_index * 91 + pit_index]`` is the hand's strength
  if no suit or colour row applied: ``category << 15 | lower-card value``
  (see ``handrank.canada`` for the layout). It is computed here from rank
  counts and rank bitmasks (an independent formulation from the reference's
  card subsets, which the tests compare against).
* ``HR_CA_RUN[13-bit rank mask]``: the longest flat straight in the mask (ace
  also low), used by the kernel for the straight-flush rows on the ranks of
  the suit holding four or more cards.
* The suit and colour rows (Royal Canadian, straight flushes, flushes, Royal
  Quarter-Straight, River of Blood/Oil) are decided in the kernel from suit
  counts, and override the rank-only category when they rank higher.
"""

from __future__ import annotations

import os
import sys
from itertools import combinations_with_replacement, permutations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/_emit.py, also when loaded by path
from _emit import banner, c_array, c_header, main  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = Path(ROOT, "src", "handrank", "canada", "tables.h")
TOOL = "gen_canada_tables.py"

TB_BITS = 15
ACE, KING, QUEEN, JACK, TEN, TWO = 12, 11, 10, 9, 8, 0

# Category values, weakest 0 .. strongest 34 (value = 35 - row of the rules table).
ROWS = [
    "ROYAL_CANADIAN", "BROKEN_CANADA", "CROWDED_HOUSE", "FULL_HOUSE", "FOUR_ACES",
    "ACES_IN_HAND_STRAIGHT_PAIR", "THREE_ACES", "KINGS_AND_ACES", "STRAIGHT_FLUSH_6",
    "COMPOSITE_CURVE_5", "FLUSH_6", "STRAIGHT_FLUSH_5", "FLUSH_5", "HANDED_CURVE_4",
    "FOUR_OF_A_KIND", "IN_HAND_STRAIGHT_PAIR_5", "FLAT_STRAIGHT_6", "ROYAL_QUARTER_STRAIGHT",
    "IN_AND_OUT_STRAIGHT_4", "RIVER", "IN_AND_OUT_STRAIGHT_3", "IN_HAND_STRAIGHT_PAIR_4",
    "COMPOSITE_CURVE_4", "IN_HAND_STRAIGHT_PAIR_3", "THREE_PAIR", "OUT_HAND_STRAIGHT_PAIR_4",
    "OUT_HAND_STRAIGHT_PAIR_3", "FLAT_STRAIGHT_5", "FLAT_STRAIGHT_4", "THREE_OF_A_KIND",
    "FLAT_STRAIGHT_3", "TWO_PAIR", "PAIR", "NO_HAND", "BUSTED",
]
CAT = {name: 35 - (i + 1) for i, name in enumerate(ROWS)}


def value_mask(rank_mask: int) -> int:
    """Rank bitmask (bit r = rank r, 0 = deuce) -> value bitmask (bit v = value v, 1..14)."""
    m = rank_mask << 2
    if rank_mask >> ACE & 1:
        m |= 1 << 1
    return m


def windows(n: int, step: int) -> list[int]:
    """Value bitmasks of every n-card run with the given step (1 flat, 2 curve), values 1..14."""
    out = []
    for lo in range(1, 15):
        hi = lo + step * (n - 1)
        if hi > 14:
            break
        out.append(sum(1 << (lo + step * i) for i in range(n)))
    return out


def ranks_of_window(w: int) -> list[int]:
    """Ranks (0..12) whose values lie in window w (value 1 and 14 are both the ace)."""
    return sorted({(v - 2) % 13 if v != 1 else ACE for v in range(1, 15) if w >> v & 1})


FLAT = {n: windows(n, 1) for n in (3, 4, 5, 6)}
CURVE = {n: windows(n, 2) for n in (4, 5)}


def rank_category(set_ranks: tuple[int, ...], pit_ranks: tuple[int, ...]) -> int:
    """Category value of a hand from ranks only (no suit / colour rows)."""
    cnt = [0] * 13
    for r in set_ranks + pit_ranks:
        cnt[r] += 1
    hand = value_mask(sum(1 << r for r in set(set_ranks + pit_ranks)))
    pit = value_mask(sum(1 << r for r in set(pit_ranks)))
    setm = value_mask(sum(1 << r for r in set(set_ranks)))
    ge = [sum(1 for c in cnt if c >= k) for k in range(7)]

    def runs(n: int) -> list[list[int]]:
        return [ranks_of_window(w) for w in FLAT[n] if hand & w == w]

    def in_pair(n: int) -> bool:  # a card beyond the straight with one of its ranks
        return any(sum(cnt[r] for r in w) >= n + 1 for w in runs(n))

    def in_and_out(n: int) -> bool:
        return any(max(cnt[r] for r in w) >= 3 for w in runs(n))

    def out_pair(n: int) -> bool:
        return any(any(cnt[r] >= 2 for r in range(13) if r not in w) for w in runs(n))

    bc = all(cnt[r] == 1 for r in (TEN, JACK, QUEEN, KING, ACE, TWO))
    if bc:
        return CAT["BROKEN_CANADA"]
    if ge[3] >= 2:
        return CAT["CROWDED_HOUSE"]
    if ge[3] >= 1 and ge[2] >= 2:
        return CAT["BUSTED"] if cnt[ACE] >= 2 else CAT["FULL_HOUSE"]
    if cnt[ACE] >= 4:
        return CAT["FOUR_ACES"]
    if cnt[ACE] >= 2 and any(ACE in w and sum(cnt[r] for r in w) >= 5 for w in runs(5)):
        return CAT["ACES_IN_HAND_STRAIGHT_PAIR"]
    if cnt[ACE] >= 3:
        return CAT["THREE_ACES"]
    if cnt[ACE] >= 2 and cnt[KING] >= 2:
        return CAT["KINGS_AND_ACES"]
    if any(hand & w == w for w in CURVE[5]):
        return CAT["COMPOSITE_CURVE_5"]
    if len(set(set_ranks)) == 4 and any(setm & w == w for w in CURVE[4]):
        return CAT["HANDED_CURVE_4"]
    if ge[4]:
        return CAT["FOUR_OF_A_KIND"]
    if in_pair(5):
        return CAT["IN_HAND_STRAIGHT_PAIR_5"]
    if runs(6):
        return CAT["FLAT_STRAIGHT_6"]
    if in_and_out(4):
        return CAT["IN_AND_OUT_STRAIGHT_4"]
    if in_and_out(3):
        return CAT["IN_AND_OUT_STRAIGHT_3"]
    if in_pair(4):
        return CAT["IN_HAND_STRAIGHT_PAIR_4"]
    if any(hand & w == w and pit & w for w in CURVE[4]):
        return CAT["COMPOSITE_CURVE_4"]
    if in_pair(3):
        return CAT["IN_HAND_STRAIGHT_PAIR_3"]
    if ge[2] >= 3:
        return CAT["THREE_PAIR"]
    if out_pair(4):
        return CAT["OUT_HAND_STRAIGHT_PAIR_4"]
    if out_pair(3):
        return CAT["OUT_HAND_STRAIGHT_PAIR_3"]
    if runs(5):
        return CAT["FLAT_STRAIGHT_5"]
    if runs(4):
        return CAT["FLAT_STRAIGHT_4"]
    if ge[3]:
        return CAT["THREE_OF_A_KIND"]
    if runs(3):
        return CAT["FLAT_STRAIGHT_3"]
    if ge[2] >= 2:
        return CAT["TWO_PAIR"]
    if ge[2]:
        return CAT["PAIR"]
    return CAT["NO_HAND"]


def longest_run(mask: int) -> int:
    v = value_mask(mask)
    best = run = 0
    for b in range(1, 15):
        run = run + 1 if v >> b & 1 else 0
        best = max(best, run)
    return best


def build() -> dict[str, list[int]]:
    sets = list(combinations_with_replacement(range(13), 4))  # 1820, lexicographic
    pits = list(combinations_with_replacement(range(13), 2))  # 91
    sixes = list(combinations_with_replacement(range(13), 6))  # 18564, lexicographic
    six_index = {s: i for i, s in enumerate(sixes)}
    top = len(sixes) - 1
    set_index = [0] * 13 ** 4
    for i, s in enumerate(sets):
        for p in set(permutations(s)):
            set_index[((p[0] * 13 + p[1]) * 13 + p[2]) * 13 + p[3]] = i
    pit_index = [0] * 169
    for i, (a, b) in enumerate(pits):
        pit_index[a * 13 + b] = pit_index[b * 13 + a] = i
    strength = []
    for s in sets:
        for p in pits:
            cat = rank_category(s, p)
            tb = 0 if cat == CAT["FULL_HOUSE"] else top - six_index[tuple(sorted(s + p))]
            strength.append(cat << TB_BITS | tb)
    run = [longest_run(m) for m in range(8192)]
    return {"set_index": set_index, "pit_index": pit_index, "strength": strength, "run": run}


def render() -> str:
    t = build()
    cats = "\n".join(f"#define HR_CA_{name} {CAT[name]}" for name in ROWS)
    return c_header("HANDRANK_CANADA_TABLES_H", banner(TOOL, ". Broken Canada lookup tables."), f"""
#define HR_CA_TB_BITS {TB_BITS}
#define HR_CA_NUM_SETS 1820
#define HR_CA_NUM_PITS 91
{cats}

{c_array("uint16_t", "HR_CA_SET_INDEX", t["set_index"])}

{c_array("uint8_t", "HR_CA_PIT_INDEX", t["pit_index"])}

{c_array("int32_t", "HR_CA_RANK_STRENGTH", t["strength"])}

{c_array("uint8_t", "HR_CA_RUN", t["run"])}

""")


if __name__ == "__main__":
    sys.exit(main(lambda _args: render(), OUT, TOOL, __doc__.splitlines()[0]))
