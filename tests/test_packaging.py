"""The project builds, ships the right files and installs into a clean environment.

Both tests work on a copy of the source tree made from ``git ls-files`` (tracked
plus untracked, not ignored files), so build artifacts of the checkout (the in-place
extension, generated C, egg-info) cannot leak into what is tested, and they install
into fresh virtual environments. They need PyPI (build dependencies) and a C
compiler, and take a minute or two each: ``-m "not packaging"`` deselects them.
"""

import os
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parent.parent

#: Every Cython extension of the source tree (``poker/_kernel``, ``brag/_kernel``, ...).
EXTENSIONS = sorted(f"{p.parent.name}/{p.stem}" for p in (ROOT / "src" / "handrank").glob("*/_*.pyx"))

# Runs inside the fresh venv, from a directory that holds no source code.
CHECK_SCRIPT = f"EXTENSIONS = {EXTENSIONS!r}\n" + textwrap.dedent(
    """
    import sys
    from pathlib import Path

    import numpy as np

    import importlib.metadata

    import handrank
    import handrank.poker._kernel
    from handrank import poker

    assert handrank.__version__ == importlib.metadata.version("handrank"), handrank.__version__

    pkg = Path(handrank.__file__).resolve().parent
    assert Path(sys.prefix).resolve() in pkg.parents, f"imported from {pkg}, not the venv"

    v = poker.evaluate("AsKsQsJsTs")
    assert v.name == "Royal flush", v.name

    ids = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 17]], dtype=np.uint8)
    s = poker.evaluate_many(ids)
    assert s.dtype == np.int32 and s.shape == (2,), (s.dtype, s.shape)
    assert s[0] == 7462 and 0 < s[1] < s[0], s
    sevens = np.array([[51, 47, 43, 39, 35, 0, 1], [0, 5, 9, 13, 17, 22, 30]], dtype=np.int64)
    assert list(poker.evaluate_many(sevens)) == [7462, poker.strength7(0, 5, 9, 13, 17, 22, 30)]

    import importlib
    for name in EXTENSIONS:  # every compiled game kernel imports, and ships its stub
        importlib.import_module(f"handrank.{name.replace('/', '.')}")
        assert (pkg / f"{name}.pyi").is_file(), f"{name}.pyi not installed"
    assert (pkg / "py.typed").is_file(), "py.typed not installed"
    from handrank import rules  # the rules pages ship inside the package
    assert (pkg / "rules_pages" / "broken-canada.md").is_file(), "rules pages not installed"
    assert rules.page("canada").startswith("# Broken Canada")
    leaked = sorted(str(p) for p in pkg.rglob("*.c"))
    assert not leaked, f"generated C installed: {leaked}"
    print("OK", handrank.poker._kernel.__file__)
    """
)


def run(cmd, **kw):
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONHOME", "PIP_REQUIRE_VIRTUALENV", "VIRTUAL_ENV"):
        env.pop(var, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    proc = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, env=env,
                          timeout=600, **kw)
    assert proc.returncode == 0, (
        f"{' '.join(map(str, cmd))} failed ({proc.returncode}):\n"
        f"{proc.stdout[-6000:]}\n{proc.stderr[-6000:]}"
    )
    return proc


def source_files():
    """Files of the working tree that belong to the project (not ignored)."""
    if shutil.which("git") and (ROOT / ".git").exists():
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout
        return [f for f in out.split("\0") if f and (ROOT / f).is_file()]
    # Not a git checkout: everything except the usual build products.
    skip_dirs = {".git", "build", "dist", "__pycache__", ".venv", "wheelhouse",
                 ".pytest_cache", ".mypy_cache", ".hypothesis", ".benchmarks"}
    files = []
    for p in ROOT.rglob("*"):
        rel = p.relative_to(ROOT)
        if p.is_file() and not skip_dirs.intersection(rel.parts) \
                and not any(part.endswith(".egg-info") for part in rel.parts) \
                and p.suffix not in {".so", ".pyd", ".o", ".c"}:
            files.append(rel.as_posix())
    return files


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    dest = tmp_path_factory.mktemp("src") / "handrank"
    for rel in source_files():
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target)
    return dest


def make_venv(path):
    run([sys.executable, "-m", "venv", path])
    bindir = path / ("Scripts" if os.name == "nt" else "bin")
    return bindir / ("python.exe" if os.name == "nt" else "python"), bindir


def check_install(venv_python, bindir, workdir):
    workdir.mkdir(exist_ok=True)
    script = workdir / "check_install.py"
    script.write_text(CHECK_SCRIPT)
    out = run([venv_python, "-I", script], cwd=workdir).stdout
    assert out.startswith("OK"), out
    exe = bindir / ("handrank.exe" if os.name == "nt" else "handrank")
    assert exe.exists(), "console script 'handrank' not installed"
    assert "usage" in run([exe, "--help"], cwd=workdir).stdout.lower()


REQUIRED_IN_SDIST = [
    "LICENSE",
    "README.md",
    "CHANGELOG.md",
    "CONTRIBUTING.md",
    "pyproject.toml",
    "setup.py",
    "src/handrank/__init__.py",
    "src/handrank/_version.py",
    "src/handrank/poker/_kernel.pyx",
    "src/handrank/poker/_kernel.pxd",
    "src/handrank/poker/tables.h",
    "src/handrank/_c/cardbits.h",
    "src/handrank/poker/_kernel.pyi",
    "src/handrank/py.typed",
]


def test_sdist_contents_and_install(tree, tmp_path):
    t0 = time.perf_counter()
    pytest.importorskip("build", reason="'build' is needed to make the sdist")
    dist = tmp_path / "dist"
    run([sys.executable, "-m", "build", "--sdist", "--outdir", dist, tree], cwd=tree)
    (sdist,) = dist.glob("handrank-*.tar.gz")

    with tarfile.open(sdist) as tf:
        names = tf.getnames()
        top = names[0].split("/")[0]
        members = {n.split("/", 1)[1] for n in names if "/" in n}
        pkg_info = tf.extractfile(f"{top}/PKG-INFO").read().decode()
    missing = [f for f in REQUIRED_IN_SDIST if f not in members]
    assert not missing, f"sdist lacks {missing}"
    pyx = {m for m in members if m.startswith("src/handrank/") and m.endswith(".pyx")}
    generated = [m for m in members
                 if m.endswith((".so", ".pyd", ".o", ".dll", ".dylib"))
                 or any(m == p[:-4] + ".c" for p in pyx)]
    assert not generated, f"sdist ships build artifacts: {generated}"
    assert "Description-Content-Type: text/markdown" in pkg_info, "README not used as long description"
    # The version setuptools read from _version.py (without importing the package), the
    # classifiers and project URLs made it into the metadata.
    version = re.search(r'^__version__ = "([^"]+)"$',
                        (ROOT / "src" / "handrank" / "_version.py").read_text(encoding="utf-8"),
                        re.M).group(1)
    assert f"\nVersion: {version}\n" in pkg_info, pkg_info[:400]
    for line in ("Classifier: Operating System :: POSIX :: Linux",
                 "Classifier: Programming Language :: Cython", "Project-URL: Changelog,"):
        assert line in pkg_info, f"PKG-INFO lacks {line!r}"

    python, bindir = make_venv(tmp_path / "venv")
    run([python, "-m", "pip", "install", sdist], cwd=tmp_path)
    check_install(python, bindir, tmp_path / "work")
    print(f"\nsdist build + install + check: {time.perf_counter() - t0:.0f} s")


def test_pip_install_from_source_tree(tree, tmp_path):
    t0 = time.perf_counter()
    python, bindir = make_venv(tmp_path / "venv")
    run([python, "-m", "pip", "install", tree], cwd=tmp_path)
    check_install(python, bindir, tmp_path / "work")
    print(f"\npip install . + check: {time.perf_counter() - t0:.0f} s")
