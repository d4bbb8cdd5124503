"""The kernels' one random generator (``src/handrank/_c/rng.h``).

The reference below is written from the published algorithms (splitmix64 and
xoshiro256** by Blackman and Vigna, https://prng.di.unimi.it/; Lemire's bounded
draw, ACM TOMACS 2019) in plain Python integers, independently of the C code.
The C generator is reached through the tiny test hook ``equity._kernel._rng_draws``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from handrank import brag, canada
from handrank import equity as E
from handrank.equity import _kernel as _equity

M64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def stream_state(seed: int, index: int) -> list[int]:
    """xoshiro256** state of stream ``index`` of ``seed``: four splitmix64 outputs
    from the key ``seed ^ mix64(index + gamma)``."""
    x = seed ^ mix64((index + GAMMA) & M64)
    out = []
    for _ in range(4):
        x = (x + GAMMA) & M64
        out.append(mix64(x))
    return out


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & M64


def xoshiro(s: list[int]):
    s = list(s)
    while True:
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        yield result


def lemire(words, bound: int):
    """Unbiased draws in 0..bound-1 from the top 32 bits of each 64-bit word."""
    threshold = (1 << 32) % bound
    for w in words:
        prod = (w >> 32) * bound
        if prod & 0xFFFFFFFF >= threshold:
            yield prod >> 32


def take(gen, n: int) -> list[int]:
    return [next(gen) for _ in range(n)]


@pytest.mark.parametrize("seed, index", [(0, 0), (1, 0), (0, 1), (2**64 - 1, 12345),
                                         (0x0123456789ABCDEF, 2**40 + 3)])
def test_generator_reproduces_the_reference_sequence(seed, index):
    got = _equity._rng_draws(seed, index, 200)
    assert got.dtype == np.uint64 and got.shape == (200,)
    assert [int(x) for x in got] == take(xoshiro(stream_state(seed, index)), 200)


def test_streams_differ_and_repeat():
    a = _equity._rng_draws(7, 0, 8)
    assert (a == _equity._rng_draws(7, 0, 8)).all()
    assert not (a == _equity._rng_draws(7, 1, 8)).any()
    assert not (a == _equity._rng_draws(8, 0, 8)).any()


@pytest.mark.parametrize("bound", [1, 3, 52, 1000, 2**31 + 1, 3 * 2**30, 2**32 - 1])
def test_bounded_draws_match_lemire_with_rejection(bound):
    # Large bounds reject up to half the words: the C draws must skip exactly those.
    n = 500
    got = [int(x) for x in _equity._rng_draws(99, 3, n, bound)]
    assert got == take(lemire(xoshiro(stream_state(99, 3)), bound), n)
    assert all(0 <= x < bound for x in got)


def chi2_limit(df: int, z: float = 4.75) -> float:
    """Upper chi-square quantile (Wilson-Hilferty), z = 4.75: about a 1e-6 false alarm."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def chi2(counts: np.ndarray) -> float:
    expected = counts.sum() / len(counts)
    return float(((counts - expected) ** 2 / expected).sum())


@pytest.mark.parametrize("bound", [3, 52])
def test_bounded_draws_are_uniform(bound):
    draws = _equity._rng_draws(2026, 0, 260_000, bound)
    counts = np.bincount(draws.astype(np.int64), minlength=bound)
    assert len(counts) == bound
    assert chi2(counts) < chi2_limit(bound - 1)


def test_bounded_draws_have_no_modulo_bias():
    # For bound = 3 * 2**30 a plain multiply-shift (no rejection) maps two 32-bit
    # words onto every value divisible by 3 and one onto the others, so the residues
    # mod 3 would come out 1/2, 1/4, 1/4; rejection makes them 1/3 each.
    draws = _equity._rng_draws(5, 0, 60_000, 3 * 2**30) % np.uint64(3)
    counts = np.bincount(draws.astype(np.int64), minlength=3)
    assert chi2(counts) < chi2_limit(2)


def test_brag_monte_carlo_is_the_same_for_any_thread_count():
    one = brag.equity("9s 9h 2c", 3, samples=40_000, seed=11, threads=1)
    two = brag.equity("9s 9h 2c", 3, samples=40_000, seed=11, threads=2)
    assert one == two
    assert one != brag.equity("9s 9h 2c", 3, samples=40_000, seed=12, threads=2)


def test_canada_monte_carlo_is_the_same_for_any_thread_count():
    one = canada.equity("8c 7c 3d 3h", "Ks Qs", 3, samples=4_000, seed=5, threads=1)
    two = canada.equity("8c 7c 3d 3h", "Ks Qs", 3, samples=4_000, seed=5, threads=2)
    assert one == two
    assert one != canada.equity("8c 7c 3d 3h", "Ks Qs", 3, samples=4_000, seed=6, threads=2)


def test_equity_monte_carlo_is_the_same_for_any_thread_count():
    n = 3 * E.CHUNK_SAMPLES  # several chunks, so the two runs split them differently
    one = E.equity(["AhAd", "QQ+, AK", "random"], samples=n, seed=3, threads=1)
    two = E.equity(["AhAd", "QQ+, AK", "random"], samples=n, seed=3, threads=2)
    assert one == two
    assert one != E.equity(["AhAd", "QQ+, AK", "random"], samples=n, seed=4, threads=2)
