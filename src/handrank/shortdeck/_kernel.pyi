"""Type stub for the compiled module ``handrank.shortdeck._kernel`` (source: shortdeck/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from handrank._support._kernel import Team

# Error kinds reported by eval_ids (third item of the error tuple).
KIND_RANGE: Final = 1
KIND_DUPLICATE: Final = 2
NUM_STRENGTHS: Final = 1404

def eval_ids(
    ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], start: int, stop: int,
    straight_beats_trips: bool = False, team: Team | None = None, lead: bool = True,
) -> tuple[int, int, int] | None: ...
def strength_ids(ids: Sequence[int], straight_beats_trips: bool = False) -> int: ...
def class_ranks() -> npt.NDArray[np.uint32]: ...
def sbt_map() -> npt.NDArray[np.int32]: ...
def category_first(straight_beats_trips: bool = False) -> npt.NDArray[np.int32]: ...
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
