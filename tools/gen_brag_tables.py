#!/usr/bin/env python3
"""Generate ``src/handrank/brag/tables.h``: the Three-card Brag strength tables.

Rules: ``docs/rules/brag-and-crash.md`` ("Brag hands"). Usage::

    python tools/gen_brag_tables.py           # (re)write the header
    python tools/gen_brag_tables.py --check   # exit 1 if the committed header is stale

Layout. A hand's *rank pattern* is ``169 * r0 + 13 * r1 + r2`` for the ranks
(0 = deuce .. 12 = ace) of its cards in the order given (all 2,197 ordered
patterns are filled, so callers never sort); hands of one suit add
``HR_BRAG_FLUSH_OFFSET`` (2,197). ``HR_BRAG_TABLE[options]`` maps that index
to the strength, one table of 4,394 ``int16`` per option combination
(bit 0 = prial_threes_high, bit 1 = a23_top_run; 3 = the default rules).
Suited entries whose ranks repeat cannot occur (one deck) and hold the
unsuited value.

Per-byte tables for the bulk kernel (every byte value 0..255, so any input
stays inside them): ``HR_BRAG_CARD_BIT[v]`` is ``1 << v`` for a card id and
the poison bit 63 otherwise (a row is bad when the OR of its three bits differs
from their sum or has a bit at 52 or above); ``HR_BRAG_RANK_OFFSET[k][v]`` is
the rank pattern term of id ``v`` in column ``k`` (169 * rank, 13 * rank,
rank; 0 for a byte that is not a card).

Strengths are dense, 1..741, weakest first; the categories occupy the same
ranges under every option (only the order inside prial and the runs moves):

    high card       1 .. 274   (274 classes)
    pair          275 .. 430   (156)
    flush         431 .. 704   (274)
    run           705 .. 716   (12)
    running flush 717 .. 728   (12)
    prial         729 .. 741   (13)

This generator builds the class order from explicit lists (not from the
reference implementation); the tests check it against the reference.
"""

from __future__ import annotations

import os
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/_emit.py, also when loaded by path
from _emit import banner, c_array, c_header, c_rows, main  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = Path(ROOT, "src", "handrank", "brag", "tables.h")
TOOL = "gen_brag_tables.py"
FLUSH_OFFSET = 13 ** 3
TABLE_SIZE = 2 * FLUSH_OFFSET


def class_order(prial_threes_high: bool, a23_top_run: bool) -> list[tuple[str, tuple[int, ...]]]:
    """Every class (category, ranks high to low as a set key) weakest first."""
    order: list[tuple[str, tuple[int, ...]]] = []
    # Three distinct ranks, lexicographic high-middle-low; runs taken out.
    runs_low_first = [(r + 2, r + 1, r) for r in range(11)]  # 4-3-2 .. A-K-Q
    a23 = (12, 1, 0)
    run_set = set(runs_low_first) | {a23}
    distinct = sorted(tuple(sorted(c, reverse=True)) for c in combinations(range(13), 3))
    plain = [c for c in distinct if c not in run_set]
    runs = runs_low_first + [a23] if a23_top_run else [a23] + runs_low_first
    prials = [(r, r, r) for r in range(13)]
    if prial_threes_high:
        prials.remove((1, 1, 1))
        prials.append((1, 1, 1))
    pairs = [(p, p, k) for p in range(13) for k in range(13) if k != p]
    order += [("high", c) for c in plain]
    order += [("pair", c) for c in pairs]
    order += [("flush", c) for c in plain]
    order += [("run", c) for c in runs]
    order += [("runflush", c) for c in runs]
    order += [("prial", c) for c in prials]
    return order


def build_table(options: int) -> list[int]:
    order = class_order(bool(options & 1), bool(options & 2))
    strength = {cls: i + 1 for i, cls in enumerate(order)}
    table = [0] * TABLE_SIZE
    for r0 in range(13):
        for r1 in range(13):
            for r2 in range(13):
                idx = 169 * r0 + 13 * r1 + r2
                key = tuple(sorted((r0, r1, r2), reverse=True))
                if key[0] == key[2]:
                    s = strength[("prial", key)]
                    table[idx] = table[idx + FLUSH_OFFSET] = s
                elif key[0] == key[1] or key[1] == key[2]:
                    p = key[1]
                    k = key[2] if key[0] == key[1] else key[0]
                    table[idx] = table[idx + FLUSH_OFFSET] = strength[("pair", (p, p, k))]
                elif ("run", key) in strength:
                    table[idx] = strength[("run", key)]
                    table[idx + FLUSH_OFFSET] = strength[("runflush", key)]
                else:
                    table[idx] = strength[("high", key)]
                    table[idx + FLUSH_OFFSET] = strength[("flush", key)]
    return table


def category_first() -> list[int]:
    order = class_order(True, True)
    firsts, seen = [], set()
    for i, (cat, _) in enumerate(order):
        if cat not in seen:
            seen.add(cat)
            firsts.append(i + 1)
    return firsts


def render() -> str:
    order = class_order(True, True)
    lines = [
        "",
        f"#define HR_BRAG_NUM_STRENGTHS {len(order)}",
        f"#define HR_BRAG_FLUSH_OFFSET {FLUSH_OFFSET}",
        f"#define HR_BRAG_TABLE_SIZE {TABLE_SIZE}",
        "",
        "/* Lowest strength of each category: high card, pair, flush, run, running flush, prial. */",
        "static const int16_t HR_BRAG_CATEGORY_FIRST[6] = {"
        + ", ".join(map(str, category_first())) + "};",
        "",
        "/* 1 << id for a card id, the poison bit 63 for any other byte. */",
        c_array("uint64_t", "HR_BRAG_CARD_BIT",
                [(1 << v) if v < 52 else (1 << 63) for v in range(256)], lambda b: f"0x{b:016x}ULL"),
        "",
        "/* Rank pattern term of byte v in column k: 169*rank, 13*rank, rank (0 if not a card). */",
        "static const uint16_t HR_BRAG_RANK_OFFSET[3][256] = {",
    ]
    for mult in (169, 13, 1):
        lines += ["  {", *c_rows([mult * (v >> 2) if v < 52 else 0 for v in range(256)]), "  },"]
    lines += [
        "};",
        "",
        "/* [options][169*r0 + 13*r1 + r2 (+ HR_BRAG_FLUSH_OFFSET if one suit)] -> strength. */",
        f"static const int16_t HR_BRAG_TABLE[4][{TABLE_SIZE}] = {{",
    ]
    for options in range(4):
        lines += [f"  {{ /* options {options} */", *c_rows(build_table(options)), "  },"]
    lines += ["};", "", ""]
    return c_header("HANDRANK_BRAG_TABLES_H", banner(TOOL, " by hand."), "\n".join(lines))


if __name__ == "__main__":
    sys.exit(main(lambda _args: render(), HEADER, TOOL, __doc__.split("\n")[0]))
