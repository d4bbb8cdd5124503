"""Type stub for the compiled module ``handrank.brag._kernel`` (source: brag/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from typing import Final

import numpy as np
import numpy.typing as npt

from handrank._support._kernel import Team

# Error kinds reported by eval_ids / eval_masks (third item of the error tuple).
KIND_RANGE: Final = 1
KIND_DUPLICATE: Final = 2
KIND_SIZE: Final = 3

NUM_STRENGTHS: Final = 741
FLUSH_OFFSET: Final = 2197
TABLE_SIZE: Final = 4394
DEFAULT_OPTIONS: Final = 3
MAX_OPPONENTS: Final = 16

def strength3(a: int, b: int, c: int, options: int = 3) -> int: ...
def eval_ids(
    ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], start: int, stop: int,
    options: int = 3, team: Team | None = None, lead: bool = True,
) -> tuple[int, int, int] | None: ...
def eval_masks(
    masks: npt.NDArray[np.uint64], out: npt.NDArray[np.int32], start: int, stop: int,
    options: int = 3, team: Team | None = None, lead: bool = True,
) -> tuple[int, int, int] | None: ...
def _plain_loop_benchmark(
    ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], options: int = 3, repeats: int = 1
) -> float: ...
def table(options: int = 3) -> npt.NDArray[np.int16]: ...
def category_first() -> npt.NDArray[np.int32]: ...
def table_bytes() -> int: ...
def exact_one(a: int, b: int, c: int, dead: int, options: int = 3) -> tuple[int, int, int]: ...
def monte_carlo(
    a: int, b: int, c: int, dead: int, opponents: int, seed: int, start: int, stop: int,
    options: int = 3,
) -> npt.NDArray[np.int64]: ...
