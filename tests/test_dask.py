"""handrank.dask: lazy evaluation on Dask arrays and DataFrames, equal to the in-process calls."""

from __future__ import annotations

import numpy as np
import pytest

da = pytest.importorskip("dask.array", reason="dask is not installed (the 'dask' extra)")
dd = pytest.importorskip("dask.dataframe", reason="dask[dataframe] is not installed")
import dask  # noqa: E402
import pandas as pd  # noqa: E402

from handrank import cards, poker  # noqa: E402
from handrank import dask as hd  # noqa: E402
from handrank.errors import (  # noqa: E402
    ArrayDtypeError,
    ArrayShapeError,
    CardParseError,
    CardRangeError,
    DuplicateCardError,
    HandSizeError,
)

SYNC = {"scheduler": "synchronous"}


def _hands(n: int, k: int = 7, seed: int = 1) -> np.ndarray:
    return cards.deal(n, k, seed=seed)


def test_evaluate_many_equals_in_process_and_is_lazy():
    ids = _hands(10_000)
    x = da.from_array(ids, chunks=(1_500, 7))
    s = hd.evaluate_many(x)
    assert isinstance(s, da.Array) and s.dtype == np.int32 and s.shape == (10_000,)
    assert s.chunks == (x.chunks[0],)
    assert s._meta.dtype == np.int32 and s._meta.ndim == 1
    got = s.compute(**SYNC)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, poker.evaluate_many(ids))


def test_columns_split_over_blocks_are_rechunked_and_masks_work():
    ids = _hands(3_000, 6, seed=2)
    x = da.from_array(ids, chunks=(700, 4))  # columns in two blocks
    want = poker.evaluate_many(ids)
    np.testing.assert_array_equal(hd.evaluate_many(x).compute(**SYNC), want)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), ids.astype(np.uint64)), axis=1)
    np.testing.assert_array_equal(
        hd.evaluate_many(da.from_array(masks, chunks=500)).compute(**SYNC), want)


def test_categories_and_histogram():
    ids = _hands(20_000, seed=3)
    x = da.from_array(ids, chunks=(3_000, 7))
    strengths = poker.evaluate_many(ids)
    want_cat = poker.categories(strengths)
    got = hd.categories(x)
    assert got.dtype == np.int8
    np.testing.assert_array_equal(got.compute(**SYNC), want_cat)
    np.testing.assert_array_equal(
        hd.categories(da.from_array(strengths, chunks=4_000)).compute(**SYNC), want_cat)
    counts = hd.category_counts(x)
    assert counts.shape == (9,) and counts.dtype == np.int64
    want = np.bincount(want_cat, minlength=9)
    np.testing.assert_array_equal(counts.compute(**SYNC), want)
    assert want[poker.Category.ONE_PAIR] > 0 and want.sum() == 20_000


def test_bad_rows_are_named_by_their_global_row():
    ids = _hands(1_000, 5, seed=4).astype(np.int16)
    ids[734, 2] = 52
    x = da.from_array(ids, chunks=(100, 5))
    with pytest.raises(CardRangeError, match=r"^row 734, column 2: card id 52") as ei:
        hd.evaluate_many(x).compute(**SYNC)
    assert ei.value.row == 734
    ids[734, 2] = ids[734, 0]
    with pytest.raises(DuplicateCardError, match=r"^row 734: duplicate card"):
        hd.evaluate_many(da.from_array(ids, chunks=(100, 5))).compute(**SYNC)
    s = np.full(500, 10, dtype=np.int32)
    s[321] = 9999
    with pytest.raises(ValueError, match=r"^index 321: poker strength 9999"):
        hd.categories(da.from_array(s, chunks=100)).compute(**SYNC)


def test_shapes_and_dtypes_are_checked_when_the_graph_is_built():
    with pytest.raises(HandSizeError, match="5, 6 or 7 cards; the array has 4 columns"):
        hd.evaluate_many(da.zeros((10, 4), dtype=np.uint8, chunks=5))
    with pytest.raises(ArrayDtypeError, match="float64"):
        hd.evaluate_many(da.zeros((10, 5), chunks=5))
    with pytest.raises(ArrayDtypeError, match="uint64 card masks"):
        hd.evaluate_many(da.zeros(10, dtype=np.int32, chunks=5))
    with pytest.raises(ArrayShapeError, match="shape"):
        hd.evaluate_many(da.zeros((2, 5, 7), dtype=np.uint8, chunks=1))
    with pytest.raises(TypeError, match="dask.array.Array"):
        hd.evaluate_many(np.zeros((3, 5), dtype=np.uint8))


def test_showdown_many_equals_in_process():
    deals = _hands(2_000, 9, seed=5)
    board, holes = deals[:, :5], deals[:, 5:].reshape(2_000, 2, 2)
    want_s, want_w = poker.showdown_many(board, holes)
    s, w = hd.showdown_many(da.from_array(board, chunks=(300, 5)),
                            da.from_array(holes, chunks=(450, 2, 2)))
    assert s.dtype == np.int32 and w.dtype == bool and s.shape == (2_000, 2)
    got_s, got_w = dask.compute(s, w, **SYNC)
    np.testing.assert_array_equal(got_s, want_s)
    np.testing.assert_array_equal(got_w, want_w)
    holes = holes.copy()
    holes[1_234, 1, 0] = board[1_234, 3]
    with pytest.raises(DuplicateCardError, match=r"^row 1234: card"):
        hd.showdown_many(da.from_array(board, chunks=(300, 5)),
                         da.from_array(holes, chunks=(300, 2, 2)))[0].compute(**SYNC)
    with pytest.raises(HandSizeError, match="make 8"):
        hd.showdown_many(da.zeros((4, 5), dtype=np.uint8, chunks=2),
                         da.zeros((4, 2, 3), dtype=np.uint8, chunks=2))


def test_evaluate_text_series_mixed_lengths_and_bad_rows():
    texts = ["As Ks Qs Js Ts", "2c3d4h5s7c", "Ah Ad Ac Kd Kh 2c 3c", "10d 9d 8d 7d 6d 2h",
             "7h 7d 7c 7s 2d"] * 40
    idx = pd.RangeIndex(1000, 1000 + len(texts))
    ser = dd.from_pandas(pd.Series(texts, index=idx, name="hand"), npartitions=3)
    got = hd.evaluate_text(ser)
    assert got.dtype == np.int32 and got.name == "hand"
    assert got._meta.dtype == np.int32
    res = got.compute(**SYNC)
    assert list(res.index) == list(idx)
    want = [poker.strength(t) for t in texts]
    assert res.tolist() == want
    uniform = dd.from_pandas(pd.Series(texts[:1] * 50), npartitions=2)
    assert hd.evaluate_text(uniform).compute(**SYNC).tolist() == [7462] * 50
    bad = list(texts)
    bad[137] = "As Ks Qs Js Xx"
    ser = dd.from_pandas(pd.Series(bad, index=idx), npartitions=3)
    with pytest.raises(CardParseError, match=r"^index 1137 \(partition \d, row \d+\)") as ei:
        hd.evaluate_text(ser).compute(**SYNC)
    assert "Xx" in str(ei.value)
    bad[137] = "As Ks Qs Js As"
    ser = dd.from_pandas(pd.Series(bad, index=idx), npartitions=3)
    with pytest.raises(DuplicateCardError, match=r"^index 1137 "):
        hd.evaluate_text(ser).compute(**SYNC)
    bad[137] = None
    ser = dd.from_pandas(pd.Series(bad, index=idx), npartitions=3)
    with pytest.raises(ValueError, match=r"^index 1137 \(partition \d, row \d+\): not card text"):
        hd.evaluate_text(ser).compute(**SYNC)
    with pytest.raises(TypeError, match="dask.dataframe.Series"):
        hd.evaluate_text(pd.Series(texts))


@pytest.mark.slow
def test_local_cluster_with_two_worker_processes():
    distributed = pytest.importorskip("distributed")
    ids = _hands(200_000, seed=6)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        x = da.from_array(ids, chunks=(25_000, 7))
        s, counts = client.compute([hd.evaluate_many(x), hd.category_counts(x)], sync=True)
        np.testing.assert_array_equal(s, poker.evaluate_many(ids))
        np.testing.assert_array_equal(counts, np.bincount(poker.categories(s), minlength=9))
        ids[150_001, 3] = 77
        with pytest.raises(CardRangeError, match=r"^row 150001, column 3"):
            client.compute(hd.evaluate_many(da.from_array(ids, chunks=(25_000, 7))), sync=True)


def test_the_module_shows_only_its_api():
    public = {n for n in vars(hd) if not n.startswith("_")} - {"annotations"}
    assert public == set(hd.__all__) | {"N_CATEGORIES"}
    assert dir(hd) == sorted(public)
