"""Free-threaded CPython (3.14t and newer): every compiled kernel declares that it runs
without the GIL (setup.py's ``freethreading_compatible`` Cython directive), so importing
handrank leaves the GIL off; wheels.yml builds cp314t wheels and runs the tests on them.

On a regular (GIL) build the declaration is checked in the generated C of an in-place
or editable build; on a free-threaded build, in a fresh interpreter."""

import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import handrank

PACKAGE = Path(handrank.__file__).resolve().parent
#: Every compiled kernel of the package (``poker``, ``_cards``, ...).
KERNELS = sorted(p.parent.name for p in PACKAGE.glob("*/_kernel.pyx"))
if not KERNELS:  # an installed wheel ships no .pyx: find the extensions themselves
    KERNELS = sorted({p.parent.name for p in PACKAGE.glob("*/_kernel.*")
                      if p.suffix in (".so", ".pyd")})

FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


def gil_declaration(c_text):
    """What a Cython module's C says it needs when nothing overrides it at compile
    time: ``Py_MOD_GIL_NOT_USED`` (runs without the GIL) or ``Py_MOD_GIL_USED``."""
    m = re.search(r"#ifdef CYTHON_FREETHREADING_COMPATIBLE\s+#if CYTHON_FREETHREADING_COMPATIBLE\s+"
                  r"(?:#define __Pyx_FREETHREADING_COMPATIBLE \w+\s+|#else\s+)*#endif\s+#else\s+"
                  r"#define __Pyx_FREETHREADING_COMPATIBLE (Py_MOD_GIL_\w+)", c_text)
    return m.group(1) if m else None


def test_kernels_were_found():
    assert {"poker", "equity", "_cards"} <= set(KERNELS), KERNELS


@pytest.mark.parametrize("name", KERNELS)
def test_generated_c_declares_no_gil(name):
    c_file = PACKAGE / name / "_kernel.c"
    if not c_file.is_file():
        pytest.skip("no generated C here (a wheel, or a build that removed it)")
    assert gil_declaration(c_file.read_text(encoding="utf-8", errors="replace")) == \
        "Py_MOD_GIL_NOT_USED", f"{name}/_kernel.c was built without freethreading_compatible"


def test_gil_declaration_check_can_fail():
    without = ("#ifdef CYTHON_FREETHREADING_COMPATIBLE\n#if CYTHON_FREETHREADING_COMPATIBLE\n"
               "#define __Pyx_FREETHREADING_COMPATIBLE Py_MOD_GIL_NOT_USED\n#else\n"
               "#define __Pyx_FREETHREADING_COMPATIBLE Py_MOD_GIL_USED\n#endif\n#else\n"
               "#define __Pyx_FREETHREADING_COMPATIBLE Py_MOD_GIL_USED\n#endif\n")
    assert gil_declaration(without) == "Py_MOD_GIL_USED"
    assert gil_declaration("") is None


@pytest.mark.skipif(not FREE_THREADED, reason="needs a free-threaded CPython (3.14t)")
def test_importing_every_kernel_keeps_the_gil_off(tmp_path):
    code = ("import sys, importlib\n"
            f"for name in {KERNELS!r}:\n"
            "    importlib.import_module(f'handrank.{name}._kernel')\n"
            "import handrank.poker, handrank.equity\n"
            "print(sys._is_gil_enabled())\n")
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHON_GIL"}
    proc = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", code],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False", "a module turned the GIL back on:\n" + proc.stderr
