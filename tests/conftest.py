import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
DATA = os.path.join(SHARED, "data")
# .ci/run sets HANDRANK_REQUIRE_DATA=1: tests on the real data must run there, not skip.
REQUIRE_DATA = os.environ.get("HANDRANK_REQUIRE_DATA", "") not in ("", "0")


@pytest.fixture(scope="session")
def data_dir():
    if not os.path.isdir(DATA) and not REQUIRE_DATA:
        pytest.skip(f"shared data folder not found at {DATA}")
    return DATA
