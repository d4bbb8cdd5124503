"""Type stub for the compiled module ``handrank.poker._kernel`` (source: poker/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

from collections.abc import Callable, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from handrank._support._kernel import Team
from handrank.cards import CardsLike
from handrank.result import HandValue

# Cython's capsules of the cdef functions _kernel.pxd declares (card_arg, which
# brag's kernel cimports); not for Python callers.
__pyx_capi__: dict[str, object]

# Error kinds reported by eval_ids / eval_masks (third item of the error tuple).
KIND_RANGE: Final = 1
KIND_DUPLICATE: Final = 2
KIND_SIZE: Final = 3

# Table sizes.
NUM_STRENGTHS: Final = 7462
NOFLUSH_SIZE: Final[int]
ROW_COUNT: Final[int]

def strength5(a: int, b: int, c: int, d: int, e: int, /) -> int: ...
def strength6(a: int, b: int, c: int, d: int, e: int, f: int, /) -> int: ...
def strength7(a: int, b: int, c: int, d: int, e: int, f: int, g: int, /) -> int: ...
def eval_ids(
    ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], start: int, stop: int,
    itemsize: int = 1, signed: bool = False, team: Team | None = None,
    lead: bool = True,
) -> tuple[int, int, int] | None: ...
def strength(cards: CardsLike) -> int: ...
def best_five(cards: CardsLike) -> tuple[int, tuple[int, int, int, int, int]]: ...
def bind_values(
    cls: type[HandValue], fields: list[dict[str, object] | None],
    fill: Callable[[int], dict[str, object]],
) -> None: ...
def evaluate(cards: CardsLike) -> HandValue: ...
def parse_rows(
    rows: Sequence[object], slow: Callable[[int, object], Sequence[int]]
) -> npt.NDArray[np.uint8]: ...
def eval_masks(
    masks: npt.NDArray[np.uint64], out: npt.NDArray[np.int32], start: int, stop: int,
    team: Team | None = None, lead: bool = True,
) -> tuple[int, int, int] | None: ...
def strength_counts(n_cards: int) -> npt.NDArray[np.int64]: ...
def _plain_loop_benchmark(
    ids: npt.NDArray[np.uint8], out: npt.NDArray[np.int32], repeats: int = ...
) -> float: ...
def _plain_enumeration_benchmark(repeats: int = ...) -> tuple[float, npt.NDArray[np.int64]]: ...
def class_ranks() -> npt.NDArray[np.uint32]: ...
def category_first() -> npt.NDArray[np.int32]: ...
def table_bytes() -> int: ...
