"""Hypothesis strategies shared by the fuzz tier: garbage of every kind, numpy arrays of
every dtype, shape and layout, and valid random hands."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from handrank.errors import HandrankError

#: What a public call may raise on bad input: a library error (a ValueError) or the
#: TypeError Python itself raises for a wrong type or a wrong number of arguments.
ALLOWED = (HandrankError, TypeError)

#: Every numpy dtype family the bulk calls can be handed.
DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
          np.float16, np.float32, np.float64, np.bool_, np.object_, np.complex128,
          np.dtype("U3"), np.dtype("S3"), np.dtype(">i4"), np.dtype("<u2"),
          np.dtype("datetime64[s]")]
INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
              np.uint64, np.dtype(">i4"), np.dtype(">u8")]

BIG_INTS = [0, 1, -1, 2, 3, 5, 7, 13, 51, 52, 63, 64, 255, 256, 2**31 - 1, 2**31, 2**32,
            2**63 - 1, 2**63, 2**64, -(2**31), -(2**63), -(2**63) - 1, 10**30, -(10**30)]
#: Integers for a parameter whose large valid values mean long work (samples, rounds):
#: invalid or tiny ones only (the caps themselves are tested in each game's tests).
CHEAP_INTS = [-1, 0, 1, 2, -(2**63), -(2**63) - 1, 2**64, 10**30, -(10**30)]
FLOATS = [0.0, -0.0, 0.5, 1.0, 5.0, 51.0, -1.5, 1e308, -1e308, 5e-324,
          float("nan"), float("inf"), float("-inf")]
TEXTS = ["", " ", "As", "As Ks", "As Ks Qs Js Ts", "AsKsQsJsTs9s8s", "As As", "Xx", "10h",
         "as ks qs", "A♠ K♠", "\x00", "As\x00Ks", "💥", "A" * 5000, "2c 2c 2c 2c 2c 2c",
         "QQ+, AKs", "0.4(AsKs)", "western", "greedy", "solver", "lexicographic",
         "expected-points", "stand-pat", "exact", "auto", "monte-carlo", "poker", "-1", "1e9"]
OTHERS = [None, True, False, b"As Ks", bytearray(b"As"), complex(1, 1), object(), (), [], [[]],
          [[[]]], {}, set(), frozenset([1]), {"a": 1}, [None], [1.5, 2.5], ["As", 5],
          [[0, 1], [2]], [[0, 1, 2]] * 2, [[[0, 1, 2]]], range(5), print,
          Ellipsis, slice(1), type, np.True_, np.nan]
NP_SCALARS = [np.int8(5), np.int8(-1), np.uint8(51), np.uint8(255), np.int16(-300),
              np.int32(2**31 - 1), np.int64(-(2**63)), np.uint64(2**64 - 1), np.float16(1.5),
              np.float32("nan"), np.float64(5.0), np.bool_(False), np.str_("As"),
              np.bytes_(b"As"), np.complex64(1j), np.datetime64(5, "s")]


@st.composite
def arrays(draw, dtypes=DTYPES, max_rows=6, widths=(0, 1, 2, 3, 4, 5, 6, 7, 13, 52),
           cheap=False):
    """A numpy array of a random dtype and shape (0-d, 1-d, 2-d, 3-d, empty), filled with
    integers (mostly card ids, some far out of range unless ``cheap``), in a random layout: C order, Fortran order,
    non-contiguous, negative strides, read-only or misaligned."""
    dtype = np.dtype(draw(st.sampled_from(dtypes)))
    ndim = draw(st.sampled_from([0, 1, 2, 2, 2, 3]))
    shape = tuple(draw(st.sampled_from([0, 1, 2, 3, max_rows])) if i < ndim - 1
                  else draw(st.sampled_from(widths)) for i in range(ndim))
    n = int(np.prod(shape)) if shape else 1
    low, high = draw(st.sampled_from([(0, 52), (0, 52), (-3, 61), (0, 2)]
                                     + ([] if cheap else [(-(2**31), 2**31)])))
    vals = np.random.default_rng(draw(st.integers(0, 2**32 - 1))).integers(low, high, n)
    with np.errstate(all="ignore"):
        try:
            a = vals.astype(dtype).reshape(shape)
        except (TypeError, ValueError):
            a = vals.astype(object).astype(dtype).reshape(shape)
    return draw(layouts(a))


@st.composite
def layouts(draw, a):
    """``a`` (same values) in a random memory layout."""
    kind = draw(st.sampled_from(["c", "f", "strided", "reversed", "readonly", "misaligned",
                                 "c", "c"]))
    if kind == "f":
        return np.asfortranarray(a)
    if kind == "strided" and a.ndim:
        big = np.repeat(a, 2, axis=a.ndim - 1)
        return big[..., ::2]
    if kind == "reversed" and a.ndim:
        return np.ascontiguousarray(a[::-1])[::-1]
    if kind == "readonly":
        b = a.copy()
        b.setflags(write=False)
        return b
    if kind == "misaligned" and a.dtype.itemsize > 1 and a.dtype != object and a.size:
        raw = np.zeros(a.nbytes + 1, dtype=np.uint8)
        b = raw[1:].view(a.dtype).reshape(a.shape)
        b[...] = a
        assert not b.flags.aligned or a.dtype.alignment == 1
        return b
    return a


#: The numpy scalars that are not large valid counts (for ``cheap_ints``).
CHEAP_NP_SCALARS = [x for x in NP_SCALARS if not (isinstance(x, np.integer) and 60 < x < 2**63)]


def garbage(cheap_ints: bool = False):
    """Any value a caller might pass by mistake. ``cheap_ints``: no large valid counts
    (for a parameter that sets how much work a call does)."""
    ints = CHEAP_INTS if cheap_ints else BIG_INTS
    return st.one_of(
        st.sampled_from(ints),
        st.sampled_from(FLOATS),
        st.sampled_from(TEXTS),
        st.sampled_from(OTHERS),
        st.sampled_from(CHEAP_NP_SCALARS if cheap_ints else NP_SCALARS),
        st.text(max_size=20),
        st.binary(max_size=10),
        st.lists(st.one_of(st.integers(-2, 60), st.sampled_from(["As", "Kd", "xx"])), max_size=14),
        st.lists(st.lists(st.integers(-1, 55), max_size=8), max_size=4),
        arrays(cheap=cheap_ints),  # (a 0-d integer array is a count too)
    )


def cards(n: int, k: int = 1):
    """``k`` disjoint hands of ``n`` distinct card ids (a list of lists)."""
    return st.permutations(range(52)).map(lambda p: [list(p[i * n:(i + 1) * n]) for i in range(k)])
