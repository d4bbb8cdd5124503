#!/usr/bin/env python3
"""Generate ``src/handrank/lowball/tables.h``: the lowball strength tables.

Rules: ``docs/rules/lowball.md``. Usage::

    python tools/gen_lowball.py           # (re)write the header
    python tools/gen_lowball.py --check   # exit 1 if the committed header is stale

Every strength is the position of a hand's class among the game's distinct
values, worst first (higher = better low). The class order comes from the
pure-Python reference ``src/handrank/lowball/reference.py`` (loaded by file path,
so the generator needs no built package).

Tables (int16 unless said; about 168 KB in all):

``HR_LOW_27_FROM_POKER[7463]``
    deuce-to-seven strength (1..7462) of the hand whose high-poker strength is
    the index (1..7462; index 0 is 0). The map is one-to-one: 2-7 ranks a hand
    as high poker turned around, except that A-2-3-4-5 is no straight but
    ace-high (the wheel and the steel wheel move among the ace-high hands).
``HR_LOW_A5_5[6188]``, ``HR_LOW_A5_6[18564]``, ``HR_LOW_A5_7[50388]``
    ace-to-five strength (1..6175, best five) of the k ace-low ranks
    r0 <= ... <= r(k-1) (0 = ace .. 12 = king), indexed by the multiset number
    ``sum HR_LOW_CHOOSE[r_i + i][i + 1]`` (0 for 5 or more of one rank).
``HR_LOW_BADUGI[8192]``
    badugi strength (1..1092) of a set of 1 to 4 distinct ace-low ranks given as a
    13-bit mask (0 for other masks).
``HR_LOW_CHOOSE[20][8]`` (int32)
    binomial coefficients C(n, k).
"""

from __future__ import annotations

import importlib.util
import sys
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path

from _emit import SRC, banner, c_array, c_header, main

TOOL = "gen_lowball.py"
HEADER = SRC / "lowball" / "tables.h"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ref = _load(SRC / "lowball" / "reference.py", "_lowball_reference")
poker_ref = _load(SRC / "poker" / "reference.py", "_poker_reference")


def _first(classes: list[tuple]) -> list[int]:
    """Lowest strength of each category (the value's first item), worst first."""
    first: dict[int, int] = {}
    for i, v in enumerate(classes):
        first.setdefault(v[0], i + 1)
    return [first[c] for c in sorted(first)]


def deuce_to_seven_map(classes: list[tuple]) -> list[int]:
    """[poker strength] -> deuce-to-seven strength (index 0: 0)."""
    pairs = [(poker_ref.value5(h), ref.deuce_to_seven_value(h))
             for h in (ref.sample_hand(r, f) for r, f in ref.five_card_classes())]
    poker_order = {v: i + 1 for i, v in enumerate(sorted({p for p, _ in pairs}))}
    low_order = {v: i + 1 for i, v in enumerate(classes)}
    assert len(poker_order) == len(low_order) == len(pairs) == 7462
    out = [0] * 7463
    for p, q in pairs:
        out[poker_order[p]] = low_order[q]
    return out


def multiset_index(ranks: tuple[int, ...]) -> int:
    """Number of a sorted multiset of ranks among all of its size (the C kernels' index)."""
    return sum(comb(r + i, i + 1) for i, r in enumerate(ranks))


def ace_to_five_tables(classes: list[tuple]) -> list[list[int]]:
    """The 5-, 6- and 7-card ace-to-five tables, indexed by :func:`multiset_index`."""
    order = {v: i + 1 for i, v in enumerate(classes)}
    strength5 = {}
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            # ace-low rank r is deuce-high rank (r - 1) % 13
            hand = ref.sample_hand([(r - 1) % 13 for r in ranks], False)
            strength5[ranks] = order[ref.ace_to_five_value5(hand)]
    tables = []
    for k in (5, 6, 7):
        t = [0] * comb(13 + k - 1, k)
        for ranks in combinations_with_replacement(range(13), k):
            if max(ranks.count(r) for r in ranks) <= 4:
                t[multiset_index(ranks)] = max(strength5[sub] for sub in combinations(ranks, 5))
        tables.append(t)
    return tables


def badugi_table(classes: list[tuple]) -> list[int]:
    """[13-bit mask of ace-low ranks, 1 to 4 set] -> badugi strength (else 0)."""
    order = {v: i + 1 for i, v in enumerate(classes)}
    out = [0] * 8192
    for m in range(1, 8192):
        ranks = [r for r in range(13) if m >> r & 1]
        if len(ranks) <= 4:
            out[m] = order[(len(ranks), tuple(sorted(-r for r in ranks)))]
    return out


def render() -> str:
    c27, ca5, cbad = ref.deuce_to_seven_classes(), ref.ace_to_five_classes(), ref.badugi_classes()
    m27 = deuce_to_seven_map(c27)
    a5, a6, a7 = ace_to_five_tables(ca5)
    bad = badugi_table(cbad)
    first27, first_a5, first_badugi = _first(c27), _first(ca5), _first(cbad)
    lines = [
        "/* Sizes: strengths per game. */",
        "#define HR_LOW_27_NUM_STRENGTHS 7462",
        "#define HR_LOW_A5_NUM_STRENGTHS 6175",
        "#define HR_LOW_BADUGI_NUM_STRENGTHS 1092",
        "",
        "/* Lowest strength of each category, worst first: deuce-to-seven (straight flush ..",
        " * high card), ace-to-five (four of a kind .. no pair), badugi (one card .. four). */",
        "static const int16_t HR_LOW_27_CATEGORY_FIRST[9] = {" + ", ".join(map(str, first27)) + "};",
        "static const int16_t HR_LOW_A5_CATEGORY_FIRST[6] = {" + ", ".join(map(str, first_a5)) + "};",
        "static const int16_t HR_LOW_BADUGI_CATEGORY_FIRST[4] = {" + ", ".join(map(str, first_badugi)) + "};",
        "",
        "/* C(n, k) for n < 20, k < 8. */",
        "static const int32_t HR_LOW_CHOOSE[20][8] = {",
        *("    {" + ", ".join(str(comb(n, k)) for k in range(8)) + "}," for n in range(20)),
        "};",
        "",
        "/* [poker strength] -> deuce-to-seven strength. */",
        c_array("int16_t", "HR_LOW_27_FROM_POKER", m27),
        "",
        "/* [multiset number of 5/6/7 ace-low ranks] -> ace-to-five strength (0: impossible). */",
        c_array("int16_t", "HR_LOW_A5_5", a5),
        c_array("int16_t", "HR_LOW_A5_6", a6),
        c_array("int16_t", "HR_LOW_A5_7", a7),
        "",
        "/* [13-bit mask of 1..4 ace-low ranks] -> badugi strength (0: not 1..4 ranks). */",
        c_array("int16_t", "HR_LOW_BADUGI", bad),
        "",
    ]
    return c_header("HANDRANK_LOWBALL_TABLES_H", banner(TOOL, "; built from lowball/reference.py."),
                    "\n".join(lines))


if __name__ == "__main__":
    sys.exit(main(lambda _args: render(), HEADER, TOOL, __doc__.split("\n")[0]))
