#!/usr/bin/env python3
"""Generate ``src/handrank/shortdeck/tables.h``: the short-deck (6+) strength tables.

Rules: ``docs/rules/shortdeck.md``. Usage::

    python tools/gen_shortdeck.py           # (re)write the header
    python tools/gen_shortdeck.py --check   # exit 1 if the committed header is stale

Short ranks: 0 = six .. 8 = ace (card rank 4..12); a card's short rank is
``id // 4 - 4``.

Strengths (default order, trips above straight) are dense, 1..1404, weakest
first, built here from explicit class lists (not from the reference; the tests
compare the two). ``HR_SD_SBT[s]`` maps a default strength to the strength of
the same five-card class under ``straight_beats_trips`` (only trips and
straights move; the flush table serves both).

Tables:

* ``HR_SD_KB[2 * v]``, ``HR_SD_KB[2 * v + 1]`` for every byte value ``v``: the
  card's key and its suit-major bit. The key is ``HR_SD_RANK_KEY[rank]`` (low 32
  bits; sums of 5 to 7 keys with at most four of a rank are all distinct) plus
  ``1 << (32 + 4 * suit)`` (a 4-bit counter per suit). A byte that is not a
  short-deck card (an id below 16, a deuce to five, or >= 52) has key
  ``1 << 48`` (the poison bit) and bit 0. The bit is ``1 << (16 * suit + rank)``.
  A row is bad when its summed key has bit 48 or above, or the plain sum of its
  bits differs from their OR (a repeated card).
* ``HR_SD_NOFLUSH[HR_SD_ROW_OFFSET[k >> 6] + (k & 63)]`` for ``k`` the sum of
  rank keys: the best five of 5 to 7 cards with no five of one suit;
  ``HR_SD_NOFLUSH_SBT`` the same under ``straight_beats_trips`` (where the
  best five can differ, and the strengths do). Only 10,230 of the 438,118
  sums occur, so the sums are cut into rows of 64 and the rows overlaid
  (first-fit displacement, fullest row first): about 63 KB for the offsets and
  the two tables, instead of 1.75 MB for two direct tables (which missed the
  cache on large inputs).
* ``HR_SD_FLUSH[9-bit rank mask]``: best flush or straight flush of one suit's
  ranks (five to seven bits set; 0 otherwise).
* The row key starts at ``HR_SD_SUIT_BASE`` (3 in each suit counter), so a suit
  with five or more cards sets bit 3 of its counter (``HR_SD_FLUSH_CHECK``).
"""

from __future__ import annotations

import sys
from collections import Counter
from itertools import combinations, combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/_emit.py, also when loaded by path
from _emit import SRC, banner, c_array, c_header, main  # noqa: E402

HEADER = SRC / "shortdeck" / "tables.h"
TOOL = "gen_shortdeck.py"
NRANKS = 9
#: Rank keys: every multiset of 5..7 short ranks (at most four of one) has its own
#: sum (found by a greedy search; the generator re-checks it).
RANK_KEY = (1, 5, 24, 112, 521, 2247, 9244, 30823, 86412)
SUIT_BASE = sum(3 << (32 + 4 * s) for s in range(4))
FLUSH_CHECK = sum(8 << (32 + 4 * s) for s in range(4))
POISON = 1 << 48

#: Straights by high short rank, lowest first: A-6-7-8-9 (high 3 = nine, the ace low)
#: then 6-7-8-9-T (high 4) .. T-J-Q-K-A (high 8).
STRAIGHTS = [frozenset({8, 0, 1, 2, 3})] + [frozenset(range(h - 4, h + 1)) for h in range(4, 9)]

CATEGORIES = ["HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "STRAIGHT", "THREE_OF_A_KIND",
              "FULL_HOUSE", "FLUSH", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"]


def _desc(n: int) -> list[tuple[int, ...]]:
    """Every set of n distinct ranks as a descending tuple, ascending order."""
    return [tuple(sorted(c, reverse=True)) for c in combinations(range(NRANKS), n)]


def class_lists() -> dict[str, list[tuple[int, ...]]]:
    """Per category, its classes weakest first, each as the rank multiset of its
    five cards (a sorted tuple)."""
    plain = sorted((c for c in _desc(5) if frozenset(c) not in STRAIGHTS))
    pair, two, trips, full, quads = [], [], [], [], []
    for p in range(NRANKS):
        for k in sorted(c for c in _desc(3) if p not in c):
            pair.append(((p,) * 2 + k, (p,) + k))
        for k in sorted(c for c in _desc(2) if p not in c):
            trips.append(((p,) * 3 + k, (p,) + k))
        for q in range(NRANKS):
            if q != p:
                full.append(((p,) * 3 + (q,) * 2, (p, q)))
                quads.append(((p,) * 4 + (q,), (p, q)))
    for hi in range(NRANKS):
        for lo in range(hi):
            for k in range(NRANKS):
                if k not in (hi, lo):
                    two.append(((hi,) * 2 + (lo,) * 2 + (k,), (hi, lo, k)))

    def order(items: list[tuple[tuple[int, ...], tuple[int, ...]]]) -> list[tuple[int, ...]]:
        return [tuple(sorted(ms)) for ms, _ in sorted(items, key=lambda it: it[1])]

    straights = [tuple(sorted(s)) for s in STRAIGHTS]
    return {"HIGH_CARD": [tuple(sorted(c)) for c in plain], "ONE_PAIR": order(pair),
            "TWO_PAIR": order(two), "STRAIGHT": straights, "THREE_OF_A_KIND": order(trips),
            "FULL_HOUSE": order(full), "FLUSH": [tuple(sorted(c)) for c in plain],
            "FOUR_OF_A_KIND": order(quads), "STRAIGHT_FLUSH": straights}


def strengths() -> tuple[dict[tuple[int, ...], int], dict[tuple[int, ...], int], list[int],
                         list[int], list[int]]:
    """(non-flush class -> strength, flush class -> strength, category first
    strengths (default order), the SBT remap, its category firsts)."""
    lists = class_lists()
    plain: dict[tuple[int, ...], int] = {}
    suited: dict[tuple[int, ...], int] = {}
    first: list[int] = []
    s = 1
    for cat in CATEGORIES:
        first.append(s)
        target = suited if cat in ("FLUSH", "STRAIGHT_FLUSH") else plain
        for ms in lists[cat]:
            target[ms] = s
            s += 1
    # straight_beats_trips: the trips range moves down to where the straights
    # began and the straights go on top of it; the rest stays.
    st, tr = first[3], first[4]
    n_st, n_tr = tr - st, first[5] - tr
    sbt = list(range(s))
    for i in range(n_st):
        sbt[st + i] = st + n_tr + i
    for i in range(n_tr):
        sbt[tr + i] = st + i
    first_sbt = first[:3] + [st, st + n_tr] + first[5:]  # trips first, then straight
    return plain, suited, first, sbt, first_sbt


def noflush_table(plain: dict[tuple[int, ...], int], remap: list[int]) -> list[int]:
    """Per sum of 5..7 rank keys, the best ``remap[strength]`` of the 5-card sub-multisets
    (the best five depends on the option: 7-7-7-8-9-T-J is trips or a straight)."""
    size = 4 * RANK_KEY[8] + 3 * RANK_KEY[7] + 1
    table = [0] * size
    seen: dict[int, tuple[int, ...]] = {}
    for n in (5, 6, 7):
        for ms in combinations_with_replacement(range(NRANKS), n):
            if max(Counter(ms).values()) > 4:
                continue
            key = sum(RANK_KEY[r] for r in ms)
            if key in seen:
                raise SystemExit(f"rank keys collide: {ms} and {seen[key]}")
            seen[key] = ms
            table[key] = max(remap[plain[tuple(sorted(f))]] for f in combinations(ms, 5)
                             if tuple(sorted(f)) in plain)
    return table


ROW_SHIFT = 6


def displace(table: list[int]) -> tuple[list[int], list[int]]:
    """(row offsets, packed positions) overlaying the rows of ``1 << ROW_SHIFT``
    entries of ``table`` so that no two used entries share a position; position of
    sum ``k`` = ``offsets[k >> ROW_SHIFT] + (k & mask)``."""
    width = 1 << ROW_SHIFT
    rows: dict[int, list[int]] = {}
    for k, v in enumerate(table):
        if v:
            rows.setdefault(k >> ROW_SHIFT, []).append(k & (width - 1))
    offsets = [0] * ((len(table) >> ROW_SHIFT) + 1)
    occupied = 0  # bit p: position p taken
    for r in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        bits = sum(1 << x for x in rows[r])
        d = 0
        while occupied & (bits << d):
            d += 1
        offsets[r] = d
        occupied |= bits << d
    return offsets, [0] * (max(offsets) + width)


def packed(table: list[int], offsets: list[int], size: list[int]) -> list[int]:
    out = list(size)
    for k, v in enumerate(table):
        if v:
            out[offsets[k >> ROW_SHIFT] + (k & ((1 << ROW_SHIFT) - 1))] = v
    return out


def flush_table(suited: dict[tuple[int, ...], int]) -> list[int]:
    table = [0] * 512
    for m in range(512):
        ranks = [r for r in range(NRANKS) if m >> r & 1]
        if len(ranks) >= 5:
            table[m] = max(suited[tuple(sorted(f))] for f in combinations(ranks, 5))
    return table


def byte_tables() -> list[int]:
    kb = []
    for v in range(256):
        if 16 <= v < 52:
            r, suit = v // 4 - 4, v % 4
            kb += [RANK_KEY[r] + (1 << (32 + 4 * suit)), 1 << (16 * suit + r)]
        else:
            kb += [POISON, 0]
    return kb


def class_ranks(plain: dict[tuple[int, ...], int], suited: dict[tuple[int, ...], int]
                ) -> list[int]:
    """Per default strength, the five short ranks most significant first (by
    multiplicity, then rank; straights from their top card, A-6-7-8-9 as
    9-8-7-6-A), packed 4 bits each."""
    out = [0] * (len(plain) + len(suited) + 1)
    for table in (plain, suited):
        for ms, s in table.items():
            if frozenset(ms) in STRAIGHTS and len(set(ms)) == 5:
                five = sorted(ms, reverse=True)
                if five == [8, 3, 2, 1, 0]:
                    five = [3, 2, 1, 0, 8]
            else:
                cnt = Counter(ms)
                five = sorted(ms, key=lambda r: (cnt[r], r), reverse=True)
            packed = 0
            for r in five:
                packed = packed << 4 | r
            out[s] = packed
    return out


def render(args: object = None) -> str:
    plain, suited, first, sbt, first_sbt = strengths()
    nof = noflush_table(plain, list(range(len(sbt))))
    nof_sbt = noflush_table(plain, sbt)
    n = len(plain) + len(suited)
    offsets, blank = displace(nof)
    if any(bool(a) != bool(b) for a, b in zip(nof, nof_sbt)):
        raise SystemExit("the two options use different sums")
    body = "\n".join([
        f"#define HR_SD_NUM_STRENGTHS {n}",
        f"#define HR_SD_KEY_LIMIT {len(nof)}",
        f"#define HR_SD_ROW_SHIFT {ROW_SHIFT}",
        f"#define HR_SD_SUIT_BASE {SUIT_BASE:#x}ULL",
        f"#define HR_SD_FLUSH_CHECK {FLUSH_CHECK:#x}ULL",
        c_array("uint16_t", "HR_SD_CATEGORY_FIRST", first),
        c_array("uint16_t", "HR_SD_CATEGORY_FIRST_SBT", first_sbt),
        c_array("uint32_t", "HR_SD_RANK_KEY", list(RANK_KEY)),
        c_array("uint64_t", "HR_SD_KB", byte_tables(), lambda v: f"{v:#x}ULL"),
        c_array("uint16_t", "HR_SD_FLUSH", flush_table(suited)),
        c_array("uint16_t", "HR_SD_SBT", sbt),
        c_array("uint32_t", "HR_SD_CLASS_RANKS", class_ranks(plain, suited)),
        c_array("uint16_t", "HR_SD_ROW_OFFSET", offsets),
        c_array("uint16_t", "HR_SD_NOFLUSH", packed(nof, offsets, blank)),
        c_array("uint16_t", "HR_SD_NOFLUSH_SBT", packed(nof_sbt, offsets, blank)),
        "",
    ])
    return c_header("HANDRANK_SHORTDECK_TABLES_H", banner(TOOL, ": short-deck strength tables."),
                    body)


if __name__ == "__main__":
    sys.exit(main(render, HEADER, TOOL, "Generate the short-deck strength tables."))
