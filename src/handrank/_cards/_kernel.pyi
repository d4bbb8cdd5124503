"""Type stub for the compiled module ``handrank._cards._kernel`` (source: _cards/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

import numpy as np
import numpy.typing as npt

DEAL_BLOCK: int

def deal_rows(seed: int, start: int, stop: int, out: npt.NDArray[np.uint8]) -> None: ...
