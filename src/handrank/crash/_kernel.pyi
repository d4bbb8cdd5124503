"""Type stub for the compiled module ``handrank.crash._kernel`` (source: crash/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from typing import Final

import numpy as np
import numpy.typing as npt

# Error kinds reported by set_rows (third item of the error tuple).
KIND_RANGE: Final = 1
KIND_DUPLICATE: Final = 2
#: Largest holding the kernels take.
MAX_CARDS: Final = 26

def set_rows(
    table: npt.NDArray[np.int16],
    ns: int,
    ids: npt.NDArray[np.uint8],
    nh: int,
    mode: int,
    win: npt.NDArray[np.float64],
    out_cards: npt.NDArray[np.uint8],
    out_str: npt.NDArray[np.int16],
    out_ev: npt.NDArray[np.float64],
    start: int,
    stop: int,
) -> tuple[int, int, int] | None: ...
