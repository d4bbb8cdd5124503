"""Type stub for the compiled module ``handrank.stud._kernel`` (source: stud/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

CARDS: Final = 7
MIN_KNOWN: Final = 3
MAX_PLAYERS: Final = 7
NO_LOW: Final = 0
EIGHT: Final = 0
RAZZ: Final = 1

def low(ids: Sequence[int]) -> int: ...
def high(ids: Sequence[int]) -> int: ...
def razz(ids: Sequence[int]) -> int: ...
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
