# The shared random generator (rng.h) for the kernels' Cython modules:
# ``from .._c.rng cimport hr_rng, hr_rng_stream, ...``. See rng.h for the
# algorithms (xoshiro256** seeded by splitmix64, unbiased Lemire draws).
from libc.stdint cimport uint8_t, uint32_t, uint64_t

cdef extern from "_c/rng.h" nogil:
    ctypedef struct hr_rng:
        pass
    # Generator number `index` of the family `seed`: same pair, same numbers.
    void hr_rng_stream(hr_rng *g, uint64_t seed, uint64_t index)
    uint64_t hr_rng_next(hr_rng *g)
    # Unbiased integer in [0, range), range >= 1.
    uint32_t hr_rng_below(hr_rng *g, uint32_t range)
    # Uniform double in [0, 1).
    double hr_rng_unit(hr_rng *g)
    # Partial Fisher-Yates: a[0..k) becomes a uniform ordered k-card deal from a[0..n).
    void hr_rng_deal_u8(hr_rng *g, uint8_t *a, uint32_t n, uint32_t k)
