"""Type stub for the compiled module ``handrank.shortdeck._kernel`` (source: shortdeck/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

# Error kinds reported by eval_ids (third item of the error tuple).
KIND_RANGE: Final = 1
KIND_DUPLICATE: Final = 2
NUM_STRENGTHS: Final = 1404

def eval_ids(
    ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], start: int, stop: int,
    straight_beats_trips: bool = False,
) -> tuple[int, int, int] | None: ...
def strength_ids(ids: Sequence[int], straight_beats_trips: bool = False) -> int: ...
def class_ranks() -> npt.NDArray[np.uint32]: ...
def sbt_map() -> npt.NDArray[np.int32]: ...
def category_first(straight_beats_trips: bool = False) -> npt.NDArray[np.int32]: ...
def table_bytes() -> int: ...
