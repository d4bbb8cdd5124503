import os
import pathlib
import re
import time

import pytest

try:
    from hypothesis import settings as _hypothesis_settings
except ImportError:  # the tests that use Hypothesis need it; the others run without
    _hypothesis_settings = None
else:
    # No per-example deadline by default: a deadline is a timing assert, and the quick
    # tier runs in parallel (pytest-xdist) on busy cores. Example counts stay per test.
    _hypothesis_settings.register_profile("handrank", deadline=None)
    _hypothesis_settings.load_profile("handrank")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
DATA = os.path.join(SHARED, "data")
FUZZ_DIR = pathlib.Path(ROOT, "tests", "fuzz")
# .ci/run sets HANDRANK_REQUIRE_DATA=1: tests on the real data must run there, not skip.
REQUIRE_DATA = os.environ.get("HANDRANK_REQUIRE_DATA", "") not in ("", "0")


@pytest.fixture(scope="session")
def data_dir():
    if not os.path.isdir(DATA) and not REQUIRE_DATA:
        pytest.skip(f"shared data folder not found at {DATA}")
    return DATA


#: Markers whose tests run only when asked for: by the -m expression naming the marker
#: (``pytest -m fuzz``, ``-m tools``, ``-m "tools or packaging"``), or, for ``tools`` and
#: ``packaging``, by naming the test file on the command line (``pytest tests/test_stubs.py``).
#: A plain ``pytest`` or the quick tier ``pytest -m "not slow"`` leaves them out; CI runs
#: each in a step of its own (.ci/run, docs/testing.md).
OPT_IN = ("fuzz", "tools", "packaging")


def _named_by_markexpr(config, marker: str) -> bool:
    return re.search(rf"\b{marker}\b", config.getoption("markexpr") or "") is not None


def _fuzz_selected(config) -> bool:
    return _named_by_markexpr(config, "fuzz")


def _named_files(config) -> set:
    """The test files named on the command line (``tests/test_stubs.py``, or a node of
    one, ``tests/test_stubs.py::test_x``); directories do not count."""
    files = set()
    for arg in config.args:
        path = pathlib.Path(config.invocation_params.dir, arg.split("::")[0]).resolve()
        if path.is_file():
            files.add(path)
    return files


def pytest_ignore_collect(collection_path, config):
    """The fuzz tier (tests/fuzz, marker ``fuzz``) runs only when the -m expression names
    it (``pytest -m fuzz``): a plain ``pytest`` or ``pytest -m "not slow"`` does not even
    import it (its modules build their valid calls at import)."""
    if collection_path == FUZZ_DIR and not _fuzz_selected(config):
        return True
    return None


@pytest.hookimpl(trylast=True)  # after tests/fuzz/conftest.py has marked its tests
def pytest_collection_modifyitems(config, items):
    """A test with an ``OPT_IN`` marker that was not asked for is deselected."""
    wanted = {m for m in OPT_IN if _named_by_markexpr(config, m)}
    named = _named_files(config) if len(wanted) < len(OPT_IN) else set()

    def left_out(item) -> bool:
        for m in OPT_IN:
            if m not in wanted and item.get_closest_marker(m) is not None:
                if m == "fuzz" or pathlib.Path(item.path).resolve() not in named:
                    return True
        return False

    out = [item for item in items if left_out(item)]
    if out:
        config.hook.pytest_deselected(items=out)
        items[:] = [item for item in items if not left_out(item)]


# ------------------------------------------------------------------ quick-tier budget
#: The quick tier (``pytest -m "not slow"``) should finish in QUICK_BUDGET seconds on two
#: cores; a single quick test should stay under QUICK_TEST_BUDGET seconds (setup + call).
#: Over-budget tests are listed at the end of the run (a report, never a failure: timings
#: on a shared machine are noisy). Give a heavier test ``@pytest.mark.slow`` or make it
#: cheaper (docs/testing.md).
QUICK_BUDGET = float(os.environ.get("HANDRANK_QUICK_BUDGET", "120"))
QUICK_TEST_BUDGET = float(os.environ.get("HANDRANK_QUICK_TEST_BUDGET", "3"))
_durations: dict = {}
_start: list = []


def pytest_sessionstart(session):
    _start.append(time.monotonic())


def _quick_tier(config) -> bool:
    return re.search(r"\bnot\s+slow\b", config.getoption("markexpr") or "") is not None


def pytest_runtest_logreport(report):
    # With pytest-xdist the controller receives every worker's reports here too.
    if report.when in ("setup", "call") and not report.skipped:
        _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not _quick_tier(config) or hasattr(config, "workerinput"):
        return
    over = sorted(((d, n) for n, d in _durations.items() if d > QUICK_TEST_BUDGET), reverse=True)
    wall = time.monotonic() - _start[0] if _start else None
    tr = terminalreporter
    tr.section("quick-tier budget")
    total = sum(_durations.values())
    tr.write_line(f"{len(_durations)} tests, {total:.0f} s of test time"
                  + (f", {wall:.0f} s wall" if wall is not None else "")
                  + f" (budget {QUICK_BUDGET:.0f} s wall on 2 cores; docs/testing.md)")
    if wall is not None and wall > QUICK_BUDGET:
        tr.write_line(f"over the budget by {wall - QUICK_BUDGET:.0f} s (load: {_load()})")
    if over:
        tr.write_line(f"{len(over)} quick test(s) over {QUICK_TEST_BUDGET:g} s each: "
                      "make them cheaper or mark them slow")
        for d, n in over[:15]:
            tr.write_line(f"  {d:6.2f} s  {n}")


def _load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # not on every platform
        return "unknown"
