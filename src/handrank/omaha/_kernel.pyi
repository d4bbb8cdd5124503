"""Type stub for the compiled module ``handrank.omaha._kernel`` (source: omaha/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from handrank._support._kernel import Team

# Error kinds reported by eval_rows (third item of the error tuple).
KIND_RANGE: Final = 1
KIND_DUPLICATE: Final = 2
NO_LOW: Final = 0
LOW_MAX: Final = 56

def fast_high(hole: object, board: object) -> int: ...
def fast_low(hole: object, board: object) -> int: ...
def high(hole: Sequence[int], board: Sequence[int]) -> int: ...
def best_high(hole: Sequence[int], board: Sequence[int]) -> tuple[int, tuple[int, int, int, int, int]]: ...
def low(hole: Sequence[int], board: Sequence[int]) -> int: ...
def low_mask(hole: Sequence[int], board: Sequence[int]) -> int: ...
def low_strength_of_mask(mask: int) -> int: ...
def eval_rows(
    holes: npt.NDArray[np.uint8], boards: npt.NDArray[np.uint8], out: npt.NDArray[np.int32],
    start: int, stop: int, low: bool = False, team: Team | None = None, lead: bool = True,
) -> tuple[int, int, int] | None: ...
def table_entry(a: int, b: int, c: int, d: int, e: int) -> int: ...
def table_bytes() -> int: ...
def showdown_exact(
    own: npt.NDArray[np.uint8], own_known: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8],
    board_known: int, dead_mask: int, deck_mask: int, rule: int, option: int, prefix: int,
    start: int, stop: int, out: npt.NDArray[np.int64],
) -> None: ...
def showdown_monte_carlo(
    own: npt.NDArray[np.uint8], own_known: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8],
    board_known: int, dead_mask: int, deck_mask: int, rule: int, option: int, seed: int,
    first: int, chunk_deals: int, deals: int, out: npt.NDArray[np.int64],
) -> None: ...
