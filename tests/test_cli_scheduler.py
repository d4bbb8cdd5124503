"""``--scheduler`` on ``handrank equity``, ``canada odds`` and ``chinese set --file``:
the job goes through ``executor=client.get_executor()`` and prints what the in-process
run prints; an unreachable scheduler is a one-line error (exit status 2).

The quick tests stand a thread pool in for the cluster's executor (the commands' own
wiring: the executor is used, closed at the end, output unchanged); the slow ones start
a real ``local:2`` LocalCluster of 2 worker processes."""

from __future__ import annotations

import types
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from handrank import canada, chinese
from handrank.cli import main
from handrank.equity import enumeration

HOLDINGS = ["As Kd Qh Jc 9s 8d 7h 6c 4s 3d 2h 2c Td",
            "2c3d4h5s6c7d8h9sTcJdQhKsAc",
            "Ah Ad Ac Kh Kd Ks Qh Qd 7c 7d 5s 4s 3s",
            "2h 3h 4h 5h 6h 7c 8c 9c Tc Jc Qs Ks As",
            "9h 9d 8c 8s 7h 6d 5c 4s 3h Jh Qd Kc Ad"]


def run(capsys, *argv) -> tuple[int, str, str]:
    rc = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return rc, out, err


class _CountingPool(ThreadPoolExecutor):
    """A stand-in for ``Client.get_executor()`` that counts the units submitted."""

    def __init__(self) -> None:
        super().__init__(2)
        self.submitted = 0
        self.closed = False

    def submit(self, fn, /, *args, **kwargs):
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)

    def shutdown(self, *a, **kw):
        self.closed = True
        super().shutdown(*a, **kw)


@pytest.fixture
def fake_cluster(monkeypatch):
    """Every command's ``dask_client`` hands out a counting thread pool, closed with the
    command's exit stack; yields the list of pools made."""
    pools: list[_CountingPool] = []

    def client(spec, stack, note=None):
        assert spec == "tcp://scheduler:8786"
        pool = stack.enter_context(_CountingPool())
        pools.append(pool)
        return types.SimpleNamespace(get_executor=lambda: pool)

    for mod in ("equity", "canada", "chinese"):
        monkeypatch.setattr(f"handrank.cli.{mod}.dask_client", client)
    return pools


SCHED = ("--scheduler", "tcp://scheduler:8786")


@pytest.mark.parametrize("argv", [
    ["AhKh", "QQ+, AKs", "7c7d", "--board", "2h 9h Td"],
    ["AhKh", "QQ+, AKs", "--samples", "100000", "--seed", "7"],
])
def test_equity_on_the_scheduler_prints_the_in_process_result(argv, capsys, monkeypatch,
                                                              fake_cluster):
    monkeypatch.setattr(enumeration, "_TASK_EVALS", 20_000)  # many units, even for this
    rc, want, _ = run(capsys, "equity", "-o", "json", "--no-progress", *argv)
    assert rc == 0
    rc, got, err = run(capsys, "equity", "-o", "json", "--no-progress", *SCHED, *argv)
    assert (rc, err) == (0, "")
    assert got == want
    assert len(fake_cluster) == 1 and fake_cluster[0].submitted > 1 and fake_cluster[0].closed


def test_canada_odds_on_the_scheduler_prints_the_in_process_table(capsys, monkeypatch,
                                                                 fake_cluster):
    # cheap stand-in units (the real ones enumerate 305M deals): counts that differ per unit
    monkeypatch.setattr(canada.odds, "_odds_unit",
                        lambda first, naive: np.arange(35, dtype=np.int64) * (first + 1))
    rc, want, _ = run(capsys, "canada", "odds", "-o", "csv", "--no-progress")
    assert rc == 0
    rc, got, _ = run(capsys, "canada", "odds", "-o", "csv", "--no-progress", *SCHED)
    assert rc == 0 and got == want
    assert fake_cluster[0].submitted == 49 and fake_cluster[0].closed


def test_chinese_set_over_a_file_on_the_scheduler(tmp_path, capsys, monkeypatch, fake_cluster):
    monkeypatch.setattr(chinese.solver, "EXECUTOR_UNIT_HOLDINGS", 2)  # 3 units
    f = tmp_path / "deals.txt"
    f.write_text("# five deals\n" + "\n\n".join(HOLDINGS[1:]) + "\n")
    rc, want, _ = run(capsys, "chinese", "set", "-o", "json", HOLDINGS[0], "--file", f)
    assert rc == 0
    rc, got, _ = run(capsys, "chinese", "set", "-o", "json", HOLDINGS[0], "--file", f, *SCHED)
    assert rc == 0 and got == want
    assert fake_cluster[0].submitted == 3
    # the file's rows are the same solutions as one argument each
    rc, args_out, _ = run(capsys, "chinese", "set", "-o", "json", *HOLDINGS)
    assert args_out == want


def test_chinese_set_names_the_bad_line_of_the_file(tmp_path, capsys):
    f = tmp_path / "deals.txt"
    f.write_text(HOLDINGS[0] + "\n\n" + HOLDINGS[1].replace("Ac", "Ks") + "\n")
    rc, out, err = run(capsys, "chinese", "set", "--file", f)
    assert rc == 2 and out == ""
    assert f"{f}: line 3" in err and "duplicate card Ks" in err and err.count("\n") == 1
    rc, _, err = run(capsys, "chinese", "set")
    assert rc == 2 and "give a HOLDING or --file" in err


def test_an_unreachable_scheduler_is_one_line_and_exit_status_2(tmp_path, capsys,
                                                                monkeypatch):
    distributed = pytest.importorskip("distributed")

    def refuse(address, **kw):
        raise OSError(f"Timed out trying to connect to {address}")

    monkeypatch.setattr(distributed, "Client", refuse)
    (tmp_path / "deals.txt").write_text(HOLDINGS[0] + "\n")
    for argv in (["equity", "AhKh", "7c7d"], ["canada", "odds", "--no-progress"],
                 ["chinese", "set", "--file", tmp_path / "deals.txt"]):
        rc, out, err = run(capsys, *argv, "--scheduler", "tcp://127.0.0.1:1")
        assert (rc, out) == (2, ""), argv
        assert err.count("\n") == 1 and "cannot reach the Dask scheduler" in err, err
        assert "tcp://127.0.0.1:1" in err


def test_scheduler_is_checked_and_is_for_holdem_equity(capsys):
    rc, _, err = run(capsys, "equity", "--game", "brag", "Qh Qd Qc", *SCHED)
    assert rc == 2 and "--scheduler is for Hold'em" in err
    for argv in (["equity", "AhKh", "7c7d"], ["canada", "odds"], ["chinese", "set", "x"]):
        rc, _, err = run(capsys, *argv, "--scheduler", "local:0")
        assert rc == 2 and "argument --scheduler" in err


@pytest.mark.slow
def test_equity_and_chinese_set_on_a_local_cluster(tmp_path, capsys, monkeypatch):
    """The real thing: ``local:2`` starts 2 worker processes and closes them at the end."""
    pytest.importorskip("distributed")
    monkeypatch.setattr(enumeration, "_TASK_EVALS", 20_000)
    argv = ["equity", "-o", "json", "--no-progress", "AhKh", "QQ+, AKs", "--board", "2h 9h Td"]
    rc, want, _ = run(capsys, *argv)
    rc2, got, _ = run(capsys, *argv, "--scheduler", "local:2")
    assert rc == rc2 == 0 and got == want
    monkeypatch.setattr(chinese.solver, "EXECUTOR_UNIT_HOLDINGS", 2)
    f = tmp_path / "deals.txt"
    f.write_text("\n".join(HOLDINGS) + "\n")
    rc, want, _ = run(capsys, "chinese", "set", "--file", f)
    rc2, got, _ = run(capsys, "chinese", "set", "--file", f, "--scheduler", "local:2")
    assert rc == rc2 == 0 and got == want
