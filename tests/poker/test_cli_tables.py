"""``handrank rank`` with Parquet and Arrow files: in, out, bad rows, summary."""

from __future__ import annotations

import json

import numpy as np
import pytest

pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed (the 'arrow' extra)")
import pyarrow.ipc as ipc  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402

from handrank import cards, poker  # noqa: E402
from handrank.cli import main  # noqa: E402

TEXTS = ["As Ks Qs Js Ts", "2c3d4h5s7c", "Ah Ad Ac Kd Kh 2c 3c", "10d 9d 8d 7d 6d 2h",
         "7h 7d 7c 7s 2d"]


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


def _summary(out: str) -> dict:
    return json.loads(out)["summary"]


def test_parquet_text_column_same_summary_as_the_text_file(tmp_path, capsys):
    texts = TEXTS * 30
    pq.write_table(pa.table({"id": list(range(len(texts))), "hand": texts}),
                   tmp_path / "h.parquet", row_group_size=40)
    (tmp_path / "h.txt").write_text("\n".join(texts) + "\n")
    rc, out_p, _ = run(capsys, "rank", "-s", "-o", "json", "--no-progress", tmp_path / "h.parquet")
    assert rc == 0
    rc, out_t, _ = run(capsys, "rank", "-s", "-o", "json", "--no-progress", tmp_path / "h.txt")
    assert rc == 0
    assert _summary(out_p) == _summary(out_t)
    assert _summary(out_p)["hands"] == 150


def test_id_lists_in_and_parquet_out_in_row_groups(tmp_path, capsys):
    ids = cards.deal(1_000, 7, seed=11)
    mixed = [row[:5 + i % 3] for i, row in enumerate(ids.tolist())]
    pq.write_table(pa.table({"cards": pa.array(mixed, type=pa.list_(pa.int16())),
                             "other": np.arange(1_000)}), tmp_path / "in.pq")
    out = tmp_path / "out.parquet"
    rc, text, _ = run(capsys, "rank", "--chunk-rows", "300", "--no-progress", "-O", out,
                      tmp_path / "in.pq")
    assert rc == 0 and "Summary: 1000 hands" in text and "line" not in text.splitlines()[0]
    f = pq.ParquetFile(out)
    assert f.metadata.num_row_groups == 4
    t = f.read()
    assert t.column_names == ["row", "cards", "strength", "category", "class"]
    assert t["row"].to_pylist() == list(range(1, 1_001))
    assert t["cards"].to_pylist() == mixed
    want = [poker.strength(h) for h in mixed]
    assert t["strength"].to_pylist() == want
    assert t["strength"].type == pa.int32()
    cats = poker.categories(np.array(want))
    assert t["category"].to_pylist()[:3] == [poker.Category(c).label for c in cats[:3]]
    assert not (tmp_path / "out.parquet.partial").exists()


def test_arrow_file_and_stream_and_fixed_size_lists(tmp_path, capsys):
    ids = cards.deal(500, 5, seed=12)
    arr = pa.FixedSizeListArray.from_arrays(pa.array(ids.ravel()), 5)
    table = pa.table({"hand": arr})
    with ipc.new_file(tmp_path / "h.arrow", table.schema) as w:
        w.write_table(table, max_chunksize=128)
    with ipc.new_stream(tmp_path / "s.arrows", table.schema) as w:
        w.write_table(table)
    out = tmp_path / "o.arrow"
    for path in ("h.arrow", "s.arrows"):
        rc, text, _ = run(capsys, "rank", "--no-progress", "-O", out, "-s", tmp_path / path)
        assert rc == 0, text
        got = ipc.open_file(out).read_all()
        np.testing.assert_array_equal(got["strength"].to_numpy(), poker.evaluate_many(ids))


def test_bad_rows_are_named_by_row_number(tmp_path, capsys):
    rows = [[0, 1, 2, 3, 4], [0, 1, 2, 3, 60], None, [5, 6, 7, 5, 9], [1, 2, 3], [8, 9, 10, 11, None],
            [12, 13, 14, 15, 16]]
    pq.write_table(pa.table({"hand": pa.array(rows, type=pa.list_(pa.int64()))}),
                   tmp_path / "b.parquet")
    out = tmp_path / "o.parquet"
    rc, _, err = run(capsys, "rank", "--no-progress", "-O", out, tmp_path / "b.parquet")
    assert rc == 2
    assert "b.parquet: row 2: column 4: card id 60 is out of range 0..51" in err
    assert "row 3: null cell" in err
    assert "row 4: duplicate card 3d" in err
    assert "row 5: 3 cards; a hand needs 5 to 7 cards" in err
    assert "row 6: column 4: null card id" in err
    assert "row 1:" not in err and "row 7:" not in err
    assert not out.exists() and not (tmp_path / "o.parquet.partial").exists()
    rc, text, err = run(capsys, "rank", "--no-progress", "--skip-bad", "-O", out,
                        tmp_path / "b.parquet")
    assert rc == 0 and "Summary: 2 hands (5 bad rows skipped)" in text
    assert pq.read_table(out)["row"].to_pylist() == [1, 7]


def test_text_cells_bad_and_column_choice(tmp_path, capsys):
    pq.write_table(pa.table({"a": ["x", "y", "z"], "b": ["As Ks Qs Js Ts", "", "As Ks Qs Js Xs"]}),
                   tmp_path / "t.parquet")
    rc, _, err = run(capsys, "rank", "--no-progress", tmp_path / "t.parquet")
    assert rc == 2 and "2 columns ('a', 'b')" in err and "--column" in err
    rc, _, err = run(capsys, "rank", "--no-progress", "--column", "nope", tmp_path / "t.parquet")
    assert rc == 2 and "no column 'nope'" in err
    rc, out, err = run(capsys, "rank", "--no-progress", "--column", "b", tmp_path / "t.parquet")
    assert rc == 2
    assert "row 2: empty cell" in err and "row 3:" in err and "Xs" in err
    rc, out, err = run(capsys, "rank", "--no-progress", "--skip-bad", "-o", "csv",
                       "--column", "b", tmp_path / "t.parquet")
    assert rc == 0 and out.splitlines()[0].startswith("row,cards,category,strength")
    assert out.splitlines()[1].startswith("1,As Ks Qs Js Ts,Royal flush,7462")
    pq.write_table(pa.table({"n": [1, 2]}), tmp_path / "n.parquet")
    rc, _, err = run(capsys, "rank", "--no-progress", tmp_path / "n.parquet")
    assert rc == 2 and "column 'n' is int64" in err


def test_text_input_to_parquet_and_usage_errors(tmp_path, capsys):
    (tmp_path / "h.txt").write_text("# hands\n" + "\n".join(TEXTS) + "\n")
    out = tmp_path / "o.parquet"
    rc, text, _ = run(capsys, "rank", "--no-progress", "-O", out, tmp_path / "h.txt")
    assert rc == 0 and text.startswith("Summary: 5 hands")
    t = pq.read_table(out)
    assert t["line"].to_pylist() == [2, 3, 4, 5, 6]
    assert t["strength"].to_pylist() == [poker.strength(x) for x in TEXTS]
    rc, _, err = run(capsys, "rank", "-O", tmp_path / "o.csv", tmp_path / "h.txt")
    assert rc == 2 and "name a .parquet" in err
    rc, _, err = run(capsys, "rank", "--column", "x", tmp_path / "h.txt")
    assert rc == 2 and "--column needs" in err
    (tmp_path / "junk.parquet").write_bytes(b"not parquet at all")
    rc, _, err = run(capsys, "rank", "--no-progress", tmp_path / "junk.parquet")
    assert rc == 2 and "cannot read" in err and "as parquet" in err


def test_scheduler_option_is_checked(tmp_path, capsys):
    (tmp_path / "h.txt").write_text("\n".join(TEXTS) + "\n")
    for bad in ("local:0", "local:x", "local:2000", "a b"):
        rc, _, err = run(capsys, "rank", "--scheduler", bad, tmp_path / "h.txt")
        assert rc == 2 and "argument --scheduler" in err


@pytest.mark.slow
def test_scheduler_local_cluster_same_output_as_in_process(tmp_path, capsys):
    pytest.importorskip("distributed")
    ids = cards.deal(3_000, 7, seed=13)
    names = [cards.format_card(c) for c in range(52)]
    lines = [" ".join(names[c] for c in row[:5 + i % 3]) for i, row in enumerate(ids.tolist())]
    lines[1_234] = "As Ks Qs Js Xs"
    (tmp_path / "h.txt").write_text("\n".join(lines) + "\n")
    argv = ["rank", "--no-progress", "--skip-bad", "--chunk-rows", "250", "-o", "csv",
            tmp_path / "h.txt"]
    rc, want, want_err = run(capsys, *argv)
    assert rc == 0
    rc, got, got_err = run(capsys, "rank", "--scheduler", "local:2", *argv[1:])
    assert rc == 0
    assert got == want and got_err == want_err
    assert "line 1235:" in got_err


def test_arrow_stream_from_standard_input(tmp_path, capsys, monkeypatch):
    import io
    import types

    table = pa.table({"hand": TEXTS})
    sink = io.BytesIO()
    with ipc.new_stream(sink, table.schema) as w:
        w.write_table(table)
    monkeypatch.setattr("sys.stdin", types.SimpleNamespace(buffer=io.BytesIO(sink.getvalue())))
    rc, out, _ = run(capsys, "rank", "--format", "arrow", "-o", "csv", "-")
    assert rc == 0
    assert [r.split(",")[3] for r in out.splitlines()[1:]] == \
        [str(poker.strength(t)) for t in TEXTS]
    rc, _, err = run(capsys, "rank", "--format", "parquet", "-")
    assert rc == 2 and "standard input" in err
