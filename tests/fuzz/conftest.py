"""The bounded fuzz tier: see README.md beside this file.

Every test here carries the ``fuzz`` marker (added below) and runs only when selected
(``pytest -m fuzz``; the hook in tests/conftest.py leaves it out otherwise). Hypothesis
runs under the ``fuzz`` settings profile: derandomized (the same examples on every run,
so CI is reproducible), no deadline, no example database. ``HANDRANK_FUZZ_EXAMPLES``
scales the number of examples (default 1: two to three minutes on two busy cores).
"""

import faulthandler
import os
import sys
import threading

import pytest
from hypothesis import HealthCheck, settings

#: Multiplier of every test's example count (``HANDRANK_FUZZ_EXAMPLES=10`` for a long run,
#: ``0.3`` for a short one: the sanitized run of tools/sanitize.sh, ten times slower).
SCALE = float(os.environ.get("HANDRANK_FUZZ_EXAMPLES", "1") or 1)
if not SCALE > 0:
    raise ValueError(f"HANDRANK_FUZZ_EXAMPLES must be a positive number, got {SCALE}")


def _scaled(n: int) -> int:
    return max(1, round(n * SCALE))

#: ``HANDRANK_FUZZ_RANDOM=1``: fresh examples on every run (exploring beyond the fixed
#: set; pytest prints the seed to replay with ``--hypothesis-seed``).
RANDOM = os.environ.get("HANDRANK_FUZZ_RANDOM", "") not in ("", "0")

settings.register_profile(
    "fuzz",
    max_examples=_scaled(30),
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    print_blob=True,
    suppress_health_check=list(HealthCheck),
)
FUZZ = settings.get_profile("fuzz")

#: A fuzz test (all its examples) that runs longer than this is a hang: the process dumps
#: every thread's traceback on the real stderr and exits with status 1 (a failure CI
#: shows, never a stuck job). Each test takes a few seconds at scale 1.
HANG_SECONDS = int(os.environ.get("HANDRANK_FUZZ_HANG", "0") or 0) or round(120 * max(1.0, SCALE))

#: The real stderr (pytest captures file descriptor 2), for the hang report.
_STDERR = None


def pytest_configure(config):
    global _STDERR
    capman = config.pluginmanager.getplugin("capturemanager")
    if capman is not None:
        capman.suspend_global_capture(in_=False)
    try:
        _STDERR = os.fdopen(os.dup(2), "w")
    finally:
        if capman is not None:
            capman.resume_global_capture()


def examples(n: int) -> settings:
    """The fuzz profile with ``n`` (times the scale) examples, as a test decorator."""
    return settings(FUZZ, max_examples=_scaled(n))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    here = os.path.dirname(os.path.abspath(__file__))
    for item in items:
        if str(item.fspath).startswith(here):
            item.add_marker(pytest.mark.fuzz)


@pytest.fixture(autouse=True)
def _hang_watchdog(request):
    out = _STDERR or sys.stderr

    def hang():
        print(f"\nfuzz: {request.node.nodeid} ran over {HANG_SECONDS} s: a hang", file=out)
        faulthandler.dump_traceback(file=out, all_threads=True)
        out.flush()
        os._exit(1)

    timer = threading.Timer(HANG_SECONDS, hang)  # names the test (kernels release the GIL)
    timer.daemon = True
    timer.start()
    # the backstop, for code that holds the GIL
    faulthandler.dump_traceback_later(HANG_SECONDS + 30, exit=True, file=out)
    yield
    timer.cancel()
    faulthandler.cancel_dump_traceback_later()
