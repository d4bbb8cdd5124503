"""Kernels are safe on any input they can be handed (docs/architecture.md,
"Validation, once per path"): other Cython modules may cimport them, so sizes
and indexes are checked before use, in wide types, and a bad value is a clear
ValueError (or TypeError) whose message shows no address.

The public Python layer never passes these values; each test calls the
``_kernel`` function directly. A call that used to crash the interpreter runs in
a subprocess, so a regression fails the test instead of killing the run.
"""

import subprocess
import sys
import textwrap

import numpy as np
import pytest

from handrank.canada import _kernel as canada_k
from handrank.equity import _kernel as equity_k


def _clean(exc: BaseException) -> str:
    msg = str(exc)
    assert "0x" not in msg, msg
    return msg


def _in_subprocess(code: str) -> str:
    """Run ``code`` (which prints the exception it expects) in a fresh interpreter;
    a crash (segfault) is a test failure, not the end of the test run."""
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, (proc.returncode, proc.stdout, proc.stderr)
    return proc.stdout


# ------------------------------------------------------------ canada.equity_kernel

_CANADA_CALL = """
    import numpy as np
    from handrank.canada import _kernel as K
    hero = np.array([0, 4, 8, 12, 16, 20], dtype=np.uint8)
    stock = np.arange(24, 52, dtype=np.uint8)
    split = np.zeros({split}, dtype=np.int64)
    try:
        K.equity_kernel(hero, stock, {opponents}, 1, 0, 4, split)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, "|", e)
    else:
        print("NO ERROR", split.tolist())
"""


@pytest.mark.parametrize("opponents", [2**31 - 1, 2**31 - 2, 2**30 + 1])
def test_canada_equity_opponents_overflow_subprocess(opponents):
    # 4 * opponents and opponents + 2 overflowed an int: the checks passed and the
    # deal ran far past the 4,096-byte work buffer (segfault).
    out = _in_subprocess(_CANADA_CALL.format(split=8, opponents=opponents))
    assert out.startswith("ValueError |"), out
    assert "0x" not in out and "opponents" in out, out


def test_canada_equity_opponents_2_29_subprocess():
    # opponents = 2**29: 4 * opponents is INT_MIN, so only ``split`` stood in the
    # way; a split long enough (lazily allocated, never touched) let it through.
    out = _in_subprocess(_CANADA_CALL.format(split=2**29 + 2, opponents=2**29))
    assert out.startswith("ValueError |"), out
    assert "0x" not in out and "opponents" in out, out


@pytest.mark.parametrize("opponents", [2**29, 2**30, 2**31 - 1, 8, 0, -1, -(2**31)])
def test_canada_equity_opponents_bad(opponents):
    hero = np.array([0, 4, 8, 12, 16, 20], dtype=np.uint8)
    stock = np.arange(24, 52, dtype=np.uint8)  # 28 cards: at most 7 opponents
    split = np.zeros(16, dtype=np.int64)
    with pytest.raises(ValueError) as info:
        canada_k.equity_kernel(hero, stock, opponents, 1, 0, 4, split)
    assert "opponents" in _clean(info.value)
    assert not split.any()


def test_canada_equity_split_too_short():
    hero = np.array([0, 4, 8, 12, 16, 20], dtype=np.uint8)
    stock = np.arange(24, 52, dtype=np.uint8)
    with pytest.raises(ValueError) as info:
        canada_k.equity_kernel(hero, stock, 3, 1, 0, 4, np.zeros(4, dtype=np.int64))
    assert "split" in _clean(info.value)


def test_canada_equity_still_works():
    hero = np.array([0, 4, 8, 12, 16, 20], dtype=np.uint8)
    stock = np.arange(24, 52, dtype=np.uint8)
    split = np.zeros(9, dtype=np.int64)
    canada_k.equity_kernel(hero, stock, 7, 1, 0, 100, split)
    assert split.sum() == 100


# ------------------------------------------------------------ equity.monte_carlo

def _mc_args(off, k=3):
    """Two players; ``alias`` is the first k entries of a larger buffer whose tail
    holds an address-like number, so a read past its end is visible."""
    combos = np.array([[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11]][:k], dtype=np.uint8)
    prob = np.ones(k, dtype=np.float64)
    backing = np.full(64, 0x7F3A_DEAD_BEE0, dtype=np.int64)
    alias = backing[:k]
    alias[:] = np.arange(k)
    off = np.array(off, dtype=np.int64)
    uniform = np.zeros(len(off) - 1, dtype=np.uint8)
    board = np.zeros(0, dtype=np.uint8)
    return combos, off, prob, alias, uniform, board


@pytest.mark.parametrize("off", [
    [0, 40, 3],        # beyond the combos: alias was read past its end
    [0, 3, 2, 3],      # not increasing (and the middle range past K)
    [0, 50, 1, 3],     # not increasing, far out of range
    [0, 2, 2, 3],      # an empty range
])
def test_equity_monte_carlo_bad_offsets(off):
    combos, off, prob, alias, uniform, board = _mc_args(off)
    with pytest.raises(ValueError) as info:
        equity_k.monte_carlo(combos, off, prob, alias, uniform, board, 0, 1, 10, 100)
    msg = _clean(info.value)
    assert "offsets" in msg, msg
    assert str(0x7F3A_DEAD_BEE0) not in msg, msg  # nothing read past alias's end


@pytest.mark.parametrize("n_off", [1, 2, 12, 2**8])
def test_equity_monte_carlo_player_count(n_off):
    combos, _, prob, alias, _, board = _mc_args([0, 1, 3])
    off = np.zeros(n_off, dtype=np.int64)
    uniform = np.zeros(max(n_off - 1, 0), dtype=np.uint8)
    with pytest.raises(ValueError) as info:
        equity_k.monte_carlo(combos, off, prob, alias, uniform, board, 0, 1, 10, 100)
    _clean(info.value)


def test_equity_monte_carlo_still_works():
    combos, off, prob, alias, uniform, board = _mc_args([0, 1, 3])
    rc, res = equity_k.monte_carlo(combos, off, prob, alias, uniform, board, 0, 1, 50, 100)
    assert rc == 0 and res[4, 0] == 50


# ------------------------------------------------------------ equity.deck_left

@pytest.mark.parametrize("players", [2**31 - 1, 2**30, -1, -(2**31), 11])
def test_equity_deck_left_players(players):
    # 2 * players overflowed an int (undefined behaviour; a wrong count came back).
    board = np.array([0, 1, 2], dtype=np.uint8)
    with pytest.raises(ValueError) as info:
        equity_k.deck_left(board, 0, players)
    assert "players" in _clean(info.value)


def test_equity_deck_left_still_works():
    board = np.array([0, 1, 2], dtype=np.uint8)
    assert equity_k.deck_left(board, 0, 2) == 45
    assert equity_k.deck_left(board, 0, 0) == 49


# ------------------------------------------------------------ equity.exact_units

def test_equity_exact_units_wide_holes():
    # holes.shape[1] // 2 was narrowed to an int before it was checked: 2**33 + 4
    # columns read as 2 players. Lazily allocated, never touched.
    try:
        holes = np.zeros((1, 2**33 + 4), dtype=np.uint8)
    except MemoryError:
        pytest.skip("cannot reserve 8 GiB of address space")
    board = np.zeros(5, dtype=np.uint8)
    board[:] = [10, 20, 30, 40, 50]
    holes[0, :4] = [0, 1, 2, 3]
    out = np.zeros((1, 6), dtype=np.int64)
    with pytest.raises(ValueError) as info:
        equity_k.exact_units(holes, board, 0, 0, 1, out)
    assert "columns" in _clean(info.value)


# ------------------------------------------------------------ crash.set_rows

def test_crash_set_rows_wide_holdings():
    # ids.shape[1] was narrowed to an int before it was checked: 2**32 + 6
    # columns read as a 6-card holding. Lazily allocated, never touched.
    from handrank.crash import _kernel as crash_k
    try:
        ids = np.zeros((1, 2**32 + 6), dtype=np.uint8)
    except MemoryError:
        pytest.skip("cannot reserve 4 GiB of address space")
    table = np.zeros(2 * 2197, dtype=np.int16)
    win = np.full((2, 1), 0.5)
    out_cards = np.zeros((1, 6), dtype=np.uint8)
    out_str = np.zeros((1, 2), dtype=np.int16)
    out_ev = np.zeros(1)
    with pytest.raises(ValueError) as info:
        crash_k.set_rows(table, 1, ids, 2, 0, win, out_cards, out_str, out_ev, 0, 1)
    assert "cards" in _clean(info.value)
