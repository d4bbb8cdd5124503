#!/usr/bin/env python3
"""Generate ``src/handrank/lowball/tables.h``: the lowball strength tables.

Rules: ``docs/rules/lowball.md``. Usage::

    python tools/gen_lowball.py           # (re)write the header
    python tools/gen_lowball.py --check   # exit 1 if the committed header is stale

Every strength is the position of a hand's class among the game's distinct
values, worst first (higher = better low). The class order comes from the
pure-Python reference ``src/handrank/lowball/reference.py`` (loaded by file path,
so the generator needs no built package).

Tables (int16 unless said; 200 KB in all):

``HR_LOW_27_FROM_POKER[7463]``
    deuce-to-seven strength (1..7462) of the hand whose high-poker strength is
    the index (1..7462; index 0 is 0). The map is one-to-one: 2-7 ranks a hand
    as high poker turned around, except that A-2-3-4-5 is no straight but
    ace-high (the wheel and the steel wheel move among the ace-high hands).
``HR_LOW_A5[HR_NOFLUSH_LEN]``
    ace-to-five strength (1..6175, best five) of every rank multiset of 5, 6 or
    7 cards, at the place poker's perfect hash puts it: the sum ``k`` of the
    cards' rank keys (the low 32 bits of poker's ``HR_CARD_KEY``) indexes
    ``(k & 0xFFF) + HR_ROW_OFFSET[k >> 12]``, so the kernel needs no sort and
    any sum of at most 7 keys stays inside (0 where no multiset lands). The
    rank keys and ``HR_ROW_OFFSET`` are read from the committed
    ``poker/tables.h``; regenerating poker's tables means regenerating these.
``HR_LOW_BADUGI[8192]``
    badugi strength (1..1092) of a set of 1 to 4 distinct ace-low ranks given as a
    13-bit mask (bit 0 = ace; 0 for other masks).
``HR_LOW_BADUGI_SUBSETS[64]`` (uint16)
    for the 6-bit mask of the conflicting card pairs of a 4-card hand (pair p of
    (0,1), (0,2), (0,3), (1,2), (1,3), (2,3) conflicts when the two cards share a
    rank or a suit), the 15-bit set (bit S = the subset S of card positions) of
    the largest conflict-free subsets: the candidates that can play.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from itertools import combinations, combinations_with_replacement
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


def poker_hash() -> tuple[list[int], list[int], int]:
    """(rank keys, HR_ROW_OFFSET, HR_NOFLUSH_LEN) read from the committed poker/tables.h."""
    text = (SRC / "poker" / "tables.h").read_text(encoding="utf-8")

    def array(name: str) -> list[int]:
        m = re.search(rf"{name}\[\d+\] = \{{(.*?)\}};", text, re.S)
        assert m, f"{name} not found in poker/tables.h"
        return [int(x.rstrip("ULul"), 0) for x in m.group(1).replace("\n", " ").split(",")
                if x.strip()]

    card_keys = array("HR_CARD_KEY")
    rank_keys = [card_keys[4 * r] & 0xFFFFFFFF for r in range(13)]
    m = re.search(r"#define HR_NOFLUSH_LEN (\d+)", text)
    assert m
    return rank_keys, array("HR_ROW_OFFSET"), int(m.group(1))


def ace_to_five_table(classes: list[tuple]) -> list[int]:
    """The ace-to-five table at poker's perfect-hash places (see the module docstring)."""
    order = {v: i + 1 for i, v in enumerate(classes)}
    strength5 = {}  # sorted deuce-high ranks -> strength
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            strength5[ranks] = order[ref.ace_to_five_value5(ref.sample_hand(ranks, False))]
    rank_keys, row_offset, length = poker_hash()
    table = [0] * length
    for k in (5, 6, 7):
        for ranks in combinations_with_replacement(range(13), k):
            if max(ranks.count(r) for r in ranks) <= 4:
                key = sum(rank_keys[r] for r in ranks)
                idx = (key & 0xFFF) + row_offset[key >> 12]
                assert table[idx] == 0, "two rank multisets share a hash place"
                table[idx] = max(strength5[sub] for sub in combinations(ranks, 5))
    return table


PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def badugi_subsets() -> list[int]:
    """[6-bit conflict mask] -> 15-bit set of the largest conflict-free subsets."""
    out = []
    for conflicts in range(64):
        bad = [PAIRS[p] for p in range(6) if conflicts >> p & 1]
        free = [S for S in range(1, 16)
                if not any(S >> i & 1 and S >> j & 1 for i, j in bad)]
        size = max(bin(S).count("1") for S in free)
        out.append(sum(1 << S for S in free if bin(S).count("1") == size))
    return out


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
    a5 = ace_to_five_table(ca5)
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
        "/* [poker strength] -> deuce-to-seven strength. */",
        c_array("int16_t", "HR_LOW_27_FROM_POKER", m27),
        "",
        "/* [poker's perfect-hash place of a 5..7-card rank multiset] -> ace-to-five strength. */",
        f"#define HR_LOW_A5_LEN {len(a5)}",
        c_array("int16_t", "HR_LOW_A5", a5),
        "",
        "/* [13-bit mask of 1..4 ace-low ranks] -> badugi strength (0: not 1..4 ranks). */",
        c_array("int16_t", "HR_LOW_BADUGI", bad),
        "",
        "/* [6-bit conflicting-pair mask] -> bit S set for each largest conflict-free subset S. */",
        c_array("uint16_t", "HR_LOW_BADUGI_SUBSETS", badugi_subsets()),
        "",
    ]
    return c_header("HANDRANK_LOWBALL_TABLES_H", banner(TOOL, "; built from lowball/reference.py."),
                    "\n".join(lines))


if __name__ == "__main__":
    sys.exit(main(lambda _args: render(), HEADER, TOOL, __doc__.split("\n")[0]))
