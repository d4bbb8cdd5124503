import os
import pathlib
import re

import pytest

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


def _fuzz_selected(config) -> bool:
    return re.search(r"\bfuzz\b", config.getoption("markexpr") or "") is not None


def pytest_ignore_collect(collection_path, config):
    """The fuzz tier (tests/fuzz, marker ``fuzz``) runs only when the -m expression names
    it (``pytest -m fuzz``): a plain ``pytest`` or ``pytest -m "not slow"`` does not even
    import it (its modules build their valid calls at import)."""
    if collection_path == FUZZ_DIR and not _fuzz_selected(config):
        return True
    return None


@pytest.hookimpl(trylast=True)  # after tests/fuzz/conftest.py has marked its tests
def pytest_collection_modifyitems(config, items):
    """A ``fuzz``-marked test anywhere else is left out the same way."""
    if _fuzz_selected(config):
        return
    keep = [item for item in items if item.get_closest_marker("fuzz") is None]
    if len(keep) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i.get_closest_marker("fuzz")])
        items[:] = keep
