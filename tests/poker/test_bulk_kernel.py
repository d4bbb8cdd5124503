"""The uint8 bulk kernel (block check + unchecked row loop, issue 11) against
independent paths: the wide-dtype kernel (the fused per-row check) and the mask
kernel give the same strengths, and bad rows anywhere in a block (first rows,
middle, the last rows of a call that are checked one by one) raise the same
error, naming the same row and column, as a plain Python scan finds first."""

import re

import numpy as np
import pytest

from handrank import poker
from handrank.errors import CardRangeError, DuplicateCardError
from handrank.poker import _kernel as _poker

from pathlib import Path

HEADER = Path(__file__).resolve().parents[2] / "src" / "handrank" / "poker" / "tables.h"


def random_rows(rng, n, k):
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def first_bad(ids):
    """(row, column, kind) of the first bad cell, scanning like the docs say."""
    for i, row in enumerate(ids.tolist()):
        seen = set()
        for j, c in enumerate(row):
            if not 0 <= c < 52:
                return i, j, "range"
            if c in seen:
                return i, j, "dup"
            seen.add(c)
    return None


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 255, 256, 257, 511, 513, 1000])
def test_uint8_rows_match_the_wide_kernel_and_masks(k, n):
    rng = np.random.default_rng(1000 * k + n)
    ids = random_rows(rng, n, k)
    got = poker.evaluate_many(ids)
    assert np.array_equal(got, poker.evaluate_many(ids.astype(np.int16)))
    masks = np.bitwise_or.reduce(np.uint64(1) << ids.astype(np.uint64), axis=1)
    assert np.array_equal(got, poker.evaluate_many(masks))


def test_flush_rows_of_every_suit():
    # Each suit's flushes through the uint8 path (suit-major mask) against masks.
    rows = []
    for suit in range(4):
        for ranks in ([12, 11, 10, 9, 8, 0, 1], [0, 1, 2, 3, 12, 5, 7], [2, 4, 6, 8, 10, 3, 5]):
            other = (suit + 1) % 4
            rows.append([4 * r + suit for r in ranks[:5]] + [4 * r + other for r in ranks[5:]])
            rows.append([4 * r + suit for r in ranks])  # seven of one suit
    ids = np.array(rows, dtype=np.uint8)
    masks = np.bitwise_or.reduce(np.uint64(1) << ids.astype(np.uint64), axis=1)
    assert np.array_equal(poker.evaluate_many(ids), poker.evaluate_many(masks))
    assert (poker.evaluate_many(ids) >= _poker.category_first()[5]).all()


def flushy_rows(rng, n, k, share):
    """``n`` rows of ``k`` distinct ids, about ``share`` of them holding five or more
    cards of one suit (any suit, anywhere)."""
    rows = random_rows(rng, n, k)
    for i in np.nonzero(rng.random(n) < share)[0]:
        suit = rng.integers(4)
        five = rng.integers(5, k + 1)
        same = 4 * rng.choice(13, size=five, replace=False) + suit
        rest = [c for c in rng.permutation(52) if c % 4 != suit][: k - five]
        rows[i] = rng.permutation(np.concatenate([same, rest]).astype(np.uint8))
    return rows


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("share", [0.03, 0.3, 0.9, 1.0])
def test_flush_rows_anywhere_in_a_block(k, share):
    # The AVX2 kernel notes the rows that may hold a flush and redoes them at the end
    # of their block of 256: every pattern of flush rows in a 4-row step, steps with
    # several, whole blocks of them, and flushes in the last rows of a call (done one
    # by one) give the strengths of the wide kernel (its own per-row path) and of masks.
    rng = np.random.default_rng(int(share * 100) + k)
    n = 3 * 256 + 7
    ids = flushy_rows(rng, n, k, share)
    got = poker.evaluate_many(ids)
    assert np.array_equal(got, poker.evaluate_many(ids.astype(np.int16)))
    masks = np.bitwise_or.reduce(np.uint64(1) << ids.astype(np.uint64), axis=1)
    assert np.array_equal(got, poker.evaluate_many(masks))
    flush = (np.stack([np.bincount(r % 4, minlength=4) for r in ids.astype(int)]) >= 5).any(1)
    assert flush.sum() > 0 and (flush.sum() < n or share == 1.0)
    assert (got[flush] >= _poker.category_first()[5]).all()


@pytest.mark.parametrize("k", [5, 6, 7])
def test_bad_rows_anywhere_name_the_first_bad_cell(k):
    rng = np.random.default_rng(k)
    for trial in range(150):
        n = int(rng.choice([1, 2, 3, 5, 256, 300, 600]))
        ids = random_rows(rng, n, k)
        for _ in range(int(rng.integers(1, 4))):
            i, j = int(rng.integers(n)), int(rng.integers(k))
            if rng.random() < 0.5:
                ids[i, j] = rng.integers(52, 256)
            else:
                ids[i, j] = ids[i, (j + int(rng.integers(1, k))) % k]
        bad = first_bad(ids)
        exc = CardRangeError if bad[2] == "range" else DuplicateCardError
        with pytest.raises(exc) as ei:
            poker.evaluate_many(ids)
        assert ei.value.row == bad[0], (trial, n)
        if bad[2] == "range":
            assert ei.value.column == bad[1]
        else:
            assert re.search(rf"columns \d+ and {bad[1]}\)", str(ei.value))
        # The wide-dtype kernel (fused per-row check) agrees.
        with pytest.raises(exc) as ew:
            poker.evaluate_many(ids.astype(np.int32))
        assert str(ew.value) == str(ei.value)


def test_plain_loop_benchmark_gives_the_same_strengths():
    ids = random_rows(np.random.default_rng(5), 3000, 7)
    out = np.zeros(len(ids), dtype=np.int32)
    t = _poker._plain_loop_benchmark(ids, out, 2)
    assert t > 0
    assert np.array_equal(out, poker.evaluate_many(ids))
    with pytest.raises(ValueError, match="0..51"):
        bad = ids.copy()
        bad[7, 3] = 52
        _poker._plain_loop_benchmark(bad, out)
    with pytest.raises(ValueError):
        _poker._plain_loop_benchmark(ids[:, :5].copy(), out)
    with pytest.raises(ValueError):
        _poker._plain_loop_benchmark(ids, out, 0)


@pytest.mark.slow
def test_plain_enumeration_matches_strength_counts():
    t, hist = _poker._plain_enumeration_benchmark(1)
    assert t > 0
    assert np.array_equal(hist, poker.strength_counts(7))


def _array(name):
    text = HEADER.read_text()
    m = re.search(rf"{name}\[(\d+)\] = \{{([^}}]*)\}}", text)
    vals = [int(v.strip().rstrip("ULL")) for v in m.group(2).split(",") if v.strip()]
    assert len(vals) == int(m.group(1))
    return vals


def test_tables_are_padded_for_any_seven_byte_keys():
    # The unchecked row loop sums HR_BYTE_KEY of any 7 bytes: every row and
    # column that sum can reach is inside HR_ROW_OFFSET and HR_NOFLUSH.
    byte_key = _array("HR_BYTE_KEY")
    offsets = _array("HR_ROW_OFFSET")
    noflush_len = len(_array("HR_NOFLUSH"))
    assert byte_key[52:] == [0] * 204
    worst = 7 * max(k & 0xFFFFFFFF for k in byte_key)
    assert worst >> 12 < len(offsets)
    assert max(offsets) + 0xFFF < noflush_len
    # Suit counters: base 3 plus at most 7 cards never carry out of a nibble.
    assert all((k >> 32) & 0xFFFF in (1, 0x10, 0x100, 0x1000) for k in byte_key[:52])
    suit_bit = _array("HR_BYTE_SUIT_BIT")
    assert suit_bit[:52] == [1 << (16 * (c & 3) + (c >> 2)) for c in range(52)]
    assert suit_bit[52:] == [0] * 204


_LEVEL_SCRIPT = r"""
import numpy as np
from handrank import poker
rng = np.random.default_rng(7)
lines = []
for k in (5, 6, 7):
    for n in (3, 300, 1000):
        ids = np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)
        lines.append(str(poker.evaluate_many(ids).tolist()))
        lines.append(str(poker.evaluate_many(ids.astype(np.int64)).tolist()))
        neg = ids.astype(np.int64)
        neg[n // 3, 2] = -3
        try:
            poker.evaluate_many(neg)
        except ValueError as e:
            lines.append(f"{type(e).__name__}: {e}")
        for bad in ((n - 1, k - 1, 77), (n // 2, 1, None), (0, k - 1, 300)):
            for dtype in (np.int64, np.int16, np.uint16):
                b = ids.astype(dtype)
                b[bad[0], bad[1]] = bad[2] if bad[2] is not None else b[bad[0], 0]
                try:
                    poker.evaluate_many(b)
                    lines.append("no error")
                except ValueError as e:
                    lines.append(f"{type(e).__name__}: {e}")
print("\n".join(lines))
"""


def test_every_simd_level_gives_the_same_results_and_errors():
    # HANDRANK_SIMD caps the kernel the CPU would pick: 0 = fused checked
    # kernel, 1 = SSSE3, 2 = AVX2 (a level the CPU lacks falls back lower).
    import os
    import subprocess
    import sys
    outs = {}
    for level in ("0", "1", "2"):
        env = dict(os.environ, HANDRANK_SIMD=level)
        r = subprocess.run([sys.executable, "-c", _LEVEL_SCRIPT], capture_output=True,
                           text=True, env=env, timeout=120)
        assert r.returncode == 0, r.stderr
        outs[level] = r.stdout
    assert outs["0"] == outs["1"] == outs["2"]
    assert outs["0"].count("DuplicateCardError") == 27 and outs["0"].count("CardRangeError") == 63
