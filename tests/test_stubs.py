"""The type stubs of the compiled modules (handrank/<game>/_kernel.pyi) must match them.

Runs ``python -m mypy.stubtest handrank.poker._kernel handrank.brag._kernel ...`` (every compiled
extension of the package) against the *installed* module
(editable checkout or wheel), plus self-checks showing that stubtest does catch a
stub that has drifted from the extension.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

#: mypy is in the dev extra; the "tools" tests run with ``pytest -m tools`` (docs/testing.md).
#: (stubtest runs mypy non-incrementally: each run reads numpy's stubs afresh, seconds each.)
pytestmark = pytest.mark.tools


@pytest.fixture(autouse=True)
def _needs_stubtest():
    # in a fixture, not at import: a run that deselects these tests reports no skip
    pytest.importorskip("mypy.stubtest", reason="mypy is not installed (it is in the 'dev' extra)")


handrank = pytest.importorskip("handrank")
_poker = pytest.importorskip("handrank.poker._kernel")

PKG_DIR = Path(handrank.__file__).resolve().parent
STUB = PKG_DIR / "poker" / "_kernel.pyi"
#: Every compiled extension of the package (``poker._kernel``, ``brag._kernel``, ...).
EXTENSIONS = sorted({f"{p.parent.name}.{p.name.split('.')[0]}" for p in PKG_DIR.glob("*/_*")
                     if p.suffix in (".so", ".pyd")})


def allowlist_for(modules) -> str:
    """Cython adds ``__test__`` to every module; it is not part of the API."""
    return "".join(f"handrank.{m}.__test__\n" for m in modules)


def _in_site_packages(path: Path) -> bool:
    return any(part in ("site-packages", "dist-packages") for part in path.parts)


def run_stubtest(tmp_path: Path, stub_root: Path | None = None,
                 modules: tuple[str, ...] = ("poker._kernel",)) -> subprocess.CompletedProcess:
    """stubtest ``handrank.<module>`` for each of ``modules``, from a neutral directory.

    stub_root: a directory holding handrank/__init__.pyi and handrank/poker/{__init__,_kernel}.pyi that mypy should
    use instead of the installed package's stubs (for the drift self-tests).
    """
    allowlist = tmp_path / "stubtest-allowlist.txt"
    allowlist.write_text(allowlist_for(modules))
    env = dict(os.environ)
    env.pop("MYPYPATH", None)
    if stub_root is not None:
        env["MYPYPATH"] = str(stub_root)
    elif not _in_site_packages(PKG_DIR):
        # Editable/source install: make sure mypy reads the stub that sits next to
        # the imported extension (mypy refuses site-packages on MYPYPATH, and
        # finds installed wheels through py.typed anyway).
        env["MYPYPATH"] = str(PKG_DIR.parent)
    cfg = tmp_path / "mypy.ini"
    cfg.write_text(f"[mypy]\ncache_dir = {tmp_path / '.mypy_cache'}\n")
    return subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "--mypy-config-file", str(cfg),
         "--allowlist", str(allowlist), *(f"handrank.{m}" for m in modules)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )


def test_stub_and_marker_are_shipped():
    assert "poker._kernel" in EXTENSIONS, EXTENSIONS
    for m in EXTENSIONS:
        assert (PKG_DIR / f"{m.replace('.', '/')}.pyi").is_file(), f"{m}.pyi missing: the installed package has no stub"
    assert (PKG_DIR / "py.typed").is_file(), "py.typed missing (PEP 561 marker)"
    assert (PKG_DIR / "py.typed").read_text() == ""


def test_stubtest_passes(tmp_path):
    proc = run_stubtest(tmp_path, modules=tuple(EXTENSIONS))
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"stubtest found differences between stubs and extensions:\n{out}"
    assert "Success" in out


# Each mutation must make stubtest fail: proves the test above can fail.
MUTATIONS = {
    "none (control: an unmodified copy passes)": (r"\A", ""),
    "renamed parameter": (r"def strength_counts\(n_cards: int\)", "def strength_counts(n: int)"),
    "missing function": (r"def table_bytes\(\) -> int: \.\.\.\n", ""),
    "wrong constant": (r"NUM_STRENGTHS: Final = 7462", "NUM_STRENGTHS: Final = 7461"),
    "extra function": (r"\Z", "def no_such_kernel() -> None: ...\n"),
    "lost positional-only": (r"e: int, /\) -> int", "e: int) -> int"),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_stubtest_catches_drift(tmp_path, name):
    pattern, repl = MUTATIONS[name]
    text = STUB.read_text()
    broken, n = re.subn(pattern, repl, text, count=1)
    assert n == 1, f"mutation {name!r} no longer applies to the stub; update the test"
    root = tmp_path / "stubs"
    (root / "handrank" / "poker").mkdir(parents=True)
    (root / "handrank" / "__init__.pyi").write_text("")
    (root / "handrank" / "poker" / "__init__.pyi").write_text("")
    (root / "handrank" / "poker" / "_kernel.pyi").write_text(broken)
    proc = run_stubtest(tmp_path, stub_root=root)
    out = proc.stdout + proc.stderr
    if name.startswith("none"):
        assert proc.returncode == 0, f"an unmodified copy of the stub fails stubtest:\n{out}"
        return
    assert "error: handrank.poker._kernel." in out, out
    assert proc.returncode != 0, f"stubtest did not notice the {name}:\n{out}"
    assert "handrank.poker._kernel" in out
