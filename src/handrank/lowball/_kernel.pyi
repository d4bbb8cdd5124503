"""Type stub for the compiled module ``handrank.lowball._kernel`` (source: lowball/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from typing import Final, Sequence

import numpy as np
import numpy.typing as npt

from handrank._support._kernel import Team

KIND_RANGE: Final = 1
KIND_DUPLICATE: Final = 2

DEUCE_TO_SEVEN: Final = 0
ACE_TO_FIVE: Final = 1
BADUGI: Final = 2

NUM_STRENGTHS: tuple[int, int, int]

def strength_ids(game: int, cards: Sequence[int]) -> int: ...
def eval_ids(game: int, ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], start: int,
             stop: int, team: Team | None = None,
             lead: bool = True) -> tuple[int, int, int] | None: ...
def category_first(game: int) -> npt.NDArray[np.int32]: ...
def badugi_table() -> npt.NDArray[np.int16]: ...
def table_bytes() -> int: ...
