"""The package ships py.typed, so its own code must type-check."""

import os
import subprocess
import sys

import pytest

#: mypy is in the dev extra; the "tools" tests run with ``pytest -m tools`` (docs/testing.md).
pytestmark = pytest.mark.tools

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_mypy_finds_no_errors_in_the_package():
    pytest.importorskip("mypy")
    r = subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                        os.path.join(ROOT, "pyproject.toml"), os.path.join(ROOT, "src", "handrank")],
                       capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
