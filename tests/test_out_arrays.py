"""``evaluate_many(..., out=)`` in every game: the strengths land in the caller's
``(N,)`` int32 array (the same object is returned, equal to a fresh call), and a
bad ``out`` is refused before the kernel runs, naming what is wrong."""

import numpy as np
import pytest

from handrank import brag, canada, cards, chinese, lowball, omaha, poker
from handrank.errors import ArrayDtypeError, ArrayShapeError

N = 200
CALLS = {
    "poker 7": (poker.evaluate_many, cards.deal(N, 7, seed=1)),
    "poker masks": (poker.evaluate_many,
                    np.bitwise_or.reduce(np.uint64(1) << cards.deal(N, 6, seed=2).astype(np.uint64),
                                         axis=1)),
    "brag": (brag.evaluate_many, cards.deal(N, 3, seed=3)),
    "canada": (canada.evaluate_many, cards.deal(N, 6, seed=4)),
    "chinese fronts": (chinese.evaluate_many, cards.deal(N, 3, seed=5)),
    "chinese rows of five": (chinese.evaluate_many, cards.deal(N, 5, seed=6)),
    "deuce-to-seven": (lowball.deuce_to_seven.evaluate_many, cards.deal(N, 5, seed=7)),
    "razz": (lowball.ace_to_five.evaluate_many, cards.deal(N, 7, seed=8)),
    "badugi": (lowball.badugi.evaluate_many, cards.deal(N, 4, seed=9)),
    "omaha": (lambda rows, out=None: omaha.evaluate_many(rows[:, :4], rows[:, 4:], out=out),
              cards.deal(N, 9, seed=7)),
}


@pytest.mark.parametrize("name", CALLS)
def test_out_receives_the_strengths(name):
    fn, hands = CALLS[name]
    out = np.full(N, -7, np.int32)
    got = fn(hands, out=out)
    assert got is out
    assert np.array_equal(out, fn(hands))
    assert (out > 0).all()


@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize("bad,error,words", [
    (np.zeros(N - 1, np.int32), ArrayShapeError, "shape"),
    (np.zeros((N, 1), np.int32), ArrayShapeError, "shape"),
    (np.zeros(N, np.int64), ArrayDtypeError, "int32"),
    (np.zeros(N, ">i4"), ArrayDtypeError, "int32"),
    (np.zeros(2 * N, np.int32)[::2], ArrayShapeError, "contiguous"),
    ([0] * N, TypeError, "numpy"),
])
def test_a_bad_out_is_refused(name, bad, error, words):
    fn, hands = CALLS[name]
    with pytest.raises(error, match=words):
        fn(hands, out=bad)


def test_a_read_only_out_is_refused():
    out = np.zeros(N, np.int32)
    out.setflags(write=False)
    with pytest.raises(ArrayShapeError, match="writeable"):
        poker.evaluate_many(CALLS["poker 7"][1], out=out)


def test_out_sharing_memory_with_the_hands_is_refused():
    # the kernel would overwrite rows it has not read yet
    buf = np.zeros(7 * N + 4 * N, np.uint8)
    hands = buf[:7 * N].reshape(N, 7)
    hands[:] = CALLS["poker 7"][1]
    with pytest.raises(ArrayShapeError, match="shares memory"):
        poker.evaluate_many(hands, out=buf[4 * N:8 * N].view(np.int32))
    # right next to the hands is fine
    got = poker.evaluate_many(hands, out=buf[7 * N:].view(np.int32))
    assert np.array_equal(got, poker.evaluate_many(hands))
