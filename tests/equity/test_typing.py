"""The public signature of ``equity.equity`` is typed for what it accepts, so that
``mypy --strict`` catches misuse (a string where the list of players goes, an unknown
keyword, a method that does not exist) and passes correct calls."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap

import pytest

#: mypy is in the dev extra; the "tools" tests run with ``pytest -m tools`` (docs/testing.md).
pytestmark = pytest.mark.tools

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GOOD = """
import numpy as np
from handrank import equity
from handrank.equity import EquityResult, HoldemEquity, PlayerEquity
from handrank.equity.ranges import parse_range

names: list[str] = ["AhAd", "KsKc"]
r: HoldemEquity = equity.equity(names)
equity.equity(("AhAd", ["Ks", "Kc"], [40, 41], parse_range("QQ+")), board="2c 7d 9h",
              dead=[4], method="monte-carlo", samples=1000, seed=np.random.default_rng(1),
              threads=0, progress=lambda done, total: None)
equity.equity(np.array([[50, 49], [47, 46]]), target_stderr=0.01, seed=3)
shared: EquityResult = r
first: PlayerEquity = r.players[0]
print(first.lose, r.combinations, r.boards, shared.game)
"""

BAD = """
from handrank import equity

equity.equity("AhAd KsKc")
equity.equity(["AhAd", "KsKc"], method="fast")
equity.equity(["AhAd", "KsKc"], sampels=10)
equity.equity(["AhAd", "KsKc"], samples="10")
equity.equity(["AhAd", "KsKc"], progress=5)
equity.equity([None, "KsKc"])
"""


def test_mypy_strict_rejects_misuse_and_accepts_correct_calls(tmp_path):
    pytest.importorskip("mypy")
    good, bad = tmp_path / "good_calls.py", tmp_path / "bad_calls.py"
    good.write_text(textwrap.dedent(GOOD))
    bad.write_text(textwrap.dedent(BAD))
    r = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent",
                        "--no-error-summary", "--hide-error-context", "--show-error-codes",
                        str(good), str(bad)],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    out = r.stdout + r.stderr
    assert r.returncode == 1, out
    assert "good_calls.py" not in out, out
    lines = {int(m.group(1)) for m in re.finditer(r"bad_calls\.py:(\d+): error", out)}
    # every bad call (lines 4..9 of BAD) is an error, and the string-as-players first
    assert lines == set(range(4, 10)), out
    assert re.search(r'bad_calls\.py:4: error: Argument 1 to "equity" has incompatible '
                     r'type "str"', out), out
