#!/usr/bin/env python3
"""Generate ``src/handrank/poker/tables.h``, the poker evaluator's lookup tables.

Run from the repository root::

    python tools/gen_poker_tables.py            # rewrite the header
    python tools/gen_poker_tables.py --check    # exit 1 if the committed header is stale

How the tables work (see ``poker/_kernel.pyx`` for the kernel):

* Strength classes. Every distinct 5-card value of the reference evaluator
  (``handrank.poker.reference``) is enumerated and sorted; its position + 1 is
  the strength, 1 (7-5-4-3-2 unsuited) .. 7462 (royal flush).
* Card keys. Each card contributes a 64-bit key: the low 32 bits are a rank key
  chosen so that the sum over any multiset of at most 7 ranks (each rank at
  most 4 times) is unique (the rank keys are the ones published with the
  OMPEval evaluator; uniqueness is re-verified here); bits 32..47 are four
  4-bit suit counters. A hand's key is ``SUIT_BASE + sum(card keys)`` where
  ``SUIT_BASE`` starts every counter at 3, so a suit with 5 or more cards sets
  bit 3 of its counter (``FLUSH_CHECK``).
* Non-flush hands: the rank-key sum goes through a two-level perfect hash
  ``index = (k & 0xFFF) + ROW_OFFSET[k >> 12]`` into ``NOFLUSH``, which holds
  the best 5-card strength for every rank multiset of 5, 6 or 7 cards.
* Flush hands (at most one suit can have 5+ of 7 cards, and then no full house
  or quads is possible): ``FLUSH[13-bit rank mask of that suit]``.
* Any sum of at most 7 keys stays inside the tables: ``ROW_OFFSET`` has a row
  for every ``k >> 12`` up to ``7 * max(RANK_KEYS) >> 12`` (the extra rows point
  at 0) and ``NOFLUSH`` is padded with zeros to the last row's offset + 4096, so
  a kernel that sums the keys of bytes it has not checked (or that another
  thread changes under it) can give a wrong strength but never read outside a
  table. ``NOFLUSH_SIZE`` and ``ROW_COUNT`` count the real entries.
* ``RANK_KEY_PLANES[16 * b + r]``: byte b (0..2) of rank r's key (0 for
  r = 13..15): the AVX2 bulk kernel looks the three bytes up with byte
  shuffles and adds them with ``psadbw`` (every rank key is under 2**24).
* Per byte value (the uint8 bulk kernel, indexed by the raw byte): ``BYTE_KEY``
  the card key (0 for 52..255) and ``BYTE_SUIT_BIT`` the card's bit in a
  suit-major mask ``1 << (16 * suit + rank)`` (0 for 52..255), so the flush
  suit's 13 ranks are ``(mask >> (16 * suit)) & 0x1FFF``: one shift.
* ``CLASS_RANKS[strength]`` packs the five ranks of that class, most
  significant first, 4 bits each (for descriptions).
"""

from __future__ import annotations

import os
import sys
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/_emit.py, also when loaded by path
from _emit import banner, c_array, c_header, main  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_reference():
    """Load handrank/poker/reference.py by path: the tables must be buildable
    before the compiled package exists, so importing ``handrank`` is not an option."""
    import importlib.util
    path = os.path.join(ROOT, "src", "handrank", "poker", "reference.py")
    spec = importlib.util.spec_from_file_location("handrank_reference_poker", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ref = _load_reference()

OUT = Path(ROOT, "src", "handrank", "poker", "tables.h")
TOOL = "gen_poker_tables.py"

RANK_KEYS = [0x2000, 0x8001, 0x11000, 0x3A000, 0x91000, 0x176005, 0x366000,
             0x41A013, 0x47802E, 0x479068, 0x48C0E4, 0x48F211, 0x494493]
ROW_SHIFT = 12
SUIT_SHIFT = 32
SUIT_BASE = 0x3333 << SUIT_SHIFT
FLUSH_CHECK = 0x8888 << SUIT_SHIFT


def rank_multisets(max_cards: int = 7):
    """Yield count tuples (13 ranks, each 0..4) with total 5..max_cards."""
    def rec(r, n, counts):
        if r == 13:
            if n >= 5:
                yield tuple(counts)
            return
        for c in range(min(4, max_cards - n) + 1):
            counts.append(c)
            yield from rec(r + 1, n + c, counts)
            counts.pop()
    yield from rec(0, 0, [])


def significant_ranks(value) -> list[int]:
    cat, tb = value
    if cat in (ref.STRAIGHT, ref.STRAIGHT_FLUSH):
        hi = tb[0]
        return [3, 2, 1, 0, 12] if hi == 3 else [hi - i for i in range(5)]
    mult = {ref.FOUR_OF_A_KIND: [4, 1], ref.FULL_HOUSE: [3, 2], ref.THREE_OF_A_KIND: [3, 1, 1],
            ref.TWO_PAIR: [2, 2, 1], ref.ONE_PAIR: [2, 1, 1, 1]}.get(cat, [1] * 5)
    out = []
    for r, m in zip(tb, mult):
        out += [r] * m
    return out


@cache
def _value(five: tuple[int, ...], flush: bool):
    return ref.value_of_ranks(list(five), flush=flush)


def build():
    # 1. Strength classes from the reference's 5-card values.
    values = set()
    for counts in rank_multisets(5):
        ranks = [r for r in range(13) for _ in range(counts[r])]
        values.add(ref.value_of_ranks(ranks, flush=False))
        if max(counts) == 1:
            values.add(ref.value_of_ranks(ranks, flush=True))
    ordered = sorted(values)
    strength = {v: i + 1 for i, v in enumerate(ordered)}
    assert len(ordered) == 7462, len(ordered)

    # 2. Rank keys: verify uniqueness of every multiset sum, build the perfect hash.
    keys, best = [], []
    for counts in rank_multisets(7):
        ranks = [r for r in range(13) for _ in range(counts[r])]
        keys.append(sum(c * k for c, k in zip(counts, RANK_KEYS)))
        best.append(max(strength[_value(five, False)]
                        for five in set(combinations(ranks, 5))))
    keys_arr = np.array(keys, dtype=np.int64)
    assert len(np.unique(keys_arr)) == len(keys_arr), "rank keys are not unique"
    n_rows = int(keys_arr.max() >> ROW_SHIFT) + 1
    rows: dict[int, list[int]] = {}
    for i, k in enumerate(keys):
        rows.setdefault(k >> ROW_SHIFT, []).append(i)
    occupied = np.zeros(len(keys) * 4 + 3 * (1 << 14), dtype=bool)
    offsets = np.zeros(n_rows, dtype=np.uint32)
    table = np.zeros(len(occupied), dtype=np.uint16)
    window = 1 << 14
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        members = rows[row]
        cols = np.array([keys[i] & ((1 << ROW_SHIFT) - 1) for i in members])
        lo = int(np.argmin(occupied))  # first free slot
        lo = max(0, lo - int(cols.max()))
        while True:
            bad = np.zeros(window, dtype=bool)
            for c in cols:
                bad |= occupied[lo + c:lo + c + window]
            if not bad.all():
                off = lo + int(np.argmin(bad))
                break
            lo += window
        occupied[off + cols] = True
        table[off + cols] = [best[i] for i in members]
        offsets[row] = off
    size = int(np.flatnonzero(occupied).max()) + 1
    noflush = table[:size]
    # Padding (see the module docstring): every row any 7 keys can reach, and
    # every column of every row, is inside the tables.
    max_row = (7 * max(RANK_KEYS)) >> ROW_SHIFT
    offsets_padded = np.zeros(max_row + 1, dtype=np.uint32)
    offsets_padded[:n_rows] = offsets
    noflush_padded = np.zeros(int(offsets.max()) + (1 << ROW_SHIFT), dtype=np.uint16)
    noflush_padded[:size] = noflush

    # 3. Flush table over 13-bit rank masks.
    flush = np.zeros(1 << 13, dtype=np.uint16)
    for mask in range(1 << 13):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) >= 5:
            flush[mask] = max(strength[_value(f, True)]
                              for f in combinations(ranks, 5))

    # 4. Class descriptions.
    class_ranks = np.zeros(7463, dtype=np.uint32)
    class_cat = np.zeros(7463, dtype=np.uint8)
    for v, s in strength.items():
        sig = significant_ranks(v)
        class_ranks[s] = sum(r << (4 * (4 - i)) for i, r in enumerate(sig))
        class_cat[s] = v[0]
    return (offsets, noflush, flush, class_ranks, class_cat,
            offsets_padded, noflush_padded)


def render() -> str:
    (offsets, noflush, flush, class_ranks, class_cat,
     offsets_padded, noflush_padded) = build()
    card_keys = [RANK_KEYS[c >> 2] | (1 << (SUIT_SHIFT + 4 * (c & 3))) for c in range(52)]
    # Per byte value {key, bit} for the bulk kernel: ids 52..255 get a poison key
    # (bit 48) and no card bit, so bad ids are caught without a branch per card.
    kb = []
    for v in range(256):
        kb += [card_keys[v], 1 << v] if v < 52 else [1 << 48, 0]
    byte_key = [card_keys[v] if v < 52 else 0 for v in range(256)]
    assert max(RANK_KEYS) < 1 << 24
    planes = [(RANK_KEYS[r] >> (8 * b)) & 255 if r < 13 else 0 for b in range(3) for r in range(16)]
    byte_suit_bit = [1 << (16 * (v & 3) + (v >> 2)) if v < 52 else 0 for v in range(256)]
    # Per rank and 4-bit suit pattern (a nibble of a card mask), the summed card keys.
    nibble = [sum(card_keys[4 * r + s] for s in range(4) if nib >> s & 1)
              for r in range(13) for nib in range(16)]
    # Thresholds: the lowest strength of each category.
    first = [int(np.flatnonzero(class_cat[1:] == cat)[0]) + 1 for cat in range(9)]
    arrays = [("HR_CATEGORY_FIRST", "uint16_t", first), ("HR_CARD_KEY", "uint64_t", card_keys),
              ("HR_KB", "uint64_t", kb), ("HR_NIBBLE_KEY", "uint64_t", nibble),
              ("HR_RANK_KEY_PLANES", "uint8_t", planes), ("HR_BYTE_KEY", "uint64_t", byte_key), ("HR_BYTE_SUIT_BIT", "uint64_t", byte_suit_bit),
              ("HR_ROW_OFFSET", "uint32_t", offsets_padded),
              ("HR_NOFLUSH", "uint16_t", noflush_padded),
              ("HR_FLUSH", "uint16_t", flush), ("HR_CLASS_RANKS", "uint32_t", class_ranks)]
    body = [
        "\n",
        f"#define HR_ROW_SHIFT {ROW_SHIFT}\n",
        f"#define HR_SUIT_SHIFT {SUIT_SHIFT}\n",
        f"#define HR_SUIT_BASE 0x{SUIT_BASE:X}ULL\n",
        f"#define HR_FLUSH_CHECK 0x{FLUSH_CHECK:X}ULL\n",
        f"#define HR_NOFLUSH_SIZE {len(noflush)}\n",
        f"#define HR_ROW_COUNT {len(offsets)}\n",
        f"#define HR_ROW_OFFSET_LEN {len(offsets_padded)}\n",
        f"#define HR_NOFLUSH_LEN {len(noflush_padded)}\n",
        f"#define HR_NUM_STRENGTHS {len(class_ranks) - 1}\n\n",
    ]
    for name, ctype, values in arrays:
        suffix = "ULL" if ctype == "uint64_t" else ""
        body.append(c_array(ctype, name, list(values), lambda x: f"{int(x)}{suffix}") + "\n")
    return c_header("HANDRANK_POKER_TABLES_H", banner(TOOL, " by hand."), "".join(body) + "\n")


if __name__ == "__main__":
    sys.exit(main(lambda _args: render(), OUT, TOOL, __doc__.splitlines()[0]))
