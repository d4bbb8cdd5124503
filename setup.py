"""Build script: declares the Cython extensions only (metadata lives in pyproject.toml).

Environment variables:
  HANDRANK_DEBUG=1   turn Cython bounds/wraparound checks back on and build with -O0 -g
                     (for debugging; release builds run with the checks off, because
                     every index is validated at the Python boundary).
  HANDRANK_SANITIZE=1  compile and link every extension with AddressSanitizer and
                     UndefinedBehaviorSanitizer (``-fsanitize=address,undefined
                     -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g
                     -fno-wrapv``) and turn the Cython checks back on as HANDRANK_DEBUG
                     does. GCC or Clang only (not MSVC). The interpreter is not
                     instrumented, so the ASan runtime must be preloaded:
                     ``tools/sanitize.sh`` builds a separate ``.venv-sanitize`` this way
                     and runs the tests under it (see docs/reliability.md).
  HANDRANK_NATIVE=1  add -march=native (never on by default: wheels must run anywhere).
  HANDRANK_JOBS=N    compile N extensions at once (default: the CPUs this process may
                     use; the kernels are independent, so a 2-core machine builds in
                     about half the time).
  HANDRANK_ONLY=brag,crash   build only these games' kernels (development: rebuild one
                     game's kernel without touching the others). Every
                     ``src/handrank/<game>/_kernel.pyx`` is an extension
                     ``handrank.<game>._kernel``.
"""

import glob
import os
import re
import sys

import Cython
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext as _build_ext
from setuptools.command.build_py import build_py as _build_py

DEBUG = os.environ.get("HANDRANK_DEBUG", "") not in ("", "0")
NATIVE = os.environ.get("HANDRANK_NATIVE", "") not in ("", "0")
SANITIZE = os.environ.get("HANDRANK_SANITIZE", "") not in ("", "0")
# Cython bounds/wraparound/initialized checks: on in debug and sanitized builds.
CHECKS = DEBUG or SANITIZE

SANITIZER_FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
                   "-fno-omit-frame-pointer"]
link_args = []
if SANITIZE and sys.platform == "win32":
    sys.exit("HANDRANK_SANITIZE=1 needs GCC or Clang (-fsanitize=address,undefined); "
             "it is not supported with MSVC on Windows: build on Linux or macOS, "
             "or unset HANDRANK_SANITIZE")
if sys.platform == "win32":
    compile_args = ["/O2"] if not DEBUG else ["/Od", "/Zi"]
elif SANITIZE:
    # -O1 -g: readable ASan/UBSan stack traces at a bearable speed. -fno-wrapv undoes
    # the -fwrapv of Python's own CFLAGS (which setuptools passes on): with it, signed
    # overflow is defined and UBSan does not even instrument it.
    compile_args = ["-O1", "-g", *SANITIZER_FLAGS, "-fno-wrapv"]
    link_args = list(SANITIZER_FLAGS)
else:
    # -g0: no debug info in release builds (keeps the extension small).
    compile_args = ["-O3", "-g0"] if not DEBUG else ["-O0", "-g"]
if NATIVE and sys.platform != "win32":
    compile_args.append("-march=native")

directives = {
    "language_level": 3,
    "boundscheck": CHECKS,
    "wraparound": CHECKS,
    "initializedcheck": CHECKS,
    "cdivision": True,
    "embedsignature": True,
}
# Free-threaded CPython (3.14t): every kernel declares that it runs without the GIL
# (otherwise importing it turns the GIL back on). The kernels keep no mutable state
# after module init, and the Python layer's shared state is locked
# (_support/threads.py); docs/reliability.md. The directive needs Cython >= 3.1, which
# pyproject's build-system requires; an older Cython in a --no-build-isolation
# install still builds, without the declaration.
if tuple(int(x) for x in re.findall(r"\d+", Cython.__version__)[:2]) >= (3, 1):
    directives["freethreading_compatible"] = True

MODULES = sorted(os.path.basename(os.path.dirname(p))
                 for p in glob.glob("src/handrank/*/_kernel.pyx"))
ONLY = [m.strip() for m in os.environ.get("HANDRANK_ONLY", "").split(",") if m.strip()]
if ONLY:
    unknown = sorted(set(ONLY) - set(MODULES))
    if unknown:
        sys.exit(f"HANDRANK_ONLY names no extension: {', '.join(unknown)} (have {', '.join(MODULES)})")
    MODULES = ONLY

HEADERS = sorted(glob.glob("src/handrank/**/*.h", recursive=True))

extensions = [
    Extension(
        f"handrank.{name}._kernel",
        [f"src/handrank/{name}/_kernel.pyx"],
        include_dirs=["src/handrank"],
        # Rebuild when a C header changes (headers include each other across games,
        # e.g. equity/kernel.h -> poker/kernel.h -> _c/cardbits.h).
        depends=HEADERS,
        extra_compile_args=compile_args,
        extra_link_args=link_args,
    )
    for name in MODULES
]


def _jobs() -> int:
    """Extensions compiled at once: HANDRANK_JOBS, else the CPUs we may use."""
    env = os.environ.get("HANDRANK_JOBS", "")
    if env:
        if not env.isdigit() or int(env) < 1:
            sys.exit(f"HANDRANK_JOBS must be a positive integer, got {env!r}")
        return int(env)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


class build_ext(_build_ext):
    """Compile the independent kernels in parallel (``--parallel`` / ``-j`` still wins)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = _jobs()


class build_py(_build_py):
    """Also copy the rules pages (``docs/rules/*.md``) into the package as
    ``handrank/rules_pages/``, so ``handrank.rules.page(...)`` and ``handrank rules``
    work from a wheel. (An editable install reads ``docs/rules`` directly.)"""

    def run(self) -> None:
        super().run()
        pages = sorted(glob.glob(os.path.join("docs", "rules", "*.md")))
        if not pages:
            sys.exit("docs/rules/*.md not found: the rules pages must ship with the package")
        target = os.path.join(self.build_lib, "handrank", "rules_pages")
        self.mkpath(target)
        for page in pages:
            self.copy_file(page, os.path.join(target, os.path.basename(page)))


setup(ext_modules=cythonize(extensions, compiler_directives=directives,
                            nthreads=_jobs() if sys.platform == "linux" else 0),
      cmdclass={"build_py": build_py, "build_ext": build_ext})
