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


def fresh_seed() -> int:
    """A new non-negative 63-bit seed from the operating system's entropy."""
    return int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))


def replayable(seed: object = None) -> tuple[np.random.Generator, int | None]:
    """The random source of a run and the seed to report with its result: an int seed
    is reported as given, ``None`` draws a fresh seed and reports it (so the run can
    be repeated), a Generator is used as is and reports None. OptionError as
    :func:`rng`."""
    if seed is None:
        seed = fresh_seed()
    gen = rng(seed)
    return gen, (None if isinstance(seed, np.random.Generator) else int(seed))  # type: ignore[call-overload]
