"""Type stub for the compiled module ``handrank.chinese._kernel`` (source: chinese/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from typing import Any, Final

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from handrank._support._kernel import Team

ERR_NATURAL: Final = 10
TABLE_SAMPLES: Final[int]

@disjoint_base
class Tables:
    arrays: Any
    samples: int
    def __init__(self, arrays: Any, samples: int) -> None: ...
    def __reduce__(self) -> tuple[Any, tuple[Any, int]]: ...

def default_counts() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...
def front_strength_table() -> npt.NDArray[np.int16]: ...
def front_key_table() -> npt.NDArray[np.uint16]: ...
def middle_key_table() -> npt.NDArray[np.uint16]: ...
def front_strengths(
    ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], start: int = 0,
    stop: int | None = None, team: Team | None = None, lead: bool = True,
) -> None: ...
def score_tables(
    ids: npt.NDArray[np.uint8], declare: npt.NDArray[np.uint8], system: int,
    pair_out: npt.NDArray[np.int32], rows_out: npt.NDArray[np.int32],
    foul_out: npt.NDArray[np.uint8], natural_out: npt.NDArray[np.uint8],
    home_out: npt.NDArray[np.uint8], start: int, stop: int,
) -> tuple[int, int, int] | None: ...
def solve(
    ids: npt.NDArray[np.uint8], system: int, tables: Tables, setting_out: npt.NDArray[np.uint8],
    ev_out: npt.NDArray[np.float64], natural_out: npt.NDArray[np.int8],
    natural_setting_out: npt.NDArray[np.uint8], start: int, stop: int,
) -> None: ...
def greedy(ids: npt.NDArray[np.uint8], setting_out: npt.NDArray[np.uint8], start: int,
           stop: int) -> None: ...
def setting_ev(ids: npt.NDArray[np.uint8], system: int, tables: Tables,
               out: npt.NDArray[np.float64]) -> None: ...
