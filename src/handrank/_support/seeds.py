"""The one seed path: every seeded function turns its ``seed`` argument into a
:class:`numpy.random.Generator` here, and kernels that draw their own random numbers
get a 64-bit word from it (:func:`seed_word`)."""

from __future__ import annotations

import numpy as np

from ..errors import OptionError

#: What a ``seed`` argument may be.
SeedLike = int | np.random.Generator | None


def rng(seed: object = None) -> np.random.Generator:
    """The random source every seeded function of handrank uses: ``seed`` may be a
    non-negative int (reproducible), a :class:`numpy.random.Generator` (used as is,
    so a caller can thread one source through several calls) or None (fresh entropy).

    Raises OptionError naming the value for anything else (negative ints, floats,
    bools, strings).
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and (isinstance(seed, (bool, np.bool_))
                             or not isinstance(seed, (int, np.integer)) or seed < 0):
        raise OptionError(f"seed must be a non-negative int, a numpy Generator or None, "
                          f"got {seed!r}")
    return np.random.default_rng(seed)


def seed_word(seed: object = None) -> int:
    """A 64-bit seed for a C kernel's own generator, drawn from :func:`rng`."""
    return int(rng(seed).integers(0, 2**64, dtype=np.uint64))
