"""Type stub for the compiled module ``handrank.canada._kernel`` (source: canada/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from typing import Final

import numpy as np
import numpy.typing as npt

from handrank._support._kernel import Team

# Error kinds reported by eval_ids (third item of the error tuple).
KIND_RANGE: Final = 1
KIND_COPIES: Final = 2
TB_BITS: Final = 15

def strength_ids(six: npt.NDArray[np.uint8]) -> int: ...
def eval_ids(
    sets: npt.NDArray[np.uint8], pits: npt.NDArray[np.uint8], decks: int,
    out: npt.NDArray[np.int32], start: int, stop: int, team: Team | None = None,
    lead: bool = True,
) -> tuple[int, int, int] | None: ...
def eval_unchecked(ids6: npt.NDArray[np.uint8], out: npt.NDArray[np.int32]) -> None: ...
def odds_first(first: int, naive: bool = False) -> npt.NDArray[np.int64]: ...
def equity_kernel(
    hero: npt.NDArray[np.uint8], stock: npt.NDArray[np.uint8], opponents: int, seed: int,
    start: int, stop: int, split: npt.NDArray[np.int64]
) -> None: ...
def table_bytes() -> int: ...
