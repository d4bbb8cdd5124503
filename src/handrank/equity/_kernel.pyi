"""Type stub for the compiled module ``handrank.equity._kernel`` (source: equity/_kernel.pyx).

Kept in sync with the extension by tests/test_stubs.py (mypy.stubtest).
"""

import numpy as np
import numpy.typing as npt

from handrank._support._kernel import Team

SHARE_UNITS: int
MAX_PLAYERS: int

def deck_left(board: npt.NDArray[np.uint8], dead_mask: int, players: int) -> int: ...
def exact_units(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead_mask: int,
    start: int,
    stop: int,
    out: npt.NDArray[np.int64],
    split: bool = True,
) -> None: ...
def exact_iso(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead_mask: int,
    parts: int,
    start: int,
    stop: int,
    out: npt.NDArray[np.int64],
    team: Team | None = None,
    lead: bool = True,
) -> int: ...
def class_keys(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], dead_mask: int
) -> tuple[npt.NDArray[np.uint64], int]: ...
def compatible_step(
    idx: npt.NDArray[np.int32],
    masks: npt.NDArray[np.uint64],
    weights: npt.NDArray[np.float64],
    range_masks: npt.NDArray[np.uint64],
    range_weights: npt.NDArray[np.float64],
    last: bool = False,
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64], npt.NDArray[np.float64]]: ...
def gather_holes(
    idx: npt.NDArray[np.int32], combos: list[npt.NDArray[np.uint8]]
) -> npt.NDArray[np.uint8]: ...
def weighted_sum(
    weights: npt.NDArray[np.float64], counts: npt.NDArray[np.int64], out: npt.NDArray[np.float64]
) -> None: ...
def headsup_pairs(hero: npt.NDArray[np.uint8], villain: npt.NDArray[np.uint8]) -> int: ...
def headsup_boards(
    hero: npt.NDArray[np.uint8],
    hero_w: npt.NDArray[np.float64],
    villain: npt.NDArray[np.uint8],
    villain_w: npt.NDArray[np.float64],
    board: npt.NDArray[np.uint8],
    dead_mask: int,
    completions: npt.NDArray[np.uint8],
    start: int,
    stop: int,
    out: npt.NDArray[np.float64],
    team: Team | None = None,
    lead: bool = True,
) -> None: ...
def _kernel_only_benchmark(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], dead_mask: int, repeat: int
) -> tuple[float, int, npt.NDArray[np.int64]]: ...
def monte_carlo(
    combos: npt.NDArray[np.uint8],
    off: npt.NDArray[np.int64],
    prob: npt.NDArray[np.float64],
    alias: npt.NDArray[np.int64],
    uniform: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead_mask: int,
    seed: int,
    samples: int,
    max_reject: int,
    stream: int = 0,
    chunk: int = 0,
    per_combo: npt.NDArray[np.int64] | None = None,
) -> tuple[int, npt.NDArray[np.int64]]: ...
def _plain_monte_carlo_benchmark(
    hands: npt.NDArray[np.uint8], seed: int, samples: int
) -> tuple[int, int]: ...
def _rng_draws(seed: int, stream: int, n: int, bound: int = 0) -> npt.NDArray[np.uint64]: ...
def scatter_combos(
    counts: npt.NDArray[np.int64],
    b0: int,
    order: npt.NDArray[np.int64],
    s: int,
    e: int,
    inverse: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64],
    idx: npt.NDArray[np.int64],
    off: npt.NDArray[np.int64],
    out: npt.NDArray[np.float64],
) -> None: ...
